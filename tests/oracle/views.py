"""What one seat may see: its own cards (withheld, on request, while a blind bid is still open to it),
every seat's hand size, bid and tricks, the tricks, the exchanges it is part of (the others only see that
cards changed hands), in the two-player draw its own kept cards and the discards it saw, and what any
player can infer: the suits a seat failed to follow, and the cards a seat passed that the receiver
still holds.
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.actions import Action, Bid
from oracle.deck import SUITS, is_spade, suit_of
from oracle.game import Hand, OracleGame
from oracle.play import lowest_club_held
from spades_rules import Card, Suit


@dataclass(frozen=True)
class View:
    """The fields of a seat's view the rules decide, in the library's representation."""

    phase: str
    dealer: int
    to_act: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    bids: tuple[Bid | None, ...]
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    current_trick: tuple[int, tuple[Card, ...]] | None
    tricks_won: tuple[int, ...]
    spades_broken: bool
    voids: tuple[tuple[Suit, ...], ...]
    known_cards: tuple[tuple[Card, ...], ...]
    exchanges: tuple[tuple[int, int, int, tuple[Card, ...] | None], ...]
    pending_exchanges: tuple[tuple[int, int], ...]
    draws: tuple[bool, ...]
    own_draws: tuple[tuple[bool, Card, Card | None], ...]
    draw_card: Card | None
    stock_remaining: int
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    results: int
    winner: int | None
    legal_actions: frozenset[Action]


BETWEEN_HANDS = ("phase", "dealer", "to_act", "scores", "bags", "results", "winner", "legal_actions")
"""The fields compared in the deal phase, when no hand is in progress."""


def must_let_hide_own_hand(game: OracleGame, seat: int) -> bool:
    """A seat's own cards can be withheld while it has not bid and a blind bid is open to it (in a dealt
    game: in the two-player draw it has seen every card it kept)."""
    return game.options.deal_method == "deal" and game.blind_open(seat)


def may_let_hide_own_hand(game: OracleGame, seat: int) -> bool:
    """Withholding them is harmless (so it may be allowed) to any seat that has not bid yet, in the bidding
    of rules that offer some blind bid: its bids do not depend on its cards."""
    options, hand = game.options, game.hand
    return (
        hand is not None
        and game.phase == "bid"
        and seat not in hand.bids
        and (options.offers_blind_nil or options.offers_blind_bids)
    )


def view_of(game: OracleGame, seat: int, *, hide_own_hand: bool = False) -> View:
    hand, players = game.hand, game.options.players
    mine = frozenset(action for action in game.legal() if action.seat == seat)
    if hide_own_hand:
        mine = frozenset(action for action in mine if isinstance(action, Bid))
    return View(
        phase=game.phase,
        dealer=game.dealer,
        to_act=game.to_act(),
        hand=() if hand is None else None if hide_own_hand else tuple(sorted(hand.held[seat])),
        hand_sizes=(0,) * players if hand is None else tuple(len(cards) for cards in hand.held),
        bids=(None,) * players if hand is None else tuple(hand.bids.get(other) for other in range(players)),
        tricks=() if hand is None else tuple(hand.tricks),
        current_trick=(
            (hand.leader, tuple(hand.trick)) if hand is not None and game.phase == "play" and hand.leader is not None
            else None
        ),
        tricks_won=tuple(hand.won) if hand is not None and hand.won else (0,) * players,
        spades_broken=hand is not None and hand.broken,
        voids=((),) * players if hand is None else _voids(game, hand),
        known_cards=((),) * players if hand is None else _known_cards(game, hand, seat),
        exchanges=() if hand is None else tuple(
            (giver, receiver, len(cards), cards if seat in (giver, receiver) else None)
            for giver, receiver, cards in hand.exchanges
        ),
        pending_exchanges=() if hand is None else tuple((giver, receiver) for giver, receiver, _ in hand.due),
        draws=() if hand is None else tuple(turn.keep for turn in hand.drawn),
        own_draws=() if hand is None else tuple(
            (turn.keep, turn.kept, turn.discarded if turn.discard_seen else None)
            for turn in hand.drawn
            if turn.seat == seat
        ),
        draw_card=(
            hand.stock[2 * len(hand.drawn)] if hand is not None and game.phase == "draw" and game.to_act() == seat
            else None
        ),
        stock_remaining=(
            len(hand.stock) - 2 * len(hand.drawn) if hand is not None and game.options.deal_method == "draw" else 0
        ),
        scores=tuple(game.scores),
        bags=tuple(game.bags),
        results=len(game.results),
        winner=game.winner,
        legal_actions=mine,
    )  # fmt: skip


def _voids(game: OracleGame, hand: Hand) -> tuple[tuple[Suit, ...], ...]:
    """The suits each seat has shown it lacks: by playing another suit to a trick led in it, and by playing
    a spade where only a hand of nothing but spades may (leading one while spades may not be led, or
    playing one to the first trick, unable to follow, when spades are barred from it)."""
    options, players = game.options, game.options.players
    lacking: list[set[Suit]] = [set() for _ in range(players)]
    tricks = [(leader, cards) for leader, cards, _ in hand.tricks]
    if hand.trick and hand.leader is not None:
        tricks.append((hand.leader, tuple(hand.trick)))
    broken = False
    for number, (leader, cards) in enumerate(tricks):
        led = suit_of(options, cards[0])
        if led is Suit.SPADES and not broken and _lead_restricted(game, number):
            lacking[leader] |= {Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS}
        for position, card in enumerate(cards[1:], start=1):
            seat = (leader + position) % players
            if suit_of(options, card) is not led:
                lacking[seat].add(led)
                if number == 0 and not options.first_trick_spades and is_spade(options, card):
                    lacking[seat] |= {Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS}
        broken = broken or any(is_spade(options, card) for card in cards)
    return tuple(tuple(suit for suit in SUITS if suit in found) for found in lacking)


def _lead_restricted(game: OracleGame, number: int) -> bool:
    """Whether the leader of trick ``number`` (0 the first) was barred from leading an unbroken spade."""
    if game.options.spade_lead == "anytime":
        return False
    if game.options.spade_lead == "after_first_trick":
        return number == 0
    return True


def _known_cards(game: OracleGame, hand: Hand, seat: int) -> tuple[tuple[Card, ...], ...]:
    """The cards known to be in each hand: those ``seat`` passed that the receiver still holds, and under
    the lowest-club lead, before the first lead, the lowest club in play in the leader's hand (when every
    card is dealt: in the two-player draw nobody knows which clubs the other discarded)."""
    known: list[set[Card]] = [set() for _ in range(game.options.players)]
    for giver, receiver, cards in hand.exchanges:
        if giver == seat:
            known[receiver] |= set(cards)
    dealt = game.options.deal_method == "deal"  # every card held: the lowest club in play is the deck's
    if (
        dealt
        and game.phase == "play"
        and game.options.first_lead == "lowest_club"
        and not hand.tricks
        and not hand.trick
    ):
        found = lowest_club_held(game.options, hand.held)
        if found is not None and found[0] != seat:  # a seat's own cards are its hand, not inferences
            known[found[0]].add(found[1])
    return tuple(tuple(sorted(cards & set(hand.held[other]))) for other, cards in enumerate(known))

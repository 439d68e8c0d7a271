"""A whole game, hand after hand: a plain mutable state machine over the other modules.

``OracleGame`` is told each deck (the chance outcome) and each action, and answers at every point: the
phase, the seat to act, the legal actions, the tricks, the scores of every finished hand and the end of
the game. It refuses an action it does not list (``AssertionError``): it is a checker, not a library.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from oracle import bidding, deck
from oracle.actions import Action, Bid, DrawDecision, Exchange, Play, Redeal
from oracle.exchange import exchange_choices, exchanges_due
from oracle.game_end import game_end
from oracle.options import Options
from oracle.play import first_leader, legal_cards
from oracle.scoring import SideLine, score_hand
from spades_rules import Card


@dataclass
class DrawnTurn:
    """One turn of the two-player draw: the decision, the card kept, the card discarded and whether
    the drawing player saw the discard."""

    seat: int
    keep: bool
    kept: Card
    discarded: Card
    discard_seen: bool


@dataclass
class Hand:
    """Everything about the hand in progress."""

    dealer: int
    stock: tuple[Card, ...]
    held: list[list[Card]]
    order: tuple[int, ...] = ()
    bids: dict[int, Bid] = field(default_factory=dict)
    fixed_bids: bool = False
    due: list[tuple[int, int, int]] = field(default_factory=list)
    exchanges: list[tuple[int, int, tuple[Card, ...]]] = field(default_factory=list)
    tricks: list[tuple[int, tuple[Card, ...], int]] = field(default_factory=list)
    leader: int | None = None
    trick: list[Card] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    broken: bool = False
    drawn: list[DrawnTurn] = field(default_factory=list)


@dataclass(frozen=True)
class Result:
    """A finished hand: its score sheet and the score of each side."""

    bids: tuple[Bid | None, ...]
    tricks: tuple[int, ...]
    bags_before: tuple[int, ...]
    lines: tuple[SideLine, ...]


class OracleGame:
    """One game under ``options``, from the scores and bags it starts with."""

    def __init__(
        self,
        options: Options,
        *,
        dealer: int = 0,
        scores: Sequence[int] | None = None,
        bags: Sequence[int] | None = None,
    ) -> None:
        self.options = options
        self.dealer = dealer
        sides = options.num_sides
        self.scores = list(scores) if scores is not None else [0] * sides
        self.bags = list(bags) if bags is not None else [0] * sides
        self.initial_scores = tuple(self.scores)
        self.initial_bags = tuple(self.bags)
        self.results: list[Result] = []
        self.phase = "deal"
        self.hand: Hand | None = None
        self.winner: int | None = None
        self.redeals = 0
        self._legal: list[Action] | None = None  # the legal actions, listed once per decision
        self.actions: list[Action] = []  # every action taken, in order

    @property
    def tricks_per_hand(self) -> int:
        return deck.cards_each(self.options)

    @property
    def is_over(self) -> bool:
        return self.phase == "game_over"

    # ------------------------------------------------------------------------------- who acts
    def to_act(self) -> int | None:
        hand, n = self.hand, self.options.players
        if hand is None or self.phase in ("deal", "game_over"):
            return None
        if self.phase == "draw":
            return (hand.dealer + 1 + len(hand.drawn)) % n
        if self.phase == "bid":
            return hand.order[len(hand.bids)]
        if self.phase == "exchange":
            return hand.due[0][0]
        assert hand.leader is not None
        return (hand.leader + len(hand.trick)) % n

    def legal(self) -> list[Action]:
        """Every action any seat may take now (the seat to act, and redeal calls before the first bid)."""
        if self._legal is None:
            self._legal = self._list_legal()
        return list(self._legal)

    def _list_legal(self) -> list[Action]:
        hand, seat = self.hand, self.to_act()
        if hand is None or seat is None:
            return []
        if self.phase == "draw":
            return [DrawDecision(seat, True), DrawDecision(seat, False)]
        if self.phase == "bid":
            made = [hand.bids[s] for s in hand.order[: len(hand.bids)]]
            out: list[Action] = list(bidding.legal_bids(self.options, hand.order, made, hand.held, self.scores))
            if not hand.bids:
                out += [Redeal(s) for s in range(self.options.players) if self.redeal_allowed(s)]
            return out
        if self.phase == "exchange":
            giver, _, size = hand.due[0]
            return list(exchange_choices(giver, hand.held[giver], size))
        cards = legal_cards(self.options, hand.held[seat], hand.trick, len(hand.tricks), hand.broken, hand.held)
        return [Play(seat, card) for card in cards]

    def redeal_allowed(self, seat: int) -> bool:
        hand = self.hand
        return (
            hand is not None
            and self.phase == "bid"
            and not hand.bids
            and bidding.may_call_redeal(self.options, hand.held[seat])
        )

    def blind_open(self, seat: int) -> bool:
        """Whether the seat may still bid blind this hand (it has not bid, and a blind bid is open to it)."""
        hand = self.hand
        return (
            hand is not None
            and self.phase == "bid"
            and seat not in hand.bids
            and bidding.blind_open(self.options, self.scores, seat)
        )

    # ------------------------------------------------------------------------------- transitions
    def deal(self, order: Sequence[Card]) -> None:
        """The chance outcome: the deck in the order it is dealt (the stock, for the draw)."""
        assert self.phase == "deal", self.phase
        self._legal = None
        assert sorted(order) == list(deck.deck(self.options)), "the deal is not the rules' deck"
        players = self.options.players
        if self.options.deal_method == "draw":
            self.hand = Hand(self.dealer, tuple(order), [[] for _ in range(players)])
            self.phase = "draw"
            return
        self.hand = Hand(self.dealer, tuple(order), deck.deal_hands(self.options, self.dealer, order))
        self._begin_bidding()

    def apply(self, action: Action) -> None:
        assert action in self.legal(), f"the oracle does not list {action!r}"
        self._legal = None
        self.actions.append(action)
        hand = self.hand
        assert hand is not None
        if isinstance(action, Redeal):
            self.redeals += 1
            self.hand, self.phase = None, "deal"
        elif isinstance(action, DrawDecision):
            self._draw(hand, action)
        elif isinstance(action, Bid):
            hand.bids[action.seat] = action
            if len(hand.bids) == len(hand.order):
                self._begin_exchanges()
        elif isinstance(action, Exchange):
            giver, receiver, _ = hand.due.pop(0)
            for card in action.cards:
                hand.held[giver].remove(card)
                hand.held[receiver].append(card)
            hand.exchanges.append((giver, receiver, action.cards))
            if not hand.due:
                self._begin_play()
        else:
            self._play(hand, action)

    def _draw(self, hand: Hand, action: DrawDecision) -> None:
        at = 2 * len(hand.drawn)
        kept, discarded = deck.draw_turn(hand.stock[at], hand.stock[at + 1], action.keep)
        seen = not action.keep or self.options.draw_second_card_seen
        hand.drawn.append(DrawnTurn(action.seat, action.keep, kept, discarded, seen))
        hand.held[action.seat].append(kept)
        if len(hand.drawn) * 2 == len(hand.stock):
            self._begin_bidding()

    def _begin_bidding(self) -> None:
        hand = self.hand
        assert hand is not None
        hand.won = [0] * self.options.players
        if self.options.bidding == "mirror":
            hand.bids = dict(enumerate(bidding.mirror_bids(self.options, hand.held)))
            hand.fixed_bids = True
            self._begin_exchanges()
        elif self.options.bidding == "none":
            self._begin_play()
        else:
            hand.order = bidding.bid_order(self.options, hand.dealer)
            self.phase = "bid"

    def _begin_exchanges(self) -> None:
        hand = self.hand
        assert hand is not None
        if hand.order:
            hand.due = exchanges_due(self.options, hand.order, hand.bids)
        if hand.due:
            self.phase = "exchange"
        else:
            self._begin_play()

    def _begin_play(self) -> None:
        hand = self.hand
        assert hand is not None
        hand.leader = first_leader(self.options, hand.dealer, hand.held)
        self.phase = "play"

    def _play(self, hand: Hand, action: Play) -> None:
        hand.held[action.seat].remove(action.card)
        hand.trick.append(action.card)
        if deck.is_spade(self.options, action.card):
            hand.broken = True
        if len(hand.trick) < self.options.players:
            return
        assert hand.leader is not None
        winner = (hand.leader + deck.trick_winner(self.options, hand.trick)) % self.options.players
        hand.tricks.append((hand.leader, tuple(hand.trick), winner))
        hand.won[winner] += 1
        hand.leader, hand.trick = winner, []
        if len(hand.tricks) == self.tricks_per_hand:
            self._score(hand)

    def _score(self, hand: Hand) -> None:
        options = self.options
        bids: tuple[Bid | None, ...] = tuple(hand.bids.get(seat) for seat in range(options.players))
        lines = tuple(score_hand(options, bids, hand.won, self.bags))
        self.results.append(Result(bids, tuple(hand.won), tuple(self.bags), lines))
        self.scores = [score + line.total for score, line in zip(self.scores, lines, strict=True)]
        self.bags = [line.bags_after for line in lines]
        moon_side = next((line.side for line in lines if line.moon), None)
        over, winner = game_end(options, self.scores, len(self.results), moon_side)
        if over:
            self.phase, self.winner = "game_over", winner
            hand.leader = None
        else:
            self.phase, self.hand = "deal", None
            self.dealer = (self.dealer + 1) % options.players

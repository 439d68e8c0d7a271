"""Views: what one seat may see (:func:`observe`), and full worlds consistent with it (:func:`sample_deal`).

An :class:`Observation` is a frozen, hashable value holding exactly what one seat knows at a moment of
the game: the public history of the current hand (bids, exchanges as far as the seat may see them,
every trick), the scores, its own cards, its own draws in the two-player game, the legal actions it may
take now and a few inferences any player at the table can make (known voids, cards known to be in a
partner's hand after an exchange). Nothing else is stored in it, so nothing else can leak through its
fields, its :meth:`~Observation.to_dict`, its ``repr`` or its text (:meth:`~Observation.render`).

:func:`sample_deal` turns an observation back into a full :class:`~spades_rules.state.GameState`: the
cards the seat cannot see are redistributed at random among the places they may be (the other hands,
the stock, the discards), respecting hand sizes, known voids, the spade counts that mirror and whiz bids
reveal, and cards known to be in a hand; the hand's public actions are then replayed through
:func:`~spades_rules.engine.apply`. The result always observes equal to the observation. This is the
determinization step of search bots (PIMC, ISMCTS).

>>> from spades_rules import Rules, Deal, new_game, apply, legal_actions
>>> rules = Rules.standard()
>>> state = apply(new_game(rules), Deal.shuffled(rules, 3))
>>> view = observe(state, 1)
>>> view.phase, len(view.hand), view.hand_sizes, view.to_act
(<Phase.BID: 'bid'>, 13, (13, 13, 13, 13), 1)
>>> view.legal_actions == legal_actions(state)
True
>>> observe(state, 2).legal_actions        # not seat 2's turn
()
>>> world = sample_deal(view, 7)
>>> observe(world, 1) == view
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange, Play, Redeal
from spades_rules.cards import Card, Suit, _cards_of_mask, _mask_of, format_cards
from spades_rules.engine import legal_actions as _legal_actions
from spades_rules.errors import ObservationError
from spades_rules.rules import Rules
from spades_rules.scoring import HandScore
from spades_rules.state import GameState, HandState, Phase, Trick

__all__ = ["DrawTurn", "ExchangeView", "Observation", "observe", "sample_deal"]

_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


# ---------------------------------------------------------------------------------------- values
@attrs.frozen(cache_hash=True)
class DrawTurn:
    """One of the observing seat's own turns in the two-player draw.

    ``kept`` is the card it took; ``discarded`` the card it put face down, or None when it never saw it
    (it kept the top card and ``Rules.draw_second_card_seen`` is False).
    """

    turn: int
    """The turn's index among all draw turns (both players'), from 0."""
    keep: bool
    """The seat's decision: True kept the top card, False rejected it and took the next."""
    kept: Card
    """The card the seat took."""
    discarded: Card | None
    """The card the seat discarded, None when it did not see it."""


@attrs.frozen(cache_hash=True)
class ExchangeView:
    """A blind-nil exchange as one seat sees it: who passed how many cards to whom, and the cards
    themselves only when the seat is the giver or the receiver (None otherwise)."""

    giver: int
    receiver: int
    size: int
    """The number of cards passed (public)."""
    cards: tuple[Card, ...] | None
    """The cards, for the two seats of the exchange only."""


@attrs.frozen(cache_hash=True)
class Observation:
    """What seat :attr:`seat` may see of a game. Made by :func:`observe`; frozen, slotted and hashable.

    Every field is something that seat is entitled to know; the observation holds no reference to the
    state it was made from, so its fields, :meth:`to_dict`, ``repr`` and :meth:`render` cannot reveal
    another seat's cards, the stock or the deal.

    Fields that describe the current hand are empty (or None) in the ``DEAL`` phase, between hands:
    the finished hands then show only in :attr:`results` and the scores.
    """

    rules: Rules
    seat: int
    """The observing seat."""
    phase: Phase
    dealer: int
    """The dealer of the current hand (of the next hand in the ``DEAL`` phase)."""
    to_act: int | None
    """The seat whose turn it is (None in the ``DEAL`` phase and at game over)."""
    hand: tuple[Card, ...] | None
    """The seat's own cards, sorted; None when withheld (``observe(..., hide_own_hand=True)``)."""
    hand_sizes: tuple[int, ...]
    """The number of cards each seat holds."""
    bids: tuple[Bid | None, ...]
    """Each seat's bid (None until made, and throughout no-bid Spades); a blind nil has ``blind=True``."""
    tricks: tuple[Trick, ...]
    """The completed tricks of the current hand, each with leader, cards in play order and winner."""
    current_trick: Trick | None
    """The trick in progress during the ``PLAY`` phase (possibly empty); None in every other phase."""
    tricks_won: tuple[int, ...]
    """Tricks won so far by each seat in the current hand."""
    spades_broken: bool
    voids: tuple[tuple[Suit, ...], ...]
    """Per seat, the suits it has shown it lacks: suits it failed to follow (effective suits: jokers and a
    promoted 2♦ are spades), and every other suit when it led a spade before spades were broken (which
    only a seat holding nothing but spades may do). A void lasts to the end of the hand."""
    known_cards: tuple[tuple[Card, ...], ...]
    """Per seat, cards the observer knows that seat holds: the cards it passed to its partner in a blind
    nil exchange (and did not get back) that the partner has not played yet; with
    ``first_lead="lowest_club"`` before the first lead, the lowest club, held by the leader. Empty for the
    observer itself (see :attr:`hand`)."""
    exchanges: tuple[ExchangeView, ...]
    """The blind-nil exchanges made so far, in order; cards shown only to the two seats involved."""
    pending_exchanges: tuple[tuple[int, int], ...]
    """Exchanges still due, as ``(giver, receiver)``."""
    draws: tuple[bool, ...]
    """Two-player draw: every turn's keep (True) / reject (False) decision so far, both players' (a
    player sees whether the other took the top card or the next one, never the cards)."""
    own_draws: tuple[DrawTurn, ...]
    """Two-player draw: the observer's own turns, with the cards it kept and the discards it saw."""
    draw_card: Card | None
    """Two-player draw: the top card of the stock, which the observer looks at when it is its turn to
    keep or reject it; None otherwise."""
    stock_remaining: int
    """Two-player draw: cards left in the stock (0 in dealt games)."""
    scores: tuple[int, ...]
    """Points per side."""
    bags: tuple[int, ...]
    """Accumulated bags per side."""
    initial_scores: tuple[int, ...]
    """The scores the game started from."""
    initial_bags: tuple[int, ...]
    """The bags the game started from."""
    results: tuple[HandScore, ...]
    """The score sheets of the finished hands."""
    winner: int | None
    """The winning side at game over (None before, or for a draw)."""
    legal_actions: tuple[Action, ...]
    """The actions the observer may take now, in the engine's order: its bids, exchanges, draw decisions or
    plays when it is its turn, plus a :class:`~spades_rules.actions.Redeal` it may call out of turn; empty
    otherwise."""

    @property
    def hand_hidden(self) -> bool:
        """Whether the observer's own cards are withheld from this view."""
        return self.hand is None

    @property
    def draws_taken(self) -> int:
        """Two-player draw: the number of turns taken so far."""
        return len(self.draws)

    @property
    def hands_played(self) -> int:
        """The number of finished hands."""
        return len(self.results)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of everything in the view (the rules via :meth:`Rules.options`).

        >>> from spades_rules import Rules, new_game
        >>> data = observe(new_game(Rules.standard()), 0).to_dict()
        >>> data["phase"], data["hand"], data["scores"]
        ('deal', [], [0, 0])
        """
        return {
            "rules": self.rules.options(),
            "seat": self.seat,
            "phase": self.phase.value,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "hand": None if self.hand is None else _card_strings(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "bids": [_bid_dict(bid) for bid in self.bids],
            "tricks": [_trick_dict(trick) for trick in self.tricks],
            "current_trick": None if self.current_trick is None else _trick_dict(self.current_trick),
            "tricks_won": list(self.tricks_won),
            "spades_broken": self.spades_broken,
            "voids": [[suit.letter for suit in suits] for suits in self.voids],
            "known_cards": [_card_strings(cards) for cards in self.known_cards],
            "exchanges": [
                {
                    "giver": view.giver,
                    "receiver": view.receiver,
                    "size": view.size,
                    "cards": None if view.cards is None else _card_strings(view.cards),
                }
                for view in self.exchanges
            ],
            "pending_exchanges": [list(pair) for pair in self.pending_exchanges],
            "draws": list(self.draws),
            "own_draws": [
                {
                    "turn": turn.turn,
                    "keep": turn.keep,
                    "kept": str(turn.kept),
                    "discarded": None if turn.discarded is None else str(turn.discarded),
                }
                for turn in self.own_draws
            ],
            "draw_card": None if self.draw_card is None else str(self.draw_card),
            "stock_remaining": self.stock_remaining,
            "scores": list(self.scores),
            "bags": list(self.bags),
            "initial_scores": list(self.initial_scores),
            "initial_bags": list(self.initial_bags),
            "results": [_result_dict(result) for result in self.results],
            "winner": self.winner,
            "legal_actions": [_action_dict(action) for action in self.legal_actions],
        }

    def render(self) -> str:
        """A readable multi-line text of the view, for a terminal or a simple UI.

        >>> from spades_rules import Rules, new_game
        >>> print(observe(new_game(Rules.standard()), 2).render())
        Seat 2 - deal phase, dealer 0
        Scores: side 0: 0 (0 bags), side 1: 0 (0 bags)
        Waiting for the deal.
        """
        rules = self.rules
        head = f"Seat {self.seat} - {self.phase.value.replace('_', ' ')} phase, dealer {self.dealer}"
        if self.to_act is not None:
            head += ", your turn" if self.to_act == self.seat else f", seat {self.to_act} to act"
        lines = [head, "Scores: " + ", ".join(
            f"side {side}: {score} ({bags} bags)"
            for side, (score, bags) in enumerate(zip(self.scores, self.bags, strict=True))
        )]
        if self.phase is Phase.GAME_OVER:
            lines.append("Game over: " + ("a draw" if self.winner is None else f"side {self.winner} wins"))
        if self.phase is Phase.DEAL:
            lines.append("Waiting for the deal.")
            return "\n".join(lines)
        if self.hand is None:
            lines.append("Your hand: (not looked at yet: you may still bid blind nil)")
        else:
            lines.append(f"Your hand: {format_cards(self.hand) or '(empty)'}")
        lines.append("Cards held: " + ", ".join(f"{seat}: {size}" for seat, size in enumerate(self.hand_sizes)))
        if rules.deal_method == "draw":
            lines.append(f"Draw: {self.draws_taken} turns taken, {self.stock_remaining} cards in the stock")
            if self.own_draws:
                kept = format_cards(turn.kept for turn in self.own_draws)
                seen = [turn.discarded for turn in self.own_draws if turn.discarded is not None]
                unseen = sum(turn.discarded is None for turn in self.own_draws)
                lines.append(f"You kept: {kept}")
                lines.append(
                    f"You discarded: {format_cards(seen) or '-'}" + (f" (+{unseen} unseen)" if unseen else "")
                )
            if self.draw_card is not None:
                lines.append(f"Top card of the stock: {self.draw_card} (keep or reject)")
        if rules.bidding != "none":
            shown = (bid.label if bid else "-" for bid in self.bids)
            lines.append("Bids: " + ", ".join(f"{seat}: {label}" for seat, label in enumerate(shown)))
        for view in self.exchanges:
            what = format_cards(view.cards) if view.cards is not None else "(unseen)"
            lines.append(f"Exchange: seat {view.giver} passed {view.size} cards to seat {view.receiver}: {what}")
        for number, trick in enumerate(self.tricks, start=1):
            lines.append(f"Trick {number}: {_plays_text(trick, rules.players)} -> seat {trick.winner}")
        if self.current_trick is not None:
            lines.append(f"Current trick: {_plays_text(self.current_trick, rules.players)}")
        lines.append("Tricks won: " + ", ".join(f"{seat}: {won}" for seat, won in enumerate(self.tricks_won)))
        voids = [f"{seat}: {' '.join(_SUIT_NAMES[s] for s in suits)}" for seat, suits in enumerate(self.voids) if suits]
        if voids:
            lines.append("Known voids: " + "; ".join(voids))
        known = [f"{seat}: {format_cards(cards)}" for seat, cards in enumerate(self.known_cards) if cards]
        if known:
            lines.append("Known cards: " + "; ".join(known))
        if self.legal_actions:
            lines.append("Your options: " + ", ".join(_action_text(action) for action in self.legal_actions))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render()

    def _repr_svg_(self) -> str:
        """The view as SVG, for Jupyter (see :func:`spades_rules.svg.view`)."""
        from spades_rules import svg  # a picture is drawn by a higher layer: import it when asked

        return svg.view(self)


def _card_strings(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _bid_dict(bid: Bid | None) -> dict[str, Any] | None:
    return None if bid is None else {"tricks": bid.tricks, "blind": bid.blind}


def _trick_dict(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader, "cards": _card_strings(trick.cards), "winner": trick.winner}


def _plays_text(trick: Trick, players: int) -> str:
    plays = " ".join(f"{seat}:{card}" for seat, card in trick.plays(players))
    return f"seat {trick.leader} led" + (f" {plays}" if plays else "")


def _result_dict(result: HandScore) -> dict[str, Any]:
    return {
        "bids": [_bid_dict(bid) for bid in result.bids],
        "tricks_won": list(result.tricks_won),
        "sides": [attrs.asdict(side) for side in result.sides],
    }


def _action_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, Play):
        return {"type": "play", "seat": action.seat, "card": str(action.card)}
    if isinstance(action, Bid):
        return {"type": "bid", "seat": action.seat, "tricks": action.tricks, "blind": action.blind}
    if isinstance(action, Exchange):
        return {"type": "exchange", "seat": action.seat, "cards": _card_strings(action.cards)}
    if isinstance(action, DrawDecision):
        return {"type": "draw", "seat": action.seat, "keep": action.keep}
    if isinstance(action, Redeal):
        return {"type": "redeal", "seat": action.seat}
    return {"type": "deal"}  # never in a view: deals are chance actions


def _action_text(action: Action) -> str:
    text = str(action)
    return text.split(": ", 1)[1] if ": " in text else text


# ---------------------------------------------------------------------------------------- observe
def observe(state: GameState, seat: int, *, hide_own_hand: bool = False) -> Observation:
    """What ``seat`` may see of ``state``.

    Included: the rules, phase, dealer and seat to act; the seat's own cards; every seat's hand size,
    bid (a blind nil shown as blind) and tricks won; every trick of the current hand and the trick in
    progress; whether spades are broken; scores, bags and finished hands; the blind-nil exchanges (cards
    shown only to the two seats involved, the others see that ``size`` cards changed hands); in the
    two-player draw, both players' keep/reject decisions, the cards the seat kept and the discards it saw,
    the top card while it decides, and the size of the stock; the legal actions of the seat; the voids and
    known cards every player can infer (see :class:`Observation`).

    Never included: another seat's cards, the stock order or the deal, the other player's kept or
    discarded cards in the draw, a discard the seat did not see (``Rules.draw_second_card_seen=False``),
    the cards of an exchange the seat is not part of, and another seat's possible redeal call (which
    would reveal its hand).

    ``hide_own_hand=True`` withholds the seat's own cards, so that a bot or a UI can decide on blind nil
    before looking at them, as the rule requires. It is allowed only while it can matter: in a dealt game
    whose rules offer blind nil, during the bidding, before the seat has bid (otherwise
    :class:`~spades_rules.errors.ObservationError`). The view's legal actions are then the seat's bids only
    (they do not depend on its cards; a redeal call needs a look at the hand).

    At the end of the game the final hand stays visible and its view reveals nothing more than during
    play: every card held has been played to a public trick, so all hands are empty and the tricks show
    who held what; the stock order, the other player's discards and the cards of exchanges the seat was
    not part of stay hidden (the rules never reveal them). Between hands (``DEAL`` phase) the view shows
    only the scores and the finished hands' score sheets.

    >>> from spades_rules import Rules, Deal, Bid, new_game, apply
    >>> rules = Rules.standard()
    >>> state = apply(new_game(rules, scores=[0, 150]), Deal.shuffled(rules, 5))
    >>> state = apply(state, Bid(1, 3))                 # seat 2's side trails by 150: blind nil is open
    >>> before = observe(state, 2, hide_own_hand=True)  # decide before looking
    >>> before.hand, before.hand_sizes[2], before.legal_actions[-1]
    (None, 13, Bid(seat=2, tricks=0, blind=True))
    >>> len(observe(state, 2).hand)
    13
    >>> observe(apply(state, Bid(2, 4)), 2, hide_own_hand=True)
    Traceback (most recent call last):
    ...
    spades_rules.errors.ObservationError: cannot hide seat 2's own cards: seat 2 has already bid
    """
    if not isinstance(state, GameState):
        raise TypeError(f"observe needs a GameState, not {type(state).__name__}")
    rules = state.rules
    n = rules.players
    if type(seat) is not int or not 0 <= seat < n:
        raise ObservationError(f"seat must be a seat 0-{n - 1}, not {seat!r}")
    hand = state.hand
    if hide_own_hand:
        _check_may_hide(state, seat)
    if hand is None:
        return Observation(
            rules, seat, state.phase, state.dealer, state.to_act, (), (0,) * n, (None,) * n, (), None, (0,) * n,
            False, ((),) * n, ((),) * n, (), (), (), (), None, 0, state.scores, state.bags, state.initial_scores,
            state.initial_bags, state.results, state.winner, (),
        )
    tricks = hand.completed_tricks
    in_play = state.phase is Phase.PLAY
    current = hand.current_trick if in_play else None
    all_tricks = (*tricks, current) if current is not None else tricks
    draws, own_draws, draw_card, stock_remaining = _draw_view(state, hand, seat)
    actions = _legal_actions(state, seat)
    if hide_own_hand:
        actions = tuple(action for action in actions if not isinstance(action, Redeal))
    return Observation(
        rules,
        seat,
        state.phase,
        state.dealer,
        state.to_act,
        None if hide_own_hand else hand.hand_of(seat),
        tuple(_popcount(mask) for mask in hand.held),
        hand.bids,
        tricks,
        current,
        hand.tricks_won,
        hand.spades_broken,
        _voids(rules, all_tricks),
        _known_cards(state, hand, seat, all_tricks),
        tuple(
            ExchangeView(
                exchange.seat,
                _receiver(rules, exchange.seat),
                len(exchange.cards),
                exchange.cards if seat in (exchange.seat, _receiver(rules, exchange.seat)) else None,
            )
            for exchange in hand.exchanges
        ),
        hand.pending_exchanges,
        draws,
        own_draws,
        draw_card,
        stock_remaining,
        state.scores,
        state.bags,
        state.initial_scores,
        state.initial_bags,
        state.results,
        state.winner,
        actions,
    )


def _check_may_hide(state: GameState, seat: int) -> None:
    rules = state.rules
    hand = state.hand
    why = ""
    if not rules.blind_nil:
        why = "the rules do not offer blind nil"
    elif rules.deal_method == "draw":
        why = "in the two-player draw a player sees its cards as it draws them"
    elif state.phase is not Phase.BID or hand is None:
        why = f"blind nil is decided during the bidding, and this is the {state.phase.value} phase"
    elif hand.bids[seat] is not None:
        why = f"seat {seat} has already bid"
    if why:
        raise ObservationError(f"cannot hide seat {seat}'s own cards: {why}")


def _receiver(rules: Rules, giver: int) -> int:
    partner = rules.partner_of(giver)
    assert partner is not None  # exchanges happen only between partners
    return partner


def _draw_view(
    state: GameState, hand: HandState, seat: int
) -> tuple[tuple[bool, ...], tuple[DrawTurn, ...], Card | None, int]:
    rules = state.rules
    if rules.deal_method != "draw":
        return (), (), None, 0
    stock = hand.deal.deck
    n = rules.players
    draws = _draw_decisions(state)
    own: list[DrawTurn] = []
    for turn, keep in enumerate(draws):
        if (hand.dealer + 1 + turn) % n != seat:
            continue
        first, second = stock[2 * turn], stock[2 * turn + 1]
        kept, dropped = (first, second) if keep else (second, first)
        seen = not keep or rules.draw_second_card_seen
        own.append(DrawTurn(turn, keep, kept, dropped if seen else None))
    taken = 2 * len(draws)
    top = stock[taken] if state.phase is Phase.DRAW and hand.to_act == seat else None
    return draws, tuple(own), top, len(stock) - taken


def _draw_decisions(state: GameState) -> tuple[bool, ...]:
    """The keep/reject decisions of the current hand, read from the hand's actions, which last the whole
    hand (the engine's ``HandState.draws`` does not survive the first bid at the time of writing)."""
    actions = state.hand_actions
    if state.phase is Phase.GAME_OVER:  # the final hand's actions have moved to the game's past actions
        past = state.past_actions
        last_deal = max(at for at, action in enumerate(past) if isinstance(action, Deal))
        actions = past[last_deal:]
    return tuple(action.keep for action in actions if isinstance(action, DrawDecision))


def _voids(rules: Rules, tricks: Sequence[Trick]) -> tuple[tuple[Suit, ...], ...]:
    tables = rules._tables
    suit_of = tables.suit_of
    n = rules.players
    void = [0] * n
    others = sum(1 << suit for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS) if tables.suit_masks[suit])
    broken = False
    for trick in tricks:
        if not trick.cards:
            continue
        led = suit_of[trick.cards[0].index]
        if led == Suit.SPADES and not broken and not tables.spades_anytime:
            void[trick.leader] |= others  # only a seat holding nothing but spades may lead one unbroken
        for seat, card in trick.plays(n):
            suit = suit_of[card.index]
            if suit != led:
                void[seat] |= 1 << led
            if suit == Suit.SPADES:
                broken = True
    return tuple(tuple(suit for suit in Suit if mask >> suit & 1) for mask in void)


def _played_masks(players: int, tricks: Iterable[Trick]) -> list[int]:
    played = [0] * players
    for trick in tricks:
        for seat, card in trick.plays(players):
            played[seat] |= card.bit
    return played


def _known_cards(
    state: GameState, hand: HandState, seat: int, tricks: Sequence[Trick]
) -> tuple[tuple[Card, ...], ...]:
    rules = state.rules
    n = rules.players
    known = [0] * n
    for exchange in hand.exchanges:
        giver, receiver = exchange.seat, _receiver(rules, exchange.seat)
        cards = _mask_of(exchange.cards)
        if giver == seat:
            known[receiver] |= cards
        elif receiver == seat:
            known[giver] &= ~cards
    tables = rules._tables
    if (
        tables.lead_lowest_club
        and rules.deal_method == "deal"
        and state.phase is Phase.PLAY
        and not tricks[0].cards
        and tables.lowest_club is not None
    ):
        known[hand.leader] |= tables.lowest_club.bit  # every card is dealt: the leader holds the lowest club
    played = _played_masks(n, tricks)
    known[seat] = 0
    return tuple(_cards_of_mask(mask & ~played[other]) for other, mask in enumerate(known))


# ---------------------------------------------------------------------------------------- sample_deal
def sample_deal(observation: Observation, rng: random.Random | int | None = None) -> GameState:
    """A full game state consistent with ``observation``: ``observe(result, seat) == observation``.

    The cards the observing seat cannot see are dealt at random to where they may be, and the hand's
    public actions (deal, draw decisions, bids, exchanges, plays) are replayed through
    :func:`~spades_rules.engine.apply` from a state carrying the observed scores, bags and finished
    hands. Constraints respected by construction: hand sizes, known voids, cards known to be in a hand,
    the spade counts that mirror and whiz bids reveal, and in the two-player draw the draw process itself
    (each kept card is the top or the second card of its turn's pair as the keep/reject decision says; the
    other player's discards, the seat's unseen discards and the rest of the stock are resampled). The
    cards are placed one at a time, the most constrained first, each to a random seat among those that
    leave the rest satisfiable (a Hall-condition check), so no rejection is needed; for the rare house
    rules whose constraints are not built in (the lowest-club first lead in the two-player draw) a sample
    that does not reproduce the observation is drawn again.

    ``rng`` is a :class:`random.Random` or a seed. The result's :attr:`~GameState.history` holds the
    current hand only (earlier hands show in the observation only as score sheets); its ``results``,
    scores and bags are the observed ones. A sampled world is for search (play it forward with
    :func:`~spades_rules.engine.apply`), not a record of the real game: once a hand has finished, its
    :func:`~spades_rules.records.to_dict` does not reproduce it. For a view with the own hand withheld,
    the seat's own cards are sampled too, and ``observe(result, seat, hide_own_hand=True) == observation``.
    Raises :class:`~spades_rules.errors.ObservationError` for an observation no deal is consistent with.
    (The constraint solver lives in the private module ``_sampling``.)

    >>> from spades_rules import Rules, Deal, new_game, apply, legal_actions
    >>> import random
    >>> rules = Rules.standard()
    >>> state, rng = apply(new_game(rules), Deal.shuffled(rules, 11)), random.Random(1)
    >>> for _ in range(12):                          # the bids and a few cards
    ...     state = apply(state, rng.choice(legal_actions(state)))
    >>> view = observe(state, 3)
    >>> worlds = {sample_deal(view, rng).hand.deal for _ in range(5)}
    >>> len(worlds) > 1, all(observe(sample_deal(view, seed), 3) == view for seed in range(5))
    (True, True)
    """
    from spades_rules._sampling import sample_world  # the solver needs this module; import it when used

    if not isinstance(observation, Observation):
        raise TypeError(f"sample_deal needs an Observation, not {type(observation).__name__}")
    return sample_world(observation, rng if isinstance(rng, random.Random) else random.Random(rng))

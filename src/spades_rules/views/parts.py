"""What an :class:`~spades_rules.views.Observation` holds: its fields (:class:`ObservationFields`, the
base of the class) and the small values among them besides cards, tricks and scores: one of the
observer's own draw turns (:class:`DrawTurn`) and a blind-nil exchange as one seat sees it
(:class:`ExchangeView`). The bottom of the views package: it imports none of its other modules."""

from __future__ import annotations

from operator import attrgetter

import attrs

from spades_rules.actions import Bid, PlayerAction
from spades_rules.cards import Card, Suit
from spades_rules.rules import Rules
from spades_rules.scoring import HandScore
from spades_rules.state import Phase, Trick

__all__ = ["DrawTurn", "ExchangeView", "ObservationFields"]


@attrs.frozen(cache_hash=True, kw_only=True)
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


@attrs.frozen(cache_hash=True, kw_only=True)
class ExchangeView:
    """A blind-nil exchange as one seat sees it: who passed how many cards to whom, and the cards
    themselves only when the seat is the giver or the receiver (None otherwise)."""

    giver: int
    receiver: int
    size: int
    """The number of cards passed (public)."""
    cards: tuple[Card, ...] | None
    """The cards, for the two seats of the exchange only."""


class _ObservationSlots:
    """The storage of an :class:`~spades_rules.views.Observation` (whose attrs classes reuse these slots and
    add none): ``observe`` allocates one without any ``__init__``, fills it with plain attribute stores, then
    makes it an ``Observation`` (the same trick as the engine's state builders); ``_hash`` caches the hash, and
    ``_checked`` marks a view known to pass :func:`~spades_rules.views.render.check_view` (one ``observe``
    built, or one checked already); neither is a field or pickled."""

    __slots__ = (
        "__weakref__",
        "_checked",
        "_hash",
        "bags",
        "bids",
        "current_trick",
        "dealer",
        "draw_card",
        "draws",
        "exchanges",
        "hand",
        "hand_sizes",
        "initial_bags",
        "initial_scores",
        "known_cards",
        "legal_actions",
        "own_draws",
        "pending_exchanges",
        "phase",
        "results",
        "rules",
        "scores",
        "seat",
        "spades_broken",
        "stock_remaining",
        "to_act",
        "tricks",
        "tricks_won",
        "voids",
        "winner",
    )
    _hash: int
    _checked: bool

    rules: Rules
    seat: int
    phase: Phase
    dealer: int
    to_act: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    bids: tuple[Bid | None, ...]
    tricks: tuple[Trick, ...]
    current_trick: Trick | None
    tricks_won: tuple[int, ...]
    spades_broken: bool
    voids: tuple[tuple[Suit, ...], ...]
    known_cards: tuple[tuple[Card, ...], ...]
    exchanges: tuple[ExchangeView, ...]
    pending_exchanges: tuple[tuple[int, int], ...]
    draws: tuple[bool, ...]
    own_draws: tuple[DrawTurn, ...]
    draw_card: Card | None
    stock_remaining: int
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    initial_scores: tuple[int, ...]
    initial_bags: tuple[int, ...]
    results: tuple[HandScore, ...]
    winner: int | None
    legal_actions: tuple[PlayerAction, ...]


@attrs.frozen(kw_only=True, unsafe_hash=False)
class ObservationFields(_ObservationSlots):
    """The fields of an :class:`~spades_rules.views.Observation`, and what each holds (the class itself
    adds its dict form and text)."""


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
    legal_actions: tuple[PlayerAction, ...]
    """The actions the observer may take now, in the engine's order: its bids, exchanges, draw decisions or
    plays when it is its turn, plus a :class:`~spades_rules.actions.Redeal` it may call out of turn; empty
    otherwise."""

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:  # first use (the cache is a slot of its own, left out of pickles)
            value = hash(_FIELD_VALUES(self))
            object.__setattr__(self, "_hash", value)
            return value

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


_FIELD_VALUES = attrgetter(*(field.name for field in attrs.fields(ObservationFields)))
"""The tuple of a view's field values, which its hash is taken of."""


def known_consistent(view: ObservationFields) -> bool:
    """Whether ``view`` is known to pass :func:`~spades_rules.views.render.check_view`: ``observe`` built it,
    or it was checked before (a frozen value stays consistent, so it is checked once)."""
    try:
        return view._checked
    except AttributeError:
        return False


def mark_consistent(view: ObservationFields) -> None:
    """Remember that ``view`` passed the check (a slot of its own, like the cached hash; never pickled)."""
    object.__setattr__(view, "_checked", True)

"""Views: what one seat may see (:func:`observe`), held in an :class:`Observation`.

An :class:`Observation` is a frozen, hashable value holding exactly what one seat knows at a moment of
the game: the public history of the current hand (bids, exchanges as far as the seat may see them,
every trick), the scores, its own cards, its own draws in the two-player game, the legal actions it may
take now and a few inferences any player at the table can make (known voids, cards known to be in a
partner's hand after an exchange). Nothing else is stored in it, so nothing else can leak through its
fields, its :meth:`~Observation.to_dict`, its ``repr`` or its text (:meth:`~Observation.render`).
The dict form and the text are written by :mod:`spades_rules.views.render`; full worlds consistent with
a view are made by :func:`~spades_rules.views.sample_deal` (in :mod:`spades_rules.views.sampling`,
which imports this module, never the reverse).

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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

import spades_rules.views.render as _render  # below this module: it imports it for types only
from spades_rules._core.checks import check_seat, never_raising_text, not_a_state
from spades_rules._core.deck import draw_seat, trick_voids
from spades_rules._core.messages import describe
from spades_rules.actions import Bid, DrawDecision, PlayerAction, Redeal
from spades_rules.cards import Card, Suit, cards_of_mask, mask_of
from spades_rules.engine import legal_actions as _legal_actions
from spades_rules.errors import ArgumentTypeError, ObservationError
from spades_rules.rules import Rules
from spades_rules.rules.tables import CompiledTables
from spades_rules.scoring import HandScore
from spades_rules.state import GameState, HandState, Phase, Trick, _plain_storage, played_masks
from spades_rules.views.parts import DrawTurn, ExchangeView
from spades_rules.views.render import check_view

__all__ = ["Observation", "observe"]


# ---------------------------------------------------------------------------------------- the value
@never_raising_text
@attrs.frozen(kw_only=True, cache_hash=True)
class Observation:
    """What seat :attr:`seat` may see of a game. Made by :func:`observe`; frozen, slotted and hashable.

    Every field is something that seat is entitled to know; the observation holds no reference to the
    state it was made from, so its fields, :meth:`to_dict`, ``repr`` and :meth:`render` cannot reveal
    another seat's cards, the stock or the deal.

    Fields that describe the current hand are empty (or None) in the ``DEAL`` phase, between hands:
    the finished hands then show only in :attr:`results` and the scores.

    The dict form and the text are written in :mod:`spades_rules.views.render` (:meth:`to_dict`,
    :meth:`from_dict`, :meth:`render`).
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
    """Each seat's bid (None until made, and throughout no-bid Spades); a blind bid (nil or a number) has
    ``blind=True``."""
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
    """The exchanges made so far (after a blind nil, or a plain nil under ``nil_exchange``), in order; cards
    shown only to the two seats involved."""
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

    _checked: bool = attrs.field(default=False, init=False, eq=False, hash=False, repr=False)
    """Whether the view is known to pass :func:`~spades_rules.views.render.check_view` (``observe`` built
    it, or it was checked once: a frozen value stays consistent). Not a part of the view: no argument, never
    compared, hashed or printed."""

    def __attrs_post_init__(self) -> None:
        """A view is checked when it is built, as :class:`~spades_rules.rules.Rules` is: its shape
        (:func:`~spades_rules.views.render.check_view`), so that every consumer can read it; a malformed one
        is an :class:`~spades_rules.errors.ObservationError` naming the field. (``observe`` builds its views
        without this constructor: they are consistent by construction.)"""
        check_view(self)

    def __getstate__(self) -> dict[str, Any]:
        """The view's fields (not whether it was checked: a copy or an unpickled view is checked again when a
        consumer first reads it; a field missing from a view made without its constructor is left out)."""
        return {name: getattr(self, name) for name in _FIELD_NAMES if hasattr(self, name)}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        store = object.__setattr__
        for name in _FIELD_NAMES:
            if name in fields:
                store(self, name, fields[name])
        store(self, "_checked", False)
        store(self, "_attrs_cached_hash", None)  # the slot in which attrs caches the hash (cache_hash=True)

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
        """The view's JSON-safe dict form (see :func:`~spades_rules.views.render.view_to_dict`); every legal
        action carries its integer ``code``. :meth:`from_dict` reads it back to an equal view.

        >>> from spades_rules import Rules, new_game
        >>> data = observe(new_game(Rules.standard()), 0).to_dict()
        >>> data["phase"], data["hand"], data["scores"]
        ('deal', [], [0, 0])
        """
        return _render.view_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Observation:
        """The view whose dict form is ``data`` (JSON-decoded): ``Observation.from_dict(view.to_dict()) ==
        view``. The shape is checked field by field; :class:`~spades_rules.errors.ObservationError`
        names what is wrong (see :func:`~spades_rules.views.render.view_from_dict`)."""
        return _render.view_from_dict(cls, data)

    def render(self) -> str:
        """A readable multi-line text of the view, for a terminal or a simple UI (``str(view)``).

        >>> from spades_rules import Rules, new_game
        >>> print(observe(new_game(Rules.standard()), 2).render())
        Seat 2 - deal phase, dealer 0
        Scores: side 0: 0 (0 bags), side 1: 0 (0 bags)
        Waiting for the deal.
        """
        return _render.render(self)

    def __str__(self) -> str:
        return _render.render(self)

    def _repr_svg_(self) -> str:
        """The view as SVG, for Jupyter (see :func:`spades_rules.svg.view`)."""
        from spades_rules import svg  # a picture is drawn by a higher layer: import it when asked

        return svg.view(self)


_OBSERVATION_STORAGE: Final = _plain_storage(Observation)
_FIELD_NAMES: Final = tuple(field.name for field in attrs.fields(Observation) if field.init)


def _observation(view: Any) -> Observation:
    """The filled storage ``view`` made an ``Observation``: the very value ``Observation(...)`` builds with
    the same fields, without the attrs ``__init__`` (a call with 27 keywords and a generic per-field setter
    costs about five times the plain stores; ``observe``'s speed trick). ``observe`` builds consistent views,
    so the view is marked as checked."""
    view._checked = True
    view._attrs_cached_hash = None  # the slot in which attrs caches the hash (cache_hash=True)
    view.__class__ = Observation
    return view  # type: ignore[no-any-return]


_new: Final[Callable[[type], Any]] = object.__new__


def _between_hands(**fields: Any) -> Observation:
    """The view between hands, from its fields, by the same plain stores as ``observe``'s (without the
    constructor's check: the fields come from a state, consistent by construction)."""
    view = _new(_OBSERVATION_STORAGE)
    for name, value in fields.items():
        setattr(view, name, value)
    return _observation(view)


# ---------------------------------------------------------------------------------------- observe


def observe(state: GameState, seat: int, *, hide_own_hand: bool = False) -> Observation:
    """What ``seat`` may see of ``state`` (:class:`~spades_rules.errors.SeatError` for anything but a seat of
    the table).

    Included: the rules, phase, dealer and seat to act; the seat's own cards; every seat's hand size,
    bid (a blind bid shown as blind) and tricks won; every trick of the current hand and the trick in
    progress; whether spades are broken; scores, bags and finished hands; the nil exchanges (cards
    shown only to the two seats involved, the others see that ``size`` cards changed hands); in the
    two-player draw, both players' keep/reject decisions, the cards the seat kept and the discards it saw,
    the top card while it decides, and the size of the stock; the legal actions of the seat; the voids and
    known cards every player can infer (see :class:`Observation`).

    Never included: another seat's cards, the stock order or the deal, the other player's kept or
    discarded cards in the draw, a discard the seat did not see (``Rules.draw_second_card_seen=False``),
    the cards of an exchange the seat is not part of, and another seat's possible redeal call (which
    would reveal its hand).

    ``hide_own_hand=True`` withholds the seat's own cards, so that a bot or a UI can decide on a blind bid
    before looking at them, as the rule requires. It is allowed only while it can matter: in a dealt game
    whose rules offer a blind bid (blind nil, or blind numbers under ``blind_bid_min``), during the bidding,
    before the seat has bid (otherwise
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
    if type(state) is not GameState:
        raise not_a_state(state, "observe")
    rules = state.rules
    n = rules.players
    seat = check_seat(seat, n)
    hand = state.hand
    if hide_own_hand is not False:
        if hide_own_hand is not True:
            raise ArgumentTypeError(
                f"observe(hide_own_hand=...) must be True or False, not {describe(hide_own_hand)}",
                parameter="hide_own_hand",
            )
        _check_may_hide(state, seat)
    if hand is None:  # between hands: the scores and the finished hands only
        return _between_hands(
            rules=rules, seat=seat, phase=state.phase, dealer=state.dealer, to_act=state.to_act, hand=(),
            hand_sizes=(0,) * n, bids=(None,) * n, tricks=(), current_trick=None, tricks_won=(0,) * n,
            spades_broken=False, voids=((),) * n, known_cards=((),) * n, exchanges=(), pending_exchanges=(),
            draws=(), own_draws=(), draw_card=None, stock_remaining=0, scores=state.scores, bags=state.bags,
            initial_scores=state.initial_scores, initial_bags=state.initial_bags, results=state.results,
            winner=state.winner, legal_actions=(),
        )
    tricks = hand.completed_tricks
    in_play = state.phase is _PLAY
    current = hand.current_trick if in_play else None
    all_tricks = (*tricks, current) if current is not None else tricks
    draws, own_draws, draw_card, stock_remaining = _draw_view(state, hand, seat)
    actions = _legal_actions(state, seat)
    if hide_own_hand:
        actions = tuple(action for action in actions if not isinstance(action, Redeal))
    exchanges = []
    for exchange in hand.exchanges:
        giver, receiver = exchange.seat, _receiver(rules, exchange.seat)
        shown = exchange.cards if seat in (giver, receiver) else None
        exchanges.append(ExchangeView(giver=giver, receiver=receiver, size=len(exchange.cards), cards=shown))
    view: Any = _new(_OBSERVATION_STORAGE)  # filled by plain stores: see _observation
    view.rules = rules
    view.seat = seat
    view.phase = state.phase
    view.dealer = state.dealer
    view.to_act = state.to_act
    view.hand = None if hide_own_hand else cards_of_mask(hand.held[seat])
    view.hand_sizes = tuple(map(int.bit_count, hand.held))
    view.bids = hand.bids
    view.tricks = tricks
    view.current_trick = current
    view.tricks_won = hand.tricks_won
    view.spades_broken = hand.spades_broken
    view.voids = _voids(rules, tricks, current)
    view.known_cards = _known_cards(state, hand, seat, all_tricks)
    view.exchanges = tuple(exchanges)
    view.pending_exchanges = hand.pending_exchanges
    view.draws = draws
    view.own_draws = own_draws
    view.draw_card = draw_card
    view.stock_remaining = stock_remaining
    view.scores = state.scores
    view.bags = state.bags
    view.initial_scores = state.initial_scores
    view.initial_bags = state.initial_bags
    view.results = state.results
    view.winner = state.winner
    view.legal_actions = actions
    return _observation(view)


def _check_may_hide(state: GameState, seat: int) -> None:
    rules = state.rules
    hand = state.hand
    why = ""
    if not rules.blind_nil and rules.blind_bid_min is None:
        why = "the rules offer no blind bid (blind nil, or blind_bid_min)"
    elif rules.deal_method == "draw":
        why = "in the two-player draw a player sees its cards as it draws them"
    elif state.phase is not Phase.BID or hand is None:
        why = f"a blind bid is decided during the bidding, and this is the {state.phase.value} phase"
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
    draws = hand.draws
    own: list[DrawTurn] = []
    for turn, keep in enumerate(draws):
        if draw_seat(hand.dealer, turn, n) != seat:
            continue
        kept, dropped = DrawDecision.split(stock[2 * turn], stock[2 * turn + 1], keep)
        seen = not keep or rules.draw_second_card_seen
        own.append(DrawTurn(turn=turn, keep=keep, kept=kept, discarded=dropped if seen else None))
    taken = 2 * len(draws)
    top = stock[taken] if state.phase is Phase.DRAW and hand.to_act == seat else None
    return draws, tuple(own), top, len(stock) - taken


_PLAY: Final = Phase.PLAY
_SPADES: Final = int(Suit.SPADES)
"""Module constants: looking up an enum member (``Phase.PLAY``) costs about 90 ns on Python 3.11."""

_SUITS_OF: Final = tuple(tuple(suit for suit in Suit if mask >> suit & 1) for mask in range(1 << len(Suit)))
"""Per 4-bit mask of suits, the suits in it (iterating the ``Suit`` enum is slow on the ``observe`` path)."""


def _voids(rules: Rules, finished: tuple[Trick, ...], current: Trick | None) -> tuple[tuple[Suit, ...], ...]:
    """The suits each seat has shown it lacks, from the finished tricks (remembered per tuple, see
    ``_VOIDS_AFTER``) and the trick in progress."""
    tables = rules.tables
    known = _VOIDS_AFTER.get(id(finished))
    if known is not None and known[0] is finished and known[1] is tables:
        void, broken = list(known[2]), known[3]
    else:
        void, broken = _scan_voids(tables, [0] * rules.players, tables.spades_anytime, finished, True)
        if len(_VOIDS_AFTER) >= _VOIDS_KEPT:
            _VOIDS_AFTER.clear()
        _VOIDS_AFTER[id(finished)] = (finished, tables, tuple(void), broken)
    if current is not None:
        void, broken = _scan_voids(tables, void, broken, (current,), not finished)
    return tuple(map(_SUITS_OF.__getitem__, void))


def _scan_voids(
    tables: CompiledTables, void: list[int], broken: bool, tricks: Sequence[Trick], first: bool
) -> tuple[list[int], bool]:
    """``void`` (a bit per suit, per seat) and whether spades may be led freely (broken, or past the first
    trick under ``spade_lead="after_first_trick"``: only the restricted-spade-lead inference needs it) after
    ``tricks``, the first of which is the hand's first trick when ``first``: a seat that does not follow
    lacks the suit led, and a seat playing a spade where only a hand of nothing but spades may (leading one
    while spades may not be led; playing one to the first trick unable to follow, under
    ``first_trick_spades=False``) lacks every other suit."""
    suit_of = tables.suit_of
    n = tables.players
    spades = _SPADES
    others = sum(1 << suit for suit in range(spades) if tables.suit_masks[suit])
    for number, trick in enumerate(tricks):
        cards = trick.cards
        if not cards:
            continue
        suits = [suit_of[card.index] for card in cards]
        shown = trick_voids(n, others, False, tables.first_trick_no_spades, trick.leader, suits, broken,
                            first and number == 0)  # ``broken`` starts True under spade_lead="anytime"
        if shown:
            for seat in range(n):
                void[seat] |= shown >> 4 * seat & 15
        broken = broken or spades in suits or tables.spades_after_first_trick
    return void, broken


_VOIDS_KEPT: Final = 512
_VOIDS_AFTER: Final[dict[int, tuple[tuple[Trick, ...], CompiledTables, tuple[int, ...], bool]]] = {}
"""Speed: the voids (and whether spades are broken) after a tuple of finished tricks, keyed by the tuple's
identity and holding the tuple, so that its id cannot be reused while it is kept. The states of one trick
share their finished tricks' tuple, and so do the worlds ``sample_deal`` builds from a view, so repeated
``observe`` calls scan each finished trick once. At most ``_VOIDS_KEPT`` entries (then cleared)."""


def _known_cards(
    state: GameState, hand: HandState, seat: int, tricks: Sequence[Trick]
) -> tuple[tuple[Card, ...], ...]:
    rules = state.rules
    n = rules.players
    tables = rules.tables
    exchanges = hand.exchanges
    if not exchanges and not tables.lead_lowest_club:  # only these two reveal another seat's cards
        return ((),) * n
    known = [0] * n
    for exchange in exchanges:
        giver, receiver = exchange.seat, _receiver(rules, exchange.seat)
        cards = mask_of(exchange.cards)
        if giver == seat:
            known[receiver] |= cards
        elif receiver == seat:
            known[giver] &= ~cards
    if (
        tables.lead_lowest_club
        and rules.deal_method == "deal"
        and state.phase is Phase.PLAY
        and not tricks[0].cards
        and tables.lowest_club is not None
    ):
        known[hand.leader] |= tables.lowest_club.bit  # every card is dealt: the leader holds the lowest club
    known[seat] = 0
    if not any(known):
        return ((),) * n
    played = played_masks(n, tricks)
    return tuple(cards_of_mask(mask & ~played[other]) for other, mask in enumerate(known))

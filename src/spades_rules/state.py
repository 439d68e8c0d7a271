"""Game and hand states: plain immutable values, no logic beyond derived properties.

Only the engine builds states: :mod:`spades_rules.engine` makes every transition, and its second room
:mod:`spades_rules._core.resume` builds directly the state a hand's actions reach (for sampling), both with the
fast constructors at the end of this module. A :class:`GameState` is the whole game (rules,
scores, finished hands, the hand in progress); a :class:`HandState` is one hand. Both are frozen,
slotted attrs classes: equal states compare and hash equal, ``copy.copy``/``copy.deepcopy`` return the
state itself, and states pickle. Hands are held as bit masks internally (bit ``card.index``); the
public properties give cards.

Phases (:class:`Phase`), in the order a hand goes through them:

- ``DEAL``: a chance node; the only action is a :class:`~spades_rules.actions.Deal`.
- ``DRAW``: two-player draw; the seat to act keeps or rejects the top card of the stock.
- ``BID``: the seat to act bids; a seat whose hand qualifies may call a redeal before the first bid.
  Skipped when the bid format fixes the bids (no-bid, mirror).
- ``EXCHANGE``: after a blind nil in partnership play, the bidder passes cards, then the partner returns.
- ``PLAY``: the seat to act plays a card to the current trick.
- ``GAME_OVER``: nothing more is accepted; :attr:`GameState.winner` says who won.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

import attrs

from spades_rules._core.chain import Chain
from spades_rules._core.checks import check_seat, never_raising_text
from spades_rules._core.messages import describe
from spades_rules.actions import Action, Bid, Deal, Exchange
from spades_rules.cards import Card, cards_of_mask, format_cards
from spades_rules.errors import ArgumentTypeError, SeatError

if TYPE_CHECKING:
    from spades_rules.rules import Rules
    from spades_rules.scoring import HandScore

__all__ = ["GameState", "HandState", "Phase", "Trick", "played_masks"]


class Phase(enum.Enum):
    """Where the game is. See the module docstring for what each phase accepts."""

    DEAL = "deal"
    DRAW = "draw"
    BID = "bid"
    EXCHANGE = "exchange"
    PLAY = "play"
    GAME_OVER = "game_over"


# The phases the properties below compare with, as module constants: ``Phase.DEAL`` goes through the enum's
# class attribute lookup, several times the cost of reading a global (``while state.in_hand`` reads two).
_DEAL: Final = Phase.DEAL
_GAME_OVER: Final = Phase.GAME_OVER

@never_raising_text
@attrs.frozen
class Trick:
    """A trick: who led, the cards in play order, and the winning seat (None while in progress)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None = None

    def seats(self, players: int) -> tuple[int, ...]:
        """The seat that played each card, in play order, at a table of ``players`` seats (2-5; a
        :class:`~spades_rules.errors.SeatError` otherwise, as for a trick led by a seat the table lacks)."""
        count = check_seat(players, 6, "players")
        if count < 2:
            raise SeatError(f"players must be a number of seats 2-5, not {describe(players)}", seat=players, players=5)
        return tuple((check_seat(self.leader, count, "the trick's leader") + i) % count for i in range(len(self.cards)))

    def plays(self, players: int) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` pairs in play order."""
        return tuple(zip(self.seats(players), self.cards, strict=True))

    @property
    def led(self) -> Card | None:
        """The card led, or None for an empty trick."""
        return self.cards[0] if self.cards else None


def played_masks(players: int, tricks: Iterable[Trick]) -> list[int]:
    """Per seat, the bit mask (bit ``card.index``) of the cards it played to ``tricks``."""
    played = [0] * players
    for trick in tricks:
        seat = trick.leader
        for card in trick.cards:
            played[seat] |= card.bit
            seat = (seat + 1) % players
    return played


def _values(self: Any, memo: object = None) -> Any:
    return self


_Trail = tuple["_Trail", Action] | None
"""The actions of a hand, newest first: ``None`` before the first, else ``(earlier trail, action)``.

Adding an action costs one pair instead of a copy of the whole hand's tuple, and the states of one hand
share their common past (a search tree keeps every state); pairs compare and hash by value.
"""


def _actions_of_trail(trail: _Trail) -> tuple[Action, ...]:
    """The actions of ``trail``, oldest first."""
    actions: list[Action] = []
    while trail is not None:
        trail, action = trail
        actions.append(action)
    actions.reverse()
    return tuple(actions)


@never_raising_text
@attrs.frozen
class _Setup:
    """The parts of a hand that change only before the play: who dealt, the deal, bids, exchanges, draws."""

    dealer: int
    deal: Deal
    bids: tuple[Bid | None, ...]
    bid_order: tuple[int, ...]
    exchanges: tuple[Exchange, ...] = ()
    pending_exchanges: tuple[tuple[int, int], ...] = ()
    draws: tuple[bool, ...] = ()
    discards: tuple[int, ...] = ()

    __copy__ = _values
    __deepcopy__ = _values

    def changed(
        self,
        *,
        bids: tuple[Bid | None, ...] | None = None,
        exchanges: tuple[Exchange, ...] | None = None,
        pending_exchanges: tuple[tuple[int, int], ...] | None = None,
        draws: tuple[bool, ...] | None = None,
        discards: tuple[int, ...] | None = None,
    ) -> _Setup:
        """A copy with some parts replaced (the engine's way; ``attrs.evolve`` is slower)."""
        return _setup(
            self.dealer,
            self.deal,
            self.bids if bids is None else bids,
            self.bid_order,
            self.exchanges if exchanges is None else exchanges,
            self.pending_exchanges if pending_exchanges is None else pending_exchanges,
            self.draws if draws is None else draws,
            self.discards if discards is None else discards,
        )


@never_raising_text
@attrs.frozen(repr=False)
class HandState:
    """One hand in progress (or finished, at game over).

    The public fields and properties: :attr:`hands`, :attr:`bids`, :attr:`tricks_won`,
    :attr:`current_trick`, :attr:`completed_tricks`, :attr:`spades_broken`, :attr:`targets`.
    Only the engine constructs hands.
    """

    _setup: _Setup = attrs.field(repr=False, alias="setup")
    """The deal, bids, exchanges and draws (internal; see the properties of the same names)."""
    held: tuple[int, ...]
    """Bit mask of the cards each seat holds (bit ``card.index``); see :attr:`hands` for cards."""
    tricks_won: tuple[int, ...]
    """Tricks won so far by each seat."""
    leader: int
    """The seat that leads (or led) the current trick."""
    trick_cards: tuple[Card, ...]
    """The cards played to the current trick, from the leader on."""
    completed_tricks: tuple[Trick, ...]
    """Finished tricks, each with leader, cards and winner."""
    spades_broken: bool
    """Whether a spade (or a card counting as one) has been played this hand."""
    to_act: int | None
    """The seat whose turn it is, or None when the hand is over."""

    __copy__ = _values
    __deepcopy__ = _values

    def __repr__(self) -> str:
        hands = ", ".join(f"{seat}: {format_cards(cards)}" for seat, cards in enumerate(self.hands))
        return (
            f"HandState(dealer={self.dealer}, to_act={self.to_act}, hands=[{hands}], "
            f"bids={[None if b is None else str(b) for b in self.bids]}, tricks_won={self.tricks_won}, "
            f"trick=[{format_cards(self.trick_cards)}])"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """How IPython and Hypothesis print a hand: its short ``repr`` (cards as text, no private fields)."""
        printer.text(repr(self))

    @property
    def dealer(self) -> int:
        """The seat that dealt this hand."""
        return self._setup.dealer

    @property
    def deal(self) -> Deal:
        """The chance outcome of this hand: the deck in dealt order (the stock for the two-player draw)."""
        return self._setup.deal

    @property
    def bids(self) -> tuple[Bid | None, ...]:
        """The bid of each seat, None until made (and throughout in no-bid Spades)."""
        return self._setup.bids

    @property
    def bid_order(self) -> tuple[int, ...]:
        """The seats in the order they bid (empty when the format fixes the bids)."""
        return self._setup.bid_order

    @property
    def exchanges(self) -> tuple[Exchange, ...]:
        """Blind-nil exchanges made so far, in order."""
        return self._setup.exchanges

    @property
    def pending_exchanges(self) -> tuple[tuple[int, int], ...]:
        """Exchanges still due, as ``(giver, receiver)`` seats, in order."""
        return self._setup.pending_exchanges

    @property
    def draws(self) -> tuple[bool, ...]:
        """Two-player draw: the keep (True) / reject (False) decision of each turn so far."""
        return self._setup.draws

    @property
    def discards(self) -> tuple[int, ...]:
        """Two-player draw: bit mask of the cards each seat has discarded (empty otherwise)."""
        return self._setup.discards

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.held)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat still holds, sorted."""
        return tuple(cards_of_mask(mask) for mask in self.held)

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` still holds, sorted."""
        return cards_of_mask(self.held[check_seat(seat, len(self.held))])

    def discards_of(self, seat: int) -> tuple[Card, ...]:
        """Two-player draw: the cards ``seat`` has discarded."""
        seat = check_seat(seat, len(self.held))
        return cards_of_mask(self.discards[seat]) if self.discards else ()

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (possibly empty)."""
        return _trick(self.leader, self.trick_cards, None)

    @property
    def tricks_played(self) -> int:
        """Number of completed tricks."""
        return len(self.completed_tricks)

    @property
    def targets(self) -> tuple[int | None, ...]:
        """The tricks each seat must make: its bid (0 for nil; the spade count in mirror), None when not
        yet bid or in no-bid Spades. See :meth:`side_targets` for contracts per side."""
        return tuple(None if bid is None else bid.tricks for bid in self.bids)

    def side_targets(self, rules: Rules) -> tuple[int | None, ...]:
        """Each side's contract: the sum of its members' non-nil bids (None without one). ``rules`` are the
        game's (:class:`~spades_rules.errors.ArgumentTypeError` for anything else)."""
        if getattr(rules, "players", None) != len(self.held) or not hasattr(rules, "sides"):
            raise ArgumentTypeError(
                f"side_targets needs the rules of this hand's {len(self.held)} seats, not {describe(rules)}",
                parameter="rules",
            )
        result: list[int | None] = []
        for seats in rules.sides:
            bids = [self.bids[seat] for seat in seats]
            if any(bid is None for bid in bids):
                result.append(None)
                continue
            numbers = [bid.tricks for bid in bids if bid is not None and bid.tricks]
            result.append(sum(numbers) if numbers else None)
        return tuple(result)



@never_raising_text
@attrs.frozen(cache_hash=True)
class _Match:
    """The parts of a game that change once per hand: dealer, scores, bags, results, winner, history. The
    results and the past actions are chains (``_core.chain.Chain``): a hand or a redeal appends to them without
    copying the game's history."""

    dealer: int
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    results: Chain[HandScore]
    winner: int | None
    past_actions: Chain[Action]
    initial_scores: tuple[int, ...]
    initial_bags: tuple[int, ...]
    first_dealer: int
    last_hand: HandState | None = None

    __copy__ = _values
    __deepcopy__ = _values

    def changed(self, **changes: Any) -> _Match:
        """A copy with some parts replaced (``attrs.evolve``: the engine calls it once a hand, so its cost does
        not matter, unlike :meth:`_Setup.changed`'s)."""
        return attrs.evolve(self, **changes)


@never_raising_text
@attrs.frozen(repr=False, cache_hash=True)
class GameState:
    """A whole game: rules, scores, finished hands and the hand in progress.

    Create one with :func:`~spades_rules.engine.new_game`, advance it with
    :func:`~spades_rules.engine.apply`. Between hands :attr:`hand` is None and the phase is ``DEAL``; at
    game over the final hand stays visible.
    """

    rules: Rules
    """The rules of the game."""
    phase: Phase
    """Where the game is."""
    hand: HandState | None
    """The hand in progress; None between hands (and the final hand at game over)."""
    _trail: _Trail = attrs.field(repr=False, alias="trail")
    """The actions of the hand in progress, newest first, as a chain of pairs (internal; see
    :attr:`hand_actions`)."""
    _match: _Match = attrs.field(repr=False, alias="match")
    """Scores, bags, results and the history of finished hands (internal; see the properties)."""

    __copy__ = _values
    __deepcopy__ = _values

    def __repr__(self) -> str:
        return (
            f"GameState(phase={self.phase.name}, dealer={self.dealer}, to_act={self.to_act}, "
            f"scores={self.scores}, bags={self.bags}, hands_played={self.hands_played}, rules={self.rules!r})"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """How IPython and Hypothesis (a falsifying example) print a state: a ``loads(...)`` call on its text
        record, headed by the short ``repr``, so that the printed state can be pasted into a test. A state
        its history does not lead to (a world from ``sample_deal`` of a later hand) has no text record: it
        prints as its ``repr`` and its hand's. Printing never raises: a failing test shows its example."""
        try:
            from spades_rules.records import dumps  # records sits above states: imported when printing only

            text = f"# {self!r}\n{dumps(self)}"
        except Exception as error:  # a sampled world of a later hand, or a forged state
            printer.text(_without_record(self, error))
            return
        printer.text(f'loads("""\n{text}""")' if '"""' not in text and "\\" not in text else f"loads({text!r})")

    @property
    def hand_actions(self) -> tuple[Action, ...]:
        """Actions of the hand in progress, in order; see :attr:`history`."""
        return _actions_of_trail(self._trail)

    @property
    def dealer(self) -> int:
        """The dealer of the hand in progress (or of the next hand, in the ``DEAL`` phase)."""
        return self._match.dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per side."""
        return self._match.scores

    @property
    def bags(self) -> tuple[int, ...]:
        """Accumulated bags per side."""
        return self._match.bags

    @property
    def results(self) -> tuple[HandScore, ...]:
        """The scores of the finished hands, in order (see :attr:`last_result` for the latest alone)."""
        return self._match.results.items

    @property
    def last_result(self) -> HandScore | None:
        """The score of the most recently finished hand (``results[-1]`` without building the tuple of them
        all), or None before the first hand ends."""
        return self._match.results.last

    @property
    def winner(self) -> int | None:
        """The winning side once the game is over (None before, or for a draw under ``max_hands``)."""
        return self._match.winner

    @property
    def past_actions(self) -> tuple[Action, ...]:
        """Actions of the finished (or redealt) hands; see :attr:`history`."""
        return self._match.past_actions.items

    @property
    def initial_scores(self) -> tuple[int, ...]:
        """The scores the game started with (``new_game(scores=...)``)."""
        return self._match.initial_scores

    @property
    def initial_bags(self) -> tuple[int, ...]:
        """The bags the game started with (``new_game(bags=...)``)."""
        return self._match.initial_bags

    @property
    def last_hand(self) -> HandState | None:
        """The most recently finished hand (every trick of it), or None before the first one ends."""
        return self._match.last_hand

    @property
    def first_dealer(self) -> int:
        """The dealer of the first hand (``new_game(dealer=...)``)."""
        return self._match.first_dealer

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is _GAME_OVER

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is; None in the ``DEAL`` phase (chance) and when the game is over."""
        if self.hand is None or self.phase is _GAME_OVER:
            return None
        return self.hand.to_act

    @property
    def is_chance(self) -> bool:
        """Whether the next action is the chance action (a :class:`~spades_rules.actions.Deal`)."""
        return self.phase is _DEAL

    @property
    def in_hand(self) -> bool:
        """Whether a hand is being played: some seat is to act in it, from the deal until the hand is scored
        (or redealt). False between hands (the ``DEAL`` phase, a chance node) and once the game is over, so
        ``while state.in_hand:`` plays one hand out, the last hand of a game included; ``while not
        state.is_over:`` (dealing when :attr:`is_chance`) plays the whole game out. ``in_hand`` is
        ``to_act is not None``, and :func:`~spades_rules.engine.legal_actions` is never empty while it holds.
        """
        return self.phase is not _DEAL and self.phase is not _GAME_OVER

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action since :func:`~spades_rules.engine.new_game`, deals included."""
        return self.past_actions + self.hand_actions

    @property
    def hands_played(self) -> int:
        """Number of finished hands."""
        return len(self._match.results)

    def _repr_svg_(self) -> str:
        """The whole table as SVG, for Jupyter (see :func:`spades_rules.svg.table`)."""
        from spades_rules import svg  # a picture is drawn by a higher layer: import it when asked

        return svg.table(self)

def _without_record(state: GameState, error: Exception) -> str:
    """How a state with no text record prints: its ``repr`` and its hand's, and why (never raises)."""
    try:
        why = " ".join(str(error).split())[:200]
    except Exception:
        why = type(error).__name__
    return f"{state!r}\n# no text record ({why}); its hand:\n{getattr(state, 'hand', None)!r}"


# ---------------------------------------------------------------------------------------- fast constructors
# The one speed trick of this module. The attrs ``__init__`` of a frozen class sets each field through the
# generic ``object.__setattr__``; instead, the engine allocates the class's plain storage (``_plain_storage``:
# a subclass with the same slots whose attribute stores are plain) without calling any ``__init__``, fills
# it with ordinary attribute stores (the fastest kind) and then switches the object's class to the frozen
# one. The result is the very value ``__init__`` would build. Only the engine (with its ``_core.resume`` module)
# calls these, besides ``_Setup.changed`` and ``HandState.current_trick`` here;
# ``tests/repo/test_code_shape.py`` checks that each stores every field of its class.
_new: Callable[[type], Any] = object.__new__
_T = TypeVar("_T")


def _plain_storage(cls: type[_T]) -> type[_T]:
    """The storage of the frozen attrs class ``cls`` for a fast constructor: a subclass that adds no slot (so
    an object can switch its class to ``cls``) and stores attributes plainly (both ``__setattr__`` and
    ``__delattr__`` are ``object``'s, so that CPython stores through its C slot). Its fields are ``cls``'s,
    declared once."""
    namespace = {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__}
    # a subclass of cls, so a type[_T]; the three-argument type() is typed as returning a bare type
    return cast("type[_T]", type(f"_{cls.__name__}Storage", (cls,), namespace))


_GAME_STORAGE: Final = _plain_storage(GameState)
_HAND_STORAGE: Final = _plain_storage(HandState)
_TRICK_STORAGE: Final = _plain_storage(Trick)
_SETUP_STORAGE: Final = _plain_storage(_Setup)


def _game_state(rules: Rules, phase: Phase, hand: HandState | None, trail: _Trail, match: _Match) -> GameState:
    """A ``GameState``."""
    state: Any = _new(_GAME_STORAGE)
    state.rules = rules
    state.phase = phase
    state.hand = hand
    state._trail = trail
    state._match = match
    state._attrs_cached_hash = None  # the slot in which attrs caches the hash (cache_hash=True)
    state.__class__ = GameState
    return state  # type: ignore[no-any-return]  # a GameState now (the class switch)


def _next_state(previous: GameState, phase: Phase, hand: HandState | None, action: Action) -> GameState:
    """The state after ``previous`` within the same hand: same rules and game record, ``action`` added.
    (It repeats ``_game_state``'s stores rather than calling it: the call would add 3 % to every ``apply``.)"""
    state: Any = _new(_GAME_STORAGE)
    state.rules = previous.rules
    state.phase = phase
    state.hand = hand
    state._trail = (previous._trail, action)
    state._match = previous._match
    state._attrs_cached_hash = None
    state.__class__ = GameState
    return state  # type: ignore[no-any-return]


def _hand_state(
    setup: _Setup, held: tuple[int, ...], tricks_won: tuple[int, ...], leader: int, trick_cards: tuple[Card, ...],
    completed_tricks: tuple[Trick, ...], spades_broken: bool, to_act: int | None,
) -> HandState:
    """A ``HandState``."""
    hand: Any = _new(_HAND_STORAGE)
    hand._setup = setup
    hand.held = held
    hand.tricks_won = tricks_won
    hand.leader = leader
    hand.trick_cards = trick_cards
    hand.completed_tricks = completed_tricks
    hand.spades_broken = spades_broken
    hand.to_act = to_act
    hand.__class__ = HandState
    return hand  # type: ignore[no-any-return]


def _hand_before_play(setup: _Setup, held: tuple[int, ...], to_act: int | None) -> HandState:
    """A ``HandState`` before the first lead (dealt, drawing, bidding, exchanging): no tricks won or played."""
    return _hand_state(setup, held, (0,) * len(held), 0, (), (), False, to_act)


def _trick(leader: int, cards: tuple[Card, ...], winner: int | None) -> Trick:
    """A ``Trick``."""
    trick: Any = _new(_TRICK_STORAGE)
    trick.leader = leader
    trick.cards = cards
    trick.winner = winner
    trick.__class__ = Trick
    return trick  # type: ignore[no-any-return]


def _setup(
    dealer: int, deal: Deal, bids: tuple[Bid | None, ...], bid_order: tuple[int, ...], exchanges: tuple[Exchange, ...],
    pending_exchanges: tuple[tuple[int, int], ...], draws: tuple[bool, ...], discards: tuple[int, ...],
) -> _Setup:
    """A ``_Setup``."""
    setup: Any = _new(_SETUP_STORAGE)
    setup.dealer = dealer
    setup.deal = deal
    setup.bids = bids
    setup.bid_order = bid_order
    setup.exchanges = exchanges
    setup.pending_exchanges = pending_exchanges
    setup.draws = draws
    setup.discards = discards
    setup.__class__ = _Setup
    return setup  # type: ignore[no-any-return]

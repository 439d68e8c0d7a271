"""The exception hierarchy. Every error is a :class:`SpadesError`, itself a :class:`ValueError`.

- :class:`CardParseError`: a card string (or number) that names no card.
- :class:`RulesError`: a :class:`~spades_rules.rules.Rules` value or combination that cannot work.
- :class:`IllegalActionError`: an action that :func:`~spades_rules.engine.apply` refuses; its
  :attr:`~IllegalActionError.reason` is an :class:`IllegalReason` a program can switch on.
- :class:`RecordError`: a malformed or tampered game record.
- :class:`ScoreSheetError`: a score sheet :func:`~spades_rules.scoring.score_hand` cannot score.
- :class:`ObservationError`: a view that cannot be made (cards hidden too late) or a view no deal is
  consistent with (:func:`~spades_rules.views.sample_deal`).
- :class:`SeatError`: a seat that is not a seat of the table (``"1"``, ``9``, ``-1``, ``True``, ``1.0``),
  wherever it is given: a seat or dealer argument, the seat of an action (``Play(9, "AS")``, or
  ``Play(4, "AS")`` applied at a four-seat table), or one bot per seat that does not match the table. The
  message names the table's seats (``0-3``) when the table is known.
- :class:`ArgumentTypeError`: an argument of the wrong type, e.g. an :class:`~spades_rules.views.Observation`
  or a dict where a :class:`~spades_rules.state.GameState` is needed, or a string, dict or code where an
  action is needed (the message names the function that reads it: :func:`~spades_rules.actions.parse_action`,
  :func:`~spades_rules.actions.action_from_dict`, :func:`~spades_rules.codec.decode_action`). It is also a
  :class:`TypeError`, and :attr:`~ArgumentTypeError.parameter` names the argument.

Every error pickles and unpickles with all its fields (:attr:`IllegalActionError.reason`,
:attr:`RecordError.where`, ...), so an error raised in a worker process (``concurrent.futures``,
``multiprocessing``) reaches the parent intact.

The only other exceptions come from Python itself, for Python's own protocols: ``AttributeError`` when
setting an attribute of a frozen value (a :class:`~spades_rules.cards.Card`; attrs' ``FrozenInstanceError``
for the other values), ``TypeError`` for a call with a missing or unknown argument (``Rules(foo=1)``) or
an ordering of a card with a non-card (``card < 3``), ``ImportError`` when an optional extra is missing
(:mod:`spades_rules.strategies` without hypothesis), and ``KeyboardInterrupt``, ``MemoryError`` and the
like that no library can promise away.

A refused action never changes anything: states are immutable, so the state you passed in stays valid.
"""

from __future__ import annotations

import enum
import itertools
import operator
import pickle
import random
import reprlib
from typing import Any, Final, NoReturn, TypeVar

__all__ = [
    "ArgumentTypeError",
    "CardParseError",
    "IllegalActionError",
    "IllegalReason",
    "ObservationError",
    "RecordError",
    "RulesError",
    "ScoreSheetError",
    "SeatError",
    "SpadesError",
]


def _restore(cls: type[BaseException], args: tuple[Any, ...], fields: dict[str, Any]) -> BaseException:
    """Unpickle an error: its class, its ``args`` (the message) and its fields, without calling ``__init__``."""
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(fields)
    return error


def _picklable(value: object) -> object:
    """``value`` if it pickles, else its short ``repr`` (an error must cross a process whatever it holds)."""
    try:
        pickle.dumps(value)
    except Exception:
        return describe(value)
    return value


class SpadesError(ValueError):
    """Base class of every error the library raises on bad input.

    Errors pickle with their message and every field (a worker process can raise them to its parent).
    """

    def __reduce__(self) -> tuple[Any, ...]:
        fields = {name: _picklable(value) for name, value in self.__dict__.items()}
        return (_restore, (type(self), self.args, fields))


class CardParseError(SpadesError):
    """A string or number that names no card. :attr:`text` is the offending input."""

    text: object
    """The input that names no card."""

    def __init__(self, message: str, *, text: object = None) -> None:
        super().__init__(message)
        self.text = text


class RulesError(SpadesError):
    """A :class:`~spades_rules.rules.Rules` option or combination of options that cannot work."""


class IllegalReason(enum.Enum):
    """Why :func:`~spades_rules.engine.apply` refused an action (``IllegalActionError.reason``)."""

    GAME_OVER = "game_over"
    """The game has ended; no action is accepted."""
    NOT_AN_ACTION = "not_an_action"
    """An action value that no rules can accept: a forged card (a look-alike of an interned
    :class:`~spades_rules.cards.Card`), or a code that names no action. (A value that is not an action at
    all raises :class:`ArgumentTypeError`.)"""
    WRONG_PHASE = "wrong_phase"
    """The action type does not belong to the current phase (e.g. a bid during play)."""
    OUT_OF_TURN = "out_of_turn"
    """The action names a seat whose turn it is not (or a seat that does not exist)."""
    INVALID_DEAL = "invalid_deal"
    """A deal whose deck is not exactly the rules' deck."""
    BID_OUT_OF_RANGE = "bid_out_of_range"
    """A bid below the minimum or above the number of tricks in the hand."""
    NIL_NOT_ALLOWED = "nil_not_allowed"
    """A nil bid where the rules (or the partner's bid) do not allow it."""
    BLIND_NIL_NOT_ALLOWED = "blind_nil_not_allowed"
    """A blind nil where the rules or the score do not allow it."""
    BLIND_BID_NOT_ALLOWED = "blind_bid_not_allowed"
    """A blind bid of a number where the rules or the score do not allow it (``blind_bid_min``)."""
    BID_NOT_ALLOWED = "bid_not_allowed"
    """A bid the bid format forbids: whiz, suicide, the team minimum, the cap on a partnership's bid, a total
    equal to the tricks, or a bid after which a later bidder could not bid."""
    INVALID_EXCHANGE = "invalid_exchange"
    """An exchange of the wrong number of cards, or of cards the seat does not hold."""
    INVALID_REDEAL = "invalid_redeal"
    """A redeal call by a seat whose hand does not qualify, or after the bidding started."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """A play of a card the seat does not hold."""
    MUST_FOLLOW_SUIT = "must_follow_suit"
    """A card of another suit played by a seat that holds a card of the suit led."""
    SPADES_NOT_BROKEN = "spades_not_broken"
    """A spade led before spades were broken by a seat that holds other suits."""
    MUST_LEAD_LOWEST_CLUB = "must_lead_lowest_club"
    """The first lead must be the lowest club in play (``first_lead="lowest_club"``)."""
    MUST_PLAY_LOWEST_CLUB = "must_play_lowest_club"
    """A club holder must play its lowest club to the first trick (``first_trick_lowest_club``)."""
    NO_SPADE_ON_FIRST_TRICK = "no_spade_on_first_trick"
    """A spade played to the first trick by a seat that cannot follow but holds other suits
    (``first_trick_spades=False``)."""
    CHANCE_ACTION = "chance_action"
    """A chance action (a :class:`~spades_rules.actions.Deal`) sent by a seat: only the table deals
    (:func:`~spades_rules.moves.apply_from_seat`)."""
    WRONG_SEAT = "wrong_seat"
    """An action of another seat than the one that sent it (:func:`~spades_rules.moves.apply_from_seat`)."""


class IllegalActionError(SpadesError):
    """An action :func:`~spades_rules.engine.apply` refuses.

    :attr:`reason` is the machine-readable :class:`IllegalReason`; :attr:`action` the refused action.
    The message names the action, the seat and what was wrong.
    """

    reason: IllegalReason
    """Why the action was refused, for a program to switch on."""
    action: Any
    """The refused action (None when there is none, e.g. a code that names no action)."""

    def __init__(self, reason: IllegalReason, message: str, *, action: Any = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.action = action


class RecordError(SpadesError):
    """A malformed, tampered or truncated game record. :attr:`where` says where it went wrong."""

    where: str
    """Where the record went wrong (``"actions[57]"``, ``"line 12"``, ``"rules"``), or empty."""

    def __init__(self, message: str, *, where: str = "") -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where


class ScoreSheetError(SpadesError):
    """A score sheet :func:`~spades_rules.scoring.score_hand` cannot score: wrong lengths, impossible numbers,
    tricks that do not add up to the hand. :attr:`where` says where a saved sheet
    (:meth:`ScoreSheet.from_dict <spades_rules.scoresheet.ScoreSheet.from_dict>`) went wrong (``"hands[2].tricks"``),
    and is empty otherwise."""

    where: str
    """Where a saved sheet or hand score went wrong (``"hands[2].tricks"``), or empty."""

    def __init__(self, message: str, *, where: str = "") -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where


class ObservationError(SpadesError):
    """A view :func:`~spades_rules.views.observe` cannot give, or one no deal is consistent with."""


class SeatError(SpadesError):
    """A seat argument that is not a seat of the table: not an integer (``"1"``, ``1.0``, ``True``) or out
    of range (``9``, ``-1``). :attr:`seat` is the value given, :attr:`players` the number of seats."""

    seat: object
    """The value given as a seat."""
    players: int
    """The number of seats of the table (5, the most of any table, when no table is known)."""

    def __init__(self, message: str, *, seat: object = None, players: int = 0) -> None:
        super().__init__(message)
        self.seat = seat
        self.players = players


class ArgumentTypeError(SpadesError, TypeError):
    """An argument of the wrong type (both a :class:`SpadesError` and a :class:`TypeError`); :attr:`parameter`
    names the argument, e.g. ``"state"`` for an :class:`~spades_rules.views.Observation` passed to
    :func:`~spades_rules.engine.legal_actions`."""

    parameter: str
    """The name of the argument of the wrong type."""

    def __init__(self, message: str, *, parameter: str = "") -> None:
        super().__init__(message)
        self.parameter = parameter


def check_seat(value: object, players: int, name: str = "seat") -> int:
    """``value`` as a seat ``0 … players-1``, or :class:`SeatError` naming ``name`` (the one check of every
    seat argument). Integers and integer-like values (``numpy.int64``) are accepted; booleans, floats and
    strings are not."""
    if type(value) is int and 0 <= value < players:
        return value
    if not isinstance(value, (bool, str, float)) and type(value).__name__ not in ("bool_", "bool"):
        try:
            index = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if 0 <= index < players:
                return index
    raise SeatError(f"{name} must be a seat 0-{players - 1}, not {describe(value)}", seat=value, players=players)


def check_dealer(value: object, players: int) -> int:
    """``value`` as the dealing seat, accepted like any seat, or :class:`SeatError` (:func:`check_seat`)."""
    return check_seat(value, players, "dealer")


def not_an_action(value: object, function: str, parameter: str = "action") -> ArgumentTypeError:
    """The error for a ``function`` argument that should be an action and is not: it names the function
    that turns such a value into an action (the caller checks the type and raises this)."""
    kind = type(value).__name__
    hint = ""
    if isinstance(value, str):
        hint = ": an action's text (its notation, e.g. '1:play AS') becomes an action with parse_action(text)"
    elif isinstance(value, dict):
        hint = ": an action's dict form becomes an action with action_from_dict(data)"
    elif isinstance(value, int) and not isinstance(value, bool):
        hint = ": an action code becomes the action of the seat to act with decode_action(code, state)"
    elif hasattr(value, "__index__") and not isinstance(value, bool):
        hint = ": an action code (a NumPy integer too) becomes an action with decode_action(code, state)"
    return ArgumentTypeError(
        f"{function}() needs an action (Deal, DrawDecision, Redeal, Bid, Exchange, Play) as {parameter}, "
        f"not {kind} {describe(value, 40)}{hint}",
        parameter=parameter,
    )


def not_a_state(value: object, function: str, parameter: str = "state") -> ArgumentTypeError:
    """The error for a ``function`` argument that should be a :class:`~spades_rules.state.GameState` (the
    caller checks the type and raises this)."""
    kind = type(value).__name__
    hint = ""
    if kind == "Observation":
        hint = (
            ": an Observation is one seat's view; its legal actions are view.legal_actions, and "
            "sample_deal(view) gives a full state consistent with it"
        )
    elif kind == "HandState":
        hint = ": pass the whole game (a GameState), not one of its hands"
    elif isinstance(value, dict):
        hint = ": a record dict becomes a state with from_dict(data)"
    elif isinstance(value, str):
        hint = ": a text record becomes a state with loads(text)"
    return ArgumentTypeError(f"{function}() needs a GameState as {parameter}, not {kind}{hint}", parameter=parameter)


def clip(text: str, limit: int = 60) -> str:
    """``text`` cut at its end to at most ``limit`` characters (``...`` marks the cut): how every message
    bounds a piece of text, keeping its beginning, where a message says what it is about."""
    return text if len(text) <= limit else text[: max(limit - 3, 0)] + "..."


_HUGE_BITS: Final = 200
"""Integers longer than this many bits are described by their size, not their digits (Python refuses to
print an integer of more than 4,300 digits, and a message has no room for one)."""


class _Describer(reprlib.Repr):
    """``reprlib`` bounded in depth and width, and made safe: every piece is cut at its end, huge integers
    are named by their size, and a value whose own ``repr`` fails or is huge is named by its type."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlong = 3, limit, limit, limit
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = self.maxdeque = 4
        self.maxarray = 4

    def repr_str(self, x: str, level: int) -> str:
        return repr(x) if len(x) <= self.maxstring else repr(x[: self.maxstring]) + "..."

    def repr_bytes(self, x: bytes, level: int) -> str:
        return repr(x) if len(x) <= self.maxstring else repr(x[: self.maxstring]) + "..."

    def repr_bytearray(self, x: bytearray, level: int) -> str:
        return f"bytearray({self.repr_bytes(bytes(x[: self.maxstring + 1]), level)})"

    def repr_int(self, x: int, level: int) -> str:
        return _integer(x)

    def repr_dict(self, x: dict[Any, Any], level: int) -> str:  # in the dict's own order, as repr does
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        shown = [
            f"{self.repr1(key, level - 1)}: {self.repr1(item, level - 1)}"
            for key, item in itertools.islice(x.items(), self.maxdict)
        ]
        return "{" + ", ".join(shown) + (", ...}" if len(x) > self.maxdict else "}")

    def repr_instance(self, x: object, level: int) -> str:
        if isinstance(x, int) and x.bit_length() > _HUGE_BITS:  # an int subclass printing huge digits
            return _integer(int(x))
        try:
            shown = repr(x)
        except Exception:
            return _type_of(x)
        if type(shown) is not str:  # a __repr__ returning a str subclass (or worse)
            return _type_of(x)
        return clip(shown, self.maxother)


def _integer(value: int) -> str:
    if value.bit_length() <= _HUGE_BITS:
        return repr(int(value))
    digits = int(value.bit_length() * 0.30103) + 1
    return f"a very large {'negative ' if value < 0 else ''}integer (about {digits:,} digits)"


def _type_of(value: object) -> str:
    return f"<{clip(type(value).__name__, 40)}>"


_DESCRIBERS: dict[int, _Describer] = {}


def describe(value: object, limit: int = 60) -> str:
    """A short, safe ``repr`` of anything for an error message: the one describer every message uses.

    Bounded in length (``limit`` characters; a string or a ``repr`` is cut at its end, marked ``...``) and
    in depth and width (a list nested 5,000 deep, or holding itself, shows its first levels); it never
    raises, whatever the value's own ``__repr__`` does (a value whose ``repr`` fails is named by its type),
    and an integer of 10,000 digits is named by its size."""
    describer = _DESCRIBERS.get(limit)
    if describer is None:
        describer = _DESCRIBERS.setdefault(limit, _Describer(limit))
    try:
        shown = describer.repr(value)
    except Exception:  # a hostile __eq__, __len__ or __iter__ inside a container
        shown = _type_of(value)
    return clip(shown, limit)


# ---------------------------------------------------------------------------------------- argument readers
MAX_ITEMS: Final = 1_000
"""The most items a collection given as an argument may hold (cards, seats, sides, bots): read with this
bound, an endless iterator is refused instead of hanging or filling the memory."""


def integer_or_none(value: object) -> int | None:
    """``value`` as an ``int`` when it is an integer (``int``, or integer-like such as ``numpy.int64``,
    through ``operator.index``), else None: a bool, a float, a string is no integer."""
    if type(value) is int:
        return value
    if isinstance(value, bool | float | str | bytes) or type(value).__name__ == "bool_":
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except Exception:
        return None


def read_items(
    value: object, function: str, what: str = "cards", limit: int = MAX_ITEMS, error: type[SpadesError] | None = None
) -> tuple[Any, ...]:
    """The items of the iterable ``value`` as a tuple, read with a bound (at most ``limit``), or an error
    naming ``function`` (a :class:`CardParseError` unless ``error`` says which): when ``value`` is not
    iterable, its iteration fails, or it holds more (an endless iterator included)."""
    if type(value) is tuple and len(value) <= limit:
        return value
    kind = error if error is not None else CardParseError
    try:
        items = tuple(itertools.islice(iter(value), limit + 1))  # type: ignore[call-overload]
    except Exception:
        raise kind(f"{function} needs {what} (an iterable of them), not {describe(value)}") from None
    if len(items) > limit:
        raise kind(f"{function}: more than {limit:,} {what} given")
    return items


def read_integers(value: object, name: str, count: int, per: str, error: type[SpadesError]) -> tuple[int, ...]:
    """``value`` as ``count`` integers, one ``per`` seat or side (a list, a tuple or an array of ints or
    NumPy integers, as ``int``), or ``error`` naming ``name``: a string or bytes (whose items are characters
    or bytes: ``b"AS"`` is no ``(65, 83)``), a dict or a set (no order), an iterator, bools, floats and the
    wrong count are refused."""
    numbers: tuple[int | None, ...] = ()
    if not isinstance(value, str | bytes | bytearray | memoryview) and _ordered_collection(value):
        try:
            numbers = tuple(map(integer_or_none, read_items(value, name, "integers", count, error)))
        except SpadesError:
            numbers = ()
    if len(numbers) != count or None in numbers:
        plural = "s" if count != 1 else ""
        raise error(f"{name} needs one integer per {per} ({count} {per}{plural}), not {describe(value)}")
    return numbers  # type: ignore[return-value]  # None was ruled out


def _ordered_collection(value: object) -> bool:
    """A list, a tuple, or another ordered sequence (a NumPy array): not a dict, a set or a lone value."""
    if isinstance(value, list | tuple):
        return True
    kind = type(value)
    return hasattr(kind, "__getitem__") and hasattr(kind, "__len__") and not hasattr(kind, "keys") and not (
        hasattr(kind, "isdisjoint")
    )


def random_source(value: object, function: str, parameter: str = "rng") -> random.Random:
    """``value`` as a random source: a :class:`random.Random` as it is, a seed (an ``int``, a NumPy
    integer, a ``str`` or ``bytes``) or None made one; anything else (a bool, a float, a list) is an
    :class:`ArgumentTypeError` naming ``function``. Every random choice of the library reads its seed here."""
    if isinstance(value, random.Random):
        return value
    if value is None or type(value) is int or type(value) in (str, bytes, bytearray):
        try:
            return random.Random(value)  # type: ignore[arg-type]
        except Exception:  # a str that is not valid Unicode text (a lone surrogate)
            pass
    else:
        number = integer_or_none(value)
        if number is not None:
            return random.Random(number)
    raise ArgumentTypeError(
        f"{function} needs a random.Random or a seed as {parameter} (an integer or a string), not {describe(value)}",
        parameter=parameter,
    )


# ---------------------------------------------------------------------------------------- values never built
_CACHES: Final = frozenset({"_hash", "_checked", "__weakref__", "__dict__"})
"""Slots that are caches, read with ``try``/``except AttributeError`` before they are first filled."""
_FIELDS_OF: dict[type, frozenset[str]] = {}


def _fields_of(cls: type) -> frozenset[str]:
    names = _FIELDS_OF.get(cls)
    if names is None:
        found: set[str] = set()
        for klass in cls.__mro__:
            slots = vars(klass).get("__slots__", ())
            found.update((slots,) if isinstance(slots, str) else slots)
            found.update(getattr(klass, "__annotations__", {}))
        names = _FIELDS_OF[cls] = frozenset(found - _CACHES)
    return names


def refuse_unbuilt(value: object, name: str) -> NoReturn:
    """The ``__getattr__`` of the library's values, reached only when an attribute is missing: a field of a
    value made without its constructor (``object.__new__``) is an :class:`ArgumentTypeError` saying so,
    wherever the value is passed; any other missing name is the usual ``AttributeError``. (Reading a field
    of a value its constructor built never comes here: the engine's reads cost nothing more.)"""
    if name in _fields_of(type(value)):
        kind = clip(type(value).__name__, 40)
        raise ArgumentTypeError(
            f"a {kind} made without its constructor (object.__new__) has no {name}: values are built by their "
            "constructors (or the engine), which check them",
            parameter=name,
        )
    raise AttributeError(
        f"{describe(type(value).__name__)} object has no attribute {describe(name)}", name=name, obj=value
    )


_Class = TypeVar("_Class", bound=type)


def guard_unbuilt(cls: _Class) -> _Class:
    """A class decorator for the library's values read off the engine's hot path: a field missing from a
    value never built by its constructor is a library error wherever it is read (:func:`refuse_unbuilt` as
    ``__getattr__``, which Python calls only when an attribute is missing), and its ``repr`` and ``str``
    never raise (:func:`never_raising_text`). (Set at run time, so that type checkers still see every
    misspelt attribute. Not for the values the engine reads in every action: a class with ``__getattr__``
    reads all its attributes more slowly; those values are checked at their entry points instead.)"""
    cls.__getattr__ = refuse_unbuilt  # type: ignore[attr-defined]
    return never_raising_text(cls)


def never_raising_text(cls: _Class) -> _Class:
    """A class decorator: the class's ``repr`` and ``str`` never raise, for a value never built by its
    constructor (``object.__new__``) too, which prints as a plain description."""
    for name in ("__repr__", "__str__"):
        method = getattr(cls, name)
        if method is not object.__repr__ and method is not object.__str__:
            setattr(cls, name, _never_raising(method, cls.__name__))
    return cls


def _never_raising(method: Any, kind: str) -> Any:
    def text(self: object) -> str:
        try:
            shown = method(self)
        except Exception:
            return f"<{kind} (not built by its constructor)>"
        return shown if type(shown) is str else f"<{kind}>"

    text.__name__, text.__qualname__, text.__doc__ = method.__name__, method.__qualname__, method.__doc__
    text.__wrapped__ = method  # type: ignore[attr-defined]
    return text

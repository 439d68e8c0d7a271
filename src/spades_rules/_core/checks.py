"""The argument readers every layer shares, so that every public entry point reads its arguments alike
and refuses a wrong one with a library error (:mod:`spades_rules.errors`): the seat and dealer checks,
the errors for a value that is not an action or not a state, integers (NumPy's too, never a bool),
iterables read with a bound, random sources, and the class decorators for values never built by their
constructors."""

from __future__ import annotations

import itertools
import operator
import random
from typing import Any, Final, NoReturn, TypeVar

from spades_rules._core.messages import clip, describe
from spades_rules.errors import ArgumentTypeError, CardParseError, SeatError, SpadesError


def check_seat(value: object, players: int, name: str = "seat") -> int:
    """``value`` as a seat ``0 … players-1``, or :class:`SeatError` naming ``name`` (the one check of every
    seat argument). Integers and integer-like values (``numpy.int64``) are accepted; booleans, floats and
    strings are not."""
    if type(value) is int and 0 <= value < players:
        return value
    if not isinstance(value, (bool, str, float)) and type(value).__name__ not in ("bool_", "bool"):
        try:
            index = operator.index(value)  # type: ignore[arg-type]
        except Exception:  # no integer, or one whose __index__ fails
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


# ---------------------------------------------------------------------------------------- argument readers
MAX_SEATS: Final = 5
"""The most seats of any table (``Rules.players`` is 2 to 5): an action's seat is checked against it before
the table is known."""

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

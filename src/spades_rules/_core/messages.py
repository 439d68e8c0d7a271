"""How a message shows a value: :func:`describe`, the one bounded, never-raising ``repr`` every error message
uses, and :func:`clip`, how a message cuts a piece of text. It sits below :mod:`spades_rules.errors`, whose
errors describe the values they carry with it."""

from __future__ import annotations

import itertools
import reprlib
from typing import Any, Final


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


def missing_extra(module: str, extra: str, error: ImportError) -> ModuleNotFoundError:
    """The error of an optional module imported without its extra: what is missing and the one line that
    installs it (raise it ``from error``, so the missing package stays readable as its cause). A
    :class:`ModuleNotFoundError` naming the missing package, as Python's own would be, so that code that
    skips what is not installed (``pytest.importorskip``) still does."""
    missing = error.name or "an optional package"
    return ModuleNotFoundError(
        f"{module} needs {missing}, an optional dependency: pip install 'spades_rules[{extra}]'", name=missing
    )

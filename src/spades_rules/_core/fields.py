"""The field validators and converters of :class:`~spades_rules.rules.Rules`' options.

Each option checks its own type and range where it is declared; :class:`~spades_rules.rules.Rules`
then checks how the options combine. Every failure is a :class:`~spades_rules.errors.RulesError`
naming the option.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, get_args

import attrs

from spades_rules._core.checks import read_items
from spades_rules._core.messages import describe
from spades_rules.cards import _CARD_IDS, Card, parse_cards
from spades_rules.errors import RulesError, SpadesError

__all__ = ["MAX_NUMBER", "choice", "flag", "number", "redeal_conditions", "removed_cards"]

MAX_NUMBER: Final = 1_000_000
"""Bound on every score-like number, so that a malformed record cannot smuggle in a huge integer."""

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def choice(kind: Any, *, optional: bool = False) -> Validator:
    """A field validator: the value is one of the names of the ``Literal`` type ``kind`` (or None when
    ``optional``)."""
    choices = get_args(kind)

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is None and optional:
            return
        if not isinstance(value, str) or value not in choices:
            names = ", ".join(map(repr, (*choices, None) if optional else choices))
            raise RulesError(f"{attribute.name} must be one of {names}, not {describe(value)}")

    return check


def flag(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """A field validator: True or False (not 1, not "yes")."""
    if type(value) is not bool:
        raise RulesError(f"{attribute.name} must be True or False, not {describe(value)}")


def number(low: int = -MAX_NUMBER, high: int = MAX_NUMBER, *, optional: bool = False, why: str = "") -> Validator:
    """A field validator: an ``int`` (not a bool or float) in ``low``-``high``, or None when ``optional``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is None and optional:
            return
        if type(value) is not int:
            raise RulesError(f"{attribute.name} must be an integer, not {describe(value)}")
        if abs(value) > MAX_NUMBER:
            raise RulesError(f"{attribute.name}={describe(value)} is out of range (at most {MAX_NUMBER} in size)")
        if not low <= value <= high:
            bound = f"between {low} and {high}" if high < MAX_NUMBER else f"at least {low}"
            raise RulesError(f"{attribute.name} must be {bound}{why}, not {value}")

    return check


def as_card(value: Card | str) -> Card:
    """``value`` as a card: a :class:`Card` as it is, a string parsed (:class:`CardParseError` otherwise,
    for an object that only claims to be a card too)."""
    if id(value) in _CARD_IDS:
        return value  # type: ignore[return-value]  # one of the 54 cards
    return Card.parse(value)  # type: ignore[arg-type]  # a string, or the error saying it is no card


def removed_cards(value: Iterable[Card | str] | str | None) -> tuple[Card, ...] | None:
    """The converter of ``removed_cards``: cards or card strings, sorted; None stays None."""
    if value is None:
        return None
    try:
        cards: tuple[Card, ...]
        if isinstance(value, str):
            cards = parse_cards(value)
        else:
            cards = tuple(map(as_card, (value,) if isinstance(value, Card) else read_items(value, "removed_cards")))
    except SpadesError as error:
        raise RulesError(f"removed_cards must be cards or card strings such as '2C': {error}") from None
    return tuple(sorted(cards))


def redeal_conditions(value: Iterable[str] | str, names: tuple[str, ...]) -> tuple[str, ...]:
    """The conversion of ``redeal_on``: one condition or several, each one of ``names``, sorted."""
    try:
        given = (value,) if isinstance(value, str) else read_items(value, "redeal_on", "condition names")
    except SpadesError:
        raise RulesError(f"redeal_on must be a condition name or a tuple of them, not {describe(value)}") from None
    for condition in given:
        if not isinstance(condition, str) or condition not in names:
            raise RulesError(
                f"redeal_on: unknown condition {describe(condition)}; choose from {', '.join(map(repr, names))}"
            )
    return tuple(sorted(set(given)))

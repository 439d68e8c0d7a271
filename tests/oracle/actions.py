"""The model's own action values, and their conversion from the library's.

The model does not rely on the library's action classes (their checks and normal forms are part of what
is tested); it names the same actions with the same fields, and ``from_library`` maps the library's
values to these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

import spades_rules
from spades_rules import Card


@dataclass(frozen=True, order=True)
class Bid:
    """A bid of ``tricks`` (0 is nil), blind or not."""

    seat: int
    tricks: int
    blind: bool = False

    @property
    def is_nil(self) -> bool:
        return self.tricks == 0

    def __str__(self) -> str:
        kind = "nil" if self.is_nil else f"bid {self.tricks}"
        return f"{self.seat}:{'blind ' if self.blind else ''}{kind}"


@dataclass(frozen=True, order=True)
class Play:
    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}:play {self.card}"


@dataclass(frozen=True, order=True)
class Exchange:
    """Cards passed to the partner, as a sorted tuple (the order they are named in does not matter)."""

    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def __str__(self) -> str:
        return f"{self.seat}:pass {' '.join(map(str, self.cards))}"


@dataclass(frozen=True, order=True)
class DrawDecision:
    seat: int
    keep: bool

    def __str__(self) -> str:
        return f"{self.seat}:{'keep' if self.keep else 'reject'}"


@dataclass(frozen=True, order=True)
class Redeal:
    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:redeal"


Action: TypeAlias = Bid | Play | Exchange | DrawDecision | Redeal


def from_library(action: spades_rules.PlayerAction) -> Action:
    """The model's value for one of the library's player actions."""
    if isinstance(action, spades_rules.Bid):
        return Bid(action.seat, action.tricks, action.blind)
    if isinstance(action, spades_rules.Play):
        return Play(action.seat, action.card)
    if isinstance(action, spades_rules.Exchange):
        return Exchange(action.seat, tuple(action.cards))
    if isinstance(action, spades_rules.DrawDecision):
        return DrawDecision(action.seat, action.keep)
    assert isinstance(action, spades_rules.Redeal), action
    return Redeal(action.seat)


def bid_from_library(bid: spades_rules.Bid | None) -> Bid | None:
    return None if bid is None else Bid(bid.seat, bid.tricks, bid.blind)

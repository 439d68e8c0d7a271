"""The options of a game, read from a plain dict (``Rules.options()``, or a dict the generator built).

Every option has its default here, the house rules included, so that a dict written before the library
had an option still describes a game. Nothing here checks a combination: that is :mod:`oracle.validity`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from spades_rules import Card, Rules

DEFAULTS: dict[str, Any] = {
    # table and deck
    "players": 4,
    "partnerships": True,
    "with_jokers": False,
    "trump_order": "ace_high",
    "removed_cards": None,
    "deal_method": "deal",
    "draw_second_card_seen": True,
    # bidding
    "bidding": "standard",
    "bid_order": "clockwise",
    "min_bid": 1,
    "nil": True,
    "nil_value": 100,
    "blind_nil": True,
    "blind_nil_value": 200,
    "blind_nil_deficit": 100,
    "blind_nil_exchange": 2,
    "both_partners_nil": True,
    "team_min_bid": None,
    "forbid_total_equal_tricks": False,
    # play
    "first_lead": "left_of_dealer",
    "spade_lead": "after_broken",
    # scoring
    "set_penalty": "minus_bid",
    "failed_nil_tricks": "bags",
    "bag_value": 1,
    "bag_limit": 10,
    "bag_penalty": 100,
    "bag_overflow": "carry",
    # game end
    "target_score": 500,
    "losing_score": None,
    "max_hands": None,
    # misdeal
    "redeal_on": (),
    # the published house rules
    "max_team_bid": None,
    "double_nil_value": None,
    "double_nil_penalty": None,
    "blind_bid_min": None,
    "blind_bid_deficit": 100,
    "blind_bid_multiplier": 2,
    "nil_exchange": 0,
    "first_trick_spades": True,
    "first_trick_lowest_club": False,
    "ten_for_two_hundred": False,
    "moon": None,
    "moon_points": 200,
}
"""Every option the oracle knows and its default (standard partnership Spades, no house rule)."""

HOUSE_RULES: tuple[str, ...] = (
    "max_team_bid",
    "double_nil_value",
    "double_nil_penalty",
    "blind_bid_min",
    "blind_bid_deficit",
    "blind_bid_multiplier",
    "nil_exchange",
    "first_trick_spades",
    "first_trick_lowest_club",
    "ten_for_two_hundred",
    "moon",
    "moon_points",
)
"""The house-rule options (new fields of ``Rules``); their extra values of older options are
``spade_lead="after_first_trick"``, ``failed_nil_tricks="ignored"`` and ``redeal_on`` ``"seven_card_suit"``."""


@dataclass(frozen=True)
class Options:
    """One game's options, every one present (defaults filled in)."""

    players: int
    partnerships: bool
    with_jokers: bool
    trump_order: str
    removed_cards: tuple[str, ...] | None
    deal_method: str
    draw_second_card_seen: bool
    bidding: str
    bid_order: str
    min_bid: int
    nil: bool
    nil_value: int
    blind_nil: bool
    blind_nil_value: int
    blind_nil_deficit: int | None
    blind_nil_exchange: int
    both_partners_nil: bool
    team_min_bid: int | None
    forbid_total_equal_tricks: bool
    first_lead: str
    spade_lead: str
    set_penalty: str
    failed_nil_tricks: str
    bag_value: int
    bag_limit: int | None
    bag_penalty: int
    bag_overflow: str
    target_score: int
    losing_score: int | None
    max_hands: int | None
    redeal_on: tuple[str, ...]
    max_team_bid: int | None
    double_nil_value: int | None
    double_nil_penalty: int | None
    blind_bid_min: int | None
    blind_bid_deficit: int | None
    blind_bid_multiplier: int
    nil_exchange: int
    first_trick_spades: bool
    first_trick_lowest_club: bool
    ten_for_two_hundred: bool
    moon: str | None
    moon_points: int

    @classmethod
    def from_dict(cls, given: Mapping[str, Any]) -> Options:
        """The options of ``given`` over the defaults; an unknown name is a ``KeyError``."""
        unknown = set(given) - set(DEFAULTS)
        if unknown:
            raise KeyError(f"unknown option(s): {', '.join(sorted(unknown))}")
        values = {**DEFAULTS, **given}
        removed = values["removed_cards"]
        values["removed_cards"] = None if removed is None else tuple(str(Card.parse(str(card))) for card in removed)
        redeal = values["redeal_on"]
        values["redeal_on"] = (redeal,) if isinstance(redeal, str) else tuple(redeal)
        return cls(**values)

    @classmethod
    def of(cls, rules: Rules) -> Options:
        """The options of a library ``Rules`` value, read from its public ``options()``."""
        return cls.from_dict(rules.options())

    def as_dict(self) -> dict[str, Any]:
        return {field.name: getattr(self, field.name) for field in fields(self)}

    # ------------------------------------------------------------------------------- the table
    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: partners opposite in partnership play, else one seat per side."""
        if self.partnerships:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.players))

    @property
    def num_sides(self) -> int:
        return len(self.sides)

    def side_of(self, seat: int) -> int:
        return next(index for index, members in enumerate(self.sides) if seat in members)

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.partnerships else None

    # ------------------------------------------------------------------------------- bidding
    @property
    def has_bidding_phase(self) -> bool:
        """The players choose bids (standard, whiz, suicide); no-bid has no bids, mirror fixes them."""
        return self.bidding in ("standard", "whiz", "suicide")

    @property
    def team_minimum(self) -> int | None:
        """The team minimum in force: the explicit one, else 4 for suicide and for team bidding."""
        if self.team_min_bid is not None:
            return self.team_min_bid
        if self.bidding == "suicide":
            return 4
        if self.bidding == "standard" and self.bid_order == "partners_consecutive":
            return 4
        return None

    @property
    def offers_blind_nil(self) -> bool:
        return self.blind_nil and self.nil and self.bidding == "standard"

    @property
    def offers_blind_bids(self) -> bool:
        return self.blind_bid_min is not None and self.bidding == "standard"

"""Random option sets that compose options aggressively: a preset, then several options changed at once to
values that often clash (the differential expects the library to refuse exactly the sets the model
refuses). Only options the library knows are drawn, so the house rules join in once they exist.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from oracle.options import HOUSE_RULES

_TWOS = ["2C", "2D", "2H", "2S"]

POOLS: dict[str, Callable[[random.Random], Any]] = {
    "players": lambda rng: rng.choice([2, 3, 4, 4, 5]),
    "partnerships": lambda rng: rng.random() < 0.6,
    "with_jokers": lambda rng: rng.random() < 0.5,
    "trump_order": lambda rng: rng.choice(["ace_high", "deuce_of_spades_high", "joker_joker_deuce_deuce"]),
    "removed_cards": lambda rng: rng.choice(
        [None, None, [], ["2C"], ["2C", "2D"], rng.sample(_TWOS, rng.randint(0, 4)), ["LJ", "BJ"], ["2C", "2C"]]
    ),
    "deal_method": lambda rng: rng.choice(["deal", "deal", "draw"]),
    "draw_second_card_seen": lambda rng: rng.random() < 0.5,
    "bidding": lambda rng: rng.choice(["standard", "standard", "none", "mirror", "whiz", "suicide"]),
    "bid_order": lambda rng: rng.choice(["clockwise", "partners_consecutive"]),
    "min_bid": lambda rng: rng.choice([1, 1, 2, 3, 5, 13, 14]),
    "nil": lambda rng: rng.random() < 0.7,
    "nil_value": lambda rng: rng.choice([0, 50, 100, 150]),
    "blind_nil": lambda rng: rng.random() < 0.6,
    "blind_nil_value": lambda rng: rng.choice([100, 200, 300]),
    "blind_nil_deficit": lambda rng: rng.choice([None, None, 0, 50, 100, 200]),
    "blind_nil_exchange": lambda rng: rng.choice([0, 1, 2, 2, 3, 7]),
    "both_partners_nil": lambda rng: rng.random() < 0.6,
    "team_min_bid": lambda rng: rng.choice([None, None, 1, 2, 4, 6, 13, 14]),
    "forbid_total_equal_tricks": lambda rng: rng.random() < 0.4,
    "first_lead": lambda rng: rng.choice(["left_of_dealer", "lowest_club"]),
    "spade_lead": lambda rng: rng.choice(["after_broken", "anytime", "after_first_trick"]),
    "set_penalty": lambda rng: rng.choice(["minus_bid", "zero"]),
    "failed_nil_tricks": lambda rng: rng.choice(["bags", "bags_no_points", "count_for_partner", "ignored"]),
    "bag_value": lambda rng: rng.choice([0, 1, 1, 2]),
    "bag_limit": lambda rng: rng.choice([None, 3, 5, 10, 10]),
    "bag_penalty": lambda rng: rng.choice([0, 50, 100]),
    "bag_overflow": lambda rng: rng.choice(["carry", "reset"]),
    "target_score": lambda rng: rng.choice([60, 100, 200, 300, 500]),
    "losing_score": lambda rng: rng.choice([None, None, -100, -200, -500, 600]),
    "max_hands": lambda rng: rng.choice([None, 1, 2, 3, 5]),
    "redeal_on": lambda rng: rng.sample(
        ["no_spades", "one_or_no_spades", "no_face_cards", "seven_card_suit"], rng.randint(0, 3)
    ),
    # the house rules
    "max_team_bid": lambda rng: rng.choice([None, None, 3, 5, 8, 10, 13, 14]),
    "double_nil_value": lambda rng: rng.choice([None, 100, 200]),
    "double_nil_penalty": lambda rng: rng.choice([None, 0, 100]),
    "blind_bid_min": lambda rng: rng.choice([None, 1, 4, 6, 6, 8, 14]),
    "blind_bid_deficit": lambda rng: rng.choice([None, None, 0, 100]),
    "blind_bid_multiplier": lambda rng: rng.choice([0, 1, 2, 2, 3]),
    "nil_exchange": lambda rng: rng.choice([0, 1, 1, 2, 3, 7]),
    "first_trick_spades": lambda rng: rng.random() < 0.5,
    "first_trick_lowest_club": lambda rng: rng.random() < 0.5,
    "ten_for_two_hundred": lambda rng: rng.random() < 0.5,
    "moon": lambda rng: rng.choice([None, "points", "win"]),
    "moon_points": lambda rng: rng.choice([100, 200, 500]),
}
"""For each option, a draw of a value: usual ones, and now and then one that clashes with others."""

HOUSE_RULE_VALUES = {"spade_lead": ["after_first_trick"], "failed_nil_tricks": ["ignored"]}


def random_options(
    rng: random.Random, known: frozenset[str], presets: dict[str, dict[str, Any]], *, house_rules: bool
) -> dict[str, Any]:
    """A preset's options (``presets`` maps names to their changes) and a few more changed at random.

    ``known`` is the set of options the library has; without ``house_rules`` the house rules' new
    values of older options are not drawn. One draw in four favours the house rules.
    """
    options = dict(presets[rng.choice(sorted(presets))])
    names = sorted(name for name in POOLS if name in known)
    house = [name for name in names if name in HOUSE_RULES]
    for _ in range(rng.choice([0, 1, 2, 3, 4, 6, 9])):
        name = rng.choice(house) if house and rng.random() < 0.25 else rng.choice(names)
        options[name] = POOLS[name](rng)
    if not house_rules:
        for name, values in HOUSE_RULE_VALUES.items():
            while options.get(name) in values:
                options[name] = POOLS[name](rng)
        if "seven_card_suit" in options.get("redeal_on", ()):
            options["redeal_on"] = [value for value in options["redeal_on"] if value != "seven_card_suit"]
    return options


def playable(rng: random.Random, options: dict[str, Any], fix: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Try a few random repairs until ``fix`` accepts the set (used to steer towards valid sets)."""
    for _ in range(20):
        if fix(options):
            return options
        name = rng.choice(sorted(options)) if options else None
        if name is None:
            return options
        del options[name]
    return options

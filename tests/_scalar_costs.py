"""The scalar engine's cost counts: seeded random hands of every preset and of a few house-rule sets,
counted per phase by :class:`_call_counts.CallCounter`.

Run as a script (``python tests/_scalar_costs.py [--plant-slowdown]``) it prints the counts as JSON;
``test_cost_budgets.py`` runs it in a fresh interpreter with a fixed hash seed, so that the engine's caches
start cold and set orders are the same on every run. Each case plays :data:`HANDS` hands of random legal
actions (a new game when one ends) and counts, per phase, the calls of ``Deal.shuffled`` and ``apply`` of
the deal (``deal``), and of ``legal_actions`` and ``apply`` for the actions of each phase (``draw``,
``bid``, ``exchange``, ``play``); the play that ends a hand counts as ``end``, as it also scores the hand.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
if str(SRC) not in sys.path:  # run as a script from a checkout without the package installed
    sys.path.insert(0, str(SRC))

import spades_rules  # noqa: E402
from spades_rules import Deal, Phase, Rules, apply, legal_actions, new_game  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _call_counts import CallCounter  # noqa: E402

HANDS = 20
"""Hands per case: enough to meet each phase's cache misses and hits."""

HOUSE_RULES: dict[str, dict[str, object]] = {
    "house:blind_bids_exchanges": {"blind_bid_min": 6, "nil_exchange": 1, "target_score": 200},
    "house:bid_ties": {"forbid_total_equal_tricks": True, "max_team_bid": 10, "team_min_bid": 4,
                       "both_partners_nil": False},
    "house:first_trick": {"first_lead": "lowest_club", "first_trick_spades": False, "first_trick_lowest_club": True,
                          "spade_lead": "after_first_trick"},
    "house:redeals_scoring": {"redeal_on": ("one_or_no_spades", "no_face_cards", "seven_card_suit"),
                              "ten_for_two_hundred": True, "moon": "win", "target_score": 250,
                              "losing_score": -200},
}
"""House-rule sets over the standard game, named for what they exercise."""


def cases() -> dict[str, Rules]:
    """Every preset, then the house-rule sets."""
    found = {f"preset:{name}": rules for name, rules in Rules.presets().items()}
    found.update({name: Rules.standard().evolve(**changes) for name, changes in HOUSE_RULES.items()})
    return found


def _label(state: spades_rules.GameState) -> str:
    """The phase an action of ``state`` belongs to (``end`` for the play that finishes the hand)."""
    hand = state.hand
    if state.phase is Phase.PLAY and hand is not None:
        rules = state.rules
        if len(hand.completed_tricks) == rules.cards_each - 1 and len(hand.trick_cards) == rules.players - 1:
            return "end"
    return state.phase.value


def count(rules: Rules, hands: int = HANDS, seed: int = 0) -> dict[str, int]:
    """The counts of ``hands`` seeded random hands under ``rules`` (see the module)."""
    rng = random.Random(seed)
    counter = CallCounter(Path(spades_rules.__file__).parent)
    state = new_game(rules)
    with counter:
        for _ in range(hands):
            if state.phase is Phase.GAME_OVER:
                state = new_game(rules)
            counter.label = "deal"
            state = apply(state, Deal.shuffled(rules, rng))
            counter.label = None
            while state.phase is not Phase.DEAL and state.phase is not Phase.GAME_OVER:
                label = _label(state)
                counter.label = label
                actions = legal_actions(state)
                counter.label = None
                action = rng.choice(actions)
                counter.label = label
                state = apply(state, action)
                counter.label = None
    return counter.flat()


def measure() -> dict[str, dict[str, int]]:
    """The counts of every case, by case name, in this order: each case from the caches the ones before left
    (the first, cold ones included), then ``warm:standard``, the standard game again on other deals, as a
    long-running program plays it."""
    built = cases()  # built (and validated) before counting
    for rules in built.values():
        rules.tables  # noqa: B018 - the compiled tables are part of the value, not of a hand
    counts = {name: count(rules) for name, rules in built.items()}
    counts["warm:standard"] = count(Rules.standard(), seed=1)
    return counts


def plant_slowdown() -> None:
    """Make the engine work out the legality mask of a play twice (for the check's own test: it must fail)."""
    from spades_rules import engine

    playable = engine._playable

    def twice(*args: object) -> int:
        playable(*args)  # type: ignore[arg-type]
        return playable(*args)  # type: ignore[arg-type]

    engine._playable = twice  # type: ignore[assignment]


if __name__ == "__main__":
    if "--plant-slowdown" in sys.argv[1:]:
        plant_slowdown()
    json.dump({"python": f"{sys.version_info[0]}.{sys.version_info[1]}", "counts": measure()}, sys.stdout)

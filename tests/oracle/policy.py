"""How the differential picks actions: at random, but bidding low and loving nils and blind bids, so that
nils, blind bids, bags, bag penalties, sets, redeals and exchanges all come up."""

from __future__ import annotations

import random
from collections.abc import Sequence

from oracle.actions import Action, Bid, Redeal


def choose(rng: random.Random, actions: Sequence[Action]) -> Action:
    """One of ``actions`` (the legal actions, redeal calls included)."""
    redeals = [action for action in actions if isinstance(action, Redeal)]
    if redeals and rng.random() < 0.25:
        return rng.choice(redeals)
    bids = [action for action in actions if isinstance(action, Bid)]
    if not bids:
        return rng.choice([action for action in actions if not isinstance(action, Redeal)] or list(actions))
    for wanted, chance in (
        ([bid for bid in bids if bid.blind and bid.is_nil], 0.4),
        ([bid for bid in bids if bid.blind and not bid.is_nil], 0.3),
        ([bid for bid in bids if bid.is_nil and not bid.blind], 0.35),
        ([bid for bid in bids if not bid.blind and 1 <= bid.tricks <= 3], 0.8),
        ([bid for bid in bids if bid.tricks == max(other.tricks for other in bids)], 0.03),
    ):
        if wanted and rng.random() < chance:
            return rng.choice(wanted)
    return rng.choice(bids)


def starting_scores(rng: random.Random, sides: int, target: int, losing: int | None) -> list[int] | None:
    """One game in two, starting scores (often leaving a side far behind, so blind bids open)."""
    if rng.random() < 0.5:
        return None
    if rng.random() < 0.1:  # now and then scores that already end the game (new_game must refuse them)
        return [rng.choice([target, target + 40, losing if losing is not None else target]) for _ in range(sides)]
    high = max(target - 60, 1)
    floor = losing + 1 if losing is not None else -300
    return [rng.randint(max(floor, 0), high) if rng.random() < 0.5 else rng.randint(floor, high) for _ in range(sides)]

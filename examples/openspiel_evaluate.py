"""Evaluate two bots on Spades with jokers in OpenSpiel, with OpenSpiel's own ``evaluate_bots``.

Side 0 (seats 0 and 2) is spades_rules' HeuristicBot made a ``pyspiel.Bot`` by
``spades_rules.openspiel.as_bot``: it decides from its seat's ``observe`` view only. Side 1 (seats 1
and 3) is OpenSpiel's uniform random bot. Each episode is one hand; a seat's return is its side's points
for the hand.

    python examples/openspiel_evaluate.py --hands 200 --seed 1
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

from spades_rules.bots import HeuristicBot
from spades_rules.openspiel import as_bot  # importing spades_rules.openspiel registers "spades_rules"

GAME = "spades_rules(preset=jokers,bag_limit=5)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200, help="hands to play (one per episode)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = pyspiel.load_game(GAME)
    rng = np.random.RandomState(args.seed)
    bots = [
        as_bot(HeuristicBot(args.seed), 0),  # a library bot as a pyspiel.Bot: it sees only its seat's view
        pyspiel.make_uniform_random_bot(1, args.seed),
        as_bot(HeuristicBot(args.seed + 1), 2),
        pyspiel.make_uniform_random_bot(3, args.seed + 1),
    ]
    started = time.perf_counter()
    points: list[list[float]] = [[], []]
    for _ in range(args.hands):
        returns = evaluate_bots(game.new_initial_state(), bots, rng)
        points[0].append(returns[0])
        points[1].append(returns[1])
    elapsed = time.perf_counter() - started
    print(f"{game}: {args.hands} hands in {elapsed:.1f} s")
    for side, name in enumerate(["HeuristicBot (seats 0, 2)", "uniform random (seats 1, 3)"]):
        mean, spread = statistics.fmean(points[side]), statistics.stdev(points[side])
        print(f"  side {side} {name}: {mean:+.1f} points per hand (sd {spread:.1f})")
    wins = sum(a > b for a, b in zip(points[0], points[1], strict=True))
    print(f"  side 0 outscored side 1 in {wins} of {args.hands} hands")


if __name__ == "__main__":
    main()

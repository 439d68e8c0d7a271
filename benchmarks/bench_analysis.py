"""The double-dummy solver's speed by tricks left, beside DDS's (through endplay, the ``dds`` extra), and
its agreement with DDS.

Positions are random standard deals played at random to the given number of tricks left (trick
boundaries), under ``spade_lead="anytime"`` so that both solvers apply; each is solved (:func:`solve`) by the
pure-Python search and by DDS in the same run. Printed per number of tricks left: the pure solver's median
and 90th-percentile CPU time, DDS's median, and their ratio, with the machine's load average (``uptime``)
beside them. ``--agreement N`` also compares every legal card's value (:func:`card_values`) on N random
positions, the current trick part played, with 1 to ``--most-left`` tricks left.

Run: ``python benchmarks/bench_analysis.py [--tricks 1,3,5,8] [--positions 20] [--seed 1]
[--agreement 0] [--most-left 8] [--quick]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from spades_rules import Deal, GameState, Phase, Play, Rules, apply, legal_actions, new_game
from spades_rules.analysis import card_values, solve

RULES = Rules.standard().evolve(spade_lead="anytime")


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.1f} {five:.1f} {fifteen:.1f}"


def _position(rng: random.Random, left: int, extra: int = 0) -> GameState:
    state = apply(new_game(RULES, dealer=rng.randrange(4)), Deal.shuffled(RULES, rng))
    while state.phase is not Phase.PLAY:
        state = apply(state, rng.choice(legal_actions(state)))
    for _ in range((13 - left) * 4 + extra):
        plays = [play for play in legal_actions(state) if isinstance(play, Play)]
        state = apply(state, rng.choice(plays))
    return state


def _cpu(function: object, state: GameState, backend: str) -> float:
    started = time.process_time()
    function(state, backend=backend)  # type: ignore[operator]
    return time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tricks", default="1,2,3,4,5,6,7,8,9,10", help="tricks left, comma-separated")
    parser.add_argument("--positions", type=int, default=20, help="positions per number of tricks left")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agreement", type=int, default=0, help="positions compared with DDS card by card")
    parser.add_argument("--most-left", type=int, default=8, help="the most tricks left in the agreement run")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 positions at 1, 3 and 5 tricks")
    parser.add_argument("--no-speed", action="store_true", help="only the agreement run")
    args = parser.parse_args()
    tricks = [] if args.no_speed else [1, 3, 5] if args.quick else [int(part) for part in args.tricks.split(",")]
    positions = 2 if args.quick else args.positions
    solve(_position(random.Random(0), 3), backend="dds")  # DDS's first call sets up its tables
    print(f"pure-Python solve vs DDS (endplay), {positions} positions each, one core; {_load()}")
    print(f"{'tricks left':>11} {'median ms':>10} {'p90 ms':>9} {'DDS ms':>8} {'ratio':>7}  {'load':>16}")
    for left in tricks:
        rng = random.Random(args.seed * 100 + left)
        ours, theirs = [], []
        for _ in range(positions):
            state = _position(rng, left)
            ours.append(_cpu(solve, state, "python"))
            theirs.append(_cpu(solve, state, "dds"))
        ours.sort()
        median, dds = statistics.median(ours), statistics.median(theirs)
        p90 = ours[min(len(ours) - 1, int(0.9 * len(ours)))]
        print(f"{left:>11} {1000 * median:>10.2f} {1000 * p90:>9.2f} {1000 * dds:>8.2f} "
              f"{median / max(dds, 1e-6):>7.1f}  {_load():>16}", flush=True)
    if args.agreement:
        rng = random.Random(args.seed)
        agree = 0
        by_left: dict[int, int] = {}
        started = time.process_time()
        for number in range(args.agreement):
            left = rng.randint(1, args.most_left)
            state = _position(rng, left, rng.randrange(4))
            same = card_values(state, backend="python") == card_values(state, backend="dds")
            agree += same
            by_left[left] = by_left.get(left, 0) + 1
            if not same:
                print(f"  DISAGREE at position {number} ({left} tricks left)")
            if (number + 1) % 250 == 0:
                print(f"  ... {agree} of {number + 1} agree", flush=True)
        print(f"agreement with DDS, card by card: {agree} of {args.agreement} positions "
              f"({', '.join(f'{n} with {k} left' for k, n in sorted(by_left.items()))}); "
              f"{time.process_time() - started:.0f} s CPU; {_load()}")


if __name__ == "__main__":
    main()

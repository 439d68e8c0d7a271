"""The double-dummy solver's speed by tricks left, beside DDS's (through endplay, the ``dds`` extra), and
its agreement with DDS.

Positions are random standard deals played at random to the given number of tricks left (trick
boundaries), under ``spade_lead="anytime"`` so that both solvers apply; each is solved (:func:`solve`) by the
pure-Python search and by DDS in the same run. Printed per number of tricks left: the pure solver's median
and 90th-percentile CPU time, DDS's median, and their ratio, with the machine's load average (``uptime``)
beside them. ``--agreement N`` also compares the position's value (:func:`solve`) and every legal card's
value (:func:`card_values`) on N random positions with ``--least-left`` to ``--most-left`` tricks left (13:
whole deals), the current trick part played (0 to 3 cards, at random), and prints the positions and card
values compared by tricks left and every disagreement.

Run: ``python benchmarks/bench_analysis.py [--tricks 1,3,5,8] [--positions 20] [--seed 1]
[--agreement 0] [--least-left 1] [--most-left 8] [--progress 250] [--no-speed] [--quick]``.
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
    parser.add_argument("--least-left", type=int, default=1, help="the fewest tricks left in the agreement run")
    parser.add_argument("--most-left", type=int, default=8, help="the most tricks left in the agreement run")
    parser.add_argument("--progress", type=int, default=250, help="print the agreement count every N positions")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 positions at 1, 3 and 5 tricks")
    parser.add_argument("--no-speed", action="store_true", help="only the agreement run")
    args = parser.parse_args()
    tricks = [] if args.no_speed else [1, 3, 5] if args.quick else [int(part) for part in args.tricks.split(",")]
    positions = 2 if args.quick else args.positions
    solve(_position(random.Random(0), 3), backend="dds")  # DDS's first call sets up its tables
    if tricks:
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
        _agreement(args.agreement, args.seed, args.least_left, args.most_left, args.progress)


def _agreement(count: int, seed: int, least: int, most: int, progress: int) -> None:
    """Compare both solvers' :func:`solve` and :func:`card_values` on ``count`` random positions."""
    if not 1 <= least <= most <= 13:
        raise SystemExit("need 1 <= --least-left <= --most-left <= 13")
    rng = random.Random(seed)
    positions: dict[int, int] = {}
    cards: dict[int, int] = {}
    cpu: dict[int, float] = {}
    agree = compared = whole_deals = part_played = 0
    for number in range(count):
        left = rng.randint(least, most)
        played = rng.randrange(4)
        state = _position(rng, left, played)
        started = time.process_time()
        ours = card_values(state, backend="python"), solve(state, backend="python")
        cpu[left] = cpu.get(left, 0.0) + time.process_time() - started
        theirs = card_values(state, backend="dds"), solve(state, backend="dds")
        same = ours == theirs
        agree += same
        positions[left] = positions.get(left, 0) + 1
        cards[left] = cards.get(left, 0) + len(theirs[0])
        compared += len(theirs[0])
        whole_deals += left == 13 and played == 0
        part_played += played > 0
        if not same:
            print(f"  DISAGREE at position {number} ({left} tricks left, {played} played to the trick):"
                  f" python {ours}, dds {theirs}", flush=True)
        if progress and (number + 1) % progress == 0:
            print(f"  ... {agree} of {number + 1} agree ({left} tricks left last, pure solver"
                  f" {sum(cpu.values()):.1f} s CPU so far); {_load()}", flush=True)
    print(f"agreement with DDS (solve and card_values), seed {seed}: {agree} of {count} positions agree,"
          f" {count - agree} disagree; {compared} card values compared; {whole_deals} whole deals,"
          f" {part_played} with cards already played to the current trick; {_load()}")
    for left in sorted(positions):
        print(f"  {left:>2} tricks left: {positions[left]:>5} positions, {cards[left]:>6} card values,"
              f" pure solver {cpu[left]:.1f} s CPU")

if __name__ == "__main__":
    main()

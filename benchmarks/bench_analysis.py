"""The double-dummy solver's speed by tricks left, beside DDS's (through endplay, the ``dds`` extra), and
its agreement with DDS.

Positions are random standard deals played at random to the given number of tricks left (trick
boundaries), under ``spade_lead="anytime"`` so that both solvers apply; each is solved (:func:`solve`) by the
pure-Python search and by DDS in the same run. Printed per number of tricks left: the pure solver's median
and 90th-percentile CPU time, DDS's median, and their ratio, with the machine's load average (``uptime``)
beside them. ``--against REVISION`` also solves every position with the library at that git revision
(``_revision.py``: imported beside this one, the same positions rebuilt from the same seeds) in the same
run, each solve stopped after ``--limit`` seconds of wall time (then counted as that limit, a lower
bound, marked ``>``). ``--agreement N`` also compares the position's value (:func:`solve`) and every legal
card's value (:func:`card_values`) on N random positions with ``--least-left`` to ``--most-left`` tricks
left (13: whole deals), the current trick part played (0 to 3 cards, at random, or ``--played``), and
prints the positions and card values compared by tricks left and every disagreement.

Run: ``python benchmarks/bench_analysis.py [--tricks 1,3,5,8] [--positions 20] [--seed 1]
[--against REVISION] [--limit 60] [--agreement 0] [--least-left 1] [--most-left 8] [--progress 250]
[--no-speed] [--quick]``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import signal
import statistics
import time
from types import ModuleType
from typing import Any

from spades_rules import GameState, Rules
from spades_rules.analysis import card_values, solve

RULES = Rules.standard().evolve(spade_lead="anytime")


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.1f} {five:.1f} {fifteen:.1f}"


def _position(rng: random.Random, left: int, extra: int = 0, library: Any = None) -> Any:
    """A random position with ``left`` tricks to play (``library``: another revision's package to build it in,
    from the same draws)."""
    lib: Any = library
    if lib is None:
        import spades_rules as lib
    rules = lib.Rules.standard().evolve(spade_lead="anytime")
    state = lib.apply(lib.new_game(rules, dealer=rng.randrange(4)), lib.Deal.shuffled(rules, rng))
    while state.phase is not lib.Phase.PLAY:
        state = lib.apply(state, rng.choice(lib.legal_actions(state)))
    for _ in range((13 - left) * 4 + extra):
        plays = [play for play in lib.legal_actions(state) if isinstance(play, lib.Play)]
        state = lib.apply(state, rng.choice(plays))
    return state


class _OverLimit(Exception):
    pass


def _raise_over_limit(signum: int, frame: object) -> None:
    raise _OverLimit


def _cpu_limited(old: ModuleType, state: Any, limit: float) -> float | None:
    """The older revision's CPU time to solve ``state``, or None when it took more than ``limit`` seconds
    (wall time)."""
    signal.signal(signal.SIGALRM, _raise_over_limit)
    started = time.process_time()
    signal.setitimer(signal.ITIMER_REAL, limit)  # wall time: a CPU-time timer upsets process_time on some kernels
    try:
        old.analysis.solve(state, backend="python")
    except _OverLimit:
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return time.process_time() - started


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
    parser.add_argument("--played", type=int, default=None,
                        help="cards already played to the current trick in the agreement run (default: 0-3 at random)")
    parser.add_argument("--progress", type=int, default=250, help="print the agreement count every N positions")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 positions at 1, 3 and 5 tricks")
    parser.add_argument("--no-speed", action="store_true", help="only the agreement run")
    parser.add_argument("--against", metavar="REVISION", help="solve every position with that git revision too")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds (wall) per solve of --against's revision")
    args = parser.parse_args()
    old: ModuleType | None = None
    if args.against:
        from _revision import import_revision

        old = import_revision(args.against)
        importlib.import_module(f"{old.__name__}.analysis")
    tricks = [] if args.no_speed else [1, 3, 5] if args.quick else [int(part) for part in args.tricks.split(",")]
    positions = 2 if args.quick else args.positions
    solve(_position(random.Random(0), 3), backend="dds")  # DDS's first call sets up its tables
    against = f" {args.against + ' median':>16} {'p90':>9} {'speed-up':>8}" if old else ""
    if tricks:
        print(f"pure-Python solve vs DDS (endplay), {positions} positions each, one core; {_load()}")
        print(f"{'tricks left':>11} {'median ms':>10} {'p90 ms':>9} {'DDS ms':>8} {'ratio':>7}{against}  {'load':>16}")
    for left in tricks:
        rng = random.Random(args.seed * 100 + left)
        ours, theirs, before = [], [], []
        over = 0
        for _ in range(positions):
            draws = rng.getstate()
            state = _position(rng, left)
            ours.append(_cpu(solve, state, "python"))
            theirs.append(_cpu(solve, state, "dds"))
            if old is not None:
                replay = random.Random()
                replay.setstate(draws)
                then = _position(replay, left, library=old)
                assert then.hand.held == state.hand.held, "the revisions deal or play differently"
                took = _cpu_limited(old, then, args.limit)
                over += took is None
                before.append(args.limit if took is None else took)
        ours.sort()
        median, dds = statistics.median(ours), statistics.median(theirs)
        p90 = ours[min(len(ours) - 1, int(0.9 * len(ours)))]
        line = (f"{left:>11} {1000 * median:>10.2f} {1000 * p90:>9.2f} {1000 * dds:>8.2f} "
                f"{median / max(dds, 1e-6):>7.1f}")
        if old is not None:
            before.sort()
            old_median = statistics.median(before)
            old_p90 = before[min(len(before) - 1, int(0.9 * len(before)))]
            mark = ">" if over >= len(before) - len(before) // 2 else " "  # a capped solve in the median
            line += (f" {mark}{1000 * old_median:>15.2f} {1000 * old_p90:>9.2f} "
                     f"{mark}{old_median / max(median, 1e-6):>7.1f}")
            if over:
                line += f"  ({over} over {args.limit:g} s)"
        print(f"{line}  {_load():>16}", flush=True)
    if args.agreement:
        _agreement(args.agreement, args.seed, args.least_left, args.most_left, args.progress, args.played)


def _agreement(count: int, seed: int, least: int, most: int, progress: int, fixed: int | None) -> None:
    """Compare both solvers' :func:`solve` and :func:`card_values` on ``count`` random positions."""
    if not 1 <= least <= most <= 13:
        raise SystemExit("need 1 <= --least-left <= --most-left <= 13")
    if fixed is not None and not 0 <= fixed <= 3:
        raise SystemExit("--played takes 0 to 3 cards")
    rng = random.Random(seed)
    positions: dict[int, int] = {}
    cards: dict[int, int] = {}
    cpu: dict[int, float] = {}
    agree = compared = whole_deals = part_played = 0
    for number in range(count):
        left = rng.randint(least, most)
        played = rng.randrange(4) if fixed is None else fixed
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
            print(f"  ... {agree} of {number + 1} agree, {compared} card values ({left} tricks left last, pure solver"
                  f" {sum(cpu.values()):.1f} s CPU so far); {_load()}", flush=True)
    print(f"agreement with DDS (solve and card_values), seed {seed}: {agree} of {count} positions agree,"
          f" {count - agree} disagree; {compared} card values compared; {whole_deals} whole deals,"
          f" {part_played} with cards already played to the current trick; {_load()}")
    for left in sorted(positions):
        print(f"  {left:>2} tricks left: {positions[left]:>5} positions, {cards[left]:>6} card values,"
              f" pure solver {cpu[left]:.1f} s CPU")

if __name__ == "__main__":
    main()

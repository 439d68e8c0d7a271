"""Throughput of the batch engine (``spades_rules.batch``), side by side with OpenSpiel's C++ loop.

Prints, measured in one run on one core (CPU time, ``time.process_time``; medians of ``--reps``
repetitions, the two sides interleaved so that a busy machine slows both alike):

- random standard hands per second of ``BatchGame`` at N = 64, 1,024, 4,096 and 16,384 games, with
  ``random_actions`` inside the measured loop, and the ratio to OpenSpiel's own C++ loop,
  ``pyspiel.evaluate_bots`` with four uniform random bots (one hand of ``spades`` per call), when
  ``pyspiel`` is installed, and to the scalar library (``apply`` of a random ``legal_actions`` choice,
  one game at a time), both measured between the batch's repetitions;
- the cost per decision of every preset relative to the standard game at N = 4,096 (hand episodes: the
  phases that put rows out of step included);
- the bytes of state per game (the state arrays; the record that ``game_state`` reads, separately);
- the cost of the bool mask (``legal_action_mask``) at every decision, per game and hand, at N = 16,384;
- the cost of a step of the Gymnasium vector environment (``BatchVectorEnv.step``: the step, every seat's
  rewards, the observations and the masks of the seats to act next) against the bare ``BatchGame`` step
  with ``random_actions`` at N = 1,024, side by side (needs Gymnasium).
- the machine's load (``os.getloadavg``, as ``uptime`` prints it) before and after: the machines these
  figures come from are shared, and a loaded machine slows the batch's large arrays more than the C++ loop.

Run: ``python benchmarks/bench_batch.py [--reps 5] [--quick]`` (``--quick``: small sizes, to check the script).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from spades_rules import Deal, Rules, apply, legal_actions, new_game
from spades_rules.batch import BatchGame

SIZES = (64, 1024, 4096, 16384)
"""The batch sizes of the standard-preset table."""
PRESET_SIZE = 4096
MASK_SIZE = 16384


def _cpu(run: Callable[[], Any]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def _openspiel_loop(hands: int) -> Callable[[], None] | None:
    """OpenSpiel's C++ loop: ``hands`` calls of ``evaluate_bots`` with uniform random bots (None without it)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("spades")
    bots = [pyspiel.make_uniform_random_bot(seat, 100 + seat) for seat in range(4)]

    def run() -> None:
        for seed in range(hands):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)

    return run


def _scalar_loop(hands: int) -> Callable[[], None]:
    """The scalar library: ``hands`` random standard hands, one ``apply`` at a time."""
    rules = Rules.standard()
    rng = random.Random(5)
    game = new_game(rules)

    def run() -> None:
        for _ in range(hands):
            state = apply(game, Deal.shuffled(rules, rng))
            while state.in_hand:
                state = apply(state, rng.choice(legal_actions(state)))

    return run


def _batch_loop(games: BatchGame, hands: int) -> Callable[[], tuple[int, int]]:
    """Random play (``random_actions`` in the loop) until ``hands`` more hands are finished."""

    def run() -> tuple[int, int]:
        start, steps = games.finished_hands, 0
        target = start + hands
        while games.finished_hands < target:
            games.step(games.random_actions())
            steps += 1
        return games.finished_hands - start, steps

    return run


def _timed(loop: Callable[[], tuple[int, int]]) -> tuple[float, int, int]:
    start = time.process_time()
    hands, steps = loop()
    return time.process_time() - start, hands, steps


def standard_table(reps: int, sizes: tuple[int, ...], cpp_hands: int, scalar_hands: int) -> list[dict[str, float]]:
    """Hands per second at each size and the ratios to the C++ loop and to the scalar library, each measured
    between the batch's repetitions (so that a busy machine slows every side alike)."""
    cpp = _openspiel_loop(cpp_hands)
    scalar = _scalar_loop(scalar_hands)
    rows = []
    for n in sizes:
        games = BatchGame(Rules.standard(), n, seed=n)
        loop = _batch_loop(games, max(4 * n, 8 * 1024))
        loop()  # warm up: the first hands of every row
        speeds: list[float] = []
        ratios: list[float] = []
        cpp_speeds: list[float] = []
        scalar_speeds: list[float] = []
        scalar_ratios: list[float] = []
        for _ in range(reps):
            if cpp is not None:
                cpp_speeds.append(cpp_hands / _cpu(cpp))
            scalar_speeds.append(scalar_hands / _cpu(scalar))
            seconds, hands, _ = _timed(loop)
            speeds.append(hands / seconds)
            scalar_ratios.append(speeds[-1] / scalar_speeds[-1])
            if cpp is not None:
                ratios.append(speeds[-1] / cpp_speeds[-1])
        rows.append({
            "n": n, "hands_per_s": statistics.median(speeds),
            "cpp_hands_per_s": statistics.median(cpp_speeds) if cpp_speeds else float("nan"),
            "ratio": statistics.median(ratios) if ratios else float("nan"),
            "scalar_hands_per_s": statistics.median(scalar_speeds),
            "scalar_ratio": statistics.median(scalar_ratios),
        })
    return rows


def preset_table(reps: int, n: int) -> dict[str, tuple[float, float]]:
    """Per preset: the CPU time per decision per game (ns) and its ratio to the standard preset's."""
    per_decision: dict[str, list[float]] = {}
    batches = {name: BatchGame(rules, n, seed=1) for name, rules in Rules.presets().items()}
    loops = {name: _batch_loop(games, 2 * n) for name, games in batches.items()}
    for loop in loops.values():
        loop()
    for _ in range(reps):
        for name, loop in loops.items():
            seconds, _, steps = _timed(loop)
            per_decision.setdefault(name, []).append(seconds / (steps * n) * 1e9)
    standard = statistics.median(per_decision["standard"])
    return {name: (statistics.median(times), statistics.median(times) / standard)
            for name, times in per_decision.items()}


def mask_cost(reps: int, n: int) -> tuple[float, float]:
    """The bool mask at every decision: microseconds per game per hand, and per call."""
    games = BatchGame(Rules.standard(), n, seed=3)
    out = games.legal_action_mask()
    loop = _batch_loop(games, n)
    loop()
    _, hands, steps = _timed(loop)
    decisions_per_hand = steps * n / hands
    calls = []
    for _ in range(reps):
        for _ in range(5):
            games.step(games.random_actions())
            calls.append(_cpu(lambda: games.legal_action_mask(out)))
    per_call = statistics.median(calls)
    return per_call * decisions_per_hand / n * 1e6, per_call * 1e6


def env_step_cost(reps: int, n: int, steps: int) -> tuple[float, float] | None:
    """Microseconds per step of the bare batch (``step(random_actions())``) and of the vector environment
    (``env.step`` of the same random codes, with observations and masks), interleaved; None without
    Gymnasium."""
    try:
        from spades_rules.batch.vector import BatchVectorEnv
    except ImportError:
        return None
    games = BatchGame(Rules.standard(), n, seed=7, record=False)
    env = BatchVectorEnv("standard", n, seed=7)
    env.reset()

    def bare() -> None:
        for _ in range(steps):
            games.step(games.random_actions())

    def wrapped() -> None:
        for _ in range(steps):
            env.step(env.game.random_actions())

    bare()
    wrapped()
    bare_times, env_times = [], []
    for _ in range(reps):
        bare_times.append(_cpu(bare) / steps * 1e6)
        env_times.append(_cpu(wrapped) / steps * 1e6)
    return statistics.median(bare_times), statistics.median(env_times)


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} ({os.cpu_count()} cores)"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--reps", type=int, default=5, help="repetitions (medians are printed)")
    parser.add_argument("--quick", action="store_true", help="small sizes, to check that the script runs")
    args = parser.parse_args()
    reps = 1 if args.quick else max(1, args.reps)
    sizes = (64, 256) if args.quick else SIZES
    preset_size = 256 if args.quick else PRESET_SIZE
    mask_size = 512 if args.quick else MASK_SIZE
    cpp_hands = 200 if args.quick else 3000
    scalar_hands = 20 if args.quick else 300

    print(f"before: {_load()}")
    print(f"random standard hands, batch engine vs OpenSpiel's C++ loop (evaluate_bots) and the scalar library,"
          f" one core, CPU time, medians of {reps} reps")
    print(f"{'N':>7}  {'hands/s':>11}  {'C++ hands/s':>11}  {'vs C++':>7}  {'scalar/s':>9}  {'vs scalar':>9}")
    for row in standard_table(reps, sizes, cpp_hands, scalar_hands):
        print(f"{row['n']:>7,}  {row['hands_per_s']:>11,.0f}  {row['cpp_hands_per_s']:>11,.0f}  {row['ratio']:>6.1f}x"
              f"  {row['scalar_hands_per_s']:>9,.0f}  {row['scalar_ratio']:>8.1f}x")

    print(f"\ncost per decision per game at N = {preset_size:,}, relative to the standard preset")
    for name, (nanoseconds, ratio) in sorted(preset_table(reps, preset_size).items(), key=lambda item: item[1][1]):
        print(f"  {name:<22} {nanoseconds:7.1f} ns  {ratio:5.2f}x")

    print("\nbytes per game (state arrays; the record for game_state apart)")
    for name in sorted(Rules.presets()):
        games = BatchGame(Rules.preset(name), 1024)
        print(f"  {name:<22} {games.state_nbytes() / 1024:6.1f} B state  {games.record_nbytes() / 1024:6.1f} B record")

    per_game, per_call = mask_cost(reps, mask_size)
    print(f"\nbool mask at N = {mask_size:,}: {per_call:,.0f} us per call, {per_game:.2f} us per game per hand")
    print(f"\nafter: {_load()}")

    env_size = 256 if args.quick else 1024
    costs = env_step_cost(reps, env_size, 20 if args.quick else 200)
    if costs is None:
        print("\nvector environment: Gymnasium is not installed (pip install gymnasium)")
    else:
        bare, wrapped = costs
        print(f"\nstep at N = {env_size:,}: bare BatchGame.step(random_actions()) {bare:,.0f} us, BatchVectorEnv.step "
              f"(observations and masks) {wrapped:,.0f} us: {wrapped / bare:.1f}x")


if __name__ == "__main__":
    main()

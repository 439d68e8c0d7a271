"""Games per second of :func:`spades_rules.simulation.run` on one workload: serial, 2 worker processes and
a local Ray (2 CPUs, when Ray is installed), in one run, with the machine's load before and after.

Every backend must return the same statistics (checked). Ray's start-up is timed apart from the games.
The goal: 2 processes at least 1.7x serial when both cores are free; on a busy machine the ratio says
more about the other processes than about the library, so the load average is printed with it.

Run: ``python benchmarks/bench_simulation.py [--games 60] [--reps 3] [--rules standard] [--quick]``.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import importlib
import os
import resource
import statistics
import time
from typing import Any

from spades_rules import Rules
from spades_rules.simulation import Match, MatchResult, default_workers, run


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def _spin(_: int = 0) -> float:
    """A fixed pure-Python loop; returns its wall time."""
    start = time.perf_counter()
    total = 0
    for i in range(5_000_000):
        total += i
    return time.perf_counter() - start


def _capacity() -> float:
    """How many times more work two processes do than one right now, on a loop that shares nothing:
    2.0 on two free cores, about 1.0 when the machine has one core to spare. The ceiling for any backend."""
    alone = _spin()
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        list(pool.map(_spin, range(2)))  # start the workers
        start = time.perf_counter()
        list(pool.map(_spin, range(2)))
        together = time.perf_counter() - start
    return 2 * alone / together


def _cpu() -> float:
    """CPU seconds used by this process and its finished children (the pool's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _timed(match: Match, **options: Any) -> tuple[float, float, MatchResult]:
    """Wall seconds, CPU seconds (this process and its pool; not Ray's workers) and the result."""
    start, cpu = time.perf_counter(), _cpu()
    result = run(match, **options)
    return time.perf_counter() - start, _cpu() - cpu, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=60, help="games per backend (default 60)")
    parser.add_argument("--rules", default="standard", help="a preset (default standard)")
    parser.add_argument("--bots", default="heuristic,heuristic", help="bots per side (default heuristic,heuristic)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reps", type=int, default=3, help="interleaved repetitions; the median is shown (default 3)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 6 games, once, no Ray")
    args = parser.parse_args()
    games = 6 if args.quick else args.games
    match = Match(Rules.preset(args.rules), tuple(args.bots.split(",")), games, seed=args.seed)
    print(f"workload: {games} games of {args.rules}, bots {args.bots}, seed {args.seed}; "
          f"{default_workers()} usable cores (os.cpu_count() = {os.cpu_count()})")
    print(f"load average before: {_load()}")
    capacity = _capacity()
    print(f"parallel capacity now: two independent processes do {capacity:.2f}x the work of one "
          f"(2.00 on two free cores): the ceiling for 2 workers")
    run(Match(match.rules, match.bots, 2, seed=args.seed + 1))  # warm this process's caches (workers fork it)
    reps = 1 if args.quick else args.reps
    times: dict[str, list[float]] = {"serial": [], "process, 2 workers": []}
    cpu_times: dict[str, list[float]] = {name: [] for name in times}
    local: list[tuple[str, dict[str, Any]]] = [("serial", {}), ("process, 2 workers", {"backend": "process",
                                                                                   "workers": 2})]
    results: list[MatchResult] = []
    for _ in range(reps):  # interleaved, so a burst of load hits both alike
        for name, options in local:
            seconds, cpu, result = _timed(match, **options)
            results.append(result)
            times[name].append(seconds)
            cpu_times[name].append(cpu)
    assert all(result == results[0] for result in results), "the backends disagree"
    reference = results[0]
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        ray = None
    if ray is not None and not args.quick:  # after the others: Ray's own daemons take CPU while it runs
        start = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        print(f"local Ray started in {time.perf_counter() - start:.1f} s (not counted)")
        try:
            run(Match(match.rules, match.bots, 2, seed=args.seed + 1), backend="ray")  # start its workers
            times["ray, 2 local CPUs"] = []
            for _ in range(reps):
                seconds, _cpu_used, result = _timed(match, backend="ray")
                assert result == reference, "the ray backend disagrees with serial"
                times["ray, 2 local CPUs"].append(seconds)
        finally:
            ray.shutdown()
    elif not args.quick:
        print("Ray is not installed (pip install 'spades_rules[ray]'): skipped")
    serial_time = statistics.median(times["serial"])
    print(f"median of {reps} runs each (serial and process interleaved, then Ray)")
    serial_cpu = statistics.median(cpu_times["serial"])
    print(f"{'backend':<20} {'seconds':>8} {'games/s':>8} {'vs serial':>9} {'CPU s':>7} {'CPU vs serial':>13}")
    for name, measured in times.items():
        seconds = statistics.median(measured)
        shown = f"{'-':>7} {'-':>13}"
        if name in cpu_times:
            cpu = statistics.median(cpu_times[name])
            shown = f"{cpu:7.2f} {cpu / serial_cpu:12.2f}x"
        print(f"{name:<20} {seconds:8.2f} {games / seconds:8.2f} {serial_time / seconds:8.2f}x {shown}")
    print("CPU vs serial: the work the backend spent on the same games (1.00x = no overhead); on a busy")
    print("machine it shows the cost of the parallel run where the wall-clock ratio cannot.")
    print(f"parallel capacity after: {_capacity():.2f}x")
    print(f"load average after: {_load()}  (1, 5 and 15 minutes; above the core count means the cores were shared)")


if __name__ == "__main__":
    main()

"""The search bot's strength and cost: a duplicate match of :class:`~spades_rules.bots.SearchBot` against
another bot, with the process CPU time of each of its decisions.

The games are exactly those of ``spades-rules match --rules RULES --bots search,OPPONENT --games GAMES
--seed SEED --duplicate`` (each deal played twice, the sides swapped; ``GAMES`` counts deals): the same
:class:`~spades_rules.simulation.Match`, its deals and its bots' seeds. Printed: games, the search bot's
wins, win rate and 95 % Wilson interval, mean margin, and its CPU milliseconds per searched decision
(median, mean and max) and per decision of any kind. CPU time is the process's (``time.process_time``),
so other work on a shared machine slows the wall clock but not the figure (much); the load is printed.

``--opponent scalar`` plays the search bot with its batched playouts (NumPy: many worlds at once) against
the same bot playing them one at a time (``SearchBot(batched=False)``, as without NumPy), and prints the
CPU per searched decision of both, measured in the same games, and their ratio. The two decide alike (the
same playouts), so the match is also a check: a win rate far from 50 % would be a difference.

Run: ``python benchmarks/bench_search_bot.py [--rules standard] [--opponent heuristic|random|scalar]
[--games 200] [--seed 2026] [--workers 2] [--quick]``.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import statistics
import time
from functools import partial
from typing import Any

from _duplicate import play_game

from spades_rules import Rules
from spades_rules.bots import SearchBot
from spades_rules.simulation import Match, wilson_interval


class TimedSearchBot(SearchBot):
    """A :class:`SearchBot` that keeps the CPU time of each searched decision (``times``)."""

    def __init__(self, seed: int, **options: Any) -> None:
        super().__init__(seed, **options)
        self.times: list[float] = []

    def decide(self, observation: Any) -> Any:
        before, decisions = self.cpu_seconds, self.decisions
        action = super().decide(observation)
        if self.decisions > decisions:
            self.times.append(self.cpu_seconds - before)
        return action


def _game(match: Match, index: int) -> dict[str, Any]:
    """Play game ``index`` exactly as the match does; the search side's result and its bots' CPU times (and,
    against the scalar bot, the other side's)."""
    bots, result = play_game(match, index)
    lineup = match.lineup(index)
    searchers = [bot for seat, bot in enumerate(bots) if isinstance(bot, SearchBot) and lineup[seat] == 0]
    others = [bot for seat, bot in enumerate(bots) if isinstance(bot, TimedSearchBot) and lineup[seat] != 0]
    return {
        **result,
        "cpu": sum(bot.cpu_seconds for bot in searchers),
        "longest": max(bot.max_cpu_seconds for bot in searchers),
        "searched": float(sum(bot.decisions for bot in searchers)),
        "times": [spent for bot in searchers if isinstance(bot, TimedSearchBot) for spent in bot.times],
        "other_times": [spent for bot in others for spent in bot.times],
    }


def _figures(times: list[float]) -> str:
    if not times:
        return "no searched decision"
    return (f"median {1000 * statistics.median(times):.2f} ms, mean {1000 * statistics.fmean(times):.2f} ms,"
            f" max {1000 * max(times):.1f} ms ({len(times)} searched)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rules", default="standard", help="a preset name")
    parser.add_argument("--opponent", default="heuristic",
                        help="the other bot: heuristic, random, or scalar (the search bot without the batch)")
    parser.add_argument("--games", type=int, default=200, help="deals, each played twice (duplicate)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--progress", type=int, default=0, help="print the wins every N games")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 deals")
    args = parser.parse_args()
    games = 2 if args.quick else args.games
    scalar = args.opponent == "scalar"
    search: Any = TimedSearchBot
    opponent: Any = partial(TimedSearchBot, batched=False) if scalar else args.opponent
    names: tuple[str, ...] = ("search", "search-scalar") if scalar else ()
    match = Match(Rules.preset(args.rules), (search, opponent), games, seed=args.seed, duplicate=True, names=names)
    load_before = os.getloadavg()
    started = time.perf_counter()
    indices = range(match.total_games)
    results: list[dict[str, Any]] = []
    with concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
        for result in pool.map(_game, [match] * len(indices), indices, chunksize=2):
            results.append(result)
            if args.progress and len(results) % args.progress == 0:
                wins = sum(done["won"] for done in results)
                print(f"  ... {len(results)} games: search won {wins:.0f}", flush=True)

    def total_of(key: str) -> float:
        return float(sum(result[key] for result in results))

    wins, ties, total = int(total_of("won")), int(total_of("tie")), len(results)
    low, high = wilson_interval(wins, total)
    cpu, searched, decisions = total_of("cpu"), total_of("searched"), total_of("decisions")
    margin = statistics.fmean(result["margin"] for result in results)
    times = [spent for result in results for spent in result["times"]]
    other = [spent for result in results for spent in result["other_times"]]
    load_after = os.getloadavg()
    versus = "the same bot without the batch (scalar playouts)" if scalar else args.opponent
    print(f"{args.rules}: search vs {versus}, {total} games ({games} deals, duplicate, seed {args.seed}),"
          f" {time.perf_counter() - started:.0f} s wall, {args.workers} worker(s)")
    print(f"  load average (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in load_before)} before,"
          f" {' '.join(f'{x:.2f}' for x in load_after)} after")
    print(f"  search wins {wins}, ties {ties}, losses {total - wins - ties}: win rate {wins / total:.1%}"
          f" (95 % CI {low:.1%} - {high:.1%}), mean margin {margin:+.1f}")
    print(f"  CPU per searched decision, search{' (batched)' if scalar else ''}: {_figures(times)};"
          f" per decision of any kind: {1000 * cpu / max(decisions, 1):.2f} ms ({decisions:.0f} decisions)")
    if scalar:
        print(f"  CPU per searched decision, scalar playouts: {_figures(other)}")
        if times and other:
            print(f"  scalar / batched: median {statistics.median(other) / statistics.median(times):.2f}x,"
                  f" mean {statistics.fmean(other) / statistics.fmean(times):.2f}x")
    del searched


if __name__ == "__main__":
    main()

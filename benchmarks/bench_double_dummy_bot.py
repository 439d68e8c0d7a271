"""The double-dummy bot's strength and cost: a duplicate match of :class:`~spades_rules.bots.DoubleDummyBot`
against another built-in bot, with the process CPU time of its decisions.

The games are exactly those of ``spades-rules match --rules RULES --bots double_dummy,OPPONENT --games GAMES
--seed SEED --duplicate`` (each deal played twice, the sides swapped; ``GAMES`` counts deals), except that
``--worlds`` and ``--exact-tricks`` set the bot's budget. Printed: games, the bot's wins, win rate and 95 %
Wilson interval, mean margin, its CPU milliseconds per solved play (mean and max), and per decision of any
kind (the plays and bids it leaves to its :class:`~spades_rules.bots.SearchBot` included), and the load
average before and after. ``--progress N`` prints the running figures every N games. CPU time is the
process's (``time.process_time``).

Run: ``python benchmarks/bench_double_dummy_bot.py [--rules standard] [--opponent search] [--games 200]
[--seed 2026] [--workers 1] [--worlds 12] [--exact-tricks 6] [--progress 10] [--quick]``.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import os
import statistics
import time

from _duplicate import play_game

from spades_rules import Rules
from spades_rules.bots import DoubleDummyBot
from spades_rules.simulation import Match, wilson_interval


def _bot(worlds: int, exact_tricks: int, seed: int) -> DoubleDummyBot:
    return DoubleDummyBot(seed, worlds=worlds, exact_tricks=exact_tricks)


def _game(match: Match, index: int) -> dict[str, float]:
    """Play game ``index`` exactly as the match does; the bot's side's result and its CPU time."""
    bots, result = play_game(match, index)
    ours = [bot for bot in bots if isinstance(bot, DoubleDummyBot)]
    return {
        **result,
        "solved_cpu": sum(bot.cpu_seconds for bot in ours),
        "cpu": sum(bot.cpu_seconds + bot.search.cpu_seconds for bot in ours),
        "longest": max(bot.max_cpu_seconds for bot in ours),
        "solved": float(sum(bot.decisions for bot in ours)),
    }


def _report(results: list[dict[str, float]], label: str) -> None:
    def total_of(key: str) -> float:
        return sum(result[key] for result in results)

    wins, ties, total = int(total_of("won")), int(total_of("tie")), len(results)
    low, high = wilson_interval(wins, total)
    margin = statistics.fmean(result["margin"] for result in results)
    solved, decisions = total_of("solved"), total_of("decisions")
    print(f"{label}: {total} games: wins {wins}, ties {ties}, losses {total - wins - ties}: win rate "
          f"{wins / total:.1%} (95 % CI {low:.1%} - {high:.1%}), mean margin {margin:+.1f}")
    print(f"  CPU per solved play: mean {1000 * total_of('solved_cpu') / max(solved, 1):.1f} ms, max "
          f"{1000 * max(r['longest'] for r in results):.1f} ms ({solved:.0f} solved); per decision of any kind: "
          f"{1000 * total_of('cpu') / max(decisions, 1):.1f} ms ({decisions:.0f} decisions)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rules", default="standard", help="a preset name")
    parser.add_argument("--opponent", default="search", help="the other bot: search, heuristic or random")
    parser.add_argument("--games", type=int, default=200, help="deals, each played twice (duplicate)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=12)
    parser.add_argument("--exact-tricks", type=int, default=6)
    parser.add_argument("--progress", type=int, default=0, help="print the running figures every N games")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 1 deal, 2 worlds")
    args = parser.parse_args()
    games = 1 if args.quick else args.games
    worlds = 2 if args.quick else args.worlds
    bot = functools.partial(_bot, worlds, args.exact_tricks)
    match = Match(Rules.preset(args.rules), (bot, args.opponent), games, seed=args.seed, duplicate=True)
    load_before = os.getloadavg()
    started = time.perf_counter()
    indices = range(match.total_games)
    results: list[dict[str, float]] = []
    label = f"{args.rules}: double_dummy ({worlds} worlds, exact from {args.exact_tricks}) vs {args.opponent}"
    with concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
        for result in pool.map(_game, [match] * len(indices), indices):
            results.append(result)
            if args.progress and len(results) % args.progress == 0:
                _report(results, f"  ... {label}")
    print(f"{label}, {games} deals, duplicate, seed {args.seed}, {time.perf_counter() - started:.0f} s wall")
    print(f"  load average (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in load_before)} before,"
          f" {' '.join(f'{x:.2f}' for x in os.getloadavg())} after")
    _report(results, label)


if __name__ == "__main__":
    main()

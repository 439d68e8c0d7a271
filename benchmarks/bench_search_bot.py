"""The search bot's strength and cost: a duplicate match of :class:`~spades_rules.bots.SearchBot` against
another built-in bot, with the process CPU time of each of its decisions.

The games are exactly those of ``spades-rules match --rules RULES --bots search,OPPONENT --games GAMES
--seed SEED --duplicate`` (each deal played twice, the sides swapped; ``GAMES`` counts deals): the same
:class:`~spades_rules.simulation.Match`, its deals and its bots' seeds. Printed: games, the search bot's
wins, win rate and 95 % Wilson interval, mean margin, and its CPU milliseconds per searched decision
(mean and max) and per decision of any kind. CPU time is the process's (``time.process_time``),
so other work on a shared machine slows the wall clock but not the figure (much).

Run: ``python benchmarks/bench_search_bot.py [--rules standard] [--opponent heuristic] [--games 200]
[--seed 2026] [--workers 2] [--quick]``.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import statistics
import time

from spades_rules import Rules
from spades_rules.bots import SearchBot, iter_game
from spades_rules.simulation import Match, wilson_interval


def _game(match: Match, index: int) -> dict[str, float]:
    """Play game ``index`` exactly as the match does; the search side's result and its bots' CPU time."""
    bots = match.bots_for(index)
    lineup = match.lineup(index)
    rules = match.play_rules
    decisions = 0
    final = None
    for before, _, after in iter_game(rules, bots, seed=match.game_seed(index)):
        final = after
        decisions += before.to_act is not None and lineup[before.to_act] == 0
    assert final is not None and final.is_over
    sides = {rules.side_of(seat) for seat in range(rules.players) if lineup[seat] == 0}
    searchers = [bot for bot in bots if isinstance(bot, SearchBot)]
    best_other = max(score for at, score in enumerate(final.scores) if at not in sides)
    return {
        "won": float(final.winner in sides),
        "tie": float(final.winner is None),
        "margin": float(max(final.scores[side] for side in sides) - best_other),
        "cpu": sum(bot.cpu_seconds for bot in searchers),
        "longest": max(bot.max_cpu_seconds for bot in searchers),
        "searched": float(sum(bot.decisions for bot in searchers)),
        "decisions": float(decisions),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rules", default="standard", help="a preset name")
    parser.add_argument("--opponent", default="heuristic", help="the other bot: heuristic or random")
    parser.add_argument("--games", type=int, default=200, help="deals, each played twice (duplicate)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--progress", type=int, default=0, help="print the wins every N games")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 deals")
    args = parser.parse_args()
    games = 2 if args.quick else args.games
    match = Match(Rules.preset(args.rules), ("search", args.opponent), games, seed=args.seed, duplicate=True)
    started = time.perf_counter()
    indices = range(match.total_games)
    results: list[dict[str, float]] = []
    with concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
        for result in pool.map(_game, [match] * len(indices), indices, chunksize=2):
            results.append(result)
            if args.progress and len(results) % args.progress == 0:
                wins = sum(done["won"] for done in results)
                print(f"  ... {len(results)} games: search won {wins:.0f}", flush=True)

    def total_of(key: str) -> float:
        return sum(result[key] for result in results)

    wins, ties, total = int(total_of("won")), int(total_of("tie")), len(results)
    low, high = wilson_interval(wins, total)
    cpu, searched, decisions = total_of("cpu"), total_of("searched"), total_of("decisions")
    longest = max(result["longest"] for result in results)
    margin = statistics.fmean(result["margin"] for result in results)
    print(f"{args.rules}: search vs {args.opponent}, {total} games ({games} deals, duplicate, seed {args.seed}),"
          f" {time.perf_counter() - started:.0f} s wall")
    print(f"  search wins {wins}, ties {ties}, losses {total - wins - ties}: win rate {wins / total:.1%}"
          f" (95 % CI {low:.1%} - {high:.1%}), mean margin {margin:+.1f}")
    print(f"  CPU per searched decision: mean {1000 * cpu / max(searched, 1):.1f} ms, max {1000 * longest:.1f} ms"
          f" ({searched:.0f} searched); per decision of any kind: {1000 * cpu / max(decisions, 1):.1f} ms"
          f" ({decisions:.0f} decisions)")


if __name__ == "__main__":
    main()

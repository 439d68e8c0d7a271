"""``spades-rules match``: play many games between bots and print the statistics.

``spades-rules match --rules NAME [--set k=v] --bots heuristic,random --games N --seed S --workers K
[--backend serial|process|ray] [--duplicate] [--hands] [--records FILE.jsonl] [--json]``

The statistics go to standard output (a table, or JSON with ``--json``); a progress bar (with the
``cli`` extra, which installs tqdm) goes to standard error, and only on a terminal. The output depends
only on the options that define the games, never on the backend or the number of workers.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from spades_rules.errors import SpadesError
from spades_rules.rules import Rules
from spades_rules.simulation.backends import BACKENDS, Backend, run
from spades_rules.simulation.match import BUILTIN_BOTS, Match
from spades_rules.simulation.results import BotStats, MatchResult

__all__ = ["add_arguments", "format_result", "run_command"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``spades-rules match`` (besides ``--rules`` and ``--set``)."""
    parser.add_argument(
        "--bots", default="heuristic,random",
        help=f"one bot per side (or per seat), comma-separated: {', '.join(BUILTIN_BOTS)} (default heuristic,random)",
    )
    parser.add_argument("--games", type=int, default=100, help="games to play (deals with --duplicate; default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the master seed (default 1)")
    parser.add_argument("--workers", type=int, help="worker processes (default: every core; 1 plays here)")
    parser.add_argument("--backend", choices=BACKENDS, help="serial, process (default) or ray (needs the ray extra)")
    parser.add_argument("--duplicate", action="store_true", help="play each deal once per rotation of the bots")
    parser.add_argument("--hands", action="store_true", help="play single hands instead of whole games")
    parser.add_argument(
        "--max-hands", type=int, default=100,
        help="end a game after this many hands if the rules set no max_hands (default 100; 0: never)",
    )
    parser.add_argument("--records", metavar="FILE.jsonl", help="write every game's record, one JSON object a line")
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")


def _progress_bar(total: int) -> tuple[Callable[[int], None] | None, Callable[[], None]]:
    if not sys.stderr.isatty():
        return None, lambda: None
    try:
        tqdm: Any = importlib.import_module("tqdm").tqdm  # the optional ``cli`` extra
    except ImportError:
        return None, lambda: None
    bar = tqdm(total=total, unit="game", file=sys.stderr)
    return bar.update, bar.close


def run_command(args: argparse.Namespace, rules: Rules, out: TextIO) -> int:
    """Run ``spades-rules match`` with parsed ``args`` and the chosen ``rules``; returns the exit status."""
    bots = tuple(name.strip() for name in args.bots.split(",") if name.strip())
    if args.max_hands < 0:
        raise SpadesError(f"--max-hands must be 0 or more, not {args.max_hands}")
    match = Match(
        rules, bots, args.games, seed=args.seed, duplicate=args.duplicate, hands=args.hands,
        max_hands=args.max_hands or None,
    )
    backend: Backend = args.backend or ("serial" if args.workers == 1 else "process")
    update, close = _progress_bar(match.total_games)
    try:
        result = run(match, backend=backend, workers=args.workers, records=args.records, progress=update)
    except KeyboardInterrupt:
        close()
        where = f"; {args.records} holds every game finished in order" if args.records else ""
        print(f"spades-rules: interrupted{where}", file=sys.stderr)
        return 130
    close()
    if args.json:
        print(json.dumps(result.to_dict(), indent=2), file=out)
    else:
        print(format_result(result), file=out)
    return 0


def _percent(part: int | None, whole: int | None) -> str:
    if part is None or whole is None:
        return "-"
    return f"{part}/{whole}" + (f" ({100 * part / whole:.1f}%)" if whole else "")


def _number(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


_ROWS: tuple[tuple[str, Callable[[BotStats], Any]], ...] = (
    ("games", lambda b: b.games),
    ("wins / ties / losses", lambda b: f"{b.wins} / {b.ties} / {b.losses}"),
    ("win rate [95% CI]", lambda b: f"{100 * b.win_rate:.1f}% [{100 * b.win_ci[0]:.1f}, {100 * b.win_ci[1]:.1f}]"),
    ("mean score margin", lambda b: f"{b.mean_margin:+.1f}"),
    ("mean bid", lambda b: _number(b.mean_bid)),
    ("nil made / bid", lambda b: _percent(b.nil_made, b.nil_bids)),
    ("blind nil made / bid", lambda b: _percent(b.blind_nil_made, b.blind_nil_bids)),
    ("contracts set", lambda b: _percent(b.sets, b.contracts)),
    ("bags per hand", lambda b: _number(b.bags_per_hand)),
    ("bag penalties (points)", lambda b: f"{b.bag_penalties} ({b.bag_penalty_points})"),
)


def format_result(result: MatchResult) -> str:
    """The statistics as a table, one column per bot."""
    rows = list(_ROWS)
    if any(bot.draw_decisions is not None for bot in result.bots):
        rows.append(("draw: cards kept", lambda b: _percent(b.draws_kept, b.draw_decisions)))
    if any(bot.exchanges is not None for bot in result.bots):
        rows.append(("blind nil exchanges", lambda b: b.exchanges))
    table = [["", *(bot.name for bot in result.bots)]]
    table += [[label, *(str(cell(bot)) for bot in result.bots)] for label, cell in rows]
    widths = [max(len(row[column]) for row in table) for column in range(len(table[0]))]
    lines = []
    options = ", ".join(f"{key}={value!r}" for key, value in result.rules.items()) or "standard rules"
    played = f"{result.games} {result.unit}s"
    if result.duplicate:
        played += f" ({result.deals} deals, each once per rotation of the bots)"
    lines.append(f"Match: {options}; seed {result.seed}; {played}")
    lines.append("")
    for row in table:
        cells = [row[0].ljust(widths[0])] + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    lines.append("")
    if any(bot.games > result.games for bot in result.bots):
        lines.append("(fewer bots than sides: a bot's games count once per side it held)")
    per_game = _number(result.hands_per_game)
    if result.unit == "game":
        lines.append(
            f"Hands per game: {per_game} (min {result.min_hands}, max {result.max_hands}); "
            f"{result.hands} hands; {result.ties} ties"
        )
    else:
        lines.append(f"{result.hands} hands; {result.ties} ties")
    if result.redeals:
        lines.append(f"Redeals: {result.redeals}")
    for metric in result.metrics:
        lines.append(
            f"{metric.name}: mean {_number(metric.mean, 4)} over {metric.hands} hands "
            f"(min {_number(metric.minimum, 4)}, max {_number(metric.maximum, 4)})"
        )
    return "\n".join(lines)

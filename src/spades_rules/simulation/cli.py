"""``spades-rules match``: play many games between bots and print the statistics.

``spades-rules match --rules NAME [--set k=v] --bots heuristic,random --games N --seed S --workers K
[--backend serial|process|ray] [--duplicate] [--hands] [--view-only] [--records FILE.jsonl] [--json]``

The statistics go to standard output (a table, or JSON with ``--json``). Progress goes to standard error:
a progress bar on a terminal with the ``cli`` extra (tqdm), else a plain line, updated in place on a
terminal and written every half minute otherwise (a log). The statistics depend only on the options that
define the games, never on the backend or the number of workers; only the bots' decision times vary.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any, Final, TextIO

from spades_rules.bots import GAME_BACKSTOP
from spades_rules.errors import SpadesError
from spades_rules.rules import Rules
from spades_rules.simulation.backends import BACKENDS, Backend, run
from spades_rules.simulation.match import BUILTIN_BOTS, MAX_GAMES, Match
from spades_rules.simulation.results import BotStats, MatchResult

__all__ = ["add_arguments", "format_result", "run_command"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``spades-rules match`` (besides ``--rules`` and ``--set``)."""
    parser.add_argument(
        "--bots", default="heuristic,random",
        help=f"one bot per side (or per seat), comma-separated: {', '.join(BUILTIN_BOTS)}, or policy:FILE.npz "
        "(a trained MLPPolicy's weights; needs NumPy) (default heuristic,random)",
    )
    parser.add_argument(
        "--games", type=int, default=100,
        help=f"games to play, 1 to {MAX_GAMES:,} (deals with --duplicate; default 100)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the master seed (default 1)")
    parser.add_argument("--workers", type=int, help="worker processes (default: every core; 1 plays here)")
    parser.add_argument("--backend", choices=BACKENDS, help="serial, process (default) or ray (needs the ray extra)")
    parser.add_argument("--duplicate", action="store_true", help="play each deal once per rotation of the bots")
    parser.add_argument("--hands", action="store_true", help="play single hands instead of whole games")
    parser.add_argument(
        "--view-only", action="store_true",
        help="the fair mode: each bot sees only its seat's view (decide(observation)), never the game state",
    )
    parser.add_argument(
        "--max-hands", type=int, default=GAME_BACKSTOP,
        help=f"end a game after this many hands if the rules set no max_hands (default {GAME_BACKSTOP}; 0: never)",
    )
    parser.add_argument(
        "--records", metavar="FILE.jsonl",
        help="write every game's record, one JSON object a line; a FILE that exists must be a regular file (a "
        "device, a named pipe, a folder or a symbolic link is refused)",
    )
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")


class _PlainProgress:
    """The progress line without tqdm: ``match: 120/200 games (60%), 3m12s, about 2m8s left``, written to
    ``stream`` at most every ``interval`` seconds: in place (``\r``) on a terminal, and as lines otherwise
    (every 30 seconds, so that a run shorter than that leaves no line in a log)."""

    def __init__(self, total: int, unit: str, stream: TextIO, *, interval: float | None = None) -> None:
        self.total, self.unit, self.stream, self.done = total, unit, stream, 0
        self.in_place = stream.isatty()
        self.interval = interval if interval is not None else (0.5 if self.in_place else 30.0)
        self.started = self.shown = time.monotonic()
        self.width = 0

    def update(self, games: int) -> None:
        self.done += games
        now = time.monotonic()
        finished = self.done >= self.total and (self.in_place or now - self.started >= self.interval)
        if now - self.shown >= self.interval or finished:  # a short run leaves no line in a log
            self.shown = now
            self._show(now)

    def close(self) -> None:
        if self.in_place and self.width:
            self.stream.write("\n")
            self.stream.flush()

    def _show(self, now: float) -> None:
        elapsed = now - self.started
        line = f"match: {self.done:,}/{self.total:,} {self.unit}s ({100 * self.done / max(1, self.total):.0f}%), "
        line += _duration(elapsed)
        if 0 < self.done < self.total:
            line += f", about {_duration(elapsed * (self.total - self.done) / self.done)} left"
        if self.in_place:
            self.stream.write("\r" + line.ljust(self.width))
            self.width = len(line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m" if hours else f"{minutes}m{rest:02d}s" if minutes else f"{seconds:.1f}s"


def _progress_bar(total: int, unit: str) -> tuple[Callable[[int], None], Callable[[], None]]:
    """tqdm's bar on a terminal with the ``cli`` extra, else the plain progress line."""
    if sys.stderr.isatty():
        try:
            tqdm: Any = importlib.import_module("tqdm").tqdm  # the optional ``cli`` extra
        except ImportError:
            pass
        else:
            bar = tqdm(total=total, unit=unit, file=sys.stderr)
            return bar.update, bar.close
    plain = _PlainProgress(total, unit, sys.stderr)
    return plain.update, plain.close


_POLICY: Final = "policy:"
"""The prefix of a bot given by the file of a trained policy's weights (``policy:FILE.npz``)."""


def _bot_spec(name: str, rules: Rules) -> Any:
    """A built-in bot's name as it is, or ``policy:FILE`` as the factory of that policy's bot."""
    if not name.startswith(_POLICY):
        return name
    try:
        from spades_rules.policy import policy_bot
    except ImportError:
        raise SpadesError("a policy bot needs NumPy: pip install 'spades_rules[batch]'") from None
    return policy_bot(name.removeprefix(_POLICY), rules)


def run_command(args: argparse.Namespace, rules: Rules, out: TextIO) -> int:
    """Run ``spades-rules match`` with parsed ``args`` and the chosen ``rules``; returns the exit status."""
    bots = tuple(_bot_spec(name.strip(), rules) for name in args.bots.split(",") if name.strip())
    if args.max_hands < 0:
        raise SpadesError(f"--max-hands must be 0 or more, not {args.max_hands}")
    if not 1 <= args.games <= MAX_GAMES:
        raise SpadesError(f"--games must be from 1 to {MAX_GAMES:,}, not {args.games:,}")
    if args.workers is not None and args.workers < 1:
        raise SpadesError(f"--workers must be 1 or more, not {args.workers}")
    match = Match(
        rules, bots, args.games, seed=args.seed, duplicate=args.duplicate, hands=args.hands,
        max_hands=args.max_hands or None, view_only=args.view_only,
    )
    backend: Backend = args.backend or ("serial" if args.workers == 1 else "process")
    update, close = _progress_bar(match.total_games, "hand" if args.hands else "game")
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", RuntimeWarning)
            result = run(
                match, backend=backend, workers=args.workers, records=args.records, progress=_warned(update, caught)
            )
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


def _warned(update: Callable[[int], None], caught: list[warnings.WarningMessage]) -> Callable[[int], None]:
    """``update``, after printing (once) the warnings the run gave before its first batch."""

    def progress(games: int) -> None:
        while caught:
            print(f"spades-rules: warning: {caught.pop(0).message}", file=sys.stderr)
        update(games)

    return progress


def _percent(part: int | None, whole: int | None) -> str:
    if part is None or whole is None:
        return "-"
    return f"{part}/{whole}" + (f" ({100 * part / whole:.1f}%)" if whole else "")


def _number(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _milliseconds(stats: BotStats) -> str:
    """The bot's mean and longest decision times, in milliseconds (they vary from run to run: outside the
    table, so that its columns do not move)."""
    if stats.mean_decision_seconds is None or stats.max_decision_seconds is None:
        return "-"
    return f"{1000 * stats.mean_decision_seconds:.2f} / {1000 * stats.max_decision_seconds:.1f}"


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
    if not result.games:
        lines.append("No games were played.")
    elif result.unit == "game":
        lines.append(
            f"Hands per game: {per_game} (min {result.min_hands}, max {result.max_hands}); "
            f"{result.hands} hands; {result.ties} ties"
        )
    else:
        lines.append(f"{result.hands} hands; {result.ties} ties")
    if result.redeals:
        lines.append(f"Redeals: {result.redeals}")
    if any(bot.decisions for bot in result.bots):
        times = ", ".join(f"{bot.name} {_milliseconds(bot)}" for bot in result.bots)
        lines.append(f"Decision times (wall-clock ms, mean / longest, over all decisions): {times}")
    for metric in result.metrics:
        lines.append(
            f"{metric.name}: mean {_number(metric.mean, 4)} over {metric.hands} hands "
            f"(min {_number(metric.minimum, 4)}, max {_number(metric.maximum, 4)})"
        )
    return "\n".join(lines)

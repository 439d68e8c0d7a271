"""The ``spades-rules`` command (also ``python -m spades_rules``).

- ``spades-rules simulate [--seed N] [--rules NAME] [--set option=value ...]``: a whole game between four
  (or however many the rules seat) built-in bots, printed trick by trick with the bids and a running score
  sheet; the same seed prints the same game.
- ``spades-rules variants``: the presets with their one-line descriptions.
- ``spades-rules score --bids ... --tricks ... [--bags ...] [--partial]``: score one hand from a score sheet.
- ``spades-rules replay FILE [--game N]``: print a recorded game (a JSON record, a text record, or game
  ``N`` of a file of one JSON record a line, as ``match --records`` writes).
- ``spades-rules analyse FILE [--game N] [--hand H] [--tricks K]``: review a recorded hand card by card
  against double-dummy play: each play's cost against the best card then, and each side's tricks when play
  began (see :mod:`spades_rules.analysis.review`).
- ``spades-rules play [--rules NAME] [--seat N] [--seed S] [--save FILE] [--resume FILE]``: play one seat
  against the built-in bots in the terminal (see :mod:`spades_rules.terminal.game`).
- ``spades-rules --version``: the version.
- ``spades-rules match --bots heuristic,random --games N ...``: many games between bots on every core,
  with statistics (see :mod:`spades_rules.simulation.cli`).

Cards print as letters (``KH``) unless the output is a terminal: there ``--suits auto`` and ``--color auto``
(the defaults) print suit symbols and red hearts and diamonds (``NO_COLOR`` turns colour off); see
:mod:`spades_rules.terminal.styles`.

Errors in the input (an unknown preset or option, a bad score sheet, a broken record) print a message
on standard error and exit with status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from spades_rules._core.checks import check_seat
from spades_rules._core.messages import describe
from spades_rules.actions import Action, Bid, DrawDecision, Exchange, Play, Redeal
from spades_rules.bots import GAME_BACKSTOP, Bot, HeuristicBot, RandomBot, iter_game
from spades_rules.engine import new_game
from spades_rules.errors import RecordError, ScoreSheetError, SpadesError
from spades_rules.records import files, read_json
from spades_rules.records.walk import GameVisitor, walk
from spades_rules.rules import Rules
from spades_rules.scoring import HandScore, score_hand
from spades_rules.seat_names import seat_name, side_name
from spades_rules.simulation import cli as match_cli
from spades_rules.state import GameState, Phase
from spades_rules.terminal.styles import COLOR_CHOICES, SUIT_CHOICES, CardStyle, card_style

__all__ = ["main"]


def _label(bid: Bid | None) -> str:
    return "-" if bid is None else bid.label


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _parse_option(text: str) -> tuple[str, Any]:
    """``"name=value"`` with value ``None``, ``true``/``false``, an integer, ``a,b`` (a tuple) or a string."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise SpadesError(f"--set expects option=value, not {describe(text)}")
    return name.strip(), _parse_value(raw.strip())


def _parse_value(raw: str) -> Any:
    lowered = raw.lower()
    if lowered in ("none", "null"):
        return None
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if "," in raw:
        return tuple(part.strip() for part in raw.split(",") if part.strip())
    try:
        return int(raw)
    except ValueError:
        return raw


def _rules_from(args: argparse.Namespace) -> Rules:
    rules = Rules.preset(args.rules)
    changes = dict(_parse_option(text) for text in args.set or ())
    return rules.evolve(**changes) if changes else rules


class _Printer(GameVisitor):
    """Prints a game as it is walked (:mod:`spades_rules.records.walk`): bids, tricks, hand scores and the
    running score sheet; the same printer serves a game being played and a replayed record."""

    def __init__(self, rules: Rules, out: TextIO, *, style: CardStyle, quiet: bool) -> None:
        self.rules, self.out, self.style, self.quiet = rules, out, style, quiet

    def line(self, text: str = "") -> None:
        print(text, file=self.out)

    def begin_hand(self, state: GameState) -> None:
        self.line(f"Hand {state.hands_played + 1} - {seat_name(self.rules, state.dealer)} deals")

    def visit_action(self, before: GameState, action: Action, after: GameState) -> None:
        rules = self.rules
        if isinstance(action, Redeal) and not self.quiet:
            self.line(f"  {seat_name(rules, action.seat)} calls a redeal")
        elif isinstance(action, DrawDecision) and not self.quiet and before.hand is not None:
            if len(before.hand.draws) == 0:
                self.line("  The players draw their hands from the stock.")
        elif isinstance(action, Exchange) and not self.quiet:
            self.line(f"  {seat_name(rules, action.seat)} passes {len(action.cards)} cards to the partner")
        if before.phase is not Phase.PLAY and after.phase is Phase.PLAY and after.hand is not None:
            self._bids(after)
        if isinstance(action, Play) and not self.quiet:
            self._trick(before, action, after)

    def end_hand(self, state: GameState) -> None:
        self._hand_result(state)

    def end_game(self, state: GameState) -> None:
        if state.is_over:
            self.finish(state)
        else:
            hands = _plural(state.hands_played, "hand")
            self.line(f"The record stops in the {state.phase.value} phase after {hands}.")

    def _bids(self, state: GameState) -> None:
        hand = state.hand
        assert hand is not None
        if all(bid is None for bid in hand.bids):
            self.line("  No bidding.")
            return
        order = hand.bid_order or tuple(range(self.rules.players))
        label = "Bids" if hand.bid_order else "Targets"
        bids = hand.bids
        self.line(f"  {label}: " + ", ".join(f"{seat_name(self.rules, s)} {_label(bids[s])}" for s in order))

    def _trick(self, before: GameState, action: Play, after: GameState) -> None:
        hand = after.hand if after.hand is not None else after.last_hand
        if hand is None or hand.trick_cards:
            return
        if hand.completed_tricks:
            trick = hand.completed_tricks[-1]
            plays = "  ".join(
                f"{seat_name(self.rules, seat)[:1] if self.rules.players == 4 else seat} "
                f"{self.style.card(card, 3)}"
                for seat, card in trick.plays(self.rules.players)
            )
            number = len(hand.completed_tricks)
            self.line(f"  Trick {number:2}: {plays}   -> {seat_name(self.rules, trick.winner or 0)}")

    def _hand_result(self, state: GameState) -> None:
        rules = self.rules
        result: HandScore | None = state.last_result
        assert result is not None  # a hand has just been scored
        won = ", ".join(f"{seat_name(rules, s)} {n}" for s, n in enumerate(result.tricks_won))
        self.line(f"  Tricks won: {won}")
        for side in result.sides:
            self.line(f"    {side_name(rules, side.side):>6}: {side.summary()} => {side.total:+d}")
        pairs = zip(state.scores, state.bags, strict=True)
        sheet = "   ".join(
            f"{side_name(rules, i)} {score} ({_plural(bags, 'bag')})" for i, (score, bags) in enumerate(pairs)
        )
        self.line(f"  Score sheet after hand {state.hands_played}: {sheet}")
        self.line()

    def finish(self, state: GameState) -> None:
        rules = self.rules
        scores = ", ".join(f"{side_name(rules, i)} {score}" for i, score in enumerate(state.scores))
        if state.winner is None:
            self.line(f"Game over after {_plural(state.hands_played, 'hand')}, a draw: {scores}")
        else:
            winner = side_name(rules, state.winner)
            self.line(f"Game over after {_plural(state.hands_played, 'hand')}: {winner} wins. {scores}")


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    chosen = _rules_from(args)
    dealer = check_seat(args.dealer, chosen.players, "--dealer")
    if args.max_hands < 0:
        raise SpadesError(f"--max-hands must be 0 (no backstop) or more, not {args.max_hands}")
    backstop = chosen.max_hands is None and args.max_hands > 0
    rules = chosen.evolve(max_hands=args.max_hands) if backstop else chosen
    make: Callable[[int], Bot] = HeuristicBot if args.bots == "heuristic" else RandomBot
    bots = [make(args.seed * 100 + seat) for seat in range(rules.players)]
    printer = _Printer(rules, out, style=_style(args, out), quiet=args.quiet)
    printer.line(f"spades-rules simulate: {args.rules} {chosen!r}, seed {args.seed}, {args.bots} bots")
    if backstop:
        printer.line(f"(a backstop ends the game after {_plural(args.max_hands, 'hand')}; --max-hands 0 removes it)")
    sides = " vs ".join(side_name(rules, i) for i in range(rules.num_sides))
    printer.line(f"Sides: {sides}; target {rules.target_score}")
    printer.line()
    steps = iter_game(rules, bots, seed=args.seed, dealer=dealer)
    walk(steps, printer, start=new_game(rules, dealer=dealer))
    return 0


def _style(args: argparse.Namespace, out: TextIO) -> CardStyle:
    return card_style(out, suits="symbols" if args.symbols else args.suits, color=args.color)


def _play(args: argparse.Namespace, out: TextIO) -> int:
    for flag, value in (("--save", args.save), ("--resume", args.resume)):
        if value == "-":  # for replay, '-' is standard input; a game is saved to (and resumed from) a file
            raise SpadesError(f"{flag} needs a file name, not '-' (a saved game is rewritten after every move); "
                              "for a file named -, write ./-")
    from spades_rules.terminal.game import Session, load_session

    settings: dict[str, Any] = {}
    state = None
    if args.resume is not None:
        if args.set:
            raise SpadesError("--set cannot change the rules of a resumed game")
        state, settings = load_session(args.resume)
        rules = state.rules
    else:
        rules = _rules_from(args)
    for key in ("seat", "seed", "bots"):
        if getattr(args, key) is not None:
            settings[key] = getattr(args, key)
    session = Session(
        rules,
        seat=settings.get("seat", 0),
        seed=settings.get("seed", 1),
        bots=settings.get("bots", "heuristic"),
        save=args.save if args.save is not None else args.resume,
        out=out,
        style=_style(args, out),
        state=state,
    )
    return session.run()


def _variants(args: argparse.Namespace, out: TextIO) -> int:
    presets = Rules.presets()
    descriptions = Rules.preset_descriptions()
    width = max(map(len, presets))
    for name, rules in presets.items():
        print(f"{name:<{width}}  {descriptions[name]}", file=out)
        if args.verbose:
            print(f"{'':<{width}}  {rules!r}", file=out)
    return 0


def _score(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules_from(args)
    try:
        result = score_hand(rules, args.bids, args.tricks, bags_before=args.bags, partial=args.partial)
    except ScoreSheetError as error:  # the library's words name its keyword; here the flag is --partial
        text = str(error).removeprefix(f"{error.where}: " if error.where else "")
        raise ScoreSheetError(text.replace("partial=True", "--partial"), where=error.where) from None
    header = f"{'side':>6} {'contract':>8} {'tricks':>6} {'contract pts':>12} {'bags':>4} {'bag pts':>7} " \
             f"{'penalty':>7} {'nil':>5} {'tricks pts':>10} {'total':>6} {'bags after':>10}"
    print(header, file=out)
    for side in result.sides:
        contract = "-" if side.contract is None else str(side.contract)
        print(
            f"{side_name(rules, side.side):>6} {contract:>8} {side.tricks:>6} {side.contract_points:>12} "
            f"{side.bags:>4} {side.bag_points:>7} {side.bag_penalty:>7} {side.nil_points:>5} {side.trick_points:>10} "
            f"{side.total:>6} {side.bags_after:>10}",
            file=out,
        )
    return 0


def _read_record(path: str, limit: int) -> str:
    """The text of a record file (``-``: standard input), read with a bound: at most ``limit`` characters,
    so that ``/dev/zero`` or an endless pipe is refused instead of exhausting memory (a file as
    :func:`spades_rules.records.files.read_text` reads it)."""
    if path != "-":
        return files.read_text(path, limit)
    raw = getattr(sys.stdin, "buffer", None)
    if raw is None:  # a text stream put in place of standard input (a test, an embedding program)
        text = sys.stdin.read(limit + 1)
    else:  # bytes, decoded as a file is: the same message for text that is not UTF-8
        data = raw.read(4 * limit + 4)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"is not UTF-8 text (byte {error.start})", where=path) from None
    if len(text) > limit:
        raise SpadesError(f"{path}: a record is at most {limit:,} characters; this one is longer")
    return text


def _one_record(text: str, path: str, game: int | None) -> str:
    """The record of game ``game`` when ``text`` holds one JSON record per line (``match --records``
    writes them), else ``text`` itself (a JSON or text record; ``--game 0`` names its only game)."""
    lines = [line for line in text.splitlines() if line.strip()]
    many = len(lines) > 1 and lines[0].lstrip().startswith("{") and lines[0].rstrip().endswith("}")
    if many:
        try:
            read_json(text)
        except SpadesError:
            pass
        else:  # one JSON record written over several lines
            many = False
    count = len(lines) if many else 1
    if game is None:
        if many:
            raise SpadesError(f"{path} holds {count} games, one record a line: choose one with --game 0 to {count - 1}")
        return text
    if not 0 <= game < count:
        raise SpadesError(f"--game must be from 0 to {count - 1} ({path} holds {_plural(count, 'game')}), not {game}")
    return lines[game] if many else text


def _replay_file(args: argparse.Namespace, out: TextIO) -> int:
    from spades_rules import records

    text = _one_record(_read_record(args.file, records.MAX_TEXT), args.file, args.game)
    rules = next(records.replay(text)).rules
    for _ in records.replay(text):  # the whole record is checked before anything is printed
        pass
    printer = _Printer(rules, out, style=_style(args, out), quiet=args.quiet)
    printer.line(f"Replay of {args.file}: {rules!r}")
    printer.line()
    records.visit(text, printer)
    return 0


def _analyse(args: argparse.Namespace, out: TextIO) -> int:
    from spades_rules import records
    from spades_rules.analysis import review_hand

    text = _one_record(_read_record(args.file, records.MAX_TEXT), args.file, args.game)
    print(review_hand(text, hand=args.hand, most_tricks=args.tricks).render(), file=out)
    return 0


def _parser() -> argparse.ArgumentParser:
    from spades_rules import __version__

    parser = argparse.ArgumentParser(
        prog="spades-rules", description="The rules of Spades: simulate, score, match, replay and play games."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help="print the version and exit")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", help="what to do")

    def add_style(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--suits", choices=SUIT_CHOICES, default="auto",
                         help="suit symbols (♠ ♥ ♦ ♣) or letters (S H D C); auto: symbols on a terminal")
        sub.add_argument("--color", choices=COLOR_CHOICES, default="auto",
                         help="red hearts and diamonds; auto: on a terminal unless NO_COLOR is set")
        sub.add_argument("--symbols", action="store_true", help="the same as --suits symbols")

    def add_rules(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--rules", default="standard", help="a preset name (see `spades-rules variants`)")
        sub.add_argument("--set", action="append", metavar="OPTION=VALUE", help="change a Rules option (repeatable)")

    simulate = commands.add_parser("simulate", help="a whole game between built-in bots, trick by trick")
    add_rules(simulate)
    simulate.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots (default 1)")
    simulate.add_argument("--bots", choices=("heuristic", "random"), default="heuristic",
                          help="which built-in bots play (default heuristic)")
    simulate.add_argument("--dealer", type=int, default=0, help="the first dealer's seat (default 0)")
    simulate.add_argument(
        "--max-hands", type=int, default=GAME_BACKSTOP,
        help=f"end the game after this many hands if the rules set no max_hands (default {GAME_BACKSTOP}; "
        "0: never)",
    )
    add_style(simulate)
    simulate.add_argument("--quiet", action="store_true", help="print only bids and scores, not the tricks")

    variants = commands.add_parser("variants", help="list the presets")
    variants.add_argument("--verbose", "-v", action="store_true", help="also print each preset's options")

    score = commands.add_parser("score", help="score one hand from bids and tricks per seat")
    add_rules(score)
    score.add_argument(
        "--bids", nargs="+", metavar="BID", help="per seat: a number, nil, blind (blind nil) or a blind number (b6)"
    )
    score.add_argument("--tricks", nargs="+", type=int, required=True, metavar="N", help="tricks won per seat")
    score.add_argument("--bags", nargs="+", type=int, metavar="N", help="bags per side before the hand")
    score.add_argument("--partial", action="store_true",
                       help="a hand abandoned mid-way: the tricks may total less than a hand")

    match = commands.add_parser("match", help="many games between bots: win rates, bids, bags (see --help)")
    add_rules(match)
    match_cli.add_arguments(match)

    replay = commands.add_parser("replay", help="print a recorded game (JSON or text record)")
    replay.add_argument(
        "file", help="the record: a JSON or text record file (- for standard input); at most 10,000,000 characters"
    )
    replay.add_argument("--game", type=int, metavar="N",
                        help="the game to print from a file of one record a line (match --records), from 0")
    add_style(replay)
    replay.add_argument("--quiet", action="store_true", help="print only bids and scores, not the tricks")

    analyse = commands.add_parser("analyse", help="review a recorded hand card by card against double-dummy play")
    analyse.add_argument(
        "file", help="the record: a JSON or text record file (- for standard input); at most 10,000,000 characters"
    )
    analyse.add_argument("--game", type=int, metavar="N",
                         help="the game to review from a file of one record a line (match --records), from 0")
    analyse.add_argument("--hand", type=int, metavar="H", help="the hand to review, from 0 (default: the last played)")
    analyse.add_argument("--tricks", type=int, metavar="K",
                         help="solve only positions with at most K tricks left (default: all; the pure-Python "
                              "solver takes seconds for a whole standard hand, DDS milliseconds where it applies)")

    play = commands.add_parser("play", help="play one seat against the built-in bots in the terminal")
    add_rules(play)
    play.add_argument("--seat", type=int, help="your seat, 0 to players-1 (default 0; North at four players)")
    play.add_argument("--seed", type=int, help="seed of the deals and the bots (default 1)")
    play.add_argument("--bots", choices=("heuristic", "random", "search", "double_dummy"),
                      help="which built-in bots play the other seats (search: the strongest)")
    play.add_argument(
        "--save", metavar="FILE",
        help="write the game's record (the deal included) to FILE after every action; a FILE that exists must be "
        "a regular file: a device, a named pipe, a folder or a symbolic link is refused (give a link's target)",
    )
    play.add_argument("--resume", metavar="FILE",
                      help="continue the game saved in FILE (and keep saving to it unless --save says otherwise)")
    add_style(play)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0 on success, 2 on bad input)."""
    args = _parser().parse_args(argv)
    stream = out if out is not None else sys.stdout
    handlers: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
        "simulate": _simulate, "variants": _variants, "score": _score, "replay": _replay_file, "play": _play,
        "analyse": _analyse,
        "match": lambda args, out: match_cli.run_command(args, _rules_from(args), out),
    }
    try:
        return handlers[args.command](args, stream)
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly, as Python's docs advise
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except (SpadesError, OSError, UnicodeDecodeError) as error:
        print(f"spades-rules: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

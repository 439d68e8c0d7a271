"""The ``spades-rules`` command (also ``python -m spades_rules``).

- ``spades-rules simulate [--seed N] [--rules NAME] [--set option=value ...]``: a whole game between four
  (or however many the rules seat) built-in bots, printed trick by trick with the bids and a running score
  sheet; the same seed prints the same game.
- ``spades-rules variants``: the presets with their one-line descriptions.
- ``spades-rules score --bids ... --tricks ... [--bags ...]``: score one hand from a score sheet.
- ``spades-rules replay FILE``: print a recorded game (a JSON record or a text record).
- ``spades-rules match --bots heuristic,random --games N ...``: many games between bots on every core,
  with statistics (see :mod:`spades_rules.simulation.cli`).

Errors in the input (an unknown preset or option, a bad score sheet, a broken record) print a message
on standard error and exit with status 2.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange, Play, Redeal
from spades_rules.bots import Bot, HeuristicBot, RandomBot, iter_game
from spades_rules.cards import Card
from spades_rules.errors import SpadesError
from spades_rules.rules import Rules
from spades_rules.scoring import HandScore, score_hand
from spades_rules.simulation import cli as match_cli
from spades_rules.state import GameState, Phase

__all__ = ["main"]

_COMPASS = ("North", "East", "South", "West")
_BACKSTOP = 100


def seat_name(rules: Rules, seat: int) -> str:
    """North/East/South/West at a four-player table, ``Seat N`` otherwise."""
    return _COMPASS[seat] if rules.players == len(_COMPASS) else f"Seat {seat}"


def side_name(rules: Rules, side: int) -> str:
    """``N/S`` and ``E/W`` for partnerships; the seat's name in individual play."""
    seats = rules.sides[side]
    if len(seats) == 1:
        return seat_name(rules, seats[0])
    return "/".join(seat_name(rules, seat)[0] for seat in seats)


def _label(bid: Bid | None) -> str:
    return "-" if bid is None else bid.label


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _card_text(card: Card, symbols: bool) -> str:
    return card.unicode() if symbols else str(card)


def parse_option(text: str) -> tuple[str, Any]:
    """``"name=value"`` with value ``None``, ``true``/``false``, an integer, ``a,b`` (a tuple) or a string."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise SpadesError(f"--set expects option=value, not {text!r}")
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
    changes = dict(parse_option(text) for text in args.set or ())
    return rules.evolve(**changes) if changes else rules


class _Printer:
    """Prints a game as it is played: bids, tricks, hand scores and the running score sheet."""

    def __init__(self, rules: Rules, out: TextIO, *, symbols: bool, quiet: bool) -> None:
        self.rules, self.out, self.symbols, self.quiet = rules, out, symbols, quiet

    def line(self, text: str = "") -> None:
        print(text, file=self.out)

    def on_action(self, before: GameState, action: Action, after: GameState) -> None:
        rules = self.rules
        if isinstance(action, Deal):
            self.line(f"Hand {before.hands_played + 1} - {seat_name(rules, before.dealer)} deals")
        elif isinstance(action, Redeal) and not self.quiet:
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
        if len(after.results) > len(before.results):
            self._hand_result(after)

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
                f"{_card_text(card, self.symbols):>3}"
                for seat, card in trick.plays(self.rules.players)
            )
            number = len(hand.completed_tricks)
            self.line(f"  Trick {number:2}: {plays}   -> {seat_name(self.rules, trick.winner or 0)}")

    def _hand_result(self, state: GameState) -> None:
        rules = self.rules
        result: HandScore = state.results[-1]
        won = ", ".join(f"{seat_name(rules, s)} {n}" for s, n in enumerate(result.tricks_won))
        self.line(f"  Tricks won: {won}")
        for side in result.sides:
            parts = [f"{side_name(rules, side.side):>6}:"]
            if side.contract is not None:
                parts.append(f"contract {side.contract}, took {side.tricks}, {'made' if side.made else 'set'}")
            if side.nil_points:
                parts.append(f"nil {side.nil_points:+d}")
            if side.bags:
                parts.append(f"bags +{side.bags}")
            if side.bag_penalty:
                parts.append(f"bag penalty {side.bag_penalty}")
            if side.trick_points:
                parts.append(f"{side.trick_points} tricks")
            parts.append(f"=> {side.total:+d}")
            self.line("    " + " ".join(parts))
        pairs = zip(state.scores, state.bags, strict=True)
        sheet = "   ".join(
            f"{side_name(rules, i)} {score} ({_plural(bags, 'bag')})" for i, (score, bags) in enumerate(pairs)
        )
        self.line(f"  Score sheet after hand {len(state.results)}: {sheet}")
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
    backstop = chosen.max_hands is None and args.max_hands > 0
    rules = chosen.evolve(max_hands=args.max_hands) if backstop else chosen
    make: Callable[[int], Bot] = HeuristicBot if args.bots == "heuristic" else RandomBot
    bots = [make(args.seed * 100 + seat) for seat in range(rules.players)]
    printer = _Printer(rules, out, symbols=args.symbols, quiet=args.quiet)
    printer.line(f"spades-rules simulate: {args.rules} {chosen!r}, seed {args.seed}, {args.bots} bots")
    if backstop:
        printer.line(f"(a backstop ends the game after {args.max_hands} hands; --max-hands 0 removes it)")
    sides = " vs ".join(side_name(rules, i) for i in range(rules.num_sides))
    printer.line(f"Sides: {sides}; target {rules.target_score}")
    printer.line()
    state = None
    for before, action, after in iter_game(rules, bots, seed=args.seed, dealer=args.dealer % rules.players):
        printer.on_action(before, action, after)
        state = after
    assert state is not None
    printer.finish(state)
    return 0


def _variants(args: argparse.Namespace, out: TextIO) -> int:
    presets = Rules.presets()
    descriptions = Rules.preset_descriptions()
    width = max(map(len, presets))
    for name, rules in presets.items():
        print(f"{name:<{width}}  {descriptions[name]}", file=out)
        if args.verbose:
            print(f"{'':<{width}}  {rules!r}", file=out)
    return 0


def _parse_bid(seat: int, text: str) -> Bid:
    lowered = text.lower()
    if lowered in ("nil", "n", "0"):
        return Bid.nil(seat)
    if lowered in ("blind", "bn", "blind_nil", "blind-nil"):
        return Bid.blind_nil(seat)
    try:
        return Bid(seat, int(text))
    except (ValueError, TypeError):
        raise SpadesError(f"seat {seat}: {text!r} is not a bid (a number, nil or blind)") from None


def _score(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules_from(args)
    bids = None if rules.bidding == "none" else [_parse_bid(seat, text) for seat, text in enumerate(args.bids or ())]
    result = score_hand(rules, bids, args.tricks, bags_before=args.bags)
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


def _replay(args: argparse.Namespace, out: TextIO) -> int:
    from spades_rules import records

    with open(args.file, encoding="utf-8") as handle:
        text = handle.read()
    states = list(records.replay(text))
    final = states[-1]
    rules = final.rules
    printer = _Printer(rules, out, symbols=args.symbols, quiet=args.quiet)
    printer.line(f"Replay of {args.file}: {rules!r}")
    printer.line()
    for before, after in itertools.pairwise(states):
        action = after.history[-1] if after.history else None
        if action is not None:
            printer.on_action(before, action, after)
    if final.is_over:
        printer.finish(final)
    else:
        printer.line(f"The record stops in the {final.phase.value} phase after {_plural(final.hands_played, 'hand')}.")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="spades-rules", description="The rules of Spades: simulate, score, replay.")
    commands = parser.add_subparsers(dest="command", required=True)

    def add_rules(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--rules", default="standard", help="a preset name (see `spades-rules variants`)")
        sub.add_argument("--set", action="append", metavar="OPTION=VALUE", help="change a Rules option (repeatable)")

    simulate = commands.add_parser("simulate", help="a whole game between built-in bots, trick by trick")
    add_rules(simulate)
    simulate.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots (default 1)")
    simulate.add_argument("--bots", choices=("heuristic", "random"), default="heuristic")
    simulate.add_argument("--dealer", type=int, default=0, help="the first dealer's seat")
    simulate.add_argument(
        "--max-hands", type=int, default=_BACKSTOP,
        help=f"end the game after this many hands if the rules set no max_hands (default {_BACKSTOP}; 0: never)",
    )
    simulate.add_argument("--symbols", action="store_true", help="print suits as symbols (♠ ♥ ♦ ♣)")
    simulate.add_argument("--quiet", action="store_true", help="print only bids and scores, not the tricks")

    variants = commands.add_parser("variants", help="list the presets")
    variants.add_argument("--verbose", "-v", action="store_true", help="also print each preset's options")

    score = commands.add_parser("score", help="score one hand from bids and tricks per seat")
    add_rules(score)
    score.add_argument("--bids", nargs="+", metavar="BID", help="per seat: a number, nil or blind")
    score.add_argument("--tricks", nargs="+", type=int, required=True, metavar="N", help="tricks won per seat")
    score.add_argument("--bags", nargs="+", type=int, metavar="N", help="bags per side before the hand")

    match = commands.add_parser("match", help="many games between bots: win rates, bids, bags (see --help)")
    add_rules(match)
    match_cli.add_arguments(match)

    replay = commands.add_parser("replay", help="print a recorded game (JSON or text record)")
    replay.add_argument("file")
    replay.add_argument("--symbols", action="store_true")
    replay.add_argument("--quiet", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0 on success, 2 on bad input)."""
    args = _parser().parse_args(argv)
    stream = out if out is not None else sys.stdout
    handlers: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
        "simulate": _simulate, "variants": _variants, "score": _score, "replay": _replay,
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

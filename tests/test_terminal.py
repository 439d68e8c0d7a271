"""Cards in a terminal (symbols, colour, letters for logs), ``--version`` and the help of every option."""

from __future__ import annotations

import argparse
import io
import re

import pytest

import spades_rules
from spades_rules import Suit, parse_cards
from spades_rules.cli import _parser, main
from spades_rules.terminal.styles import CardStyle, card_style


class _Tty(io.StringIO):
    def __init__(self, encoding: str = "utf-8") -> None:
        super().__init__()
        self._encoding = encoding

    def isatty(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding


def test_a_terminal_gets_symbols_and_colour_a_pipe_gets_letters() -> None:
    assert card_style(_Tty(), environ={"TERM": "xterm"}) == CardStyle(symbols=True, color=True)
    assert card_style(io.StringIO(), environ={"TERM": "xterm"}) == CardStyle(symbols=False, color=False)


def test_no_color_dumb_terminals_and_ascii_encodings_are_respected() -> None:
    assert not card_style(_Tty(), environ={"NO_COLOR": "1", "TERM": "xterm"}).color
    assert card_style(_Tty(), environ={"NO_COLOR": "", "TERM": "xterm"}).color  # NO_COLOR counts when not empty
    assert not card_style(_Tty(), environ={"TERM": "dumb"}).color
    assert not card_style(_Tty("ascii"), environ={}).symbols
    assert card_style(io.StringIO(), suits="symbols", color="always") == CardStyle(True, True)
    assert card_style(_Tty(), suits="letters", color="never", environ={}) == CardStyle(False, False)
    with pytest.raises(ValueError, match="suits must be one of auto, symbols, letters"):
        card_style(io.StringIO(), suits="pictures")


def test_colour_marks_red_cards_and_keeps_the_width() -> None:
    style = CardStyle(symbols=True, color=True)
    red, black, big, little = parse_cards("QD 10S BJ LJ")
    assert style.card(red, 4) == "\x1b[31m  Q♦\x1b[0m"
    assert style.card(black, 4) == " 10♠"
    assert style.card(big) == "\x1b[31mBJ\x1b[0m" and style.card(little) == "LJ"
    assert CardStyle().cards([red, black]) == "QD TS"
    assert style.suit(Suit.HEARTS) == "\x1b[31m♥\x1b[0m" and style.suit(Suit.CLUBS) == "♣"
    assert CardStyle().suit(Suit.SPADES) == "S"


def test_simulate_prints_symbols_and_colour_when_asked_and_letters_by_default() -> None:
    plain, fancy, coloured = io.StringIO(), io.StringIO(), io.StringIO()
    args = ["simulate", "--seed", "3", "--set", "max_hands=1"]
    assert main(args, plain) == 0
    assert main([*args, "--suits", "symbols", "--color", "never"], fancy) == 0
    assert main([*args, "--suits", "symbols", "--color", "always"], coloured) == 0
    assert "♠" not in plain.getvalue() and "\x1b[" not in plain.getvalue() and re.search(r"\b[2-9TJQKA]S\b",
                                                                                          plain.getvalue())
    assert "♠" in fancy.getvalue() and "\x1b[" not in fancy.getvalue()
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured.getvalue()) == fancy.getvalue()
    old_flag = io.StringIO()
    assert main([*args, "--symbols"], old_flag) == 0
    assert old_flag.getvalue() == fancy.getvalue()  # no colour: the output is not a terminal


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"spades-rules {spades_rules.__version__}\n"


def _walk(parser: argparse.ArgumentParser, path: str) -> list[str]:
    missing = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        if isinstance(action, argparse._SubParsersAction):
            if not action.help:
                missing.append(f"{path} {action.dest}")
            helps = {choice.dest: choice.help for choice in action._choices_actions}
            for name, sub in action.choices.items():
                if not helps.get(name):
                    missing.append(f"{path} {name} (the command)")
                missing += _walk(sub, f"{path} {name}")
            continue
        if not action.help or action.help == argparse.SUPPRESS:
            missing.append(f"{path} {'/'.join(action.option_strings) or action.dest}")
    return missing


def test_every_command_and_option_has_help() -> None:
    parser = _parser()
    assert _walk(parser, "spades-rules") == []
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert {"simulate", "variants", "score", "replay", "play"} <= set(commands.choices)


def test_every_command_prints_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "variants", "score", "replay", "play"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert "usage: spades-rules " + command in capsys.readouterr().out


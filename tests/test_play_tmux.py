"""``spades-rules play`` driven as a person uses it: in a real terminal (tmux), typing keys and reading the
screen. A whole hand, an illegal card, Ctrl-C, then ``--resume`` to the end of the game."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from spades_rules import Play
from spades_rules.terminal.game import load_session

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

_PROMPTS = ("Your card:", "Your bid:", "(y/n)", "Keep or reject?", "Your pass:")
_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
_DEADLINE = 180.0
"""Seconds a screen may take to show what is awaited: the waits poll, so a long deadline costs nothing when
the screen is ready, and a loaded machine (a Python start under a load of 10) is not a failure."""


class Terminal:
    """A tmux pane on a private server: type keys into it, read its screen."""

    def __init__(self) -> None:
        self.socket = f"spades-test-{os.getpid()}"
        self.target = "play"
        self.answered = 0

    def tmux(self, *args: str) -> str:
        command = ["tmux", "-L", self.socket, *args]
        done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=_DEADLINE)
        return done.stdout

    def start(self, command: str) -> None:
        self.tmux("new-session", "-d", "-s", self.target, "-x", "132", "-y", "50", command)
        self.tmux("set-option", "-t", self.target, "remain-on-exit", "on")

    def restart(self, command: str) -> None:
        """A fresh terminal (a new session) running ``command``."""
        self.tmux("kill-session", "-t", self.target)
        self.answered = 0
        self.start(command)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", self.target)

    def wait(self, ready: Callable[[str], bool], what: str, timeout: float = _DEADLINE) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.screen()
            if ready(text):
                return text
            time.sleep(0.03)
        raise AssertionError(f"timed out waiting for {what}; the screen:\n{self.screen()}")

    def prompt(self) -> tuple[str, str]:
        """Wait for a new unanswered prompt (or the end of the game); returns (the prompt, the screen)."""

        def ready(text: str) -> bool:
            lines = [line.rstrip() for line in text.splitlines() if line.strip()]
            asked = sum(1 for line in lines if line.startswith(_PROMPTS) or "(y/n)" in line)
            waiting = bool(lines) and asked > self.answered and lines[-1].endswith(_PROMPTS)
            return waiting or "Game over" in text

        text = self.wait(ready, "a prompt")
        last = [line.rstrip() for line in text.splitlines() if line.strip()][-1]
        return ("" if "Game over" in text else last), text

    def type(self, keys: str) -> None:
        self.answered += 1
        self.tmux("send-keys", "-t", self.target, "-l", keys)
        self.tmux("send-keys", "-t", self.target, "Enter")

    def close(self) -> None:
        self.tmux("kill-server")


def _letters(card: str) -> str:
    """``K♥`` -> ``kh``: what a person types."""
    return card[:-1].lower() + _SUITS[card[-1]] if card[-1] in _SUITS else card.lower()


def _moves(screen: str) -> list[str]:
    block = screen[screen.rindex("Your moves:"):]
    return re.findall(r"\d+\) (\S+)", block.split("Your card:")[0])


def _hand(screen: str) -> list[str]:
    return screen[screen.rindex("Your hand: "):].splitlines()[0].removeprefix("Your hand: ").split()


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    term = Terminal()
    yield term
    term.close()


def _answer(term: Terminal, prompt: str, screen: str, plays: int) -> None:
    if prompt.endswith("Your bid:"):
        term.type("3")
    elif "(y/n)" in prompt:
        term.type("n")
    else:
        assert prompt.endswith("Your card:"), prompt
        moves = _moves(screen)
        term.type("1" if plays % 2 else _letters(moves[-1]))


def test_play_a_hand_an_illegal_card_ctrl_c_and_resume(terminal: Terminal, tmp_path: Path) -> None:
    save = tmp_path / "game.txt"
    command = f"{sys.executable} -m spades_rules play --seat 0 --seed 5 --set max_hands=2 --save {save}"
    env = "TERM=xterm-256color NO_COLOR= "
    terminal.start(env + command)
    plays = 0
    illegal_tried = False
    # hand 1, played to the end
    while True:
        prompt, screen = terminal.prompt()
        if "Score sheet" in screen:
            break
        if prompt.endswith("Your card:") and not illegal_tried:
            moves, hand = _moves(screen), _hand(screen)
            assert all(card[-1] in _SUITS or card in ("BJ", "LJ") for card in hand)  # suit symbols on a terminal
            wrong = [card for card in hand if card not in moves] or ["A♦" if "A♦" not in hand else "A♣"]
            terminal.type(_letters(wrong[0]))
            after = terminal.wait(lambda text: text.count("Not allowed: you cannot play") == 1, "the refusal")
            assert after.rstrip().endswith("Your card:")  # asked again, nothing lost
            illegal_tried = True
            continue
        _answer(terminal, prompt, screen, plays)
        plays += "card" in prompt
    assert "Score sheet" in screen and "Hand 1 is over" in screen and plays == 13
    # hand 2: a few cards, then Ctrl-C
    for _ in range(12):
        prompt, screen = terminal.prompt()
        if prompt.endswith("Your card:") and plays >= 15:
            break
        _answer(terminal, prompt, screen, plays)
        plays += "card" in prompt
    terminal.tmux("send-keys", "-t", terminal.target, "C-c")
    screen = terminal.wait(lambda text: "continue with: spades-rules play --resume" in text, "the stop message")
    assert "Traceback" not in screen
    stopped, settings = load_session(str(save))
    assert settings == {"seat": 0, "seed": 5, "bots": "heuristic"}
    assert sum(isinstance(action, Play) and action.seat == 0 for action in stopped.history) == plays
    # resume in the same terminal and play to the end of the game
    terminal.restart(env + f"{sys.executable} -m spades_rules play --resume {save}")
    terminal.wait(lambda text: "Resuming: hand 2" in text, "the resumed game")
    while True:
        prompt, screen = terminal.prompt()
        if not prompt:
            break
        _answer(terminal, prompt, screen, plays)
        plays += "card" in prompt
    final = load_session(str(save))[0]
    assert final.is_over and final.hands_played == 2 and plays == 26
    assert final.history[: len(stopped.history)] == stopped.history

"""The ``spades-rules`` command line: simulate, variants, score, replay, option values, ``python -m``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from spades_rules import Rules, to_dict
from spades_rules.bots import HeuristicBot, play_game
from spades_rules.cli import main, parse_option


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out=out)
    return status, out.getvalue()


def test_simulate_prints_every_trick_and_the_score_sheet_deterministically() -> None:
    status, text = _run("simulate", "--seed", "1")
    assert status == 0
    hands = text.count(" deals\n")
    assert hands >= 1
    assert text.count("Trick 13:") == hands
    assert text.count("Score sheet after hand") == hands
    assert "Bids: East" in text
    assert text.splitlines()[-1].startswith(f"Game over after {hands} hands")
    assert _run("simulate", "--seed", "1") == (status, text)
    assert _run("simulate", "--seed", "2")[1] != text


@pytest.mark.parametrize("name", ["two_player", "mirror", "no_bid", "three_player", "individual_5", "jokers"])
def test_simulate_runs_every_kind_of_table(name: str) -> None:
    status, text = _run("simulate", "--rules", name, "--seed", "3", "--max-hands", "3", "--symbols")
    assert status == 0
    assert "Game over" in text


def test_simulate_with_house_rules() -> None:
    status, text = _run(
        "simulate", "--seed", "4", "--set", "target_score=200", "--set", "bag_limit=5", "--set", "bag_penalty=50"
    )
    assert status == 0
    assert "target_score=200" in text and "target 200" in text


def test_variants_lists_every_preset_with_its_description() -> None:
    status, text = _run("variants", "-v")
    assert status == 0
    for name, description in Rules.preset_descriptions().items():
        assert f"{name} " in text and description in text


def test_score_prints_the_pagat_bag_example() -> None:
    status, text = _run("score", "--bids", "3", "4", "2", "4", "--tricks", "4", "3", "4", "2", "--bags", "7", "0")
    assert status == 0
    north_south = next(line for line in text.splitlines() if line.strip().startswith("N/S"))
    assert north_south.split()[-2:] == ["-47", "0"]


def test_score_accepts_nil_and_blind_nil() -> None:
    status, text = _run("score", "--bids", "blind", "4", "4", "4", "--tricks", "0", "4", "6", "3")
    assert status == 0
    north_south = next(line for line in text.splitlines() if line.strip().startswith("N/S"))
    assert north_south.split()[-2] == "242"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--rules", "nope"], "unknown preset"),
        (["simulate", "--set", "nonsense=1"], "unknown option"),
        (["simulate", "--set", "players=7"], "players"),
        (["simulate", "--set", "novalue"], "option=value"),
        (["score", "--bids", "3", "x", "2", "4", "--tricks", "4", "3", "4", "2"], "not a bid"),
        (["score", "--bids", "3", "4", "--tricks", "4", "3"], "one bid and one trick count per seat"),
        (["replay", "/nonexistent/record.txt"], "No such file"),
    ],
)
def test_bad_input_exits_with_status_2_and_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv, out=io.StringIO()) == 2
    assert message in capsys.readouterr().err


def test_replay_prints_a_recorded_game(tmp_path: Path) -> None:
    final = play_game(Rules.standard().evolve(max_hands=1), [HeuristicBot(s) for s in range(4)], seed=3)
    record = tmp_path / "game.json"
    record.write_text(json.dumps(to_dict(final)), encoding="utf-8")
    status, text = _run("replay", str(record))
    assert status == 0
    assert text.count("Trick ") == 13
    assert "Game over after 1 hand:" in text


def test_parse_option_values() -> None:
    assert parse_option("losing_score=None") == ("losing_score", None)
    assert parse_option("nil=false") == ("nil", False)
    assert parse_option("target_score=300") == ("target_score", 300)
    assert parse_option("redeal_on=no_spades,no_face_cards") == ("redeal_on", ("no_spades", "no_face_cards"))
    assert parse_option("set_penalty=zero") == ("set_penalty", "zero")


def test_python_dash_m_runs_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spades_rules", "variants"], capture_output=True, text=True, check=True, timeout=60
    )
    assert "standard" in done.stdout


def test_replay_of_a_file_that_is_not_utf8_is_a_clean_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "latin1.txt"
    record.write_bytes(b"[Format \"spades_rules/1\"]\n# caf\xe9\n")
    assert main(["replay", str(record)], out=io.StringIO()) == 2
    assert "error" in capsys.readouterr().err



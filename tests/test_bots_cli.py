"""The built-in bots and the ``spades-rules`` command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from spades_rules import Phase, Rules, legal_actions, observe, to_dict
from spades_rules.bots import HeuristicBot, RandomBot, iter_game, play_game
from spades_rules.cli import main, parse_option
from spades_rules.errors import ArgumentTypeError, RulesError


@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_heuristic_bots_only_choose_legal_actions_in_every_preset(name: str) -> None:
    rules = Rules.preset(name).evolve(max_hands=2)
    bots = [HeuristicBot(seat) for seat in range(rules.players)]
    final = None
    for before, action, after in iter_game(rules, bots, seed=5):
        if before.phase is not Phase.DEAL:
            assert action in legal_actions(before)
        final = after
    assert final is not None and final.is_over and final.hands_played == 2


def test_bots_decide_from_the_view_alone() -> None:
    rules = Rules.standard()
    for before, action, _ in iter_game(rules, [HeuristicBot(s) for s in range(4)], seed=2):
        if before.phase is Phase.DEAL or before.hands_played:
            break
        seat = before.to_act
        assert seat is not None
        assert HeuristicBot(seat).decide(observe(before, seat)) == action


def test_random_bot_is_reproducible_for_a_seed() -> None:
    rules = Rules.standard().evolve(max_hands=1)
    first = play_game(rules, [RandomBot(s) for s in range(4)], seed=9)
    second = play_game(rules, [RandomBot(s) for s in range(4)], seed=9)
    assert first == second and first.history == second.history


def test_heuristic_game_reaches_the_target() -> None:
    final = play_game(Rules.standard(), [HeuristicBot(s) for s in range(4)], seed=1)
    assert final.is_over and final.winner is not None
    assert max(final.scores) >= 500
    assert final.scores == tuple(sum(r.totals[side] for r in final.results) for side in range(2))


def test_play_game_needs_one_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="expected 4 bots"):
        play_game(Rules.standard(), [RandomBot(0)], seed=1)


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


def test_random_bot_acts_only_for_the_seat_to_act() -> None:
    rules = Rules.standard().evolve(redeal_on=("one_or_no_spades",), max_hands=3)
    for before, action, _ in iter_game(rules, [RandomBot(s) for s in range(4)], seed=11):
        if before.phase is not Phase.DEAL:
            assert getattr(action, "seat", None) == before.to_act


def test_play_game_ends_a_game_the_rules_would_never_end() -> None:
    """Random bots under standard rules (no losing score) keep getting set and never reach 500: the
    backstop ends the game, and None removes it only on request."""
    final = play_game(Rules.standard(), [RandomBot(s) for s in range(4)], seed=0, max_hands=25)
    assert final.is_over and final.hands_played == 25 and final.rules.max_hands == 25
    assert final.scores[0] != final.scores[1] or final.winner is None
    assert play_game(Rules.standard().evolve(max_hands=2), [RandomBot(s) for s in range(4)], seed=0).hands_played == 2
    with pytest.raises(RulesError, match="would be ignored"):  # the rules' own limit is not overridden silently
        play_game(Rules.standard().evolve(max_hands=10), [RandomBot(s) for s in range(4)], seed=1, max_hands=3)
    with pytest.raises(RulesError):
        play_game(Rules.standard(), [RandomBot(s) for s in range(4)], max_hands=0)
    with pytest.raises(ArgumentTypeError):
        play_game(Rules.standard(), [RandomBot(s) for s in range(4)], max_hands="9")  # type: ignore[arg-type]

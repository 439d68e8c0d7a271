"""The ``spades-rules`` command line: simulate, variants, score, replay, option values, ``python -m``."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from spades_rules import Rules, to_dict
from spades_rules.bots import HeuristicBot, play_game
from spades_rules.cli import _parse_option, main


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


def test_score_accepts_blind_bids_and_double_nils_under_the_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    status, text = _run(
        "score", "--set", "blind_bid_min=6", "--bids", "b6", "3", "3", "2", "--tricks", "6", "1", "4", "2"
    )
    assert status == 0
    north_south = next(line for line in text.splitlines() if line.strip().startswith("N/S"))
    assert north_south.split()[-2] == "151"
    status, text = _run(
        "score", "--set", "double_nil_value=200", "--bids", "nil", "4", "nil", "4", "--tricks", "2", "5", "0", "6"
    )
    assert status == 0
    north_south = next(line for line in text.splitlines() if line.strip().startswith("N/S"))
    assert north_south.split()[-2] == "-200"
    status, text = _run("score", "--bids", "blind 6", "3", "3", "2", "--tricks", "6", "1", "4", "2")
    assert status == 2 and "cannot bid blind 6: the rules do not allow blind bids" in capsys.readouterr().err


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
    assert _parse_option("losing_score=None") == ("losing_score", None)
    assert _parse_option("nil=false") == ("nil", False)
    assert _parse_option("target_score=300") == ("target_score", 300)
    assert _parse_option("redeal_on=no_spades,no_face_cards") == ("redeal_on", ("no_spades", "no_face_cards"))
    assert _parse_option("set_penalty=zero") == ("set_penalty", "zero")


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




# ---------------------------------------------------------------------------------------- the documented transcript
# docs/cli.rst is a transcript: every ``$ spades-rules ...`` line of its console blocks is run (after the
# page's Python blocks before it, in a scratch folder) and its output compared with the lines under it, so
# the page cannot go stale. A line ``...`` stands for any lines, ``...`` inside a line for any text (the
# bots' decision times); the answers to ``play``'s prompts are the text after each prompt in the transcript.
CLI_PAGE = Path(__file__).resolve().parents[1] / "docs" / "cli.rst"


def _page_blocks() -> list[tuple[str, list[str]]]:
    blocks: list[tuple[str, list[str]]] = []
    lines = CLI_PAGE.read_text(encoding="utf-8").splitlines()
    at = 0
    while at < len(lines):
        line = lines[at]
        at += 1
        if not line.startswith(".. code-block:: "):
            continue
        kind = line.split("::")[1].strip()
        body: list[str] = []
        while at < len(lines) and (not lines[at].strip() or lines[at].startswith("   ")):
            body.append(lines[at][3:])
            at += 1
        while body and not body[-1].strip():
            body.pop()
        blocks.append((kind, body))
    return blocks


def _page_commands() -> list[tuple[int, str, list[str]]]:
    """``(index of the block, command line, expected output lines)`` for every command of the page."""
    found = []
    for index, (kind, body) in enumerate(_page_blocks()):
        if kind != "console":
            continue
        command: str | None = None
        expected: list[str] = []
        for line in [*body, "$ end"]:
            if line.startswith("$ "):
                if command is not None and command.startswith("spades-rules"):
                    while expected and not expected[-1].strip():
                        expected.pop()
                    found.append((index, command, expected))
                command, expected = line[2:], []
            else:
                expected.append(line)
    return found


def _pattern(expected: list[str]) -> str:
    parts = []
    for line in expected:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append("[^\n]*".join(re.escape(piece) for piece in line.rstrip().split("...")) + r"\n")
    return "".join(parts)


COMMANDS = _page_commands()


def test_the_page_runs_every_subcommand() -> None:
    subcommands = {shlex.split(command)[1] for _, command, _ in COMMANDS}
    assert subcommands >= {"--help", "--version", "simulate", "variants", "score", "match", "replay", "play"}


@pytest.mark.parametrize(("block", "command", "expected"), COMMANDS, ids=[command for _, command, _ in COMMANDS])
def test_the_cli_page_shows_what_each_command_prints(
    block: int, command: str, expected: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("NO_COLOR", raising=False)
    for kind, body in _page_blocks()[:block]:
        if kind == "python":
            exec(compile("\n".join(body), str(CLI_PAGE), "exec"), {})  # the page's own setup of the files
    answers = iter(expected)

    def scripted_input(prompt: str = "") -> str:  # play's answers, as the page shows them after its prompts
        text = capsys.readouterr().out + prompt
        sys.stdout.write(text)
        asked = text.rsplit("\n", 1)[-1]
        for line in answers:
            if asked and line.startswith(asked):
                answer = line[len(asked):]
                sys.stdout.write(answer + "\n")
                if answer == "^C":
                    raise KeyboardInterrupt
                return answer
        raise EOFError

    monkeypatch.setattr("builtins.input", scripted_input)
    with contextlib.suppress(SystemExit):  # --help and --version exit
        main(shlex.split(command)[1:])
    captured = capsys.readouterr()
    actual = "\n".join(line.rstrip() for line in (captured.out + captured.err).splitlines()) + "\n"
    if re.fullmatch(_pattern(expected), actual) is None:
        pytest.fail(f"docs/cli.rst shows for `{command}`:\n" + "\n".join(expected) + f"\n\nbut it prints:\n{actual}")


# ---------------------------------------------------------------------------------------- bad arguments
@pytest.mark.parametrize("dealer", ["9", "-1", "4"])
def test_simulate_refuses_a_dealer_the_table_lacks(dealer: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--dealer", dealer]) == 2
    assert f"--dealer must be a seat 0-3, not {dealer}" in capsys.readouterr().err
    argv = ["simulate", "--rules", "two_player", "--dealer", "1", "--quiet", "--max-hands", "1"]
    assert main(argv, out=io.StringIO()) == 0


def test_simulate_refuses_a_negative_backstop_and_says_hand_for_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--max-hands", "-1"]) == 2
    assert "--max-hands must be 0 (no backstop) or more, not -1" in capsys.readouterr().err
    status, text = _run("simulate", "--max-hands", "1", "--quiet")
    assert status == 0 and "after 1 hand;" in text and "1 hands" not in text


def _records_file(tmp_path: Path, games: int) -> Path:
    path = tmp_path / "games.jsonl"
    assert main(["match", "--set", "max_hands=1", "--games", str(games), "--workers", "1", "--records", str(path)],
                out=io.StringIO()) == 0
    return path


def test_replay_reads_one_game_of_a_records_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _records_file(tmp_path, 3)
    lines = path.read_text().splitlines()
    for game in range(3):
        status, text = _run("replay", str(path), "--game", str(game), "--quiet")
        expected = io.StringIO()
        single = tmp_path / f"{game}.json"
        single.write_text(lines[game])
        assert main(["replay", str(single), "--quiet"], out=expected) == 0
        assert status == 0 and text.splitlines()[1:] == expected.getvalue().splitlines()[1:]
    assert main(["replay", str(path)]) == 2
    assert "holds 3 games, one record a line: choose one with --game 0 to 2" in capsys.readouterr().err
    assert main(["replay", str(path), "--game", "3"]) == 2
    assert "--game must be from 0 to 2" in capsys.readouterr().err


def test_replay_of_one_record_takes_game_0_and_a_pretty_printed_json_record(tmp_path: Path) -> None:
    game = play_game(Rules.standard().evolve(max_hands=1), [HeuristicBot(seed) for seed in range(4)], seed=3)
    pretty = tmp_path / "pretty.json"
    pretty.write_text(json.dumps(to_dict(game), indent=2))
    plain = _run("replay", str(pretty), "--quiet")
    assert plain[0] == 0 and "Game over after 1 hand" in plain[1]
    assert _run("replay", str(pretty), "--quiet", "--game", "0") == plain
    assert _run("replay", str(pretty), "--game", "1")[0] == 2


def test_replay_prints_nothing_of_a_tampered_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = play_game(Rules.standard().evolve(max_hands=1), [HeuristicBot(seed) for seed in range(4)], seed=3)
    record = to_dict(game)
    record["actions"][-1] = "0:play ZZ"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "error:" in captured.err


def test_score_takes_partial_hands() -> None:
    assert _run("score", "--bids", "3", "4", "2", "4", "--tricks", "4", "3", "4", "1")[0] == 2
    status, text = _run("score", "--bids", "3", "4", "2", "4", "--tricks", "4", "3", "4", "1", "--partial")
    assert status == 0 and "53" in text


def test_the_score_command_names_its_flag_for_a_partial_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--bids", "3", "4", "2", "4", "--tricks", "4", "3", "4", "1"], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "--partial scores an abandoned hand" in err and "partial=True" not in err


@pytest.mark.parametrize("flag", ["--save", "--resume"])
def test_play_refuses_dash_where_replay_reads_standard_input(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", flag, "-"], out=io.StringIO()) == 2
    assert f"{flag} needs a file name, not '-'" in capsys.readouterr().err


def test_text_that_is_not_utf8_gets_one_message_from_a_file_and_from_standard_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b'[Format "spades_rules/1"]\n\xff\xfe')
    command = [sys.executable, "-m", "spades_rules", "replay"]
    from_file = subprocess.run([*command, str(bad)], capture_output=True, text=True, timeout=120, check=False)
    from_stdin = subprocess.run([*command, "-"], input=bad.read_bytes(), capture_output=True, timeout=120, check=False)
    assert from_file.returncode == from_stdin.returncode == 2
    assert from_file.stderr.strip() == f"spades-rules: error: {bad}: is not UTF-8 text (byte 26)"
    assert from_stdin.stderr.decode().strip() == "spades-rules: error: -: is not UTF-8 text (byte 26)"

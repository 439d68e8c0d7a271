"""Simulation at scale: statistics, duplicate rotation, reproducibility across backends, records, failures
and the ``spades-rules match`` command."""

from __future__ import annotations

import io
import itertools
import json
import logging
import os
import pickle
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_rules import (
    Bid,
    Deal,
    DrawDecision,
    GameState,
    IllegalActionError,
    IllegalReason,
    RecordError,
    Rules,
    SpadesError,
    dumps,
    from_dict,
    loads,
)
from spades_rules.actions import Action
from spades_rules.bots import RandomBot
from spades_rules.cli import main
from spades_rules.simulation import (
    GameSummary,
    HandSummary,
    Match,
    SimulationError,
    SimulationIllegalActionError,
    Tally,
    derive_seed,
    run,
    run_match,
    wilson_interval,
)

# --------------------------------------------------------------------------- module-level (picklable) helpers


class IllegalOnSomeSeeds:
    """A random bot, except that a bot whose seed is divisible by 7 bids 14 (always illegal)."""

    def __init__(self, seed: int) -> None:
        self.broken = seed % 7 == 0
        self.inner = RandomBot(seed)

    def choose(self, state: GameState) -> Action:
        seat = state.to_act
        assert seat is not None
        if self.broken and state.hand is not None and state.hand.bids[seat] is None and state.phase.value == "bid":
            return Bid(seat, 14)
        return self.inner.choose(state)


class Crashes:
    """A bot that raises an ordinary exception."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: GameState) -> Action:
        raise RuntimeError(f"bot {self.seed} crashed")


def seat_zero_tricks(state: GameState) -> float:
    """A custom metric: the tricks seat 0 took in the hand just finished."""
    return float(state.results[-1].tricks_won[0])


def first_failing_game(match: Match) -> int:
    """The first game in which some seat's bot is seeded with a multiple of 7 (computed independently)."""
    for index in range(match.total_games):
        if any(derive_seed(match.seed, "bot", index, seat) % 7 == 0 for seat in range(match.rules.players)):
            return index
    raise AssertionError("no failing game")


SHORT = Rules.standard().evolve(max_hands=2)


# --------------------------------------------------------------------------- statistics


def test_wilson_interval_matches_published_values() -> None:
    # Newcombe (1998), table I: 81/263 -> 0.2553 to 0.3662; 15/148 -> 0.0624 to 0.1605.
    low, high = wilson_interval(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    low, high = wilson_interval(15, 148)
    assert (round(low, 4), round(high, 4)) == (0.0624, 0.1605)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0


def _summary(index: int, lineup: tuple[int, ...], winner: int | None, scores: tuple[int, ...],
             hands: tuple[HandSummary, ...]) -> GameSummary:
    zeros = (0,) * len(lineup)
    return GameSummary(index, lineup, winner, scores, hands, zeros, zeros, zeros, 0)


def test_tally_of_a_hand_made_run() -> None:
    match = Match(Rules.standard(), ("heuristic", "random"), 1, duplicate=True)
    # Game 0: heuristic at N/S (side 0). One hand: N bids 4 and takes 5, S nil and takes 0 (made);
    # E bids 3 takes 2, W bids 3 takes 6: E/W contract 6, took 8, made, 2 bags. Heuristic wins 520 to 480.
    hand0 = HandSummary(
        bids=((4, False), (3, False), (0, False), (3, False)), tricks_won=(5, 2, 0, 6),
        sides=((True, 1, 0), (True, 2, 0)), totals=(141, 62), metrics=(),
    )
    # Game 1 (sides swapped: random at N/S). Two hands. Hand 1: N blind nil takes 1 (failed), S bids 5
    # takes 4: N/S set, 1 bag. E bids 6, W bids 2, E/W take 8: made exactly. Hand 2: N/S bid 4+4 take 9
    # (1 bag) and hit the bag limit (-100); E/W bid 2+2 take 4. Random wins 530 to 300.
    hand1 = HandSummary(
        bids=((0, True), (6, False), (5, False), (2, False)), tricks_won=(1, 5, 4, 3),
        sides=((False, 1, 0), (True, 0, 0)), totals=(-251, 80), metrics=(),
    )
    hand2 = HandSummary(
        bids=((4, False), (2, False), (4, False), (2, False)), tricks_won=(5, 2, 4, 2),
        sides=((True, 1, -100), (True, 0, 0)), totals=(-19, 40), metrics=(),
    )
    tally = Tally(match)
    tally.add(_summary(0, (0, 1, 0, 1), 0, (520, 480), (hand0,)))
    tally.add(_summary(1, (1, 0, 1, 0), 0, (530, 300), (hand1, hand2)))
    result = tally.result()
    heuristic, random = result.bot("heuristic"), result.bot("random")
    assert (result.games, result.deals, result.hands, result.hands_per_game) == (2, 1, 3, 1.5)
    assert (result.min_hands, result.max_hands, result.ties) == (1, 2, 0)
    assert (heuristic.wins, heuristic.losses, random.wins, random.losses) == (1, 1, 1, 1)
    assert heuristic.mean_margin == (40 + -230) / 2
    assert random.mean_margin == (-40 + 230) / 2
    # heuristic bids: 4, nil (made) | 6, 2 | 2, 2  -> 5 number bids totalling 16, 1 nil made of 1
    assert (heuristic.bids, heuristic.mean_bid, heuristic.nil_bids, heuristic.nil_made) == (5, 16 / 5, 1, 1)
    # random bids: 3, 3 | blind nil (failed), 5 | 4, 4
    assert (random.bids, random.blind_nil_bids, random.blind_nil_made, random.nil_bids) == (5, 1, 0, 0)
    assert (heuristic.contracts, heuristic.sets, heuristic.bags) == (3, 0, 1)
    assert (random.contracts, random.sets, random.set_rate, random.bags) == (3, 1, 1 / 3, 4)
    assert (random.bag_penalties, random.bag_penalty_points, random.bags_per_hand) == (1, -100, 4 / 3)
    assert heuristic.win_ci == wilson_interval(1, 2)
    assert json.loads(json.dumps(result.to_dict())) == result.to_dict()


def test_tally_refuses_games_out_of_order() -> None:
    tally = Tally(Match(SHORT, ("random", "random"), 2))
    with pytest.raises(SpadesError, match="out of order"):
        tally.add(_summary(1, (0, 1, 0, 1), 0, (1, 0), ()))


def test_statistics_agree_with_a_count_over_the_final_states() -> None:
    match = Match(SHORT, ("heuristic", "random"), 6, seed=3, metrics={"seat0": seat_zero_tricks})
    result = run(match)
    finals = [match.play(index) for index in range(match.total_games)]
    wins = sum(final.winner == 0 for final in finals)
    hands = [score for final in finals for score in final.results]
    nil = [(score.bids[seat], score.tricks_won[seat]) for score in hands for seat in (1, 3)]
    nil = [(bid, taken) for bid, taken in nil if bid is not None and bid.tricks == 0 and not bid.blind]
    sets = sum(score.sides[1].made is False for score in hands)
    contracts = sum(score.sides[1].made is not None for score in hands)
    heuristic, random = result.bot("heuristic"), result.bot("random")
    assert (heuristic.wins, heuristic.ties) == (wins, sum(final.winner is None for final in finals))
    assert heuristic.mean_margin == sum(final.scores[0] - final.scores[1] for final in finals) / 6
    assert (random.nil_bids, random.nil_made) == (len(nil), sum(taken == 0 for _, taken in nil))
    assert (random.sets, random.contracts) == (sets, contracts)
    assert random.bags == sum(score.sides[1].bags for score in hands)
    assert result.hands == len(hands) == sum(final.hands_played for final in finals)
    (metric,) = result.metrics
    assert metric.name == "seat0" and metric.hands == len(hands)
    assert metric.mean == sum(score.tricks_won[0] for score in hands) / len(hands)


def test_two_player_draws_and_exchanges_are_counted() -> None:
    match = Match(Rules.two_player(), ("heuristic", "random"), 3, seed=2, hands=True)
    result = run(match)
    finals = [match.play(index) for index in range(3)]
    decisions = [a for final in finals for a in final.history if isinstance(a, DrawDecision)]
    kept = sum(a.keep for a in decisions if a.seat == 0)
    assert result.bot("heuristic").draws_kept == kept
    assert result.bot("heuristic").draw_decisions == sum(a.seat == 0 for a in decisions)
    assert result.bot("heuristic").exchanges is None  # no blind nil in the two-player game
    assert result.unit == "hand" and all(final.hands_played == 1 for final in finals)


# --------------------------------------------------------------------------- duplicate rotation


def test_duplicate_rotations() -> None:
    assert Match(Rules.standard(), ("heuristic", "random"), 1, duplicate=True).lineups == (
        (0, 1, 0, 1), (1, 0, 1, 0))
    assert Match(Rules.three_player(), ("heuristic", "random", "random"), 1, duplicate=True).lineups == (
        (0, 1, 2), (2, 0, 1), (1, 2, 0))
    assert Match(Rules.two_player(), ("heuristic", "random"), 1, duplicate=True).lineups == ((0, 1), (1, 0))
    per_seat = Match(Rules.standard(), ("heuristic", "random", "random", "heuristic"), 1, duplicate=True)
    assert len(per_seat.lineups) == 4 and per_seat.names == ("heuristic#1", "random#1", "random#2", "heuristic#2")
    assert Match(Rules.standard(), ("heuristic", "random"), 1).lineups == ((0, 1, 0, 1),)


def test_fewer_bots_than_sides_take_the_sides_in_turn() -> None:
    rules = Rules.three_player().evolve(max_hands=1)
    match = Match(rules, ("heuristic", "random"), 3, seed=2, duplicate=True)
    assert match.lineups == ((0, 1, 0), (0, 0, 1), (1, 0, 0))
    result = run(match)
    heuristic, random = result.bot("heuristic"), result.bot("random")
    assert (heuristic.games, random.games) == (18, 9)  # 9 games: heuristic holds two sides of three
    finals = [match.play(index) for index in range(9)]
    wins = sum(final.winner is not None and match.lineup(i)[final.winner] == 0 for i, final in enumerate(finals))
    assert heuristic.wins == wins  # at most one of its sides wins a game
    assert heuristic.seat_hands == 18 and random.seat_hands == 9


def test_duplicate_games_share_their_deals_with_the_bots_swapped() -> None:
    match = Match(SHORT, ("heuristic", "random"), 2, seed=4, duplicate=True)
    assert match.total_games == 4
    games = [match.play(index) for index in range(4)]
    first_deals = [next(a for a in game.history if isinstance(a, Deal)) for game in games]
    assert first_deals[0] == first_deals[1] != first_deals[2] == first_deals[3]
    assert match.lineup(0) == match.lineup(2) == (0, 1, 0, 1)
    assert match.lineup(1) == match.lineup(3) == (1, 0, 1, 0)
    result = run(match)
    assert [bot.games for bot in result.bots] == [4, 4]
    assert result.deals == 2


# --------------------------------------------------------------------------- reproducibility and records


def _timeless(data: dict[str, Any]) -> dict[str, Any]:
    """A result's dict without the bots' decision times (wall-clock times vary from run to run)."""
    timing = ("mean_decision_seconds", "max_decision_seconds")
    return {**data, "bots": [{k: v for k, v in bot.items() if k not in timing} for bot in data["bots"]]}


def test_serial_and_two_processes_give_identical_results_and_records(tmp_path: Path) -> None:
    match = Match(Rules.standard(), ("heuristic", "random"), 7, seed=11, hands=True, duplicate=True)
    serial = run(match, records=tmp_path / "serial.jsonl", batch_size=3)
    process = run(match, backend="process", workers=2, records=tmp_path / "process.jsonl", batch_size=2)
    assert serial == process
    assert json.dumps(_timeless(serial.to_dict())) == json.dumps(_timeless(process.to_dict()))
    assert (tmp_path / "serial.jsonl").read_bytes() == (tmp_path / "process.jsonl").read_bytes()


@settings(max_examples=15, deadline=None)
@given(games=st.integers(0, 5), seed=st.integers(0, 2**70), batch=st.integers(1, 6), duplicate=st.booleans())
def test_batching_never_changes_the_result(games: int, seed: int, batch: int, duplicate: bool) -> None:
    match = Match(Rules.standard(), ("heuristic", "random"), games, seed=seed, hands=True, duplicate=duplicate)
    result = run(match, batch_size=batch)
    assert result == run(match)
    assert result.games == match.total_games == sum(bot.games for bot in result.bots) // 2
    for bot in result.bots:
        assert bot.wins + bot.ties + bot.losses == bot.games
        assert bot.win_ci[0] <= bot.win_rate <= bot.win_ci[1]


def test_the_records_stream_loads_back(tmp_path: Path) -> None:
    match = Match(SHORT, ("heuristic", "random"), 3, seed=5)
    run(match, records=tmp_path / "games.jsonl")
    lines = (tmp_path / "games.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    for index, line in enumerate(lines):
        state = from_dict(json.loads(line))
        assert state == match.play(index) and state.is_over
        assert loads(dumps(state)) == state


@pytest.mark.parametrize("kind", ["fifo", "folder", "link", "dangling link"])
def test_the_records_file_is_never_a_special_file(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "target.jsonl"
    target.write_text("keep me\n", encoding="utf-8")
    path = tmp_path / "records"
    if kind == "fifo":
        os.mkfifo(path)  # opening it to write would wait for a reader forever
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to(target if kind == "link" else tmp_path / "nowhere.jsonl")
    match = Match(SHORT, ("heuristic", "random"), 1, seed=5)
    with pytest.raises(RecordError) as refused:
        run(match, records=path)
    assert refused.value.where == str(path)
    assert main(["match", "--games", "1", "--workers", "1", "--records", str(path)], io.StringIO()) == 2
    assert capsys.readouterr().err.startswith(f"spades-rules: error: {path}: ")
    assert target.read_text(encoding="utf-8") == "keep me\n"
    assert not (tmp_path / "nowhere.jsonl").exists()


def test_the_records_file_replaces_a_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text("x" * 100_000, encoding="utf-8")  # emptied first, then written
    run(Match(SHORT, ("heuristic", "random"), 2, seed=5), records=path)
    assert len(path.read_text(encoding="utf-8").splitlines()) == 2


def test_a_different_seed_gives_different_games() -> None:
    one = run(Match(SHORT, ("heuristic", "random"), 3, seed=1))
    two = run(Match(SHORT, ("heuristic", "random"), 3, seed=2))
    assert one != two


# --------------------------------------------------------------------------- failures


@pytest.mark.parametrize(("backend", "workers"), [("serial", None), ("process", 2)])
def test_an_illegal_move_names_the_game_and_its_seed(backend: str, workers: int | None, tmp_path: Path) -> None:
    match = Match(SHORT, (IllegalOnSomeSeeds, RandomBot), 12, seed=1)
    expected = first_failing_game(match)
    with pytest.raises(IllegalActionError) as caught:
        run(match, backend=backend, workers=workers, batch_size=2, records=tmp_path / "r.jsonl")  # type: ignore[arg-type]
    error = caught.value
    assert isinstance(error, SimulationIllegalActionError)
    assert (error.game_index, error.seed) == (expected, match.game_seed(expected))
    assert f"game {expected} " in str(error) and f"seed {match.game_seed(expected)}" in str(error)
    assert isinstance(error.__cause__, IllegalActionError) and error.reason is error.__cause__.reason
    with pytest.raises(SimulationIllegalActionError) as again:
        match.play(expected)
    assert again.value.game_index == expected
    # every game before the failing one was written, in order, and nothing after
    assert len((tmp_path / "r.jsonl").read_text().splitlines()) <= expected


def test_a_crashing_bot_raises_a_simulation_error_with_its_cause() -> None:
    match = Match(SHORT, (Crashes, RandomBot), 2, seed=1)
    with pytest.raises(SimulationError, match=r"game 0 \(seed \d+\): RuntimeError: bot \d+ crashed") as caught:
        run(match, backend="process", workers=2)
    assert caught.value.game_index == 0
    assert isinstance(caught.value.__cause__, RuntimeError)


def test_simulation_errors_pickle_with_their_fields() -> None:
    original = IllegalActionError(IllegalReason.BID_OUT_OF_RANGE, "seat 1 cannot bid 14", action=Bid(1, 13))
    error = SimulationIllegalActionError("game 3 (seed 9): no", game_index=3, seed=9, original=original)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is SimulationIllegalActionError and str(copy) == str(error)
    assert (copy.game_index, copy.seed, copy.reason, copy.action) == (3, 9, original.reason, Bid(1, 13))
    assert isinstance(copy.__cause__, IllegalActionError) and str(copy.__cause__) == str(original)

    class Local(Exception):
        pass

    plain = pickle.loads(pickle.dumps(SimulationError("game 1", game_index=1, seed=2, original=Local("x"))))
    assert (plain.game_index, plain.seed) == (1, 2)
    assert isinstance(plain.__cause__, RuntimeError) and "Local: x" in str(plain.__cause__)


def test_interrupting_a_run_stops_the_workers_and_leaves_whole_records(tmp_path: Path) -> None:
    match = Match(Rules.standard(), ("heuristic", "random"), 12, seed=3, hands=True)
    seen: list[int] = []

    def progress(done: int) -> None:
        seen.append(done)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(match, backend="process", workers=2, records=tmp_path / "cut.jsonl", batch_size=2, progress=progress)
    lines = (tmp_path / "cut.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    assert [from_dict(json.loads(line)) for line in lines] == [match.play(index) for index in range(4)]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Match(SHORT, ("heuristic", "clever"), 1), "unknown bot 'clever'"),
        (lambda: Match(SHORT, ("heuristic",) * 3, 1), "3 bots given"),
        (lambda: Match(SHORT, (), 1), "0 bots given"),
        (lambda: Match(SHORT, ("heuristic", 5), 1), "a bot is a built-in name"),
        (lambda: Match(SHORT, ("heuristic", "random"), -1), "games must be"),
        (lambda: Match(SHORT, ("heuristic", "random"), 1, seed="1"), "seed must be"),  # type: ignore[arg-type]
        (lambda: run(Match(SHORT, ("heuristic", "random"), 1), backend="threads"), "unknown backend"),  # type: ignore[arg-type]
        (lambda: run(Match(SHORT, ("heuristic", "random"), 1), workers=0), "workers must be"),
        (lambda: run(Match(SHORT, ("heuristic", "random"), 1), records=3), "records must be"),  # type: ignore[arg-type]
        (lambda: Match(SHORT, ("heuristic", "random"), 1).play(1), "game index"),
        (lambda: run_match(SHORT, ["heuristic", "random"], games=1, names=["a"]), "one string per bot"),
    ],
)
def test_bad_arguments_are_refused(call: object, message: str) -> None:
    with pytest.raises(SpadesError, match=message):
        call()  # type: ignore[operator]


def test_unpicklable_bots_are_refused_before_any_worker_starts() -> None:
    match = Match(SHORT, (lambda seed: RandomBot(seed + 1), "random"), 1)
    with pytest.raises(SpadesError, match="picklable"):
        run(match, backend="process", workers=2)


# --------------------------------------------------------------------------- the command line


def test_match_command_prints_a_table() -> None:
    out = io.StringIO()
    status = main(["match", "--rules", "standard", "--set", "max_hands=2", "--bots", "heuristic,random",
                   "--games", "2", "--seed", "3", "--workers", "1", "--duplicate"], out=out)
    text = out.getvalue()
    assert status == 0
    assert text.startswith("Match: max_hands=2; seed 3; 4 games (2 deals, each once per rotation of the bots)")
    assert "win rate [95% CI]" in text and "heuristic" in text and "random" in text
    expected = run_match(SHORT, ["heuristic", "random"], games=2, seed=3, duplicate=True)
    assert f"{expected.bot('heuristic').wins} / {expected.bot('heuristic').ties}" in text


def test_match_command_plays_the_search_bot() -> None:
    out = io.StringIO()
    status = main(["match", "--rules", "standard", "--set", "max_hands=1", "--bots", "search,heuristic",
                   "--games", "1", "--seed", "3", "--workers", "1", "--json"], out=out)
    assert status == 0
    names = [bot["name"] for bot in json.loads(out.getvalue())["bots"]]
    assert names == ["search", "heuristic"]


def test_match_command_json_is_the_same_for_one_and_two_workers(tmp_path: Path) -> None:
    outputs = []
    for workers in ("1", "2"):
        out = io.StringIO()
        records = tmp_path / f"{workers}.jsonl"
        argv = ["match", "--rules", "two_player", "--games", "3", "--seed", "8", "--workers", workers, "--hands",
                "--records", str(records), "--json"]
        assert main(argv, out=out) == 0
        outputs.append((json.dumps(_timeless(json.loads(out.getvalue()))), records.read_bytes()))
    assert outputs[0] == outputs[1]  # only the bots' decision times differ from run to run
    data = json.loads(outputs[0][0])
    assert data["games"] == 3 and data["unit"] == "hand"
    assert [bot["name"] for bot in data["bots"]] == ["heuristic", "random"]
    expected = run_match(Rules.two_player(), ["heuristic", "random"], games=3, seed=8, hands=True)
    assert data == _timeless(json.loads(json.dumps(expected.to_dict())))


def test_ctrl_c_stops_the_match_command_cleanly(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    # Ctrl-C as a terminal sends it, to the command with Python's own SIGINT handler in place: a command
    # started in the background of a script (as CI's steps may be) inherits SIGINT ignored, and Python then
    # never raises KeyboardInterrupt
    command = "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    command += "from spades_rules.cli import main; sys.exit(main(sys.argv[1:]))"
    argv = [sys.executable, "-c", command, "match", "--hands", "--games", "5000", "--workers", "2",
            "--records", str(records)]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 180  # polls: costs nothing when the file is there
        while time.monotonic() < deadline and not (records.exists() and records.stat().st_size):
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=180)
    finally:
        process.kill()
    assert process.returncode == 130, (process.returncode, err[-600:].replace("\r", "\n"))
    assert "interrupted" in err and out == ""
    lines = records.read_text(encoding="utf-8").splitlines()
    assert 0 < len(lines) < 5000
    assert all(from_dict(json.loads(line)).is_over for line in lines)


def test_match_command_reports_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--bots", "heuristic,clever", "--games", "1", "--workers", "1"], out=io.StringIO()) == 2
    assert "unknown bot 'clever'" in capsys.readouterr().err


# --------------------------------------------------------------------------- Ray


def check_the_ray_backend(folder: Path) -> None:
    """The Ray backend's games equal the serial ones, record for record, and an illegal move on a worker is
    reported with its game and seed (run by the test below in a process of its own)."""
    import ray

    match = Match(Rules.standard(), ("heuristic", "random"), 4, seed=6, hands=True, duplicate=True)
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    try:
        remote = run(match, backend="ray", records=folder / "ray.jsonl", batch_size=3)
        assert remote == run(match, records=folder / "serial.jsonl")
        assert (folder / "ray.jsonl").read_bytes() == (folder / "serial.jsonl").read_bytes()
        failing = Match(SHORT, (IllegalOnSomeSeeds, RandomBot), 12, seed=1)
        with pytest.raises(IllegalActionError) as caught:
            run(failing, backend="ray", batch_size=2)
        error = caught.value
        assert isinstance(error, SimulationIllegalActionError)
        expected = first_failing_game(failing)
        assert (error.game_index, error.seed) == (expected, failing.game_seed(expected))
    finally:
        ray.shutdown()


def test_ray_backend_matches_serial_and_reports_illegal_moves(tmp_path: Path) -> None:
    """In a Python of its own: a Ray node that fails to start or dies (its raylet on a busy machine, after a
    long suite) ends the driver process with it, which must not take the test run down."""
    pytest.importorskip("ray")
    # Ray's workers import this module to unpickle its bots: show them where it is
    path = os.pathsep.join([str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")])
    script = "import sys, pathlib, test_simulation; test_simulation.check_the_ray_backend(pathlib.Path(sys.argv[1]))"
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], env={**os.environ, "PYTHONPATH": path},
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


# --------------------------------------------------------------------------- the fair mode and decision times
class ViewOnly:
    """A bot for the fair mode: it crashes when handed anything but an Observation, and has no choose()."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)

    def decide(self, observation: Any) -> Action:
        from spades_rules import Observation

        if type(observation) is not Observation:
            raise AssertionError(f"a view-only bot was handed a {type(observation).__name__}")
        return self.inner.decide(observation)


class Peeker:
    """A bot that looks at every hand: it needs the GameState (choose) and has no decide()."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)

    def choose(self, state: GameState) -> Action:
        assert state.hand is not None and len(state.hand.hands) == state.rules.players
        return self.inner.choose(state)


@pytest.mark.parametrize("backend", ["serial", "process"])
def test_view_only_bots_see_only_their_own_view(backend: str) -> None:
    rules = Rules.standard().evolve(max_hands=2)
    result = run_match(rules, [ViewOnly, "heuristic"], games=4, seed=5, view_only=True, backend=backend,  # type: ignore[arg-type]
                       workers=2 if backend == "process" else None)
    assert result.games == 4 and sum(bot.decisions for bot in result.bots) > 0


def test_the_fair_mode_plays_the_same_games_as_the_view_the_builtin_bots_take() -> None:
    """The built-in bots decide from their seat's view either way: the fair mode changes no game."""
    rules = Rules.jokers().evolve(max_hands=2)
    fair = run_match(rules, ["heuristic", "random"], games=3, seed=2, view_only=True)
    assert fair == run_match(rules, ["heuristic", "random"], games=3, seed=2)


def test_the_fair_mode_refuses_a_bot_that_needs_the_state() -> None:
    with pytest.raises(SimulationError, match=r"has no decide\(\) method \(view_only=True"):
        run_match(Rules.standard(), [Peeker, "random"], games=1, view_only=True)
    with pytest.raises(SimulationError, match=r"has no choose\(\) method"):
        run_match(Rules.standard(), [ViewOnly, "random"], games=1)


def test_every_bot_reports_its_decision_times() -> None:
    result = run_match(Rules.standard().evolve(max_hands=1), ["heuristic", "random"], games=3, seed=1)
    for bot in result.bots:
        assert bot.decisions == 3 * 2 * 14  # three one-hand games, two seats each: a bid and 13 plays
        assert bot.mean_decision_seconds is not None and bot.max_decision_seconds is not None
        assert 0 < bot.mean_decision_seconds <= bot.max_decision_seconds < 5
        assert {"decisions", "mean_decision_seconds", "max_decision_seconds"} <= set(bot.to_dict())
    text = io.StringIO()
    assert main(["match", "--set", "max_hands=1", "--games", "2", "--workers", "1"], out=text) == 0
    assert "Decision times (wall-clock ms, mean / longest, over all decisions): heuristic " in text.getvalue()


def test_the_match_command_has_a_view_only_flag() -> None:
    out = io.StringIO()
    argv = ["match", "--set", "max_hands=1", "--games", "2", "--workers", "1", "--view-only", "--json"]
    assert main(argv, out=out) == 0
    assert json.loads(out.getvalue())["games"] == 2


# --------------------------------------------------------------------------- bounds
def test_a_billion_games_take_no_memory_before_the_first_game() -> None:
    import tracemalloc

    tracemalloc.start()
    match = Match(Rules.standard(), ("random",), 10**9)
    ranges = match.batches(2)
    first = ranges[0]
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert first == (0, 100) and len(ranges) == 10**7 and ranges[-1] == (10**9 - 100, 10**9)
    assert peak < 1_000_000, f"{peak:,} bytes for the batches of a billion games"
    assert list(Match(Rules.standard(), ("random",), 5).batches(1, 2)) == [(0, 2), (2, 4), (4, 5)]


def test_the_number_of_games_is_bounded() -> None:
    from spades_rules.simulation import MAX_GAMES

    Match(Rules.standard(), ("random",), MAX_GAMES)
    with pytest.raises(SpadesError, match="games must be at most"):
        Match(Rules.standard(), ("random",), 10**100)
    with pytest.raises(SpadesError, match="games must be at most"):
        Match(Rules.standard(), ("random",), MAX_GAMES + 1)


@pytest.mark.parametrize("games", ["0", "-3", str(10**13)])
def test_the_match_command_refuses_games_out_of_range(games: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--games", games]) == 2
    assert "--games must be from 1 to 1,000,000,000,000" in capsys.readouterr().err


def test_a_match_of_no_games_is_reported_sensibly() -> None:
    from spades_rules.simulation.cli import format_result

    result = run_match(Rules.standard(), ["random"], games=0)
    text = format_result(result)
    assert "No games were played." in text and "None" not in text


def test_workers_are_capped_at_the_batches_with_a_warning_above_the_cores(capsys: pytest.CaptureFixture[str]) -> None:
    match = Match(Rules.standard().evolve(max_hands=1), ("random",), 3)
    with pytest.warns(RuntimeWarning, match="120 worker processes on"):
        result = run(match, backend="process", workers=120, batch_size=2)
    assert result.games == 3
    assert main(["match", "--set", "max_hands=1", "--games", "2", "--workers", "64"]) == 0
    assert "spades-rules: warning: 64 worker processes on" in capsys.readouterr().err


def test_worker_processes_are_capped_at_four_per_core(monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures import ProcessPoolExecutor

    from spades_rules.simulation import backends

    started: list[int] = []
    real = ProcessPoolExecutor

    def counting(*args: Any, **kwargs: Any) -> Any:
        started.append(kwargs["max_workers"])
        return real(*args, **kwargs)

    monkeypatch.setattr("spades_rules.simulation.backends.ProcessPoolExecutor", counting)
    match = Match(Rules.standard().evolve(max_hands=1), ("random",), 200)
    cap = 4 * backends.default_workers()
    with pytest.warns(RuntimeWarning, match=rf"1000 worker processes on .*; at most {cap} are started"):
        result = run(match, backend="process", workers=1000)
    assert result.games == 200 and started == [min(cap, len(match.batches(cap)))]


def test_metrics_are_read_with_a_bound() -> None:
    with pytest.raises(SpadesError, match="more than 1,000 metrics"):
        Match(Rules.standard(), ("random",), 1, metrics=itertools.repeat("AS"))  # type: ignore[arg-type]
    with pytest.raises(SpadesError, match="more than 1,000 metrics"):
        run_match(Rules.standard(), ("random",), games=1, metrics=itertools.repeat("AS"))  # type: ignore[arg-type]
    pairs = iter([("one", lambda state: 1.0)])
    assert [name for name, _ in Match(Rules.standard(), ("random",), 1, metrics=pairs).metrics] == ["one"]


def test_a_ray_that_cannot_start_exits_2_with_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import types

    fake = types.ModuleType("ray")

    def init(**kwargs: Any) -> None:
        raise ConnectionError("could not reach the cluster at 10.0.0.1:6379")

    fake.is_initialized = lambda: False  # type: ignore[attr-defined]
    fake.init = init  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ray", fake)
    assert main(["match", "--games", "2", "--backend", "ray"]) == 2
    err = capsys.readouterr().err
    assert "the ray backend could not start Ray: ConnectionError: could not reach the cluster" in err
    assert "Traceback" not in err


# --------------------------------------------------------------------------- progress without tqdm
def test_the_plain_progress_line_says_how_far_and_how_long() -> None:
    from spades_rules.simulation.cli import _PlainProgress

    stream = io.StringIO()
    progress = _PlainProgress(200, "game", stream, interval=0)
    progress.update(50)
    progress.update(150)
    progress.close()
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("match: 50/200 games (25%), ") and "left" in lines[0]
    assert lines[-1].startswith("match: 200/200 games (100%)")


def test_the_match_command_prints_progress_to_stderr_without_tqdm(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # importing tqdm fails, as without the cli extra
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # a terminal: the line is updated in place
    assert main(["match", "--set", "max_hands=1", "--games", "3", "--workers", "1"]) == 0
    captured = capsys.readouterr()
    assert "\rmatch: 3/3 games (100%)" in captured.err and captured.err.endswith("\n")
    assert "match:" not in captured.out.partition("\n")[2]


def test_a_process_match_without_the_main_guard_says_what_to_add(tmp_path: Path) -> None:
    play = 'run_match(Rules.standard().evolve(max_hands=1), ["random"], games=4, backend="process", workers=2)'
    header = "from spades_rules import Rules\nfrom spades_rules.simulation import run_match\n"
    unguarded, guarded = tmp_path / "unguarded.py", tmp_path / "guarded.py"
    unguarded.write_text(header + f"print({play}.games)\n", encoding="utf-8")
    guarded.write_text(header + f'if __name__ == "__main__":\n    print({play}.games)\n', encoding="utf-8")
    refused = subprocess.run([sys.executable, str(unguarded)], capture_output=True, text=True, timeout=300, check=False)
    assert refused.returncode == 1 and "Traceback" in refused.stderr
    assert f"{unguarded} runs a process match when it is imported" in refused.stderr
    assert "if __name__ == \"__main__\":" in refused.stderr.splitlines()[-1]
    played = subprocess.run([sys.executable, str(guarded)], capture_output=True, text=True, timeout=300, check=False)
    assert played.returncode == 0 and played.stdout.strip() == "4", played.stderr

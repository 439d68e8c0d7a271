"""Score sheets: scoring refuses sheets the rules forbid (API and CLI alike, one set of bid spellings), bags
carried in are bounded and their penalty computed at once, the MSN Zone failed-nil option, and the running
:class:`ScoreSheet` that shares the engine's end-of-hand code."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import pickle
import random
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from _fixtures import random_states
from _work import calls_made
from spades_rules import (
    Bid,
    Deal,
    Rules,
    ScoreSheet,
    ScoreSheetError,
    apply,
    engine,
    legal_actions,
    new_game,
    score_hand,
    scoring,
)
from spades_rules.cli import main

# ------------------------------------------------------------------------------------------- forbidden sheets
# (preset, options, bids, tricks, bags, words of the reason)
FORBIDDEN: list[tuple[str, dict[str, Any], list[str] | None, list[int], list[int] | None, str]] = [
    ("bicycle", {}, ["nil", "4", "2", "4"], [1, 5, 1, 6], None, "seat 0 cannot bid nil: the rules do not allow nil"),
    ("standard", {"blind_nil": False}, ["blind", "4", "2", "4"], [0, 5, 2, 6], None, "do not allow blind nil"),
    ("standard", {}, ["3", "4", "2", "4"], [4, 3, 4, 2], [10, 0], "below the bag limit of 10: side 0 has 10"),
    ("standard", {"bag_limit": 5}, ["3", "4", "2", "4"], [4, 3, 4, 2], [0, 7], "bag limit of 5: side 1 has 7"),
    ("standard", {}, ["3", "4", "2", "4"], [4, 3, 4, 2], [10**12, 0], "below the bag limit of 10"),
    ("partnership_bidding", {}, ["1", "4", "2", "4"], [4, 3, 4, 2], None, "the side's contract must reach 4"),
    ("partnership_bidding", {}, ["nil", "4", "3", "4"], [0, 3, 4, 2], None, "must reach 4, so you cannot bid nil"),
    ("standard", {"min_bid": 2}, ["1", "4", "3", "4"], [4, 3, 4, 2], None, "bids run from 2 to 13"),
    ("no_bid", {}, ["1", "1", "1", "1"], [4, 3, 4, 2], None, "no-bid Spades has no bids"),
    ("suicide", {}, ["nil", "4", "nil", "5"], [0, 5, 1, 7], None, "only one partner bids nil"),
    ("suicide", {}, ["3", "nil", "nil", "5"], [3, 0, 3, 7], None, "you must bid at least 4"),
    ("standard", {"both_partners_nil": False}, ["nil", "4", "nil", "4"], [0, 5, 1, 7], None,
     "both partners may not bid nil"),
    ("standard", {"forbid_total_equal_tricks": True}, ["3", "4", "2", "4"], [4, 3, 4, 2], None,
     "total of the bids equal the 13 tricks"),
    ("mirror", {}, ["3", "3", "3", "3"], [4, 3, 4, 2], None, "must total 13, not 12"),
    ("whiz", {}, ["5", "5", "4", "nil"], [4, 3, 4, 2], None, "they total 14, but the deck has 13"),
    ("whiz", {}, ["3", "3", "3", "3"], [4, 3, 4, 2], None, "must total 13, not 12"),
    ("standard", {}, ["blind", "blind", "4", "4"], [0, 0, 6, 7], None, "the leading side trails nobody"),
    ("standard", {}, ["3", "14", "2", "4"], [4, 3, 4, 2], None, "seat 1 cannot bid 14"),
    ("standard", {}, ["3", "4", "2"], [4, 3, 4, 2], None, "one bid and one trick count per seat"),
    ("standard", {}, None, [4, 3, 4, 2], None, "needs one bid per seat"),
]


def _rules(preset: str, options: dict[str, Any]) -> Rules:
    return Rules.preset(preset).evolve(**options)


def _cli(preset: str, options: dict[str, Any], bids: list[str] | None, tricks: list[int],
         bags: list[int] | None) -> list[str]:
    argv = ["score", "--rules", preset]
    for key, value in options.items():
        argv += ["--set", f"{key}={value}"]
    if bids is not None:
        argv += ["--bids", *bids]
    argv += ["--tricks", *map(str, tricks)]
    if bags is not None:
        argv += ["--bags", *map(str, bags)]
    return argv


@pytest.mark.parametrize(("preset", "options", "bids", "tricks", "bags", "words"), FORBIDDEN)
def test_score_hand_refuses_a_sheet_the_rules_forbid(
    preset: str, options: dict[str, Any], bids: list[str] | None, tricks: list[int], bags: list[int] | None,
    words: str,
) -> None:
    rules = _rules(preset, options)

    def score() -> None:
        with pytest.raises(ScoreSheetError) as info:
            score_hand(rules, bids, tricks, bags_before=bags)
        assert words in str(info.value)

    assert calls_made(score) < 20_000  # refused at once, without searching the bids


@pytest.mark.parametrize(("preset", "options", "bids", "tricks", "bags", "words"), FORBIDDEN)
def test_the_score_command_refuses_the_same_sheets(
    preset: str, options: dict[str, Any], bids: list[str] | None, tricks: list[int], bags: list[int] | None,
    words: str, capsys: pytest.CaptureFixture[str],
) -> None:
    out = io.StringIO()
    assert main(_cli(preset, options, bids, tricks, bags), out=out) == 2
    assert out.getvalue() == ""
    assert words in capsys.readouterr().err


def test_the_bags_of_the_issue_return_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert calls_made(lambda: _score_huge_bags(capsys)) < 50_000  # no loop over the bags


def _score_huge_bags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--bids", "3", "4", "2", "4", "--tricks", "4", "3", "4", "2", "--bags",
                 "1000000000000", "0"], out=io.StringIO()) == 2
    assert "bag limit" in capsys.readouterr().err
    with pytest.raises(ScoreSheetError, match="at most 1000000"):
        score_hand(Rules(bag_limit=None), [3, 4, 2, 4], [4, 3, 4, 2], bags_before=[10**12, 0])
    assert score_hand(Rules(bag_limit=None), [3, 4, 2, 4], [4, 3, 4, 2], bags_before=[10**6, 0]).bags_after[0] == (
        10**6 + 3
    )


# ------------------------------------------------------------------------------------------- one set of spellings
@pytest.mark.parametrize(
    ("word", "bid"),
    [("nil", Bid.nil(0)), ("NIL", Bid.nil(0)), ("n", Bid.nil(0)), ("0", Bid.nil(0)), ("blind", Bid.blind_nil(0)),
     ("blind nil", Bid.blind_nil(0)), ("Blind Nil", Bid.blind_nil(0)), ("bnil", Bid.blind_nil(0)),
     ("bn", Bid.blind_nil(0)), ("blind_nil", Bid.blind_nil(0)), ("blind-nil", Bid.blind_nil(0)),
     ("4", Bid(0, 4)), (" 4 ", Bid(0, 4))],
)
def test_the_api_and_the_command_accept_the_same_bid_spellings(word: str, bid: Bid) -> None:
    rules = Rules(blind_nil_deficit=None)
    hand = score_hand(rules, [word, 4, 2, 4], [0, 5, 2, 6])
    assert hand.bids[0] == bid
    assert hand == score_hand(rules, [bid, 4, 2, 4], [0, 5, 2, 6])
    out = io.StringIO()
    assert main(["score", "--set", "blind_nil_deficit=None", "--bids", word, "4", "2", "4",
                 "--tricks", "0", "5", "2", "6"], out=out) == 0
    total = out.getvalue().splitlines()[1].split()[-2]
    assert int(total) == hand.sides[0].total


@pytest.mark.parametrize("word", ["nill", "-1", "4.0", "1e3", "", "blind blind", "99999"])
def test_a_word_that_is_no_bid_is_refused_alike(word: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ScoreSheetError, match="seat 0") as info:
        score_hand(Rules(), [word, 4, 2, 4], [0, 5, 2, 6])
    assert main(["score", "--bids", word, "4", "2", "4", "--tricks", "0", "5", "2", "6"], out=io.StringIO()) == 2
    assert str(info.value) in capsys.readouterr().err


def test_the_command_scores_no_bid_rules_without_bids() -> None:
    out = io.StringIO()
    assert main(["score", "--rules", "no_bid", "--tricks", "4", "3", "4", "2"], out=out) == 0
    assert out.getvalue().splitlines()[1].split()[-2] == "8"


# ------------------------------------------------------------------------------------------- bags, arithmetically
def _penalty_by_loop(rules: Rules, bags_after: int) -> tuple[int, int]:
    penalty = 0
    while rules.bag_limit is not None and bags_after >= rules.bag_limit:
        penalty -= rules.bag_penalty
        bags_after = bags_after - rules.bag_limit if rules.bag_overflow == "carry" else 0
    return penalty, bags_after


@given(st.integers(1, 12), st.sampled_from(("carry", "reset")), st.data())
def test_the_bag_penalty_is_what_paying_once_per_limit_gives(limit: int, overflow: str, data: st.DataObject) -> None:
    rules = Rules(bag_limit=limit, bag_overflow=overflow)  # type: ignore[arg-type]
    before = data.draw(st.integers(0, limit - 1))
    bid = data.draw(st.integers(1, 6))
    taken = data.draw(st.integers(bid, 13))
    side = score_hand(rules, [bid, 1, 0, 1], [taken, 13 - taken, 0, 0], bags_before=[before, 0]).sides[0]
    assert (side.bag_penalty, side.bags_after) == _penalty_by_loop(rules, before + taken - bid)


# ------------------------------------------------------------------------------------ failed nil: bags, no points
def test_worked_example_2_with_bags_that_score_no_points_gives_minus_120() -> None:
    """MSN Zone: nil + bid 2, each partner takes one trick: -100 - 20, the nil's trick a bag worth nothing."""
    rules = Rules(failed_nil_tricks="bags_no_points")
    side = score_hand(rules, ["nil", 4, 2, 4], [1, 5, 1, 6]).sides[0]
    assert (side.nil_points, side.contract_points, side.bags, side.bag_points, side.total, side.bags_after) == (
        -100, -20, 1, 0, -120, 1
    )
    assert score_hand(Rules(), ["nil", 4, 2, 4], [1, 5, 1, 6]).sides[0].total == -119  # the default: a point


def test_bags_that_score_no_points_still_count_toward_the_limit() -> None:
    rules = Rules(failed_nil_tricks="bags_no_points")
    side = score_hand(rules, ["nil", 3, 4, 3], [2, 3, 6, 2], bags_before=[8, 0]).sides[0]
    # bid 4, took 6: 40 + 2 overtrick points; the nil's 2 tricks: bags without points; 8 + 4 bags -> -100
    assert (side.contract_points, side.bags, side.bag_points, side.bag_penalty, side.nil_points) == (
        40, 4, 2, -100, -100
    )
    assert (side.total, side.bags_after) == (40 + 2 - 100 - 100, 2)


# ------------------------------------------------------------------------------------------- the running score sheet
def test_a_score_sheet_keeps_totals_bags_and_every_hand() -> None:
    rules = Rules.standard()
    start = ScoreSheet(rules, scores=[337, 120], bags=[7, 2])
    sheet = start.add([3, 4, 2, 4], [4, 3, 4, 2])  # pagat: 8 tricks on 5 with 7 bags -> -47, 0 bags
    assert sheet.scores == (290, 40) and sheet.bags == (0, 2) and sheet.hands_played == 1
    sheet = sheet.add(["nil", 4, "5", 3], [0, 5, 7, 1])
    assert sheet.scores_after == ((290, 40), (290 + 152, 40 - 70))
    assert sheet.bags_after == ((0, 2), (2, 2))
    assert pickle.loads(pickle.dumps(sheet)) == sheet
    assert sheet.hands[0] == score_hand(rules, [3, 4, 2, 4], [4, 3, 4, 2], bags_before=[7, 2])
    assert sheet.hands[1].bids[0] == Bid.nil(0)
    assert (start.scores, start.bags, start.hands) == ((337, 120), (7, 2), ())  # values: add made a new sheet
    assert sheet == start.add([3, 4, 2, 4], [4, 3, 4, 2]).add([0, 4, 5, 3], [0, 5, 7, 1])
    assert hash(sheet) == hash(start.add([3, 4, 2, 4], [4, 3, 4, 2]).add([0, 4, 5, 3], [0, 5, 7, 1]))


def test_a_score_sheet_ends_the_game_by_the_engines_rules() -> None:
    rules = Rules.standard().evolve(target_score=100, losing_score=-100)
    tied = ScoreSheet(rules, scores=[39, 40]).add([3, 3, 3, 3], [4, 3, 3, 3])  # both reach 100: tied
    assert tied.scores == (100, 100) and not tied.is_over and tied.winner is None
    won = tied.add([3, 3, 2, 2], [3, 3, 3, 4])
    assert won.is_over and won.winner == 1
    with pytest.raises(ScoreSheetError, match="the game is over"):
        won.add([3, 3, 2, 2], [3, 3, 3, 4])
    lost = ScoreSheet(rules).add([6, 3, 5, 3], [2, 4, 1, 6])  # N/S set on 11, E/W make 6 with 4 bags
    assert lost.scores == (-110, 64) and lost.is_over and lost.winner == 1
    draw = ScoreSheet(Rules(max_hands=1), scores=[-1, 0]).add([3, 3, 3, 3], [4, 3, 3, 3])
    assert draw.is_over and draw.winner is None


def test_a_score_sheet_checks_blind_nil_against_its_scores() -> None:
    rules = Rules.standard()
    with pytest.raises(ScoreSheetError, match="trail by at least 100"):
        ScoreSheet(rules).add(["blind nil", 4, 4, 4], [0, 4, 5, 4])
    behind = ScoreSheet(rules, scores=[0, 150]).add(["blind nil", 4, 4, 4], [0, 4, 5, 4])
    assert behind.hands[0].sides[0].nil_points == 200
    assert score_hand(rules, ["blind nil", 4, 4, 4], [0, 4, 5, 4]).sides[0].nil_points == 200  # no scores known


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [({"scores": [500, 20]}, "already end the game"), ({"bags": [10, 0]}, "bag limit"), ({"scores": [1]}, "scores"),
     ({"scores": [10**7, 0]}, "at most"), ({"bags": "10"}, "bags_before")],
)
def test_a_score_sheet_refuses_a_start_it_cannot_use(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(ScoreSheetError, match=words):
        ScoreSheet(Rules.standard(), **kwargs)
    with pytest.raises(TypeError, match="Rules"):
        ScoreSheet("standard")  # type: ignore[arg-type]


def test_the_engine_and_the_score_sheet_share_one_end_of_hand() -> None:
    assert getattr(engine, "_close_hand") is getattr(scoring, "_close_hand")  # noqa: B009 - private on purpose
    assert not hasattr(engine, "_game_end")


def _random_game_and_sheet(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    scores = [rng.choice((0, 40, -30)) for _ in rules.sides]
    sheet = ScoreSheet(rules, scores=scores)
    state = start = new_game(rules, scores=scores, dealer=rng.randrange(rules.players))
    for state in random_states(rules, rng, state=start):
        if len(state.results) > sheet.hands_played:
            result = state.results[-1]
            sheet = sheet.add(result.bids, result.tricks_won)
            assert sheet.hands[-1] == result
            assert (sheet.scores, sheet.bags) == (state.scores, state.bags)
            assert (sheet.is_over, sheet.winner) == (state.is_over, state.winner)
    assert sheet.hands == state.results


@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_the_score_sheet_agrees_with_the_engine_on_random_games(name: str) -> None:
    preset = Rules.preset(name)
    low = min(preset.target_score - 1, 60)
    for seed, rules in enumerate((preset.evolve(max_hands=3), preset.evolve(target_score=low, losing_score=-low,
                                                                            max_hands=6))):
        for offset in range(2):
            _random_game_and_sheet(rules, 10 * seed + offset)


def test_engine_games_score_failed_nil_bags_without_points() -> None:
    rules = Rules(failed_nil_tricks="bags_no_points", blind_nil_deficit=None, max_hands=4)
    nil_bags = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(rules)
        while not state.is_over:
            if state.is_chance:
                state = apply(state, Deal.shuffled(rules, rng))
            else:
                legal = legal_actions(state)
                state = apply(state, legal[0] if rng.random() < 0.3 else rng.choice(legal))  # nil is listed first
        for result in state.results:
            for side in result.sides:
                bids = [result.bids[seat] for seat in rules.sides[side.side]]
                nil_tricks = sum(result.tricks_won[bid.seat] for bid in bids if bid is not None and bid.is_nil)
                nil_bags += nil_tricks
                assert side.bag_points == (side.bags - nil_tricks) * rules.bag_value
    assert nil_bags  # failed nils happened, and their bags scored nothing


# ------------------------------------------------------------------------------------------- undo, save and load
def _engine_sheet(rules: Rules, seed: int) -> ScoreSheet:
    """The sheet of a random engine game under ``rules`` (each hand's bids and tricks as the engine played them)."""
    *_, state = random_states(rules, random.Random(seed))
    sheet = ScoreSheet(rules)
    for result in state.results:
        sheet = sheet.add(result.bids, result.tricks_won)
    assert sheet.scores == state.scores and sheet.is_over
    return sheet


def test_undo_takes_back_the_last_hand_and_reopens_a_finished_game() -> None:
    rules = Rules.standard().evolve(target_score=250)
    sheets = [ScoreSheet(rules)]
    hands: list[tuple[list[Any], list[int]]] = [
        ([3, 4, 2, 4], [4, 3, 4, 2]), (["nil", 4, 5, 3], [0, 5, 7, 1]), ([4, 3, 3, 3], [5, 3, 3, 2])
    ]
    for bids, tricks in hands:
        sheets.append(sheets[-1].add(bids, tricks))
    assert sheets[-1].is_over and sheets[-1].winner == 0
    for before, after in itertools.pairwise(sheets):
        undone = after.undo()
        assert undone == before
        assert (undone.scores, undone.bags, undone.is_over, undone.winner) == (
            before.scores, before.bags, before.is_over, before.winner,
        )
        assert undone.scores_after == before.scores_after
    corrected = sheets[-1].undo().add([4, 3, 3, 3], [4, 3, 3, 3])
    assert corrected.scores == (275, -90) and corrected.is_over


def test_undo_on_an_empty_sheet_is_a_score_sheet_error() -> None:
    with pytest.raises(ScoreSheetError, match="no hand to undo"):
        ScoreSheet(Rules.standard()).undo()


@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_a_sheet_saves_and_loads_through_json_under_every_preset(name: str) -> None:
    sheet = _engine_sheet(Rules.preset(name).evolve(max_hands=3), 7)
    data = sheet.to_dict()
    assert data["format"] == "spades_rules.sheet/1"
    assert data["rules"]["preset"] in Rules.presets()
    loaded = ScoreSheet.from_dict(json.loads(json.dumps(data)))
    assert loaded == sheet
    assert (loaded.scores_after, loaded.is_over, loaded.winner, loaded.bags) == (
        sheet.scores_after, sheet.is_over, sheet.winner, sheet.bags,
    )


def test_a_saved_sheet_writes_bids_as_a_paper_sheet_does() -> None:
    rules = Rules.standard().evolve(blind_nil_deficit=None)
    sheet = ScoreSheet(rules, scores=[10, -20], bags=[3, 0]).add(["blind nil", 4, "nil", 5], [0, 6, 1, 6])
    hand = sheet.to_dict()["hands"][0]
    assert hand == {"bids": ["blind nil", "4", "nil", "5"], "tricks": [0, 6, 1, 6], "scores": list(sheet.scores)}
    assert sheet.to_dict()["scores"] == [10, -20] and sheet.to_dict()["bags"] == [3, 0]
    assert ScoreSheet.from_dict(sheet.to_dict()) == sheet


def test_a_partial_hand_is_saved_as_partial_and_loads() -> None:
    sheet = ScoreSheet(Rules.standard()).add([3, 4, 2, 4], [3, 2, 3, 1], partial=True)
    data = sheet.to_dict()
    assert data["hands"][0]["partial"] is True
    assert ScoreSheet.from_dict(data) == sheet
    del data["hands"][0]["partial"]
    with pytest.raises(ScoreSheetError, match=r"hands\[0\]: tricks won total 9, but a hand has 13"):
        ScoreSheet.from_dict(data)


def test_a_no_bid_sheet_saves_null_bids() -> None:
    sheet = ScoreSheet(Rules.no_bid()).add(None, [8, 5, 0, 0])
    data = sheet.to_dict()
    assert data["hands"][0]["bids"] == [None, None, None, None]
    assert ScoreSheet.from_dict(data) == sheet


def test_a_hand_written_sheet_needs_only_the_format_rules_and_hands() -> None:
    data = {"format": "spades_rules.sheet/1", "rules": {"preset": "standard"},
            "hands": [{"bids": [3, "4", "2", "nil"], "tricks": [4, 4, 5, 0]}]}
    assert ScoreSheet.from_dict(data).scores == (54, 140)
    assert ScoreSheet.from_dict({"format": "spades_rules.sheet/1"}) == ScoreSheet(Rules.standard())


def _tampered(edit: Any) -> dict[str, Any]:
    rules = Rules.standard().evolve(target_score=250)
    sheet = ScoreSheet(rules).add([3, 4, 2, 4], [4, 3, 4, 2]).add(["nil", 4, 5, 3], [0, 5, 7, 1])
    data: dict[str, Any] = json.loads(json.dumps(sheet.to_dict()))
    edit(data)
    return data


@pytest.mark.parametrize(
    ("edit", "where", "words"),
    [
        (lambda d: d["hands"][0]["tricks"].__setitem__(0, 5), "hands[0]", "total 14"),
        (lambda d: d["hands"][0]["tricks"].__setitem__(0, 3), "hands[0]", "total 12"),
        (lambda d: d["hands"][1]["scores"].__setitem__(0, 206), "hands[1].scores", "the sheet was edited"),
        (lambda d: d["hands"][1]["bids"].__setitem__(0, "blind nil"), "hands[1]", "blind nil"),
        (lambda d: d["hands"][0]["bids"].__setitem__(1, "14"), "hands[0]", "cannot bid 14"),
        (lambda d: d["hands"][0].__setitem__("partial", "yes"), "hands[0].partial", "true or false"),
        (lambda d: d["hands"][0].__setitem__("extra", 1), "hands[0]", "unknown key 'extra'"),
        (lambda d: d["hands"][0].pop("tricks"), "hands[0]", "missing tricks"),
        (lambda d: d["hands"][0].__setitem__("tricks", "4 3 4 2"), "hands[0].tricks", "must be a list"),
        (lambda d: d["hands"].append({"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}) or d["hands"].append(
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}), "hands[3]", "the game is over after 3 hands"),
        (lambda d: d.__setitem__("format", "spades_rules/1"), "format", "spades_rules.sheet/1"),
        (lambda d: d.__setitem__("rules", {"preset": "chess"}), "rules", "unknown preset"),
        (lambda d: d.__setitem__("rules", {"bag_limit": -4}), "rules", "bag_limit"),
        (lambda d: d.__setitem__("scores", [300, 0]), "sheet", "already end the game"),
        (lambda d: d.__setitem__("hands", {"0": 1}), "hands", "must be a list"),
        (lambda d: d.__setitem__("moves", []), "sheet", "unknown key 'moves'"),
    ],
)
def test_a_tampered_sheet_is_refused_naming_where(edit: Any, where: str, words: str) -> None:
    with pytest.raises(ScoreSheetError, match=re.escape(words)) as info:
        ScoreSheet.from_dict(_tampered(edit))
    assert info.value.where == where


def test_loading_a_sheet_is_linear_and_bounded() -> None:
    rules = Rules.no_bid().evolve(target_score=10**6)

    def load(hands: int) -> int:
        data = {"format": "spades_rules.sheet/1", "rules": rules.to_dict(), "hands": [hand] * hands}
        sheets: list[ScoreSheet] = []
        work = calls_made(lambda: sheets.append(ScoreSheet.from_dict(data)))
        assert sheets[0].hands_played == hands
        return work

    hand = {"bids": [None] * 4, "tricks": [7, 6, 0, 0]}
    assert load(4_000) < 2.2 * load(2_000)  # twice the hands, twice the work (never the square)
    with pytest.raises(ScoreSheetError, match="at most 100000"):
        ScoreSheet.from_dict({"format": "spades_rules.sheet/1", "hands": [{}] * 100_001})


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12))
def test_a_sheet_made_of_junk_is_a_score_sheet_error(junk: Any) -> None:
    form = "spades_rules.sheet/1"
    datas = (junk, {"format": form, "hands": junk}, {"format": form, "hands": [junk]}, {"format": form, "rules": junk})
    for data in datas:
        with contextlib.suppress(ScoreSheetError):  # anything else fails the test
            ScoreSheet.from_dict(data)


def test_a_running_sheet_takes_blind_numbers_and_double_nils() -> None:
    """House rules on a running sheet: a blind 6 (written ``b6``) with a partner's 3 makes 151, a double nil
    with a trick taken costs 200; the sheet round-trips through its dict form with the blind bid."""
    rules = Rules.standard().evolve(blind_bid_min=6, blind_bid_deficit=None, double_nil_value=200)
    sheet = ScoreSheet(rules).add(["b6", 2, 3, 2], [6, 1, 4, 2]).add(["nil", 4, "nil", 4], [1, 6, 0, 6])
    assert sheet.hands[0].bids[0] == Bid(0, 6, blind=True)
    assert [hand.totals[0] for hand in sheet.hands] == [151, -200]
    assert sheet.scores == (151 - 200, sheet.hands[0].totals[1] + sheet.hands[1].totals[1])
    assert ScoreSheet.from_dict(json.loads(json.dumps(sheet.to_dict()))) == sheet
    with pytest.raises(ScoreSheetError, match="cannot bid blind 5: blind bids run from 6 to 13"):
        ScoreSheet(rules).add(["blind 5", 2, 3, 2], [6, 1, 4, 2])

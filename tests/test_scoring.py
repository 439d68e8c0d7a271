"""Scoring (the rules page, "Scoring", and its worked examples): ``score_hand`` on score sheets, and through the
engine where a worked example is about the game (worked example 6)."""

from __future__ import annotations

import pytest

from _fixtures import ONE_HEART, STANDARD, SUIT_PER_SEAT, bid_all, deal, deal_next, play_out
from spades_rules import (
    ArgumentTypeError,
    Bid,
    HandScore,
    Phase,
    Rules,
    ScoreSheetError,
    SideScore,
    SpadesError,
    score_hand,
)
from spades_rules.bots import RandomBot, play_game

# Side 0 is seats (0, 2), side 1 seats (1, 3). In the sheets below side 0 bids 3 + 2 = 5.
PAGAT_BIDS = [3, 4, 2, 4]


def _side(score: HandScore, side: int) -> SideScore:
    return score.sides[side]


# ------------------------------------------------------------------------------ worked example 1: pagat's bags


def test_worked_example_1_pagat_bags_7_tricks() -> None:
    # 337 with 7 bags, contract 5, 7 tricks: 50 + 2 bags -> 389 with 9 bags.
    score = score_hand(STANDARD, PAGAT_BIDS, [4, 3, 3, 3], bags_before=[7, 0])
    side = _side(score, 0)
    assert (side.contract, side.tricks, side.made) == (5, 7, True)
    assert (side.contract_points, side.bags, side.bag_points, side.bag_penalty) == (50, 2, 2, 0)
    assert side.total == 52
    assert 337 + side.total == 389
    assert side.bags_after == 9


def test_worked_example_1_pagat_bags_8_tricks() -> None:
    # 8 tricks: the 10th bag costs 100 and the count returns to 0: 337 + 53 - 100 = 290.
    score = score_hand(STANDARD, PAGAT_BIDS, [4, 3, 4, 2], bags_before=[7, 0])
    side = _side(score, 0)
    assert (side.contract, side.tricks, side.made) == (5, 8, True)
    assert (side.contract_points, side.bags, side.bag_points, side.bag_penalty) == (50, 3, 3, -100)
    assert side.total == -47
    assert 337 + side.total == 290
    assert side.bags_after == 0


def test_worked_example_1_pagat_bags_9_tricks() -> None:
    # 9 tricks: 11 bags, the penalty, and one bag carried over: 337 + 54 - 100 = 291.
    score = score_hand(STANDARD, PAGAT_BIDS, [5, 2, 4, 2], bags_before=[7, 0])
    side = _side(score, 0)
    assert (side.contract, side.tricks, side.made) == (5, 9, True)
    assert (side.contract_points, side.bags, side.bag_points, side.bag_penalty) == (50, 4, 4, -100)
    assert side.total == -46
    assert 337 + side.total == 291
    assert side.bags_after == 1


# ------------------------------------------------------------------------------ worked examples 2-4: nil


def test_worked_example_2_nil_with_partner_failed() -> None:
    # Seat 0 nil, seat 2 bids 2; each takes one trick: -100 for the nil, -20 for the set, +1 for the bag.
    score = score_hand(STANDARD, [0, 4, 2, 4], [1, 5, 1, 6])
    side = _side(score, 0)
    assert side.nil_points == -100
    assert (side.contract, side.made, side.contract_points) == (2, False, -20)
    assert (side.bags, side.bag_points, side.bag_penalty) == (1, 1, 0)
    assert side.total == -119
    assert side.bags_after == 1


def test_worked_example_3_nil_made_partner_set() -> None:
    # Seat 0 nil taking nothing, seat 2 bids 5 and takes 3: +100 - 50 = +50.
    score = score_hand(STANDARD, [0, 4, 5, 4], [0, 5, 3, 5])
    side = _side(score, 0)
    assert side.nil_points == 100
    assert (side.contract, side.tricks, side.made, side.contract_points) == (5, 3, False, -50)
    assert (side.bags, side.bag_points) == (0, 0)
    assert side.total == 50
    assert side.bags_after == 0


def test_worked_example_4_blind_nil_made() -> None:
    # Blind nil made, partner bids 4 and makes 6: +200 + 40 + 2 = +242, two bags.
    bids = [Bid.blind_nil(0), Bid(1, 3), Bid(2, 4), Bid(3, 3)]
    score = score_hand(STANDARD, bids, [0, 4, 6, 3])
    side = _side(score, 0)
    assert side.nil_points == 200
    assert (side.contract, side.made, side.contract_points) == (4, True, 40)
    assert (side.bags, side.bag_points) == (2, 2)
    assert side.total == 242
    assert side.bags_after == 2


# ------------------------------------------------------------------------------ worked example 6: both sides pass 500


def test_worked_example_6_both_sides_pass_500() -> None:
    # ONE_HEART with dealer 3 ends (12, 1, 0, 0): side 0 (11 + nil) scores 211, side 1 (1 + nil) 110.
    state = deal(ONE_HEART, dealer=3, scores=[450, 460])
    state = play_out(bid_all(state, 11, 1, 0, 0))
    assert state.results[-1].totals == (211, 110)
    assert state.scores == (661, 570)
    assert state.is_over
    assert state.phase is Phase.GAME_OVER
    assert state.winner == 0  # the higher score wins, though side 1 was ahead before the hand


def test_worked_example_6_both_sides_pass_500_tied_plays_another_hand() -> None:
    state = deal(ONE_HEART, dealer=3, scores=[350, 451])
    state = play_out(bid_all(state, 11, 1, 0, 0))
    assert state.scores == (561, 561)
    assert not state.is_over
    assert state.winner is None
    assert state.phase is Phase.DEAL
    assert state.dealer == 0
    # The next hand decides it: seat 0 holds every spade and wins all 13 tricks.
    state = deal_next(state, SUIT_PER_SEAT)
    state = play_out(bid_all(state, 1, 1, 1, 10))  # seats 1, 2, 3, 0
    assert state.results[-1].totals == (112, -20)
    assert state.scores == (673, 541)
    assert state.is_over
    assert state.winner == 0


# ------------------------------------------------------------------------------ worked example 7: Bicycle


def test_worked_example_7_bicycle_set_scores_zero() -> None:
    # Side 0 bids 5 and takes 4: Bicycle scores the set 0; standard (pagat) would score -50.
    bicycle = score_hand(Rules.bicycle(), PAGAT_BIDS, [2, 5, 2, 4])
    side = _side(bicycle, 0)
    assert (side.contract, side.tricks, side.made) == (5, 4, False)
    assert side.contract_points == 0
    assert side.total == 0
    assert _side(score_hand(STANDARD, PAGAT_BIDS, [2, 5, 2, 4]), 0).total == -50
    # A made contract is scored the same way as standard: side 1 bid 8 and took 9.
    assert _side(bicycle, 1).total == 81


# ------------------------------------------------------------------------------ contracts and bags


def test_contract_made_exactly_scores_ten_per_trick_and_no_bags() -> None:
    score = score_hand(STANDARD, [3, 4, 3, 3], [3, 4, 3, 3])
    assert score.totals == (60, 70)
    side = _side(score, 0)
    assert (side.contract, side.tricks, side.made, side.bags, side.bags_after) == (6, 6, True, 0, 0)


def test_set_penalty_is_minus_ten_per_bid_trick() -> None:
    score = score_hand(STANDARD, [3, 3, 3, 3], [2, 5, 3, 3])
    side = _side(score, 0)
    assert (side.contract, side.tricks, side.made) == (6, 5, False)
    assert side.contract_points == -60
    assert (side.bags, side.bag_points) == (0, 0)
    assert side.total == -60
    # Side 1 made 6 with 8 tricks: 60 + 2 bags.
    assert _side(score, 1).total == 62


def test_partners_tricks_are_pooled_for_the_contract() -> None:
    # Seat 0 bids 5 and takes 1, seat 2 bids 1 and takes 6: the side made 6 with 7, so one bag.
    side = _side(score_hand(STANDARD, [5, 3, 1, 3], [1, 3, 6, 3]), 0)
    assert (side.made, side.contract_points, side.bags, side.total) == (True, 60, 1, 61)


def test_bag_penalty_carries_bags_over() -> None:
    # 9 bags before and 3 more: the 10th costs 100 and 2 carry over.
    side = _side(score_hand(STANDARD, [2, 4, 2, 4], [4, 3, 3, 3], bags_before=[9, 0]), 0)
    assert (side.bags, side.bag_points, side.bag_penalty) == (3, 3, -100)
    assert side.total == 40 + 3 - 100
    assert side.bags_after == 2


def test_reaching_exactly_ten_bags_costs_the_penalty() -> None:
    side = _side(score_hand(STANDARD, [2, 4, 2, 4], [3, 4, 2, 4], bags_before=[9, 0]), 0)
    assert (side.bags, side.bag_penalty, side.bags_after) == (1, -100, 0)
    assert side.total == 40 + 1 - 100


def test_ten_bags_in_one_hand_cost_the_penalty() -> None:
    side = _side(score_hand(STANDARD, [1, 5, 1, 5], [6, 0, 6, 1]), 0)
    assert (side.contract, side.tricks, side.bags) == (2, 12, 10)
    assert side.bag_penalty == -100
    assert side.total == 20 + 10 - 100
    assert side.bags_after == 0


def test_bags_below_the_limit_accumulate_without_penalty() -> None:
    side = _side(score_hand(STANDARD, [2, 4, 2, 4], [4, 3, 3, 3], bags_before=[6, 0]), 0)
    assert (side.bag_penalty, side.bags_after, side.total) == (0, 9, 43)


def test_set_contract_takes_no_bags() -> None:
    side = _side(score_hand(STANDARD, [3, 4, 3, 3], [2, 4, 3, 4], bags_before=[9, 0]), 0)
    assert (side.made, side.bags, side.bag_penalty, side.bags_after) == (False, 0, 0, 9)


def test_bags_before_default_is_none_for_each_side() -> None:
    sheet = ([3, 3, 3, 3], [5, 2, 3, 3])
    assert score_hand(STANDARD, *sheet) == score_hand(STANDARD, *sheet, bags_before=[0, 0])
    assert score_hand(STANDARD, *sheet).bags_after == (2, 0)


def test_bags_before_of_the_other_side_are_its_own() -> None:
    score = score_hand(STANDARD, [3, 3, 3, 3], [3, 5, 3, 2], bags_before=[0, 9])
    assert score.bags_after == (0, 0)
    assert _side(score, 1).bag_penalty == -100
    assert score.totals == (60, 61 - 100)


# ------------------------------------------------------------------------------ nil details


def test_nil_failed_tricks_are_bags_not_contract_tricks() -> None:
    # Seat 0 nil takes 3; seat 2 bids 4 and takes 4: the contract is made exactly, the 3 are bags.
    side = _side(score_hand(STANDARD, [0, 3, 4, 3], [3, 3, 4, 3]), 0)
    assert (side.contract, side.made, side.contract_points) == (4, True, 40)
    assert (side.nil_points, side.bags, side.bag_points) == (-100, 3, 3)
    assert side.total == -57
    assert side.tricks == 7


def test_blind_nil_failed_loses_200() -> None:
    bids = [Bid.blind_nil(0), Bid(1, 3), Bid(2, 4), Bid(3, 3)]
    side = _side(score_hand(STANDARD, bids, [1, 3, 5, 4]), 0)
    assert side.nil_points == -200
    assert (side.contract_points, side.bags) == (40, 2)
    assert side.total == -200 + 40 + 2


def test_both_partners_nil_have_no_contract() -> None:
    score = score_hand(STANDARD, [0, 3, 0, 3], [0, 6, 0, 7])
    side = _side(score, 0)
    assert side.contract is None
    assert side.made is None
    assert side.contract_points == 0
    assert side.nil_points == 200
    assert side.total == 200
    assert _side(score, 1).total == 67


def test_both_partners_nil_one_fails() -> None:
    side = _side(score_hand(STANDARD, [0, 3, 0, 3], [2, 5, 0, 6]), 0)
    assert (side.contract, side.made) == (None, None)
    assert side.nil_points == 0  # +100 - 100
    assert (side.bags, side.bag_points) == (2, 2)
    assert side.total == 2


def test_nil_and_blind_nil_on_one_side() -> None:
    bids = [Bid.blind_nil(0), Bid(1, 6), Bid.nil(2), Bid(3, 6)]
    side = _side(score_hand(STANDARD, bids, [0, 7, 1, 5]), 0)
    assert side.nil_points == 200 - 100
    assert side.total == 101


# ------------------------------------------------------------------------------ the sheet itself


def test_plain_ints_and_bid_values_score_the_same() -> None:
    tricks = [0, 5, 4, 4]
    as_ints = score_hand(STANDARD, [0, 4, 3, 4], tricks, bags_before=[2, 3])
    as_bids = score_hand(STANDARD, [Bid.nil(0), Bid(1, 4), Bid(2, 3), Bid(3, 4)], tricks, bags_before=[2, 3])
    assert as_ints == as_bids
    assert as_ints.bids == (Bid(0, 0), Bid(1, 4), Bid(2, 3), Bid(3, 4))
    assert as_ints.tricks_won == (0, 5, 4, 4)
    assert as_ints.totals == (100 + 30 + 1, 80 + 1)


def test_mixed_ints_and_bids_on_one_sheet() -> None:
    score = score_hand(STANDARD, (Bid.blind_nil(0), 4, 4, 4), (0, 4, 5, 4))
    assert score.totals == (200 + 40 + 1, 80)


def test_hand_score_totals_and_breakdown_add_up() -> None:
    score = score_hand(STANDARD, [0, 2, 3, 5], [1, 2, 6, 4], bags_before=[8, 9])
    for side in score.sides:
        assert side.total == (
            side.contract_points + side.bag_points + side.bag_penalty + side.nil_points + side.trick_points
        )
    assert score.totals == tuple(side.total for side in score.sides)
    assert score.bags_after == tuple(side.bags_after for side in score.sides)
    assert [side.side for side in score.sides] == [0, 1]
    # side 0: nil -100, 30 + 3 bags + nil's 1 bag = 4 bags -> 12 -> penalty; side 1: 70 set.
    assert score.totals == (-100 + 30 + 4 - 100, -70)
    assert score.bags_after == (2, 9)


def test_tricks_totalling_less_than_a_hand_are_refused_unless_partial() -> None:
    """A mistyped count must not become a wrong score (the rules page, "Fine points")."""
    for tricks in ([3, 1, 1, 1], [4, 3, 4, 1], [0, 0, 0, 0]):
        with pytest.raises(ScoreSheetError, match=rf"tricks won total {sum(tricks)}, but a hand has 13; partial=True"):
            score_hand(STANDARD, [2, 1, 1, 1], tricks)
    score = score_hand(STANDARD, [2, 1, 1, 1], [3, 1, 1, 1], partial=True)
    assert score.totals == (30 + 1, 20)
    assert score.tricks_won == (3, 1, 1, 1)
    assert score_hand(STANDARD, [1, 1, 1, 1], [0, 0, 0, 0], partial=True).totals == (-20, -20)


@pytest.mark.parametrize("partial", [False, True])
def test_tricks_totalling_more_than_a_hand_are_always_refused(partial: bool) -> None:
    with pytest.raises(ScoreSheetError, match="tricks won total 14, but a hand has only 13"):
        score_hand(STANDARD, [3, 3, 3, 3], [4, 4, 3, 3], partial=partial)


@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_the_hand_size_is_the_rules_own(name: str) -> None:
    """Every preset's played hand is a sheet accepted; one trick less is refused, naming the rules' hand size."""
    rules = Rules.preset(name).evolve(max_hands=1)
    final = play_game(rules, [RandomBot(seed) for seed in range(rules.players)], seed=1)
    played = final.results[0]
    bids = None if all(bid is None for bid in played.bids) else list(played.bids)
    assert score_hand(rules, bids, played.tricks_won) == played
    short = list(played.tricks_won)
    short[short.index(max(short))] -= 1
    size = rules.tricks_per_hand
    with pytest.raises(ScoreSheetError, match=f"total {size - 1}, but a hand has {size}"):
        score_hand(rules, bids, short)


def test_partial_must_be_a_bool() -> None:
    with pytest.raises(ArgumentTypeError, match="partial"):
        score_hand(STANDARD, [3, 3, 3, 3], [4, 3, 3, 3], partial=1)  # type: ignore[arg-type]


def test_score_hand_is_pure() -> None:
    bids = [3, 4, 2, 4]
    tricks = [4, 3, 4, 2]
    bags = [7, 0]
    first = score_hand(STANDARD, bids, tricks, bags_before=bags)
    assert score_hand(STANDARD, bids, tricks, bags_before=bags) == first
    assert (bids, tricks, bags) == ([3, 4, 2, 4], [4, 3, 4, 2], [7, 0])


@pytest.mark.parametrize(
    ("bids", "tricks", "match"),
    [
        ([3, 3, 3], [3, 3, 3, 3], "one bid and one trick count per seat"),
        ([3, 3, 3, 3, 1], [3, 3, 3, 3], "one bid and one trick count per seat"),
        ([3, 3, 3, 3], [3, 3, 3], "one bid and one trick count per seat"),
        ([3, 3, 3, 3], [3, -1, 3, 3], "seat 1"),
        ([3, 3, 3, 3], [4, 4, 3, 3], "total 14"),
        ([3, 14, 3, 3], [4, 3, 3, 3], "seat 1 cannot bid 14"),
        ([3, -2, 3, 3], [4, 3, 3, 3], "seat 1"),
        ([3, 3, None, 3], [4, 3, 3, 3], "seat 2 has no bid"),
    ],
)
def test_bad_score_sheet_raises_score_sheet_error(bids: list[int | None], tricks: list[int], match: str) -> None:
    with pytest.raises(ScoreSheetError, match=match):
        score_hand(STANDARD, bids, tricks)


def test_bid_listed_for_the_wrong_seat_raises() -> None:
    with pytest.raises(ScoreSheetError, match="seat 0"):
        score_hand(STANDARD, [Bid(1, 3), Bid(1, 3), Bid(2, 3), Bid(3, 3)], [4, 3, 3, 3])


def test_bad_bags_before_raises() -> None:
    with pytest.raises(ScoreSheetError, match="bags_before"):
        score_hand(STANDARD, [3, 3, 3, 3], [4, 3, 3, 3], bags_before=[1])
    with pytest.raises(ScoreSheetError, match="bags_before"):
        score_hand(STANDARD, [3, 3, 3, 3], [4, 3, 3, 3], bags_before=[-1, 0])


def test_score_sheet_error_is_a_spades_error() -> None:
    assert issubclass(ScoreSheetError, SpadesError)
    assert issubclass(ScoreSheetError, ValueError)


# ------------------------------------------------------------------------------ the engine scores the same way


def test_engine_results_match_score_hand_on_the_same_sheet() -> None:
    state = deal(ONE_HEART, dealer=3, bags=[9, 0])
    state = play_out(bid_all(state, 9, 0, 2, 4))
    result = state.results[-1]
    assert result.tricks_won == (12, 1, 0, 0)
    assert result == score_hand(STANDARD, [9, 0, 2, 4], [12, 1, 0, 0], bags_before=[9, 0])
    # side 0: 110 + 1 bag -> 10 bags -> -100; side 1: nil -100, set -40, the nil's trick a bag.
    assert result.totals == (110 + 1 - 100, -100 - 40 + 1)
    assert state.bags == (0, 1)

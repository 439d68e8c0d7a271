"""The published house rules (the docs' "House rules" page), one scripted test per option from a worked
example: explicit hands (``Deal.from_hands``), play through ``legal_actions``/``apply``, real values
asserted. Each option is off by default, and the default game is checked beside it where it differs.
"""

from __future__ import annotations

import pytest

from _scenarios import MIXED, SUIT_PER_SEAT, bid_all, deal, play, play_out, suit
from spades_rules import (
    Bid,
    IllegalActionError,
    IllegalReason,
    Phase,
    Play,
    Redeal,
    Rules,
    ScoreSheet,
    Suit,
    apply,
    legal_actions,
    observe,
    parse_cards,
    score_hand,
)

STANDARD = Rules.standard()


def _plays(state_actions: tuple[object, ...]) -> set[str]:
    return {str(action.card) for action in state_actions if isinstance(action, Play)}


# ------------------------------------------------------------------------------------------- scoring
def test_double_nil_scored_as_one_unit_minus_200_when_one_partner_takes_two() -> None:
    """The rules page's example: both partners nil, one takes 2 tricks, double_nil_value=200: -200, no bags."""
    rules = STANDARD.evolve(double_nil_value=200)
    side = score_hand(rules, ["nil", 4, "nil", 4], [2, 5, 0, 6]).sides[0]
    assert (side.nil_points, side.contract, side.bags, side.bag_points, side.total, side.bags_after) == (
        -200, None, 0, 0, -200, 0,
    )
    made = score_hand(rules, ["nil", 4, "nil", 4], [0, 7, 0, 6]).sides[0]
    assert (made.nil_points, made.total) == (200, 200)
    # each nil alone by default: -100 + 100, and the two tricks are bags worth a point each
    default = score_hand(STANDARD, ["nil", 4, "nil", 4], [2, 5, 0, 6]).sides[0]
    assert (default.nil_points, default.bags, default.total) == (0, 2, 2)


def test_double_nil_penalty_hoyle_zero_and_a_blind_pair_scored_alone() -> None:
    hoyle = STANDARD.evolve(double_nil_value=200, double_nil_penalty=0)
    assert score_hand(hoyle, ["nil", 4, "nil", 4], [2, 5, 0, 6]).sides[0].total == 0
    blind_pair = STANDARD.evolve(double_nil_value=200)
    side = score_hand(blind_pair, ["nil", 4, "blind nil", 4], [2, 5, 0, 6]).sides[0]
    assert (side.nil_points, side.bags) == (-100 + 200, 2)


def test_double_nil_through_a_played_hand() -> None:
    """Seat 0 holds every spade and takes all 13 tricks: seats 0 and 2 both bid nil, the side loses 250."""
    rules = STANDARD.evolve(double_nil_value=250)
    state = play_out(bid_all(deal(SUIT_PER_SEAT, dealer=3, rules=rules), 0, 4, 0, 4))
    side = state.results[-1].sides[0]
    assert state.results[-1].tricks_won == (13, 0, 0, 0)
    assert (side.nil_points, side.bags, side.total) == (-250, 0, -250)


def test_ten_for_two_hundred_a_made_ten_scores_200() -> None:
    rules = STANDARD.evolve(ten_for_two_hundred=True)
    assert score_hand(rules, [5, 1, 5, 1], [5, 1, 6, 1]).sides[0].contract_points == 200  # 10 bid, 11 taken
    assert score_hand(rules, [5, 1, 4, 1], [5, 1, 6, 1]).sides[0].contract_points == 90  # 9: not doubled
    assert score_hand(rules, [5, 1, 5, 1], [4, 2, 5, 2]).sides[0].contract_points == -100  # a set: never doubled
    assert score_hand(STANDARD, [5, 1, 5, 1], [5, 1, 6, 1]).sides[0].contract_points == 100
    individual = Rules.individual(3).evolve(ten_for_two_hundred=True)  # per player in individual play
    assert score_hand(individual, [12, 1, 1], [13, 2, 2]).sides[0].contract_points == 240


def test_moon_points_replace_the_contract_points() -> None:
    """Seat 0 bids 13 and takes every trick, its partner a nil: 250 moon points and the nil's 100."""
    rules = STANDARD.evolve(moon="points", moon_points=250)
    state = play_out(bid_all(deal(SUIT_PER_SEAT, dealer=3, rules=rules), 13, 4, 0, 4))
    side = state.results[-1].sides[0]
    assert (side.contract, side.made, side.moon, side.contract_points, side.nil_points, side.total) == (
        13, True, True, 250, 100, 350,
    )
    assert "shot the moon" in side.summary()
    plain = score_hand(STANDARD, [13, 4, "nil", 4], [13, 0, 0, 0]).sides[0]
    assert (plain.moon, plain.contract_points) == (False, 130)
    # a side's contract of 13 made by both its bidders is a moon too; a failed nil's tricks counted for the
    # partner do not make one
    assert score_hand(rules, [12, 1, 1, 1], [12, 0, 1, 0]).sides[0].moon
    helped = rules.evolve(failed_nil_tricks="count_for_partner")
    assert not score_hand(helped, [13, 1, "nil", 1], [12, 0, 1, 0]).sides[0].moon


def test_moon_win_ends_the_game_with_the_moon_side_the_winner() -> None:
    """Side 0 trails 100 to 450 and shoots the moon: the game ends, side 0 winning, below the target."""
    rules = STANDARD.evolve(moon="win")
    state = play_out(bid_all(deal(SUIT_PER_SEAT, dealer=3, scores=[100, 450], rules=rules), 13, 4, 0, 4))
    assert state.phase is Phase.GAME_OVER and state.winner == 0
    assert state.scores == (100 + 130 + 100, 450 - 40 - 40)  # the hand is scored as usual
    sheet = ScoreSheet(rules, scores=[100, 450]).add([13, 4, "nil", 4], [13, 0, 0, 0])
    assert sheet.is_over and sheet.winner == 0 and sheet.scores == state.scores


def test_failed_nil_tricks_ignored_count_for_nothing() -> None:
    """The rules page's example 2 with spadesTDD's rule: the nil's trick is no bag and no help: -120."""
    rules = STANDARD.evolve(failed_nil_tricks="ignored")
    side = score_hand(rules, ["nil", 4, 2, 4], [1, 5, 1, 6]).sides[0]
    assert (side.nil_points, side.contract_points, side.bags, side.bag_points, side.total) == (-100, -20, 0, 0, -120)
    assert score_hand(STANDARD, ["nil", 4, 2, 4], [1, 5, 1, 6]).sides[0].total == -119


# ------------------------------------------------------------------------------------------- the first trick
def test_first_trick_spades_false_a_void_player_may_not_trump_the_first_trick() -> None:
    """MIXED, dealer 0: seat 1 leads a club; seat 2 has no club and may not play a spade to it."""
    rules = STANDARD.evolve(first_trick_spades=False)
    state = play(bid_all(deal(MIXED, rules=rules), 3, 3, 3, 3), "5C")
    assert state.to_act == 2
    assert _plays(legal_actions(state)) == {str(card) for card in parse_cards("9H TH JH QH KH AH 8D 9D TD")}
    with pytest.raises(IllegalActionError) as info:
        apply(state, Play(2, "9S"))
    assert info.value.reason is IllegalReason.NO_SPADE_ON_FIRST_TRICK
    default = play(bid_all(deal(MIXED), 3, 3, 3, 3), "5C")
    assert "9S" in _plays(legal_actions(default))
    # from the second trick on, spades may be played as usual
    state = play(state, "8D 8C 2C")  # seat 3 wins with the 8C and leads
    assert state.hand is not None and len(state.hand.completed_tricks) == 1


def test_first_trick_spades_false_a_hand_of_only_spades_still_plays_one() -> None:
    rules = STANDARD.evolve(first_trick_spades=False)
    hands = (suit("H"), suit("S"), suit("D"), suit("C"))  # seat 1: only spades
    state = play(bid_all(deal(hands, dealer=3, rules=rules), 3, 3, 3, 3), "2H")
    assert state.to_act == 1 and len(legal_actions(state)) == 13
    state = apply(state, Play(1, "AS"))
    assert state.hand is not None and state.hand.spades_broken
    # a spade on the first trick shows a hand of nothing but spades; by default only the void in hearts
    assert observe(state, 0).voids[1] == (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
    default = play(bid_all(deal(hands, dealer=3), 3, 3, 3, 3), "2H AS")
    assert observe(default, 0).voids[1] == (Suit.HEARTS,)


def test_first_trick_lowest_club_everyone_plays_the_lowest_club() -> None:
    """MIXED, dealer 0, lowest-club lead: seat 0 leads the 2C; seats 1 and 3 must play their lowest clubs."""
    rules = STANDARD.evolve(first_lead="lowest_club", first_trick_lowest_club=True)
    state = bid_all(deal(MIXED, rules=rules), 3, 3, 3, 3)
    state = play(state, "2C")
    assert state.to_act == 1 and legal_actions(state) == (Play(1, "5C"),)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Play(1, "7C"))
    assert info.value.reason is IllegalReason.MUST_PLAY_LOWEST_CLUB
    state = play(state, "5C")
    assert state.to_act == 2 and len(legal_actions(state)) == 13  # no club: anything
    state = play(state, "AH")
    assert legal_actions(state) == (Play(3, "8C"),)
    default = play(bid_all(deal(MIXED, rules=STANDARD.evolve(first_lead="lowest_club")), 3, 3, 3, 3), "2C")
    assert {str(action.card) for action in legal_actions(default)} == {"5C", "6C", "7C"}  # type: ignore[union-attr]
    with pytest.raises(Exception, match="first_trick_lowest_club needs first_lead='lowest_club'"):
        STANDARD.evolve(first_trick_lowest_club=True)


def test_spade_lead_after_first_trick_spades_may_be_led_from_the_second_trick() -> None:
    """MIXED, dealer 0: seat 1 may not lead a spade to the first trick; the winner may lead one, unbroken."""
    rules = STANDARD.evolve(spade_lead="after_first_trick")
    state = bid_all(deal(MIXED, rules=rules), 3, 3, 3, 3)
    assert not _plays(legal_actions(state)) & {"6S", "7S", "8S"}
    with pytest.raises(IllegalActionError) as info:
        apply(state, Play(1, "6S"))
    assert info.value.reason is IllegalReason.SPADES_NOT_BROKEN and "second trick" in str(info.value)
    state = play(state, "5H 9H JD 2H")  # seat 2 wins the first trick with the 9H; no spade played
    assert state.to_act == 2 and state.hand is not None and not state.hand.spades_broken
    assert {"9S", "TS", "JS", "QS"} <= _plays(legal_actions(state))
    default = play(bid_all(deal(MIXED), 3, 3, 3, 3), "5H 9H JD 2H")
    assert not {"9S", "TS", "JS", "QS"} & _plays(legal_actions(default))
    # a spade led unbroken from the second trick on tells nobody the leader holds only spades
    state = play(state, "9S")
    assert observe(state, 0).voids[2] == ()


# ------------------------------------------------------------------------------------------- redeal
def test_redeal_on_a_seven_card_suit() -> None:
    hands = (
        "AH KH QH JH TH 9H 8H 2S 3S 4S 2D 3D 4D",  # seven hearts: may call a redeal
        "7H 6H 5H 4H 3H 2H 5S 6S 7S 5D 6D 7D 8D",
        "AS KS QS JS TS 9S 8S 2C 3C 4C 9D TD JD",  # seven spades
        "QD KD AD 5C 6C 7C 8C 9C TC JC QC KC AC",  # seven clubs... and three diamonds: ten cards of two suits
    )
    rules = STANDARD.evolve(redeal_on="seven_card_suit")
    state = deal(hands, rules=rules)
    redeals = {action.seat for action in legal_actions(state) if isinstance(action, Redeal)}
    redeals |= {action.seat for seat in range(4) for action in legal_actions(state, seat) if isinstance(action, Redeal)}
    assert redeals == {0, 2, 3}
    after = apply(state, Redeal(2))
    assert after.phase is Phase.DEAL and after.dealer == 0
    assert not any(isinstance(action, Redeal) for action in legal_actions(deal(hands)))


def test_seven_card_suit_counts_jokers_and_a_promoted_deuce_as_spades() -> None:
    rules = Rules.jokers("joker_joker_deuce_deuce").evolve(redeal_on=("seven_card_suit",))
    hands = (
        "BJ LJ 2D AS KS QS JS 3H 4H 5H 3D 4D 5D",  # seven trumps with the jokers: qualifies
        "TS 9S 8S 7S 6S 5S 3S 6H 7H 8H 6D 7D 8D",  # seven spades and no other seven
        "9H TH JH QH KH AH 9D TD JD QD KD AD 2S",
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 4S",
    )
    state = deal(hands, rules=rules)
    callers = {action.seat for seat in range(4) for action in legal_actions(state, seat) if isinstance(action, Redeal)}
    assert callers == {0, 1, 3}


def test_house_rules_are_off_by_default() -> None:
    assert STANDARD.double_nil_value is None and STANDARD.moon is None and not STANDARD.ten_for_two_hundred
    assert STANDARD.first_trick_spades and not STANDARD.first_trick_lowest_club
    assert Bid(0, 4) in legal_actions(deal(SUIT_PER_SEAT, dealer=3))

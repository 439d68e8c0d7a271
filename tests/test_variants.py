"""Every variant of the rules page as a scripted, hand-checked scenario.

Each test deals explicit hands (``Deal.from_hands``; the two-player stock is built card by card), plays
through ``legal_actions``/``apply`` and asserts real values: phases, legal actions, trick winners, scores.
The rules page's worked examples 5, 9 and 10 are named after it.
"""

from __future__ import annotations

import random

import pytest

from _fixtures import bid_all, deal, play
from _variant_scenarios import (
    bids_of,
    draw_all,
    draw_stock,
    fill_hands,
    four_player_script,
    mirror_script,
    play_script,
    raises,
    suit_cards,
    three_player_script,
    two_player_script,
)
from spades_rules import (
    BIG_JOKER,
    LITTLE_JOKER,
    Bid,
    Card,
    Deal,
    DrawDecision,
    IllegalActionError,
    IllegalReason,
    Phase,
    Play,
    Rules,
    Suit,
    apply,
    format_cards,
    legal_actions,
    new_game,
    parse_cards,
    score_hand,
)

# Round winners of the 12 rounds of four_player_script (the 13th trick always goes to seat 3).
SIDE_0_WINS_8 = [0, 2, 0, 2, 0, 2, 0, 1, 3, 2, 1, 3]  # seats 4, 2, 4, 3 -> sides 8-5
SIDE_0_WINS_6 = [0, 1, 2, 3, 0, 1, 2, 1, 3, 0, 2, 3]  # sides 6-7
SIDE_0_WINS_9 = [0, 0, 2, 2, 0, 2, 0, 1, 3, 0, 2, 1]  # sides 9-4


# ------------------------------------------------------------------------------------------- presets
def test_presets_are_exactly_those_of_rules_md_section_11() -> None:
    presets = Rules.presets()
    assert set(presets) == {
        "standard",
        "bicycle",
        "no_bid",
        "mirror",
        "whiz",
        "suicide",
        "partnership_bidding",
        "jokers",
        "no_lead_restriction",
        "three_player",
        "two_player",
        "individual_3",
        "individual_4",
        "individual_5",
    }
    assert presets["individual_3"] == Rules.individual(3) == Rules.three_player()
    descriptions = Rules.preset_descriptions()
    assert set(descriptions) == set(presets)
    assert all(line.strip() for line in descriptions.values())


# ------------------------------------------------------------------------------------------- worked example 5
def test_worked_example_5_no_bid_scores_23_16() -> None:
    rules = Rules.no_bid()
    sheets = [(4, 2, 4, 3), (3, 3, 3, 4), (5, 2, 4, 2)]  # per seat; sides 8-5, 6-7, 9-4
    totals = [0, 0]
    for tricks in sheets:
        hand = score_hand(rules, None, tricks)
        totals = [total + side.total for total, side in zip(totals, hand.sides, strict=True)]
    assert totals == [23, 16]

    state = new_game(rules)
    for winners, expected in ((SIDE_0_WINS_8, (8, 5)), (SIDE_0_WINS_6, (6, 7)), (SIDE_0_WINS_9, (9, 4))):
        script = four_player_script(winners)
        assert script.side_tricks(rules) == expected
        state = apply(state, Deal.from_hands(rules, state.dealer, script.hands))
        state = play_script(state, script)
        assert state.results[-1].totals == expected
    assert state.scores == (23, 16)
    assert [result.totals for result in state.results] == [(8, 5), (6, 7), (9, 4)]
    assert state.phase is Phase.DEAL and not state.is_over and state.dealer == 3


# ------------------------------------------------------------------------------------------- worked example 9
def test_worked_example_9_little_joker_beats_ace_of_hearts_and_breaks_spades() -> None:
    rules = Rules.jokers()
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",  # seat 0: only spades
        "BJ AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",  # seat 1 leads
        "LJ AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",  # seat 2: void in hearts
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",  # seat 3: void in hearts
    ]
    state = bid_all(deal(hands, rules=rules), 3, 3, 3, 3)
    assert state.phase is Phase.PLAY and state.to_act == 1
    hand = state.hand
    assert hand is not None and not hand.spades_broken
    state = play(state, "AH LJ 2D")
    assert state.hand is not None and state.hand.spades_broken
    state = play(state, "AS")
    hand = state.hand
    assert hand is not None
    trick = hand.completed_tricks[0]
    assert trick.cards == parse_cards("AH LJ 2D AS")
    assert trick.winner == 2  # the little joker beats the A♥ (and the A♠ trumping it)
    assert hand.tricks_won == (0, 0, 1, 0)
    assert hand.spades_broken
    assert state.to_act == 2


def test_worked_example_9_big_joker_beats_little_joker_beats_ace_of_spades() -> None:
    rules = Rules.jokers()
    # Seat 1 holds only spades, so it may lead the A♠; seats 2 and 3 must follow with their jokers.
    hands = [
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "LJ AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
        "BJ AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
    ]
    state = bid_all(deal(hands, rules=rules), 1, 1, 1, 1)
    state = play(state, "AS")
    assert legal_actions(state) == (Play(2, LITTLE_JOKER),)
    state = play(state, "LJ")
    assert legal_actions(state) == (Play(3, BIG_JOKER),)
    state = play(state, "BJ 2D")
    assert state.hand is not None
    assert state.hand.completed_tricks[0].winner == 3  # BJ beats LJ and A♠

    # Same trick without the big joker (the leader keeps it): the little joker beats the A♠.
    hands = [
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "BJ AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
        "LJ AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
        "2S AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
    ]
    state = bid_all(deal(hands, rules=rules), 1, 1, 1, 1)
    state = play(state, "AS LJ 2S 2D")
    assert state.hand is not None
    assert state.hand.completed_tricks[0].winner == 2
    assert rules.trumps[:3] == (BIG_JOKER, LITTLE_JOKER, Card.parse("AS"))


# ------------------------------------------------------------------------------------------- worked example 10
def test_worked_example_10_mirror_four_spades_target_four() -> None:
    rules = Rules.mirror()
    script = mirror_script([0, 0, 1, 3, 0, 0, 1, 3, 0, 1, 3, 3])
    state = deal(script.hands, rules=rules)
    hand = state.hand
    assert hand is not None
    assert sum(card.suit is Suit.SPADES for card in hand.hand_of(0)) == 4
    assert hand.targets[0] == 4
    assert hand.targets == (4, 4, 0, 5)
    assert hand.side_targets(rules) == (4, 9)
    state = play_script(state, script)
    side = state.results[-1].sides[0]
    assert side.contract == 4 and side.made and side.contract_points == 40
    # seat 0 makes its four with one over; seat 2's forced nil is made
    assert state.results[-1].tricks_won == (5, 3, 0, 5)
    assert state.scores == (141, -90)


def test_worked_example_10_mirror_spadeless_hand_is_nil() -> None:
    rules = Rules.mirror()
    script = mirror_script([0, 0, 1, 3, 0, 0, 1, 3, 0, 1, 3, 3])
    state = deal(script.hands, rules=rules)
    hand = state.hand
    assert hand is not None
    assert not any(card.suit is Suit.SPADES for card in hand.hand_of(2))
    assert hand.bids[2] == Bid.nil(2)
    assert hand.bids[2] is not None and hand.bids[2].is_nil
    assert hand.targets[2] == 0
    state = play_script(state, script)
    side = state.results[-1].sides[0]
    assert side.nil_points == 100  # the forced nil scores at nil_value
    assert side.total == 40 + 1 + 100
    # and a failed forced nil loses nil_value (score sheet: seat 2 takes a trick)
    failed = score_hand(rules, [4, 4, 0, 5], [4, 4, 1, 4]).sides[0]
    assert failed.nil_points == -100
    assert failed.total == 40 - 100 + 1


# ------------------------------------------------------------------------------------------- jokers
def test_jokers_deck_drops_two_of_hearts_and_two_of_clubs() -> None:
    rules = Rules.jokers()
    deck = set(rules.deck)
    assert len(rules.deck) == 52
    assert {BIG_JOKER, LITTLE_JOKER} <= deck
    assert Card.parse("2H") not in deck and Card.parse("2C") not in deck
    assert {Card.parse("2D"), Card.parse("2S")} <= deck
    state = apply(new_game(rules), Deal.shuffled(rules, 5))
    assert state.hand is not None
    assert [len(cards) for cards in state.hand.hands] == [13] * 4
    with pytest.raises(IllegalActionError) as info:
        apply(new_game(rules), Deal.shuffled(Rules.standard(), 5))
    assert info.value.reason is IllegalReason.INVALID_DEAL


def test_jokers_default_trump_order() -> None:
    assert format_cards(Rules.jokers().trumps) == "BJ LJ AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    assert Rules.jokers().trump_order == "ace_high"


def test_jokers_deuce_of_spades_high_two_of_spades_beats_ace() -> None:
    rules = Rules.jokers(trump_order="deuce_of_spades_high")
    assert format_cards(rules.trumps) == "BJ LJ 2S AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"
    hands = [
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "BJ LJ AS KS QS JS TS 9S 8S 7S 6S 5S 4S",
        "2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
        "3S AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
    ]
    state = play(bid_all(deal(hands, rules=rules), 2, 2, 2, 2), "AS 2S 3S 2D")
    assert state.hand is not None and state.hand.completed_tricks[0].winner == 2
    # the same cards with the default order: the ace wins
    default = play(bid_all(deal(hands, rules=Rules.jokers()), 2, 2, 2, 2), "AS 2S 3S 2D")
    assert default.hand is not None and default.hand.completed_tricks[0].winner == 1


def test_jokers_joker_joker_deuce_deuce_order_and_the_two_of_diamonds_follows_spades() -> None:
    rules = Rules.jokers(trump_order="joker_joker_deuce_deuce")
    two_d = Card.parse("2D")
    assert format_cards(rules.trumps) == "BJ LJ 2D 2S AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"
    assert rules.effective_suit(two_d) is Suit.SPADES
    hands = [
        "3C AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
        "BJ LJ AS KS QS JS TS 9S 8S 7S 6S 5S 4S",  # only spades: may lead them
        "2D AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",  # the 2D is its only spade
        "3S 2S AC KC QC JC TC 9C 8C 7C 6C 5C 4C",
    ]
    state = play(bid_all(deal(hands, rules=rules), 2, 2, 2, 2), "AS")
    assert legal_actions(state) == (Play(2, two_d),)  # must follow spades with the 2D
    state = play(state, "2D")
    assert set(legal_actions(state)) == {Play(3, "2S"), Play(3, "3S")}
    state = play(state, "2S AD")
    assert state.hand is not None
    assert state.hand.completed_tricks[0].winner == 2  # 2D beats 2S and A♠


def test_jokers_promoted_two_of_diamonds_is_not_a_diamond() -> None:
    rules = Rules.jokers(trump_order="joker_joker_deuce_deuce")
    two_d = Card.parse("2D")
    # On a diamond lead, a seat whose only "diamond" is the 2D is void: it may play anything, and the 2D
    # trumps the ace.
    hands = fill_hands(rules, ["QD", "AD", "2D", "KD"], void={2: "D"})
    state = play(bid_all(deal(hands, rules=rules), 3, 3, 3, 3), "AD")
    assert len(legal_actions(state)) == 13
    state = play(state, "2D KD QD")
    assert state.hand is not None
    assert state.hand.completed_tricks[0].winner == 2
    assert state.hand.spades_broken
    # A seat holding real diamonds must follow with them, not with the 2D.
    hands = fill_hands(rules, ["QD", "AD", "2D KD", "JD"])
    state = play(bid_all(deal(hands, rules=rules), 3, 3, 3, 3), "AD")
    assert Play(2, two_d) not in legal_actions(state)
    assert all(isinstance(a, Play) and rules.effective_suit(a.card) is Suit.DIAMONDS for a in legal_actions(state))
    raises(state, Play(2, two_d), IllegalReason.MUST_FOLLOW_SUIT)
    # And leading the 2D is leading a spade.
    hands = fill_hands(rules, ["", "2D AH", "", ""], void={1: "S"})
    state = bid_all(deal(hands, rules=rules), 3, 3, 3, 3)
    assert Play(1, two_d) not in legal_actions(state)
    raises(state, Play(1, two_d), IllegalReason.SPADES_NOT_BROKEN)


def test_jokers_count_as_spades_for_following() -> None:
    rules = Rules.jokers()
    hands = [
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "LJ AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
        "BJ AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
    ]
    state = play(bid_all(deal(hands, rules=rules), 1, 1, 1, 1), "2S")
    assert legal_actions(state) == (Play(2, LITTLE_JOKER),)
    raises(state, Play(2, "AH"), IllegalReason.MUST_FOLLOW_SUIT)
    # a heart lead: the joker holder has hearts, so it may not play the joker
    filled = fill_hands(rules, ["", "AH", "LJ KH", ""])
    state = play(bid_all(deal(filled, rules=rules), 1, 1, 1, 1), "AH")
    assert Play(2, LITTLE_JOKER) not in legal_actions(state)
    raises(state, Play(2, LITTLE_JOKER), IllegalReason.MUST_FOLLOW_SUIT)


def test_jokers_count_as_spades_for_leading_and_breaking() -> None:
    rules = Rules.jokers()
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "BJ AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
        "LJ AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    ]
    state = bid_all(deal(hands, rules=rules), 1, 1, 1, 1)
    assert Play(1, BIG_JOKER) not in legal_actions(state)
    raises(state, Play(1, BIG_JOKER), IllegalReason.SPADES_NOT_BROKEN)
    # the little joker played on a heart lead breaks spades (and beats the 2S trumping too)
    state = play(state, "AH LJ AD 2S")
    hand = state.hand
    assert hand is not None and hand.spades_broken and hand.completed_tricks[0].winner == 2
    state = play(state, "AC KD 3S KH")
    assert state.to_act == 0  # seat 0 trumped the clubs and may lead spades, now broken
    state = play(state, "4S")
    # seat 1's only spade is its big joker: it must follow with it
    assert legal_actions(state) == (Play(1, BIG_JOKER),)
    # a player holding only spades and a joker may lead the joker before spades are broken
    hands = [
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H AD",
        "BJ AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
        "LJ AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
        "2S KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    ]
    state = bid_all(deal(hands, rules=rules), 1, 1, 1, 1)
    assert Play(1, BIG_JOKER) in legal_actions(state)
    state = play(state, "BJ LJ 2S AH")
    hand = state.hand
    assert hand is not None and hand.spades_broken and hand.completed_tricks[0].winner == 1


JOKER_HANDS = [
    "KS QS JS TS AC AD KD QD JD TD 9D 8D 7D",
    "9S 8S 7S 6S 6D 5D 4D 3D 2D AH KH QH JH",
    "BJ LJ 5S 4S 3S 2S TH 9H 8H 7H 6H 5H 4H",
    "AS KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 3H",
]


def test_jokers_count_as_spades_in_mirror_and_whiz() -> None:
    mirror = Rules.mirror().evolve(with_jokers=True)
    state = deal(JOKER_HANDS, rules=mirror)
    assert state.hand is not None and state.hand.targets == (4, 4, 6, 1)
    # with the joker-joker-deuce-deuce order the 2D is a spade too
    promoted = mirror.evolve(trump_order="joker_joker_deuce_deuce")
    state = deal(JOKER_HANDS, rules=promoted)
    assert state.hand is not None and state.hand.targets == (4, 5, 6, 1)
    whiz = Rules.whiz().evolve(with_jokers=True)
    state = bid_all(deal(JOKER_HANDS, rules=whiz), 4)
    assert legal_actions(state) == (Bid(2, 0), Bid(2, 6))


# ------------------------------------------------------------------------------------------- no-bid
def test_no_bid_play_starts_right_after_the_deal() -> None:
    rules = Rules.no_bid()
    script = four_player_script(SIDE_0_WINS_8)
    state = deal(script.hands, rules=rules)
    assert state.phase is Phase.PLAY
    assert state.to_act == 1
    hand = state.hand
    assert hand is not None
    assert hand.bids == (None,) * 4 and hand.targets == (None,) * 4
    assert hand.side_targets(rules) == (None, None)
    assert legal_actions(state) and all(isinstance(action, Play) for action in legal_actions(state))
    raises(state, Bid(1, 3), IllegalReason.WRONG_PHASE)
    assert not any(isinstance(action, Bid) for action in state.history)


def test_no_bid_scores_one_point_per_trick() -> None:
    rules = Rules.no_bid()
    hand = score_hand(rules, None, [4, 2, 4, 3], bags_before=[9, 9])
    side = hand.sides[0]
    assert (side.contract, side.trick_points, side.bags, side.bag_penalty, side.nil_points) == (None, 8, 0, 0, 0)
    assert hand.totals == (8, 5)
    assert hand.bags_after == (9, 9)  # no bags in no-bid Spades
    script = four_player_script(SIDE_0_WINS_8)
    state = play_script(deal(script.hands, rules=rules), script)
    assert state.scores == (8, 5) and state.bags == (0, 0)


def test_no_bid_target_is_100() -> None:
    rules = Rules.no_bid()
    assert rules.target_score == 100
    script = four_player_script(SIDE_0_WINS_8)
    state = play_script(deal(script.hands, rules=rules, scores=[92, 90]), script)
    assert state.scores == (100, 95)
    assert state.is_over and state.winner == 0 and state.phase is Phase.GAME_OVER
    short = play_script(deal(script.hands, rules=rules, scores=[91, 90]), script)
    assert short.scores == (99, 95) and not short.is_over


def test_no_bid_tie_at_the_top_plays_another_hand() -> None:
    rules = Rules.no_bid()
    script = four_player_script(SIDE_0_WINS_6)
    state = play_script(deal(script.hands, rules=rules, scores=[95, 94]), script)
    assert state.scores == (101, 101)
    assert not state.is_over and state.winner is None
    assert state.phase is Phase.DEAL and state.hand is None and state.dealer == 1
    second = four_player_script(SIDE_0_WINS_8)
    state = play_script(apply(state, Deal.from_hands(rules, 1, second.hands)), second)
    assert state.scores == (109, 106)
    assert state.is_over and state.winner == 0


# ------------------------------------------------------------------------------------------- mirror
def test_mirror_bids_are_fixed_at_the_deal_without_bidding_actions() -> None:
    rules = Rules.mirror()
    assert not rules.blind_nil
    script = four_player_script(SIDE_0_WINS_8)  # spades held: 3, 3, 3, 4
    state = deal(script.hands, rules=rules)
    assert state.phase is Phase.PLAY and state.to_act == 1
    hand = state.hand
    assert hand is not None
    assert hand.bids == (Bid(0, 3), Bid(1, 3), Bid(2, 3), Bid(3, 4))
    assert hand.targets == (3, 3, 3, 4)
    assert not any(isinstance(action, Bid) for action in legal_actions(state))
    raises(state, Bid(1, 3), IllegalReason.WRONG_PHASE)
    state = play_script(state, script)
    # side 0 bid 6 and took 8: 60 + 2 bags; side 1 bid 7 and took 5: set
    assert state.scores == (62, -70) and state.bags == (2, 0)


def test_mirror_forced_nil_scored_as_nil() -> None:
    rules = Rules.mirror()
    script = mirror_script([0, 0, 1, 3, 0, 0, 1, 3, 0, 1, 3, 3])
    state = deal(script.hands, rules=rules)
    assert state.hand is not None and state.hand.bids[2] == Bid(2, 0)
    state = play_script(state, script)
    result = state.results[-1]
    assert result.tricks_won[2] == 0
    assert result.sides[0].nil_points == rules.nil_value == 100
    assert result.totals == (141, -90)
    # the same sheet scored by hand agrees
    assert score_hand(rules, [4, 4, 0, 5], [5, 3, 0, 5]).totals == (141, -90)


# ------------------------------------------------------------------------------------------- whiz
def test_whiz_legal_bids_are_nil_or_the_number_of_spades() -> None:
    rules = Rules.whiz()
    script = four_player_script(SIDE_0_WINS_8)  # spades: 3, 3, 3, 4
    state = deal(script.hands, rules=rules, scores=[0, 300])  # side 0 trails by 300: no blind nil all the same
    assert legal_actions(state) == (Bid(1, 0), Bid(1, 3))
    raises(state, Bid(1, 4), IllegalReason.BID_NOT_ALLOWED)
    state = bid_all(state, 3)
    assert legal_actions(state) == (Bid(2, 0), Bid(2, 3))
    raises(state, Bid.blind_nil(2), IllegalReason.BLIND_NIL_NOT_ALLOWED)
    state = bid_all(state, 0)
    assert legal_actions(state) == (Bid(3, 0), Bid(3, 4))
    raises(state, Bid(3, 3), IllegalReason.BID_NOT_ALLOWED)
    state = bid_all(state, 4, 3)
    assert state.phase is Phase.PLAY
    assert state.hand is not None and state.hand.targets == (3, 3, 0, 4)


def test_whiz_spadeless_hand_must_bid_nil() -> None:
    rules = Rules.whiz()
    script = mirror_script([0, 0, 1, 3, 0, 0, 1, 3, 0, 1, 3, 3])  # seat 2 holds no spade
    state = bid_all(deal(script.hands, rules=rules), 4)
    assert state.to_act == 2
    assert legal_actions(state) == (Bid(2, 0),)
    raises(state, Bid(2, 1), IllegalReason.BID_NOT_ALLOWED)
    state = bid_all(state, 0, 5, 4)
    assert state.phase is Phase.PLAY


# ------------------------------------------------------------------------------------------- suicide
def test_suicide_first_partner_nil_or_at_least_four_second_the_opposite() -> None:
    rules = Rules.suicide()
    script = four_player_script(SIDE_0_WINS_8)
    state = deal(script.hands, rules=rules)
    first_choice = (Bid(1, 0), *bids_of(1, *range(4, 14)))
    assert legal_actions(state) == first_choice
    raises(state, Bid(1, 3), IllegalReason.BID_NOT_ALLOWED)
    state = bid_all(state, 0)  # seat 1: nil
    assert legal_actions(state) == (Bid(2, 0), *bids_of(2, *range(4, 14)))
    state = bid_all(state, 5)  # seat 2: five
    # seat 3's partner bid nil: seat 3 must bid at least 4, not nil
    assert legal_actions(state) == bids_of(3, *range(4, 14))
    raises(state, Bid(3, 0), IllegalReason.NIL_NOT_ALLOWED)
    raises(state, Bid(3, 3), IllegalReason.BID_NOT_ALLOWED)
    state = bid_all(state, 4)
    # seat 0's partner bid a number: seat 0 must bid nil
    assert legal_actions(state) == (Bid(0, 0),)
    raises(state, Bid(0, 4), IllegalReason.BID_NOT_ALLOWED)
    state = bid_all(state, 0)
    assert state.phase is Phase.PLAY
    assert state.hand is not None and state.hand.targets == (0, 0, 5, 4)


# ------------------------------------------------------------------------------------------- partnership bidding
def test_partnership_bidding_order_is_dealer_plus_1_3_2_then_dealer() -> None:
    rules = Rules.partnership_bidding()
    script = four_player_script(SIDE_0_WINS_8)
    for dealer, order in ((0, (1, 3, 2, 0)), (2, (3, 1, 0, 2)), (3, (0, 2, 1, 3))):
        state = deal(script.hands, rules=rules, dealer=dealer)
        assert state.hand is not None and state.hand.bid_order == order
        seen = []
        for _ in range(4):
            assert state.to_act is not None
            seen.append(state.to_act)
            state = bid_all(state, 5)
        assert tuple(seen) == order
        assert state.phase is Phase.PLAY


def test_partnership_bidding_team_minimum_constrains_the_second_partner() -> None:
    rules = Rules.partnership_bidding()
    assert rules.team_min_bid == 4
    state = deal(four_player_script(SIDE_0_WINS_8).hands, rules=rules)
    assert legal_actions(state) == (Bid(1, 0), *bids_of(1, *range(1, 14)))
    state = bid_all(state, 1)  # seat 1 bids 1: seat 3 must make the side's 4
    assert state.to_act == 3
    assert legal_actions(state) == bids_of(3, *range(3, 14))
    raises(state, Bid(3, 2), IllegalReason.BID_NOT_ALLOWED)
    raises(state, Bid(3, 0), IllegalReason.NIL_NOT_ALLOWED)
    state = bid_all(state, 3)
    assert state.to_act == 2
    state = bid_all(state, 4)  # the first partner reached the minimum alone: any bid, nil included
    assert legal_actions(state) == (Bid(0, 0), *bids_of(0, *range(1, 14)))


def test_partnership_bidding_nil_bidders_partner_must_bid_at_least_four() -> None:
    rules = Rules.partnership_bidding()
    state = bid_all(deal(four_player_script(SIDE_0_WINS_8).hands, rules=rules), 0)
    assert legal_actions(state) == bids_of(3, *range(4, 14))
    raises(state, Bid(3, 3), IllegalReason.BID_NOT_ALLOWED)
    state = bid_all(state, 4, 0)
    assert legal_actions(state) == bids_of(0, *range(4, 14))


# ------------------------------------------------------------------------------------------- no lead restriction
def test_no_lead_restriction_spades_may_be_led_on_the_first_trick() -> None:
    script = four_player_script(SIDE_0_WINS_8)
    leader_spades = [card for card in script.hands[1] if card.suit is Suit.SPADES]
    assert len(leader_spades) == 3 and len(script.hands[1]) == 13

    standard = bid_all(deal(script.hands, rules=Rules.standard()), 3, 3, 3, 3)
    assert not any(Play(1, card) in legal_actions(standard) for card in leader_spades)
    raises(standard, Play(1, "QS"), IllegalReason.SPADES_NOT_BROKEN)

    rules = Rules.no_lead_restriction()
    assert rules.spade_lead == "anytime"
    state = bid_all(deal(script.hands, rules=rules), 3, 3, 3, 3)
    assert all(Play(1, card) in legal_actions(state) for card in leader_spades)
    assert len(legal_actions(state)) == 13
    state = apply(state, Play(1, "QS"))
    assert state.hand is not None and state.hand.spades_broken


# ------------------------------------------------------------------------------------------- three players
THREE_WINNERS = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 0, 1]  # seats win 6, 6, 5


def test_three_player_deck_deal_and_sides() -> None:
    rules = Rules.three_player()
    assert len(rules.deck) == 51 and Card.parse("2C") not in rules.deck
    assert rules.cards_each == 17 == rules.tricks_per_hand
    assert rules.sides == ((0,), (1,), (2,))
    assert [rules.partner_of(seat) for seat in range(3)] == [None, None, None]
    state = apply(new_game(rules), Deal.shuffled(rules, 11))
    assert state.hand is not None and [len(cards) for cards in state.hand.hands] == [17, 17, 17]
    assert state.scores == (0, 0, 0)


def test_three_player_full_hand_has_17_tricks_and_individual_scores() -> None:
    rules = Rules.three_player()
    script = three_player_script(THREE_WINNERS)
    assert script.tricks_won == (6, 6, 5)
    state = bid_all(deal(script.hands, rules=rules), 6, 5, 5)  # bid order 1, 2, 0
    assert state.hand is not None and state.hand.bids == (Bid(0, 5), Bid(1, 6), Bid(2, 5))
    state = play_script(state, script)
    result = state.results[-1]
    assert len(result.tricks_won) == 3 and sum(result.tricks_won) == 17
    assert result.totals == (51, 60, 50)
    assert state.scores == (51, 60, 50) and state.bags == (1, 0, 0)


def test_three_player_bids_up_to_17() -> None:
    rules = Rules.three_player()
    state = deal(three_player_script(THREE_WINNERS).hands, rules=rules)
    assert legal_actions(state) == (Bid(1, 0), *bids_of(1, *range(1, 18)))
    raises(state, Bid(1, 18), IllegalReason.BID_OUT_OF_RANGE)
    state = bid_all(state, 17)
    assert state.hand is not None and state.hand.targets[1] == 17


def test_three_player_three_way_tie_at_the_top_plays_another_hand() -> None:
    rules = Rules.three_player()
    script = three_player_script(THREE_WINNERS)
    state = bid_all(deal(script.hands, rules=rules, scores=[580, 580, 580]), 7, 7, 7)
    state = play_script(state, script)
    assert state.results[-1].totals == (-70, -70, -70)  # all three set
    assert state.scores == (510, 510, 510)  # all past the target, tied at the top
    assert not state.is_over and state.winner is None
    assert state.phase is Phase.DEAL and state.dealer == 1


def test_three_player_blind_nil_without_exchange() -> None:
    rules = Rules.three_player()
    script = three_player_script(THREE_WINNERS)
    # dealer 2: seat 0 bids first; it trails the leading player (seat 2) by 150
    state = deal(script.hands, rules=rules, dealer=2, scores=[0, 60, 150])
    assert Bid.blind_nil(0) in legal_actions(state)
    state = bid_all(state, Bid.blind_nil(0))
    # seat 1 trails by 90 < 100: no blind nil
    assert Bid.blind_nil(1) not in legal_actions(state)
    raises(state, Bid.blind_nil(1), IllegalReason.BLIND_NIL_NOT_ALLOWED)
    state = bid_all(state, 5, 5)
    assert state.phase is Phase.PLAY  # no exchange without a partner
    assert state.hand is not None and state.hand.exchanges == ()
    assert [len(cards) for cards in state.hand.hands] == [17, 17, 17]


# ------------------------------------------------------------------------------------------- five players
def test_five_players_drop_two_of_clubs_and_two_of_diamonds() -> None:
    rules = Rules.individual(5)
    assert len(rules.deck) == 50
    assert not {Card.parse("2C"), Card.parse("2D")} & set(rules.deck)
    assert {Card.parse("2H"), Card.parse("2S")} <= set(rules.deck)
    assert rules.cards_each == 10 and len(rules.sides) == 5
    hands = fill_hands(rules, ["", "", "", "", ""])
    state = deal(hands, rules=rules)
    assert state.hand is not None and [len(cards) for cards in state.hand.hands] == [10] * 5
    assert state.to_act == 1
    assert legal_actions(state) == (Bid(1, 0), *bids_of(1, *range(1, 11)))
    raises(state, Bid(1, 11), IllegalReason.BID_OUT_OF_RANGE)


def test_five_players_with_jokers_drop_all_four_twos() -> None:
    rules = Rules.individual(5).evolve(with_jokers=True)
    assert len(rules.deck) == 50 and {BIG_JOKER, LITTLE_JOKER} <= set(rules.deck)
    assert not any(card.rank == 2 for card in rules.deck)
    assert rules.cards_each == 10
    state = apply(new_game(rules), Deal.shuffled(rules, 3))
    assert state.hand is not None and [len(cards) for cards in state.hand.hands] == [10] * 5


# ------------------------------------------------------------------------------------------- two players
def _two_player_deal(winners: list[int], decisions: list[bool], dealer: int = 0) -> tuple[Deal, list[set[Card]]]:
    rules = Rules.two_player()
    script = two_player_script(winners)
    kept = [list(hand) for hand in script.hands]
    used = {card for hand in kept for card in hand}
    rest = [card for card in rules.deck if card not in used]
    discarded = [rest[0::2], rest[1::2]]
    return draw_stock(rules, dealer, kept, discarded, decisions), [set(cards) for cards in discarded]


def test_two_player_draw_non_dealer_first_keep_or_reject() -> None:
    rules = Rules.two_player()
    stock = suit_cards("S") + suit_cards("H") + suit_cards("D") + suit_cards("C")
    state = apply(new_game(rules), Deal(stock))
    assert state.phase is Phase.DRAW and state.to_act == 1
    assert legal_actions(state) == (DrawDecision(1, True), DrawDecision(1, False))
    raises(state, DrawDecision(0, True), IllegalReason.OUT_OF_TURN)
    raises(state, Bid(1, 3), IllegalReason.WRONG_PHASE)
    # keep: the first card is kept, the second discarded
    state = apply(state, DrawDecision(1, True))
    hand = state.hand
    assert hand is not None
    assert hand.hand_of(1) == (Card.parse("AS"),) and hand.discards_of(1) == (Card.parse("KS"),)
    assert state.to_act == 0
    # reject: the first card is discarded, the next kept
    state = apply(state, DrawDecision(0, False))
    hand = state.hand
    assert hand is not None
    assert hand.hand_of(0) == (Card.parse("JS"),) and hand.discards_of(0) == (Card.parse("QS"),)
    assert hand.draws == (True, False)
    assert state.to_act == 1


def test_two_player_draw_deals_13_each_after_26_turns_then_bid_and_play() -> None:
    rules = Rules.two_player()
    winners = [1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1]  # seat 1 wins 7, seat 0 wins 6
    decisions = [turn % 3 != 0 for turn in range(26)]
    stock, discarded = _two_player_deal(winners, decisions)
    script = two_player_script(winners)
    state = apply(new_game(rules), stock)
    state = draw_all(state, decisions)
    hand = state.hand
    assert hand is not None
    assert len(hand.draws) == 26
    assert [len(cards) for cards in hand.hands] == [13, 13]
    assert [len(hand.discards_of(seat)) for seat in (0, 1)] == [13, 13]
    assert [set(hand.hand_of(seat)) for seat in (0, 1)] == [set(script.hands[0]), set(script.hands[1])]
    assert [set(hand.discards_of(seat)) for seat in (0, 1)] == discarded
    # bidding: the non-dealer first, no blind nil
    assert state.phase is Phase.BID and state.to_act == 1
    assert legal_actions(state) == (Bid(1, 0), *bids_of(1, *range(1, 14)))
    state = bid_all(state, 7, 5)
    # play: the non-dealer leads
    assert state.phase is Phase.PLAY and state.to_act == 1
    state = play_script(state, script)
    assert state.results[-1].tricks_won == (6, 7)
    assert state.scores == (51, 70) and state.bags == (1, 0)
    assert state.phase is Phase.DEAL and state.dealer == 1
    # the next hand: seat 1 deals, so seat 0 draws first
    state = apply(state, Deal.shuffled(rules, 4))
    assert state.phase is Phase.DRAW and state.to_act == 0


# ------------------------------------------------------------------------------------------- individual four
def test_individual_four_players_have_four_sides() -> None:
    rules = Rules.individual(4)
    assert rules.sides == ((0,), (1,), (2,), (3,))
    assert rules.num_sides == 4 and [rules.side_of(seat) for seat in range(4)] == [0, 1, 2, 3]
    assert all(rules.partner_of(seat) is None for seat in range(4))
    script = four_player_script(SIDE_0_WINS_8)  # seats win 4, 2, 4, 3
    state = deal(script.hands, rules=rules, scores=[0, 0, 0, 100])
    assert state.scores == (0, 0, 0, 100)
    # blind nil for a player trailing the leading player, with no exchange
    state = bid_all(state, 2, 4, 3, Bid.blind_nil(0))
    assert state.phase is Phase.PLAY
    state = play_script(state, script)
    # seat 0's blind nil fails (4 tricks, 4 bags); the others make their bids exactly
    assert state.results[-1].totals == (-200 + 4, 20, 40, 30)
    assert state.scores == (-196, 20, 40, 130)
    assert state.bags == (4, 0, 0, 0)


def test_two_player_draw_record_survives_the_bidding_and_play() -> None:
    """Regression: the draws and discards of the two-player hand stay on the hand after bids and plays."""
    rules = Rules.two_player()
    rng = random.Random(0)
    state = apply(new_game(rules), Deal.shuffled(rules, 1))
    while state.phase is Phase.DRAW:
        state = apply(state, rng.choice(legal_actions(state)))
    assert state.hand is not None
    draws, discards = state.hand.draws, state.hand.discards
    assert len(draws) == 26 and sum(mask.bit_count() for mask in discards) == 26
    while state.phase is not Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    state = apply(state, legal_actions(state)[0])
    assert state.hand is not None
    assert state.hand.draws == draws and state.hand.discards == discards

"""One named, scripted test per ``Rules`` option (the variants page lists them).

Each test changes one option from the standard rules, sets up a concrete deal or score sheet, and checks
the difference the option makes against the default.
"""

from __future__ import annotations

import pytest

from _fixtures import bid_all, deal, play
from _variant_scenarios import (
    bids_of,
    draw_all,
    fill_hands,
    four_player_script,
    mirror_script,
    play_script,
    raises,
    suit_cards,
    three_player_script,
)
from spades_rules import (
    Bid,
    Card,
    Deal,
    Exchange,
    GameState,
    IllegalActionError,
    IllegalReason,
    Phase,
    Play,
    Redeal,
    Rules,
    apply,
    legal_actions,
    new_game,
    parse_cards,
    score_hand,
)

SIDE_0_WINS_8 = [0, 2, 0, 2, 0, 2, 0, 1, 3, 2, 1, 3]  # seats win 4, 2, 4, 3: sides 8-5
SEAT_0_WINS_NONE = [2, 1, 2, 3, 2, 1, 2, 1, 3, 2, 1, 3]  # seats win 0, 4, 5, 4: sides 5-8
THREE_WINNERS = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 0, 1]  # seats win 6, 6, 5

# Spade counts 4, 4, 4, 1; seat 2 alone has no jack, queen or king.
REDEAL_HANDS = [
    "KS QS JS TS AC AD KD QD JD TD 9D 8D 7D",
    "9S 8S 7S 6S 6D 5D 4D 3D 2D AH KH QH JH",
    "5S 4S 3S 2S TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AS KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
]


def _numbers(state: GameState) -> tuple[int, ...]:
    return tuple(action.tricks for action in legal_actions(state) if isinstance(action, Bid) and not action.blind)


def _offers_blind_nil(state: GameState) -> bool:
    return any(isinstance(action, Bid) and action.blind for action in legal_actions(state))


# ------------------------------------------------------------------------------------------- nil
def test_option_nil_off() -> None:
    rules = Rules(nil=False, blind_nil=False)
    hands = four_player_script(SIDE_0_WINS_8).hands
    state = deal(hands, rules=rules, scores=[300, 0])  # seat 1's side trails by 300
    assert legal_actions(state) == bids_of(1, *range(1, 14))
    raises(state, Bid.nil(1), IllegalReason.NIL_NOT_ALLOWED)
    raises(state, Bid.blind_nil(1), IllegalReason.BLIND_NIL_NOT_ALLOWED)
    default = deal(hands, rules=Rules.standard(), scores=[300, 0])
    assert Bid.nil(1) in legal_actions(default) and Bid.blind_nil(1) in legal_actions(default)


def test_option_nil_value_50() -> None:
    rules = Rules(nil_value=50)
    script = four_player_script(SEAT_0_WINS_NONE)
    state = bid_all(deal(script.hands, rules=rules), 4, 4, 4, 0)  # seat 0 bids nil and takes nothing
    state = play_script(state, script)
    side = state.results[-1].sides[0]
    assert side.nil_points == 50
    assert state.scores == (50 + 40 + 1, 80)
    standard = play_script(bid_all(deal(script.hands, rules=Rules.standard()), 4, 4, 4, 0), script)
    assert standard.scores == (141, 80)
    # a failed nil loses the same 50
    assert score_hand(rules, [0, 4, 2, 4], [1, 5, 1, 6]).sides[0].nil_points == -50


# ------------------------------------------------------------------------------------------- blind nil
def test_option_blind_nil_off() -> None:
    hands = four_player_script(SIDE_0_WINS_8).hands
    state = bid_all(deal(hands, rules=Rules(blind_nil=False), scores=[0, 200]), 3)
    assert state.to_act == 2  # side 0 trails by 200
    assert not _offers_blind_nil(state)
    assert Bid.nil(2) in legal_actions(state)
    raises(state, Bid.blind_nil(2), IllegalReason.BLIND_NIL_NOT_ALLOWED)
    default = bid_all(deal(hands, rules=Rules.standard(), scores=[0, 200]), 3)
    assert Bid.blind_nil(2) in legal_actions(default)


def _blind_nil_hand(rules: Rules) -> tuple[GameState, GameState]:
    """Seat 0 (trailing by 100) bids blind nil, the others 4; seat 0 passes two cards and seat 2 returns
    them, so the scripted play is unchanged: seat 0 takes no trick, seat 2 takes 5, side 1 takes 8."""
    script = four_player_script(SEAT_0_WINS_NONE)
    state = deal(script.hands, rules=rules, dealer=3, scores=[0, 100])
    state = bid_all(state, Bid.blind_nil(0), 4, 4, 4)
    if state.phase is Phase.EXCHANGE:
        passed = script.hands[0][:2]
        state = apply(apply(state, Exchange(0, passed)), Exchange(2, passed))
    assert state.hand is not None and state.hand.hands == script.hands
    return state, play_script(state, script)


def test_option_blind_nil_value() -> None:
    _, state = _blind_nil_hand(Rules(blind_nil_value=300))
    side = state.results[-1].sides[0]
    assert side.nil_points == 300
    assert state.scores == (300 + 40 + 1, 100 + 80)
    _, default = _blind_nil_hand(Rules.standard())
    assert default.scores == (200 + 40 + 1, 100 + 80)
    assert score_hand(Rules(blind_nil_value=300), [Bid.blind_nil(0), 4, 2, 4], [1, 5, 1, 6]).sides[0].nil_points == -300


def test_option_blind_nil_deficit_none_always_allowed() -> None:
    rules = Rules(blind_nil_deficit=None)
    hands = four_player_script(SIDE_0_WINS_8).hands
    assert _offers_blind_nil(deal(hands, rules=rules))  # level scores
    assert _offers_blind_nil(deal(hands, rules=rules, scores=[0, 250]))  # seat 1's side leads
    assert not _offers_blind_nil(deal(hands, rules=Rules.standard()))


def test_option_blind_nil_deficit_200() -> None:
    rules = Rules(blind_nil_deficit=200)
    hands = four_player_script(SIDE_0_WINS_8).hands
    state = deal(hands, rules=rules, scores=[199, 0])  # seat 1's side trails by 199
    assert not _offers_blind_nil(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Bid.blind_nil(1))
    assert info.value.reason is IllegalReason.BLIND_NIL_NOT_ALLOWED
    assert "200" in str(info.value)
    assert _offers_blind_nil(deal(hands, rules=rules, scores=[200, 0]))
    assert _offers_blind_nil(deal(hands, rules=Rules.standard(), scores=[199, 0]))


def test_option_blind_nil_exchange_0() -> None:
    before, after = _blind_nil_hand(Rules(blind_nil_exchange=0))
    assert before.phase is Phase.PLAY and before.to_act == 0
    assert before.hand is not None and before.hand.exchanges == ()
    assert after.scores == (241, 180)
    standard = bid_all(
        deal(four_player_script(SEAT_0_WINS_NONE).hands, rules=Rules.standard(), dealer=3, scores=[0, 100]),
        Bid.blind_nil(0),
        4,
        4,
        4,
    )
    assert standard.phase is Phase.EXCHANGE


def test_option_blind_nil_exchange_3() -> None:
    rules = Rules(blind_nil_exchange=3)
    script = four_player_script(SEAT_0_WINS_NONE)
    state = bid_all(deal(script.hands, rules=rules, dealer=3, scores=[0, 100]), Bid.blind_nil(0), 4, 4, 4)
    assert state.phase is Phase.EXCHANGE and state.to_act == 0
    actions = legal_actions(state)
    assert len(actions) == 286  # 13 choose 3
    assert all(isinstance(action, Exchange) and len(action.cards) == 3 for action in actions)
    passed = script.hands[0][:3]
    raises(state, Exchange(0, passed[:2]), IllegalReason.INVALID_EXCHANGE)
    state = apply(state, Exchange(0, passed))
    assert state.to_act == 2
    assert state.hand is not None and len(state.hand.hand_of(2)) == 16
    assert len(legal_actions(state)) == 560  # 16 choose 3: the cards just received included
    returned = (passed[0], *script.hands[2][:2])
    state = apply(state, Exchange(2, returned))
    hand = state.hand
    assert hand is not None and state.phase is Phase.PLAY
    assert set(hand.hand_of(0)) == (set(script.hands[0]) - set(passed)) | set(returned)
    assert [len(cards) for cards in hand.hands] == [13] * 4
    assert hand.exchanges == (Exchange(0, passed), Exchange(2, returned))
    # no exchange when the partner bids nil too
    both_nil = bid_all(deal(script.hands, rules=rules, dealer=3, scores=[0, 100]), Bid.blind_nil(0), 4, 0, 4)
    assert both_nil.phase is Phase.PLAY and both_nil.hand is not None and both_nil.hand.exchanges == ()


# ------------------------------------------------------------------------------------------- scoring
def test_option_failed_nil_tricks_count_for_partner() -> None:
    sheet = ([0, 4, 2, 4], [1, 5, 1, 6])  # the rules page's worked example 2: nil + 2, each partner takes one trick
    default = score_hand(Rules.standard(), *sheet).sides[0]
    assert (default.made, default.contract_points, default.bags, default.total) == (False, -20, 1, -119)
    side = score_hand(Rules(failed_nil_tricks="count_for_partner"), *sheet).sides[0]
    assert side.made is True and side.contract_points == 20
    assert side.nil_points == -100 and side.bags == 0
    assert side.total == -80


def test_option_set_penalty_zero() -> None:
    sheet = ([3, 4, 3, 4], [2, 5, 3, 3])  # side 0 bids 6 and takes 5; side 1 makes 8
    assert score_hand(Rules.standard(), *sheet).totals == (-60, 80)
    hand = score_hand(Rules(set_penalty="zero"), *sheet)
    assert hand.sides[0].made is False and hand.sides[0].contract_points == 0
    assert hand.totals == (0, 80)


def test_option_bag_value() -> None:
    sheet = ([3, 4, 2, 4], [4, 3, 4, 2])  # side 0: contract 5, 8 tricks, 3 bags
    standard = score_hand(Rules.standard(), *sheet, bags_before=[7, 0]).sides[0]
    assert (standard.bag_points, standard.bag_penalty, standard.total) == (3, -100, -47)
    free = score_hand(Rules(bag_value=0), *sheet, bags_before=[7, 0]).sides[0]
    assert (free.bags, free.bag_points, free.bag_penalty, free.total, free.bags_after) == (3, 0, -100, -50, 0)
    double = score_hand(Rules(bag_value=2), *sheet).sides[0]
    assert (double.bag_points, double.total) == (6, 56)


def test_option_bag_limit_5_with_bag_penalty_50() -> None:
    rules = Rules(bag_limit=5, bag_penalty=50)
    script = four_player_script(SIDE_0_WINS_8)
    state = bid_all(deal(script.hands, rules=rules, bags=[3, 0]), 2, 2, 3, 3)  # side 0 bids 5, takes 8
    state = play_script(state, script)
    side = state.results[-1].sides[0]
    assert (side.bags, side.bag_points, side.bag_penalty, side.bags_after) == (3, 3, -50, 1)
    assert state.scores == (50 + 3 - 50, 50) and state.bags == (1, 0)
    default = play_script(bid_all(deal(script.hands, rules=Rules.standard(), bags=[3, 0]), 2, 2, 3, 3), script)
    assert default.scores == (53, 50) and default.bags == (6, 0)


def test_option_bag_overflow_reset() -> None:
    sheet = ([3, 4, 2, 4], [5, 2, 4, 2])  # side 0: contract 5, 9 tricks, 4 bags on top of 7
    carry = score_hand(Rules.standard(), *sheet, bags_before=[7, 0]).sides[0]
    assert (carry.bag_penalty, carry.bags_after, carry.total) == (-100, 1, -46)
    reset = score_hand(Rules(bag_overflow="reset"), *sheet, bags_before=[7, 0]).sides[0]
    assert (reset.bag_penalty, reset.bags_after, reset.total) == (-100, 0, -46)
    # seven bags on top of four with a limit of 5: carrying pays twice, resetting once
    sheet = ([3, 1, 2, 1], [6, 0, 6, 1])
    carry5 = score_hand(Rules(bag_limit=5, bag_penalty=50), *sheet, bags_before=[4, 0]).sides[0]
    assert (carry5.bags, carry5.bag_penalty, carry5.bags_after) == (7, -100, 1)
    reset5 = score_hand(Rules(bag_limit=5, bag_penalty=50, bag_overflow="reset"), *sheet, bags_before=[4, 0])
    assert (reset5.sides[0].bag_penalty, reset5.sides[0].bags_after) == (-50, 0)


# ------------------------------------------------------------------------------------------- game end
def _eight_five(rules: Rules, scores: list[int], *bids: int) -> GameState:
    script = four_player_script(SIDE_0_WINS_8)
    return play_script(bid_all(deal(script.hands, rules=rules, scores=scores), *bids), script)


def test_option_target_score_200() -> None:
    state = _eight_five(Rules(target_score=200), [130, 0], 2, 4, 3, 4)  # side 0: 8 of 8, side 1: 5 of 5
    assert state.scores == (210, 50)
    assert state.is_over and state.winner == 0 and state.phase is Phase.GAME_OVER
    assert state.hand is not None  # the final hand stays visible
    default = _eight_five(Rules.standard(), [130, 0], 2, 4, 3, 4)
    assert default.scores == (210, 50) and not default.is_over and default.phase is Phase.DEAL


def test_option_losing_score_minus_200_ends_the_game() -> None:
    state = _eight_five(Rules(losing_score=-200), [0, -150], 4, 4, 3, 4)  # side 1 bids 7, takes 5
    assert state.scores == (80, -220)
    assert state.is_over and state.winner == 0  # two sides: the other side wins, far from the target
    default = _eight_five(Rules.standard(), [0, -150], 4, 4, 3, 4)
    assert not default.is_over


def test_option_losing_score_with_three_players_highest_score_wins() -> None:
    rules = Rules.three_player().evolve(losing_score=-200)
    script = three_player_script(THREE_WINNERS)
    state = bid_all(deal(script.hands, rules=rules, scores=[0, 50, -150]), 6, 7, 5)  # seat 2 bids 7, takes 5
    state = play_script(state, script)
    assert state.scores == (51, 110, -220)
    assert state.is_over and state.winner == 1


def test_option_max_hands_tie_is_a_draw() -> None:
    rules = Rules(max_hands=1)
    state = _eight_five(rules, [0, 3], 2, 2, 3, 3)  # both sides bid 5: +53 and +50
    assert state.scores == (53, 53)
    assert state.is_over and state.phase is Phase.GAME_OVER
    assert state.winner is None
    assert legal_actions(state) == ()
    unique = _eight_five(rules, [0, 0], 2, 2, 3, 3)
    assert unique.is_over and unique.winner == 0
    assert not _eight_five(Rules.standard(), [0, 3], 2, 2, 3, 3).is_over


# ------------------------------------------------------------------------------------------- play
def test_option_first_lead_lowest_club() -> None:
    rules = Rules(first_lead="lowest_club")
    script = four_player_script(SIDE_0_WINS_8)
    two_c = Card.parse("2C")
    assert two_c in script.hands[0]
    state = bid_all(deal(script.hands, rules=rules), 3, 3, 3, 3)  # dealer 0: seat 1 would lead
    assert state.phase is Phase.PLAY and state.to_act == 0
    assert legal_actions(state) == (Play(0, two_c),)
    raises(state, Play(0, "6C"), IllegalReason.MUST_LEAD_LOWEST_CLUB)
    raises(state, Play(1, "5C"), IllegalReason.OUT_OF_TURN)
    state = apply(state, Play(0, two_c))
    assert state.to_act == 1 and len(legal_actions(state)) == 3  # seat 1 follows clubs as usual
    default = bid_all(deal(script.hands, rules=Rules.standard()), 3, 3, 3, 3)
    assert default.to_act == 1


def test_option_first_lead_lowest_club_three_players_leads_the_three() -> None:
    rules = Rules.three_player().evolve(first_lead="lowest_club")
    script = three_player_script(THREE_WINNERS)
    three_c = Card.parse("3C")
    assert three_c in script.hands[2]  # 2C is out of the three-player deck
    state = bid_all(deal(script.hands, rules=rules), 5, 5, 5)
    assert state.to_act == 2
    assert legal_actions(state) == (Play(2, three_c),)
    other_club = next(card for card in script.hands[2] if card.suit.name == "CLUBS" and card != three_c)
    raises(state, Play(2, other_club), IllegalReason.MUST_LEAD_LOWEST_CLUB)


def test_option_first_lead_lowest_club_after_the_blind_nil_exchange() -> None:
    rules = Rules(first_lead="lowest_club")
    script = four_player_script(SEAT_0_WINS_NONE)
    two_c = Card.parse("2C")
    state = bid_all(deal(script.hands, rules=rules, dealer=3, scores=[0, 100]), Bid.blind_nil(0), 4, 4, 4)
    assert state.phase is Phase.EXCHANGE
    state = apply(state, Exchange(0, [two_c, script.hands[0][1]]))
    state = apply(state, Exchange(2, script.hands[2][:2]))
    assert state.hand is not None and two_c in state.hand.hand_of(2)
    assert state.phase is Phase.PLAY and state.to_act == 2
    assert legal_actions(state) == (Play(2, two_c),)


def test_option_first_lead_lowest_club_without_clubs_falls_back_to_dealers_left() -> None:
    clubs = suit_cards("C")
    rules = Rules(players=3, partnerships=False, removed_cards=clubs, first_lead="lowest_club")
    assert rules.cards_each == 13
    state = bid_all(deal(fill_hands(rules, ["", "", ""]), rules=rules, dealer=1), 3, 3, 3)
    assert state.to_act == 2
    assert len(legal_actions(state)) > 1


def test_option_spade_lead_anytime() -> None:
    rules = Rules(spade_lead="anytime")
    assert rules == Rules.no_lead_restriction()
    script = four_player_script(SIDE_0_WINS_8)
    state = bid_all(deal(script.hands, rules=rules), 3, 3, 3, 3)
    assert Play(1, "QS") in legal_actions(state)
    state = play(state, "QS")
    assert state.hand is not None and state.hand.spades_broken
    default = bid_all(deal(script.hands, rules=Rules.standard()), 3, 3, 3, 3)
    raises(default, Play(1, "QS"), IllegalReason.SPADES_NOT_BROKEN)


# ------------------------------------------------------------------------------------------- bidding
def test_option_forbid_total_equal_tricks() -> None:
    rules = Rules(forbid_total_equal_tricks=True)
    hands = four_player_script(SIDE_0_WINS_8).hands
    start = deal(hands, rules=rules, scores=[0, 100])  # seat 0 (the last bidder) may bid blind nil
    state = bid_all(start, 3, 3, 3)
    assert state.to_act == 0
    assert _numbers(state) == (0, 1, 2, 3, *range(5, 14))
    assert _offers_blind_nil(state)
    raises(state, Bid(0, 4), IllegalReason.BID_NOT_ALLOWED)
    # the others bid 13 already: the last bidder may not make it 13 with a nil, blind or not
    state = bid_all(start, 4, 4)
    assert _numbers(state) == tuple(range(14))  # the third bidder is free
    state = bid_all(state, 5)
    assert _numbers(state) == tuple(range(1, 14))
    assert not _offers_blind_nil(state)
    raises(state, Bid.nil(0), IllegalReason.BID_NOT_ALLOWED)
    raises(state, Bid.blind_nil(0), IllegalReason.BID_NOT_ALLOWED)
    # over 13 already: nothing is excluded
    state = bid_all(start, 6, 6, 6)
    assert _numbers(state) == (0, *range(1, 14))
    # default: no restriction
    default = bid_all(deal(hands, rules=Rules.standard()), 3, 3, 3)
    assert Bid(0, 4) in legal_actions(default)


def test_option_team_min_bid() -> None:
    rules = Rules(team_min_bid=4)
    state = bid_all(deal(four_player_script(SIDE_0_WINS_8).hands, rules=rules), 1, 0)  # seat 1 bids 1, seat 2 nil
    assert state.to_act == 3
    assert legal_actions(state) == bids_of(3, *range(3, 14))
    raises(state, Bid(3, 2), IllegalReason.BID_NOT_ALLOWED)
    raises(state, Bid.nil(3), IllegalReason.NIL_NOT_ALLOWED)
    state = bid_all(state, 3)
    assert legal_actions(state) == bids_of(0, *range(4, 14))  # the nil bidder's partner
    raises(state, Bid(0, 3), IllegalReason.BID_NOT_ALLOWED)
    state = bid_all(state, 4)
    assert state.hand is not None and state.hand.side_targets(rules) == (4, 4)


def test_option_both_partners_nil_false() -> None:
    hands = four_player_script(SIDE_0_WINS_8).hands
    rules = Rules(both_partners_nil=False)
    state = bid_all(deal(hands, rules=rules, scores=[300, 0]), 0, 3)  # seat 1 nil; seat 3's side trails by 300
    assert state.to_act == 3
    assert legal_actions(state) == bids_of(3, *range(1, 14))
    raises(state, Bid.nil(3), IllegalReason.NIL_NOT_ALLOWED)
    raises(state, Bid.blind_nil(3), IllegalReason.BLIND_NIL_NOT_ALLOWED)
    default = bid_all(deal(hands, rules=Rules.standard(), scores=[300, 0]), 0, 3)
    assert Bid.nil(3) in legal_actions(default) and Bid.blind_nil(3) in legal_actions(default)


def test_option_min_bid() -> None:
    rules = Rules(min_bid=2)
    state = deal(four_player_script(SIDE_0_WINS_8).hands, rules=rules)
    assert legal_actions(state) == (Bid(1, 0), *bids_of(1, *range(2, 14)))
    raises(state, Bid(1, 1), IllegalReason.BID_OUT_OF_RANGE)


def test_option_removed_cards() -> None:
    rules = Rules(players=3, partnerships=False, removed_cards=["2H"])
    assert Card.parse("2H") not in rules.deck and Card.parse("2C") in rules.deck
    assert rules.removed_cards == (Card.parse("2H"),)
    assert rules.effective_removed_cards == (Card.parse("2H"),)
    assert Rules.three_player().effective_removed_cards == (Card.parse("2C"),)
    state = deal(fill_hands(rules, ["2C", "", ""]), rules=rules)
    assert state.hand is not None and Card.parse("2C") in state.hand.hand_of(0)


def test_option_draw_second_card_seen_changes_no_outcome() -> None:
    # The option only concerns what a player sees (views); the cards kept and discarded are the same.
    unseen = Rules.two_player().evolve(draw_second_card_seen=False)
    assert unseen != Rules.two_player()
    decisions = [turn % 2 == 0 for turn in range(26)]
    states = [
        draw_all(apply(new_game(rules), Deal.shuffled(rules, 9)), decisions) for rules in (unseen, Rules.two_player())
    ]
    hands = [state.hand for state in states]
    assert hands[0] is not None and hands[1] is not None
    assert hands[0].held == hands[1].held and hands[0].discards == hands[1].discards


# ------------------------------------------------------------------------------------------- redeal
def test_option_redeal_on_no_spades() -> None:
    rules = Rules(redeal_on="no_spades")
    assert rules.redeal_on == ("no_spades",)
    hands = mirror_script([0, 0, 1, 3, 0, 0, 1, 3, 0, 1, 3, 3]).hands  # seat 2 holds no spade
    state = deal(hands, rules=rules)
    assert state.to_act == 1
    actions = legal_actions(state)
    assert actions[-1] == Redeal(2)  # listed for seat 2 though it is seat 1's turn
    assert [action for action in actions if isinstance(action, Redeal)] == [Redeal(2)]
    raises(state, Redeal(1), IllegalReason.INVALID_REDEAL)
    redealt = apply(state, Redeal(2))
    assert redealt.phase is Phase.DEAL and redealt.hand is None
    assert redealt.dealer == 0  # the same dealer deals again
    assert redealt.history[-1] == Redeal(2)
    assert redealt.scores == (0, 0) and redealt.results == ()
    again = apply(redealt, Deal.from_hands(rules, 0, REDEAL_HANDS))
    assert again.phase is Phase.BID and again.to_act == 1
    assert not any(isinstance(action, Redeal) for action in legal_actions(again))
    # before the first bid only
    after_bid = bid_all(state, 4)
    assert not any(isinstance(action, Redeal) for action in legal_actions(after_bid))
    raises(after_bid, Redeal(2), IllegalReason.INVALID_REDEAL)
    # off by default
    default = deal(hands, rules=Rules.standard())
    assert not any(isinstance(action, Redeal) for action in legal_actions(default))
    raises(default, Redeal(2), IllegalReason.INVALID_REDEAL)


def test_option_redeal_on_one_or_no_spades() -> None:
    rules = Rules(redeal_on=("one_or_no_spades",))
    state = deal(REDEAL_HANDS, rules=rules)
    assert [card for card in state.hand.hand_of(3) if card.suit.name == "SPADES"] == [Card.parse("AS")]  # type: ignore[union-attr]
    assert [action for action in legal_actions(state) if isinstance(action, Redeal)] == [Redeal(3)]
    assert apply(state, Redeal(3)).phase is Phase.DEAL
    only_none = deal(REDEAL_HANDS, rules=Rules(redeal_on=("no_spades",)))
    assert not any(isinstance(action, Redeal) for action in legal_actions(only_none))
    spadeless = deal(mirror_script([0, 0, 1, 3, 0, 0, 1, 3, 0, 1, 3, 3]).hands, rules=rules)
    assert [action for action in legal_actions(spadeless) if isinstance(action, Redeal)] == [Redeal(2)]


def test_option_redeal_on_no_face_cards() -> None:
    rules = Rules(redeal_on=("no_face_cards",))
    state = deal(REDEAL_HANDS, rules=rules)
    assert [action for action in legal_actions(state) if isinstance(action, Redeal)] == [Redeal(2)]
    redealt = apply(state, Redeal(2))
    assert redealt.phase is Phase.DEAL and redealt.dealer == 0
    # jokers are not face cards: a hand of jokers and low cards qualifies
    jokers = Rules.jokers().evolve(redeal_on=("no_face_cards",))
    hands = [
        "KS QS JS TS AC AD KD QD JD TD 9D 8D 7D",
        "9S 8S 7S 6S 6D 5D 4D 3D 2D AH KH QH JH",
        "BJ LJ 5S 4S 3S 2S TH 9H 8H 7H 6H 5H 4H",
        "AS KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 3H",
    ]
    assert set(parse_cards(" ".join(hands))) == set(jokers.deck)
    state = deal(hands, rules=jokers)
    assert [action for action in legal_actions(state) if isinstance(action, Redeal)] == [Redeal(2)]
    # several conditions combine: seat 2 (no face card) and seat 3 (one spade)
    both = deal(REDEAL_HANDS, rules=Rules(redeal_on=("no_face_cards", "one_or_no_spades")))
    assert [action for action in legal_actions(both) if isinstance(action, Redeal)] == [Redeal(2), Redeal(3)]


def test_team_minimum_defaults_to_four_in_suicide_and_team_bidding() -> None:
    """The rules page ("Bidding"): the team minimum is 4 "in this mode" even when team_min_bid is left None."""
    suicide = Rules(bidding="suicide", blind_nil=False)
    team = Rules(bid_order="partners_consecutive")
    assert suicide.team_minimum == 4 and team.team_minimum == 4 and Rules().team_minimum is None
    state = apply(new_game(suicide), Deal.shuffled(suicide, 3))
    first = [a for a in legal_actions(state) if isinstance(a, Bid)]
    assert sorted(a.tricks for a in first) == [0, *range(4, 14)]


def test_explicit_team_min_bid_overrides_the_mode_default() -> None:
    rules = Rules(bid_order="partners_consecutive", team_min_bid=2)
    state = apply(new_game(rules), Deal.shuffled(rules, 3))
    state = apply(state, Bid.nil(1))
    second = [a for a in legal_actions(state) if isinstance(a, Bid)]
    assert second[0].seat == 3
    assert min(a.tricks for a in second) == 2 and all(a.tricks for a in second)


def test_suicide_respects_a_raised_min_bid() -> None:
    """The rules page ("Bidding"): bids run from min_bid; suicide's team minimum does not lower that."""
    rules = Rules.suicide().evolve(min_bid=5)
    state = apply(new_game(rules), Deal.shuffled(rules, 1))
    assert sorted(a.tricks for a in legal_actions(state) if isinstance(a, Bid)) == [0, *range(5, 14)]

"""The published house rules (the docs' "House rules" page), one scripted test per option from a worked
example: explicit hands (``Deal.from_hands``), play through ``legal_actions``/``apply``, real values
asserted. Each option is off by default, and the default game is checked beside it where it differs.
"""

from __future__ import annotations

import pytest

from _fixtures import MIXED, SUIT_PER_SEAT, bid_all, deal, play, play_out, run, suit
from spades_rules import (
    Bid,
    Card,
    Exchange,
    IllegalActionError,
    IllegalReason,
    Phase,
    Play,
    Redeal,
    Rules,
    RulesError,
    ScoreSheet,
    ScoreSheetError,
    Suit,
    apply,
    decode_action,
    dumps,
    encode_action,
    from_dict,
    legal_actions,
    legal_codes,
    loads,
    num_distinct_actions,
    observation_tensor_layout,
    observe,
    parse_action,
    parse_cards,
    score_hand,
    to_dict,
)
from spades_rules._core.episodes import hand_bound
from spades_rules.codec import EXCHANGE_BASE

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


def test_the_factors_multiply_a_blind_six_in_a_ten_for_two_hundred_contract() -> None:
    """How the house rules meet: blind 6 (twice) with a partner's 4 under 10-for-200 (twice again) is worth
    6 x 10 x 2 x 2 + 4 x 10 x 2 = 320; set, it costs 6 x 10 x 2 + 4 x 10 = 160 (10-for-200 never doubles a set)."""
    rules = STANDARD.evolve(blind_bid_min=6, blind_bid_deficit=None, ten_for_two_hundred=True)
    made = score_hand(rules, ["blind 6", 2, 4, 2], [6, 1, 4, 2]).sides[0]
    assert (made.contract, made.made, made.contract_points, made.total) == (10, True, 320, 320)
    set_ = score_hand(rules, ["blind 6", 2, 4, 2], [5, 2, 4, 2]).sides[0]
    assert (set_.made, set_.contract_points, set_.total) == (False, -160, -160)


def test_a_moon_replaces_blind_and_ten_for_two_hundred_points() -> None:
    """Blind 7 and 6 taking every trick: the moon's 200, not 7 x 20 x 2 + 6 x 20."""
    rules = STANDARD.evolve(blind_bid_min=6, blind_bid_deficit=None, ten_for_two_hundred=True, moon="points")
    side = score_hand(rules, ["blind 7", 1, 6, 1], [7, 0, 6, 0]).sides[0]
    assert (side.moon, side.contract_points, side.total) == (True, rules.moon_points, 200)


def test_moon_win_wins_even_when_the_other_side_reaches_the_target_in_that_hand() -> None:
    """Side 1 (450) makes two nils for 650 while side 0 shoots the moon: side 0 wins, below the target."""
    sheet = ScoreSheet(STANDARD.evolve(moon="win"), scores=[0, 450]).add([13, "nil", "nil", "nil"], [13, 0, 0, 0])
    assert sheet.is_over and sheet.winner == 0 and sheet.scores == (230, 650)


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


# ------------------------------------------------------------------------------------------- the cap
def test_max_team_bid_caps_the_partners_first_bid_only_by_what_the_partner_can_still_bid() -> None:
    """The look-ahead: the first partner may bid up to the cap while the partner can still bid nil; without
    nil it must leave the partner the minimum bid."""
    capped = STANDARD.evolve(max_team_bid=10)
    state = deal(SUIT_PER_SEAT, dealer=3, rules=capped)
    assert max(action.tricks for action in legal_actions(state) if isinstance(action, Bid)) == 10
    state = bid_all(state, 6, 3)
    assert [action.tricks for action in legal_actions(state) if isinstance(action, Bid)] == [0, 1, 2, 3, 4]  # 10 - 6
    with pytest.raises(IllegalActionError, match="may not exceed 10") as info:
        apply(state, Bid(2, 5))
    assert info.value.reason is IllegalReason.BID_NOT_ALLOWED
    no_nil = STANDARD.evolve(max_team_bid=10, nil=False, blind_nil=False, min_bid=2)
    first = deal(SUIT_PER_SEAT, dealer=3, rules=no_nil)
    assert max(action.tricks for action in legal_actions(first) if isinstance(action, Bid)) == 8
    with pytest.raises(IllegalActionError, match="a later bidder would be left without a legal bid"):
        apply(first, Bid(0, 9))
    with pytest.raises(RulesError, match=r"no round of bids can keep every rule: .*max_team_bid=3"):
        STANDARD.evolve(max_team_bid=3, min_bid=2, nil=False, blind_nil=False)


# ------------------------------------------------------------------------------------------- blind bids
BLIND_SIX = STANDARD.evolve(blind_bid_min=6)


def test_blind_6_with_partner_3_taking_10_scores_151_and_taking_8_loses_150() -> None:
    """The rules page's example: a blind 6 and a plain 3 make a contract of 9 worth 120 + 30."""
    made = score_hand(BLIND_SIX, ["blind 6", 2, 3, 2], [6, 1, 4, 2]).sides[0]
    assert (made.contract, made.contract_points, made.bags, made.total) == (9, 150, 1, 151)
    set_ = score_hand(BLIND_SIX, ["b6", 3, 3, 2], [5, 3, 3, 2]).sides[0]
    assert (set_.made, set_.contract_points, set_.total) == (False, -150, -150)
    bicycle = BLIND_SIX.evolve(set_penalty="zero")
    assert score_hand(bicycle, ["blind6", 3, 3, 2], [5, 3, 3, 2]).sides[0].total == 0
    tripled = BLIND_SIX.evolve(blind_bid_multiplier=3)
    assert score_hand(tripled, [Bid(0, 6, blind=True), 2, 3, 2], [6, 1, 4, 2]).sides[0].total == 180 + 30 + 1


def test_blind_bids_are_open_to_a_side_trailing_by_the_deficit_before_it_looks() -> None:
    """Side (1, 3) trails by 150: seat 1 may bid blind 6 to 13 (and blind nil), before seeing its cards."""
    state = deal(SUIT_PER_SEAT, scores=[150, 0], rules=BLIND_SIX)
    assert state.to_act == 1
    blind = [action for action in legal_actions(state) if isinstance(action, Bid) and action.blind]
    assert [bid.tricks for bid in blind] == [0, *range(6, 14)]
    hidden = observe(state, 1, hide_own_hand=True)
    assert hidden.hand is None and Bid(1, 6, blind=True) in hidden.legal_actions
    state = apply(state, Bid(1, 6, blind=True))
    assert state.hand is not None and state.hand.bids[1] == Bid(1, 6, blind=True) and state.phase is Phase.BID
    blind_six = state.hand.bids[1]
    assert blind_six is not None and str(blind_six) == "1:blind 6" and blind_six.label == "blind 6"
    # the leading side may not, and neither may anyone when the deficit is not reached
    assert not any(isinstance(action, Bid) and action.blind and action.tricks for action in legal_actions(state))
    with pytest.raises(IllegalActionError, match="a blind bid needs the side to trail by at least 100") as info:
        apply(state, Bid(2, 6, blind=True))
    assert info.value.reason is IllegalReason.BLIND_BID_NOT_ALLOWED
    # blind numbers only, without blind nil: the cards can still be withheld while a blind bid is open
    numbers_only = deal(SUIT_PER_SEAT, scores=[150, 0], rules=BLIND_SIX.evolve(blind_nil=False))
    assert observe(numbers_only, 1, hide_own_hand=True).hand is None


@pytest.mark.parametrize(("deficit", "trailing", "offered"), [
    (100, 100, True), (100, 99, False), (50, 50, True), (50, 49, False), (None, 0, True),
])
def test_blind_bid_deficit_is_reached_at_exactly_its_value(deficit: int | None, trailing: int, offered: bool) -> None:
    """Seat 1's side trails by ``trailing``: blind numbers are offered from a deficit of exactly
    ``blind_bid_deficit`` (None: always)."""
    rules = BLIND_SIX.evolve(blind_bid_deficit=deficit)
    state = deal(SUIT_PER_SEAT, scores=[trailing, 0], rules=rules)
    assert state.to_act == 1
    blind_numbers = [a for a in legal_actions(state) if isinstance(a, Bid) and a.blind and a.tricks]
    assert bool(blind_numbers) is offered


def test_score_sheets_refuse_a_blind_number_not_open_and_a_bid_over_the_cap() -> None:
    with pytest.raises(ScoreSheetError, match="a blind bid needs the side to trail by at least 100; it trails by 60"):
        ScoreSheet(BLIND_SIX, scores=[0, 60]).add(["b6", 3, 3, 3], [6, 3, 1, 3])
    capped = STANDARD.evolve(max_team_bid=9)
    with pytest.raises(ScoreSheetError, match=r"may not exceed 9 \(max_team_bid\)"):
        ScoreSheet(capped).add([6, 3, 4, 3], [6, 3, 1, 3])
    assert ScoreSheet(capped).add([5, 3, 4, 3], [5, 3, 4, 1]).scores == (90, -60)  # 9 is allowed


def test_blind_bids_obey_the_cap_and_the_minimum() -> None:
    rules = STANDARD.evolve(blind_bid_min=6, blind_bid_deficit=None, max_team_bid=10)
    state = bid_all(deal(SUIT_PER_SEAT, dealer=3, rules=rules), Bid(0, 6, blind=True), 2)
    numbers = sorted(action.tricks for action in legal_actions(state) if isinstance(action, Bid) and not action.blind)
    assert numbers == [0, 1, 2, 3, 4]  # the cap: 10 - 6
    assert not any(isinstance(action, Bid) and action.blind and action.tricks for action in legal_actions(state))
    with pytest.raises(RulesError, match="blind_bid_min=5 is below min_bid=6"):
        STANDARD.evolve(blind_bid_min=5, min_bid=6)
    with pytest.raises(RulesError, match="blind_bid_min cannot combine with bidding='whiz'"):
        Rules.whiz().evolve(blind_bid_min=6)


# ------------------------------------------------------------------------------------------- nil passing
def test_nil_exchange_a_plain_nil_passes_one_card_and_gets_one_back() -> None:
    """Seat 0 bids nil under nil_exchange=1: it passes one card to seat 2, who returns one, before play."""
    rules = STANDARD.evolve(nil_exchange=1)
    state = bid_all(deal(SUIT_PER_SEAT, dealer=3, rules=rules), 0, 4, 4, 4)
    assert state.phase is Phase.EXCHANGE and state.to_act == 0
    assert state.hand is not None and state.hand.pending_exchanges == ((0, 2), (2, 0))
    assert len(legal_actions(state)) == 13  # one card of 13
    state = apply(state, Exchange(0, "AS"))
    assert state.to_act == 2 and len(legal_actions(state)) == 14  # one of 13 + the card received
    state = apply(state, Exchange(2, "2D"))
    assert state.phase is Phase.PLAY and state.hand is not None
    assert Card.parse("2D") in state.hand.hand_of(0) and Card.parse("AS") in state.hand.hand_of(2)
    for seat in (0, 2):
        assert observe(state, seat).exchanges[0].cards == parse_cards("AS")
    assert observe(state, 1).exchanges[0].cards is None and observe(state, 1).exchanges[0].size == 1
    assert observe(state, 0).known_cards[2] == parse_cards("AS")  # the passer knows where its card went
    # no passing by default, and none when both partners bid nil
    assert bid_all(deal(SUIT_PER_SEAT, dealer=3), 0, 4, 4, 4).phase is Phase.PLAY
    assert bid_all(deal(SUIT_PER_SEAT, dealer=3, rules=rules), 0, 4, 0, 4).phase is Phase.PLAY


def test_nil_exchange_and_the_blind_nil_exchange_in_bidding_order_each_its_own_size() -> None:
    rules = STANDARD.evolve(nil_exchange=1, blind_nil_deficit=None)
    state = bid_all(deal(SUIT_PER_SEAT, dealer=0, rules=rules), 0, Bid(2, 0, blind=True), 4, 3)
    assert state.hand is not None and state.hand.pending_exchanges == ((1, 3), (3, 1), (2, 0), (0, 2))
    sizes = []
    while state.phase is Phase.EXCHANGE:
        choice = legal_actions(state)[0]
        assert isinstance(choice, Exchange)
        sizes.append(len(choice.cards))
        state = apply(state, choice)
    assert sizes == [1, 1, 2, 2]
    with pytest.raises(RulesError, match="nil_exchange passes cards to a partner: it needs partnerships=True"):
        Rules.individual(4).evolve(nil_exchange=1)


# ------------------------------------------------------------------------------------------- through everything
def test_blind_bids_and_nil_passing_in_records_codes_and_the_tensor() -> None:
    rules = STANDARD.evolve(blind_bid_min=6, blind_bid_deficit=None, nil_exchange=1, max_hands=1)
    state = bid_all(deal(SUIT_PER_SEAT, rules=rules), Bid(1, 6, blind=True), 0, 3, 2)
    assert state.phase is Phase.EXCHANGE and state.to_act == 2
    assert encode_action(Bid(1, 6, blind=True)) == 95
    assert decode_action(95, deal(SUIT_PER_SEAT, rules=rules)) == Bid(1, 6, blind=True)
    assert state.hand is not None
    assert legal_codes(state) == tuple(EXCHANGE_BASE + card.index for card in state.hand.hand_of(2))
    state = play_out(run(state, [Exchange(2, "2D"), Exchange(0, "AS")]))
    assert state.is_over
    text = dumps(state)
    assert "bid 1:blind6 2:nil 3:3 0:2" in text
    assert loads(text) == state and from_dict(to_dict(state)) == state
    assert parse_action("1:blind 6") == Bid(1, 6, blind=True) and parse_action("1:blind") == Bid.blind_nil(1)
    assert num_distinct_actions(rules) == EXCHANGE_BASE + 1431  # the blind nil's exchange of 2: C(54, 2) codes
    assert num_distinct_actions(rules.evolve(blind_nil=False)) == EXCHANGE_BASE + 54  # one card: 54 codes
    assert num_distinct_actions(rules, compact=True) == 103  # 89 + 13 + 1: the blind bids are the highest codes
    view = observe(state, 3)
    assert view.bids[1] == Bid(1, 6, blind=True)
    layout = observation_tensor_layout(rules)
    assert "exchange_cards" in layout and "exchange_cards" not in observation_tensor_layout(STANDARD.evolve(
        blind_nil=False))


def test_the_one_hand_bound_of_the_adapters_covers_blind_numbers_times_their_multiplier() -> None:
    """Two partners bidding blind 13 at five times and taking nothing lose 1,300: the adapters' utility
    bounds and the single-agent penalty for an illegal move are at least that."""
    rules = Rules.standard().evolve(blind_bid_min=1, blind_bid_deficit=None, blind_bid_multiplier=5)
    bids = [Bid(0, 13, blind=True), Bid(1, 1), Bid(2, 13, blind=True), Bid(3, 1)]
    for house in (rules, rules.evolve(ten_for_two_hundred=True)):
        scored = score_hand(house, bids, [0, 13, 0, 0])
        assert scored.totals[0] == -1300
        assert hand_bound(house) >= max(abs(total) for total in scored.totals)

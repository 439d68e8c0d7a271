"""Standard four-player partnership Spades through ``new_game`` / ``apply`` / ``legal_actions`` only.

Every test deals explicit hands (see ``_scenarios``) so that every trick and score is known in advance.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from _fixtures import (
    MIXED,
    ONE_HEART,
    STANDARD,
    SUIT_PER_SEAT,
    Hands,
    bid_all,
    cards,
    deal,
    deal_next,
    play,
    play_hand,
    play_out,
    suit,
)
from spades_rules import (
    Action,
    Bid,
    Card,
    Deal,
    DrawDecision,
    Exchange,
    GameState,
    IllegalActionError,
    IllegalReason,
    Phase,
    Play,
    Redeal,
    Trick,
    apply,
    is_legal,
    legal_actions,
    new_game,
    parse_cards,
)

C = Card.parse

TWO_VOIDS: Hands = (
    "2H " + suit("C", "AKQJT98765432"[:12]),
    suit("H", "AKQJT9876543") + " 2C",
    "2S 3S 4S 5S 6S " + suit("D", "AKQJT987"),
    suit("S", "AKQJT987") + " " + suit("D", "65432"),
)
"""Dealer 0 (seat 1 leads): seats 2 and 3 are both void in hearts and hold spades; seat 0 holds one heart."""

SEAT_1_SPADES: Hands = (suit("H"), suit("S"), suit("D"), suit("C"))
"""Seat 1 holds every spade and wins all 13 tricks."""


def _plays(state: GameState) -> set[str]:
    actions = legal_actions(state)
    assert all(isinstance(action, Play) and action.seat == state.to_act for action in actions)
    return {str(action.card) for action in actions if isinstance(action, Play)}


def _mixed_in_play() -> GameState:
    """MIXED dealt by seat 0, everyone bid 3: seat 1 is about to lead the first trick."""
    return bid_all(deal(MIXED, dealer=0), 3, 3, 3, 3)


# ============================================================================== a new game and the deal


def test_new_game_starts_in_the_deal_phase() -> None:
    state = new_game(STANDARD)
    assert state.phase is Phase.DEAL
    assert state.is_chance
    assert state.to_act is None
    assert state.hand is None
    assert state.dealer == 0
    assert state.scores == (0, 0)
    assert state.bags == (0, 0)
    assert state.results == ()
    assert state.history == ()
    assert not state.is_over
    assert state.winner is None
    assert legal_actions(state) == ()


def test_new_game_with_dealer_and_scores() -> None:
    state = new_game(STANDARD, dealer=2, scores=[120, -40], bags=[3, 0])
    assert (state.dealer, state.scores, state.bags) == (2, (120, -40), (3, 0))


def test_sides_are_partners_opposite() -> None:
    assert STANDARD.sides == ((0, 2), (1, 3))
    assert [STANDARD.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [STANDARD.partner_of(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert STANDARD.players == 4
    assert STANDARD.cards_each == 13


def test_deal_gives_one_card_at_a_time_clockwise_from_dealers_left() -> None:
    deck = STANDARD.deck  # 2C 3C ... AS in index order
    state = apply(new_game(STANDARD, dealer=0), Deal(deck))
    assert state.hand is not None
    assert state.hand.hand_of(1) == deck[0::4]  # the dealer's left gets the first card
    assert state.hand.hand_of(2) == deck[1::4]
    assert state.hand.hand_of(3) == deck[2::4]
    assert state.hand.hand_of(0) == deck[3::4]  # the dealer gets the last card
    assert state.hand.hand_of(1)[:3] == parse_cards("2C 6C TC")


def test_deal_from_hands_deals_exactly_those_hands() -> None:
    for dealer in range(4):
        state = deal(MIXED, dealer=dealer)
        assert state.hand is not None
        assert state.hand.hands == tuple(cards(hand) for hand in MIXED)
        assert state.hand.dealer == dealer
        assert state.phase is Phase.BID


# ============================================================================== bidding


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_bidding_starts_left_of_dealer_and_ends_with_dealer(dealer: int) -> None:
    state = deal(MIXED, dealer=dealer)
    expected = tuple((dealer + 1 + step) % 4 for step in range(4))
    assert state.hand is not None
    assert state.hand.bid_order == expected
    seen = []
    for tricks in (2, 3, 4, 1):
        assert state.phase is Phase.BID
        seat = state.to_act
        assert seat is not None
        seen.append(seat)
        state = apply(state, Bid(seat, tricks))
    assert tuple(seen) == expected
    assert seen[-1] == dealer
    assert state.phase is Phase.PLAY


def test_legal_bids_are_nil_and_one_to_thirteen() -> None:
    state = deal(MIXED, dealer=0)
    assert legal_actions(state) == (Bid(1, 0), *(Bid(1, n) for n in range(1, 14)))


def test_bids_are_recorded_with_targets_and_contracts() -> None:
    state = bid_all(deal(MIXED, dealer=0), 4, 0, 2, 5)  # seats 1, 2, 3, 0
    hand = state.hand
    assert hand is not None
    assert hand.bids == (Bid(0, 5), Bid(1, 4), Bid.nil(2), Bid(3, 2))
    assert hand.targets == (5, 4, 0, 2)
    assert hand.side_targets(STANDARD) == (5, 6)


def test_both_partners_may_bid_nil_and_have_no_contract() -> None:
    state = bid_all(deal(MIXED, dealer=0), 0, 3, 0, 3)  # seats 1 and 3 bid nil
    assert state.phase is Phase.PLAY
    assert state.hand is not None
    assert state.hand.side_targets(STANDARD) == (6, None)


def test_a_seat_bids_only_once() -> None:
    state = bid_all(deal(MIXED, dealer=0), 4)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Bid(1, 5))
    assert info.value.reason is IllegalReason.OUT_OF_TURN
    assert Bid(1, 5) not in legal_actions(state)


# ============================================================================== play: leading and following


def test_first_lead_is_by_the_dealers_left() -> None:
    for dealer in range(4):
        state = bid_all(deal(MIXED, dealer=dealer), 3, 3, 3, 3)
        assert state.phase is Phase.PLAY
        assert state.to_act == (dealer + 1) % 4
        assert state.hand is not None
        assert state.hand.leader == (dealer + 1) % 4
        assert state.hand.current_trick == Trick((dealer + 1) % 4, ())


def test_leader_may_lead_any_suit_but_spades_before_they_are_broken() -> None:
    state = _mixed_in_play()
    assert state.hand is not None
    assert not state.hand.spades_broken
    assert _plays(state) == set(MIXED[1].split()) - {"6S", "7S", "8S"}


def test_players_play_clockwise_within_a_trick() -> None:
    state = _mixed_in_play()
    turns = []
    for card in ("5H", "9H", "AC", "2H"):
        turns.append(state.to_act)
        state = play(state, card)
    assert turns == [1, 2, 3, 0]


def test_must_follow_suit_when_able() -> None:
    state = play(_mixed_in_play(), "5H")
    assert _plays(state) == {"9H", "TH", "JH", "QH", "KH", "AH"}  # seat 2 holds diamonds and spades too
    state = play(state, "9H AC")
    assert _plays(state) == {"2H", "3H", "4H"}  # seat 0


def test_a_void_player_may_play_any_card() -> None:
    state = play(_mixed_in_play(), "5H 9H")
    assert state.to_act == 3  # void in hearts
    assert _plays(state) == set(MIXED[3].split())


def test_trick_is_won_by_the_highest_card_of_the_suit_led() -> None:
    state = play(_mixed_in_play(), "5H 9H AC 2H")  # the ace of clubs is off suit
    hand = state.hand
    assert hand is not None
    assert hand.completed_tricks == (Trick(1, parse_cards("5H 9H AC 2H"), 2),)
    assert hand.completed_tricks[0].plays(4) == ((1, C("5H")), (2, C("9H")), (3, C("AC")), (0, C("2H")))
    assert hand.tricks_won == (0, 0, 1, 0)
    assert hand.tricks_played == 1


def test_the_winner_leads_the_next_trick() -> None:
    state = play(_mixed_in_play(), "5H 9H AC 2H")
    assert state.to_act == 2
    assert state.hand is not None
    assert state.hand.leader == 2
    assert state.hand.current_trick == Trick(2, ())
    state = play(state, "AH KS 3H 6H")  # seat 3 trumps
    assert state.to_act == 3
    assert state.hand is not None
    assert state.hand.leader == 3


def test_cards_played_leave_the_hand() -> None:
    state = play(_mixed_in_play(), "5H 9H AC")
    hand = state.hand
    assert hand is not None
    assert C("5H") not in hand.hand_of(1)
    assert C("AC") not in hand.hand_of(3)
    assert [len(cards_held) for cards_held in hand.hands] == [13, 12, 12, 12]
    assert hand.current_trick == Trick(1, parse_cards("5H 9H AC"))


def test_trumping_with_a_spade_when_void_wins_the_trick() -> None:
    state = play(_mixed_in_play(), "5H 9H AC 2H")
    state = play(state, "AH KS 3H 6H")  # a spade beats the ace of the suit led
    hand = state.hand
    assert hand is not None
    assert hand.completed_tricks[-1] == Trick(2, parse_cards("AH KS 3H 6H"), 3)
    assert hand.tricks_won == (0, 0, 1, 1)


def test_the_highest_spade_wins_when_two_players_trump() -> None:
    state = bid_all(deal(TWO_VOIDS, dealer=0), 3, 3, 3, 3)
    state = play(state, "AH")
    assert _plays(state) == set(TWO_VOIDS[2].split())  # seat 2, void in hearts
    state = play(state, "2S 7S 2H")
    hand = state.hand
    assert hand is not None
    assert hand.completed_tricks[-1] == Trick(1, parse_cards("AH 2S 7S 2H"), 3)
    assert state.to_act == 3


def test_the_lowest_spade_beats_an_ace_of_another_suit() -> None:
    state = bid_all(deal(TWO_VOIDS, dealer=0), 3, 3, 3, 3)
    state = play(state, "AH 2S 6D 2H")  # seat 3 discards a diamond instead of overtrumping
    assert state.hand is not None
    assert state.hand.completed_tricks[-1].winner == 2


# ============================================================================== breaking spades


def test_spades_may_not_be_led_until_broken() -> None:
    state = play(_mixed_in_play(), "5H 9H AC 2H")  # seat 2 leads next and holds four spades
    assert state.hand is not None
    assert not state.hand.spades_broken
    assert _plays(state) == {"TH", "JH", "QH", "KH", "AH", "8D", "9D", "TD"}
    assert not is_legal(state, Play(2, "QS"))


def test_a_spade_discarded_on_another_suit_breaks_spades() -> None:
    state = play(_mixed_in_play(), "5H 9H AC 2H AH")
    assert state.hand is not None
    assert not state.hand.spades_broken
    state = play(state, "KS")  # seat 3, void in hearts
    assert state.hand is not None
    assert state.hand.spades_broken  # at once, before the trick is over
    state = play(state, "3H 6H")
    assert state.hand is not None
    assert state.hand.spades_broken


def test_spades_may_be_led_once_broken() -> None:
    state = play(_mixed_in_play(), "5H 9H AC 2H AH KS 3H 6H")
    assert state.to_act == 3
    assert "AS" in _plays(state)
    state = play(state, "AS")
    assert _plays(state) == {"2S", "3S", "4S", "5S"}  # seat 0 must follow spades
    state = play(state, "5S 8S QS")
    assert state.hand is not None
    assert state.hand.completed_tricks[-1] == Trick(3, parse_cards("AS 5S 8S QS"), 3)


def test_spades_broken_by_another_player_open_the_lead_to_every_player() -> None:
    # Seat 3 breaks spades by trumping; seat 2, which has played no spade, later wins the lead.
    state = bid_all(deal(TWO_VOIDS, dealer=0), 3, 3, 3, 3)
    assert is_legal(play(state, "AH 7D 7S 2H"), Play(3, "AS"))  # the trumper may lead spades now
    state = play(state, "AH 7D 7S 2H 2D 3C 3H AD")
    hand = state.hand
    assert hand is not None
    assert hand.completed_tricks[-1] == Trick(3, parse_cards("2D 3C 3H AD"), 2)
    assert state.to_act == 2
    assert _plays(state) == set(TWO_VOIDS[2].split()) - {"7D", "AD"}  # spades included


def test_worked_example_8_all_spades_leader_may_lead_and_breaks() -> None:
    state = bid_all(deal(SUIT_PER_SEAT, dealer=3), 13, 1, 1, 1)  # seat 0 leads, holding only spades
    assert state.to_act == 0
    assert state.hand is not None
    assert not state.hand.spades_broken
    assert _plays(state) == set(suit("S").split())
    state = play(state, "2S")
    assert state.hand is not None
    assert state.hand.spades_broken
    state = play(state, "2H 2D 2C")
    assert state.hand is not None
    assert state.hand.completed_tricks[-1] == Trick(0, parse_cards("2S 2H 2D 2C"), 0)
    assert state.hand.spades_broken


def test_a_leader_with_spades_and_another_suit_may_not_lead_a_spade() -> None:
    state = bid_all(deal(ONE_HEART, dealer=3), 10, 1, 1, 1)  # seat 0: twelve spades and the 2H
    assert _plays(state) == {"2H"}


# ============================================================================== whole hands and scoring


def test_a_whole_hand_plays_every_card() -> None:
    state = play_out(bid_all(deal(MIXED, dealer=0), 3, 3, 3, 3))
    assert state.phase is Phase.DEAL
    assert state.hand is None
    result = state.results[0]
    assert sum(result.tricks_won) == 13
    plays = [action for action in state.history if isinstance(action, Play)]
    assert len(plays) == 52
    assert {action.card for action in plays} == set(STANDARD.deck)
    for seat in range(4):
        assert {action.card for action in plays if action.seat == seat} == set(cards(MIXED[seat]))


def test_history_holds_every_action_in_order() -> None:
    start = new_game(STANDARD)
    dealt = Deal.from_hands(STANDARD, 0, SUIT_PER_SEAT)
    state = play_out(bid_all(apply(start, dealt), 1, 1, 1, 10))
    assert len(state.history) == 1 + 4 + 52
    assert state.history[0] == dealt
    assert state.history[1:5] == (Bid(1, 1), Bid(2, 1), Bid(3, 1), Bid(0, 10))
    assert state.history[5] == Play(1, "2H")  # the dealer's left leads
    assert start.history == ()


def test_apply_never_changes_the_state_given() -> None:
    before = _mixed_in_play()
    snapshot = (before.history, before.hand, before.scores, before.phase, before.to_act)
    after = apply(before, Play(1, "5H"))
    assert (before.history, before.hand, before.scores, before.phase, before.to_act) == snapshot
    assert before.hand is not None
    assert C("5H") in before.hand.hand_of(1)
    assert before == _mixed_in_play()
    assert after != before


def test_nil_made_through_a_full_hand() -> None:
    # Seat 0 holds every spade and takes all 13 tricks; seats 1 and 2 bid nil and take none.
    state = play_out(bid_all(deal(SUIT_PER_SEAT, dealer=3), 10, 0, 0, 2))  # seats 0, 1, 2, 3
    result = state.results[0]
    assert result.tricks_won == (13, 0, 0, 0)
    side0, side1 = result.sides
    assert (side0.contract, side0.made, side0.contract_points, side0.bags, side0.nil_points) == (10, True, 100, 3, 100)
    assert side0.total == 203
    assert (side1.contract, side1.made, side1.contract_points, side1.nil_points) == (2, False, -20, 100)
    assert side1.total == 80
    assert state.scores == (203, 80)
    assert state.bags == (3, 0)


def test_nil_failed_through_a_full_hand() -> None:
    # The rules page's worked example 2 at the table: seat 1's nil takes one trick, seat 3's 2 is set, the trick
    # is a bag.
    state = play_out(bid_all(deal(ONE_HEART, dealer=3), 10, 0, 1, 2))  # seats 0, 1, 2, 3
    result = state.results[0]
    assert result.tricks_won == (12, 1, 0, 0)
    side0, side1 = result.sides
    assert side0.total == 110 + 1
    assert (side1.nil_points, side1.contract_points, side1.bag_points) == (-100, -20, 1)
    assert side1.total == -119
    assert state.scores == (111, -119)
    assert state.bags == (1, 1)


def test_both_partners_nil_through_a_full_hand() -> None:
    state = play_out(bid_all(deal(SUIT_PER_SEAT, dealer=3), 12, 0, 1, 0))  # seats 1 and 3 both nil
    side1 = state.results[0].sides[1]
    assert (side1.contract, side1.made, side1.nil_points, side1.total) == (None, None, 200, 200)
    assert state.scores == (130 + 0 + 0, 200)  # side 0: 13 bid, 13 taken


# ============================================================================== blind nil


@pytest.mark.parametrize(
    ("scores", "allowed"),
    [
        ((0, 0), {0: False, 1: False, 2: False, 3: False}),
        ((0, 99), {0: False, 1: False, 2: False, 3: False}),
        ((0, 100), {0: True, 1: False, 2: True, 3: False}),
        ((0, 250), {0: True, 1: False, 2: True, 3: False}),
        ((100, 0), {0: False, 1: True, 2: False, 3: True}),
        ((1, 100), {0: False, 1: False, 2: False, 3: False}),
        ((-250, -150), {0: True, 1: False, 2: True, 3: False}),
        ((-200, -101), {0: False, 1: False, 2: False, 3: False}),
    ],
)
def test_blind_nil_only_when_trailing_by_at_least_100(scores: tuple[int, int], allowed: dict[int, bool]) -> None:
    state = deal(MIXED, dealer=3, scores=scores)  # bidding order 0, 1, 2, 3
    for seat in range(4):
        assert state.to_act == seat
        assert (Bid.blind_nil(seat) in legal_actions(state)) is allowed[seat]
        assert is_legal(state, Bid.blind_nil(seat)) is allowed[seat]
        assert Bid.nil(seat) in legal_actions(state)  # a plain nil is always open
        state = apply(state, Bid(seat, 3))


def test_blind_nil_is_listed_after_the_numbers() -> None:
    state = deal(MIXED, dealer=3, scores=[0, 100])
    assert legal_actions(state) == (Bid(0, 0), *(Bid(0, n) for n in range(1, 14)), Bid.blind_nil(0))


def test_blind_nil_eligibility_follows_the_game_score() -> None:
    state = play_hand(new_game(STANDARD), SUIT_PER_SEAT, 1, 3, 2, 6)  # side 0: 94, side 1: -30
    assert state.scores == (94, -30)
    state = deal_next(state, SUIT_PER_SEAT)  # dealer 1: bidding order 2, 3, 0, 1
    for seat, allowed in ((2, False), (3, True), (0, False), (1, True)):
        assert state.to_act == seat
        assert is_legal(state, Bid.blind_nil(seat)) is allowed
        state = apply(state, Bid(seat, 2))


def test_blind_nil_exchange_bidder_passes_first_then_partner_returns() -> None:
    state = deal(SUIT_PER_SEAT, dealer=3, scores=[0, 100])
    state = bid_all(state, Bid.blind_nil(0), 3, 4, 3)
    assert state.phase is Phase.EXCHANGE
    assert state.to_act == 0  # the blind nil bidder passes first
    offers = legal_actions(state)
    assert len(offers) == 78  # any two of its 13 cards
    assert set(offers) == {Exchange(0, pair) for pair in combinations(cards(suit("S")), 2)}

    state = apply(state, Exchange(0, "AS KS"))
    hand = state.hand
    assert hand is not None
    assert state.phase is Phase.EXCHANGE
    assert state.to_act == 2  # the partner returns
    assert hand.hand_of(0) == cards(suit("S", "QJT98765432"))
    assert hand.hand_of(2) == cards(suit("D") + " AS KS")
    returns = legal_actions(state)
    assert len(returns) == 105  # any two of its 15 cards, the two just received included
    assert Exchange(2, "AS KS") in returns
    assert Exchange(2, "KS 2D") in returns

    state = apply(state, Exchange(2, "2D 3D"))
    hand = state.hand
    assert hand is not None
    assert state.phase is Phase.PLAY
    assert state.to_act == 0  # the dealer's left leads, after the exchange
    assert hand.hand_of(0) == cards(suit("S", "QJT98765432") + " 2D 3D")
    assert hand.hand_of(2) == cards(suit("D", "AKQJT987654") + " AS KS")
    assert hand.exchanges == (Exchange(0, "AS KS"), Exchange(2, "2D 3D"))
    assert hand.pending_exchanges == ()
    assert [len(held) for held in hand.hands] == [13, 13, 13, 13]


def test_partner_may_return_the_two_cards_just_received() -> None:
    state = bid_all(deal(SUIT_PER_SEAT, dealer=3, scores=[0, 100]), Bid.blind_nil(0), 3, 4, 3)
    state = apply(state, Exchange(0, "2S 3S"))
    state = apply(state, Exchange(2, "2S 3S"))
    assert state.phase is Phase.PLAY
    assert state.hand is not None
    assert state.hand.hands == tuple(cards(hand) for hand in SUIT_PER_SEAT)


def test_blind_nil_bidder_passes_first_even_when_the_partner_bid_earlier() -> None:
    state = deal(SUIT_PER_SEAT, dealer=0, scores=[0, 100])  # bidding order 1, 2, 3, 0
    state = bid_all(state, 3, 4, 3, Bid.blind_nil(0))
    assert state.phase is Phase.EXCHANGE
    assert state.to_act == 0
    assert state.hand is not None
    assert state.hand.pending_exchanges == ((0, 2), (2, 0))
    state = apply(state, Exchange(0, "AS KS"))
    assert state.to_act == 2
    state = apply(state, Exchange(2, "AS KS"))
    assert state.phase is Phase.PLAY
    assert state.to_act == 1


def test_no_exchange_after_a_plain_nil() -> None:
    state = bid_all(deal(SUIT_PER_SEAT, dealer=3, scores=[0, 100]), 0, 3, 4, 3)
    assert state.phase is Phase.PLAY
    assert state.to_act == 0


@pytest.mark.parametrize("partner_bid", [Bid.nil(2), Bid.blind_nil(2)])
def test_no_exchange_when_both_partners_bid_nil(partner_bid: Bid) -> None:
    state = bid_all(deal(SUIT_PER_SEAT, dealer=3, scores=[0, 100]), Bid.blind_nil(0), 3, partner_bid, 3)
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    assert state.hand is not None
    assert state.hand.exchanges == ()
    assert state.hand.hands == tuple(cards(hand) for hand in SUIT_PER_SEAT)


def test_two_blind_nils_exchange_in_bidding_order() -> None:
    rules = STANDARD.evolve(blind_nil_deficit=None)  # blind nil always allowed, so both sides can bid it
    state = bid_all(deal(SUIT_PER_SEAT, dealer=3, rules=rules), Bid.blind_nil(0), Bid.blind_nil(1), 4, 4)
    assert state.hand is not None
    assert state.hand.pending_exchanges == ((0, 2), (2, 0), (1, 3), (3, 1))
    turns = []
    for action in (Exchange(0, "AS KS"), Exchange(2, "AD KD"), Exchange(1, "AH KH"), Exchange(3, "AC KC")):
        turns.append(state.to_act)
        state = apply(state, action)
    assert turns == [0, 2, 1, 3]
    assert state.phase is Phase.PLAY
    assert state.hand is not None
    assert state.hand.hand_of(0) == cards(suit("S", "QJT98765432") + " AD KD")


def test_blind_nil_made_through_a_full_hand() -> None:
    # Seat 2 bids blind nil (side 0 trails by 100); seat 0 holds every spade and takes every trick.
    state = deal(SUIT_PER_SEAT, dealer=3, scores=[0, 100])
    state = bid_all(state, 13, 1, Bid.blind_nil(2), 1)
    state = apply(state, Exchange(2, "2D 3D"))
    state = apply(state, Exchange(0, "2D 3D"))  # the partner hands the two cards straight back
    state = play_out(state)
    result = state.results[0]
    assert result.tricks_won == (13, 0, 0, 0)
    assert result.sides[0].nil_points == 200
    assert result.totals == (130 + 200, -20)
    assert state.scores == (330, 80)


# ============================================================================== several hands


def test_dealer_passes_left_after_each_hand() -> None:
    state = new_game(STANDARD, dealer=2)
    dealers = []
    for _ in range(5):
        dealers.append(state.dealer)
        state = deal_next(state, SUIT_PER_SEAT)
        assert state.to_act == (dealers[-1] + 1) % 4  # bidding opens left of this hand's dealer
        state = play_out(bid_all(state, 1, 1, 1, 1))
        assert state.phase is Phase.DEAL
        assert state.hand is None
        assert legal_actions(state) == ()
    assert dealers == [2, 3, 0, 1, 2]
    assert state.dealer == 3


def test_several_hands_scores_and_bags_carry_over() -> None:
    state = new_game(STANDARD)
    state = play_hand(state, SUIT_PER_SEAT, 1, 3, 2, 6)  # dealer 0 bids 1, 2, 3, 0
    assert state.results[0].totals == (94, -30)
    assert (state.scores, state.bags, state.dealer) == ((94, -30), (4, 0), 1)

    state = play_hand(state, SUIT_PER_SEAT, 0, 2, 10, 1)  # dealer 1 bids 2, 3, 0, 1: seat 2 nil
    assert state.results[1].totals == (203, -30)
    assert (state.scores, state.bags, state.dealer) == ((297, -60), (7, 0), 2)

    state = play_hand(state, SUIT_PER_SEAT, 1, 9, 0, 1)  # dealer 2 bids 3, 0, 1, 2: seat 1 nil
    third = state.results[2]
    assert third.sides[0].bags == 3
    assert third.sides[0].bag_penalty == -100  # 7 + 3 bags reach the limit
    assert third.totals == (100 + 3 - 100, 100 - 10)
    assert (state.scores, state.bags, state.dealer) == ((300, 30), (0, 0), 3)

    assert state.hands_played == 3
    assert len(state.results) == 3
    assert state.scores == tuple(sum(result.totals[side] for result in state.results) for side in range(2))
    assert not state.is_over


def test_game_score_is_the_sum_of_the_hand_results() -> None:
    state = new_game(STANDARD, dealer=1, scores=[50, -20], bags=[2, 5])
    for seed in range(8):
        state = apply(state, Deal.shuffled(STANDARD, seed))
        while state.phase is Phase.BID:
            seat = state.to_act
            assert seat is not None
            state = apply(state, Bid(seat, 3))
        state = play_out(state)
        assert state.results[-1].bags_after == state.bags
    assert state.hands_played == 8
    assert state.dealer == 1  # eight hands: twice round the table
    assert state.scores == tuple(
        start + sum(result.totals[side] for result in state.results) for side, start in enumerate((50, -20))
    )
    assert all(sum(result.tricks_won) == 13 for result in state.results)
    assert len(state.history) == 8 * (1 + 4 + 52)


# ============================================================================== the end of the game


def _win_with_side_0(scores: tuple[int, int]) -> GameState:
    """One hand from ``scores``: side 0 bids 11 and takes all 13 tricks (+112), side 1 is set 2 (-20)."""
    return play_out(bid_all(deal(SUIT_PER_SEAT, dealer=3, scores=scores), 10, 1, 1, 1))


def test_game_ends_when_a_side_reaches_500() -> None:
    state = _win_with_side_0((480, 0))
    assert state.scores == (592, -20)
    assert state.is_over
    assert state.phase is Phase.GAME_OVER
    assert state.winner == 0
    assert state.to_act is None
    assert legal_actions(state) == ()


def test_game_ends_at_exactly_500() -> None:
    state = play_out(bid_all(deal(SUIT_PER_SEAT, dealer=3, scores=[397, 0]), 9, 1, 1, 1))  # +103
    assert state.scores == (500, -20)
    assert state.is_over
    assert state.winner == 0


def test_game_goes_on_below_500() -> None:
    state = play_out(bid_all(deal(SUIT_PER_SEAT, dealer=3, scores=[396, 0]), 9, 1, 1, 1))  # +103
    assert state.scores == (499, -20)
    assert not state.is_over
    assert state.winner is None
    assert state.phase is Phase.DEAL
    assert state.dealer == 0


def test_either_side_can_win() -> None:
    state = play_out(bid_all(deal(SEAT_1_SPADES, dealer=3, scores=[300, 420]), 1, 10, 1, 1))
    assert state.results[0].tricks_won == (0, 13, 0, 0)
    assert state.scores == (280, 420 + 110 + 2)
    assert state.is_over
    assert state.winner == 1


def test_final_hand_stays_visible_at_game_over() -> None:
    state = _win_with_side_0((480, 0))
    assert state.hand is not None
    assert state.hand.tricks_won == (13, 0, 0, 0)
    assert len(state.hand.completed_tricks) == 13
    assert state.hand.hands == ((), (), (), ())
    assert len(state.results) == 1


def test_tied_top_score_over_500_plays_another_hand() -> None:
    # Side 0 bids 12 + 1 and takes all 13 tricks (+130); seats 1 and 3 both make nil (+200): from (380, 310)
    # both sides end on 510 (a game cannot start at or over the target, so the tie is reached in play).
    state = play_out(bid_all(deal(SUIT_PER_SEAT, dealer=3, scores=(380, 310)), 12, 0, 1, 0))
    assert state.scores == (510, 510)
    assert not state.is_over
    assert state.winner is None
    assert state.phase is Phase.DEAL
    state = play_hand(state, SUIT_PER_SEAT, 1, 1, 1, 10)  # dealer 0; side 0 +112, side 1 -20
    assert state.scores == (622, 490)
    assert state.is_over
    assert state.winner == 0


def _game_over_actions() -> list[Action]:
    return [
        Deal.shuffled(STANDARD, 3),
        Deal.from_hands(STANDARD, 3, SUIT_PER_SEAT),
        Bid(0, 3),
        Bid(1, 3),
        Bid.nil(0),
        Bid.blind_nil(1),
        Play(0, "AS"),
        Play(1, "2H"),
        Exchange(0, "AS KS"),
        Redeal(0),
        DrawDecision(0, True),
    ]


@pytest.mark.parametrize("action", _game_over_actions(), ids=lambda action: str(action)[:16])
def test_every_action_after_game_over_raises_game_over(action: Action) -> None:
    state = _win_with_side_0((480, 0))
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert info.value.reason is IllegalReason.GAME_OVER
    assert "game is over" in str(info.value)
    assert info.value.action == action
    assert not is_legal(state, action)
    assert state.is_over  # unchanged

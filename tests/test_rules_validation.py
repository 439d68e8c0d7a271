"""``Rules`` validation and value protocol (issue 3): a combination that cannot work raises ``RulesError``
with the reason at construction; the combinations that make sense construct and play; ``Rules`` is a
hashable value whose ``repr`` evaluates back to it and which pickles."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest

from _variant_scenarios import bid_all, deal, mirror_script
from spades_rules import (
    BIG_JOKER,
    LITTLE_JOKER,
    Bid,
    Card,
    Deal,
    IllegalActionError,
    IllegalReason,
    Phase,
    Play,
    Rules,
    RulesError,
    SpadesError,
    apply,
    legal_actions,
    new_game,
    score_hand,
)
from spades_rules.rules import Bidding

PRESETS = Rules.presets()

CUSTOM = [
    Rules(target_score=300, losing_score=-200, max_hands=40),
    Rules(players=3, partnerships=False, removed_cards=["2H"]),
    Rules(redeal_on=("no_face_cards", "no_spades"), first_lead="lowest_club"),
    Rules.jokers(trump_order="joker_joker_deuce_deuce").evolve(forbid_total_equal_tricks=True),
    Rules(blind_nil_deficit=None, blind_nil_exchange=3, bag_limit=5, bag_penalty=50, bag_overflow="reset"),
    Rules.bicycle().evolve(players=5, partnerships=False),
]


def _reason(kwargs: dict[str, Any]) -> str:
    with pytest.raises(RulesError) as info:
        Rules(**kwargs)
    message = str(info.value)
    assert message.strip()
    return message


# ------------------------------------------------------------------------------------------- invalid
def test_51_cards_cannot_be_dealt_to_4_players() -> None:
    assert "51" in _reason({"players": 4, "removed_cards": ("2C",)})
    assert "52" in _reason({"players": 5, "partnerships": False, "removed_cards": ()})
    assert "dealt evenly" in _reason({"players": 3, "partnerships": False, "removed_cards": ()})


def test_partnerships_need_four_players() -> None:
    for players in (2, 3, 5):
        assert "partnership" in _reason({"players": players})
    assert "partnership" in _reason({"players": 2, "deal_method": "draw"})


@pytest.mark.parametrize("preset", ["mirror", "whiz", "suicide", "no_bid"])
def test_forbid_total_equal_tricks_cannot_combine_with_forced_bids(preset: str) -> None:
    with pytest.raises(RulesError, match="forbid_total_equal_tricks"):
        PRESETS[preset].evolve(forbid_total_equal_tricks=True)
    assert Rules(forbid_total_equal_tricks=True).forbid_total_equal_tricks


def test_blind_nil_needs_nil() -> None:
    assert "nil" in _reason({"nil": False})
    assert "nil" in _reason({"nil": False, "blind_nil": True})
    assert Rules(nil=False, blind_nil=False) == Rules.bicycle().evolve(set_penalty="minus_bid")


@pytest.mark.parametrize("bidding", ["whiz", "suicide", "mirror"])
def test_blind_nil_is_never_offered_where_bids_are_forced(bidding: Bidding) -> None:
    with pytest.raises(RulesError, match="blind nil"):
        Rules(bidding=bidding, team_min_bid=4 if bidding == "suicide" else None)


def test_the_draw_is_for_two_players() -> None:
    assert "draw" in _reason({"deal_method": "draw"})
    assert "draw" in _reason({"players": 3, "partnerships": False, "deal_method": "draw"})
    assert Rules(players=2, partnerships=False, deal_method="draw").cards_each == 13


def test_trump_order_naming_a_removed_card() -> None:
    message = _reason({"trump_order": "deuce_of_spades_high", "removed_cards": ["2S", "2H", "2D", "2C"]})
    assert "2S" in message
    assert "2D" in _reason({"players": 5, "partnerships": False, "trump_order": "joker_joker_deuce_deuce"})
    with pytest.raises(RulesError, match="2S"):
        Rules.jokers(trump_order="deuce_of_spades_high").evolve(players=5, partnerships=False)


def test_a_removed_card_must_exist_in_the_deck() -> None:
    assert "joker" in _reason({"removed_cards": ["BJ", "LJ", "2C", "2D"]}).lower()
    assert "twice" in _reason({"players": 3, "partnerships": False, "removed_cards": ["2C", "2C"]})


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": "4"},
        {"players": 4.0},
        {"players": True},
        {"partnerships": 1},
        {"nil": "yes"},
        {"with_jokers": None},
        {"target_score": 1.5},
        {"losing_score": "-200"},
        {"max_hands": 2.0},
        {"blind_nil_deficit": "100"},
        {"trump_order": "aces"},
        {"bidding": "auction"},
        {"bid_order": "anticlockwise"},
        {"set_penalty": None},
        {"failed_nil_tricks": "ignored"},
        {"bag_overflow": "drop"},
        {"first_lead": "two_of_clubs"},
        {"spade_lead": "never"},
        {"deal_method": "shuffle"},
        {"redeal_on": ("bogus",)},
        {"target_score": 10**9},
    ],
    ids=repr,
)
def test_bad_types_and_values_raise_rules_error(kwargs: dict[str, Any]) -> None:
    message = _reason(kwargs)
    assert next(iter(kwargs)) in message  # the message names the option


@pytest.mark.parametrize(
    "kwargs",
    [
        pytest.param({"removed_cards": 5}, id="removed_cards=5"),
        pytest.param({"redeal_on": 5}, id="redeal_on=5"),
        pytest.param({"removed_cards": ["XX"]}, id="removed_cards=['XX']"),
    ],
)
def test_bad_removed_cards_or_redeal_on_raise_rules_error(kwargs: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        Rules(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": 1}, "players"),
        ({"players": 6, "partnerships": False}, "players"),
        ({"min_bid": 0}, "min_bid"),
        ({"min_bid": 14}, "min_bid"),
        ({"team_min_bid": 4, "partnerships": False}, "team_min_bid"),
        ({"team_min_bid": 14}, "team_min_bid"),
        ({"team_min_bid": 4, "bidding": "whiz", "blind_nil": False}, "team_min_bid"),
        ({"bidding": "suicide", "partnerships": False, "blind_nil": False}, "partnerships"),
        ({"bid_order": "partners_consecutive", "partnerships": False}, "partnerships"),
        ({"bid_order": "partners_consecutive", "bidding": "mirror", "blind_nil": False}, "bid_order"),
        ({"bidding": "none"}, "nil"),
        ({"bidding": "mirror", "nil": False, "blind_nil": False}, "nil"),
        ({"both_partners_nil": False, "players": 3, "partnerships": False}, "both_partners_nil"),
        ({"blind_nil_exchange": 14}, "blind_nil_exchange"),
        ({"blind_nil_exchange": -1}, "blind_nil_exchange"),
        ({"blind_nil_deficit": -1}, "blind_nil_deficit"),
        ({"nil_value": -100}, "nil_value"),
        ({"bag_penalty": -1}, "bag_penalty"),
        ({"bag_limit": 0}, "bag_limit"),
        ({"target_score": 0}, "target_score"),
        ({"losing_score": 500}, "losing_score"),
        ({"max_hands": 0}, "max_hands"),
    ],
)
def test_invalid_combinations_raise_rules_error_with_the_reason(kwargs: dict[str, Any], words: str) -> None:
    assert words in _reason(kwargs)


def test_unknown_preset_and_option_names() -> None:
    with pytest.raises(RulesError, match="unknown preset 'spades'") as info:
        Rules.preset("spades")
    assert "standard" in str(info.value)  # the message lists the presets
    with pytest.raises(RulesError, match="nil_points"):
        Rules.standard().evolve(nil_points=50)
    for players in (2, 6):
        with pytest.raises(RulesError, match="individual"):
            Rules.individual(players)
    assert Rules.preset("whiz") == Rules.whiz()
    assert isinstance(RulesError("x"), SpadesError) and isinstance(RulesError("x"), ValueError)


# ------------------------------------------------------------------------------------------- valid compositions
def test_jokers_with_three_players_deal_54_cards_18_each() -> None:
    rules = Rules.jokers().evolve(players=3, partnerships=False)
    assert len(rules.deck) == 54 and {BIG_JOKER, LITTLE_JOKER} <= set(rules.deck)
    assert rules.effective_removed_cards == ()
    assert rules.cards_each == 18 == rules.tricks_per_hand
    state = apply(new_game(rules), Deal.shuffled(rules, 2))
    assert state.hand is not None and [len(cards) for cards in state.hand.hands] == [18, 18, 18]
    assert legal_actions(state)[-1] == Bid(1, 18)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Bid(1, 19))
    assert info.value.reason is IllegalReason.BID_OUT_OF_RANGE


def test_no_lead_restriction_with_mirror() -> None:
    rules = Rules.mirror().evolve(spade_lead="anytime")
    assert rules.bidding == "mirror" and rules.spade_lead == "anytime"
    state = deal(rules, mirror_script([0, 0, 1, 3, 0, 0, 1, 3, 0, 1, 3, 3]).hands)
    assert state.phase is Phase.PLAY and state.to_act == 1
    spades = [
        action for action in legal_actions(state) if isinstance(action, Play) and action.card.suit.name == "SPADES"
    ]
    assert len(spades) == 4
    state = apply(state, spades[0])
    assert state.hand is not None and state.hand.spades_broken


def test_bicycle_scoring_with_five_players() -> None:
    rules = Rules.bicycle().evolve(players=5, partnerships=False)
    assert rules.set_penalty == "zero" and not rules.nil and rules.cards_each == 10
    assert len(rules.deck) == 50 and rules.num_sides == 5
    hand = score_hand(rules, [3, 2, 2, 2, 1], [1, 3, 2, 2, 2])
    assert hand.totals == (0, 21, 20, 20, 11)  # seat 0 is set: Bicycle scores 0
    state = apply(new_game(rules), Deal.shuffled(rules, 8))
    assert state.to_act == 1
    assert legal_actions(state) == tuple(Bid(1, n) for n in range(1, 11))


def test_other_compositions_construct() -> None:
    two_jokers = Rules.two_player().evolve(with_jokers=True)
    assert len(two_jokers.deck) == 52 and Card.parse("2H") not in two_jokers.deck and two_jokers.cards_each == 13
    assert Rules.suicide().evolve(with_jokers=True).team_min_bid == 4
    assert Rules.partnership_bidding().evolve(with_jokers=True, trump_order="deuce_of_spades_high").trumps[2] == (
        Card.parse("2S")
    )
    assert Rules.whiz().evolve(players=3, partnerships=False).num_sides == 3
    assert Rules.individual(4).evolve(with_jokers=True).cards_each == 13
    assert Rules.no_bid().evolve(players=3, partnerships=False, target_score=50).cards_each == 17
    three_jokers = Rules.jokers().evolve(players=3, partnerships=False, first_lead="lowest_club")
    state = bid_all(apply(new_game(three_jokers), Deal.shuffled(three_jokers, 1)), 1, 1, 1)
    assert legal_actions(state) == (Play(state.to_act or 0, "2C"),)  # 2C is in the 54-card deck


# ------------------------------------------------------------------------------------------- value protocol
def test_rules_is_hashable_and_equal_values_hash_equal() -> None:
    assert Rules() == Rules.standard() and hash(Rules()) == hash(Rules.standard())
    assert Rules(target_score=300) == Rules.standard().evolve(target_score=300)
    assert hash(Rules(target_score=300)) == hash(Rules.standard().evolve(target_score=300))
    assert Rules(target_score=300) != Rules()
    assert Rules(redeal_on=["no_spades", "no_face_cards"]) == Rules(redeal_on=("no_face_cards", "no_spades"))
    table = {rules: name for name, rules in PRESETS.items()}
    assert table[Rules.jokers()] == "jokers"
    assert len({*PRESETS.values(), *(PRESETS[name] for name in PRESETS)}) == len(set(PRESETS.values()))
    assert len(set(PRESETS.values())) == len(PRESETS) - 1  # individual_3 is three_player


def test_rules_is_frozen_and_copies_are_itself() -> None:
    rules = Rules.standard()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.players = 3  # type: ignore[misc]
    assert copy.copy(rules) is rules and copy.deepcopy(rules) is rules


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_repr_round_trips_for_every_preset(name: str) -> None:
    rules = PRESETS[name]
    again = eval(repr(rules), {"Rules": Rules, "Card": Card})
    assert again == rules and hash(again) == hash(rules)


@pytest.mark.parametrize("rules", CUSTOM, ids=repr)
def test_repr_round_trips_for_house_rules(rules: Rules) -> None:
    assert eval(repr(rules), {"Rules": Rules, "Card": Card}) == rules


@pytest.mark.parametrize("rules", [*PRESETS.values(), *CUSTOM], ids=repr)
def test_pickling_round_trips(rules: Rules) -> None:
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and hash(again) == hash(rules)
    assert again.deck == rules.deck and again.sides == rules.sides and again.trumps == rules.trumps
    assert again.cards_each == rules.cards_each
    state = apply(new_game(again), Deal.shuffled(again, 1))
    assert state.phase is not Phase.DEAL


@pytest.mark.parametrize("bidding", ["whiz", "mirror", "suicide", "none"])
def test_both_partners_nil_false_outside_standard_bidding_is_refused(bidding: str) -> None:
    extra: dict[str, Any] = {"nil": False} if bidding == "none" else {}
    with pytest.raises(RulesError, match="both_partners_nil"):
        Rules(bidding=bidding, blind_nil=False, both_partners_nil=False, **extra)  # type: ignore[arg-type]

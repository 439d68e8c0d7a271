"""``Rules``: a combination that cannot work raises ``RulesError`` with the reason at construction, and no
accepted combination strands a game or explodes (tiny hands, the largest exchanges, whiz with a raised
``min_bid``); each option checks its own value; the combinations that make sense construct and play; ``Rules``
is a hashable value whose ``repr`` evaluates back to it and which pickles; one preset table."""

from __future__ import annotations

import copy
import json
import math
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, note, reject, settings
from hypothesis import strategies as st

from _fixtures import bid_all, deal
from _variant_scenarios import mirror_script
from _work import calls_made
from spades_rules import (
    ALL_CARDS,
    BIG_JOKER,
    LITTLE_JOKER,
    Bid,
    Card,
    Deal,
    Exchange,
    GameState,
    IllegalActionError,
    IllegalReason,
    Phase,
    Play,
    RecordError,
    Rules,
    RulesError,
    SpadesError,
    apply,
    dumps,
    legal_actions,
    loads,
    new_game,
    num_distinct_actions,
    score_hand,
)
from spades_rules import strategies as sst
from spades_rules.rules import _PRESETS, Bidding

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
        {"failed_nil_tricks": "ignore"},
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
    state = deal(mirror_script([0, 0, 1, 3, 0, 0, 1, 3, 0, 1, 3, 3]).hands, rules=rules)
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


# ------------------------------------------------------------------------------------------- small hands
def _three_each(**options: Any) -> Rules:
    """Four players with three cards each: every club, diamond and heart out, plus a spade."""
    removed = [card for card in ALL_CARDS[:52] if card.suit.name != "SPADES"] + [Card.parse("2S")]
    return Rules(removed_cards=removed, blind_nil=False, **options)


@pytest.mark.parametrize(
    "options", [{"bidding": "suicide"}, {"bid_order": "partners_consecutive"}], ids=["suicide", "team_bidding"]
)
def test_the_default_team_minimum_must_fit_the_hand(options: dict[str, Any]) -> None:
    """With three cards each the default team minimum of 4 leaves a nil bidder's partner no bid: refused."""
    with pytest.raises(RulesError, match="team_min_bid") as info:
        _three_each(**options)
    assert "default team minimum of 4" in str(info.value) and "3 tricks" in str(info.value)
    rules = _three_each(**options, team_min_bid=3)  # an explicit minimum that fits is fine
    assert rules.team_minimum == 3 and rules.cards_each == 3


def test_an_explicit_team_minimum_over_the_hand_is_refused_as_before() -> None:
    with pytest.raises(RulesError, match="team_min_bid must be between 1 and 3, not 4"):
        _three_each(team_min_bid=4)


def test_the_team_minimum_default_is_for_the_formats_that_use_it() -> None:
    """Whiz fixes its bids by the spades held: team bidding order gives it no team minimum."""
    assert Rules(bidding="whiz", blind_nil=False, bid_order="partners_consecutive").team_minimum is None
    assert Rules(bid_order="partners_consecutive").team_minimum == 4
    assert Rules.suicide().evolve(team_min_bid=None).team_minimum == 4
    assert _three_each(bidding="whiz", bid_order="partners_consecutive").cards_each == 3


def test_a_nil_bidders_partner_always_has_a_bid_with_a_short_hand() -> None:
    rules = _three_each(bidding="suicide", team_min_bid=2)
    state = apply(new_game(rules), Deal.shuffled(rules, 5))
    state = apply(apply(state, Bid.nil(1)), Bid(2, 2))
    assert legal_actions(state) == (Bid(3, 2), Bid(3, 3))  # seat 3, partner of the nil: 2 or 3
    state = apply(state, Bid(3, 3))
    assert legal_actions(state) == (Bid.nil(0),)  # seat 0: its partner bid a number


# ------------------------------------------------------------------------------------------- blind nil exchange
def test_blind_nil_exchange_is_bounded_by_the_choices_it_lists() -> None:
    for size in (7, 13):
        with pytest.raises(RulesError, match="blind_nil_exchange") as info:
            Rules(blind_nil_exchange=size)
        assert "at most 6 of 13" in str(info.value)
    assert Rules(blind_nil_exchange=6).blind_nil_exchange == 6
    # the bound holds for every accepted table: the partner's choice of k among cards_each + k
    for rules in (Rules(blind_nil_exchange=6), Rules.jokers().evolve(blind_nil_exchange=6)):
        assert math.comb(rules.cards_each + 6, 6) <= 30_000


@pytest.mark.parametrize(
    "rules", [Rules.three_player(), Rules.individual(4), Rules.bicycle(), Rules.two_player()], ids=repr
)
def test_an_exchange_size_that_cannot_take_effect_is_accepted(rules: Rules) -> None:
    """Without partners (or without blind nil) no exchange ever happens: the bound on its choices cannot
    apply, so any size is accepted, as the default of 2 is; the game plays exactly as without it."""
    for size in (0, 7, 14, 1000):
        changed = rules.evolve(blind_nil_exchange=size)
        assert changed.blind_nil_exchange == size
        assert num_distinct_actions(changed) == num_distinct_actions(rules)
        state = apply(new_game(changed), Deal.shuffled(changed, 5))
        assert legal_actions(state) == legal_actions(apply(new_game(rules), Deal.shuffled(rules, 5)))
    with pytest.raises(RulesError, match="blind_nil_exchange"):
        rules.evolve(blind_nil_exchange=-1)


def test_a_record_asking_for_a_huge_exchange_is_refused_at_once() -> None:
    """A server's scenario: a short record with blind_nil_exchange=13 is refused, not enumerated."""
    rules = Rules(blind_nil_exchange=6, blind_nil_deficit=None)
    state = apply(new_game(rules), Deal.shuffled(rules, 3))
    for bid in (Bid.blind_nil(1), Bid(2, 3), Bid(3, 3), Bid(0, 3)):
        state = apply(state, bid)
    text = dumps(state).replace('"blind_nil_exchange": 6', '"blind_nil_exchange": 13')
    assert '"blind_nil_exchange": 13' in text

    def load() -> None:
        with pytest.raises(RecordError, match=r"rules: blind_nil_exchang.*6 of 13"):
            loads(text)

    assert calls_made(load) < 10_000  # about as many as loading the record whole; choices are never listed


def test_the_largest_accepted_exchange_lists_its_choices_quickly() -> None:
    rules = Rules(blind_nil_exchange=6, blind_nil_deficit=None)
    state = apply(new_game(rules), Deal.shuffled(rules, 3))
    for bid in (Bid.blind_nil(1), Bid(2, 3), Bid(3, 3), Bid(0, 3)):
        state = apply(state, bid)
    assert state.phase is Phase.EXCHANGE
    state = apply(state, legal_actions(state)[0])
    returns: list[Any] = []
    assert calls_made(lambda: returns.extend(legal_actions(state))) < 20 * 27_132  # a few calls per choice
    assert len(returns) == math.comb(19, 6) == 27_132
    assert all(isinstance(action, Exchange) for action in returns[:5])


# ------------------------------------------------------------------------------------------- whiz and min_bid
def _whiz_seat_with(spades: int, min_bid: int) -> tuple[GameState, int]:
    rules = Rules.whiz().evolve(min_bid=min_bid)
    for seed in range(500):
        state = apply(new_game(rules), Deal.shuffled(rules, seed))
        hand = state.hand
        assert hand is not None and state.to_act is not None
        held = sum(card.suit.name == "SPADES" for card in hand.hands[state.to_act])
        if held == spades:
            return state, state.to_act
    raise AssertionError("no deal found")  # pragma: no cover


def test_whiz_with_a_raised_min_bid_offers_the_spade_count_below_it() -> None:
    """The format fixes the bid: holding 2 spades with min_bid=4, the player may bid 2 or nil."""
    state, seat = _whiz_seat_with(2, 4)
    assert legal_actions(state) == (Bid.nil(seat), Bid(seat, 2))
    after = apply(state, Bid(seat, 2))
    assert after.hand is not None and after.hand.bids[seat] == Bid(seat, 2)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Bid(seat, 4))
    assert info.value.reason is IllegalReason.BID_NOT_ALLOWED and "exactly your 2 spades" in str(info.value)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Bid(seat, 1))
    assert info.value.reason is IllegalReason.BID_NOT_ALLOWED


def test_whiz_without_spades_still_bids_nil_only() -> None:
    state, seat = _whiz_seat_with(0, 3)
    assert legal_actions(state) == (Bid.nil(seat),)


# ------------------------------------------------------------------------------------------- nothing strands a game
@st.composite
def _small_table_rules(draw: st.DrawFn) -> Rules:
    """Any Rules that validates, tables with 1-5 cards each included: the bounded options drawn across
    their whole range (team minimum, min_bid, exchange, beyond the hand too), validation deciding the rest."""
    players = draw(st.sampled_from((2, 3, 4, 4, 4, 5)))
    deal_method = draw(st.sampled_from(("deal", "draw"))) if players == 2 else "deal"
    with_jokers = draw(st.booleans())
    pool = list(ALL_CARDS if with_jokers else ALL_CARDS[:52])
    each = draw(st.integers(1, 5))
    keep = set(draw(st.permutations(pool))[: each * players * (2 if deal_method == "draw" else 1)])
    trump_order = draw(st.sampled_from(("ace_high", "deuce_of_spades_high", "joker_joker_deuce_deuce")))
    if not {Card.parse("2S"), Card.parse("2D")} <= keep:
        trump_order = "ace_high"
    partnerships = players == 4 and draw(st.booleans())
    bidding = draw(st.sampled_from(("standard", "none", "mirror", "whiz") + (("suicide",) if partnerships else ())))
    nil = bidding != "none" and (bidding != "standard" or draw(st.booleans()))
    options: dict[str, Any] = {
        "players": players, "partnerships": partnerships, "deal_method": deal_method, "with_jokers": with_jokers,
        "removed_cards": [card for card in pool if card not in keep], "bidding": bidding, "nil": nil,
        "blind_nil": nil and bidding == "standard" and draw(st.booleans()), "trump_order": trump_order,
        "min_bid": draw(st.integers(1, each + 1)), "team_min_bid": draw(st.none() | st.none() | st.integers(1, 5)),
        "blind_nil_exchange": draw(st.integers(0, 3)), "blind_nil_deficit": draw(st.none() | st.just(0)),
        "forbid_total_equal_tricks": bidding == "standard" and draw(st.booleans()),
        "first_lead": draw(st.sampled_from(("left_of_dealer", "lowest_club"))),
        "spade_lead": draw(st.sampled_from(("after_broken", "anytime"))), "max_hands": 2,
    }
    if partnerships and bidding not in ("none", "mirror"):
        options["bid_order"] = draw(st.sampled_from(("clockwise", "partners_consecutive")))
        options["both_partners_nil"] = bidding != "standard" or draw(st.booleans())
    if options["team_min_bid"] is not None and (not partnerships or bidding not in ("standard", "suicide")):
        options["team_min_bid"] = None
    if bidding not in ("none", "mirror") and draw(st.booleans()):
        options["redeal_on"] = ("no_spades",)
    try:
        return Rules(**options)
    except RulesError as error:
        note(f"refused: {error}")
        reject()


def _play_at_random(rules: Rules, seed: int, *, steps: int = 3000) -> None:
    """Play a random game; every state must offer an action or be over (chance nodes take a deal)."""
    rng = random.Random(seed)
    state = new_game(rules)
    for _ in range(steps):
        if state.is_over:
            assert state.phase is Phase.GAME_OVER and not legal_actions(state)
            return
        if state.is_chance:
            state = apply(state, Deal.shuffled(rules, rng))
            continue
        legal = legal_actions(state)
        assert legal, f"stranded: {state.phase.value} phase, seat {state.to_act} has no legal action; {rules!r}"
        state = apply(state, rng.choice(legal))


@settings(max_examples=40)
@given(_small_table_rules(), st.integers(0, 2**32))
def test_no_valid_rules_strands_a_game_even_with_tiny_hands(rules: Rules, seed: int) -> None:
    _play_at_random(rules, seed)


@settings(max_examples=25)
@given(sst.rules(max_hands=1), st.integers(0, 2**32))
def test_no_rules_from_the_strategies_strands_a_game(rules: Rules, seed: int) -> None:
    _play_at_random(rules, seed)


# ------------------------------------------------------------------------------------------- the tidied Rules
def test_one_preset_table_serves_the_classmethods_presets_and_descriptions() -> None:
    presets = Rules.presets()
    assert list(presets) == list(_PRESETS)
    assert set(Rules.preset_descriptions()) == set(_PRESETS)
    for name, options in _PRESETS.items():
        assert presets[name] == Rules(**options) == Rules.preset(name)
        assert presets[name].changes() == {key: list(value) if isinstance(value, tuple) else value
                                           for key, value in options.items() if Rules().options()[key] != value}
        method = getattr(Rules, name, None)
        if method is not None:
            assert method() == presets[name]
    assert Rules.individual(5) == presets["individual_5"]
    assert Rules.jokers("deuce_of_spades_high") == presets["jokers"].evolve(trump_order="deuce_of_spades_high")


def test_has_bidding_phase_names_the_formats_without_bids() -> None:
    phases = {name: rules.has_bidding_phase for name, rules in Rules.presets().items()}
    assert {name for name, has in phases.items() if not has} == {"no_bid", "mirror"}
    for name in ("no_bid", "mirror", "whiz", "standard"):
        rules = Rules.preset(name)
        state = apply(new_game(rules), Deal.shuffled(rules, 1))
        assert (state.phase is Phase.BID) == rules.has_bidding_phase


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("players", 7, "players must be between 2 and 5, not 7"),
        ("min_bid", 0, "min_bid must be at least 1"),
        ("nil", 1, "nil must be True or False"),
        ("bag_limit", 0, "bag_limit must be at least 1 (or None for no bag penalty)"),
        ("losing_score", 10**7, "losing_score=10000000 is out of range"),
        ("failed_nil_tricks", "lost", "'bags', 'bags_no_points', 'count_for_partner'"),
        ("team_min_bid", 0, "team_min_bid must be at least 1"),
        ("redeal_on", ("no_spades", 3), "redeal_on: unknown condition 3"),
    ],
)
def test_each_option_checks_its_own_value(option: str, value: Any, words: str) -> None:
    changes: dict[str, Any] = {option: value}
    with pytest.raises(RulesError) as info:
        Rules(**changes)
    assert words in str(info.value)
    with pytest.raises(RulesError):
        Rules().evolve(**changes)


def test_unpickling_checks_the_rules_again() -> None:
    rules = Rules.jokers().evolve(redeal_on="no_spades")
    assert pickle.loads(pickle.dumps(rules)) == rules
    forged = pickle.dumps(rules).replace(b"redeal_on", b"redeal_no")
    with pytest.raises(RulesError, match="pickled Rules"):
        pickle.loads(forged)
    state = Rules().__getstate__()
    state["players"] = 9
    broken = Rules.__new__(Rules)
    with pytest.raises(RulesError, match="players"):
        broken.__setstate__(state)


# ------------------------------------------------------------------------------------------- bid formats
def test_every_bid_format_has_one_entry_in_the_table() -> None:
    from typing import get_args

    from spades_rules.rules import Bidding
    from spades_rules.rules.bid_formats import BID_FORMATS

    assert tuple(BID_FORMATS) == get_args(Bidding)
    assert all(fmt.name == name for name, fmt in BID_FORMATS.items())
    for name in BID_FORMATS:
        fmt = Rules.preset({"none": "no_bid"}.get(name, name)).bid_format
        assert fmt is BID_FORMATS[name]
        assert fmt.has_bids or not fmt.has_bidding_phase  # a bidding phase bids something
        assert not (fmt.numbers_chosen and fmt.numbers_are_spades)
        assert fmt.nil_forced <= fmt.has_bids
        assert fmt.blind_bids_possible <= fmt.has_bidding_phase


def test_the_bid_format_properties_of_the_rules_page() -> None:
    """The rules page's section "Bidding", format by format."""
    standard, none, mirror, whiz, suicide = (
        Rules.preset(name).bid_format for name in ("standard", "no_bid", "mirror", "whiz", "suicide")
    )
    formats = (standard, none, mirror, whiz, suicide)
    assert [fmt.has_bidding_phase for fmt in formats] == [True, False, False, True, True]
    assert [fmt.has_bids for fmt in formats] == [True, False, True, True, True]
    assert [fmt.bids_forced for fmt in formats] == [False, True, True, True, True]
    assert [fmt.nil_forced for fmt in formats] == [False, False, True, True, True]
    assert [fmt.name for fmt in (standard, suicide) if fmt.team_minimum_applies] == ["standard", "suicide"]
    assert suicide.needs_partnerships and not whiz.needs_partnerships
    assert mirror.spades_shown(Bid(0, 0)) == 0 and whiz.spades_shown(Bid(0, 0)) is None
    assert whiz.spades_shown(Bid(0, 3)) == 3 and standard.spades_shown(Bid(0, 3)) is None


# ------------------------------------------------------------------------------------ the compact dict form
@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_a_preset_is_its_name_on_the_wire(name: str) -> None:
    rules = Rules.preset(name)
    form = rules.to_dict()
    assert set(form) == {"preset"} and Rules.preset(form["preset"]) == rules
    assert Rules.from_dict(form) == rules


@given(sst.rules())
def test_the_compact_form_round_trips_and_is_never_longer_than_the_changes(rules: Rules) -> None:
    form = rules.to_dict()
    assert Rules.from_dict(json.loads(json.dumps(form))) == rules
    assert len(form) <= len(rules.changes()) + 1
    assert Rules.from_dict(rules.options()) == rules  # the full form reads too


def test_the_compact_form_names_the_nearest_preset() -> None:
    assert Rules.jokers().evolve(bag_limit=5).to_dict() == {"preset": "jokers", "bag_limit": 5}
    assert Rules.standard().evolve(target_score=300).to_dict() == {"preset": "standard", "target_score": 300}
    form = Rules.standard().to_dict()
    form["preset"] = "bicycle"
    assert Rules.standard().to_dict() == {"preset": "standard"}  # the cache hands out copies


@pytest.mark.parametrize(
    ("data", "words"),
    [({"preset": "chess"}, "unknown preset"), ({"preset": "standard", "bags": 3}, "unknown option"),
     ({"players": 3}, "partnerships"), ([("preset", "standard")], "maps option names"), ({1: 2}, "maps option names")],
)
def test_a_bad_compact_form_is_a_rules_error(data: Any, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules.from_dict(data)


def test_presets_are_built_once() -> None:
    """Rules are immutable, so a preset is one value: the classmethods return it, ``presets()`` a new dict."""
    assert Rules.standard() is Rules.standard() is Rules.preset("standard")
    assert Rules.jokers() is Rules.preset("jokers") and Rules.individual(3) is Rules.presets()["individual_3"]
    assert Rules.jokers("deuce_of_spades_high") is Rules.jokers("deuce_of_spades_high")
    assert Rules.jokers("deuce_of_spades_high").trump_order == "deuce_of_spades_high"
    first = Rules.presets()
    first.clear()
    assert Rules.presets() is not first and len(Rules.presets()) == 14
    with pytest.raises(RulesError, match="trump_order"):
        Rules.jokers(["ace_high"])  # type: ignore[arg-type]


def test_a_misspelt_option_suggests_the_option_meant() -> None:
    with pytest.raises(RulesError, match=r"unknown option\(s\): tagret_score \(did you mean target_score\?\)"):
        Rules.standard().evolve(tagret_score=300)
    with pytest.raises(RulesError, match=r"unknown option\(s\): zzz$"):
        Rules.standard().evolve(zzz=1)

"""Issue 7 and issue 11: a validated ``Rules`` never strands a game nor explodes, whiz with a raised
``min_bid``, and the tidied ``Rules`` (field validators, named checks, one preset table, named concepts)."""

from __future__ import annotations

import math
import pickle
import random
import time
from typing import Any

import pytest
from hypothesis import given, note, reject, settings
from hypothesis import strategies as st

from spades_rules import (
    ALL_CARDS,
    Bid,
    Card,
    Deal,
    Exchange,
    GameState,
    IllegalActionError,
    IllegalReason,
    Phase,
    RecordError,
    Rules,
    RulesError,
    apply,
    dumps,
    legal_actions,
    loads,
    new_game,
)
from spades_rules import strategies as sst
from spades_rules.rules import _PRESETS


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


def test_a_record_asking_for_a_huge_exchange_is_refused_at_once() -> None:
    """The issue's server scenario: a short record with blind_nil_exchange=13 is refused, not enumerated."""
    rules = Rules(blind_nil_exchange=6, blind_nil_deficit=None)
    state = apply(new_game(rules), Deal.shuffled(rules, 3))
    for bid in (Bid.blind_nil(1), Bid(2, 3), Bid(3, 3), Bid(0, 3)):
        state = apply(state, bid)
    text = dumps(state).replace('"blind_nil_exchange": 6', '"blind_nil_exchange": 13')
    assert '"blind_nil_exchange": 13' in text
    started = time.perf_counter()
    with pytest.raises(RecordError, match=r"rules: blind_nil_exchang.*6 of 13"):
        loads(text)
    assert time.perf_counter() - started < 1.0


def test_the_largest_accepted_exchange_lists_its_choices_quickly() -> None:
    rules = Rules(blind_nil_exchange=6, blind_nil_deficit=None)
    state = apply(new_game(rules), Deal.shuffled(rules, 3))
    for bid in (Bid.blind_nil(1), Bid(2, 3), Bid(3, 3), Bid(0, 3)):
        state = apply(state, bid)
    assert state.phase is Phase.EXCHANGE
    state = apply(state, legal_actions(state)[0])
    started = time.perf_counter()
    returns = legal_actions(state)
    assert len(returns) == math.comb(19, 6) == 27_132
    assert all(isinstance(action, Exchange) for action in returns[:5])
    assert time.perf_counter() - started < 5.0


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

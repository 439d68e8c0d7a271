"""The integer action codec: round trips, masks, ordering, and OpenSpiel's numbering."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import pytest

from _games import random_game
from spades_rules import (
    ALL_CARDS,
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
    Rules,
    RulesError,
    apply,
    legal_actions,
    new_game,
)
from spades_rules.codec import (
    BLIND_NIL_CODE,
    EXCHANGE_BASE,
    MAX_BID,
    _rank_subset,
    _unrank_subset,
    decode_action,
    encode_action,
    legal_action_mask,
    legal_codes,
    num_distinct_actions,
)

# Rules beyond the presets that reach every kind of code: exchanges (blind nil always open), redeals,
# jokers, bids above 13 (three players with jokers: 18 tricks; two players dealt 54 cards: 27 tricks).
EXTRA_RULES = {
    "blind_nil_always": Rules.standard().evolve(blind_nil_deficit=None),
    "jokers_redeal": Rules.jokers().evolve(blind_nil_deficit=None, redeal_on=("one_or_no_spades", "no_face_cards")),
    "three_with_jokers": Rules.three_player().evolve(with_jokers=True),
    "two_dealt_27": Rules(players=2, partnerships=False, with_jokers=True, removed_cards=()),
    "exchange_3": Rules.standard().evolve(blind_nil_deficit=None, blind_nil_exchange=3),
}
ALL_RULES = {**Rules.presets(), **EXTRA_RULES}


@pytest.fixture(scope="module")
def games() -> dict[str, list[list[GameState]]]:
    return {name: [random_game(rules, seed) for seed in range(3)] for name, rules in ALL_RULES.items()}


# ------------------------------------------------------------------------------------ OpenSpiel
# Verified by hand against OpenSpiel (pyspiel, game "spades"): state.action_to_string(code) gives
#   0 'C2', 1 'C3', 12 'CA', 13 'D2', 25 'DA', 26 'H2', 38 'HA', 39 'S2', 50 'SK', 51 'SA',
#   52 'Nil', 53 '1', 54 '2', 65 '13'; num_distinct_actions() == 66.
# Thirty random OpenSpiel games replayed in this engine (dealer 3, so that seat 0 bids first as OpenSpiel's
# player 0) gave the same codes for every bid and play, and the same legal plays except where OpenSpiel
# never marks spades broken (it keeps refusing spade leads after a spade was played).
OPENSPIEL_PLAYS = {0: "2C", 1: "3C", 12: "AC", 13: "2D", 25: "AD", 26: "2H", 38: "AH", 39: "2S", 50: "KS", 51: "AS"}
OPENSPIEL_BIDS = {52: 0, 53: 1, 54: 2, 65: 13}


@pytest.mark.parametrize(("code", "card"), sorted(OPENSPIEL_PLAYS.items()))
def test_play_codes_equal_openspiel(code: int, card: str) -> None:
    assert encode_action(Play(1, card)) == code


@pytest.mark.parametrize(("code", "tricks"), sorted(OPENSPIEL_BIDS.items()))
def test_bid_codes_equal_openspiel(code: int, tricks: int) -> None:
    assert encode_action(Bid(0, tricks)) == code


def test_ordinary_card_codes_are_card_indices() -> None:
    assert [encode_action(Play(0, card)) for card in ALL_CARDS[:52]] == list(range(52))


def test_num_distinct_actions_is_openspiels_without_extensions() -> None:
    assert num_distinct_actions(Rules.standard().evolve(blind_nil=False)) == 66
    assert num_distinct_actions(Rules.bicycle()) == 66


# ------------------------------------------------------------------------------------ the table
def test_code_table() -> None:
    assert [encode_action(Bid(0, n)) for n in range(MAX_BID + 1)] == list(range(52, 80))
    assert encode_action(Bid.blind_nil(3)) == BLIND_NIL_CODE == 80
    assert encode_action(Play(0, "LJ")) == 81
    assert encode_action(Play(0, "BJ")) == 82
    assert encode_action(DrawDecision(1, True)) == 83
    assert encode_action(DrawDecision(1, False)) == 84
    assert [encode_action(Redeal(seat)) for seat in range(5)] == [85, 86, 87, 88, 89]
    assert encode_action(Exchange(0, "2C 3C")) == EXCHANGE_BASE == 90


def test_codes_do_not_depend_on_the_seat() -> None:
    for seat in range(5):
        assert encode_action(Play(seat, "QH")) == 36
        assert encode_action(Bid(seat, 5)) == 57
        assert encode_action(Exchange(seat, "AS KS")) == encode_action(Exchange(0, "KS AS"))


@pytest.mark.parametrize("k", [0, 1, 2, 3, 13])
def test_exchange_ranks_are_dense_and_lexicographic(k: int) -> None:
    total = comb(54, k)
    assert _rank_subset(tuple(range(k))) == 0
    assert _rank_subset(tuple(range(54 - k, 54))) == total - 1
    if k <= 3:
        ranks = [_rank_subset(subset) for subset in combinations(range(54), k)]
        assert ranks == list(range(total))
    rng = random.Random(k)
    for _ in range(200):
        subset = tuple(sorted(rng.sample(range(54), k)))
        assert _unrank_subset(_rank_subset(subset), k) == subset


def test_num_distinct_actions_bounds_every_code() -> None:
    assert num_distinct_actions(Rules.standard()) == 90 + comb(54, 2)
    assert num_distinct_actions(Rules.no_bid()) == 52
    assert num_distinct_actions(Rules.mirror()) == 52
    assert num_distinct_actions(Rules.two_player()) == 85
    assert num_distinct_actions(Rules.three_player()) == 81  # blind nil, bids to 17
    assert num_distinct_actions(Rules.individual(5)) == 81
    assert num_distinct_actions(Rules.bicycle().evolve(with_jokers=True)) == 83
    assert num_distinct_actions(Rules.bicycle().evolve(redeal_on="no_spades")) == 89
    assert num_distinct_actions(EXTRA_RULES["two_dealt_27"]) == 83  # jokers
    assert num_distinct_actions(Rules.partnership_bidding().evolve(blind_nil_exchange=0)) == 81


# ------------------------------------------------------------------------------------ random games
@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_codes_round_trip_and_follow_legal_order(games: dict[str, list[list[GameState]]], name: str) -> None:
    limit = num_distinct_actions(ALL_RULES[name])
    for game in games[name]:
        for state in game:
            legal = legal_actions(state)
            codes = legal_codes(state)
            assert codes == tuple(encode_action(action) for action in legal)
            assert list(codes) == sorted(set(codes)), "codes must increase in legal_actions order"
            assert all(0 <= code < limit for code in codes)
            for action, code in zip(legal, codes, strict=True):
                assert decode_action(code, state) == action


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_mask_agrees_with_legal_actions(games: dict[str, list[list[GameState]]], name: str) -> None:
    for state in games[name][0][::3]:
        mask = legal_action_mask(state)
        assert len(mask) == num_distinct_actions(state.rules)
        assert [code for code, legal in enumerate(mask) if legal] == list(legal_codes(state))


def test_random_games_reach_every_kind_of_code(games: dict[str, list[list[GameState]]]) -> None:
    seen: set[int] = set()
    for runs in games.values():
        for game in runs:
            for state in game:
                seen.update(legal_codes(state))
    assert set(range(52)) <= seen
    assert {52, 65, 69, 78, 79, 80, 81, 82, 83, 84} <= seen  # nil, 13, 17, 26, 27, blind, jokers, draw
    assert any(code >= EXCHANGE_BASE for code in seen)  # an exchange


SUITED_HANDS = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
]


def test_redeal_codes_follow_the_bids() -> None:
    rules = Rules.standard().evolve(redeal_on="no_spades")
    state = apply(new_game(rules), Deal.from_hands(rules, 0, SUITED_HANDS))
    assert legal_codes(state) == (*range(52, 66), 86, 87, 88)
    assert [decode_action(code, state) for code in (86, 87, 88)] == [Redeal(1), Redeal(2), Redeal(3)]
    state = apply(state, decode_action(88, state))
    assert state.is_chance
    assert state.dealer == 0


def test_decoded_actions_apply() -> None:
    rng = random.Random(7)
    state = new_game(Rules.standard().evolve(max_hands=1))
    while not state.is_over:
        if state.is_chance:
            state = apply(state, Deal.shuffled(state.rules, rng))
            continue
        state = apply(state, decode_action(rng.choice(legal_codes(state)), state))
    assert state.results


# ------------------------------------------------------------------------------------ errors
@pytest.fixture(scope="module")
def bidding() -> GameState:
    return apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 1))


@pytest.mark.parametrize("code", [-1, 1521, 10**30])
def test_out_of_range_codes_are_not_actions(bidding: GameState, code: int) -> None:
    with pytest.raises(IllegalActionError) as info:
        decode_action(code, bidding)
    assert info.value.reason is IllegalReason.NOT_AN_ACTION


@pytest.mark.parametrize("code", [True, 1.0, "52", None])
def test_non_int_codes_are_not_actions(bidding: GameState, code: object) -> None:
    with pytest.raises(IllegalActionError) as info:
        decode_action(code, bidding)  # type: ignore[arg-type]
    assert info.value.reason is IllegalReason.NOT_AN_ACTION


def test_codes_above_the_rules_are_not_actions() -> None:
    state = apply(new_game(Rules.bicycle()), Deal.shuffled(Rules.bicycle(), 1))
    for code in (66, 80, 81):
        with pytest.raises(IllegalActionError) as info:
            decode_action(code, state)
        assert info.value.reason is IllegalReason.NOT_AN_ACTION


def test_a_redeal_code_for_a_missing_seat_is_not_an_action() -> None:
    rules = Rules.three_player().evolve(redeal_on="no_spades")
    state = apply(new_game(rules), Deal.shuffled(rules, 1))
    assert decode_action(87, state) == Redeal(2)
    with pytest.raises(IllegalActionError) as info:
        decode_action(88, state)
    assert info.value.reason is IllegalReason.NOT_AN_ACTION


def test_codes_of_another_phase_are_refused(bidding: GameState) -> None:
    for code in (0, 51, 90):
        with pytest.raises(IllegalActionError) as info:
            decode_action(code, bidding)
        assert info.value.reason is IllegalReason.WRONG_PHASE
    with pytest.raises(IllegalActionError) as info:
        decode_action(52, new_game(Rules.standard()))
    assert info.value.reason is IllegalReason.WRONG_PHASE


def test_no_code_after_game_over() -> None:
    state = random_game(Rules.standard(), 0)[-1]
    assert state.is_over
    assert legal_codes(state) == ()
    assert not any(legal_action_mask(state))
    with pytest.raises(IllegalActionError) as info:
        decode_action(0, state)
    assert info.value.reason is IllegalReason.GAME_OVER


def test_chance_nodes_have_no_codes() -> None:
    state = new_game(Rules.standard())
    assert state.phase is Phase.DEAL
    assert legal_codes(state) == ()
    assert not any(legal_action_mask(state))
    with pytest.raises(IllegalActionError) as info:
        encode_action(Deal.shuffled(Rules.standard(), 1))
    assert info.value.reason is IllegalReason.NOT_AN_ACTION


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Bid(0, MAX_BID + 1), IllegalReason.BID_OUT_OF_RANGE),
        (Exchange(0, (Card.parse("AS"), Card.parse("AS"))), IllegalReason.INVALID_EXCHANGE),
        ("0:play AS", IllegalReason.NOT_AN_ACTION),
    ],
)
def test_encode_refuses_what_has_no_code(action: Action, reason: IllegalReason) -> None:
    with pytest.raises(IllegalActionError) as info:
        encode_action(action)
    assert info.value.reason is reason


def test_huge_masks_are_refused() -> None:
    rules = Rules.standard().evolve(blind_nil_exchange=6)
    state = apply(new_game(rules), Deal.shuffled(rules, 1))
    assert legal_codes(state)
    with pytest.raises(RulesError, match="legal_codes"):
        legal_action_mask(state)


class _NumpyLikeInt:
    """What an argmax over a NumPy mask returns: an integer type that is not ``int``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_decode_accepts_integer_types_other_than_int() -> None:
    rules = Rules.standard()
    state = apply(new_game(rules), Deal.shuffled(rules, 1))
    assert decode_action(_NumpyLikeInt(52), state) == Bid.nil(1)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        decode_action(True, state)


def test_per_seat_codes_hide_other_seats_redeals() -> None:
    rules = Rules.standard().evolve(redeal_on=("one_or_no_spades",))
    for seed in range(200):
        state = apply(new_game(rules), Deal.shuffled(rules, seed))
        others = [a for a in legal_actions(state) if isinstance(a, Redeal) and a.seat != state.to_act]
        if others:
            break
    else:
        pytest.fail("no deal with another seat's redeal in 200 seeds")
    seat = state.to_act
    assert seat is not None
    own = legal_codes(state, seat)
    assert all(getattr(decode_action(code, state), "seat", None) == seat for code in own)
    assert set(own) < set(legal_codes(state))
    mask = legal_action_mask(state, seat)
    assert [code for code, legal in enumerate(mask) if legal] == list(own)
    other = others[0].seat
    assert legal_actions(state, other) == tuple(a for a in legal_actions(state) if a == Redeal(other))

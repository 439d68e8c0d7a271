"""The integer action codec: round trips, masks, ordering, and OpenSpiel's numbering."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import pytest

from _fixtures import random_game
from spades_rules import (
    ALL_CARDS,
    Action,
    ArgumentTypeError,
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
    observe,
)
from spades_rules.codec import (
    BIG_JOKER_CODE,
    BLIND_NIL_CODE,
    EXCHANGE_BASE,
    LITTLE_JOKER_CODE,
    MAX_BID,
    _rank_subset,
    _unrank_subset,
    compact_codes,
    compact_step,
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
    assert [encode_action(Bid(0, n, blind=True)) for n in range(1, MAX_BID + 1)] == list(range(90, 117))
    assert encode_action(Exchange(0, "2C 3C")) == EXCHANGE_BASE == 117


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
    assert num_distinct_actions(Rules.standard()) == 117 + comb(54, 2)  # the exchange block moved up from 90
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


@pytest.mark.parametrize("code", [-1, 1548, 10**30])
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
    for code in (0, 51, 117):
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
    ],
)
def test_encode_refuses_what_has_no_code(action: Action, reason: IllegalReason) -> None:
    with pytest.raises(IllegalActionError) as info:
        encode_action(action)
    assert info.value.reason is reason


def test_encode_refuses_a_non_action_with_the_reader_it_needs() -> None:
    with pytest.raises(ArgumentTypeError, match="parse_action"):
        encode_action("0:play AS")  # type: ignore[arg-type]



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


# ------------------------------------------------------------------------------------ the compact space
def _exchange_state(rules: Rules = EXTRA_RULES["blind_nil_always"], seed: int = 1) -> GameState:
    """The first exchange of a hand where seat 1 bid blind nil and its partner, seat 3, bid 3."""
    state = apply(new_game(rules), Deal.shuffled(rules, seed))
    for bid in (Bid.blind_nil(1), Bid(2, 4), Bid(3, 3), Bid(0, 4)):
        state = apply(state, bid)
    assert state.phase is Phase.EXCHANGE and state.to_act == 1
    return state


def _picks_reach(state: GameState, picked: tuple[Card, ...] = ()) -> set[GameState]:
    """Every state that the compact picks of one whole exchange reach from ``state``, by every pick order."""
    reached: set[GameState] = set()
    for code in legal_codes(state, compact=True, picked=picked):
        after, picks = compact_step(state, picked, code)
        if picks:
            assert after is state and len(picks) == len(picked) + 1
            reached |= _picks_reach(state, picks)
        else:
            reached.add(after)
    return reached


def test_compact_num_distinct_actions_has_no_exchange_block() -> None:
    assert num_distinct_actions(Rules.standard(), compact=True) == 81
    assert num_distinct_actions(Rules.jokers(), compact=True) == BIG_JOKER_CODE + 1
    assert num_distinct_actions(EXTRA_RULES["exchange_3"], compact=True) == BLIND_NIL_CODE + 1
    assert num_distinct_actions(Rules.standard().evolve(blind_nil_exchange=6), compact=True) == 81
    for name, rules in ALL_RULES.items():
        full, compact = num_distinct_actions(rules), num_distinct_actions(rules, compact=True)
        assert compact <= min(full, EXCHANGE_BASE), name
        if not (rules.partnerships and rules.blind_nil and rules.blind_nil_exchange):
            assert compact == full, name


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_compact_and_full_spaces_reach_the_same_states(games: dict[str, list[list[GameState]]], name: str) -> None:
    exchanges = 0
    limit = num_distinct_actions(ALL_RULES[name], compact=True)
    for game in games[name]:
        for state in game:
            if state.phase is not Phase.EXCHANGE:
                codes = legal_codes(state, compact=True)
                assert codes == legal_codes(state)
                assert all(compact_step(state, (), code) == (apply(state, decode_action(code, state)), ())
                           for code in codes)
                continue
            exchanges += 1
            assert all(code < limit for code in legal_codes(state, compact=True))
            assert _picks_reach(state) == {apply(state, action) for action in legal_actions(state)}
    if name in ("blind_nil_always", "jokers_redeal", "exchange_3"):
        assert exchanges, "these rules' random games must reach an exchange"


@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_random_compact_games_end_and_replay_in_the_full_space(name: str) -> None:
    rules = Rules.preset(name).evolve(max_hands=2)
    if rules.blind_nil:
        rules = rules.evolve(blind_nil_deficit=None)
    rng = random.Random(name)
    state = new_game(rules)
    picked: tuple[Card, ...] = ()
    for _ in range(10_000):
        if state.is_over:
            break
        if state.is_chance:
            state = apply(state, Deal.shuffled(rules, rng))
            continue
        codes = legal_codes(state, compact=True, picked=picked)
        mask = legal_action_mask(state, compact=True, picked=picked)
        assert [code for code, legal in enumerate(mask) if legal] == list(codes)
        state, picked = compact_step(state, picked, rng.choice(codes))
    assert state.is_over and picked == ()
    replayed = new_game(rules)
    for action in state.history:
        replayed = apply(replayed, action)
    assert replayed == state


@pytest.mark.parametrize("seat", [1, 3])
def test_uniform_random_picks_give_every_exchange_uniformly(seat: int) -> None:
    state = _exchange_state()
    if seat == 3:  # the partner returns 2 of its 15 cards
        state = apply(state, Exchange(1, state.hand.hand_of(1)[:2]))  # type: ignore[union-attr]
    assert state.to_act == seat
    subsets = {action.cards for action in legal_actions(state) if isinstance(action, Exchange)}
    rng = random.Random(seat)
    draws = 60 * len(subsets)
    counts = dict.fromkeys(subsets, 0)
    for _ in range(draws):
        picked: tuple[Card, ...] = ()
        after = state
        while after is state:
            after, picked = compact_step(state, picked, rng.choice(legal_codes(state, compact=True, picked=picked)))
        counts[after.hand.exchanges[-1].cards] += 1  # type: ignore[union-attr]
    assert set(counts) == subsets and min(counts.values()) > 0
    # Pearson's chi-square against the uniform law: mean len-1 (77 or 104), sd about 12 or 14; 6 sd above
    chi2 = sum((count - 60) ** 2 / 60 for count in counts.values())
    df = len(subsets) - 1
    assert chi2 < df + 6 * (2 * df) ** 0.5, chi2


def test_compact_masks_are_exactly_the_legal_picks() -> None:
    state = _exchange_state(Rules.jokers().evolve(blind_nil_deficit=None, blind_nil_exchange=3), seed=4)
    hand = state.hand
    assert hand is not None
    held = hand.hand_of(1)
    limit = num_distinct_actions(state.rules, compact=True)
    picked: tuple[Card, ...] = ()
    for card in held[::-1][:2]:  # pick from the top (jokers first when held), checking every code
        mask = legal_action_mask(state, compact=True, picked=picked)
        assert len(mask) == limit
        wanted = {encode_action(Play(1, held_card)) for held_card in held if held_card not in picked}
        assert {code for code, legal in enumerate(mask) if legal} == wanted
        for code in range(limit):
            if code in wanted:
                assert compact_step(state, picked, code)[1] == (*picked, decode_card(code))
            else:
                with pytest.raises(IllegalActionError) as info:
                    compact_step(state, picked, code)
                assert info.value.reason in (IllegalReason.INVALID_EXCHANGE, IllegalReason.WRONG_PHASE)
        assert legal_codes(state, 3, compact=True, picked=picked) == ()  # not seat 3's turn
        assert not any(legal_action_mask(state, 3, compact=True, picked=picked))
        picked = (*picked, card)


def decode_card(code: int) -> Card:
    return ALL_CARDS[code] if code < 52 else ALL_CARDS[52 + code - LITTLE_JOKER_CODE]


def test_compact_codes_of_actions() -> None:
    assert compact_codes(Exchange(0, "BJ 2C LJ")) == (0, LITTLE_JOKER_CODE, BIG_JOKER_CODE)
    assert compact_codes(Exchange(0, "BJ 2C LJ"), (Card.parse("LJ"),)) == (0, BIG_JOKER_CODE)
    assert compact_codes(Bid.blind_nil(2)) == (BLIND_NIL_CODE,)
    assert compact_codes(Redeal(1)) == (encode_action(Redeal(1)),)
    with pytest.raises(IllegalActionError):
        compact_codes(Exchange(0, (Card.parse("AS"), Card.parse("AS"))))


def test_bad_picks_are_refused() -> None:
    state = _exchange_state()
    held = state.hand.hand_of(1)  # type: ignore[union-attr]
    missing = next(card for card in ALL_CARDS[:52] if card not in held)
    refused = {
        "picked twice": (held[0], held[0]),
        "not held": (missing,),
        "too many": held[:2],
    }
    for why, picked in refused.items():
        for call in (
            lambda picked=picked: legal_codes(state, compact=True, picked=picked),
            lambda picked=picked: legal_action_mask(state, compact=True, picked=picked),
            lambda picked=picked: compact_step(state, picked, encode_action(Play(1, held[5]))),
        ):
            with pytest.raises(IllegalActionError) as info:
                call()
            assert info.value.reason is IllegalReason.INVALID_EXCHANGE, why
    with pytest.raises(IllegalActionError, match="compact=True"):
        legal_codes(state, picked=held[:1])
    with pytest.raises(IllegalActionError) as info:
        legal_codes(apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 1)), compact=True,
                    picked=held[:1])
    assert info.value.reason is IllegalReason.WRONG_PHASE
    for bad in ("AS", 3, ("AS",), (None,)):
        with pytest.raises(ArgumentTypeError):
            legal_codes(state, compact=True, picked=bad)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        num_distinct_actions(Rules.standard(), compact=1)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError) as info:
        compact_step(state, (), EXCHANGE_BASE)  # the full space's first exchange is no compact code
    assert info.value.reason is IllegalReason.NOT_AN_ACTION
    with pytest.raises(IllegalActionError) as info:
        compact_step(state, (), BLIND_NIL_CODE)
    assert info.value.reason is IllegalReason.WRONG_PHASE
    with pytest.raises(ArgumentTypeError):
        compact_step(observe(state, 1), (), 0)  # type: ignore[arg-type]


def test_the_compact_space_has_a_mask_where_the_full_one_is_refused() -> None:
    rules = Rules.standard().evolve(blind_nil_exchange=6, blind_nil_deficit=None)
    state = _exchange_state(rules)
    with pytest.raises(RulesError, match=r"blind_nil_exchange=6 gives 25,827,282 action codes.*compact=True"):
        legal_action_mask(state)
    mask = legal_action_mask(state, compact=True)
    assert len(mask) == 81 and sum(mask) == 13

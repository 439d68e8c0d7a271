"""The documented loops: ``while state.in_hand`` plays one hand out and ``while not state.is_over`` (dealing
when ``state.is_chance``) plays a game out, under every preset and however the game ends: the target,
the losing score, ``max_hands``, a tied top score, the last hand of a game, a redeal."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades_rules import Action, Bid, Deal, GameState, Phase, Redeal, Rules, apply, legal_actions, new_game
from spades_rules import strategies as sst
from spades_rules.bots import HeuristicBot

PRESETS = sorted(Rules.presets())
Choose = Callable[[GameState, random.Random], Action]


def _random(state: GameState, rng: random.Random) -> Action:
    return rng.choice(legal_actions(state))


def _sensible(state: GameState, rng: random.Random) -> Action:
    return sst.random_action(state, rng, policy="sensible")


def _losing(state: GameState, rng: random.Random) -> Action:
    """Bids that lose points: the highest bid where a set costs the bid, else the lowest (bags pile up)."""
    actions = legal_actions(state)
    bids = [action for action in actions if isinstance(action, Bid) and not action.is_nil]
    if not bids:
        return rng.choice(actions)
    return max(bids, key=lambda bid: bid.tricks if state.rules.set_penalty == "minus_bid" else -bid.tricks)


def _play_hand(state: GameState, rng: random.Random, choose: Choose = _random) -> GameState:
    """The loop the docs teach: deal, then ``while state.in_hand``."""
    assert state.is_chance and not state.in_hand
    state = apply(state, Deal.shuffled(state.rules, rng))
    steps = 0
    while state.in_hand:
        actions = legal_actions(state)
        assert actions, "legal_actions is never empty while in_hand holds"
        assert state.to_act is not None
        state = apply(state, choose(state, rng))
        steps += 1
        assert steps < 2_000
    assert state.to_act is None and legal_actions(state) == ()
    return state


def _play_game(state: GameState, rng: random.Random) -> GameState:
    """The loop the docs teach for a whole game."""
    steps = 0
    while not state.is_over:
        if state.is_chance:
            state = apply(state, Deal.shuffled(state.rules, rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
        steps += 1
        assert steps < 20_000
    assert not state.in_hand and state.phase is Phase.GAME_OVER
    return state


def _ends_hand(before: GameState, after: GameState) -> None:
    """A hand loop ends with the hand scored (one more result) or redealt (a redeal, no result)."""
    if after.hands_played == before.hands_played:
        assert isinstance(after.history[-1], Redeal) and after.phase is Phase.DEAL
    else:
        assert after.hands_played == before.hands_played + 1
        assert sum(after.results[-1].tricks_won) == after.rules.tricks_per_hand
        assert after.is_over or after.phase is Phase.DEAL


def _near_target(rules: Rules) -> list[int]:
    return [rules.target_score - 1] * rules.num_sides


@pytest.mark.parametrize("name", PRESETS)
def test_in_hand_holds_exactly_while_a_seat_is_to_act(name: str) -> None:
    rules = Rules.preset(name).evolve(max_hands=2)
    state, rng = new_game(rules), random.Random(name)
    while not state.is_over:
        assert state.in_hand is (state.to_act is not None) is (state.phase not in (Phase.DEAL, Phase.GAME_OVER))
        if state.is_chance:
            state = apply(state, Deal.shuffled(rules, rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    assert not state.in_hand and state.hand is not None  # the final hand stays visible, and the loop stops


@pytest.mark.parametrize("name", PRESETS)
def test_the_hand_loop_stops_on_the_last_hand_of_a_game_ended_by_max_hands(name: str) -> None:
    rules = Rules.preset(name).evolve(max_hands=1)
    start = new_game(rules)
    final = _play_hand(start, random.Random(1))
    while not final.is_over:  # a redeal: deal again
        final = _play_hand(final, random.Random(final.hands_played + len(final.history)))
    assert final.is_over and final.hands_played == 1


@pytest.mark.parametrize("name", PRESETS)
def test_the_hand_loop_stops_when_the_target_ends_the_game(name: str) -> None:
    rules = Rules.preset(name)
    rng = random.Random(name)
    state = new_game(rules, scores=_near_target(rules))
    ended = False
    for _ in range(40):  # some hands leave the top scores tied, or go down: play on until one ends it
        before = state
        state = _play_hand(state, rng, _sensible)
        _ends_hand(before, state)
        if state.is_over:
            ended = True
            break
    assert ended and max(state.scores) >= rules.target_score and state.winner is not None


@pytest.mark.parametrize("name", PRESETS)
def test_the_hand_loop_stops_when_the_losing_score_ends_the_game(name: str) -> None:
    base = Rules.preset(name)
    if base.bidding == "none":
        pytest.skip("no-bid scores only rise")
    rules = base.evolve(losing_score=-200)
    rng = random.Random(name)
    bags = [rules.bag_limit - 1] * rules.num_sides if rules.bag_limit is not None else None
    state = new_game(rules, scores=[-199] + [10 * side for side in range(1, rules.num_sides)], bags=bags)
    for _ in range(40):
        before = state
        state = _play_hand(state, rng, _losing)
        _ends_hand(before, state)
        if state.is_over:
            break
    assert state.is_over


@pytest.mark.parametrize("name", PRESETS)
def test_the_game_loop_ends_every_preset_by_max_hands_and_by_the_target(name: str) -> None:
    by_hands = _play_game(new_game(Rules.preset(name).evolve(max_hands=2)), random.Random(2))
    assert by_hands.hands_played <= 2
    rules = Rules.preset(name).evolve(max_hands=60)
    by_target = _play_game(new_game(rules, scores=_near_target(rules)), random.Random(3))
    assert by_target.is_over


def test_the_game_loop_ends_a_tied_target_only_when_the_tie_is_broken() -> None:
    """No-bid to 100 from 95-96 with the first legal card: 102-102 is tied, another hand is played."""
    rules = Rules.no_bid()
    state = apply(new_game(rules, scores=[95, 96]), Deal.shuffled(rules, 0))
    while state.in_hand:
        state = apply(state, legal_actions(state)[0])
    assert state.scores == (102, 102) and not state.is_over and state.is_chance
    assert _play_game(state, random.Random(0)).winner is not None


def test_the_game_loop_with_bots_that_bid_sensibly_reaches_500() -> None:
    rules = Rules.standard()
    bots = [HeuristicBot(seed=seat) for seat in range(4)]
    state, rng = new_game(rules), random.Random(5)
    while not state.is_over:
        if state.is_chance:
            state = apply(state, Deal.shuffled(rules, rng))
        else:
            state = apply(state, bots[state.to_act].choose(state))  # type: ignore[index]
    assert max(state.scores) >= 500 and state.winner is not None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=sst.rules(), seed=st.integers(0, 2**32 - 1), start=st.sampled_from(["zero", "near_target", "low"]))
def test_both_loops_end_under_random_rules_and_starting_scores(rules: Rules, seed: int, start: str) -> None:
    rng = random.Random(seed)
    scores: list[int] | None = None
    if start == "near_target":
        scores = _near_target(rules)
    elif start == "low" and rules.losing_score is not None:
        scores = [rules.losing_score + 1] * rules.num_sides
    state = new_game(rules, scores=scores)
    before = state
    state = _play_hand(state, rng)
    _ends_hand(before, state)
    if not state.is_over:
        _play_game(state, rng)


@pytest.mark.parametrize("moon", ["win", "points"])
def test_both_loops_end_when_a_side_shoots_the_moon(moon: str) -> None:
    """A side that bids every trick and takes them all: under ``moon="win"`` the game ends there, an outright
    win from any score; under ``"points"`` it scores ``moon_points`` and the game goes on (to ``max_hands``)."""
    rules = Rules.standard().evolve(moon=moon, max_hands=4)
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    ]
    rng = random.Random(4)
    state = apply(new_game(rules, scores=[-150, 0]), Deal.from_hands(rules, 0, hands))
    contract = {0: Bid(0, 12), 1: Bid(1, 3), 2: Bid(2, 1), 3: Bid(3, 3)}
    while state.in_hand:
        seat = state.to_act
        bid = contract.get(seat) if seat is not None and state.phase is Phase.BID else None
        state = apply(state, bid if bid is not None else rng.choice(legal_actions(state)))
    assert state.results[-1].tricks_won[0] == 13 and state.results[-1].sides[0].moon
    assert state.to_act is None and legal_actions(state) == ()
    if moon == "win":
        assert state.is_over and state.winner == 0 and state.hands_played == 1
    else:
        assert not state.is_over and state.is_chance
        assert _play_game(state, rng).is_over

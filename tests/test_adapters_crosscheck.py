"""Both adapters against the library, at every decision of random episodes of every preset: legal actions,
action masks and observation tensors equal legal_codes / observe / observation_tensor, and one-hand
returns equal the hand's points as score_hand scores them."""

from __future__ import annotations

import random

import pytest

from spades_rules import (
    GameState,
    Rules,
    legal_codes,
    num_distinct_actions,
    observation_tensor,
    observe,
    score_hand,
)

PRESETS = sorted(Rules.presets())


def _hand_points(state: GameState) -> list[float]:
    """Per seat, its side's points for the first hand, scored again from the score sheet."""
    rules = state.rules
    result = state.results[0]
    sheet = score_hand(rules, list(result.bids) if rules.bidding != "none" else None, list(result.tricks_won))
    return [float(sheet.sides[rules.side_of(seat)].total) for seat in range(rules.players)]


@pytest.mark.parametrize("episode", [0, 1])
@pytest.mark.parametrize("name", PRESETS)
def test_openspiel_agrees_with_the_library(name: str, episode: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    np = pytest.importorskip("numpy")
    openspiel = pytest.importorskip("spades_rules.openspiel")
    game = openspiel.load_game(name)
    rules = game.rules
    rng = random.Random(f"{name}-{episode}")
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        library = state.game_state
        player = state.current_player()
        assert player == library.to_act
        assert state.legal_actions() == list(legal_codes(library, player))
        mask = state.legal_actions_mask(player)
        assert len(mask) == num_distinct_actions(rules)
        assert [code for code, legal in enumerate(mask) if legal] == list(legal_codes(library, player))
        for seat in range(rules.players):
            view = observe(library, seat)
            expected = np.asarray(observation_tensor(view), np.float32)
            assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), expected)
            if decisions % 8 == 0:
                assert state.observation_string(seat) == str(view)
                assert state.information_state_string(seat) == str(view)
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
    assert decisions > rules.tricks_per_hand
    assert state.returns() == _hand_points(state.game_state)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


@pytest.mark.parametrize("episode", [0, 1])
@pytest.mark.parametrize("name", PRESETS)
def test_pettingzoo_agrees_with_the_library(name: str, episode: int) -> None:
    np = pytest.importorskip("numpy")
    adapter = pytest.importorskip("spades_rules.pettingzoo")
    table = adapter.env(name)
    rules = Rules.preset(name)
    table.reset(seed=len(name) + 100 * episode)
    rng = random.Random(f"{name}-{episode}")
    earned = dict.fromkeys(table.possible_agents, 0.0)
    decisions = 0
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _info = table.last()
        earned[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        library = table.unwrapped.game_state
        seat = table.possible_agents.index(agent)
        assert seat == library.to_act
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and len(mask) == num_distinct_actions(rules)
        assert tuple(int(code) for code in np.flatnonzero(mask)) == legal_codes(library, seat)
        expected = np.asarray(observation_tensor(observe(library, seat)), np.float32)
        assert observation["observation"].dtype == np.float32
        assert np.array_equal(observation["observation"], expected)
        table.step(rng.choice(legal_codes(library, seat)))
        decisions += 1
    assert decisions > rules.tricks_per_hand
    final = table.unwrapped.game_state
    assert [earned[agent] for agent in table.possible_agents] == _hand_points(final)

"""Both adapters against the library, at every decision of random episodes of every preset, in both action
spaces: legal actions, action masks and observation tensors equal legal_codes / observe /
observation_tensor (and, in the compact space, the cards picked so far), and one-hand returns equal the
hand's points as score_hand scores them."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from spades_rules import (
    GameState,
    Rules,
    format_cards,
    legal_codes,
    num_distinct_actions,
    observation_tensor,
    observe,
    score_hand,
)

PRESETS = sorted(Rules.presets())
RULES = {**Rules.presets(), "exchanges": Rules.standard().evolve(blind_nil_deficit=None)}
"""Every preset, and blind nil whatever the score so that random one-hand episodes reach exchanges."""
SPACES = pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])


def _choose(rng: random.Random, legal: Sequence[int], decisions: int) -> int:
    """A random code, but the last one first (a blind nil, when the first bid may be one)."""
    return legal[-1] if decisions == 0 else rng.choice(legal)


def _picked_block(rules: Rules, picked: tuple[object, ...], shown: bool) -> list[float]:
    """The compact space's extra block of a seat's tensor: its picks so far, per card of the deck."""
    if not (rules.partnerships and rules.blind_nil and rules.blind_nil_exchange):
        return []
    return [1.0 if shown and card in picked else 0.0 for card in rules.deck]


def _hand_points(state: GameState) -> list[float]:
    """Per seat, its side's points for the first hand, scored again from the score sheet."""
    rules = state.rules
    result = state.results[0]
    sheet = score_hand(rules, list(result.bids) if rules.bidding != "none" else None, list(result.tricks_won))
    return [float(sheet.sides[rules.side_of(seat)].total) for seat in range(rules.players)]


@SPACES
@pytest.mark.parametrize("episode", [0, 1])
@pytest.mark.parametrize("name", sorted(RULES))
def test_openspiel_agrees_with_the_library(name: str, episode: int, compact: bool) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    np = pytest.importorskip("numpy")
    openspiel = pytest.importorskip("spades_rules.openspiel")
    game = openspiel.load_game(RULES[name], compact_actions=compact)
    rules = game.rules
    picks = 0
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
        picked = state.picked if compact else ()
        picks += bool(picked)
        legal = list(legal_codes(library, player, compact=compact, picked=picked))
        assert state.legal_actions() == legal
        mask = state.legal_actions_mask(player)
        assert len(mask) == num_distinct_actions(rules, compact=compact)
        assert [code for code, allowed in enumerate(mask) if allowed] == legal
        for seat in range(rules.players):
            view = observe(library, seat)
            values = observation_tensor(view)
            if compact:
                values += _picked_block(rules, picked, seat == player)
            expected = np.asarray(values, np.float32)
            assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), expected)
            if decisions % 8 == 0 or picked:
                shown = f"\nPicked for the exchange so far: {format_cards(picked)}" if picked and seat == player else ""
                assert state.observation_string(seat) == str(view) + shown
                assert state.information_state_string(seat) == str(view) + shown
        state.apply_action(_choose(rng, state.legal_actions(), decisions))
        decisions += 1
    assert decisions > rules.tricks_per_hand
    assert picks or not compact or name != "exchanges", "the compact space must reach a pending pick"
    assert state.returns() == _hand_points(state.game_state)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


@SPACES
@pytest.mark.parametrize("episode", [0, 1])
@pytest.mark.parametrize("name", sorted(RULES))
def test_pettingzoo_agrees_with_the_library(name: str, episode: int, compact: bool) -> None:
    np = pytest.importorskip("numpy")
    adapter = pytest.importorskip("spades_rules.pettingzoo")
    rules = RULES[name]
    table = adapter.env(rules, compact_actions=compact)
    table.reset(seed=len(name) + 100 * episode)
    rng = random.Random(f"{name}-{episode}")
    earned = dict.fromkeys(table.possible_agents, 0.0)
    decisions = picks = 0
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _info = table.last()
        earned[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        library = table.unwrapped.game_state
        seat = table.possible_agents.index(agent)
        assert seat == library.to_act
        picked = table.unwrapped.picked
        picks += bool(picked)
        mask = observation["action_mask"]
        legal = legal_codes(library, seat, compact=compact, picked=picked)
        assert mask.dtype == np.int8 and len(mask) == num_distinct_actions(rules, compact=compact)
        assert tuple(int(code) for code in np.flatnonzero(mask)) == legal
        values = observation_tensor(observe(library, seat))
        if compact:
            values += _picked_block(rules, picked, True)
        expected = np.asarray(values, np.float32)
        assert observation["observation"].dtype == np.float32
        assert np.array_equal(observation["observation"], expected)
        table.step(_choose(rng, legal, decisions))
        decisions += 1
    assert decisions > rules.tricks_per_hand
    assert picks or not compact or name != "exchanges", "the compact space must reach a pending pick"
    final = table.unwrapped.game_state
    assert [earned[agent] for agent in table.possible_agents] == _hand_points(final)

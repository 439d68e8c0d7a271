"""One observation space for one tensor: the batch's vector environment, the single-agent environment,
PettingZoo and OpenSpiel give the same :func:`~spades_rules.views.tensor.observation_tensor` (with the compact
space's ``picked`` block under rules with an exchange), and every tensor each of them produces lies in the
one ``Box`` of :func:`~spades_rules.pettingzoo.single_agent.observation_box`, with true (finite) bounds."""

from __future__ import annotations

import os
import random
import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
single_agent = pytest.importorskip("spades_rules.pettingzoo.single_agent")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from spades_rules import Rules  # noqa: E402
from spades_rules.batch import BatchVectorEnv  # noqa: E402

FUZZ = bool(os.environ.get("SPADES_FUZZ"))
PRESETS = sorted(Rules.presets())
HOUSE = {
    "nil passing and blind bids": Rules.standard().evolve(
        blind_nil_deficit=None, nil_exchange=2, blind_bid_min=4, blind_bid_deficit=None, ten_for_two_hundred=True
    ),
    "no bag limit, a losing score": Rules.standard().evolve(bag_limit=None, losing_score=-200, target_score=200),
}
CASES = {**{name: Rules.preset(name) for name in PRESETS}, **HOUSE}


def _inside(box: object, tensor: object, where: str) -> None:
    low, high = box.low, box.high  # type: ignore[attr-defined]
    values = np.asarray(tensor, dtype=np.float32)
    bad = np.flatnonzero((values < low) | (values > high))
    assert not len(bad), f"{where}: entries {bad[:5].tolist()} = {values[bad[:5]].tolist()} outside the box"


@pytest.mark.parametrize("whole_game", [False, True], ids=["hands", "games"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_every_batch_tensor_lies_in_the_one_space(case: str, whole_game: bool) -> None:
    rules = CASES[case]
    episode = "game" if whole_game else "hand"
    env = BatchVectorEnv(rules, 64, seed=3, episode=episode, backstop=3 if whole_game else 100)
    box: Any = env.single_observation_space
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    picks = box.shape[0] > env.game.observation_size
    hands = min(3, rules.max_hands or 3) if whole_game else 1
    assert box == single_agent.observation_box(rules, picks, hands=hands)
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    for step in range(600 if FUZZ else 250):
        _inside(box, obs, f"{case}, step {step}")
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in info["action_mask"]])
        obs, _, _, _, info = env.step(actions)
        for final in info.get("final_obs", ()):
            if final is not None:
                _inside(box, final, f"{case}, final observation at step {step}")


@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_single_agent_and_pettingzoo_tensors_lie_in_it_too(case: str, compact: bool) -> None:
    pettingzoo = pytest.importorskip("spades_rules.pettingzoo")
    rules = CASES[case]
    table = single_agent.single_agent_env(rules, seat=1, opponents="random", compact_actions=compact,
                                          whole_game=True, backstop=2)
    box = table.observation_space
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    if compact:
        vector = BatchVectorEnv(rules, 1, episode="game", backstop=2)
        assert vector.single_observation_space == box
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", ".*Not able to test alternative render modes")
        check_env(table)
    rng = np.random.default_rng(1)
    for seed in range(2):
        observation, _ = table.reset(seed=seed)
        done = False
        while not done:
            _inside(box, observation, f"single agent, {case}")
            observation, _, terminated, truncated, _ = table.step(int(rng.choice(np.flatnonzero(table.action_masks()))))
            done = terminated or truncated
        _inside(box, observation, f"single agent, {case}, final")
    aec = pettingzoo.raw_env(rules, whole_game=True, compact_actions=compact, backstop=2)
    assert aec.observation_space("player_0")["observation"] == box
    aec.reset(seed=2)
    chooser = random.Random(2)
    for agent in aec.agent_iter(2000):
        observation, _, terminated, truncated, _ = aec.last()
        _inside(box, observation["observation"], f"pettingzoo, {case}")
        if terminated or truncated:
            aec.step(None)
            continue
        aec.step(chooser.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        del agent


@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_openspiel_tensors_lie_in_it(case: str, compact: bool) -> None:
    pytest.importorskip("pyspiel")
    openspiel = pytest.importorskip("spades_rules.openspiel")
    rules = CASES[case]
    for whole_game in (False, True):
        game = openspiel.load_game(rules, whole_game=whole_game, compact_actions=compact)
        hands = game.rules.max_hands if whole_game else 1
        picks = compact and game.observation_tensor_size() > openspiel.observation_tensor_size(game.rules)
        box = single_agent.observation_box(game.rules, picks, hands=hands)
        assert box.shape == (game.observation_tensor_size(),)
        rng = random.Random(3)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal() and steps < (400 if whole_game else 10_000):
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
                continue
            for player in range(game.num_players()):
                _inside(box, state.observation_tensor(player), f"openspiel, {case}, player {player}")
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1

"""The single-agent Gymnasium environment: Gymnasium's env checker on every preset in both action spaces,
a masked random agent, rewards, seeding, opponents, illegal actions; MaskablePPO learning behind
SPADES_FUZZ=1 (it needs torch and sb3-contrib, which CI does not install)."""

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

from spades_rules import (  # noqa: E402
    ArgumentTypeError,
    Rules,
    RulesError,
    SeatError,
    legal_codes,
    num_distinct_actions,
    observation_tensor,
    observe,
)
from spades_rules.bots import HeuristicBot, RandomBot  # noqa: E402

PRESETS = sorted(Rules.presets())
SPACES = pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])


def _masked_random_episode(table: Any, seed: int) -> tuple[float, int]:
    """Play one episode choosing uniformly among the masked codes: the total reward, the agent's steps."""
    rng = np.random.default_rng(seed)
    observation, info = table.reset(seed=seed)
    total, steps, terminated = 0.0, 0, False
    while not terminated:
        mask = table.action_masks()
        assert mask.dtype == np.bool_ and np.array_equal(mask, info["action_mask"].astype(bool))
        assert table.observation_space.contains(observation)
        observation, reward, terminated, truncated, info = table.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated and "illegal_action" not in info
        total += reward
        steps += 1
    assert not table.action_masks().any()
    return total, steps


@SPACES
@pytest.mark.parametrize("name", PRESETS)
def test_gymnasium_env_checker_and_a_masked_random_agent(name: str, compact: bool) -> None:
    table = single_agent.single_agent_env(name, seat=1, compact_actions=compact)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", ".*Not able to test alternative render modes")
        check_env(table)
    rules = table.rules
    for episode in range(2):
        total, steps = _masked_random_episode(table, episode)
        final = table.game_state
        assert final.hands_played == 1 and steps >= rules.tricks_per_hand
        assert total == final.results[0].totals[rules.side_of(1)]


@SPACES
def test_the_mask_and_observation_are_the_library_s(compact: bool) -> None:
    rules = Rules.standard().evolve(blind_nil_deficit=None)
    table = single_agent.single_agent_env(rules, seat=2, opponents="random", compact_actions=compact)
    assert table.action_space.n == num_distinct_actions(rules, compact=compact)
    picks = 0
    for seed in range(6):
        observation, _ = table.reset(seed=seed)
        terminated = False
        while not terminated:
            state, picked = table.game_state, table.picked
            picks += bool(picked)
            assert state.to_act == 2
            legal = legal_codes(state, 2, compact=compact, picked=picked)
            assert tuple(np.flatnonzero(table.action_masks())) == legal
            expected = observation_tensor(observe(state, 2))
            assert list(observation[: len(expected)]) == expected
            choice = legal[-1] if state.phase.value == "bid" else random.Random(seed).choice(legal)
            observation, _, terminated, _, _ = table.step(choice)  # blind nil when offered
    assert picks or not compact, "blind nil every time: the compact space must reach a pick"


def test_reset_seed_replays_the_episode() -> None:
    first = single_agent.single_agent_env("jokers", opponents=["heuristic", "random", "heuristic"])
    second = single_agent.single_agent_env("jokers", opponents=["heuristic", "random", "heuristic"])
    assert _masked_random_episode(first, 4) == _masked_random_episode(second, 4)
    assert first.game_state == second.game_state
    _masked_random_episode(second, 5)
    assert first.game_state != second.game_state


def test_whole_game_rewards_add_up_to_the_score() -> None:
    rules = Rules.standard().evolve(max_hands=3)
    table = single_agent.single_agent_env(rules, seat=3, opponents=RandomBot, whole_game=True)
    total, _ = _masked_random_episode(table, 2)
    final = table.game_state
    assert final.is_over and total == final.scores[rules.side_of(3)]


def test_margin_rewards() -> None:
    table = single_agent.single_agent_env("individual_4", reward="margin", opponents="random")
    total, _ = _masked_random_episode(table, 3)
    totals = table.game_state.results[0].totals
    assert total == totals[0] - max(totals[1:])


def test_an_illegal_code_ends_the_episode() -> None:
    table = single_agent.single_agent_env("standard")
    table.reset(seed=0)
    assert table.game_state.phase.value == "bid"
    _, reward, terminated, truncated, info = table.step(0)  # a play while bidding
    assert terminated and not truncated and info["illegal_action"] and reward == table.illegal_reward
    assert table.illegal_reward < -500 and not table.action_masks().any()
    with pytest.raises(RulesError, match="reset"):
        table.step(52)


def test_opponents_are_checked() -> None:
    bot = HeuristicBot(1)
    table = single_agent.single_agent_env("three_player", opponents=[bot, "random"])
    table.reset(seed=1)
    with pytest.raises(SeatError, match="every other seat"):
        single_agent.single_agent_env("standard", opponents=["random"])
    with pytest.raises(RulesError, match="unknown bot"):
        single_agent.single_agent_env("standard", opponents="grandmaster")
    with pytest.raises(ArgumentTypeError):
        single_agent.single_agent_env("standard", opponents=3)
    with pytest.raises(SeatError):
        single_agent.single_agent_env("standard", seat=4)
    with pytest.raises(RulesError, match="reward"):
        single_agent.single_agent_env("standard", reward="tricks")
    with pytest.raises(RulesError, match=r"blind_nil_exchange=6.*compact_actions=True"):
        single_agent.single_agent_env(Rules.standard().evolve(blind_nil_exchange=6))
    with pytest.raises(TypeError, match="Rules or a preset"):
        single_agent.single_agent_env(5)


def test_gymnasium_make_and_the_pettingzoo_home() -> None:
    pettingzoo = pytest.importorskip("spades_rules.pettingzoo")
    assert pettingzoo.single_agent_env is single_agent.single_agent_env
    table = gymnasium.make(single_agent.GYMNASIUM_ID, rules_or_preset="two_player", compact_actions=True,
                           render_mode="ansi")
    observation, info = table.reset(seed=3)
    assert observation.shape == table.observation_space.shape
    assert table.render().startswith("Seat 0 - draw phase")
    assert np.array_equal(table.unwrapped.action_masks(), info["action_mask"].astype(bool))


@pytest.mark.skipif(not os.environ.get("SPADES_FUZZ"), reason="MaskablePPO training: SPADES_FUZZ=1 (needs torch)")
def test_maskable_ppo_learns() -> None:
    sb3_contrib = pytest.importorskip("sb3_contrib")

    def evaluate(model: Any, episodes: int) -> float:
        table = single_agent.single_agent_env("standard", compact_actions=True)
        total = 0.0
        for episode in range(episodes):
            observation, _ = table.reset(seed=10_000 + episode)
            terminated = False
            while not terminated:
                if model is None:
                    mask = table.action_masks()
                    action = int(np.random.default_rng(episode).choice(np.flatnonzero(mask)))
                else:
                    action, _ = model.predict(observation, action_masks=table.action_masks(), deterministic=True)
                observation, reward, terminated, _, _ = table.step(int(action))
                total += reward
        return total / episodes

    table = single_agent.single_agent_env("standard", compact_actions=True)  # no wrapper: it has action_masks()
    model = sb3_contrib.MaskablePPO("MlpPolicy", table, n_steps=512, batch_size=128, seed=0, verbose=0)
    before = evaluate(None, 60)
    model.learn(total_timesteps=6_144)
    after = evaluate(model, 60)
    assert after > before, (before, after)


def test_a_whole_game_is_truncated_at_the_backstop() -> None:
    table = single_agent.single_agent_env("standard", opponents="random", whole_game=True, backstop=2)
    assert table.backstop == 2 and table.rules == Rules.standard()
    rng = np.random.default_rng(7)
    for seed in range(3):
        observation, info = table.reset(seed=seed)
        terminated = truncated = False
        while not (terminated or truncated):
            code = int(rng.choice(np.flatnonzero(table.action_masks())))
            observation, _, terminated, truncated, info = table.step(code)
        state = table.game_state
        assert truncated and not terminated and not state.is_over and state.hands_played == 2
        assert info["scores"] == state.scores
        assert list(observation) == observation_tensor(observe(state, 0))  # the position it would go on from
        with pytest.raises(RulesError, match="reset"):
            table.step(0)


def test_a_game_its_rules_end_first_terminates() -> None:
    table = single_agent.single_agent_env(Rules.standard().evolve(max_hands=1), opponents="random", whole_game=True,
                                          backstop=5)
    rng = np.random.default_rng(8)
    table.reset(seed=1)
    while True:
        *_, terminated, truncated, _ = table.step(int(rng.choice(np.flatnonzero(table.action_masks()))))
        if terminated or truncated:
            break
    assert terminated and not truncated and table.game_state.is_over


@pytest.mark.parametrize(("backstop", "error"), [(0, RulesError), (-2, RulesError), ("9", ArgumentTypeError),
                                                 (2.0, ArgumentTypeError)])
def test_a_bad_backstop_is_refused_by_name(backstop: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="backstop"):
        single_agent.single_agent_env("standard", whole_game=True, backstop=backstop)  # type: ignore[arg-type,unused-ignore]

"""The Gymnasium vector wrapper of the batch engine (``spades_rules.batch.vector``; needs Gymnasium)."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from spades_rules import Rules, RulesError  # noqa: E402
from spades_rules.batch import BatchVectorEnv  # noqa: E402
from spades_rules.batch.vector import BatchVectorEnv as Direct  # noqa: E402


def _random(info: dict[str, Any], rng: Any) -> Any:
    return np.array([rng.choice(np.flatnonzero(row)) for row in info["action_mask"]])


def test_it_is_a_gymnasium_vector_env_with_batched_spaces() -> None:
    env = BatchVectorEnv("jokers", 5, seed=1)
    assert BatchVectorEnv is Direct
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.SAME_STEP
    obs, info = env.reset()
    assert obs.shape == (5, env.game.observation_size) and obs.dtype == np.float32
    assert env.single_observation_space.shape == (env.game.observation_size,)
    assert env.observation_space.contains(obs)
    assert env.action_space.shape == (5,)
    assert env.single_action_space == gymnasium.spaces.Discrete(env.game.num_actions)
    assert info["action_mask"].shape == (5, env.game.num_actions)
    env.close()
    assert env.closed


def test_points_go_to_every_seat_of_the_side_and_episodes_end_with_the_hand() -> None:
    env = BatchVectorEnv(Rules.standard(), 6, seed=2)
    _, info = env.reset()
    rng = np.random.default_rng(0)
    ended = 0
    while ended < 12:
        actor = info["current_player"].copy()
        _obs, rewards, terminated, truncated, info = env.step(_random(info, rng))
        seats = info["rewards"]
        assert not truncated.any()
        assert (terminated == env.game.hand_done).all()
        assert (rewards == seats[np.arange(6), actor]).all()
        assert (seats[:, 0] == seats[:, 2]).all() and (seats[:, 1] == seats[:, 3]).all()
        assert (seats[~terminated] == 0).all()
        done = np.flatnonzero(terminated)
        assert (seats[done][:, :2] == env.game.last_hand_totals[done]).all()
        ended += len(done)


def test_win_rewards_at_the_end_of_whole_games() -> None:
    rules = Rules.standard().evolve(target_score=150, max_hands=2)
    env = BatchVectorEnv(rules, 4, seed=3, episode="game", reward="win")
    _, info = env.reset()
    rng = np.random.default_rng(1)
    games = 0
    while games < 4:
        _, _rewards, terminated, _, info = env.step(_random(info, rng))
        seats = info["rewards"]
        assert set(np.unique(seats)) <= {-1.0, 0.0, 1.0}
        for row in np.flatnonzero(terminated):
            winner = int(info["winner"][row])
            expected = [0.0] * 4 if winner < 0 else [1.0 if seat % 2 == winner else -1.0 for seat in range(4)]
            assert seats[row].tolist() == expected
        games += int(terminated.sum())


def test_a_seed_replays_and_bad_arguments_are_refused() -> None:
    runs = []
    for _ in range(2):
        env = BatchVectorEnv("three_player", 3)
        obs, info = env.reset(seed=5)
        rng = np.random.default_rng(5)
        for _ in range(30):
            obs, *_, info = env.step(_random(info, rng))
        runs.append(obs)
    assert (runs[0] == runs[1]).all()
    with pytest.raises(RulesError):
        BatchVectorEnv("standard", 2, reward="money")  # type: ignore[arg-type,unused-ignore]
    with pytest.raises(RulesError):
        BatchVectorEnv("no_such_preset", 2)

"""The Gymnasium vector wrapper of the batch engine (``spades_rules.batch.vector``; needs Gymnasium)."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from spades_rules import Rules, RulesError  # noqa: E402
from spades_rules.batch import BatchGame, BatchVectorEnv  # noqa: E402
from spades_rules.batch.vector import BatchVectorEnv as Direct  # noqa: E402
from spades_rules.errors import ArgumentTypeError  # noqa: E402


def _random(info: dict[str, Any], rng: Any) -> Any:
    return np.array([rng.choice(np.flatnonzero(row)) for row in info["action_mask"]])


def test_it_is_a_gymnasium_vector_env_with_batched_spaces() -> None:
    env = BatchVectorEnv("jokers", 5, seed=1)
    assert BatchVectorEnv is Direct
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.SAME_STEP
    obs, info = env.reset()
    size = env.game.observation_size + len(env.rules.deck)  # the tensor, then the cards picked for an exchange
    assert obs.shape == (5, size) and obs.dtype == np.float32
    assert env.single_observation_space.shape == (size,)
    assert env.observation_space.contains(obs)
    assert env.action_space.shape == (5,)
    assert env.single_action_space == gymnasium.spaces.Discrete(env.game.num_actions)
    assert info["action_mask"].shape == (5, env.game.num_actions)
    env.close()
    assert env.closed
    plain = BatchVectorEnv(Rules.standard().evolve(blind_nil=False), 2)  # no exchange: the tensor alone
    assert plain.single_observation_space.shape == (plain.game.observation_size,)


def test_points_go_to_every_seat_of_the_side_on_every_step_and_episodes_end_with_the_hand() -> None:
    env = BatchVectorEnv(Rules.standard(), 6, seed=2)
    _, info = env.reset()
    rng = np.random.default_rng(0)
    ended = 0
    while ended < 12:
        actor = info["current_player"].copy()
        obs, rewards, terminated, truncated, info = env.step(_random(info, rng))
        seats = info["rewards"]
        assert seats.shape == (6, 4) and rewards.shape == (6,)
        assert not truncated.any()
        assert env.observation_space.contains(obs)
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
        _, _rewards, terminated, truncated, info = env.step(_random(info, rng))
        assert not truncated.any()  # the rules' own hand limit finishes the game
        seats = info["rewards"]
        assert set(np.unique(seats)) <= {-1.0, 0.0, 1.0}
        for row in np.flatnonzero(terminated):
            winner = int(info["winner"][row])
            expected = [0.0] * 4 if winner < 0 else [1.0 if seat % 2 == winner else -1.0 for seat in range(4)]
            assert seats[row].tolist() == expected
        games += int(terminated.sum())


@pytest.mark.parametrize("reward", ["points", "win"])
def test_whole_games_are_truncated_at_the_backstop_with_their_final_observation(reward: str) -> None:
    env = BatchVectorEnv("standard", 16, seed=4, episode="game", backstop=2, reward=reward)  # type: ignore[arg-type]
    assert env.backstop == 2
    _, info = env.reset()
    rng = np.random.default_rng(2)
    cut = 0
    for _ in range(400):
        actor = info["current_player"].copy()
        _, rewards, terminated, truncated, info = env.step(_random(info, rng))
        assert not (terminated & truncated).any()
        ended = terminated | truncated
        assert ("final_obs" in info) == bool(ended.any())
        if not ended.any():
            continue
        assert (info["_final_obs"] == ended).all()
        for row in range(16):
            final = info["final_obs"][row]
            assert (final is None) == (not ended[row])
            if final is not None:
                assert env.single_observation_space.contains(final)
                assert final[actor[row]] == 1.0  # the seat block: the final observation is the actor's
        scores = info["final_scores"]
        for row in np.flatnonzero(truncated):
            top = scores[row].max()
            leader = int(scores[row].argmax()) if (scores[row] == top).sum() == 1 else -1
            assert info["winner"][row] == leader
            if reward == "win":
                side = env.rules.side_of(int(actor[row]))
                assert rewards[row] == (0.0 if leader < 0 else 1.0 if side == leader else -1.0)
        cut += int(truncated.sum())
    assert cut > 0


def test_zero_sum_rewards_add_up_to_nothing_over_the_sides() -> None:
    for preset, sides in (("standard", 2), ("individual_3", 3)):
        env = BatchVectorEnv(preset, 8, seed=5, reward="zero_sum")
        points = BatchVectorEnv(preset, 8, seed=5)
        _, info = env.reset()
        points.reset()
        rng = np.random.default_rng(3)
        seen = 0
        for _ in range(120):
            actions = _random(info, rng)
            _, _, terminated, _, info = env.step(actions)
            *_, plain = points.step(actions)
            by_side = info["rewards"][:, [env.rules.sides[side][0] for side in range(sides)]]
            assert np.allclose(by_side.sum(axis=1), 0)
            raw = plain["rewards"][:, [env.rules.sides[side][0] for side in range(sides)]]
            expected = raw - (raw.sum(axis=1, keepdims=True) - raw) / (sides - 1)
            assert np.allclose(by_side, expected)
            seen += int(terminated.sum())
        assert seen > 0


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
    with pytest.raises(RulesError, match="reward"):
        BatchVectorEnv("standard", 2, reward="money")  # type: ignore[arg-type,unused-ignore]
    with pytest.raises(RulesError):
        BatchVectorEnv("no_such_preset", 2)
    with pytest.raises(ArgumentTypeError, match="Rules or a preset"):
        BatchVectorEnv(3, 2)  # type: ignore[arg-type]
    for backstop, error in ((0, RulesError), (-1, RulesError), (1.5, ArgumentTypeError), (True, ArgumentTypeError)):
        with pytest.raises(error, match="backstop"):
            BatchVectorEnv("standard", 2, episode="game", backstop=backstop)  # type: ignore[arg-type]


def test_make_vec_builds_the_batch_env_under_the_single_agent_id() -> None:
    from spades_rules.pettingzoo import single_agent

    env = gymnasium.make_vec(single_agent.GYMNASIUM_ID, num_envs=12, vectorization_mode="vector_entry_point",
                             rules_or_preset="jokers", episode="game", reward="win", seed=3)
    assert isinstance(env, BatchVectorEnv)
    assert env.num_envs == 12 and env.rules == Rules.jokers() and env.reward == "win"
    obs, _ = env.reset(seed=1)
    assert obs.shape[0] == 12 and env.single_observation_space.contains(obs[0])
    default = gymnasium.make_vec(single_agent.GYMNASIUM_ID, num_envs=3)  # the vector entry point is the default
    assert isinstance(default, BatchVectorEnv)
    single = gymnasium.make(single_agent.GYMNASIUM_ID, rules_or_preset="standard", compact_actions=True)
    assert single.observation_space == BatchVectorEnv("standard", 1, episode="hand").single_observation_space


def test_gymnasiums_vector_wrappers_run_on_it() -> None:
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    env = RecordEpisodeStatistics(BatchVectorEnv("standard", 4, seed=6))
    _, info = env.reset(seed=6)
    rng = np.random.default_rng(4)
    for _ in range(60):
        _, _, terminated, _, info = env.step(_random(info, rng))
        if terminated.any():
            assert "episode" in info
            break
    else:
        pytest.fail("no hand ended in 60 steps")


def test_the_batch_alone_reports_what_the_env_wraps() -> None:
    games = BatchGame(Rules.standard(), 2, seed=1, episode="game")
    assert games.picked.shape == (2, 52) and not games.picked.any()




def test_negative_seeds_seed_the_environment() -> None:
    first, second = BatchVectorEnv("standard", 3, seed=-1), BatchVectorEnv("standard", 3, seed=-1)
    assert np.array_equal(first.reset()[0], second.reset()[0])
    assert np.array_equal(first.reset(seed=-7)[0], second.reset(seed=np.int64(-7))[0])

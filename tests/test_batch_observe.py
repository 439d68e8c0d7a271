"""The batch's observation tensor as the vector env hands it out: written into a caller's buffer, beside the
picked block, it equals a new build and, row by row, the scalar library's tensor, over random play of every
preset (rows out of step, resets, same-step autoreset, whole games and their backstop truncation)."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from spades_rules import Rules, observation_tensor, observe  # noqa: E402
from spades_rules.batch import BatchGame, BatchVectorEnv  # noqa: E402
from spades_rules.errors import ArgumentTypeError  # noqa: E402

PRESETS = sorted(Rules.presets())


def _scalar(game: BatchGame, row: int) -> object:
    state = game.game_state(row)
    return np.array(observation_tensor(observe(state, int(game.current_player[row]))), dtype=np.float32)


@pytest.mark.parametrize("episode", ["hand", "game"])
@pytest.mark.parametrize("name", PRESETS)
def test_the_env_observation_is_the_tensor_of_the_seat_to_act_and_its_picks(name: str, episode: str) -> None:
    env = BatchVectorEnv(name, 12, seed=3, episode=episode, backstop=1, record=True)
    game = env.game
    rng = np.random.default_rng(4)
    obs, info = env.reset()
    ended = 0
    for step in range(160):
        fresh = game.observation_tensor()
        size = game.observation_size
        assert np.array_equal(obs[:, :size], fresh)
        expected_picks = game.picked.astype(np.float32) if obs.shape[1] > size else np.zeros((12, 0), np.float32)
        assert np.array_equal(obs[:, size:], expected_picks)
        row = step % 12  # one row a step against the scalar library, built from nothing
        assert np.array_equal(fresh[row], _scalar(game, row))
        if step == 40:  # a reset of some rows puts them out of step with the others
            game.reset(np.arange(0, 12, 3))
            obs, info = env._observation(), env._info(np.zeros((12, game.rules.players)))
            continue
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in info["action_mask"]])
        obs, _, terminated, truncated, info = env.step(actions)
        ended += int((terminated | truncated).sum())
    assert ended  # hands or backstopped games ended within the run, and the env reset them


def test_the_tensor_is_written_into_a_buffer_of_any_strides_and_bad_buffers_are_refused() -> None:
    game = BatchGame(Rules.standard(), 6, seed=2)
    for _ in range(30):
        game.step(game.random_actions())
    wide = np.full((6, game.observation_size + 5), 7.0, dtype=np.float32)
    written = game.observation_tensor(out=wide[:, :game.observation_size])
    assert np.array_equal(written, game.observation_tensor())
    assert np.array_equal(wide[:, :game.observation_size], game.observation_tensor())
    assert (wide[:, game.observation_size:] == 7.0).all()  # the columns beside it untouched
    assert np.array_equal(game.observation_tensor(1, out=np.empty((6, game.observation_size), np.float32)),
                          game.observation_tensor(1))
    for bad in (np.zeros((6, game.observation_size)), np.zeros((5, game.observation_size), np.float32), [0.0]):
        with pytest.raises(ArgumentTypeError, match="out must be a float32 array"):
            game.observation_tensor(out=bad)  # type: ignore[arg-type]

"""A Gymnasium vector environment over :class:`~spades_rules.batch.BatchGame`, for reinforcement-learning
libraries (needs Gymnasium, the ``pettingzoo`` extra or ``pip install gymnasium``).

Spades is a turn-based game for several seats; a vector environment has one action and one observation
per sub-environment. So each step takes, per game, the action of **the seat to act** and returns the
observation of the seat that acts next (its seat is ``info["current_player"]``; its legal codes
``info["action_mask"]``). ``info["rewards"]`` ``[num_envs, players]`` gives, on every step, every seat's
reward for that step (0 where nothing was scored), and ``rewards`` the reward of the seat that took the
step's action: with ``reward="points"`` each seat's side's points at each hand's end, with ``"zero_sum"``
those points minus the average of the other sides', with ``"win"`` +1 / -1 / 0 at each episode's end.

An episode that ends is reset within the same step (Gymnasium's ``AutoresetMode.SAME_STEP``):
``terminated`` is True when the rules end it, ``truncated`` when a whole game reaches the backstop
(``backstop`` hands, default 100), and the observation returned is already the new episode's first; the
final observation (of the seat that acted) is in ``info["final_obs"]``, with the mask ``info["_final_obs"]``,
and the final scores in ``info["final_scores"]``.

The observation space is one ``Box`` with each entry's true bounds, the same as the single-agent and the
PettingZoo environments' for the same rules and episode length: the tensor of
:func:`~spades_rules.views.tensor.observation_tensor`, followed, under rules with an exchange, by the cards that
the seat to act has picked so far (the compact action space's ``picked`` block).

Importing this module registers ``gymnasium.make_vec("spades_rules/Spades-v0", num_envs=N,
vectorization_mode="vector_entry_point", ...)``, which takes this class's arguments.

>>> import numpy as np
>>> env = BatchVectorEnv("standard", 8, seed=1)
>>> obs, info = env.reset()
>>> obs.shape, info["action_mask"].shape, env.single_action_space
((8, 1060), (8, 81), Discrete(81))
>>> rng = np.random.default_rng(2)
>>> total, hands = np.zeros(4), 0
>>> while hands < 16:
...     legal = info["action_mask"]
...     actions = np.array([rng.choice(np.flatnonzero(row)) for row in legal])
...     obs, rewards, terminated, truncated, info = env.step(actions)
...     total += info["rewards"].sum(axis=0)
...     hands += int(terminated.sum())
>>> bool(total[0] == total[2] and total[1] == total[3])     # partners share their side's points
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal

try:
    import gymnasium
    import numpy as np
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as _error:  # pragma: no cover - exercised only without the extra
    from spades_rules._core.messages import missing_extra

    raise missing_extra("spades_rules.batch.vector (BatchVectorEnv)", "batch,pettingzoo", _error) from _error

from spades_rules._core.checks import never_raising_text
from spades_rules._core.episodes import (
    check_backstop,
    episode_hands,
    observation_bounds,
    register_gymnasium,
    shows_picks,
)
from spades_rules._core.messages import describe
from spades_rules.batch.game import BatchGame
from spades_rules.bots import GAME_BACKSTOP
from spades_rules.errors import ArgumentTypeError, RulesError
from spades_rules.rules import Rules

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

    from spades_rules.batch._arrays import Array

__all__ = ["BatchVectorEnv", "Reward"]

Reward = Literal["points", "zero_sum", "win"]
"""What a seat is rewarded with: ``"points"``, its side's points at each hand's end; ``"zero_sum"``, those
points minus the average of the other sides' (the rewards of a hand then add up to 0 over the sides); or
``"win"``, at each episode's end +1 for the winning side's seats, -1 for the others, 0 for all on a draw (a
truncated game is won by the side leading, as the simulations count a game at the backstop)."""
_REWARDS: Final = ("points", "zero_sum", "win")


@never_raising_text
class BatchVectorEnv(VectorEnv):  # type: ignore[misc]  # Gymnasium's class, untyped where it is not installed
    """``num_envs`` games of ``rules_or_preset`` (a :class:`Rules` or a preset name) as one Gymnasium
    ``VectorEnv`` (see the module for how turns, rewards and the end of episodes map onto it).

    ``episode`` as for :class:`BatchGame` (``"hand"``: each hand is an episode; ``"game"``: whole games,
    truncated after ``backstop`` hands unless the rules end them first; None: no backstop). ``reward``:
    ``"points"``, ``"zero_sum"`` or ``"win"`` (:data:`Reward`). Actions are the compact action codes
    (``single_action_space = Discrete(num_actions)``).
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (Gymnasium's name)

    def __init__(self, rules_or_preset: Rules | str = "standard", num_envs: int = 64, *, episode: str = "hand",
                 seed: int | None = None, reward: Reward = "points", backstop: int | None = GAME_BACKSTOP,
                 record: bool = False) -> None:
        if isinstance(rules_or_preset, str):
            rules = Rules.preset(rules_or_preset)
        elif isinstance(rules_or_preset, Rules):
            rules = rules_or_preset
        else:
            raise ArgumentTypeError(f"BatchVectorEnv needs Rules or a preset name, not {describe(rules_or_preset)}",
                                    parameter="rules_or_preset")
        if not isinstance(reward, str) or reward not in _REWARDS:
            raise RulesError(f"reward must be one of {', '.join(map(repr, _REWARDS))}, not {describe(reward)}")
        backstop = check_backstop(backstop)
        self._options: dict[str, Any] = {"episode": episode, "record": record, "backstop": backstop,
                                         "final_observations": True}
        self.game = BatchGame(rules, num_envs, seed=seed, **self._options)
        self.reward: Reward = reward
        self.num_envs = num_envs
        self._picks = shows_picks(rules, True)
        low, high = observation_bounds(rules, episode_hands(rules, episode == "game", backstop), self._picks)
        self.single_observation_space = gymnasium.spaces.Box(
            np.array(low, np.float32), np.array(high, np.float32), dtype=np.float32
        )
        self.single_action_space = gymnasium.spaces.Discrete(self.game.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = gymnasium.spaces.MultiDiscrete(np.full(num_envs, self.game.num_actions))
        self._side_of = np.array(rules.tables.side_of, dtype=np.intp)
        self._rows = np.arange(num_envs)

    @property
    def rules(self) -> Rules:
        """The rules every game plays."""
        return self.game.rules

    @property
    def backstop(self) -> int | None:
        """The most hands of a whole game before it is truncated (None: no limit)."""
        return self.game.backstop

    def __repr__(self) -> str:
        return f"BatchVectorEnv({self.game.rules!s}, num_envs={self.num_envs}, reward={self.reward!r})"

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Array, dict[str, Any]]:
        """New games in every sub-environment (a new random stream when ``seed`` is given)."""
        if seed is not None:
            self.game = BatchGame(self.game.rules, self.num_envs, seed=seed, **self._options)
        else:
            self.game.reset()
        return self._observation(), self._info(np.zeros((self.num_envs, self._side_of.size)))

    def step(self, actions: ArrayLike) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """One action per game, for its seat to act: ``(obs, rewards, terminated, truncated, info)``."""
        game = self.game
        actor = game.current_player.astype(np.intp)
        game.step(actions)
        seats = self._seat_rewards()
        rewards = seats[self._rows, actor]
        terminated = game.game_done.copy()
        truncated = game.truncated.copy()
        info = self._info(seats)
        ended = terminated | truncated
        if ended.any():
            final = game.final_observation
            if self._picks:
                final = np.concatenate([final, np.zeros((self.num_envs, len(self.rules.deck)), np.float32)], axis=1)
            boxed = np.full(self.num_envs, None, dtype=object)
            for row in np.flatnonzero(ended):
                boxed[row] = final[row]
            info["final_obs"] = boxed
            info["_final_obs"] = ended
            info["final_scores"] = game.final_scores.copy()
        return self._observation(), rewards, terminated, truncated, info

    def _observation(self) -> Array:
        """A new array each step (Gymnasium's vector envs hand out observations the caller may keep): the
        tensor written straight into it, the picked block beside it, no concatenated copy."""
        game = self.game
        if not self._picks:
            return game.observation_tensor()
        size = game.observation_size
        obs = np.empty((self.num_envs, size + len(self.rules.deck)), np.float32)
        game.observation_tensor(out=obs[:, :size])
        np.copyto(obs[:, size:], game.picked)
        return obs

    def _seat_rewards(self) -> Array:
        game = self.game
        if self.reward == "win":
            ended = game.game_done | game.truncated
            winner = game.winner.astype(np.intp)
            won = (self._side_of[None, :] == winner[:, None]).astype(np.float64) * 2 - 1
            return np.where(ended[:, None] & (winner[:, None] >= 0), won, 0.0)
        points = np.where(game.hand_done[:, None], game.last_hand_totals, 0).astype(np.float64)
        if self.reward == "zero_sum":  # a side's points minus the others' average
            sides = points.shape[1]
            points = points - (points.sum(axis=1, keepdims=True) - points) / (sides - 1)
        seats: Array = points[:, self._side_of]
        return seats

    def _info(self, seats: Array) -> dict[str, Any]:
        game = self.game
        return {
            "action_mask": game.legal_action_mask(),
            "current_player": game.current_player.copy(),
            "rewards": seats,
            "hand_done": game.hand_done.copy(),
            "winner": game.winner.copy(),
        }

    def close(self, **kwargs: Any) -> None:
        """Nothing to release (the games are arrays in this process)."""
        self.closed = True


register_gymnasium()

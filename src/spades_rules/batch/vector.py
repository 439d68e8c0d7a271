"""A Gymnasium vector environment over :class:`~spades_rules.batch.BatchGame`, for reinforcement-learning
libraries (needs Gymnasium, the ``pettingzoo`` extra or ``pip install gymnasium``).

Spades is a turn-based game for several seats; a vector environment has one action and one observation
per sub-environment. So each step takes, per game, the action of **the seat to act** and returns the
observation of the seat that acts next (its seat is ``info["current_player"]``; its legal codes
``info["action_mask"]``). Rewards arrive when a hand (or, with ``reward="win"``, a game) ends:
``info["rewards"]`` ``[num_envs, players]`` gives every seat its side's reward, and ``rewards`` the reward of
the seat that took the step's action. A finished game is reset within the same step (Gymnasium's
``AutoresetMode.SAME_STEP``): ``terminated`` is True for that step and the observation returned is already
the new game's first. Episodes never end by truncation, so no final observation is returned.

>>> import numpy as np
>>> env = BatchVectorEnv("standard", 8, seed=1)
>>> obs, info = env.reset()
>>> obs.shape, info["action_mask"].shape, env.single_action_space
((8, 1008), (8, 81), Discrete(81))
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

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from spades_rules._checks import never_raising_text
from spades_rules._messages import describe
from spades_rules.batch.game import BatchGame
from spades_rules.errors import RulesError
from spades_rules.rules import Rules

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

    from spades_rules.batch._arrays import Array

__all__ = ["BatchVectorEnv", "Reward"]

Reward = Literal["points", "win"]
"""What a seat is rewarded with: ``"points"``, its side's points at each hand's end, or ``"win"``, +1 for the
winning side's seats (-1 for the others, 0 on a draw) at each episode's end."""
_REWARDS: Final = ("points", "win")


@never_raising_text
class BatchVectorEnv(VectorEnv):  # type: ignore[misc]  # Gymnasium's class, untyped where it is not installed
    """``num_envs`` games of ``rules_or_preset`` (a :class:`Rules` or a preset name) as one Gymnasium
    ``VectorEnv`` (see the module for how turns and rewards map onto it).

    ``episode`` as for :class:`BatchGame` (``"hand"``: each hand is an episode; ``"game"``: whole games).
    ``reward="points"``: at each hand's end every seat receives its side's points for the hand;
    ``"win"``: at each episode's end +1 for the winning side's seats, -1 for the others, 0 for all on a draw.
    Actions are the compact action codes (``single_action_space = Discrete(num_actions)``).
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (Gymnasium's name)

    def __init__(self, rules_or_preset: Rules | str = "standard", num_envs: int = 64, *, episode: str = "hand",
                 seed: int | None = None, reward: Reward = "points", record: bool = False) -> None:
        rules = Rules.preset(rules_or_preset) if isinstance(rules_or_preset, str) else rules_or_preset
        if not isinstance(reward, str) or reward not in _REWARDS:
            raise RulesError(f"reward must be 'points' or 'win', not {describe(reward)}")
        self.game = BatchGame(rules, num_envs, seed=seed, episode=episode, record=record)  # type: ignore[arg-type]
        self._options = {"episode": episode, "record": record}
        self.reward = reward
        self.num_envs = num_envs
        self.single_observation_space = gymnasium.spaces.Box(
            -np.inf, np.inf, shape=(self.game.observation_size,), dtype=np.float32
        )
        self.single_action_space = gymnasium.spaces.Discrete(self.game.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = gymnasium.spaces.MultiDiscrete(np.full(num_envs, self.game.num_actions))
        self._side_of = np.array(rules.tables.side_of, dtype=np.intp)

    @property
    def rules(self) -> Rules:
        """The rules every game plays."""
        return self.game.rules

    def __repr__(self) -> str:
        return f"BatchVectorEnv({self.game.rules!s}, num_envs={self.num_envs}, reward={self.reward!r})"

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Array, dict[str, Any]]:
        """New games in every sub-environment (a new random stream when ``seed`` is given)."""
        if seed is not None:
            self.game = BatchGame(self.game.rules, self.num_envs, seed=seed, **self._options)  # type: ignore[arg-type]
        else:
            self.game.reset()
        return self.game.observation_tensor(), self._info(np.zeros((self.num_envs, self._side_of.size)))

    def step(self, actions: ArrayLike) -> tuple[Array, Array, Array,
                                                 Array, dict[str, Any]]:
        """One action per game, for its seat to act: ``(obs, rewards, terminated, truncated, info)``."""
        game = self.game
        actor = game.current_player.astype(np.intp)
        game.step(actions)
        seats = self._seat_rewards()
        rewards = seats[np.arange(self.num_envs), actor]
        terminated = game.game_done.copy()
        return game.observation_tensor(), rewards, terminated, np.zeros(self.num_envs, dtype=bool), self._info(seats)

    def _seat_rewards(self) -> Array:
        game = self.game
        if self.reward == "points":
            points = np.where(game.hand_done[:, None], game.last_hand_totals, 0)
            return points[:, self._side_of].astype(np.float64)
        winner = game.winner.astype(np.intp)
        won = (self._side_of[None, :] == winner[:, None]).astype(np.float64) * 2 - 1
        return np.where(game.game_done[:, None] & (winner[:, None] >= 0), won, 0.0)

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




"""One seat as a Gymnasium environment, the other seats played by library bots: for single-agent RL
libraries (Stable-Baselines3, sb3-contrib's ``MaskablePPO``, CleanRL, ...).

Needs the extra ``spades_rules[pettingzoo]`` (Gymnasium and NumPy). It is a plain ``gymnasium.Env``, not a
PettingZoo environment, so it lives in a module of its own; :func:`spades_rules.pettingzoo.single_agent_env`
is the same function, next to the multi-agent :func:`~spades_rules.pettingzoo.env`.

- **Observation**: the float32 vector :func:`~spades_rules.views.tensor.observation_tensor` of the agent's
  :func:`~spades_rules.views.observe` view, as in the PettingZoo environment (in the compact action space
  with an exchange in the rules, followed by one slot per card of the deck: the cards picked so far).
- **Actions**: ``Discrete(num_distinct_actions(rules, compact=compact_actions))``, the library's codec
  codes. :meth:`SingleAgentEnv.action_masks` is the boolean mask of the legal codes, as sb3-contrib's
  ``MaskablePPO`` asks for it, and ``info["action_mask"]`` holds the same mask as int8 after every
  ``reset`` and ``step``. The compact space (``compact_actions=True``) is the better choice for learning
  (81 codes for standard Spades instead of 1,548; see the AI page of the docs).
- **Other seats**: ``opponents`` plays every other seat, the agent's partner included: one spec for all
  of them or one per other seat in seat order. A spec is a built-in bot's name (``"random"``,
  ``"heuristic"``, ``"search"``), a factory ``seed -> bot`` (a bot class is one), or a bot. Factories and
  names are built again at every ``reset``, seeded from the episode's generator, so ``reset(seed=...)``
  replays the same episode for the same actions. Bots that have ``decide(observation)`` (every built-in
  bot) see only their seat's view.
- **Episodes and rewards**: one hand (default) or a whole game (``whole_game=True``). A whole game that
  has played ``backstop`` hands (default 50) without its rules ending it is **truncated**: ``step``
  returns ``truncated=True`` (``terminated`` False) and the observation of the position the game would go
  on from (between hands: the scores, the bags, the next dealer); ``info["scores"]`` holds the scores,
  for a reward of your choosing. ``backstop=None`` removes it. Each step's reward is the agent's side's points for
  the hands that ended since its previous step (``reward="points"``), or those points minus the best
  other side's (``reward="margin"``). A code outside the mask ends the episode with
  :attr:`~SingleAgentEnv.illegal_reward` (minus a bound on one hand's points, so no hand is worse) and
  ``info["illegal_action"] = True``.
- ``env.game_state`` is the library's :class:`~spades_rules.state.GameState`; ``render_mode="ansi"``
  returns, ``"human"`` prints, the table as the agent sees it.
- **Observation space**: ``Box(low, high)`` with each entry's true bounds (:func:`observation_box`): 0/1
  flags and counts scaled into [0, 1], the scores within the most points the episode's hands can give,
  the same space as the batch's vector environment and PettingZoo's for the same tensor.
- Importing the module registers the environment with Gymnasium as :data:`GYMNASIUM_ID`
  (``gymnasium.make("spades_rules/Spades-v0", rules_or_preset="jokers", compact_actions=True)``), and
  under the same id the batch's vector environment (``gymnasium.make_vec("spades_rules/Spades-v0",
  num_envs=64, vectorization_mode="vector_entry_point", rules_or_preset="jokers")``).

>>> from spades_rules.pettingzoo.single_agent import single_agent_env
>>> table = single_agent_env("standard", seat=0, opponents="heuristic", compact_actions=True)
>>> observation, info = table.reset(seed=1)
>>> observation.shape, int(table.action_space.n), table.game_state.to_act
((1060,), 81, 0)
>>> terminated = False
>>> while not terminated:                          # the first legal code every time
...     code = int(table.action_masks().argmax())
...     observation, reward, terminated, truncated, info = table.step(code)
>>> table.game_state.hands_played, reward == table.game_state.results[0].totals[0]
(1, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as _error:  # pragma: no cover - exercised only without the extra
    from spades_rules._core.messages import missing_extra

    raise missing_extra("spades_rules.pettingzoo.single_agent", "pettingzoo", _error) from _error

from spades_rules._core.checks import check_seat, integer_or_none
from spades_rules._core.episodes import (
    DEFAULT_MAX_HANDS,
    GYMNASIUM_NAME,
    MAX_REDEALS,
    check_action_space,
    check_backstop,
    check_whole_game,
    episode_hands,
    episode_over,
    episode_truncated,
    hand_bound,
    observation_bounds,
    offered_codes,
    picked_tensor,
    picked_text,
    play_code,
    register_gymnasium,
    shows_picks,
)
from spades_rules._core.messages import describe
from spades_rules.actions import Action, Deal, Redeal
from spades_rules.bots import BUILTIN_BOTS, Bot
from spades_rules.cards import Card
from spades_rules.codec import num_distinct_actions
from spades_rules.engine import apply, legal_actions, new_game
from spades_rules.errors import ArgumentTypeError, RulesError, SeatError
from spades_rules.rules import Rules
from spades_rules.state import GameState
from spades_rules.views import Observation, observe
from spades_rules.views.tensor import observation_tensor

__all__ = ["GYMNASIUM_ID", "OpponentSpec", "SingleAgentEnv", "observation_box", "single_agent_env"]

OpponentSpec: TypeAlias = str | Callable[[int], Bot] | Bot
"""A built-in bot's name, a factory ``seed -> bot``, or a bot."""

_REWARDS: Final = ("points", "margin")


def observation_box(rules: Rules, picks: bool, *, hands: int | None = 1) -> spaces.Box:
    """The space of a seat's observation vector: :func:`~spades_rules.views.tensor.observation_tensor` of its
    view (followed by the cards it has picked, with ``picks``), each entry within its true bounds over
    episodes of at most ``hands`` hands from 0-0 (1: one-hand episodes; None: no limit, the scores then
    unbounded). The single-agent, PettingZoo and batch vector environments all use it.

    >>> box = observation_box(Rules.standard(), False, hands=50)   # 50 hands of at most 873 points, / 500
    >>> round(float(box.low.min()), 1), round(float(box.high.max()), 1), box.shape
    (-87.3, 87.3, (1008,))
    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"observation_box needs a Rules value, not {describe(rules)}", parameter="rules")
    if type(picks) is not bool:
        raise ArgumentTypeError(f"observation_box(picks=...) must be True or False, not {describe(picks)}",
                                parameter="picks")
    if hands is not None:
        hands = check_backstop(hands, "observation_box(hands=...)")
    low, high = observation_bounds(rules, hands, picks)
    return spaces.Box(low=np.array(low, np.float32), high=np.array(high, np.float32), dtype=np.float32)


def _rules_of(rules_or_preset: object, where: str) -> Rules:
    if isinstance(rules_or_preset, str):
        return Rules.preset(rules_or_preset)
    if isinstance(rules_or_preset, Rules):
        return rules_or_preset
    raise ArgumentTypeError(
        f"{where} needs Rules or a preset name, not {type(rules_or_preset).__name__}", parameter="rules_or_preset"
    )


def _is_bot(spec: object) -> bool:
    """A bot itself (not a name, not a factory such as a bot class)."""
    return not isinstance(spec, type) and (
        callable(getattr(spec, "decide", None)) or callable(getattr(spec, "choose", None))
    )


def _check_opponent(spec: object, at: str) -> OpponentSpec:
    if isinstance(spec, str):
        if spec not in BUILTIN_BOTS:
            raise RulesError(
                f"opponents{at}: unknown bot {describe(spec)}; the built-in bots are {', '.join(BUILTIN_BOTS)}"
            )
        return spec
    if _is_bot(spec) or callable(spec):
        return spec  # type: ignore[return-value]
    raise ArgumentTypeError(
        f"opponents{at}: a bot's name, a factory seed -> bot or a bot, not {type(spec).__name__}",
        parameter="opponents",
    )


class SingleAgentEnv(gymnasium.Env[np.ndarray[Any, Any], np.int64]):
    """One seat of a Spades game against library bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012 - Gymnasium's

    def __init__(
        self,
        rules_or_preset: Rules | str = "standard",
        *,
        seat: int = 0,
        opponents: OpponentSpec | Sequence[OpponentSpec] = "heuristic",
        whole_game: bool = False,
        compact_actions: bool = False,
        reward: str = "points",
        render_mode: str | None = None,
        backstop: int | None = DEFAULT_MAX_HANDS,
    ) -> None:
        rules = _rules_of(rules_or_preset, "single_agent_env")
        self.rules: Rules = rules
        """The rules played."""
        self.backstop: int | None = check_backstop(backstop)
        """The most hands of a whole-game episode before it is truncated (None: no limit)."""
        self.seat: int = check_seat(seat, rules.players)
        """The agent's seat."""
        others = rules.players - 1
        if isinstance(opponents, Sequence) and not isinstance(opponents, str):
            if len(opponents) != others:
                raise SeatError(
                    f"opponents: one bot for every other seat ({others}), not {len(opponents)}",
                    seat=len(opponents), players=rules.players,
                )
            specs = tuple(_check_opponent(spec, f"[{at}]") for at, spec in enumerate(opponents))
        else:
            specs = (_check_opponent(opponents, ""),) * others
        self._specs = specs
        if type(reward) is not str or reward not in _REWARDS:
            raise RulesError(f"reward must be one of {', '.join(_REWARDS)}, not {describe(reward)}")
        if render_mode is not None and (type(render_mode) is not str or render_mode not in ("human", "ansi")):
            raise RulesError(f"render_mode must be None, 'human' or 'ansi', not {describe(render_mode)}")
        self.whole_game: bool = check_whole_game(whole_game)
        self.compact_actions: bool = check_action_space(rules, compact_actions, "single_agent_env")
        """Whether actions are codes of the compact space (an exchange picked a card at a time)."""
        self.reward: str = reward
        self.render_mode = render_mode
        self.illegal_reward: float = -float(hand_bound(rules))
        """The reward of an action outside the mask (which ends the episode): no hand scores worse."""
        self._picks = shows_picks(rules, compact_actions)
        self.observation_space = observation_box(rules, self._picks,
                                                 hands=episode_hands(rules, whole_game, self.backstop))
        self._num_actions = num_distinct_actions(rules, compact=compact_actions)
        self.action_space = spaces.Discrete(self._num_actions)
        self._state = new_game(rules)
        self._picked: tuple[Card, ...] = ()
        self._redeals = 0
        self._rng = random.Random(0)
        self._bots: dict[int, Bot] = {}
        self._done = True
        self._truncated = False

    # -------------------------------------------------------------------------------- the library's view
    @property
    def game_state(self) -> GameState:
        """The library's state of the game in progress."""
        return self._state

    @property
    def picked(self) -> tuple[Card, ...]:
        """In the compact action space, the cards the agent has picked so far for its exchange."""
        return self._picked

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal codes of the agent, as booleans (what sb3-contrib's ``MaskablePPO`` calls)."""
        mask = np.zeros(self._num_actions, np.bool_)
        if not self._done:
            mask[list(self._offered())] = True
        return mask

    # -------------------------------------------------------------------------------- the Gymnasium API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        if seed is not None:  # gymnasium takes a non-negative int (a NumPy integer too, as an int here)
            number = integer_or_none(seed)
            if number is None or number < 0:
                raise ArgumentTypeError(f"reset(seed=...) must be a non-negative integer or None, not {describe(seed)}",
                                        parameter="seed")
            seed = number
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        self._bots = {}
        others = [seat for seat in range(self.rules.players) if seat != self.seat]
        for seat, spec in zip(others, self._specs, strict=True):
            if _is_bot(spec):
                self._bots[seat] = spec  # type: ignore[assignment]
            else:
                factory = BUILTIN_BOTS[spec] if isinstance(spec, str) else spec
                self._bots[seat] = factory(self._rng.getrandbits(63))  # type: ignore[operator]
        self._state = new_game(self.rules)
        self._picked = ()
        self._redeals = 0
        self._done = False
        self._truncated = False
        self._play_others()  # no hand can end before the agent has played in it
        return self._observation(), self._info()

    def step(self, action: int | np.integer[Any]) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        if self._done:
            raise RulesError("the episode is over: call reset() before step()")
        code = integer_or_none(action)  # a NumPy integer (or a 0-d array) as agents give it
        if code is None and getattr(action, "shape", None) == (1,) and getattr(action, "dtype", None) is not None:
            code = integer_or_none(action[0])  # type: ignore[index]  # a one-element array of an integer
        if code is None:
            raise ArgumentTypeError(f"step() needs an action code (an integer), not {describe(action)}",
                                    parameter="action")
        if code not in self._offered():
            self._done = True
            return self._observation(), self.illegal_reward, True, False, {**self._info(), "illegal_action": True}
        before = self._state
        self._state, self._picked, redeal = play_code(before, code, self.compact_actions, self._picked)
        self._redeals = self._redeals + 1 if redeal else 0
        points = self._finished(before)
        points += self._play_others()
        if self.render_mode == "human":
            self.render()
        return (self._observation(), float(points), self._done and not self._truncated, self._truncated,
                self._info())

    def render(self) -> str | None:
        """The table as the agent sees it: returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            return None
        text = str(observe(self._state, self.seat)) + picked_text(self._state, self.seat, self._picked)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    # -------------------------------------------------------------------------------- the other seats
    def _offered(self) -> tuple[int, ...]:
        return offered_codes(self._state, self.seat, self._redeals, self.compact_actions, self._picked)

    def _play_others(self) -> float:
        """Deal and let the bots act until the agent is to act or the episode ends: the agent's points."""
        points = 0.0
        while True:
            state = self._state
            if episode_over(state, self.whole_game):
                self._done = True
                return points
            if episode_truncated(state, self.whole_game, self.backstop):
                self._done = self._truncated = True
                return points
            if state.is_chance:
                self._state = apply(state, Deal.shuffled(self.rules, self._rng))
                continue
            seat = state.to_act
            assert seat is not None
            if seat == self.seat:
                return points
            action = self._bot_action(seat, state)
            self._state = apply(state, action)
            self._redeals = self._redeals + 1 if type(action) is Redeal else 0
            points += self._finished(state)

    def _bot_action(self, seat: int, state: GameState) -> Action:
        bot = self._bots[seat]
        decide: Callable[[Observation], Action] | None = getattr(bot, "decide", None)  # a bot of views, if so
        action = decide(observe(state, seat)) if callable(decide) else bot.choose(state)
        if type(action) is Redeal and self._redeals >= MAX_REDEALS:  # a game must end
            return next(move for move in legal_actions(state, seat) if type(move) is not Redeal)
        return action

    def _finished(self, before: GameState) -> float:
        """The agent's reward for the hand that the last action finished (0 when none did)."""
        after = self._state
        if after.hands_played == before.hands_played:
            return 0.0
        result = after.last_result
        assert result is not None
        totals = result.totals
        side = self.rules.side_of(self.seat)
        if self.reward == "points":
            return float(totals[side])
        others = [total for at, total in enumerate(totals) if at != side]
        return float(totals[side] - max(others))

    def _observation(self) -> np.ndarray[Any, Any]:
        values = observation_tensor(observe(self._state, self.seat))
        if self._picks:
            values += picked_tensor(self.rules, self._state, self.seat, self._picked)
        return np.fromiter(values, np.float32, count=len(values))

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_masks().astype(np.int8)}
        if self._done:
            info["scores"] = self._state.scores
        return info


def single_agent_env(
    rules_or_preset: Rules | str = "standard",
    *,
    seat: int = 0,
    opponents: OpponentSpec | Sequence[OpponentSpec] = "heuristic",
    whole_game: bool = False,
    compact_actions: bool = False,
    reward: str = "points",
    render_mode: str | None = None,
    backstop: int | None = DEFAULT_MAX_HANDS,
) -> SingleAgentEnv:
    """A Gymnasium environment where the agent plays ``seat`` and ``opponents`` play the other seats (see
    the module docstring)."""
    return SingleAgentEnv(
        rules_or_preset, seat=seat, opponents=opponents, whole_game=whole_game, compact_actions=compact_actions,
        reward=reward, render_mode=render_mode, backstop=backstop,
    )


GYMNASIUM_ID: Final = GYMNASIUM_NAME
"""The id this module registers with Gymnasium: ``gymnasium.make(GYMNASIUM_ID, rules_or_preset=..., ...)``
takes the arguments of :func:`single_agent_env`; ``gymnasium.make_vec(GYMNASIUM_ID, num_envs=N,
vectorization_mode="vector_entry_point", ...)`` those of :class:`~spades_rules.batch.vector.BatchVectorEnv`
(importing :mod:`spades_rules.batch.vector` registers the same id)."""

register_gymnasium()

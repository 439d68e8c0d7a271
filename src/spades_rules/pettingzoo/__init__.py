"""Every variant as a PettingZoo AEC environment, laid out like PettingZoo's classic card games.

Needs the extra ``spades_rules[pettingzoo]`` (the ``pettingzoo`` package, with Gymnasium and NumPy).

- :func:`env` builds the environment wrapped in PettingZoo's usual wrappers (illegal moves end the
  episode with a penalty, actions out of bounds are refused, the API order is enforced); :class:`raw_env`
  is the bare environment.
- Agents are ``player_0 … player_{n-1}``, one per seat.
- Each observation is a dict: ``observation`` is :func:`~spades_rules.views.tensor.observation_tensor` of the
  seat's :func:`~spades_rules.views.observe` view as float32, ``action_mask`` an int8 array over
  :func:`~spades_rules.codec.num_distinct_actions` codes with 1 at the seat's legal codes
  (:func:`~spades_rules.codec.legal_codes`; all 0 when it is not the seat's turn). The action space is
  ``Discrete(num_distinct_actions(rules))``: actions are the library's codec codes.
- ``compact_actions=True`` plays in the compact action space of :mod:`spades_rules.codec` (an exchange is
  picked a card at a time: 81 codes for standard Spades instead of 1,548); with an exchange in the rules
  the observation then ends with one slot per card of the deck, the cards the agent has picked so far
  (``env.unwrapped.picked``). Rules whose full space is too large for a mask (``blind_nil_exchange`` of 6
  or more) are refused without it.
- :func:`single_agent_env` (from :mod:`spades_rules.pettingzoo.single_agent`) is the Gymnasium environment of one
  seat against library bots, for single-agent RL libraries.
- Deals are done by the environment, from a :class:`random.Random` seeded by ``reset(seed=...)``:
  the same seed gives the same deals, so the same actions give the same episode.
- An episode is one hand (``whole_game=False``, the default) or a whole game (``whole_game=True``). A
  whole game that has played ``backstop`` hands (default 50) without its rules ending it is
  **truncated**: every agent's ``truncations`` entry is True (``terminations`` False), each ``infos``
  entry holds the ``"scores"``, and the observations are those of the position the game would go on from
  (between hands). ``backstop=None`` removes it. Each finished hand rewards every agent
  with its side's points for the hand, so an agent's cumulative reward is its side's points over the
  episode. A redeal is offered to the seat to act only, at most 3 times in a row.
- ``render_mode="ansi"`` returns, and ``"human"`` prints, the text of the table as the agent to act sees
  it (:func:`~spades_rules.views.observe`).
- ``env.unwrapped.game_state`` is the library's :class:`~spades_rules.state.GameState`.

>>> from spades_rules.pettingzoo import env
>>> table = env("three_player")
>>> table.reset(seed=1)
>>> table.agents, table.agent_selection
(['player_0', 'player_1', 'player_2'], 'player_1')
>>> observation, reward, termination, truncation, info = table.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())   # bids 0 to 17
((614,), 18)
>>> table.unwrapped.game_state.phase
<Phase.BID: 'bid'>
"""

from __future__ import annotations

import random
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as _error:  # pragma: no cover - exercised only without the extra
    from spades_rules._core.messages import missing_extra

    raise missing_extra("spades_rules.pettingzoo", "pettingzoo", _error) from _error

from spades_rules._core.checks import integer_or_none, random_source
from spades_rules._core.episodes import (
    DEFAULT_MAX_HANDS,
    check_action_space,
    check_backstop,
    check_whole_game,
    episode_hands,
    episode_over,
    episode_truncated,
    hand_rewards,
    offered_codes,
    picked_tensor,
    picked_text,
    play_code,
    shows_picks,
)
from spades_rules._core.messages import describe
from spades_rules.actions import Deal
from spades_rules.cards import Card
from spades_rules.codec import num_distinct_actions
from spades_rules.engine import apply, new_game
from spades_rules.errors import ArgumentTypeError, RulesError
from spades_rules.pettingzoo.single_agent import SingleAgentEnv, observation_box, single_agent_env
from spades_rules.rules import Rules
from spades_rules.state import GameState
from spades_rules.views import observe
from spades_rules.views.tensor import observation_tensor

__all__ = ["SingleAgentEnv", "env", "raw_env", "single_agent_env"]

def env(
    rules_or_preset: Rules | str = "standard",
    *,
    whole_game: bool = False,
    render_mode: str | None = None,
    compact_actions: bool = False,
    backstop: int | None = DEFAULT_MAX_HANDS,
) -> AECEnv:
    """The environment for a :class:`Rules` value or a preset name, in PettingZoo's usual wrappers."""
    wrapped: AECEnv = raw_env(
        rules_or_preset, whole_game=whole_game, render_mode=render_mode, compact_actions=compact_actions,
        backstop=backstop,
    )
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv, EzPickle):
    """The bare AEC environment (see the module docstring); :func:`env` wraps it."""

    metadata: dict[str, Any] = {  # noqa: RUF012  AECEnv declares an instance dict: Final or ClassVar would not match it
        "render_modes": ["human", "ansi"],
        "name": "spades_rules_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules_or_preset: Rules | str = "standard",
        *,
        whole_game: bool = False,
        render_mode: str | None = None,
        compact_actions: bool = False,
        backstop: int | None = DEFAULT_MAX_HANDS,
    ) -> None:
        EzPickle.__init__(
            self, rules_or_preset, whole_game=whole_game, render_mode=render_mode, compact_actions=compact_actions,
            backstop=backstop,
        )
        super().__init__()
        if isinstance(rules_or_preset, str):
            rules = Rules.preset(rules_or_preset)
        elif isinstance(rules_or_preset, Rules):
            rules = rules_or_preset
        else:
            raise ArgumentTypeError(
                f"env needs Rules or a preset name, not {type(rules_or_preset).__name__}",
                parameter="rules_or_preset",
            )
        if render_mode is not None and (type(render_mode) is not str or render_mode not in ("human", "ansi")):
            raise RulesError(f"render_mode must be None, 'human' or 'ansi', not {describe(render_mode)}")
        self.rules: Rules = rules
        self.whole_game = check_whole_game(whole_game)
        self.backstop: int | None = check_backstop(backstop)
        """The most hands of a whole-game episode before it is truncated (None: no limit)."""
        self.compact_actions: bool = check_action_space(self.rules, compact_actions, "env")
        """Whether actions are codes of the compact space (an exchange picked a card at a time)."""
        self.render_mode = render_mode
        n = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.agents = self.possible_agents[:]
        self._picks = shows_picks(self.rules, compact_actions)
        box = observation_box(self.rules, self._picks, hands=episode_hands(self.rules, whole_game, self.backstop))
        self._num_actions = num_distinct_actions(self.rules, compact=compact_actions)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": box,
                    "action_mask": spaces.Box(low=0, high=1, shape=(self._num_actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self._num_actions) for agent in self.possible_agents}
        self._rng = random.Random()
        self._state = new_game(self.rules)
        self._redeals = 0
        self._picked: tuple[Card, ...] = ()

    # -------------------------------------------------------------------------------- the library's view
    @property
    def game_state(self) -> GameState:
        """The library's state of the game in progress."""
        return self._state

    @property
    def picked(self) -> tuple[Card, ...]:
        """In the compact action space, the cards the agent to act has picked so far for its exchange."""
        return self._picked

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    def _seat(self, agent: str) -> int:
        if type(agent) is not str or agent not in self.possible_agents:
            raise ArgumentTypeError(f"no agent called {describe(agent)}: the agents are {self.possible_agents}",
                                    parameter="agent")
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        seat = self._seat(agent)
        mask = np.zeros(self._num_actions, np.int8)
        for code in offered_codes(self._state, seat, self._redeals, self.compact_actions, self._picked):
            mask[code] = 1
        values = observation_tensor(observe(self._state, seat))
        if self._picks:
            values += picked_tensor(self.rules, self._state, seat, self._picked)
        tensor = np.fromiter(values, np.float32, count=len(values))
        return {"observation": tensor, "action_mask": mask}

    # -------------------------------------------------------------------------------- the AEC loop
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random_source(seed, "env.reset", "seed")  # NumPy integers too; a list is refused
        self.agents = self.possible_agents[:]
        self._state = self._deal(new_game(self.rules))
        self._redeals = 0
        self._picked = ()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _deal(self, state: GameState) -> GameState:
        while state.is_chance:
            state = apply(state, Deal.shuffled(self.rules, self._rng))
        return state

    def _select(self) -> None:
        seat = self._state.to_act
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def step(self, action: int) -> None:
        if not hasattr(self, "agent_selection"):  # PettingZoo's AECEnv sets it in reset()
            raise RulesError("step() before reset(): call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = self._state
        code = integer_or_none(action)  # PettingZoo's wrappers pass NumPy integers
        if code is None:
            raise ArgumentTypeError(f"step() needs an action code (an integer), not {describe(action)}",
                                    parameter="action")
        after, self._picked, redeal = play_code(before, code, self.compact_actions, self._picked)
        after = self._deal(after)
        self._redeals = self._redeals + 1 if redeal else 0
        self._state = after
        self._cumulative_rewards[agent] = 0.0
        points = hand_rewards(before, after)
        self.rewards = {
            name: 0.0 if points is None else float(points[seat]) for seat, name in enumerate(self.possible_agents)
        }
        if episode_over(after, self.whole_game):
            self.terminations = dict.fromkeys(self.agents, True)
        elif episode_truncated(after, self.whole_game, self.backstop):
            self.truncations = dict.fromkeys(self.agents, True)
            self.infos = {agent: {"scores": after.scores} for agent in self.agents}
        else:
            self._select()
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as the agent to act sees it: returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            return None
        seat = self._seat(self.agent_selection)
        text = str(observe(self._state, seat)) + picked_text(self._state, seat, self._picked)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""

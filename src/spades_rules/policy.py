"""Trained policies as bots: a policy is a callable from a seat's observation vector and its mask of legal
codes to one code, and :class:`PolicyBot` makes it a bot like the built-in ones, for
:func:`~spades_rules.simulation.run_match`, ``spades-rules match`` and every other place that takes a bot.

Needs NumPy (the ``batch`` extra). The observation vector is what the environments give an agent:
:func:`~spades_rules.views.tensor.observation_tensor` of the seat's view as float32, followed, in the compact
action space under rules with an exchange, by one slot per card of the deck for the cards the seat has
picked so far; the mask is a bool array over the codes of :func:`~spades_rules.codec.num_distinct_actions`
(``compact_actions=True``: the compact space of the batch engine and the adapters' compact mode, an
exchange picked a card at a time; False: the full space, an exchange one code).

:class:`MLPPolicy` is a small multilayer perceptron written in NumPy (the self-play example trains one),
saved to and loaded from an ``.npz`` file; any callable ``policy(observation, mask) -> code`` works too.

>>> import numpy as np
>>> from spades_rules import Rules
>>> from spades_rules.bots import RandomBot, play_game
>>> rules = Rules.standard()
>>> rng = np.random.default_rng(0)
>>> size, actions = policy_observation_size(rules), num_distinct_actions(rules, compact=True)
>>> policy = MLPPolicy([(rng.normal(0, 0.1, (size, 16)), np.zeros(16)), (rng.normal(0, 0.1, (16, actions)),
...                     np.zeros(actions))])
>>> final = play_game(rules, [PolicyBot(policy, rules), RandomBot(1), PolicyBot(policy, rules), RandomBot(3)],
...                   seed=4, max_hands=2)
>>> final.is_over
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias

try:
    import numpy as np
except ImportError as _error:  # pragma: no cover - exercised only without the extra
    from spades_rules._core.messages import missing_extra

    raise missing_extra("spades_rules.policy", "batch", _error) from _error

from spades_rules._core.checks import integer_or_none, never_raising_text
from spades_rules._core.episodes import shows_picks
from spades_rules._core.messages import clip, describe
from spades_rules.actions import Exchange, PlayerAction
from spades_rules.cards import Card
from spades_rules.codec import compact_codes, encode_action, num_distinct_actions
from spades_rules.errors import ArgumentTypeError, RulesError, SpadesError
from spades_rules.rules import Rules
from spades_rules.state import GameState, Phase
from spades_rules.views import Observation, observe
from spades_rules.views.render import check_view
from spades_rules.views.tensor import observation_tensor, observation_tensor_size

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

__all__ = [
    "Activation",
    "MLPPolicy",
    "Policy",
    "PolicyBot",
    "policy_bot",
    "policy_observation_size",
]

Policy: TypeAlias = "Callable[[NDArray[np.float32], NDArray[np.bool_]], int]"
"""A policy: ``policy(observation, mask) -> code``, one of the codes where ``mask`` is True."""
Activation: TypeAlias = Literal["tanh", "relu"]
"""The hidden layers' activation of an :class:`MLPPolicy`."""
_ACTIVATIONS: Final = ("tanh", "relu")
_MAX_PICKS: Final = 64
"""More picks than any exchange has: a policy that never completes one is refused, not looped on."""


def policy_observation_size(rules: Rules, *, compact_actions: bool = True) -> int:
    """The length of the observation vector a policy gets under ``rules``: the tensor, plus the cards
    picked so far in the compact space under rules with an exchange.

    >>> policy_observation_size(Rules.standard()), policy_observation_size(Rules.standard(), compact_actions=False)
    (1060, 1008)
    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"policy_observation_size needs a Rules value, not {describe(rules)}",
                                parameter="rules")
    compact = _flag(compact_actions, "compact_actions")
    return observation_tensor_size(rules) + (len(rules.deck) if shows_picks(rules, compact) else 0)


def _flag(value: object, name: str) -> bool:
    if type(value) is not bool:
        raise ArgumentTypeError(f"{name} must be True or False, not {describe(value)}", parameter=name)
    return value


@never_raising_text
class MLPPolicy:
    """A multilayer perceptron: ``layers`` is a sequence of ``(weights, bias)`` pairs, ``weights`` of shape
    ``(inputs, outputs)``; hidden layers apply ``activation``, the last gives one logit per action code.
    The policy plays the legal code of the highest logit (``greedy=True``, the default) or samples the
    softmax of the legal codes' logits (``greedy=False``, from ``seed``).

    Shapes are checked when it is built (each layer's inputs are the previous layer's outputs, a bias per
    output, finite numbers) and when a :class:`PolicyBot` takes it (the first layer's inputs are the rules'
    observation size, the last layer's outputs their number of codes).
    """

    def __init__(self, layers: Sequence[tuple[ArrayLike, ArrayLike]], *, activation: Activation = "tanh",
                 greedy: bool = True, seed: int | None = None) -> None:
        if not isinstance(activation, str) or activation not in _ACTIVATIONS:
            raise RulesError(f"activation must be 'tanh' or 'relu', not {describe(activation)}")
        self.activation: Activation = activation
        self.greedy = _flag(greedy, "greedy")
        self.layers = _checked_layers(layers)
        number = integer_or_none(seed)
        if seed is not None and (number is None or number < 0):
            raise ArgumentTypeError(f"seed must be a non-negative integer or None, not {describe(seed)}",
                                    parameter="seed")
        self._rng = np.random.default_rng(number)

    def __repr__(self) -> str:
        sizes = [self.layers[0][0].shape[0], *(weights.shape[1] for weights, _ in self.layers)]
        return f"MLPPolicy({' -> '.join(map(str, sizes))}, activation={self.activation!r})"

    @property
    def observation_size(self) -> int:
        """The length of the observation vector it reads (the first layer's inputs)."""
        return int(self.layers[0][0].shape[0])

    @property
    def num_actions(self) -> int:
        """The number of action codes it scores (the last layer's outputs)."""
        return int(self.layers[-1][0].shape[1])

    def logits(self, observations: ArrayLike) -> NDArray[np.float32]:
        """The logits ``[rows, num_actions]`` of a batch of observations ``[rows, observation_size]`` (or of
        one observation, ``[num_actions]``)."""
        values = _array(observations, np.float32, "observations")
        if values.shape[-1:] != (self.observation_size,) or values.ndim > 2:
            raise ArgumentTypeError(
                f"observations must have {self.observation_size} entries per row, not shape {values.shape}",
                parameter="observations",
            )
        for at, (weights, bias) in enumerate(self.layers):
            values = values @ weights + bias
            if at + 1 < len(self.layers):
                values = np.tanh(values) if self.activation == "tanh" else np.maximum(values, 0)
        out: NDArray[np.float32] = values.astype(np.float32, copy=False)
        return out

    def act(self, observations: ArrayLike, masks: ArrayLike) -> NDArray[np.intp]:
        """One legal code per row: the best (``greedy``) or a sample of the masked softmax."""
        legal = _array(masks, np.bool_, "masks")
        logits = self.logits(observations)
        if legal.shape != logits.shape:
            raise ArgumentTypeError(f"masks must have shape {logits.shape}, not {legal.shape}", parameter="masks")
        if not legal.any(axis=-1).all():
            raise SpadesError("a mask with no legal code: the policy has nothing to choose")
        scores = np.where(legal, logits, -np.inf)
        if self.greedy:
            chosen: NDArray[np.intp] = np.argmax(scores, axis=-1)
            return chosen
        scores = scores - scores.max(axis=-1, keepdims=True)
        weights = np.exp(scores)
        cumulative = np.cumsum(weights, axis=-1)
        draw = self._rng.random(cumulative.shape[:-1] + (1,)) * cumulative[..., -1:]
        picked: NDArray[np.intp] = np.minimum((cumulative <= draw).sum(axis=-1), legal.shape[-1] - 1)
        return picked

    def __call__(self, observation: NDArray[np.float32], mask: NDArray[np.bool_]) -> int:
        """The policy's code for one observation and its mask (the :data:`Policy` protocol)."""
        return int(self.act(observation, mask))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the weights to an ``.npz`` file (``W0, b0, W1, b1, ...`` and the activation)."""
        arrays: dict[str, Any] = {"activation": np.array(self.activation)}
        for at, (weights, bias) in enumerate(self.layers):
            arrays[f"W{at}"], arrays[f"b{at}"] = weights, bias
        target = _path(path, "MLPPolicy.save")
        try:
            with target.open("wb") as out:
                np.savez(out, **arrays)
        except (OSError, ValueError) as error:  # ValueError: a name with a NUL byte
            reason = error.strerror if isinstance(error, OSError) else str(error)
            raise SpadesError(f"cannot write policy weights to {describe(str(target))}: {reason}") from None

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, greedy: bool = True, seed: int | None = None) -> MLPPolicy:
        """The policy saved in ``path`` by :meth:`save` (a missing or malformed file is a library error)."""
        source = _path(path, "MLPPolicy.load")
        try:
            with np.load(source, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
        except Exception as error:  # missing, not a .npz, a damaged archive
            raise SpadesError(f"cannot read policy weights from {describe(str(source))}: {clip(str(error), 200)}"
                              ) from None
        if not isinstance(arrays, dict):
            raise SpadesError(f"{describe(str(source))} holds no MLPPolicy weights (W0, b0, ..., activation)")
        count = sum(1 for name in arrays if name.startswith("W"))
        missing = [name for at in range(count) for name in (f"W{at}", f"b{at}") if name not in arrays]
        if not count or missing or "activation" not in arrays:
            raise SpadesError(f"{describe(str(path))} holds no MLPPolicy weights (W0, b0, ..., activation)")
        layers = [(arrays[f"W{at}"], arrays[f"b{at}"]) for at in range(count)]
        return cls(layers, activation=str(arrays["activation"]), greedy=greedy, seed=seed)  # type: ignore[arg-type]


def _path(value: object, where: str) -> Path:
    if isinstance(value, str | os.PathLike) and not isinstance(value, bytes):
        try:
            return Path(value)
        except Exception:  # a PathLike whose __fspath__ fails
            pass
    raise ArgumentTypeError(f"{where} needs a file path, not {describe(value)}", parameter="path")


def _array(value: object, dtype: Any, name: str) -> Any:
    """``value`` as a NumPy array of ``dtype``, or an :class:`ArgumentTypeError` naming ``name``."""
    try:
        return np.asarray(value, dtype=dtype)
    except Exception:  # not numbers, a ragged or too deep list, an object that fails
        raise ArgumentTypeError(f"{name} must be an array of numbers, not {describe(value)}", parameter=name) from None


def _checked_layers(layers: object) -> list[tuple[NDArray[np.float32], NDArray[np.float32]]]:
    if not isinstance(layers, Sequence) or isinstance(layers, str) or not layers:
        raise ArgumentTypeError(f"layers must be a non-empty sequence of (weights, bias) pairs, not {describe(layers)}",
                                parameter="layers")
    checked: list[tuple[NDArray[np.float32], NDArray[np.float32]]] = []
    for at, pair in enumerate(layers):
        if not isinstance(pair, Sequence) or len(pair) != 2:
            raise ArgumentTypeError(f"layers[{at}] must be a (weights, bias) pair, not {describe(pair)}",
                                    parameter="layers")
        weights, bias = (_array(part, np.float32, f"layers[{at}]") for part in pair)
        if weights.ndim != 2 or bias.shape != (weights.shape[1],):
            raise RulesError(
                f"layers[{at}]: weights must be 2-D (inputs, outputs) with one bias per output, not weights "
                f"{weights.shape} and bias {bias.shape}"
            )
        if checked and weights.shape[0] != checked[-1][0].shape[1]:
            raise RulesError(
                f"layers[{at}]: weights of shape {weights.shape} take {weights.shape[0]} inputs, but layer "
                f"{at - 1} gives {checked[-1][0].shape[1]}"
            )
        if not (np.isfinite(weights).all() and np.isfinite(bias).all()):
            raise RulesError(f"layers[{at}]: the weights hold a NaN or an infinity")
        checked.append((weights, bias))
    return checked


@never_raising_text
class PolicyBot:
    """A policy playing a seat under ``rules``: ``decide(observation)`` (a seat's view, as servers send it)
    and ``choose(state)`` (the seat to act), like the built-in bots.

    ``compact_actions`` says which codes the policy speaks (True: the compact space of the batch engine, an
    exchange of k cards being k consecutive picks, each asked of the policy with the picks so far in the
    observation; False: the full space). A policy that declares ``observation_size`` and ``num_actions``
    (as :class:`MLPPolicy` does) is checked against the rules here; a code outside the mask is refused with
    a :class:`~spades_rules.errors.SpadesError` naming it.
    """

    def __init__(self, policy: Policy, rules: Rules, *, compact_actions: bool = True) -> None:
        if not callable(policy):
            raise ArgumentTypeError(f"policy must be a callable (observation, mask) -> code, not {describe(policy)}",
                                    parameter="policy")
        if not isinstance(rules, Rules):
            raise ArgumentTypeError(f"PolicyBot needs a Rules value, not {describe(rules)}", parameter="rules")
        self.compact_actions = _flag(compact_actions, "compact_actions")
        self.rules = rules
        self.policy = policy
        self.observation_size = policy_observation_size(rules, compact_actions=self.compact_actions)
        self.num_actions = num_distinct_actions(rules, compact=self.compact_actions)
        space = "compact" if self.compact_actions else "full"
        declared = getattr(policy, "observation_size", None)
        if declared is not None and declared != self.observation_size:
            raise RulesError(
                f"policy weights of the wrong shape: they read {declared} observation entries, but these rules' "
                f"observations have {self.observation_size} ({space} action space)"
            )
        declared = getattr(policy, "num_actions", None)
        if declared is not None and declared != self.num_actions:
            raise RulesError(
                f"policy weights of the wrong shape: they score {declared} action codes, but these rules have "
                f"{self.num_actions} in the {space} action space"
            )
        self._picks = shows_picks(rules, self.compact_actions)

    def __repr__(self) -> str:
        return f"PolicyBot({self.policy!r}, {self.rules!s}, compact_actions={self.compact_actions})"

    def choose(self, state: GameState) -> PlayerAction:
        """The policy's action for the seat to act in ``state``, decided from that seat's view."""
        if not isinstance(state, GameState) or state.to_act is None:
            raise SpadesError("PolicyBot.choose needs a state with a seat to act (not a chance node, not game over)")
        return self.decide(observe(state, state.to_act))

    def decide(self, observation: Observation) -> PlayerAction:
        """The policy's action, given what its seat sees."""
        if not isinstance(observation, Observation):
            raise ArgumentTypeError(f"PolicyBot.decide needs an Observation, not {describe(observation)}",
                                    parameter="observation")
        check_view(observation)  # a view made without its constructor, or edited, is an ObservationError
        rules = observation.rules
        if rules is not self.rules and (
            policy_observation_size(rules, compact_actions=self.compact_actions) != self.observation_size
            or num_distinct_actions(rules, compact=self.compact_actions) != self.num_actions
        ):  # other rules are fine (a backstop's max_hands, say) while the policy's vectors keep their shape
            raise RulesError(f"PolicyBot: the observation is of {rules!s}, whose observations or codes do not have "
                             f"the shapes of {self.rules!s}, which the bot plays")
        actions = observation.legal_actions
        if not actions:
            raise SpadesError("PolicyBot.decide: the observation lists no legal action for its seat")
        tensor = observation_tensor(observation)
        if self.compact_actions and observation.phase is Phase.EXCHANGE and type(actions[0]) is Exchange:
            return self._exchange(observation, tensor, actions)
        codes = {encode_action(action): action for action in actions}
        return codes[self._ask(tensor, (), codes)]

    def _exchange(self, observation: Observation, tensor: list[float], actions: Sequence[PlayerAction]
                  ) -> PlayerAction:
        """An exchange in the compact space: one pick at a time, the picks so far shown to the policy."""
        exchanges = [action for action in actions if type(action) is Exchange]
        card_of = {code: card for action in exchanges for card, code in zip(action.cards, compact_codes(action),
                                                                                strict=True)}
        picked: tuple[Card, ...] = ()
        for _ in range(min(len(exchanges[0].cards), _MAX_PICKS)):
            still = [action for action in exchanges if set(picked) <= set(action.cards)]
            codes = {code: None for action in still for code in compact_codes(action, picked)}
            picked += (card_of[self._ask(tensor, picked, codes)],)
        chosen = [action for action in exchanges if set(action.cards) == set(picked)]
        assert chosen, "the picks make one of the legal exchanges"
        return chosen[0]

    def _ask(self, tensor: list[float], picked: tuple[Card, ...], codes: dict[int, Any]) -> int:
        values = tensor
        if self._picks:
            chosen = set(picked)
            values = tensor + [1.0 if card in chosen else 0.0 for card in self.rules.deck]
        observation = np.fromiter(values, np.float32, count=len(values))
        mask = np.zeros(self.num_actions, dtype=bool)
        mask[list(codes)] = True
        answer = self.policy(observation, mask)
        try:
            code = int(answer)
        except (TypeError, ValueError):
            raise SpadesError(f"the policy answered {describe(answer)}, not an action code") from None
        if code not in codes:
            raise SpadesError(f"the policy chose code {code}, which is not legal here (the legal codes are "
                              f"{sorted(codes)})")
        return code


def policy_bot(policy: Policy | str | os.PathLike[str], rules: Rules, *, compact_actions: bool | None = None
               ) -> Callable[[int], PolicyBot]:
    """A bot factory ``seed -> PolicyBot`` for :func:`~spades_rules.simulation.run_match` (which builds a
    fresh bot per seat and game from a seed): ``policy`` is a policy, or the path of an
    :class:`MLPPolicy` saved with :meth:`MLPPolicy.save`. ``compact_actions=None`` takes the action space
    from the policy's ``num_actions`` (the compact space unless it scores the full space's codes). The
    weights' shapes are checked here, not in a worker; the factory pickles (for the process and Ray
    backends) when the policy does.

    >>> from spades_rules.simulation import run_match
    >>> rules = Rules.standard()
    >>> size, actions = policy_observation_size(rules), num_distinct_actions(rules, compact=True)
    >>> untrained = MLPPolicy([(np.zeros((size, 4)), np.zeros(4)), (np.zeros((4, actions)), np.zeros(actions))])
    >>> result = run_match(rules, [policy_bot(untrained, rules), "random"], games=2, seed=1, duplicate=True,
    ...                    max_hands=2, backend="serial")
    >>> result.games, [bot.name for bot in result.bots]
    (4, ['policy', 'random'])
    """
    if isinstance(policy, str | os.PathLike):
        policy = MLPPolicy.load(policy)
    if compact_actions is None:
        declared = getattr(policy, "num_actions", None)
        compact_actions = not (isinstance(rules, Rules) and declared == num_distinct_actions(rules)
                               and declared != num_distinct_actions(rules, compact=True))
    PolicyBot(policy, rules, compact_actions=compact_actions)
    return _PolicyFactory(policy, rules, compact_actions)


class _PolicyFactory:
    """The picklable factory of :func:`policy_bot` (its ``__name__`` names the bot in the statistics)."""

    def __init__(self, policy: Policy, rules: Rules, compact: bool) -> None:
        self.policy, self.rules, self.compact = policy, rules, compact
        self.__name__ = "policy"

    def __call__(self, seed: int) -> PolicyBot:
        return PolicyBot(self.policy, self.rules, compact_actions=self.compact)

"""Every variant as an OpenSpiel game: importing this module registers the pyspiel game ``"spades_rules"``.

Needs the extra ``spades_rules[openspiel]`` (the ``open-spiel`` package). Modelled on OpenSpiel's own
Python games (``kuhn_poker``, ``pokerkit_wrapper``): the library does the rules, this module only maps
them onto pyspiel's ``Game``/``State``/observer interface.

Loading::

    import pyspiel
    import spades_rules.openspiel                     # registers "spades_rules"
    game = pyspiel.load_game("spades_rules(preset=jokers,bag_limit=5)")
    game = spades_rules.openspiel.load_game(Rules.standard().evolve(target_score=300), whole_game=True)

**Parameters.** ``preset`` (a name of :meth:`Rules.presets() <spades_rules.rules.Rules.presets>`, default
``"standard"``), ``whole_game`` (default False), ``compact_actions`` (default False: the compact action
space of :mod:`spades_rules.codec`, where an exchange is picked a card at a time) and every
:class:`~spades_rules.rules.Rules` option under its own name and type. pyspiel hands the game every
parameter, with the defaults (standard Spades' values) filled in, so an option whose value differs from
standard Spades' overrides the preset's value, and an option at standard Spades' value keeps the preset's
(to go back to a standard value from a preset that changes it, start from ``preset=standard`` or use
:func:`load_game` with a :class:`Rules` value).

- ``int | None`` options (``bag_limit``, ``blind_nil_deficit``, ``team_min_bid``, ``losing_score``,
  ``max_hands``, ``double_nil_value``, ...) take the integer :data:`NONE` (``-1000000000``, outside every
  option's range) for None; ``moon`` takes its name, or ``"none"``.
- ``removed_cards`` is a string of cards separated by spaces (``"2C 2D"``), ``"none"`` for no card
  removed, or ``"default"`` (None: the usual cards for the number of players).
- ``redeal_on`` is a string of conditions separated by spaces (``"no_spades no_face_cards"``), or
  ``"none"``.

``str(game)`` names the preset (when given) and the options set, and ``pyspiel.load_game(str(game))``
gives the same game back.

**Episodes.** With ``whole_game=False`` (the default) an episode is one hand, as in OpenSpiel's own
``spades``: it ends when the first hand has been scored, and each player's return is its side's points for
that hand (:attr:`HandScore.totals <spades_rules.scoring.HandScore.totals>`). With ``whole_game=True`` an
episode is a whole game and each player's return is its side's final score (the sum of its hands'
points). OpenSpiel needs a bound on the length of a game: a whole game whose rules have no
``max_hands`` is played with ``max_hands`` = :data:`DEFAULT_MAX_HANDS` (50), after which the highest
score wins as the option says. The utilities are general-sum (partners get the same return).
``max_game_length`` bounds the player decisions of an episode and also its chance nodes (pyspiel's
Python games use the one number for both).

**Chance.** Every deal is a run of chance nodes, one card of the deck order at a time (chance outcome =
:attr:`Card.index <spades_rules.cards.Card.index>`, uniform over the cards not yet placed); when the
deck is complete it is applied as one :class:`~spades_rules.actions.Deal`. The two-player draw's stock
order is dealt the same way.

**Player nodes.** ``current_player()`` is the library's seat to act; ``legal_actions()`` is
:func:`legal_codes(game_state, player) <spades_rules.codec.legal_codes>` (actions are the library's
codec codes, ``num_distinct_actions`` is :func:`~spades_rules.codec.num_distinct_actions`; with
``compact_actions``, of the compact space, and ``state.picked`` holds the cards picked so far);
``action_to_string`` is :func:`~spades_rules.records.format_action` of the decoded action. A redeal is
offered to the seat to act only (OpenSpiel games are sequential), and at most :data:`MAX_REDEALS` times
in a row, so that every game is finite. ``information_state_string`` and ``observation_string`` are the
text of :func:`~spades_rules.views.observe`, ``observation_tensor`` is
:func:`~spades_rules.views.tensor.observation_tensor` (its blocks are the observer's ``dict``). Every state
exposes the library's :class:`~spades_rules.state.GameState` as ``state.game_state``. States serialize as
their action history, like every OpenSpiel game. A game whose full action space is too large for a mask
(``blind_nil_exchange`` of 6 or more) is refused unless ``compact_actions`` is set.

**Search and bots.** :meth:`SpadesState.resample_from_infostate` deals the cards a player cannot see at
random (:func:`~spades_rules.views.sample_deal`), so OpenSpiel's information-set MCTS
(``open_spiel.python.algorithms.ismcts``) runs on every variant; :func:`as_bot` makes any library bot a
``pyspiel.Bot`` (for ``evaluate_bots``).

>>> import pyspiel
>>> game = pyspiel.load_game("spades_rules(preset=jokers,bag_limit=5)")
>>> game.rules.with_jokers, game.rules.bag_limit, game.num_players(), game.num_distinct_actions()
(True, 5, 4, 1548)
>>> str(pyspiel.load_game(str(game))) == str(game)
True
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
"""

from __future__ import annotations

import random
import typing
from collections.abc import Mapping
from typing import Any, Final, Literal

import attrs

try:
    import numpy as np
    import pyspiel
except ImportError as _error:  # pragma: no cover - exercised only without the extra
    from spades_rules._core.messages import missing_extra

    raise missing_extra("spades_rules.openspiel", "openspiel", _error) from _error

from spades_rules._core.checks import check_seat
from spades_rules._core.episodes import DEFAULT_MAX_HANDS as _DEFAULT_MAX_HANDS
from spades_rules._core.episodes import MAX_REDEALS as _MAX_REDEALS
from spades_rules._core.episodes import (
    PICKED_BLOCK,
    check_action_space,
    episode_over,
    episode_rules,
    hand_bound,
    offered_codes,
    picked_tensor,
    picked_text,
    play_code,
    shows_picks,
)
from spades_rules._core.exchanges import exchange_sizes
from spades_rules._core.messages import describe
from spades_rules.actions import Deal, Exchange, PlayerAction
from spades_rules.cards import ALL_CARDS, Card, format_cards
from spades_rules.codec import compact_codes, decode_action, encode_action, num_distinct_actions
from spades_rules.engine import apply, new_game
from spades_rules.errors import (
    ArgumentTypeError,
    IllegalActionError,
    IllegalReason,
    ObservationError,
    RulesError,
    SpadesError,
)
from spades_rules.openspiel.bots import LibraryBot, as_bot
from spades_rules.records import format_action
from spades_rules.rules import Rules
from spades_rules.state import GameState, Phase
from spades_rules.views import observe, sample_deal
from spades_rules.views.tensor import observation_tensor, observation_tensor_layout, observation_tensor_size

__all__ = [
    "DEFAULT_MAX_HANDS",
    "GAME_NAME",
    "MAX_REDEALS",
    "NONE",
    "LibraryBot",
    "SpadesGame",
    "SpadesObserver",
    "SpadesState",
    "as_bot",
    "game_parameters",
    "load_game",
    "rules_from_parameters",
]

GAME_NAME: Final = "spades_rules"
"""The pyspiel short name of the game."""
NONE: Final = -1_000_000_000
"""The integer game parameter that stands for None in ``int | None`` options (outside every option's range)."""
DEFAULT_MAX_HANDS: Final = _DEFAULT_MAX_HANDS
"""The hand limit of a whole-game episode whose rules set no ``max_hands`` (a game must end): 50, in every
adapter."""
MAX_REDEALS: Final = _MAX_REDEALS
"""Redeals offered in a row before a hand must be played (a game must end): 3, in every adapter."""

_NO_CARDS: Final = "none"
_DEFAULT_CARDS: Final = "default"
_INT32_MAX: Final = 2**31 - 1


# ------------------------------------------------------------------------------------ parameters
def _options() -> tuple[attrs.Attribute[Any], ...]:
    return tuple(field for field in attrs.fields(Rules) if field.init)


def _names_and_none(hint: Any) -> bool:
    """Whether an option's type is a choice of names or None (``moon``): its parameter is a string."""
    args = typing.get_args(hint)
    return type(None) in args and any(typing.get_origin(arg) is Literal for arg in args)


_TEXT_OR_NONE: Final = frozenset(
    name for name, hint in typing.get_type_hints(Rules).items() if _names_and_none(hint)
)
"""The options whose value is a name or None: their parameter is the name, or ``"none"``."""


def _parameter_value(name: str, value: Any) -> bool | int | str:
    """One option's value as a pyspiel game parameter."""
    if name == "removed_cards":
        if value is None:
            return _DEFAULT_CARDS
        return format_cards(value) or _NO_CARDS
    if isinstance(value, tuple):
        return " ".join(map(str, value)) or _NO_CARDS
    if value is None:
        return _NO_CARDS if name in _TEXT_OR_NONE else NONE
    if isinstance(value, bool | int | str):
        return value
    raise RulesError(f"option {name} has a value {describe(value)} that no game parameter can hold")


def _option_value(name: str, value: Any, default: Any) -> Any:
    """A pyspiel game parameter back as the option's value (the inverse of :func:`_parameter_value`)."""
    if name == "removed_cards":
        if value == _DEFAULT_CARDS:
            return None
        return () if value == _NO_CARDS else tuple(value.split())
    if isinstance(default, tuple):
        return () if value == _NO_CARDS else tuple(value.split())
    if name in _TEXT_OR_NONE and value == _NO_CARDS:
        return None
    if value == NONE and not isinstance(value, bool):
        return None
    return value


def _specification() -> dict[str, bool | int | str]:
    defaults = Rules()
    spec: dict[str, bool | int | str] = {"preset": "standard", "whole_game": False, "compact_actions": False}
    for field in _options():
        spec[field.name] = _parameter_value(field.name, getattr(defaults, field.name))
    return spec


def game_parameters(
    rules: Rules, *, whole_game: bool = False, compact_actions: bool = False
) -> dict[str, bool | int | str]:
    """The pyspiel game parameters of ``rules``: the options that differ from standard Spades (plus
    ``whole_game`` and ``compact_actions`` when True).

    >>> game_parameters(Rules.jokers().evolve(bag_limit=None))
    {'with_jokers': True, 'bag_limit': -1000000000}
    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"game_parameters needs a Rules value, not {type(rules).__name__}", parameter="rules")
    for name, flag in (("whole_game", whole_game), ("compact_actions", compact_actions)):
        if type(flag) is not bool:
            raise ArgumentTypeError(f"game_parameters({name}=...) must be True or False, not {describe(flag)}",
                                    parameter=name)
    params = {name: _parameter_value(name, getattr(rules, name)) for name in rules.changes()}
    if whole_game:
        params["whole_game"] = True
    if compact_actions:
        params["compact_actions"] = True
    return params


def rules_from_parameters(params: Mapping[str, Any]) -> Rules:
    """The :class:`Rules` a set of game parameters describes: the preset evolved with the options given.

    >>> rules_from_parameters({"preset": "jokers", "bag_limit": 5, "removed_cards": "2C 2D"}).removed_cards
    (Card.parse('2C'), Card.parse('2D'))
    """
    if not isinstance(params, Mapping) or not all(isinstance(name, str) for name in params):
        raise RulesError(f"game parameters are a dict of option names to values, not {describe(params)}")
    known = {field.name: field.default for field in _options()}
    unknown = sorted(set(params) - set(known) - {"preset", "whole_game", "compact_actions"})
    if unknown:
        raise RulesError(f"unknown game parameter(s): {', '.join(unknown)}")
    preset = params.get("preset", "standard")
    if not isinstance(preset, str):
        raise RulesError(f"preset must be a preset name, not {describe(preset)}")
    rules = Rules.preset(preset)
    changes = {name: _option_value(name, value, known[name]) for name, value in params.items() if name in known}
    return rules.evolve(**changes) if changes else rules


# ------------------------------------------------------------------------------------ the game
_SPEC: Final = _specification()
_MISSING: Final = object()
_GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Spades (spades_rules: every variant)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_SPEC,
)


def _hand_length(rules: Rules, compact: bool) -> int:
    """A bound on both the player decisions of one hand (draws, redeals, bids, exchanges, plays) and its
    chance nodes (the cards of every deal): pyspiel's Python games use one number for both. In the
    compact space an exchange takes one decision per card."""
    n, tricks, deck = rules.players, rules.tricks_per_hand, len(rules.deck)
    redeals = MAX_REDEALS if rules.redeal_on else 0
    draws = deck // 2 if rules.deal_method == "draw" else 0
    exchanges = 2 * n * (max((*exchange_sizes(rules), 1)) if compact else 1)
    decisions = draws + redeals + n + exchanges + n * tricks
    return max(decisions, (redeals + 1) * deck)


class SpadesGame(pyspiel.Game):
    """The pyspiel game: made by ``pyspiel.load_game("spades_rules(...)")`` or :func:`load_game`."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        # pyspiel hands over every parameter, the defaults filled in: an option at standard Spades' default
        # value keeps the preset's value, any other value overrides it.
        if params is not None and not isinstance(params, Mapping):
            raise RulesError(f"game parameters are a dict of option names to values, not {describe(params)}")
        explicit = {name: value for name, value in (params or {}).items() if _SPEC.get(name, _MISSING) != value}
        whole_game = explicit.pop("whole_game", False)
        compact = explicit.pop("compact_actions", False)
        rules = rules_from_parameters(explicit)
        preset = explicit.get("preset", "standard")
        base = Rules.preset(preset)
        canonical: dict[str, Any] = {"preset": preset} if preset != "standard" else {}
        for field in _options():
            if getattr(rules, field.name) != getattr(base, field.name):
                canonical[field.name] = _parameter_value(field.name, getattr(rules, field.name))
        if whole_game:
            canonical["whole_game"] = True
        if compact:
            canonical["compact_actions"] = True
        rules = episode_rules(rules, whole_game)
        self.rules: Rules = rules
        """The rules played (with ``max_hands`` filled in for a whole game)."""
        self.whole_game: bool = whole_game
        self.compact_actions: bool = check_action_space(rules, compact, "spades_rules")
        """Whether actions are codes of the compact space (an exchange picked a card at a time)."""
        hands = rules.max_hands if whole_game and rules.max_hands is not None else 1
        bound = float(hand_bound(rules) * hands)
        length = _hand_length(rules, compact) * hands
        info = pyspiel.GameInfo(
            num_distinct_actions=num_distinct_actions(rules, compact=compact),
            max_chance_outcomes=max(card.index for card in rules.deck) + 1,
            num_players=rules.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=min(length, _INT32_MAX),
        )
        super().__init__(_GAME_TYPE, info, canonical)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (pyspiel.load_game, (str(self),))

    def new_initial_state(self) -> SpadesState:
        """The start of an episode: a new game, dealer 0, at the first chance node of the deal."""
        return SpadesState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> SpadesObserver:
        """The observer pyspiel uses for observation strings and tensors."""
        return SpadesObserver(self, iig_obs_type, params)


class SpadesState(pyspiel.State):
    """One pyspiel state: the library's :attr:`game_state` plus the cards of a deal in progress (and, in
    the compact space, the cards picked so far for an exchange)."""

    def __init__(self, game: SpadesGame) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._whole_game = game.whole_game
        self._compact = game.compact_actions
        self._game_state = new_game(game.rules)
        self._dealt: tuple[int, ...] = ()  # immutable: clones may share it
        self._redeals = 0
        self._picked: tuple[Card, ...] = ()
        self._hand_start = 0  # the index in the history of the current hand's first chance outcome

    def __reduce__(self) -> tuple[Any, tuple[str, list[int]]]:
        # pickled as the game string and the action history, replayed on load (like OpenSpiel's serialization)
        return (_replayed_state, (str(self.get_game()), [int(action) for action in self.history()]))

    @property
    def game_state(self) -> GameState:
        """The library's state (during a deal in progress: the state before the deal)."""
        return self._game_state

    @property
    def cards_dealt(self) -> tuple[Card, ...]:
        """The cards of the deal in progress placed so far, in deck order (empty outside a deal)."""
        return tuple(Card.from_index(index) for index in self._dealt)

    @property
    def picked(self) -> tuple[Card, ...]:
        """In the compact action space, the cards the seat to act has picked so far for its exchange."""
        return self._picked

    # -------------------------------------------------------------------------------- pyspiel API
    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self._game_state.to_act
        if seat is None:
            return int(pyspiel.PlayerId.CHANCE)
        return seat

    def is_terminal(self) -> bool:
        return episode_over(self._game_state, self._whole_game)

    def _legal_actions(self, player: int) -> list[int]:
        return list(offered_codes(self._game_state, player, self._redeals, self._compact, self._picked))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        placed = set(self._dealt)
        outcomes = [card.index for card in self._rules.deck if card.index not in placed]
        probability = 1.0 / len(outcomes)
        return [(index, probability) for index in outcomes]

    def _apply_action(self, action: int) -> None:
        state = self._game_state
        if state.is_chance:
            if action in self._dealt or Card.from_index(action) not in self._rules.deck:
                raise IllegalActionError(
                    IllegalReason.NOT_AN_ACTION, f"chance outcome {action} is not a card left to deal"
                )
            if not self._dealt:
                self._hand_start = len(self.history())  # pyspiel appends the action after this call
            self._dealt += (action,)
            if len(self._dealt) == len(self._rules.deck):
                self._game_state = apply(state, Deal(tuple(Card.from_index(index) for index in self._dealt)))
                self._dealt = ()
            return
        self._game_state, self._picked, redeal = play_code(state, action, self._compact, self._picked)
        self._redeals = self._redeals + 1 if redeal else 0

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card.from_index(action)}"
        state = self._game_state
        try:
            if state.to_act == player:
                if self._compact and state.phase is Phase.EXCHANGE:
                    return f"{player}:pick {_card_of_code(action)}"
                return format_action(decode_action(action, state))
        except SpadesError:
            pass
        return f"{player}:code {action}"

    def returns(self) -> list[float]:
        state = self._game_state
        rules = self._rules
        if not self.is_terminal():
            return [0.0] * rules.players
        if self._whole_game:
            per_side = [score - start for score, start in zip(state.scores, state.initial_scores, strict=True)]
        else:
            per_side = list(state.results[0].totals)
        return [float(per_side[rules.side_of(seat)]) for seat in range(rules.players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpadesState:
        """A state that ``player_id`` cannot tell from this one (the same information state string), the
        cards it cannot see dealt at random by :func:`~spades_rules.views.sample_deal`: what OpenSpiel's
        information-set searches (``open_spiel.python.algorithms.ismcts``) call at every simulation.

        ``probability_sampler`` is OpenSpiel's sampler (a callable returning a float in [0, 1), such as
        ``pyspiel.UniformProbabilitySampler(seed, 0., 1.)``): one draw seeds the sample, so a seeded
        sampler gives the same worlds. The state is rebuilt by replaying its history (the earlier
        hands as they were, the current hand from the sampled deal), so it clones, serializes and
        pickles like any other.
        """
        seat = check_seat(player_id, self._rules.players, "player_id")
        draw = probability_sampler()
        if not isinstance(draw, (int, float)) or not 0.0 <= draw <= 1.0:
            raise ArgumentTypeError(
                f"resample_from_infostate needs a sampler returning a float in [0, 1), not {describe(draw)}",
                parameter="probability_sampler",
            )
        rng = random.Random(int(draw * 2**53))
        game = self.get_game()
        assert isinstance(game, SpadesGame)
        history = self.history()
        state = self._game_state
        if self.is_terminal() or (state.is_chance and not self._dealt):  # nothing hidden matters any more
            return _replayed_state(str(game), [int(action) for action in history])
        resampled = game.new_initial_state()
        for action in history[: self._hand_start]:
            resampled.apply_action(action)
        if self._dealt:  # a deal in progress: nobody has seen its cards yet
            deck = [card.index for card in self._rules.deck]
            for index in rng.sample(deck, len(self._dealt)):
                resampled.apply_action(index)
            return resampled
        world = sample_deal(observe(state, seat), rng)
        hand_actions = world.hand_actions
        deal = hand_actions[0]
        assert isinstance(deal, Deal)
        for card in deal.deck:
            resampled.apply_action(card.index)
        for move in hand_actions[1:]:
            assert not isinstance(move, Deal)
            for code in _codes(move, self._compact):
                resampled.apply_action(code)
        if self._picked:  # the picker keeps its own picks; anyone else sees none of them
            if seat == state.to_act:
                picks = self._picked
            else:
                held = resampled.game_state.hand
                assert held is not None and held.to_act is not None
                picks = tuple(rng.sample(held.hand_of(held.to_act), len(self._picked)))
            for card in picks:
                resampled.apply_action(_CODE_OF_CARD[card])
        return resampled

    def __str__(self) -> str:
        state = self._game_state
        lines = [repr(state)]
        if state.hand is not None:
            lines += [f"seat {seat}: {format_cards(state.hand.hand_of(seat))}" for seat in range(self._rules.players)]
        if self._dealt:
            lines.append(f"dealing: {format_cards(self.cards_dealt)}")
        if self._picked:
            lines.append(f"picked: {format_cards(self._picked)}")
        lines.append(f"actions: {len(state.history)}")
        return "\n".join(lines)


_CODE_OF_CARD: Final = {card: compact_codes(Exchange(0, (card,)))[0] for card in ALL_CARDS}
_CARD_OF_CODE: Final = {code: card for card, code in _CODE_OF_CARD.items()}


def _card_of_code(code: int) -> Card:
    card = _CARD_OF_CODE.get(code)
    if card is None:
        raise IllegalActionError(IllegalReason.NOT_AN_ACTION, f"code {code} is not a card")
    return card


def _codes(move: PlayerAction, compact: bool) -> tuple[int, ...]:
    """The codes that play ``move`` in the game's action space (an exchange is several in the compact one)."""
    return compact_codes(move) if compact else (encode_action(move),)


def _replayed_state(game_string: str, history: list[int]) -> SpadesState:
    """The state reached by ``history`` in the game ``game_string`` (for pickling)."""
    state = pyspiel.load_game(game_string).new_initial_state()
    for action in history:
        state.apply_action(action)
    assert isinstance(state, SpadesState)
    return state


class SpadesObserver:
    """pyspiel's Python observer: the strings are :func:`observe`'s text, the tensor
    :func:`observation_tensor` (``dict`` holds its blocks by name). Only the player's own view is offered
    (private information of a single player plus the public information, with or without perfect
    recall: the view holds the whole current hand either way); other observation types raise
    :class:`~spades_rules.errors.ObservationError` rather than show what they should not.

    In the compact action space with an exchange in the rules, the tensor ends with one more block,
    ``picked`` (one slot per card of the deck: the cards the player has picked so far for the exchange
    it is making), and the text gains a line listing them."""

    def __init__(
        self,
        game: SpadesGame,
        iig_obs_type: pyspiel.IIGObservationType | None,
        params: Mapping[str, Any] | None,
    ) -> None:
        if params:
            raise ObservationError(f"observation parameters are not supported; got {dict(params)}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info
        ):
            raise ObservationError(
                "spades_rules offers one kind of observation, a player's own view (its cards and the public "
                f"information), not private_info={iig_obs_type.private_info.name}, "
                f"public_info={iig_obs_type.public_info}"
            )
        self.rules = game.rules
        self._picks = shows_picks(game.rules, game.compact_actions)
        size = observation_tensor_size(game.rules)
        layout = dict(observation_tensor_layout(game.rules))
        if self._picks:
            layout[PICKED_BLOCK] = (size, len(game.rules.deck))
            size += len(game.rules.deck)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {name: self.tensor[start : start + length] for name, (start, length) in layout.items()}

    def set_from(self, state: SpadesState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        values = observation_tensor(observe(state.game_state, player))
        if self._picks:
            values += picked_tensor(self.rules, state.game_state, player, state.picked)
        self.tensor[:] = np.fromiter(values, np.float32, self.tensor.size)

    def string_from(self, state: SpadesState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        return str(observe(state.game_state, player)) + picked_text(state.game_state, player, state.picked)


def load_game(
    rules_or_preset: Rules | str = "standard", *, whole_game: bool = False, compact_actions: bool = False
) -> SpadesGame:
    """The pyspiel game for a :class:`Rules` value or a preset name; ``compact_actions=True`` plays in
    the compact action space (see :mod:`spades_rules.codec`).

    >>> game = load_game(Rules.standard().evolve(target_score=300), whole_game=True)
    >>> str(game)
    'spades_rules(target_score=300,whole_game=True)'
    >>> game.rules.max_hands == DEFAULT_MAX_HANDS
    True
    >>> load_game("standard").num_distinct_actions(), load_game("standard", compact_actions=True).num_distinct_actions()
    (1548, 81)
    """
    if not isinstance(whole_game, bool):
        raise RulesError(f"whole_game must be True or False, not {describe(whole_game)}")
    if not isinstance(compact_actions, bool):
        raise RulesError(f"compact_actions must be True or False, not {describe(compact_actions)}")
    if isinstance(rules_or_preset, str):
        params: dict[str, bool | int | str] = {"preset": rules_or_preset}
        Rules.preset(rules_or_preset)  # a clear error for an unknown name
        if whole_game:
            params["whole_game"] = True
        if compact_actions:
            params["compact_actions"] = True
    elif isinstance(rules_or_preset, Rules):
        params = game_parameters(rules_or_preset, whole_game=whole_game, compact_actions=compact_actions)
    else:
        raise ArgumentTypeError(
            f"load_game needs Rules or a preset name, not {type(rules_or_preset).__name__}",
            parameter="rules_or_preset",
        )
    game = pyspiel.load_game(GAME_NAME, params)
    assert isinstance(game, SpadesGame)
    return game


pyspiel.register_game(_GAME_TYPE, SpadesGame)

"""Library bots as OpenSpiel bots: :func:`as_bot` (also ``spades_rules.openspiel.as_bot``).

Needs the extra ``spades_rules[openspiel]``. A :class:`LibraryBot` plays one player of the pyspiel game
``"spades_rules"`` (:mod:`spades_rules.openspiel`) with any library bot, in either action space: an
exchange the bot chooses whole is picked a card at a time in the compact space.
"""

from __future__ import annotations

from typing import Any

try:
    import pyspiel
except ImportError as _error:  # pragma: no cover - exercised only without the extra
    from spades_rules._core.messages import missing_extra

    raise missing_extra("spades_rules.openspiel.bots", "openspiel", _error) from _error

from spades_rules._core.checks import check_seat
from spades_rules._core.messages import describe
from spades_rules.actions import Deal, Exchange, PlayerAction
from spades_rules.bots import Bot
from spades_rules.cards import Card
from spades_rules.codec import compact_codes, encode_action
from spades_rules.errors import ArgumentTypeError, IllegalActionError, IllegalReason
from spades_rules.state import GameState
from spades_rules.views import observe

__all__ = ["LibraryBot", "as_bot"]


class LibraryBot(pyspiel.Bot):  # type: ignore[misc]
    """A library bot (:class:`~spades_rules.bots.RandomBot`, :class:`~spades_rules.bots.HeuristicBot`,
    ``SearchBot`` or any :class:`~spades_rules.bots.Bot`) as a ``pyspiel.Bot``
    playing ``player``: made by :func:`as_bot`."""

    def __init__(self, bot: Bot, player: int) -> None:
        pyspiel.Bot.__init__(self)
        if not callable(getattr(bot, "decide", None)) and not callable(getattr(bot, "choose", None)):
            raise ArgumentTypeError(
                f"as_bot needs a bot with decide(observation) or choose(state), not {type(bot).__name__}",
                parameter="bot",
            )
        self.bot = bot
        self.player = check_seat(player, 5, "player")
        self._exchange: tuple[GameState, Exchange] | None = None

    def step(self, state: Any) -> int:
        """The bot's code for ``state`` (a state of the game ``"spades_rules"``), where ``player`` is to act."""
        if not isinstance(getattr(state, "game_state", None), GameState):
            raise ArgumentTypeError(
                f"a library bot plays spades_rules states, not {type(state).__name__}", parameter="state"
            )
        if state.current_player() != self.player:
            raise IllegalActionError(
                IllegalReason.OUT_OF_TURN,
                f"this bot plays player {self.player}, but the state's player is {state.current_player()}",
            )
        game_state = state.game_state
        action = self._action(game_state, state.picked)
        compact = state.get_game().compact_actions
        code = (compact_codes(action, state.picked) if compact else (encode_action(action),))[0]
        offered = state.legal_actions()
        return code if code in offered else offered[0]  # a redeal past the cap of redeals in a row

    def _action(self, game_state: GameState, picked: tuple[Card, ...]) -> PlayerAction:
        """The bot's whole action; an exchange it chose is kept while its cards are picked one by one."""
        if picked and self._exchange is not None:
            before, exchange = self._exchange
            if before == game_state and set(picked) <= set(exchange.cards):
                return exchange
        decide = getattr(self.bot, "decide", None)
        action = decide(observe(game_state, self.player)) if callable(decide) else self.bot.choose(game_state)
        if isinstance(action, Deal) or not hasattr(action, "seat"):
            raise IllegalActionError(
                IllegalReason.NOT_AN_ACTION, f"the bot chose {describe(action)}, not a seat's action"
            )
        if isinstance(action, Exchange):
            self._exchange = (game_state, action)
        return action  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, tuple[Bot, int]]:
        """Pickled, copied and deep-copied as the bot it wraps and its player (pyspiel's base class cannot
        be): a framework that copies its agents gets an equal bot, its generator's state included."""
        return (LibraryBot, (self.bot, self.player))

    def restart_at(self, state: pyspiel.State) -> None:
        """Nothing to do: the bot decides from the state it is given."""
        self._exchange = None

    def inform_action(self, state: pyspiel.State, player: int, action: int) -> None:
        """Nothing to do: the bot decides from the state it is given."""


def as_bot(bot: Bot, player: int) -> LibraryBot:
    """``bot`` as a ``pyspiel.Bot`` playing ``player``, for OpenSpiel's ``evaluate_bots`` and anything else
    that takes bots. A bot with ``decide(observation)`` (every built-in bot) is given only its seat's
    :func:`~spades_rules.views.observe` view, so it cannot peek; another bot gets ``choose(game_state)``.
    In the compact action space, an exchange the bot chooses is played a card at a time.

    >>> import numpy as np
    >>> from open_spiel.python.algorithms import evaluate_bots
    >>> from spades_rules.bots import HeuristicBot, RandomBot
    >>> from spades_rules.openspiel import load_game
    >>> game = load_game("jokers")
    >>> bots = [as_bot(HeuristicBot(seed=seat) if seat % 2 == 0 else RandomBot(seed=seat), seat) for seat in range(4)]
    >>> returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    >>> len(returns), returns[0] == returns[2]
    (4, True)
    """
    return LibraryBot(bot, player)

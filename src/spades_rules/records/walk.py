"""One walk of a game, for everything that writes a game out: python-chess's PGN visitor habit.

:func:`walk` goes through a game's steps ``(state before, action, state after)`` and calls a
:class:`GameVisitor`'s hooks at the moments a writer cares about: a hand begins, an action is taken, a
hand is scored, the game (or the record) ends. The text record (:func:`~spades_rules.records.dumps`) and
the command line's printer are visitors; the steps come from a replayed record
(:func:`~spades_rules.records.visit`) or from a game being played (:func:`~spades_rules.bots.iter_game`).

>>> from spades_rules import Rules, new_game
>>> from spades_rules.bots import RandomBot, iter_game
>>> class Counter(GameVisitor):
...     def __init__(self) -> None:
...         self.hands = self.actions = 0
...     def end_hand(self, state: GameState) -> None:
...         self.hands += 1
...     def visit_action(self, before: GameState, action: Action, after: GameState) -> None:
...         self.actions += 1
>>> rules = Rules.standard().evolve(max_hands=2)
>>> counter = Counter()
>>> final = walk(iter_game(rules, [RandomBot(seed=seat) for seat in range(4)], seed=1), counter, start=new_game(rules))
>>> counter.hands, counter.actions == len(final.history), final.is_over
(2, True, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import TypeAlias

from spades_rules._core.checks import not_a_state
from spades_rules._core.messages import describe
from spades_rules.actions import Action, Deal
from spades_rules.errors import ArgumentTypeError, SpadesError
from spades_rules.state import GameState

__all__ = ["GameVisitor", "Step", "walk"]

Step: TypeAlias = tuple[GameState, Action, GameState]
"""One step of a game: the state before an action, the action and the state after it."""


class GameVisitor:
    """Hooks :func:`walk` calls; each does nothing here, so a visitor overrides only what it needs."""

    def begin_hand(self, state: GameState) -> None:
        """A hand is about to be dealt (``state`` is before the :class:`~spades_rules.actions.Deal`: its
        ``dealer`` deals, and it is hand ``state.hands_played + 1``; a redealt hand begins again)."""

    def visit_action(self, before: GameState, action: Action, after: GameState) -> None:
        """An action was taken, deals included."""

    def end_hand(self, state: GameState) -> None:
        """A hand has been scored: ``state.last_result`` is its score sheet, ``state.scores`` the totals."""

    def end_game(self, state: GameState) -> None:
        """The walk is over; ``state`` is the last state (over, or wherever the record stops)."""


def walk(steps: Iterable[Step], visitor: GameVisitor, *, start: GameState) -> GameState:
    """Feed ``steps`` to ``visitor`` in order and return the last state (``start`` if there are none).

    Each step is read as it comes (an :class:`~spades_rules.errors.ArgumentTypeError` names a step that is no
    ``(state, action, state)``, and a visitor without the four hooks), so a game of any length is walked in
    constant memory."""
    if not isinstance(start, GameState):
        raise not_a_state(start, "walk", "start")
    hooks = ("begin_hand", "visit_action", "end_hand", "end_game")
    lacking = [hook for hook in hooks if not callable(getattr(visitor, hook, None))]
    if lacking:
        raise ArgumentTypeError(
            f"walk needs a GameVisitor (or an object with its hooks), not {describe(visitor)}: it lacks "
            + ", ".join(lacking)
        )
    not_steps = f"walk needs an iterable of (state, action, state) steps, not {describe(steps)}"
    try:
        iterator = iter(steps)
    except Exception:
        raise ArgumentTypeError(not_steps) from None
    state = start
    for number in itertools.count():
        try:
            step = next(iterator)
        except StopIteration:
            break
        except SpadesError:
            raise  # the game being walked refused something: its own error
        except Exception:
            raise ArgumentTypeError(f"{not_steps}: reading step {number} failed") from None
        if not (type(step) is tuple and len(step) == 3 and isinstance(step[0], GameState)
                and isinstance(step[1], Action) and isinstance(step[2], GameState)):
            raise ArgumentTypeError(f"walk: step {number} is no (state, action, state) triple: {describe(step)}")
        before, action, after = step
        if isinstance(action, Deal):
            visitor.begin_hand(before)
        visitor.visit_action(before, action, after)
        if after.hands_played > before.hands_played:
            visitor.end_hand(after)
        state = after
    visitor.end_game(state)
    return state

"""What the AI-ecosystem adapters share: how an episode is cut out of a game, and its payoffs.

Both :mod:`spades_rules.openspiel` and :mod:`spades_rules.pettingzoo` play either one hand per episode
or a whole game, offer the seat to act its legal codes (redeals capped so that every game is finite) and
pay each seat its side's points. Nothing here needs NumPy, pyspiel or PettingZoo.
"""

from __future__ import annotations

from typing import Final

from spades_rules.codec import REDEAL_BASE, legal_codes
from spades_rules.errors import RulesError
from spades_rules.rules import Rules
from spades_rules.state import GameState

__all__ = ["DEFAULT_MAX_HANDS", "MAX_REDEALS", "episode_over", "episode_rules", "hand_rewards", "offered_codes"]

DEFAULT_MAX_HANDS: Final = 50
"""The hand limit of a whole-game episode whose rules set no ``max_hands`` (a game must end)."""
MAX_REDEALS: Final = 3
"""Redeals offered in a row before a hand must be played (a game must end)."""


def episode_rules(rules: Rules, whole_game: bool) -> Rules:
    """The rules an episode plays: ``rules``, with ``max_hands`` = :data:`DEFAULT_MAX_HANDS` for a
    whole game whose rules have no hand limit."""
    if not isinstance(whole_game, bool):
        raise RulesError(f"whole_game must be True or False, not {whole_game!r}")
    if whole_game and rules.max_hands is None:
        return rules.evolve(max_hands=DEFAULT_MAX_HANDS)
    return rules


def episode_over(state: GameState, whole_game: bool) -> bool:
    """Whether the episode has ended: the game is over, or (one-hand episodes) the first hand is scored."""
    return state.is_over or (not whole_game and state.hands_played >= 1)


def offered_codes(state: GameState, seat: int, redeals: int) -> tuple[int, ...]:
    """The codes offered to ``seat``: :func:`~spades_rules.codec.legal_codes` of that seat when it is to
    act (empty otherwise), without redeal calls once ``redeals`` reaches :data:`MAX_REDEALS`."""
    if state.to_act != seat:
        return ()
    codes = legal_codes(state, seat)
    if redeals >= MAX_REDEALS:
        return tuple(code for code in codes if not REDEAL_BASE <= code < REDEAL_BASE + state.rules.players)
    return codes


def hand_rewards(before: GameState, after: GameState) -> tuple[int, ...] | None:
    """Per seat, its side's points for the hand that ``after`` finished (None when no hand finished)."""
    if after.hands_played == before.hands_played:
        return None
    totals = after.results[-1].totals
    rules = after.rules
    return tuple(totals[rules.side_of(seat)] for seat in range(rules.players))

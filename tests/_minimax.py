"""An independent double-dummy oracle: plain minimax over the engine's own ``legal_actions`` and ``apply``.

It shares nothing with :mod:`spades_rules.analysis` (no bit layout, no pruning, no bounds, no equivalent
cards): each legal play is applied by the engine and the tricks are read off the hands the engine builds.
Positions are remembered by what decides the rest of the hand (the hands, the trick, the leader, broken
spades, whether the first trick is still on), which keeps positions with four tricks left quick.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from spades_rules import GameState, Phase, Play, Redeal, apply, legal_actions

__all__ = ["brute_force", "brute_force_cards", "play_position", "to_play"]


def _final_tricks(state: GameState) -> tuple[int, ...]:
    hand = state.last_hand
    assert hand is not None
    return hand.tricks_won


def brute_force(state: GameState, seats: Sequence[int]) -> int:
    """The tricks the ``seats`` take from ``state`` to the end of the hand (the current trick included) when
    they play to maximize them and every other seat to minimize them."""
    side = frozenset(seats)
    memo: dict[object, int] = {}

    def value(position: GameState) -> int:
        if position.phase is not Phase.PLAY:
            final = _final_tricks(position)
            return sum(final[seat] for seat in side)
        hand = position.hand
        assert hand is not None
        key = (hand.held, hand.leader, hand.trick_cards, hand.spades_broken, not hand.completed_tricks,
               sum(hand.tricks_won[seat] for seat in side))
        if key in memo:
            return memo[key]
        results = [value(apply(position, play)) for play in legal_actions(position)]
        found = max(results) if position.to_act in side else min(results)
        memo[key] = found
        return found

    hand = state.hand
    assert hand is not None
    return value(state) - sum(hand.tricks_won[seat] for seat in side)


def brute_force_cards(state: GameState, seats: Sequence[int]) -> dict[Play, int]:
    """Per legal play, :func:`brute_force` of the position after it, plus the trick it may complete."""
    hand = state.hand
    assert hand is not None
    before = sum(hand.tricks_won[seat] for seat in seats)
    found: dict[Play, int] = {}
    for play in legal_actions(state):
        assert isinstance(play, Play)
        after = apply(state, play)
        if after.phase is not Phase.PLAY:
            final = _final_tricks(after)
            found[play] = sum(final[seat] for seat in seats) - before
            continue
        assert after.hand is not None
        gained = sum(after.hand.tricks_won[seat] for seat in seats) - before
        found[play] = gained + brute_force(after, seats)
    return found


def to_play(state: GameState, rng: random.Random) -> GameState:
    """``state`` advanced to its first lead by random bids, draws and exchanges (never a redeal)."""
    while state.phase is not Phase.PLAY:
        actions = [action for action in legal_actions(state) if not isinstance(action, Redeal)]
        state = apply(state, rng.choice(actions))
    return state


def play_position(
    state: GameState, rng: random.Random, plays: int, choose: Callable[[Sequence[Play]], Play] | None = None
) -> GameState:
    """``state`` after ``plays`` random legal plays (stopping before the hand's last card)."""
    for _ in range(plays):
        hand = state.hand
        assert hand is not None
        actions = [action for action in legal_actions(state) if isinstance(action, Play)]
        state = apply(state, choose(actions) if choose else rng.choice(actions))
    return state

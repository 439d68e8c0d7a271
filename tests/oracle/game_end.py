"""The end of the game, decided after every hand.

In this order: a moon under ``moon="win"`` wins at once; then the target (a unique top score wins, a
tied top plays on); then the losing score (a side at or below it ends the game, the unique top score
winning, a tied top playing on); then the hand limit (the unique top score wins, a tied top is a draw).
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.options import Options


def unique_top(scores: Sequence[int]) -> int | None:
    top = max(scores)
    leaders = [side for side, score in enumerate(scores) if score == top]
    return leaders[0] if len(leaders) == 1 else None


def game_end(
    options: Options, scores: Sequence[int], hands_played: int, moon_side: int | None
) -> tuple[bool, int | None]:
    """``(over, winner)`` after a hand: the scores after it, the hands played, the side that shot the moon."""
    if options.moon == "win" and moon_side is not None:
        return True, moon_side
    leader = unique_top(scores)
    if max(scores) >= options.target_score and leader is not None:
        return True, leader
    if options.losing_score is not None and min(scores) <= options.losing_score and leader is not None:
        return True, leader
    if options.max_hands is not None and hands_played >= options.max_hands:
        return True, leader
    return False, None

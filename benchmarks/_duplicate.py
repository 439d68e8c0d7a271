"""One game of a duplicate match, played exactly as :func:`~spades_rules.simulation.run_match` plays it, for the
bot benchmarks that time their bots' decisions (the bots are the game's own, so their counters can be read)."""

from __future__ import annotations

from typing import Any

from spades_rules.bots import iter_game
from spades_rules.simulation import Match


def play_game(match: Match, index: int) -> tuple[list[Any], dict[str, float]]:
    """Game ``index`` of ``match``: its bots (seat by seat) and the result of the side in the match's first
    lineup slot (``won``, ``tie``, ``margin`` over the best other side, ``decisions`` it took)."""
    bots = match.bots_for(index)
    lineup = match.lineup(index)
    rules = match.play_rules
    decisions = 0
    final = None
    for before, _, after in iter_game(rules, bots, seed=match.game_seed(index)):
        final = after
        decisions += before.to_act is not None and lineup[before.to_act] == 0
    assert final is not None and final.is_over
    sides = {rules.side_of(seat) for seat in range(rules.players) if lineup[seat] == 0}
    best_other = max(score for at, score in enumerate(final.scores) if at not in sides)
    return list(bots), {
        "won": float(final.winner in sides),
        "tie": float(final.winner is None),
        "margin": float(max(final.scores[side] for side in sides) - best_other),
        "decisions": float(decisions),
    }

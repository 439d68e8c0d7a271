"""Simulation at scale: many games between bots, on one core, every core or a Ray cluster, with statistics
and (optionally) every game's record.

:func:`run_match` plays ``games`` games of any :class:`~spades_rules.rules.Rules` between bots given one
per side (or one per seat), as built-in names (``"heuristic"``, ``"random"``) or picklable factories
``factory(seed) -> bot``, and returns a :class:`MatchResult`. The same master seed gives the same games
and the same result, bit for bit, whatever the backend and the number of workers: every game's seed is
derived from the master seed and the game's index alone.

>>> from spades_rules import Rules
>>> result = run_match(Rules.standard(), ["heuristic", "random"], games=4, seed=1, duplicate=True)
>>> result.games, result.deals, [bot.games for bot in result.bots]
(8, 4, [8, 8])
>>> heuristic = result.bot("heuristic")
>>> heuristic.wins + heuristic.ties + heuristic.losses
8
>>> run_match(Rules.standard(), ["heuristic", "random"], games=4, seed=1, duplicate=True) == result
True

See the documentation's simulation page for the backends, the records file and the command line
(``spades-rules match``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from spades_rules.bots import BUILTIN_BOTS, GAME_BACKSTOP
from spades_rules.rules import Rules
from spades_rules.simulation.backends import BACKENDS, Backend, Progress, default_workers, run
from spades_rules.simulation.errors import SimulationError, SimulationIllegalActionError
from spades_rules.simulation.match import (
    MAX_GAMES,
    BotFactory,
    BotSpec,
    GameSummary,
    HandSummary,
    Match,
    Metric,
    derive_seed,
)
from spades_rules.simulation.results import BotStats, MatchResult, MetricStats, Tally, wilson_interval

__all__ = [
    "BACKENDS",
    "BUILTIN_BOTS",
    "MAX_GAMES",
    "Backend",
    "BotFactory",
    "BotSpec",
    "BotStats",
    "GameSummary",
    "HandSummary",
    "Match",
    "MatchResult",
    "Metric",
    "MetricStats",
    "Progress",
    "SimulationError",
    "SimulationIllegalActionError",
    "Tally",
    "default_workers",
    "derive_seed",
    "run",
    "run_match",
    "wilson_interval",
]


def run_match(
    rules: Rules,
    bots: Sequence[BotSpec],
    *,
    games: int,
    seed: int = 0,
    duplicate: bool = False,
    hands: bool = False,
    max_hands: int | None = GAME_BACKSTOP,
    metrics: Mapping[str, Metric] | None = None,
    names: Sequence[str] | None = None,
    view_only: bool = False,
    backend: Backend = "serial",
    workers: int | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    batch_size: int | None = None,
) -> MatchResult:
    """Play a match and return its statistics: :class:`Match` (what is played) and :func:`run` (how)
    in one call. See :class:`Match` for the arguments that define the games (``view_only=True``: every bot
    sees only its own seat's view)."""
    match = Match(
        rules, bots, games, seed=seed, duplicate=duplicate, hands=hands, max_hands=max_hands,
        metrics={} if metrics is None else metrics, names=() if names is None else names, view_only=view_only,
    )
    return run(match, backend=backend, workers=workers, records=records, progress=progress, batch_size=batch_size)

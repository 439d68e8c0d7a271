"""The statistics of a simulation: :class:`MatchResult`, one :class:`BotStats` per bot and one
:class:`MetricStats` per custom metric. Frozen values; ``to_dict()`` gives JSON-safe dicts.

They are computed from the games' summaries folded in game order (:class:`Tally`), so the same games give
the same numbers, bit for bit, whatever ran them.

>>> wilson_interval(8, 10)
(0.4901624..., 0.9433178...)
>>> wilson_interval(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import attrs

from spades_rules._core.checks import guard_unbuilt
from spades_rules._core.exchanges import exchange_sizes
from spades_rules._core.messages import describe
from spades_rules.errors import ArgumentTypeError, SpadesError
from spades_rules.simulation.match import GameSummary, HandSummary, Match

__all__ = ["BotStats", "MatchResult", "MetricStats", "Tally", "wilson_interval"]

_Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); ``(0, 1)`` without trials."""
    if type(successes) is not int or type(trials) is not int or not 0 <= successes <= trials or trials > 2**62:
        raise SpadesError(
            f"wilson_interval needs 0 <= successes <= trials, not {describe(successes)} of {describe(trials)}"
        )
    if isinstance(z, bool) or not isinstance(z, int | float) or not 0 < z < 1e100:
        raise SpadesError(f"wilson_interval needs a positive finite z (1.96 for 95 %), not {describe(z)}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # the bounds are exact at the ends
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def _ratio(numerator: float, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


@guard_unbuilt
@attrs.frozen
class BotStats:
    """One bot's results over the games it sat in.

    Game results and margins are its side's, counted once per side it held in a game (a bot holds one side
    unless fewer bots than sides were given). Bid counts are per seat-hand it played; contract, set and bag
    figures per side-hand of a side it sat on (a partnership's contract is the partners' together).
    The two-player draw and blind-nil exchange figures are None when the rules have neither.
    """

    name: str
    games: int
    wins: int
    ties: int
    losses: int
    win_rate: float
    """``wins / games`` (ties are not wins)."""
    win_ci: tuple[float, float]
    """95 % Wilson interval of the win rate."""
    mean_margin: float
    """Mean of its side's final score minus the best other side's."""
    seat_hands: int
    """Hands played, counted once per seat it held."""
    bids: int
    """Number bids (not nil) made."""
    mean_bid: float | None
    nil_bids: int
    nil_made: int
    blind_nil_bids: int
    blind_nil_made: int
    side_hands: int
    """Hands played, counted once per side it sat on."""
    contracts: int
    """Side-hands with a contract (a non-nil bid)."""
    sets: int
    """Contracts set (not made)."""
    set_rate: float | None
    bags: int
    bags_per_hand: float | None
    """Bags taken per side-hand."""
    bag_penalties: int
    """Side-hands that ended with a bag penalty."""
    bag_penalty_points: int
    """Points lost to bag penalties (zero or negative)."""
    draws_kept: int | None
    """Two-player draw: cards kept (of :attr:`draw_decisions`)."""
    draw_decisions: int | None
    exchanges: int | None
    """Blind-nil exchanges made (passes of cards)."""
    decisions: int = 0
    """Decisions it made (each call of its ``choose`` or ``decide``)."""
    mean_decision_seconds: float | None = attrs.field(default=None, eq=False)
    """Mean wall-clock time of a decision, in seconds (None without decisions). Timings vary from run to
    run, so they take no part in comparing results: equal games give equal results."""
    max_decision_seconds: float | None = attrs.field(default=None, eq=False)
    """The longest decision, in seconds (None without decisions)."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of every field."""
        data = attrs.asdict(self)
        data["win_ci"] = list(self.win_ci)
        return data


@guard_unbuilt
@attrs.frozen
class MetricStats:
    """A custom per-hand metric over every hand of the run."""

    name: str
    hands: int
    mean: float | None
    minimum: float | None
    maximum: float | None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of every field."""
        return attrs.asdict(self)


@guard_unbuilt
@attrs.frozen
class MatchResult:
    """The statistics of a run: what was played, per-bot results and per-hand metrics."""

    rules: dict[str, Any]
    """The options played (:meth:`Rules.changes`, backstop included)."""
    seed: int
    games: int
    """Games played (deals × rotations in duplicate)."""
    deals: int
    duplicate: bool
    unit: str
    """``"game"``, or ``"hand"`` when every game was one hand."""
    bots: tuple[BotStats, ...]
    hands: int
    """Hands played in all."""
    hands_per_game: float | None
    min_hands: int | None
    max_hands: int | None
    ties: int
    """Games without a winner (a tie at the backstop)."""
    redeals: int
    metrics: tuple[MetricStats, ...]

    def bot(self, name: str) -> BotStats:
        """The statistics of the bot called ``name``."""
        for stats in self.bots:
            if type(name) is str and stats.name == name:
                return stats
        names = ", ".join(stats.name for stats in self.bots)
        raise SpadesError(f"no bot is called {describe(name)} in this match: its bots are {names}")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict (``json.dumps`` works on it directly)."""
        data = {field.name: getattr(self, field.name) for field in attrs.fields(MatchResult)}
        data["bots"] = [stats.to_dict() for stats in self.bots]
        data["metrics"] = [stats.to_dict() for stats in self.metrics]
        return data


@attrs.define
class _BotTally:
    games: int = 0
    wins: int = 0
    ties: int = 0
    margin: int = 0
    seat_hands: int = 0
    bids: int = 0
    bid_total: int = 0
    nil_bids: int = 0
    nil_made: int = 0
    blind_nil_bids: int = 0
    blind_nil_made: int = 0
    side_hands: int = 0
    contracts: int = 0
    sets: int = 0
    bags: int = 0
    bag_penalties: int = 0
    bag_penalty_points: int = 0
    draws_kept: int = 0
    draw_decisions: int = 0
    exchanges: int = 0
    decisions: int = 0
    decision_seconds: float = 0.0
    longest_decision: float = 0.0


@attrs.define
class _MetricTally:
    count: int = 0
    total: float = 0.0
    minimum: float = math.inf
    maximum: float = -math.inf


@guard_unbuilt
class Tally:
    """Folds game summaries, in game order, into a :class:`MatchResult`."""

    def __init__(self, match: Match) -> None:
        if not isinstance(match, Match):
            raise ArgumentTypeError(f"Tally needs a Match, not {describe(match)}", parameter="match")
        self.match = match
        rules = match.play_rules
        self.side_of = tuple(rules.side_of(seat) for seat in range(rules.players))
        self.bots = [_BotTally() for _ in match.bots]
        self.metric_tallies = [_MetricTally() for _ in match.metrics]
        self.games = 0
        self.hands = 0
        self.min_hands: int | None = None
        self.max_hands: int | None = None
        self.ties = 0
        self.redeals = 0

    def add_all(self, summaries: Iterable[GameSummary]) -> None:
        """Add games, in game order."""
        try:
            iterator = iter(summaries)
        except Exception:
            raise ArgumentTypeError(f"Tally.add_all needs summaries (an iterable), not {describe(summaries)}") from None
        while True:
            try:
                summary = next(iterator)
            except StopIteration:
                return
            except Exception:
                raise ArgumentTypeError(f"Tally.add_all: reading {describe(summaries)} failed") from None
            self.add(summary)

    def add(self, game: GameSummary) -> None:
        """Add the next game (a :class:`~spades_rules.errors.SpadesError` for what is no summary of this
        match's next game)."""
        if not isinstance(game, GameSummary):
            raise ArgumentTypeError(f"Tally.add needs a GameSummary (from Match.play_batch), not {describe(game)}")
        if game.index != self.games:
            raise SpadesError(f"game {game.index} arrived out of order (expected {self.games})")
        self.games += 1
        count = len(game.hands)
        self.hands += count
        self.min_hands = count if self.min_hands is None else min(self.min_hands, count)
        self.max_hands = count if self.max_hands is None else max(self.max_hands, count)
        self.ties += game.winner is None
        self.redeals += game.redeals
        side_of = self.side_of
        lineup = game.lineup
        entries = sorted({(bot, side_of[seat]) for seat, bot in enumerate(lineup)})  # (bot, side) it holds
        for bot, side in entries:
            tally = self.bots[bot]
            tally.games += 1
            if game.winner is None:
                tally.ties += 1
            elif game.winner == side:
                tally.wins += 1
            others = [score for other, score in enumerate(game.scores) if other != side]
            tally.margin += game.scores[side] - max(others) if others else 0
        for seat, bot in enumerate(lineup):
            tally = self.bots[bot]
            tally.draws_kept += game.draws_kept[seat]
            tally.draw_decisions += game.draw_decisions[seat]
            tally.exchanges += game.exchanges[seat]
            if game.decisions:
                made, seconds, longest = game.decisions[seat]
                tally.decisions += made
                tally.decision_seconds += seconds
                tally.longest_decision = max(tally.longest_decision, longest)
        for hand in game.hands:
            self._add_hand(lineup, entries, hand)
            for tally_m, value in zip(self.metric_tallies, hand.metrics, strict=True):
                tally_m.count += 1
                tally_m.total += value
                tally_m.minimum = min(tally_m.minimum, value)
                tally_m.maximum = max(tally_m.maximum, value)

    def _add_hand(
        self,
        lineup: tuple[int, ...],
        entries: list[tuple[int, int]],
        hand: HandSummary,
    ) -> None:
        bids, tricks_won, sides = hand.bids, hand.tricks_won, hand.sides
        for seat, bot in enumerate(lineup):
            tally = self.bots[bot]
            tally.seat_hands += 1
            bid = bids[seat]
            if bid is None:
                continue
            tricks, blind = bid
            if tricks:
                tally.bids += 1
                tally.bid_total += tricks
            else:
                clean = tricks_won[seat] == 0
                if blind:
                    tally.blind_nil_bids += 1
                    tally.blind_nil_made += clean
                else:
                    tally.nil_bids += 1
                    tally.nil_made += clean
        for bot, side in entries:
            tally = self.bots[bot]
            made, bags, penalty = sides[side]
            tally.side_hands += 1
            tally.contracts += made is not None
            tally.sets += made is False
            tally.bags += bags
            tally.bag_penalties += penalty != 0
            tally.bag_penalty_points += penalty

    def result(self) -> MatchResult:
        """The statistics of the games added so far."""
        match = self.match
        rules = match.play_rules
        has_draw = rules.deal_method == "draw"
        has_exchange = bool(exchange_sizes(rules)) and rules.bid_format.has_bidding_phase
        bots = tuple(
            _bot_stats(name, tally, has_draw, has_exchange) for name, tally in zip(match.names, self.bots, strict=True)
        )
        metrics = tuple(
            MetricStats(name, t.count, _ratio(t.total, t.count), t.minimum if t.count else None,
                        t.maximum if t.count else None)
            for (name, _), t in zip(match.metrics, self.metric_tallies, strict=True)
        )
        return MatchResult(
            rules=rules.changes(), seed=match.seed, games=self.games, deals=-(-self.games // len(match.lineups)),
            duplicate=match.duplicate, unit="hand" if match.hands else "game", bots=bots, hands=self.hands,
            hands_per_game=_ratio(self.hands, self.games), min_hands=self.min_hands, max_hands=self.max_hands,
            ties=self.ties, redeals=self.redeals, metrics=metrics,
        )


def _bot_stats(name: str, t: _BotTally, has_draw: bool, has_exchange: bool) -> BotStats:
    win_rate = t.wins / t.games if t.games else 0.0
    return BotStats(
        name=name, games=t.games, wins=t.wins, ties=t.ties, losses=t.games - t.wins - t.ties, win_rate=win_rate,
        win_ci=wilson_interval(t.wins, t.games), mean_margin=t.margin / t.games if t.games else 0.0,
        seat_hands=t.seat_hands, bids=t.bids, mean_bid=_ratio(t.bid_total, t.bids), nil_bids=t.nil_bids,
        nil_made=t.nil_made, blind_nil_bids=t.blind_nil_bids, blind_nil_made=t.blind_nil_made,
        side_hands=t.side_hands, contracts=t.contracts, sets=t.sets, set_rate=_ratio(t.sets, t.contracts),
        bags=t.bags, bags_per_hand=_ratio(t.bags, t.side_hands), bag_penalties=t.bag_penalties,
        bag_penalty_points=t.bag_penalty_points, draws_kept=t.draws_kept if has_draw else None,
        draw_decisions=t.draw_decisions if has_draw else None, exchanges=t.exchanges if has_exchange else None,
        decisions=t.decisions, mean_decision_seconds=_ratio(t.decision_seconds, t.decisions),
        max_decision_seconds=t.longest_decision if t.decisions else None,
    )

"""What a simulation plays: :class:`Match` (the rules, the bots, how many games, the master seed) and
the per-game :class:`GameSummary` a worker sends back.

Every game is a pure function of the match and its index: its deals come from a seed derived from the
master seed and the deal's index (a stable hash, never Python's salted ``hash`` nor the order workers
run in), and so do the bots' seeds. :meth:`Match.play` replays any one game alone.

>>> from spades_rules import Rules
>>> match = Match(Rules.standard(), ("heuristic", "random"), games=2, seed=7, duplicate=True)
>>> match.lineups          # bot per seat: the sides swapped
((0, 1, 0, 1), (1, 0, 1, 0))
>>> match.total_games, match.game_seed(0) == match.game_seed(1), match.game_seed(1) == match.game_seed(2)
(4, True, False)
>>> match.play(3).is_over
True
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, TypeAlias, overload

import attrs

from spades_rules._core.checks import guard_unbuilt, integer_or_none, read_items
from spades_rules._core.messages import describe
from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange, Redeal
from spades_rules.bots import BUILTIN_BOTS, GAME_BACKSTOP, _with_backstop
from spades_rules.engine import apply, new_game
from spades_rules.errors import IllegalActionError, SpadesError
from spades_rules.records import to_dict
from spades_rules.rules import Rules
from spades_rules.simulation.errors import SimulationError, SimulationIllegalActionError
from spades_rules.state import GameState
from spades_rules.views import observe

__all__ = [
    "BUILTIN_BOTS",
    "MAX_GAMES",
    "BotFactory",
    "BotSpec",
    "GameSummary",
    "HandSummary",
    "Match",
    "Metric",
    "derive_seed",
]

MAX_GAMES: Final = 10**12
"""The most games (or deals, in duplicate) a :class:`Match` plays: a trillion games take one core some
30,000 years, and nothing in a run grows with the number of games."""

BotFactory: TypeAlias = Callable[[int], object]
"""A picklable callable that makes a bot from a seed (a bot class such as ``RandomBot`` is one). The bot
has ``choose(state)`` (a :class:`~spades_rules.bots.Bot`), or ``decide(observation)`` for the fair mode
(``view_only=True``); the built-in bots have both."""
BotSpec: TypeAlias = str | BotFactory
"""A built-in bot's name (``"random"``, ``"heuristic"``) or a :data:`BotFactory`."""
Metric: TypeAlias = Callable[[GameState], float]
"""A per-hand statistic: called with the state right after each hand is scored (``state.last_hand`` is
the finished hand, ``state.results[-1]`` its score); returns a number. Must be picklable."""


_SEED_BITS = 63


_SEED_PART_BITS: Final = 4096
"""The longest integer a seed is derived from (Python refuses to print one of more than 4,300 digits)."""


def _game_index(index: object) -> int:
    """``index`` as a game's index (an integer from 0; a NumPy integer too), or a SpadesError."""
    number = integer_or_none(index)
    if number is None or number < 0:
        raise SpadesError(f"a game's index is an integer from 0, not {describe(index)}")
    return number


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed derived from ``seed`` and ``parts`` by a stable hash (BLAKE2b): the same on every
    machine and in every process.

    >>> derive_seed(1, "deal", 0) == derive_seed(1, "deal", 0) != derive_seed(1, "deal", 1)
    True
    """
    for part in (seed, *parts):
        if type(part) not in (int, str) or (type(part) is int and part.bit_length() > _SEED_PART_BITS):
            raise SpadesError(f"derive_seed takes integers and names, not {describe(part)}")
    text = ":".join(str(part) for part in (seed, *parts)).encode("utf-8", "surrogatepass")  # any str hashes
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> (64 - _SEED_BITS)


@guard_unbuilt
@attrs.frozen
class HandSummary:
    """What the statistics need of one finished hand."""

    bids: tuple[tuple[int, bool] | None, ...]
    """Per seat: ``(tricks, blind)`` of its bid (0 for nil), None without bidding."""
    tricks_won: tuple[int, ...]
    """Tricks won per seat."""
    sides: tuple[tuple[bool | None, int, int], ...]
    """Per side: ``(made, bags, bag_penalty)``; ``made`` is None without a contract."""
    totals: tuple[int, ...]
    """Points per side for the hand."""
    metrics: tuple[float, ...]
    """The custom metrics' values, in the match's order."""


@guard_unbuilt
@attrs.frozen
class GameSummary:
    """What the statistics need of one finished game; made by the worker that played it."""

    index: int
    """The game's index in the match."""
    lineup: tuple[int, ...]
    """The bot (its index in ``Match.bots``) at each seat."""
    winner: int | None
    """The winning side, None for a draw."""
    scores: tuple[int, ...]
    """The final score per side."""
    hands: tuple[HandSummary, ...]
    """Every finished hand, in order."""
    draws_kept: tuple[int, ...]
    """Two-player draw: per seat, the cards kept (the rest were rejected)."""
    draw_decisions: tuple[int, ...]
    """Two-player draw: per seat, the keep-or-reject decisions made."""
    exchanges: tuple[int, ...]
    """Per seat, the blind-nil exchanges made (passes of cards)."""
    redeals: int
    """Redeals called in the game."""
    decisions: tuple[tuple[int, float, float], ...] = ()
    """Per seat: ``(decisions, total seconds, longest seconds)`` of its bot's decisions (wall-clock time of
    ``choose`` or ``decide``, the library's work around them excluded)."""


def _to_tuple(values: Iterable[Any]) -> tuple[Any, ...]:
    if isinstance(values, str) or not isinstance(values, Iterable):
        raise SpadesError(f"expected a list, not {describe(values)}")
    return read_items(values, "Match", "bots or names", error=SpadesError)  # bounded: an endless one is refused


def _to_pairs(metrics: Mapping[str, Metric] | Iterable[tuple[str, Metric]]) -> tuple[tuple[str, Metric], ...]:
    if not isinstance(metrics, Mapping):  # pairs, read with a bound: an endless iterator is refused, not read whole
        metrics = read_items(metrics, "Match", "metrics (name, function) pairs", error=SpadesError)
    try:
        return tuple(dict(metrics).items())
    except Exception:  # not a mapping, nor pairs (an array's truth, a failing iterator)
        raise SpadesError(f"metrics must map names to functions, not {describe(metrics)}") from None


def _check_bot(spec: object, at: int) -> None:
    if isinstance(spec, str):
        if spec not in BUILTIN_BOTS:
            raise SpadesError(
                f"bots[{at}]: unknown bot {describe(spec)}; the built-in bots are {', '.join(BUILTIN_BOTS)}"
            )
    elif not callable(spec):
        raise SpadesError(f"bots[{at}]: a bot is a built-in name or a factory seed -> bot, not {describe(spec)}")


def _bot_name(spec: BotSpec) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "__name__", type(spec).__name__))


def _positive_int(name: str, value: object, minimum: int = 1) -> None:
    if type(value) is not int or value < minimum:
        raise SpadesError(f"{name} must be an integer of at least {minimum}, not {describe(value)}")


@guard_unbuilt
@attrs.frozen
class Match:
    """A simulation to run: ``games`` games of ``rules`` between ``bots``.

    - ``bots``: one per side (each seat of a side gets its own bot from the side's factory) or one per
      seat; a built-in name (:data:`BUILTIN_BOTS`) or a picklable ``factory(seed) -> bot``. Fewer bots
      than sides take the sides in turn (``heuristic, random`` at a three-player table: heuristic,
      random, heuristic); a bot that holds several sides counts each as one entry in its statistics.
    - ``seed``: the master seed; game ``i`` is the same game whatever runs it.
    - ``duplicate``: each deal is played once per rotation of the bots around the table (for two sides,
      with the sides swapped); ``games`` then counts deals, and :attr:`total_games` is
      ``games × len(lineups)``.
    - ``hands``: every game is a single hand (the unit is a hand, not a game).
    - ``max_hands``: when the rules set no ``max_hands``, games end after this many hands (highest score
      wins, a tie is a draw); None removes the backstop (two random bots may then play for ever).
    - ``metrics``: per-hand custom statistics, ``{name: function(state) -> float}`` (see :data:`Metric`).
    - ``names``: the bots' names in the statistics (default: the built-in name or the factory's
      ``__name__``, made unique).
    - ``view_only``: the fair mode. Every bot is called with its own seat's
      :class:`~spades_rules.views.Observation` only (its ``decide(observation)`` method), never with the
      :class:`~spades_rules.state.GameState`, so no bot can look at the other hands; a bot without
      ``decide`` is refused. By default bots are called with the state (``choose(state)``), which the
      built-in bots only ever turn into their own seat's view.

    ``games`` runs from 0 to :data:`MAX_GAMES`; nothing is built per game before the games are played
    (:meth:`batches` is computed as the workers ask for it).
    """

    rules: Rules = attrs.field()
    bots: tuple[BotSpec, ...] = attrs.field(converter=_to_tuple)
    games: int = attrs.field()
    seed: int = 0
    duplicate: bool = False
    hands: bool = False
    max_hands: int | None = GAME_BACKSTOP
    metrics: tuple[tuple[str, Metric], ...] = attrs.field(default=(), converter=_to_pairs)
    names: tuple[str, ...] = attrs.field(default=(), converter=_to_tuple)
    view_only: bool = False
    lineups: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    play_rules: Rules = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise SpadesError(f"rules must be a Rules value, not {describe(self.rules)}")
        _positive_int("games", self.games, 0)
        if self.games > MAX_GAMES:
            raise SpadesError(f"games must be at most {MAX_GAMES:,} (MAX_GAMES), not {describe(self.games)}")
        seed = integer_or_none(self.seed)  # a NumPy integer is kept as an int
        if seed is None or seed.bit_length() > _SEED_PART_BITS:
            raise SpadesError(f"seed must be an integer, not {describe(self.seed)}")
        object.__setattr__(self, "seed", seed)
        for flag in ("duplicate", "hands", "view_only"):
            if type(getattr(self, flag)) is not bool:
                raise SpadesError(f"{flag} must be True or False")
        if self.max_hands is not None:
            _positive_int("max_hands", self.max_hands)
        rules = self.rules
        if not 1 <= len(self.bots) <= rules.num_sides and len(self.bots) != rules.players:
            raise SpadesError(
                f"{len(self.bots)} bots given: these rules need one per side ({rules.num_sides}, or fewer: "
                f"they take the sides in turn) or one per seat ({rules.players})"
            )
        for at, spec in enumerate(self.bots):
            _check_bot(spec, at)
        for name, function in self.metrics:
            if not isinstance(name, str) or not callable(function):
                raise SpadesError(
                    f"metrics map names to functions of the state, not {describe(name)}: {describe(function)}"
                )
        if self.names and (len(self.names) != len(self.bots) or not all(isinstance(n, str) for n in self.names)):
            raise SpadesError(f"names must give one string per bot ({len(self.bots)})")
        if not self.names:
            object.__setattr__(self, "names", _unique([_bot_name(spec) for spec in self.bots]))
        elif len(set(self.names)) != len(self.names):
            raise SpadesError(f"bot names must differ: {self.names}")
        object.__setattr__(self, "lineups", self._make_lineups())
        play_rules = rules.evolve(max_hands=1) if self.hands else _with_backstop(rules, self.max_hands)
        object.__setattr__(self, "play_rules", play_rules)

    def _make_lineups(self) -> tuple[tuple[int, ...], ...]:
        rules = self.rules
        n = rules.players
        count = len(self.bots)
        per_seat = count == n and count != rules.num_sides
        base = tuple(seat if per_seat else rules.side_of(seat) % count for seat in range(n))
        rotations = range(n) if self.duplicate else range(1)
        lineups: list[tuple[int, ...]] = []
        for shift in rotations:
            lineup = tuple(base[(seat - shift) % n] for seat in range(n))
            if lineup not in lineups:
                lineups.append(lineup)
        return tuple(lineups)

    @property
    def total_games(self) -> int:
        """The number of games played: ``games``, times the rotations in duplicate."""
        return self.games * len(self.lineups)

    def deal_index(self, index: int) -> int:
        """The deal game ``index`` plays (its own index unless duplicate)."""
        return _game_index(index) // len(self.lineups)

    def lineup(self, index: int) -> tuple[int, ...]:
        """The bot at each seat in game ``index``."""
        return self.lineups[_game_index(index) % len(self.lineups)]

    def game_seed(self, index: int) -> int:
        """The seed of game ``index``'s deals: derived from the master seed and the deal's index only."""
        return derive_seed(self.seed, "deal", self.deal_index(index))

    def bots_for(self, index: int) -> list[Any]:
        """Fresh bots for game ``index``, one per seat, seeded from the master seed, the game and the seat."""
        factories = [BUILTIN_BOTS[spec] if isinstance(spec, str) else spec for spec in self.bots]
        index = _game_index(index)
        lineup = self.lineup(index)
        bots = [factories[lineup[seat]](derive_seed(self.seed, "bot", index, seat)) for seat in range(len(lineup))]
        method = "decide" if self.view_only else "choose"
        for seat, bot in enumerate(bots):
            if not callable(getattr(bot, method, None)):
                mode = "view_only=True calls decide(observation)" if self.view_only else "bots get choose(state)"
                raise SpadesError(
                    f"{self.names[lineup[seat]]}: the bot made for seat {seat} has no {method}() method ({mode})"
                )
        return bots

    def play(self, index: int) -> GameState:
        """Play game ``index`` alone and return its final state (exactly as in a run)."""
        return self._play(index)[0]

    def _check_index(self, index: int) -> None:
        if type(index) is not int or not 0 <= index < self.total_games:
            raise SpadesError(f"game index must be an integer from 0 to {self.total_games - 1}, not {describe(index)}")

    def _play(self, index: int) -> tuple[GameState, GameSummary]:
        self._check_index(index)
        rules = self.play_rules
        n = rules.players
        seed = self.game_seed(index)
        kept, decided, exchanges = [0] * n, [0] * n, [0] * n
        count, spent, longest = [0] * n, [0.0] * n, [0.0] * n
        redeals = 0
        hands: list[HandSummary] = []
        metrics = self.metrics
        view_only = self.view_only
        state = new_game(rules)
        try:
            bots = self.bots_for(index)
            rng = random.Random(seed)  # the deals, as iter_game and play_game shuffle them
            while not state.is_over:
                action: Action
                if state.is_chance:
                    action = Deal.shuffled(rules, rng)
                else:
                    seat: int = state.to_act  # type: ignore[assignment]  # a seat is to act in a hand
                    bot = bots[seat]
                    view = observe(state, seat) if view_only else None
                    started = time.perf_counter()
                    action = bot.decide(view) if view is not None else bot.choose(state)
                    elapsed = time.perf_counter() - started
                    count[seat] += 1
                    spent[seat] += elapsed
                    longest[seat] = max(longest[seat], elapsed)
                state = apply(state, action)
                if isinstance(action, DrawDecision):
                    decided[action.seat] += 1
                    kept[action.seat] += action.keep
                elif isinstance(action, Exchange):
                    exchanges[action.seat] += 1
                elif isinstance(action, Redeal):
                    redeals += 1
                if state.hands_played > len(hands):
                    hands.append(_hand_summary(state, tuple(float(f(state)) for _, f in metrics)))
        except IllegalActionError as error:
            raise SimulationIllegalActionError(
                f"game {index} (seed {seed}): {error}", game_index=index, seed=seed, original=error
            ) from error
        except Exception as error:
            raise SimulationError(
                f"game {index} (seed {seed}): {type(error).__name__}: {error}",
                game_index=index, seed=seed, original=error,
            ) from error
        summary = GameSummary(
            index, self.lineup(index), state.winner, state.scores, tuple(hands), tuple(kept), tuple(decided),
            tuple(exchanges), redeals, tuple(zip(count, spent, longest, strict=True)),
        )
        return state, summary

    def play_batch(self, start: int, stop: int, records: bool) -> list[tuple[GameSummary, str | None]]:
        """Play games ``start`` to ``stop - 1``: their summaries and, with ``records``, each game's record
        as one line of JSON (:func:`~spades_rules.records.to_dict`). What a worker runs.

        ``0 <= start <= stop <= total_games`` (a :class:`~spades_rules.errors.SpadesError` otherwise)."""
        _positive_int("start", start, 0)
        _positive_int("stop", stop, 0)
        if not start <= stop <= self.total_games:
            raise SpadesError(
                f"play_batch needs 0 <= start <= stop <= {self.total_games:,}: {describe(start)}, {describe(stop)}"
            )
        if type(records) is not bool:
            raise SpadesError(f"records must be True or False, not {describe(records)}")
        out: list[tuple[GameSummary, str | None]] = []
        for index in range(start, stop):
            state, summary = self._play(index)
            out.append((summary, json.dumps(to_dict(state), separators=(",", ":")) if records else None))
        return out

    def batches(self, workers: int, size: int | None = None) -> Sequence[tuple[int, int]]:
        """The ``(start, stop)`` ranges the games are split into: about 32 per worker, so the workers
        finish together, but at least 2 games (20 single hands), so shipping a batch (about a millisecond)
        costs at most a few percent of playing it, and at most 100 games (400 hands).

        A lazy sequence: each range is computed when it is asked for, so a match of a billion games
        takes no memory for its batches.

        >>> from spades_rules import Rules
        >>> ranges = Match(Rules.standard(), ["random"], games=10**9).batches(2)
        >>> len(ranges), ranges[0], ranges[-1]
        (10000000, (0, 100), (999999900, 1000000000))
        """
        _positive_int("workers", workers)
        total = self.total_games
        if size is None:
            low, high = (20, 400) if self.hands else (2, 100)
            size = max(low, min(high, math.ceil(total / (32 * workers))))
        _positive_int("batch_size", size)
        return _Ranges(total, size)


class _Ranges(Sequence[tuple[int, int]]):
    """The ranges ``(start, min(start + size, total))`` for ``start`` in ``range(0, total, size)``, lazily."""

    def __init__(self, total: int, size: int) -> None:
        self.total, self.size = total, size
        self.length = -(-total // size)

    def __len__(self) -> int:
        return self.length

    @overload
    def __getitem__(self, at: int) -> tuple[int, int]: ...

    @overload
    def __getitem__(self, at: slice) -> Sequence[tuple[int, int]]: ...

    def __getitem__(self, at: int | slice) -> tuple[int, int] | Sequence[tuple[int, int]]:
        if isinstance(at, slice):
            return [self[i] for i in range(*at.indices(self.length))]
        if at < 0:
            at += self.length
        if not 0 <= at < self.length:
            raise IndexError(at)
        start = at * self.size
        return start, min(start + self.size, self.total)

    def __repr__(self) -> str:
        return f"<{self.length} batches of {self.size} of {self.total} games>"


def _unique(names: Sequence[str]) -> tuple[str, ...]:
    if len(set(names)) == len(names):
        return tuple(names)
    return tuple(name if names.count(name) == 1 else f"{name}#{names[:at].count(name) + 1}"
                 for at, name in enumerate(names))


def _hand_summary(state: GameState, metrics: tuple[float, ...]) -> HandSummary:
    score = state.last_result
    assert score is not None  # called when a hand has just been scored
    bids = tuple(None if bid is None else _bid_pair(bid) for bid in score.bids)
    sides = tuple((side.made, side.bags, side.bag_penalty) for side in score.sides)
    return HandSummary(bids, score.tricks_won, sides, score.totals, metrics)


def _bid_pair(bid: Bid) -> tuple[int, bool]:
    return bid.tricks, bid.blind


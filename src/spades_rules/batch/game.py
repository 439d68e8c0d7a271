"""The batch engine's public class: :class:`BatchGame`, N games of one :class:`~spades_rules.rules.Rules`
stepped together, with the library's action codes (the compact action space) and observation tensor.

>>> import numpy as np
>>> from spades_rules import Rules
>>> from spades_rules.batch import BatchGame
>>> games = BatchGame(Rules.standard(), 4, seed=1)
>>> games.phase.tolist(), games.current_player.tolist()          # every row bids, seat 1 first
([2, 2, 2, 2], [1, 1, 1, 1])
>>> mask = games.legal_action_mask()
>>> mask.shape, np.flatnonzero(mask[0]).tolist()[:3]             # nil, bid 1, bid 2, ...
((4, 81), [52, 53, 54])
>>> hands = 0
>>> while hands < 8:
...     games.step(games.random_actions())
...     hands += int(games.hand_done.sum())
>>> games.last_hand_totals.shape, games.phase.tolist()            # the rows were dealt again
((4, 2), [2, 2, 2, 2])
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, NoReturn

import numpy as np

from spades_rules._core.checks import check_seat, never_raising_text
from spades_rules._core.episodes import check_backstop
from spades_rules._core.messages import describe
from spades_rules.batch._compile import BID, EXCHANGE, PHASES, PLAY, compile_rules
from spades_rules.batch._deal import new_games, start_hands
from spades_rules.batch._load import check_states, load_states, read_states
from spades_rules.batch._lockstep import ALL, Core, Episode, Rows, sync, uniform
from spades_rules.batch._observe import observation_rows
from spades_rules.batch._rebuild import rebuild_row
from spades_rules.batch._steps import step
from spades_rules.bots import GAME_BACKSTOP
from spades_rules.errors import (
    ArgumentTypeError,
    IllegalActionError,
    IllegalReason,
    RulesError,
    SeatError,
)
from spades_rules.rules import Rules
from spades_rules.state import GameState, Phase

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

    from spades_rules.batch._arrays import Array

__all__ = ["BatchGame"]

_MAX_ROWS: Final = 1 << 22
"""The most games one batch holds (4,194,304): the four-seat game's state is at most 130 bytes a game and its
record 121, and a batch peaks at about 270 bytes a game while it is built and 520 while it steps (1.1 and
2.2 GB at this size; the observation tensor, 4 KB a game, comes on top)."""
_NEGATIVE_SEED: Final = (0x6E6567,)
"""The spawn key that tells a negative seed's stream from the stream of the same seed's absolute value."""


def _seed_sequence(seed: int | None) -> np.random.SeedSequence:
    """The random streams' root for any integer seed (NumPy takes only non-negative ones)."""
    if seed is None:
        return np.random.SeedSequence()
    number = int(seed)
    if number >= 0:
        return np.random.SeedSequence(number)
    return np.random.SeedSequence(-number, spawn_key=_NEGATIVE_SEED)


def _out_of_memory(n: int) -> RulesError:
    return RulesError(f"not enough memory for a batch of {n:,} games (a batch peaks at about 270 bytes a game"
                      " while it is built and 520 while it steps, with the record): make it smaller")

_SELECT_DOWN: Final = np.zeros(256 * 16, dtype=np.uint64)
"""``_SELECT_DOWN[byte * 16 + m]``: the position of the ``m``-th highest set bit of ``byte`` (``m`` from 1; see
:func:`_random_set_bits`)."""
for _byte in range(256):
    for _from_top, _bit in enumerate(sorted((bit for bit in range(8) if _byte >> bit & 1), reverse=True)):
        _SELECT_DOWN[_byte * 16 + _from_top + 1] = _bit
_BYTES: Final = np.uint64(0x0101010101010101)
_HIGH_BITS: Final = np.uint64(0x8080808080808080)
_3, _4, _32, _56, _FF = np.uint64(3), np.uint64(4), np.uint64(32), np.uint64(56), np.uint64(0xFF)
_LOW32: Final = np.uint64(0xFFFFFFFF)
_GAME_OVER: Final = PHASES.index(Phase.GAME_OVER)
_DEAL: Final = PHASES.index(Phase.DEAL)


def _random_set_bits(words: Array, draws: Array) -> Array:
    """For each word, the position of one of its set bits, the ``floor(draw × popcount / 2**32)``-th (``draws``:
    uniform 32-bit numbers in uint64, consumed): a SWAR search, all rows at once. The bytes' popcounts times
    ``0x0101…`` are the popcounts up to each byte; one subtraction tests all eight against the rank, which
    counts the bytes before the bit; the count up to the bit's byte less the rank says how many of the
    byte's bits, from the top, lead to it, and a table finds the bit in its byte."""
    prefix = np.bitwise_count(words.view(np.uint8)).view(np.uint64)
    prefix *= _BYTES  # byte k: the set bits in bytes 0 ... k (at most 64: no carry)
    rank = draws
    rank *= prefix >> _56
    rank >>= _32  # the rank of the bit chosen among the word's set bits
    below = rank * _BYTES
    below |= _HIGH_BITS
    below -= prefix  # a byte keeps its high bit where its prefix is at most the rank
    below &= _HIGH_BITS
    shift = np.left_shift(np.bitwise_count(below), _3, dtype=np.uint64)  # 8 × the byte holding the bit
    prefix >>= shift
    prefix &= _FF
    prefix -= rank  # 1 ... the byte's set bits: the chosen one is this many from the byte's top
    byte = words >> shift
    byte &= _FF
    byte <<= _4
    byte |= prefix
    shift += _SELECT_DOWN.take(byte.view(np.intp))
    bits: Array = shift
    return bits


def _read_only(values: Array) -> Array:
    view = values.view()
    view.flags.writeable = False
    return view


@never_raising_text
class BatchGame:
    """``n`` independent games of ``rules``, one row each, stepped together by :meth:`~BatchGame.step`.

    Every row is always at a decision: a finished hand is scored and the next one dealt within the step
    that finishes it (``episode="hand"``: every hand is a new game at 0-0, as OpenSpiel's ``spades``;
    ``"game"``: whole games, to the target, the losing score or ``max_hands``, the dealer passing left, then
    a new game). Actions are the codes of the compact action space of :mod:`spades_rules.codec` (an exchange
    of k cards is k picks of one card code each). ``seed`` seeds the deals and :meth:`random_actions`.

    ``record=True`` (the default) keeps what :meth:`game_state` needs: each hand's deck and its cards in the
    order played, and the earlier hands of every row's game; ``record=False`` drops it, the state alone.

    **Games that end.** Under rules with no losing score and no ``max_hands``, a whole game between weak
    players may never reach the target (random play drifts to minus thousands). So with
    ``episode="game"`` a game that has played ``backstop`` hands (default
    :data:`~spades_rules.bots.GAME_BACKSTOP`, 100, the backstop of the library's play loops and
    simulations) without ending by its rules is stopped: :attr:`truncated` is True for that step (and
    :attr:`game_done`, which says a game ended by its rules, False),
    :attr:`~spades_rules.batch.game.BatchGame.winner` names the side that leads (the unique highest score,
    -1 on a tie, as the simulations count a game at the backstop) and :attr:`final_scores` holds the scores,
    and the row starts a new game. A game that the rules' own ``max_hands`` ends is finished, not truncated
    (a backstop below it truncates first). ``backstop=None`` removes it (a game may then never end).

    ``final_observations=True`` keeps, on every step that ends games, the observation that the seat which
    took the step's action has of the game's final position (:attr:`final_observation`), for learners that
    bootstrap from a truncated episode.
    """

    def __init__(self, rules: Rules, n: int, *, seed: int | None = None, episode: Episode = "hand",
                 record: bool = True, backstop: int | None = GAME_BACKSTOP,
                 final_observations: bool = False) -> None:
        if not isinstance(rules, Rules):
            raise ArgumentTypeError(f"BatchGame needs a Rules value, not {type(rules).__name__}", parameter="rules")
        if type(n) is not int:
            try:
                if isinstance(n, bool):
                    raise TypeError
                n = operator.index(n)
            except Exception:  # no integer, or one whose __index__ fails
                raise ArgumentTypeError(f"n must be an integer number of games, not {describe(n)}",
                                        parameter="n") from None
        if not 1 <= n <= _MAX_ROWS:
            raise RulesError(f"n must be between 1 and {_MAX_ROWS:,} games, not {describe(n)}")
        if not isinstance(episode, str) or episode not in ("hand", "game"):
            raise RulesError(f"episode must be 'hand' or 'game', not {describe(episode)}")
        if type(record) is not bool:
            raise ArgumentTypeError(f"record must be True or False, not {describe(record)}", parameter="record")
        try:
            self._build(rules, n, seed, episode, record, backstop, final_observations)
            self.reset()
        except MemoryError:
            raise _out_of_memory(n) from None

    def _build(self, rules: Rules, n: int, seed: int | None, episode: Episode, record: bool,
               backstop: int | None, final_observations: bool) -> None:
        """The batch's tables, arrays and random streams (the arguments that need no more than a type)."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | np.integer)):
            raise ArgumentTypeError(f"seed must be an integer or None, not {describe(seed)}", parameter="seed")
        backstop = check_backstop(backstop)
        if type(final_observations) is not bool:
            raise ArgumentTypeError(f"final_observations must be True or False, not {describe(final_observations)}",
                                    parameter="final_observations")
        tables = compile_rules(rules)
        deals, actions = _seed_sequence(seed).spawn(2)
        self._core = Core(tables, n, episode, record, np.random.default_rng(deals),
                          None if backstop is None else int(backstop))
        self._actions_rng = np.random.default_rng(actions)
        self._spare_draws: Array | None = None
        self._tables = tables
        self._backstop = None if backstop is None else int(backstop)
        self._seat_side = np.array(tables.side_of, dtype=np.intp)
        self._final_wanted = final_observations
        self._actors = np.zeros(0, dtype=np.intp)
        self._final_rows: list[Array] = []
        self._final_tensors: list[Array] = []
        if final_observations:
            self._core.on_game_end = self._keep_final

    @classmethod
    def from_states(cls, states: Sequence[GameState], *, seed: int | None = None, episode: Episode = "game",
                    record: bool = True, backstop: int | None = GAME_BACKSTOP,
                    final_observations: bool = False) -> BatchGame:
        """A batch with one row per state of ``states``, each going on from its state: the hand in play at
        whatever decision it is (the draw, a bid, an exchange, any point of any trick), or, between hands
        (the ``DEAL`` phase), the next hand dealt from a shuffled deck; the game's scores, bags, dealer and
        hands played carry on (the ``backstop`` counts the game's hands from its start). The states share
        one :class:`~spades_rules.rules.Rules` (the batch's); the other arguments are the constructor's.

        ``episode`` is ``"game"`` by default here: the rows finish their games, then start new ones at 0-0.
        With ``"hand"`` every hand is a game of its own, so each state must be in its game's first hand at
        0-0. With ``record=True``, :meth:`game_state` gives the state back (``game_state(i) == states[i]``)
        and whatever the same actions reach, earlier hands included.

        A finished game, states of other rules or a state the episode cannot take is a
        :class:`~spades_rules.errors.RulesError`; anything but a sequence of states an
        :class:`~spades_rules.errors.ArgumentTypeError`.

        >>> from spades_rules import Deal, Rules, apply, new_game
        >>> rules = Rules.standard()
        >>> state = apply(new_game(rules), Deal.shuffled(rules, 7))
        >>> games = BatchGame.from_states([state, state], seed=1)
        >>> games.n, games.phase.tolist(), games.current_player.tolist()
        (2, [2, 2], [1, 1])
        >>> games.game_state(0) == state
        True
        """
        found = read_states(states, _MAX_ROWS, "BatchGame.from_states", exact=False)
        if not found:
            raise RulesError("BatchGame.from_states needs at least one state")
        if not isinstance(episode, str) or episode not in ("hand", "game"):
            raise RulesError(f"episode must be 'hand' or 'game', not {describe(episode)}")
        if type(record) is not bool:
            raise ArgumentTypeError(f"record must be True or False, not {describe(record)}", parameter="record")
        games = cls.__new__(cls)
        try:
            games._build(found[0].rules, len(found), seed, episode, record, backstop, final_observations)
            check_states(games._core, found, "BatchGame.from_states")
            load_states(games._core, ALL, found)
        except MemoryError:
            raise _out_of_memory(len(found)) from None
        games._core.relock()
        return games

    # ------------------------------------------------------------------------------------ description
    def __repr__(self) -> str:
        return f"BatchGame({self.rules!s}, n={self.n}, episode={self.episode!r})"

    @property
    def rules(self) -> Rules:
        """The rules every row plays."""
        return self._tables.rules

    @property
    def n(self) -> int:
        """The number of games (rows)."""
        return self._core.n

    @property
    def episode(self) -> Episode:
        """``"hand"`` or ``"game"`` (see the class)."""
        return self._core.episode

    @property
    def backstop(self) -> int | None:
        """The most hands a whole game plays before it is stopped and :attr:`truncated` (None: no limit)."""
        return self._backstop

    @property
    def num_actions(self) -> int:
        """The number of action codes (the compact space's ``num_distinct_actions``): the mask's width."""
        return self._tables.num_actions

    @property
    def observation_size(self) -> int:
        """The length of one row of :meth:`observation_tensor`."""
        return self._tables.obs_size

    # ------------------------------------------------------------------------------------ the arrays
    @property
    def current_player(self) -> Array:
        """The seat to act in each row (a read-only view of the state)."""
        sync(self._core)
        return _read_only(self._core.s.to_act)

    @property
    def phase(self) -> Array:
        """Each row's phase, as its index in ``tuple(Phase)``: 1 draw, 2 bid, 3 exchange, 4 play."""
        return _read_only(self._core.s.phase)

    @property
    def scores(self) -> Array:
        """The scores ``[n, sides]`` of each row's game (always 0-0 with ``episode="hand"``)."""
        return _read_only(self._core.s.scores.T.astype(np.int64, copy=False))

    @property
    def bags(self) -> Array:
        """The bags ``[n, sides]`` of each row's game."""
        return _read_only(self._core.s.bags.T.astype(np.int32, copy=False))

    @property
    def hand_done(self) -> Array:
        """Whether the last step finished a hand in each row (its points are in :attr:`last_hand_totals`)."""
        return _read_only(self._core.s.hand_done)

    @property
    def game_done(self) -> Array:
        """Whether the last step finished each row's game by its rules (every finished hand with
        ``episode="hand"``): Gymnasium's *terminated*. The row has started a new game."""
        return _read_only(self._core.s.game_done)

    @property
    def truncated(self) -> Array:
        """Whether the last step stopped each row's game at the backstop
        (:attr:`~spades_rules.batch.game.BatchGame.backstop`) without the rules ending it (never together with
        :attr:`game_done`; always False with ``episode="hand"``): Gymnasium's *truncated*. The row has started
        a new game; :attr:`~spades_rules.batch.game.BatchGame.winner` names the side that led."""
        return _read_only(self._core.s.truncated)

    @property
    def hands_played(self) -> Array:
        """The hands finished so far in each row's game ``[n]`` (as ``GameState.hands_played``; always 0
        with ``episode="hand"``, where every hand is a game)."""
        played = self._core.s.hands_played
        return _read_only(played) if len(played) else _read_only(np.zeros(self.n, dtype=np.int32))

    @property
    def rewards(self) -> Array:
        """Every seat's reward for the step just taken, float32 ``[n, players]`` (pgx's ``state.rewards``): at a
        hand's end each seat's side's points for the hand (:attr:`last_hand_totals`, so partners are equal),
        0 where the step finished no hand."""
        s = self._core.s
        points = s.totals.T[:, self._seat_side]
        rewards: Array = np.where(s.hand_done[:, None], points, 0).astype(np.float32)
        return rewards

    @property
    def picked(self) -> Array:
        """Bool ``[n, deck size]``: in each row whose seat to act is picking the cards of an exchange (the
        compact action space), the cards it has picked so far, one slot per card of ``rules.deck`` (the
        adapters' ``picked`` block); False elsewhere."""
        core, t = self._core, self._tables
        out = np.zeros((core.n, t.deck_size), dtype=bool)
        if not t.exchange_size:
            return out
        s = core.s
        rows = np.flatnonzero((s.phase == EXCHANGE) & (s.npicked > 0))
        if len(rows):
            cards = s.xcards[rows, s.to_act[rows].astype(np.intp)].astype(np.intp)  # [rows, k]
            made = np.arange(t.exchange_size)[None, :] < s.npicked[rows, None]
            at, k = np.nonzero(made)
            out[rows[at], t.slot_of[cards[at, k]]] = True
        return out

    @property
    def final_scores(self) -> Array:
        """The scores ``[n, sides]`` at the end of each game the last step ended (finished or truncated; the
        hand's points with ``episode="hand"``), 0 in the other rows."""
        core = self._core
        scores = np.zeros((core.n, self._tables.num_sides), dtype=np.int64)
        for rows, values in core.ended:
            scores[rows] = values.T
        return _read_only(scores)

    @property
    def final_observation(self) -> Array:
        """For each row whose game the last step ended (:attr:`game_done` or :attr:`truncated`), the
        observation tensor that the seat which took the step's action has of the game's final position, as
        ``observation_tensor(observe(final, seat))`` of the scalar game: for a finished game the game over
        (phase ``GAME_OVER``, the last hand played out and scored); for a truncated one the position it
        would go on from (phase ``DEAL``: the scores, the bags and the next dealer, what a value function
        bootstraps from). Zeros in the other rows. Needs ``final_observations=True``."""
        if not self._final_wanted:
            raise RulesError("final_observation needs the batch made with final_observations=True")
        out = np.zeros((self.n, self._tables.obs_size), dtype=np.float32)
        for rows, tensors in zip(self._final_rows, self._final_tensors, strict=True):
            out[rows] = tensors
        return out

    def _keep_final(self, rows: Array) -> None:
        """The engine's call at the end of games, in their final position: keep the actors' observations (a
        finished game's as the scalar game over shows it; a truncated one's between hands, as the game would
        go on: the next hand not dealt, the deal passed on)."""
        core, t = self._core, self._tables
        tensors = observation_rows(core, self._actors)[rows]
        layout = t.layout
        for name in ("phase", "to_act", "trick_leader"):  # the game is over: no one to act, no trick led
            start, length = layout[name]
            tensors[:, start:start + length] = 0.0
        tensors[:, layout["phase"][0] + _GAME_OVER] = 1.0
        cut = core.s.truncated[rows]
        if cut.any():  # between hands only the seat, the dealer, the scores and the bags show
            between = np.zeros((int(cut.sum()), t.obs_size), dtype=np.float32)
            for name in ("seat", "scores", "bags"):
                start, length = layout[name]
                between[:, start:start + length] = tensors[cut, start:start + length]
            seat = self._actors[rows[cut]]
            dealer = t.next_seat[core.s.dealer[rows[cut]]].astype(np.intp)
            between[np.arange(len(seat)), layout["dealer"][0] + (dealer - seat) % t.players] = 1.0
            between[:, layout["phase"][0] + _DEAL] = 1.0
            tensors[cut] = between
        self._final_rows.append(rows.copy())
        self._final_tensors.append(tensors)

    @property
    def last_hand_totals(self) -> Array:
        """The points ``[n, sides]`` of each row's last finished hand (kept through the next deal)."""
        return _read_only(self._core.s.totals.T.astype(np.int32, copy=False))

    @property
    def winner(self) -> Array:
        """The winning side of each game the last step ended, -1 elsewhere and for a draw. A one-hand game
        (``episode="hand"``) is won by the side with the unique highest points; a truncated game names the
        side with the unique highest score (the simulations' rule at the backstop)."""
        return _read_only(self._core.s.winner)

    @property
    def deck(self) -> Array:
        """The deck of each row's hand in play ``[n, cards]``, as ``Deal`` takes it (needs ``record=True``,
        or the two-player draw, whose stock it is)."""
        core = self._core
        if core.rec is not None:
            return _read_only(core.rec.deck)
        if self._tables.draw:
            return _read_only(core.s.stock)
        raise RulesError("the decks are kept only with record=True")

    @property
    def finished_hands(self) -> int:
        """The number of hands finished (scored) in all rows since the batch was made."""
        return self._core.finished

    def state_nbytes(self) -> int:
        """The bytes of the state arrays (every row; the record and the shared tables excluded)."""
        return sum(self._core.s.state_nbytes().values())

    def record_nbytes(self) -> int:
        """The bytes of the record that :meth:`game_state` reads (0 with ``record=False``)."""
        return 0 if self._core.rec is None else self._core.rec.nbytes()

    # ------------------------------------------------------------------------------------ reset and step
    def reset(self, rows: ArrayLike | None = None, *, decks: ArrayLike | None = None,
              states: Sequence[GameState] | None = None) -> None:
        """Start new games (0-0, seat 0 dealing) in all rows or in ``rows`` (row numbers), dealing ``decks``
        (one row of ``Card.index`` values per game, in the order :class:`~spades_rules.actions.Deal` takes
        them) or shuffled decks; or, given ``states`` (one per row), let each row go on from its state, as
        :meth:`from_states` does (the states' rules must be the batch's)."""
        core = self._core
        chosen: Rows = ALL if rows is None else self._rows(rows)
        count = core.n if rows is None else len(chosen)  # type: ignore[arg-type]
        found = None
        if states is not None:
            if decks is not None:
                raise RulesError("reset takes decks or states, not both")
            found = read_states(states, count, "BatchGame.reset", exact=True)
            check_states(core, found, "BatchGame.reset")
        given = None if decks is None else self._decks(decks, count)
        sync(core)
        s = core.s
        if core.ended or self._final_rows:  # what the last step ended, forgotten in the rows started again
            gone = np.zeros(core.n, dtype=bool)
            gone[chosen] = True
            core.ended = [(ended[~gone[ended]], values[:, ~gone[ended]]) for ended, values in core.ended]
            self._final_tensors = [values[~gone[ended]] for ended, values in
                                   zip(self._final_rows, self._final_tensors, strict=True)]
            self._final_rows = [ended[~gone[ended]] for ended in self._final_rows]
        if found is not None:
            load_states(core, chosen, found)
            core.relock()  # the rows' phases and trick positions, read again from the arrays
            return
        new_games(core, chosen)
        s.hand_done[chosen] = False
        s.game_done[chosen] = False
        s.truncated[chosen] = False
        s.winner[chosen] = -1
        s.totals[:, chosen] = 0
        start_hands(core, chosen, given)

    def _rows(self, rows: ArrayLike) -> Array:
        chosen = _array(rows, "rows")
        if chosen.ndim != 1 or (chosen.size and chosen.dtype.kind not in "iu"):
            raise ArgumentTypeError(f"rows must be a sequence of row numbers, not {describe(rows)}", parameter="rows")
        chosen = chosen.astype(np.intp)
        if chosen.size and (chosen.min() < 0 or chosen.max() >= self.n):
            raise RulesError(f"rows must be between 0 and {self.n - 1}")
        if len(np.unique(chosen)) != len(chosen):
            raise RulesError("rows names a row twice")
        return chosen

    def _decks(self, decks: ArrayLike, count: int) -> Array:
        t = self._tables
        given = _array(decks, "decks")
        if given.shape != (count, t.deck_size) or (given.size and given.dtype.kind not in "iu"):
            raise ArgumentTypeError(
                f"decks must be an integer array of shape ({count}, {t.deck_size}), not {describe(decks)}",
                parameter="decks",
            )
        if not (np.sort(given, axis=1) == np.sort(t.deck)).all():
            bad = int(np.flatnonzero(~(np.sort(given, axis=1) == np.sort(t.deck)).all(axis=1))[0])
            raise IllegalActionError(
                IllegalReason.INVALID_DEAL,
                f"deck {bad} is not the rules' deck of {t.deck_size} cards in some order (Card.index values)",
            )
        return given.astype(np.int8)

    def step(self, actions: ArrayLike) -> None:
        """Apply one action code per row. A code that is not legal in its row raises
        :class:`~spades_rules.errors.IllegalActionError` naming the row, and changes nothing."""
        codes, bits = self._codes(actions)
        if self._final_wanted:
            sync(self._core)
            self._actors = self._core.s.to_act.astype(np.intp)
            self._final_rows, self._final_tensors = [], []
        step(self._core, codes, bits)

    def _codes(self, actions: ArrayLike) -> tuple[Array, Array]:
        """The codes as an index array, and each one's legal-word bit (checked: every code legal in its row)."""
        core, t = self._core, self._tables
        codes = actions if type(actions) is np.ndarray else _array(actions, "actions")
        if codes.shape != (core.n,) or codes.dtype.kind not in "iu":
            raise ArgumentTypeError(
                f"actions must be an integer array of shape ({core.n},), not {describe(actions)}",
                parameter="actions",
            )
        if codes.dtype != np.intp:
            codes = codes.astype(np.intp)
        if np.minimum.reduce(codes) < 0:
            self._refuse(codes)
        try:
            lock = core.phase_lock
            if lock is not None:  # every row in one phase: too high a code is an IndexError of its table
                bits = t.bits_in_phase[lock].take(codes)
            else:
                if np.maximum.reduce(codes) >= t.num_actions:
                    self._refuse(codes)
                bits = t.bit_of_code[core.s.phase.astype(np.intp) * t.num_actions + codes]
        except IndexError:
            self._refuse(codes)
        if not np.logical_and.reduce(core.s.legal & bits):
            self._refuse(codes)
        return codes, bits

    def _refuse(self, codes: Array) -> NoReturn:
        t, s = self._tables, self._core.s
        sync(self._core)
        inside = (codes >= 0) & (codes < t.num_actions)
        if not inside.all():
            row = int(np.flatnonzero(~inside)[0])
            raise IllegalActionError(
                IllegalReason.NOT_AN_ACTION,
                f"row {row}: code {int(codes[row])} is not an action code (these rules use 0 to {t.num_actions - 1})",
            )
        bits = t.bit_of_code[s.phase.astype(np.intp) * t.num_actions + codes.astype(np.intp)]
        row = int(np.flatnonzero(s.legal & bits == 0)[0])
        phase = int(s.phase[row])
        reason = {PLAY: IllegalReason.CARD_NOT_IN_HAND, BID: IllegalReason.BID_NOT_ALLOWED,
                  EXCHANGE: IllegalReason.INVALID_EXCHANGE}.get(phase, IllegalReason.NOT_AN_ACTION)
        if bits[row] == 0:
            reason = IllegalReason.WRONG_PHASE
        legal = self.legal_codes(row)
        raise IllegalActionError(
            reason,
            f"row {row}: code {int(codes[row])} is not legal for seat {int(s.to_act[row])} in the "
            f"{PHASES[phase].value} phase; the legal codes are {list(legal)}",
        )

    # ------------------------------------------------------------------------------------ choices
    def legal_codes(self, row: int) -> tuple[int, ...]:
        """The legal codes of one row, in increasing order."""
        row = self._row(row)
        sync(self._core)
        t, s = self._tables, self._core.s
        word = int(s.legal[row])
        phase = int(s.phase[row])
        return tuple(sorted(int(t.code_of_bit[phase * 64 + bit]) for bit in range(64) if word >> bit & 1))

    def _row(self, row: int) -> int:
        if isinstance(row, bool) or not isinstance(row, int | np.integer) or not 0 <= row < self.n:
            raise RulesError(f"row must be a row number 0-{self.n - 1}, not {describe(row)}")
        return int(row)

    def random_actions(self, rng: np.random.Generator | None = None) -> Array:
        """A uniformly random legal code for every row (from the batch's own stream unless ``rng`` is given)."""
        if rng is None:
            rng = self._actions_rng
        elif not isinstance(rng, np.random.Generator):
            raise ArgumentTypeError(f"rng must be a numpy Generator, not {describe(rng)}", parameter="rng")
        core, t = self._core, self._tables
        bit: Array = _random_set_bits(core.s.legal, self._draws(rng)).view(np.intp)
        lock = core.phase_lock
        if lock is not None:  # every row in one phase: its table
            if lock == PLAY and t.cards_are_codes:  # a play's code is its card's index, its bit
                return bit
            found: Array = t.codes_in_phase[lock].take(bit)
            return found
        codes: Array = t.code_of_bit[core.s.phase.astype(np.intp) * 64 + bit].astype(np.intp)
        return codes

    def _draws(self, rng: np.random.Generator) -> Array:
        """``n`` uniform 32-bit numbers (in uint64) from ``rng``: each 64-bit draw of the batch's own stream
        serves two calls (its low half, then its high half)."""
        if rng is not self._actions_rng:
            raw: Array = rng.bit_generator.random_raw(self._core.n)
            raw &= _LOW32
            return raw
        spare = self._spare_draws
        if spare is not None:
            self._spare_draws = None
            return spare
        raw = rng.bit_generator.random_raw(self._core.n)
        self._spare_draws = raw >> _32
        raw &= _LOW32
        return raw

    def legal_action_mask(self, out: Array | None = None) -> Array:
        """A bool array ``[n, num_actions]``, True at each row's legal codes (written into ``out`` if given)."""
        t, s = self._tables, self._core.s
        shape = (self.n, t.num_actions)
        if out is None:
            out = np.zeros(shape, dtype=bool)
        else:
            if not isinstance(out, np.ndarray) or out.shape != shape or out.dtype != np.bool_:
                raise ArgumentTypeError(f"out must be a bool array of shape {shape}", parameter="out")
            out[:] = False
        bits = np.unpackbits(s.legal.astype("<u8").view(np.uint8).reshape(self.n, 8), axis=1, bitorder="little")
        common = uniform(s.phase)
        for phase in np.unique(s.phase) if common is None else (common,):
            rows: Any = ALL if common is not None else np.flatnonzero(s.phase == phase)
            for bit_start, code_start, length in _runs(t.code_of_bit[int(phase) * 64: int(phase) * 64 + 64],
                                                       int(phase), t.num_actions):
                if rows is ALL:
                    out[:, code_start:code_start + length] = bits[:, bit_start:bit_start + length]
                else:
                    out[rows, code_start:code_start + length] = bits[rows, bit_start:bit_start + length]
        return out

    # ------------------------------------------------------------------------------------ views
    def observation_tensor(self, seat: int | ArrayLike | None = None, *, out: Array | None = None) -> Array:
        """Per row, ``observation_tensor(observe(game_state(row), seat))`` of the scalar library, as float32
        ``[n, observation_size]``; ``seat`` None observes for each row's seat to act, an int for that seat in
        every row, an array for one seat per row. Written into ``out`` if given (a float32 array of that
        shape, any strides: a column slice of a wider buffer will do), else into a new array."""
        core = self._core
        shape = (core.n, self._tables.obs_size)
        if out is not None and (not isinstance(out, np.ndarray) or out.shape != shape or out.dtype != np.float32):
            raise ArgumentTypeError(f"out must be a float32 array of shape {shape}", parameter="out")
        sync(core)
        players = self._tables.players
        if seat is None:
            seats = core.s.to_act.astype(np.intp)
        elif not isinstance(seat, np.ndarray | list | tuple):
            seats = np.full(core.n, check_seat(seat, players), dtype=np.intp)
        else:
            seats = _array(seat, "seat")
            if seats.shape != (core.n,) or seats.dtype.kind not in "iu":
                raise ArgumentTypeError(f"seat must be None, a seat or one seat per row, not {describe(seat)}",
                                        parameter="seat")
            if seats.min() < 0 or seats.max() >= players:
                raise SeatError(f"seat must hold seats 0-{players - 1}, not {int(seats.min())}-{int(seats.max())}",
                                seat=seat, players=players)
            seats = seats.astype(np.intp)
        try:
            if out is not None:
                out[...] = 0.0
            return observation_rows(core, seats, out)
        except MemoryError:
            raise RulesError(f"not enough memory for the observation tensor of {core.n:,} games"
                             f" ({4 * self._tables.obs_size:,} bytes a game)") from None

    def game_state(self, row: int) -> GameState:
        """Row ``row`` as the scalar :class:`~spades_rules.state.GameState` the same actions reach (built from
        the arrays and the record, not by replaying; needs ``record=True``)."""
        row = self._row(row)
        if self._core.rec is None:
            raise RulesError("game_state() needs the record: make the batch with record=True")
        sync(self._core)
        return rebuild_row(self._core, row)


def _runs(codes: Array, phase: int, limit: int) -> Sequence[tuple[int, int, int]]:
    """The legal-word bits of ``phase`` with a code, as runs ``(first bit, first code, length)``."""
    key = (codes.tobytes(), phase, limit)
    found = _RUNS.get(key)
    if found is not None:
        return found
    runs: list[tuple[int, int, int]] = []
    for bit in range(64):
        code = int(codes[bit])
        if not 0 <= code < limit:
            continue
        if runs and runs[-1][0] + runs[-1][2] == bit and runs[-1][1] + runs[-1][2] == code:
            runs[-1] = (runs[-1][0], runs[-1][1], runs[-1][2] + 1)
        else:
            runs.append((bit, code, 1))
    _RUNS[key] = runs
    return runs


_RUNS: dict[tuple[bytes, int, int], list[tuple[int, int, int]]] = {}


def _array(value: object, parameter: str) -> Array:
    """``value`` as a NumPy array, or an :class:`ArgumentTypeError` naming ``parameter`` when NumPy cannot make
    one (a list nested deeper than NumPy's 64 dimensions, a ragged list, an object that fails)."""
    try:
        return np.asarray(value)
    except Exception:
        raise ArgumentTypeError(f"{parameter} must be an array of integers, not {describe(value)}",
                                parameter=parameter) from None

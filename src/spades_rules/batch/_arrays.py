"""The state of a batch: N games as NumPy arrays, one row per game, and the optional record of each row.

:class:`Arrays` holds what the engine reads and writes on every decision (a few bytes per game per
field: see :meth:`Arrays.state_nbytes`); :class:`Record` holds what only
:meth:`~spades_rules.batch.BatchGame.game_state` needs to rebuild a row as a scalar
:class:`~spades_rules.state.GameState`: the deck of the hand in play, its cards in the order played, and
the finished (or redealt) hands of each row's current game (:class:`PastHands`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypeAlias

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from spades_rules.batch._compile import BatchTables
    from spades_rules.state import GameState

Array: TypeAlias = "NDArray[Any]"
"""A NumPy array of any dtype (the batch's arrays: each field's dtype is in :class:`Arrays`)."""

__all__: list[str] = []

STATE_FIELDS: Final = (
    "phase", "to_act", "dealer", "leader", "pos", "trick_no", "broken", "nbids", "blind", "redeal", "voids",
    "unplayed", "led_mask", "legal", "hands_played", "hand_done", "game_done", "truncated", "winner",
    "xq", "xleft", "npicked", "xdone", "xcards", "won", "hand", "bids", "trick", "scores", "bags", "totals",
    "draw_turn", "draw_bits", "seen", "stock",
)
"""The arrays of :class:`Arrays`, in the order of :meth:`Arrays.state_nbytes`."""


class Arrays:
    """N games, one row each, stored seat-major: a per-seat array is ``[seats, n]`` (one contiguous row per
    seat, so a seat's values for every game are one vector), a per-side one ``[sides, n]``.

    Per game: ``phase`` (index into :data:`~spades_rules.batch._compile.PHASES`), ``to_act``, ``dealer``,
    the trick in progress (``leader``, ``pos`` cards played to it, ``trick_no`` tricks finished,
    ``led_mask`` the cards that follow the card led), what the finished tricks showed (``broken``: a spade
    was played; ``voids``: four bits per seat, the suits it has shown it lacks), ``won`` (the tricks won by
    each seat, six bits per seat), the bids made (``nbids``, ``blind`` a bit per seat that bid blind, nil or
    a number, ``redeal`` a bit per seat whose hand may call a redeal), ``unplayed`` (the cards not played
    yet this hand), ``legal`` (the packed legality word, see :mod:`spades_rules.batch._compile`),
    ``hands_played`` (for ``max_hands`` and the backstop), and what the last step did (``hand_done``,
    ``game_done``, ``truncated``: a game stopped at the backstop, ``winner``). The exchanges after a nil:
    ``xq`` the pending exchanges' givers, three bits each, ``xleft`` how many, ``npicked`` cards picked so
    far of the one in progress, ``xdone`` a bit per seat that has passed,
    ``xcards`` the cards each seat passed (-1 past the size of a smaller exchange).
    An array only some rules use (the exchange, redeals, ``max_hands``, the draw) has no rows otherwise.

    Per seat: ``hand`` (the cards held, a bit mask; during the play the cards held when the play started,
    **in trick order**: row ``q`` is the seat at position ``q`` of the trick in progress, ``(leader + q) %
    players``, so the next hand to play is a row, not a gather; the cards held now are ``hand & unplayed``),
    ``bids`` (tricks, -1 before the bid), ``trick`` (the card played at each position of the trick in
    progress). Per side: ``scores``, ``bags``, ``totals`` (the last finished hand's points). The two-player
    draw: ``stock`` (the deck, one row per game), ``draw_turn``, ``draw_bits`` (a bit per turn: kept the
    top card) and ``seen`` (per seat, the discards it saw).
    """

    phase: Array
    to_act: Array
    dealer: Array
    leader: Array
    pos: Array
    trick_no: Array
    nbids: Array
    winner: Array
    broken: Array
    hand_done: Array
    game_done: Array
    truncated: Array
    blind: Array
    voids: Array
    won: Array
    unplayed: Array
    led_mask: Array
    legal: Array
    redeal: Array
    hands_played: Array
    xleft: Array
    npicked: Array
    xdone: Array
    xq: Array
    xcards: Array
    hand: Array
    bids: Array
    trick: Array
    scores: Array
    bags: Array
    totals: Array
    draw_turn: Array
    draw_bits: Array
    seen: Array
    stock: Array
    rows: Array

    def __init__(self, tables: BatchTables, n: int, count_hands: bool = False, one_hand: bool = False) -> None:
        p, s = tables.players, tables.num_sides
        i8 = np.int8
        for name in ("phase", "to_act", "dealer", "leader", "pos", "trick_no", "nbids", "winner"):
            setattr(self, name, np.zeros(n, dtype=i8))
        self.broken = np.zeros(n, dtype=bool)
        self.hand_done = np.zeros(n, dtype=bool)
        self.game_done = np.zeros(n, dtype=bool)
        self.truncated = np.zeros(n, dtype=bool)
        self.blind = np.zeros(n, dtype=np.uint8)
        self.voids = np.zeros(n, dtype=np.uint32)
        self.won = np.zeros(n, dtype=np.uint32)
        self.unplayed = np.zeros(n, dtype=np.uint64)
        self.led_mask = np.zeros(n, dtype=np.uint64)
        self.legal = np.zeros(n, dtype=np.uint64)
        # what only some rules use has no row otherwise
        self.redeal = np.zeros(n if tables.redeal_conditions else 0, dtype=np.uint8)
        counted = count_hands or tables.rules.max_hands is not None
        self.hands_played = np.zeros(n if counted else 0, dtype=np.int32)
        exchange_rows = n if tables.exchange_size else 0
        self.xleft = np.zeros(exchange_rows, dtype=i8)
        self.npicked = np.zeros(exchange_rows, dtype=i8)
        self.xdone = np.zeros(exchange_rows, dtype=np.uint8)
        self.xq = np.zeros(exchange_rows, dtype=np.uint16)
        self.xcards = np.full((exchange_rows, p, tables.exchange_size), -1, dtype=i8)
        self.hand = np.zeros((p, n), dtype=np.uint64)
        self.bids = np.full((p, n), -1, dtype=i8)
        self.trick = np.full((p, n), -1, dtype=i8)
        points = np.int16 if tables.hand_points_bound <= np.iinfo(np.int16).max else np.int32
        self.scores = np.zeros((s, n), dtype=points if one_hand else np.int64)  # a one-hand game: its points
        self.bags = np.zeros((s, n), dtype=np.int8 if one_hand else np.int32)  # one hand's: at most 2 x 26
        self.totals = np.zeros((s, n), dtype=points)
        draw_rows = n if tables.draw else 0
        self.draw_turn = np.zeros(draw_rows, dtype=i8)
        self.draw_bits = np.zeros(draw_rows, dtype=np.uint32)
        self.seen = np.zeros((p, draw_rows), dtype=np.uint64)
        self.stock = np.zeros((draw_rows, tables.deck_size), dtype=i8)
        self.rows = np.arange(n, dtype=np.intp)
        """``0 … n-1``: the rows, for flat indexing of the per-seat arrays (``seat * n + row``)."""

    def state_nbytes(self) -> dict[str, int]:
        """The bytes of each state array (the record excluded): what the batch keeps per game, times N."""
        return {name: int(getattr(self, name).nbytes) for name in STATE_FIELDS}


class PastHands:
    """The finished (or redealt) hands of each row's current game, as fixed-length byte rows.

    Appended in blocks (one per step that finishes hands); entries of games that have ended are dropped
    when the store fills up, so it holds only what :meth:`~spades_rules.batch.BatchGame.game_state` can
    still need: nothing in ``episode="hand"`` except redealt hands, every hand of the game so far in
    ``episode="game"``.
    """

    def __init__(self, width: int) -> None:
        self.width = width
        self.count = 0
        self.data = np.zeros((0, width), dtype=np.int8)
        self.row = np.zeros(0, dtype=np.int32)
        self.game = np.zeros(0, dtype=np.int32)

    def add(self, rows: Array, games: Array, data: Array,
            current: Array) -> None:
        """Store ``data[i]`` as a hand of game ``games[i]`` of row ``rows[i]`` (``current``: each row's game now)."""
        m = len(rows)
        if self.count + m > len(self.data):
            self._make_room(m, current)
        end = self.count + m
        self.data[self.count:end] = data
        self.row[self.count:end] = rows
        self.game[self.count:end] = games
        self.count = end

    def _make_room(self, m: int, current: Array) -> None:
        live = self.game[: self.count] == current[self.row[: self.count]]
        kept = int(live.sum())
        capacity = max(2 * (kept + m), 1024)
        data = np.zeros((capacity, self.width), dtype=np.int8)
        row = np.zeros(capacity, dtype=np.int32)
        game = np.zeros(capacity, dtype=np.int32)
        data[:kept] = self.data[: self.count][live]
        row[:kept] = self.row[: self.count][live]
        game[:kept] = self.game[: self.count][live]
        self.data, self.row, self.game, self.count = data, row, game, kept

    def of(self, row: int, game: int) -> Array:
        """The stored hands of ``game`` in ``row``, oldest first."""
        found = (self.row[: self.count] == row) & (self.game[: self.count] == game)
        hands: Array = self.data[: self.count][found]
        return hands

    @property
    def nbytes(self) -> int:
        return int(self.data.nbytes + self.row.nbytes + self.game.nbytes)


class Record:
    """What :meth:`~spades_rules.batch.BatchGame.game_state` needs beyond the state: per row the deck of the
    hand in play (``deck``), its cards in the order played (``log``), the game's number (``game``), and the
    earlier hands of the game (``past``). Each stored hand is one byte row (:meth:`layout`). A row started
    from a scalar state (``BatchGame.from_states``) keeps that state in ``origins`` (row -> its game's number
    and the state): the game's start, whose earlier hands, scores and past actions the stored hands follow."""

    def __init__(self, tables: BatchTables, n: int, count_hands: bool = False, one_hand: bool = False) -> None:
        p, t, k = tables.players, tables.tricks, tables.exchange_size
        self.deck = np.zeros((n, tables.deck_size), dtype=np.int8)
        self.log = np.full((t, p, n), -1, dtype=np.int8)
        """``log[trick, position, row]``: the cards of each finished trick, in the order played (-1: not yet)."""
        self.leaders = np.zeros((t, n), dtype=np.int8)
        """``leaders[trick, row]``: the seat that led each finished trick."""
        self.game = np.zeros(n, dtype=np.int32)
        self.origins: dict[int, tuple[int, GameState]] = {}
        self.fields = {
            "dealer": 1, "redeal": 1, "deck": tables.deck_size, "draw_bits": 4, "bids": p, "blind": 1,
            "xcards": p * k, "log": t * p,
        }
        self.offsets: dict[str, tuple[int, int]] = {}
        start = 0
        for name, size in self.fields.items():
            self.offsets[name] = (start, start + size)
            start += size
        self.past = PastHands(start)

    def nbytes(self) -> int:
        return int(self.deck.nbytes + self.log.nbytes + self.leaders.nbytes + self.game.nbytes + self.past.nbytes)

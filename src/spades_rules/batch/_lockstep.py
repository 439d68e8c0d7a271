"""The batch's lockstep bookkeeping: the rows a handler works on, and the flags that let a step take the fast
path while every row is at the same point.

Every handler takes the batch (:class:`Core`) and ``rows``: either :data:`ALL` (a slice: every array
access is a view, no index array is built) or an index array (the subset path, for rows out of step). The
legality words themselves are computed in :mod:`spades_rules.batch._words`.

Speed: every trick that makes the batch engine fast, one sentence each, in one place:

- **Lockstep**: while every row is in one phase (and, in the play, at one point of its trick), handlers
  take slices, not index arrays, the play step reads the position as a Python number, and ``pos``,
  ``to_act`` and ``trick_no`` are written only when something reads them (:class:`Core`, :func:`sync`).
- **Seat-major arrays**: a per-seat array is ``[seats, n]``, so one seat's values for every game are one
  contiguous vector (see :class:`~spades_rules.batch._arrays.Arrays`).
- **Hands in trick order**: during the play row ``q`` of ``hand`` is the hand at position ``q`` of the
  trick, so the next hand to play is a row, not a gather; the rows turn once per trick, by one flat
  ``take`` whose index comes from a lookup (:func:`turned`: no division, no per-shift index table).
- **Packed legality words**: each row's legal actions are one ``uint64`` (layout in
  :mod:`~spades_rules.batch._compile`); the bool mask is unpacked only when asked for, and checking an
  action is one table lookup, one AND and one reduce.
- **Random choice by SWAR**: ``game._random_set_bits`` finds the r-th set bit of
  every word with byte popcounts, one multiplication into prefix counts, one subtraction against the rank
  and a 2 KB table; the rank is an integer multiply-shift of a 32-bit draw, and each 64-bit draw of the
  batch's stream serves two steps.
- **Plays are card indices**: without jokers a play's code is its card's index, so neither the step nor
  :meth:`~spades_rules.batch.BatchGame.random_actions` looks a code up.
- **One reduce per trick**: the winner is the largest of the packed keys ``power × 8 + position``
  (``_compile.trick_key``, found from intp indices: NumPy converts an int8 index on every call).
- **Voids kept lazily**: with the record, a trick's end writes its cards and leader there, and what the
  tricks showed is found only when an observation asks (``_words.finished_trick_voids``); without it, one
  lookup by the trick's suit code, two bits per position (``_compile.void_by_code``), at each trick's end.
- **Packed trick counts**: the tricks won are six bits per seat in one ``uint32``: a trick won is one add.
- **Bid words from tables**: nil and the numbers open to a bidder are one lookup by the partner's bid (or the
  spades held), from the scalar bid rule (``_compile.bid_after``).
- **The shuffle**: one sort of random keys per block of rows, each key carrying its deck slot in its low
  bits, so the sorted keys are the permutation (:func:`~spades_rules.batch._deal.shuffled_slots`); the
  sorted order is read seat by seat, so each hand is a contiguous run reduced with one ``OR``.
- **Warm allocator**: the first batch frees one 16 MB block when it is made, so that glibc's malloc serves the
  step's temporaries from its heap, not from fresh pages mapped for each (:func:`warm_allocator`).
- **Flags cleared lazily**: ``hand_done``, ``game_done`` and ``winner`` are cleared only after a step that
  set them (``Core.dirty``); the record writes a trick when it ends, not a card per step.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Literal, TypeAlias

import numpy as np

from spades_rules.batch._arrays import Arrays, Record
from spades_rules.batch._compile import PLAY, BatchTables

if TYPE_CHECKING:
    from spades_rules.batch._arrays import Array

__all__: list[str] = []

ALL: Final = slice(None)
Rows: TypeAlias = "slice | Array"
Episode: TypeAlias = Literal["hand", "game"]

class Core:
    """The batch's state, tables, record and random stream, as the handlers see them.

    ``phase_lock`` is the phase of every row when all rows are known to be in one phase, ``pos_lock`` (in
    the play) the number of cards in every row's trick and ``trick_lock`` the tricks every row has
    finished, when all rows are at the same point: the step then takes the fast path, with Python numbers
    instead of per-row tests. A handler that moves only some rows clears them (:func:`moved`);
    :meth:`relock` finds them again. On the fast path ``pos``, ``to_act`` and ``trick_no`` are not written
    (``stale``): :func:`sync` writes them from the locks before anything else reads them.
    """

    def __init__(self, tables: BatchTables, n: int, episode: Episode, record: bool,
                 rng: np.random.Generator, backstop: int | None = None) -> None:
        self.t = tables
        warm_allocator()
        self.backstop = backstop if episode == "game" else None
        """The most hands a whole game plays before it is stopped (truncated); None: no limit."""
        self.s = Arrays(tables, n, count_hands=self.backstop is not None, one_hand=episode == "hand")
        self.rec = Record(tables, n) if record else None
        self.n = n
        self.episode: Episode = episode
        self.rng = rng
        seats = np.arange(tables.players, dtype=np.intp)
        self.turn_rows = (seats[:, None] + np.arange(tables.players + 1)) % tables.players * n
        """``turn_rows[q, shift]``: where row ``(shift + q) % players`` of a per-seat array starts, flat (a
        lookup, not a division; ``shift`` up to ``players``)."""
        self.phase_lock: int | None = None
        self.pos_lock: int | None = None
        self.trick_lock: int | None = None
        self.stale = False
        self.dirty = True
        """Whether a step has set ``hand_done``/``game_done``/``winner`` (cleared at the next step)."""
        self.finished = 0
        """Hands finished since the batch was made (a Python int: counting costs no array call)."""
        self.fast = True
        """Whether the lockstep fast paths are taken (the tests also play every row by the subset path)."""
        self.ended: list[tuple[Array, Array]] = []
        """The games the last step ended: (row numbers, their final scores ``[sides, rows]``) per batch of rows."""
        self.on_game_end: Callable[[Array], None] | None = None
        """Called with the rows whose games a step ends (by the rules or the backstop), in their final
        position (the last hand scored, before the next deal): the public class reads final observations."""

    def relock(self) -> None:
        """Find the lockstep flags again from the arrays."""
        s = self.s
        if not self.fast:
            self.phase_lock = self.pos_lock = self.trick_lock = None
            return
        phase = uniform(s.phase)
        self.phase_lock = phase
        self.pos_lock = uniform(s.pos) if phase == PLAY else None
        self.trick_lock = uniform(s.trick_no) if phase == PLAY else None


_WARM_BLOCK: Final = 16 << 20
"""The block :func:`warm_allocator` frees (16 MB)."""


@functools.cache  # once per process
def warm_allocator() -> None:
    """Free one 16 MB block, once per process: glibc's malloc then serves blocks up to that size (the step's
    temporaries at any batch size up to two million games) from its heap, instead of mapping fresh pages for
    each one and faulting them in (its dynamic mmap threshold rises to the largest mapped block freed, and
    never falls back); elsewhere a no-op."""
    block = np.empty(_WARM_BLOCK, dtype=np.uint8)  # mapped, never touched: no page is faulted in
    del block


def sync(core: Core) -> None:
    """Write ``pos``, ``to_act`` and ``trick_no`` that the fast path left to the locks (see :class:`Core`)."""
    if core.stale:
        s, at = core.s, core.pos_lock
        assert at is not None
        s.pos[:] = at
        np.remainder(s.leader + np.int8(at), np.int8(core.t.players), out=s.to_act)
        if core.trick_lock is not None:
            s.trick_no[:] = core.trick_lock
        core.stale = False


def moved(core: Core, rows: Rows, phase: int, pos: int | None = None) -> None:
    """Note that ``rows`` entered ``phase`` (the play at its first lead when ``pos`` is 0)."""
    if isinstance(rows, slice) and core.fast:
        core.phase_lock, core.pos_lock, core.trick_lock = phase, pos, pos
    else:
        core.phase_lock = core.pos_lock = core.trick_lock = None


def locks_hold(core: Core) -> bool:
    """Whether the lockstep flags tell the truth about the arrays (a check for the tests)."""
    s = core.s
    pos = np.full(core.n, core.pos_lock) if core.stale and core.pos_lock is not None else s.pos
    trick_no = np.full(core.n, core.trick_lock) if core.stale and core.trick_lock is not None else s.trick_no
    checks = [
        (core.phase_lock, s.phase), (core.pos_lock, pos), (core.trick_lock, trick_no),
    ]
    if core.stale and core.pos_lock is None:
        return False
    return all(lock is None or bool((values == lock).all()) for lock, values in checks)


def ids(core: Core, rows: Rows) -> Array:
    """The row numbers of ``rows``."""
    return core.s.rows if isinstance(rows, slice) else rows


def count(core: Core, rows: Rows) -> int:
    return core.n if isinstance(rows, slice) else len(rows)


def take(values: Array, rows: Rows) -> Array:
    """A copy of ``values[rows]`` (a view would change under a later write to the same rows)."""
    return values[rows].copy() if isinstance(rows, slice) else values[rows]


def subset(rows: Rows, where: Array) -> Array:
    """The rows of ``rows`` where ``where`` (one entry per row of ``rows``) holds."""
    return np.flatnonzero(where) if isinstance(rows, slice) else rows[where]


def uniform(values: Array) -> int | None:
    """The common value of ``values`` when all are equal (rows in step), else None."""
    if not len(values):
        return None
    first = values[0]
    return int(first) if (values == first).all() else None


def same_seat(rows: Rows, seats: Array) -> int | None:
    """The seat of every row when ``rows`` are all the rows (lockstep) and ``seats`` are all equal (one
    dealer for all: a row of a per-seat array then serves, not a gather), else None."""
    return uniform(seats) if isinstance(rows, slice) else None


def seat_values(core: Core, array: Array, rows: Rows, seats: Array) -> Array:
    """``array[seats[i], row]`` for each row of ``rows``, from a per-seat array (a flat gather; a copy of the
    seat's row when every row has the same seat)."""
    seat = same_seat(rows, seats)
    if seat is not None:
        found: Array = array[seat].copy()
        return found
    return array.ravel()[seats.astype(np.intp) * core.n + ids(core, rows)]


def turned(core: Core, values: Array, rows: Rows, shift: Array) -> Array:
    """A per-seat array's columns ``rows`` turned by ``shift`` places (one per row): row ``q`` of the result is
    row ``(shift + q) % players`` of ``values``."""
    flat = core.turn_rows.take(shift, axis=1)  # [positions, rows]: (shift + q) % players * n
    flat += ids(core, rows)
    found: Array = values.take(flat)
    return found


def by_seat(core: Core, values: Array) -> Array:
    """A per-seat array ``[seats, n]`` of the play's trick order (row ``q``: the seat at position ``q``)
    turned back to seat order, for every row; rows not in the play are already in seat order."""
    s, t = core.s, core.t
    shift = np.where(s.phase == PLAY, t.players - s.leader.astype(np.intp), 0)
    return turned(core, values, ALL, shift)

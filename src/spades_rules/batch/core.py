"""The engine's shared parts: the rows a handler works on, the lockstep flags, and the packed legality words.

Every handler takes the batch (:class:`Core`) and ``rows``: either :data:`ALL` (a slice: every array
access is a view, no index array is built) or an index array (the subset path, for rows out of step).

The legality words (bit layout in :mod:`spades_rules.batch.compile`) are computed here: the plays
(:func:`lead_words`, :func:`follow_words`, :func:`first_lead`) and the bids (:func:`bid_words`: every bid
format and bidding option, as the scalar engine's ``_bidding.bid_rule`` decides them); and what a trick in
progress shows (:func:`partial_trick_voids`).

Speed: every trick that makes the batch engine fast, one sentence each, in one place:

- **Lockstep**: while every row is in one phase (and, in the play, at one point of its trick), handlers
  take slices, not index arrays, the play step reads the position as a Python number, and ``pos``,
  ``to_act`` and ``trick_no`` are written only when something reads them (:class:`Core`, :func:`sync`).
- **Seat-major arrays**: a per-seat array is ``[seats, n]``, so one seat's values for every game are one
  contiguous vector (see :class:`~spades_rules.batch.state.Arrays`).
- **Hands in trick order**: during the play row ``q`` of ``hand`` is the hand at position ``q`` of the
  trick, so the next hand to play is a row, not a gather; the rows turn once per trick.
- **Packed legality words**: each row's legal actions are one ``uint64`` (layout in
  :mod:`~spades_rules.batch.compile`); the bool mask is unpacked only when asked for, and checking an
  action is one table lookup, one AND and one reduce.
- **Random choice by SWAR**: ``game._random_set_bits`` finds the r-th set bit of
  every word with byte popcounts, one multiplication into prefix counts, one subtraction against the rank
  and a 2 KB table.
- **Plays are card indices**: without jokers a play's code is its card's index, so neither the step nor
  :meth:`~spades_rules.batch.BatchGame.random_actions` looks a code up.
- **One reduce per trick**: the winner is the largest of the packed keys ``power × 8 + position``
  (``compile.trick_key``), and what the trick shows (voids, a spade played) one lookup by its suit code,
  two bits per position (``compile.void_by_code``).
- **Packed trick counts**: the tricks won are six bits per seat in one ``uint32``: a trick won is one add.
- **Bid words from tables**: nil and the numbers open to a bidder are one lookup by the partner's bid (or the
  spades held), from the scalar bid rule (``compile.bid_after``).
- **The shuffle**: an inside-out Fisher-Yates run on every deck at once, one gather and one scatter per
  card, the random places drawn in cache-sized chunks (:func:`~spades_rules.batch.deal.shuffled_decks`).
- **Flags cleared lazily**: ``hand_done``, ``game_done`` and ``winner`` are cleared only after a step that
  set them (``Core.dirty``); the record writes a trick when it ends, not a card per step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, TypeAlias

import numpy as np

from spades_rules._deck import LONG_SUIT
from spades_rules.batch.compile import BLIND_BIT, BLIND_NUMBER_BIT, PLAY, REDEAL_BIT, BatchTables, tied_word
from spades_rules.batch.state import Arrays, Record

if TYPE_CHECKING:
    from spades_rules.batch.state import Array

__all__: list[str] = []

ALL: Final = slice(None)
Rows: TypeAlias = "slice | Array"
Episode: TypeAlias = Literal["hand", "game"]

_ONE: Final = np.uint64(1)


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
                 rng: np.random.Generator) -> None:
        self.t = tables
        self.s = Arrays(tables, n)
        self.rec = Record(tables, n) if record else None
        self.n = n
        self.episode: Episode = episode
        self.rng = rng
        p = tables.players
        self.turn_rows = ((np.arange(p)[None, :] + np.arange(p)[:, None]) % p * n).astype(np.intp)
        """``turn_rows[shift, q] + row``: where row ``q`` of the hands turned by ``shift`` places is, flat."""
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


def seat_values(core: Core, array: Array, rows: Rows, seats: Array) -> Array:
    """``array[seats[i], row]`` for each row of ``rows``, from a per-seat array (a flat gather)."""
    return array.ravel()[seats.astype(np.intp) * core.n + ids(core, rows)]


def by_seat(core: Core, values: Array) -> Array:
    """A per-seat array ``[seats, n]`` of the play's trick order (row ``q``: the seat at position ``q``)
    turned back to seat order, for every row; rows not in the play are already in seat order."""
    s, t = core.s, core.t
    shift = np.where(s.phase == PLAY, (t.players - s.leader.astype(np.intp)) % t.players, 0)
    return values.ravel()[core.turn_rows[shift].T + s.rows]


# ---------------------------------------------------------------------------------------- play words
def lead_words(t: BatchTables, held: Array, broken: Array) -> Array:
    """The legal leads: any card, but spades only once broken or holding nothing else (``spade_lead``)."""
    if t.spades_anytime:
        return held
    plain = held & t.plain_mask
    return np.where((plain != 0) & ~broken, plain, held)


def follow_words(held: Array, led_mask: Array) -> Array:
    """The legal plays to a trick: a card of the suit led (``led_mask``) if the seat has one, else any."""
    following = held & led_mask
    return np.where(following != 0, following, held)


def first_lead(core: Core, rows: Rows) -> tuple[Array, Array]:
    """The first leader of a hand and its legal plays: the dealer's left under the spade-lead rule, or with
    ``first_lead="lowest_club"`` the holder of the lowest club in play, which it must lead."""
    s, t = core.s, core.t
    leader = t.next_seat[s.dealer[rows]]
    hands = s.hand[:, rows]  # by seat (the play has not started)
    held = seat_values(core, s.hand, rows, leader)
    words = lead_words(t, held, np.zeros(len(leader), dtype=bool))
    if not t.lowest_club_first:
        return leader, words
    clubs = np.bitwise_or.reduce(hands, axis=0) & t.club_mask
    lowest = clubs & (~clubs + _ONE)  # the lowest set bit (two's complement)
    holder = np.argmax((hands & lowest) != 0, axis=0).astype(np.int8)
    has = clubs != 0
    return np.where(has, holder, leader), np.where(has, lowest, words)


def first_trick_words(t: BatchTables, held: Array, led_mask: Array) -> Array:
    """The legal plays to the hand's first trick under its own rules (the engine's ``_first_trick_follow``): a
    club holder its lowest club (``first_trick_lowest_club``); else the suit led, and failing that no spade
    unless the hand holds nothing else (``first_trick_spades=False``)."""
    following = held & led_mask
    other = held
    if t.first_trick_no_spades:  # whatever spade_lead says (spades led "anytime" included)
        plain = held & t.plain_mask
        other = np.where(plain != 0, plain, held)
    words: Array = np.where(following != 0, following, other)
    if t.first_trick_lowest_club:
        clubs = held & t.club_mask
        words = np.where(clubs != 0, clubs & (~clubs + _ONE), words)  # the lowest set bit: the lowest club
    return words


def trick_index(t: BatchTables, leader: Array, free: Array | bool, first: Array | bool, code: Array) -> Array:
    """Where a trick's suit ``code`` is looked up in ``compile.void_by_code``: by ``leader``, whether spades
    could be led freely (``free``) and whether it is the hand's first trick (``first``)."""
    index = ((leader.astype(np.intp) * 2 + free) * 2 + first) << 2 * t.players
    index += code
    return index


def suit_code(t: BatchTables, suits: Array) -> Array:
    """A trick's suits ``[positions, rows]`` as one number per row, two bits per position."""
    code: Array = (suits.astype(np.uint16) * t.suit_weight).sum(axis=0, dtype=np.intp)
    return code


def partial_trick_voids(t: BatchTables, cards: Array, leader: Array, free: Array, first: Array,
                        filled: Array) -> Array:
    """The void bits a trick in progress shows (``compile.shows``): ``cards`` ``[positions, rows]`` from the
    ``leader``, ``filled`` of them played; looked up as a finished trick whose other cards follow suit."""
    suits = t.suit_of[cards]
    suits = np.where(t.positions < filled, suits, suits[0])
    shown = t.void_by_code[trick_index(t, leader, free, first, suit_code(t, suits))]
    voids: Array = np.where(filled > 0, shown, np.uint32(0))
    return voids


def tricks_won(t: BatchTables, packed: Array) -> Array:
    """The tricks each seat has won ``[seats, rows]``, from their packed counts (six bits per seat)."""
    return ((packed[None, :] >> t.won_shift[:, None]) & np.uint32(63)).astype(np.int64)


def spades_broken(t: BatchTables, unplayed: Array) -> Array:
    """Whether spades are broken: a spade (or a card that plays as one) has been played this hand."""
    broken: Array = (~unplayed & t.spade_mask) != 0
    return broken


# ---------------------------------------------------------------------------------------- bid words
def bid_words(core: Core, rows: Rows) -> Array:
    """The legal bids (and redeal calls) in BID rows, for the seat to act: the bid rule of the rules page,
    section Bidding, as the scalar engine's ``_bidding.bid_rule`` decides it, for every row at once."""
    s, t = core.s, core.t
    rules = t.rules
    seat = s.to_act[rows]
    words: Array
    if rules.bid_format.numbers_are_spades:  # nil or exactly the spades held (even below min_bid)
        words = t.bid_after[np.bitwise_count(seat_values(core, s.hand, rows, seat) & t.spade_mask)]
    elif t.tied:  # "no 13" with the look-ahead: every bid so far counts
        words = _tied_words(core, rows, seat)
    elif t.partner[0] >= 0:  # the partner's bid decides: the team minimum, both partners nil, one nil per side
        words = t.bid_after[seat_values(core, s.bids, rows, t.partner[seat]).astype(np.intp) + 1]
    else:
        words = np.full(len(seat), t.bid_after[0])
    if rules.forbid_total_equal_tricks and not t.tied:  # the last bidder may not make the bids total the tricks
        last = s.nbids[rows] == t.players - 1
        bids = s.bids[:, rows]
        excluded = t.tricks - np.where(bids > 0, bids, 0).sum(axis=0)
        hit = last & (excluded >= 0)
        excluded_bits = _ONE << np.clip(excluded, 0, BLIND_BIT - 1).astype(np.uint64)
        words &= ~np.where(hit, excluded_bits, np.uint64(0))
    # a blind bid has the value of the same bid in sight: open where that one is, to a side trailing enough
    if rules.blind_nil:
        blind = ((words & _ONE) != 0) & _blind_open(core, rows, seat, rules.blind_nil_deficit)
        words |= blind.astype(np.uint64) << np.uint64(BLIND_BIT)
    if t.blind_numbers:
        numbers = words & np.uint64(t.blind_numbers)
        numbers = np.where(_blind_open(core, rows, seat, rules.blind_bid_deficit), numbers, np.uint64(0))
        words |= numbers << np.uint64(BLIND_NUMBER_BIT)
    if t.redeal_conditions:  # any qualifying seat, before the first bid
        first = s.nbids[rows] == 0
        words |= np.where(first, s.redeal[rows].astype(np.uint64) << np.uint64(REDEAL_BIT), np.uint64(0))
    return words


def _tied_words(core: Core, rows: Rows, seat: Array) -> Array:
    """The nil and number bits of each row's bidder when every bid before counts (``compile.tied_word``): one
    key per row (the seat, then each seat's bid + 1, five bits each), each distinct key looked up once."""
    s, t = core.s, core.t
    key = seat.astype(np.int64)
    for other in range(t.players):
        key = (key << 5) | (s.bids[other, rows].astype(np.int64) + 1)
    keys, inverse = np.unique(key, return_inverse=True)
    found = np.array([tied_word(t, k) for k in keys.tolist()], dtype=np.uint64)
    words: Array = found[inverse.reshape(-1)]
    return words


def _blind_open(core: Core, rows: Rows, seat: Array, deficit: int | None) -> Array:
    """Whether a blind bid is open to ``seat``: its side trails the best other side by ``deficit``
    (``blind_nil_deficit`` for blind nil, ``blind_bid_deficit`` for a blind number; None: always)."""
    t = core.t
    if deficit is None:
        return np.ones(len(seat), dtype=bool)
    scores = core.s.scores[:, rows]
    side = t.side_of[seat].astype(np.intp)
    at = np.arange(len(seat))
    mine = scores[side, at]
    if t.num_sides == 2:
        best_other = scores[1 - side, at]
    else:
        others = scores.copy()
        others[side, at] = np.iinfo(np.int64).min
        best_other = others.max(axis=0)
    return (best_other - mine) >= deficit


def redeal_bits(core: Core, rows: Rows) -> Array:
    """A bit per seat whose hand may call a redeal (``Rules.redeal_on``), for newly dealt rows."""
    t = core.t
    hands = core.s.hand[:, rows]
    spades = np.bitwise_count(hands & t.spade_mask)
    may = np.zeros(hands.shape, dtype=bool)
    for condition in t.redeal_conditions:
        if condition == "no_spades":
            may |= spades == 0
        elif condition == "one_or_no_spades":
            may |= spades <= 1
        elif condition == "no_face_cards":
            may |= (hands & t.face_mask) == 0
        elif condition == "seven_card_suit":  # suits as the cards play: jokers are spades
            may |= np.max([np.bitwise_count(hands & suit) for suit in t.suit_masks], axis=0) >= LONG_SUIT
        else:  # pragma: no cover - compile.check_known refuses rules the engine does not know
            raise AssertionError(condition)
    weights = (1 << np.arange(t.players)).astype(np.uint8)[:, None]
    bits: Array = (may.astype(np.uint8) * weights).sum(axis=0, dtype=np.uint8)
    return bits

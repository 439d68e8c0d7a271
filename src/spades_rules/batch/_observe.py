"""The observation tensor of many rows at once: per row exactly
``observation_tensor(observe(game_state(row), seat))`` of the scalar library, block by block in the layout of
:func:`~spades_rules.views.tensor.observation_tensor_layout` (see the tensor module for what each block holds).

Seats and sides are relative to the observer, as there; every count is divided in float64 and then
stored as float32, as a float32 array made from the scalar list would hold it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from spades_rules.batch._compile import DRAW, PLAY
from spades_rules.batch._lockstep import Core, by_seat
from spades_rules.batch._words import finished_trick_voids, partial_trick_voids, spades_broken, tricks_won

if TYPE_CHECKING:
    from spades_rules.batch._arrays import Array

__all__: list[str] = []


def _slots(core: Core, masks: Array) -> Array:
    """Card masks (any shape) as 0/1 per deck slot (the cards of ``rules.deck``, in order): shape + (D,)."""
    bits = _bits(masks)
    columns = _deck_columns(core)
    if isinstance(columns, slice):
        return bits[..., columns]
    return bits.take(columns, axis=-1)


def _slots_into(core: Core, masks: Array, out: Array) -> None:
    """:func:`_slots` written into ``out`` (a float view of shape ``masks.shape + (D,)``), without the
    fancy-indexed temporary when the deck's cards are consecutive bits (every preset but two)."""
    bits = _bits(masks)
    columns = _deck_columns(core)
    np.copyto(out, bits[..., columns] if isinstance(columns, slice) else bits.take(columns, axis=-1),
              casting="unsafe")


def _bits(masks: Array) -> Array:
    """Card masks (any shape) unpacked: shape + (64,), bit ``b`` of each word at ``[..., b]``."""
    words = np.ascontiguousarray(masks, dtype="<u8")
    return np.unpackbits(words.view(np.uint8).reshape(*masks.shape, 8), axis=-1, bitorder="little")


def _deck_columns(core: Core) -> slice | Array:
    """The bits of the deck's cards in slot order: a slice when they are consecutive (a view, no copy)."""
    cards = core.t.deck_cards
    first = int(cards[0])
    if (cards == np.arange(first, first + len(cards))).all():
        return slice(first, first + len(cards))
    return cards


def observation_rows(core: Core, seat: Array, out: Array | None = None) -> Array:
    """The tensor of every row for the observer ``seat[row]`` (``pos`` and ``to_act`` synced), written into
    ``out`` when given (a zeroed float32 array ``[rows, obs_size + k]``: the first ``obs_size`` columns)."""
    s, t = core.s, core.t
    rules = t.rules
    n, m, size, tricks = t.players, core.n, t.deck_size, t.tricks
    layout = t.layout
    if out is None:
        out = np.zeros((m, t.obs_size), dtype=np.float32)
    at = np.arange(m)
    seats = np.arange(n)
    rel = (seats[None, :] - seat[:, None]) % n  # rel[row, x]: seat x counted clockwise from the observer
    absolute = (seat[:, None] + seats[None, :]) % n  # absolute[row, q]: the seat q places after the observer
    block = _blocks(out, layout)

    def per_seat(name: str, width: int) -> Array:
        return block(name).reshape(m, n, width)

    phase = s.phase.astype(np.intp)
    leader = s.leader
    block("seat")[at, seat] = 1.0
    block("phase")[at, phase] = 1.0
    block("dealer")[at, rel[at, s.dealer]] = 1.0
    block("to_act")[at, rel[at, s.to_act]] = 1.0
    hands = by_seat(core, s.hand).T  # [rows, seats]
    played = hands & ~s.unplayed[:, None]  # the cards each seat has played this hand
    held = hands & s.unplayed[:, None]
    _slots_into(core, held[at, seat], block("hand"))
    block("hand_sizes")[:] = (np.bitwise_count(held)[at[:, None], absolute] / tricks).astype(np.float32)
    _slots_into(core, played[at[:, None], absolute], per_seat("played", size))
    block("tricks_won")[:] = (tricks_won(t, s.won).T[at[:, None], absolute] / tricks).astype(np.float32)
    playing = np.flatnonzero(phase == PLAY)
    # what the finished tricks showed (kept only without a record, else found in it), and the trick in progress
    voids = s.voids.copy() if core.rec is None else finished_trick_voids(core)
    trick_no = s.trick_no[playing]
    free = s.broken[playing] | (t.spades_after_first_trick & (trick_no > 0))
    voids[playing] |= partial_trick_voids(t, s.trick[:, playing], leader[playing], free, trick_no == 0,
                                          s.pos[playing])
    block("spades_broken")[:, 0] = spades_broken(t, s.unplayed)
    block("trick_leader")[playing, rel[playing, leader[playing]]] = 1.0
    current = per_seat("current_trick", size)
    for position in range(n):
        rows = playing[s.pos[playing] > position]
        if len(rows):
            who = (leader[rows] + position) % n
            current[rows, rel[rows, who], t.slot_of[s.trick[position, rows]]] = 1.0
    _bids(core, per_seat("bids", tricks + 3), absolute)
    order = t.sides_from[seat]  # [rows, sides]: the sides in the observer's order
    bag_scale = rules.bag_limit or 10
    block("scores")[:] = (s.scores.T[at[:, None], order] / rules.target_score).astype(np.float32)
    block("bags")[:] = (s.bags.T[at[:, None], order] / bag_scale).astype(np.float32)
    shown = (voids[:, None] >> (4 * absolute).astype(np.uint32)) & 15
    per_seat("voids", 4)[:] = np.unpackbits(shown.astype(np.uint8)[..., None], axis=-1, bitorder="little")[..., :4]
    _slots_into(core, _known(core, seat, played, absolute), per_seat("known_cards", size))
    if t.draw:
        _draw_blocks(core, block, seat, hands)
    if "exchanged" in layout:
        _exchange_blocks(core, block, seat, rel)
    return out


def _blocks(out: Array, layout: dict[str, tuple[int, int]]) -> Callable[[str], Array]:
    def block(name: str) -> Array:
        start, length = layout[name]
        return out[:, start:start + length]

    return block


def _bids(core: Core, bids_block: Array, absolute: Array) -> None:
    """Each seat's bid entries (made, blind, the bid's one-hot clipped at ``tricks``), looked up whole from
    a table of every (bid, blind) row instead of scattered entry by entry."""
    s, t = core.s, core.t
    at = np.arange(core.n)[:, None]
    bids = s.bids.T[at, absolute].astype(np.intp)  # [rows, relative seat], -1 before the bid
    blind = (s.blind[:, None] >> absolute.astype(np.uint8)) & 1
    np.take(_bid_rows(t.tricks), (np.minimum(bids, t.tricks) + 1) * 2 + blind, axis=0, out=bids_block)


@functools.cache
def _bid_rows(tricks: int) -> Array:
    """Row ``(bid + 1) * 2 + blind`` (bid -1: none yet) of the bids block of one seat."""
    rows = np.zeros(((tricks + 2) * 2, tricks + 3), dtype=np.float32)
    for bid in range(tricks + 1):
        for blind in (0, 1):
            row = rows[(bid + 1) * 2 + blind]
            row[0], row[1], row[2 + bid] = 1.0, blind, 1.0
    return rows


def _known(core: Core, seat: Array, played: Array, absolute: Array
           ) -> Array:
    """Per row and relative seat: the cards the observer knows that seat holds (the partner's, after an
    exchange; the first leader's lowest club before the first lead), less the cards it has played."""
    s, t = core.s, core.t
    rules = t.rules
    m, n = core.n, t.players
    at = np.arange(m)
    known = np.zeros((m, n), dtype=np.uint64)  # by absolute seat
    rows = np.flatnonzero(s.xdone) if t.exchange_size else at[:0]
    if len(rows):  # only rows where some seat has passed cards know any (the others' entries stay 0)
        mine, partner = seat[rows], t.partner[seat[rows]].astype(np.intp)
        passed = _passed(core, rows)  # [rows, seats]
        done = s.xdone[rows]
        mine_done = ((done >> mine.astype(np.uint8)) & 1).astype(bool)
        theirs_done = ((done >> partner.astype(np.uint8)) & 1).astype(bool)
        first = s.bids[mine, rows] == 0  # the nil bidder passes first
        place = np.arange(len(rows))
        returned = np.where(theirs_done & first, passed[place, partner], np.uint64(0))
        known[rows, partner] = np.where(mine_done, passed[place, mine] & ~returned, np.uint64(0))
    lowest = rules.tables.lowest_club
    if t.lowest_club_first and rules.deal_method == "deal" and lowest is not None:
        fresh = (s.phase == PLAY) & (s.trick_no == 0) & (s.pos == 0)
        known[at, s.leader] |= np.where(fresh, np.uint64(lowest.bit), np.uint64(0))
    known[at, seat] = 0
    known &= ~played
    return known[at[:, None], absolute]


def _passed(core: Core, rows: Array) -> Array:
    """Per row of ``rows`` and seat, the cards it passed in an exchange (0 when it has not: partial picks
    excluded)."""
    s, t = core.s, core.t
    cards = s.xcards[rows].astype(np.intp)
    bits = np.where(cards >= 0, t.card_bit[np.maximum(cards, 0)], np.uint64(0))
    passed = np.bitwise_or.reduce(bits, axis=2)
    done = ((s.xdone[rows, None] >> np.arange(t.players, dtype=np.uint8)) & 1).astype(bool)
    return np.where(done, passed, np.uint64(0))


def _draw_blocks(core: Core, block: Callable[[str], Array], seat: Array,
                 hands: Array) -> None:
    s, t = core.s, core.t
    m, size, tricks = core.n, t.deck_size, t.tricks
    at = np.arange(m)
    turn = s.draw_turn.astype(np.intp)
    deciding = np.flatnonzero((s.phase == DRAW) & (s.to_act == seat))
    top = s.stock[deciding, 2 * turn[deciding]]
    block("draw_card")[deciding, t.slot_of[top]] = 1.0
    _slots_into(core, hands[at, seat], block("kept"))
    seen = s.seen.T[at, seat]
    _slots_into(core, seen, block("discarded"))
    first = t.draw_seats[s.dealer.astype(np.intp) * t.draw_turns]  # the seat of turn 0
    own_turns = np.where(seat == first, (turn + 1) // 2, turn // 2)
    unseen = own_turns - np.bitwise_count(seen)
    block("unseen_discards")[:, 0] = (unseen / tricks).astype(np.float32)
    block("stock")[:, 0] = ((size - 2 * turn) / size).astype(np.float32)
    draws = block("draws").reshape(m, -1, 2)
    turns = np.arange(draws.shape[1])
    taken = turns[None, :] < turn[:, None]
    draws[..., 0] = taken
    draws[..., 1] = taken & (((s.draw_bits[:, None] >> turns.astype(np.uint32)) & 1) == 1)


def _exchange_blocks(core: Core, block: Callable[[str], Array], seat: Array,
                     rel: Array) -> None:
    s, t = core.s, core.t
    m, n, size = core.n, t.players, t.deck_size
    exchanged = block("exchanged")
    cards_block = block("exchange_cards").reshape(m, n, size)
    pending = block("pending_exchanges")
    some = np.flatnonzero(s.xdone)  # the rows where some seat has passed (the others' blocks stay 0)
    for giver in range(n):
        done = some[((s.xdone[some] >> np.uint8(giver)) & 1).astype(bool)]
        place = rel[:, giver]
        exchanged[done, place[done]] = 1.0
        rows = done[(seat[done] == giver) | (seat[done] == t.partner[giver])]
        for k in range(t.exchange_size):
            cards = s.xcards[rows, giver, k]
            given = cards >= 0  # -1 past the size of a smaller exchange
            cards_block[rows[given], place[rows[given]], t.slot_of[cards[given]]] = 1.0
    for k in range(4):
        waiting = np.flatnonzero(s.xleft > k)
        givers = ((s.xq[waiting] >> np.uint16(3 * k)) & 7).astype(np.intp)
        pending[waiting, rel[waiting, givers]] = 1.0

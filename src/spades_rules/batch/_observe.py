"""The observation tensor of many rows at once: per row exactly
``observation_tensor(observe(game_state(row), seat))`` of the scalar library, block by block in the layout of
:func:`~spades_rules.views.tensor.observation_tensor_layout` (see the tensor module for what each block holds).

Seats and sides are relative to the observer, as there; every count is divided in float64 and then
stored as float32, as a float32 array made from the scalar list would hold it.
"""

from __future__ import annotations

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
    flat = np.ascontiguousarray(masks, dtype="<u8").reshape(-1)
    bits = np.unpackbits(flat.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
    return bits[:, core.t.deck_cards].reshape(*masks.shape, core.t.deck_size)


def observation_rows(core: Core, seat: Array) -> Array:
    """The tensor of every row for the observer ``seat[row]`` (``pos`` and ``to_act`` synced)."""
    s, t = core.s, core.t
    rules = t.rules
    n, m, size, tricks = t.players, core.n, t.deck_size, t.tricks
    layout = t.layout
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
    block("hand")[:] = _slots(core, held[at, seat])
    block("hand_sizes")[:] = (np.bitwise_count(held)[at[:, None], absolute] / tricks).astype(np.float32)
    per_seat("played", size)[:] = _slots(core, played[at[:, None], absolute])
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
    per_seat("known_cards", size)[:] = _slots(core, _known(core, seat, played, absolute))
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
    s, t = core.s, core.t
    at = np.arange(core.n)[:, None]
    bids = s.bids.T[at, absolute].astype(np.intp)  # [rows, relative seat]
    blind = ((s.blind[:, None] >> absolute.astype(np.uint8)) & 1).astype(np.float32)
    rows, places = np.nonzero(bids >= 0)
    bids_block[rows, places, 0] = 1.0
    bids_block[rows, places, 1] = blind[rows, places]
    bids_block[rows, places, 2 + np.minimum(bids[rows, places], t.tricks)] = 1.0


def _known(core: Core, seat: Array, played: Array, absolute: Array
           ) -> Array:
    """Per row and relative seat: the cards the observer knows that seat holds (the partner's, after an
    exchange; the first leader's lowest club before the first lead), less the cards it has played."""
    s, t = core.s, core.t
    rules = t.rules
    m, n = core.n, t.players
    at = np.arange(m)
    known = np.zeros((m, n), dtype=np.uint64)  # by absolute seat
    if t.exchange_size:
        partner = t.partner[seat].astype(np.intp)
        passed = _passed(core)  # [rows, seats]
        mine_done = ((s.xdone >> seat.astype(np.uint8)) & 1).astype(bool)
        theirs_done = ((s.xdone >> partner.astype(np.uint8)) & 1).astype(bool)
        first = s.bids.T[at, seat] == 0  # the nil bidder passes first
        returned = np.where(theirs_done & first, passed[at, partner], np.uint64(0))
        known[at, partner] = np.where(mine_done, passed[at, seat] & ~returned, np.uint64(0))
    lowest = rules.tables.lowest_club
    if t.lowest_club_first and rules.deal_method == "deal" and lowest is not None:
        fresh = (s.phase == PLAY) & (s.trick_no == 0) & (s.pos == 0)
        known[at, s.leader] |= np.where(fresh, np.uint64(lowest.bit), np.uint64(0))
    known[at, seat] = 0
    known &= ~played
    return known[at[:, None], absolute]


def _passed(core: Core) -> Array:
    """Per row and seat, the cards it passed in an exchange (0 when it has not: partial picks excluded)."""
    s, t = core.s, core.t
    cards = s.xcards.astype(np.intp)
    bits = np.where(cards >= 0, t.card_bit[np.maximum(cards, 0)], np.uint64(0))
    passed = np.bitwise_or.reduce(bits, axis=2)
    done = ((s.xdone[:, None] >> np.arange(t.players, dtype=np.uint8)) & 1).astype(bool)
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
    block("kept")[:] = _slots(core, hands[at, seat])
    seen = s.seen.T[at, seat]
    block("discarded")[:] = _slots(core, seen)
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
    at = np.arange(m)
    exchanged = block("exchanged")
    cards_block = block("exchange_cards").reshape(m, n, size)
    pending = block("pending_exchanges")
    for giver in range(n):
        done = ((s.xdone >> np.uint8(giver)) & 1).astype(bool)
        place = rel[:, giver]
        exchanged[at[done], place[done]] = 1.0
        party = done & ((seat == giver) | (seat == t.partner[giver]))
        rows = np.flatnonzero(party)
        for k in range(t.exchange_size):
            cards = s.xcards[rows, giver, k]
            given = cards >= 0  # -1 past the size of a smaller exchange
            cards_block[rows[given], place[rows[given]], t.slot_of[cards[given]]] = 1.0
    for k in range(4):
        waiting = np.flatnonzero(s.xleft > k)
        givers = ((s.xq[waiting] >> np.uint16(3 * k)) & 7).astype(np.intp)
        pending[waiting, rel[waiting, givers]] = 1.0

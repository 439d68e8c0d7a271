"""The start of a hand for many rows at once: shuffled decks, the deal (or the two-player stock), the start
of the bidding (bids fixed by the format, redeal calls), the exchanges due after a nil, and the first lead.

The order and the rules are the scalar engine's (``engine._apply_deal``, ``_begin_bidding``,
``exchanges_due``, ``_begin_play``): the same deck gives the same hands, bidder, exchanges and leader.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np

from spades_rules.batch._compile import BID, DRAW, EXCHANGE, PLAY
from spades_rules.batch._lockstep import Core, Rows, count, ids, moved
from spades_rules.batch._words import bid_words, first_lead, redeal_bits

if TYPE_CHECKING:
    from spades_rules.batch._arrays import Array

__all__: list[str] = []

_EVERY_CARD: Final = np.uint64(0xFFFFFFFFFFFFFFFF)
_CHUNK: Final = 1 << 16
"""The shuffle draws the places of about this many cards (of all decks) per call."""


def shuffled_decks(core: Core, number: int) -> Array:
    """``number`` uniformly shuffled decks, one per column (``[cards, number]``): the inside-out
    Fisher-Yates shuffle run on every deck at once, each step one gather and one scatter across the decks."""
    t = core.t
    size = t.deck_size
    decks = np.empty((size, number), dtype=np.int8)
    flat = decks.ravel()
    columns = np.arange(number)
    chunk = max(1, _CHUNK // number)  # places drawn for several cards at once, a few cache-sized arrays
    for first in range(0, size, chunk):
        last = min(size, first + chunk)
        places = core.rng.random((last - first, number))
        places *= np.arange(first + 1, last + 1)[:, None]
        place = places.astype(np.intp)
        place *= number
        place += columns
        for i in range(first, last):  # card i goes to a uniform place j <= i; the card there moves to place i
            np.take(flat, place[i - first], out=decks[i])
            flat[place[i - first]] = t.deck[i]
    return decks


def start_hands(core: Core, rows: Rows, decks: Array | None = None) -> None:
    """Deal a new hand in ``rows`` (their dealer, scores and game stay): ``decks`` (one row each) or shuffled."""
    s, t = core.s, core.t
    number = count(core, rows)
    if number == 0:
        return
    columns = shuffled_decks(core, number) if decks is None else np.ascontiguousarray(decks.T)
    if core.rec is not None:
        core.rec.deck[rows] = columns.T
        core.rec.log[rows] = -1
    for name in ("nbids", "blind", "won", "voids", "pos", "trick_no"):
        getattr(s, name)[rows] = 0
    s.bids[:, rows] = -1
    s.unplayed[rows] = _EVERY_CARD
    s.broken[rows] = False
    if t.exchange_size:
        for name in ("xq", "xleft", "npicked", "xdone"):
            getattr(s, name)[rows] = 0
        s.xcards[rows] = -1
    if t.draw:
        s.stock[rows] = columns.T
        s.hand[:, rows] = 0
        s.seen[:, rows] = 0
        s.draw_turn[rows] = 0
        s.draw_bits[rows] = 0
        s.phase[rows] = DRAW
        s.to_act[rows] = t.next_seat[s.dealer[rows]]
        s.legal[rows] = 3  # keep or reject
        moved(core, rows, DRAW)
        return
    s.hand[:, rows] = _dealt_hands(core, rows, columns)
    begin_bidding(core, rows)


def _dealt_hands(core: Core, rows: Rows, columns: Array) -> Array:
    """The hands ``[seats, rows]`` a deal gives: card ``i`` of the deck to seat ``dealer + 1 + i``."""
    t = core.t
    n = t.players
    by_offset = np.bitwise_or.reduce(t.card_bit[columns].reshape(t.tricks, n, -1), axis=0)  # row j: seat dealer+1+j
    dealer = core.s.dealer[rows]
    first = int(dealer[0])
    if (dealer == first).all():
        return np.roll(by_offset, first + 1, axis=0)
    offsets = (np.arange(n)[:, None] - dealer[None, :].astype(np.intp) - 1) % n
    return np.take_along_axis(by_offset, offsets, axis=0)


def begin_bidding(core: Core, rows: Rows) -> None:
    """After the deal (or the draw): the first bidder's turn, or, when the format fixes the bids (no-bid,
    mirror), the play."""
    s, t = core.s, core.t
    if not t.has_bidding:
        if t.rules.bid_format.numbers_are_spades:  # mirror: the spades held are the bids
            s.bids[:, rows] = np.bitwise_count(s.hand[:, rows] & t.spade_mask).astype(np.int8)
            s.nbids[rows] = t.players
        begin_play(core, rows)
        return
    s.phase[rows] = BID
    s.to_act[rows] = t.bid_order[s.dealer[rows], 0]
    if t.redeal_conditions:
        s.redeal[rows] = redeal_bits(core, rows)
    s.legal[rows] = bid_words(core, rows)
    moved(core, rows, BID)


def end_bidding(core: Core, rows: Rows) -> None:
    """After the last bid: the exchanges due after a nil, in bidding order (the nil bidder passes, then its
    partner returns), or the play."""
    s, t = core.s, core.t
    if t.exchange_size:
        number = count(core, rows)
        queue = np.zeros(number, dtype=np.uint16)
        due_count = np.zeros(number, dtype=np.int8)
        bids = s.bids[:, rows]
        blind = s.blind[rows]
        dealer = s.dealer[rows]
        at = np.arange(number)
        for k in range(t.players):
            seat = t.bid_order[dealer, k]
            partner = t.partner[seat]
            blind_bid = ((blind >> seat.astype(np.uint8)) & 1).astype(bool)
            size = np.where(blind_bid, t.blind_exchange, t.nil_exchange)  # of the nil's kind
            due = (bids[seat, at] == 0) & (size > 0) & (bids[partner, at] > 0)
            pair = seat.astype(np.uint16) | (partner.astype(np.uint16) << np.uint16(3))
            queue |= np.where(due, pair << (np.uint16(3) * due_count.astype(np.uint16)), 0).astype(np.uint16)
            due_count += 2 * due
        exchanging = due_count > 0
        if exchanging.any():
            some = ids(core, rows)[exchanging]
            s.xq[some] = queue[exchanging]
            s.xleft[some] = due_count[exchanging]
            s.phase[some] = EXCHANGE
            giver = (queue[exchanging] & 7).astype(np.int8)
            s.to_act[some] = giver
            s.legal[some] = s.hand[giver, some]
            rest = ids(core, rows)[~exchanging]
            core.phase_lock = core.pos_lock = None
            if len(rest):
                begin_play(core, rest)
                core.phase_lock = None
            return
    begin_play(core, rows)


def begin_play(core: Core, rows: Rows) -> None:
    """The first lead of the hand; the hands turn to trick order (see :class:`~spades_rules.batch._arrays.Arrays`)."""
    s, _t = core.s, core.t
    leader, words = first_lead(core, rows)
    turned = core.turn_rows[leader].T + ids(core, rows)  # row q: the seat at position q of the first trick
    s.hand[:, rows] = s.hand.ravel()[turned]
    s.phase[rows] = PLAY
    s.leader[rows] = leader
    s.to_act[rows] = leader
    s.pos[rows] = 0
    s.trick_no[rows] = 0
    s.legal[rows] = words
    moved(core, rows, PLAY, 0)


def new_games(core: Core, rows: Rows) -> None:
    """Scores, bags and hands back to zero and the first dealer (seat 0) in ``rows``: a new game each."""
    s = core.s
    s.scores[:, rows] = 0
    s.bags[:, rows] = 0
    if len(s.hands_played):
        s.hands_played[rows] = 0
    s.dealer[rows] = 0
    if core.rec is not None:
        core.rec.game[rows] += 1

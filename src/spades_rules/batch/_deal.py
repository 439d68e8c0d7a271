"""The start of a hand for many rows at once: shuffled decks, the deal (or the two-player stock), the start
of the bidding (bids fixed by the format, redeal calls), the exchanges due after a nil, and the first lead.

The order and the rules are the scalar engine's (``engine._apply_deal``, ``_begin_bidding``,
``exchanges_due``, ``_begin_play``): the same deck gives the same hands, bidder, exchanges and leader.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np

from spades_rules.batch._compile import BID, DRAW, EXCHANGE, PLAY
from spades_rules.batch._lockstep import Core, Rows, count, ids, moved, turned
from spades_rules.batch._words import bid_words, first_lead, redeal_bits

if TYPE_CHECKING:
    from spades_rules.batch._arrays import Array

__all__: list[str] = []

_EVERY_CARD: Final = np.uint64(0xFFFFFFFFFFFFFFFF)
_ONE: Final = np.uint64(1)
_BLOCK: Final = 2048
"""Decks are shuffled and dealt this many rows at a time (their sort keys, 8 bytes a card, stay in cache)."""
_SLOT_BITS: Final = np.uint32(6)
"""A sort key holds its deck slot (0-53) in its low six bits, under 26 random bits."""
_SLOT: Final = np.uint32(63)
_TIED: Final = np.uint32(64)
"""Two sorted keys whose exclusive or is below this have the same random bits (a tie)."""


def shuffled_slots(core: Core, number: int) -> Array:
    """``number`` uniformly random orders of the deck's slots ``[number, cards]`` (uint32): random 32-bit keys
    sorted along each row, each key carrying its slot in its low bits, so that the sorted keys are the
    permutation (one sort, no argsort). A deck two of whose keys tie in their random bits (a chance of about
    2e-5) is shuffled again, so that every order stays equally likely."""
    keys: Array = core.rng.integers(0, 1 << 32, (number, core.t.deck_size), dtype=np.uint32)
    keys <<= _SLOT_BITS
    keys |= core.t.slot_row
    keys.sort(axis=1)
    tied = keys[:, 1:] ^ keys[:, :-1]
    tied = tied < _TIED
    if tied.any():
        again = np.flatnonzero(tied.any(axis=1))
        keys[again] = shuffled_slots(core, len(again))
    keys &= _SLOT
    return keys


def start_hands(core: Core, rows: Rows, decks: Array | None = None) -> None:
    """Deal a new hand in ``rows`` (their dealer, scores and game stay): ``decks`` (one row each, in the order
    ``Deal`` takes them) or shuffled ones, :data:`_BLOCK` rows at a time."""
    s, t = core.s, core.t
    number = count(core, rows)
    if number == 0:
        return
    if core.rec is not None:
        core.rec.log[:, :, rows] = -1
    for name in ("nbids", "blind", "won", "voids", "pos", "trick_no"):
        getattr(s, name)[rows] = 0
    s.bids[:, rows] = -1
    s.unplayed[rows] = _EVERY_CARD
    s.broken[rows] = False
    if t.exchange_size:
        for name in ("xq", "xleft", "npicked", "xdone"):
            getattr(s, name)[rows] = 0
        s.xcards[rows] = -1
    for start in range(0, number, _BLOCK):
        block = slice(start, min(number, start + _BLOCK))
        chosen = block if isinstance(rows, slice) else rows[block]
        _deal_block(core, chosen, block.stop - start, None if decks is None else decks[block])
    if t.draw:
        s.hand[:, rows] = 0
        s.seen[:, rows] = 0
        s.draw_turn[rows] = 0
        s.draw_bits[rows] = 0
        s.phase[rows] = DRAW
        s.to_act[rows] = t.draw_seats[s.dealer[rows].astype(np.intp) * t.draw_turns]  # turn 0
        s.legal[rows] = 3  # keep or reject
        moved(core, rows, DRAW)
        return
    begin_bidding(core, rows)


def _deal_block(core: Core, rows: Rows, number: int, decks: Array | None) -> None:
    """The decks of ``rows`` (given, or shuffled) into the record, and the hands (or the draw's stock) they
    deal: card ``i`` of the deck to ``_core.deck.deal_seat(dealer, i, players)``, as the scalar engine's
    ``_apply_deal`` deals it."""
    s, t = core.s, core.t
    n, tricks = t.players, t.tricks
    by_offset: Array | None = None  # [round positions, rows]: the cards of each position of the deal's rounds
    if decks is not None:  # in deal order: position i to the seat i places after the dealer's left
        cards = decks.astype(np.uint64)
        by_offset = np.bitwise_or.reduce(np.left_shift(_ONE, cards).reshape(-1, tricks, n), axis=1).T
        deck = decks
    else:
        slots = shuffled_slots(core, number)
        cards = slots if t.deck_is_slots else t.deck_cards_u64.take(slots)
        if t.draw:
            deck = cards.astype(np.int8)
        else:  # a uniform order read by seat: the first ``tricks`` cards to the dealer's left, and so on
            bits = np.empty((t.deck_size, number), dtype=np.uint64)  # card-major: each hand's OR runs along rows
            np.left_shift(_ONE, cards.T, out=bits)
            by_offset = np.bitwise_or.reduce(bits.reshape(n, tricks, number), axis=1)
            deck = cards.reshape(-1, n, tricks).transpose(0, 2, 1)  # [rows, rounds, positions]: Deal's order
    if core.rec is not None:
        if isinstance(rows, slice) and deck.ndim == 3:  # one strided copy, cast on the way
            core.rec.deck[rows].reshape(deck.shape)[...] = deck
        else:
            core.rec.deck[rows] = deck.reshape(number, t.deck_size)
    if t.draw:
        s.stock[rows] = deck
        return
    assert by_offset is not None
    dealer = s.dealer[rows]
    first = int(dealer[0])
    if (dealer == first).all():  # by_offset[j, row]: the cards of round position j (``_core.deck.deal_seat``)
        s.hand[:, rows] = by_offset.take(t.dealt_card[first], axis=0)
    else:
        s.hand[:, rows] = np.take_along_axis(by_offset, t.dealt_card[dealer.astype(np.intp)].T, axis=0)


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
    if t.exchange_size and _exchange_possible(core, rows):
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


def _exchange_possible(core: Core, rows: Rows) -> bool:
    """Whether any row of ``rows`` may owe an exchange: one reduce instead of the queue's per-seat passes when
    only a blind nil exchanges and no row bid blind (as in a one-hand game at 0-0, where blind nil is shut)."""
    t = core.t
    if t.nil_exchange:
        return True
    return bool(np.bitwise_or.reduce(core.s.blind[rows]))


def begin_play(core: Core, rows: Rows) -> None:
    """The first lead of the hand; the hands turn to trick order (see :class:`~spades_rules.batch._arrays.Arrays`)."""
    s, _t = core.s, core.t
    leader, words = first_lead(core, rows)
    s.hand[:, rows] = turned(core, s.hand, rows, leader)  # row q: the seat at position q of the first trick
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

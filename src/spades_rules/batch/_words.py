"""The packed legality words (bit layout in :mod:`spades_rules.batch._compile`): the plays
(:func:`lead_words`, :func:`follow_words`, :func:`first_lead`, :func:`first_trick_words`), the bids
(:func:`bid_words`: every bid format and bidding option, as the scalar engine's ``_core.bidding.bid_rule``
decides them), the redeal calls (:func:`redeal_bits`), and what a trick shows (:func:`partial_trick_voids`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np

from spades_rules._core.deck import REDEAL_TESTS
from spades_rules.batch._compile import BLIND_BIT, BLIND_NUMBER_BIT, PLAY, REDEAL_BIT, BatchTables, tied_word
from spades_rules.batch._lockstep import Core, Rows, same_seat, seat_values

if TYPE_CHECKING:
    from spades_rules.batch._arrays import Array

__all__: list[str] = []

_ONE: Final = np.uint64(1)


# ---------------------------------------------------------------------------------------- play words
def lead_words(t: BatchTables, held: Array, broken: Array) -> Array:
    """The legal leads: any card, but spades only once broken or holding nothing else (``spade_lead``; the
    vectorized twin of the engine's ``_playable`` leading a trick)."""
    if t.spades_anytime:
        return held
    plain = held & t.plain_mask
    return np.where((plain != 0) & ~broken, plain, held)


def follow_words(held: Array, led_mask: Array) -> Array:
    """The legal plays to a trick: a card of the suit led (``led_mask``) if the seat has one, else any (the
    vectorized twin of the engine's ``_playable`` following)."""
    following = held & led_mask
    return np.where(following, following, held)  # a word as the condition: no separate comparison pass


def first_lead(core: Core, rows: Rows) -> tuple[Array, Array]:
    """The first leader of a hand and its legal plays: the dealer's left under the spade-lead rule, or with
    ``first_lead="lowest_club"`` the holder of the lowest club in play, which it must lead (the vectorized
    twin of the engine's ``_first_leader`` and ``_first_lead_club``)."""
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
    """Where a trick's suit ``code`` is looked up in ``_compile.void_by_code``: by ``leader``, whether spades
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
    """The void bits a trick in progress shows (``_core.deck.trick_voids``): ``cards`` ``[positions, rows]`` from the
    ``leader``, ``filled`` of them played; looked up as a finished trick whose other cards follow suit."""
    suits = t.suit_of[cards]
    suits = np.where(t.positions < filled, suits, suits[0])
    shown = t.void_by_code[trick_index(t, leader, free, first, suit_code(t, suits))]
    voids: Array = np.where(filled > 0, shown, np.uint32(0))
    return voids


def finished_trick_voids(core: Core) -> Array:
    """The void bits every row's finished tricks of the hand show (``_core.deck.trick_voids``), from the record's
    tricks and leaders: kept lazily, for the observations (``pos`` and ``trick_no`` synced)."""
    s, t, rec = core.s, core.t, core.rec
    assert rec is not None
    done = np.where(s.phase == PLAY, s.trick_no, 0)
    voids = np.zeros(core.n, dtype=np.uint32)
    broken = np.zeros(core.n, dtype=bool)
    for trick in range(int(done.max(initial=0))):
        finished = done > trick
        cards = np.maximum(rec.log[trick], 0).astype(np.intp)
        code = suit_code(t, t.suit_of.take(cards))
        free = broken | (t.spades_after_first_trick & (trick > 0))
        leader = np.where(finished, rec.leaders[trick], 0)
        voids |= np.where(finished, t.void_by_code.take(trick_index(t, leader, free, trick == 0, code)), 0
                          ).astype(np.uint32)
        broken |= finished & t.spade_in_code.take(code)
    return voids


def tricks_won(t: BatchTables, packed: Array) -> Array:
    """The tricks each seat has won ``[seats, rows]``, from their packed counts (six bits per seat)."""
    return ((packed[None, :] >> t.won_shift[:, None]) & np.uint32(63)).astype(np.int64)


def spades_broken(t: BatchTables, unplayed: Array) -> Array:
    """Whether spades are broken: a spade (or a card that plays as one) has been played this hand."""
    broken: Array = (~unplayed & t.spade_mask) != 0
    return broken


# ---------------------------------------------------------------------------------------- bid words
def bid_words(core: Core, rows: Rows, bidder: int | None = None) -> Array:
    """The legal bids (and redeal calls) in BID rows, for the seat to act: the bid rule of the rules page,
    section Bidding, as the scalar engine's ``_core.bidding.bid_rule`` decides it, for every row at once
    (``bidder``: the seat to act in every row, when the caller knows that all rows are in step)."""
    s, t = core.s, core.t
    rules = t.rules
    seat = s.to_act[rows]
    one = bidder if isinstance(rows, slice) else None
    words: Array
    if rules.bid_format.numbers_are_spades:  # nil or exactly the spades held (even below min_bid)
        words = t.bid_after[np.bitwise_count(seat_values(core, s.hand, rows, seat) & t.spade_mask)]
    elif t.tied:  # "no 13" with the look-ahead: every bid so far counts
        words = _tied_words(core, rows, seat)
    elif t.partner[0] >= 0 and one is not None:  # the partner's bid decides (one partner for all rows)
        words = t.bid_after.take(s.bids[int(t.partner[one])] + np.int8(1))
    elif t.partner[0] >= 0:  # the partner's bid decides: the team minimum, both partners nil, one nil per side
        partner_bid = seat_values(core, s.bids, rows, t.partner.take(seat.astype(np.intp))).astype(np.intp)
        partner_bid += 1
        words = t.bid_after.take(partner_bid)
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
        blind = ((words & _ONE) != 0) & _blind_open(core, rows, seat, rules.blind_nil_deficit, one)
        words |= blind.astype(np.uint64) << np.uint64(BLIND_BIT)
    if t.blind_numbers:
        numbers = words & np.uint64(t.blind_numbers)
        numbers = np.where(_blind_open(core, rows, seat, rules.blind_bid_deficit, one), numbers, np.uint64(0))
        words |= numbers << np.uint64(BLIND_NUMBER_BIT)
    if t.redeal_conditions:  # any qualifying seat, before the first bid
        first = s.nbids[rows] == 0
        words |= np.where(first, s.redeal[rows].astype(np.uint64) << np.uint64(REDEAL_BIT), np.uint64(0))
    return words


def _tied_words(core: Core, rows: Rows, seat: Array) -> Array:
    """The nil and number bits of each row's bidder when every bid before counts (``_compile.tied_word``): one
    key per row (the seat, then each seat's bid + 1, five bits each), each distinct key looked up once."""
    s, t = core.s, core.t
    key = seat.astype(np.int64)
    for other in range(t.players):
        key = (key << 5) | (s.bids[other, rows].astype(np.int64) + 1)
    keys, inverse = np.unique(key, return_inverse=True)
    found = np.array([tied_word(t, k) for k in keys.tolist()], dtype=np.uint64)
    words: Array = found[inverse.reshape(-1)]
    return words


def _blind_open(core: Core, rows: Rows, seat: Array, deficit: int | None, one: int | None = None) -> Array:
    """Whether a blind bid is open to ``seat``: its side trails the best other side by ``deficit``
    (``blind_nil_deficit`` for blind nil, ``blind_bid_deficit`` for a blind number; None: always; ``one``: the
    seat of every row, when known)."""
    t = core.t
    if deficit is None:
        return np.ones(len(seat), dtype=bool)
    scores = core.s.scores[:, rows]
    if one is None:
        one = same_seat(rows, seat)
    if one is not None:  # every row's bidder is the same seat: its side's row and the others'
        side_row = int(t.side_of[one])
        best_row = scores[1 - side_row] if t.num_sides == 2 else np.delete(scores, side_row, axis=0).max(axis=0)
        trailing: Array = (best_row - scores[side_row]) >= deficit
        return trailing
    side = t.side_of[seat].astype(np.intp)
    at = np.arange(len(seat))
    mine = scores[side, at]
    if t.num_sides == 2:
        best_other = scores[1 - side, at]
    else:
        others = scores.copy()
        others[side, at] = np.iinfo(others.dtype).min
        best_other = others.max(axis=0)
    return (best_other - mine) >= deficit


def redeal_bits(core: Core, rows: Rows) -> Array:
    """A bit per seat whose hand may call a redeal (``Rules.redeal_on``), for newly dealt rows: the tests of
    ``_core.deck.REDEAL_TESTS`` (the engine's ``_may_redeal``) on arrays of counts."""
    t = core.t
    hands = core.s.hand[:, rows]
    counts: dict[str, Array] = {}
    may = np.zeros(hands.shape, dtype=bool)
    for condition in t.redeal_conditions:
        test = REDEAL_TESTS[condition]
        if test.counts not in counts:
            if test.counts == "spades":
                counts["spades"] = np.bitwise_count(hands & t.spade_mask)
            elif test.counts == "faces":
                counts["faces"] = np.bitwise_count(hands & t.face_mask)
            else:  # the longest suit, as the cards play: jokers are spades
                counts["longest"] = np.max([np.bitwise_count(hands & suit) for suit in t.suit_masks], axis=0)
        may |= test.holds(counts[test.counts])
    weights = (1 << np.arange(t.players)).astype(np.uint8)[:, None]
    bits: Array = (may.astype(np.uint8) * weights).sum(axis=0, dtype=np.uint8)
    return bits

"""One decision for many rows at once: a play, a bid (or a redeal call), an exchange pick, a draw decision,
and the end of a trick and of a hand (scoring, the game's end, the automatic next deal).

:func:`step` sends each phase's rows to its handler: all rows at once when they are in one phase (views,
no index arrays; in the play, with every row at the same point of its trick, the fast path of
:func:`_play`), else each phase's subset. Actions are checked before (by
:class:`~spades_rules.batch.BatchGame`): the handlers trust them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np

from spades_rules.batch._compile import BID, DRAW, EXCHANGE, PLAY
from spades_rules.batch._deal import begin_bidding, begin_play, end_bidding, new_games, start_hands
from spades_rules.batch._lockstep import ALL, Core, Rows, count, ids, same_seat, seat_values, subset, sync, take, turned
from spades_rules.batch._score import game_end, moon_winner, score_hands, unique_top
from spades_rules.batch._words import (
    bid_words,
    first_trick_words,
    follow_words,
    spades_broken,
    suit_code,
    trick_index,
    tricks_won,
)
from spades_rules.codec import DRAW_KEEP_CODE, REDEAL_BASE

if TYPE_CHECKING:
    from spades_rules.batch._arrays import Array

__all__: list[str] = []



def step(core: Core, codes: Array, bits: Array) -> None:
    """Apply one legal code per row (checked by the caller; ``bits`` are their legal-word bits)."""
    s = core.s
    if core.dirty:
        s.hand_done[:] = False
        s.game_done[:] = False
        s.truncated[:] = False
        s.winner[:] = -1
        core.ended = []
        core.dirty = False
    if core.phase_lock == PLAY and core.pos_lock is not None:
        _play(core, ALL, codes, bits)
        return
    sync(core)
    if core.phase_lock is None or core.phase_lock == PLAY:
        core.relock()
    if core.phase_lock is not None:
        _HANDLERS[core.phase_lock](core, ALL, codes, bits)
        return
    phase = s.phase
    groups = [(handler, np.flatnonzero(phase == kind)) for kind, handler in _HANDLERS.items()]
    for handler, rows in groups:  # every group is fixed before any row moves on to another phase
        if len(rows):
            handler(core, rows, codes[rows], bits[rows])
    core.phase_lock = core.pos_lock = core.trick_lock = None


# ---------------------------------------------------------------------------------------- play
def _play(core: Core, rows: Rows, codes: Array, bits: Array) -> None:
    s, t = core.s, core.t
    n = t.players
    card = codes if t.cards_are_codes else t.card_of_code[codes]
    at = core.pos_lock if isinstance(rows, slice) else None
    if at is not None:  # every row at position ``at`` of its trick: rows of the arrays, Python numbers
        np.bitwise_xor(s.unplayed, bits, out=s.unplayed)
        s.trick[at] = card
        if at == 0:
            s.led_mask = t.follow_of_card.take(card)
        if at + 1 == n:
            _end_tricks(core, ALL)
            return
        s.legal = _follow(core, ALL, s.hand[at + 1] & s.unplayed)
        core.pos_lock = at + 1
        core.stale = True  # pos and to_act follow from pos_lock (see core.sync)
        return
    core.pos_lock = None
    pos = take(s.pos, rows)
    row = ids(core, rows)
    s.unplayed[rows] ^= bits
    s.trick.ravel()[pos.astype(np.intp) * core.n + row] = card
    lead = pos == 0
    if lead.any():
        s.led_mask[subset(rows, lead)] = t.follow_of_card[card[lead]]
    pos += 1
    s.pos[rows] = pos
    s.to_act[rows] = t.next_seat[s.to_act[rows]]
    ended = pos == n
    playing = rows
    if ended.any():
        _end_tricks(core, subset(rows, ended))
        playing = subset(rows, ~ended)
    if count(core, playing):
        held = seat_values(core, s.hand, playing, s.pos[playing]) & s.unplayed[playing]
        s.legal[playing] = _follow(core, playing, held)


def _follow(core: Core, rows: Rows, held: Array) -> Array:
    """The legal plays of ``held`` to the trick in progress: the first trick under its own rules, if any."""
    s, t = core.s, core.t
    words = follow_words(held, s.led_mask[rows])
    if not t.first_trick_rules:
        return words
    lock = core.trick_lock if isinstance(rows, slice) else None
    if lock is not None:
        return first_trick_words(t, held, s.led_mask) if lock == 0 else words
    first: Array = np.where(s.trick_no[rows] == 0, first_trick_words(t, held, s.led_mask[rows]), words)
    return first


def _end_tricks(core: Core, rows: Rows) -> None:
    """The trick is complete in ``rows``: what it showed, its winner (who takes it and leads the next, the
    hands turning to the new trick order), or the end of the hand."""
    s, t = core.s, core.t
    cards = s.trick[:, rows]  # [positions, rows]
    leader = s.leader[rows]  # read before ``s.leader`` is written below
    index = cards.astype(np.intp)  # every lookup below takes intp indices (an int8 index is converted per call)
    suits = t.suit_of.take(index) if core.rec is None else None
    # the winner, as ``_core.tricks.trick_winner`` finds it: the largest key of the cards in the suit led
    index += t.lead_base.take(index[0])
    keys = t.trick_key.take(index)
    keys |= t.positions
    best = np.maximum.reduce(keys, axis=0).astype(np.intp)
    best &= 7  # the winning card's position
    winner = t.seat_wrap.take(leader + best)  # (leader + best) % players
    locked = isinstance(rows, slice) and core.trick_lock is not None
    trick_no: Array | int = core.trick_lock if locked and core.trick_lock is not None else s.trick_no[rows]
    row = ids(core, rows)
    if core.rec is None:  # what the trick shows, now: no record to find it in later
        assert suits is not None
        code = suit_code(t, suits)
        free = s.broken[rows] | (t.spades_after_first_trick & (trick_no > 0))  # spades could be led freely
        s.voids[rows] |= t.void_by_code.take(trick_index(t, leader, free, trick_no == 0, code))
        s.broken[rows] |= t.spade_in_code.take(code)
    else:  # the record keeps the finished tricks and their leaders, in order (a slice while in lockstep)
        s.broken[rows] = spades_broken(t, s.unplayed[rows])
        if isinstance(trick_no, int):
            core.rec.log[trick_no, :, rows] = cards
            core.rec.leaders[trick_no, rows] = leader
        else:
            core.rec.log[trick_no, :, row] = cards.T
            core.rec.leaders[trick_no, row] = leader
    s.won[rows] += t.won_unit.take(winner)
    s.hand[:, rows] = turned(core, s.hand, rows, best)  # the winner's hand is row 0 of the new trick order
    s.leader[rows] = winner
    if locked:  # pos, to_act and trick_no follow from the locks (see core.sync)
        assert core.trick_lock is not None
        core.trick_lock += 1
        core.pos_lock = 0
        core.stale = True
        if core.trick_lock == t.tricks:
            sync(core)
            _finish_hands(core, rows)
            return
    else:
        sync(core)
        s.to_act[rows] = winner
        s.pos[rows] = 0
        core.pos_lock = 0 if isinstance(rows, slice) else None
        core.trick_lock = None  # some rows finished a trick, or rows were at different tricks already
        done = s.trick_no[rows] + 1
        s.trick_no[rows] = done
        finished = done == t.tricks
        if finished.any():
            _finish_hands(core, subset(rows, finished))
            rows = subset(rows, ~finished)
            core.phase_lock = core.pos_lock = core.trick_lock = None
    held = s.hand[0, rows] & s.unplayed[rows]
    if t.spades_anytime or t.spades_after_first_trick:  # past the first trick: free
        s.legal[rows] = held
    else:
        s.legal[rows] = follow_words(held, t.lead_mask.take(s.broken[rows]))


def _finish_hands(core: Core, rows: Rows) -> None:
    """Score the hands of ``rows``, end the games the rules end (every hand with ``episode="hand"``), and
    deal the next hands."""
    s, t = core.s, core.t
    bags_before = s.bags[:, rows] if core.episode == "game" else None
    totals, bags_after, moon = score_hands(t, s.bids[:, rows], tricks_won(t, s.won[rows]), s.blind[rows],
                                           bags_before)
    s.totals[:, rows] = totals
    s.hand_done[rows] = True
    core.dirty = True
    core.finished += count(core, rows)
    mooned = moon_winner(t, moon) if t.rules.moon == "win" else None  # a moon wins at once
    if core.episode == "hand":
        s.game_done[rows] = True
        winner = unique_top(totals)
        s.winner[rows] = winner if mooned is None else np.where(mooned >= 0, mooned, winner)
        core.ended.append((ids(core, rows), totals))
        if core.on_game_end is not None:  # the one-hand game's final position shows its points and bags
            s.scores[:, rows] = totals
            s.bags[:, rows] = bags_after
            core.on_game_end(ids(core, rows))
        new_games(core, rows)
        start_hands(core, rows)
        return
    scores = s.scores[:, rows] + totals
    hands = s.hands_played[rows] + 1 if len(s.hands_played) else None
    over, winner = game_end(t, scores, hands)
    if mooned is not None:
        over |= mooned >= 0
        winner = np.where(mooned >= 0, mooned, winner)
    ended = over
    if core.backstop is not None and hands is not None:  # stopped, not finished: the leader is named
        cut = ~over & (hands >= core.backstop)
        if cut.any():
            ended = over | cut
            winner = np.where(cut, unique_top(scores), winner)
        s.truncated[rows] = cut
    if core.rec is not None:
        going = subset(rows, ~ended)
        if len(going):
            keep_hands(core, going)
    s.scores[:, rows] = scores
    s.bags[:, rows] = bags_after
    if hands is not None:
        s.hands_played[rows] = hands
    s.game_done[rows] = over
    s.winner[rows] = winner
    if ended.any():
        finished = subset(rows, ended)
        core.ended.append((ids(core, finished), s.scores[:, finished]))
        if core.on_game_end is not None:
            core.on_game_end(ids(core, finished))
    s.dealer[rows] = t.next_seat[s.dealer[rows]]
    if ended.any():
        new_games(core, subset(rows, ended))
    start_hands(core, rows)


def keep_hands(core: Core, rows: Rows, redeal: Array | None = None) -> None:
    """Store the hands of ``rows`` in the record as earlier hands of their games (before the next deal)."""
    rec = core.rec
    assert rec is not None
    s = core.s
    chosen = ids(core, rows)
    m = len(chosen)
    data = np.zeros((m, rec.past.width), dtype=np.int8)
    draw_bits = s.draw_bits[chosen] if core.t.draw else np.zeros(m, np.uint32)
    fields = {
        "dealer": s.dealer[chosen, None],
        "redeal": (np.full(m, -1, dtype=np.int8) if redeal is None else redeal)[:, None],
        "deck": rec.deck[chosen],
        "draw_bits": draw_bits.view(np.int8).reshape(m, 4),
        "bids": s.bids[:, chosen].T,
        "blind": s.blind[chosen, None].view(np.int8),
        "xcards": s.xcards[chosen].reshape(m, -1) if core.t.exchange_size else np.zeros((m, 0), np.int8),
        "log": rec.log[:, :, chosen].reshape(-1, m).T,
    }
    for name, (start, end) in rec.offsets.items():
        data[:, start:end] = fields[name]
    rec.past.add(chosen, rec.game[chosen], data, rec.game)


# ---------------------------------------------------------------------------------------- bids
def _bid(core: Core, rows: Rows, codes: Array, bits: Array) -> None:
    s, t = core.s, core.t
    if t.redeal_conditions:
        calls = (codes >= REDEAL_BASE) & (codes < REDEAL_BASE + t.players)
        if calls.any():
            called = subset(rows, calls)
            if core.rec is not None:
                keep_hands(core, called, (codes[calls] - REDEAL_BASE).astype(np.int8))
            start_hands(core, called)  # the same dealer deals again
            if calls.all():
                return
            rows, codes = subset(rows, ~calls), codes[~calls]
    seat = take(s.to_act, rows)
    value = t.bid_value.take(codes)
    one = same_seat(rows, seat)
    if one is not None:  # every row's bidder is the same seat (so are the dealer and the bids made)
        s.bids[one] = value
        if t.blind_bids:
            s.blind |= t.bid_blind.take(codes) << np.uint8(one)
        made_now = int(s.nbids[0]) + 1
        s.nbids[:] = made_now
        if made_now == t.players:
            end_bidding(core, rows)
            return
        bidder = int(t.bid_order[int(s.dealer[0]), made_now])
        s.to_act[:] = bidder
        s.legal[rows] = bid_words(core, rows, bidder)
        return
    s.bids.ravel()[seat.astype(np.intp) * core.n + ids(core, rows)] = value
    s.blind[rows] |= t.bid_blind.take(codes) << seat.astype(np.uint8)
    made = s.nbids[rows] + 1
    s.nbids[rows] = made
    last = made == t.players
    if last.all():
        end_bidding(core, rows)
        return
    if last.any():
        end_bidding(core, subset(rows, last))
        rows, made = subset(rows, ~last), made[~last]
        core.phase_lock = None
    s.to_act[rows] = t.bid_order[s.dealer[rows], made]
    s.legal[rows] = bid_words(core, rows)


# ---------------------------------------------------------------------------------------- exchanges
def _exchange(core: Core, rows: Rows, codes: Array, bits: Array) -> None:
    """A pick of the compact action space: one card of the ``k`` the giver passes; the ``k``-th applies it."""
    s, t = core.s, core.t
    k = t.exchange_size
    giver = take(s.to_act, rows)
    card = t.card_of_code[codes]
    picked = take(s.npicked, rows)
    row = ids(core, rows)
    s.xcards.ravel()[(row * t.players + giver) * k + picked] = card
    s.legal[rows] &= ~bits
    picked += 1
    s.npicked[rows] = picked
    full = picked == pick_counts(core, rows, giver)
    if not full.any():
        return
    done = subset(rows, full) if not full.all() else rows
    giver = giver[full] if not full.all() else giver
    row = ids(core, done)
    cards = s.xcards[row, giver].astype(np.intp)  # [rows, k]: -1 past the exchange's size
    passed = np.bitwise_or.reduce(np.where(cards >= 0, t.card_bit[cards], np.uint64(0)), axis=1)
    receiver = t.partner[giver]
    flat = s.hand.ravel()
    flat[giver.astype(np.intp) * core.n + row] ^= passed
    flat[receiver.astype(np.intp) * core.n + row] |= passed
    s.xdone[done] |= (np.uint8(1) << giver.astype(np.uint8)).astype(np.uint8)
    s.xq[done] >>= np.uint16(3)
    left = s.xleft[done] - 1
    s.xleft[done] = left
    s.npicked[done] = 0
    more = left > 0
    if more.any():
        going = subset(done, more)
        nxt = (s.xq[going] & 7).astype(np.int8)
        s.to_act[going] = nxt
        s.legal[going] = seat_values(core, s.hand, going, nxt)
    if not more.all():
        begin_play(core, subset(done, ~more))
        core.phase_lock = None


def pick_counts(core: Core, rows: Rows, giver: Array) -> Array | int:
    """The cards of the exchange each row's ``giver`` makes: of the kind of nil that its side bid
    (``blind_nil_exchange`` after a blind nil, ``nil_exchange`` after a plain nil)."""
    s, t = core.s, core.t
    if t.blind_exchange == t.nil_exchange or not t.nil_exchange or not t.blind_exchange:
        return t.exchange_size
    row = ids(core, rows)
    nil_bidder = np.where(s.bids[giver, row] == 0, giver, t.partner[giver]).astype(np.uint8)
    blind = ((s.blind[row] >> nil_bidder) & 1).astype(bool)
    sizes: Array = np.where(blind, t.blind_exchange, t.nil_exchange)
    return sizes


# ---------------------------------------------------------------------------------------- the draw
def _draw(core: Core, rows: Rows, codes: Array, bits: Array) -> None:
    """A turn of the two-player draw: keep the top card (the next is discarded) or reject it (take the next)."""
    s, t = core.s, core.t
    seat = take(s.to_act, rows)
    turn = take(s.draw_turn, rows).astype(np.intp)
    keep = codes == DRAW_KEEP_CODE
    row = ids(core, rows)
    at = row * t.deck_size + 2 * turn
    top, second = s.stock.ravel()[at], s.stock.ravel()[at + 1]
    kept = np.where(keep, top, second)
    dropped = np.where(keep, second, top)
    flat = seat.astype(np.intp) * core.n + row
    s.hand.ravel()[flat] |= t.card_bit[kept]
    seen = ~keep if not t.rules.draw_second_card_seen else np.ones(len(seat), dtype=bool)
    s.seen.ravel()[flat] |= np.where(seen, t.card_bit[dropped], np.uint64(0))
    s.draw_bits[rows] |= keep.astype(np.uint32) << turn.astype(np.uint32)
    turn += 1
    s.draw_turn[rows] = turn
    s.to_act[rows] = t.draw_seats[s.dealer[rows].astype(np.intp) * t.draw_turns + turn]
    over = 2 * turn == t.deck_size
    if over.any():
        begin_bidding(core, subset(rows, over) if not over.all() else rows)


_HANDLERS: Final = {DRAW: _draw, BID: _bid, EXCHANGE: _exchange, PLAY: _play}
"""The handler of each decision phase."""

"""The end of a hand for many rows at once: each side's points (the rules page, section Scoring) and the
end of the game (section End of the game), as ``scoring._score_side`` and ``scoring._game_end`` decide
them for one score sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from spades_rules.batch.compile import BatchTables

if TYPE_CHECKING:
    from spades_rules.batch.state import Array

__all__: list[str] = []

_POINTS_PER_BID_TRICK = 10


def score_hands(
    t: BatchTables, bids: Array, won: Array, blind: Array,
    bags_before: Array | None,
) -> tuple[Array, Array]:
    """Per side and row ``[sides, rows]``: the hand's points and the side's bags after it (``bids`` and ``won``
    per seat ``[seats, rows]``, -1 for no bid; ``bags_before`` None for none). Counts are int16, points
    int32 (every option is at most a million: a hand's points stay far below 2**31)."""
    rules = t.rules
    seats = t.side_seats  # [sides, seats per side]
    taken = won.astype(np.int16)[seats]  # [sides, members, rows]
    before = np.zeros(taken.shape[::2], dtype=np.int32) if bags_before is None else bags_before.astype(np.int32)
    if not rules.bid_format.has_bids:  # no-bid Spades: a point a trick
        return taken.sum(axis=1, dtype=np.int32), before
    bid = bids.astype(np.int16)[seats]
    nil = bid == 0
    bidder = bid > 0
    nil_tricks = np.where(nil, taken, np.int16(0)).sum(axis=1, dtype=np.int16)
    failed = nil & (taken > 0)
    if rules.blind_nil:
        blind_seat = ((blind[None, None, :] >> seats.astype(np.uint8)[:, :, None]) & 1).astype(bool)
        value = np.where(blind_seat, np.int32(rules.blind_nil_value), np.int32(rules.nil_value))
        nil_points = (np.where(failed, -value, value) * nil).sum(axis=1, dtype=np.int32)
    else:
        nil_points = (np.where(failed, -1, 1) * nil).sum(axis=1, dtype=np.int32) * np.int32(rules.nil_value)
    contract = np.where(bidder, bid, np.int16(0)).sum(axis=1, dtype=np.int16)
    counted = np.where(bidder, taken, np.int16(0)).sum(axis=1, dtype=np.int16)
    has_contract = contract > 0
    if rules.failed_nil_tricks == "count_for_partner":
        counted += np.where(has_contract, nil_tricks, np.int16(0))
        nil_tricks = np.where(has_contract, np.int16(0), nil_tricks)
    made = has_contract & (counted >= contract)
    points = contract.astype(np.int32) * np.int32(_POINTS_PER_BID_TRICK)
    total = np.where(made, points, -points) if rules.set_penalty == "minus_bid" else np.where(made, points, np.int32(0))
    overtricks = np.where(made, counted - contract, np.int16(0))
    bags = overtricks + nil_tricks
    scored = overtricks if rules.failed_nil_tricks == "bags_no_points" else bags
    total += scored.astype(np.int32) * np.int32(rules.bag_value)
    total += nil_points
    after = before + bags
    limit = rules.bag_limit
    if limit is not None:
        hit = after >= limit
        if rules.bag_overflow == "carry":
            times, rest = np.divmod(after, np.int32(limit))
        else:
            times, rest = np.ones_like(after), np.zeros_like(after)
        total -= np.where(hit, times * np.int32(rules.bag_penalty), np.int32(0))
        after = np.where(hit, rest, after)
    return total, after


def game_end(t: BatchTables, scores: Array, hands: Array | None) -> tuple[Array, Array]:
    """Whether each game is over after a hand, and its winning side (-1: none, or a draw): the target (a
    unique top score wins), then the losing score, then ``max_hands``. ``scores`` ``[sides, rows]``."""
    rules = t.rules
    top = scores.max(axis=0)
    unique = (scores == top).sum(axis=0) == 1
    leader = np.where(unique, scores.argmax(axis=0), -1).astype(np.int8)
    over = (top >= rules.target_score) & unique
    if rules.losing_score is not None:
        over |= (scores.min(axis=0) <= rules.losing_score) & unique
    if hands is not None and rules.max_hands is not None:
        over |= hands >= rules.max_hands
    return over, np.where(over, leader, -1).astype(np.int8)


def unique_top(totals: Array) -> Array:
    """The side with the unique highest points, -1 on a tie (the winner of a one-hand game)."""
    top = totals.max(axis=0)
    unique = (totals == top).sum(axis=0) == 1
    return np.where(unique, totals.argmax(axis=0), -1).astype(np.int8)

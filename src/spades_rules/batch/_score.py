"""The end of a hand for many rows at once: each side's points (the rules page, section Scoring) and the
end of the game (section End of the game), as ``scoring._score_side`` and ``scoring._game_end`` decide
them for one score sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from spades_rules.batch._compile import BatchTables
from spades_rules.scoring import _POINTS_PER_BID_TRICK, _TEN_FOR_TWO_HUNDRED

if TYPE_CHECKING:
    from spades_rules.batch._arrays import Array

__all__: list[str] = []



def score_hands(
    t: BatchTables, bids: Array, won: Array, blind: Array, bags_before: Array | None,
) -> tuple[Array, Array, Array]:
    """Per side and row ``[sides, rows]``: the hand's points, the side's bags after it, and whether it shot the
    moon (``bids`` and ``won`` per seat ``[seats, rows]``, -1 for no bid; ``bags_before`` None for none).
    Counts are int16, points int32 (every option is at most a million: a hand stays far below 2**31)."""
    rules = t.rules
    seats = t.side_seats  # [sides, seats per side]
    taken = won.astype(np.int16)[seats]  # [sides, members, rows]
    before = np.zeros(taken.shape[::2], dtype=np.int32) if bags_before is None else bags_before.astype(np.int32)
    no_moon = np.zeros(before.shape, dtype=bool)
    if not rules.bid_format.has_bids:  # no-bid Spades: a point a trick
        return taken.sum(axis=1, dtype=np.int32), before, no_moon
    bid = bids.astype(np.int16)[seats]
    nil = bid == 0
    bidder = bid > 0
    contract = np.where(bidder, bid, np.int16(0)).sum(axis=1, dtype=np.int16)
    by_bidders = np.where(bidder, taken, np.int16(0)).sum(axis=1, dtype=np.int16)
    has_contract = contract > 0
    nil_points, nil_bags, nil_bag_points, helping = _nils(t, taken, nil, blind, has_contract)
    counted = by_bidders + helping
    made = has_contract & (counted >= contract)
    bid_tricks = contract
    if rules.blind_bid_min is not None:  # a trick bid blind counts blind_bid_multiplier times
        blind_seat = ((blind[None, None, :] >> seats.astype(np.uint8)[:, :, None]) & 1).astype(bool)
        weight = np.where(blind_seat, np.int16(rules.blind_bid_multiplier), np.int16(1))
        bid_tricks = np.where(bidder, bid * weight, np.int16(0)).sum(axis=1, dtype=np.int32)
    points = bid_tricks.astype(np.int32) * np.int32(_POINTS_PER_BID_TRICK)
    set_points = -points if rules.set_penalty == "minus_bid" else np.zeros_like(points)  # never doubled
    if rules.ten_for_two_hundred:
        points = np.where(contract >= _TEN_FOR_TWO_HUNDRED, 2 * points, points)
    total = np.where(made, points, set_points)
    moon = no_moon
    if rules.moon is not None:  # the side's bidders bid and took every trick
        moon = made & (contract == by_bidders) & (by_bidders == t.tricks)
        if rules.moon == "points":
            total = np.where(moon, np.int32(rules.moon_points), total)
    overtricks = np.where(made, counted - contract, np.int16(0))
    total += overtricks.astype(np.int32) * np.int32(rules.bag_value) + nil_bag_points + nil_points
    after = before + overtricks + nil_bags
    limit = rules.bag_limit
    if limit is not None:
        hit = after >= limit
        if rules.bag_overflow == "carry":
            times, rest = np.divmod(after, np.int32(limit))
        else:
            times, rest = np.ones_like(after), np.zeros_like(after)
        total -= np.where(hit, times * np.int32(rules.bag_penalty), np.int32(0))
        after = np.where(hit, rest, after)
    return total, after, moon


def _nils(t: BatchTables, taken: Array, nil: Array, blind: Array, has_contract: Array
          ) -> tuple[Array, Array, Array, Array]:
    """A side's nils (``scoring._score_nils``): their points, the bags and bag points their tricks give, and
    the tricks they count toward the partner's contract. Two plain nils of partners under
    ``double_nil_value`` score as one unit, their tricks counting for nothing."""
    rules = t.rules
    seats = t.side_seats
    failed = nil & (taken > 0)
    if rules.blind_nil:
        blind_seat = ((blind[None, None, :] >> seats.astype(np.uint8)[:, :, None]) & 1).astype(bool) & nil
        value = np.where(blind_seat, np.int32(rules.blind_nil_value), np.int32(rules.nil_value))
        points = (np.where(failed, -value, value) * nil).sum(axis=1, dtype=np.int32)
    else:
        blind_seat = np.zeros(nil.shape, dtype=bool)
        points = (np.where(failed, -1, 1) * nil).sum(axis=1, dtype=np.int32) * np.int32(rules.nil_value)
    tricks = np.where(nil, taken, np.int16(0)).sum(axis=1, dtype=np.int16)
    how = rules.failed_nil_tricks
    zero = np.zeros_like(tricks)
    helping = np.where(has_contract, tricks, zero) if how == "count_for_partner" else zero
    bags = zero if how == "ignored" else tricks - helping
    bag_points = zero if how in ("ignored", "bags_no_points") else bags
    bag_points = bag_points.astype(np.int32) * np.int32(rules.bag_value)
    if rules.double_nil_value is not None and seats.shape[1] == 2:
        double = (nil & ~blind_seat).all(axis=1)
        penalty = rules.double_nil_value if rules.double_nil_penalty is None else rules.double_nil_penalty
        unit = np.where(failed.any(axis=1), np.int32(-penalty), np.int32(rules.double_nil_value))
        points = np.where(double, unit, points)
        bags, helping = np.where(double, zero, bags), np.where(double, zero, helping)
        bag_points = np.where(double, np.int32(0), bag_points)
    return points, bags, bag_points, helping


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


def moon_winner(t: BatchTables, moon: Array) -> Array:
    """Under ``moon="win"``, the side that shot the moon (the first, as ``scoring.close_hand``), -1 for none."""
    side: Array = np.where(moon.any(axis=0), moon.argmax(axis=0), -1).astype(np.int8)
    return side


def unique_top(totals: Array) -> Array:
    """The side with the unique highest points, -1 on a tie (the winner of a one-hand game)."""
    top = totals.max(axis=0)
    unique = (totals == top).sum(axis=0) == 1
    return np.where(unique, totals.argmax(axis=0), -1).astype(np.int8)

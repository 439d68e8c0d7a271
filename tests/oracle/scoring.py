"""Scoring one hand, per side, from the bids and the tricks each seat won.

A made contract scores 10 a trick bid (times the blind multiplier for tricks bid blind, times 2 for a
contract of 10 or more under "10 for 200") plus a point a bag; a set loses 10 a trick bid (times the blind
multiplier), or nothing. A nil scores its value, made or lost; a nil's tricks are bags (with or without
their points), help the partner, or count for nothing, as the rules say; a double nil scored as one unit
gives neither bags nor points for its tricks. A moon replaces the contract points (or wins the game).
Bags accumulate, and each time they reach the limit the side pays the penalty.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oracle.actions import Bid
from oracle.deck import cards_each
from oracle.options import Options


@dataclass(frozen=True)
class SideLine:
    """One side's score for one hand, as the library's score breakdown names its fields."""

    side: int
    contract: int | None
    tricks: int
    made: bool | None
    contract_points: int
    bags: int
    bag_points: int
    bag_penalty: int
    nil_points: int
    trick_points: int
    total: int
    bags_after: int
    moon: bool


def score_hand(
    options: Options, bids: Sequence[Bid | None], tricks: Sequence[int], bags_before: Sequence[int]
) -> list[SideLine]:
    """The score of every side: ``bids`` and ``tricks`` per seat, ``bags_before`` per side."""
    return [
        _score_side(options, side, members, bids, tricks, bags_before[side])
        for side, members in enumerate(options.sides)
    ]


def _score_side(
    options: Options,
    side: int,
    members: Sequence[int],
    bids: Sequence[Bid | None],
    tricks: Sequence[int],
    bags_before: int,
) -> SideLine:
    taken = sum(tricks[seat] for seat in members)
    if options.bidding == "none":
        return SideLine(side, None, taken, None, 0, 0, 0, 0, 0, taken, taken, bags_before, moon=False)
    side_bids = {seat: bid for seat in members if (bid := bids[seat]) is not None}
    nils = [seat for seat in members if side_bids[seat].is_nil]
    numbers = [seat for seat in members if not side_bids[seat].is_nil]

    nil_points, bags, bag_points, helping = 0, 0, 0, 0
    double = (
        options.double_nil_value is not None
        and options.partnerships
        and len(nils) == 2
        and not any(side_bids[seat].blind for seat in nils)
    )
    if double:
        assert options.double_nil_value is not None
        penalty = options.double_nil_value if options.double_nil_penalty is None else options.double_nil_penalty
        nil_points = options.double_nil_value if sum(tricks[seat] for seat in nils) == 0 else -penalty
    else:
        for seat in nils:
            value = options.blind_nil_value if side_bids[seat].blind else options.nil_value
            nil_points += value if tricks[seat] == 0 else -value
            won = tricks[seat]
            how = options.failed_nil_tricks
            if how == "count_for_partner" and numbers:
                helping += won
            elif how == "bags_no_points":
                bags += won
            elif how != "ignored":  # "bags", or "count_for_partner" with no partner's contract to help
                bags += won
                bag_points += won * options.bag_value

    contract: int | None = None
    made: bool | None = None
    contract_points, moon = 0, False
    if numbers:
        plain = sum(side_bids[seat].tricks for seat in numbers if not side_bids[seat].blind)
        blind = sum(side_bids[seat].tricks for seat in numbers if side_bids[seat].blind)
        contract = plain + blind
        by_bidders = sum(tricks[seat] for seat in numbers)
        counted = by_bidders + helping
        made = counted >= contract
        multiplier = options.blind_bid_multiplier
        if made:
            doubled = 2 if options.ten_for_two_hundred and contract >= 10 else 1
            contract_points = 10 * doubled * plain + 10 * doubled * multiplier * blind
            over = counted - contract
            bags += over
            bag_points += over * options.bag_value
            moon = options.moon is not None and contract == cards_each(options) and by_bidders == contract
            if moon and options.moon == "points":
                contract_points = options.moon_points
        elif options.set_penalty == "minus_bid":
            contract_points = -(10 * plain + 10 * multiplier * blind)

    bag_penalty, bags_after = _bag_penalty(options, bags_before + bags)
    total = contract_points + bag_points + bag_penalty + nil_points
    return SideLine(
        side,
        contract,
        taken,
        made,
        contract_points,
        bags,
        bag_points,
        bag_penalty,
        nil_points,
        0,
        total,
        bags_after,
        moon=moon,
    )


def _bag_penalty(options: Options, bags: int) -> tuple[int, int]:
    """The penalty (negative) and the bags carried out, from the bags counted after the hand."""
    limit = options.bag_limit
    if limit is None:
        return 0, bags
    if options.bag_overflow == "reset":
        return (-options.bag_penalty, 0) if bags >= limit else (0, bags)
    penalty = 0
    while bags >= limit:
        bags -= limit
        penalty -= options.bag_penalty
    return penalty, bags

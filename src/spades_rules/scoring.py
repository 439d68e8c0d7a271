"""Scoring: a score sheet's bids and tricks in, a per-side point breakdown out. Pure; needs no game state.

The engine calls :func:`score_hand` at the end of every hand; you can call it on any score sheet.
Per side (see the rules page, section Scoring): a made contract scores ``10 × contract`` plus a bag
point per overtrick; a set contract ``-10 × contract`` (or 0, Bicycle); each nil ``±nil_value`` and each blind nil
``±blind_nil_value``; a nil bidder's tricks are bags for the side (or count for the partner); every
``bag_limit`` bags cost ``bag_penalty``. In no-bid Spades each trick is one point.

pagat's bag example (the rules page's worked example 1): a side at 337 with 7 bags bids 5 and takes 8 tricks.

>>> from spades_rules import Rules
>>> hand = score_hand(Rules.standard(), [3, 4, 2, 4], [4, 3, 4, 2], bags_before=[7, 0])
>>> side = hand.sides[0]
>>> side.contract, side.tricks, side.contract_points, side.bag_points, side.bag_penalty, side.total
(5, 8, 50, 3, -100, -47)
>>> side.bags_after
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from spades_rules.actions import Bid
from spades_rules.errors import ScoreSheetError

if TYPE_CHECKING:
    from spades_rules.rules import Rules

__all__ = ["HandScore", "ScoreSheetError", "SideScore", "score_hand"]

_POINTS_PER_BID_TRICK = 10


@attrs.frozen
class SideScore:
    """One side's points for one hand. ``total`` is the sum of the five point fields."""

    side: int
    """The side's index in ``rules.sides``."""
    contract: int | None
    """The sum of the members' non-nil bids; None when every member bid nil or there was no bidding."""
    tricks: int
    """Tricks won by the whole side this hand."""
    made: bool | None
    """Whether the contract was made (None without a contract)."""
    contract_points: int
    """``10 × contract`` when made; ``-10 × contract`` or 0 when set."""
    bags: int
    """Bags taken this hand: overtricks, plus a nil bidder's tricks unless they count for the partner."""
    bag_points: int
    """``bag_value`` per bag taken this hand."""
    bag_penalty: int
    """Points lost to the bag limit this hand (zero or negative)."""
    nil_points: int
    """The sum of the members' nil and blind nil results."""
    trick_points: int
    """No-bid Spades: one point per trick won; zero otherwise."""
    total: int
    """The side's score for the hand."""
    bags_after: int
    """The side's accumulated bags after the hand (after any penalty)."""


@attrs.frozen
class HandScore:
    """The score of one hand: the score sheet it came from and one :class:`SideScore` per side."""

    bids: tuple[Bid | None, ...]
    """The bids per seat (None in no-bid Spades)."""
    tricks_won: tuple[int, ...]
    """Tricks won per seat."""
    sides: tuple[SideScore, ...]
    """One breakdown per side, in the order of ``rules.sides``."""

    @property
    def totals(self) -> tuple[int, ...]:
        """The hand's points per side."""
        return tuple(side.total for side in self.sides)

    @property
    def bags_after(self) -> tuple[int, ...]:
        """Accumulated bags per side after the hand."""
        return tuple(side.bags_after for side in self.sides)


def _as_bid(seat: int, value: Bid | int | None) -> Bid | None:
    if value is None or isinstance(value, Bid):
        if isinstance(value, Bid) and value.seat != seat:
            raise ScoreSheetError(f"bid {value} is listed for seat {seat}")
        return value
    if type(value) is not int or value < 0:
        raise ScoreSheetError(f"seat {seat}: a bid must be a Bid or a non-negative integer, not {value!r}")
    return Bid(seat, value)


def _check_sheet(
    rules: Rules, bids: Sequence[Bid | int | None] | None, tricks_won: Sequence[int]
) -> tuple[tuple[Bid | None, ...], tuple[int, ...]]:
    n = rules.players
    if bids is None:
        bids = [None] * n
    if len(bids) != n or len(tricks_won) != n:
        raise ScoreSheetError(f"a score sheet needs one bid and one trick count per seat ({n} seats)")
    for seat, tricks in enumerate(tricks_won):
        if type(tricks) is not int or tricks < 0:
            raise ScoreSheetError(f"seat {seat}: tricks won must be a non-negative integer, not {tricks!r}")
    if sum(tricks_won) > rules.tricks_per_hand:
        raise ScoreSheetError(f"{sum(tricks_won)} tricks won, but a hand has only {rules.tricks_per_hand}")
    parsed = tuple(_as_bid(seat, bid) for seat, bid in enumerate(bids))
    if rules.bidding == "none":
        if any(bid is not None for bid in parsed):
            raise ScoreSheetError("no-bid Spades has no bids: pass None")
    else:
        for seat, bid in enumerate(parsed):
            if bid is None:
                raise ScoreSheetError(f"seat {seat} has no bid")
            if bid.tricks > rules.tricks_per_hand:
                raise ScoreSheetError(f"seat {seat} bid {bid.tricks}, more than the {rules.tricks_per_hand} tricks")
    return parsed, tuple(tricks_won)


def score_hand(
    rules: Rules,
    bids: Sequence[Bid | int | None] | None,
    tricks_won: Sequence[int],
    *,
    bags_before: Sequence[int] | None = None,
) -> HandScore:
    """Score one hand from a score sheet: per seat, the bid (a :class:`Bid`, or an int with 0 for nil)
    and the tricks won; ``bags_before`` per side (default none). Tricks may total less than a hand.

    Nil with partner, the rules page's worked example 2: each partner takes one trick.

    >>> from spades_rules import Rules
    >>> score_hand(Rules.standard(), [0, 4, 2, 4], [1, 5, 1, 6]).sides[0].total
    -119
    """
    parsed, tricks = _check_sheet(rules, bids, tricks_won)
    sides = rules.num_sides
    before = tuple(bags_before) if bags_before is not None else (0,) * sides
    if len(before) != sides or any(type(b) is not int or b < 0 for b in before):
        raise ScoreSheetError(f"bags_before needs one non-negative integer per side ({sides} sides)")
    return _score_sheet(rules, parsed, tricks, before)


def _score_sheet(
    rules: Rules, bids: tuple[Bid | None, ...], tricks: tuple[int, ...], bags_before: tuple[int, ...]
) -> HandScore:
    """:func:`score_hand` without the checks, for the engine (its sheets are valid by construction)."""
    return HandScore(bids, tricks, tuple(
        _score_side(rules, index, seats, bids, tricks, bags_before[index]) for index, seats in enumerate(rules.sides)
    ))


def _score_side(
    rules: Rules,
    index: int,
    seats: tuple[int, ...],
    bids: tuple[Bid | None, ...],
    tricks: tuple[int, ...],
    bags_before: int,
) -> SideScore:
    side_tricks = sum(tricks[seat] for seat in seats)
    if rules.bidding == "none":
        return SideScore(index, None, side_tricks, None, 0, 0, 0, 0, 0, side_tricks, side_tricks, bags_before)

    members: list[tuple[Bid, int]] = []
    for seat in seats:
        bid = bids[seat]
        assert bid is not None  # checked by _check_sheet / made by the engine
        members.append((bid, tricks[seat]))
    bidders = [(bid, taken) for bid, taken in members if bid.tricks]
    nil_points = 0
    nil_tricks = 0
    for bid, taken in members:
        if not bid.tricks:
            value = rules.blind_nil_value if bid.blind else rules.nil_value
            nil_points += value if taken == 0 else -value
            nil_tricks += taken

    contract: int | None = None
    made: bool | None = None
    contract_points = 0
    overtricks = 0
    if bidders:
        contract = sum(bid.tricks for bid, _ in bidders)
        counted = sum(taken for _, taken in bidders)
        if rules.failed_nil_tricks == "count_for_partner":
            counted += nil_tricks
            nil_tricks = 0
        made = counted >= contract
        if made:
            contract_points = _POINTS_PER_BID_TRICK * contract
            overtricks = counted - contract
        elif rules.set_penalty == "minus_bid":
            contract_points = -_POINTS_PER_BID_TRICK * contract

    bags = overtricks + nil_tricks
    bag_points = bags * rules.bag_value
    bags_after = bags_before + bags
    bag_penalty = 0
    if rules.bag_limit is not None:
        while bags_after >= rules.bag_limit:
            bag_penalty -= rules.bag_penalty
            bags_after = bags_after - rules.bag_limit if rules.bag_overflow == "carry" else 0
    total = contract_points + bag_points + bag_penalty + nil_points
    return SideScore(
        index, contract, side_tricks, made, contract_points, bags, bag_points, bag_penalty, nil_points, 0, total,
        bags_after,
    )

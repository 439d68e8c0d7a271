"""Which score sheets may be scored: a sheet lists per seat the bid and the tricks won, and the bags each
side carried in, without the dealer, the order of the bids, the hands or the scores before the hand.

A sheet is accepted when the hand could have been bid: for some dealer, bidding in the rules' order,
every bid is legal, with hands holding the spades the bids need (whiz and mirror bid spade counts) and
scores of a game still in progress at which every blind bid on the sheet is open. The tricks must add up
to the tricks in a hand (or, for a hand abandoned part way, to no more), and the bags carried in must be
below the bag limit.
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.actions import Bid
from oracle.bidding import bid_order, candidates, keeps_the_rules
from oracle.deck import cards_each, deck, spade_count
from oracle.options import Options


def sheet_refusal(
    options: Options,
    bids: Sequence[Bid | None] | None,
    tricks: Sequence[int],
    bags_before: Sequence[int],
    *,
    partial: bool = False,
) -> str | None:
    """Why the sheet cannot be scored, or None when it can."""
    total, in_hand = sum(tricks), cards_each(options)
    if any(count < 0 for count in tricks) or total > in_hand or (total < in_hand and not partial):
        return "the tricks do not add up to a hand"
    limit = options.bag_limit
    if any(bags < 0 or (limit is not None and bags >= limit) for bags in bags_before):
        return "bags carried in at or above the limit"
    if options.bidding == "none":
        return None if bids is None or all(bid is None for bid in bids) else "bids under no-bid rules"
    if bids is None or any(bid is None for bid in bids):
        return "a seat has no bid"
    made = [bid for bid in bids if bid is not None]
    if options.bidding in ("mirror", "whiz"):
        return _spade_counts(options, made)
    scores = _scores_opening(options, made)
    if scores is None:
        return "no scores of a game in progress open every blind bid on the sheet"
    by_seat = {bid.seat: bid for bid in made}
    for dealer in range(options.players):
        order = bid_order(options, dealer)
        if all(
            _fits(options, order, [by_seat[seat] for seat in order[:i]], by_seat[seat], scores)
            for i, seat in enumerate(order)
        ):
            return None
    return "no order of bidding makes every bid legal"


def _fits(options: Options, order: Sequence[int], before: Sequence[Bid], bid: Bid, scores: Sequence[int]) -> bool:
    """Whether ``bid`` may follow the bids ``before``. The look-ahead (every later bidder can still bid)
    holds by itself: the rest of the sheet is such a completion when each of its bids fits in turn."""
    offered = candidates(options, bid.seat, [], scores)
    return bid in offered and keeps_the_rules(options, order, {made.seat: made for made in before}, bid)


def _spade_counts(options: Options, bids: Sequence[Bid]) -> str | None:
    """Whiz and mirror bid spade counts: the cards held must be able to hold them (every card of the deck
    when it is dealt; in the two-player draw, any half of it)."""
    cards, in_hand = deck(options), cards_each(options)
    spades, held = spade_count(options, cards), options.players * in_hand
    fewest, most = max(0, held - (len(cards) - spades)), min(spades, held)  # spades among the cards held
    if any(bid.blind for bid in bids):
        return "no blind bids in this format"
    numbers = [bid.tricks for bid in bids if not bid.is_nil]
    nils = len(bids) - len(numbers)
    if any(number > in_hand for number in numbers):
        return "more spades than a hand holds"
    if options.bidding == "mirror":  # a nil holds no spade
        return None if fewest <= sum(numbers) <= most else "the cards held cannot have these spades"
    if sum(numbers) > most or sum(numbers) + nils * in_hand < fewest:
        return "the cards held cannot have these spades"
    return None


def _scores_opening(options: Options, bids: Sequence[Bid]) -> list[int] | None:
    """Scores of a game in progress at which every blind bid of ``bids`` is open, or None."""
    sides = options.num_sides
    need: dict[int, int] = {}
    for bid in bids:
        if not bid.blind:
            continue
        deficit = options.blind_nil_deficit if bid.is_nil else options.blind_bid_deficit
        if deficit is not None:
            side = options.side_of(bid.seat)
            need[side] = max(need.get(side, deficit), deficit)
    free = [side for side in range(sides) if side not in need]
    if all(deficit <= 0 for deficit in need.values()):
        return [0] * sides  # every side level: each trails the leader by 0
    if len(free) >= 2 or (free and any(deficit <= 0 for deficit in need.values())):
        # two sides level at the top: the game goes on whatever the others' scores
        return [0 if side not in need or need[side] <= 0 else -need[side] for side in range(sides)]
    if not free:
        return None  # every side must trail another by more than nothing
    top = options.target_score - 1
    scores = [top - need.get(side, 0) for side in range(sides)]
    if options.losing_score is not None and min(scores) <= options.losing_score:
        return None
    return scores

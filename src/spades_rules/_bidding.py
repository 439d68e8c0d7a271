"""The bidding decision point: which bids a seat may make, and why any other bid is refused.

Every bid format and bidding option is read here and nowhere else:

- the range ``min_bid`` ... hand size, and nil (``Rules.nil``);
- blind nil (``Rules.blind_nil``), only for a side trailing by ``blind_nil_deficit``;
- ``bidding="whiz"`` (nil or exactly the spades held, even a count below ``min_bid``: the format fixes
  the number) and
  ``"suicide"`` (one nil per partnership, the other partner at least the team minimum and ``min_bid``);
- ``team_min_bid`` and ``both_partners_nil`` (constrain the partner who bids second);
- ``forbid_total_equal_tricks`` (constrains the last bidder).

No-bid and mirror Spades have no bidding actions; :func:`fixed_bids` gives mirror's automatic bids.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from spades_rules.actions import Bid
from spades_rules.errors import IllegalActionError, IllegalReason

if TYPE_CHECKING:
    from spades_rules.rules import Rules
    from spades_rules.state import HandState


class _BidRule:
    """The bids open to one seat: numbers ``lo``-``hi`` (or only ``exact``), nil, blind nil, and a total
    the last bidder may not reach; ``legal`` lists them. Each ``*_why`` says why a kind of bid is closed."""

    __slots__ = (
        "allowed", "blind", "blind_why", "exact", "excluded", "hi", "legal", "lo", "nil", "nil_why", "number_why",
    )

    def __init__(  # keyword-only: six ints/bools and three texts that would swap unnoticed
        self, seat: int, *, lo: int, hi: int, exact: int | None, nil: bool, blind: bool, excluded: int | None,
        number_why: str, nil_why: str, blind_why: str,
    ) -> None:
        self.lo, self.hi, self.exact, self.excluded = lo, hi, exact, excluded
        self.nil, self.blind = nil, blind
        self.number_why, self.nil_why, self.blind_why = number_why, nil_why, blind_why
        numbers = tuple(n for n in range(max(lo, 1), hi + 1) if (exact is None or n == exact) and n != excluded)
        self.legal = _bids_for(seat, numbers, nil and excluded != 0, blind and excluded != 0)
        self.allowed = frozenset((bid.tricks, bid.blind) for bid in self.legal)

    def allows(self, bid: Bid) -> bool:
        """Whether ``bid`` (by this rule's seat) is one of :attr:`legal`."""
        return (bid.tricks, bid.blind) in self.allowed

    def allows_number(self, tricks: int) -> bool:
        return self.lo <= tricks <= self.hi and (self.exact is None or tricks == self.exact)


def bid_rule(rules: Rules, hand: HandState, seat: int, scores: tuple[int, ...]) -> _BidRule:
    """What ``seat`` may bid now (it is its turn in the ``BID`` phase).

    Cached on what changes the answer: the seat, the bids so far, the spades held (whiz only) and whether
    blind nil is open (worked out from the scores first, so that the cache does not depend on them).
    """
    counted = rules.bid_format.numbers_are_spades
    spades = (hand.held[seat] & rules.tables.spade_mask).bit_count() if counted else 0
    deficit = rules.blind_nil_deficit
    blind = rules.blind_nil and (deficit is None or trailing_by(rules, seat, scores) >= deficit)
    return _cached_rule(rules, seat, hand.bids, spades, blind)


def trailing_by(rules: Rules, seat: int, scores: tuple[int, ...]) -> int:
    """How many points ``seat``'s side trails the best other side by (negative when it leads)."""
    side = rules.tables.side_of[seat]
    if len(scores) == 2:  # partnerships and two players: the one other side
        return scores[1 - side] - scores[side]
    return max(score for other, score in enumerate(scores) if other != side) - scores[side]


@lru_cache(maxsize=1 << 16)
def _cached_rule(rules: Rules, seat: int, bids: tuple[Bid | None, ...], spades: int, blind: bool) -> _BidRule:
    """The rule for ``seat`` given the bids so far, the spades held (whiz) and whether blind nil is open;
    depends on nothing else, so it is cached."""
    fmt = rules.bid_format
    tricks = rules.tricks_per_hand
    lo, hi, exact = rules.min_bid, tricks, None
    nil, nil_why = rules.nil, "the rules do not allow nil"
    number_why = f"bids run from {rules.min_bid} to {tricks}"
    blind_why = "the rules do not allow blind nil" if not rules.blind_nil else ""

    partner = rules.partner_of(seat)
    partner_bid = bids[partner] if partner is not None else None

    if fmt.numbers_are_spades:
        lo, exact = 1, spades  # the spade count is the bid, below min_bid too
        number_why = f"in {fmt.name} you bid nil or exactly your {exact} spades"
        if exact == 0:
            lo, hi = 1, 0
            number_why = f"in {fmt.name} a hand without spades must bid nil"
    elif fmt.one_nil_per_side:
        minimum = max(rules.team_minimum or 1, rules.min_bid)
        if partner_bid is None:
            lo = minimum
            number_why = f"in {fmt.name} the first partner bids nil or at least {minimum}"
        elif partner_bid.tricks == 0:
            lo, nil = minimum, False
            nil_why = f"in {fmt.name} only one partner bids nil, and your partner did"
            number_why = f"your partner bid nil, so you must bid at least {minimum}"
        else:
            lo, hi = 1, 0
            number_why = f"in {fmt.name} one partner must bid nil, and your partner bid a number"
    elif partner_bid is not None:
        team_minimum = rules.team_minimum
        if team_minimum is not None:
            needed = team_minimum - partner_bid.tricks
            if needed > lo:
                lo = needed
                number_why = (
                    f"the side's contract must reach {team_minimum}: with your partner's "
                    f"{partner_bid.tricks} you must bid at least {needed}"
                )
            if needed > 0:
                nil = False
                nil_why = f"the side's contract must reach {team_minimum}, so you cannot bid nil"
        if partner_bid.tricks == 0 and not rules.both_partners_nil:
            nil = False
            nil_why = "your partner bid nil and both partners may not bid nil"
    if not nil and blind:
        blind, blind_why = False, nil_why

    excluded = None
    if rules.forbid_total_equal_tricks and sum(bid is not None for bid in bids) == rules.players - 1:
        others = sum(bid.tricks for bid in bids if bid is not None)
        if 0 <= tricks - others <= tricks:
            excluded = tricks - others
    return _BidRule(
        seat, lo=lo, hi=hi, exact=exact, nil=nil, blind=blind, excluded=excluded, number_why=number_why,
        nil_why=nil_why, blind_why=blind_why,
    )


def blind_nil_open(rules: Rules, seat: int, scores: tuple[int, ...]) -> tuple[bool, str]:
    """Whether ``seat`` may bid blind nil at these scores, and why not."""
    if not rules.blind_nil:
        return False, "the rules do not allow blind nil"
    if rules.blind_nil_deficit is None:
        return True, ""
    deficit = trailing_by(rules, seat, scores)
    if deficit < rules.blind_nil_deficit:
        return False, (
            f"blind nil needs the side to trail by at least {rules.blind_nil_deficit}; it trails by {deficit}"
            if deficit > 0
            else f"blind nil needs the side to trail by at least {rules.blind_nil_deficit}; it does not trail"
        )
    return True, ""


@lru_cache(maxsize=4096)
def _bids_for(seat: int, numbers: tuple[int, ...], nil: bool, blind: bool) -> tuple[Bid, ...]:
    bids = [Bid(seat, 0)] if nil else []
    bids.extend(Bid(seat, number) for number in numbers)
    if blind:
        bids.append(Bid(seat, 0, blind=True))
    return tuple(bids)


def check_bid(rule: _BidRule, bid: Bid, rules: Rules, scores: tuple[int, ...]) -> None:
    """Raise :class:`IllegalActionError` with the reason when ``rule`` does not allow ``bid``."""
    tricks = bid.tricks
    if bid.blind:
        if not rule.blind:
            why = rule.blind_why or blind_nil_open(rules, bid.seat, scores)[1]
            raise IllegalActionError(
                IllegalReason.BLIND_NIL_NOT_ALLOWED, f"seat {bid.seat} cannot bid blind nil: {why}", action=bid
            )
    elif tricks == 0:
        if not rule.nil:
            raise IllegalActionError(
                IllegalReason.NIL_NOT_ALLOWED, f"seat {bid.seat} cannot bid nil: {rule.nil_why}", action=bid
            )
    elif not (1 if rule.exact is not None else rules.min_bid) <= tricks <= rules.tricks_per_hand:
        raise IllegalActionError(
            IllegalReason.BID_OUT_OF_RANGE,
            f"seat {bid.seat} cannot bid {tricks}: bids run from {rules.min_bid} to {rules.tricks_per_hand}",
            action=bid,
        )
    elif not rule.allows_number(tricks):
        raise IllegalActionError(
            IllegalReason.BID_NOT_ALLOWED, f"seat {bid.seat} cannot bid {tricks}: {rule.number_why}", action=bid
        )
    if tricks == rule.excluded:
        raise IllegalActionError(
            IllegalReason.BID_NOT_ALLOWED,
            f"seat {bid.seat} cannot bid {'nil' if tricks == 0 else tricks}: the last bidder may not make the "
            f"total of the bids equal the {rules.tricks_per_hand} tricks",
            action=bid,
        )


def fixed_bids(rules: Rules, held: tuple[int, ...]) -> tuple[Bid | None, ...]:
    """The bids a format without a bidding phase fixes at the deal: the spade counts (0 = nil) where the
    numbers are the spades held (mirror); None where there are no bids (no-bid)."""
    if rules.bid_format.numbers_are_spades:
        spades = rules.tables.spade_mask
        return tuple(Bid(seat, (mask & spades).bit_count()) for seat, mask in enumerate(held))
    return (None,) * rules.players

"""The engine's room for bids: the rule of :mod:`~spades_rules._core.bid_rule` as the
:class:`~spades_rules.actions.Bid` values a seat may make, cached, and the error that refuses any other.

The engine asks :func:`bid_rule` at every bid and :func:`check_bid` when a bid is not among the legal
ones; the score-sheet checks (:mod:`~spades_rules._core.sheet_bids`) ask :func:`seat_rule` and
:func:`bid_refusal`. Formats without a bidding phase have no bidding actions; :func:`fixed_bids` gives the
bids they fix at the deal (mirror's spade counts). Rules' validation refuses the combinations no round of
bids could keep.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from spades_rules._core.bid_rule import (
    Refusal,
    blind_refusal,
    offered,
    reads_bids,
    refusal,
    trails_enough,
    words,
)
from spades_rules.actions import Bid
from spades_rules.errors import IllegalActionError, IllegalReason

if TYPE_CHECKING:
    from spades_rules.rules import Rules
    from spades_rules.state import HandState


class _BidRule:
    """The bids open to one seat at one position: ``legal`` lists them in the codec's order (nil, the
    numbers, blind nil, then the blind numbers, which the engine lists after any redeal calls: ``cut`` is
    where those go)."""

    __slots__ = ("allowed", "cut", "legal", "seat")

    def __init__(self, seat: int, *, legal: tuple[Bid, ...]) -> None:
        self.seat = seat
        self.legal = legal
        self.cut = next((at for at, bid in enumerate(legal) if bid.blind and bid.tricks), len(legal))
        self.allowed = frozenset((bid.tricks, bid.blind) for bid in legal)

    def allows(self, bid: Bid) -> bool:
        """Whether ``bid`` (by this rule's seat) is one of :attr:`legal`."""
        return (bid.tricks, bid.blind) in self.allowed


def bid_rule(rules: Rules, hand: HandState, seat: int, scores: tuple[int, ...]) -> _BidRule:
    """What ``seat`` may bid now (it is its turn in the ``BID`` phase)."""
    counted = rules.bid_format.numbers_are_spades  # the spades held, where the rule reads them (as _spades)
    spades = (hand.held[seat] & rules.tables.spade_mask).bit_count() if counted else 0
    return seat_rule(rules, seat, hand.bids, spades, scores)


def _spades(rules: Rules, hand: HandState, seat: int) -> int:
    """The spades ``seat`` holds where the rule reads them (the numbers are the spades held), else 0."""
    if rules.bid_format.numbers_are_spades:
        return (hand.held[seat] & rules.tables.spade_mask).bit_count()
    return 0


# ---------------------------------------------------------------------------------------- the cache
# The rule depends on the rules, the seat, the spades it reads, whether each kind of blind bid is open
# (worked out from the scores first, so that the cache does not depend on them), and the bids so far only
# when some tie reads them (``reads_bids``): without ties, one entry per seat serves every position.
def seat_rule(
    rules: Rules, seat: int, bids: tuple[Bid | None, ...], spades: int, scores: tuple[int, ...]
) -> _BidRule:
    """What ``seat`` may bid after ``bids`` (per seat, None until made), holding ``spades`` spades (read
    only where the numbers are the spades held), at ``scores``: :func:`bid_rule` for a hand, and the rule a
    score sheet is checked by."""
    blind_nil = rules.blind_nil and trails_enough(rules, rules.blind_nil_deficit, seat, scores)
    blind_numbers = rules.blind_bid_min is not None and trails_enough(rules, rules.blind_bid_deficit, seat, scores)
    return _rule_alone(rules, seat, spades, blind_nil, blind_numbers) or _rule_after(
        rules, seat, bids, spades, blind_nil, blind_numbers
    )


@lru_cache(maxsize=1 << 16)
def _rule_after(
    rules: Rules, seat: int, bids: tuple[Bid | None, ...], spades: int, blind_nil: bool, blind_numbers: bool
) -> _BidRule:
    """The rule for ``seat`` after ``bids``, where a tie reads them."""
    return _built(rules, seat, _values(bids), spades, blind_nil, blind_numbers)


@lru_cache(maxsize=4096)
def _rule_alone(rules: Rules, seat: int, spades: int, blind_nil: bool, blind_numbers: bool) -> _BidRule | None:
    """The rule for ``seat`` at any position where no tie reads the bids before, else None (then the rule
    after the bids is cached on them)."""
    if reads_bids(rules):
        return None
    return _built(rules, seat, (None,) * rules.players, spades, blind_nil, blind_numbers)


def _built(
    rules: Rules, seat: int, values: tuple[int | None, ...], spades: int, blind_nil: bool, blind_numbers: bool
) -> _BidRule:
    candidates = _offered_bids(rules, seat, spades, blind_nil, blind_numbers)
    legal = tuple(bid for bid in candidates if refusal(rules, seat, values, spades, bid.tricks, bid.blind) is None)
    return _BidRule(seat, legal=legal)


@lru_cache(maxsize=4096)
def _offered_bids(rules: Rules, seat: int, spades: int, blind_nil: bool, blind_numbers: bool) -> tuple[Bid, ...]:
    """The bids the rule considers for ``seat`` (:func:`~spades_rules._core.bid_rule.offered`), built once."""
    return tuple(Bid(seat, tricks, blind=blind) for tricks, blind in offered(rules, spades, blind_nil, blind_numbers))


def _values(bids: tuple[Bid | None, ...]) -> tuple[int | None, ...]:
    return tuple(None if made is None else made.tricks for made in bids)


# ---------------------------------------------------------------------------------------- refusals
def bid_refusal(
    rules: Rules, bids: tuple[Bid | None, ...], spades: int, bid: Bid, scores: tuple[int, ...]
) -> tuple[IllegalReason, str] | None:
    """Why ``bid`` may not follow ``bids`` at ``scores`` (its seat holding ``spades`` spades where the rule
    reads them), as a reason and the engine's words, or None."""
    why: Refusal | None = blind_refusal(rules, bid.seat, scores, bid.tricks) if bid.blind else None
    why = why or refusal(rules, bid.seat, _values(bids), spades, bid.tricks, bid.blind)
    if why is None:
        return None
    return why[0], f"seat {bid.seat} cannot bid {bid.label}: {words(why)}"


def check_bid(rules: Rules, hand: HandState, bid: Bid, scores: tuple[int, ...]) -> None:
    """Raise :class:`IllegalActionError` with the reason when the rule does not allow ``bid`` now (blind
    bids first, as a seat decides before looking)."""
    why = bid_refusal(rules, hand.bids, _spades(rules, hand, bid.seat), bid, scores)
    if why is not None:
        raise IllegalActionError(why[0], why[1], action=bid)


def fixed_bids(rules: Rules, held: tuple[int, ...]) -> tuple[Bid | None, ...]:
    """The bids a format without a bidding phase fixes at the deal, from the hands ``held``: the spade counts
    (0 = nil) where the numbers are the spades held (mirror); None where there are no bids (no-bid)."""
    spades = rules.tables.spade_mask
    return tuple(fixed_bid(rules, seat, (mask & spades).bit_count()) for seat, mask in enumerate(held))


def fixed_bid(rules: Rules, seat: int, spades: int) -> Bid | None:
    """The bid a format without a bidding phase fixes for ``seat`` holding ``spades`` spades."""
    return Bid(seat, spades) if rules.bid_format.numbers_are_spades else None

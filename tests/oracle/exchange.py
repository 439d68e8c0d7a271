"""The card exchanges after the bids: a nil bidder and its partner, the bidder passing first.

A blind nil bidder passes ``blind_nil_exchange`` cards, a plain nil bidder ``nil_exchange``; the partner,
having seen them, returns as many from its whole hand. Only in partnership play, never when both
partners bid nil (of either kind), and all the exchanges of a hand in bidding order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from oracle.actions import Bid, Exchange
from oracle.options import Options
from spades_rules import Card


def exchanges_due(options: Options, order: Sequence[int], bids: Mapping[int, Bid]) -> list[tuple[int, int, int]]:
    """The exchanges of the hand as ``(giver, receiver, cards)``, in the order they happen."""
    due: list[tuple[int, int, int]] = []
    for seat in order:
        bid = bids[seat]
        partner = options.partner_of(seat)
        if not bid.is_nil or partner is None or bids[partner].is_nil:
            continue
        size = options.blind_nil_exchange if bid.blind else options.nil_exchange
        if size > 0:
            due += [(seat, partner, size), (partner, seat, size)]
    return due


def exchange_choices(seat: int, hand: Sequence[Card], size: int) -> list[Exchange]:
    """Every set of ``size`` cards of the hand the seat may pass."""
    return [Exchange(seat, chosen) for chosen in combinations(sorted(hand), size)]

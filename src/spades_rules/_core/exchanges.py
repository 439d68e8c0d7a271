"""The exchange after the bids: who passes cards to whom, and how many (the rules page, section "Bidding",
on nil and blind nil): the engine's decision point, and the sizes everything else asks for."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from spades_rules.actions import Bid
    from spades_rules.rules import Rules
    from spades_rules.state import HandState


def exchanges_due(rules: Rules, hand: HandState) -> tuple[tuple[int, int], ...]:
    """The exchanges after the bids, in bidding order: each nil bidder whose partner bid a number passes its
    kind's number of cards (``blind_nil_exchange`` after a blind nil, ``nil_exchange`` after a plain nil),
    then the partner returns as many."""
    return due_after(rules, hand.bid_order, hand.bids)


def due_after(
    rules: Rules, order: Sequence[int], bids: Sequence[Bid | None]
) -> tuple[tuple[int, int], ...]:
    """:func:`exchanges_due` from the bid ``order`` and the ``bids`` (per seat), as the batch engine keeps them."""
    if not rules.blind_nil_exchange and not rules.nil_exchange:
        return ()
    due: list[tuple[int, int]] = []
    for seat in order:
        bid = bids[seat]
        if bid is not None and bid.tricks == 0 and nil_exchange_size(rules, bid):
            partner = rules.partner_of(seat)
            partner_bid = None if partner is None else bids[partner]
            if partner is not None and partner_bid is not None and partner_bid.tricks:
                due += [(seat, partner), (partner, seat)]
    return tuple(due)


def exchange_size(rules: Rules, hand: HandState) -> int:
    """The number of cards of the exchange due now (the first of ``hand.pending_exchanges``): the nil bidder's
    kind decides (the codec and the strategies ask it too)."""
    giver, receiver = hand.pending_exchanges[0]
    passer = hand.bids[giver]
    nil_bid = passer if passer is not None and passer.tricks == 0 else hand.bids[receiver]  # who bid the nil
    assert nil_bid is not None
    return nil_exchange_size(rules, nil_bid)


def nil_exchange_size(rules: Rules, nil_bid: Bid) -> int:
    """The number of cards passed after ``nil_bid``: ``blind_nil_exchange`` after a blind nil, ``nil_exchange``
    after a plain one."""
    return rules.blind_nil_exchange if nil_bid.blind else rules.nil_exchange


def exchange_sizes(rules: Rules) -> tuple[int, ...]:
    """The numbers of cards an exchange may pass under ``rules`` (after a blind nil, after a plain nil; none
    without partners): the adapters and the tensor ask it too."""
    if not rules.partnerships:
        return ()
    sizes = {rules.blind_nil_exchange if rules.blind_nil else 0, rules.nil_exchange if rules.nil else 0}
    return tuple(sorted(size for size in sizes if size))

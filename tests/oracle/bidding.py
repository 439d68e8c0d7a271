"""Bidding: who bids in which order, who may bid blind, which bids a seat may make, the bids fixed by
the mirror format, and which hands may call for a redeal.

A bid is offered only if it keeps to every bidding rule given the bids already made, and every later
bidder of the hand can still make a legal bid (a plain search over the later bidders' choices).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from oracle.actions import Bid
from oracle.deck import FACE_RANKS, cards_each, is_joker, spade_count, suit_of
from oracle.options import Options
from spades_rules import Card, Suit


def bid_order(options: Options, dealer: int) -> tuple[int, ...]:
    """The seats in the order they bid; empty when the format has no bidding phase.

    Clockwise from the dealer's left, ending with the dealer; team bidding: the dealer's left, that
    seat's partner, then the dealer's partner and the dealer.
    """
    if not options.has_bidding_phase:
        return ()
    n = options.players
    if options.bid_order == "partners_consecutive":
        return tuple((dealer + step) % n for step in (1, 3, 2, 4))
    return tuple((dealer + step) % n for step in range(1, n + 1))


def trailing_by(options: Options, scores: Sequence[int], seat: int) -> int:
    """How far the seat's side is behind the leading other side (negative when it leads)."""
    side = options.side_of(seat)
    return max(score for other, score in enumerate(scores) if other != side) - scores[side]


def deficit_allows(deficit: int | None, behind: int) -> bool:
    return deficit is None or behind >= deficit


def may_bid_blind_nil(options: Options, scores: Sequence[int], seat: int) -> bool:
    return options.offers_blind_nil and deficit_allows(options.blind_nil_deficit, trailing_by(options, scores, seat))


def may_bid_blind_numbers(options: Options, scores: Sequence[int], seat: int) -> bool:
    return options.offers_blind_bids and deficit_allows(options.blind_bid_deficit, trailing_by(options, scores, seat))


def blind_open(options: Options, scores: Sequence[int], seat: int) -> bool:
    """Whether some blind bid (nil or a number) is open to the seat this hand."""
    return may_bid_blind_nil(options, scores, seat) or may_bid_blind_numbers(options, scores, seat)


def candidates(options: Options, seat: int, hand: Sequence[Card], scores: Sequence[int]) -> list[Bid]:
    """The bids the format lets a seat consider, before the rules that tie bids together."""
    tricks = _tricks(options)
    if options.bidding == "whiz":
        spades = spade_count(options, hand)
        out = [Bid(seat, 0)] if options.nil else []
        return out + ([Bid(seat, spades)] if spades else [])
    out = [Bid(seat, 0)] if options.nil else []
    out += [Bid(seat, n) for n in range(options.min_bid, tricks + 1)]
    if may_bid_blind_nil(options, scores, seat):
        out.append(Bid(seat, 0, blind=True))
    if may_bid_blind_numbers(options, scores, seat) and options.blind_bid_min is not None:
        out += [Bid(seat, n, blind=True) for n in range(options.blind_bid_min, tricks + 1)]
    return out


def _tricks(options: Options) -> int:
    return cards_each(options)


def _value(bid: Bid) -> int:
    """What a bid adds to a contract: its number, 0 for a nil of either kind."""
    return bid.tricks


def keeps_the_rules(options: Options, order: Sequence[int], made: Mapping[int, Bid], bid: Bid) -> bool:
    """Whether ``bid`` (by the next seat of ``order``) keeps every rule that ties it to the bids ``made``."""
    seat = bid.seat
    partner = options.partner_of(seat)
    minimum = options.team_minimum
    cap = options.max_team_bid
    if partner is not None and partner in made:  # this seat is its side's second bidder
        first = made[partner]
        if not options.both_partners_nil and bid.is_nil and first.is_nil:
            return False
        if options.bidding == "suicide":
            assert minimum is not None
            if first.is_nil and (bid.is_nil or bid.tricks < minimum):
                return False
            if not first.is_nil and not bid.is_nil:
                return False
        elif minimum is not None and options.bidding == "standard":
            if first.is_nil and (bid.is_nil or bid.tricks < minimum):
                return False
            if not first.is_nil and _value(first) + _value(bid) < minimum:
                return False
        if cap is not None and _value(first) + _value(bid) > cap:
            return False
    elif partner is not None:  # its side's first bidder
        if options.bidding == "suicide":
            assert minimum is not None
            if not bid.is_nil and bid.tricks < minimum:
                return False
        if cap is not None and _value(bid) > cap:
            return False
    last = len(made) == len(order) - 1
    return not (
        last and options.forbid_total_equal_tricks and sum(map(_value, made.values())) + _value(bid) == _tricks(options)
    )


def legal_bids(
    options: Options,
    order: Sequence[int],
    made: Sequence[Bid],
    hands: Sequence[Sequence[Card]],
    scores: Sequence[int],
) -> list[Bid]:
    """The bids the next seat of ``order`` may make after the bids ``made`` (in bidding order)."""
    seen: dict[tuple[Bid, ...], bool] = {}

    def can_finish(sequence: tuple[Bid, ...]) -> bool:
        if len(sequence) == len(order):
            return True
        if sequence not in seen:
            seen[sequence] = any(can_finish((*sequence, bid)) for bid in _next_bids(sequence))
        return seen[sequence]

    def _next_bids(sequence: tuple[Bid, ...]) -> list[Bid]:
        seat = order[len(sequence)]
        so_far = {bid.seat: bid for bid in sequence}
        return [
            bid
            for bid in candidates(options, seat, hands[seat], scores)
            if keeps_the_rules(options, order, so_far, bid)
        ]

    start = tuple(made)
    return [bid for bid in _next_bids(start) if can_finish((*start, bid))]


def mirror_bids(options: Options, hands: Sequence[Sequence[Card]]) -> list[Bid]:
    """Mirror: every seat's bid is the number of spades it holds, a spadeless seat being a nil."""
    return [Bid(seat, spade_count(options, hand)) for seat, hand in enumerate(hands)]


def may_call_redeal(options: Options, hand: Sequence[Card]) -> bool:
    """Whether the hand qualifies for a redeal under any of the rules' conditions."""
    spades = spade_count(options, hand)
    for condition in options.redeal_on:
        if condition == "no_spades" and spades == 0:
            return True
        if condition == "one_or_no_spades" and spades <= 1:
            return True
        if condition == "no_face_cards" and not any(not is_joker(card) and card.rank in FACE_RANKS for card in hand):
            return True
        if condition == "seven_card_suit" and any(
            sum(1 for card in hand if suit_of(options, card) is suit) >= 7 for suit in Suit
        ):
            return True
    return False

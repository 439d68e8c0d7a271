"""The play: who leads the first trick, which cards a seat may play, and whether spades are broken.

Follow suit if you can, otherwise play any card. Spades may not be led before they are broken unless
the leader holds nothing but spades (or at any time, or from the second trick on, as the rules say).
The house rules of the first trick: no spade from a player who cannot follow (unless it holds only
spades), and every club holder playing its lowest club.
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.deck import is_spade, suit_of
from oracle.options import Options
from spades_rules import Card, Suit


def clubs(options: Options, hand: Sequence[Card]) -> list[Card]:
    return sorted(card for card in hand if suit_of(options, card) is Suit.CLUBS)


def lowest_club_held(options: Options, hands: Sequence[Sequence[Card]]) -> tuple[int, Card] | None:
    """The seat holding the lowest club in play, and that club; None when no one holds a club."""
    held = [(card.rank, seat, card) for seat, hand in enumerate(hands) for card in clubs(options, hand)]
    if not held:
        return None
    _, seat, card = min(held)
    return seat, card


def first_leader(options: Options, dealer: int, hands: Sequence[Sequence[Card]]) -> int:
    """The dealer's left, or under the lowest-club rule the holder of the lowest club in play."""
    if options.first_lead == "lowest_club":
        found = lowest_club_held(options, hands)
        if found is not None:
            return found[0]
    return (dealer + 1) % options.players


def _only_spades(options: Options, hand: Sequence[Card]) -> bool:
    return all(is_spade(options, card) for card in hand)


def legal_cards(
    options: Options,
    hand: Sequence[Card],
    trick: Sequence[Card],
    tricks_done: int,
    spades_broken: bool,
    hands: Sequence[Sequence[Card]],
) -> list[Card]:
    """The cards a seat holding ``hand`` may play to ``trick`` (the cards played to it so far)."""
    first_trick = tricks_done == 0
    if not trick:
        return _leads(options, hand, first_trick, spades_broken, hands)
    if first_trick and options.first_trick_lowest_club and clubs(options, hand):
        return [clubs(options, hand)[0]]
    led = suit_of(options, trick[0])
    following = [card for card in hand if suit_of(options, card) is led]
    if following:
        return sorted(following)
    if first_trick and not options.first_trick_spades and not _only_spades(options, hand):
        return sorted(card for card in hand if not is_spade(options, card))
    return sorted(hand)


def _leads(
    options: Options, hand: Sequence[Card], first_trick: bool, spades_broken: bool, hands: Sequence[Sequence[Card]]
) -> list[Card]:
    if first_trick and options.first_lead == "lowest_club":
        found = lowest_club_held(options, hands)
        if found is not None:
            return [found[1]]
    if options.spade_lead == "anytime":
        restricted = False
    elif options.spade_lead == "after_first_trick":
        restricted = first_trick
    else:
        restricted = not spades_broken
    if restricted and not _only_spades(options, hand):
        return sorted(card for card in hand if not is_spade(options, card))
    return sorted(hand)

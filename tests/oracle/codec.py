"""The integer code of every action, as the codec documents it (written out independently).

0-51 a card (its index: suit·13 + rank − 2, suits C, D, H, S); 52 nil; 52 + n a bid of n; 80 blind nil;
81, 82 the little and big joker; 83, 84 keep and reject in the draw; 85 + seat a redeal; 89 + n a blind
bid of n (when the rules have blind bids); then the exchanges: the rank of the set of card indices (the
jokers 52 and 53) among all k-subsets of the 54 indices in lexicographic order, from the exchange base.
"""

from __future__ import annotations

from math import comb

from oracle.actions import Action, Bid, DrawDecision, Exchange, Play, Redeal
from oracle.deck import BIG_JOKER, LITTLE_JOKER
from spades_rules import Card

EXCHANGE_BASE_WITHOUT_BLIND_BIDS = 90
EXCHANGE_BASE_WITH_BLIND_BIDS = 117
"""The exchange block starts at 90, and at 117 once blind bids (codes 90-116) exist."""


def card_index(card: Card) -> int:
    if card == LITTLE_JOKER:
        return 52
    if card == BIG_JOKER:
        return 53
    suit = ("C", "D", "H", "S").index(str(card)[-1])
    return suit * 13 + int(card.rank) - 2


def subset_rank(indices: list[int], universe: int = 54) -> int:
    """The lexicographic rank of a sorted k-subset of ``range(universe)``."""
    rank, k, start = 0, len(indices), 0
    for position, value in enumerate(indices):
        for smaller in range(start, value):
            rank += comb(universe - smaller - 1, k - position - 1)
        start = value + 1
    return rank


def code_of(action: Action, exchange_base: int) -> int:
    if isinstance(action, Play):
        card = action.card
        if card == LITTLE_JOKER:
            return 81
        if card == BIG_JOKER:
            return 82
        return card_index(card)
    if isinstance(action, Bid):
        if action.tricks == 0:
            return 80 if action.blind else 52
        return 89 + action.tricks if action.blind else 52 + action.tricks
    if isinstance(action, DrawDecision):
        return 83 if action.keep else 84
    if isinstance(action, Redeal):
        return 85 + action.seat
    assert isinstance(action, Exchange)
    return exchange_base + subset_rank(sorted(card_index(card) for card in action.cards))

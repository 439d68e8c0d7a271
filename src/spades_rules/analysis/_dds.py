"""The DDS fast path: Bo Haglund's double-dummy solver through ``endplay`` (the ``dds`` extra), for the
positions where Spades is bridge with spades trump.

:func:`dds_applies` says when a position is one: four seats in partnerships, the 52 cards with the usual
trump order (spades, ace high, and nothing else), and neither a lead restriction nor a first-trick rule
left to play (spades broken or leadable, the first trick over or played by the plain rules). Seats 0-3
are North, East, South and West.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from spades_rules.actions import Play
from spades_rules.cards import Card, Rank, Suit, cards_of_mask
from spades_rules.engine import legal_actions
from spades_rules.state import GameState

__all__ = ["dds_applies", "dds_available", "dds_import_error", "dds_values"]

_STANDARD_TRUMPS: Final = tuple(Card.parse(f"{rank}S") for rank in "AKQJT98765432")
_SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@cache
def dds_import_error() -> ImportError | None:
    """Why ``endplay`` cannot be imported (None when it can)."""
    try:
        import endplay.dds  # noqa: F401
    except ImportError as error:
        return error
    return None


def dds_available() -> bool:
    """Whether ``endplay`` can be imported."""
    return dds_import_error() is None


def dds_applies(state: GameState) -> bool:
    """Whether ``state`` (in the play phase) is a bridge position with spades trump."""
    rules = state.rules
    tables = rules.tables
    hand = state.hand
    if hand is None or tables.players != 4 or not rules.partnerships or len(tables.deck) != 52:
        return False
    if tables.trumps != _STANDARD_TRUMPS or any(card.index >= 52 for card in tables.deck):
        return False
    first_trick = not hand.completed_tricks
    if first_trick and (tables.first_trick_rules or (tables.lead_lowest_club and not hand.trick_cards)):
        return False
    # The lead restriction is over once spades are broken (or leadable): the rest is bridge.
    return tables.spades_anytime or hand.spades_broken or (tables.spades_after_first_trick and not first_trick)


def _pbn(state: GameState) -> str:
    """The position's hands (the current trick's cards back in them) in PBN, North (seat 0) first."""
    hand = state.hand
    assert hand is not None
    held = list(hand.held)
    for at, card in enumerate(hand.trick_cards):
        held[(hand.leader + at) % 4] |= card.bit
    hands = []
    for mask in held:
        suits = []
        for suit in _SUIT_ORDER:
            ranks = sorted((card.rank for card in cards_of_mask(mask) if card.suit == suit), reverse=True)
            suits.append("".join(_rank_letter(rank) for rank in ranks))
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def _rank_letter(rank: Rank) -> str:
    return "23456789TJQKA"[rank - 2]


def dds_values(state: GameState) -> dict[Play, int]:
    """DDS's tricks for the side to act after each legal play (``SolveBoard``), the current trick included."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    hand = state.hand
    assert hand is not None
    deal: Any = Deal(_pbn(state))
    deal.trump = Denom.spades
    deal.first = Player(hand.leader)
    for card in hand.trick_cards:
        deal.play(f"{'SHDC'[_SUIT_ORDER.index(card.suit)]}{_rank_letter(card.rank)}")
    found: dict[tuple[int, int], int] = {}
    for played, tricks in solve_board(deal):
        suit = _SUIT_ORDER[int(played.suit)]
        found[int(suit), _rank_of(played.rank)] = tricks
    plays = [play for play in legal_actions(state) if isinstance(play, Play)]
    return {play: found[int(play.card.suit), int(play.card.rank)] for play in plays}


def _rank_of(rank: Any) -> int:
    """An endplay rank (a bit, 2 ** rank) as a rank number."""
    return int(rank).bit_length() - 1

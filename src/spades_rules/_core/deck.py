"""The deck: which cards a table plays with, how it is shared, and the trumps of each trump order (the
rules page, section "Table, deck, deal")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from spades_rules.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, Card, Rank, Suit

_DEFAULT_REMOVED: Final[dict[tuple[int, bool], str]] = {  # (players, with_jokers): cards out; others none
    (2, True): "2H 2C", (3, False): "2C", (4, True): "2H 2C", (5, False): "2C 2D", (5, True): "2C 2D 2H 2S",
}
_PROMOTED: Final[dict[str, str]] = {"ace_high": "", "deuce_of_spades_high": "2S", "joker_joker_deuce_deuce": "2D 2S"}
_SPADES_HIGH_FIRST: Final = tuple(Card(Suit.SPADES, Rank(rank)) for rank in range(14, 1, -1))


LONG_SUIT: Final = 7
"""A hand holding this many cards of one suit (as the cards play: jokers are spades) may call a redeal under
``redeal_on="seven_card_suit"`` (the scalar and the batch engines read it here)."""


def default_removed(players: int, with_jokers: bool) -> tuple[Card, ...]:
    """The cards out of the deck when the rules name none (the rules page, section "Table, deck, deal"):
    2♣ with three players, 2♣ 2♦ with five, 2♥ 2♣ with jokers (four players, or two), 2♣ 2♦ 2♥ 2♠ with jokers
    and five players; sorted."""
    return tuple(sorted(Card.parse(text) for text in _DEFAULT_REMOVED.get((players, with_jokers), "").split()))


def deck_cards(with_jokers: bool, removed: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in play, in index order: the 52 cards (and the jokers), less ``removed``."""
    out = set(removed)
    return tuple(card for card in (ALL_CARDS if with_jokers else ALL_CARDS[:52]) if card not in out)


def deck_shares(players: int, deal_method: str) -> int:
    """Into how many equal parts the deck goes: one hand per player, and in the two-player draw each
    player's kept and discarded halves."""
    return players * 2 if deal_method == "draw" else players


def promoted_cards(trump_order: str) -> tuple[Card, ...]:
    """The cards a trump order promotes above their rank (they must stay in the deck), highest first."""
    return tuple(Card.parse(text) for text in _PROMOTED[trump_order].split())


def trump_cards(trump_order: str, with_jokers: bool) -> tuple[Card, ...]:
    """The trumps, highest first, cards out of the deck included: the jokers, the promoted cards, then the
    other spades from the ace down."""
    promoted = promoted_cards(trump_order)
    spades = tuple(card for card in _SPADES_HIGH_FIRST if card not in promoted)
    return (*((BIG_JOKER, LITTLE_JOKER) if with_jokers else ()), *promoted, *spades)

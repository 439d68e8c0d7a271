"""Who is winning a trick, written once: the engine's trick winner, the rebuilt hands of ``_core.resume``,
the heuristic bot and the search bot's playouts all ask :func:`trick_winner`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spades_rules.cards import Card
    from spades_rules.rules.tables import CompiledTables

__all__: list[str] = []


def trick_winner(tables: CompiledTables, leader: int, cards: Sequence[Card]) -> int:
    """The seat whose card is winning the trick ``cards`` (so far) led by ``leader``: the highest power among
    the trumps and the cards of the suit led (the rules page, section "Play")."""
    power = tables.trick_power[tables.suit_of[cards[0].index]]
    best, best_at = -1, 0
    for at, card in enumerate(cards):
        if power[card.index] > best:
            best, best_at = power[card.index], at
    return (leader + best_at) % tables.players

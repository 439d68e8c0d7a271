"""The small values an :class:`~spades_rules.views.Observation` holds besides cards, tricks and scores: one of
the observer's own draw turns (:class:`DrawTurn`) and a blind-nil exchange as one seat sees it
(:class:`ExchangeView`). The bottom of the views package: it imports none of its other modules."""

from __future__ import annotations

import attrs

from spades_rules._core.checks import guard_unbuilt
from spades_rules.cards import Card

__all__ = ["DrawTurn", "ExchangeView"]


@guard_unbuilt
@attrs.frozen(cache_hash=True, kw_only=True)
class DrawTurn:
    """One of the observing seat's own turns in the two-player draw.

    ``kept`` is the card it took; ``discarded`` the card it put face down, or None when it never saw it
    (it kept the top card and ``Rules.draw_second_card_seen`` is False).
    """

    turn: int
    """The turn's index among all draw turns (both players'), from 0."""
    keep: bool
    """The seat's decision: True kept the top card, False rejected it and took the next."""
    kept: Card
    """The card the seat took."""
    discarded: Card | None
    """The card the seat discarded, None when it did not see it."""


@guard_unbuilt
@attrs.frozen(cache_hash=True, kw_only=True)
class ExchangeView:
    """A nil exchange (after a blind nil, or a plain nil under ``nil_exchange``) as one seat sees it: who
    passed how many cards to whom, and the cards themselves only when the seat is the giver or the receiver
    (None otherwise)."""

    giver: int
    receiver: int
    size: int
    """The number of cards passed (public)."""
    cards: tuple[Card, ...] | None
    """The cards, for the two seats of the exchange only."""

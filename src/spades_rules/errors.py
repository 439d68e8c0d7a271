"""The exception hierarchy. Every error is a :class:`SpadesError`, itself a :class:`ValueError`.

- :class:`CardParseError`: a card string (or number) that names no card.
- :class:`RulesError`: a :class:`~spades_rules.rules.Rules` value or combination that cannot work.
- :class:`IllegalActionError`: an action that :func:`~spades_rules.engine.apply` refuses; its
  :attr:`~IllegalActionError.reason` is an :class:`IllegalReason` a program can switch on.
- :class:`RecordError`: a malformed or tampered game record.
- :class:`ScoreSheetError`: a score sheet :func:`~spades_rules.scoring.score_hand` cannot score.
- :class:`ObservationError`: a view that cannot be made (no such seat, cards hidden too late) or a
  view no deal is consistent with (:func:`~spades_rules.views.sample_deal`).

A refused action never changes anything: states are immutable, so the state you passed in stays valid.
"""

from __future__ import annotations

import enum
import reprlib
from typing import Any

__all__ = [
    "CardParseError",
    "IllegalActionError",
    "IllegalReason",
    "ObservationError",
    "RecordError",
    "RulesError",
    "ScoreSheetError",
    "SpadesError",
]


class SpadesError(ValueError):
    """Base class of every error the library raises on bad input."""


class CardParseError(SpadesError):
    """A string or number that names no card. :attr:`text` is the offending input."""

    def __init__(self, message: str, *, text: object = None) -> None:
        super().__init__(message)
        self.text = text


class RulesError(SpadesError):
    """A :class:`~spades_rules.rules.Rules` option or combination of options that cannot work."""


class IllegalReason(enum.Enum):
    """Why :func:`~spades_rules.engine.apply` refused an action (``IllegalActionError.reason``)."""

    GAME_OVER = "game_over"
    """The game has ended; no action is accepted."""
    NOT_AN_ACTION = "not_an_action"
    """The object is not one of the action types."""
    WRONG_PHASE = "wrong_phase"
    """The action type does not belong to the current phase (e.g. a bid during play)."""
    OUT_OF_TURN = "out_of_turn"
    """The action names a seat whose turn it is not (or a seat that does not exist)."""
    INVALID_DEAL = "invalid_deal"
    """A deal whose deck is not exactly the rules' deck."""
    BID_OUT_OF_RANGE = "bid_out_of_range"
    """A bid below the minimum or above the number of tricks in the hand."""
    NIL_NOT_ALLOWED = "nil_not_allowed"
    """A nil bid where the rules (or the partner's bid) do not allow it."""
    BLIND_NIL_NOT_ALLOWED = "blind_nil_not_allowed"
    """A blind nil where the rules or the score do not allow it."""
    BID_NOT_ALLOWED = "bid_not_allowed"
    """A bid the bid format forbids: whiz, suicide, the team minimum, or a total equal to the tricks."""
    INVALID_EXCHANGE = "invalid_exchange"
    """An exchange of the wrong number of cards, or of cards the seat does not hold."""
    INVALID_REDEAL = "invalid_redeal"
    """A redeal call by a seat whose hand does not qualify, or after the bidding started."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """A play of a card the seat does not hold."""
    MUST_FOLLOW_SUIT = "must_follow_suit"
    """A card of another suit played by a seat that holds a card of the suit led."""
    SPADES_NOT_BROKEN = "spades_not_broken"
    """A spade led before spades were broken by a seat that holds other suits."""
    MUST_LEAD_LOWEST_CLUB = "must_lead_lowest_club"
    """The first lead must be the lowest club in play (``first_lead="lowest_club"``)."""


class IllegalActionError(SpadesError):
    """An action :func:`~spades_rules.engine.apply` refuses.

    :attr:`reason` is the machine-readable :class:`IllegalReason`; :attr:`action` the refused action.
    The message names the action, the seat and what was wrong.
    """

    def __init__(self, reason: IllegalReason, message: str, *, action: Any = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.action = action


class RecordError(SpadesError):
    """A malformed, tampered or truncated game record. :attr:`where` says where it went wrong."""

    def __init__(self, message: str, *, where: str = "") -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where


class ScoreSheetError(SpadesError):
    """A score sheet :func:`~spades_rules.scoring.score_hand` cannot score: wrong lengths, impossible numbers."""


class ObservationError(SpadesError):
    """A view :func:`~spades_rules.views.observe` cannot give, or one no deal is consistent with."""


_BRIEF = reprlib.Repr()
_BRIEF.maxlevel, _BRIEF.maxstring, _BRIEF.maxother, _BRIEF.maxlong = 2, 40, 40, 40
_BRIEF.maxlist = _BRIEF.maxtuple = _BRIEF.maxdict = _BRIEF.maxset = 4


def _describe(value: object, limit: int = 60) -> str:
    """A short, safe ``repr`` of anything for an error message: bounded in length and depth, and never
    raising (a 10,000-digit integer or a list nested 2,000 deep is described, not printed)."""
    try:
        shown = _BRIEF.repr(value)
    except Exception:
        shown = "a very large integer" if isinstance(value, int) else f"<{type(value).__name__}>"
    if type(value) is int and len(shown) > limit:
        return "a very large integer"
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."

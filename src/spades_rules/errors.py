"""The exception hierarchy. Every error is a :class:`SpadesError`, itself a :class:`ValueError`.

- :class:`CardParseError`: a card string (or number) that names no card.
- :class:`RulesError`: a :class:`~spades_rules.rules.Rules` value or combination that cannot work.
- :class:`IllegalActionError`: an action that :func:`~spades_rules.engine.apply` refuses; its
  :attr:`~IllegalActionError.reason` is an :class:`IllegalReason` a program can switch on.
- :class:`RecordError`: a malformed or tampered game record.
- :class:`ScoreSheetError`: a score sheet :func:`~spades_rules.scoring.score_hand` cannot score.
- :class:`ObservationError`: a view that cannot be made (cards hidden too late) or a view no deal is
  consistent with (:func:`~spades_rules.views.sample_deal`).
- :class:`AnalysisError`: a question the double-dummy analysis (:mod:`spades_rules.analysis`) cannot
  answer: a state outside the play phase, a view where every hand must be known, a world budget of 0, an
  unknown option.
- :class:`SeatError`: a seat that is not a seat of the table (``"1"``, ``9``, ``-1``, ``True``, ``1.0``),
  wherever it is given: a seat or dealer argument, the seat of an action (``Play(9, "AS")``, or
  ``Play(4, "AS")`` applied at a four-seat table), or one bot per seat that does not match the table. The
  message names the table's seats (``0-3``) when the table is known.
- :class:`ArgumentTypeError`: an argument of the wrong type, e.g. an :class:`~spades_rules.views.Observation`
  or a dict where a :class:`~spades_rules.state.GameState` is needed, or a string, dict or code where an
  action is needed (the message names the function that reads it: :func:`~spades_rules.actions.parse_action`,
  :func:`~spades_rules.actions.action_from_dict`, :func:`~spades_rules.codec.decode_action`). It is also a
  :class:`TypeError`, and :attr:`~ArgumentTypeError.parameter` names the argument.

Every error pickles and unpickles with all its fields (:attr:`IllegalActionError.reason`,
:attr:`RecordError.where`, ...), so an error raised in a worker process (``concurrent.futures``,
``multiprocessing``) reaches the parent intact.

The only other exceptions come from Python itself, for Python's own protocols: ``AttributeError`` when
setting an attribute of a frozen value (a :class:`~spades_rules.cards.Card`; attrs' ``FrozenInstanceError``
for the other values), ``TypeError`` for a call with a missing or unknown argument (``Rules(foo=1)``) or
an ordering of a card with a non-card (``card < 3``), ``ImportError`` when an optional extra is missing
(:mod:`spades_rules.strategies` without hypothesis), and ``KeyboardInterrupt``, ``MemoryError`` and the
like that no library can promise away.

A refused action never changes anything: states are immutable, so the state you passed in stays valid.
"""

from __future__ import annotations

import enum
import pickle
from typing import Any

from spades_rules._core.messages import clip, describe

__all__ = [
    "AnalysisError",
    "ArgumentTypeError",
    "CardParseError",
    "IllegalActionError",
    "IllegalReason",
    "ObservationError",
    "RecordError",
    "RulesError",
    "ScoreSheetError",
    "SeatError",
    "SpadesError",
]


def _restore(cls: type[BaseException], args: tuple[Any, ...], fields: dict[str, Any]) -> BaseException:
    """Unpickle an error: its class, its ``args`` (the message) and its fields, without calling ``__init__``."""
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(fields)
    return error


def _picklable(value: object) -> object:
    """``value`` if it pickles, else its short ``repr`` (an error must cross a process whatever it holds)."""
    try:
        pickle.dumps(value)
    except Exception:
        return describe(value)
    return value


class SpadesError(ValueError):
    """Base class of every error the library raises on bad input.

    Errors pickle with their message and every field (a worker process can raise them to its parent).
    """

    def __reduce__(self) -> tuple[Any, ...]:
        fields = {name: _picklable(value) for name, value in self.__dict__.items()}
        return (_restore, (type(self), self.args, fields))


class CardParseError(SpadesError):
    """A string or number that names no card. :attr:`text` is the offending input."""

    text: object
    """The input that names no card."""

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
    """An action value that no rules can accept: a forged card (a look-alike of an interned
    :class:`~spades_rules.cards.Card`), or a code that names no action. (A value that is not an action at
    all raises :class:`ArgumentTypeError`.)"""
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
    BLIND_BID_NOT_ALLOWED = "blind_bid_not_allowed"
    """A blind bid of a number where the rules or the score do not allow it (``blind_bid_min``)."""
    BID_NOT_ALLOWED = "bid_not_allowed"
    """A bid the bid format forbids: whiz, suicide, the team minimum, the cap on a partnership's bid, a total
    equal to the tricks, or a bid after which a later bidder could not bid."""
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
    MUST_PLAY_LOWEST_CLUB = "must_play_lowest_club"
    """A club holder must play its lowest club to the first trick (``first_trick_lowest_club``)."""
    NO_SPADE_ON_FIRST_TRICK = "no_spade_on_first_trick"
    """A spade played to the first trick by a seat that cannot follow but holds other suits
    (``first_trick_spades=False``)."""
    CHANCE_ACTION = "chance_action"
    """A chance action (a :class:`~spades_rules.actions.Deal`) sent by a seat: only the table deals
    (:func:`~spades_rules.seat_moves.apply_from_seat`)."""
    WRONG_SEAT = "wrong_seat"
    """An action of another seat than the one that sent it (:func:`~spades_rules.seat_moves.apply_from_seat`)."""


class IllegalActionError(SpadesError):
    """An action :func:`~spades_rules.engine.apply` refuses.

    :attr:`reason` is the machine-readable :class:`IllegalReason`; :attr:`action` the refused action.
    The message names the action, the seat and what was wrong.
    """

    reason: IllegalReason
    """Why the action was refused, for a program to switch on."""
    action: Any
    """The refused action (None when there is none, e.g. a code that names no action)."""

    def __init__(self, reason: IllegalReason, message: str, *, action: Any = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.action = action


class RecordError(SpadesError):
    """A malformed, tampered or truncated game record. :attr:`where` says where it went wrong."""

    where: str
    """Where the record went wrong (``"actions[57]"``, ``"line 12"``, ``"rules"``), or empty."""

    def __init__(self, message: str, *, where: str = "") -> None:
        where = _where(where)
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where


class ScoreSheetError(SpadesError):
    """A score sheet :func:`~spades_rules.scoring.score_hand` cannot score: wrong lengths, impossible numbers,
    tricks that do not add up to the hand. :attr:`where` says where a saved sheet
    (:meth:`ScoreSheet.from_dict <spades_rules.scoring.sheet.ScoreSheet.from_dict>`) went wrong (``"hands[2].tricks"``),
    and is empty otherwise."""

    where: str
    """Where a saved sheet or hand score went wrong (``"hands[2].tricks"``), or empty."""

    def __init__(self, message: str, *, where: str = "") -> None:
        where = _where(where)
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where


def _where(where: object) -> str:
    """An error's ``where``: a place in a record or a sheet, a short text (anything else is described)."""
    return clip(where, 200) if type(where) is str else describe(where)


class ObservationError(SpadesError):
    """A view :func:`~spades_rules.views.observe` cannot give, or one no deal is consistent with."""


class AnalysisError(SpadesError):
    """A question the double-dummy analysis cannot answer (:mod:`spades_rules.analysis`): a state outside the
    play phase, a view where every hand must be known, a world budget of 0, an unknown option."""


class SeatError(SpadesError):
    """A seat argument that is not a seat of the table: not an integer (``"1"``, ``1.0``, ``True``) or out
    of range (``9``, ``-1``). :attr:`seat` is the value given, :attr:`players` the number of seats."""

    seat: object
    """The value given as a seat."""
    players: int
    """The number of seats of the table (5, the most of any table, when no table is known)."""

    def __init__(self, message: str, *, seat: object = None, players: int = 0) -> None:
        super().__init__(message)
        self.seat = seat
        self.players = players


class ArgumentTypeError(SpadesError, TypeError):
    """An argument of the wrong type (both a :class:`SpadesError` and a :class:`TypeError`); :attr:`parameter`
    names the argument, e.g. ``"state"`` for an :class:`~spades_rules.views.Observation` passed to
    :func:`~spades_rules.engine.legal_actions`."""

    parameter: str
    """The name of the argument of the wrong type."""

    def __init__(self, message: str, *, parameter: str = "") -> None:
        super().__init__(message)
        self.parameter = parameter

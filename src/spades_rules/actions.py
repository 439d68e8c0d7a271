"""Actions: the only inputs of :func:`~spades_rules.engine.apply`. Frozen, hashable, each naming its seat.

- :class:`Deal` is the chance action of the ``DEAL`` phase: the whole shuffled deck, in order.
- :class:`DrawDecision` keeps or rejects the top card of the stock (two-player draw, ``DRAW`` phase).
- :class:`Redeal` calls for a misdeal when the rules allow it (``BID`` phase, before the first bid).
- :class:`Bid` bids tricks, nil (``tricks=0``), blind nil or a blind number (``blind=True``) in the ``BID``
  phase.
- :class:`Exchange` passes cards after a blind nil (``EXCHANGE`` phase).
- :class:`Play` plays a card (``PLAY`` phase).

Each action has one text notation, ``str(action)``, read back by :func:`parse_action`, and one dict
form, :meth:`~Play.to_dict`, read back by :func:`action_from_dict` (the records, the views' dicts and the
command line are built on these two):

=================  ==============================  ====================================================
action             ``str(action)``                 ``action.to_dict()``
=================  ==============================  ====================================================
``Deal``           ``deal 7H 2C ...``              ``{"type": "deal", "deck": ["7H", "2C", ...]}``
``DrawDecision``   ``1:keep``, ``1:reject``        ``{"type": "draw", "seat": 1, "keep": true}``
``Redeal``         ``2:redeal``                    ``{"type": "redeal", "seat": 2}``
``Bid``            ``1:bid 4``, ``1:nil``,         ``{"type": "bid", "seat": 1, "tricks": 4,
                   ``1:blind`` (blind nil),        "blind": false}``
                   ``1:blind 6`` (a blind 6)
``Exchange``       ``3:pass AS KH``                ``{"type": "exchange", "seat": 3, "cards": ["KH", "AS"]}``
``Play``           ``0:play AS``                   ``{"type": "play", "seat": 0, "card": "AS"}``
=================  ==============================  ====================================================

>>> Play(0, "AS")
Play(seat=0, card=Card.parse('AS'))
>>> str(Bid.blind_nil(3)), str(Bid(1, 4)), str(Play(2, "10h"))
('3:blind', '1:bid 4', '2:play TH')
>>> parse_action("1:bid 4") == Bid(1, 4), action_from_dict(Play(2, "TH").to_dict()) == Play(2, "TH")
(True, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, TypeAlias

import attrs

from spades_rules._core.checks import (
    MAX_SEATS,
    check_dealer,
    check_seat,
    guard_unbuilt,
    integer_or_none,
    never_raising_text,
    random_source,
    read_items,
)
from spades_rules._core.deck import deal_seat
from spades_rules._core.messages import describe
from spades_rules.cards import Card, format_cards, parse_cards
from spades_rules.errors import (
    ArgumentTypeError,
    IllegalActionError,
    IllegalReason,
    RecordError,
    RulesError,
    SeatError,
    SpadesError,
)
from spades_rules.rules import Rules

__all__ = [
    "Action",
    "Bid",
    "Deal",
    "DrawDecision",
    "Exchange",
    "Play",
    "PlayerAction",
    "Redeal",
    "action_from_dict",
    "parse_action",
]

def _integer(value: int) -> int:
    """The converter of seats and tricks: an integer-like value (``numpy.int64``) as an ``int``; anything
    else as it is, for the validator to refuse."""
    if type(value) is int:
        return value
    number = integer_or_none(value)
    return value if number is None else number


def _check_flag(instance: Any, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise ArgumentTypeError(
            f"{type(instance).__name__}.{attribute.name} must be True or False, not {describe(value)}",
            parameter=attribute.name,
        )


def _check_seat(instance: Any, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value < MAX_SEATS:  # (a table's own range is checked by apply)
        raise SeatError(
            f"{type(instance).__name__}.seat must be a seat 0-4 (no table has more), not {describe(value)}",
            seat=value, players=MAX_SEATS,
        )


def _check_rules(rules: object, function: str) -> None:
    if not isinstance(rules, Rules):
        swapped = " (the rules come first)" if isinstance(rules, (int, random.Random)) else ""
        raise ArgumentTypeError(
            f"{function}() needs a Rules value as rules, not {type(rules).__name__}{swapped}", parameter="rules"
        )


def _to_card(value: Card | str) -> Card:
    """A card as it is (a look-alike too: :func:`~spades_rules.engine.apply` refuses it, naming it), a card
    string parsed."""
    return value if isinstance(value, Card) else Card.parse(value)


_ONLY_CARDS: Final = frozenset({Card})


def _to_cards(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    if type(value) is tuple and {*map(type, value)} <= _ONLY_CARDS:  # a tuple of cards (one C-level pass)
        return value
    if isinstance(value, str):
        return parse_cards(value)
    return tuple(_to_card(card) for card in read_items(value, "cards"))


def _to_sorted_cards(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return tuple(sorted(_to_cards(value)))


@guard_unbuilt
@attrs.frozen(cache_hash=True)
class Deal:
    """The chance action: the whole shuffled deck in order.

    The engine distributes it as the rules say: one card at a time clockwise from the dealer's left, or
    as the stock of the two-player draw (top card first).
    """

    deck: tuple[Card, ...] = attrs.field(converter=_to_cards)

    @classmethod
    def shuffled(cls, rules: Rules, rng: random.Random | int | None = None) -> Deal:
        """A uniformly shuffled deck of ``rules``; ``rng`` is a :class:`random.Random` or a seed.

        There is no global random state: the same seed always gives the same deal.

        >>> from spades_rules import Rules
        >>> Deal.shuffled(Rules.standard(), 7) == Deal.shuffled(Rules.standard(), 7)
        True
        """
        _check_rules(rules, "Deal.shuffled")
        generator = random_source(rng, "Deal.shuffled(rules, rng)")
        deck = list(rules.deck)
        generator.shuffle(deck)
        return cls(tuple(deck))

    @classmethod
    def from_hands(cls, rules: Rules, dealer: int, hands: Sequence[Iterable[Card | str] | str]) -> Deal:
        """The deck order that deals exactly ``hands`` (one per seat) with ``dealer`` dealing.

        >>> from spades_rules import Rules
        >>> hands = ["AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        ...          "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"]
        >>> Deal.from_hands(Rules.standard(), 0, hands).deck[:4]
        (Card.parse('AH'), Card.parse('AD'), Card.parse('AC'), Card.parse('AS'))
        """
        _check_rules(rules, "Deal.from_hands")
        if rules.deal_method != "deal":
            raise RulesError("Deal.from_hands needs dealt hands; the two-player draw deals a stock")
        n = rules.players
        dealer = check_dealer(dealer, n)
        hands = read_items(hands, "Deal.from_hands", "hands", limit=n, error=RulesError)
        if len(hands) != n:
            raise RulesError(f"expected {n} hands, got {len(hands)}")
        parsed = [_to_cards(hand) for hand in hands]
        if any(len(hand) != rules.cards_each for hand in parsed):
            raise RulesError(f"every hand must hold {rules.cards_each} cards")
        order = [deal_seat(dealer, position, n) for position in range(n)]
        deck = [parsed[seat][i] for i in range(rules.cards_each) for seat in order]
        if sorted(deck) != list(rules.deck):
            raise RulesError("the hands are not exactly the rules' deck (a card missing, repeated or removed)")
        return cls(tuple(deck))

    def __str__(self) -> str:
        return f"deal {format_cards(self.deck)}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe dict form, read back by :func:`action_from_dict`."""
        return {"type": "deal", "deck": [str(card) for card in self.deck]}


@guard_unbuilt
@attrs.frozen(cache_hash=True)
class DrawDecision:
    """Two-player draw: ``keep=True`` keeps the top card (the next is discarded), ``False`` rejects it
    (it is discarded and the next card is kept)."""

    seat: int = attrs.field(converter=_integer, validator=_check_seat)
    keep: bool = attrs.field(validator=_check_flag)

    def __str__(self) -> str:
        return f"{self.seat}:{'keep' if self.keep else 'reject'}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe dict form, read back by :func:`action_from_dict`."""
        return {"type": "draw", "seat": self.seat, "keep": self.keep}

    @staticmethod
    def split(first: Card, second: Card, keep: bool) -> tuple[Card, Card]:
        """The two cards of a draw turn, top card ``first``, as ``(kept, discarded)`` for the decision
        ``keep``. Its own inverse: ``split(kept, discarded, keep)`` gives the stock order back.

        >>> DrawDecision.split(Card.parse("AS"), Card.parse("2C"), False)
        (Card.parse('2C'), Card.parse('AS'))
        """
        if type(keep) is not bool:
            raise ArgumentTypeError(
                f"DrawDecision.split needs keep True or False, not {describe(keep)}", parameter="keep"
            )
        return (first, second) if keep else (second, first)


@guard_unbuilt
@attrs.frozen(cache_hash=True)
class Redeal:
    """A call for a misdeal by a seat whose hand qualifies under ``Rules.redeal_on``."""

    seat: int = attrs.field(converter=_integer, validator=_check_seat)

    def __str__(self) -> str:
        return f"{self.seat}:redeal"

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe dict form, read back by :func:`action_from_dict`."""
        return {"type": "redeal", "seat": self.seat}


def _check_tricks(instance: Bid, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise ArgumentTypeError(f"Bid.tricks must be an integer (0 for nil), not {describe(value)}", parameter="tricks")
    if value < 0:
        raise IllegalActionError(
            IllegalReason.BID_OUT_OF_RANGE, f"seat {instance.seat} cannot bid {value}: a bid cannot be negative"
        )


@never_raising_text
@attrs.frozen(cache_hash=True)
class Bid:
    """A bid of ``tricks`` tricks; ``tricks=0`` is nil. ``blind=True`` bids before looking at the cards:
    blind nil, or a blind number where the rules allow blind bids (``Rules.blind_bid_min``: "blind 6" is
    ``Bid(seat, 6, blind=True)``)."""

    seat: int = attrs.field(converter=_integer, validator=_check_seat)
    tricks: int = attrs.field(converter=_integer, validator=_check_tricks)
    blind: bool = attrs.field(default=False, validator=_check_flag)

    @classmethod
    def nil(cls, seat: int) -> Bid:
        """A nil bid: no tricks."""
        return cls(seat, 0)

    @classmethod
    def blind_nil(cls, seat: int) -> Bid:
        """A blind nil: nil declared before looking at the cards."""
        return cls(seat, 0, blind=True)

    @property
    def is_nil(self) -> bool:
        """True for nil and blind nil."""
        return self.tricks == 0

    @property
    def is_blind_nil(self) -> bool:
        """True for blind nil (not for a blind number)."""
        return self.blind and self.tricks == 0

    @property
    def label(self) -> str:
        """The bid as a score sheet shows it: ``"4"``, ``"nil"``, ``"blind nil"`` or ``"blind 6"``."""
        if self.blind:
            return f"blind {self.tricks}" if self.tricks else "blind nil"
        return "nil" if self.tricks == 0 else str(self.tricks)

    def __str__(self) -> str:
        if self.blind:
            return f"{self.seat}:blind {self.tricks}" if self.tricks else f"{self.seat}:blind"
        return f"{self.seat}:nil" if self.tricks == 0 else f"{self.seat}:bid {self.tricks}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe dict form, read back by :func:`action_from_dict`."""
        return {"type": "bid", "seat": self.seat, "tricks": self.tricks, "blind": self.blind}


@guard_unbuilt
@attrs.frozen(cache_hash=True)
class Exchange:
    """Cards passed after a blind nil: by the bidder to the partner, then the partner's return."""

    seat: int = attrs.field(converter=_integer, validator=_check_seat)
    cards: tuple[Card, ...] = attrs.field(converter=_to_sorted_cards)

    def __str__(self) -> str:
        return f"{self.seat}:pass {format_cards(self.cards)}".rstrip()

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe dict form, read back by :func:`action_from_dict`."""
        return {"type": "exchange", "seat": self.seat, "cards": [str(card) for card in self.cards]}


@never_raising_text
@attrs.frozen(cache_hash=True)
class Play:
    """A card played to the current trick."""

    seat: int = attrs.field(converter=_integer, validator=_check_seat)
    card: Card = attrs.field(converter=_to_card)

    def __str__(self) -> str:
        return f"{self.seat}:play {self.card}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe dict form, read back by :func:`action_from_dict`."""
        return {"type": "play", "seat": self.seat, "card": str(self.card)}


Action: TypeAlias = Deal | DrawDecision | Redeal | Bid | Exchange | Play
"""Any action :func:`~spades_rules.engine.apply` accepts."""

PlayerAction: TypeAlias = DrawDecision | Redeal | Bid | Exchange | Play
"""An action a seat takes: every action but the chance action :class:`Deal`. Everything that names the
seat to act returns it (:func:`~spades_rules.engine.legal_actions`,
:func:`~spades_rules.codec.decode_action`, :attr:`Observation.legal_actions
<spades_rules.views.Observation.legal_actions>`), so ``.seat`` is always there."""


# ------------------------------------------------------------------------------------ the notation
_SEAT_VERB: Final = re.compile(r"([0-9]):([a-z]+)\Z")
_NUMBER: Final = re.compile(r"[0-9]{1,3}\Z")
_VERBS: Final = "bid, nil, blind, play, keep, reject, pass, redeal"


def parse_action(text: str) -> Action:
    """The action whose notation (``str(action)``) is ``text``; cards in any notation
    :meth:`Card.parse <spades_rules.cards.Card.parse>` reads.

    Raises :class:`~spades_rules.errors.RecordError` on anything else. The action is not checked against
    a state: :func:`~spades_rules.engine.apply` does that.

    >>> parse_action("3:play as"), parse_action("1:keep"), parse_action("2:blind")
    (Play(seat=3, card=Card.parse('AS')), DrawDecision(seat=1, keep=True), Bid(seat=2, tricks=0, blind=True))
    >>> parse_action("2:bid")
    Traceback (most recent call last):
    ...
    spades_rules.errors.RecordError: '2:bid': a bid needs a number of tricks, e.g. '2:bid 4'
    """
    try:
        return _parse(text)
    except RecordError:
        raise
    except (SpadesError, TypeError, ValueError) as error:
        raise RecordError(f"{describe(text)}: {error}") from None


def _parse(text: str) -> Action:
    if not isinstance(text, str):
        raise RecordError(f"an action must be a string, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise RecordError("an empty action")
    head, rest = words[0], words[1:]
    if head == "deal":
        return Deal(parse_cards(rest))
    shown = describe(text)
    match = _SEAT_VERB.match(head)
    if match is None:
        raise RecordError(f"{shown}: expected 'deal <cards>' or '<seat>:<verb>' ({_VERBS})")
    seat, verb = int(match[1]), match[2]
    if seat >= MAX_SEATS:
        raise RecordError(f"{shown}: there is no seat {seat}")
    if verb == "pass":
        return Exchange(seat, parse_cards(rest))
    if verb == "play":
        if len(rest) != 1:
            raise RecordError(f"{shown}: a play names exactly one card, e.g. '{seat}:play AS'")
        return Play(seat, Card.parse(rest[0]))
    if verb == "bid":
        if len(rest) != 1 or not _NUMBER.match(rest[0]):
            raise RecordError(f"{shown}: a bid needs a number of tricks, e.g. '{seat}:bid 4'")
        return Bid(seat, int(rest[0]))
    if verb == "blind" and rest:  # a blind number: '2:blind 6' (blind nil is '2:blind')
        if len(rest) != 1 or not _NUMBER.match(rest[0]):
            raise RecordError(f"{shown}: a blind bid is '{seat}:blind' (nil) or a number, e.g. '{seat}:blind 6'")
        return Bid(seat, int(rest[0]), blind=True)
    simple: dict[str, Action] = {
        "nil": Bid.nil(seat),
        "blind": Bid.blind_nil(seat),
        "keep": DrawDecision(seat, True),
        "reject": DrawDecision(seat, False),
        "redeal": Redeal(seat),
    }
    if verb not in simple:
        raise RecordError(f"{shown}: unknown action {describe(verb)}; expected {_VERBS}")
    if rest:
        raise RecordError(f"{shown}: '{seat}:{verb}' takes nothing after it")
    return simple[verb]


_DICT_KEYS: Final = {
    "deal": ("deck",),
    "draw": ("seat", "keep"),
    "redeal": ("seat",),
    "bid": ("seat", "tricks", "blind"),
    "exchange": ("seat", "cards"),
    "play": ("seat", "card"),
}


def action_from_dict(data: Mapping[str, Any], *, seat: int | None = None) -> Action:
    """The action whose dict form (``action.to_dict()``) is ``data``.

    The keys must be exactly those ``to_dict`` writes (``blind`` may be left out of a bid); a seat must be
    an integer 0-4, a card a string. Raises :class:`~spades_rules.errors.RecordError` naming what is wrong.

    With ``seat`` (the seat that sent ``data``, for a server reading a client's message), only that seat's
    own actions are read: a chance action (a ``deal``: only the table deals) and an action of another seat
    raise the :class:`~spades_rules.errors.IllegalActionError` that
    :func:`~spades_rules.seat_moves.apply_from_seat` raises for them (``reason`` ``CHANCE_ACTION`` or
    ``WRONG_SEAT``, the same message), so a server catches one type and switches on ``reason``; what is
    malformed is a :class:`~spades_rules.errors.RecordError`. Whether the action is legal now is for
    :func:`~spades_rules.seat_moves.apply_from_seat` (or :func:`~spades_rules.engine.apply`) to say.

    >>> action_from_dict({"type": "bid", "seat": 2, "tricks": 0, "blind": True})
    Bid(seat=2, tricks=0, blind=True)
    >>> action_from_dict({"type": "play", "seat": "1", "card": "AS"})
    Traceback (most recent call last):
    ...
    spades_rules.errors.RecordError: action.seat: must be an integer seat, not '1'
    >>> action_from_dict({"type": "play", "seat": 3, "card": "AS"}, seat=1)
    Traceback (most recent call last):
    ...
    spades_rules.errors.IllegalActionError: seat 1 sent 3:play AS, an action of seat 3
    >>> action_from_dict({"type": "deal", "deck": ["AS", "KS"]}, seat=1)
    Traceback (most recent call last):
    ...
    spades_rules.errors.IllegalActionError: seat 1 sent a deal, the chance action: only the table deals
    """
    if seat is not None and (type(seat) is not int or not 0 <= seat < MAX_SEATS):
        seat = check_seat(seat, MAX_SEATS, "action_from_dict(seat=...)")
    if not isinstance(data, Mapping):
        raise RecordError(f"an action's dict form must be a dict, not {type(data).__name__}", where="action")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _DICT_KEYS:
        raise RecordError(f"unknown action type {describe(kind)}; expected {', '.join(_DICT_KEYS)}", where="action")
    if seat is not None and kind == "deal":
        raise IllegalActionError(
            IllegalReason.CHANCE_ACTION, f"seat {seat} sent a deal, the chance action: only the table deals"
        )
    keys = _DICT_KEYS[kind]
    for key in data:
        if key != "type" and key not in keys:
            raise RecordError(f"unknown key {describe(key)} in a {kind}; expected {', '.join(keys)}", where="action")
    values = {key: data[key] for key in keys if key in data}
    missing = [key for key in keys if key not in values and (kind, key) != ("bid", "blind")]
    if missing:
        raise RecordError(f"a {kind} needs {', '.join(missing)}", where="action")
    if "seat" in values:
        if type(values["seat"]) is not int:
            raise RecordError(f"must be an integer seat, not {describe(values['seat'])}", where="action.seat")
        if not 0 <= values["seat"] < MAX_SEATS:
            raise RecordError(f"must be a seat 0-4 (no table has more), not {values['seat']}", where="action.seat")
    for key in ("keep", "blind"):
        if key in values and not isinstance(values[key], bool):
            raise RecordError(f"must be true or false, not {describe(values[key])}", where=f"action.{key}")
    for key in ("deck", "cards"):
        if key in values and not (
            isinstance(values[key], list | tuple) and all(isinstance(card, str) for card in values[key])
        ):
            raise RecordError(f"must be a list of card strings, not {describe(values[key])}", where=f"action.{key}")
    if "card" in values and not isinstance(values["card"], str):
        raise RecordError(f"must be a card string, not {describe(values['card'])}", where="action.card")
    if "tricks" in values and type(values["tricks"]) is not int:
        raise RecordError(f"must be an integer, not {describe(values['tricks'])}", where="action.tricks")
    try:
        action: Action = _BUILDERS[kind](**values)
    except (SpadesError, TypeError, ValueError) as error:
        raise RecordError(str(error), where="action") from None
    if seat is not None and not isinstance(action, Deal) and action.seat != seat:  # as apply_from_seat refuses it
        raise IllegalActionError(
            IllegalReason.WRONG_SEAT, f"seat {seat} sent {action}, an action of seat {action.seat}", action=action
        )
    return action


_BUILDERS: Final[dict[str, type[Action]]] = {
    "deal": Deal, "draw": DrawDecision, "redeal": Redeal, "bid": Bid, "exchange": Exchange, "play": Play,
}

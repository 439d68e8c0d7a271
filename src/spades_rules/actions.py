"""Actions: the only inputs of :func:`~spades_rules.engine.apply`. Frozen, hashable, each naming its seat.

- :class:`Deal` is the chance action of the ``DEAL`` phase: the whole shuffled deck, in order.
- :class:`DrawDecision` keeps or rejects the top card of the stock (two-player draw, ``DRAW`` phase).
- :class:`Redeal` calls for a misdeal when the rules allow it (``BID`` phase, before the first bid).
- :class:`Bid` bids tricks, nil (``tricks=0``) or blind nil (``blind=True``) in the ``BID`` phase.
- :class:`Exchange` passes cards after a blind nil (``EXCHANGE`` phase).
- :class:`Play` plays a card (``PLAY`` phase).

>>> Play(0, "AS")
Play(seat=0, card=Card.parse('AS'))
>>> str(Bid.blind_nil(3)), str(Bid(1, 4)), str(Play(2, "10h"))
('3: blind nil', '1: bid 4', '2: play TH')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

import attrs

from spades_rules.cards import Card, _iterable, format_cards, parse_cards
from spades_rules.errors import ArgumentTypeError, IllegalActionError, IllegalReason, RulesError
from spades_rules.rules import Rules

__all__ = ["Action", "Bid", "Deal", "DrawDecision", "Exchange", "Play", "Redeal"]

_MAX_SEAT = 5


def _check_seat(instance: Any, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise ArgumentTypeError(
            f"{type(instance).__name__}.seat must be an integer seat 0-4, not {value!r}", parameter="seat"
        )
    if not 0 <= value < _MAX_SEAT:
        raise IllegalActionError(
            IllegalReason.OUT_OF_TURN, f"{type(instance).__name__}: there is no seat {value} (seats are 0-4)"
        )


def _check_rules(rules: object, function: str) -> None:
    if not isinstance(rules, Rules):
        swapped = " (the rules come first)" if isinstance(rules, (int, random.Random)) else ""
        raise ArgumentTypeError(
            f"{function}() needs a Rules value as rules, not {type(rules).__name__}{swapped}", parameter="rules"
        )


def _to_card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def _to_cards(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    if type(value) is tuple and all(type(card) is Card for card in value):
        return value
    if isinstance(value, str):
        return parse_cards(value)
    return tuple(_to_card(card) for card in _iterable(value, "cards"))


def _to_sorted_cards(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return tuple(sorted(_to_cards(value)))


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
        if rng is not None and not isinstance(rng, (random.Random, int, str, bytes, bytearray)):
            raise ArgumentTypeError(
                f"Deal.shuffled(rules, rng) needs a random.Random or a seed as rng, not {type(rng).__name__}",
                parameter="rng",
            )
        generator = rng if isinstance(rng, random.Random) else random.Random(rng)
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
        if type(dealer) is not int or not 0 <= dealer < n:
            raise RulesError(f"dealer must be a seat 0-{n - 1}, not {dealer!r}")
        if len(hands) != n:
            raise RulesError(f"expected {n} hands, got {len(hands)}")
        parsed = [_to_cards(hand) for hand in hands]
        if any(len(hand) != rules.cards_each for hand in parsed):
            raise RulesError(f"every hand must hold {rules.cards_each} cards")
        deck: list[Card] = []
        for i in range(rules.cards_each):
            for k in range(n):
                deck.append(parsed[(dealer + 1 + k) % n][i])
        if sorted(deck) != list(rules.deck):
            raise RulesError("the hands are not exactly the rules' deck (a card missing, repeated or removed)")
        return cls(tuple(deck))

    def __str__(self) -> str:
        return f"deal {format_cards(self.deck)}"


@attrs.frozen(cache_hash=True)
class DrawDecision:
    """Two-player draw: ``keep=True`` keeps the top card (the next is discarded), ``False`` rejects it
    (it is discarded and the next card is kept)."""

    seat: int = attrs.field(validator=_check_seat)
    keep: bool = attrs.field(validator=attrs.validators.instance_of(bool))

    def __str__(self) -> str:
        return f"{self.seat}: {'keep' if self.keep else 'reject'}"


@attrs.frozen(cache_hash=True)
class Redeal:
    """A call for a misdeal by a seat whose hand qualifies under ``Rules.redeal_on``."""

    seat: int = attrs.field(validator=_check_seat)

    def __str__(self) -> str:
        return f"{self.seat}: redeal"


def _check_tricks(instance: Bid, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise ArgumentTypeError(f"Bid.tricks must be an integer (0 for nil), not {value!r}", parameter="tricks")
    if value < 0:
        raise IllegalActionError(
            IllegalReason.BID_OUT_OF_RANGE, f"seat {instance.seat} cannot bid {value}: a bid cannot be negative"
        )


@attrs.frozen(cache_hash=True)
class Bid:
    """A bid of ``tricks`` tricks; ``tricks=0`` is nil, and ``blind=True`` (only with nil) is blind nil."""

    seat: int = attrs.field(validator=_check_seat)
    tricks: int = attrs.field(validator=_check_tricks)
    blind: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))

    def __attrs_post_init__(self) -> None:
        if self.blind and self.tricks:
            raise IllegalActionError(
                IllegalReason.BLIND_NIL_NOT_ALLOWED,
                f"only nil can be bid blind, not {self.tricks}: Bid(seat, 0, blind=True)",
            )

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
    def label(self) -> str:
        """The bid as a score sheet shows it: ``"4"``, ``"nil"`` or ``"blind nil"``."""
        if self.blind:
            return "blind nil"
        return "nil" if self.tricks == 0 else str(self.tricks)

    def __str__(self) -> str:
        return f"{self.seat}: {self.label}" if self.tricks == 0 else f"{self.seat}: bid {self.tricks}"


@attrs.frozen(cache_hash=True)
class Exchange:
    """Cards passed after a blind nil: by the bidder to the partner, then the partner's return."""

    seat: int = attrs.field(validator=_check_seat)
    cards: tuple[Card, ...] = attrs.field(converter=_to_sorted_cards)

    def __str__(self) -> str:
        return f"{self.seat}: pass {format_cards(self.cards)}"


@attrs.frozen(cache_hash=True)
class Play:
    """A card played to the current trick."""

    seat: int = attrs.field(validator=_check_seat)
    card: Card = attrs.field(converter=_to_card)

    def __str__(self) -> str:
        return f"{self.seat}: play {self.card}"


Action: TypeAlias = Deal | DrawDecision | Redeal | Bid | Exchange | Play
"""Any action :func:`~spades_rules.engine.apply` accepts."""

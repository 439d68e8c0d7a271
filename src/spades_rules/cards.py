"""Cards: suits, ranks, the 54 card values, and their notation.

A :class:`Card` is an interned immutable value: there is exactly one object per card, so cards compare,
hash and sort cheaply and can be used as dictionary keys. The two jokers belong to the spade suit for
every purpose (following, trumping, leading, breaking); their order among the trumps is a rule, decided
in :mod:`spades_rules.rules`.

Notation (python-chess style: exact, forgiving on input, canonical on output):

>>> Card.parse("AS")
Card.parse('AS')
>>> str(Card.parse("10h")), str(Card.parse("Q♥")), str(Card.parse("bj"))
('TH', 'QH', 'BJ')
>>> parse_cards("AS KS 2H")
(Card.parse('AS'), Card.parse('KS'), Card.parse('2H'))
>>> Card.parse("1S")
Traceback (most recent call last):
...
spades_rules.errors.CardParseError: unknown card '1S': expected a rank (2-9, T or 10, J, Q, K, A) ...
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, Final, Self, cast

from spades_rules._core.checks import integer_or_none, never_raising_text, read_items
from spades_rules._core.messages import describe
from spades_rules.errors import CardParseError

__all__ = [
    "ALL_CARDS",
    "BIG_JOKER",
    "LITTLE_JOKER",
    "Card",
    "Cards",
    "Rank",
    "Suit",
    "cards_of_mask",
    "format_cards",
    "mask_of",
    "parse_cards",
]


class Suit(enum.IntEnum):
    """The four suits, in OpenSpiel's order (clubs low, spades high). Spades are always trumps."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter name used in card notation: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]


class Rank(enum.IntEnum):
    """Ranks, ace high. The jokers have ranks above the ace so that they sort after it."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    LITTLE_JOKER = 15
    BIG_JOKER = 16

    @property
    def letter(self) -> str:
        """The one-character name used in card notation (``T`` for ten)."""
        return _RANK_LETTERS[self]


_RANK_LETTERS: Final = {
    **{Rank(v): str(v) for v in range(2, 10)},
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.LITTLE_JOKER: "L",
    Rank.BIG_JOKER: "B",
}


@never_raising_text
class Card:
    """A playing card. Interned: ``Card(Suit.SPADES, Rank.ACE) is Card.parse("AS")``.

    Cards are ordered by suit (clubs, diamonds, hearts, spades, then the jokers) and rank within
    the suit, which is the order of :attr:`index` and of OpenSpiel's card numbers.

    >>> Card(Suit.SPADES, Rank.ACE) is Card.parse("as")
    True
    >>> sorted(parse_cards("BJ 2S AC"))
    [Card.parse('AC'), Card.parse('2S'), Card.parse('BJ')]
    >>> Card.parse("LJ").suit, Card.parse("LJ").is_joker
    (<Suit.SPADES: 3>, True)

    Every input of the library accepts card strings, but a card never equals a string (equal values must
    hash alike; a card hashes as its :attr:`index`). The hands the library hands out are :class:`Cards`,
    whose ``in`` parses card text; for a plain tuple or list, parse before comparing:

    >>> hand = parse_cards("KH AS")
    >>> "KH" in hand, "KH" in list(hand), Card.parse("KH") in list(hand), Card.parse("KH") == "KH"
    (True, False, True, False)
    """

    __slots__ = ("_str", "bit", "index", "rank", "suit")

    suit: Suit
    """The printed suit; jokers are spades."""
    rank: Rank
    """The rank; jokers have :attr:`Rank.LITTLE_JOKER` / :attr:`Rank.BIG_JOKER`."""
    index: int
    """0-51 for the ordinary cards (suit·13 + rank − 2, OpenSpiel's numbering), 52 = LJ, 53 = BJ."""
    bit: int
    """``1 << index``: the card's bit in the engine's hand masks."""
    _str: str

    def __new__(cls, suit: Suit, rank: Rank) -> Self:
        if not isinstance(suit, bool) and not isinstance(rank, bool):  # Suit(True) would be diamonds
            try:
                return _BY_SUIT_RANK[(Suit(suit), Rank(rank))]  # type: ignore[return-value]
            except Exception:  # KeyError, ValueError, or whatever a hostile __hash__ / __eq__ raises
                pass
        raise CardParseError(f"no such card: suit={describe(suit)}, rank={describe(rank)}")

    @classmethod
    def _make(cls, suit: Suit, rank: Rank, index: int) -> Card:
        card = object.__new__(cls)
        text = "BJ" if rank is Rank.BIG_JOKER else "LJ" if rank is Rank.LITTLE_JOKER else rank.letter + suit.letter
        for name, value in (("suit", suit), ("rank", rank), ("index", index), ("bit", 1 << index), ("_str", text)):
            object.__setattr__(card, name, value)
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"AS"``, ``"10H"``/``"TH"``, ``"2c"``, ``"Q♥"``, ``"BJ"``/``"LJ"`` (case-insensitive). A suit
        symbol may carry a variation selector, as phones type it: ``Card.parse("A♠\ufe0f")`` is ``AS``.

        Raises :class:`~spades_rules.errors.CardParseError` naming the string on anything else.
        """
        if not isinstance(text, str):
            if isinstance(text, Card):
                raise CardParseError(
                    f"{describe(text)} is not one of the library's cards: cards are interned (use Card.parse, "
                    "Card.from_index or ALL_CARDS), and an object that only looks like one is refused",
                    text=text,
                )
            raise CardParseError(f"a card must be given as a string, not {describe(text)}", text=text)
        card = _BY_TEXT.get(text.strip().upper()) if len(text) <= _LONGEST_TEXT else None
        if card is None:
            raise CardParseError(
                f"unknown card {describe(text, 30)}: expected a rank (2-9, T or 10, J, Q, K, A) and a suit "
                "(C, D, H, S or a suit symbol), or BJ/LJ for a joker",
                text=text,
            )
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose :attr:`index` is ``index`` (0-53)."""
        value = index if type(index) is int else integer_or_none(index)
        if value is None or not 0 <= value < len(ALL_CARDS):
            raise CardParseError(
                f"no card has index {describe(index)}: indices run from 0 to {len(ALL_CARDS) - 1}", text=index
            )
        return ALL_CARDS[value]

    @property
    def is_joker(self) -> bool:
        """True for the big and the little joker."""
        return self.index >= 52

    def unicode(self) -> str:
        """The card with a suit symbol, e.g. ``'A♠'``, ``'10♥'``; jokers stay ``'BJ'``/``'LJ'``."""
        if self.is_joker:
            return self._str
        rank = "10" if self.rank is Rank.TEN else self.rank.letter
        return rank + self.suit.symbol

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Card.parse({self._str!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


_ordinary = [Card._make(suit, rank, suit * 13 + rank - 2) for suit in Suit for rank in list(Rank)[:13]]
LITTLE_JOKER: Final = Card._make(Suit.SPADES, Rank.LITTLE_JOKER, 52)
"""The little joker, ``LJ``."""
BIG_JOKER: Final = Card._make(Suit.SPADES, Rank.BIG_JOKER, 53)
"""The big joker, ``BJ``."""
ALL_CARDS: Final[tuple[Card, ...]] = (*_ordinary, LITTLE_JOKER, BIG_JOKER)
"""All 54 cards in index order: the 52 ordinary cards, then ``LJ`` and ``BJ``.

:meta hide-value:
"""
del _ordinary

_BY_SUIT_RANK: Final = {(c.suit, c.rank): c for c in ALL_CARDS}
_SUIT_ALIASES: Final = {
    Suit.CLUBS: ("C", "♣", "♧"),
    Suit.DIAMONDS: ("D", "♦", "♢"),
    Suit.HEARTS: ("H", "♥", "♡"),
    Suit.SPADES: ("S", "♠", "♤"),
}


_VARIATION_SELECTORS: Final = ("", "\ufe0e", "\ufe0f")
"""What may follow a suit symbol: nothing, the text (U+FE0E) or the emoji (U+FE0F) variation selector, which
phones and emoji pickers append (``"♠️"``)."""


def _by_text() -> dict[str, Card]:
    """Every spelling of every card: ``"10S"`` and ``"TS"``, ``"AS"`` and ``"A♠"`` (and ``"A♠️"``, the
    symbol with a variation selector), the jokers."""
    table = {"BJ": BIG_JOKER, "LJ": LITTLE_JOKER}
    for card in ALL_CARDS[:52]:
        ranks = ("10", "T") if card.rank is Rank.TEN else (card.rank.letter,)
        for rank in ranks:
            for suit in _SUIT_ALIASES[card.suit]:
                for selector in _VARIATION_SELECTORS if len(suit) == 1 and not suit.isascii() else ("",):
                    table[rank + suit + selector] = card
    return table


_BY_TEXT: Final = _by_text()
_LONGEST_TEXT: Final = 100
"""Longer strings name no card (whatever spaces surround the name): they are refused unread."""
_CARD_IDS: Final = frozenset(map(id, ALL_CARDS))
"""The identities of the 54 card objects, which live as long as the module: a ``Card`` made any other way
(``object.__new__``) is not a card. ``_CARD_IDS.issuperset(map(id, cards))`` checks a tuple in one C-level
pass."""



class Cards(tuple[Card, ...]):
    """Some cards, as a tuple that also takes card text where it looks a card up: ``in`` and
    :meth:`count` parse a string (a :class:`~spades_rules.errors.CardParseError` for anything but a
    :class:`Card` or card text, never a silent ``False``). The hands the library hands out are ``Cards``
    (:attr:`HandState.hands <spades_rules.state.HandState.hands>`, :meth:`~spades_rules.state.HandState.hand_of`,
    :attr:`Observation.hand <spades_rules.views.observation.Observation.hand>`, :func:`parse_cards`,
    :func:`cards_of_mask`). Otherwise a plain tuple: equal to (and hashing as) the tuple of the same cards,
    and slices or sums are plain tuples.

    >>> hand = parse_cards("7H AS")
    >>> "7h" in hand, "7♥" in hand, "KH" in hand, hand.count("AS"), hand == (Card.parse("7H"), Card.parse("AS"))
    (True, True, False, 1, True)
    >>> 7 in hand
    Traceback (most recent call last):
    ...
    spades_rules.errors.CardParseError: a card must be given as a string, not 7
    """

    __slots__ = ()

    def __new__(cls, cards: Iterable[Card | str] | str = ()) -> Self:
        """The given cards (:class:`Card` values or card text, or one string as :func:`parse_cards` reads
        it) in the given order."""
        if isinstance(cards, str):
            return tuple.__new__(cls, parse_cards(cards))
        return tuple.__new__(cls, [_looked_up(card) for card in read_items(cards, "Cards")])

    def __contains__(self, card: object) -> bool:
        return tuple.__contains__(self, _looked_up(card))

    def count(self, card: Any) -> int:
        """How many times ``card`` (a :class:`Card` or card text) is here: 0 or 1 in a hand."""
        return tuple.count(self, _looked_up(card))


def _cards(cards: Iterable[Card]) -> Cards:
    """:class:`Cards` of cards already checked, without the constructor's check."""
    return tuple.__new__(Cards, cards)


def _looked_up(card: object) -> Card:
    """``card`` if it is one of the 54 cards, else the card its text names (CardParseError otherwise)."""
    return card if id(card) in _CARD_IDS else Card.parse(card)  # type: ignore[return-value,arg-type]


def parse_cards(text: str | Iterable[str]) -> Cards:
    """Parse cards separated by spaces or commas (or an iterable of card strings), as :class:`Cards`.

    >>> parse_cards("AS, KS,2h")
    (Card.parse('AS'), Card.parse('KS'), Card.parse('2H'))
    >>> parse_cards("")
    ()
    """
    if isinstance(text, str):
        parts: Iterable[str] = text.replace(",", " ").split()
    else:
        parts = read_items(text, "parse_cards")
    return _cards([Card.parse(part) for part in parts])


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical text of some cards, space separated: the inverse of :func:`parse_cards`.

    >>> format_cards(parse_cards("10h as"))
    'TH AS'
    """
    items = read_items(cards, "format_cards")
    for card in items:
        if id(card) not in _CARD_IDS:
            raise CardParseError(f"format_cards needs Card values, not {describe(card)}", text=cards)
    return " ".join(card._str for card in items)


# ---------------------------------------------------------------------------------------- bit masks
def cards_of_mask(mask: int) -> Cards:
    """The cards whose bits are set in ``mask`` (bit ``card.index``, i.e. ``card.bit``), in index order, as
    :class:`Cards`.

    Sets of cards are ``int`` bit masks throughout the engine (:attr:`Card.bit`,
    :attr:`HandState.held <spades_rules.state.HandState.held>`, :attr:`Rules.tables
    <spades_rules.rules.Rules.tables>`); this and :func:`mask_of` convert between the two forms.

    >>> format_cards(cards_of_mask(0b101))
    '2C 4C'
    >>> cards_of_mask(mask_of(parse_cards("AS 2C BJ"))) == parse_cards("2C AS BJ")
    True
    """
    if type(mask) is not int or mask < 0 or mask >> len(ALL_CARDS):
        mask = _card_mask(mask)
    return _cards_of_bits(mask)


def _cards_of_bits(mask: int) -> Cards:
    """:func:`cards_of_mask` without its check: the cards of the bits 0-53 of a non-negative ``mask``, the
    bits above ignored."""
    cards: tuple[Card, ...] = ()
    for table in _CARDS_OF_BYTE:  # a byte of the mask at a time, from precomputed tuples
        if mask & 0xFF:
            cards += table[mask & 0xFF]
        mask >>= 8
        if not mask:
            break
    return _cards(cards)


_CARDS_OF_BYTE: Final = tuple(
    tuple(tuple(ALL_CARDS[8 * k + i] for i in range(8) if byte >> i & 1 and 8 * k + i < len(ALL_CARDS))
          for byte in range(256))
    for k in range((len(ALL_CARDS) + 7) // 8)
)
"""For each byte of a mask (7 of them cover the 54 cards), the cards of each of its 256 values."""


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of some cards: the union of their :attr:`Card.bit`.

    >>> mask_of(parse_cards("2C 4C")) == 0b101
    True
    """
    mask = 0
    for item in parse_cards(cards) if isinstance(cards, str) else read_items(cards, "mask_of"):
        mask |= (item if id(item) in _CARD_IDS else Card.parse(cast(str, item))).bit  # parse refuses a non-card
    return mask


def _card_mask(value: object) -> int:
    """``value`` as a mask of cards, or the error saying why it is not one."""
    mask = integer_or_none(value)
    if mask is None:
        raise CardParseError(f"a mask of cards is an integer, not {describe(value)}", text=value)
    if mask < 0 or mask >> len(ALL_CARDS):
        raise CardParseError(
            f"{describe(value)} is no mask of cards: its bits run from 0 to {len(ALL_CARDS) - 1} (one per card index)",
            text=value,
        )
    return mask

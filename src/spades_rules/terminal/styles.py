"""Cards for a terminal: suit symbols (♠ ♥ ♦ ♣) and red hearts and diamonds where the terminal supports
them, plain letters (``KH``) for logs and pipes.

:func:`card_style` decides from the output stream: symbols when it is a terminal whose encoding has the
suit symbols, colour when it is a terminal, ``NO_COLOR`` is unset (https://no-color.org) and ``TERM`` is
not ``dumb``. Either can be forced (``"symbols"``/``"letters"``, ``"always"``/``"never"``), which is what
the command line's ``--suits`` and ``--color`` options do.

>>> import io
>>> plain = card_style(io.StringIO())
>>> plain.symbols, plain.color
(False, False)
>>> from spades_rules import parse_cards
>>> plain.cards(parse_cards("KH 10S BJ"))
'KH TS BJ'
>>> CardStyle(symbols=True, color=False).cards(parse_cards("KH 10S BJ"))
'K♥ 10♠ BJ'
>>> CardStyle(symbols=True, color=True).card(parse_cards("QD")[0])
'\\x1b[31mQ♦\\x1b[0m'
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Final, Literal, TextIO

import attrs

from spades_rules._core.checks import guard_unbuilt, read_items
from spades_rules._core.fields import as_card
from spades_rules._core.messages import describe
from spades_rules.cards import Card, Rank, Suit
from spades_rules.errors import SpadesError

__all__ = ["COLOR_CHOICES", "SUIT_CHOICES", "CardStyle", "card_style"]

SUIT_CHOICES: Final = ("auto", "symbols", "letters")
"""The choices of ``--suits``."""
COLOR_CHOICES: Final = ("auto", "always", "never")
"""The choices of ``--color``."""

_RED: Final = "\x1b[31m"
_MAX_WIDTH: Final = 200
"""The widest column a card is aligned to (a terminal line, not a memory error)."""
_RESET: Final = "\x1b[0m"


@guard_unbuilt
@attrs.frozen
class CardStyle:
    """How cards are written: with suit symbols or letters, in colour or not."""

    symbols: bool = False
    """Suit symbols (``K♥``, ``10♠``) instead of letters (``KH``, ``TS``)."""
    color: bool = False
    """Hearts, diamonds and the big joker in red (ANSI escape codes)."""

    def card(self, card: Card, width: int = 0) -> str:
        """One card, right-aligned to ``width`` characters (colour codes do not count)."""
        card = as_card(card)  # a card string too; anything else is a CardParseError
        if type(width) is not int or not 0 <= width <= _MAX_WIDTH:
            raise SpadesError(f"width must be a number of characters from 0 to {_MAX_WIDTH}, not {describe(width)}")
        text = card.unicode() if self.symbols else str(card)
        text = text.rjust(width)
        red = card.rank is Rank.BIG_JOKER or (not card.is_joker and card.suit in (Suit.HEARTS, Suit.DIAMONDS))
        return f"{_RED}{text}{_RESET}" if self.color and red else text

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces."""
        return " ".join(self.card(card) for card in read_items(cards, "CardStyle.cards"))

    def suit(self, suit: Suit) -> str:
        """A suit's symbol or letter."""
        if not isinstance(suit, Suit):
            raise SpadesError(f"a suit is a Suit, not {describe(suit)}")
        text = suit.symbol if self.symbols else suit.letter
        return f"{_RED}{text}{_RESET}" if self.color and suit in (Suit.HEARTS, Suit.DIAMONDS) else text


def card_style(
    stream: TextIO,
    suits: Literal["auto", "symbols", "letters"] | str = "auto",
    color: Literal["auto", "always", "never"] | str = "auto",
    environ: Mapping[str, str] | None = None,
) -> CardStyle:
    """The style for writing cards to ``stream`` (``environ`` defaults to :data:`os.environ`).

    >>> import io
    >>> card_style(io.StringIO(), suits="symbols", color="always")
    CardStyle(symbols=True, color=True)
    >>> card_style(io.StringIO(), color="sometimes")
    Traceback (most recent call last):
    ...
    spades_rules.errors.SpadesError: color must be one of auto, always, never, not 'sometimes'
    """
    if type(suits) is not str or suits not in SUIT_CHOICES:
        raise SpadesError(f"suits must be one of {', '.join(SUIT_CHOICES)}, not {describe(suits)}")
    if type(color) is not str or color not in COLOR_CHOICES:
        raise SpadesError(f"color must be one of {', '.join(COLOR_CHOICES)}, not {describe(color)}")
    env = os.environ if environ is None else environ
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):  # a closed or stream-like object
        tty = False
    if suits == "auto":
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            "♠♥♦♣".encode(encoding)
            encodable = True
        except (LookupError, UnicodeEncodeError):
            encodable = False
        use_symbols = tty and encodable
    else:
        use_symbols = suits == "symbols"
    if color == "auto":
        use_color = tty and not env.get("NO_COLOR") and env.get("TERM", "") != "dumb"
    else:
        use_color = color == "always"
    return CardStyle(symbols=use_symbols, color=use_color)

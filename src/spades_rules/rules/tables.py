"""The compiled tables: what the engine reads on its hot path, computed once per
:class:`~spades_rules.rules.Rules` from its deck (the cards in play, how they are shared, the trumps).

A :class:`CompiledTables` is a read-only public value, reached as :attr:`Rules.tables
<spades_rules.rules.Rules.tables>`. It speaks the bit-mask vocabulary of :mod:`spades_rules.cards`: a
set of cards is an ``int`` with bit ``card.index`` set for each card (see :func:`~spades_rules.cards.mask_of`
and :func:`~spades_rules.cards.cards_of_mask`), and per-card tables are tuples indexed by ``card.index``
(all 54 cards, whether in the deck or not).

>>> from spades_rules import Rules, Card, cards_of_mask, format_cards
>>> tables = Rules.jokers().tables
>>> tables.players, tables.cards_each, len(tables.deck)
(4, 13, 52)
>>> format_cards(cards_of_mask(tables.follow_masks[Card.parse("BJ").index]))[-8:]  # jokers follow spades
'AS LJ BJ'
>>> Rules.jokers(trump_order="joker_joker_deuce_deuce").tables.suit_of[Card.parse("2D").index]  # a trump
3
>>> tables.players = 3
Traceback (most recent call last):
...
AttributeError: CompiledTables is read-only
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spades_rules._core.checks import never_raising_text
from spades_rules._core.deck import deck_cards, deck_shares, trump_cards
from spades_rules._core.messages import describe
from spades_rules.cards import ALL_CARDS, Card, Rank, Suit, mask_of
from spades_rules.errors import ArgumentTypeError

if TYPE_CHECKING:
    from spades_rules.rules import Rules

__all__ = ["CompiledTables"]

_TRUMP_POWER = 100
"""A trump's power is ``_TRUMP_POWER`` plus its place in the trump order: above every plain card's rank."""


# ---------------------------------------------------------------------------------------- the compiled tables


@never_raising_text
class CompiledTables:
    """The rules compiled into masks and per-card tuples (read-only; one per :class:`Rules` value).

    Masks are ``int`` bit sets over :attr:`Card.index <spades_rules.cards.Card.index>`; per-card tuples have
    54 entries, indexed by card index.
    """

    __slots__ = (
        "_rules",
        "cards_each",
        "deck",
        "deck_mask",
        "face_mask",
        "first_trick_lowest_club",
        "first_trick_no_spades",
        "first_trick_rules",
        "follow_masks",
        "lead_lowest_club",
        "lowest_club",
        "players",
        "power",
        "side_of",
        "sides",
        "spade_mask",
        "spades_after_first_trick",
        "spades_anytime",
        "suit_masks",
        "suit_of",
        "trick_power",
        "trumps",
    )

    _rules: Rules
    players: int
    """Number of seats."""
    sides: tuple[tuple[int, ...], ...]
    """The seats of each side."""
    side_of: tuple[int, ...]
    """Per seat, the index of its side."""
    deck: tuple[Card, ...]
    """The cards in play, in index order."""
    deck_mask: int
    """The mask of :attr:`deck`."""
    cards_each: int
    """Cards each seat holds when play starts (the number of tricks)."""
    suit_of: tuple[int, ...]
    """Per card, its effective suit (a :class:`~spades_rules.cards.Suit` value): jokers and a promoted 2♦
    are spades."""
    suit_masks: tuple[int, ...]
    """Per suit, the mask of the deck's cards that count as that suit for following."""
    follow_masks: tuple[int, ...]
    """Per card, the mask of the deck's cards of its effective suit: ``held & follow_masks[led.index]`` is
    what a seat must play to follow the card led (when not empty)."""
    spade_mask: int
    """The mask of the trumps in the deck (``suit_masks[Suit.SPADES]``)."""
    trumps: tuple[Card, ...]
    """The trumps in the deck, highest first (the rules' trump order)."""
    power: tuple[int, ...]
    """Per card, its trick-taking power: trumps above every plain card, in the rules' trump order; plain
    cards by rank (compare plain cards of the same suit only)."""
    trick_power: tuple[tuple[int, ...], ...]
    """Per suit led, per card: its :attr:`power` if it can win a trick of that suit (a trump or a card of
    the suit led), else -1. The winner of a trick is the card with the highest entry."""
    lowest_club: Card | None
    """The lowest club in the deck (None without clubs)."""
    face_mask: int
    """The mask of the deck's jacks, queens and kings."""
    lead_lowest_club: bool
    """Whether the first lead must be the lowest club in play (``first_lead="lowest_club"``)."""
    spades_anytime: bool
    """Whether spades may be led before they are broken (``spade_lead="anytime"``)."""
    spades_after_first_trick: bool
    """Whether spades may be led from the second trick on, broken or not (``spade_lead="after_first_trick"``)."""
    first_trick_lowest_club: bool
    """Whether every club holder plays its lowest club to the first trick (``first_trick_lowest_club``)."""
    first_trick_no_spades: bool
    """Whether a seat that cannot follow the first trick may not play a spade unless it holds only spades
    (``first_trick_spades=False``)."""
    first_trick_rules: bool
    """Whether the first trick is followed by a rule of its own (either of the two above)."""

    def __init__(self, rules: Rules) -> None:
        """Compile ``rules`` (a table :class:`~spades_rules.rules.Rules` has checked: the deck divides evenly).

        :class:`~spades_rules.rules.Rules` builds its tables itself (read them as ``rules.tables``); built
        from anything else, this is an :class:`~spades_rules.errors.ArgumentTypeError`."""
        if _has_tables(rules):
            raise ArgumentTypeError(
                "CompiledTables are built by Rules, once per value: read them as rules.tables", parameter="rules"
            )
        try:
            self._compile(rules)
        except Exception:  # not a Rules being built: something that only looks like one
            raise ArgumentTypeError(
                f"CompiledTables are built by Rules: read them as rules.tables, not from {describe(rules)}",
                parameter="rules",
            ) from None

    def _compile(self, rules: Rules) -> None:
        put = object.__setattr__
        n = rules.players
        sides = ((0, 2), (1, 3)) if rules.partnerships else tuple((seat,) for seat in range(n))
        deck = deck_cards(rules.with_jokers, rules.effective_removed_cards)
        trumps = trump_cards(rules.trump_order, rules.with_jokers)
        suit_of = [int(card.suit) for card in ALL_CARDS]
        for card in trumps:
            suit_of[card.index] = int(Suit.SPADES)
        suit_masks = tuple(mask_of(card for card in deck if suit_of[card.index] == suit) for suit in Suit)
        power = [int(card.rank) for card in ALL_CARDS]
        for order, card in enumerate(reversed(trumps)):
            power[card.index] = _TRUMP_POWER + order
        trick_power = tuple(
            tuple(power[i] if suit_of[i] in (led, Suit.SPADES) else -1 for i in range(len(ALL_CARDS)))
            for led in Suit
        )
        clubs = [card for card in deck if suit_of[card.index] == Suit.CLUBS]
        values: dict[str, Any] = {
            "players": n,
            "sides": sides,
            "side_of": tuple(next(i for i, side in enumerate(sides) if seat in side) for seat in range(n)),
            "deck": deck,
            "deck_mask": mask_of(deck),
            "cards_each": len(deck) // deck_shares(n, rules.deal_method),
            "suit_of": tuple(suit_of),
            "suit_masks": suit_masks,
            "follow_masks": tuple(suit_masks[suit] for suit in suit_of),
            "spade_mask": suit_masks[Suit.SPADES],
            "trumps": tuple(card for card in trumps if card in deck),
            "power": tuple(power),
            "trick_power": trick_power,
            "lowest_club": min(clubs) if clubs else None,
            "face_mask": mask_of(c for c in deck if c.rank in (Rank.JACK, Rank.QUEEN, Rank.KING)),
            "lead_lowest_club": rules.first_lead == "lowest_club",
            "spades_anytime": rules.spade_lead == "anytime",
            "spades_after_first_trick": rules.spade_lead == "after_first_trick",
            "first_trick_lowest_club": rules.first_trick_lowest_club,
            "first_trick_no_spades": not rules.first_trick_spades,
            "first_trick_rules": rules.first_trick_lowest_club or not rules.first_trick_spades,
            "_rules": rules,
        }
        for name, value in values.items():
            put(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CompiledTables is read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("CompiledTables is read-only")

    def __repr__(self) -> str:
        return f"<CompiledTables: {self.players} players, {len(self.deck)} cards>"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as the rules' options: unpickling builds the rules again and takes their tables (an
        equal value, since tables are derived from the rules)."""
        return (_tables_of, (self._rules,))

    def __copy__(self) -> CompiledTables:
        return self

    def __deepcopy__(self, memo: object) -> CompiledTables:
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CompiledTables):
            return NotImplemented
        return self is other or self._rules == other._rules

    def __hash__(self) -> int:
        return hash(self._rules)


def _has_tables(rules: object) -> bool:
    """Whether ``rules`` has its tables already (read past ``__getattr__``: an unset slot is no error here)."""
    try:
        object.__getattribute__(rules, "tables")
    except AttributeError:
        return False
    return True


def _tables_of(rules: Rules) -> CompiledTables:
    """The tables of ``rules`` (how a pickled :class:`CompiledTables` is rebuilt)."""
    return rules.tables

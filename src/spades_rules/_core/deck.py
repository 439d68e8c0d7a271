"""The deck: which cards a table plays with, how it is shared, and the trumps of each trump order (the
rules page, section "Table, deck, deal"); who receives each card of a deal and who decides each turn of
the two-player draw; the hands that may call a redeal; and what a trick shows of the hands that played
to it (the voids). Private: the one home of these rules for the scalar engine, the views and the batch
engine (which tabulates them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any, Final, NamedTuple

from spades_rules.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, Card, Rank, Suit

_DEFAULT_REMOVED: Final[dict[tuple[int, bool], str]] = {  # (players, with_jokers): cards out; others none
    (2, True): "2H 2C", (3, False): "2C", (4, True): "2H 2C", (5, False): "2C 2D", (5, True): "2C 2D 2H 2S",
}
_PROMOTED: Final[dict[str, str]] = {"ace_high": "", "deuce_of_spades_high": "2S", "joker_joker_deuce_deuce": "2D 2S"}
_SPADES_HIGH_FIRST: Final = tuple(Card(Suit.SPADES, Rank(rank)) for rank in range(14, 1, -1))


LONG_SUIT: Final = 7
"""A hand holding this many cards of one suit (as the cards play: jokers are spades) may call a redeal under
``redeal_on="seven_card_suit"``."""
SPADES: Final = int(Suit.SPADES)


def deal_seat(dealer: int, position: int, players: int) -> int:
    """The seat that card ``position`` of a dealt deck goes to: one at a time, the dealer's left first."""
    return (dealer + 1 + position) % players


@lru_cache(maxsize=64)
def deal_order(dealer: int, players: int) -> tuple[int, ...]:
    """The seats in the order a deck's cards go to them (``deal_seat`` of each position), cached per table and
    dealer: the engine's deal looks them up once instead of calling ``deal_seat`` per seat."""
    return tuple([deal_seat(dealer, position, players) for position in range(players)])


def draw_seat(dealer: int, turn: int, players: int) -> int:
    """The seat that decides turn ``turn`` of the two-player draw: the dealer's left first, then in turn."""
    return (dealer + 1 + turn) % players


class RedealTest(NamedTuple):
    """A redeal condition: what it counts in a hand (``"spades"``, ``"faces"`` or ``"longest"``: the cards of
    its longest suit, as the cards play) and the test of that count (plain comparisons: an ``int`` or a
    NumPy array of counts alike)."""

    counts: str
    holds: Callable[[Any], Any]


REDEAL_TESTS: Final[dict[str, RedealTest]] = {
    "no_spades": RedealTest("spades", lambda spades: spades == 0),
    "one_or_no_spades": RedealTest("spades", lambda spades: spades <= 1),
    "no_face_cards": RedealTest("faces", lambda faces: faces == 0),
    "seven_card_suit": RedealTest("longest", lambda longest: longest >= LONG_SUIT),
}
"""The hands that may call a redeal, by the name ``Rules.redeal_on`` gives each condition (the rules page,
section "Redeals"): read by the engine, the batch engine and the strategies."""


def trick_voids(players: int, others: int, anytime: bool, first_no_spades: bool, leader: int,
                suits: Sequence[int], free: bool, first: bool) -> int:
    """The voids one trick shows, four bits a seat (bit ``4 × seat + suit``): the trick led by ``leader``
    with cards of ``suits`` in the order played; ``free`` when spades could be led freely (broken, or past
    the first trick under ``spade_lead="after_first_trick"``), ``first`` for the hand's first trick;
    ``others`` the bits of the suits besides spades in the deck; ``anytime`` for ``spade_lead="anytime"``
    and ``first_no_spades`` for ``first_trick_spades=False``. A seat that did not follow lacks the suit
    led; a leader of spades that could not lead them freely holds nothing else; under
    ``first_trick_spades=False`` a seat playing a spade to the first trick, unable to follow, holds nothing
    else. The views read a trick so; the batch engine tabulates every trick."""
    led = suits[0]
    shown = 0
    for at, suit in enumerate(suits):
        if suit != led:
            seat = (leader + at) % players
            shown |= 1 << (4 * seat + led)
            if first and first_no_spades and suit == SPADES:
                shown |= others << 4 * seat
    if led == SPADES and not free and not anytime:
        shown |= others << 4 * leader
    return shown


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

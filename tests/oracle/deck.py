"""The deck, the suit each card plays as, the trump order, the deal and the two-player draw.

Cards are the library's ``Card`` values, used as plain data (suit, rank, name); what a card *does* (its
suit for following, its place among the trumps) is decided here, from the rules page alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from oracle.options import Options
from spades_rules import Card, Rank, Suit

BIG_JOKER = Card.parse("BJ")
LITTLE_JOKER = Card.parse("LJ")
JOKERS = (BIG_JOKER, LITTLE_JOKER)
SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
RANKS_LOW_TO_HIGH = tuple(rank for rank in Rank if Rank.TWO <= rank <= Rank.ACE)  # 2 ... A
FACE_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING)

USUAL_REMOVED: dict[tuple[int, bool], tuple[str, ...]] = {
    # (players, with jokers): the cards out of the deck when the rules name none
    (4, False): (),
    (4, True): ("2H", "2C"),
    (3, False): ("2C",),
    (3, True): (),
    (5, False): ("2C", "2D"),
    (5, True): ("2C", "2D", "2H", "2S"),
    (2, False): (),
    (2, True): ("2H", "2C"),
}


def is_joker(card: Card) -> bool:
    return card in JOKERS


def full_pack(with_jokers: bool) -> tuple[Card, ...]:
    """52 cards, plus the two jokers when asked."""
    cards = tuple(Card(suit, rank) for suit in SUITS for rank in RANKS_LOW_TO_HIGH)
    return cards + (LITTLE_JOKER, BIG_JOKER) if with_jokers else cards


def removed(options: Options) -> tuple[str, ...]:
    """The names of the cards out of the deck."""
    if options.removed_cards is not None:
        return options.removed_cards
    return USUAL_REMOVED[(options.players, options.with_jokers)]


@cache
def deck(options: Options) -> tuple[Card, ...]:
    """The cards in play, in the library's card order."""
    out = set(removed(options))
    return tuple(sorted(card for card in full_pack(options.with_jokers) if str(card) not in out))


@cache
def cards_each(options: Options) -> int:
    """Cards each player holds when play starts (the draw keeps half of what a player sees)."""
    per_seat = options.players * (2 if options.deal_method == "draw" else 1)
    return len(deck(options)) // per_seat


def promoted(options: Options) -> tuple[Card, ...]:
    """The plain cards the trump order lifts above the ace of spades, highest first."""
    if options.trump_order == "deuce_of_spades_high":
        return (Card.parse("2S"),)
    if options.trump_order == "joker_joker_deuce_deuce":
        return (Card.parse("2D"), Card.parse("2S"))
    return ()


def suit_of(options: Options, card: Card) -> Suit:
    """The suit a card plays as: jokers and a promoted 2♦ are spades."""
    if is_joker(card) or card in promoted(options):
        return Suit.SPADES
    return card.suit


def is_spade(options: Options, card: Card) -> bool:
    return suit_of(options, card) is Suit.SPADES


@cache
def trumps_high_to_low(options: Options) -> tuple[Card, ...]:
    """Every spade of the deck, highest first: the jokers, the promoted cards, then A♠ down to 2♠."""
    lifted = promoted(options)
    order = [BIG_JOKER, LITTLE_JOKER, *lifted]
    order += [Card(Suit.SPADES, rank) for rank in reversed(RANKS_LOW_TO_HIGH) if Card(Suit.SPADES, rank) not in lifted]
    in_play = set(deck(options))
    return tuple(card for card in order if card in in_play)


def trick_winner(options: Options, cards: Sequence[Card]) -> int:
    """The position in ``cards`` (in playing order) of the card that wins the trick."""
    trumps = trumps_high_to_low(options)
    spades = [position for position, card in enumerate(cards) if is_spade(options, card)]
    if spades:
        return min(spades, key=lambda position: trumps.index(cards[position]))
    led = suit_of(options, cards[0])
    following = [position for position, card in enumerate(cards) if suit_of(options, card) is led]
    return max(following, key=lambda position: cards[position].rank)


def deal_hands(options: Options, dealer: int, order: Sequence[Card]) -> list[list[Card]]:
    """One card at a time clockwise, starting with the player on the dealer's left."""
    hands: list[list[Card]] = [[] for _ in range(options.players)]
    for position, card in enumerate(order):
        hands[(dealer + 1 + position) % options.players].append(card)
    return hands


def draw_turn(first: Card, second: Card, keep: bool) -> tuple[Card, Card]:
    """One turn of the draw, as (kept, discarded): keep the top card and discard the next, or reject it
    and keep the next."""
    return (first, second) if keep else (second, first)


def spade_count(options: Options, hand: Sequence[Card]) -> int:
    return sum(1 for card in hand if is_spade(options, card))

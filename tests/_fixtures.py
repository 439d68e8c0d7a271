"""The test fixtures, in one module: deals, bid and play helpers, sample states and random games.

- Scripted scenarios for the example-based tests: explicit hands, explicit actions, known outcomes. Seats are
  0-3 clockwise; sides are (0, 2) and (1, 3). Every layout below is exactly the 52-card deck
  (``Deal.from_hands`` checks it). Each layout's docstring says how its hand must go, so the tests can
  assert real values. Any rules deal with :func:`deal` (``rules=``).
- Sample states (:func:`bidding_state`, :func:`playing_state`) for the tests that need a state of a phase.
- Random games (:func:`random_game`, :func:`random_states`) for the codec, records, views and value tests.
- :class:`Tally`: what a differential compared (the oracle's and the batch engine's).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields

from spades_rules import (
    Action,
    Bid,
    Card,
    Deal,
    GameState,
    Phase,
    Play,
    Rules,
    apply,
    legal_actions,
    new_game,
    parse_cards,
)

__all__ = [
    "MIXED",
    "ONE_HEART",
    "STANDARD",
    "SUIT_PER_SEAT",
    "Hands",
    "Tally",
    "bid_all",
    "bidding_state",
    "cards",
    "deal",
    "deal_next",
    "play",
    "play_hand",
    "play_out",
    "playing_state",
    "random_game",
    "random_states",
    "run",
    "suit",
]

STANDARD = Rules.standard()

Hands = tuple[str, str, str, str]


def suit(letter: str, ranks: str = "AKQJT98765432") -> str:
    """The cards of one suit, e.g. ``suit("S")`` is every spade from the ace down.

    >>> suit("H", "AKQ")
    'AH KH QH'
    """
    return " ".join(rank + letter for rank in ranks)


SUIT_PER_SEAT: Hands = (suit("S"), suit("H"), suit("D"), suit("C"))
"""Seat 0 holds every spade, seat 1 every heart, seat 2 every diamond, seat 3 every club.

Seat 0 wins all 13 tricks whoever leads: it trumps every other lead, then leads spades nobody can follow.
"""

ONE_HEART: Hands = (
    suit("S", "AKQJT9876543") + " 2H",
    suit("H", "AKQJT9876543") + " 2S",
    suit("D"),
    suit("C"),
)
"""For dealer 3 (seat 0 leads): seat 0 must lead its 2H (spades unbroken), seat 1 must follow with a
higher heart and wins trick 1; seat 1 then must lead a heart, seat 0 trumps, and seat 0 wins every
trick after that (seat 1's 2S is forced under seat 0's first spade lead). Tricks: (12, 1, 0, 0)."""

MIXED: Hands = (
    "2H 3H 4H 2D 3D 4D 2C 3C 4C 2S 3S 4S 5S",
    "5H 6H 7H 8H 5D 6D 7D 5C 6C 7C 6S 7S 8S",
    "9H TH JH QH KH AH 8D 9D TD 9S TS JS QS",
    "8C 9C TC JC QC KC AC JD QD KD AD KS AS",
)
"""Every seat holds several suits; seat 2 is void in clubs, seat 3 void in hearts. Used for trick-level
rules (following suit, trumping, breaking spades) with dealer 0, so that seat 1 leads."""


def deal(
    hands: Sequence[Iterable[Card] | str],
    *,
    dealer: int = 0,
    scores: Sequence[int] | None = None,
    bags: Sequence[int] | None = None,
    rules: Rules = STANDARD,
) -> GameState:
    """A new game of ``rules`` (``dealer``, ``scores``, ``bags``) with exactly ``hands`` dealt (a string or
    cards per seat): the ``BID`` phase, or the play where the format fixes the bids."""
    state = new_game(rules, dealer=dealer, scores=scores, bags=bags)
    return apply(state, Deal.from_hands(rules, dealer, hands))


def deal_next(state: GameState, hands: Sequence[str]) -> GameState:
    """Deal ``hands`` for the next hand of a game in the ``DEAL`` phase (its current dealer deals)."""
    assert state.phase is Phase.DEAL, state.phase
    return apply(state, Deal.from_hands(state.rules, state.dealer, hands))


def run(state: GameState, actions: Iterable[Action]) -> GameState:
    """Apply ``actions`` in order."""
    for action in actions:
        state = apply(state, action)
    return state


def bid_all(state: GameState, *bids: int | Bid) -> GameState:
    """Bid in turn order from the seat to act: an int is that many tricks (0 = nil), or give a ``Bid``."""
    for value in bids:
        seat = state.to_act
        assert state.phase is Phase.BID, state.phase
        assert seat is not None
        state = apply(state, value if isinstance(value, Bid) else Bid(seat, value))
    return state


def play(state: GameState, cards: str) -> GameState:
    """Play ``cards`` in order, each by the seat to act."""
    for card in parse_cards(cards):
        seat = state.to_act
        assert state.phase is Phase.PLAY, state.phase
        assert seat is not None
        state = apply(state, Play(seat, card))
    return state


def play_out(state: GameState) -> GameState:
    """Finish the hand in progress, each seat playing its first (lowest) legal card."""
    while state.phase is Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    return state


def play_hand(state: GameState, hands: Sequence[str], *bids: int | Bid) -> GameState:
    """Deal ``hands`` (the state's dealer dealing), bid ``bids`` in turn order, and play the hand out."""
    return play_out(bid_all(deal_next(state, hands), *bids))


def cards(text: str) -> tuple[Card, ...]:
    """``parse_cards`` sorted, as :attr:`HandState.hands` gives them."""
    return tuple(sorted(parse_cards(text)))


# ---------------------------------------------------------------------------------------- sample states
def bidding_state(seed: int = 1, rules: Rules = STANDARD) -> GameState:
    """A new game dealt by ``Deal.shuffled(rules, seed)``: the first bid to make."""
    return apply(new_game(rules), Deal.shuffled(rules, seed))


def playing_state() -> GameState:
    """The standard game of :func:`bidding_state` after four bids of 3: seat 1 to lead."""
    return bid_all(bidding_state(), 3, 3, 3, 3)


# ---------------------------------------------------------------------------------------- random games
def random_states(
    rules: Rules, rng: random.Random, *, state: GameState | None = None, choose: float = 1.0
) -> Iterator[GameState]:
    """Every state of a random game of ``rules`` from ``state`` (a new game by default) to its end: random
    deals, and a random legal action with probability ``choose``, else the last legal one (so that blind
    nils and redeals, listed last in the bid phase, come up often)."""
    state = new_game(rules) if state is None else state
    yield state
    while not state.is_over:
        if state.is_chance:
            state = apply(state, Deal.shuffled(state.rules, rng))
        else:
            legal = legal_actions(state)
            state = apply(state, rng.choice(legal) if choose >= 1 or rng.random() < choose else legal[-1])
        yield state


def random_game(rules: Rules, seed: int, *, dealer: int = 0) -> list[GameState]:
    """Every state of a random game of at most two hands. One action in five is the last legal one, so
    that blind nils and redeals (listed last in the bid phase) come up often."""
    rng = random.Random(seed)
    return list(random_states(rules, rng, state=new_game(rules.evolve(max_hands=2), dealer=dealer), choose=0.8))


# ---------------------------------------------------------------------------------------- tallies
@dataclass
class Tally:
    """What a differential compared (the library against the model, the batch against the scalar engine):
    counts, the kinds of events seen, the rule sets and the kinds of states rows were loaded from."""

    rule_sets: int = 0
    refused: int = 0
    games: int = 0
    hands: int = 0
    decisions: int = 0
    legal_actions: int = 0
    views: int = 0
    sheets: int = 0
    redeals: int = 0
    exchanges: int = 0
    states: int = 0
    events: Counter[str] = field(default_factory=Counter)
    loaded: Counter[str] = field(default_factory=Counter)
    """The states rows were started from, by kind."""
    rules: set[str] = field(default_factory=set)

    def add(self, other: Tally) -> None:
        """Count ``other``'s comparisons too."""
        for name in (entry.name for entry in fields(self)):
            mine, theirs = getattr(self, name), getattr(other, name)
            if isinstance(mine, int):
                setattr(self, name, mine + theirs)
            elif isinstance(mine, set):
                mine |= theirs
            else:
                mine.update(theirs)

    def summary(self) -> str:
        """The counts that are not zero, then the events."""
        counts = ", ".join(
            f"{entry.name} {getattr(self, entry.name)}" for entry in fields(self)
            if isinstance(getattr(self, entry.name), int) and getattr(self, entry.name)
        )
        events = ", ".join(f"{name} {count}" for name, count in sorted(self.events.items()))
        return f"compared: {counts}\nevents: {events}"

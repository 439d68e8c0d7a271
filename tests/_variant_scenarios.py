"""Scripts for the variant and option tests (dealing, bidding and playing come from ``_fixtures``).

Everything here builds concrete, hand-checkable scenarios: explicit hands dealt with
``Deal.from_hands`` (or a stock built card by card for the two-player draw) and whole hands of play
scripted trick by trick, so that a test can assert exact trick counts and scores.

The trick scripts use one layout ("rounds"): the active seats hold the same suits, and each trick
is a *round* in which every active seat follows the suit led, the round's designated winner holding
its highest card. A suit whose card count does not divide by the number of active seats leaves one
card (its lowest) with a designated "long" seat; those leftovers make the last trick, which the
holder of the leftover spade wins by trumping. Rounds of the non-spade suits come first; the seat
that wins the last of them must be the one left holding only spades, so that it may lead spades
before they are broken (the rules page, "Play"). An *idle* seat may hold a suit no active seat holds (clubs):
it discards one card a trick and, never leading, never wins a trick.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pytest

from spades_rules import (
    Bid,
    Card,
    Deal,
    DrawDecision,
    GameState,
    IllegalActionError,
    IllegalReason,
    Phase,
    Play,
    Rules,
    Suit,
    apply,
    parse_cards,
)

__all__ = [
    "Script",
    "bids_of",
    "draw_all",
    "draw_stock",
    "fill_hands",
    "four_player_script",
    "idle_seat_script",
    "mirror_script",
    "play_script",
    "raises",
    "rounds_script",
    "suit_cards",
    "three_player_script",
    "two_player_script",
]


def suit_cards(suit: str, ranks: str = "AKQJT98765432") -> tuple[Card, ...]:
    """The cards of one suit (letter C, D, H or S) with the given ranks, in the order given."""
    return tuple(Card.parse(rank + suit) for rank in ranks)


@dataclass(frozen=True)
class Script:
    """A scripted hand: the cards dealt to each seat and the card each seat plays to each trick."""

    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[Mapping[int, Card], ...]
    winners: tuple[int, ...]

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat wins when the script is played."""
        return tuple(self.winners.count(seat) for seat in range(len(self.hands)))

    def side_tricks(self, rules: Rules) -> tuple[int, ...]:
        """Tricks each side wins when the script is played."""
        won = self.tricks_won
        return tuple(sum(won[seat] for seat in side) for side in rules.sides)


def rounds_script(
    players: int,
    pools: Sequence[tuple[Sequence[Card], int | None]],
    winners: Sequence[int],
    idle: Mapping[int, Sequence[Card]] | None = None,
) -> Script:
    """Build a "rounds" script (see the module docstring).

    ``pools`` gives, suit by suit (spades last), the cards the active seats share, highest first,
    and the long seat that keeps the suit's leftover card (None when the suit divides evenly).
    ``winners`` names the winner of each round, in play order.
    """
    idle = dict(idle or {})
    active = [seat for seat in range(players) if seat not in idle]
    width = len(active)
    rounds: list[dict[int, Card]] = []
    leftovers: dict[int, Card] = {}
    spade_long: int | None = None
    pending = iter(winners)
    for cards, long_seat in pools:
        extra = len(cards) % width
        body = cards[: len(cards) - extra]
        if extra:
            assert extra == 1 and long_seat is not None and long_seat not in leftovers
            leftovers[long_seat] = cards[-1]
            if cards[-1].suit is Suit.SPADES:
                spade_long = long_seat
        for start in range(0, len(body), width):
            group = body[start : start + width]
            winner = next(pending)
            others = [seat for seat in active if seat != winner]
            rounds.append({winner: group[0], **dict(zip(others, group[1:], strict=True))})
    assert next(pending, None) is None, "more winners than rounds"
    round_winners = list(winners)
    if leftovers:
        assert sorted(leftovers) == active and spade_long is not None
        rounds.append(leftovers)
        round_winners.append(spade_long)
    for seat, discards in idle.items():
        assert len(discards) == len(rounds)
        for trick, card in zip(rounds, discards, strict=True):
            trick[seat] = card
    hands = tuple(tuple(sorted(trick[seat] for trick in rounds)) for seat in range(players))
    return Script(hands, tuple(rounds), tuple(round_winners))


def four_player_script(winners: Sequence[int]) -> Script:
    """Four active seats, 13 tricks: three rounds each of clubs, diamonds, hearts, then spades, then the
    leftovers 2C (seat 0), 2D (seat 1), 2H (seat 2), 2S (seat 3), which seat 3 wins by trumping.

    ``winners`` has 12 entries; the ninth (the last heart round) must be seat 3, which then holds only
    spades and leads them. Spade counts: seats 0-2 hold three spades, seat 3 four.
    """
    assert len(winners) == 12 and winners[8] == 3
    pools = [(suit_cards(suit), long_seat) for suit, long_seat in (("C", 0), ("D", 1), ("H", 2), ("S", 3))]
    return rounds_script(4, pools, winners)


def idle_seat_script(winners: Sequence[int], idle_seat: int = 2) -> Script:
    """Four seats; ``idle_seat`` holds all 13 clubs and no spade, and never wins a trick (a forced nil
    in mirror). The other seats play four rounds each of diamonds, hearts and spades, then the
    leftovers 2D, 2H, 2S; the long-spade seat wins the last trick.

    ``winners`` has 12 entries; the eighth (the last heart round) must be the long-spade seat. Spade
    counts: the first active seat 4, the second 4, the third 5.
    """
    active = [seat for seat in range(4) if seat != idle_seat]
    assert len(winners) == 12 and winners[7] == active[2]
    pools = [(suit_cards("D"), active[0]), (suit_cards("H"), active[1]), (suit_cards("S"), active[2])]
    return rounds_script(4, pools, winners, idle={idle_seat: suit_cards("C")})


def mirror_script(winners: Sequence[int]) -> Script:
    """:func:`idle_seat_script` with seat 2 idle: spade counts 4, 4, 0, 5."""
    return idle_seat_script(winners, 2)


def three_player_script(winners: Sequence[int]) -> Script:
    """Three seats, 17 tricks (2C out): four rounds each of clubs (AC-3C), diamonds, hearts, spades, then
    the leftovers 2D (seat 0), 2H (seat 1), 2S (seat 2), which seat 2 wins.

    ``winners`` has 16 entries; the twelfth (the last heart round) must be seat 2.
    """
    assert len(winners) == 16 and winners[11] == 2
    pools = [
        (suit_cards("C", "AKQJT98765432"[:12]), None),
        (suit_cards("D"), 0),
        (suit_cards("H"), 1),
        (suit_cards("S"), 2),
    ]
    return rounds_script(3, pools, winners)


def two_player_script(winners: Sequence[int]) -> Script:
    """Two seats, 13 tricks from the 26 kept cards: AC-7C (four rounds), AD-9D, AH-9H, AS-9S (three rounds
    each). Both seats hold the same suits, so both always follow and the last spade rounds are led by a
    seat holding only spades. ``winners`` has 13 entries."""
    assert len(winners) == 13
    pools = [
        (suit_cards("C", "AKQJT987"), None),
        (suit_cards("D", "AKQJT9"), None),
        (suit_cards("H", "AKQJT9"), None),
        (suit_cards("S", "AKQJT9"), None),
    ]
    return rounds_script(2, pools, winners)


def play_script(state: GameState, script: Script) -> GameState:
    """Play every trick of ``script`` (each seat plays its scripted card when its turn comes), checking the
    winner of every trick while the hand is still visible."""
    players = state.rules.players
    for number, (trick, winner) in enumerate(zip(script.tricks, script.winners, strict=True)):
        assert state.phase is Phase.PLAY, state.phase
        for _ in range(players):
            seat = state.to_act
            assert seat is not None
            state = apply(state, Play(seat, trick[seat]))
        if state.hand is not None:
            assert state.hand.completed_tricks[number].winner == winner
    return state


def fill_hands(
    rules: Rules, partial: Sequence[str], *, void: Mapping[int, str] | None = None
) -> list[tuple[Card, ...]]:
    """Complete partial hands with the rest of the rules' deck.

    ``void`` maps a seat to suit letters (by effective suit: jokers and a promoted 2D are spades) it
    must receive no more cards of. Constrained cards are placed first, always with the seat that has the
    most room, so the result is deterministic.
    """
    void = dict(void or {})
    n, each = rules.players, rules.cards_each
    hands = [list(parse_cards(text)) for text in partial]
    assert len(hands) == n
    given = [card for hand in hands for card in hand]
    assert len(set(given)) == len(given) and set(given) <= set(rules.deck)

    def allowed(seat: int, card: Card) -> bool:
        return rules.effective_suit(card).name[0] not in void.get(seat, "")

    rest = [card for card in rules.deck if card not in set(given)]
    rest.sort(key=lambda card: -sum(not allowed(seat, card) for seat in range(n)))
    for card in rest:
        room = [seat for seat in range(n) if len(hands[seat]) < each and allowed(seat, card)]
        assert room, f"cannot place {card}"
        seat = max(room, key=lambda s: (each - len(hands[s]), -s))
        hands[seat].append(card)
    assert all(len(hand) == each for hand in hands)
    for seat, suits in void.items():
        assert all(allowed(seat, card) for card in hands[seat][len(parse_cards(partial[seat])) :]), suits
    return [tuple(sorted(hand)) for hand in hands]


def draw_stock(
    rules: Rules,
    dealer: int,
    kept: Sequence[Sequence[Card]],
    discarded: Sequence[Sequence[Card]],
    decisions: Sequence[bool],
) -> Deal:
    """The two-player stock (a :class:`Deal`) that, with the given keep/reject ``decisions`` (one per turn,
    non-dealer first), gives each seat the cards in ``kept`` and discards those in ``discarded``."""
    assert rules.deal_method == "draw" and rules.players == 2
    turns = len(decisions)
    assert turns == 2 * rules.cards_each
    to_keep = [list(cards) for cards in kept]
    to_drop = [list(cards) for cards in discarded]
    deck: list[Card] = []
    for turn, keep in enumerate(decisions):
        seat = (dealer + 1 + turn) % 2
        mine, dropped = to_keep[seat].pop(0), to_drop[seat].pop(0)
        deck += [mine, dropped] if keep else [dropped, mine]
    assert not any(to_keep) and not any(to_drop)
    return Deal(tuple(deck))


def draw_all(state: GameState, decisions: Sequence[bool]) -> GameState:
    """Apply the keep (True) / reject (False) decisions, each by the seat to act."""
    for keep in decisions:
        seat = state.to_act
        assert seat is not None
        state = apply(state, DrawDecision(seat, keep))
    return state


def raises(state: GameState, action: object, reason: IllegalReason) -> None:
    """Assert that ``apply`` refuses ``action`` with ``reason``."""
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)  # type: ignore[arg-type]
    assert info.value.reason is reason


def bids_of(seat: int, *tricks: int) -> tuple[Bid, ...]:
    """``Bid(seat, t)`` for each ``t``."""
    return tuple(Bid(seat, t) for t in tricks)

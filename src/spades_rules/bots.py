"""Built-in bots: :class:`RandomBot` and :class:`HeuristicBot`. They use only the public API and only what
their seat may know (their own cards, the bids, the tricks played), and drive ``spades-rules simulate``
and the benchmarks.

A bot is anything with ``choose(state) -> Action`` for the seat to act (:class:`Bot`). :func:`play_game`
runs a whole game with one bot per seat, dealing with a seeded random generator.

>>> from spades_rules import Rules
>>> final = play_game(Rules.standard(), [HeuristicBot(seed) for seed in range(4)], seed=1)
>>> final.is_over, final.winner in (0, 1)
(True, True)
>>> play_game(Rules.standard(), [HeuristicBot(seed) for seed in range(4)], seed=1) == final
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Protocol

from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange, Play
from spades_rules.cards import Card, Rank, Suit
from spades_rules.engine import apply, legal_actions, new_game
from spades_rules.rules import Rules
from spades_rules.state import GameState, HandState, Phase

__all__ = ["Bot", "HeuristicBot", "RandomBot", "iter_game", "play_game"]


class Bot(Protocol):
    """Anything that picks an action for the seat to act."""

    def choose(self, state: GameState) -> Action:
        """One of ``legal_actions(state)``."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, state: GameState) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(legal_actions(state))


class HeuristicBot:
    """A simple, sensible player.

    Bidding counts sure tricks (aces, guarded kings, high and long spades, ruffing chances) and bids a
    little under them; it bids nil with a hand without high cards. Play: win cheaply when it can and its
    partner is not already winning, otherwise throw its lowest card; a nil bidder ducks with the highest
    card that loses.
    Blind nil is its last resort: only when trailing by 300 to 599 with the leader within 150 of the target.
    """

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, state: GameState) -> Action:
        """The bot's action for the seat to act."""
        actions = legal_actions(state)
        hand = state.hand
        if hand is None or len(actions) == 1:
            return actions[0]
        first = actions[0]
        if isinstance(first, Play):
            return self._play(state, hand, [a for a in actions if isinstance(a, Play)])
        if isinstance(first, Bid):
            return self._bid(state, hand, [a for a in actions if isinstance(a, Bid)])
        if isinstance(first, Exchange):
            return self._exchange(state, hand, [a for a in actions if isinstance(a, Exchange)])
        if isinstance(first, DrawDecision):
            return self._draw(state, hand, first.seat)
        return first

    # --------------------------------------------------------------------------- bidding
    def _bid(self, state: GameState, hand: HandState, bids: list[Bid]) -> Bid:
        rules = state.rules
        seat = bids[0].seat
        by_kind = {(bid.tricks, bid.blind): bid for bid in bids}
        blind = by_kind.get((0, True))
        side = rules.side_of(seat)
        others = [score for other, score in enumerate(state.scores) if other != side]
        behind = max(others) - state.scores[side] if others else 0
        leading = max(others) if others else 0
        desperate = bool(others) and leading >= rules.target_score - 150 and 300 <= behind < 600
        if blind is not None and desperate:
            return blind
        cards = hand.hand_of(seat)
        estimate = _estimate_tricks(rules, cards)
        nil = by_kind.get((0, False))
        numbers = [bid for bid in bids if bid.tricks and not bid.blind]
        if nil is not None and (not numbers or _nil_worthy(rules, cards)):
            return nil
        if not numbers:
            return bids[0]
        wanted = max(1, int(estimate * _CALIBRATION.get(rules.players, 1.0) + 0.3))
        return min(numbers, key=lambda bid: (abs(bid.tricks - wanted), bid.tricks))

    # --------------------------------------------------------------------------- exchange and draw
    def _exchange(self, state: GameState, hand: HandState, exchanges: list[Exchange]) -> Exchange:
        seat = exchanges[0].seat
        bid = hand.bids[seat]
        strength = state.rules.strength

        def total(exchange: Exchange) -> int:
            return sum(strength(card) for card in exchange.cards)

        if bid is not None and bid.tricks == 0:  # the nil bidder passes its highest cards
            return max(exchanges, key=total)
        return min(exchanges, key=total)  # the partner returns low cards

    def _draw(self, state: GameState, hand: HandState, seat: int) -> DrawDecision:
        stock = hand.deal.deck
        top = stock[2 * len(hand.draws)]  # the card this seat is looking at
        good = state.rules.effective_suit(top) is Suit.SPADES or top.rank >= Rank.QUEEN
        return DrawDecision(seat, good)

    # --------------------------------------------------------------------------- play
    def _play(self, state: GameState, hand: HandState, plays: list[Play]) -> Play:
        rules = state.rules
        seat = plays[0].seat
        strength = rules.strength
        by_strength = sorted(plays, key=lambda play: (strength(play.card), play.card))
        trick = hand.trick_cards
        my_bid = hand.bids[seat]
        partner = rules.partner_of(seat)
        if not trick:
            if my_bid is not None and my_bid.tricks == 0:
                return by_strength[0]
            aces = [
                play for play in plays
                if play.card.rank is Rank.ACE and rules.effective_suit(play.card) != Suit.SPADES
            ]
            return aces[0] if aces else by_strength[0]
        led = rules.effective_suit(trick[0])
        best_at = 0
        for at in range(1, len(trick)):
            if rules.beats(trick[at], trick[best_at], led):
                best_at = at
        best = trick[best_at]
        best_seat = (hand.leader + best_at) % rules.players
        winning = [play for play in by_strength if rules.beats(play.card, best, led)]
        losing = [play for play in by_strength if not rules.beats(play.card, best, led)]
        if my_bid is not None and my_bid.tricks == 0:
            return losing[-1] if losing else winning[0]
        partner_bid = hand.bids[partner] if partner is not None else None
        partner_nil = partner_bid is not None and partner_bid.tricks == 0
        partner_winning = partner is not None and best_seat == partner and not partner_nil
        if winning and not partner_winning:
            return winning[0]
        return losing[0] if losing else by_strength[0]


_CALIBRATION = {2: 1.05, 3: 1.35, 4: 1.1, 5: 0.95}
"""Tricks taken per estimated sure trick, measured over bot games for each player count."""


def _estimate_tricks(rules: Rules, cards: Sequence[Card]) -> float:
    by_suit: dict[Suit, list[Card]] = {suit: [] for suit in Suit}
    for card in cards:
        by_suit[rules.effective_suit(card)].append(card)
    spades = sorted(by_suit[Suit.SPADES], key=rules.strength, reverse=True)
    trumps = rules.trumps
    estimate = 0.0
    for i, card in enumerate(spades):
        position = trumps.index(card)
        if position <= i + 1 or i >= 3:
            estimate += 1
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS):
        held = by_suit[suit]
        ranks = {card.rank for card in held}
        if Rank.ACE in ranks and len(held) <= 6:
            estimate += 1
        if Rank.KING in ranks and 2 <= len(held) <= 5:
            estimate += 0.6
        if len(held) <= 1 and len(spades) >= 3:
            estimate += 0.5
    return estimate


def _nil_worthy(rules: Rules, cards: Sequence[Card]) -> bool:
    spades = [card for card in cards if rules.effective_suit(card) is Suit.SPADES]
    high = [card for card in cards if card.rank >= Rank.QUEEN]
    return len(spades) <= 2 and all(card.rank <= Rank.NINE for card in spades) and not high


def iter_game(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    seed: int | random.Random | None = None,
    dealer: int = 0,
) -> Iterator[tuple[GameState, Action, GameState]]:
    """Play a whole game, yielding ``(state before, action, state after)`` for every action, deals
    included (shuffled by a generator seeded with ``seed``)."""
    if len(bots) != rules.players:
        raise ValueError(f"expected {rules.players} bots, got {len(bots)}")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    state = new_game(rules, dealer=dealer)
    while not state.is_over:
        if state.phase is Phase.DEAL:
            action: Action = Deal.shuffled(rules, rng)
        else:
            seat = state.to_act
            assert seat is not None
            action = bots[seat].choose(state)
        after = apply(state, action)
        yield state, action, after
        state = after


def play_game(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    seed: int | random.Random | None = None,
    dealer: int = 0,
) -> GameState:
    """Play a whole game between ``bots`` (one per seat) and return the final state."""
    state = new_game(rules, dealer=dealer)
    for _, _, after in iter_game(rules, bots, seed=seed, dealer=dealer):
        state = after
    return state

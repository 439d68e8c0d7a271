"""The search bot's room: a fast, sensible policy over full states and playouts of a hand with it.

:class:`~spades_rules.bots.SearchBot` plays many hands out in sampled worlds for every decision, so the
policy reads the state's own fields and the rules' compiled tables instead of building views (a hand
played out costs about half a millisecond). It plays like :class:`~spades_rules.bots.HeuristicBot`:
win the trick cheaply unless the partner is winning it, otherwise throw the lowest card; lead an ace of a
plain suit, else the lowest plain card; a nil bidder ducks with its highest losing card, and its partner
covers it. Bids come from the caller (the playouts' own: :func:`fast_bid`, the heuristic's bid with the
cards in sight, :func:`sighted_bid`). A playout ends when the hand does (``GameState.in_hand`` turns
False: scored, redealt, or the game over), so it ends under every rule set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from spades_rules._core.exchanges import exchange_size
from spades_rules._core.tricks import trick_winner
from spades_rules.actions import Action, Bid, DrawDecision, Exchange, Play
from spades_rules.cards import Card, Rank, Suit
from spades_rules.engine import apply, legal_actions
from spades_rules.rules import Rules
from spades_rules.state import GameState, Phase

__all__ = [
    "CALIBRATION", "BidPolicy", "estimate_tricks", "fast_bid", "fast_play", "hand_value", "nil_worthy", "play_out",
    "points_value", "sighted_bid",
]

BidPolicy = Callable[[GameState], Action]
"""Chooses the bid (or any bid-phase action) of the seat to act in a full state."""

_SPADES: Final = int(Suit.SPADES)
_PLAY: Final = Phase.PLAY
_BID: Final = Phase.BID
_EXCHANGE: Final = Phase.EXCHANGE


def _is_nil(bid: Bid | None) -> bool:
    return bid is not None and bid.tricks == 0


def fast_play(state: GameState) -> Play:
    """The policy's card for the seat to act in the play phase of a full state."""
    legal = legal_actions(state)
    first = legal[0]
    assert type(first) is Play
    if len(legal) == 1:
        return first
    plays: list[Play] = legal  # type: ignore[assignment]  # the play phase lists plays only
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    tables = state.rules.tables
    suit_of, power = tables.suit_of, tables.power
    seat = hand.to_act
    bids = hand.bids
    nil = _is_nil(bids[seat])
    cards = hand.trick_cards
    if not cards:
        if not nil:
            for play in plays:
                index = play.card.index
                if power[index] == 14 and suit_of[index] != _SPADES:  # a plain ace
                    return play
        return min(plays, key=lambda play: (suit_of[play.card.index] == _SPADES, power[play.card.index]))
    trick_power = tables.trick_power[suit_of[cards[0].index]]
    best_seat = trick_winner(tables, hand.leader, cards)
    top = trick_power[cards[(best_seat - hand.leader) % tables.players].index]
    winning = [play for play in plays if trick_power[play.card.index] > top]
    losing = [play for play in plays if trick_power[play.card.index] <= top]
    if nil:
        if losing:
            return max(losing, key=lambda play: power[play.card.index])
        return min(winning, key=lambda play: power[play.card.index])
    partner = state.rules.partner_of(seat)
    if partner is not None and _is_nil(bids[partner]):
        if best_seat == partner and winning:  # cover the nil partner with the highest card
            return max(winning, key=lambda play: power[play.card.index])
    elif best_seat == partner:
        return min(losing or plays, key=lambda play: (suit_of[play.card.index] == _SPADES, power[play.card.index]))
    if winning:
        return min(winning, key=lambda play: power[play.card.index])
    return min(losing, key=lambda play: (suit_of[play.card.index] == _SPADES, power[play.card.index]))


def _fast_exchange(state: GameState) -> Exchange:
    """The nil bidder passes its highest cards; its partner returns its lowest."""
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    seat = hand.to_act
    strength = state.rules.strength
    ranked = sorted(hand.hand_of(seat), key=strength, reverse=_is_nil(hand.bids[seat]))
    return Exchange(seat, tuple(ranked[: exchange_size(state.rules, hand)]))


def play_out(state: GameState, bid: BidPolicy) -> GameState:
    """The state once the hand in progress is over (scored, redealt or the game ended), every seat playing
    the policy and bidding with ``bid``."""
    while state.in_hand:
        phase = state.phase
        if phase is _PLAY:
            action: Action = fast_play(state)
        elif phase is _BID:
            action = bid(state)
        elif phase is _EXCHANGE:
            action = _fast_exchange(state)
        else:  # the two-player draw, which comes before the bids: never reached from a bid or a play
            hand = state.hand
            assert hand is not None and hand.to_act is not None
            action = DrawDecision(hand.to_act, True)
        state = apply(state, action)
    return state


def points_value(totals: Sequence[int], side: int, over: bool, winner: int | None, win_bonus: float) -> float:
    """What a hand's points per side are worth to ``side``: its points minus the mean of the other sides',
    plus ``win_bonus`` if the hand won it the game (minus, if another side won)."""
    others = [total for at, total in enumerate(totals) if at != side]
    value = totals[side] - sum(others) / len(others)
    if over and winner is not None:
        value += win_bonus if winner == side else -win_bonus
    return value


def hand_value(end: GameState, hands_before: int, seat: int, win_bonus: float) -> float:
    """:func:`points_value` to ``seat``'s side of the hand that ``end`` finished (0 when no hand
    finished: a redeal)."""
    result = end.last_result
    if result is None or end.hands_played == hands_before:
        return 0.0
    return points_value(result.totals, end.rules.side_of(seat), end.is_over, end.winner, win_bonus)


# ---------------------------------------------------------------------------------------- bids
def fast_bid(state: GameState) -> Action:
    """The heuristic's sighted bid for the seat to act in a full state (the playouts' bids)."""
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    bids = [action for action in legal_actions(state) if type(action) is Bid and not action.blind]
    return sighted_bid(state.rules, hand.hand_of(hand.to_act), bids)


CALIBRATION = {2: 1.05, 3: 1.35, 4: 1.1, 5: 0.95}
"""Tricks taken per estimated sure trick, measured over bot games for each player count."""


def estimate_tricks(rules: Rules, cards: Sequence[Card]) -> float:
    """The sure tricks of ``cards``: high and long spades, aces, guarded kings, ruffing chances."""
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


def sighted_bid(rules: Rules, cards: Sequence[Card], bids: Sequence[Bid]) -> Bid:
    """The heuristic's bid with its cards in sight: nil with a hand without high cards, else the number
    closest to its calibrated estimate of sure tricks."""
    nil = next((bid for bid in bids if bid.tricks == 0 and not bid.blind), None)
    numbers = [bid for bid in bids if bid.tricks and not bid.blind]
    if nil is not None and (not numbers or nil_worthy(rules, cards)):
        return nil
    if not numbers:
        return bids[0]
    wanted = max(1, int(estimate_tricks(rules, cards) * CALIBRATION.get(rules.players, 1.0) + 0.3))
    return min(numbers, key=lambda bid: (abs(bid.tricks - wanted), bid.tricks))


def nil_worthy(rules: Rules, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` make a nil: at most two low spades and no card above the jack."""
    spades = [card for card in cards if rules.effective_suit(card) is Suit.SPADES]
    high = [card for card in cards if card.rank >= Rank.QUEEN]
    return len(spades) <= 2 and all(card.rank <= Rank.NINE for card in spades) and not high

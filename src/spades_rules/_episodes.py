"""What the AI-ecosystem adapters share: how an episode is cut out of a game, and its payoffs.

Both :mod:`spades_rules.openspiel` and :mod:`spades_rules.pettingzoo` play either one hand per episode
or a whole game, offer the seat to act its legal codes (redeals capped so that every game is finite), in
the full or the compact action space (:mod:`spades_rules.codec`), and pay each seat its side's points.
Nothing here needs NumPy, pyspiel or PettingZoo.
"""

from __future__ import annotations

from typing import Final

from spades_rules._exchanges import exchange_sizes
from spades_rules._messages import describe
from spades_rules.actions import Redeal
from spades_rules.cards import Card, format_cards
from spades_rules.codec import REDEAL_BASE, _mask_refusal, compact_step, decode_action, legal_codes
from spades_rules.engine import apply
from spades_rules.errors import RulesError
from spades_rules.rules import Rules
from spades_rules.state import GameState, Phase

__all__ = [
    "DEFAULT_MAX_HANDS",
    "MAX_REDEALS",
    "PICKED_BLOCK",
    "check_action_space",
    "episode_over",
    "episode_rules",
    "hand_bound",
    "hand_rewards",
    "offered_codes",
    "picked_tensor",
    "picked_text",
    "play_code",
    "shows_picks",
]

DEFAULT_MAX_HANDS: Final = 50
"""The hand limit of a whole-game episode whose rules set no ``max_hands`` (a game must end)."""
MAX_REDEALS: Final = 3
"""Redeals offered in a row before a hand must be played (a game must end)."""


def episode_rules(rules: Rules, whole_game: bool) -> Rules:
    """The rules an episode plays: ``rules``, with ``max_hands`` = :data:`DEFAULT_MAX_HANDS` for a
    whole game whose rules have no hand limit."""
    if not isinstance(whole_game, bool):
        raise RulesError(f"whole_game must be True or False, not {describe(whole_game)}")
    if whole_game and rules.max_hands is None:
        return rules.evolve(max_hands=DEFAULT_MAX_HANDS)
    return rules


def hand_bound(rules: Rules) -> int:
    """A bound on the absolute value of one side's points for one hand."""
    tricks = rules.tricks_per_hand
    side = max(len(seats) for seats in rules.sides)
    blind = rules.blind_bid_multiplier if rules.blind_bid_min is not None else 1  # the factors multiply
    contract = 10 * tricks * side * (2 if rules.ten_for_two_hundred else 1) * blind
    nils = max(rules.nil_value, rules.blind_nil_value, rules.double_nil_value or 0, rules.double_nil_penalty or 0)
    bound = max(contract, rules.moon_points) + side * nils + tricks * rules.bag_value
    if rules.bag_limit is not None:
        bound += rules.bag_penalty * (tricks // rules.bag_limit + 1)
    return bound


def episode_over(state: GameState, whole_game: bool) -> bool:
    """Whether the episode has ended: the game is over, or (one-hand episodes) the first hand is scored."""
    return state.is_over or (not whole_game and state.hands_played >= 1)


def check_action_space(rules: Rules, compact: object, where: str) -> bool:
    """``compact`` as a bool, once the action space is known to fit a mask: the adapters refuse at
    construction what :func:`~spades_rules.codec.legal_action_mask` would refuse at every decision."""
    if type(compact) is not bool:
        raise RulesError(f"{where}: compact_actions must be True or False, not {describe(compact)}")
    refusal = _mask_refusal(rules, compact)
    if refusal is not None:
        raise RulesError(f"{where}: {refusal}: pass compact_actions=True")
    return compact


def offered_codes(
    state: GameState, seat: int, redeals: int, compact: bool = False, picked: tuple[Card, ...] = ()
) -> tuple[int, ...]:
    """The codes offered to ``seat``: :func:`~spades_rules.codec.legal_codes` of that seat when it is to
    act (empty otherwise; in the compact space, with the cards ``picked`` so far), without redeal calls
    once ``redeals`` reaches :data:`MAX_REDEALS`."""
    if state.to_act != seat:
        return ()
    codes = legal_codes(state, seat, compact=compact, picked=picked)
    if redeals >= MAX_REDEALS:
        return tuple(code for code in codes if not REDEAL_BASE <= code < REDEAL_BASE + state.rules.players)
    return codes


def play_code(
    state: GameState, code: int, compact: bool, picked: tuple[Card, ...]
) -> tuple[GameState, tuple[Card, ...], bool]:
    """Play ``code``: the state and the picks after it, and whether it called a redeal."""
    if compact and state.phase is Phase.EXCHANGE:
        after, picks = compact_step(state, picked, code)
        return after, picks, False
    move = decode_action(code, state)
    return apply(state, move), (), type(move) is Redeal


PICKED_BLOCK: Final = "picked"
"""The name of the observation block that shows, in the compact space, the cards the observer has picked
so far for the exchange it is making (one slot per card of the deck, as the tensor's card blocks)."""


def shows_picks(rules: Rules, compact: bool) -> bool:
    """Whether the observations carry the :data:`PICKED_BLOCK`: in the compact space, when the rules have
    an exchange."""
    return compact and bool(exchange_sizes(rules))


def picked_tensor(rules: Rules, state: GameState, seat: int, picked: tuple[Card, ...]) -> list[float]:
    """The :data:`PICKED_BLOCK` of ``seat``'s observation: 1 at the cards it has picked (only the picker
    sees its picks)."""
    chosen = set(picked) if state.to_act == seat else set()
    return [1.0 if card in chosen else 0.0 for card in rules.deck]


def picked_text(state: GameState, seat: int, picked: tuple[Card, ...]) -> str:
    """The line that the observation text of ``seat`` gains while it picks its exchange ("" otherwise)."""
    if not picked or state.to_act != seat:
        return ""
    return f"\nPicked for the exchange so far: {format_cards(picked)}"


def hand_rewards(before: GameState, after: GameState) -> tuple[int, ...] | None:
    """Per seat, its side's points for the hand that ``after`` finished (None when no hand finished)."""
    if after.hands_played == before.hands_played:
        return None
    last = after.last_result
    assert last is not None  # a hand has just finished
    totals = last.totals
    rules = after.rules
    return tuple(totals[rules.side_of(seat)] for seat in range(rules.players))

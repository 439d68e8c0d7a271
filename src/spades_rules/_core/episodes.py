"""What the AI-ecosystem adapters share: how an episode is cut out of a game, and its payoffs.

Both :mod:`spades_rules.openspiel` and :mod:`spades_rules.pettingzoo` play either one hand per episode
or a whole game (OpenSpiel's ends at a hand limit; PettingZoo's and the single-agent environment's are
truncated at a backstop), offer the seat to act its legal codes (redeals capped so that every game is finite), in
the full or the compact action space (:mod:`spades_rules.codec`), and pay each seat its side's points.
Nothing here needs NumPy, pyspiel or PettingZoo.
"""

from __future__ import annotations

from typing import Final

from spades_rules._core.checks import integer_or_none
from spades_rules._core.exchanges import exchange_sizes
from spades_rules._core.messages import describe
from spades_rules.actions import Redeal
from spades_rules.cards import Card, format_cards
from spades_rules.codec import REDEAL_BASE, _mask_refusal, compact_step, decode_action, legal_codes
from spades_rules.engine import apply
from spades_rules.errors import ArgumentTypeError, RulesError
from spades_rules.rules import Rules
from spades_rules.state import GameState, Phase
from spades_rules.views.tensor import observation_tensor_layout, observation_tensor_size

__all__ = [
    "DEFAULT_MAX_HANDS",
    "GYMNASIUM_NAME",
    "MAX_BACKSTOP",
    "MAX_REDEALS",
    "PICKED_BLOCK",
    "check_action_space",
    "check_backstop",
    "check_whole_game",
    "episode_hands",
    "episode_over",
    "episode_rules",
    "episode_truncated",
    "hand_bound",
    "hand_rewards",
    "observation_bounds",
    "offered_codes",
    "picked_tensor",
    "picked_text",
    "play_code",
    "register_gymnasium",
    "shows_picks",
]

DEFAULT_MAX_HANDS: Final = 50
"""The hand limit of a whole-game episode whose rules set no ``max_hands`` (a game must end)."""
MAX_BACKSTOP: Final = 1_000_000_000
"""The largest backstop (hands) an episode takes: beyond it, None (no backstop) says the same."""
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


def check_whole_game(whole_game: object) -> bool:
    """``whole_game`` as a bool (anything else refused by name)."""
    if not isinstance(whole_game, bool):
        raise RulesError(f"whole_game must be True or False, not {describe(whole_game)}")
    return whole_game


def check_backstop(backstop: object, name: str = "backstop") -> int | None:
    """``backstop`` (the most hands of a whole-game episode before it is truncated) as an int of at least 1,
    or None for no backstop; anything else refused by name."""
    if backstop is None:
        return None
    number = integer_or_none(backstop)
    if number is None:
        raise ArgumentTypeError(f"{name} must be a number of hands or None, not {describe(backstop)}",
                                parameter=name)
    if not 1 <= number <= MAX_BACKSTOP:
        raise RulesError(f"{name} must be from 1 to {MAX_BACKSTOP:,} hands (or None for no backstop), "
                         f"not {describe(backstop)}")
    return number


def episode_hands(rules: Rules, whole_game: bool, backstop: int | None) -> int | None:
    """The most hands an episode plays: one, or a whole game's (the rules' ``max_hands`` or the backstop,
    whichever comes first; None when neither limits it)."""
    if not whole_game:
        return 1
    limits = [limit for limit in (rules.max_hands, backstop) if limit is not None]
    return min(limits) if limits else None


def episode_truncated(state: GameState, whole_game: bool, backstop: int | None) -> bool:
    """Whether a whole-game episode is stopped at the backstop: ``backstop`` hands played and the game not
    over by its rules (Gymnasium's and PettingZoo's *truncation*)."""
    return whole_game and backstop is not None and not state.is_over and state.hands_played >= backstop


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


def observation_bounds(rules: Rules, hands: int | None, picks: bool) -> tuple[list[float], list[float]]:
    """The least and the greatest value of every entry of a seat's observation vector,
    :func:`~spades_rules.views.tensor.observation_tensor` (followed by the :data:`PICKED_BLOCK` with ``picks``),
    over episodes of at most ``hands`` hands from 0-0 (None: no limit, the scores and the bags unbounded).

    Every entry is a 0/1 flag or a count scaled into [0, 1], except: the hand sizes (a partner holds the
    cards passed to it until it passes as many back), the scores (at most ``hands`` times
    :func:`hand_bound` either way, over the target) and the bags (below the bag limit, or at most ``hands``
    times the tricks of a hand over 10 when there is none)."""
    size = observation_tensor_size(rules)
    low = [0.0] * (size + (len(rules.deck) if picks else 0))
    high = [1.0] * len(low)
    tricks = rules.tricks_per_hand
    for name, (start, length) in observation_tensor_layout(rules).items():
        if name == "hand_sizes":
            top = (tricks + max((*exchange_sizes(rules), 0))) / tricks
        elif name == "scores":
            top = float("inf") if hands is None else hands * hand_bound(rules) / rules.target_score
        elif name == "bags" and rules.bag_limit is None:
            top = float("inf") if hands is None else hands * tricks / 10
        else:
            continue
        high[start : start + length] = [top] * length
        if name == "scores":
            low[start : start + length] = [-top] * length
    return low, high


GYMNASIUM_NAME: Final = "spades_rules/Spades-v0"
"""The id registered with Gymnasium: ``gymnasium.make`` builds the single-agent environment
(:class:`spades_rules.pettingzoo.single_agent.SingleAgentEnv`), ``gymnasium.make_vec(..., vectorization_mode=
"vector_entry_point")`` the batch's vector environment (:class:`spades_rules.batch.vector.BatchVectorEnv`)."""


def register_gymnasium() -> None:
    """Register :data:`GYMNASIUM_NAME` with Gymnasium, both entry points, once (either module that offers one
    of them registers both; Gymnasium is imported here only, by those modules)."""
    import gymnasium  # only the modules that already need Gymnasium call this

    if GYMNASIUM_NAME not in gymnasium.registry:
        gymnasium.register(
            id=GYMNASIUM_NAME,
            entry_point="spades_rules.pettingzoo.single_agent:SingleAgentEnv",
            vector_entry_point="spades_rules.batch.vector:BatchVectorEnv",
        )


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

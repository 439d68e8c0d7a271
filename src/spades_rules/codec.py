"""An integer action codec compatible with OpenSpiel's ``spades`` game, extended for every variant.

Every action a player takes has one integer code, the same whatever the state and the rules (only an
exchange's code depends on how many cards are passed, which the rules fix). OpenSpiel's numbering is kept
for everything OpenSpiel has; what it lacks lives above 65:

=============  ==========================================================================================
code           action
=============  ==========================================================================================
0 – 51         play a card: ``suit·13 + rank − 2``, suits C, D, H, S, ranks 2 … A (:attr:`Card.index`)
52             bid nil
53 – 65        bid 1 … 13
66 – 79        bid 14 … 27 (three players deal 17 or 18 cards; a dealt two-player game up to 27)
80             bid blind nil
81, 82         play the little joker (``LJ``), the big joker (``BJ``)
83, 84         two-player draw: keep, reject
85 – 89        call a redeal: seat 0 … 4 (85 + seat)
90 + r         blind-nil exchange of *k* cards (k = ``Rules.blind_nil_exchange``): *r* is the rank of the
               set of card indices among all k-subsets of the 54 indices, in lexicographic order
               (``r < C(54, k)``: the exchange codes are dense)
=============  ==========================================================================================

Within each phase the codes increase in the order of :func:`~spades_rules.engine.legal_actions`: plays by
card (jokers last), bids nil, 1 … n then blind nil then redeals by seat, keep before reject, exchanges in
:func:`itertools.combinations` order of the sorted hand. So ``legal_codes(state)`` is sorted, like
OpenSpiel's ``legal_actions()``.

The deal is a chance outcome, not a player's action, and has no code.

>>> from spades_rules import Rules, Deal, Bid, Play, Exchange, new_game, apply, legal_actions
>>> encode_action(Play(0, "2C")), encode_action(Play(0, "AS")), encode_action(Play(1, "BJ"))
(0, 51, 82)
>>> encode_action(Bid.nil(2)), encode_action(Bid(2, 13)), encode_action(Bid.blind_nil(2))
(52, 65, 80)
>>> encode_action(Exchange(0, "2C 3C")), encode_action(Exchange(0, "2C 4C"))
(90, 91)
>>> state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 1))
>>> decode_action(56, state)
Bid(seat=1, tricks=4, blind=False)
>>> legal_codes(state)
(52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65)
>>> num_distinct_actions(Rules.bicycle()), num_distinct_actions(Rules.standard())
(66, 1521)
>>> mask = legal_action_mask(state)
>>> len(mask), [code for code, legal in enumerate(mask) if legal] == list(legal_codes(state))
(1521, True)
"""

from __future__ import annotations

import operator
from functools import lru_cache
from math import comb
from typing import Final

from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange, Play, PlayerAction, Redeal
from spades_rules.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, Card
from spades_rules.engine import legal_actions
from spades_rules.errors import ArgumentTypeError, IllegalActionError, IllegalReason, RulesError, not_a_state
from spades_rules.rules import Rules
from spades_rules.state import GameState, Phase

__all__ = [
    "BIG_JOKER_CODE",
    "BLIND_NIL_CODE",
    "DRAW_KEEP_CODE",
    "DRAW_REJECT_CODE",
    "EXCHANGE_BASE",
    "LITTLE_JOKER_CODE",
    "MAX_BID",
    "NIL_CODE",
    "REDEAL_BASE",
    "decode_action",
    "encode_action",
    "legal_action_mask",
    "legal_codes",
    "num_distinct_actions",
]

NIL_CODE: Final = 52
"""The code of a nil bid; a bid of ``n`` tricks is ``NIL_CODE + n`` (OpenSpiel: 53 – 65 for 1 – 13)."""
MAX_BID: Final = 27
"""The highest bid the codec covers: the most tricks any valid :class:`Rules` can deal (54 cards, 2 seats)."""
BLIND_NIL_CODE: Final = 80
"""The code of a blind nil bid."""
LITTLE_JOKER_CODE: Final = 81
BIG_JOKER_CODE: Final = 82
DRAW_KEEP_CODE: Final = 83
"""Two-player draw: keep the top card."""
DRAW_REJECT_CODE: Final = 84
"""Two-player draw: reject the top card (and keep the next)."""
REDEAL_BASE: Final = 85
"""Seat ``s`` calling a redeal is ``REDEAL_BASE + s``."""
EXCHANGE_BASE: Final = 90
"""An exchange is ``EXCHANGE_BASE +`` the lexicographic rank of its card set among the k-subsets of 54."""

_UNIVERSE: Final = len(ALL_CARDS)
_MASK_LIMIT: Final = 1 << 22
"""The longest mask :func:`legal_action_mask` builds; beyond it use :func:`legal_codes`."""


# ------------------------------------------------------------------------------------ exchange ranking
def _rank_subset(indices: tuple[int, ...]) -> int:
    """The lexicographic rank of strictly increasing ``indices`` among the k-subsets of ``range(54)``.

    Lexicographic order of ``a`` is reverse colexicographic order of ``53 − a``, whose rank is the
    combinatorial number system's ``Σ C(b_j, j)``.
    """
    k = len(indices)
    mirrored = sorted(_UNIVERSE - 1 - index for index in indices)
    colex = sum(comb(b, j) for j, b in enumerate(mirrored, start=1))
    return comb(_UNIVERSE, k) - 1 - colex


def _unrank_subset(rank: int, k: int) -> tuple[int, ...]:
    """The inverse of :func:`_rank_subset` (``0 <= rank < C(54, k)``)."""
    remaining = comb(_UNIVERSE, k) - 1 - rank
    mirrored = []
    for j in range(k, 0, -1):
        b = j - 1
        while comb(b + 1, j) <= remaining:
            b += 1
        mirrored.append(b)
        remaining -= comb(b, j)
    return tuple(sorted(_UNIVERSE - 1 - b for b in mirrored))


# ------------------------------------------------------------------------------------ encoding
def _card_code(card: Card) -> int:
    index = card.index
    if index < NIL_CODE:
        return index
    return LITTLE_JOKER_CODE if card is LITTLE_JOKER else BIG_JOKER_CODE


def encode_action(action: Action) -> int:
    """The integer code of a player's action (see the module table).

    Raises :class:`~spades_rules.errors.IllegalActionError` for a :class:`Deal` (a chance outcome, no
    code), a bid above :data:`MAX_BID`, an exchange naming a card twice, or anything not an action.

    >>> encode_action(Play(3, "TH")), encode_action(Bid(0, 4)), encode_action(Redeal(2))
    (34, 56, 87)
    >>> encode_action(DrawDecision(1, True)), encode_action(DrawDecision(1, False))
    (83, 84)
    """
    kind = type(action)
    if kind is Play:
        assert isinstance(action, Play)
        return _card_code(action.card)
    if kind is Bid:
        assert isinstance(action, Bid)
        if action.blind:
            return BLIND_NIL_CODE
        if action.tricks > MAX_BID:
            raise IllegalActionError(
                IllegalReason.BID_OUT_OF_RANGE,
                f"{action} has no code: no rules deal more than {MAX_BID} tricks",
                action=action,
            )
        return NIL_CODE + action.tricks
    if kind is DrawDecision:
        assert isinstance(action, DrawDecision)
        return DRAW_KEEP_CODE if action.keep else DRAW_REJECT_CODE
    if kind is Redeal:
        assert isinstance(action, Redeal)
        return REDEAL_BASE + action.seat
    if kind is Exchange:
        assert isinstance(action, Exchange)
        indices = tuple(card.index for card in action.cards)
        if len(set(indices)) != len(indices):
            raise IllegalActionError(
                IllegalReason.INVALID_EXCHANGE,
                f"{action} has no code: it names a card twice",
                action=action,
            )
        return EXCHANGE_BASE + _rank_subset(indices)
    if kind is Deal:
        raise IllegalActionError(
            IllegalReason.NOT_AN_ACTION, "a Deal is a chance outcome and has no action code", action=action
        )
    raise IllegalActionError(IllegalReason.NOT_AN_ACTION, f"{action!r} is not an action", action=action)


def _exchanges_possible(rules: Rules) -> bool:
    return rules.partnerships and rules.blind_nil and rules.blind_nil_exchange > 0


def num_distinct_actions(rules: Rules) -> int:
    """One more than the highest code any action can have under ``rules``: every code is below it.

    Rules without anything OpenSpiel lacks give OpenSpiel's 66; blind nil adds code 80, and with its
    exchange of ``k`` cards the ``C(54, k)`` exchange codes from 90 on.

    >>> num_distinct_actions(Rules.bicycle()), num_distinct_actions(Rules.no_bid())
    (66, 52)
    >>> num_distinct_actions(Rules.two_player()), num_distinct_actions(Rules.three_player())
    (85, 81)
    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(
            f"num_distinct_actions() needs a Rules value as rules, not {type(rules).__name__}", parameter="rules"
        )
    return _num_distinct_actions(rules)


@lru_cache(maxsize=256)
def _num_distinct_actions(rules: Rules) -> int:
    highest = max(_card_code(card) for card in rules.deck)
    if rules.has_bidding_phase:
        highest = max(highest, NIL_CODE + rules.tricks_per_hand)
    if rules.blind_nil:
        highest = max(highest, BLIND_NIL_CODE)
    if rules.deal_method == "draw":
        highest = max(highest, DRAW_REJECT_CODE)
    if rules.redeal_on:
        highest = max(highest, REDEAL_BASE + rules.players - 1)
    if _exchanges_possible(rules):
        highest = EXCHANGE_BASE + comb(_UNIVERSE, rules.blind_nil_exchange) - 1
    return highest + 1


# ------------------------------------------------------------------------------------ decoding
_PHASE_OF_KIND: Final = {
    "play": Phase.PLAY,
    "bid": Phase.BID,
    "redeal": Phase.BID,
    "draw": Phase.DRAW,
    "exchange": Phase.EXCHANGE,
}


def _kind_of(code: int) -> str:
    if code < NIL_CODE or code in (LITTLE_JOKER_CODE, BIG_JOKER_CODE):
        return "play"
    if code <= BLIND_NIL_CODE:
        return "bid"
    if code in (DRAW_KEEP_CODE, DRAW_REJECT_CODE):
        return "draw"
    if code < EXCHANGE_BASE:
        return "redeal"
    return "exchange"


def decode_action(code: int, state: GameState) -> PlayerAction:
    """The action with this code for the seat to act in ``state`` (a redeal code names its own seat).

    Decoding does not check legality beyond the phase: :func:`~spades_rules.engine.apply` does. Raises
    :class:`~spades_rules.errors.IllegalActionError` with reason ``NOT_AN_ACTION`` for a code that is
    no action under the state's rules (not an int, negative, at or above :func:`num_distinct_actions`,
    a redeal by a seat that does not exist), ``WRONG_PHASE`` for a code of another phase (or a chance
    node, where no seat acts) and ``GAME_OVER`` once the game is over.

    **A code names no seat**: it decodes to the action of the seat to act (a redeal code to the seat it
    names), whoever sent it. A server that takes codes from several players must therefore check who
    sent each one, for example with :func:`legal_codes` of the sender's seat, before applying it:

    >>> from spades_rules import Rules, Deal, IllegalActionError, new_game, apply
    >>> def accept(state: GameState, sender: int, code: int) -> GameState:
    ...     if code not in legal_codes(state, sender):   # not the sender's turn, or not a legal code
    ...         raise IllegalActionError(IllegalReason.OUT_OF_TURN, f"seat {sender} may not play code {code}")
    ...     return apply(state, decode_action(code, state))
    >>> state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 1))
    >>> decode_action(56, state).seat                  # seat 1 is to act, whoever sends 56
    1
    >>> accept(state, 1, 56).hand.bids[1]
    Bid(seat=1, tricks=4, blind=False)
    >>> accept(state, 3, 56)
    Traceback (most recent call last):
    ...
    spades_rules.errors.IllegalActionError: seat 3 may not play code 56

    >>> decode_action(52, state), decode_action(80, state)
    (Bid(seat=1, tricks=0, blind=False), Bid(seat=1, tricks=0, blind=True))
    >>> decode_action(0, state)
    Traceback (most recent call last):
    ...
    spades_rules.errors.IllegalActionError: code 0 is a play, but the game is in the bid phase
    """
    if type(state) is not GameState:
        raise not_a_state(state, "decode_action")
    if type(code) is not int:
        if isinstance(code, bool) or not hasattr(code, "__index__"):
            raise IllegalActionError(IllegalReason.NOT_AN_ACTION, f"an action code is an int, not {code!r}")
        code = operator.index(code)  # NumPy integers, as an argmax over a mask gives them
    rules = state.rules
    limit = num_distinct_actions(rules)
    if not 0 <= code < limit:
        raise IllegalActionError(
            IllegalReason.NOT_AN_ACTION, f"code {code} is not an action code: these rules use 0 to {limit - 1}"
        )
    if state.phase is Phase.GAME_OVER:
        raise IllegalActionError(IllegalReason.GAME_OVER, f"the game is over; code {code} is not accepted")
    kind = _kind_of(code)
    if state.phase is not _PHASE_OF_KIND[kind]:
        raise IllegalActionError(
            IllegalReason.WRONG_PHASE, f"code {code} is a {kind}, but the game is in the {state.phase.value} phase"
        )
    if kind == "redeal":
        caller = code - REDEAL_BASE
        if caller >= rules.players:
            raise IllegalActionError(
                IllegalReason.NOT_AN_ACTION, f"code {code} is a redeal by seat {caller}, which does not exist"
            )
        return Redeal(caller)
    seat = state.to_act
    assert seat is not None
    if kind == "play":
        card = ALL_CARDS[code] if code < NIL_CODE else LITTLE_JOKER if code == LITTLE_JOKER_CODE else BIG_JOKER
        return Play(seat, card)
    if kind == "bid":
        return Bid.blind_nil(seat) if code == BLIND_NIL_CODE else Bid(seat, code - NIL_CODE)
    if kind == "draw":
        return DrawDecision(seat, code == DRAW_KEEP_CODE)
    indices = _unrank_subset(code - EXCHANGE_BASE, rules.blind_nil_exchange)
    return Exchange(seat, tuple(ALL_CARDS[index] for index in indices))


# ------------------------------------------------------------------------------------ legal codes
def legal_codes(state: GameState, seat: int | None = None) -> tuple[int, ...]:
    """The codes of :func:`~spades_rules.engine.legal_actions`, in the same (increasing) order; with
    ``seat``, of that seat's actions only (what an agent playing that seat may choose).

    Empty at a chance node and once the game is over, like ``legal_actions``.
    """
    if type(state) is not GameState:
        raise not_a_state(state, "legal_codes")
    return tuple(encode_action(action) for action in legal_actions(state, seat))


def legal_action_mask(state: GameState, seat: int | None = None) -> tuple[bool, ...]:
    """A tuple of :func:`num_distinct_actions` booleans, True at the codes of the legal actions (with
    ``seat``, of that seat's actions only, like OpenSpiel's per-player mask).

    For rules whose exchange makes the code space huge (``blind_nil_exchange`` of 6 or more, over four
    million codes) this raises :class:`~spades_rules.errors.RulesError`: use :func:`legal_codes`.
    """
    if type(state) is not GameState:
        raise not_a_state(state, "legal_action_mask")
    size = num_distinct_actions(state.rules)
    if size > _MASK_LIMIT:
        raise RulesError(f"these rules have {size} action codes, too many for a mask: use legal_codes(state) instead")
    mask = [False] * size
    for code in legal_codes(state, seat):
        mask[code] = True
    return tuple(mask)

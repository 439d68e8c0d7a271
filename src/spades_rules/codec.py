"""An integer action codec compatible with OpenSpiel's ``spades`` game, extended for every variant.

Every action a player takes has one integer code, the same whatever the state and the rules (only an
exchange's code depends on how many cards are passed, which the rules fix). OpenSpiel's numbering is kept
for everything OpenSpiel has; what it lacks lives above 65 (the codes below 90 have kept their numbers
since the first release candidate; the exchange block moved from 90 to 117 when blind bids came):

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
90 – 116       a blind bid of 1 … 27 tricks (``Rules.blind_bid_min``): 89 + n
117 + r        an exchange of *k* cards (k = ``Rules.blind_nil_exchange`` after a blind nil,
               ``Rules.nil_exchange`` after a plain nil): *r* is the rank of the set of card indices among
               all k-subsets of the 54 indices, in lexicographic order (``r < C(54, k)``: the exchange
               codes are dense; :data:`EXCHANGE_BASE` + r; the state's pending exchange gives *k*). The full
               space only: the compact space (below) picks an exchange's cards one by one, as card codes
=============  ==========================================================================================

Within each phase the codes increase in the order of :func:`~spades_rules.engine.legal_actions`: plays by
card (jokers last), bids nil, 1 … n then blind nil then redeals by seat then blind numbers, keep before
reject, exchanges in
:func:`itertools.combinations` order of the sorted hand. So ``legal_codes(state)`` is sorted, like
OpenSpiel's ``legal_actions()``.

The deal is a chance outcome, not a player's action, and has no code.

>>> from spades_rules import Rules, Deal, Bid, Play, Exchange, new_game, apply, legal_actions
>>> encode_action(Play(0, "2C")), encode_action(Play(0, "AS")), encode_action(Play(1, "BJ"))
(0, 51, 82)
>>> encode_action(Bid.nil(2)), encode_action(Bid(2, 13)), encode_action(Bid.blind_nil(2))
(52, 65, 80)
>>> encode_action(Bid(2, 6, blind=True)), encode_action(Exchange(0, "2C 3C")), encode_action(Exchange(0, "2C 4C"))
(95, 117, 118)
>>> state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 1))
>>> decode_action(56, state)
Bid(seat=1, tricks=4, blind=False)
>>> legal_codes(state)
(52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65)
>>> num_distinct_actions(Rules.bicycle()), num_distinct_actions(Rules.standard())
(66, 1548)
>>> num_distinct_actions(Rules.standard(), compact=True)
81
>>> mask = legal_action_mask(state)
>>> len(mask), [code for code, legal in enumerate(mask) if legal] == list(legal_codes(state))
(1548, True)

**The compact action space** (``compact=True`` in :func:`num_distinct_actions`, :func:`legal_codes` and
:func:`legal_action_mask`; :func:`compact_step` applies a code) has every code of the table above but
no exchange block: an exchange of *k* cards is *k* consecutive decisions of the seat to act in the
exchange phase, each the card code (0 – 51, 81, 82) of a card it holds and has not yet picked for this
exchange, in any order. The picks so far travel beside the state (``picked``, a tuple of cards); after
the *k*-th pick, ``Exchange(seat, the k picked cards)`` is applied. Its :func:`num_distinct_actions` is
the highest code the rules can produce, plus one: 81 for standard Spades instead of 1,548, and it stays
small for any exchange size (the full space of ``blind_nil_exchange=6`` has 25.8 million codes, too
many for a mask). Everything else (decisions, order, codes outside the exchange) is the same in both
spaces, so a game played in either reaches the same states.

>>> from spades_rules import Rules, Deal, Bid, new_game, apply
>>> rules = Rules.standard().evolve(blind_nil_deficit=None)           # blind nil always allowed
>>> state = apply(new_game(rules), Deal.shuffled(rules, 1))
>>> for bid in (Bid.blind_nil(1), Bid(2, 4), Bid(3, 3), Bid(0, 4)):   # seat 1 bids blind nil
...     state = apply(state, bid)
>>> state.phase, state.to_act, num_distinct_actions(rules, compact=True)
(<Phase.EXCHANGE: 'exchange'>, 1, 81)
>>> legal_codes(state, compact=True) == tuple(card.index for card in state.hand.hand_of(1))
True
>>> state, picked = compact_step(state, (), 49)                  # QS: pending, the same state
>>> picked, state.phase, 49 in legal_codes(state, compact=True, picked=picked)
((Card.parse('QS'),), <Phase.EXCHANGE: 'exchange'>, False)
>>> state, picked = compact_step(state, picked, 25)              # AD: the second pick applies it
>>> picked, state.hand.exchanges[-1], state.to_act               # then the partner, seat 3, returns two
((), Exchange(seat=1, cards=(Card.parse('AD'), Card.parse('QS'))), 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from math import comb
from typing import Final

from spades_rules._core.checks import check_seat, integer_or_none, not_a_state, not_an_action, read_items
from spades_rules._core.exchanges import exchange_size, exchange_sizes
from spades_rules._core.messages import describe
from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange, Play, PlayerAction, Redeal
from spades_rules.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, Card, cards_of_mask, format_cards
from spades_rules.engine import apply, legal_actions
from spades_rules.errors import ArgumentTypeError, IllegalActionError, IllegalReason, RulesError
from spades_rules.rules import Rules
from spades_rules.state import GameState, Phase

__all__ = [
    "BIG_JOKER_CODE",
    "BLIND_BID_BASE",
    "BLIND_NIL_CODE",
    "DRAW_KEEP_CODE",
    "DRAW_REJECT_CODE",
    "EXCHANGE_BASE",
    "LITTLE_JOKER_CODE",
    "MAX_BID",
    "NIL_CODE",
    "REDEAL_BASE",
    "compact_codes",
    "compact_step",
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
BLIND_BID_BASE: Final = 89
"""A blind bid of ``n`` tricks (``n >= 1``) is ``BLIND_BID_BASE + n``: 90 – 116."""
EXCHANGE_BASE: Final = 117
"""An exchange is ``EXCHANGE_BASE +`` the lexicographic rank of its card set among the k-subsets of 54."""

_UNIVERSE: Final = len(ALL_CARDS)
_MASK_LIMIT: Final = 1 << 22
"""The longest mask :func:`legal_action_mask` builds (and the adapters offer); beyond it use
:func:`legal_codes` or the compact space (internal)."""


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
    code), a bid above :data:`MAX_BID` or an exchange naming a card twice; anything not an action raises
    :class:`~spades_rules.errors.ArgumentTypeError`.

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
        if action.tricks > MAX_BID:
            raise IllegalActionError(
                IllegalReason.BID_OUT_OF_RANGE,
                f"{action} has no code: no rules deal more than {MAX_BID} tricks",
                action=action,
            )
        if action.blind:
            return BLIND_BID_BASE + action.tricks if action.tricks else BLIND_NIL_CODE
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
    raise not_an_action(action, "encode_action")




def num_distinct_actions(rules: Rules, *, compact: bool = False) -> int:
    """One more than the highest code any action can have under ``rules``: every code is below it.

    Rules without anything OpenSpiel lacks give OpenSpiel's 66; blind nil adds code 80, and with its
    exchange of ``k`` cards the ``C(54, k)`` exchange codes from :data:`EXCHANGE_BASE` on. In the compact
    space (``compact=True``, see the module docstring) there is no exchange block: an exchange is picked
    a card code at a time.

    >>> num_distinct_actions(Rules.bicycle()), num_distinct_actions(Rules.no_bid())
    (66, 52)
    >>> num_distinct_actions(Rules.two_player()), num_distinct_actions(Rules.three_player())
    (85, 81)
    >>> num_distinct_actions(Rules.jokers()), num_distinct_actions(Rules.jokers(), compact=True)
    (1548, 83)
    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(
            f"num_distinct_actions() needs a Rules value as rules, not {type(rules).__name__}", parameter="rules"
        )
    return _num_distinct_actions(rules, _check_compact(compact, "num_distinct_actions"))


def _check_compact(compact: object, function: str) -> bool:
    if type(compact) is not bool:
        raise ArgumentTypeError(
            f"{function}(): compact must be True or False, not {type(compact).__name__}", parameter="compact"
        )
    return compact


@lru_cache(maxsize=256)
def _num_distinct_actions(rules: Rules, compact: bool) -> int:
    highest = max(_card_code(card) for card in rules.deck)
    if rules.has_bidding_phase:
        highest = max(highest, NIL_CODE + rules.tricks_per_hand)
    if rules.blind_nil:
        highest = max(highest, BLIND_NIL_CODE)
    if rules.deal_method == "draw":
        highest = max(highest, DRAW_REJECT_CODE)
    if rules.redeal_on:
        highest = max(highest, REDEAL_BASE + rules.players - 1)
    if rules.blind_bid_min is not None:
        highest = max(highest, BLIND_BID_BASE + rules.tricks_per_hand)
    sizes = exchange_sizes(rules)
    if sizes and not compact:
        highest = EXCHANGE_BASE + max(comb(_UNIVERSE, size) for size in sizes) - 1
    return highest + 1


def _mask_refusal(rules: Rules, compact: bool) -> str | None:
    """Why no mask can be built over the codes of ``rules`` (too many of them), or None (internal: the
    codec and the adapters refuse the same rules with the same reason)."""
    size = _num_distinct_actions(rules, compact)
    if size <= _MASK_LIMIT:
        return None
    largest = max(exchange_sizes(rules))
    names = [f"{name}={largest}" for name in ("blind_nil_exchange", "nil_exchange") if getattr(rules, name) == largest]
    return (
        f"{' and '.join(names)} gives {size:,} action codes, more than the "
        f"{_MASK_LIMIT:,} a mask may hold (the compact action space, where an exchange is picked a card at a "
        f"time, has {_num_distinct_actions(rules, True)})"
    )


# ------------------------------------------------------------------------------------ decoding
def _code(value: object) -> int:
    """``value`` as an action code (an ``int`` or an integer-like value such as ``numpy.int64``), or the
    ``NOT_AN_ACTION`` error."""
    code = integer_or_none(value)
    if code is None:
        raise IllegalActionError(IllegalReason.NOT_AN_ACTION, f"an action code is an int, not {describe(value)}")
    return code


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
    if code <= BLIND_NIL_CODE or BLIND_BID_BASE < code < EXCHANGE_BASE:
        return "bid"
    if code in (DRAW_KEEP_CODE, DRAW_REJECT_CODE):
        return "draw"
    if code <= BLIND_BID_BASE:
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
        code = _code(code)  # NumPy integers, as an argmax over a mask gives them
    rules = state.rules
    limit = num_distinct_actions(rules)
    if not 0 <= code < limit:
        raise IllegalActionError(
            IllegalReason.NOT_AN_ACTION,
            f"code {describe(code)} is not an action code: these rules use 0 to {limit - 1}",
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
        if code > BLIND_BID_BASE:
            return Bid(seat, code - BLIND_BID_BASE, blind=True)
        return Bid.blind_nil(seat) if code == BLIND_NIL_CODE else Bid(seat, code - NIL_CODE)
    if kind == "draw":
        return DrawDecision(seat, code == DRAW_KEEP_CODE)
    assert state.hand is not None
    size = exchange_size(rules, state.hand)
    if code - EXCHANGE_BASE >= comb(_UNIVERSE, size):
        raise IllegalActionError(
            IllegalReason.NOT_AN_ACTION, f"code {code} is not an exchange of {size} cards, the exchange due now"
        )
    indices = _unrank_subset(code - EXCHANGE_BASE, size)
    return Exchange(seat, tuple(ALL_CARDS[index] for index in indices))


# ------------------------------------------------------------------------------------ legal codes
def legal_codes(
    state: GameState, seat: int | None = None, *, compact: bool = False, picked: Iterable[Card] = ()
) -> tuple[int, ...]:
    """The codes of :func:`~spades_rules.engine.legal_actions`, in the same (increasing) order; with
    ``seat``, of that seat's actions only (what an agent playing that seat may choose).

    With ``compact=True``, the codes of the compact space (see the module docstring): in the exchange
    phase, the card codes of the cards the seat to act holds and has not ``picked`` yet for this
    exchange. ``picked`` (cards) is only for the compact space's exchange phase; a card picked twice,
    not held, or more picks than the exchange takes is an
    :class:`~spades_rules.errors.IllegalActionError` (``INVALID_EXCHANGE``).

    Empty at a chance node and once the game is over, like ``legal_actions``.
    """
    if type(state) is not GameState:
        raise not_a_state(state, "legal_codes")
    if not _check_compact(compact, "legal_codes"):
        if not (type(picked) is tuple and not picked):  # never compares what was given (an array)
            _check_picked(state, picked, False, "legal_codes")
        return tuple(encode_action(action) for action in legal_actions(state, seat))
    _, chosen = _check_picked(state, picked, True, "legal_codes")
    if state.phase is not Phase.EXCHANGE:
        return tuple(encode_action(action) for action in legal_actions(state, seat))
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    if seat is not None and check_seat(seat, state.rules.players) != hand.to_act:
        return ()
    return tuple(_card_code(card) for card in cards_of_mask(hand.held[hand.to_act] & ~chosen))


def legal_action_mask(
    state: GameState, seat: int | None = None, *, compact: bool = False, picked: Iterable[Card] = ()
) -> tuple[bool, ...]:
    """A tuple of :func:`num_distinct_actions` booleans (of the compact space with ``compact=True``),
    True at :func:`legal_codes` (with ``seat``, of that seat's actions only, like OpenSpiel's per-player
    mask; ``picked`` as for :func:`legal_codes`).

    For rules whose exchange makes the full code space huge (``blind_nil_exchange`` of 6 or more, over
    four million codes) this raises :class:`~spades_rules.errors.RulesError`: use the compact space, or
    :func:`legal_codes`.
    """
    if type(state) is not GameState:
        raise not_a_state(state, "legal_action_mask")
    compact = _check_compact(compact, "legal_action_mask")
    refusal = _mask_refusal(state.rules, compact)
    if refusal is not None:
        raise RulesError(f"legal_action_mask(): {refusal}: pass compact=True, or use legal_codes(state)")
    mask = [False] * _num_distinct_actions(state.rules, compact)
    for code in legal_codes(state, seat, compact=compact, picked=picked):
        mask[code] = True
    return tuple(mask)


# ------------------------------------------------------------------------------------ the compact space
def _check_picked(
    state: GameState, picked: Iterable[Card], compact: bool, function: str
) -> tuple[tuple[Card, ...], int]:
    """The cards ``picked`` so far and their mask in the compact space's exchange phase, or the error saying
    why they cannot have been picked there."""
    if isinstance(picked, str | bytes) or not isinstance(picked, Iterable):
        raise ArgumentTypeError(
            f"{function}(): picked must be a tuple of cards, not {type(picked).__name__}", parameter="picked"
        )
    cards = read_items(picked, f"{function}()", "picked cards", error=ArgumentTypeError)  # bounded: never endless
    if not cards:
        return cards, 0
    if not compact:
        raise IllegalActionError(
            IllegalReason.INVALID_EXCHANGE,
            f"{function}(): picked cards belong to the compact action space: pass compact=True",
        )
    if any(type(card) is not Card or ALL_CARDS[card.index] is not card for card in cards):
        raise ArgumentTypeError(f"{function}(): picked must hold cards only, not {describe(cards)}", parameter="picked")
    hand = state.hand
    if state.phase is not Phase.EXCHANGE or hand is None or hand.to_act is None:
        raise IllegalActionError(
            IllegalReason.WRONG_PHASE,
            f"{function}(): cards are picked only in the exchange phase, not the {state.phase.value} phase",
        )
    chosen = 0
    for card in cards:
        chosen |= card.bit
    size = exchange_size(state.rules, hand)
    if chosen.bit_count() != len(cards) or len(cards) >= size or chosen & hand.held[hand.to_act] != chosen:
        raise IllegalActionError(
            IllegalReason.INVALID_EXCHANGE,
            f"{function}(): seat {hand.to_act} cannot have picked {format_cards(cards)}: the picks of an "
            f"exchange of {size} are fewer than {size} different cards it holds",
        )
    return cards, chosen


def compact_step(state: GameState, picked: Iterable[Card], code: int) -> tuple[GameState, tuple[Card, ...]]:
    """Play ``code`` of the compact action space: ``(state after, picks after)``.

    In the exchange phase a code picks one card of the seat to act: while picks are missing the state is
    unchanged and the picks grow; the last pick applies the :class:`~spades_rules.actions.Exchange` of
    all of them and the picks start again empty. Any other code is applied at once (``picked`` must then
    be empty), as ``apply(state, decode_action(code, state))``. Refuses what those refuse, and a card the
    seat does not hold or has already picked (:class:`~spades_rules.errors.IllegalActionError`).

    >>> from spades_rules import Rules, Deal, Exchange, new_game, apply
    >>> state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 1))
    >>> after, picked = compact_step(state, (), 56)                    # not an exchange: applied at once
    >>> after.hand.bids[1], picked
    (Bid(seat=1, tricks=4, blind=False), ())

    A whole game in the compact space, choosing uniformly among the legal codes, needs nothing else:

    >>> import random
    >>> rules, rng = Rules.standard().evolve(blind_nil_deficit=None, max_hands=2), random.Random(5)
    >>> state, picked = new_game(rules), ()
    >>> while not state.is_over:
    ...     if state.is_chance:
    ...         state = apply(state, Deal.shuffled(rules, rng))
    ...         continue
    ...     state, picked = compact_step(state, picked, rng.choice(legal_codes(state, compact=True, picked=picked)))
    >>> state.hands_played, sum(isinstance(action, Exchange) for action in state.history)
    (2, 4)
    """
    if type(state) is not GameState:
        raise not_a_state(state, "compact_step")
    cards, chosen = _check_picked(state, picked, True, "compact_step")
    code = _code(code)
    limit = _num_distinct_actions(state.rules, True)
    if not 0 <= code < limit:
        raise IllegalActionError(
            IllegalReason.NOT_AN_ACTION,
            f"code {describe(code)} is not an action code of the compact space: these rules use 0 to {limit - 1}",
        )
    if state.phase is not Phase.EXCHANGE:
        return apply(state, decode_action(code, state)), ()
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    card = _CARD_OF_CODE.get(code)
    if card is None:
        raise IllegalActionError(
            IllegalReason.WRONG_PHASE, f"code {code} is not a card, but the game is in the exchange phase"
        )
    seat = hand.to_act
    if not card.bit & hand.held[seat] & ~chosen:
        already = " has already picked" if card.bit & chosen else " does not hold"
        raise IllegalActionError(
            IllegalReason.INVALID_EXCHANGE, f"seat {seat}{already} {card}: it cannot pick it for the exchange"
        )
    picks = (*cards, card)
    if len(picks) < exchange_size(state.rules, hand):
        return state, picks
    return apply(state, Exchange(seat, picks)), ()


def compact_codes(action: PlayerAction, picked: Iterable[Card] = ()) -> tuple[int, ...]:
    """The codes of ``action`` in the compact space: one code, or for an
    :class:`~spades_rules.actions.Exchange` the codes of its cards not yet ``picked``, in card order (a
    program whose bot chose a whole exchange plays them one by one with :func:`compact_step`).

    >>> compact_codes(Exchange(0, "AS 2C")), compact_codes(Exchange(0, "AS 2C"), (Card.parse("2C"),))
    ((0, 51), (51,))
    >>> compact_codes(Bid(1, 4))
    (56,)
    """
    if type(action) is not Exchange:
        return (encode_action(action),)
    encode_action(action)  # the same refusals as the full space
    done = {card.index for card in picked}
    return tuple(_card_code(card) for card in action.cards if card.index not in done)


_CARD_OF_CODE: Final = {_card_code(card): card for card in ALL_CARDS}

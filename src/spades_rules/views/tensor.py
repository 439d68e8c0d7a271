"""A flat numeric encoding of an :class:`~spades_rules.views.Observation`, for learning agents.

:func:`observation_tensor` turns one seat's view into a list of floats of a length fixed by the rules
(:func:`observation_tensor_size`). It reads nothing but the observation, so it cannot reveal more than
:func:`~spades_rules.views.observe` does. The OpenSpiel game (:mod:`spades_rules.openspiel`) and the
PettingZoo environment (:mod:`spades_rules.pettingzoo`) both use it; it needs neither of them, nor NumPy.

Conventions:

- **Seats are relative to the observer**: in every per-seat block, block 0 is the observer, block 1 the
  seat on its left (the next to play), and so on clockwise. ``seat`` is the one absolute field.
- **Sides are relative too**: the observer's side first, then the others in clockwise order of their
  nearest seat (in partnerships: ours, theirs; in individual play the same order as the seats).
- **Cards** are one slot per card of the rules' deck, in :attr:`Rules.deck <spades_rules.rules.Rules.deck>`
  order (2♣ … A♠ then the jokers, removed cards left out): ``D = len(rules.deck)`` slots.
- Counts are scaled to about ``[0, 1]``: hand sizes and tricks by the tricks of a hand ``T``, scores by
  :attr:`~spades_rules.rules.Rules.target_score`, bags by :attr:`~spades_rules.rules.Rules.bag_limit` (10
  when None), the stock by the deck size. Everything else is 0/1.

The layout, in order (``n`` players, ``S`` sides, ``T`` tricks per hand, ``D`` cards in the deck):

=====================  ===========  ======================================================================
block                  size         content
=====================  ===========  ======================================================================
``seat``               n            the observer's absolute seat, one-hot
``phase``              6            deal, draw, bid, exchange, play, game over, one-hot
``dealer``             n            the dealer, relative seat one-hot
``to_act``             n            the seat to act, relative seat one-hot (all 0 when none)
``hand``               D            the observer's own cards
``hand_hidden``        1            1 when the own cards are withheld (deciding on a blind bid)
``hand_sizes``         n            cards held per relative seat, / T
``played``             n·D          cards each relative seat has played this hand (tricks so far)
``trick_leader``       n            the leader of the trick in progress, relative seat one-hot
``current_trick``      n·D          per relative seat, the card it played to the trick in progress
``bids``               n·(T+3)      per relative seat: has bid, bid blind (nil or number), the tricks bid 0 … T one-hot
``tricks_won``         n            tricks won this hand per relative seat, / T
``spades_broken``      1            spades have been broken
``scores``             S            points per relative side, / target score
``bags``               S            bags per relative side, / bag limit
``voids``              n·4          per relative seat, the suits (C, D, H, S) it has shown it lacks
``known_cards``        n·D          per relative seat, cards the observer knows it holds
=====================  ===========  ======================================================================

Variant extras, present only when the rules use them:

- the two-player draw (``deal_method="draw"``): ``draw_card`` (D: the top card of the stock while the
  observer decides), ``kept`` (D: the cards the observer kept), ``discarded`` (D: its discards that it
  saw), ``unseen_discards`` (1: how many it did not see, / T), ``stock`` (1: cards left in the stock, / D)
  and ``draws`` (2 per draw turn, ``n·T`` turns: the turn was taken, the top card was kept);
- the exchanges (partnerships with ``blind_nil`` and ``blind_nil_exchange > 0``, or ``nil`` and
  ``nil_exchange > 0``):
  ``exchanged`` (n: per relative seat, it has passed its cards), ``exchange_cards`` (n·D: the cards each
  relative seat passed, when the observer may see them) and ``pending_exchanges`` (n: per relative
  seat, it still has to pass).

Finished hands show only through the scores and bags; the current hand's play is summarised by who
played which card (the order of the tricks is not kept).

>>> from spades_rules import Rules, Deal, new_game, apply, observe
>>> rules = Rules.standard()
>>> state = apply(new_game(rules), Deal.shuffled(rules, 1))
>>> tensor = observation_tensor(observe(state, 1))
>>> len(tensor) == observation_tensor_size(rules) == 1008
True
>>> layout = observation_tensor_layout(rules)
>>> start, size = layout["hand"]
>>> sum(tensor[start:start + size]), layout["to_act"], tensor[14:18]    # seat 1 holds 13 cards, acts
(13.0, (14, 4), [1.0, 0.0, 0.0, 0.0])
>>> observation_tensor_size(Rules.two_player()), observation_tensor_size(Rules.jokers())
(638, 1008)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from spades_rules._core.exchanges import exchange_sizes
from spades_rules.errors import ArgumentTypeError, ObservationError
from spades_rules.rules import Rules
from spades_rules.state import Phase
from spades_rules.views import Observation
from spades_rules.views.render import check_view

__all__ = ["observation_tensor", "observation_tensor_layout", "observation_tensor_size"]

_PHASES: Final = tuple(Phase)
_PHASE_INDEX: Final = {phase: index for index, phase in enumerate(_PHASES)}


class _Layout:
    """The blocks of the tensor for one :class:`Rules` value (computed once per rules)."""

    __slots__ = ("blocks", "card_slot", "relative", "sides_from", "size")

    def __init__(self, rules: Rules) -> None:
        n, deck, tricks = rules.players, len(rules.deck), rules.tricks_per_hand
        sides = rules.num_sides
        sizes: list[tuple[str, int]] = [
            ("seat", n),
            ("phase", len(_PHASES)),
            ("dealer", n),
            ("to_act", n),
            ("hand", deck),
            ("hand_hidden", 1),
            ("hand_sizes", n),
            ("played", n * deck),
            ("trick_leader", n),
            ("current_trick", n * deck),
            ("bids", n * (tricks + 3)),
            ("tricks_won", n),
            ("spades_broken", 1),
            ("scores", sides),
            ("bags", sides),
            ("voids", n * 4),
            ("known_cards", n * deck),
        ]
        if rules.deal_method == "draw":
            sizes += [
                ("draw_card", deck),
                ("kept", deck),
                ("discarded", deck),
                ("unseen_discards", 1),
                ("stock", 1),
                ("draws", 2 * n * tricks),
            ]
        if exchange_sizes(rules):
            sizes += [("exchanged", n), ("exchange_cards", n * deck), ("pending_exchanges", n)]
        blocks: dict[str, tuple[int, int]] = {}
        start = 0
        for name, size in sizes:
            blocks[name] = (start, size)
            start += size
        self.blocks = blocks
        self.size = start
        self.card_slot = {card: slot for slot, card in enumerate(rules.deck)}
        # sides_from[seat]: the sides in the order seen from ``seat`` (its own first, then clockwise)
        self.sides_from = tuple(_sides_seen_from(rules, seat) for seat in range(n))
        self.relative = tuple(tuple((other - seat) % n for other in range(n)) for seat in range(n))


def _sides_seen_from(rules: Rules, seat: int) -> tuple[int, ...]:
    n = rules.players

    def distance(side: int) -> int:
        return min((other - seat) % n for other in rules.sides[side])

    return tuple(sorted(range(rules.num_sides), key=distance))


@lru_cache(maxsize=64)
def _layout(rules: Rules) -> _Layout:
    return _Layout(rules)


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"expected a Rules value, not {type(rules).__name__}", parameter="rules")
    return rules


def observation_tensor_size(rules: Rules) -> int:
    """The length of :func:`observation_tensor` for every observation under ``rules``.

    >>> observation_tensor_size(Rules.standard()), observation_tensor_size(Rules.individual(5))
    (1008, 933)
    """
    return _layout(_check_rules(rules)).size


def observation_tensor_layout(rules: Rules) -> dict[str, tuple[int, int]]:
    """The blocks of the tensor under ``rules``, in order: name -> ``(start, size)`` (see the module table).

    >>> list(observation_tensor_layout(Rules.standard()))[:4]
    ['seat', 'phase', 'dealer', 'to_act']
    >>> observation_tensor_layout(Rules.two_player())["draws"]
    (586, 52)
    """
    return dict(_layout(_check_rules(rules)).blocks)


def observation_tensor(view: Observation) -> list[float]:
    """The observation as a flat list of :func:`observation_tensor_size` floats (layout in the module
    docstring). A pure function of ``view``: equal observations give equal tensors.

    >>> from spades_rules import Rules, new_game, observe
    >>> tensor = observation_tensor(observe(new_game(Rules.three_player()), 2))
    >>> len(tensor), tensor[:3], sum(tensor)          # seat 2, deal phase, no cards yet
    (614, [0.0, 0.0, 1.0], 3.0)
    """
    if not isinstance(view, Observation):
        raise ArgumentTypeError(f"observation_tensor needs an Observation, not {type(view).__name__}", parameter="view")
    check_view(view)  # one attribute read for a view observe built or one already checked
    rules = view.rules
    layout = _layout(rules)
    blocks = layout.blocks
    slot = layout.card_slot
    n = rules.players
    seat = view.seat
    if not 0 <= seat < n:
        raise ObservationError(f"the observation's seat {seat} is not a seat of its rules")
    deck = len(rules.deck)
    tricks = rules.tricks_per_hand
    out = [0.0] * layout.size
    rel = layout.relative[seat]  # rel[other]: the other seat counted clockwise from the observer

    out[blocks["seat"][0] + seat] = 1.0
    out[blocks["phase"][0] + _PHASE_INDEX[view.phase]] = 1.0
    out[blocks["dealer"][0] + rel[view.dealer]] = 1.0
    if view.to_act is not None:
        out[blocks["to_act"][0] + rel[view.to_act]] = 1.0
    start = blocks["hand"][0]
    if view.hand is None:
        out[blocks["hand_hidden"][0]] = 1.0
    else:
        for card in view.hand:
            out[start + slot[card]] = 1.0
    start = blocks["hand_sizes"][0]
    for other, size in enumerate(view.hand_sizes):
        out[start + rel[other]] = size / tricks
    played = blocks["played"][0]
    for trick in view.tricks:
        leader = trick.leader
        for offset, card in enumerate(trick.cards):
            out[played + rel[(leader + offset) % n] * deck + slot[card]] = 1.0
    current_trick = view.current_trick
    if current_trick is not None:
        leader = current_trick.leader
        out[blocks["trick_leader"][0] + rel[leader]] = 1.0
        current = blocks["current_trick"][0]
        for offset, card in enumerate(current_trick.cards):
            where = rel[(leader + offset) % n] * deck + slot[card]
            out[played + where] = 1.0
            out[current + where] = 1.0
    start = blocks["bids"][0]
    for other, bid in enumerate(view.bids):
        if bid is not None:
            base = start + rel[other] * (tricks + 3)
            out[base] = 1.0
            out[base + 1] = 1.0 if bid.blind else 0.0
            out[base + 2 + min(bid.tricks, tricks)] = 1.0
    start = blocks["tricks_won"][0]
    for other, won in enumerate(view.tricks_won):
        out[start + rel[other]] = won / tricks
    out[blocks["spades_broken"][0]] = 1.0 if view.spades_broken else 0.0
    order = layout.sides_from[seat]
    score_start, bag_start = blocks["scores"][0], blocks["bags"][0]
    bag_scale = rules.bag_limit or 10
    for position, side in enumerate(order):
        out[score_start + position] = view.scores[side] / rules.target_score
        out[bag_start + position] = view.bags[side] / bag_scale
    start = blocks["voids"][0]
    for other, suits in enumerate(view.voids):
        for suit in suits:
            out[start + rel[other] * 4 + int(suit)] = 1.0
    start = blocks["known_cards"][0]
    for other, cards in enumerate(view.known_cards):
        for card in cards:
            out[start + rel[other] * deck + slot[card]] = 1.0
    if "draws" in blocks:
        if view.draw_card is not None:
            out[blocks["draw_card"][0] + slot[view.draw_card]] = 1.0
        kept, discarded = blocks["kept"][0], blocks["discarded"][0]
        unseen = 0
        for turn in view.own_draws:
            out[kept + slot[turn.kept]] = 1.0
            if turn.discarded is None:
                unseen += 1
            else:
                out[discarded + slot[turn.discarded]] = 1.0
        out[blocks["unseen_discards"][0]] = unseen / tricks
        out[blocks["stock"][0]] = view.stock_remaining / deck
        start = blocks["draws"][0]
        for turn_index, keep in enumerate(view.draws):
            out[start + 2 * turn_index] = 1.0
            out[start + 2 * turn_index + 1] = 1.0 if keep else 0.0
    if "exchanged" in blocks:
        given, cards_start = blocks["exchanged"][0], blocks["exchange_cards"][0]
        for exchange in view.exchanges:
            out[given + rel[exchange.giver]] = 1.0
            for card in exchange.cards or ():
                out[cards_start + rel[exchange.giver] * deck + slot[card]] = 1.0
        start = blocks["pending_exchanges"][0]
        for giver, _receiver in view.pending_exchanges:
            out[start + rel[giver]] = 1.0
    return out

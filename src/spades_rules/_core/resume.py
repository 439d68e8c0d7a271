"""Resuming a game mid-way: the engine's internal entries for :func:`~spades_rules.views.sample_deal`.

Only the engine builds game states; this module is the engine's second room (see ARCHITECTURE.md). It
computes directly the value that applying a hand's actions one by one through
:func:`~spades_rules.engine.apply` builds, from the deal, draw decisions, bids, exchanges and tricks,
without checking them again: the caller checks the result (sampling compares it with the view).
A private module: nothing here is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from spades_rules._core.bid_rule import bid_order
from spades_rules._core.chain import Chain
from spades_rules._core.deck import deal_seat, draw_seat
from spades_rules._core.exchanges import exchanges_due
from spades_rules._core.plays import INTERNED_DRAWS, INTERNED_PLAYS
from spades_rules._core.tricks import trick_winner
from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange
from spades_rules.cards import Card, Suit, mask_of
from spades_rules.engine import _first_leader
from spades_rules.rules import Rules
from spades_rules.rules.tables import CompiledTables
from spades_rules.scoring import HandScore
from spades_rules.state import (
    GameState,
    HandState,
    Phase,
    Trick,
    _actions_of_trail,
    _game_state,
    _hand_before_play,
    _hand_state,
    _Match,
    _setup,
    _Trail,
)

__all__: list[str] = []

_SPADES: Final = int(Suit.SPADES)


def resume_game(
    rules: Rules,
    *,
    dealer: int,
    scores: tuple[int, ...],
    bags: tuple[int, ...],
    results: tuple[HandScore, ...],
    initial_scores: tuple[int, ...],
    initial_bags: tuple[int, ...],
    past_actions: tuple[Action, ...] = (),
    first_dealer: int | None = None,
    last_hand: HandState | None = None,
) -> GameState:
    """A game in the ``DEAL`` phase with the given record (scores, bags, finished hands' score sheets).
    Sampling leaves the finished hands' actions out (``dealer`` then also counts as the first dealer); the
    batch engine gives them (``past_actions``, ``first_dealer`` and the ``last_hand`` finished)."""
    match = _Match(
        dealer=dealer, scores=scores, bags=bags, results=Chain.of(results), winner=None,
        past_actions=Chain.of(past_actions) if past_actions else Chain.EMPTY, initial_scores=initial_scores,
        initial_bags=initial_bags, first_dealer=dealer if first_dealer is None else first_dealer, last_hand=last_hand,
    )
    return _game_state(rules, Phase.DEAL, None, None, match)


def resume_hand(
    start: GameState,
    deal: Deal,
    *,
    draws: tuple[bool, ...],
    bids: tuple[Bid | None, ...],
    exchanges: Sequence[Exchange],
    tricks: tuple[Trick, ...] = (),
    current: Trick | None = None,
    phase: Phase,
    plays: Sequence[Card] | None = None,
) -> GameState:
    """The state ``start`` (a ``DEAL``-phase state) reaches by the hand whose deal, draw decisions, bids,
    exchanges, finished tricks and trick in progress are given, in ``phase`` (``DRAW``, ``BID``,
    ``EXCHANGE`` or ``PLAY``): the value that applying those actions one by one builds, computed directly.
    The actions are trusted (the caller checks the result, e.g. against a view). In the play, ``plays``
    (every card played in the hand, in order) may stand for ``tricks`` and ``current``: the engine's own
    rules then say who led each trick and who won it (``engine._first_leader``, ``_core.tricks.trick_winner``)."""
    rules = start.rules
    tables = rules.tables
    n = tables.players
    dealer = start.dealer
    trail: _Trail = (None, deal)
    discards: tuple[int, ...] = ()
    if rules.deal_method == "draw":
        kept, dropped = [0] * n, [0] * n
        for turn, keep in enumerate(draws):
            seat = draw_seat(dealer, turn, n)
            taken, discarded = DrawDecision.split(deal.deck[2 * turn], deal.deck[2 * turn + 1], keep)
            kept[seat] |= taken.bit
            dropped[seat] |= discarded.bit
            trail = (trail, INTERNED_DRAWS[seat][0 if keep else 1])
        held, discards = kept, tuple(dropped)
    else:
        held = [0] * n
        for offset in range(n):
            held[deal_seat(dealer, offset, n)] = mask_of(deal.deck[offset::n])
    if phase is Phase.DRAW:
        setup = _setup(dealer, deal, (None,) * n, (), (), (), draws, discards)
        hand = _hand_before_play(setup, tuple(held), draw_seat(dealer, len(draws), n))
        return _game_state(rules, Phase.DRAW, hand, trail, start._match)
    fixed = not rules.has_bidding_phase
    order = () if fixed else bid_order(rules, dealer)
    for seat in order:
        bid = bids[seat]
        if bid is not None:
            trail = (trail, bid)
    setup = _setup(dealer, deal, bids, order, (), (), draws, discards)
    if phase is Phase.BID:
        made = sum(bid is not None for bid in bids)
        hand = _hand_before_play(setup, tuple(held), order[made])
        return _game_state(rules, Phase.BID, hand, trail, start._match)
    due = () if fixed else exchanges_due(rules, _hand_before_play(setup, tuple(held), None))
    for exchange in exchanges:
        passed = mask_of(exchange.cards)
        held[exchange.seat] ^= passed
        held[rules.partner_of(exchange.seat) or 0] |= passed
        trail = (trail, exchange)
    setup = _setup(dealer, deal, bids, order, tuple(exchanges), due[len(exchanges):], draws, discards)
    if phase is Phase.EXCHANGE:
        hand = _hand_before_play(setup, tuple(held), due[len(exchanges)][0])
        return _game_state(rules, Phase.EXCHANGE, hand, trail, start._match)
    assert phase is Phase.PLAY
    if plays is not None:
        tricks, current = _tricks_of(tables, _first_leader(tables, _hand_before_play(setup, tuple(held), None)), plays)
    assert current is not None
    won = [0] * n
    broken = False
    for trick in (*tricks, current):
        for at, card in enumerate(trick.cards):
            seat = (trick.leader + at) % n
            held[seat] ^= card.bit
            broken = broken or tables.suit_of[card.index] == _SPADES
            trail = (trail, INTERNED_PLAYS[seat][card.index])
        if trick.winner is not None:
            won[trick.winner] += 1
    to_act = (current.leader + len(current.cards)) % n
    hand = _hand_state(setup, tuple(held), tuple(won), current.leader, current.cards, tricks, broken, to_act)
    return _game_state(rules, Phase.PLAY, hand, trail, start._match)


def resume_finished_hand(
    start: GameState,
    deal: Deal,
    *,
    draws: tuple[bool, ...],
    bids: tuple[Bid | None, ...],
    exchanges: Sequence[Exchange],
    tricks: tuple[Trick, ...] = (),
    plays: Sequence[Card] | None = None,
) -> tuple[HandState, tuple[Action, ...]]:
    """A finished hand as the engine keeps it (``GameState.last_hand``: every trick played, no seat to act)
    and the hand's actions in order, from its deal, draw decisions, bids, exchanges and all its tricks (or
    all its ``plays``, in order; the batch engine's ``BatchGame.game_state`` rebuilds a game's earlier
    hands so)."""
    if plays is None:
        last = tricks[-1]
        before = resume_hand(
            start, deal, draws=draws, bids=bids, exchanges=exchanges, tricks=tricks[:-1],
            current=Trick(last.leader, last.cards[:-1]), phase=Phase.PLAY,
        )
    else:
        before = resume_hand(start, deal, draws=draws, bids=bids, exchanges=exchanges, phase=Phase.PLAY,
                             plays=plays[:-1])
    hand = before.hand
    assert hand is not None
    tables = start.rules.tables
    card = plays[-1] if plays is not None else tricks[-1].cards[-1]
    cards = (*hand.trick_cards, card)
    winner = trick_winner(tables, hand.leader, cards)
    seat = (hand.leader + len(cards) - 1) % start.rules.players
    held = list(hand.held)
    held[seat] ^= card.bit
    won = list(hand.tricks_won)
    won[winner] += 1
    broken = hand.spades_broken or tables.suit_of[card.index] == _SPADES
    finished_tricks = (*hand.completed_tricks, Trick(hand.leader, cards, winner))
    finished = _hand_state(hand._setup, tuple(held), tuple(won), winner, (), finished_tricks, broken, None)
    return finished, _actions_of_trail((before._trail, INTERNED_PLAYS[seat][card.index]))


def _tricks_of(tables: CompiledTables, leader: int, plays: Sequence[Card]) -> tuple[tuple[Trick, ...], Trick]:
    """The finished tricks and the trick in progress that ``plays`` make, the first led by ``leader``: each
    trick's winner (``_core.tricks.trick_winner``) leads the next."""
    n = tables.players
    finished: list[Trick] = []
    for begin in range(0, len(plays) - len(plays) % n, n):
        cards = tuple(plays[begin:begin + n])
        winner = trick_winner(tables, leader, cards)
        finished.append(Trick(leader, cards, winner))
        leader = winner
    return tuple(finished), Trick(leader, tuple(plays[len(finished) * n:]))

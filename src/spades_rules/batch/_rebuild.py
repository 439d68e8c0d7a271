"""One row of a batch as a scalar :class:`~spades_rules.state.GameState`, built from the arrays and the row's
record through the engine's internal builders (:mod:`spades_rules._core.resume`), never by replaying actions
through :func:`~spades_rules.engine.apply`: the finished hands of the game (each scored by the scalar
scoring code), then the hand in play. A row started from a given state (``Record.origins``) begins its game
with that state's record (scores, earlier hands, past actions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from spades_rules._core.bid_rule import bid_order
from spades_rules._core.deck import draw_seat
from spades_rules._core.exchanges import due_after
from spades_rules._core.plays import INTERNED_DRAWS
from spades_rules._core.resume import resume_finished_hand, resume_game, resume_hand
from spades_rules.actions import Action, Bid, Deal, Exchange, Redeal
from spades_rules.batch._compile import BID, DRAW, EXCHANGE, PHASES, PLAY
from spades_rules.batch._lockstep import Core
from spades_rules.cards import ALL_CARDS
from spades_rules.rules import Rules
from spades_rules.scoring import HandScore, _close_hand
from spades_rules.state import GameState, HandState

if TYPE_CHECKING:
    from spades_rules.batch._arrays import Array

__all__: list[str] = []


class _Hand:
    """One hand of a row as plain Python values: what the builders of :mod:`spades_rules._core.resume` take
    (the deal, the draw decisions, the bids, the exchanges and the cards played in order: who holds what,
    who leads and who wins each trick, they work out with the engine's own rules)."""

    def __init__(self, rules: Rules, dealer: int, deck: Array, draw_bits: int, draw_turns: int,
                 bids: Array, blind: int, xcards: Array, log: Array) -> None:
        self.rules = rules
        self.dealer = dealer
        self.deal = Deal(tuple(ALL_CARDS[int(index)] for index in deck))
        self.draws = tuple(bool(draw_bits >> turn & 1) for turn in range(draw_turns))
        self.bids = _bids(rules, bids, blind)
        self.xcards = xcards
        self.plays = tuple(ALL_CARDS[int(index)] for index in log if index >= 0)

    def exchanges(self, done: int | None) -> tuple[Exchange, ...]:
        """The exchanges made (the first ``done`` of those due; all when None), in order."""
        rules = self.rules
        due = [giver for giver, _ in due_after(rules, bid_order(rules, self.dealer), self.bids)]
        givers = due if done is None else due[:done]
        return tuple(
            Exchange(giver, tuple(ALL_CARDS[int(card)] for card in self.xcards[giver] if card >= 0))
            for giver in givers
        )


def _bids(rules: Rules, bids: Array, blind: int) -> tuple[Bid | None, ...]:
    return tuple(
        None if bid < 0 else Bid(seat, int(bid), blind=bool(blind >> seat & 1)) for seat, bid in enumerate(bids)
    )


def rebuild_row(core: Core, row: int) -> GameState:
    """Row ``row`` as the scalar engine's state (``pos`` synced)."""
    s, t = core.s, core.t
    rec = core.rec
    assert rec is not None
    rules = t.rules
    sides = t.num_sides
    zero = (0,) * sides
    scores, bags, initial_scores, initial_bags, first_dealer = zero, zero, zero, zero, 0
    results: list[HandScore] = []
    past: list[Action] = []
    last: HandState | None = None
    origin = rec.origins.get(row)
    if origin is not None and origin[0] == int(rec.game[row]):  # a game started from a given state
        begun = origin[1]
        scores, bags, results, past = begun.scores, begun.bags, list(begun.results), list(begun.past_actions)
        initial_scores, initial_bags, first_dealer = begun.initial_scores, begun.initial_bags, begun.first_dealer
        last = begun.last_hand
    fields = rec.offsets
    for data in rec.past.of(row, int(rec.game[row])):
        def part(name: str, data: Array = data) -> Array:
            start, end = fields[name]
            return data[start:end]

        dealer = int(part("dealer")[0])
        draw_bits = int(part("draw_bits").view(np.uint32)[0])
        redeal = int(part("redeal")[0])
        turns = t.deck_size // 2 if t.draw else 0
        hand = _Hand(rules, dealer, part("deck"), draw_bits, turns, part("bids"), int(part("blind").view(np.uint8)[0]),
                     part("xcards").reshape(t.players, -1), part("log"))
        if redeal >= 0:
            past += [hand.deal, *_draw_actions(rules, hand), Redeal(redeal)]
            continue
        start = resume_game(rules, dealer=dealer, scores=scores, bags=bags, results=tuple(results),
                            initial_scores=initial_scores, initial_bags=initial_bags, past_actions=tuple(past),
                            first_dealer=first_dealer, last_hand=last)
        last, actions = resume_finished_hand(start, hand.deal, draws=hand.draws, bids=hand.bids,
                                             exchanges=hand.exchanges(None), plays=hand.plays)
        result, scores, _over, _winner = _close_hand(rules, scores, bags, len(results), hand.bids, last.tricks_won)
        results.append(result)
        bags = result.bags_after
        past += actions
    start = resume_game(rules, dealer=int(s.dealer[row]), scores=scores, bags=bags, results=tuple(results),
                        initial_scores=initial_scores, initial_bags=initial_bags, past_actions=tuple(past),
                        first_dealer=first_dealer, last_hand=last)
    phase = int(s.phase[row])
    turns = int(s.draw_turn[row]) if t.draw else 0
    log = rec.log[:, :, row].ravel()
    if phase == PLAY:  # the finished tricks, then the trick in progress
        log = np.concatenate([log[: int(s.trick_no[row]) * t.players], s.trick[: int(s.pos[row]), row]])
    hand = _Hand(rules, int(s.dealer[row]), rec.deck[row], int(s.draw_bits[row]) if t.draw else 0, turns,
                 s.bids[:, row] if phase != DRAW else np.full(t.players, -1, np.int8), int(s.blind[row]),
                 s.xcards[row] if t.exchange_size else np.zeros((t.players, 0), np.int8), log)
    if phase == EXCHANGE:
        exchanges = hand.exchanges(_exchanges_done(core, row))
    else:
        exchanges = hand.exchanges(None) if phase == PLAY else ()
    assert phase in (DRAW, BID, EXCHANGE, PLAY)
    return resume_hand(start, hand.deal, draws=hand.draws, bids=hand.bids, exchanges=exchanges, phase=PHASES[phase],
                       plays=hand.plays if phase == PLAY else None)


def _exchanges_done(core: Core, row: int) -> int:
    done = int(core.s.xdone[row])
    return bin(done).count("1")


def _draw_actions(rules: Rules, hand: _Hand) -> list[Action]:
    n = rules.players
    return [INTERNED_DRAWS[draw_seat(hand.dealer, turn, n)][0 if keep else 1] for turn, keep in enumerate(hand.draws)]


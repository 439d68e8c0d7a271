"""Rows started from given scalar states (:meth:`~spades_rules.batch.BatchGame.from_states`): the inverse of
:mod:`spades_rules.batch._rebuild`. Each state is read once through its public fields into plain Python
values (:class:`_Row`), and the arrays are then written for all rows at once; what the finished tricks showed
(the voids, spades broken) is looked up with the tables the trick ends use (``_compile.void_by_code``).

A state between hands (the ``DEAL`` phase) continues its game with a shuffled deck; a state in a hand, at
whatever decision it is (the draw, a bid, an exchange, any point of any trick), goes on from there. The
record keeps the state itself as the start of its row's game (``Record.origins``): ``game_state`` rebuilds
the earlier hands, the scores and the past actions from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import numpy as np

from spades_rules._core.checks import read_items
from spades_rules._core.deck import draw_seat
from spades_rules._core.messages import describe
from spades_rules.batch._compile import BID, DRAW, EXCHANGE, PHASES, PLAY
from spades_rules.batch._deal import new_games, start_hands
from spades_rules.batch._lockstep import Core, Rows, ids
from spades_rules.batch._words import redeal_bits, suit_code, trick_index
from spades_rules.cards import Card
from spades_rules.codec import legal_codes
from spades_rules.engine import legal_actions
from spades_rules.errors import ArgumentTypeError, RulesError
from spades_rules.state import GameState, Phase, Trick

if TYPE_CHECKING:
    from spades_rules.batch._arrays import Array

__all__: list[str] = []

_EVERY: Final = (1 << 64) - 1
_DEAL: Final = -1
"""The phase number of a state between hands (dealt a shuffled deck on loading)."""


class _Played:
    """The cards a hand's tricks hold, read once for all the states that share them (the worlds a search
    samples share the tricks of the view they were sampled from): the finished tricks' cards in order, their
    leaders, the trick in progress, and the cards each seat has played."""

    __slots__ = ("leaders", "log", "played", "trick")

    def __init__(self, n: int, tricks: tuple[Trick, ...], leader: int, cards: tuple[Card, ...]) -> None:
        played = [0] * n
        self.log: list[int] = []
        self.leaders: list[int] = []
        for trick in tricks:
            self.leaders.append(trick.leader)
            for at, card in enumerate(trick.cards):
                played[(trick.leader + at) % n] |= card.bit
                self.log.append(card.index)
        for at, card in enumerate(cards):
            played[(leader + at) % n] |= card.bit
        self.trick = [card.index for card in cards]
        self.played = played


class _Row:
    """One state as the plain values the arrays take (the hand's part only for a state in a hand)."""

    __slots__ = ("bids", "blind", "deck", "draw_bits", "draw_turn", "held", "leader", "leaders", "legal", "log",
                 "phase", "pos", "seen", "state", "to_act", "trick", "trick_no", "won", "xcards", "xdone", "xleft",
                 "xq")

    def __init__(self, state: GameState, exchange_size: int, deck: bool, memo: dict[tuple[int, int, int], _Played]
                 ) -> None:
        self.state = state
        hand = state.hand
        phase = state.phase
        if hand is None or phase is Phase.DEAL:
            self.phase = _DEAL
            return
        rules = state.rules
        n = rules.players
        self.phase = PHASES.index(phase)
        assert hand.to_act is not None  # a state in a hand is at a decision
        self.to_act: int = hand.to_act
        self.deck = [card.index for card in hand.deal.deck] if deck else []
        self.bids = [-1 if bid is None else bid.tricks for bid in hand.bids]
        self.blind = sum(1 << seat for seat, bid in enumerate(hand.bids) if bid is not None and bid.blind)
        draws = hand.draws
        self.draw_turn = len(draws)
        self.draw_bits = sum(1 << turn for turn, keep in enumerate(draws) if keep)
        seen = [0] * n
        if rules.deal_method == "draw":
            for turn, keep in enumerate(draws):  # the discard a seat saw: the top card it rejected, or the second
                if not keep or rules.draw_second_card_seen:
                    seen[draw_seat(hand.dealer, turn, n)] |= hand.deal.deck[2 * turn + (1 if keep else 0)].bit
        self.seen = seen
        self.xdone = 0
        self.xcards = [[-1] * exchange_size for _ in range(n)]
        for exchange in hand.exchanges:
            self.xdone |= 1 << exchange.seat
            self.xcards[exchange.seat][: len(exchange.cards)] = [card.index for card in exchange.cards]
        pending = hand.pending_exchanges if phase is Phase.EXCHANGE else ()
        self.xq = sum(giver << 3 * at for at, (giver, _) in enumerate(pending))
        self.xleft = len(pending)
        held = list(hand.held)
        self.log: list[int] = []
        self.leaders: list[int] = []
        self.trick: list[int] = []
        self.leader = self.pos = self.trick_no = 0
        self.won = 0
        if phase is Phase.PLAY:
            tricks, cards, leader = hand.completed_tricks, hand.trick_cards, hand.leader
            key = (id(tricks), id(cards), leader)
            found = memo.get(key)
            if found is None:
                found = memo[key] = _Played(n, tricks, leader, cards)
            self.log, self.leaders, self.trick = found.log, found.leaders, found.trick
            self.leader = leader
            self.pos = len(cards)
            self.trick_no = len(tricks)
            self.won = sum(count << 6 * seat for seat, count in enumerate(hand.tricks_won))
            played = found.played  # back to the cards held when the play started, in trick order (see _arrays)
            held = [held[seat] | played[seat] for seat in (*range(leader, n), *range(leader))]
            legal = 0
            for play in legal_actions(state):
                legal |= play.card.bit  # type: ignore[union-attr]  # the play phase lists plays only
            self.legal = legal
        elif phase is Phase.EXCHANGE:
            assert hand.to_act is not None
            self.legal = hand.held[hand.to_act]  # a pick is any card the giver holds
        elif phase is Phase.DRAW:
            self.legal = 3  # keep or reject
        else:
            self.legal = -1  # the bid word, from the codes (bits of the codec's compact codes)
        self.held = held


def read_states(states: object, count: int, function: str, exact: bool) -> list[GameState]:
    """``states`` as a list of game states (``count`` of them, or at most ``count`` unless ``exact``), or the
    library error naming what is wrong (read with a bound: a sequence that lies about its length is refused)."""
    if isinstance(states, GameState | str | bytes) or not isinstance(states, Sequence):
        raise ArgumentTypeError(f"{function}: states must be a sequence of GameState values, not {describe(states)}",
                                parameter="states")
    found = list(read_items(states, function, "states", count + 1 if exact else count, RulesError))
    if exact and len(found) != count:
        raise RulesError(f"{function}: {len(found)} states given for {count} rows")
    for at, state in enumerate(found):
        if type(state) is not GameState:
            raise ArgumentTypeError(f"{function}: states[{at}] must be a GameState, not {describe(state)}",
                                    parameter="states")
    return found


def check_states(core: Core, states: Sequence[GameState], function: str) -> None:
    """Refuse states the rows cannot take: other rules, a finished game, or (``episode="hand"``, where every
    hand is a game at 0-0) a game past its first hand."""
    rules = core.t.rules
    for at, state in enumerate(states):
        if state.rules is not rules and state.rules != rules:
            raise RulesError(f"{function}: states[{at}] plays other rules than the batch ({state.rules})")
        if state.phase is Phase.GAME_OVER:
            raise RulesError(f"{function}: states[{at}] is a finished game: no hand is left to play")
        if core.episode == "hand" and (state.results or any(state.scores) or any(state.bags)):
            raise RulesError(
                f"{function}: states[{at}] is past its game's first hand (or starts from scores), but with "
                "episode='hand' every hand is a game at 0-0: use episode='game'"
            )


def load_states(core: Core, rows: Rows, states: Sequence[GameState]) -> None:
    """Put ``states`` (checked, one per row of ``rows``) in ``rows``: each row goes on from its state."""
    s, t = core.s, core.t
    row_ids = ids(core, rows)
    unique: dict[int, int] = {}
    read: list[_Row] = []
    at_of: list[int] = []
    memo: dict[tuple[int, int, int], _Played] = {}
    deck = core.rec is not None or t.draw
    for state in states:  # a state given for several rows is read once
        key = id(state)
        found = unique.get(key)
        if found is None:
            found = unique[key] = len(read)
            read.append(_Row(state, t.exchange_size, deck, memo))
        at_of.append(found)
    where = np.array(at_of, dtype=np.intp)
    m = len(read)

    def column(values: list[int], dtype: type) -> Array:
        return np.array(values, dtype=dtype)[where]

    new_games(core, rows)  # each row starts a game of its own (the record's game number moves on)
    game_states = [row.state for row in read]
    s.dealer[rows] = column([state.dealer for state in game_states], np.int8)
    s.scores[:, rows] = np.array([state.scores for state in game_states], dtype=np.int64).reshape(m, -1)[where].T
    s.bags[:, rows] = np.array([state.bags for state in game_states], dtype=np.int32).reshape(m, -1)[where].T
    if len(s.hands_played):
        s.hands_played[rows] = column([state.hands_played for state in game_states], np.int32)
    s.hand_done[rows] = False
    s.game_done[rows] = False
    s.truncated[rows] = False
    s.winner[rows] = -1
    last = [state.last_result.totals if state.last_result is not None else (0,) * t.num_sides
            for state in game_states]
    s.totals[:, rows] = np.array(last, dtype=np.int32).reshape(m, -1)[where].T
    rec = core.rec
    if rec is not None:
        for row, at in zip(row_ids.tolist(), at_of, strict=True):
            rec.origins[row] = (int(rec.game[row]), read[at].state)
    phases = np.array([row.phase for row in read], dtype=np.int8)
    dealing = phases[where] == _DEAL
    if dealing.any():
        start_hands(core, row_ids[dealing])
    in_hand = np.flatnonzero(phases != _DEAL)
    if not len(in_hand):
        return
    chosen = ~dealing
    target = row_ids[chosen]
    pick = where[chosen]  # each target row's entry of ``read``
    _write_hands(core, target, [read[at] for at in in_hand.tolist()],
                 np.searchsorted(in_hand, pick))


def _write_hands(core: Core, target: Array, hands: list[_Row], pick: Array) -> None:
    """Write the hands in play ``hands`` into the rows ``target`` (row ``target[i]`` takes ``hands[pick[i]]``)."""
    s, t = core.s, core.t
    n, k = t.players, t.exchange_size

    def column(values: list[int], dtype: type) -> Array:
        return np.array(values, dtype=dtype)[pick]

    phase = column([row.phase for row in hands], np.int8)
    s.phase[target] = phase
    s.to_act[target] = column([row.to_act for row in hands], np.int8)
    s.leader[target] = column([row.leader for row in hands], np.int8)
    s.pos[target] = column([row.pos for row in hands], np.int8)
    s.trick_no[target] = column([row.trick_no for row in hands], np.int8)
    s.nbids[target] = column([sum(bid >= 0 for bid in row.bids) for row in hands], np.int8)
    s.blind[target] = column([row.blind for row in hands], np.uint8)
    s.won[target] = column([row.won for row in hands], np.uint32)
    s.bids[:, target] = np.array([row.bids for row in hands], dtype=np.int8)[pick].T
    s.hand[:, target] = np.array([row.held for row in hands], dtype=np.uint64)[pick].T
    trick = np.full((len(hands), n), -1, dtype=np.int8)
    for at, row in enumerate(hands):
        trick[at, : len(row.trick)] = row.trick
    s.trick[:, target] = trick[pick].T
    log = np.full((len(hands), t.tricks * n), -1, dtype=np.int8)
    leaders = np.zeros((len(hands), t.tricks), dtype=np.int8)
    for at, row in enumerate(hands):
        log[at, : len(row.log)] = row.log
        leaders[at, : len(row.leaders)] = row.leaders
    cards = np.concatenate([log, trick], axis=1)
    played = np.bitwise_or.reduce(np.where(cards >= 0, t.card_bit[np.maximum(cards, 0)], np.uint64(0)), axis=1)
    s.unplayed[target] = (np.uint64(_EVERY) ^ played)[pick]
    first = trick[:, 0]
    s.led_mask[target] = np.where(first >= 0, t.follow_of_card[np.maximum(first, 0)], np.uint64(0))[pick]
    voids, broken = _shown(core, log, leaders)
    s.voids[target] = voids[pick]
    s.broken[target] = broken[pick]
    if t.exchange_size:
        s.xq[target] = column([row.xq for row in hands], np.uint16)
        s.xleft[target] = column([row.xleft for row in hands], np.int8)
        s.npicked[target] = 0
        s.xdone[target] = column([row.xdone for row in hands], np.uint8)
        s.xcards[target] = np.array([row.xcards for row in hands], dtype=np.int8).reshape(len(hands), n, k)[pick]
    if t.draw:
        s.stock[target] = np.array([row.deck for row in hands], dtype=np.int8)[pick]
        s.draw_turn[target] = column([row.draw_turn for row in hands], np.int8)
        s.draw_bits[target] = column([row.draw_bits for row in hands], np.uint32)
        s.seen[:, target] = np.array([row.seen for row in hands], dtype=np.uint64)[pick].T
    legal = np.array([_bid_word(core, row) if row.legal < 0 else row.legal for row in hands], dtype=np.uint64)
    s.legal[target] = legal[pick]
    if t.redeal_conditions:
        bidding = target[phase == BID]
        s.redeal[target] = 0
        if len(bidding):
            s.redeal[bidding] = redeal_bits(core, bidding)
    rec = core.rec
    if rec is not None:
        rec.deck[target] = np.array([row.deck for row in hands], dtype=np.int8)[pick]
        rec.log[:, :, target] = log.reshape(len(hands), t.tricks, n)[pick].transpose(1, 2, 0)
        rec.leaders[:, target] = leaders[pick].T
    assert set(np.unique(phase).tolist()) <= {DRAW, BID, EXCHANGE, PLAY}


def _bid_word(core: Core, row: _Row) -> int:
    """The legal-word bits of a bidding state's legal bids (and redeal calls), from the scalar engine."""
    t = core.t
    base = BID * t.num_actions
    word = 0
    for code in legal_codes(row.state, compact=True):
        word |= int(t.bit_of_code[base + code])
    return word


def _shown(core: Core, log: Array, leaders: Array) -> tuple[Array, Array]:
    """What the finished tricks of each hand showed, as the trick ends record it: the void bits, and whether a
    spade was played (``log``: the finished tricks' cards in order, -1 after them; ``leaders``: their leaders)."""
    t = core.t
    m, n, tricks = len(log), t.players, t.tricks
    cards = log.reshape(m, tricks, n)
    done = cards[:, :, 0] >= 0  # [hands, tricks]
    suits = np.where(cards >= 0, t.suit_of[np.maximum(cards, 0)], 0).transpose(2, 0, 1)  # [positions, hands, tricks]
    code = suit_code(t, suits.reshape(n, -1)).reshape(m, tricks)
    spade = t.spade_in_code[code] & done
    before = np.zeros_like(spade)
    before[:, 1:] = np.logical_or.accumulate(spade, axis=1)[:, :-1]  # a spade in an earlier trick
    number = np.arange(tricks)[None, :]
    free = before | (t.spades_after_first_trick & (number > 0))
    shown = t.void_by_code[trick_index(t, leaders, free, number == 0, code)]
    voids = np.bitwise_or.reduce(np.where(done, shown, np.uint32(0)), axis=1).astype(np.uint32)
    broken: Array = np.logical_or.reduce(spade, axis=1)
    return voids, broken

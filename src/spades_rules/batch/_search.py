"""The search bot's playouts, many worlds at once: the policy of :mod:`spades_rules._core.playouts` as NumPy over
the rows of a batch started from the sampled worlds (:meth:`~spades_rules.batch.BatchGame.from_states`).

:func:`play_out` takes one state and one first action per playout (the worlds a search samples, each with the
choice it tries), plays every row to the end of its hand with the policy, and returns what each hand gave:
the points per side, the game's end, the bids and the tricks each seat took (the bid search scores other
bids on those). The policy is :func:`~spades_rules._core.playouts.fast_play`'s, card for card (ties to the lowest
card, as ``min`` and ``max`` over the legal plays in index order break them): each of its choices is "the
first card of a set in an order", so each row's set (the legal plays, those that win the trick, those that
lose it) and order (cheapest discard, lowest, highest, aces first) are chosen with ``np.where`` and the
card is the first set bit of the row's word in that order (:class:`PolicyTables`). The exchange passes as
``_core.playouts._fast_exchange`` does; the bids are :func:`~spades_rules._core.playouts.sighted_bid` itself, row by
row (a playout bids only after a searched bid, and few rows do).

The search bot imports this module when NumPy imports (see :class:`~spades_rules.bots.SearchBot`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import numpy as np

from spades_rules._core.playouts import sighted_bid
from spades_rules.actions import Action, Bid
from spades_rules.batch._compile import BID, CARDS, DRAW, EXCHANGE, PLAY, SPADES, BatchTables, compile_rules
from spades_rules.batch._lockstep import Core, sync
from spades_rules.batch._steps import step as engine_step
from spades_rules.batch._words import tricks_won
from spades_rules.batch.game import BatchGame
from spades_rules.cards import Suit, cards_of_mask
from spades_rules.codec import DRAW_KEEP_CODE, NIL_CODE, encode_action
from spades_rules.errors import RulesError
from spades_rules.rules import Rules
from spades_rules.state import GameState

if TYPE_CHECKING:
    from spades_rules.batch._arrays import Array

__all__: list[str] = []

CHEAPEST, LOWEST, HIGHEST, ACES_FIRST = 0, 1, 2, 3
"""The policy's orders of the cards (rows of ``PolicyTables.orders``): the cheapest discard (plain before
spades, then by power), the lowest by power, the highest by power, and the plain aces (by index) before the
cheapest discard. Equal keys go by card index."""

_NO_CARD: Final = np.int16(-32768)
_BID_BITS: Final = 28
"""The bid word's nil and number bits (0 nil, 1-27 a number): the bids the playouts choose among."""


class PolicyTables:
    """What the vectorized policy looks up, from one :class:`~spades_rules.batch._compile.BatchTables`."""

    def __init__(self, t: BatchTables) -> None:
        tables = t.rules.tables
        power, suit_of = tables.power, tables.suit_of
        cards = range(CARDS)
        cheapest = sorted(cards, key=lambda card: (suit_of[card] == SPADES, power[card], card))
        aces = [card for card in cards if power[card] == 14 and suit_of[card] != SPADES]  # plain aces
        self.orders = np.array([
            cheapest,
            sorted(cards, key=lambda card: (power[card], card)),
            sorted(cards, key=lambda card: (-power[card], card)),
            aces + [card for card in cheapest if card not in aces],
        ], dtype=np.intp)
        """``orders[order]``: the card indices in that order (see :data:`CHEAPEST` ...)."""
        rank = (t.trick_key.astype(np.int16) >> 3).reshape(len(Suit), CARDS)  # a card's power in a trick led in a suit
        self.ranks = int(rank.max()) + 2
        beats = np.zeros((len(Suit), self.ranks), dtype=np.uint64)
        for led in range(len(Suit)):
            for top in range(-1, self.ranks - 1):
                beats[led, top + 1] = sum(1 << card for card in cards if rank[led, card] > top)
        self.beats = beats.ravel()
        """``beats[led * ranks + top + 1]``: the cards that beat a trick led in suit ``led`` whose best card has
        rank ``top`` (``trick_key >> 3``)."""
        self.rank = rank.ravel().astype(np.intp)
        """``rank[led * 54 + card]``: the card's rank in a trick led in suit ``led`` (``trick_key >> 3``)."""
        self.beats_base = (np.array(suit_of, dtype=np.intp) * self.ranks + 1).astype(np.intp)
        """``beats_base[card] + top``: where the cards beating ``top`` in a trick led by ``card`` are in ``beats``."""
        n = t.players
        partner = [t.rules.partner_of(seat) for seat in range(n)]
        flags = np.zeros((1 << n, n, n), dtype=np.intp)
        for nils in range(1 << n):  # a bit per seat that bid nil
            for seat in range(n):
                mate = partner[seat]
                for best in range(n):
                    flags[nils, seat, best] = (nils >> seat & 1) | (
                        (mate is not None and nils >> mate & 1) << 1) | ((best == mate) << 2)
        self.flags = flags.ravel()
        """``flags[(nils * players + seat) * players + best]``: 1 if ``seat`` bid nil, 2 if its partner did, 4 if
        the partner holds the best card of the trick (``nils``: a bit per seat that bid nil)."""
        every = np.uint64((1 << 64) - 1)
        zero = np.uint64(0)
        case_winning = np.zeros(32, dtype=np.uint64)
        case_losing = np.zeros(32, dtype=np.uint64)
        case_order = np.zeros(32, dtype=np.intp)
        for case in range(32):
            flag, wins, loses = case >> 2, bool(case & 2), bool(case & 1)
            nil, partner_nil, partner_best = bool(flag & 1), bool(flag & 2), bool(flag & 4)
            if nil:  # a nil ducks with its highest losing card, else wins as low as it can
                chosen, order = ("losing", HIGHEST) if loses else ("winning", LOWEST)
            elif partner_nil and partner_best and wins:  # cover the nil partner with the highest card
                chosen, order = "winning", HIGHEST
            elif not partner_nil and partner_best:  # the partner is winning: the cheapest card that loses
                chosen, order = ("losing" if loses else "all"), CHEAPEST
            else:  # win as cheaply as possible, else throw the cheapest
                chosen, order = ("winning", LOWEST) if wins else ("losing", CHEAPEST)
            case_winning[case] = every if chosen in ("winning", "all") else zero
            case_losing[case] = every if chosen in ("losing", "all") else zero
            case_order[case] = order
        self.case_winning, self.case_losing, self.case_order = case_winning, case_losing, case_order
        """By case (``flags * 4 + 2 * some card wins + some card loses``): the winning cards, the losing
        cards (all bits or none) and the order the policy takes its card from when following."""
        self.lead_order = np.array([CHEAPEST if flag & 1 else ACES_FIRST for flag in range(8)], dtype=np.intp)
        """By flags: the order of a lead (a nil leads its cheapest card, others a plain ace first)."""
        self.nil_weights = (1 << np.arange(n, dtype=np.intp))[:, None]
        self._flat: dict[int, tuple[Array, Array]] = {}

    def flat_index(self, m: int) -> tuple[Array, Array]:
        """For ``m`` rows: where each row's cards start in a flat ``[rows, cards]`` array, and its bits in a flat
        ``[rows, 64]`` one (``[rows, 1]``)."""
        found = self._flat.get(m)
        if found is None:
            rows = np.arange(m, dtype=np.intp)
            found = self._flat[m] = (rows * CARDS, (rows * 64)[:, None])
        return found


_TABLES: dict[int, tuple[BatchTables, PolicyTables]] = {}
_PLAYABLE: dict[Rules, bool] = {}


def plays(rules: Rules) -> bool:
    """Whether the batch engine plays ``rules`` (it refuses an option it does not know by name)."""
    found = _PLAYABLE.get(rules)
    if found is None:
        try:
            compile_rules(rules)
        except RulesError:
            found = False
        else:
            found = True
        if len(_PLAYABLE) >= 64:
            _PLAYABLE.clear()
        _PLAYABLE[rules] = found
    return found


def policy_tables(t: BatchTables) -> PolicyTables:
    """The policy's tables of ``t`` (made once per compiled rules)."""
    found = _TABLES.get(id(t))
    if found is None or found[0] is not t:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        found = _TABLES[id(t)] = (t, PolicyTables(t))
    return found[1]


class Trick:
    """The trick in progress of some play rows, as the policy reads it: the legal plays ``legal``, those that
    win the trick now ``winning``, the seat whose card is best so far ``best_seat`` (the positions and
    seats of rows at a lead are meaningless)."""

    def __init__(self, core: Core, p: PolicyTables, rows: Array) -> None:
        s, t = core.s, core.t
        n = t.players
        self.legal = s.legal[rows]
        self.seat = s.to_act[rows].astype(np.intp)
        self.pos = s.pos[rows]
        cards = s.trick[:, rows].astype(np.intp)  # [positions, rows], -1 after the cards played
        led = t.suit_of[np.maximum(cards[0], 0)].astype(np.intp)
        keys = t.trick_key[led * CARDS + np.maximum(cards, 0)]
        keys = np.where(t.positions < self.pos, keys, _NO_CARD)
        best_at = np.argmax(keys, axis=0)  # the first best card, as the scalar policy's strict comparison finds it
        top = np.maximum(keys.max(axis=0) >> 3, -1).astype(np.intp)
        self.winning = self.legal & p.beats[led * p.ranks + top + 1]
        self.best_seat = (s.leader[rows].astype(np.intp) + best_at) % n
        self.lead = self.pos == 0


def play_cards(core: Core, p: PolicyTables, rows: Array, trick: Trick) -> Array:
    """The policy's card (``fast_play``) for each of the play ``rows``."""
    s, t = core.s, core.t
    m = core.n
    flat = s.bids.ravel()
    nil = flat[trick.seat * m + rows] == 0
    partner = t.partner[trick.seat].astype(np.intp)
    partner_nil = (partner >= 0) & (flat[np.maximum(partner, 0) * m + rows] == 0)
    legal, winning = trick.legal, trick.winning
    losing = legal & ~winning
    wins, loses = winning != 0, losing != 0
    partner_best = trick.best_seat == partner
    chosen = np.where(wins, winning, losing)  # win as cheaply as possible, else throw the cheapest
    order = np.where(wins, LOWEST, CHEAPEST)
    duck = ~nil & ~partner_nil & partner_best  # the partner is winning: throw the cheapest card that loses
    chosen = np.where(duck, np.where(loses, losing, legal), chosen)
    order = np.where(duck, CHEAPEST, order)
    cover = ~nil & partner_nil & partner_best & wins  # the nil partner is winning: overtake it high
    chosen = np.where(cover, winning, chosen)
    order = np.where(cover, HIGHEST, order)
    chosen = np.where(nil, np.where(loses, losing, winning), chosen)  # a nil ducks high, else wins low
    order = np.where(nil, np.where(loses, HIGHEST, LOWEST), order)
    chosen = np.where(trick.lead, legal, chosen)  # a lead: a plain ace, else the cheapest (a nil: the cheapest)
    order = np.where(trick.lead, np.where(nil, CHEAPEST, ACES_FIRST), order)
    return first_in_order(p, chosen, order)


def first_in_order(p: PolicyTables, words: Array, order: Array) -> Array:
    """For each row, the first card of ``words`` (a card mask) in its ``order`` (a row of ``p.orders``): the
    words unpacked to bits, the bits gathered in each row's order, the first set one."""
    m = len(words)
    flat, starts = p.flat_index(m)
    bits = np.unpackbits(words.view(np.uint8), bitorder="little")  # 64 bits a row
    places = p.orders.take(order, axis=0)  # [rows, cards]
    at = bits.take(places + starts).argmax(axis=1)
    at += flat
    cards: Array = places.take(at)
    return cards


class Ends:
    """What each row's hand gave: ``totals`` (points per side), ``over`` (the game ended), ``winner`` (its
    winning side, None for a draw or a game going on); :meth:`bids` and :meth:`tricks` (per seat) of a row."""

    def __init__(self, playouts: Playouts) -> None:
        self.totals: list[tuple[int, ...]] = [tuple(row) for row in playouts.totals.tolist()]
        self.over: list[bool] = playouts.over.tolist()
        self.winner: list[int | None] = [None if side < 0 else side for side in playouts.winner.tolist()]
        self._bids, self._blind, self._tricks = playouts.bids, playouts.blind, playouts.tricks

    def bids(self, row: int) -> tuple[Bid | None, ...]:
        """The bids of row ``row``'s hand."""
        blind = int(self._blind[row])
        return tuple(None if tricks < 0 else Bid(seat, tricks, blind=bool(blind >> seat & 1))
                     for seat, tricks in enumerate(self._bids[row].tolist()))

    def tricks(self, row: int) -> tuple[int, ...]:
        """The tricks each seat took in row ``row``'s hand."""
        return tuple(self._tricks[row].tolist())


class _Tracked:
    """The trick in progress while every row plays in step, followed card by card instead of read again
    (``seats[q]``: the seat at position ``q``; ``flag_base[q] + best``: where its flags are; ``lead_base`` and
    ``beats_base``: where the ranks and the beating cards of the suit led are; ``top``: the best rank so far,
    ``best``: whose card it is)."""

    __slots__ = ("beats_base", "best", "flag_base", "lead_base", "seats", "top")

    def __init__(self, core: Core, p: PolicyTables) -> None:
        s, t = core.s, core.t
        n = t.players
        self.seats = t.seat_wrap.take(s.leader.astype(np.intp) + np.arange(n)[:, None])  # [positions, rows]
        nils = np.bitwise_or.reduce((s.bids == 0) * p.nil_weights, axis=0)  # by seat, not by position
        self.flag_base = (nils * n + self.seats) * n
        self.lead_base = self.beats_base = self.top = self.best = np.zeros(0, dtype=np.intp)


class Playouts:
    """Rows played out with the policy: :meth:`codes` gives every row's code at its decision (the card, pick,
    bid or draw of the policy), :meth:`step` applies them and notes the hands that end."""

    def __init__(self, games: BatchGame) -> None:
        self.games = games
        self.core = core = games._core
        self.t = t = games._tables
        self.p = policy_tables(t)
        m, n = core.n, t.players
        self.done = np.zeros(m, dtype=bool)
        self.totals = np.zeros((m, t.num_sides), dtype=np.int64)
        self.over = np.zeros(m, dtype=bool)
        self.winner = np.full(m, -1, dtype=np.int64)
        self.bids = np.full((m, n), -1, dtype=np.int64)
        self.blind = np.zeros(m, dtype=np.int64)
        self.tricks = np.zeros((m, n), dtype=np.int64)
        self.tracked: _Tracked | None = None
        self.rows = np.arange(m)

    def codes(self, given: Array | None = None) -> Array:
        """Every row's code (``given`` codes instead of the policy's, for the first step); the bids and
        tricks of the hands whose last card this is are noted."""
        core, t = self.core, self.t
        at = core.pos_lock if core.phase_lock == PLAY else None
        if at is not None:
            return self._in_step(at, given)
        self.tracked = None
        sync(core)
        s = core.s
        phase = s.phase
        codes = np.zeros(core.n, dtype=np.intp) if given is None else given
        playing = np.flatnonzero(phase == PLAY)
        if len(playing):
            trick = Trick(core, self.p, playing)
            if given is None:
                cards = play_cards(core, self.p, playing, trick)
                codes[playing] = t.code_of_card[cards]
            else:
                cards = t.card_of_code[given[playing]].astype(np.intp)
            last = (s.trick_no[playing] == t.tricks - 1) & (trick.pos == t.players - 1) & ~self.done[playing]
            if last.any():
                wins = (t.card_bit[cards[last]] & trick.winning[last]) != 0
                self._note(playing[last], np.where(wins, trick.seat[last], trick.best_seat[last]))
        if given is None:
            _other_phases(core, self.p, codes, phase, self.done)
        return codes

    def _in_step(self, at: int, given: Array | None) -> Array:
        """The cards of every row at position ``at`` of its trick (all rows in the play, in step)."""
        core, t, p = self.core, self.t, self.p
        s = core.s
        tracked = self.tracked
        if at == 0 or tracked is None:
            tracked = self.tracked = _Tracked(core, p)
            if at:  # joined in mid-trick: the trick so far, read once
                sync(core)
                trick = Trick(core, p, self.rows)
                first = s.trick[0].astype(np.intp)
                tracked.lead_base = t.lead_base.take(first)
                tracked.beats_base = p.beats_base.take(first)
                tracked.top = p.rank.take(tracked.lead_base + s.trick[:at].astype(np.intp)).max(axis=0)
                tracked.best = trick.best_seat
        legal = s.legal
        if at == 0:
            order = p.lead_order.take(p.flags.take(tracked.flag_base[0] + tracked.seats[0]))
            cards = first_in_order(p, legal, order) if given is None else self._cards_of(given)
            tracked.lead_base = t.lead_base.take(cards)
            tracked.beats_base = p.beats_base.take(cards)
            tracked.top = p.rank.take(tracked.lead_base + cards)
            tracked.best = tracked.seats[0]
        else:
            winning = legal & p.beats.take(tracked.beats_base + tracked.top)
            losing = legal ^ winning
            case = p.flags.take(tracked.flag_base[at] + tracked.best) * 4
            case += (winning != 0) * 2
            case += losing != 0
            if given is None:
                chosen = winning & p.case_winning.take(case)
                chosen |= losing & p.case_losing.take(case)
                cards = first_in_order(p, chosen, p.case_order.take(case))
            else:
                cards = self._cards_of(given)
            rank = p.rank.take(tracked.lead_base + cards)
            better = rank > tracked.top
            tracked.top = np.maximum(tracked.top, rank)
            tracked.best = np.where(better, tracked.seats[at], tracked.best)
            if at == t.players - 1:  # the hand's last card in the rows at their last trick
                if core.trick_lock is None:  # in step but not at the same trick (an exchange took a trick's time)
                    ending = (s.trick_no == t.tricks - 1) & ~self.done
                else:
                    ending = ~self.done if core.trick_lock == t.tricks - 1 else np.zeros(core.n, dtype=bool)
                if ending.any():
                    self._note(self.rows[ending], tracked.best[ending])
        return cards if t.cards_are_codes else t.code_of_card.take(cards).astype(np.intp)

    def _cards_of(self, codes: Array) -> Array:
        t = self.t
        return codes if t.cards_are_codes else t.card_of_code.take(codes).astype(np.intp)

    def _note(self, rows: Array, taker: Array) -> None:
        """The bids and the tricks of ``rows``, whose hands end with this step (``taker`` takes the last trick)."""
        s, t = self.core.s, self.t
        took = tricks_won(t, s.won[rows]).T.copy()  # [rows, seats]
        took[np.arange(len(rows)), taker] += 1
        self.tricks[rows] = took
        self.bids[rows] = s.bids[:, rows].T
        self.blind[rows] = s.blind[rows]

    def step(self, codes: Array) -> bool:
        """Apply the codes (the engine's trusted path: the policy's codes are legal); True once every row's
        hand is over."""
        core, t = self.core, self.t
        s = core.s
        if core.phase_lock == PLAY and core.pos_lock is not None:
            bits = t.play_bit_of_code.take(codes)
        else:
            bits = t.bit_of_code.take(s.phase.astype(np.intp) * t.num_actions + codes)
        engine_step(core, codes, bits)
        if not core.dirty:  # no hand finished
            return False
        finished = s.hand_done & ~self.done
        if finished.any():
            self.totals[finished] = s.totals[:, finished].T
            self.over[finished] = s.game_done[finished]
            self.winner[finished] = s.winner[finished]
            self.done |= finished
        return bool(self.done.all())

    def ends(self) -> Ends:
        return Ends(self)


_GAMES: dict[tuple[Rules, int], BatchGame] = {}
"""Batches kept for the next playouts of as many rows under the same rules: a search makes one per decision,
and ``reset(states=...)`` puts new worlds in one for less than making it (its arrays and random streams)."""


def _batch_of(states: Sequence[GameState]) -> BatchGame:
    key = (states[0].rules, len(states))
    games = _GAMES.get(key)
    if games is None:
        if len(_GAMES) >= 32:
            _GAMES.clear()
        games = _GAMES[key] = BatchGame.from_states(states, seed=0, record=False, backstop=None)
    else:
        games.reset(states=states)
    return games


def play_out(states: Sequence[GameState], first: Sequence[Action]) -> Ends:
    """Apply ``first[i]`` to ``states[i]`` and play the hand out with the policy, every row at once."""
    games = _batch_of(states)
    playouts = Playouts(games)
    t = playouts.t
    codes: Array | None = np.array([encode_action(action) for action in first], dtype=np.intp)
    for _ in range(4 * t.deck_size + 4 * t.players + 8):  # at most a hand's decisions, its exchanges, a redeal
        if playouts.step(playouts.codes(codes)):
            return playouts.ends()
        codes = None
    raise AssertionError("a playout did not end its hand")  # pragma: no cover - every hand ends in its decisions


def _other_phases(core: Core, p: PolicyTables, codes: Array, phase: Array, done: Array) -> None:
    """The codes of the rows not in the play: the exchange's picks, the bids, the draw's keep."""
    s, t = core.s, core.t
    m = core.n
    exchanging = np.flatnonzero(phase == EXCHANGE)
    if len(exchanging):  # the nil bidder passes its highest cards, its partner returns its lowest
        giver = s.to_act[exchanging].astype(np.intp)
        nil = s.bids.ravel()[giver * m + exchanging] == 0
        cards = first_in_order(p, s.legal[exchanging], np.where(nil, HIGHEST, LOWEST))
        codes[exchanging] = t.code_of_card[cards]
    bidding = np.flatnonzero(phase == BID)
    if len(bidding):
        rules = t.rules
        words, seats = s.legal[bidding].tolist(), s.to_act[bidding].tolist()
        ended = done[bidding].tolist()
        for at, row in enumerate(bidding.tolist()):
            word, seat = words[at], seats[at]
            if ended[at]:  # a row whose hand is over plays on unread: its lowest legal code
                codes[row] = t.code_of_bit[BID * 64 + (word & -word).bit_length() - 1]
                continue
            offered = [Bid(seat, tricks) for tricks in range(_BID_BITS) if word >> tricks & 1]
            held = cards_of_mask(int(s.hand[seat, row]))
            codes[row] = NIL_CODE + sighted_bid(rules, held, offered).tricks
    drawing = np.flatnonzero(phase == DRAW)
    if len(drawing):
        codes[drawing] = DRAW_KEEP_CODE

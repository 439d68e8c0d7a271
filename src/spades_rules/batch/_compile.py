"""The rules compiled into NumPy tables for the batch engine, derived from :attr:`Rules.tables`.

Everything here is read from :class:`~spades_rules.rules.tables.CompiledTables` (effective suits, follow masks,
trick power, the deck, the sides) and from the :class:`~spades_rules.rules.Rules` fields at their
decision points; nothing re-derives a rule. :func:`compile_rules` also refuses, loudly, any option the
batch engine does not know (:data:`KNOWN_OPTIONS`), so that a new option can never be ignored silently.

The legality of a row is one ``uint64`` word whose bits mean, by phase (``BIT_LAYOUT``):

- ``PLAY`` and ``EXCHANGE``: bit ``card.index`` (0-53) per card; the code is the card's code.
- ``BID``: bit 0 nil, bits 1-27 a bid of that many tricks, bit 28 blind nil, bits 29-33 a redeal called
  by seat 0-4, bits 34-60 a blind bid of 1-27 tricks (bit ``BLIND_NUMBER_BIT + n``).
- ``DRAW``: bit 0 keep, bit 1 reject.

``code_of_bit[phase, bit]`` maps a bit to its action code and ``bit_of_code[phase, code]`` back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import attrs
import numpy as np

from spades_rules._core.bid_rule import bid_order
from spades_rules._core.bidding import seat_rule
from spades_rules._core.deck import deal_seat, draw_seat, trick_voids
from spades_rules.actions import Bid
from spades_rules.cards import ALL_CARDS, LITTLE_JOKER, Suit
from spades_rules.codec import (
    BIG_JOKER_CODE,
    BLIND_BID_BASE,
    BLIND_NIL_CODE,
    DRAW_KEEP_CODE,
    DRAW_REJECT_CODE,
    LITTLE_JOKER_CODE,
    NIL_CODE,
    REDEAL_BASE,
    num_distinct_actions,
)
from spades_rules.errors import RulesError
from spades_rules.rules import Rules
from spades_rules.scoring import _POINTS_PER_BID_TRICK
from spades_rules.state import Phase
from spades_rules.views.tensor import observation_tensor_layout

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from spades_rules.batch._arrays import Array

__all__: list[str] = []

PHASES: Final = tuple(Phase)
"""The phases in the order of their numbers in :attr:`BatchGame.phase <spades_rules.batch.BatchGame.phase>`."""
DRAW: Final = PHASES.index(Phase.DRAW)
BID: Final = PHASES.index(Phase.BID)
EXCHANGE: Final = PHASES.index(Phase.EXCHANGE)
PLAY: Final = PHASES.index(Phase.PLAY)
SPADES: Final = int(Suit.SPADES)
CLUBS: Final = int(Suit.CLUBS)

BLIND_BIT: Final = 28
"""The bid word's bit for blind nil."""
REDEAL_BIT: Final = 29
"""The bid word's bit for a redeal called by seat 0 (seat ``s``: ``REDEAL_BIT + s``)."""
BLIND_NUMBER_BIT: Final = 33
"""The bid word's bit for a blind bid of ``n`` tricks is ``BLIND_NUMBER_BIT + n`` (34-60, above the redeals)."""
CARDS: Final = len(ALL_CARDS)

KNOWN_OPTIONS: Final = frozenset({
    "players", "partnerships", "with_jokers", "trump_order", "removed_cards", "deal_method",
    "draw_second_card_seen", "bidding", "bid_order", "min_bid", "nil", "nil_value", "blind_nil",
    "blind_nil_value", "blind_nil_deficit", "blind_nil_exchange", "both_partners_nil", "team_min_bid",
    "forbid_total_equal_tricks", "first_lead", "spade_lead", "set_penalty", "failed_nil_tricks", "bag_value",
    "bag_limit", "bag_penalty", "bag_overflow", "target_score", "losing_score", "max_hands", "redeal_on",
    # house rules
    "first_trick_spades", "first_trick_lowest_club", "double_nil_value", "double_nil_penalty",
    "ten_for_two_hundred", "moon", "moon_points",
    "max_team_bid", "blind_bid_min", "blind_bid_deficit", "blind_bid_multiplier", "nil_exchange",
})
"""Every :class:`Rules` option the batch engine plays. An option outside it is refused when it differs
from its default (and a test fails as soon as :class:`Rules` gains one that is neither here nor in
:data:`NOT_YET`)."""

NOT_YET: Final[dict[str, str]] = {}
"""House-rule options the batch engine does not play yet, with what they are: refused by name, with a
:class:`~spades_rules.errors.RulesError`, when set away from their defaults (a name listed before
:class:`Rules` has the option is harmless)."""

_POWER_OFFSET: Final = 100 - 15
"""Trick power above 100 (a trump, see ``tables._TRUMP_POWER``) is stored less this, to fit an int8."""


def _u64(values: Any) -> Array:
    return np.array(values, dtype=np.uint64)


class BatchTables:
    """One :class:`Rules` compiled into arrays (read-only by convention; one per batch)."""

    def __init__(self, rules: Rules) -> None:
        check_known(rules)
        tables = rules.tables
        self.rules = rules
        self.players = n = tables.players
        self.sides = tables.sides
        self.num_sides = len(tables.sides)
        self.tricks = tables.cards_each
        self.deck = np.array([card.index for card in tables.deck], dtype=np.int8)
        self.deck_size = len(tables.deck)
        self.num_actions = num_distinct_actions(rules, compact=True)
        self.draw = rules.deal_method == "draw"
        self._card_tables(rules, n)
        self._code_tables(n)
        self._seat_tables(rules, n)
        self._bid_tables(rules, n)
        self._observation_tables(rules, n)
        self.hand_points_bound = _hand_points_bound(rules, self.tricks, max(len(side) for side in self.sides))
        """A bound on the size of any side's points in one hand: the width of the arrays that hold them."""

    def _card_tables(self, rules: Rules, n: int) -> None:
        """Per card: its bit, suit, deck slot, trick key and the cards that follow it; the masks; what a trick shows."""
        tables = rules.tables
        self.card_bit = _u64([1 << index for index in range(CARDS)])
        self.suit_of = np.array(tables.suit_of, dtype=np.int8)
        self.slot_of = np.full(CARDS, -1, dtype=np.int16)
        self.slot_of[self.deck.astype(np.intp)] = np.arange(self.deck_size)
        power = np.array(tables.trick_power, dtype=np.int16)
        rank = np.where(power >= 100, power - _POWER_OFFSET, power)  # under 32 (at most 15 + 15 trumps)
        self.trick_key = (rank << 3).ravel().astype(np.int16)
        """``trick_key[led * 54 + card] | position``: a card's power in a trick of suit ``led``, times 8 (negative
        when it cannot win), plus its position: the largest key in a trick is the winner's."""
        self.lead_base = (np.array(tables.suit_of, dtype=np.intp) * CARDS).astype(np.intp)
        """``lead_base[card]``: where the keys of a trick led by ``card`` start in ``trick_key``."""
        self.suit_masks = _u64(tables.suit_masks)
        self.follow_of_card = _u64(tables.follow_masks)
        """Per card, the cards of its effective suit: what a seat must play to follow it."""
        self.cards_are_codes = not rules.with_jokers
        """Whether every card's code is its index (no jokers: codes 0-51), so a play needs no code table."""
        self.spade_mask = np.uint64(tables.spade_mask)
        self.plain_mask = np.uint64(~tables.spade_mask & (1 << 64) - 1)
        self.lead_mask = _u64([int(self.plain_mask), (1 << 64) - 1])
        """``lead_mask[broken]``: the cards a lead may be drawn from first (spades only once broken)."""
        self.club_mask = np.uint64(tables.suit_masks[Suit.CLUBS])
        self.face_mask = np.uint64(tables.face_mask)
        self.positions = np.arange(n, dtype=np.int16)[:, None]
        self.seat_wrap = (np.arange(2 * n) % n).astype(np.int8)
        """``seat_wrap[seat + k]``: the seat ``k < players`` places after ``seat`` (a lookup, not a division)."""
        self.suit_weight = (4 ** np.arange(n, dtype=np.uint16))[:, None]
        """The weight of each position in a trick's suit code (two bits per position: ``sum(suit * 4**at)``)."""
        self.void_by_code, self.spade_in_code = _trick_tables(
            n, tables.suit_masks, tables.spades_anytime, tables.first_trick_no_spades
        )
        """What a trick shows (``_core.deck.trick_voids``): ``void_by_code[((leader * 2 + free) * 2 + first) << (2 *
        players) | suit code]`` and ``spade_in_code[suit code]`` (``free``: spades could be led freely,
        ``first``: the hand's first trick)."""
        self.first_trick_rules = tables.first_trick_rules
        self.first_trick_lowest_club = tables.first_trick_lowest_club
        self.first_trick_no_spades = tables.first_trick_no_spades
        self.spades_after_first_trick = tables.spades_after_first_trick
        self.lowest_club_first = tables.lead_lowest_club
        self.spades_anytime = tables.spades_anytime
        self.deck_cards = self.deck.astype(np.intp)
        self.slot_row = np.arange(self.deck_size, dtype=np.uint32)[None, :]
        self.deck_is_slots = bool((self.deck == np.arange(self.deck_size)).all())
        """Whether the deck's slot ``i`` holds the card of index ``i`` (no card removed, no joker added)."""
        self.deck_cards_u64 = self.deck.astype(np.uint64)

    def _code_tables(self, n: int) -> None:
        """The action codes: each legal-word bit's code by phase, and back."""
        self.card_of_code = np.full(self.num_actions, -1, dtype=np.int8)
        code_of_card = np.array([self._card_code(index) for index in range(CARDS)], dtype=np.int16)
        self.code_of_card = code_of_card
        bit_of_code = np.zeros((len(PHASES), self.num_actions), dtype=np.uint64)
        code_of_bit = np.full((len(PHASES), 64), -1, dtype=np.int16)
        for index in range(CARDS):
            code = int(code_of_card[index])
            if code < self.num_actions:
                self.card_of_code[code] = index
                for phase in (PLAY, EXCHANGE):
                    bit_of_code[phase, code] = 1 << index
                    code_of_bit[phase, index] = code
        for bit, code in self._bid_bits(n):
            if code < self.num_actions:
                bit_of_code[BID, code] = 1 << bit
                code_of_bit[BID, bit] = code
        for bit, code in ((0, DRAW_KEEP_CODE), (1, DRAW_REJECT_CODE)):
            if code < self.num_actions:
                bit_of_code[DRAW, code] = 1 << bit
                code_of_bit[DRAW, bit] = code
        self.bit_of_code = bit_of_code.ravel()
        """``bit_of_code[phase * num_actions + code]``: the legal-word bit of ``code`` in ``phase`` (0: none)."""
        self.code_of_bit = code_of_bit.ravel()
        """``code_of_bit[phase * 64 + bit]``: the action code of a legal-word bit (-1: none)."""
        self.bits_in_phase = [bit_of_code[phase].copy() for phase in range(len(PHASES))]
        """``bits_in_phase[phase][code]``: ``bit_of_code`` of one phase (one ``take`` when all rows are in it)."""
        self.codes_in_phase = [code_of_bit[phase].astype(np.intp) for phase in range(len(PHASES))]
        """``codes_in_phase[phase][bit]``: ``code_of_bit`` of one phase, as index values."""
        self.play_bit_of_code = self.bits_in_phase[PLAY]
        codes = np.arange(self.num_actions)
        blind_number = codes > BLIND_BID_BASE
        self.bid_blind = ((codes == BLIND_NIL_CODE) | blind_number).astype(np.uint8)
        """``bid_blind[code]``: 1 for a blind bid's code (blind nil or a blind number)."""
        self.bid_value = np.where(blind_number, codes - BLIND_BID_BASE,
                                  np.where(codes == BLIND_NIL_CODE, 0, codes - NIL_CODE)).astype(np.int8)
        """``bid_value[code]``: the tricks a bid's code bids (0 for nil; meaningless for other codes)."""

    def _seat_tables(self, rules: Rules, n: int) -> None:
        """Seats and sides: partners, who receives each card of a deal, who decides each draw turn, who bids when."""
        tables = rules.tables
        self.side_of = np.array(tables.side_of, dtype=np.int8)
        self.side_seats = np.array(tables.sides, dtype=np.intp)  # [sides, seats per side]
        self.seats = np.arange(n, dtype=np.int8)[:, None]
        partners = [rules.partner_of(seat) for seat in range(n)]
        self.partner = np.array([-1 if p is None else p for p in partners], dtype=np.int8)
        self.next_seat = np.array([(seat + 1) % n for seat in range(n)], dtype=np.int8)
        self.dealt_card = np.array([[next(j for j in range(n) if deal_seat(dealer, j, n) == seat) for seat in range(n)]
                                    for dealer in range(n)], dtype=np.intp)
        """``dealt_card[dealer, seat]``: which card of each round of the deal ``seat`` receives
        (``_core.deck.deal_seat``)."""
        turns = len(tables.deck) // 2 + 1 if rules.deal_method == "draw" else 1
        self.draw_seats = np.array([[draw_seat(dealer, turn, n) for turn in range(turns)] for dealer in range(n)],
                                   dtype=np.int8).ravel()
        """``draw_seats[dealer * turns + turn]``: the seat deciding ``turn`` of the draw (``_core.deck.draw_seat``)."""
        self.draw_turns = turns
        self.has_bidding = rules.has_bidding_phase
        order = [bid_order(rules, dealer) if self.has_bidding else () for dealer in range(n)]
        self.bid_order = np.array(order, dtype=np.int8).reshape(n, -1)
        """``bid_order[dealer, k]``: the seat making the ``k``-th bid."""
        self.bid_position = np.zeros((n, n), dtype=np.int8)
        for dealer, seats in enumerate(order):
            for k, seat in enumerate(seats):
                self.bid_position[dealer, seat] = k

    def _bid_tables(self, rules: Rules, n: int) -> None:
        """The bid words from the scalar bid rule, the exchanges, blind bids, the packed trick counts, redeals."""
        tricks = self.tricks
        self.numbers_from = _u64([
            sum(1 << bit for bit in range(max(lo, 1), tricks + 1)) for lo in range(64)
        ])
        """``numbers_from[lo]``: the bid-word bits of bids ``lo`` ... tricks (``lo`` clipped to 0-63)."""
        self.bid_after = _u64(self._bid_words(rules))
        """The bid-word bits of nil and the numbers: ``bid_after[spades held]`` where the numbers are the spades
        held (whiz), else ``bid_after[partner's bid + 1]`` (-1: none yet); before the blind nil, "no 13" and
        redeal bits."""
        self.blind_exchange = rules.blind_nil_exchange if rules.partnerships and rules.blind_nil else 0
        """The cards passed after a blind nil (0: none)."""
        self.nil_exchange = rules.nil_exchange if rules.partnerships and rules.nil else 0
        """The cards passed after a plain nil (0: none)."""
        self.exchange_size = max(self.blind_exchange, self.nil_exchange)
        """The most cards one exchange passes (the width of ``xcards``; 0: no exchanges)."""
        lowest = rules.blind_bid_min
        self.blind_numbers = 0 if lowest is None else int(self.numbers_from[lowest])
        """The bid-word bits (as numbers, bits 1-27) of the blind bids the rules have; shifted up by
        ``BLIND_NUMBER_BIT`` they are the blind bids' own bits."""
        self.blind_bids = rules.blind_nil or rules.blind_bid_min is not None
        """Whether a bid may be blind (blind nil or blind numbers)."""
        self.tied = rules.bid_format.numbers_chosen and rules.forbid_total_equal_tricks
        """Whether a bid's legality depends on every bid before it ("no 13" with the look-ahead that keeps
        the last bidder able to bid: :func:`tied_word`), not only on the partner's."""
        self.tied_words: dict[int, int] = {}
        """:func:`tied_word`'s cache, by its key."""
        self.won_unit = np.array([1 << 6 * seat for seat in range(n)], dtype=np.uint32)
        """A trick won by each seat, in the packed trick counts (six bits per seat)."""
        self.won_shift = np.array([6 * seat for seat in range(n)], dtype=np.uint32)
        self.redeal_conditions = tuple(rules.redeal_on)

    def _observation_tables(self, rules: Rules, n: int) -> None:
        """The observation tensor's layout and the sides as each seat sees them."""
        layout = observation_tensor_layout(rules)
        self.layout = layout
        self.obs_size = sum(size for _, size in layout.values())
        self.sides_from = np.array([self._sides_seen_from(rules, seat) for seat in range(n)], dtype=np.intp)

    @staticmethod
    def _bid_words(rules: Rules) -> list[int]:
        """The nil and number bits of the bid words the scalar bid rule (``_core.bidding.seat_rule``) gives: where
        the numbers are the spades held, for each count of spades; else for each bid of the partner (-1:
        none yet, or no partner). Blind nil, "no 13" and redeals are added per row."""
        tricks = rules.tricks_per_hand
        partner = rules.partner_of(0)
        scores = (0,) * rules.num_sides
        none: tuple[Bid | None, ...] = (None,) * rules.players
        cases: list[tuple[tuple[Bid | None, ...], int]]
        if rules.bid_format.numbers_are_spades:
            cases = [(none, spades) for spades in range(tricks + 1)]
        else:
            cases = [(none, 0)]
            if partner is not None:
                for bid in range(tricks + 1):
                    bids: list[Bid | None] = [None] * rules.players
                    bids[partner] = Bid(partner, bid)
                    cases.append((tuple(bids), 0))
        words = []
        for bids_made, spades in cases:
            legal = seat_rule(rules, 0, bids_made, spades, scores).legal
            words.append(sum(1 << bid.tricks for bid in legal if not bid.blind))
        return words

    @staticmethod
    def _card_code(index: int) -> int:
        if index < NIL_CODE:
            return index
        return LITTLE_JOKER_CODE if index == LITTLE_JOKER.index else BIG_JOKER_CODE

    @staticmethod
    def _bid_bits(players: int) -> list[tuple[int, int]]:
        bits = [(tricks, NIL_CODE + tricks) for tricks in range(BLIND_BIT)]
        bits.append((BLIND_BIT, BLIND_NIL_CODE))
        bits += [(REDEAL_BIT + seat, REDEAL_BASE + seat) for seat in range(players)]
        bits += [(BLIND_NUMBER_BIT + tricks, BLIND_BID_BASE + tricks) for tricks in range(1, BLIND_BIT)]
        return bits

    @staticmethod
    def _sides_seen_from(rules: Rules, seat: int) -> list[int]:
        """The sides as the observation tensor orders them for ``seat``: its own, then clockwise."""
        n = rules.players
        return sorted(
            range(rules.num_sides), key=lambda side: min((other - seat) % n for other in rules.sides[side])
        )


def _hand_points_bound(rules: Rules, tricks: int, members: int) -> int:
    """A bound on the size of any side's points in one hand under ``rules``: every term the scoring can add
    (``scoring._score_side``), each at its largest."""
    contract = tricks * _POINTS_PER_BID_TRICK * rules.blind_bid_multiplier * 2  # blind, ten for two hundred
    nils = members * max(rules.nil_value, rules.blind_nil_value) + (rules.double_nil_value or 0)
    nils += rules.double_nil_penalty or 0
    bags = 2 * tricks * rules.bag_value  # overtricks and a failed nil's tricks
    penalties = rules.bag_penalty * (2 * tricks // rules.bag_limit + 1) if rules.bag_limit else 0
    return contract + nils + bags + penalties + rules.moon_points


def _trick_tables(n: int, suit_masks: tuple[int, ...], anytime: bool, first_no_spades: bool
                  ) -> tuple[NDArray[np.uint32], NDArray[np.bool_]]:
    """What every trick shows (``_core.deck.trick_voids``, the views' own rule), by the suit code of the trick (two
    bits per position), and whether it held a spade. A trick in progress is looked up with its unplayed
    positions following the suit led."""
    others = sum(1 << suit for suit in range(SPADES) if suit_masks[suit])
    codes = 4 ** n
    by_code = np.zeros(n * 4 * codes, dtype=np.uint32)
    spade_in = np.zeros(codes, dtype=bool)
    for code in range(codes):
        suits = tuple(code >> 2 * at & 3 for at in range(n))
        spade_in[code] = SPADES in suits
        for leader in range(n):
            for free in (0, 1):
                for first in (0, 1):
                    at = ((leader * 2 + free) * 2 + first) * codes + code
                    by_code[at] = trick_voids(n, others, anytime, first_no_spades, leader, suits, bool(free),
                                              bool(first))
    return by_code, spade_in


def tied_word(t: BatchTables, key: int) -> int:
    """The nil and number bits open to a bidder, from the scalar bid rule, when every bid before counts
    (``BatchTables.tied``). ``key`` holds the seat to bid and each seat's bid + 1 (0: none yet), five bits
    each, the seat first: see ``_lockstep.bid_words``."""
    found = t.tied_words.get(key)
    if found is not None:
        return found
    n = t.players
    values = [(key >> 5 * (n - 1 - seat) & 31) - 1 for seat in range(n)]
    seat = key >> 5 * n
    bids = tuple(None if value < 0 else Bid(other, value) for other, value in enumerate(values))
    legal = seat_rule(t.rules, seat, bids, 0, (0,) * t.num_sides).legal
    found = t.tied_words[key] = sum(1 << bid.tricks for bid in legal if not bid.blind)
    return found


def check_known(rules: Rules) -> None:
    """Refuse rules setting an option the batch engine does not know (``RulesError`` naming it)."""
    if not isinstance(rules, Rules):
        from spades_rules.errors import ArgumentTypeError

        raise ArgumentTypeError(f"BatchGame needs a Rules value, not {type(rules).__name__}", parameter="rules")
    unknown = [
        field.name for field in attrs.fields(Rules)
        if field.init and field.name not in KNOWN_OPTIONS and getattr(rules, field.name) != field.default
    ]
    if unknown:
        named = ", ".join(f"{name} ({NOT_YET[name]})" if name in NOT_YET else name for name in unknown)
        raise RulesError(f"the batch engine does not play the option(s) {named} yet: leave them at their defaults")


_BY_RULES: dict[Rules, BatchTables] = {}


def compile_rules(rules: Rules) -> BatchTables:
    """The tables of ``rules`` (compiled once per rules value, then shared)."""
    check_known(rules)
    found = _BY_RULES.get(rules)
    if found is None or (found.rules is not rules and found.rules != rules):
        if len(_BY_RULES) >= 64:
            _BY_RULES.clear()
        found = _BY_RULES[rules] = BatchTables(rules)
    return found


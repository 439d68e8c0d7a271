"""Rules: one frozen value holding every option of every variant, validated as a whole.

A variant is data, never code: the engine reads these fields at a few decision points, and each field's
docstring says which one. The derived tables the engine needs (the deck, the effective suits, the trump
order, the sides) are computed once at construction and shared by every state. Each option checks its own
type and range where it is declared; how the options combine is checked, when the value is built, by an
internal module (``_core/validation.py``).

Where each rule lives:

- Table and deck (:attr:`Rules.players`, :attr:`Rules.partnerships`, :attr:`Rules.with_jokers`,
  :attr:`Rules.removed_cards`, :attr:`Rules.trump_order`): the deck is worked out by an internal
  module (``_core/deck.py``) and compiled into :class:`~spades_rules.rules.tables.CompiledTables`, read through
  :attr:`Rules.deck`, :attr:`Rules.sides` and :attr:`Rules.tables`.
- Deal (:attr:`Rules.deal_method`): the engine's deal and draw phases.
- Bidding (:attr:`Rules.bidding`, :attr:`Rules.bid_order`, :attr:`Rules.nil`, the blind nil options,
  the team minimum, ...): what each format means is :attr:`Rules.bid_format`
  (:mod:`spades_rules.rules.bid_formats`); who bids when and what a seat may bid is the bid rule
  (``_core/bid_rule.py``), which the engine and the score-sheet checks of :mod:`spades_rules.scoring` share.
- Exchange (:attr:`Rules.blind_nil_exchange`, :attr:`Rules.nil_exchange`): the engine's exchange phase, with
  who passes how many cards in an internal module (``_core/exchanges.py``).
- Play (:attr:`Rules.first_lead`, :attr:`Rules.spade_lead`): the engine's play phase (``_playable``).
- Misdeal (:attr:`Rules.redeal_on`): the engine's redeal (``_may_redeal``).
- Scoring (:attr:`Rules.set_penalty`, bags, nil values, ...): :func:`~spades_rules.scoring.score_hand`.
- Game end (:attr:`Rules.target_score`, :attr:`Rules.losing_score`, :attr:`Rules.max_hands`): the end of a
  hand in :mod:`spades_rules.scoring` (``_close_hand``), shared by the engine and
  :class:`~spades_rules.scoring.sheet.ScoreSheet`.

>>> Rules.standard()
Rules()
>>> Rules.standard().evolve(target_score=300)
Rules(target_score=300)
>>> Rules(players=4, removed_cards=("2C",))
Traceback (most recent call last):
...
spades_rules.errors.RulesError: a deck of 51 cards cannot be dealt evenly to 4 players
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Iterable, Mapping
from typing import Any, Final, Literal, cast, get_args

import attrs

from spades_rules._core.checks import check_seat, integer_or_none, never_raising_text
from spades_rules._core.deck import default_removed
from spades_rules._core.fields import as_card, choice, flag, number, redeal_conditions, removed_cards
from spades_rules._core.messages import describe
from spades_rules._core.validation import check_combination, check_table
from spades_rules.cards import Card, Suit
from spades_rules.errors import CardParseError, RulesError
from spades_rules.rules.bid_formats import BID_FORMATS, TEAM_MINIMUM, BidFormat
from spades_rules.rules.tables import CompiledTables

__all__ = [
    "BagOverflow",
    "BidOrder",
    "Bidding",
    "DealMethod",
    "FailedNilTricks",
    "FirstLead",
    "Moon",
    "RedealCondition",
    "Rules",
    "SetPenalty",
    "SpadeLead",
    "TrumpOrder",
]

TrumpOrder = Literal["ace_high", "deuce_of_spades_high", "joker_joker_deuce_deuce"]
DealMethod = Literal["deal", "draw"]
Bidding = Literal["standard", "none", "mirror", "whiz", "suicide"]
BidOrder = Literal["clockwise", "partners_consecutive"]
FailedNilTricks = Literal["bags", "bags_no_points", "count_for_partner", "ignored"]
SetPenalty = Literal["minus_bid", "zero"]
BagOverflow = Literal["carry", "reset"]
FirstLead = Literal["left_of_dealer", "lowest_club"]
SpadeLead = Literal["after_broken", "anytime", "after_first_trick"]
RedealCondition = Literal["no_spades", "one_or_no_spades", "no_face_cards", "seven_card_suit"]
Moon = Literal["points", "win"]

def _redeal_on(value: Iterable[str] | str) -> tuple[RedealCondition, ...]:
    # redeal_conditions has checked each name against RedealCondition's own: the cast only says so
    # (pyright checks a converter's return type against the field's; mypy's attrs plugin does not)
    return cast("tuple[RedealCondition, ...]", redeal_conditions(value, get_args(RedealCondition)))


_PRESETS: Final[dict[str, dict[str, Any]]] = {
    "standard": {},
    "bicycle": {"nil": False, "blind_nil": False, "set_penalty": "zero"},
    "no_bid": {"bidding": "none", "nil": False, "blind_nil": False, "target_score": 100},
    "mirror": {"bidding": "mirror", "blind_nil": False},
    "whiz": {"bidding": "whiz", "blind_nil": False},
    "suicide": {"bidding": "suicide", "blind_nil": False, "team_min_bid": 4},
    "partnership_bidding": {"bid_order": "partners_consecutive", "team_min_bid": 4},
    "jokers": {"with_jokers": True},
    "no_lead_restriction": {"spade_lead": "anytime"},
    "three_player": {"players": 3, "partnerships": False},
    "two_player": {"players": 2, "partnerships": False, "deal_method": "draw", "blind_nil": False},
    **{f"individual_{n}": {"players": n, "partnerships": False} for n in (3, 4, 5)},
}
"""The presets by name: the options each changes from the defaults. Serves the classmethods,
:meth:`Rules.presets`, :meth:`Rules.preset_descriptions` and the hypothesis strategies."""


@never_raising_text
@attrs.frozen(cache_hash=True, repr=False, getstate_setstate=False)
class Rules:
    """Every option of every variant. Defaults are standard partnership Spades as on pagat.com.

    Construct one with keywords, start from a preset (:meth:`standard`, :meth:`jokers`, ...) and
    :meth:`evolve` it, or look presets up by name in :meth:`presets`. Construction validates the whole
    combination and raises :class:`~spades_rules.errors.RulesError` with the reason.
    ``repr`` shows the options that differ from the defaults and evaluates back to an equal value.
    """

    # --- table and deck -------------------------------------------------------------------------------
    players: int = attrs.field(default=4, validator=number(2, 5))
    """Number of seats, 2-5. Seats are numbered clockwise from 0."""
    partnerships: bool = attrs.field(default=True, validator=flag)
    """Four players in two fixed partnerships, partners opposite (sides ``(0, 2)`` and ``(1, 3)``).
    False: everyone plays and scores alone (the only choice with 2, 3 or 5 players)."""
    with_jokers: bool = attrs.field(default=False, validator=flag)
    """Add the big and little joker as the two highest trumps (Bicycle's joker game)."""
    trump_order: TrumpOrder = attrs.field(default="ace_high", validator=choice(TrumpOrder))
    """``"ace_high"``: BJ, LJ, A♠ ... 2♠. ``"deuce_of_spades_high"``: BJ, LJ, 2♠, A♠ ...
    ``"joker_joker_deuce_deuce"``: BJ, LJ, 2♦, 2♠, A♠ ..., the 2♦ being a spade for every purpose."""
    removed_cards: tuple[Card, ...] | None = attrs.field(default=None, converter=removed_cards)
    """Cards taken out of the deck; ``None`` takes the usual ones for the player count and jokers
    (see :attr:`effective_removed_cards`)."""
    deal_method: DealMethod = attrs.field(default="deal", validator=choice(DealMethod))
    """``"deal"``: one card at a time clockwise from the dealer's left. ``"draw"``: the two-player draw
    (pagat): the deck is a stock, each turn keeps one of two cards and discards the other."""
    draw_second_card_seen: bool = attrs.field(default=True, validator=flag)
    """In the draw, the player sees the card it discards after keeping the first (False: unseen)."""

    # --- bidding --------------------------------------------------------------------------------------
    bidding: Bidding = attrs.field(default="standard", validator=choice(Bidding))
    """``"standard"`` bids; ``"none"`` (no-bid Spades, one point a trick); ``"mirror"`` (bid = spades held,
    spadeless = nil, set automatically); ``"whiz"`` (nil or exactly your spades); ``"suicide"`` (one partner
    of each side bids nil, the other at least :attr:`team_min_bid`)."""
    bid_order: BidOrder = attrs.field(default="clockwise", validator=choice(BidOrder))
    """``"clockwise"`` from the dealer's left; ``"partners_consecutive"``: team bidding, the side on
    the dealer's left first, partners one after the other."""
    min_bid: int = attrs.field(default=1, validator=number(1))
    """The lowest non-nil bid (in whiz, a player holding fewer spades may still bid them)."""
    nil: bool = attrs.field(default=True, validator=flag)
    """Nil (a bid of no tricks) may be bid."""
    nil_value: int = attrs.field(default=100, validator=number(0))
    """Points won for a made nil and lost for a failed one."""
    blind_nil: bool = attrs.field(default=True, validator=flag)
    """Blind nil may be bid (only where nil may), by a side trailing by :attr:`blind_nil_deficit`."""
    blind_nil_value: int = attrs.field(default=200, validator=number(0))
    """Points won for a made blind nil and lost for a failed one."""
    blind_nil_deficit: int | None = attrs.field(default=100, validator=number(0, optional=True))
    """A side may bid blind nil only when it trails the leading other side by at least this (None: always)."""
    blind_nil_exchange: int = attrs.field(default=2, validator=number(0))
    """Cards passed by a blind nil bidder to the partner and returned (partnerships only; 0: none).
    :func:`~spades_rules.engine.legal_actions` lists every choice: the partner returns k of its hand plus
    the k received, C(cards + k, k) choices (105 for 2 of 13). Options giving more than 30,000 choices are
    refused (at most 6 cards of 13); pagat and most tables pass 2. Without partnerships or without blind
    nil no exchange happens, so the size cannot take effect and is accepted as given (any non-negative
    integer): ``Rules.three_player()`` keeps the default of 2."""
    nil_exchange: int = attrs.field(default=0, validator=number(0))
    """Cards passed on a plain nil (Trickster Cards' nil passing): after the bids each plain nil bidder whose
    partner bid a number passes this many cards to the partner, who returns as many, as after a blind nil
    (partnerships only; 0: none). Bounded like :attr:`blind_nil_exchange`."""
    both_partners_nil: bool = attrs.field(default=True, validator=flag)
    """Both partners of a side may bid nil (of either kind)."""
    team_min_bid: int | None = attrs.field(default=None, validator=number(1, optional=True))
    """A partnership's contract must be at least this; constrains the partner who bids second. None: no
    minimum, except 4 with ``bidding="suicide"`` or standard bidding with ``bid_order="partners_consecutive"``
    (see :attr:`team_minimum`)."""
    forbid_total_equal_tricks: bool = attrs.field(default=False, validator=flag)
    """The last bidder may not make the total of all bids equal the number of tricks ("no 13")."""
    max_team_bid: int | None = attrs.field(default=None, validator=number(1, optional=True))
    """A partnership's contract (the sum of its non-nil bids, blind ones included) may not exceed this
    (OpenSpiel and spadesTDD cap it at 13); constrains both partners, the first only as far as the second
    can still bid. None: no cap. Partnerships with chosen numbers only."""
    blind_bid_min: int | None = attrs.field(default=None, validator=number(1, optional=True))
    """Blind bids other than nil ("blind 6"): a seat eligible by :attr:`blind_bid_deficit` may bid, before
    looking at its cards, a number from this to the tricks of a hand, ``Bid(seat, 6, blind=True)``,
    worth :attr:`blind_bid_multiplier` times a plain bid. None: no blind numbers. Standard bidding only."""
    blind_bid_deficit: int | None = attrs.field(default=100, validator=number(0, optional=True))
    """A side may bid a blind number only when it trails the leading other side by at least this (None:
    always); independent of :attr:`blind_nil_deficit`."""
    blind_bid_multiplier: int = attrs.field(default=2, validator=number(1))
    """How many times a plain bid's points a blind number's tricks are worth, made or set (2: a made blind 6
    scores 120)."""

    # --- play -----------------------------------------------------------------------------------------
    first_lead: FirstLead = attrs.field(default="left_of_dealer", validator=choice(FirstLead))
    """Who leads the first trick: the dealer's left, or the holder of the lowest club in play, leading it."""
    spade_lead: SpadeLead = attrs.field(default="after_broken", validator=choice(SpadeLead))
    """``"after_broken"``: spades may be led once broken or by a leader holding only spades;
    ``"anytime"``: no leading restriction; ``"after_first_trick"``: spades may be led from the second
    trick on, broken or not (the first leader only when it holds nothing but spades)."""
    first_trick_spades: bool = attrs.field(default=True, validator=flag)
    """A player who cannot follow suit may play a spade to the first trick. False: it may not (jokers
    included) unless it holds nothing but spades."""
    first_trick_lowest_club: bool = attrs.field(default=False, validator=flag)
    """Every player holding a club plays its lowest club to the first trick (needs
    ``first_lead="lowest_club"``, which makes the lowest club in play the first lead)."""

    # --- scoring --------------------------------------------------------------------------------------
    set_penalty: SetPenalty = attrs.field(default="minus_bid", validator=choice(SetPenalty))
    """A failed contract scores ``-10 × contract`` (pagat) or ``0`` (Bicycle)."""
    failed_nil_tricks: FailedNilTricks = attrs.field(default="bags", validator=choice(FailedNilTricks))
    """Tricks taken by a nil bidder: ``"bags"`` for the side, worth :attr:`bag_value` each;
    ``"bags_no_points"``, bags toward the limit that score nothing (MSN Zone); ``"count_for_partner"``,
    toward the partner's contract; ``"ignored"``, nothing at all (no bags, no help; the nil is still lost)."""
    double_nil_value: int | None = attrs.field(default=None, validator=number(0, optional=True))
    """Both partners bidding plain nil score as one unit: this many points if together they take no trick,
    else minus :attr:`double_nil_penalty`; their tricks are neither bags nor points (a pair with a blind nil
    scores each nil alone). None: each nil scores alone."""
    double_nil_penalty: int | None = attrs.field(default=None, validator=number(0, optional=True))
    """Points lost by a failed double nil (None: :attr:`double_nil_value`; Hoyle: 0)."""
    ten_for_two_hundred: bool = attrs.field(default=False, validator=flag)
    """"10 for 200": a made contract of 10 tricks or more scores 20 a trick bid instead of 10 (a made 10 is
    200); a set is never doubled."""
    moon: Moon | None = attrs.field(default=None, validator=choice(Moon, optional=True))
    """Shooting the moon: a side (or a player alone) whose contract is every trick of the hand and whose
    bidders take them all scores :attr:`moon_points` instead of its contract points (``"points"``), or wins
    the game at once (``"win"``). None: a contract of every trick scores as any other."""
    moon_points: int = attrs.field(default=200, validator=number(0))
    """The contract points of a moon under ``moon="points"``."""
    bag_value: int = attrs.field(default=1, validator=number(0))
    """Points per overtrick (bag)."""
    bag_limit: int | None = attrs.field(
        default=10, validator=number(1, optional=True, why=" (or None for no bag penalty)")
    )
    """Each time a side's bags reach this, it loses :attr:`bag_penalty` (None: bags are never penalised)."""
    bag_penalty: int = attrs.field(default=100, validator=number(0))
    """Points lost each time the bags reach :attr:`bag_limit`."""
    bag_overflow: BagOverflow = attrs.field(default="carry", validator=choice(BagOverflow))
    """After a bag penalty the bags above the limit carry over (pagat: a hand that passes the limit twice
    pays twice) or the count resets to zero (one penalty, then no bags)."""

    # --- game end -------------------------------------------------------------------------------------
    target_score: int = attrs.field(default=500, validator=number(1))
    """The game ends after a hand in which a side reaches this and one side has the highest score."""
    losing_score: int | None = attrs.field(default=None, validator=number(optional=True))
    """A side at or below this after a hand ends the game (e.g. -200), the unique top score winning; with
    the top scores tied another hand is played."""
    max_hands: int | None = attrs.field(default=None, validator=number(1, optional=True))
    """A backstop: the game ends after this many hands, highest score winning, tie a draw."""

    # --- misdeal --------------------------------------------------------------------------------------
    redeal_on: tuple[RedealCondition, ...] = attrs.field(default=(), converter=_redeal_on)
    """Hands that may call for a redeal before the first bid: ``"no_spades"``, ``"one_or_no_spades"``,
    ``"no_face_cards"``, ``"seven_card_suit"`` (seven or more cards of one suit, jokers and a promoted 2♦
    counting as spades). The same dealer deals again."""

    tables: CompiledTables = attrs.field(init=False, eq=False, hash=False, repr=False)
    """The rules compiled into bit masks and per-card tables: a read-only value computed once (see
    :class:`~spades_rules.rules.tables.CompiledTables`). Not an option: derived from the fields above."""

    def __attrs_post_init__(self) -> None:
        check_table(self)
        object.__setattr__(self, "tables", CompiledTables(self))
        check_combination(self)

    # ------------------------------------------------------------------------------------ derived
    @property
    def effective_removed_cards(self) -> tuple[Card, ...]:
        """:attr:`removed_cards`, or when that is None the usual cards out for the table: 2♣ with three players,
        2♣ 2♦ with five, 2♥ 2♣ with jokers (four players, or two), 2♣ 2♦ 2♥ 2♠ with jokers and five players."""
        if self.removed_cards is not None:
            return self.removed_cards
        return default_removed(self.players, self.with_jokers)

    @property
    def team_minimum(self) -> int | None:
        """The team minimum in force: :attr:`team_min_bid`, or the default of 4 for suicide and for
        standard team bidding when it is None (whiz ignores it: its bids are fixed by the spades held).

        >>> Rules(bid_order="partners_consecutive").team_minimum, Rules().team_minimum
        (4, None)
        """
        if self.team_min_bid is not None:
            return self.team_min_bid
        fmt = self.bid_format
        if fmt.default_team_minimum is not None:
            return fmt.default_team_minimum
        if self.bid_order == "partners_consecutive" and fmt.team_minimum_applies:
            return TEAM_MINIMUM
        return None

    @property
    def bid_format(self) -> BidFormat:
        """The bid format (:attr:`bidding`) as named properties (see :mod:`spades_rules.rules.bid_formats`).

        >>> Rules.mirror().bid_format.has_bidding_phase, Rules.suicide().bid_format.one_nil_per_side
        (False, True)
        """
        return BID_FORMATS[self.bidding]

    @property
    def has_bidding_phase(self) -> bool:
        """Whether the players bid: False for no-bid Spades (no bids) and mirror (bids fixed at the deal);
        :attr:`bid_format`'s ``has_bidding_phase``.

        >>> Rules.standard().has_bidding_phase, Rules.whiz().has_bidding_phase, Rules.mirror().has_bidding_phase
        (True, True, False)
        """
        return BID_FORMATS[self.bidding].has_bidding_phase

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards in play, in index order."""
        return self.tables.deck

    @property
    def cards_each(self) -> int:
        """Cards each player holds when play starts; also the number of tricks in a hand."""
        return self.tables.cards_each

    @property
    def tricks_per_hand(self) -> int:
        """The number of tricks in a hand (equal to :attr:`cards_each`)."""
        return self.tables.cards_each

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: ``((0, 2), (1, 3))`` in partnerships, one seat per side otherwise."""
        return self.tables.sides

    @property
    def num_sides(self) -> int:
        """Number of sides (scores)."""
        return len(self.tables.sides)

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (:class:`~spades_rules.errors.SeatError` for a seat not at the table)."""
        return self.tables.side_of[check_seat(seat, self.players)]

    def partner_of(self, seat: int) -> int | None:
        """The seat's partner, or None in individual play (:class:`~spades_rules.errors.SeatError` for a seat
        not at the table)."""
        seat = check_seat(seat, self.players)
        side = self.tables.sides[self.tables.side_of[seat]]
        return next((other for other in side if other != seat), None)

    @property
    def trumps(self) -> tuple[Card, ...]:
        """The trumps in play, highest first: the spade suit as the rules order it.

        >>> from spades_rules import format_cards
        >>> format_cards(Rules.jokers(trump_order="joker_joker_deuce_deuce").trumps[:5])
        'BJ LJ 2D 2S AS'
        """
        return self.tables.trumps

    def effective_suit(self, card: Card | str) -> Suit:
        """The suit a card counts as for following: jokers and a promoted 2♦ are spades."""
        return Suit(self.tables.suit_of[as_card(card).index])

    def strength(self, card: Card | str) -> int:
        """A number ordering cards by trick-taking power: every trump above every plain card, trumps in the
        rules' trump order, plain cards by rank (compare plain cards of the same suit only).

        >>> from spades_rules import parse_cards
        >>> r = Rules.jokers()
        >>> sorted(parse_cards("AS BJ KH LJ"), key=r.strength)
        [Card.parse('KH'), Card.parse('AS'), Card.parse('LJ'), Card.parse('BJ')]
        """
        return self.tables.power[as_card(card).index]

    def beats(self, card: Card | str, other: Card | str, led: Suit | int) -> bool:
        """Whether ``card`` beats ``other`` in a trick whose led suit is ``led`` (a :class:`Suit`, or its
        number 0-3; :class:`~spades_rules.errors.CardParseError` for anything else)."""
        if type(led) is not Suit:
            led = _suit(led)
        return self._trick_key(card, led) > self._trick_key(other, led)

    def _trick_key(self, card: Card | str, led: Suit) -> int:
        tables = self.tables
        index = as_card(card).index
        suit = tables.suit_of[index]
        if suit in (Suit.SPADES, led):
            return tables.power[index]
        return 0

    # ------------------------------------------------------------------------------------ presets
    @classmethod
    def standard(cls) -> Rules:
        """Standard partnership Spades (pagat): bids 1-13 or nil, blind nil when 100 behind, bags 10/100, to 500.

        >>> Rules.standard().cards_each, Rules.standard().sides
        (13, ((0, 2), (1, 3)))
        """
        return cls.preset("standard")

    @classmethod
    def bicycle(cls) -> Rules:
        """Bicycle's rules: no nil, a set contract scores 0, bags 1 point each and -100 per 10.

        >>> Rules.bicycle()
        Rules(nil=False, blind_nil=False, set_penalty='zero')
        """
        return cls.preset("bicycle")

    @classmethod
    def no_bid(cls) -> Rules:
        """No-bid Spades: no bidding, one point per trick won by the side, to 100."""
        return cls.preset("no_bid")

    @classmethod
    def mirror(cls) -> Rules:
        """Mirror Spades: each bid is fixed to the spades held, a spadeless hand is a nil."""
        return cls.preset("mirror")

    @classmethod
    def whiz(cls) -> Rules:
        """Whiz: bid nil or exactly the number of spades you hold (a spadeless hand bids nil)."""
        return cls.preset("whiz")

    @classmethod
    def suicide(cls) -> Rules:
        """Suicide: one partner of each side bids nil, the other at least 4."""
        return cls.preset("suicide")

    @classmethod
    def partnership_bidding(cls) -> Rules:
        """Team bidding: partners bid one after the other, a side's contract at least 4."""
        return cls.preset("partnership_bidding")

    @classmethod
    def jokers(cls, trump_order: TrumpOrder = "ace_high") -> Rules:
        """Jokers as top trumps: 2♥ 2♣ out, big joker > little joker > A♠ (other trump orders as options).

        >>> Rules.jokers().deck[-2:]
        (Card.parse('LJ'), Card.parse('BJ'))
        """
        if isinstance(trump_order, str) and trump_order in get_args(TrumpOrder):
            return _preset_value(cls, "jokers", trump_order)
        return cls(**{**_PRESETS["jokers"], "trump_order": trump_order})  # refused by the option's check

    @classmethod
    def no_lead_restriction(cls) -> Rules:
        """Standard Spades where spades may be led at any time."""
        return cls.preset("no_lead_restriction")

    @classmethod
    def three_player(cls) -> Rules:
        """Three players, each alone: 2♣ out, 17 cards and 17 tricks each, bids up to 17."""
        return cls.preset("three_player")

    @classmethod
    def two_player(cls) -> Rules:
        """Two players with the draw: keep or reject cards to 13 each, 26 discarded; then bid and play."""
        return cls.preset("two_player")

    @classmethod
    def individual(cls, players: int = 4) -> Rules:
        """Individual Spades for 3-5 players: one bid and one score each, blind nil without exchange.

        >>> Rules.individual(5).cards_each, len(Rules.individual(5).sides)
        (10, 5)
        """
        number = integer_or_none(players)
        if number not in (3, 4, 5):
            raise RulesError(f"individual play is for 3, 4 or 5 players, not {describe(players)}")
        return cls.preset(f"individual_{number}")

    @classmethod
    def presets(cls) -> dict[str, Rules]:
        """Every named preset, by name (``individual(n)`` appears as ``individual_3`` ... ``individual_5``): a
        new dict each call, of the presets' values (built once: rules are immutable).

        >>> sorted(Rules.presets())[:4]
        ['bicycle', 'individual_3', 'individual_4', 'individual_5']
        """
        return {name: _preset_value(cls, name, "ace_high") for name in _PRESETS}

    @classmethod
    def preset_descriptions(cls) -> dict[str, str]:
        """One line per preset: the first line of the preset's docstring."""
        described: dict[str, str] = {}
        for name in _PRESETS:
            if name.startswith("individual_"):
                described[name] = f"Individual Spades for {name[-1]} players: one bid and one score each."
            else:
                described[name] = (inspect.getdoc(getattr(cls, name)) or "").partition("\n")[0]
        return described

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset called ``name`` (see :meth:`presets`); ``RulesError`` for an unknown name. Presets are
        built once: every call returns the same immutable value.

        >>> Rules.preset("jokers") is Rules.jokers()
        True
        """
        if not isinstance(name, str) or name not in _PRESETS:
            raise RulesError(f"unknown preset {describe(name)}; choose from {', '.join(sorted(_PRESETS))}")
        return _preset_value(cls, name, "ace_high")

    # ------------------------------------------------------------------------------------ value protocol
    def evolve(self, **changes: Any) -> Rules:
        """A copy with some options changed, validated anew (a house rule)."""
        options = [f.name for f in attrs.fields(Rules) if f.init]
        unknown = sorted(set(changes) - set(options))
        if unknown:
            guesses = [difflib.get_close_matches(name[:40], options, n=1) for name in unknown]
            hints = [f"{name[:40]} (did you mean {guess[0]}?)" if guess else name[:40]
                     for name, guess in zip(unknown, guesses, strict=True)]
            raise RulesError(f"unknown option(s): {', '.join(hints)}")
        return attrs.evolve(self, **changes)

    def options(self) -> dict[str, Any]:
        """Every option and its value (removed cards as strings): JSON-safe."""
        result: dict[str, Any] = {}
        for field in attrs.fields(Rules):
            if field.init:
                value = getattr(self, field.name)
                if field.name == "removed_cards" and value is not None:
                    value = [str(card) for card in value]
                elif isinstance(value, tuple):
                    value = list(value)
                result[field.name] = value
        return result

    def changes(self) -> dict[str, Any]:
        """The options that differ from the defaults (:meth:`standard`)."""
        defaults = _DEFAULTS.options() if _DEFAULTS is not None else {}
        return {key: value for key, value in self.options().items() if defaults.get(key, object()) != value}

    def to_dict(self) -> dict[str, Any]:
        """The compact JSON-safe form that records, views and score sheets carry: the name of the preset
        closest to these rules (``"preset"``) and the options that differ from it, read back by
        :meth:`from_dict`.

        >>> Rules.jokers().evolve(bag_limit=5).to_dict()
        {'preset': 'jokers', 'bag_limit': 5}
        >>> Rules.from_dict({"preset": "jokers", "bag_limit": 5}) == Rules.jokers().evolve(bag_limit=5)
        True
        """
        found = _WIRE_FORMS.get(self)
        if found is None:
            options = self.options()
            forms = [{"preset": name, **{key: value for key, value in options.items() if preset[key] != value}}
                     for name, preset in _preset_options().items()]
            found = min(forms, key=len)  # the first preset (standard) wins a tie
            if len(_WIRE_FORMS) >= _WIRE_CACHE:
                _WIRE_FORMS.clear()
            _WIRE_FORMS[self] = found
        return {key: list(value) if isinstance(value, list) else value for key, value in found.items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """The rules of a dict form: ``"preset"`` (a name of :meth:`presets`; default ``"standard"``) and
        options that change it, as :meth:`to_dict` writes; :meth:`options`'s full dict reads too. Raises
        :class:`~spades_rules.errors.RulesError` naming the problem."""
        if not isinstance(data, Mapping) or not all(isinstance(key, str) for key in data):
            raise RulesError(f"a rules dict maps option names to values, not {describe(data)}")
        name = data.get("preset", "standard")
        return cls.preset(name).evolve(**{key: value for key, value in data.items() if key != "preset"})

    def __repr__(self) -> str:
        changed = self.changes().items()
        shown = (f"{key}={tuple(value) if isinstance(value, list) else value!r}" for key, value in changed)
        return f"Rules({', '.join(shown)})"

    def __getstate__(self) -> dict[str, Any]:
        return {field.name: getattr(self, field.name) for field in attrs.fields(Rules) if field.init}

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        try:  # through __init__: the converters and every check run again
            Rules.__init__(self, **state)
        except TypeError as error:
            raise RulesError(f"not the state of a pickled Rules: {error}") from None

    def __copy__(self) -> Rules:
        return self

    def __deepcopy__(self, memo: object) -> Rules:
        return self


def _suit(value: object) -> Suit:
    """``value`` as a suit: a :class:`Suit`, or a suit's number 0-3 (a NumPy integer too), else an error."""
    number = integer_or_none(value)
    if number is None or not 0 <= number < len(Suit):
        raise CardParseError(f"led must be a Suit (or its number 0-3), not {describe(value)}", text=value)
    return Suit(number)


def _preset_value(cls: type[Rules], name: str, trump_order: TrumpOrder) -> Rules:
    """The preset ``name`` (with the jokers' ``trump_order``), built once per class: rules are immutable."""
    key = (cls, name, trump_order)
    found = _PRESET_VALUES.get(key)
    if found is None:
        options = {**_PRESETS[name], **({"trump_order": trump_order} if trump_order != "ace_high" else {})}
        found = _PRESET_VALUES[key] = cls(**options)
    return found


_PRESET_VALUES: Final[dict[tuple[type[Rules], str, str], Rules]] = {}
_DEFAULTS: Rules | None = None
_DEFAULTS = Rules()
_WIRE_FORMS: Final[dict[Rules, dict[str, Any]]] = {}
""":meth:`Rules.to_dict` of the rules seen last (the views of one game all carry the same rules)."""
_WIRE_CACHE: Final = 256


def _preset_options() -> dict[str, dict[str, Any]]:
    """Every preset's :meth:`Rules.options`, standard first (built once)."""
    if not _PRESET_OPTIONS:
        _PRESET_OPTIONS.update((name, rules.options()) for name, rules in Rules.presets().items())
    return _PRESET_OPTIONS


_PRESET_OPTIONS: Final[dict[str, dict[str, Any]]] = {}

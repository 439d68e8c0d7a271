"""Rules: one frozen value holding every option of every variant, validated as a whole.

A variant is data, never code: the engine reads these fields at a few decision points, and each field's
docstring says which one. The derived tables the engine needs (the deck, the effective suits, the trump
order, the sides) are computed once at construction and shared by every state.

Where each rule lives:

- Table and deck (:attr:`Rules.players`, :attr:`Rules.partnerships`, :attr:`Rules.with_jokers`,
  :attr:`Rules.removed_cards`, :attr:`Rules.trump_order`): read here, into :attr:`Rules.deck`,
  :attr:`Rules.sides` and the private card tables.
- Deal (:attr:`Rules.deal_method`): read by the engine's deal and draw phases.
- Bidding (:attr:`Rules.bidding`, :attr:`Rules.bid_order`, :attr:`Rules.nil`, :attr:`Rules.blind_nil`,
  :attr:`Rules.team_min_bid`, ...): read by the engine's bid generator (``_bidding.py``).
- Play (:attr:`Rules.first_lead`, :attr:`Rules.spade_lead`): read by the engine's play generator.
- Scoring (:attr:`Rules.set_penalty`, bags, nil values, ...): read by :func:`~spades_rules.scoring.score_hand`.
- Game end (:attr:`Rules.target_score`, :attr:`Rules.losing_score`, :attr:`Rules.max_hands`): read by the
  engine after each hand.

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

import inspect
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Final, Literal, get_args

import attrs

from spades_rules.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, Card, Rank, Suit, _mask_of
from spades_rules.errors import RulesError, SpadesError, _describe

__all__ = [
    "BagOverflow",
    "BidOrder",
    "Bidding",
    "DealMethod",
    "FailedNilTricks",
    "FirstLead",
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
FailedNilTricks = Literal["bags", "count_for_partner"]
SetPenalty = Literal["minus_bid", "zero"]
BagOverflow = Literal["carry", "reset"]
FirstLead = Literal["left_of_dealer", "lowest_club"]
SpadeLead = Literal["after_broken", "anytime"]
RedealCondition = Literal["no_spades", "one_or_no_spades", "no_face_cards"]

_CHOICES: Final[dict[str, Any]] = {
    "TrumpOrder": TrumpOrder,
    "DealMethod": DealMethod,
    "Bidding": Bidding,
    "BidOrder": BidOrder,
    "FailedNilTricks": FailedNilTricks,
    "SetPenalty": SetPenalty,
    "BagOverflow": BagOverflow,
    "FirstLead": FirstLead,
    "SpadeLead": SpadeLead,
}

_MAX_NUMBER: Final = 1_000_000
"""Bound on every score-like number, so that a malformed record cannot smuggle in a huge integer."""


def _removed_converter(value: Iterable[Card | str] | str | None) -> tuple[Card, ...] | None:
    if value is None:
        return None
    if isinstance(value, str | Card):
        value = [value]
    try:
        cards = [card if isinstance(card, Card) else Card.parse(card) for card in value]
    except (TypeError, SpadesError, RecursionError) as error:
        raise RulesError(f"removed_cards must be cards or card strings such as '2C': {error}") from None
    return tuple(sorted(cards))


def _redeal_converter(value: Iterable[str] | str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    try:
        conditions = set(value)
    except (TypeError, RecursionError):
        raise RulesError(f"redeal_on must be a condition name or a tuple of them, not {_describe(value)}") from None
    if not all(isinstance(condition, str) for condition in conditions):
        raise RulesError(f"redeal_on must name conditions as strings, not {_describe(value)}")
    return tuple(sorted(conditions))


class _Tables:
    """What the engine reads on its hot path, computed once per :class:`Rules` value.

    ``suit_masks[s]`` holds the cards that count as suit ``s`` for following (jokers and a promoted 2♦
    are spades); ``power[i]`` orders the cards of a trick: a trump's power is above every plain card's.
    """

    __slots__ = (
        "cards_each",
        "deck",
        "deck_mask",
        "face_mask",
        "lead_lowest_club",
        "lowest_club",
        "players",
        "power",
        "side_of",
        "sides",
        "spade_mask",
        "spades_anytime",
        "suit_masks",
        "suit_of",
    )

    def __init__(self, rules: Rules) -> None:
        n = rules.players
        self.players = n
        if rules.partnerships:
            self.sides: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
        else:
            self.sides = tuple((seat,) for seat in range(n))
        self.side_of = tuple(next(i for i, side in enumerate(self.sides) if seat in side) for seat in range(n))
        removed = rules.effective_removed_cards
        pool = ALL_CARDS if rules.with_jokers else ALL_CARDS[:52]
        self.deck: tuple[Card, ...] = tuple(card for card in pool if card not in removed)
        self.deck_mask = _mask_of(self.deck)
        per_seat = n * 2 if rules.deal_method == "draw" else n
        self.cards_each = len(self.deck) // per_seat

        trumps = rules._trump_order_cards()
        trump_mask = _mask_of(trumps)
        suit_of = [int(card.suit) for card in ALL_CARDS]
        for card in trumps:
            suit_of[card.index] = Suit.SPADES
        self.suit_of = tuple(suit_of)
        self.suit_masks = tuple(
            sum(card.bit for card in self.deck if suit_of[card.index] == suit) for suit in Suit
        )
        self.spade_mask = self.suit_masks[Suit.SPADES]
        assert self.spade_mask == trump_mask & self.deck_mask
        power = [int(card.rank) for card in ALL_CARDS]
        for order, card in enumerate(reversed(trumps)):
            power[card.index] = 100 + order
        self.power = tuple(power)
        clubs = [card for card in self.deck if suit_of[card.index] == Suit.CLUBS]
        self.lowest_club: Card | None = min(clubs) if clubs else None
        self.face_mask = _mask_of(c for c in self.deck if c.rank in (Rank.JACK, Rank.QUEEN, Rank.KING))
        self.lead_lowest_club = rules.first_lead == "lowest_club"
        self.spades_anytime = rules.spade_lead == "anytime"


_DEFAULT_TEAM_MINIMUM: Final = 4
"""The team minimum of suicide and team bidding when none is given (see the rules page, section Bidding)."""

_DEFAULT_REMOVED: Final[dict[tuple[int, bool], str]] = {
    (2, False): "",
    (2, True): "2H 2C",
    (3, False): "2C",
    (3, True): "",
    (4, False): "",
    (4, True): "2H 2C",
    (5, False): "2C 2D",
    (5, True): "2C 2D 2H 2S",
}


@attrs.frozen(cache_hash=True, repr=False, getstate_setstate=False)
class Rules:
    """Every option of every variant. Defaults are standard partnership Spades as on pagat.com.

    Construct one with keywords, start from a preset (:meth:`standard`, :meth:`jokers`, ...) and
    :meth:`evolve` it, or look presets up by name in :meth:`presets`. Construction validates the whole
    combination and raises :class:`~spades_rules.errors.RulesError` with the reason.
    ``repr`` shows the options that differ from the defaults and evaluates back to an equal value.
    """

    # --- table and deck -------------------------------------------------------------------------------
    players: int = 2 * 2
    """Number of seats, 2-5. Seats are numbered clockwise from 0."""
    partnerships: bool = True
    """Four players in two fixed partnerships, partners opposite (sides ``(0, 2)`` and ``(1, 3)``).
    False: everyone plays and scores alone (the only choice with 2, 3 or 5 players)."""
    with_jokers: bool = False
    """Add the big and little joker as the two highest trumps (Bicycle's Spades with jokers)."""
    trump_order: TrumpOrder = "ace_high"
    """``"ace_high"``: BJ, LJ, A♠ ... 2♠. ``"deuce_of_spades_high"``: BJ, LJ, 2♠, A♠ ...
    ``"joker_joker_deuce_deuce"``: BJ, LJ, 2♦, 2♠, A♠ ..., the 2♦ being a spade for every purpose."""
    removed_cards: tuple[Card, ...] | None = attrs.field(default=None, converter=_removed_converter)
    """Cards taken out of the deck; ``None`` takes the rules page's deck table for the player count and jokers."""
    deal_method: DealMethod = "deal"
    """``"deal"``: one card at a time clockwise from the dealer's left. ``"draw"``: the two-player draw
    (rules page, section Two players): the deck is a stock, each turn keeps one of two cards, discards the other."""
    draw_second_card_seen: bool = True
    """In the draw, the player sees the card it discards after keeping the first (False: unseen)."""

    # --- bidding --------------------------------------------------------------------------------------
    bidding: Bidding = "standard"
    """``"standard"`` bids; ``"none"`` (no-bid Spades, one point a trick); ``"mirror"`` (bid = spades held,
    spadeless = nil, set automatically); ``"whiz"`` (nil or exactly your spades); ``"suicide"`` (one partner
    of each side bids nil, the other at least :attr:`team_min_bid`)."""
    bid_order: BidOrder = "clockwise"
    """``"clockwise"`` from the dealer's left; ``"partners_consecutive"``: team bidding, the side on
    the dealer's left first, partners one after the other."""
    min_bid: int = 1
    """The lowest non-nil bid."""
    nil: bool = True
    """Nil (a bid of no tricks) may be bid."""
    nil_value: int = 100
    """Points won for a made nil and lost for a failed one."""
    blind_nil: bool = True
    """Blind nil may be bid (only where nil may), by a side trailing by :attr:`blind_nil_deficit`."""
    blind_nil_value: int = 200
    """Points won for a made blind nil and lost for a failed one."""
    blind_nil_deficit: int | None = 100
    """A side may bid blind nil only when it trails the leading other side by at least this (None: always)."""
    blind_nil_exchange: int = 2
    """Cards passed by a blind nil bidder to the partner and returned (partnerships only; 0: none).
    :func:`~spades_rules.engine.legal_actions` lists every choice, C(hand, k) of them: 78 for 2 of 13,
    but millions past 6, so keep it small (pagat and most tables: 2)."""
    both_partners_nil: bool = True
    """Both partners of a side may bid nil (of either kind)."""
    team_min_bid: int | None = None
    """A partnership's contract must be at least this; constrains the partner who bids second. None: no
    minimum, except 4 with ``bidding="suicide"`` or ``bid_order="partners_consecutive"`` (see
    :attr:`team_minimum`)."""
    forbid_total_equal_tricks: bool = False
    """The last bidder may not make the total of all bids equal the number of tricks ("no 13")."""

    # --- play -----------------------------------------------------------------------------------------
    first_lead: FirstLead = "left_of_dealer"
    """Who leads the first trick: the dealer's left, or the holder of the lowest club in play, leading it."""
    spade_lead: SpadeLead = "after_broken"
    """``"after_broken"``: spades may be led once broken or by a leader holding only spades;
    ``"anytime"``: no leading restriction."""

    # --- scoring --------------------------------------------------------------------------------------
    set_penalty: SetPenalty = "minus_bid"
    """A failed contract scores ``-10 × contract`` (pagat) or ``0`` (Bicycle)."""
    failed_nil_tricks: FailedNilTricks = "bags"
    """Tricks taken by a nil bidder count as bags for the side, or toward the partner's contract."""
    bag_value: int = 1
    """Points per overtrick (bag)."""
    bag_limit: int | None = 10
    """Each time a side's bags reach this, it loses :attr:`bag_penalty` (None: bags are never penalised)."""
    bag_penalty: int = 100
    """Points lost each time the bags reach :attr:`bag_limit`."""
    bag_overflow: BagOverflow = "carry"
    """After a bag penalty the bags above the limit carry over (pagat: a hand that passes the limit twice
    pays twice) or the count resets to zero (one penalty, then no bags)."""

    # --- game end -------------------------------------------------------------------------------------
    target_score: int = 500
    """The game ends after a hand in which a side reaches this and one side has the highest score."""
    losing_score: int | None = None
    """A side at or below this after a hand ends the game (e.g. -200), the unique top score winning; with
    the top scores tied another hand is played."""
    max_hands: int | None = None
    """A backstop: the game ends after this many hands, highest score winning, tie a draw."""

    # --- misdeal --------------------------------------------------------------------------------------
    redeal_on: tuple[RedealCondition, ...] = attrs.field(default=(), converter=_redeal_converter)
    """Hands that may call for a redeal before the first bid: ``"no_spades"``, ``"one_or_no_spades"``,
    ``"no_face_cards"``. The same dealer deals again."""

    _tables: _Tables = attrs.field(init=False, eq=False, hash=False, repr=False)

    _PRESETS: ClassVar[tuple[str, ...]] = (
        "standard",
        "bicycle",
        "no_bid",
        "mirror",
        "whiz",
        "suicide",
        "partnership_bidding",
        "jokers",
        "no_lead_restriction",
        "three_player",
        "two_player",
    )

    def __attrs_post_init__(self) -> None:
        self._validate_types()
        self._validate_table()
        object.__setattr__(self, "_tables", _Tables(self))
        self._validate_play()

    # ------------------------------------------------------------------------------------- validation
    def _validate_types(self) -> None:
        for field in attrs.fields(Rules):
            if not field.init or field.name in ("removed_cards", "redeal_on"):
                continue
            value = getattr(self, field.name)
            kind = str(field.type)
            if kind in _CHOICES:
                choices = get_args(_CHOICES[kind])
                if not isinstance(value, str) or value not in choices:
                    raise RulesError(
                        f"{field.name} must be one of {', '.join(map(repr, choices))}, not {_describe(value)}"
                    )
            elif kind == "bool":
                if type(value) is not bool:
                    raise RulesError(f"{field.name} must be True or False, not {_describe(value)}")
            elif value is not None or kind != "int | None":
                if type(value) is not int:
                    raise RulesError(f"{field.name} must be an integer, not {_describe(value)}")
                if abs(value) > _MAX_NUMBER:
                    raise RulesError(f"{field.name}={_describe(value)} is out of range (at most {_MAX_NUMBER} in size)")
        for condition in self.redeal_on:
            if condition not in get_args(RedealCondition):
                raise RulesError(
                    f"redeal_on: unknown condition {_describe(condition)}; "
                    f"choose from {', '.join(map(repr, get_args(RedealCondition)))}"
                )

    def _validate_table(self) -> None:
        if not 2 <= self.players <= 5:
            raise RulesError(f"players must be 2, 3, 4 or 5, not {self.players}")
        if self.partnerships and self.players != 4:
            raise RulesError(f"partnerships need exactly 4 players, not {self.players}; set partnerships=False")
        if self.deal_method == "draw" and self.players != 2:
            raise RulesError("the draw method is for two players")
        removed = self.effective_removed_cards
        if len(set(removed)) != len(removed):
            raise RulesError("removed_cards names a card twice")
        for card in removed:
            if card.is_joker and not self.with_jokers:
                raise RulesError(f"cannot remove {card}: the deck has no jokers (set with_jokers=True)")
        size = (54 if self.with_jokers else 52) - len(removed)
        per_seat = self.players * (2 if self.deal_method == "draw" else 1)
        if size == 0 or size % per_seat:
            how = "drawn evenly by" if self.deal_method == "draw" else "dealt evenly to"
            raise RulesError(f"a deck of {size} cards cannot be {how} {self.players} players")
        promoted = {"ace_high": "", "deuce_of_spades_high": "2S", "joker_joker_deuce_deuce": "2D 2S"}
        for text in promoted[self.trump_order].split():
            if Card.parse(text) in removed:
                raise RulesError(f"trump_order={self.trump_order!r} promotes {text}, but the deck leaves it out")

    def _validate_play(self) -> None:
        tricks = self._tables.cards_each
        fixed = self.bidding in ("none", "mirror", "whiz", "suicide")
        if not 1 <= self.min_bid <= tricks:
            raise RulesError(f"min_bid must be between 1 and the {tricks} tricks of a hand, not {self.min_bid}")
        if self.bidding == "none" and (self.nil or self.blind_nil):
            raise RulesError("no-bid Spades has no bids, so no nil: set nil=False and blind_nil=False")
        if self.bidding in ("mirror", "whiz", "suicide") and not self.nil:
            raise RulesError(f"bidding={self.bidding!r} needs nil=True: its spadeless or second bids are nils")
        if self.blind_nil and not self.nil:
            raise RulesError("blind nil is a kind of nil: it needs nil=True")
        if self.blind_nil and self.bidding != "standard":
            raise RulesError(f"blind nil is not offered with bidding={self.bidding!r}: set blind_nil=False")
        if self.forbid_total_equal_tricks and fixed:
            raise RulesError(
                f"forbid_total_equal_tricks cannot combine with bidding={self.bidding!r}: "
                "its bids are forced, so the last bidder could be left without a legal bid"
            )
        if self.forbid_total_equal_tricks and max(self.min_bid, self.team_minimum or 0) >= tricks:
            raise RulesError(
                "forbid_total_equal_tricks needs a choice of bids: min_bid and team_min_bid must be below "
                f"the {tricks} tricks, or the last bidder could be left without a legal bid"
            )
        if self.redeal_on and self.bidding in ("none", "mirror"):
            raise RulesError(
                f"a redeal is called before the first bid, and bidding={self.bidding!r} has no bidding: "
                "set redeal_on=()"
            )
        if self.bid_order == "partners_consecutive" and not self.partnerships:
            raise RulesError("bid_order='partners_consecutive' needs partnerships")
        if self.bid_order == "partners_consecutive" and self.bidding in ("none", "mirror"):
            raise RulesError(f"bid_order is meaningless with bidding={self.bidding!r}: there is no bidding")
        if self.team_min_bid is not None:
            if not self.partnerships:
                raise RulesError("team_min_bid needs partnerships")
            if self.bidding not in ("standard", "suicide"):
                raise RulesError(f"team_min_bid cannot combine with bidding={self.bidding!r}")
            if not 1 <= self.team_min_bid <= tricks:
                raise RulesError(f"team_min_bid must be between 1 and {tricks}, not {self.team_min_bid}")
        if self.bidding == "suicide" and not self.partnerships:
            raise RulesError("suicide bidding needs partnerships")
        if not self.both_partners_nil and not self.partnerships:
            raise RulesError("both_partners_nil=False needs partnerships")
        if not self.both_partners_nil and self.bidding != "standard":
            raise RulesError(
                f"both_partners_nil=False only applies to standard bidding: with bidding={self.bidding!r} the "
                "format itself decides who bids nil"
            )
        if not 0 <= self.blind_nil_exchange <= tricks:
            raise RulesError(f"blind_nil_exchange must be between 0 and {tricks}, not {self.blind_nil_exchange}")
        if self.blind_nil_deficit is not None and self.blind_nil_deficit < 0:
            raise RulesError("blind_nil_deficit must not be negative")
        for name in ("nil_value", "blind_nil_value", "bag_value", "bag_penalty"):
            if getattr(self, name) < 0:
                raise RulesError(f"{name} must not be negative")
        if self.bag_limit is not None and self.bag_limit < 1:
            raise RulesError("bag_limit must be at least 1 (or None for no bag penalty)")
        if self.target_score < 1:
            raise RulesError("target_score must be positive")
        if self.losing_score is not None and self.losing_score >= self.target_score:
            raise RulesError("losing_score must be below target_score")
        if self.max_hands is not None and self.max_hands < 1:
            raise RulesError("max_hands must be at least 1 (or None)")

    def _trump_order_cards(self) -> tuple[Card, ...]:
        """The trumps, highest first (cards removed from the deck included; the tables drop them)."""
        spades = [Card(Suit.SPADES, Rank(rank)) for rank in range(14, 1, -1)]
        jokers = [BIG_JOKER, LITTLE_JOKER] if self.with_jokers else []
        two_spades = Card(Suit.SPADES, Rank.TWO)
        if self.trump_order == "ace_high":
            return (*jokers, *spades)
        if self.trump_order == "deuce_of_spades_high":
            return (*jokers, two_spades, *spades[:-1])
        return (*jokers, Card(Suit.DIAMONDS, Rank.TWO), two_spades, *spades[:-1])

    # ------------------------------------------------------------------------------------ derived
    @property
    def effective_removed_cards(self) -> tuple[Card, ...]:
        """:attr:`removed_cards`, or the default for the player count and jokers when that is None."""
        if self.removed_cards is not None:
            return self.removed_cards
        key = (self.players, self.with_jokers)
        text = _DEFAULT_REMOVED.get(key, "")
        return tuple(sorted(Card.parse(part) for part in text.split()))

    @property
    def team_minimum(self) -> int | None:
        """The team minimum in force: :attr:`team_min_bid`, or the default of 4 for suicide and
        team bidding when it is None.

        >>> Rules(bid_order="partners_consecutive").team_minimum, Rules().team_minimum
        (4, None)
        """
        if self.team_min_bid is not None:
            return self.team_min_bid
        if self.bidding == "suicide" or self.bid_order == "partners_consecutive":
            return _DEFAULT_TEAM_MINIMUM
        return None

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards in play, in index order."""
        return self._tables.deck

    @property
    def cards_each(self) -> int:
        """Cards each player holds when play starts; also the number of tricks in a hand."""
        return self._tables.cards_each

    @property
    def tricks_per_hand(self) -> int:
        """The number of tricks in a hand (equal to :attr:`cards_each`)."""
        return self._tables.cards_each

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: ``((0, 2), (1, 3))`` in partnerships, one seat per side otherwise."""
        return self._tables.sides

    @property
    def num_sides(self) -> int:
        """Number of sides (scores)."""
        return len(self._tables.sides)

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        return self._tables.side_of[seat]

    def partner_of(self, seat: int) -> int | None:
        """The seat's partner, or None in individual play."""
        side = self._tables.sides[self._tables.side_of[seat]]
        return next((other for other in side if other != seat), None)

    @property
    def trumps(self) -> tuple[Card, ...]:
        """The trumps in play, highest first: the spade suit as the rules order it.

        >>> from spades_rules import format_cards
        >>> format_cards(Rules.jokers(trump_order="joker_joker_deuce_deuce").trumps[:5])
        'BJ LJ 2D 2S AS'
        """
        return tuple(card for card in self._trump_order_cards() if card.bit & self._tables.deck_mask)

    def effective_suit(self, card: Card) -> Suit:
        """The suit a card counts as for following: jokers and a promoted 2♦ are spades."""
        return Suit(self._tables.suit_of[card.index])

    def strength(self, card: Card) -> int:
        """A number ordering cards by trick-taking power: every trump above every plain card, trumps in the
        rules' trump order, plain cards by rank (compare plain cards of the same suit only).

        >>> from spades_rules import parse_cards
        >>> r = Rules.jokers()
        >>> sorted(parse_cards("AS BJ KH LJ"), key=r.strength)
        [Card.parse('KH'), Card.parse('AS'), Card.parse('LJ'), Card.parse('BJ')]
        """
        return self._tables.power[card.index]

    def beats(self, card: Card, other: Card, led: Suit) -> bool:
        """Whether ``card`` beats ``other`` in a trick whose led suit is ``led``."""
        return self._trick_key(card, led) > self._trick_key(other, led)

    def _trick_key(self, card: Card, led: Suit) -> int:
        tables = self._tables
        suit = tables.suit_of[card.index]
        if suit in (Suit.SPADES, led):
            return tables.power[card.index]
        return 0

    # ------------------------------------------------------------------------------------ presets
    @classmethod
    def standard(cls) -> Rules:
        """Standard partnership Spades (pagat): bids 1-13 or nil, blind nil when 100 behind, bags 10/100, to 500.

        >>> Rules.standard().cards_each, Rules.standard().sides
        (13, ((0, 2), (1, 3)))
        """
        return cls()

    @classmethod
    def bicycle(cls) -> Rules:
        """Bicycle's rules: no nil, a set contract scores 0, bags 1 point each and -100 per 10.

        >>> Rules.bicycle()
        Rules(nil=False, blind_nil=False, set_penalty='zero')
        """
        return cls(nil=False, blind_nil=False, set_penalty="zero")

    @classmethod
    def no_bid(cls) -> Rules:
        """No-bid Spades: no bidding, one point per trick won by the side, to 100."""
        return cls(bidding="none", nil=False, blind_nil=False, target_score=100)

    @classmethod
    def mirror(cls) -> Rules:
        """Mirror Spades: each bid is fixed to the spades held, a spadeless hand is a nil."""
        return cls(bidding="mirror", blind_nil=False)

    @classmethod
    def whiz(cls) -> Rules:
        """Whiz: bid nil or exactly the number of spades you hold (a spadeless hand bids nil)."""
        return cls(bidding="whiz", blind_nil=False)

    @classmethod
    def suicide(cls) -> Rules:
        """Suicide: one partner of each side bids nil, the other at least 4."""
        return cls(bidding="suicide", blind_nil=False, team_min_bid=4)

    @classmethod
    def partnership_bidding(cls) -> Rules:
        """Team bidding: partners bid one after the other, a side's contract at least 4."""
        return cls(bid_order="partners_consecutive", team_min_bid=4)

    @classmethod
    def jokers(cls, trump_order: TrumpOrder = "ace_high") -> Rules:
        """Jokers as top trumps: 2♥ 2♣ out, big joker > little joker > A♠ (other trump orders as options).

        >>> Rules.jokers().deck[-2:]
        (Card.parse('LJ'), Card.parse('BJ'))
        """
        return cls(with_jokers=True, trump_order=trump_order)

    @classmethod
    def no_lead_restriction(cls) -> Rules:
        """Standard Spades where spades may be led at any time."""
        return cls(spade_lead="anytime")

    @classmethod
    def three_player(cls) -> Rules:
        """Three players, each alone: 2♣ out, 17 cards and 17 tricks each, bids up to 17."""
        return cls.individual(3)

    @classmethod
    def two_player(cls) -> Rules:
        """Two players with the draw: keep or reject cards to 13 each, 26 discarded; then bid and play."""
        return cls(players=2, partnerships=False, deal_method="draw", blind_nil=False)

    @classmethod
    def individual(cls, players: int = 4) -> Rules:
        """Individual Spades for 3-5 players: one bid and one score each, blind nil without exchange.

        >>> Rules.individual(5).cards_each, len(Rules.individual(5).sides)
        (10, 5)
        """
        if players not in (3, 4, 5):
            raise RulesError(f"individual play is for 3, 4 or 5 players, not {players}")
        return cls(players=players, partnerships=False)

    @classmethod
    def presets(cls) -> dict[str, Rules]:
        """Every named preset, by name (``individual(n)`` appears as ``individual_3`` ... ``individual_5``).

        >>> sorted(Rules.presets())[:4]
        ['bicycle', 'individual_3', 'individual_4', 'individual_5']
        """
        found: dict[str, Rules] = {name: getattr(cls, name)() for name in cls._PRESETS}
        for n in (3, 4, 5):
            found[f"individual_{n}"] = cls.individual(n)
        return found

    @classmethod
    def preset_descriptions(cls) -> dict[str, str]:
        """One line per preset: the first line of the preset's docstring."""
        described: dict[str, str] = {}
        for name in cls.presets():
            method = "individual" if name.startswith("individual_") else name
            doc = inspect.getdoc(getattr(cls, method)) or ""
            line = doc.splitlines()[0] if doc else ""
            if method == "individual":
                line = f"Individual Spades for {name[-1]} players: one bid and one score each."
            described[name] = line
        return described

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset called ``name`` (see :meth:`presets`); ``RulesError`` for an unknown name."""
        table = cls.presets()
        if name not in table:
            raise RulesError(f"unknown preset {name!r}; choose from {', '.join(sorted(table))}")
        return table[name]

    # ------------------------------------------------------------------------------------ value protocol
    def evolve(self, **changes: Any) -> Rules:
        """A copy with some options changed, validated anew (a house rule)."""
        unknown = sorted(set(changes) - {f.name for f in attrs.fields(Rules) if f.init})
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(name[:40] for name in unknown)}")
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

    def __repr__(self) -> str:
        parts = []
        for key, value in self.changes().items():
            shown = tuple(value) if isinstance(value, list) else value
            parts.append(f"{key}={shown!r}")
        return f"Rules({', '.join(parts)})"

    def __getstate__(self) -> dict[str, Any]:
        return {field.name: getattr(self, field.name) for field in attrs.fields(Rules) if field.init}

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_attrs_cached_hash", None)
        self.__attrs_post_init__()

    def __copy__(self) -> Rules:
        return self

    def __deepcopy__(self, memo: object) -> Rules:
        return self


_DEFAULTS: Rules | None = None
_DEFAULTS = Rules()

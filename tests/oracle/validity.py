"""Which option combinations must be refused when the rules are built.

Each refusal names the options it involves and says where it comes from: ``"rules"`` when the rules
page states it (a deck that cannot be dealt, blind nil without nil, "no 13" with forced bids, the house
rules' stated needs), ``"decided"`` for a safeguard the rules leave open and this oracle adopts (each is
listed in the oracle's README). A combination with no refusal must be accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import comb
from typing import Any

from oracle.bidding import bid_order, legal_bids
from oracle.deck import USUAL_REMOVED, cards_each, full_pack
from oracle.options import DEFAULTS, Options
from spades_rules import Card, CardParseError

CHOICES: dict[str, tuple[Any, ...]] = {
    "trump_order": ("ace_high", "deuce_of_spades_high", "joker_joker_deuce_deuce"),
    "deal_method": ("deal", "draw"),
    "bidding": ("standard", "none", "mirror", "whiz", "suicide"),
    "bid_order": ("clockwise", "partners_consecutive"),
    "first_lead": ("left_of_dealer", "lowest_club"),
    "spade_lead": ("after_broken", "anytime", "after_first_trick"),
    "set_penalty": ("minus_bid", "zero"),
    "failed_nil_tricks": ("bags", "bags_no_points", "count_for_partner", "ignored"),
    "bag_overflow": ("carry", "reset"),
    "moon": (None, "points", "win"),
}
REDEAL_CONDITIONS = ("no_spades", "one_or_no_spades", "no_face_cards", "seven_card_suit")
FLAGS = (
    "partnerships", "with_jokers", "draw_second_card_seen", "nil", "blind_nil", "both_partners_nil",
    "forbid_total_equal_tricks", "first_trick_spades", "first_trick_lowest_club", "ten_for_two_hundred",
)  # fmt: skip
LOWEST: dict[str, int] = {
    # number options: the lowest value (None allowed where the default is None or noted)
    "nil_value": 0, "blind_nil_value": 0, "blind_nil_deficit": 0, "blind_nil_exchange": 0, "team_min_bid": 1,
    "bag_value": 0, "bag_limit": 1, "bag_penalty": 0, "target_score": 1, "max_hands": 1, "max_team_bid": 1,
    "double_nil_value": 0, "double_nil_penalty": 0, "blind_bid_min": 1, "blind_bid_deficit": 0,
    "blind_bid_multiplier": 1, "nil_exchange": 0, "moon_points": 0, "min_bid": 1,
}  # fmt: skip
OPTIONAL_NUMBERS = (
    "blind_nil_deficit", "team_min_bid", "bag_limit", "losing_score", "max_hands", "max_team_bid",
    "double_nil_value", "double_nil_penalty", "blind_bid_min", "blind_bid_deficit",
)  # fmt: skip
MOST_EXCHANGE_CHOICES = 30_000
"""A safeguard: an exchange whose return could be chosen in more ways than this is refused."""


@dataclass(frozen=True)
class Refusal:
    options: tuple[str, ...]
    why: str
    source: str  # "rules" or "decided"


HOUSE_RULE_VALUES = {"spade_lead": "after_first_trick", "failed_nil_tricks": "ignored"}
"""The values the house rules add to older options (and ``"seven_card_suit"`` to ``redeal_on``)."""


def refusals(
    given: Mapping[str, Any], known: frozenset[str] | None = None, *, house_rules: bool = True
) -> list[Refusal]:
    """Every reason to refuse the options ``given`` (over the defaults). ``known`` is the set of option
    names the rules have (an option outside it is unknown); without ``house_rules`` the values the house
    rules add to older options are unknown too."""
    names = frozenset(DEFAULTS) if known is None else known
    unknown = sorted(set(given) - names)
    if unknown:
        return [Refusal(tuple(unknown), "unknown option", "rules")]
    if not house_rules:
        for name, value in HOUSE_RULE_VALUES.items():
            if given.get(name) == value:
                return [Refusal((name,), f"not a choice: {value!r}", "rules")]
        redeal = given.get("redeal_on", ())
        if "seven_card_suit" in ((redeal,) if isinstance(redeal, str) else tuple(redeal)):
            return [Refusal(("redeal_on",), "unknown redeal condition", "rules")]
    domain = _domain(given)
    if domain:
        return domain
    options = Options.from_dict(given)
    found = _table(options)
    if found:
        return found
    found = _bidding(options) + _house_rules(options) + _other(options)
    if not found and options.bidding in ("standard", "suicide") and not _bids_can_be_made(options):
        found.append(Refusal(_bid_options(options), "no complete round of bids keeps every rule", "rules"))
    return found


def _bids_can_be_made(options: Options) -> bool:
    """Whether the first bidder has a bid (every bid offered leaves the later bidders a legal bid)."""
    order = bid_order(options, 0)
    hands: list[list[Card]] = [[] for _ in range(options.players)]
    return bool(legal_bids(options, order, [], hands, [0] * options.num_sides))


def _bid_options(options: Options) -> tuple[str, ...]:
    """The options that tie the bids of a round together, as far as they are set."""
    names = ["min_bid", "nil"]
    names += [name for name in ("team_min_bid", "max_team_bid") if getattr(options, name) is not None]
    names += [name for name in ("forbid_total_equal_tricks",) if getattr(options, name)]
    names += [] if options.both_partners_nil else ["both_partners_nil"]
    return tuple(names)


def _domain(given: Mapping[str, Any]) -> list[Refusal]:
    out: list[Refusal] = []
    for name, value in given.items():
        if name in CHOICES and value not in CHOICES[name]:
            out.append(Refusal((name,), f"not a choice: {value!r}", "rules"))
        elif name in FLAGS and not isinstance(value, bool):
            out.append(Refusal((name,), "not a flag", "rules"))
        elif name == "players" and (type(value) is not int or not 2 <= value <= 5):
            out.append(Refusal((name,), "two to five players", "rules"))
        elif name in LOWEST or name == "losing_score":
            if value is None and name in OPTIONAL_NUMBERS:
                continue
            if type(value) is not int or (name in LOWEST and value < LOWEST[name]):
                out.append(Refusal((name,), f"not a number in range: {value!r}", "decided"))
        elif name == "redeal_on":
            out += _redeal_on_domain(value)
        elif name == "removed_cards" and value is not None:
            out += _removed_cards_domain(value)
    return out


# The two below take the value afresh (typed Any): in _domain's chain, pyright would read it as narrowed by
# the tests of the branches above it (to a bool or an int).
def _redeal_on_domain(value: Any) -> list[Refusal]:
    values = (value,) if isinstance(value, str) else tuple(value)
    if any(item not in REDEAL_CONDITIONS for item in values):
        return [Refusal(("redeal_on",), "unknown redeal condition", "rules")]
    return []


def _removed_cards_domain(value: Any) -> list[Refusal]:
    try:
        cards = [Card.parse(str(item)) for item in value]
    except CardParseError:
        return [Refusal(("removed_cards",), "not a card", "rules")]
    if len(set(cards)) != len(cards):
        return [Refusal(("removed_cards",), "a card named twice", "decided")]
    return []


def _table(options: Options) -> list[Refusal]:
    out: list[Refusal] = []
    if options.partnerships and options.players != 4:
        out.append(Refusal(("partnerships", "players"), "partnerships need four players", "rules"))
    if options.deal_method == "draw" and options.players != 2:
        out.append(Refusal(("deal_method", "players"), "the draw is for two players", "rules"))
    removed = (
        options.removed_cards
        if options.removed_cards is not None
        else USUAL_REMOVED.get((options.players, options.with_jokers), ())
    )
    names = [str(Card.parse(text)) for text in removed]
    pack = {str(card) for card in full_pack(options.with_jokers)}
    if any(name not in pack for name in names):
        out.append(Refusal(("removed_cards", "with_jokers"), "a removed card is not in the pack", "rules"))
        return out
    size = len(pack) - len(set(names))
    per_seat = options.players * (2 if options.deal_method == "draw" else 1)
    if size == 0 or size % per_seat:
        out.append(Refusal(("removed_cards", "players"), "the deck cannot be dealt evenly", "rules"))
    lifted = {"deuce_of_spades_high": ["2S"], "joker_joker_deuce_deuce": ["2D", "2S"]}.get(options.trump_order, [])
    if any(name in names for name in lifted):
        out.append(Refusal(("trump_order", "removed_cards"), "the trump order lifts a card out of the deck", "decided"))
    return out


def _bidding(options: Options) -> list[Refusal]:
    out: list[Refusal] = []
    tricks = cards_each(options)
    fmt = options.bidding

    def refuse(names: tuple[str, ...], why: str, source: str = "decided") -> None:
        out.append(Refusal(names, why, source))

    if options.min_bid > tricks:
        refuse(("min_bid",), "the minimum bid is above the tricks of a hand")
    if options.blind_nil and not options.nil:
        refuse(("blind_nil", "nil"), "blind nil is a kind of nil", "rules")
    if options.blind_nil and fmt in ("whiz", "suicide", "mirror", "none"):
        refuse(("blind_nil", "bidding"), "blind nil is offered only with standard bidding", "rules")
    if fmt == "none" and options.nil:
        refuse(("nil", "bidding"), "no-bid Spades has no nil")
    if fmt in ("whiz", "suicide", "mirror") and not options.nil:
        refuse(("nil", "bidding"), "the format's bids include nils")
    if fmt == "suicide" and not options.partnerships:
        refuse(("bidding", "partnerships"), "suicide is a partnership format")
    if fmt in ("whiz", "suicide", "mirror", "none") and not options.both_partners_nil:
        refuse(("both_partners_nil", "bidding"), "the format decides who bids nil")
    if not options.partnerships and not options.both_partners_nil:
        refuse(("both_partners_nil", "partnerships"), "there are no partners")
    if options.team_min_bid is not None and fmt in ("whiz", "mirror", "none"):
        refuse(("team_min_bid", "bidding"), "the format fixes the bids")
    if options.team_min_bid is not None and not options.partnerships:
        refuse(("team_min_bid", "partnerships"), "a team minimum needs partnerships")
    minimum = options.team_minimum
    if minimum is not None and minimum > tricks:
        refuse(("team_min_bid",), "the team minimum does not fit the hand", "rules")
    if options.bid_order == "partners_consecutive" and not options.partnerships:
        refuse(("bid_order", "partnerships"), "team bidding needs partnerships")
    if options.bid_order != "clockwise" and fmt in ("none", "mirror"):
        refuse(("bid_order", "bidding"), "there is no bidding")
    if options.forbid_total_equal_tricks:
        if fmt in ("mirror", "whiz", "suicide", "none"):
            refuse(("forbid_total_equal_tricks", "bidding"), "the format forces the bids", "rules")
        elif options.min_bid >= tricks or (minimum is not None and minimum >= tricks):
            refuse(("forbid_total_equal_tricks", "min_bid", "team_min_bid"), "no choice of bids is left")
    if options.redeal_on and not options.has_bidding_phase:
        refuse(("redeal_on", "bidding"), "a redeal is called before the first bid")
    exchanging = options.partnerships and options.blind_nil  # otherwise no exchange happens: any size is inert
    if exchanging and options.blind_nil_exchange > tricks:
        refuse(("blind_nil_exchange",), "more cards than a hand holds")
    elif exchanging and comb(tricks + options.blind_nil_exchange, options.blind_nil_exchange) > MOST_EXCHANGE_CHOICES:
        refuse(("blind_nil_exchange",), "too many ways to return the cards")
    return out


def _house_rules(options: Options) -> list[Refusal]:
    out: list[Refusal] = []
    tricks = cards_each(options)
    fmt = options.bidding

    def refuse(names: tuple[str, ...], why: str, source: str = "rules") -> None:
        out.append(Refusal(names, why, source))

    cap = options.max_team_bid
    if cap is not None:
        if not options.partnerships:
            refuse(("max_team_bid", "partnerships"), "a cap on a partnership's bid needs partnerships")
        if fmt not in ("standard", "suicide"):
            refuse(("max_team_bid", "bidding"), "the format fixes the numbers")
        if cap > tricks:
            refuse(("max_team_bid",), "the cap is above the tricks of a hand")
        if options.team_minimum is not None and options.team_minimum > cap:
            refuse(("max_team_bid", "team_min_bid"), "the team minimum is above the cap")
        if options.min_bid > cap:
            refuse(("max_team_bid", "min_bid"), "the minimum bid is above the cap")
    if options.double_nil_value is not None:
        if not options.partnerships:
            refuse(("double_nil_value", "partnerships"), "a double nil needs partners")
        if not options.nil:
            refuse(("double_nil_value", "nil"), "a double nil needs nil")
        if not options.both_partners_nil:
            refuse(("double_nil_value", "both_partners_nil"), "a double nil needs both partners to bid nil")
        if fmt in ("none", "suicide"):
            refuse(("double_nil_value", "bidding"), "a side never holds two nils")
    if options.blind_bid_min is not None:
        if fmt != "standard":
            refuse(("blind_bid_min", "bidding"), "blind bids need standard bidding")
        if options.blind_bid_min < options.min_bid:
            refuse(("blind_bid_min", "min_bid"), "the blind minimum is below the minimum bid")
        if options.blind_bid_min > tricks:
            refuse(("blind_bid_min",), "the blind minimum is above the tricks of a hand", "decided")
        if cap is not None and options.blind_bid_min > cap:
            refuse(("blind_bid_min", "max_team_bid"), "the blind minimum is above the cap")
    if options.nil_exchange > 0:
        if not options.partnerships:
            refuse(("nil_exchange", "partnerships"), "nil passing needs partners")
        if not options.nil:
            refuse(("nil_exchange", "nil"), "nil passing needs nil")
        if fmt in ("none", "mirror"):
            refuse(("nil_exchange", "bidding"), "nil passing needs chosen bids")
        if options.nil_exchange > tricks:
            refuse(("nil_exchange",), "more cards than a hand holds", "decided")
        elif comb(tricks + options.nil_exchange, options.nil_exchange) > MOST_EXCHANGE_CHOICES:
            refuse(("nil_exchange",), "too many ways to return the cards", "decided")
    if options.first_trick_lowest_club and options.first_lead != "lowest_club":
        refuse(("first_trick_lowest_club", "first_lead"), "the lowest-club rule needs the lowest-club lead")
    return out


def _other(options: Options) -> list[Refusal]:
    if options.losing_score is not None and options.losing_score >= options.target_score:
        return [Refusal(("losing_score", "target_score"), "the losing score must be below the target", "decided")]
    return []

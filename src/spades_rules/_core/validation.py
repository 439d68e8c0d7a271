"""How the options of :class:`~spades_rules.rules.Rules` combine: every cross-field check, in one room.

Each option checks its own type and range where :mod:`spades_rules.rules` declares it (with the validators
of ``_core.fields``); :func:`check_combination` then refuses every combination the game cannot be played with,
raising :class:`~spades_rules.errors.RulesError` naming the options involved: a deck that cannot be dealt,
bidding options that contradict the bid format, exchanges too large to list, and the house rules' needs
(the rules page, section "House rules"). Last, it checks that a round of bids can be completed at all
(the look-ahead of ``_core.bid_rule``), so no accepted rules leave a seat with nothing to bid.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from spades_rules._core.bid_rule import round_possible
from spades_rules._core.deck import deck_cards, deck_shares, promoted_cards
from spades_rules._core.messages import describe
from spades_rules.errors import RulesError

if TYPE_CHECKING:
    from spades_rules.rules import Rules

__all__: list[str] = []

MAX_EXCHANGES: Final = 30_000
"""Bound on the choices of a card exchange: the partner returns k cards of its ``cards_each + k``, so
:func:`~spades_rules.engine.legal_actions` lists C(cards + k, k) exchanges (27,132 for 6 of 13 cards; 7
would give 77,520)."""


def check_table(rules: Rules) -> None:
    """The seats, the partnerships, the deal method and a deck that can be dealt evenly (checked before the
    tables are compiled)."""
    if rules.partnerships and rules.players != 4:
        raise RulesError(f"partnerships need exactly 4 players, not {rules.players}; set partnerships=False")
    if rules.deal_method == "draw" and rules.players != 2:
        raise RulesError("the draw method is for two players")
    removed = rules.effective_removed_cards
    if len(set(removed)) != len(removed):
        raise RulesError("removed_cards names a card twice")
    for card in removed:
        if card.is_joker and not rules.with_jokers:
            raise RulesError(f"cannot remove {card}: the deck has no jokers (set with_jokers=True)")
    size = len(deck_cards(rules.with_jokers, removed))
    if size == 0 or size % deck_shares(rules.players, rules.deal_method):
        how = "drawn evenly by" if rules.deal_method == "draw" else "dealt evenly to"
        raise RulesError(f"a deck of {size} cards cannot be {how} {rules.players} players")
    for card in promoted_cards(rules.trump_order):
        if card in removed:
            raise RulesError(f"trump_order={describe(rules.trump_order)} promotes {card}, but the deck leaves it out")


def check_combination(rules: Rules) -> None:
    """Every check of how the options combine, once the table is known to be sound."""
    tricks = rules.tables.cards_each
    _check_bidding(rules, tricks)
    _check_team_minimum(rules, tricks)
    if rules.partnerships and rules.blind_nil:  # elsewhere no exchange happens: its size cannot take effect
        _check_exchange(rules, "blind_nil_exchange", rules.blind_nil_exchange, tricks)
    _check_blind_nil(rules)
    _check_cap(rules, tricks)
    _check_double_nil(rules)
    _check_blind_bids(rules, tricks)
    _check_nil_exchange(rules, tricks)
    if rules.first_trick_lowest_club and rules.first_lead != "lowest_club":
        raise RulesError(
            "first_trick_lowest_club needs first_lead='lowest_club': every club holder plays its lowest club to "
            "a first trick led by the lowest club"
        )
    if rules.losing_score is not None and rules.losing_score >= rules.target_score:
        raise RulesError("losing_score must be below target_score")
    _check_round(rules)


def _check_bidding(rules: Rules, tricks: int) -> None:
    """The bid format against nil, the bid order, the minimum bid, "no 13" and the redeal."""
    fmt = rules.bid_format
    if rules.min_bid > tricks:
        raise RulesError(f"min_bid must be between 1 and the {tricks} tricks of a hand, not {rules.min_bid}")
    if not fmt.has_bids and (rules.nil or rules.blind_nil):
        raise RulesError(f"bidding={describe(rules.bidding)} has no bids, so no nil: set nil=False and blind_nil=False")
    if fmt.nil_forced and not rules.nil:
        raise RulesError(f"bidding={describe(rules.bidding)} needs nil=True: some of its bids are forced nils")
    if fmt.needs_partnerships and not rules.partnerships:
        raise RulesError(f"bidding={describe(rules.bidding)} needs partnerships")
    if rules.bid_order == "partners_consecutive" and not rules.partnerships:
        raise RulesError("bid_order='partners_consecutive' needs partnerships")
    if rules.bid_order == "partners_consecutive" and not fmt.has_bidding_phase:
        raise RulesError(f"bid_order is meaningless with bidding={describe(rules.bidding)}: there is no bidding")
    if rules.redeal_on and not fmt.has_bidding_phase:
        raise RulesError(
            f"a redeal is called before the first bid, and bidding={describe(rules.bidding)} has no bidding: "
            "set redeal_on=()"
        )
    if not rules.both_partners_nil and not rules.partnerships:
        raise RulesError("both_partners_nil=False needs partnerships")
    if not rules.both_partners_nil and not fmt.both_partners_nil_applies:
        raise RulesError(
            f"both_partners_nil=False does not apply to bidding={describe(rules.bidding)}: the format itself decides "
            "who bids nil"
        )
    if rules.forbid_total_equal_tricks and fmt.bids_forced:
        raise RulesError(
            f"forbid_total_equal_tricks cannot combine with bidding={describe(rules.bidding)}: "
            "its bids are forced, so the last bidder could be left without a legal bid"
        )
    if rules.forbid_total_equal_tricks and max(rules.min_bid, rules.team_minimum or 0) >= tricks:
        raise RulesError(
            "forbid_total_equal_tricks needs a choice of bids: min_bid and team_min_bid must be below "
            f"the {tricks} tricks, or the last bidder could be left without a legal bid"
        )


def _check_team_minimum(rules: Rules, tricks: int) -> None:
    """The team minimum in force, given or by default, is for partnerships and fits the hand."""
    if rules.team_min_bid is not None:
        if not rules.partnerships:
            raise RulesError("team_min_bid needs partnerships")
        if not rules.bid_format.team_minimum_applies:
            raise RulesError(f"team_min_bid cannot combine with bidding={describe(rules.bidding)}")
    minimum = rules.team_minimum
    if minimum is not None and minimum > tricks:
        if rules.team_min_bid is not None:
            raise RulesError(f"team_min_bid must be between 1 and {tricks}, not {minimum}")
        raise RulesError(
            f"team_min_bid: this format's default team minimum of {minimum} does not fit a hand of {tricks} "
            f"tricks, so a nil bidder's partner could not bid; set team_min_bid between 1 and {tricks}"
        )


def _check_exchange(rules: Rules, name: str, size: int, tricks: int) -> None:
    """An exchange of ``size`` cards (the option ``name``) fits the hand and its choices stay listable."""
    if size > tricks:
        raise RulesError(f"{name} must be between 0 and {tricks}, not {size}")
    if math.comb(tricks + size, size) > MAX_EXCHANGES:
        largest = max(k for k in range(tricks + 1) if math.comb(tricks + k, k) <= MAX_EXCHANGES)
        raise RulesError(
            f"{name}={size} gives {math.comb(tricks + size, size):,} ways to return the cards, "
            f"more than the {MAX_EXCHANGES:,} the library lists: pass at most {largest} of {tricks} cards"
        )


def _check_blind_nil(rules: Rules) -> None:
    """Blind nil needs nil and a format whose bids may be declared blind."""
    if rules.blind_nil and not rules.nil:
        raise RulesError("blind nil is a kind of nil: it needs nil=True")
    if rules.blind_nil and not rules.bid_format.blind_bids_possible:
        raise RulesError(f"blind nil is not offered with bidding={describe(rules.bidding)}: set blind_nil=False")


def _check_double_nil(rules: Rules) -> None:
    """``double_nil_value``: two partners who may both bid plain nil."""
    if rules.double_nil_value is None:
        return
    fmt = rules.bid_format
    if not rules.partnerships:
        raise RulesError("double_nil_value scores two partners' nils: it needs partnerships=True")
    if not rules.nil:
        raise RulesError("double_nil_value scores two nils: it needs nil=True")
    if not rules.both_partners_nil:
        raise RulesError("double_nil_value needs both_partners_nil=True: both partners must be able to bid nil")
    if not fmt.has_bids or fmt.one_nil_per_side:
        raise RulesError(
            f"double_nil_value cannot combine with bidding={describe(rules.bidding)}: a side never holds two nils there"
        )


def _check_cap(rules: Rules, tricks: int) -> None:
    """``max_team_bid``: a partnership's choice of numbers, at least every minimum, at most the hand."""
    cap = rules.max_team_bid
    if cap is None:
        return
    if not rules.partnerships:
        raise RulesError("max_team_bid caps a partnership's bid: it needs partnerships=True")
    if not rules.bid_format.numbers_chosen:
        raise RulesError(
            f"max_team_bid cannot combine with bidding={describe(rules.bidding)}: the format fixes the numbers bid"
        )
    if cap > tricks:
        raise RulesError(f"max_team_bid must be between 1 and the {tricks} tricks of a hand, not {cap}")
    minimum = rules.team_minimum
    if minimum is not None and minimum > cap:
        given = "team_min_bid" if rules.team_min_bid is not None else f"team_min_bid (by default {minimum} here)"
        raise RulesError(f"max_team_bid={cap} is below the team minimum: {given} must be at most max_team_bid")
    if rules.min_bid > cap:
        raise RulesError(f"max_team_bid={cap} is below min_bid={rules.min_bid}: no partner could bid a number")


def _check_blind_bids(rules: Rules, tricks: int) -> None:
    """``blind_bid_min``: standard bids, a number within the minimum, the hand and the cap."""
    lowest = rules.blind_bid_min
    if lowest is None:
        return
    if not rules.bid_format.blind_bids_possible:
        raise RulesError(
            f"blind_bid_min cannot combine with bidding={describe(rules.bidding)}: blind bids are for standard bidding"
        )
    if lowest < rules.min_bid:
        raise RulesError(f"blind_bid_min={lowest} is below min_bid={rules.min_bid}: a blind bid is a bid")
    if lowest > tricks:
        raise RulesError(f"blind_bid_min must be between 1 and the {tricks} tricks of a hand, not {lowest}")
    if rules.max_team_bid is not None and lowest > rules.max_team_bid:
        raise RulesError(
            f"blind_bid_min={lowest} is above max_team_bid={rules.max_team_bid}: no blind bid could be made"
        )


def _check_nil_exchange(rules: Rules, tricks: int) -> None:
    """``nil_exchange``: partners, nil, bids chosen by the players, and an exchange that stays listable."""
    if not rules.nil_exchange:
        return
    if not rules.partnerships:
        raise RulesError("nil_exchange passes cards to a partner: it needs partnerships=True")
    if not rules.nil:
        raise RulesError("nil_exchange passes cards after a nil: it needs nil=True")
    if not rules.bid_format.has_bidding_phase:
        raise RulesError(
            f"nil_exchange cannot combine with bidding={describe(rules.bidding)}: its bids are not chosen by the "
            "players"
        )
    _check_exchange(rules, "nil_exchange", rules.nil_exchange, tricks)


def _check_round(rules: Rules) -> None:
    """A round of bids can be completed: the first bidder has a bid every later bidder can follow."""
    fmt = rules.bid_format
    if not fmt.numbers_chosen:
        return
    order = tuple((1 + step) % rules.players for step in range(rules.players))
    if rules.bid_order == "partners_consecutive":
        order = (1, 3, 2, 0)
    if round_possible(rules, order):
        return
    names = ["min_bid", "nil"]
    names += [name for name in ("team_min_bid", "max_team_bid") if getattr(rules, name) is not None]
    if rules.forbid_total_equal_tricks:
        names.append("forbid_total_equal_tricks")
    if not rules.both_partners_nil:
        names.append("both_partners_nil")
    shown = ", ".join(f"{name}={getattr(rules, name)!r}" for name in names)
    raise RulesError(f"no round of bids can keep every rule: {shown} leave some bidder without a legal bid")

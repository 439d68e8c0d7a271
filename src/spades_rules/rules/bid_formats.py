"""The bid formats: what each value of :attr:`Rules.bidding <spades_rules.rules.Rules.bidding>` means.

A format is one frozen :class:`BidFormat` whose named properties say how it bids: whether there are bids
at all, whether the players bid them in a bidding phase, whether a bid's number is chosen or fixed by the
spades held, which nils it forces, and which bidding options apply to it. :data:`BID_FORMATS` holds them
all, and a rules value reaches its own as :attr:`Rules.bid_format <spades_rules.rules.Rules.bid_format>`.
Everything that depends on the format reads these properties, never the format's name: the validation of
:class:`~spades_rules.rules.Rules`, the engine's bidding phase and its bid rule, the score-sheet checks,
the views' inferences and the hypothesis strategies. (See the rules page, section "Bidding", for the
formats themselves.)

>>> from spades_rules import Rules
>>> fmt = Rules.whiz().bid_format
>>> fmt.name, fmt.has_bidding_phase, fmt.numbers_chosen, fmt.numbers_are_spades, fmt.nil_forced
('whiz', True, False, True, True)
>>> [name for name, fmt in BID_FORMATS.items() if not fmt.has_bidding_phase]
['none', 'mirror']
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

import attrs

from spades_rules._core.checks import guard_unbuilt

if TYPE_CHECKING:
    from spades_rules.actions import Bid

__all__ = ["BID_FORMATS", "TEAM_MINIMUM", "BidFormat"]

TEAM_MINIMUM: Final = 4
"""The team minimum of suicide and of team bidding (``bid_order="partners_consecutive"``) when
:attr:`Rules.team_min_bid <spades_rules.rules.Rules.team_min_bid>` gives none."""


@guard_unbuilt
@attrs.frozen(kw_only=True)
class BidFormat:
    """How one bid format bids (a value of :data:`BID_FORMATS`)."""

    name: str
    """The format's name: the value of :attr:`Rules.bidding <spades_rules.rules.Rules.bidding>`."""
    summary: str
    """What the format is, in one line."""
    has_bids: bool
    """Each seat has a bid (or a target) for the hand, scored as a contract. False for no-bid Spades,
    which scores one point a trick."""
    has_bidding_phase: bool
    """The players bid, one after the other, in a ``BID`` phase. False when there are no bids, or when the
    deal fixes them (mirror: the bids are applied automatically)."""
    numbers_chosen: bool
    """A bid's number is the bidder's choice, from :attr:`~spades_rules.rules.Rules.min_bid` up. False
    where the number is fixed by the cards or there are no numbers."""
    numbers_are_spades: bool
    """A non-nil bid is the number of spades (trumps) the bidder holds, whatever ``min_bid`` says; a
    spadeless hand bids nil."""
    one_nil_per_side: bool
    """In each partnership exactly one partner bids nil and the other at least the team minimum (the
    first to bid chooses, the second does the opposite). Needs partnerships."""
    team_minimum_applies: bool
    """A team minimum (:attr:`~spades_rules.rules.Rules.team_min_bid`) may constrain a side's contract."""
    default_team_minimum: int | None
    """The team minimum when ``team_min_bid`` gives none (None: no minimum, except under team bidding)."""
    blind_bids_possible: bool
    """A bid may be declared blind, before the bidder looks at the cards (blind nil)."""
    both_partners_nil_applies: bool
    """:attr:`~spades_rules.rules.Rules.both_partners_nil` decides whether a side may hold two nils (the
    other formats decide it themselves)."""

    @property
    def nil_forced(self) -> bool:
        """Some bids must be nil whatever the bidder would like (a spadeless hand where the numbers are the
        spades held; one partner per side in suicide), so the format needs ``nil=True``."""
        return self.numbers_are_spades or self.one_nil_per_side

    @property
    def bids_forced(self) -> bool:
        """The format can leave a bidder a single possible bid (a fixed number or a forced nil), so the last
        bidder could not avoid a forbidden total: "no 13" (``forbid_total_equal_tricks``) cannot combine."""
        return not self.numbers_chosen or self.nil_forced

    @property
    def needs_partnerships(self) -> bool:
        """The format is defined for partnerships only."""
        return self.one_nil_per_side

    def spades_shown(self, bid: Bid) -> int | None:
        """The number of spades ``bid`` shows its bidder held when the bids were made, or None when it shows
        nothing: a spade count bid as such, and a nil where nil means spadeless (bids fixed at the deal)."""
        if not self.numbers_are_spades or (bid.tricks == 0 and self.has_bidding_phase):
            return None
        return bid.tricks


BID_FORMATS: Final[Mapping[str, BidFormat]] = MappingProxyType({
    fmt.name: fmt
    for fmt in (
        BidFormat(
            name="standard", summary="bid a number of tricks from min_bid up, or nil (blind nil when behind)",
            has_bids=True, has_bidding_phase=True, numbers_chosen=True, numbers_are_spades=False,
            one_nil_per_side=False, team_minimum_applies=True, default_team_minimum=None, blind_bids_possible=True,
            both_partners_nil_applies=True,
        ),
        BidFormat(
            name="none", summary="no-bid Spades: no bids, one point a trick",
            has_bids=False, has_bidding_phase=False, numbers_chosen=False, numbers_are_spades=False,
            one_nil_per_side=False, team_minimum_applies=False, default_team_minimum=None, blind_bids_possible=False,
            both_partners_nil_applies=False,
        ),
        BidFormat(
            name="mirror", summary="each bid is fixed at the deal to the spades held (spadeless: nil)",
            has_bids=True, has_bidding_phase=False, numbers_chosen=False, numbers_are_spades=True,
            one_nil_per_side=False, team_minimum_applies=False, default_team_minimum=None, blind_bids_possible=False,
            both_partners_nil_applies=False,
        ),
        BidFormat(
            name="whiz", summary="bid nil or exactly the spades held (spadeless: nil)",
            has_bids=True, has_bidding_phase=True, numbers_chosen=False, numbers_are_spades=True,
            one_nil_per_side=False, team_minimum_applies=False, default_team_minimum=None, blind_bids_possible=False,
            both_partners_nil_applies=False,
        ),
        BidFormat(
            name="suicide", summary="one partner of each side bids nil, the other at least the team minimum",
            has_bids=True, has_bidding_phase=True, numbers_chosen=True, numbers_are_spades=False,
            one_nil_per_side=True, team_minimum_applies=True, default_team_minimum=TEAM_MINIMUM,
            blind_bids_possible=False, both_partners_nil_applies=False,
        ),
    )
})
"""Every bid format by name, in the order of :data:`~spades_rules.rules.Bidding`."""

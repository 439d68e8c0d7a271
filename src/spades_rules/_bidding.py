"""The bidding decision point: who bids when, which bids a seat may make, and why any other is refused.

The engine asks :func:`bid_rule` at every bid, and the score-sheet checks (:mod:`spades_rules.scoring`)
ask the same rule through :func:`sheet_refusal`, so a sheet is accepted exactly when the hand could have
been bid. The bidding options are read here, with the bid format's properties
(:attr:`Rules.bid_format <spades_rules.rules.Rules.bid_format>`):

- the order (``bid_order``: clockwise from the dealer's left, or team bidding), :func:`bid_order`;
- the range ``min_bid`` ... hand size, and nil (``Rules.nil``);
- blind nil (``Rules.blind_nil``), only for a side trailing by ``blind_nil_deficit`` (:func:`blind_nil_open`);
- formats whose numbers are the spades held (whiz: nil or exactly the spades held, even a count below
  ``min_bid``) and formats with one nil per side (suicide: the other partner at least the team minimum);
- ``team_min_bid`` and ``both_partners_nil`` (constrain the partner who bids second);
- ``forbid_total_equal_tricks`` (constrains the last bidder).

Formats without a bidding phase have no bidding actions; :func:`fixed_bids` gives the bids they fix at the
deal (mirror's spade counts). Rules' validation (in :mod:`spades_rules.rules`) refuses the combinations
that could leave a seat without a legal bid.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from spades_rules._fields import MAX_NUMBER
from spades_rules.actions import Bid
from spades_rules.errors import IllegalActionError, IllegalReason

if TYPE_CHECKING:
    from spades_rules.rules import Rules
    from spades_rules.state import HandState


def bid_order(rules: Rules, dealer: int) -> tuple[int, ...]:
    """The seats in the order they bid when ``dealer`` deals (``Rules.bid_order``)."""
    return _seats_in_bid_order(rules.players, rules.bid_order == "partners_consecutive", dealer)


@lru_cache(maxsize=64)
def _seats_in_bid_order(n: int, partners_consecutive: bool, dealer: int) -> tuple[int, ...]:
    if partners_consecutive:
        return tuple((dealer + step) % n for step in (1, 3, 2, 4))
    return tuple((dealer + 1 + step) % n for step in range(n))


class _BidRule:
    """The bids open to one seat: numbers ``lo``-``hi`` (or only ``exact``), nil, blind nil, and a total
    the last bidder may not reach; ``legal`` lists them. Each ``*_why`` says why a kind of bid is closed."""

    __slots__ = (
        "allowed", "blind", "blind_why", "exact", "excluded", "hi", "legal", "lo", "nil", "nil_why", "number_why",
    )

    def __init__(  # keyword-only: six ints/bools and three texts that would swap unnoticed
        self, seat: int, *, lo: int, hi: int, exact: int | None, nil: bool, blind: bool, excluded: int | None,
        number_why: str, nil_why: str, blind_why: str,
    ) -> None:
        self.lo, self.hi, self.exact, self.excluded = lo, hi, exact, excluded
        self.nil, self.blind = nil, blind
        self.number_why, self.nil_why, self.blind_why = number_why, nil_why, blind_why
        numbers = tuple(n for n in range(max(lo, 1), hi + 1) if (exact is None or n == exact) and n != excluded)
        self.legal = _bids_for(seat, numbers, nil and excluded != 0, blind and excluded != 0)
        self.allowed = frozenset((bid.tricks, bid.blind) for bid in self.legal)

    def allows(self, bid: Bid) -> bool:
        """Whether ``bid`` (by this rule's seat) is one of :attr:`legal`."""
        return (bid.tricks, bid.blind) in self.allowed

    def allows_number(self, tricks: int) -> bool:
        return self.lo <= tricks <= self.hi and (self.exact is None or tricks == self.exact)


def bid_rule(rules: Rules, hand: HandState, seat: int, scores: tuple[int, ...]) -> _BidRule:
    """What ``seat`` may bid now (it is its turn in the ``BID`` phase).

    Cached on what changes the answer: the seat, the bids so far, the spades held (whiz only) and whether
    blind nil is open (worked out from the scores first, so that the cache does not depend on them).
    """
    counted = rules.bid_format.numbers_are_spades
    spades = (hand.held[seat] & rules.tables.spade_mask).bit_count() if counted else 0
    return seat_rule(rules, seat, hand.bids, spades, scores)


def seat_rule(
    rules: Rules, seat: int, bids: tuple[Bid | None, ...], spades: int, scores: tuple[int, ...]
) -> _BidRule:
    """What ``seat`` may bid after ``bids`` (per seat, None until made), holding ``spades`` spades (read
    only where the numbers are the spades held), at ``scores``: :func:`bid_rule` for a hand, and the rule a
    score sheet is checked by."""
    deficit = rules.blind_nil_deficit
    blind = rules.blind_nil and (deficit is None or trailing_by(rules, seat, scores) >= deficit)
    return _cached_rule(rules, seat, bids, spades, blind)


def trailing_by(rules: Rules, seat: int, scores: tuple[int, ...]) -> int:
    """How many points ``seat``'s side trails the best other side by (negative when it leads)."""
    side = rules.tables.side_of[seat]
    if len(scores) == 2:  # partnerships and two players: the one other side
        return scores[1 - side] - scores[side]
    return max(score for other, score in enumerate(scores) if other != side) - scores[side]


@lru_cache(maxsize=1 << 16)
def _cached_rule(rules: Rules, seat: int, bids: tuple[Bid | None, ...], spades: int, blind: bool) -> _BidRule:
    """The rule for ``seat`` given the bids so far, the spades held (whiz) and whether blind nil is open;
    depends on nothing else, so it is cached."""
    fmt = rules.bid_format
    tricks = rules.tricks_per_hand
    lo, hi, exact = rules.min_bid, tricks, None
    nil, nil_why = rules.nil, "the rules do not allow nil"
    number_why = f"bids run from {rules.min_bid} to {tricks}"
    blind_why = "the rules do not allow blind nil" if not rules.blind_nil else ""

    partner = rules.partner_of(seat)
    partner_bid = bids[partner] if partner is not None else None

    if fmt.numbers_are_spades:
        lo, exact = 1, spades  # the spade count is the bid, below min_bid too
        number_why = f"in {fmt.name} you bid nil or exactly your {exact} spades"
        if exact == 0:
            lo, hi = 1, 0
            number_why = f"in {fmt.name} a hand without spades must bid nil"
    elif fmt.one_nil_per_side:
        minimum = max(rules.team_minimum or 1, rules.min_bid)
        if partner_bid is None:
            lo = minimum
            number_why = f"in {fmt.name} the first partner bids nil or at least {minimum}"
        elif partner_bid.tricks == 0:
            lo, nil = minimum, False
            nil_why = f"in {fmt.name} only one partner bids nil, and your partner did"
            number_why = f"your partner bid nil, so you must bid at least {minimum}"
        else:
            lo, hi = 1, 0
            number_why = f"in {fmt.name} one partner must bid nil, and your partner bid a number"
    elif partner_bid is not None:
        team_minimum = rules.team_minimum
        if team_minimum is not None:
            needed = team_minimum - partner_bid.tricks
            if needed > lo:
                lo = needed
                number_why = (
                    f"the side's contract must reach {team_minimum}: with your partner's "
                    f"{partner_bid.tricks} you must bid at least {needed}"
                )
            if needed > 0:
                nil = False
                nil_why = f"the side's contract must reach {team_minimum}, so you cannot bid nil"
        if partner_bid.tricks == 0 and not rules.both_partners_nil:
            nil = False
            nil_why = "your partner bid nil and both partners may not bid nil"
    if not nil and blind:
        blind, blind_why = False, nil_why

    excluded = None
    if rules.forbid_total_equal_tricks and sum(bid is not None for bid in bids) == rules.players - 1:
        others = sum(bid.tricks for bid in bids if bid is not None)
        if 0 <= tricks - others <= tricks:
            excluded = tricks - others
    return _BidRule(
        seat, lo=lo, hi=hi, exact=exact, nil=nil, blind=blind, excluded=excluded, number_why=number_why,
        nil_why=nil_why, blind_why=blind_why,
    )


def blind_nil_open(rules: Rules, seat: int, scores: tuple[int, ...]) -> tuple[bool, str]:
    """Whether ``seat`` may bid blind nil at these scores, and why not."""
    if not rules.blind_nil:
        return False, "the rules do not allow blind nil"
    if rules.blind_nil_deficit is None:
        return True, ""
    deficit = trailing_by(rules, seat, scores)
    if deficit < rules.blind_nil_deficit:
        return False, (
            f"blind nil needs the side to trail by at least {rules.blind_nil_deficit}; it trails by {deficit}"
            if deficit > 0
            else f"blind nil needs the side to trail by at least {rules.blind_nil_deficit}; it does not trail"
        )
    return True, ""


@lru_cache(maxsize=4096)
def _bids_for(seat: int, numbers: tuple[int, ...], nil: bool, blind: bool) -> tuple[Bid, ...]:
    bids = [Bid(seat, 0)] if nil else []
    bids.extend(Bid(seat, number) for number in numbers)
    if blind:
        bids.append(Bid(seat, 0, blind=True))
    return tuple(bids)


def check_bid(rule: _BidRule, bid: Bid, rules: Rules, scores: tuple[int, ...]) -> None:
    """Raise :class:`IllegalActionError` with the reason when ``rule`` does not allow ``bid``."""
    tricks = bid.tricks
    if bid.blind:
        if not rule.blind:
            why = rule.blind_why or blind_nil_open(rules, bid.seat, scores)[1]
            raise IllegalActionError(
                IllegalReason.BLIND_NIL_NOT_ALLOWED, f"seat {bid.seat} cannot bid blind nil: {why}", action=bid
            )
    elif tricks == 0:
        if not rule.nil:
            raise IllegalActionError(
                IllegalReason.NIL_NOT_ALLOWED, f"seat {bid.seat} cannot bid nil: {rule.nil_why}", action=bid
            )
    elif not (1 if rule.exact is not None else rules.min_bid) <= tricks <= rules.tricks_per_hand:
        raise IllegalActionError(
            IllegalReason.BID_OUT_OF_RANGE,
            f"seat {bid.seat} cannot bid {tricks}: bids run from {rules.min_bid} to {rules.tricks_per_hand}",
            action=bid,
        )
    elif not rule.allows_number(tricks):
        raise IllegalActionError(
            IllegalReason.BID_NOT_ALLOWED, f"seat {bid.seat} cannot bid {tricks}: {rule.number_why}", action=bid
        )
    if tricks == rule.excluded:
        raise IllegalActionError(
            IllegalReason.BID_NOT_ALLOWED,
            f"seat {bid.seat} cannot bid {'nil' if tricks == 0 else tricks}: the last bidder may not make the "
            f"total of the bids equal the {rules.tricks_per_hand} tricks",
            action=bid,
        )


def fixed_bids(rules: Rules, held: tuple[int, ...]) -> tuple[Bid | None, ...]:
    """The bids a format without a bidding phase fixes at the deal, from the hands ``held``: the spade counts
    (0 = nil) where the numbers are the spades held (mirror); None where there are no bids (no-bid)."""
    spades = rules.tables.spade_mask
    return tuple(_fixed_bid(rules, seat, (mask & spades).bit_count()) for seat, mask in enumerate(held))


def _fixed_bid(rules: Rules, seat: int, spades: int) -> Bid | None:
    return Bid(seat, spades) if rules.bid_format.numbers_are_spades else None


# ---------------------------------------------------------------------------------------- score sheets
def sheet_refusal(rules: Rules, bids: tuple[Bid, ...], scores: tuple[int, ...] | None) -> str | None:
    """Why no bidding of a hand can give ``bids`` (one per seat, listed by seat), or None when one can.

    A score sheet does not say who dealt, so it does not give the order of the bids: the sheet is accepted
    when some dealer's bidding order lets every seat make its bid by :func:`bid_rule`, the rule of
    :func:`~spades_rules.engine.legal_actions`, with hands holding the spades the format needs (whiz and
    mirror bid spade counts) and, when ``scores`` (the scores before the hand) are not known, scores at which
    every blind nil on the sheet is open. The reason given is the refusal of the dealer whose order gets
    furthest, in the engine's words (``seat 2 cannot bid 2: ...``).
    """
    spades = _spade_counts(rules, bids)
    if isinstance(spades, str):
        return spades
    if not rules.bid_format.has_bidding_phase:
        for seat, bid in enumerate(bids):
            if bid != _fixed_bid(rules, seat, spades[seat]):
                return f"seat {seat} bid {bid.label}, but {rules.bidding} bids are fixed at the deal to the spades held"
        return None
    before = _scores_opening_blind_nil(rules, [bid.seat for bid in bids if bid.blind]) if scores is None else scores
    if isinstance(before, str):
        return before
    n = rules.players
    furthest: tuple[int, _BidRule, Bid] | None = None
    for dealer in ((n - 1 + step) % n for step in range(n)):  # seat 0 bidding first, then the others
        made: list[Bid | None] = [None] * n
        for count, seat in enumerate(bid_order(rules, dealer)):
            rule = seat_rule(rules, seat, tuple(made), spades[seat], before)
            if not rule.allows(bids[seat]):
                if furthest is None or count > furthest[0]:
                    furthest = (count, rule, bids[seat])
                break
            made[seat] = bids[seat]
        else:
            return None
    assert furthest is not None
    _, rule, bid = furthest
    try:
        check_bid(rule, bid, rules, before)
    except IllegalActionError as error:
        return str(error)
    return f"seat {bid.seat} cannot bid {bid.label}"  # pragma: no cover - check_bid words every refusal


def _spade_counts(rules: Rules, bids: tuple[Bid, ...]) -> tuple[int, ...] | str:
    """Spades each seat can hold for ``bids`` to be bid where the numbers are the spades held (the spade count
    of each non-nil bid, and of a nil where nil means spadeless; the other nils share what is left), or why
    no deal gives them. Other formats do not look at the spades: zeros."""
    fmt = rules.bid_format
    n = rules.players
    if not fmt.numbers_are_spades:
        return (0,) * n
    each = rules.cards_each
    counts: list[int | None] = [fmt.spades_shown(bid) for bid in bids]
    for seat, count in enumerate(counts):
        if count is not None and count > each:
            return f"seat {seat} bid {count}: {fmt.name} bids are spade counts, and a hand holds {each} cards"
    in_deck, cards = len(rules.tables.trumps), len(rules.deck)
    most = in_deck  # the spades the hands hold together: all of them when every card is dealt
    least = in_deck if rules.deal_method == "deal" else max(0, n * each - (cards - in_deck))
    total = sum(count for count in counts if count is not None)
    free = [seat for seat, count in enumerate(counts) if count is None]
    if total > most:
        return f"{fmt.name} bids are spade counts: they total {total}, but the deck has {most}"
    if total + each * len(free) < least:
        if not free:
            return f"{fmt.name} bids are the spades dealt: they must total {least}, not {total}"
        return (
            f"{fmt.name} bids are spade counts: they total {total}, and the nil bidders cannot hold the other "
            f"{least - total} of the {in_deck} spades dealt"
        )
    left = least - total
    for seat in free:  # the nil bidders hold the spades nobody bid, as many as a hand can
        counts[seat] = min(max(left, 0), each)
        left -= counts[seat] or 0
    return tuple(count or 0 for count in counts)


def _scores_opening_blind_nil(rules: Rules, seats: list[int]) -> tuple[int, ...] | str:
    """Scores of a game in progress (not over, within a record's bounds) at which every seat of ``seats``
    may bid blind nil, or why there are none."""
    sides = rules.num_sides
    deficit = rules.blind_nil_deficit
    if not seats or not deficit:  # all tied at 0: every side trails by 0, and the game is not over
        return (0,) * sides
    trailing = {rules.tables.side_of[seat] for seat in seats}
    leaders = [side for side in range(sides) if side not in trailing]
    why = f"blind nil needs the side to trail by at least {deficit}"
    if not leaders:
        listed = ", ".join(map(str, seats))
        who = f"{seats[0]} and {seats[1]} cannot both" if len(seats) == 2 else f"{listed} cannot all"
        return f"seats {who} bid blind nil: {why}, and the leading side trails nobody"
    if len(leaders) > 1:  # a tied top never ends a game
        return tuple(-deficit if side in trailing else 0 for side in range(sides))
    top = min(rules.target_score - 1, MAX_NUMBER)  # a unique top must stay under the target
    low = top - deficit  # and the trailing sides above the losing score
    if low < -MAX_NUMBER or (rules.losing_score is not None and low <= rules.losing_score):
        return (
            f"seat {seats[0]} cannot bid blind nil: {why}, and a side that far behind the leader would have ended "
            f"the game (target {rules.target_score}, losing score {rules.losing_score})"
        )
    return tuple(low if side in trailing else top for side in range(sides))

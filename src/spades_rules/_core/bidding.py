"""The bidding decision point: who bids when, which bids a seat may make, and why any other is refused.

The engine asks :func:`bid_rule` at every bid, and the score-sheet checks (:mod:`spades_rules.scoring`)
ask the same rule through :func:`sheet_refusal`, so a sheet is accepted exactly when the hand could have
been bid. The bidding options are read here, with the bid format's properties
(:attr:`Rules.bid_format <spades_rules.rules.Rules.bid_format>`):

- the order (``bid_order``: clockwise from the dealer's left, or team bidding), :func:`bid_order`;
- the range ``min_bid`` ... hand size, and nil (``Rules.nil``);
- blind nil (``Rules.blind_nil``), only for a side trailing by ``blind_nil_deficit`` (:func:`blind_nil_open`),
  and blind numbers (``blind_bid_min``), for a side trailing by ``blind_bid_deficit`` (:func:`blind_bids_open`);
- formats whose numbers are the spades held (whiz: nil or exactly the spades held, even a count below
  ``min_bid``) and formats with one nil per side (suicide: the other partner at least the team minimum);
- ``team_min_bid``, ``both_partners_nil`` and ``max_team_bid`` (constrain the partners);
- ``forbid_total_equal_tricks`` (constrains the last bidder);
- the look-ahead: a bid is offered only if every later bidder can still bid (``_core.bid_values``, which holds
  the ties above as rules over the bids' values).

Formats without a bidding phase have no bidding actions; :func:`fixed_bids` gives the bids they fix at the
deal (mirror's spade counts). Rules' validation (``_core.validation``) refuses the combinations no round of
bids could keep.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from spades_rules._core.bid_values import completes, partner_refusal, total_refusal
from spades_rules._core.fields import MAX_NUMBER
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
    """The bids open to one seat after the bids so far: ``legal`` lists them in the codec's order (nil, the
    numbers, blind nil, then the blind numbers, which the engine lists after any redeal calls: ``cut`` is
    where those go). The rule keeps what it was worked out from, so that :func:`check_bid` can say why
    another bid is refused."""

    __slots__ = ("allowed", "bids", "blind_nil", "blind_numbers", "cut", "legal", "seat", "spades")

    def __init__(  # keyword-only: the seat, the bids and three counts or flags that would swap unnoticed
        self, seat: int, *, bids: tuple[Bid | None, ...], spades: int, blind_nil: bool, blind_numbers: bool,
        legal: tuple[Bid, ...],
    ) -> None:
        self.seat, self.bids, self.spades = seat, bids, spades
        self.blind_nil, self.blind_numbers = blind_nil, blind_numbers
        self.legal = legal
        self.cut = next((at for at, bid in enumerate(legal) if bid.blind and bid.tricks), len(legal))
        self.allowed = frozenset((bid.tricks, bid.blind) for bid in legal)

    def allows(self, bid: Bid) -> bool:
        """Whether ``bid`` (by this rule's seat) is one of :attr:`legal`."""
        return (bid.tricks, bid.blind) in self.allowed


def bid_rule(rules: Rules, hand: HandState, seat: int, scores: tuple[int, ...]) -> _BidRule:
    """What ``seat`` may bid now (it is its turn in the ``BID`` phase).

    Cached on what changes the answer: the seat, the bids so far, the spades held (whiz only) and whether
    each kind of blind bid is open (worked out from the scores first, so that the cache does not depend on
    them).
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
    blind_nil = rules.blind_nil and _trails_enough(rules, rules.blind_nil_deficit, seat, scores)
    blind_numbers = rules.blind_bid_min is not None and _trails_enough(rules, rules.blind_bid_deficit, seat, scores)
    return _cached_rule(rules, seat, bids, spades, blind_nil, blind_numbers)


def _trails_enough(rules: Rules, deficit: int | None, seat: int, scores: tuple[int, ...]) -> bool:
    """Whether a blind bid needing ``deficit`` is open to ``seat`` (the hot path's test: no words)."""
    return deficit is None or trailing_by(rules, seat, scores) >= deficit


def trailing_by(rules: Rules, seat: int, scores: tuple[int, ...]) -> int:
    """How many points ``seat``'s side trails the best other side by (negative when it leads)."""
    side = rules.tables.side_of[seat]
    if len(scores) == 2:  # partnerships and two players: the one other side
        return scores[1 - side] - scores[side]
    return max(score for other, score in enumerate(scores) if other != side) - scores[side]


@lru_cache(maxsize=1 << 16)
def _cached_rule(
    rules: Rules, seat: int, bids: tuple[Bid | None, ...], spades: int, blind_nil: bool, blind_numbers: bool
) -> _BidRule:
    """The rule for ``seat`` given the bids so far, the spades held (whiz) and whether blind nil and blind
    numbers are open; depends on nothing else, so it is cached."""
    candidates = _candidates(rules, seat, spades, blind_nil, blind_numbers)
    legal = tuple(bid for bid in candidates if _refusal(rules, seat, bids, spades, bid) is None)
    return _BidRule(seat, bids=bids, spades=spades, blind_nil=blind_nil, blind_numbers=blind_numbers, legal=legal)


@lru_cache(maxsize=4096)
def _candidates(rules: Rules, seat: int, spades: int, blind_nil: bool, blind_numbers: bool) -> tuple[Bid, ...]:
    """The bids the format lets ``seat`` consider before the ties to the other bids, in the codec's order."""
    tricks = rules.tricks_per_hand
    bids = [Bid(seat, 0)] if rules.nil else []
    if rules.bid_format.numbers_are_spades:
        bids += [Bid(seat, spades)] if spades else []
    else:
        bids += [Bid(seat, number) for number in range(rules.min_bid, tricks + 1)]
    if blind_nil:
        bids.append(Bid(seat, 0, blind=True))
    if blind_numbers and rules.blind_bid_min is not None:
        bids += [Bid(seat, number, blind=True) for number in range(rules.blind_bid_min, tricks + 1)]
    return tuple(bids)


def _refusal(
    rules: Rules, seat: int, bids: tuple[Bid | None, ...], spades: int, bid: Bid
) -> tuple[IllegalReason, str] | None:
    """Why ``bid`` (blind bids taken as open: :func:`check_bid` says when they are not) may not follow
    ``bids``, as a reason and its words, or None: the range and the format, the ties to the bids before
    (partner, cap, "no 13"), then the look-ahead (every later bidder must still have a legal bid)."""
    tricks, total = bid.tricks, rules.tricks_per_hand
    fmt = rules.bid_format
    if bid.blind and tricks:
        lowest = rules.blind_bid_min
        if lowest is None:
            return IllegalReason.BLIND_BID_NOT_ALLOWED, "the rules do not allow blind bids other than nil"
        if not lowest <= tricks <= total:
            return IllegalReason.BID_OUT_OF_RANGE, f"blind bids run from {lowest} to {total}"
    elif bid.blind and not rules.blind_nil:
        return IllegalReason.BLIND_NIL_NOT_ALLOWED, "the rules do not allow blind nil"
    elif tricks == 0 and not rules.nil:
        return IllegalReason.NIL_NOT_ALLOWED, "the rules do not allow nil"
    elif tricks and fmt.numbers_are_spades and tricks <= total and tricks != spades:
        if spades == 0:
            return IllegalReason.BID_NOT_ALLOWED, f"in {fmt.name} a hand without spades must bid nil"
        return IllegalReason.BID_NOT_ALLOWED, f"in {fmt.name} you bid nil or exactly your {spades} spades"
    elif tricks and not (1 if fmt.numbers_are_spades else rules.min_bid) <= tricks <= total:
        return IllegalReason.BID_OUT_OF_RANGE, f"bids run from {rules.min_bid} to {total}"
    values = tuple(None if made is None else made.tricks for made in bids)
    why = partner_refusal(rules, seat, values, tricks)
    if why is not None:
        if tricks:
            return IllegalReason.BID_NOT_ALLOWED, why
        return (IllegalReason.BLIND_NIL_NOT_ALLOWED if bid.blind else IllegalReason.NIL_NOT_ALLOWED), why
    why = total_refusal(rules, values, tricks)
    if why is not None:
        return IllegalReason.BID_NOT_ALLOWED, why
    after = list(values)
    after[seat] = tricks
    if not completes(rules, _order_of(rules, seat, values), tuple(after)):
        return IllegalReason.BID_NOT_ALLOWED, (
            "a later bidder would be left without a legal bid (a bid is offered only if every later bidder "
            "can still bid)"
        )
    return None


def _order_of(rules: Rules, seat: int, values: tuple[int | None, ...]) -> tuple[int, ...]:
    """The bid order of the hand in which ``seat`` bids after the bids ``values``: its dealer follows from
    how many have bid (the seat to bid is the next in the order)."""
    made = sum(value is not None for value in values)
    probe = bid_order(rules, 0)
    return bid_order(rules, (seat - probe[made]) % rules.players)


def blind_nil_open(rules: Rules, seat: int, scores: tuple[int, ...]) -> tuple[bool, str]:
    """Whether ``seat`` may bid blind nil at these scores, and why not."""
    if not rules.blind_nil:
        return False, "the rules do not allow blind nil"
    return _deficit_allows(rules, "blind nil", rules.blind_nil_deficit, seat, scores)


def blind_bids_open(rules: Rules, seat: int, scores: tuple[int, ...]) -> tuple[bool, str]:
    """Whether ``seat`` may bid a blind number at these scores (``blind_bid_min``), and why not."""
    if rules.blind_bid_min is None:
        return False, "the rules do not allow blind bids other than nil"
    return _deficit_allows(rules, "a blind bid", rules.blind_bid_deficit, seat, scores)


def _deficit_allows(
    rules: Rules, what: str, deficit: int | None, seat: int, scores: tuple[int, ...]
) -> tuple[bool, str]:
    if _trails_enough(rules, deficit, seat, scores):
        return True, ""
    behind = trailing_by(rules, seat, scores)
    trails = f"it trails by {behind}" if behind > 0 else "it does not trail"
    return False, f"{what} needs the side to trail by at least {deficit}; {trails}"


def check_bid(rule: _BidRule, bid: Bid, rules: Rules, scores: tuple[int, ...]) -> None:
    """Raise :class:`IllegalActionError` with the reason when ``rule`` does not allow ``bid``."""
    refusal = None
    if bid.blind:  # open at these scores first, as a seat decides before looking
        opened, why = (blind_bids_open if bid.tricks else blind_nil_open)(rules, bid.seat, scores)
        reason = IllegalReason.BLIND_BID_NOT_ALLOWED if bid.tricks else IllegalReason.BLIND_NIL_NOT_ALLOWED
        refusal = None if opened else (reason, why)
    refusal = refusal or _refusal(rules, rule.seat, rule.bids, rule.spades, bid)
    if refusal is not None:
        reason, why = refusal
        raise IllegalActionError(reason, f"seat {bid.seat} cannot bid {bid.label}: {why}", action=bid)


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
    before = _scores_opening_blind_bids(rules, bids) if scores is None else scores
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


def _scores_opening_blind_bids(rules: Rules, bids: tuple[Bid, ...]) -> tuple[int, ...] | str:
    """Scores of a game in progress (not over, within a record's bounds) at which every blind bid of ``bids``
    is open (blind nil by ``blind_nil_deficit``, a blind number by ``blind_bid_deficit``), or why there are
    none."""
    sides = rules.num_sides
    needed: dict[int, int] = {}  # side -> how far it must trail the best other side
    for bid in bids:
        deficit = (rules.blind_bid_deficit if bid.tricks else rules.blind_nil_deficit) if bid.blind else None
        if deficit is not None:  # None: open at any score
            side = rules.tables.side_of[bid.seat]
            needed[side] = max(needed.get(side, 0), deficit)
    if not any(needed.values()):  # all tied at 0: every side trails by 0, and the game is not over
        return (0,) * sides
    seats = [bid.seat for bid in bids if bid.blind and rules.tables.side_of[bid.seat] in needed]
    what = "blind nil" if all(bid.tricks == 0 for bid in bids if bid.blind) else "a blind bid"
    why = f"{what} needs the side to trail by at least {max(needed.values())}"
    tops = [side for side in range(sides) if not needed.get(side)]  # sides that may share the top score
    if len(tops) > 1:  # a tied top never ends a game
        return tuple(-needed.get(side, 0) for side in range(sides))
    if not tops or tops[0] in needed:  # the one side at the top must trail too
        listed = ", ".join(map(str, seats))
        who = f"{seats[0]} and {seats[1]} cannot both" if len(seats) == 2 else f"{listed} cannot all"
        return f"seats {who} bid blind: {why}, and the leading side trails nobody"
    top = min(rules.target_score - 1, MAX_NUMBER)  # a unique top must stay under the target
    low = top - max(needed.values())  # and the trailing sides above the losing score
    if low < -MAX_NUMBER or (rules.losing_score is not None and low <= rules.losing_score):
        return (
            f"seat {seats[0]} cannot bid blind: {why}, and a side that far behind the leader would have ended "
            f"the game (target {rules.target_score}, losing score {rules.losing_score})"
        )
    return tuple(top - needed.get(side, 0) for side in range(sides))

"""The bid rule, in the order the rule book states it (the rules page, section "Bidding").

1. **Who bids when**: clockwise from the dealer's left, or team bidding (:func:`bid_order`).
2. **The format**: what a seat may consider at all (:func:`offered`), and for formats whose numbers are the
   spades held (whiz), nil or exactly those spades, even a count below ``min_bid``.
3. **The minimum**: a number runs from ``min_bid`` to the tricks of a hand.
4. **Nil** (``Rules.nil``).
5. **Blind bids**: blind nil (``Rules.blind_nil``) and blind numbers (``blind_bid_min`` to the tricks of a
   hand), each open only to a side trailing by its deficit (:func:`blind_refusal`).
6. **The ties to the other bids**: the partner who bids second (both partners nil, the team minimum,
   suicide's one nil per side), **the caps** (``max_team_bid``; "no 13", ``forbid_total_equal_tricks``, for
   the last bidder), and the look-ahead that keeps every later bidder able to bid (:func:`completes`).

:func:`refusal` walks these steps for one bid and returns why it is refused, or None. A refusal carries its
words as a template and the facts to fill it with (:func:`words`), so listing the legal bids builds no
message: words are made only when a bid is refused to someone. The ties read a bid's *value* (what it adds
to its side's contract: its number, 0 for a nil of either kind), so Rules' validation asks the same code
whether a round of bids can be completed at all (:func:`round_possible`).

The cache of the rule per seat and position is a layer of its own, beside this one
(:mod:`spades_rules._core.bidding`), which also turns the rule's answers into :class:`~spades_rules.actions.Bid`
values and errors.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from spades_rules._core.deck import deal_seat
from spades_rules.errors import IllegalReason

if TYPE_CHECKING:
    from spades_rules.rules import Rules

__all__: list[str] = []

Values = tuple[int | None, ...]
"""Per seat, the value it bid (0 for a nil), None until it has bid."""

Refusal = tuple[IllegalReason, str, tuple[object, ...]]
"""Why a bid is refused: the reason, and its words as a ``str.format`` template with the facts to fill it."""

_Tie = tuple[str, tuple[object, ...]]
"""A broken tie to the other bids: its words' template and facts (the reason follows from the bid)."""


def words(refusal: Refusal) -> str:
    """The words of a refusal (built only here, when a bid is refused to someone)."""
    _, template, facts = refusal
    return template.format(*facts)


# ---------------------------------------------------------------------------------------- 1. who bids when
def bid_order(rules: Rules, dealer: int) -> tuple[int, ...]:
    """The seats in the order they bid when ``dealer`` deals (``Rules.bid_order``)."""
    return _seats_in_bid_order(rules.players, rules.bid_order == "partners_consecutive", dealer)


@lru_cache(maxsize=64)
def _seats_in_bid_order(n: int, partners_consecutive: bool, dealer: int) -> tuple[int, ...]:
    if partners_consecutive:  # team bidding: the dealer's left, its partner, then the other side
        return tuple((dealer + step) % n for step in (1, 3, 2, 4))
    return tuple(deal_seat(dealer, step, n) for step in range(n))  # clockwise from the dealer's left, as dealt


# ---------------------------------------------------------------------------------------- 2-5. one bid
def offered(rules: Rules, spades: int, blind_nil: bool, blind_numbers: bool) -> tuple[tuple[int, bool], ...]:
    """The bids ``(tricks, blind)`` a seat holding ``spades`` spades (read only where the numbers are the
    spades held) may consider before the ties, in the codec's order: nil, the numbers, blind nil (when open),
    the blind numbers (when open)."""
    tricks = rules.tricks_per_hand
    bids = [(0, False)] if rules.nil else []
    if rules.bid_format.numbers_are_spades:
        bids += [(spades, False)] if spades else []
    else:
        bids += [(number, False) for number in range(rules.min_bid, tricks + 1)]
    if blind_nil:
        bids.append((0, True))
    if blind_numbers and rules.blind_bid_min is not None:
        bids += [(number, True) for number in range(rules.blind_bid_min, tricks + 1)]
    return tuple(bids)


def refusal(rules: Rules, seat: int, values: Values, spades: int, tricks: int, blind: bool) -> Refusal | None:
    """Why ``seat`` may not bid ``tricks`` (``blind`` or not) after the bids ``values``, holding ``spades``
    spades, or None: the steps of the rule book in order. Blind bids are taken as open at the scores
    (:func:`blind_refusal` says when they are not)."""
    total = rules.tricks_per_hand
    fmt = rules.bid_format
    if not blind and tricks:  # a number
        if fmt.numbers_are_spades and tricks <= total and tricks != spades:  # 2. the format: the spades held
            if spades == 0:
                return IllegalReason.BID_NOT_ALLOWED, "in {} a hand without spades must bid nil", (fmt.name,)
            return IllegalReason.BID_NOT_ALLOWED, "in {} you bid nil or exactly your {} spades", (fmt.name, spades)
        if not (1 if fmt.numbers_are_spades else rules.min_bid) <= tricks <= total:  # 3. the minimum
            return IllegalReason.BID_OUT_OF_RANGE, "bids run from {} to {}", (rules.min_bid, total)
    elif not blind:  # 4. nil
        if not rules.nil:
            return IllegalReason.NIL_NOT_ALLOWED, "the rules do not allow nil", ()
    elif tricks:  # 5. a blind number
        lowest = rules.blind_bid_min
        if lowest is None:
            return IllegalReason.BLIND_BID_NOT_ALLOWED, "the rules do not allow blind bids other than nil", ()
        if not lowest <= tricks <= total:
            return IllegalReason.BID_OUT_OF_RANGE, "blind bids run from {} to {}", (lowest, total)
    elif not rules.blind_nil:  # 5. blind nil (a nil too)
        return IllegalReason.BLIND_NIL_NOT_ALLOWED, "the rules do not allow blind nil", ()
    elif not rules.nil:
        return IllegalReason.NIL_NOT_ALLOWED, "the rules do not allow nil", ()
    tie = _partner_tie(rules, seat, values, tricks)  # 6. the ties to the bids before, and the caps
    if tie is not None:
        if tricks:
            return IllegalReason.BID_NOT_ALLOWED, *tie
        return (IllegalReason.BLIND_NIL_NOT_ALLOWED if blind else IllegalReason.NIL_NOT_ALLOWED), *tie
    tie = _total_tie(rules, values, tricks)
    if tie is not None:
        return IllegalReason.BID_NOT_ALLOWED, *tie
    after = list(values)
    after[seat] = tricks
    if not completes(rules, _order_of(rules, seat, values), tuple(after)):
        return IllegalReason.BID_NOT_ALLOWED, (
            "a later bidder would be left without a legal bid (a bid is offered only if every later bidder "
            "can still bid)"
        ), ()
    return None


# ---------------------------------------------------------------------------------------- 5. blind bids open
def blind_refusal(rules: Rules, seat: int, scores: tuple[int, ...], tricks: int) -> Refusal | None:
    """Why a blind bid (a blind number when ``tricks``, else blind nil) is not open to ``seat`` at these
    scores, or None: the rules must offer it, and the side must trail by its deficit."""
    if tricks:
        if rules.blind_bid_min is None:
            return IllegalReason.BLIND_BID_NOT_ALLOWED, "the rules do not allow blind bids other than nil", ()
        deficit, reason, what = rules.blind_bid_deficit, IllegalReason.BLIND_BID_NOT_ALLOWED, "a blind bid"
    else:
        if not rules.blind_nil:
            return IllegalReason.BLIND_NIL_NOT_ALLOWED, "the rules do not allow blind nil", ()
        deficit, reason, what = rules.blind_nil_deficit, IllegalReason.BLIND_NIL_NOT_ALLOWED, "blind nil"
    if trails_enough(rules, deficit, seat, scores):
        return None
    behind = trailing_by(rules, seat, scores)
    trails = f"it trails by {behind}" if behind > 0 else "it does not trail"
    return reason, "{} needs the side to trail by at least {}; {}", (what, deficit, trails)


def trails_enough(rules: Rules, deficit: int | None, seat: int, scores: tuple[int, ...]) -> bool:
    """Whether a blind bid needing ``deficit`` is open to ``seat`` (the hot path's test: no words)."""
    return deficit is None or trailing_by(rules, seat, scores) >= deficit


def trailing_by(rules: Rules, seat: int, scores: tuple[int, ...]) -> int:
    """How many points ``seat``'s side trails the best other side by (negative when it leads)."""
    side = rules.tables.side_of[seat]
    if len(scores) == 2:  # partnerships and two players: the one other side
        return scores[1 - side] - scores[side]
    return max(score for other, score in enumerate(scores) if other != side) - scores[side]


# ---------------------------------------------------------------------------------------- 6. the ties
def reads_bids(rules: Rules) -> bool:
    """Whether any tie reads the bids made before (otherwise a seat's legal bids do not depend on them)."""
    return (
        rules.bid_format.one_nil_per_side
        or not rules.both_partners_nil
        or rules.team_minimum is not None
        or rules.max_team_bid is not None
        or rules.forbid_total_equal_tricks
    )


def has_ties(rules: Rules) -> bool:
    """Whether any rule ties a chosen number to the bids made before (the look-ahead has work to do)."""
    return rules.bid_format.numbers_chosen and reads_bids(rules)


def _partner_tie(rules: Rules, seat: int, values: Values, value: int) -> _Tie | None:
    """Whether ``value`` breaks a tie of ``seat``'s bid to its partner's (suicide's one nil per side, both
    partners nil, the team minimum, the cap ``max_team_bid``), and its words."""
    fmt = rules.bid_format
    partner = rules.partner_of(seat)
    partner_value = values[partner] if partner is not None else None
    if fmt.one_nil_per_side:
        minimum = max(rules.team_minimum or 1, rules.min_bid)
        if partner_value is None:
            if value and value < minimum:
                return "in {} the first partner bids nil or at least {}", (fmt.name, minimum)
        elif partner_value == 0:
            if value == 0:
                return "in {} only one partner bids nil, and your partner did", (fmt.name,)
            if value < minimum:
                return "your partner bid nil, so you must bid at least {}", (minimum,)
        elif value:
            return "in {} one partner must bid nil, and your partner bid a number", (fmt.name,)
    elif partner_value is not None:
        if value == 0 and partner_value == 0 and not rules.both_partners_nil:
            return "your partner bid nil and both partners may not bid nil", ()
        team_minimum = rules.team_minimum
        if team_minimum is not None:
            needed = team_minimum - partner_value
            if value == 0 and needed > 0:
                return "the side's contract must reach {}, so you cannot bid nil", (team_minimum,)
            if 0 < value < needed:
                return (
                    "the side's contract must reach {}: with your partner's {} you must bid at least {}",
                    (team_minimum, partner_value, needed),
                )
    cap = rules.max_team_bid  # the cap
    if cap is not None and (partner_value or 0) + value > cap:
        if partner_value:
            return (
                "the side's contract may not exceed {} (max_team_bid): with your partner's {} you may bid at most {}",
                (cap, partner_value, cap - partner_value),
            )
        return "the side's contract may not exceed {} (max_team_bid)", (cap,)
    return None


def _total_tie(rules: Rules, values: Values, value: int) -> _Tie | None:
    """Whether ``value`` by the last bidder makes the bids total the tricks of a hand ("no 13")."""
    if rules.forbid_total_equal_tricks and sum(bid is not None for bid in values) == rules.players - 1:
        tricks = rules.tricks_per_hand
        if sum(bid for bid in values if bid is not None) + value == tricks:
            return "the last bidder may not make the total of the bids equal the {} tricks", (tricks,)
    return None


def _breaks_a_tie(rules: Rules, seat: int, values: Values, value: int) -> bool:
    return _partner_tie(rules, seat, values, value) is not None or _total_tie(rules, values, value) is not None


def _order_of(rules: Rules, seat: int, values: Values) -> tuple[int, ...]:
    """The bid order of the hand in which ``seat`` bids after the bids ``values``: its dealer follows from
    how many have bid (the seat to bid is the next in the order)."""
    made = sum(value is not None for value in values)
    probe = bid_order(rules, 0)
    return bid_order(rules, (seat - probe[made]) % rules.players)


def completes(rules: Rules, order: tuple[int, ...], values: Values) -> bool:
    """The look-ahead: whether the bidders after ``values`` (in ``order``) can each still make a bid keeping
    every tie (a search over their values; the rule that asks is cached, so each position is searched once)."""
    if not has_ties(rules):
        return True
    candidates = ((0,) if rules.nil else ()) + tuple(range(rules.min_bid, rules.tricks_per_hand + 1))
    return _completes(rules, order, values, candidates, {})  # blind bids add no value: a blind nil is a nil


def _completes(
    rules: Rules, order: tuple[int, ...], values: Values, candidates: tuple[int, ...], seen: dict[Values, bool]
) -> bool:
    seat = next((seat for seat in order if values[seat] is None), None)
    if seat is None:
        return True
    known = seen.get(values)
    if known is not None:
        return known
    found = False
    for value in candidates:
        if not _breaks_a_tie(rules, seat, values, value):
            after = list(values)
            after[seat] = value
            if _completes(rules, order, tuple(after), candidates, seen):
                found = True
                break
    seen[values] = found
    return found


def round_possible(rules: Rules, order: tuple[int, ...]) -> bool:
    """Whether the first bidder of ``order`` has a value that the rest of the round can follow (Rules'
    validation refuses the rules otherwise)."""
    return completes(rules, order, (None,) * rules.players)

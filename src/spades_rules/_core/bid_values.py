"""The values of a round of bids, and the look-ahead that keeps every bidder of the hand able to bid.

A bid's *value* is what it adds to its side's contract: its number of tricks, 0 for a nil of either kind
(a blind number has the value of the same number bid in sight). The rules that tie the bids of one hand
together read values only: the partner who bids second (both partners nil, the team minimum, suicide's one
nil per side, the cap on a partnership's bid ``max_team_bid``) and the last bidder ("no 13",
``forbid_total_equal_tricks``). :func:`tie_refusal` says why a value breaks one of them; :func:`completes`
is the look-ahead of the house rules (the rules page, section "House rules"): a bid is offered only if
some bid of every later bidder can still keep every rule, so no accepted rules leave a seat with nothing
to bid. Whiz, the one format whose choices depend on the cards, has none of these ties.

The bid rule (``_core.bidding``) reads both for every bid it lists, and :class:`~spades_rules.rules.Rules`'
validation asks :func:`round_possible` whether a first bid exists at all (internal: ``__all__`` is empty).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spades_rules.rules import Rules

__all__: list[str] = []

Values = tuple[int | None, ...]
"""Per seat, the value it bid (0 for a nil), None until it has bid."""


def has_ties(rules: Rules) -> bool:
    """Whether any rule ties a bid to the bids made before it (otherwise every bid stands alone)."""
    fmt = rules.bid_format
    return fmt.numbers_chosen and (
        rules.max_team_bid is not None
        or rules.forbid_total_equal_tricks
        or rules.team_minimum is not None
        or not rules.both_partners_nil
        or fmt.one_nil_per_side
    )


def candidate_values(rules: Rules) -> tuple[int, ...]:
    """The values a seat may consider before the ties (numbers chosen freely: standard and suicide bids):
    0 when nil is allowed, then ``min_bid`` to the tricks of a hand. Blind bids add no value (a blind nil
    needs nil, and blind numbers start at or above ``min_bid``)."""
    return ((0,) if rules.nil else ()) + tuple(range(rules.min_bid, rules.tricks_per_hand + 1))


def tie_refusal(rules: Rules, seat: int, values: Values, value: int) -> str | None:
    """Why ``seat`` bidding ``value`` after ``values`` breaks a rule tying it to the bids before, or None."""
    return partner_refusal(rules, seat, values, value) or total_refusal(rules, values, value)


def partner_refusal(rules: Rules, seat: int, values: Values, value: int) -> str | None:
    """Why ``value`` breaks a rule tying ``seat``'s bid to its partner's (both partners nil, the team minimum,
    suicide, the cap ``max_team_bid``), or None."""
    fmt = rules.bid_format
    partner = rules.partner_of(seat)
    partner_value = values[partner] if partner is not None else None
    cap = rules.max_team_bid
    if fmt.one_nil_per_side:
        minimum = max(rules.team_minimum or 1, rules.min_bid)
        if partner_value is None:
            if value and value < minimum:
                return f"in {fmt.name} the first partner bids nil or at least {minimum}"
        elif partner_value == 0:
            if value == 0:
                return f"in {fmt.name} only one partner bids nil, and your partner did"
            if value < minimum:
                return f"your partner bid nil, so you must bid at least {minimum}"
        elif value:
            return f"in {fmt.name} one partner must bid nil, and your partner bid a number"
    elif partner_value is not None:
        if value == 0 and partner_value == 0 and not rules.both_partners_nil:
            return "your partner bid nil and both partners may not bid nil"
        team_minimum = rules.team_minimum
        if team_minimum is not None:
            needed = team_minimum - partner_value
            if value == 0 and needed > 0:
                return f"the side's contract must reach {team_minimum}, so you cannot bid nil"
            if 0 < value < needed:
                return (
                    f"the side's contract must reach {team_minimum}: with your partner's {partner_value} you must "
                    f"bid at least {needed}"
                )
    if cap is not None and (partner_value or 0) + value > cap:
        if partner_value:
            return (
                f"the side's contract may not exceed {cap} (max_team_bid): with your partner's {partner_value} "
                f"you may bid at most {cap - partner_value}"
            )
        return f"the side's contract may not exceed {cap} (max_team_bid)"
    return None


def total_refusal(rules: Rules, values: Values, value: int) -> str | None:
    """Why ``value`` by the last bidder makes the bids total the tricks of a hand ("no 13"), or None."""
    if rules.forbid_total_equal_tricks and sum(bid is not None for bid in values) == rules.players - 1:
        tricks = rules.tricks_per_hand
        if sum(bid for bid in values if bid is not None) + value == tricks:
            return f"the last bidder may not make the total of the bids equal the {tricks} tricks"
    return None


def completes(rules: Rules, order: tuple[int, ...], values: Values) -> bool:
    """Whether the bidders after ``values`` (in ``order``) can each still make a bid keeping every tie: a
    search over their values (the bid rule that asks is cached, so each position is searched once)."""
    if not has_ties(rules):
        return True
    return _completes(rules, order, values, candidate_values(rules), {})


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
        if tie_refusal(rules, seat, values, value) is None:
            after = list(values)
            after[seat] = value
            if _completes(rules, order, tuple(after), candidates, seen):
                found = True
                break
    seen[values] = found
    return found


def round_possible(rules: Rules, order: tuple[int, ...]) -> bool:
    """Whether the first bidder of ``order`` has a value that the rest of the round can follow."""
    return completes(rules, order, (None,) * rules.players)

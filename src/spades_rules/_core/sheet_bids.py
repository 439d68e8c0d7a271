"""A score sheet's bids checked by the bid rule: :func:`sheet_refusal` accepts a sheet's bids exactly when
some bidding of a hand could have given them (:func:`~spades_rules.scoring.score_hand` and
:class:`~spades_rules.scoring.sheet.ScoreSheet` ask it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades_rules._core.bid_rule import bid_order
from spades_rules._core.bidding import bid_refusal, fixed_bid, seat_rule
from spades_rules._core.fields import MAX_NUMBER

if TYPE_CHECKING:
    from spades_rules.actions import Bid
    from spades_rules.rules import Rules


def sheet_refusal(rules: Rules, bids: tuple[Bid, ...], scores: tuple[int, ...] | None) -> str | None:
    """Why no bidding of a hand can give ``bids`` (one per seat, listed by seat), or None when one can.

    A score sheet does not say who dealt, so it does not give the order of the bids: the sheet is accepted
    when some dealer's bidding order lets every seat make its bid by the bid rule, the rule of
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
            if bid != fixed_bid(rules, seat, spades[seat]):
                return f"seat {seat} bid {bid.label}, but {rules.bidding} bids are fixed at the deal to the spades held"
        return None
    before = _scores_opening_blind_bids(rules, bids) if scores is None else scores
    if isinstance(before, str):
        return before
    n = rules.players
    furthest: tuple[int, tuple[Bid | None, ...], Bid] | None = None
    for dealer in ((n - 1 + step) % n for step in range(n)):  # seat 0 bidding first, then the others
        made: list[Bid | None] = [None] * n
        for count, seat in enumerate(bid_order(rules, dealer)):
            rule = seat_rule(rules, seat, tuple(made), spades[seat], before)
            if not rule.allows(bids[seat]):
                if furthest is None or count > furthest[0]:
                    furthest = (count, tuple(made), bids[seat])
                break
            made[seat] = bids[seat]
        else:
            return None
    assert furthest is not None
    _, made_before, bid = furthest
    why = bid_refusal(rules, made_before, spades[bid.seat], bid, before)
    return why[1] if why else f"seat {bid.seat} cannot bid {bid.label}"  # pragma: no cover - always worded


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

"""Scoring: a score sheet's bids and tricks in, a per-side point breakdown out. Pure; needs no game state.

The engine scores every hand and decides the end of the game with the code of this module; you can
score any score sheet with :func:`score_hand`, or keep a running :class:`ScoreSheet` hand by hand.
Per side (see the rules page, section Scoring): a made contract scores ``10 × contract`` plus a bag
point per overtrick; a set contract ``-10 × contract`` (or 0, Bicycle); each nil ``±nil_value`` and each blind nil
``±blind_nil_value``; a nil bidder's tricks are bags for the side (or count for the partner); every
``bag_limit`` bags cost ``bag_penalty``. In no-bid Spades each trick is one point.

pagat's bag example (the rules page's worked example 1): a side at 337 with 7 bags bids 5 and takes 8 tricks.

>>> from spades_rules import Rules
>>> hand = score_hand(Rules.standard(), [3, 4, 2, 4], [4, 3, 4, 2], bags_before=[7, 0])
>>> side = hand.sides[0]
>>> side.contract, side.tricks, side.contract_points, side.bag_points, side.bag_penalty, side.total
(5, 8, 50, 3, -100, -47)
>>> side.bags_after
0
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeGuard

import attrs

from spades_rules._core.checks import MAX_SEATS, guard_unbuilt
from spades_rules._core.fields import MAX_NUMBER as _MAX_NUMBER
from spades_rules._core.messages import describe
from spades_rules._core.sheet_bids import sheet_refusal
from spades_rules.actions import Bid, action_from_dict
from spades_rules.errors import ArgumentTypeError, RulesError, ScoreSheetError, SpadesError
from spades_rules.rules import Rules

__all__ = ["HandScore", "ScoreSheetError", "SideScore", "score_hand"]

_POINTS_PER_BID_TRICK = 10
_TEN_FOR_TWO_HUNDRED = 10
"""Under ``ten_for_two_hundred``, a made contract of at least this many tricks scores its tricks twice."""

_SheetBid = Bid | int | str | None
"""A bid as a score sheet gives it: a :class:`Bid`, an ``int`` (0 for nil), a word or ``None`` (no-bid)."""

_BID_WORDS: Final = {
    "nil": False, "n": False,
    "blind": True, "blind nil": True, "blind_nil": True, "blind-nil": True, "bnil": True, "bn": True,
}
"""The words a score sheet may use for nil (False) and blind nil (True), in any case."""
_BLIND_NUMBER: Final = re.compile(r"(?:blind|b)[ _-]?([0-9]{1,3})")
"""A blind bid of a number on a score sheet: ``blind 6``, ``blind6``, ``b6`` (in any case)."""


@guard_unbuilt
@attrs.frozen(kw_only=True)
class SideScore:
    """One side's points for one hand. ``total`` is the sum of the five point fields."""

    side: int
    """The side's index in ``rules.sides``."""
    contract: int | None
    """The sum of the members' non-nil bids (blind ones included); None when every member bid nil (a double
    nil: then ``made`` is None and ``contract_points`` 0, and each nil scores alone) or there was no
    bidding.

    >>> side = score_hand(Rules.standard(), ["nil", 4, "nil", 5], [0, 7, 0, 6]).sides[0]   # both partners nil
    >>> side.contract, side.made, side.nil_points, side.total
    (None, None, 200, 200)
    """
    tricks: int
    """Tricks won by the whole side this hand."""
    made: bool | None
    """Whether the contract was made (None without a contract)."""
    contract_points: int
    """``10 × contract`` when made; ``-10 × contract`` or 0 when set. A trick bid blind counts
    ``blind_bid_multiplier`` times, a made contract of 10 or more twice under ``ten_for_two_hundred``, and a
    moon scores ``moon_points`` instead under ``moon="points"``."""
    bags: int
    """Bags taken this hand: overtricks, plus a nil bidder's tricks unless they count for the partner or for
    nothing (``failed_nil_tricks="ignored"``, and a double nil's)."""
    bag_points: int
    """``bag_value`` per bag taken this hand (none for a nil's tricks with ``failed_nil_tricks="bags_no_points"``)."""
    bag_penalty: int
    """Points lost to the bag limit this hand (zero or negative)."""
    nil_points: int
    """The sum of the members' nil and blind nil results (a double nil's as one unit)."""
    trick_points: int
    """No-bid Spades: one point per trick won; zero otherwise."""
    total: int
    """The side's score for the hand."""
    bags_after: int
    """The side's accumulated bags after the hand (after any penalty)."""
    moon: bool = False
    """The side shot the moon: with ``Rules.moon`` set, its contract was every trick of the hand and its
    bidders took them all."""

    def summary(self) -> str:
        """How the side scored, in words (the command line and the terminal game print it before the total).

        >>> side = SideScore(side=0, contract=5, tricks=6, made=True, contract_points=50, bags=1, bag_points=1,
        ...                  bag_penalty=0, nil_points=0, trick_points=0, total=51, bags_after=1)
        >>> side.summary()
        'contract 5, took 6, made; 1 bag'
        """
        parts = []
        if self.contract is not None:
            parts.append(f"contract {self.contract}, took {self.tricks}, {'made' if self.made else 'set'}")
        if self.moon:
            parts.append("shot the moon")
        if self.nil_points:
            parts.append(f"nil {self.nil_points:+d}")
        if self.bags:
            parts.append(f"{self.bags} bag" if self.bags == 1 else f"{self.bags} bags")
        if self.bag_penalty:
            parts.append(f"bag penalty {self.bag_penalty}")
        if self.trick_points:
            parts.append(f"{self.trick_points} points for tricks")
        return "; ".join(parts) or "no contract"


@guard_unbuilt
@attrs.frozen
class HandScore:
    """The score of one hand: the score sheet it came from and one :class:`SideScore` per side.

    :meth:`to_dict` is its JSON-safe form (the form of each result in a view's dict), read back by
    :meth:`from_dict`:

    >>> import json
    >>> from spades_rules import Rules
    >>> hand = score_hand(Rules.standard(), [3, 4, 2, 4], [4, 3, 4, 2])
    >>> HandScore.from_dict(json.loads(json.dumps(hand.to_dict()))) == hand
    True
    """

    bids: tuple[Bid | None, ...]
    """The bids per seat (None in no-bid Spades)."""
    tricks_won: tuple[int, ...]
    """Tricks won per seat."""
    sides: tuple[SideScore, ...]
    """One breakdown per side, in the order of ``rules.sides``."""

    @property
    def totals(self) -> tuple[int, ...]:
        """The hand's points per side."""
        return tuple(side.total for side in self.sides)

    @property
    def bags_after(self) -> tuple[int, ...]:
        """Accumulated bags per side after the hand."""
        return tuple(side.bags_after for side in self.sides)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe dict: ``bids`` (each a bid's dict form, or null), ``tricks_won``, and ``sides``
        (each every field of :class:`SideScore`)."""
        return {
            "bids": [None if bid is None else bid.to_dict() for bid in self.bids],
            "tricks_won": list(self.tricks_won),
            "sides": [attrs.asdict(side) for side in self.sides],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandScore:
        """The hand score whose dict form (:meth:`to_dict`) is ``data``.

        The shape is checked key by key: exactly the keys :meth:`to_dict` writes, one bid and one trick
        count per seat (each bid of its own seat), every side's fields numbers and its ``total`` their sum.
        (A hand score carries no rules: :meth:`ScoreSheet.from_dict
        <spades_rules.scoring.sheet.ScoreSheet.from_dict>` re-scores its hands.) Raises
        :class:`ScoreSheetError` naming the key (:attr:`~spades_rules.errors.ScoreSheetError.where`).
        """
        return _hand_score(data, "hand")


_SIDE_FIELDS: Final = tuple(field.name for field in attrs.fields(SideScore))
_SIDE_FIELDS_REQUIRED: Final = tuple(name for name in _SIDE_FIELDS if name != "moon")
"""A side's keys a dict must hold: ``moon`` (false when left out) came with the house rules."""
_SIDE_POINTS: Final = ("contract_points", "bag_points", "bag_penalty", "nil_points", "trick_points")


def _checked_dict(
    value: object, where: str, keys: Sequence[str], required: Sequence[str] | None = None
) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScoreSheetError(f"must be a dict, not {describe(value)}", where=where)
    unknown = [key for key in value if key not in keys]
    if unknown:
        raise ScoreSheetError(f"unknown key {describe(unknown[0])}; expected {', '.join(keys)}", where=where)
    missing = [key for key in (keys if required is None else required) if key not in value]
    if missing:
        raise ScoreSheetError(f"missing {', '.join(missing)}", where=where)
    return value


def _checked_list(value: object, where: str, limit: int = _MAX_NUMBER) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise ScoreSheetError(f"must be a list, not {describe(value)}", where=where)
    if len(value) > limit:
        raise ScoreSheetError(f"must have at most {limit} entries, not {len(value)}", where=where)
    return list(value)


def _number(value: object, where: str, *, optional: bool = False) -> Any:
    if (value is None and optional) or (type(value) is int and abs(value) <= _MAX_NUMBER):
        return value
    raise ScoreSheetError(f"must be an integer of at most {_MAX_NUMBER} in size, not {describe(value)}", where=where)


def _hand_score(data: object, where: str) -> HandScore:
    hand = _checked_dict(data, where, ("bids", "tricks_won", "sides"))
    bids: list[Bid | None] = []
    for seat, item in enumerate(_checked_list(hand["bids"], f"{where}.bids", MAX_SEATS)):
        if item is None:
            bids.append(None)
            continue
        try:
            bid = action_from_dict(item)
        except SpadesError as error:
            raise ScoreSheetError(str(error), where=f"{where}.bids[{seat}]") from None
        if not isinstance(bid, Bid) or bid.seat != seat:
            raise ScoreSheetError(f"must be seat {seat}'s bid, not {describe(item)}", where=f"{where}.bids[{seat}]")
        bids.append(bid)
    tricks = _checked_list(hand["tricks_won"], f"{where}.tricks_won", MAX_SEATS)
    if len(tricks) != len(bids):
        raise ScoreSheetError(f"needs one count per seat ({len(bids)}), not {len(tricks)}", where=f"{where}.tricks_won")
    for seat, count in enumerate(tricks):
        if _number(count, f"{where}.tricks_won[{seat}]") < 0:
            raise ScoreSheetError(f"must not be negative, not {count}", where=f"{where}.tricks_won[{seat}]")
    sides = []
    for index, item in enumerate(_checked_list(hand["sides"], f"{where}.sides", MAX_SEATS)):
        at = f"{where}.sides[{index}]"
        fields = dict(_checked_dict(item, at, _SIDE_FIELDS, _SIDE_FIELDS_REQUIRED))
        fields.setdefault("moon", False)
        for name in _SIDE_FIELDS:
            if name == "made":
                if fields[name] is not None and type(fields[name]) is not bool:
                    raise ScoreSheetError(
                        f"must be true, false or null, not {describe(fields[name])}", where=f"{at}.made"
                    )
            elif name == "moon":
                if type(fields[name]) is not bool:
                    raise ScoreSheetError(f"must be true or false, not {describe(fields[name])}", where=f"{at}.moon")
            else:
                _number(fields[name], f"{at}.{name}", optional=name == "contract")
        if fields["side"] != index:
            raise ScoreSheetError(
                f"must be {index}, the side's place in the list, not {fields['side']}", where=f"{at}.side"
            )
        if fields["total"] != sum(fields[name] for name in _SIDE_POINTS):
            raise ScoreSheetError(
                f"must be the sum of the points ({', '.join(_SIDE_POINTS)}), not {fields['total']}", where=f"{at}.total"
            )
        sides.append(SideScore(**fields))
    if not sides or len(sides) > len(bids):
        raise ScoreSheetError(f"needs one side per side of the table, not {len(sides)}", where=f"{where}.sides")
    return HandScore(tuple(bids), tuple(tricks), tuple(sides))


def _as_bid(seat: int, value: _SheetBid) -> Bid | None:
    """One seat's bid from a score sheet; the same spellings as the ``spades-rules score`` command."""
    if type(value) is int and 0 <= value <= _MAX_NUMBER:
        return Bid(seat, value)
    if value is None or isinstance(value, Bid):
        if isinstance(value, Bid) and value.seat != seat:
            raise ScoreSheetError(f"bid {value} is listed for seat {seat}")
        return value
    if isinstance(value, str):
        word = " ".join(value.lower().split())
        if word in _BID_WORDS:
            return Bid(seat, 0, blind=_BID_WORDS[word])
        blind = _BLIND_NUMBER.fullmatch(word)
        if blind is not None:
            return Bid(seat, int(blind[1]), blind=True)
        if not word.isdecimal() or len(word) > 3:
            raise ScoreSheetError(
                f"seat {seat}: {describe(value[:20])} is not a bid (a number, nil, blind nil or a blind number: "
                "blind 6)"
            )
        value = int(word)
    if type(value) is not int or not 0 <= value <= _MAX_NUMBER:
        raise ScoreSheetError(f"seat {seat}: a bid must be a Bid, a number of tricks or nil, not {describe(value)}")
    return Bid(seat, value)


def _is_sequence(values: object) -> TypeGuard[Sequence[Any]]:
    return type(values) in (list, tuple) or (isinstance(values, Sequence) and not isinstance(values, str | bytes))


def _per_seat_or_side(name: str, values: object, count: int, what: str) -> tuple[int, ...]:
    if not _is_sequence(values):
        raise ScoreSheetError(f"{name} must be a sequence with one {what}, not {describe(values)}")
    if len(values) != count:
        raise ScoreSheetError(f"{name} needs one {what} ({count}), not {len(values)}")
    return tuple(values)


def _check_sheet(
    rules: Rules,
    bids: Sequence[_SheetBid] | None,
    tricks_won: Sequence[int],
    *,
    scores: tuple[int, ...] | None = None,
    partial: bool = False,
) -> tuple[tuple[Bid | None, ...], tuple[int, ...]]:
    """The sheet's bids and tricks, or :class:`ScoreSheetError` naming what the rules forbid in it.

    The bids are checked by the engine's own bid rule (see :func:`score_hand`); ``scores`` (the scores
    before the hand, known to a :class:`ScoreSheet`) also check blind nil's deficit.
    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"scoring needs a Rules value, not {type(rules).__name__}", parameter="rules")
    n = rules.players
    has_bids = rules.bid_format.has_bids
    if bids is None:
        if has_bids:
            raise ScoreSheetError(f"bidding={describe(rules.bidding)} needs one bid per seat ({n} seats)")
        bids = [None] * n
    if not _is_sequence(bids) or not _is_sequence(tricks_won) or len(bids) != n or len(tricks_won) != n:
        raise ScoreSheetError(f"a score sheet needs one bid and one trick count per seat ({n} seats)")
    for seat, tricks in enumerate(tricks_won):
        if type(tricks) is not int or tricks < 0:
            raise ScoreSheetError(f"seat {seat}: tricks won must be a non-negative integer, not {describe(tricks)}")
    parsed = tuple(_as_bid(seat, bid) for seat, bid in enumerate(bids))
    if not has_bids:
        if any(bid is not None for bid in parsed):
            raise ScoreSheetError("no-bid Spades has no bids: leave them out")
        _check_total(rules, tricks_won, partial)
        return parsed, tuple(tricks_won)
    sure = tuple(bid for bid in parsed if bid is not None)
    if len(sure) != n:
        raise ScoreSheetError(f"seat {parsed.index(None)} has no bid")
    refusal = sheet_refusal(rules, sure, scores)
    if refusal is not None:
        raise ScoreSheetError(refusal)
    _check_total(rules, tricks_won, partial)
    return parsed, tuple(tricks_won)


def _check_total(rules: Rules, tricks_won: Sequence[int], partial: object) -> None:
    """Refuse tricks that do not add up to the hand (fewer only with ``partial=True``, never more)."""
    if type(partial) is not bool:
        raise ArgumentTypeError(f"partial must be True or False, not {describe(partial)}", parameter="partial")
    total, size = sum(tricks_won), rules.tricks_per_hand
    if total > size:
        raise ScoreSheetError(f"tricks won total {total}, but a hand has only {size}")
    if total < size and not partial:
        raise ScoreSheetError(
            f"tricks won total {total}, but a hand has {size}; partial=True scores an abandoned hand"
        )


def _check_bags(rules: Rules, bags_before: Sequence[int] | None) -> tuple[int, ...]:
    sides = rules.num_sides
    if bags_before is None:
        return (0,) * sides
    before = _per_seat_or_side("bags_before", bags_before, sides, "bag count per side")
    limit = rules.bag_limit if rules.bag_limit is not None else _MAX_NUMBER + 1
    for side, bags in enumerate(before):
        if type(bags) is not int or not 0 <= bags < limit:
            how = f"below the bag limit of {limit}" if rules.bag_limit is not None else f"at most {_MAX_NUMBER}"
            raise ScoreSheetError(
                f"bags_before (the bags carried in) must be non-negative and {how}: side {side} has {describe(bags)}"
            )
    return before


def score_hand(
    rules: Rules,
    bids: Sequence[_SheetBid] | None,
    tricks_won: Sequence[int],
    *,
    bags_before: Sequence[int] | None = None,
    partial: bool = False,
) -> HandScore:
    """Score one hand from a score sheet: per seat, the bid and the tricks won; ``bags_before`` per side
    (default none, each below ``bag_limit``).

    The tricks must add up to the tricks of a hand (13 in standard Spades), so that a mistyped count
    raises :class:`ScoreSheetError` naming the total and the hand's size instead of becoming a wrong score;
    ``partial=True`` scores a hand abandoned mid-way, whose tricks total less (never more).

    A bid is a :class:`Bid`, a number (0 for nil) or a word: ``"nil"``, ``"blind nil"`` (also ``"blind"``,
    ``"bnil"``), a blind number ``"blind 6"`` (also ``"b6"``) or digits; no-bid Spades takes ``None``. A
    sheet the rules forbid raises :class:`ScoreSheetError` with the reason: bids that could not have been bid
    (nil, blind nil or a blind number where the rules have none, a bid under ``min_bid`` or a team minimum,
    above the cap ``max_team_bid``, spade counts the deck cannot hold, ...), bids under no-bid rules, bags
    carried in at or above the limit.

    The bids are checked by the engine's own bid rule, the one :func:`~spades_rules.engine.legal_actions`
    lists bids by. A sheet lists the bids by seat, without saying who dealt or in which order they were
    made, so it is accepted when the hand could have been bid: when for some dealer, bidding in the rules'
    order (clockwise from the dealer's left, or team bidding), every seat may make its bid, with hands that
    hold the spades the bids need (whiz and mirror bid spade counts) and, since the sheet does not give the
    scores before the hand, at scores of a game in progress where every blind nil on it is open (a
    :class:`ScoreSheet` knows its scores and checks blind nil against them). So every sheet accepted can be
    reached by :func:`~spades_rules.engine.apply`, and every hand :func:`~spades_rules.engine.apply` plays
    is a sheet accepted.

    Nil with partner, the rules page's worked example 2: each partner takes one trick.

    >>> from spades_rules import Rules
    >>> score_hand(Rules.standard(), ["nil", 4, 2, 4], [1, 5, 1, 6]).sides[0].total
    -119
    >>> score_hand(Rules.bicycle(), ["nil", 4, 2, 4], [1, 5, 1, 6])
    Traceback (most recent call last):
    ...
    spades_rules.errors.ScoreSheetError: seat 0 cannot bid nil: the rules do not allow nil
    >>> score_hand(Rules.standard(), [3, 4, 2, 4], [4, 3, 4, 1])
    Traceback (most recent call last):
    ...
    spades_rules.errors.ScoreSheetError: tricks won total 12, but a hand has 13; partial=True scores an abandoned hand
    >>> score_hand(Rules.standard(), [3, 4, 2, 4], [4, 3, 4, 1], partial=True).totals
    (53, -80)
    """
    parsed, tricks = _check_sheet(rules, bids, tricks_won, partial=partial)
    return _score_sheet(rules, parsed, tricks, _check_bags(rules, bags_before))


def _score_sheet(
    rules: Rules, bids: tuple[Bid | None, ...], tricks: tuple[int, ...], bags_before: tuple[int, ...]
) -> HandScore:
    """:func:`score_hand` without the checks, for sheets valid by construction."""
    return HandScore(bids, tricks, tuple([
        _score_side(rules, index, seats, bids, tricks, bags_before[index]) for index, seats in enumerate(rules.sides)
    ]))


def _score_side(
    rules: Rules,
    index: int,
    seats: tuple[int, ...],
    bids: tuple[Bid | None, ...],
    tricks: tuple[int, ...],
    bags_before: int,
) -> SideScore:
    if not rules.bid_format.has_bids:
        side_tricks = sum(tricks[seat] for seat in seats)
        return SideScore(
            side=index, contract=None, tricks=side_tricks, made=None, contract_points=0, bags=0, bag_points=0,
            bag_penalty=0, nil_points=0, trick_points=side_tricks, total=side_tricks, bags_after=bags_before,
        )

    side_tricks = bid_tricks = blind = taken_by_bidders = 0
    nils: list[tuple[Bid, int]] = []
    for seat in seats:  # one pass: the side's tricks, its bidders' contract (and the part bid blind), its nils
        bid = bids[seat]
        assert bid is not None  # checked by _check_sheet / made by the engine
        taken = tricks[seat]
        side_tricks += taken
        if bid.tricks:
            bid_tricks += bid.tricks
            taken_by_bidders += taken
            if bid.blind:
                blind += bid.tricks
        else:
            nils.append((bid, taken))
    nil_points, nil_bags, nil_bag_points, helping = _score_nils(rules, nils, bid_tricks > 0) if nils else _NO_NILS

    contract = bid_tricks or None  # None when every member bid nil (a bidder bids at least one trick)
    made: bool | None = None
    moon = False
    contract_points = 0
    overtricks = 0
    if contract is not None:
        plain = contract - blind
        counted = taken_by_bidders + helping
        made = counted >= contract
        bid_points = _POINTS_PER_BID_TRICK * (plain + rules.blind_bid_multiplier * blind)
        if made:
            doubled = rules.ten_for_two_hundred and contract >= _TEN_FOR_TWO_HUNDRED
            contract_points = 2 * bid_points if doubled else bid_points
            overtricks = counted - contract
            moon = rules.moon is not None and contract == taken_by_bidders == rules.tricks_per_hand
            if moon and rules.moon == "points":
                contract_points = rules.moon_points
        elif rules.set_penalty == "minus_bid":
            contract_points = -bid_points  # never doubled by 10 for 200

    bags = overtricks + nil_bags
    bag_points = overtricks * rules.bag_value + nil_bag_points
    bags_after = bags_before + bags
    bag_penalty = 0
    if rules.bag_limit is not None and bags_after >= rules.bag_limit:
        if rules.bag_overflow == "carry":  # every time the count reaches the limit, the excess carried
            times, bags_after = divmod(bags_after, rules.bag_limit)
        else:
            times, bags_after = 1, 0
        bag_penalty = -rules.bag_penalty * times
    total = contract_points + bag_points + bag_penalty + nil_points
    return SideScore(
        side=index, contract=contract, tricks=side_tricks, made=made, contract_points=contract_points, bags=bags,
        bag_points=bag_points, bag_penalty=bag_penalty, nil_points=nil_points, trick_points=0, total=total,
        bags_after=bags_after, moon=moon,
    )


_NO_NILS: Final = (0, 0, 0, 0)
"""What :func:`_score_nils` gives a side without nils."""


def _score_nils(rules: Rules, nils: list[tuple[Bid, int]], contract: bool) -> tuple[int, int, int, int]:
    """A side's nils (each bid with the tricks its bidder took): their points, the bags and bag points their
    tricks give, and the tricks they count toward the partner's contract (``contract``: the side has one).

    Two plain nils of partners under ``double_nil_value`` score as one unit, their tricks counting for
    nothing; otherwise each nil scores alone and its tricks go as ``failed_nil_tricks`` says."""
    if rules.double_nil_value is not None and len(nils) == 2 and not any(bid.blind for bid, _ in nils):
        failed = any(taken for _, taken in nils)
        penalty = rules.double_nil_value if rules.double_nil_penalty is None else rules.double_nil_penalty
        return (-penalty if failed else rules.double_nil_value), 0, 0, 0
    points = bags = bag_points = helping = 0
    how = rules.failed_nil_tricks
    for bid, taken in nils:
        value = rules.blind_nil_value if bid.blind else rules.nil_value
        points += -value if taken else value
        if how == "count_for_partner" and contract:
            helping += taken
        elif how != "ignored":  # bags ("count_for_partner" too, with no contract of the side to help)
            bags += taken
            bag_points += 0 if how == "bags_no_points" else taken * rules.bag_value
    return points, bags, bag_points, helping


# ------------------------------------------------------------------------------------------ end of hand, end of game
def _close_hand(
    rules: Rules, scores: tuple[int, ...], bags: tuple[int, ...], hands_before: int,
    bids: tuple[Bid | None, ...], tricks: tuple[int, ...],
) -> tuple[HandScore, tuple[int, ...], bool, int | None]:
    """The end of a hand, for the engine and :class:`ScoreSheet` alike: the hand's score, the new totals,
    whether the game is over and the winning side (None: not over, or a draw). A moon under ``moon="win"``
    wins at once, before the target, the losing score and ``max_hands`` are looked at."""
    result = _score_sheet(rules, bids, tricks, bags)
    totals = tuple([score + side.total for score, side in zip(scores, result.sides, strict=True)])
    moon = next((side.side for side in result.sides if side.moon), None) if rules.moon == "win" else None
    over, winner = (True, moon) if moon is not None else _game_end(rules, totals, hands_before + 1)
    return result, totals, over, winner


def _game_end(rules: Rules, scores: tuple[int, ...], hands: int) -> tuple[bool, int | None]:
    """After a hand: the target (a unique top score wins), then the losing score, then ``max_hands``."""
    top = max(scores)
    unique_top = scores.index(top) if scores.count(top) == 1 else None
    if top >= rules.target_score and unique_top is not None:
        return True, unique_top
    if rules.losing_score is not None and min(scores) <= rules.losing_score and unique_top is not None:
        return True, unique_top
    if rules.max_hands is not None and hands >= rules.max_hands:
        return True, unique_top
    return False, None


def _check_start(rules: Rules, scores: tuple[int, ...], bags: tuple[int, ...]) -> None:
    """Refuse starting scores that have already ended the game, and bags the bag limit would have penalized."""
    if rules.bag_limit is not None and max(bags) >= rules.bag_limit:
        raise RulesError(
            f"bags {list(bags)}: bags at or over the bag limit ({rules.bag_limit}) would already have been "
            "penalized; start with fewer"
        )
    if _game_end(rules, scores, 0)[0]:
        ends = f"the target score ({rules.target_score})"
        if rules.losing_score is not None:
            ends += f" or the losing score ({rules.losing_score})"
        raise RulesError(f"scores {list(scores)}: the game would already be over ({ends} is reached)")

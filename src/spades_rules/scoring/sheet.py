"""The running score sheet: :class:`ScoreSheet` keeps a game's score hand by hand, by the engine's rules.

A sheet holds the rules and the starting scores, then one hand's bids and tricks at a time, each checked and
scored as :func:`~spades_rules.scoring.score_hand` does; the game ends as the engine ends it. It is a value:
:meth:`~ScoreSheet.add` and :meth:`~ScoreSheet.undo` return new sheets, and :meth:`~ScoreSheet.to_dict` /
:meth:`~ScoreSheet.from_dict` save and load it (loading scores every hand again, so an edited sheet is
refused).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from spades_rules._core.checks import MAX_SEATS, guard_unbuilt
from spades_rules._core.fields import MAX_NUMBER as _MAX_NUMBER
from spades_rules._core.messages import describe
from spades_rules.errors import ArgumentTypeError, ScoreSheetError, SpadesError
from spades_rules.rules import Rules
from spades_rules.scoring import (
    HandScore,
    _check_bags,
    _check_sheet,
    _checked_dict,
    _checked_list,
    _close_hand,
    _game_end,
    _per_seat_or_side,
    _SheetBid,
)

__all__ = ["MAX_SHEET_HANDS", "SHEET_FORMAT", "ScoreSheet"]

SHEET_FORMAT: Final = "spades_rules.sheet/1"
"""The format of a saved :class:`ScoreSheet` (:meth:`ScoreSheet.to_dict`), the only one it loads."""
MAX_SHEET_HANDS: Final = 100_000
"""The most hands :meth:`ScoreSheet.from_dict` reads (a long evening is a few dozen)."""


@guard_unbuilt
@attrs.frozen(init=False)
class ScoreSheet:
    """A running score sheet: rules and starting scores, then one hand's bids and tricks at a time.

    Immutable, like every value of the library: :meth:`add` returns a new sheet. Each hand is checked and
    scored as :func:`score_hand` does (blind nil's deficit too, from the sheet's scores), and the game
    ends by the engine's own rules: the target (a unique top score wins; tied, another hand), then
    ``losing_score``, then ``max_hands`` (a tied top is a draw). The engine keeps its score with the same code.

    >>> from spades_rules import Rules
    >>> sheet = ScoreSheet(Rules.standard().evolve(target_score=250))
    >>> sheet = sheet.add([3, 4, 2, 4], [4, 3, 4, 2]).add(["nil", 4, 5, 3], [0, 5, 7, 1])
    >>> sheet.scores, sheet.bags, sheet.scores_after
    ((205, -150), (5, 0), ((53, -80), (205, -150)))
    >>> sheet.hands[1].sides[0].nil_points, sheet.is_over, sheet.winner
    (100, False, None)
    >>> sheet = sheet.add([4, 3, 3, 3], [5, 3, 3, 2])
    >>> sheet.scores, sheet.is_over, sheet.winner
    ((276, -210), True, 0)

    A mistyped hand is taken back with :meth:`undo`; :meth:`to_dict` saves the sheet (rules, then each
    hand's bids and tricks) and :meth:`from_dict` loads it by scoring every hand again:

    >>> sheet.undo().scores, sheet.undo().is_over
    ((205, -150), False)
    >>> ScoreSheet.from_dict(sheet.to_dict()) == sheet
    True
    """

    rules: Rules
    """The rules the sheet scores by."""
    initial_scores: tuple[int, ...]
    """The scores per side before the first hand of the sheet."""
    initial_bags: tuple[int, ...]
    """The bags per side before the first hand of the sheet."""
    hands: tuple[HandScore, ...]
    """Every hand's breakdown, in order."""
    scores_after: tuple[tuple[int, ...], ...] = attrs.field(eq=False)
    """The totals per side after each hand."""
    is_over: bool = attrs.field(eq=False)
    """Whether the game is over: no hand may be added."""
    winner: int | None = attrs.field(eq=False)
    """The winning side once the game is over (None: not over, or a draw at ``max_hands``)."""

    if TYPE_CHECKING:  # attrs writes it (init=False); mypy's attrs plugin knows it, pyright must be told
        def __attrs_init__(
            self, rules: Rules, initial_scores: tuple[int, ...], initial_bags: tuple[int, ...],
            hands: tuple[HandScore, ...], scores_after: tuple[tuple[int, ...], ...], is_over: bool,
            winner: int | None, /,
        ) -> None: ...

    def __init__(
        self, rules: Rules, *, scores: Sequence[int] | None = None, bags: Sequence[int] | None = None
    ) -> None:
        if not isinstance(rules, Rules):
            raise ArgumentTypeError(f"ScoreSheet needs a Rules value, not {type(rules).__name__}", parameter="rules")
        start = (0,) * rules.num_sides if scores is None else _per_seat_or_side(
            "scores", scores, rules.num_sides, "score per side"
        )
        if any(type(score) is not int or abs(score) > _MAX_NUMBER for score in start):
            raise ScoreSheetError(f"scores must be integers of at most {_MAX_NUMBER} in size, not {describe(scores)}")
        if _game_end(rules, start, 0)[0]:  # no hand played: only the target or the losing score
            raise ScoreSheetError(f"scores {start} already end the game: start from scores before its end")
        self.__attrs_init__(rules, start, _check_bags(rules, bags), (), (), False, None)

    @property
    def scores(self) -> tuple[int, ...]:
        """The totals per side now."""
        return self.scores_after[-1] if self.scores_after else self.initial_scores

    @property
    def bags(self) -> tuple[int, ...]:
        """The bags per side now (after any penalty)."""
        return self.hands[-1].bags_after if self.hands else self.initial_bags

    @property
    def bags_after(self) -> tuple[tuple[int, ...], ...]:
        """The bags per side after each hand."""
        return tuple(hand.bags_after for hand in self.hands)

    @property
    def hands_played(self) -> int:
        """The number of hands on the sheet."""
        return len(self.hands)

    def add(self, bids: Sequence[_SheetBid] | None, tricks_won: Sequence[int], *, partial: bool = False) -> ScoreSheet:
        """The sheet with one more hand: its bids and tricks per seat, as :func:`score_hand` takes them (the
        tricks must add up to the hand; ``partial=True`` scores a hand abandoned mid-way)."""
        if self.is_over:
            raise ScoreSheetError(f"the game is over after {self.hands_played} hands: no hand may be added")
        hand, totals, over, winner = self._next(bids, tricks_won, partial, self.scores, self.bags, self.hands_played)
        return self._with((*self.hands, hand), (*self.scores_after, totals), over, winner)

    def _next(
        self, bids: Sequence[_SheetBid] | None, tricks_won: Sequence[int], partial: bool,
        scores: tuple[int, ...], bags: tuple[int, ...], played: int,
    ) -> tuple[HandScore, tuple[int, ...], bool, int | None]:
        """The next hand after ``played`` hands at ``scores`` and ``bags``: checked, then scored."""
        parsed, tricks = _check_sheet(self.rules, bids, tricks_won, scores=scores, partial=partial)
        return _close_hand(self.rules, scores, bags, played, parsed, tricks)

    def undo(self) -> ScoreSheet:
        """The sheet without its last hand (to correct a mistyped hand: ``sheet.undo().add(...)``); a game
        that hand ended is open again. :class:`ScoreSheetError` on a sheet with no hand.

        >>> from spades_rules import Rules
        >>> sheet = ScoreSheet(Rules.standard()).add([3, 4, 2, 4], [4, 3, 4, 2])
        >>> sheet.undo() == ScoreSheet(Rules.standard())
        True
        """
        if not self.hands:
            raise ScoreSheetError("the sheet has no hand to undo")
        return self._with(self.hands[:-1], self.scores_after[:-1], False, None)

    def _with(
        self, hands: tuple[HandScore, ...], scores_after: tuple[tuple[int, ...], ...], over: bool, winner: int | None
    ) -> ScoreSheet:
        new = object.__new__(ScoreSheet)
        new.__attrs_init__(self.rules, self.initial_scores, self.initial_bags, hands, scores_after, over, winner)
        return new

    # ------------------------------------------------------------------------------------ saving and loading
    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe dict that :meth:`from_dict` loads: ``format`` (:data:`SHEET_FORMAT`), ``rules``
        (:meth:`Rules.to_dict <spades_rules.rules.Rules.to_dict>`), the starting ``scores`` and ``bags``,
        and ``hands``: per hand the ``bids`` as a paper sheet writes them (``"4"``, ``"nil"``, ``"blind
        nil"``; null in no-bid Spades), the ``tricks`` won per seat, ``"partial": true`` for a hand
        abandoned mid-way, and the running ``scores`` after it (checked on loading).

        >>> from spades_rules import Rules
        >>> ScoreSheet(Rules.standard()).add(["nil", 4, 5, 3], [0, 5, 7, 1]).to_dict()["hands"]
        [{'bids': ['nil', '4', '5', '3'], 'tricks': [0, 5, 7, 1], 'scores': [152, -70]}]
        """
        hands = []
        for hand, totals in zip(self.hands, self.scores_after, strict=True):
            entry: dict[str, Any] = {
                "bids": [None if bid is None else bid.label for bid in hand.bids],
                "tricks": list(hand.tricks_won),
            }
            if sum(hand.tricks_won) < self.rules.tricks_per_hand:
                entry["partial"] = True
            entry["scores"] = list(totals)
            hands.append(entry)
        return {
            "format": SHEET_FORMAT,
            "rules": self.rules.to_dict(),
            "scores": list(self.initial_scores),
            "bags": list(self.initial_bags),
            "hands": hands,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ScoreSheet:
        """The sheet saved by :meth:`to_dict`. Every hand is checked and scored again, as :meth:`add` does,
        and its ``scores`` must be the running scores it gives: an edited count, a forbidden bid or a hand
        after the end of the game raises :class:`ScoreSheetError` naming where (``hands[2].tricks``).
        ``scores``, ``bags`` and ``hands`` may be left out (zero, zero, none); a hand's ``scores`` too.

        >>> from spades_rules import Rules
        >>> saved = ScoreSheet(Rules.standard()).add([3, 4, 2, 4], [4, 3, 4, 2]).to_dict()
        >>> saved["hands"][0]["tricks"] = [5, 3, 4, 2]
        >>> ScoreSheet.from_dict(saved)
        Traceback (most recent call last):
        ...
        spades_rules.errors.ScoreSheetError: hands[0]: tricks won total 14, but a hand has only 13
        """
        sheet_data = _checked_dict(data, "sheet", ("format", "rules", "scores", "bags", "hands"), required=("format",))
        if sheet_data["format"] != SHEET_FORMAT:
            raise ScoreSheetError(
                f"must be {describe(SHEET_FORMAT)}, not {describe(sheet_data['format'])}", where="format"
            )
        try:
            rules = Rules.from_dict(sheet_data.get("rules", {}))
        except SpadesError as error:
            raise ScoreSheetError(str(error), where="rules") from None
        try:
            sheet = cls(rules, scores=sheet_data.get("scores"), bags=sheet_data.get("bags"))
        except ScoreSheetError as error:
            raise ScoreSheetError(str(error), where="sheet") from None
        hands: list[HandScore] = []
        scores_after: list[tuple[int, ...]] = []
        scores, bags, over, winner = sheet.initial_scores, sheet.initial_bags, False, None
        for index, item in enumerate(_checked_list(sheet_data.get("hands", []), "hands", MAX_SHEET_HANDS)):
            where = f"hands[{index}]"
            hand = _checked_dict(item, where, ("bids", "tricks", "partial", "scores"), required=("bids", "tricks"))
            partial = hand.get("partial", False)
            if type(partial) is not bool:
                raise ScoreSheetError(f"must be true or false, not {describe(partial)}", where=f"{where}.partial")
            bids = hand["bids"]
            if bids is not None and not isinstance(bids, list | tuple):
                raise ScoreSheetError(f"must be a list, not {describe(bids)}", where=f"{where}.bids")
            if bids is not None and all(bid is None for bid in bids):
                bids = None  # no-bid Spades
            tricks = _checked_list(hand["tricks"], f"{where}.tricks", MAX_SEATS)
            try:
                if over:
                    raise ScoreSheetError(f"the game is over after {index} hands: no hand may be added")
                result, scores, over, winner = sheet._next(bids, tricks, partial, scores, bags, index)
            except ScoreSheetError as error:
                raise ScoreSheetError(str(error), where=error.where or where) from None
            if "scores" in hand and hand["scores"] != list(scores):
                raise ScoreSheetError(
                    f"the hand scores {list(scores)}, not {describe(hand['scores'])}: the sheet was edited",
                    where=f"{where}.scores",
                )
            hands.append(result)
            scores_after.append(scores)
            bags = result.bags_after
        return sheet._with(tuple(hands), tuple(scores_after), over, winner)

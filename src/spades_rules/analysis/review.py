"""Hand review: a played hand, card by card, against double-dummy play.

:func:`review_hand` replays one hand of a game (a :class:`~spades_rules.state.GameState` or a record, as
:func:`~spades_rules.records.replay` reads them) and, at each play, values every legal card of the seat
that played (:func:`~spades_rules.analysis.card_values`): a play's **cost** is the tricks its side lost
against the best card at that moment, with every hand known and perfect play from then on. Beside the bids
it gives the double-dummy tricks of each side when play began (:attr:`HandReview.start`).

Positions with more than ``most_tricks`` tricks left are skipped (their :class:`PlayReview` has no
values): the pure-Python solver takes seconds for a whole hand of a standard deal, DDS (the ``dds`` extra)
milliseconds where it applies.

>>> from spades_rules import Rules, Deal, new_game, apply, legal_actions
>>> from spades_rules.analysis import review_hand
>>> rules = Rules.standard()
>>> state = apply(new_game(rules), Deal.shuffled(rules, 11))
>>> while state.phase.value != "deal":  # the first legal action every time, to the hand's end
...     state = apply(state, legal_actions(state)[0])
>>> review = review_hand(state, most_tricks=4)
>>> len(review.plays), review.start is None  # 52 plays; the start of play (13 tricks) was not solved
(52, True)
>>> [play.cost for play in review.plays][-16:]
[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
>>> print(review.render().splitlines()[0])
Hand 1 (dealer 0): bids nil nil nil nil
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from spades_rules._core.checks import MAX_SEATS, check_seat, never_raising_text
from spades_rules._core.messages import describe
from spades_rules.actions import Bid, Play
from spades_rules.analysis.double_dummy import SOLVER_BACKENDS, Solution, card_values, solve
from spades_rules.errors import AnalysisError, ArgumentTypeError
from spades_rules.records import replay, to_dict
from spades_rules.state import GameState, Phase

__all__ = ["HandReview", "PlayReview", "review_hand"]


def _dealer(value: object) -> int:
    return check_seat(value, MAX_SEATS, "dealer")


@never_raising_text
@attrs.frozen
class PlayReview:
    """One play of the hand, valued against the best card at that moment."""

    trick: int
    """The trick it was played to (1 for the first)."""
    play: Play
    """The card played."""
    tricks_left: int
    """The tricks still to be decided when it was played, its own trick included."""
    tricks: int | None
    """The tricks its side takes from there after this card, with perfect play (None: not solved)."""
    best: int | None
    """The most any legal card was worth then (None: not solved)."""
    best_plays: tuple[Play, ...]
    """The legal cards worth :attr:`best` (empty when not solved)."""

    @property
    def cost(self) -> int | None:
        """The tricks this card cost its side against the best card (0: a best card; None: not solved)."""
        return None if self.tricks is None or self.best is None else self.best - self.tricks


@never_raising_text
@attrs.frozen
class HandReview:
    """What :func:`review_hand` finds: the hand's bids, the double-dummy tricks when play began, and every
    play valued."""

    hand: int
    """The hand's number in the game (0 for the first)."""
    dealer: int = attrs.field(converter=_dealer)
    """The hand's dealer."""
    bids: tuple[Bid | None, ...]
    """Per seat, its bid (None where the format has none)."""
    start: Solution | None
    """The double-dummy tricks of each side at the first lead (None when that was not solved)."""
    plays: tuple[PlayReview, ...]
    """Every play of the hand so far, in order."""

    def costs(self) -> tuple[int, ...]:
        """Per seat, the tricks its plays cost in all (the solved plays)."""
        found = [0] * len(self.bids)
        for play in self.plays:
            found[play.play.seat] += play.cost or 0
        return tuple(found)

    def render(self) -> str:
        """The review as text: the bids and starting tricks, then one line per play (cost marked)."""
        bids = " ".join("-" if bid is None else ("B" if bid.blind else "") + ("nil" if bid.tricks == 0 else
                                                                              str(bid.tricks)) for bid in self.bids)
        lines = [f"Hand {self.hand + 1} (dealer {self.dealer}): bids {bids}"]
        if self.start is not None:
            lines.append(f"double-dummy tricks at the first lead, per side: {' '.join(map(str, self.start.tricks))}")
        for play in self.plays:
            if play.tricks is None:
                lines.append(f"trick {play.trick:>2}  seat {play.play.seat}  {play.play.card}   (not solved: "
                             f"{play.tricks_left} tricks left)")
                continue
            cost = play.cost or 0
            mark = f"  costs {cost}, best {' '.join(str(best.card) for best in play.best_plays)}" if cost else ""
            lines.append(f"trick {play.trick:>2}  seat {play.play.seat}  {play.play.card}  "
                         f"{play.tricks} of {play.tricks_left}{mark}")
        lines.append(f"cost per seat: {' '.join(map(str, self.costs()))}")
        return "\n".join(lines)


def review_hand(
    game: GameState | Mapping[str, Any] | str,
    *,
    hand: int | None = None,
    most_tricks: int | None = None,
    backend: str = "auto",
) -> HandReview:
    """The double-dummy review of one hand of ``game`` (a state, or a record as :func:`~spades_rules.records.replay`
    reads it): by default the last hand with a card played; ``hand`` names another by its number (0 for
    the first). Positions with more than ``most_tricks`` tricks left are not solved (None: all are);
    ``backend`` as for :func:`~spades_rules.analysis.solve`. Errors: :class:`~spades_rules.errors.AnalysisError`
    for a hand the game does not have or bad options; :class:`~spades_rules.errors.RecordError` for a
    broken record."""
    if type(backend) is not str or backend not in SOLVER_BACKENDS:
        raise AnalysisError(
            f"review_hand(): unknown backend {describe(backend)}; the backends are {', '.join(SOLVER_BACKENDS)}")
    if most_tricks is not None and (type(most_tricks) is not int or most_tricks < 0):
        raise AnalysisError(
            f"review_hand(): most_tricks must be a number of tricks (0 or more), not {describe(most_tricks)}")
    if hand is not None and (type(hand) is not int or hand < 0):
        raise AnalysisError(f"review_hand(): hand must be a hand's number (0 for the first), not {describe(hand)}")
    if isinstance(game, GameState):
        states = replay(to_dict(game))
    elif isinstance(game, Mapping | str):
        states = replay(game)
    else:
        raise ArgumentTypeError(
            f"review_hand() needs a GameState or a record as game, not {type(game).__name__}", parameter="game")
    hands: dict[int, list[tuple[GameState, Play]]] = {}
    previous: GameState | None = None
    for state in states:
        if previous is not None and previous.phase is Phase.PLAY:
            action = state.history[-1]
            assert isinstance(action, Play)
            hands.setdefault(previous.hands_played, []).append((previous, action))
        previous = state
    if not hands:
        raise AnalysisError("review_hand(): no card has been played in this game yet")
    number = max(hands) if hand is None else hand
    if number not in hands:
        raise AnalysisError(
            f"review_hand(): the game has no hand {describe(number)} with cards played "
            f"(hands {min(hands)}-{max(hands)})")
    plays = hands[number]
    first = plays[0][0]
    first_hand = first.hand
    assert first_hand is not None
    reviews = []
    start = None
    for state, play in plays:
        held = state.hand
        assert held is not None
        left = held.held[held.leader].bit_count() + (1 if held.trick_cards else 0)
        trick = len(held.completed_tricks) + 1
        if most_tricks is not None and left > most_tricks:
            reviews.append(PlayReview(trick, play, left, None, None, ()))
            continue
        values = card_values(state, backend=backend)
        best = max(values.values())
        reviews.append(PlayReview(trick, play, left, values[play], best,
                                  tuple(p for p, v in values.items() if v == best)))
        if state is first:
            start = solve(state, backend=backend)
    return HandReview(number, first_hand.dealer, first_hand.bids, start, tuple(reviews))

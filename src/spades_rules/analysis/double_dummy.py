"""Double-dummy solving: with every hand known, the tricks each side takes from here with perfect play.

:func:`solve` values a position of the play; :func:`card_values` values each legal card of the seat to act.
Both read a :class:`~spades_rules.state.GameState` in the ``PLAY`` phase (every hand is known there), under
any rules the engine plays: jokers and every trump order, two to five seats, removed cards, every
``spade_lead``, the first-trick rules, the two-player game after its draw.

**The value.** In partnership play the two sides' tricks from here add up to the tricks left: the value is
that of the zero-sum game in which each side maximizes its own tricks. In individual play (two, three,
four or five seats each playing alone) there is no single zero-sum value, and the definition here is the
*guaranteed* one: a seat's value is the most tricks it can take when every other seat plays to minimize
them (the "paranoid" value: what a seat can count on whatever the others do). The seats' values then need
not add up to the tricks left (with two seats they always do).

"From here" means the tricks still to be decided, the current trick included (its cards already played
stay in it); tricks already won are not in :attr:`Solution.tricks`, but beside it in
:attr:`Solution.tricks_won`.

>>> from spades_rules import Rules, Deal, new_game, apply, legal_actions
>>> from spades_rules.analysis import solve, card_values
>>> rules = Rules.standard().evolve(spade_lead="anytime")
>>> state = apply(new_game(rules), Deal.shuffled(rules, 7))
>>> while state.phase.value != "play":
...     state = apply(state, legal_actions(state)[1])
>>> for _ in range(40):  # ten tricks, each seat playing its first legal card
...     state = apply(state, legal_actions(state)[0])
>>> solution = solve(state)
>>> solution.tricks, solution.tricks_won, solution.tricks_left
((2, 1), (6, 4), 3)
>>> values = card_values(state)
>>> max(values.values()) == solution.tricks[rules.side_of(state.to_act)]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from spades_rules._core.checks import never_raising_text, not_a_state
from spades_rules._core.messages import describe, missing_extra
from spades_rules.actions import Play
from spades_rules.analysis._search import Search, layout_of
from spades_rules.engine import legal_actions
from spades_rules.errors import AnalysisError
from spades_rules.state import GameState, Phase

__all__ = ["SOLVER_BACKENDS", "Solution", "card_values", "solve", "uses_dds"]

_PLAY: Final = Phase.PLAY

SOLVER_BACKENDS: Final[tuple[str, ...]] = ("auto", "python", "dds")
"""The solvers :func:`solve` and :func:`card_values` accept as ``backend``: ``"python"`` (the library's own
search, for every rule set), ``"dds"`` (Bo Haglund's DDS through ``endplay``, the ``dds`` extra, for the
positions where Spades is bridge with spades trump: four seats in partnerships, the 52 cards, the usual
trump order, no lead restriction left (spades broken, ``spade_lead="anytime"``, or after the first trick
with ``"after_first_trick"``) and no first-trick rule in force), and ``"auto"`` (DDS where it applies and is
installed, else the search). Both give the same numbers."""


@never_raising_text
@attrs.frozen
class Solution:
    """What :func:`solve` finds: per side (``rules.sides``; in individual play one seat per side) the tricks
    taken from here with perfect play, and the tricks already won."""

    tricks: tuple[int, ...]
    """Per side, the tricks it takes from here to the end of the hand, the current trick included (in
    individual play, the seat's guaranteed tricks: see the module's definition)."""
    tricks_won: tuple[int, ...]
    """Per side, the tricks won before this position (completed tricks only)."""
    tricks_left: int
    """The tricks still to be decided, the current one included."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Per side, the tricks it ends the hand with: :attr:`tricks_won` plus :attr:`tricks`."""
        return tuple(won + more for won, more in zip(self.tricks_won, self.tricks, strict=True))


def solve(state: GameState, *, backend: str = "auto") -> Solution:
    """The double-dummy value of ``state``: per side, the tricks it takes from here with perfect play.

    ``state`` must be a :class:`~spades_rules.state.GameState` in the ``PLAY`` phase (an
    :class:`~spades_rules.views.Observation` hides cards: see :func:`~spades_rules.analysis.analyse`);
    ``backend`` is one of :data:`SOLVER_BACKENDS`. Errors: :class:`~spades_rules.errors.ArgumentTypeError` for a
    value that is not a state, :class:`~spades_rules.errors.AnalysisError` for a state outside the play
    phase or an unknown or inapplicable backend; :class:`ModuleNotFoundError` naming the install line for
    ``backend="dds"`` without the ``dds`` extra."""
    use_dds = _backend(state, backend, "solve")
    hand = state.hand
    assert hand is not None
    rules = state.rules
    tables = rules.tables
    won = tuple(sum(hand.tricks_won[seat] for seat in side) for side in tables.sides)
    to_act = hand.to_act
    assert to_act is not None
    left = hand.held[hand.leader].bit_count() + (1 if hand.trick_cards else 0)
    if use_dds:
        from spades_rules.analysis._dds import dds_values

        mine = max(dds_values(state).values())
        side = tables.side_of[to_act]
        return Solution(tuple(mine if at == side else left - mine for at in range(2)), won, left)
    legal = _legal_mask(state)
    if rules.partnerships:
        search = _search(state, tables.sides[tables.side_of[to_act]])
        mine = search.value(legal)
        side = tables.side_of[to_act]
        return Solution(tuple(mine if at == side else left - mine for at in range(2)), won, left)
    return Solution(tuple(_search(state, (seat,)).value(legal) for seat in range(tables.players)), won, left)


def card_values(state: GameState, *, backend: str = "auto") -> dict[Play, int]:
    """For each legal play of the seat to act (in :func:`~spades_rules.engine.legal_actions`' order), the
    tricks that seat's side takes from here after playing it, the current trick included (in individual
    play, the seat's guaranteed tricks). The best cards have the value :func:`solve` gives the side; a
    card worth less costs the difference. Arguments and errors as for :func:`solve`."""
    use_dds = _backend(state, backend, "card_values")
    if use_dds:
        from spades_rules.analysis._dds import dds_values

        return dds_values(state)
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    tables = state.rules.tables
    plays: Sequence[Play] = legal_actions(state)  # type: ignore[assignment]  # the play phase lists plays
    layout = layout_of(tables)
    search = _search(state, tables.sides[tables.side_of[hand.to_act]])
    legal = 0
    for play in plays:
        legal |= layout.to_bit[play.card.index]
    values: dict[int, int] = {}
    guess: int | None = None
    for bit in search.distinct(legal):
        guess = values[bit] = search.value_after(bit, guess)
    return {play: values[search.representative(layout.to_bit[play.card.index], legal)] for play in plays}


def uses_dds(state: GameState) -> bool:
    """Whether :func:`solve` and :func:`card_values` take the DDS fast path for ``state`` with
    ``backend="auto"``: the ``dds`` extra is installed and the position is bridge with spades trump (see
    :data:`SOLVER_BACKENDS`). Errors as for :func:`solve`."""
    return _backend(state, "auto", "uses_dds")


# ---------------------------------------------------------------------------------------- helpers
def _backend(state: object, backend: object, function: str) -> bool:
    """Check the arguments; whether DDS is to be used."""
    if type(state) is not GameState:
        if type(state).__name__ == "Observation":
            raise AnalysisError(
                f"{function}() needs a GameState with every hand known, not an Observation (one seat's view): "
                "analyse(view, worlds=k) solves worlds consistent with a view"
            )
        raise not_a_state(state, function)
    if state.phase is not _PLAY:
        raise AnalysisError(
            f"{function}() needs a state in the play phase, not in the {state.phase.value} phase "
            "(double-dummy values are defined once every hand is dealt and the bids and exchanges are done)"
        )
    if type(backend) is not str or backend not in SOLVER_BACKENDS:
        raise AnalysisError(
            f"{function}(): unknown backend {describe(backend)}; the backends are {', '.join(SOLVER_BACKENDS)}")
    if backend == "python":
        return False
    from spades_rules.analysis._dds import dds_applies, dds_available, dds_import_error

    if backend == "dds":
        # The position is checked first: what is wrong with the arguments does not depend on the install.
        if not dds_applies(state):
            raise AnalysisError(
                f"{function}(backend='dds'): this position is not a bridge position (DDS needs four seats in "
                "partnerships, the 52 cards, the usual trump order, and no lead restriction or first-trick "
                "rule left in force)"
            )
        error = dds_import_error()
        if error is not None:
            raise missing_extra(f"{function}(backend='dds')", "dds", error) from error
        return True
    return dds_available() and dds_applies(state)


def _legal_mask(state: GameState) -> int:
    """The engine's legal plays for the seat to act, as a layout mask."""
    to_bit = layout_of(state.rules.tables).to_bit
    legal = 0
    for play in legal_actions(state):
        legal |= to_bit[play.card.index]  # type: ignore[union-attr]  # the play phase lists plays
    return legal


def _search(state: GameState, side: Sequence[int]) -> Search:
    """A search of ``state``'s position for the seats of ``side``."""
    hand = state.hand
    assert hand is not None
    layout = layout_of(state.rules.tables)
    to_bit = layout.to_bit
    return Search(
        layout,
        [layout.map(mask) for mask in hand.held],
        hand.leader,
        [to_bit[card.index] for card in hand.trick_cards],
        not hand.completed_tricks,
        hand.spades_broken,
        [seat in side for seat in range(len(hand.held))],
    )


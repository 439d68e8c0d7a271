"""Analysis from one seat's view: each legal card's double-dummy value over worlds consistent with the view.

:func:`analyse` deals the cards the seat cannot see at random, ``worlds`` times, in worlds consistent with
everything the view shows (:func:`~spades_rules.views.sample_deal`: the hands' sizes, the voids the play
has shown, the exchanges the seat took part in, ...), solves each world exactly
(:func:`~spades_rules.analysis.card_values`), and reports each legal card's mean tricks and how often it
was among the best cards: the standard way programs use double-dummy results when the hands are hidden.

>>> from spades_rules import Rules, Deal, new_game, apply, legal_actions, observe
>>> from spades_rules.analysis import analyse
>>> rules = Rules.standard()
>>> state = apply(new_game(rules), Deal.shuffled(rules, 3))
>>> while state.phase.value != "play" or len(state.hand.completed_tricks) < 8:
...     state = apply(state, legal_actions(state)[0])
>>> result = analyse(observe(state, state.to_act), worlds=8, seed=1)
>>> result.worlds, len(result.cards) == len(legal_actions(state))
(8, True)
>>> best = result.best
>>> 0 <= result[best].mean_tricks <= 5 and 0 < result[best].best_share <= 1
True
"""

from __future__ import annotations

from typing import Final

import attrs

from spades_rules._core.checks import MAX_SEATS, check_seat, never_raising_text, random_source
from spades_rules._core.messages import describe
from spades_rules.actions import Play
from spades_rules.analysis.double_dummy import SOLVER_BACKENDS, card_values
from spades_rules.errors import AnalysisError, ArgumentTypeError
from spades_rules.state import GameState, Phase
from spades_rules.views import Observation, sample_deal
from spades_rules.views.render import check_view

__all__ = ["MAX_WORLDS", "Analysis", "CardAnalysis", "analyse"]

MAX_WORLDS: Final = 10_000
"""The most worlds :func:`analyse` solves for one view."""


def _seat(value: object) -> int:
    return check_seat(value, MAX_SEATS)


@never_raising_text
@attrs.frozen
class CardAnalysis:
    """One legal card's results over the sampled worlds."""

    play: Play
    """The card, as a play of the seat to act."""
    tricks: tuple[int, ...]
    """Per world, the tricks the seat's side takes from here after this card (the current trick included)."""
    best_count: int
    """The worlds in which no other card was worth more."""

    @property
    def mean_tricks(self) -> float:
        """The mean of :attr:`tricks`."""
        return sum(self.tricks) / len(self.tricks)

    @property
    def best_share(self) -> float:
        """The share of the worlds in which the card was among the best (0 to 1)."""
        return self.best_count / len(self.tricks)


@never_raising_text
@attrs.frozen
class Analysis:
    """What :func:`analyse` finds: per legal card (in :attr:`Observation.legal_actions
    <spades_rules.views.Observation.legal_actions>`' order), its :class:`CardAnalysis`."""

    seat: int = attrs.field(converter=_seat)
    """The seat whose view was analysed (the seat to play)."""
    worlds: int
    """The number of worlds solved."""
    cards: tuple[CardAnalysis, ...]
    """Per legal card, its results."""

    @property
    def best(self) -> Play:
        """The card with the most mean tricks (the earlier in the legal order on a tie)."""
        return max(self.cards, key=lambda card: (card.mean_tricks, -self.cards.index(card))).play

    def __getitem__(self, play: Play) -> CardAnalysis:
        """The results of ``play`` (a :class:`~spades_rules.errors.AnalysisError` for a card not analysed)."""
        for card in self.cards:
            if card.play == play:
                return card
        raise AnalysisError(f"{describe(play)} is not one of the analysed cards")


def analyse(view: Observation, *, worlds: int = 32, seed: object = None, backend: str = "auto") -> Analysis:
    """Each legal card's double-dummy tricks over ``worlds`` worlds consistent with ``view``.

    ``view`` is the :class:`~spades_rules.views.Observation` of the seat to play; ``worlds`` from 1 to
    :data:`MAX_WORLDS`; ``seed`` any seed (or a :class:`random.Random`); ``backend`` as for
    :func:`~spades_rules.analysis.solve`. A state (every hand known) needs no sampling: use
    :func:`~spades_rules.analysis.card_values`. Errors: :class:`~spades_rules.errors.AnalysisError` for a
    view whose seat is not to play, a world budget outside the range or an unknown backend."""
    if not isinstance(view, Observation):
        if isinstance(view, GameState):
            raise AnalysisError(
                "analyse() takes one seat's Observation; a GameState knows every hand: use card_values(state)")
        raise ArgumentTypeError(f"analyse() needs an Observation as view, not {type(view).__name__}", parameter="view")
    check_view(view)
    if type(worlds) is not int or not 1 <= worlds <= MAX_WORLDS:
        raise AnalysisError(f"analyse(): worlds must be an integer from 1 to {MAX_WORLDS}, not {describe(worlds)}")
    if type(backend) is not str or backend not in SOLVER_BACKENDS:
        raise AnalysisError(
            f"analyse(): unknown backend {describe(backend)}; the backends are {', '.join(SOLVER_BACKENDS)}")
    if view.phase is not Phase.PLAY or view.to_act != view.seat:
        raise AnalysisError(
            f"analyse() needs the view of the seat to play: seat {view.seat} does not play now "
            f"({view.phase.value} phase, {'no seat' if view.to_act is None else f'seat {view.to_act}'} to act)"
        )
    rng = random_source(seed, "analyse(seed)", "seed")
    plays = [action for action in view.legal_actions if isinstance(action, Play)]
    tricks: dict[Play, list[int]] = {play: [] for play in plays}
    best = dict.fromkeys(plays, 0)
    for _ in range(worlds):
        values = card_values(sample_deal(view, rng), backend=backend)
        top = max(values.values())
        for play in plays:
            tricks[play].append(values[play])
            best[play] += values[play] == top
    return Analysis(view.seat, worlds, tuple(CardAnalysis(play, tuple(tricks[play]), best[play]) for play in plays))

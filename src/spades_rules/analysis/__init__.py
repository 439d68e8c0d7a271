"""Double-dummy analysis: exact tricks from any position of the play, under every rule set the engine plays.

- :func:`solve` and :func:`card_values` (:mod:`spades_rules.analysis.double_dummy`): with every hand known,
  the tricks each side takes from here with perfect play, and what each legal card is worth.
- :func:`analyse` (:mod:`spades_rules.analysis.sampled`): from one seat's view, each legal card's mean
  tricks over worlds consistent with it (:func:`~spades_rules.views.sample_deal`), and how often it is best.
- :func:`review_hand` (:mod:`spades_rules.analysis.review`): a played hand, card by card: what each play
  cost against the best card at that moment, and each side's tricks when play began, beside the bids.

Pure Python (the ``dds`` extra adds a fast path through ``endplay`` where Spades and bridge coincide, with
the same results). See the docs page "Double-dummy analysis".
"""

from __future__ import annotations

from spades_rules.analysis.double_dummy import SOLVER_BACKENDS, Solution, card_values, solve, uses_dds
from spades_rules.analysis.review import HandReview, PlayReview, review_hand
from spades_rules.analysis.sampled import MAX_WORLDS, Analysis, CardAnalysis, analyse

__all__ = [
    "MAX_WORLDS",
    "SOLVER_BACKENDS",
    "Analysis",
    "CardAnalysis",
    "HandReview",
    "PlayReview",
    "Solution",
    "analyse",
    "card_values",
    "review_hand",
    "solve",
    "uses_dds",
]

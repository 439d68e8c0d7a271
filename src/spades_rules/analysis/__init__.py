"""Double-dummy analysis: exact tricks from any position of the play, under every rule set the engine plays.

- :func:`solve` and :func:`card_values` (:mod:`spades_rules.analysis.double_dummy`): with every hand known,
  the tricks each side takes from here with perfect play, and what each legal card is worth.
- :func:`analyse` (:mod:`spades_rules.analysis.sampled`): from one seat's view, each legal card's mean
  tricks over worlds consistent with it (:func:`~spades_rules.views.sample_deal`), and how often it is best.
- :func:`review_hand` (:mod:`spades_rules.analysis.review`): a played hand, play by play: what each card
  cost against the best card at that moment, and the tricks each side could take when play began.

Pure Python (the ``dds`` extra adds a fast path through ``endplay`` where Spades and bridge coincide, with
the same results). See the docs page "Double-dummy analysis".
"""

from __future__ import annotations

from spades_rules.analysis.double_dummy import BACKENDS, Solution, card_values, solve

__all__ = ["BACKENDS", "Solution", "card_values", "solve"]

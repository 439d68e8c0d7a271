"""Batches of games: N games of one :class:`~spades_rules.rules.Rules` as NumPy arrays, stepped with one call.

A second implementation of the same rules for training agents and simulating millions of hands (see the
docs page "Batches of games"). It needs NumPy (the ``batch`` extra); the Gymnasium wrapper
(:class:`~spades_rules.batch.vector.BatchVectorEnv`, in :mod:`spades_rules.batch.vector`) also needs
Gymnasium and is imported only when asked for (``spades_rules.batch.BatchVectorEnv`` works, but it is not in
``__all__``, so ``from spades_rules.batch import *`` works with NumPy alone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

try:
    import numpy as _numpy
except ImportError as _error:  # pragma: no cover - exercised only without the extra
    from spades_rules._core.messages import missing_extra

    raise missing_extra("spades_rules.batch", "batch", _error) from _error

from spades_rules._core.messages import describe
from spades_rules.batch.game import BatchGame

if TYPE_CHECKING:
    from spades_rules.batch.vector import BatchVectorEnv as BatchVectorEnv

# BatchVectorEnv is reached here too, on first use, but it is not listed: with NumPy alone (the ``batch`` extra)
# ``from spades_rules.batch import *`` must work, and the wrapper needs Gymnasium. Its home is batch.vector.
__all__ = ["BatchGame"]

_ = _numpy


def __getattr__(name: str) -> Any:
    if name == "BatchVectorEnv":  # Gymnasium is imported only by those who use the wrapper
        from spades_rules.batch.vector import BatchVectorEnv

        return BatchVectorEnv
    raise AttributeError(f"module {__name__} has no attribute {describe(name)}")

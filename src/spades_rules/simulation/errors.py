"""The errors of a simulation: a game that failed, named by its index and seed so it can be replayed alone.

Both keep the original exception as ``__cause__`` (and as :attr:`SimulationError.original`) and pickle
with their fields, so they cross process and Ray boundaries intact.
"""

from __future__ import annotations

import pickle
from typing import Any

from spades_rules.errors import IllegalActionError, IllegalReason, SpadesError

__all__ = ["SimulationError", "SimulationIllegalActionError"]


def _portable(error: BaseException | None) -> tuple[type[BaseException], tuple[Any, ...], dict[str, Any]] | None:
    """``error`` as (class, args, fields), rebuilt without calling its ``__init__`` (whatever its signature);
    a RuntimeError naming it when its class or fields do not pickle."""
    if error is None:
        return None
    parts = (type(error), error.args, dict(getattr(error, "__dict__", {})))
    try:
        pickle.loads(pickle.dumps(parts))
    except Exception:
        return RuntimeError, (f"{type(error).__name__}: {error}",), {}
    return parts


def _restore(parts: tuple[type[BaseException], tuple[Any, ...], dict[str, Any]] | None) -> BaseException | None:
    if parts is None:
        return None
    cls, args, fields = parts
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(fields)
    return error


def _rebuild(cls: type[SimulationError], message: str, fields: dict[str, Any]) -> SimulationError:
    error = cls.__new__(cls)
    SpadesError.__init__(error, message)
    original = _restore(fields.pop("original"))
    error.__dict__.update(fields)
    error.original = original
    error.__cause__ = original
    return error


class SimulationError(SpadesError):
    """A game of a simulation failed (a bot raised, a worker died). :attr:`game_index` and :attr:`seed`
    name the game; ``Match.play(game_index)`` replays it alone. :attr:`original` is the exception raised
    in the game (also ``__cause__``)."""

    game_index: int | None
    """The index of the game that failed (the first of its batch when a worker was lost)."""
    seed: int | None
    """The seed of that game's deals."""
    original: BaseException | None
    """The exception raised in the game."""

    def __init__(self, message: str, *, game_index: int | None, seed: int | None,
                 original: BaseException | None = None) -> None:
        SpadesError.__init__(self, message)  # not super(): IllegalActionError may follow in the MRO
        self.game_index = game_index
        self.seed = seed
        if not isinstance(original, BaseException):
            original = None  # only an exception is a cause
        self.original = original
        if original is not None:
            self.__cause__ = original

    def __reduce__(self) -> tuple[Any, ...]:
        fields = dict(self.__dict__)
        fields["original"] = _portable(self.original)
        return _rebuild, (type(self), str(self), fields)


class SimulationIllegalActionError(SimulationError, IllegalActionError):
    """A bot made an illegal move in game :attr:`~SimulationError.game_index` (dealt from
    :attr:`~SimulationError.seed`). It is an
    :class:`~spades_rules.errors.IllegalActionError` with the original's
    :attr:`~spades_rules.errors.IllegalActionError.reason` and
    :attr:`~spades_rules.errors.IllegalActionError.action`."""

    def __init__(self, message: str, *, game_index: int | None, seed: int | None,
                 original: IllegalActionError) -> None:
        SimulationError.__init__(self, message, game_index=game_index, seed=seed, original=original)
        known = isinstance(original, IllegalActionError)  # else made by hand with something else
        self.reason: IllegalReason = original.reason if known else IllegalReason.NOT_AN_ACTION
        self.action = original.action if known else None

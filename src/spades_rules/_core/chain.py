"""An immutable sequence that grows at its end in constant time: a game's past actions and finished hands.

A :class:`Chain` is the chain it extends plus the items it adds, so appending a hand's actions to a long
game copies nothing (the engine appends at every redeal and every finished hand, and a record of many
hands or redeals loads in time linear in its size). The items are materialized once, on first use, and
remembered (:attr:`Chain.items`); the length and the last item are known at once. Chains compare and
hash by their items, walk their links in a loop (never recursively: a chain may be long) and pickle as
their items. Internal: :class:`~spades_rules.state.GameState` shows them as tuples.

>>> chain = Chain.EMPTY.then((1, 2)).then((3,))
>>> len(chain), chain.last, chain.items
(3, 3, (1, 2, 3))
>>> chain == Chain.of((1, 2, 3)), hash(chain) == hash(Chain.of((1, 2, 3)))
(True, True)
"""

from __future__ import annotations

from itertools import chain as _concatenated
from typing import Any, ClassVar, Generic, TypeVar

__all__: list[str] = []

_T = TypeVar("_T")


class Chain(Generic[_T]):
    """An immutable sequence built by appending in constant time (see the module docstring)."""

    __slots__ = ("_added", "_before", "_hash", "_items", "_length")
    EMPTY: ClassVar[Chain[Any]]
    """The empty chain, which every chain of a game starts from."""

    _before: Chain[_T] | None
    _added: tuple[_T, ...]
    _items: tuple[_T, ...] | None
    _length: int
    _hash: int | None

    def __init__(self, before: Chain[_T] | None, added: tuple[_T, ...]) -> None:
        self._before = before
        self._added = added
        self._length = len(added) + (before._length if before is not None else 0)
        self._items = added if before is None else None
        self._hash = None

    @classmethod
    def of(cls, items: tuple[_T, ...]) -> Chain[_T]:
        """The chain of ``items``."""
        return cls(None, tuple(items))

    def then(self, added: tuple[_T, ...]) -> Chain[_T]:
        """This chain with ``added`` at its end (constant time: nothing is copied)."""
        return Chain(self, added) if added else self

    def __len__(self) -> int:
        return self._length

    @property
    def last(self) -> _T | None:
        """The last item, None when the chain is empty; constant time (a chain grows by non-empty parts)."""
        node: Chain[_T] | None = self
        while node is not None:
            if node._items is not None:
                return node._items[-1] if node._items else None
            if node._added:
                return node._added[-1]
            node = node._before
        return None

    @property
    def items(self) -> tuple[_T, ...]:
        """The items, oldest first: materialized on first use (one pass over the links not yet materialized),
        then remembered; the links behind them are let go."""
        items = self._items
        if items is None:
            parts: list[tuple[_T, ...]] = []
            node: Chain[_T] = self
            while node._items is None:
                parts.append(node._added)
                assert node._before is not None  # a chain without items extends another
                node = node._before
            parts.append(node._items)
            items = self._items = tuple(_concatenated.from_iterable(reversed(parts)))
            self._before, self._added = None, ()
        return items

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Chain):
            return NotImplemented
        return self is other or (self._length == other._length and self.items == other.items)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.items)
        return self._hash

    def __repr__(self) -> str:
        return f"Chain.of({self.items!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Chain.of, (self.items,))

    def __copy__(self) -> Chain[_T]:
        return self

    def __deepcopy__(self, memo: object) -> Chain[_T]:
        return self


Chain.EMPTY = Chain(None, ())

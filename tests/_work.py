"""Work measured by counting, never by the clock: the tests that say "at once" or "linear" count the Python
calls a block makes, which is the same on an idle machine and on one at a load of 10."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any


def calls_made(block: Callable[[], Any]) -> int:
    """The Python function calls made while ``block()`` runs (check what it raises inside ``block``)."""
    count = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event == "call":
            count += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        block()
    finally:
        sys.setprofile(previous)
    return count

"""Deterministic cost counts: the calls a piece of code makes, counted with :func:`sys.setprofile`.

:class:`CallCounter` counts, under a label the driver sets (None: not counted), two things:

- ``calls``: Python function calls (generator resumptions included) into code under ``root``, or made by
  it (the library's calls into the standard library and into attrs' generated methods count, their
  insides do not, so the counts do not depend on how those are written);
- ``c_calls``: calls of C functions made by code under ``root`` (``len``, ``isinstance``, ``tuple``
  methods, ``functools.lru_cache`` wrappers, ...).

The same code on the same Python gives the same counts whatever the machine's load; other Python versions
compile some code differently (3.12 inlines comprehensions), so counts are compared on one version.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path
from types import FrameType
from typing import Any


class CallCounter:
    """Counts ``calls`` and ``c_calls`` (see the module) per label while active (``with counter:``)."""

    def __init__(self, root: Path) -> None:
        self.root = str(root.resolve())
        self.label: str | None = None
        self.counts: defaultdict[str, defaultdict[str, int]] = defaultdict(lambda: defaultdict(int))

    def _ours(self, frame: FrameType | None) -> bool:
        return frame is not None and frame.f_code.co_filename.startswith(self.root)

    def _profile(self, frame: FrameType, event: str, _arg: Any) -> None:
        label = self.label
        if label is None:
            return
        if event == "call":
            if self._ours(frame) or self._ours(frame.f_back):
                self.counts[label]["calls"] += 1
        elif event == "c_call" and self._ours(frame):
            self.counts[label]["c_calls"] += 1

    def __enter__(self) -> CallCounter:
        sys.setprofile(self._profile)
        return self

    def __exit__(self, *_exc: object) -> None:
        sys.setprofile(None)
        self.label = None

    def flat(self) -> dict[str, int]:
        """The counts as ``{"<label>.<counter>": count}``, sorted."""
        return {f"{label}.{name}": count for label, counts in sorted(self.counts.items())
                for name, count in sorted(counts.items())}

"""Doctest collection: the adapters' modules and their docs page need the optional extras.

Without ``spades_rules[openspiel]`` / ``spades_rules[pettingzoo]`` installed, their doctests are not
collected (the tests under ``tests/`` skip themselves with ``pytest.importorskip``).
"""

from __future__ import annotations

from importlib.util import find_spec

_OPENSPIEL = find_spec("pyspiel") is not None and find_spec("numpy") is not None
_PETTINGZOO = find_spec("pettingzoo") is not None and find_spec("gymnasium") is not None

collect_ignore: list[str] = []
if not _OPENSPIEL:
    collect_ignore.append("src/spades_rules/openspiel.py")
if not _PETTINGZOO:
    collect_ignore.append("src/spades_rules/pettingzoo.py")
if not (_OPENSPIEL and _PETTINGZOO):
    collect_ignore.append("docs/ai.rst")

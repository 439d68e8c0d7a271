"""Doctest collection: the adapters' modules import their ecosystems, which are optional extras.

Without ``spades_rules[openspiel]`` / ``spades_rules[pettingzoo]`` installed, the modules' doctests are
not collected; the tests under ``tests/`` and ``docs/ai.rst`` skip themselves with ``pytest.importorskip``.
"""

from __future__ import annotations

from importlib.util import find_spec

collect_ignore: list[str] = []
if find_spec("pyspiel") is None or find_spec("numpy") is None:
    collect_ignore += ["src/spades_rules/openspiel"]
if find_spec("pettingzoo") is None or find_spec("gymnasium") is None:
    collect_ignore += ["src/spades_rules/pettingzoo"]
if find_spec("numpy") is None:  # the batch engine (extra batch)
    collect_ignore += ["src/spades_rules/batch", "src/spades_rules/policy.py", "tests/_batch_differential.py"]
elif find_spec("gymnasium") is None:
    collect_ignore.append("src/spades_rules/batch/vector.py")

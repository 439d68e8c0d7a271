"""Committed cost budgets: deterministic counts (calls, lines executed, ...) that a cost check compares with
what it measures, failing when a count rises more than the file's tolerance above its budget.

A budget file is ``tests/budgets/<suite>.json``::

    {
      "what": "what is counted, and how (one sentence)",
      "tolerance": 0.05,
      "budgets": {"<case>": {"<counter>": <int>, ...}, ...}
    }

A budget changes only in a commit that says why, with the benchmark's figures before and after in
``benchmarks/README.md``. ``SPADES_WRITE_BUDGETS=1`` makes :func:`check` write the measured counts as the
new budgets instead of comparing (then read the diff and commit it with its reason).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

BUDGETS = Path(__file__).resolve().parent / "budgets"
TOLERANCE = 0.05


def load(suite: str) -> dict[str, Any]:
    """The budget file of ``suite`` as a dict (``what``, ``tolerance``, ``budgets``)."""
    found: dict[str, Any] = json.loads((BUDGETS / f"{suite}.json").read_text(encoding="utf-8"))
    return found


def over_budget(budgets: dict[str, dict[str, int]], measured: dict[str, dict[str, int]],
                tolerance: float = TOLERANCE) -> list[str]:
    """One line per count above ``budget × (1 + tolerance)``, per case or counter without a budget, and per
    budget that nothing measured (a stale entry)."""
    problems = []
    for case, counts in measured.items():
        for counter, value in counts.items():
            budget = budgets.get(case, {}).get(counter)
            if budget is None:
                problems.append(f"{case}.{counter}: {value:,} counted, no budget")
            elif value > budget * (1 + tolerance):
                problems.append(f"{case}.{counter}: {value:,} counted, {value / budget - 1:+.1%} over the budget"
                                f" of {budget:,} (tolerance {tolerance:.0%})")
    for case, counts in budgets.items():
        for counter in counts:
            if counter not in measured.get(case, {}):
                problems.append(f"{case}.{counter}: a budget that nothing measured")
    return problems


def check(suite: str, measured: dict[str, dict[str, int]], what: str) -> list[str]:
    """Compare ``measured`` with the committed budgets of ``suite`` (see :func:`over_budget`), or write them
    when ``SPADES_WRITE_BUDGETS=1`` (returns no problems then)."""
    if os.environ.get("SPADES_WRITE_BUDGETS") == "1":
        BUDGETS.mkdir(exist_ok=True)
        written = {"what": what, "tolerance": TOLERANCE, "budgets": measured}
        (BUDGETS / f"{suite}.json").write_text(json.dumps(written, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        return []
    data = load(suite)
    return over_budget(data["budgets"], measured, float(data.get("tolerance", TOLERANCE)))

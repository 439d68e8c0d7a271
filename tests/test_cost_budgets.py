"""The scalar engine's cost check: deterministic call counts of seeded random hands against committed budgets.

Wall-clock tests are noise on a shared machine; counts are not. ``_scalar_costs.py`` plays seeded random
hands of every preset and of a few house-rule sets in a fresh interpreter and counts, per phase, the
Python and C calls the library makes (``_call_counts.py``); this test fails when a count rises more than
5 % above its budget in ``budgets/scalar.json`` (the format of ``_budgets.py``).

A budget changes only in a commit that says why, with the benchmark's figures before and after in
``benchmarks/README.md``: rerun with ``SPADES_WRITE_BUDGETS=1`` on Python 3.11 and commit the diff.
Counts depend on how the Python version compiles code (3.12 inlines comprehensions), so the budgets are
those of 3.11, CI's main Python, and the check runs there only.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from _budgets import check, over_budget

BUDGET_PYTHON = (3, 11)
SCRIPT = Path(__file__).resolve().parent / "_scalar_costs.py"
WHAT = (
    "per case and phase, Python calls into or from src/spades_rules (calls) and C calls from it (c_calls) "
    "while playing tests/_scalar_costs.py's seeded random hands in a fresh Python 3.11 (PYTHONHASHSEED=0)"
)

pytestmark = pytest.mark.skipif(
    sys.version_info[:2] != BUDGET_PYTHON, reason="the cost budgets are counted on Python 3.11 (CI's main Python)"
)


def _measure(*args: str) -> dict[str, dict[str, int]]:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("COVERAGE_PROCESS_START", None)
    done = subprocess.run([sys.executable, str(SCRIPT), *args], env=env, capture_output=True, text=True,
                          timeout=120, check=True)
    counts: dict[str, dict[str, int]] = json.loads(done.stdout)["counts"]
    return counts


@pytest.fixture(scope="module")
def measured() -> dict[str, dict[str, int]]:
    return _measure()


def test_counts_are_within_their_budgets(measured: dict[str, dict[str, int]]) -> None:
    problems = check("scalar", measured, WHAT)
    assert not problems, "costs over budget:\n" + "\n".join(problems)


def test_counts_are_deterministic(measured: dict[str, dict[str, int]]) -> None:
    assert _measure() == measured


def test_a_planted_slowdown_fails(measured: dict[str, dict[str, int]]) -> None:
    """The play's legality mask worked out twice per card: the check names the play phase's counts."""
    slowed = _measure("--plant-slowdown")
    problems = over_budget(measured, slowed)
    assert problems
    assert all(".play." in problem or ".end." in problem for problem in problems), problems
    assert any(problem.startswith("warm:standard.play.calls") for problem in problems), problems


def test_the_tolerance_is_five_percent() -> None:
    budgets = {"case": {"calls": 1000}}
    assert over_budget(budgets, {"case": {"calls": 1050}}) == []
    assert over_budget(budgets, {"case": {"calls": 1051}}) == [
        "case.calls: 1,051 counted, +5.1% over the budget of 1,000 (tolerance 5%)"
    ]

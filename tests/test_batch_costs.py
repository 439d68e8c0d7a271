"""The batch engine's cost check: deterministic counts of what its step executes (``_batch_costs``) against
the committed budgets of ``tests/budgets/batch.json``; a count more than 5 % above its budget fails.

A budget changes only in a commit that says why, with ``benchmarks/bench_batch.py``'s figures before and
after in ``benchmarks/README.md`` (``SPADES_WRITE_BUDGETS=1`` writes the measured counts as the new budgets).
The budgets are CI's Python's (3.11): other versions compile other bytecode, and skip.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")

from _budgets import check, load, over_budget

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent / "src"
WHAT = ("per case at N = 64 after 30 warm-up steps, over 240 seeded random steps (random_actions, then step):"
        " the calls, operators, comparisons and subscripts executed in src/spades_rules/batch (sys.settrace,"
        " per bytecode instruction), its lines, and the Python calls made anywhere")

pytestmark = pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="the budgets are counted on Python 3.11")


def _measure(source: Path = SOURCE) -> dict[str, dict[str, int]]:
    """The counts, from a fresh process (no cache another test filled) importing the package from ``source``."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": os.pathsep.join([str(source), str(HERE)])}
    done = subprocess.run([sys.executable, str(HERE / "_batch_costs.py")], capture_output=True, text=True,
                          env=env, check=True, timeout=600)
    measured: dict[str, dict[str, int]] = json.loads(done.stdout)
    return measured


@pytest.fixture(scope="module")
def measured() -> dict[str, dict[str, int]]:
    return _measure()


def test_the_batch_step_stays_within_its_budgets(measured: dict[str, dict[str, int]]) -> None:
    problems = check("batch", measured, WHAT)
    assert not problems, "the batch engine got costlier:\n" + "\n".join(problems)


def test_the_counts_are_deterministic(measured: dict[str, dict[str, int]]) -> None:
    assert _measure() == measured


_PLANTED = {
    "the 52-round shuffle": (
        "_deal.py",
        "    keys: Array = core.rng.integers(0, 1 << 32, (number, core.t.deck_size), dtype=np.uint32)\n",
        "    for _ in range(core.t.deck_size):  # planted: a pass per card, as a Fisher-Yates shuffle makes\n"
        "        _ = core.t.slot_row + core.t.slot_row\n"
        "        _ = core.t.slot_row * core.t.slot_row\n"
        "    keys: Array = core.rng.integers(0, 1 << 32, (number, core.t.deck_size), dtype=np.uint32)\n",
    ),
    "the legal plays found twice": (
        "_steps.py",
        "        s.legal = _follow(core, ALL, s.hand[at + 1] & s.unplayed)\n",
        "        s.legal = _follow(core, ALL, s.hand[at + 1] & s.unplayed)\n"
        "        s.legal = _follow(core, ALL, s.hand[at + 1] & s.unplayed)  # planted\n",
    ),
}


@pytest.mark.parametrize("planted", sorted(_PLANTED))
def test_the_check_fails_on_a_planted_slowdown(planted: str, tmp_path: Path) -> None:
    """A copy of the package with one slowdown planted in the batch engine's source goes over its budgets."""
    module, old, new = _PLANTED[planted]
    copy = tmp_path / "src"
    shutil.copytree(SOURCE / "spades_rules", copy / "spades_rules", ignore=shutil.ignore_patterns("__pycache__"))
    path = copy / "spades_rules" / "batch" / module
    text = path.read_text(encoding="utf-8")
    assert old in text, f"the planting site moved: update {planted!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    problems = over_budget(load("batch")["budgets"], _measure(copy))
    assert problems, f"{planted} passed the cost check"

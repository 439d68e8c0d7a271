"""The batch engine's deterministic costs: what its step executes, counted, for ``test_batch_costs.py``.

Run as a script in a fresh process (``python tests/_batch_costs.py``; the test does so, with
``PYTHONHASHSEED=0``, so that no cache filled by another test changes a count), it plays a fixed number of
seeded random steps (``random_actions`` then ``step``) of each case at a fixed ``N`` and prints, as JSON,
per case:

- ``operations_per_step`` and ``operations_per_hand``: the calls, operators, comparisons and subscripts
  executed in the batch engine's own code (``src/spades_rules/batch``), counted per bytecode instruction
  with ``sys.settrace``: each NumPy call, array operator, comparison and index is one, so one more pass over
  the arrays is one more operation, whatever the machine's load;
- ``operations_per_hand.<module>``: the same, per module of the batch engine (``_deal``, ``_steps``, ...),
  so that a slowdown shows against the budget of the part it slows (a deal of 52 passes instead of one
  sort is a few per cent of a hand's operations, but several times the deal's own);
- ``lines_per_step``: the lines of the batch engine's code executed;
- ``python_calls_per_step``: the Python function calls made anywhere while stepping (NumPy's wrappers and
  the scalar library's code included).

The counts depend only on the code and the seeds: two runs give the same numbers.
"""

from __future__ import annotations

import dis
import json
import sys
from pathlib import Path
from types import FrameType
from typing import Any

_OPERATIONS = frozenset({
    "CALL", "CALL_FUNCTION_EX", "BINARY_OP", "COMPARE_OP", "BINARY_SUBSCR", "STORE_SUBSCR", "BINARY_SLICE",
    "STORE_SLICE", "UNARY_INVERT", "UNARY_NEGATIVE", "CONTAINS_OP", "IS_OP",
})
"""The instructions counted as operations (the others move values between names and the stack)."""
N = 64
STEPS = 240
WARM_UP = 30
SEED = 7


def cases() -> dict[str, tuple[Any, str]]:
    """Every preset by hands, the standard game by whole games, and house rules that put rows out of step."""
    from spades_rules import Rules

    found: dict[str, tuple[Any, str]] = {name: (rules, "hand") for name, rules in sorted(Rules.presets().items())}
    found["standard-game"] = (Rules.standard(), "game")
    found["blind-nil-exchange"] = (Rules.standard().evolve(blind_nil_deficit=None), "hand")
    found["no-13-redeals"] = (
        Rules.standard().evolve(forbid_total_equal_tricks=True, redeal_on=("one_or_no_spades",)), "hand"
    )
    return found


class _Counter:
    def __init__(self, root: str) -> None:
        self.root = root
        self.operations = 0
        self.by_module: dict[str, int] = {}
        self.lines = 0
        self.calls = 0
        self._names: dict[Any, dict[int, str]] = {}

    def _opnames(self, code: Any) -> dict[int, str]:
        names = self._names.get(code)
        if names is None:
            names = self._names[code] = {ins.offset: ins.opname for ins in dis.get_instructions(code)}
        return names

    def trace(self, frame: FrameType, event: str, arg: object) -> Any:
        if event != "call":
            return None
        self.calls += 1
        if not frame.f_code.co_filename.startswith(self.root):
            return None
        frame.f_trace_opcodes = True
        names = self._opnames(frame.f_code)
        module = Path(frame.f_code.co_filename).stem
        by_module = self.by_module
        by_module.setdefault(module, 0)

        def local(frame: FrameType, event: str, arg: object) -> Any:
            if event == "opcode":
                if names.get(frame.f_lasti) in _OPERATIONS:
                    self.operations += 1
                    by_module[module] += 1
            elif event == "line":
                self.lines += 1
            return local

        return local


def measure() -> dict[str, dict[str, int]]:
    import spades_rules.batch
    from spades_rules.batch import BatchGame

    root = str(Path(spades_rules.batch.__file__).resolve().parent)
    measured: dict[str, dict[str, int]] = {}
    for name, (rules, episode) in cases().items():
        games = BatchGame(rules, N, seed=SEED, episode=episode)  # type: ignore[arg-type]
        for _ in range(WARM_UP):
            games.step(games.random_actions())
        counter = _Counter(root)
        hands = games.finished_hands
        sys.settrace(counter.trace)
        try:
            for _ in range(STEPS):
                games.step(games.random_actions())
        finally:
            sys.settrace(None)
        hands = games.finished_hands - hands
        per_hand = N / max(hands, 1)
        measured[name] = {
            "operations_per_step": round(counter.operations / STEPS),
            "operations_per_hand": round(counter.operations * per_hand),
            "lines_per_step": round(counter.lines / STEPS),
            "python_calls_per_step": round(counter.calls / STEPS),
            **{f"operations_per_hand.{module}": round(value * per_hand)
               for module, value in sorted(counter.by_module.items())},
        }
    return measured


if __name__ == "__main__":
    print(json.dumps(measure(), indent=1, sort_keys=True))

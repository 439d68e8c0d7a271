"""Overhead of the AI-ecosystem adapters per decision, against the bare library, side by side in one run.

Three loops play random one-hand episodes of the same rules (standard by default), each choosing
uniformly among the legal actions of the seat to act:

- **bare**: ``Deal.shuffled`` then ``legal_actions`` / ``apply`` until the hand is scored;
- **pyspiel**: ``spades_rules.openspiel``: chance nodes card by card, ``legal_actions()`` /
  ``apply_action`` (no observation asked for, as in a plain rollout);
- **pyspiel+obs**: the same, plus the acting player's ``observation_tensor`` at every decision
  (what a learning agent asks for);
- **pettingzoo**: ``spades_rules.pettingzoo.env``: ``last()`` (observation tensor and action mask) and
  ``step`` with a random code among those the mask allows.

Each figure is the median over ``--reps`` repetitions of ``--hands`` hands, in microseconds per
decision (a player's action; the deal's chance nodes are counted in the episode's time, not as
decisions), with the ratio to the bare loop. Loops whose extra is not installed are skipped.

Run: ``python benchmarks/bench_adapters.py [--rules standard] [--reps 5] [--hands 40] [--quick]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from importlib.util import find_spec

from spades_rules import Deal, Rules, apply, legal_actions, new_game


def _bare(rules: Rules, hands: int, seed: int) -> int:
    rng = random.Random(seed)
    decisions = 0
    game = new_game(rules)
    for _ in range(hands):
        state = apply(game, Deal.shuffled(rules, rng))
        while state.in_hand:
            state = apply(state, rng.choice(legal_actions(state, state.to_act)))
            decisions += 1
    return decisions


def _pyspiel(rules: Rules, hands: int, seed: int, *, observe: bool = False) -> int:
    from spades_rules.openspiel import load_game

    game = load_game(rules)
    rng = random.Random(seed)
    decisions = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def _pettingzoo(rules: Rules, hands: int, seed: int) -> int:
    import numpy as np

    from spades_rules.pettingzoo import env

    table = env(rules)
    rng = np.random.default_rng(seed)
    decisions = 0
    for hand in range(hands):
        table.reset(seed=seed + hand)
        for _agent in table.agent_iter():
            observation, _reward, termination, truncation, _info = table.last()
            if termination or truncation:
                table.step(None)
                continue
            assert observation is not None  # None only from last(observe=False)
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            decisions += 1
    return decisions


def _per_decision(loop: Callable[[Rules, int, int], int], rules: Rules, hands: int, seed: int) -> float:
    """Microseconds per decision of one run of ``loop``."""
    start = time.perf_counter()
    decisions = loop(rules, hands, seed)
    return (time.perf_counter() - start) / decisions * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description="Adapter overhead per decision against the bare library.")
    parser.add_argument("--rules", default="standard", help="a preset name (default standard)")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 repetitions of 4 hands")
    args = parser.parse_args()
    reps, hands = (2, 4) if args.quick else (args.reps, args.hands)
    rules = Rules.preset(args.rules)

    loops: list[tuple[str, Callable[[Rules, int, int], int]]] = [("bare library", _bare)]
    if find_spec("pyspiel") is not None:
        loops.append(("pyspiel", _pyspiel))
        loops.append(("pyspiel+obs", lambda r, h, s: _pyspiel(r, h, s, observe=True)))
    else:
        print("pyspiel not installed: pip install 'spades_rules[openspiel]'")
    if find_spec("pettingzoo") is not None:
        loops.append(("pettingzoo", _pettingzoo))
    else:
        print("pettingzoo not installed: pip install 'spades_rules[pettingzoo]'")

    for _name, loop in loops:  # warm up: imports, registration, caches
        loop(rules, 1, 0)
    # interleave the loops repetition by repetition, so that machine noise hits them alike
    samples: dict[str, list[float]] = {name: [] for name, _ in loops}
    for rep in range(reps):
        for name, loop in loops:
            samples[name].append(_per_decision(loop, rules, hands, rep))
    results = {name: statistics.median(values) for name, values in samples.items()}
    bare = results["bare library"]
    print(f"rules: {args.rules}; {reps} x {hands} random one-hand episodes; median microseconds per decision")
    for name, value in results.items():
        print(f"  {name:<14} {value:9.1f} us   x{value / bare:5.1f}   overhead {value - bare:+9.1f} us")


if __name__ == "__main__":
    main()

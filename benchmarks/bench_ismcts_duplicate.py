"""The library's strongest bots against an outside one: OpenSpiel's information-set MCTS (``ISMCTSBot``, random
rollouts) through the adapter, in duplicate hands.

Each deal is played twice as one hand (OpenSpiel's episode), with the same cards: once with the library's
bot on seats 0 and 2 and ISMCTS on seats 1 and 3, once with the sides swapped. A deal's score is the
library side's points minus ISMCTS's side's, summed over its two hands; the library bot wins the deal when
that is positive. Printed: deals won, lost and tied, the win rate with its 95 % Wilson interval (ties left
out), the mean points per hand of each, the CPU per decision of both, and the load average before and
after; ``--progress N`` prints the running figures every N deals. ISMCTS's budget is ``--simulations`` per
decision (its documented setting ``max_simulations``), with ``uct_c=2``.

Run: ``python benchmarks/bench_ismcts_duplicate.py [--bot double_dummy] [--deals 20] [--simulations 100]
[--seed 1] [--progress 10] [--quick]`` (needs the ``openspiel`` extra).
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from spades_rules.bots import BUILTIN_BOTS
from spades_rules.openspiel import as_bot
from spades_rules.simulation import wilson_interval


def _hand(game: pyspiel.Game, bots: list[pyspiel.Bot], seed: int, cpu: list[float], moves: list[int]) -> list[float]:
    """One hand with these bots, the chance outcomes drawn from ``seed``; each seat's return."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        player = state.current_player()
        started = time.process_time()
        action = bots[player].step(state)
        cpu[player % 2] += time.process_time() - started
        moves[player % 2] += 1
        state.apply_action(action)
    return list(state.returns())


def _report(label: str, bot: str, wins: int, losses: int, ties: int, points: tuple[list[float], list[float]],
            cpu: list[float], moves: list[int]) -> None:
    decided = wins + losses
    low, high = wilson_interval(wins, decided) if decided else (0.0, 1.0)
    print(label)
    print(f"  deals won {wins}, lost {losses}, tied {ties}: win rate {wins / max(decided, 1):.1%} "
          f"(95 % CI {low:.1%} - {high:.1%})")
    ours, theirs = points
    print(f"  points per hand: {bot} {sum(ours) / max(len(ours), 1):+.1f}, "
          f"ISMCTS {sum(theirs) / max(len(theirs), 1):+.1f}")
    print(f"  CPU per decision: {bot} {1000 * cpu[0] / max(moves[0], 1):.1f} ms ({moves[0]} decisions), "
          f"ISMCTS {1000 * cpu[1] / max(moves[1], 1):.1f} ms ({moves[1]} decisions)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--bot", default="double_dummy", help="the library bot: double_dummy or search")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--progress", type=int, default=0, help="print the running figures every N deals")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 1 deal, 5 simulations")
    args = parser.parse_args()
    deals, simulations = (1, 5) if args.quick else (args.deals, args.simulations)
    game = pyspiel.load_game("spades_rules(preset=standard,compact_actions=True)")
    load_before = os.getloadavg()
    wins = losses = ties = 0
    ours_points: list[float] = []
    theirs_points: list[float] = []
    cpu = [0.0, 0.0]  # per side of the table in each hand: [library, ismcts] after the lineup is read
    moves = [0, 0]
    for deal in range(deals):
        margin = 0.0
        for swap in (0, 1):
            bots: list[pyspiel.Bot] = []
            for seat in range(4):
                seed = args.seed * 1000 + deal * 10 + seat
                if seat % 2 == swap:
                    bots.append(as_bot(BUILTIN_BOTS[args.bot](seed), seat))
                else:
                    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
                    bots.append(ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations,
                                                 random_state=np.random.RandomState(seed)))
            side_cpu = [0.0, 0.0]
            side_moves = [0, 0]
            returns = _hand(game, bots, args.seed * 1000 + deal, side_cpu, side_moves)
            ours, theirs = returns[swap], returns[1 - swap]
            ours_points.append(ours)
            theirs_points.append(theirs)
            margin += ours - theirs
            cpu[0] += side_cpu[swap]
            cpu[1] += side_cpu[1 - swap]
            moves[0] += side_moves[swap]
            moves[1] += side_moves[1 - swap]
        wins += margin > 0
        losses += margin < 0
        ties += margin == 0
        print(f"  deal {deal}: {args.bot} {margin:+.0f}", flush=True)
        if args.progress and (deal + 1) % args.progress == 0 and deal + 1 < deals:
            _report(f"  ... after {deal + 1} deals", args.bot, wins, losses, ties, (ours_points, theirs_points),
                    cpu, moves)
    label = (f"standard: {args.bot} vs ISMCTS ({simulations} simulations, random rollouts), {deals} deals in"
             f" duplicate, seed {args.seed}")
    _report(label, args.bot, wins, losses, ties, (ours_points, theirs_points), cpu, moves)
    print(f"  load average (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in load_before)} before,"
          f" {' '.join(f'{x:.2f}' for x in os.getloadavg())} after")


if __name__ == "__main__":
    main()

"""OpenSpiel's information-set MCTS (ISMCTS) playing Spades against the library's heuristic bot.

Side 0 (seats 0 and 2) is ``open_spiel.python.algorithms.ismcts.ISMCTSBot``: at every decision it samples
worlds consistent with what its seat knows (``SpadesState.resample_from_infostate``, built on
``sample_deal``) and searches them with random rollouts. Side 1 (seats 1 and 3) is
:class:`~spades_rules.bots.HeuristicBot` made a ``pyspiel.Bot`` by ``as_bot``. The game uses the compact
action space (81 actions). Each episode is one hand; a seat's return is its side's points for the hand.
OpenSpiel's Python ISMCTSBot has no ``restart_at``, so the hands are played with a plain loop of
``bot.step(state)`` rather than ``evaluate_bots``.

    python examples/openspiel_ismcts.py --hands 10 --simulations 200 --seed 1
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from spades_rules.bots import HeuristicBot
from spades_rules.openspiel import as_bot  # importing spades_rules.openspiel registers "spades_rules"


def seeded_resampler(seed: int) -> Callable[[pyspiel.State, int], pyspiel.State]:
    """ISMCTS's resampler, with OpenSpiel's sampler seeded from ``seed``: the same worlds every run
    (ISMCTSBot's default sampler is seeded at random)."""
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    return lambda state, player: state.resample_from_infostate(player, sampler)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=10, help="hands to play (one per episode)")
    parser.add_argument("--simulations", type=int, default=200, help="ISMCTS simulations per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 1 hand, 10 simulations")
    args = parser.parse_args()
    hands, simulations = (1, 10) if args.quick else (args.hands, args.simulations)

    game = pyspiel.load_game("spades_rules(preset=standard,compact_actions=True)")
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(args.seed))
    bots: list[pyspiel.Bot] = []
    for seat in range(game.num_players()):
        if seat % 2 == 0:
            bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations,
                                   random_state=np.random.RandomState(args.seed + seat))
            bot.set_resampler(seeded_resampler(args.seed + seat))
            bots.append(bot)
        else:
            bots.append(as_bot(HeuristicBot(args.seed + seat), seat))

    started = time.perf_counter()
    points: list[list[float]] = [[], []]
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        returns = state.returns()
        points[0].append(returns[0])
        points[1].append(returns[1])
    elapsed = time.perf_counter() - started
    print(f"{game}: {hands} hands, ISMCTS with {simulations} simulations a decision, in {elapsed:.1f} s")
    for side, name in enumerate(["ISMCTS (seats 0, 2)", "HeuristicBot (seats 1, 3)"]):
        print(f"  side {side} {name}: {statistics.fmean(points[side]):+.1f} points per hand")


if __name__ == "__main__":
    main()

"""Play a few hundred hands of two-player Spades (the draw) in PettingZoo, choosing with action masks.

player_0 is spades_rules' HeuristicBot, deciding from its own ``observe`` view of
``env.unwrapped.game_state``; player_1 picks a uniformly random code among those its ``action_mask``
allows. Each episode is one hand, and an agent's reward at the end is its points for the hand.

    python examples/pettingzoo_loop.py --hands 300 --seed 1
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from spades_rules import encode_action, observe
from spades_rules.bots import HeuristicBot
from spades_rules.pettingzoo import env, raw_env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=300, help="hands to play (one per episode)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    table = env("two_player")
    rng = np.random.default_rng(args.seed)
    heuristic = HeuristicBot(args.seed)
    totals: dict[str, list[float]] = {agent: [] for agent in table.possible_agents}
    steps = 0
    started = time.perf_counter()
    for hand in range(args.hands):
        table.reset(seed=args.seed * 100_000 + hand)
        for agent in table.agent_iter():
            observation, reward, termination, truncation, _info = table.last()
            if termination or truncation:
                totals[agent].append(reward)
                table.step(None)
                continue
            assert observation is not None  # None only from last(observe=False)
            legal = np.flatnonzero(observation["action_mask"])
            if agent == "player_0":
                unwrapped = table.unwrapped  # typed as PettingZoo's AECEnv; this is the adapter's raw_env
                assert isinstance(unwrapped, raw_env)
                action = encode_action(heuristic.decide(observe(unwrapped.game_state, 0)))
                assert action in legal
            else:
                action = int(rng.choice(legal))
            table.step(action)
            steps += 1
    elapsed = time.perf_counter() - started
    print(f"two_player: {args.hands} hands, {steps} decisions in {elapsed:.1f} s")
    for agent, rewards in totals.items():
        print(f"  {agent}: {statistics.fmean(rewards):+.1f} points per hand (sd {statistics.stdev(rewards):.1f})")


if __name__ == "__main__":
    main()

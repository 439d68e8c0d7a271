"""Train sb3-contrib's MaskablePPO on one seat of Spades against the library's heuristic bots.

The environment is ``spades_rules.pettingzoo.single_agent.single_agent_env``: the agent plays seat 0, HeuristicBot
plays its partner and both opponents, an episode is one hand and the reward is the agent's side's points
for it. Actions are the compact action space (81 codes); ``env.action_masks()`` gives MaskablePPO the
legal ones. The script scores a masked random agent and then the trained policy on the same evaluation
deals, before and after training.

Needs ``pip install sb3-contrib`` (which brings Stable-Baselines3 and PyTorch, a large download); without
them it says so and exits cleanly.

    python examples/maskable_ppo.py --steps 20000 --seed 1
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import time
from typing import Any

import numpy as np

from spades_rules.pettingzoo.single_agent import single_agent_env


def evaluate(policy: Any, hands: int, seed: int) -> float:
    """Mean points per hand of ``policy`` (None: a masked random agent) over ``hands`` evaluation deals."""
    table = single_agent_env("standard", compact_actions=True)
    rng = np.random.default_rng(seed)
    points = []
    for hand in range(hands):
        observation, _ = table.reset(seed=seed * 100_000 + hand)
        total, terminated = 0.0, False
        while not terminated:
            mask = table.action_masks()
            if policy is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action, _ = policy.predict(observation, action_masks=mask, deterministic=True)
            observation, reward, terminated, _, _ = table.step(int(action))
            total += reward
        points.append(total)
    return statistics.fmean(points)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=20_000, help="training steps (the agent's decisions)")
    parser.add_argument("--hands", type=int, default=200, help="evaluation hands, before and after")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 512 steps, 5 evaluation hands")
    args = parser.parse_args()
    if importlib.util.find_spec("sb3_contrib") is None or importlib.util.find_spec("torch") is None:
        print("maskable_ppo.py needs sb3-contrib and PyTorch: pip install sb3-contrib (skipped)")
        return
    import torch  # pyright: ignore[reportMissingImports]
    from sb3_contrib import MaskablePPO  # pyright: ignore[reportMissingImports]

    torch.set_num_threads(1)  # one core, as the figures below are CPU time

    steps, hands = (512, 5) if args.quick else (args.steps, args.hands)
    table = single_agent_env("standard", compact_actions=True)  # MaskablePPO finds table.action_masks()
    model = MaskablePPO("MlpPolicy", table, n_steps=512, batch_size=128, learning_rate=3e-4, seed=args.seed,
                        verbose=0, device="cpu")
    before = evaluate(None, hands, args.seed)
    started = time.process_time()
    model.learn(total_timesteps=steps)
    elapsed = time.process_time() - started
    after = evaluate(model, hands, args.seed)
    print(f"standard, seat 0 against HeuristicBot: {steps} MaskablePPO steps in {elapsed:.0f} s of CPU")
    print(f"  masked random agent: {before:+.1f} points per hand; trained policy: {after:+.1f}"
          f" ({hands} evaluation hands, the same deals)")


if __name__ == "__main__":
    main()

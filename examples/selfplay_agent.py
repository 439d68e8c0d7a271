"""Train a Spades agent by self-play, with NumPy only: a small policy network (one hidden layer, written in
NumPy), REINFORCE with a learned baseline, masked by the legal actions, on the batch engine's Gymnasium
vector environment (``BatchVectorEnv``): every seat of every game is played by the same policy, and each
seat's decisions of a hand are credited with its side's points for the hand (``info["rewards"]``).

It trains for ``--minutes`` of CPU time on one core (NumPy's BLAS is held to one thread), measures the
policy against uniform random players every so often (whole games, the policy's side against a random
side), saves the weights (``policy.npz``, an :class:`~spades_rules.policy.MLPPolicy`), the learning curve's
figures (``curve.json``) and, when matplotlib is installed (the ``examples`` dependency group), its picture
(``curve.png``). The trained policy is then a bot like the built-in ones::

    python examples/selfplay_agent.py --out selfplay                 # five minutes of one core
    spades-rules match --rules standard --bots policy:selfplay/policy.npz,random --games 200 --duplicate

``--quick`` trains for a few seconds (to check the script).
"""

from __future__ import annotations

import os

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):  # one core, as measured
    os.environ.setdefault(_variable, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from spades_rules import Rules  # noqa: E402
from spades_rules.batch import BatchGame, BatchVectorEnv  # noqa: E402
from spades_rules.policy import MLPPolicy  # noqa: E402

Array = np.ndarray[Any, Any]
RULES = Rules.standard()


class Network:
    """The policy (observation -> tanh hidden layer -> one logit per code) and a value head on the hidden
    layer (the baseline), with their Adam optimizer."""

    def __init__(self, inputs: int, hidden: int, actions: int, rng: np.random.Generator) -> None:
        self.params = {
            "W0": rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)).astype(np.float32),
            "b0": np.zeros(hidden, np.float32),
            "W1": rng.normal(0, 0.01, (hidden, actions)).astype(np.float32),
            "b1": np.zeros(actions, np.float32),
            "wv": np.zeros(hidden, np.float32),
            "bv": np.zeros(1, np.float32),
        }
        self.moments = {name: (np.zeros_like(p), np.zeros_like(p)) for name, p in self.params.items()}
        self.steps = 0

    def forward(self, obs: Array) -> tuple[Array, Array, Array]:
        """The hidden layer, the logits and the value of a batch of observations."""
        p = self.params
        hidden = np.tanh(obs @ p["W0"] + p["b0"])
        return hidden, hidden @ p["W1"] + p["b1"], hidden @ p["wv"] + p["bv"]

    def sample(self, obs: Array, mask: Array, rng: np.random.Generator) -> Array:
        """A code per row from the masked softmax (Gumbel-max: the argmax of the logits plus Gumbel noise)."""
        _, logits, _ = self.forward(obs)
        noise = -np.log(-np.log(rng.random(logits.shape, dtype=np.float32) + 1e-12) + 1e-12)
        chosen: Array = np.argmax(np.where(mask, logits + noise, -np.inf), axis=1)
        return chosen

    def greedy(self, obs: Array, mask: Array) -> Array:
        _, logits, _ = self.forward(obs)
        chosen: Array = np.argmax(np.where(mask, logits, -np.inf), axis=1)
        return chosen

    def update(self, obs: Array, mask: Array, actions: Array, returns: Array, *, lr: float,
               entropy: float, value_weight: float = 0.5) -> dict[str, float]:
        """One policy-gradient step on a batch of decisions with their returns (REINFORCE with the value head
        as baseline, an entropy bonus), by hand-written backpropagation."""
        p = self.params
        count = len(actions)
        hidden, logits, value = self.forward(obs)
        logits = np.where(mask, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        logp = np.where(mask, logits - np.log(probs.sum(axis=1, keepdims=True)), 0.0)
        advantage = returns - value
        advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-6)
        spread = -(probs * logp).sum(axis=1)  # the entropy of each decision
        d_logits = probs.copy()
        d_logits[np.arange(count), actions] -= 1.0
        d_logits *= advantage[:, None]
        d_logits += entropy * probs * (logp + spread[:, None])  # minus the entropy's gradient
        d_logits /= count
        d_value = value_weight * (value - returns) / count
        d_hidden = d_logits @ p["W1"].T + d_value[:, None] * p["wv"][None, :]
        d_pre = d_hidden * (1 - hidden * hidden)
        grads = {
            "W1": hidden.T @ d_logits, "b1": d_logits.sum(axis=0),
            "wv": hidden.T @ d_value, "bv": np.array([d_value.sum()], np.float32),
            "W0": obs.T @ d_pre, "b0": d_pre.sum(axis=0),
        }
        self._adam(grads, lr)
        return {"entropy": float(spread.mean()), "value_error": float(np.abs(value - returns).mean())}

    def _adam(self, grads: dict[str, Array], lr: float, beta1: float = 0.9, beta2: float = 0.999) -> None:
        self.steps += 1
        for name, grad in grads.items():
            first, second = self.moments[name]
            first *= beta1
            first += (1 - beta1) * grad
            second *= beta2
            second += (1 - beta2) * grad * grad
            corrected = first / (1 - beta1 ** self.steps)
            self.params[name] -= (lr * corrected / (np.sqrt(second / (1 - beta2 ** self.steps)) + 1e-8)).astype(
                np.float32)

    def policy(self) -> MLPPolicy:
        p = self.params
        return MLPPolicy([(p["W0"], p["b0"]), (p["W1"], p["b1"])], activation="tanh")


def collect(env: BatchVectorEnv, net: Network, state: dict[str, Any], steps: int, rng: np.random.Generator
            ) -> tuple[Array, Array, Array, Array, list[float]]:
    """Play ``steps`` steps of self-play; return every decision whose hand ended in the window, with its
    return (the acting seat's side's points for that hand, in hundreds), and the points per seat and hand."""
    obs, info = state["obs"], state["info"]
    n = env.num_envs
    kept_obs = np.zeros((steps, n, obs.shape[1]), np.float16)  # 0/1 flags and small fractions: half floats
    kept_mask = np.zeros((steps, n, env.game.num_actions), dtype=np.bool_)
    kept_act = np.zeros((steps, n), np.intp)
    actor = np.zeros((steps, n), np.intp)
    ends = np.zeros((steps, n), bool)
    seat_rewards = np.zeros((steps, n, RULES.players), np.float32)
    for t in range(steps):
        mask = info["action_mask"]
        actions = net.sample(obs, mask, rng)
        kept_obs[t], kept_mask[t], kept_act[t], actor[t] = obs, mask, actions, info["current_player"]
        obs, _, terminated, truncated, info = env.step(actions)
        ends[t] = terminated | truncated
        seat_rewards[t] = info["rewards"]
    state["obs"], state["info"] = obs, info
    returns = np.zeros((steps, n), np.float32)
    valid = np.zeros((steps, n), bool)
    upcoming = np.zeros((n, RULES.players), np.float32)
    seen = np.zeros(n, bool)
    for t in range(steps - 1, -1, -1):  # each decision takes the reward of the next hand end in its row
        upcoming = np.where(ends[t][:, None], seat_rewards[t], upcoming)
        seen |= ends[t]
        returns[t] = upcoming[np.arange(n), actor[t]] / 100
        valid[t] = seen
    hand_points = seat_rewards[ends].mean(axis=1).tolist() if ends.any() else []
    return (kept_obs[valid].astype(np.float32), kept_mask[valid], kept_act[valid], returns[valid], hand_points)


def evaluate(net: Network, games: int, seed: int, backstop: int) -> tuple[float, float]:
    """Whole games of the policy (greedy) on one side against uniform random players on the other (the
    policy's side alternating by row): its win rate and its side's mean points per hand."""
    batch = BatchGame(RULES, games, seed=seed, episode="game", record=False, backstop=backstop)
    side_of = np.array(RULES.tables.side_of)
    mine = np.arange(games) % 2
    ended = np.zeros(games, bool)
    wins, points, hands = 0, 0.0, 0
    while not ended.all():
        obs = np.concatenate([batch.observation_tensor(), batch.picked.astype(np.float32)], axis=1)
        ours = side_of[batch.current_player] == mine
        actions = np.where(ours, net.greedy(obs, batch.legal_action_mask()), batch.random_actions())
        batch.step(actions)
        counted = batch.hand_done & ~ended
        points += float(batch.last_hand_totals[counted, mine[counted]].sum())
        hands += int(counted.sum())
        newly = (batch.game_done | batch.truncated) & ~ended
        wins += int((batch.winner[newly] == mine[newly]).sum())
        ended |= newly
    return wins / games, points / max(hands, 1)


def plot(curve: list[dict[str, Any]], path: Path) -> bool:
    """Draw the learning curve (points per hand, games won against random players) into ``path``."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed (pip install --group examples): no picture, the figures are in curve.json")
        return False
    minutes = [point["cpu_minutes"] for point in curve]
    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 3.8), constrained_layout=True)
    played = [point for point in curve if point["selfplay_points"] is not None]  # none before training
    left.plot([point["cpu_minutes"] for point in played], [point["selfplay_points"] for point in played],
              label="self-play (every seat)")
    left.plot(minutes, [point["points_vs_random"] for point in curve], label="against random players")
    left.set_xlabel("training, minutes of CPU time (one core)")
    left.set_ylabel("points per hand of a side")
    left.legend()
    left.grid(alpha=0.3)
    right.plot(minutes, [100 * point["win_rate_vs_random"] for point in curve], color="tab:green")
    right.set_ylim(0, 105)
    right.set_xlabel("training, minutes of CPU time (one core)")
    right.set_ylabel("games won against random players, %")
    right.grid(alpha=0.3)
    figure.suptitle("Self-play REINFORCE, standard Spades")
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="training budget, minutes of CPU time (default 5)")
    parser.add_argument("--out", type=Path, default=Path("selfplay"), help="where the weights and the curve go")
    parser.add_argument("--envs", type=int, default=128, help="games played at once")
    parser.add_argument("--hidden", type=int, default=128, help="units of the hidden layer")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--evals", type=int, default=10, help="points of the learning curve")
    parser.add_argument("--eval-games", type=int, default=200, help="games against random players per point")
    parser.add_argument("--quick", action="store_true", help="a few seconds, small sizes (checks the script)")
    parser.add_argument("--replot", action="store_true", help="only draw OUT/curve.png again from OUT/curve.json")
    args = parser.parse_args()
    if args.replot:
        summary = json.loads((args.out / "curve.json").read_text(encoding="utf-8"))
        plot(summary["curve"], args.out / "curve.png")
        return
    if args.quick:
        args.minutes, args.envs, args.hidden, args.evals, args.eval_games = 0.05, 16, 16, 2, 8
    if args.minutes <= 0 or args.envs < 2 or args.hidden < 1 or args.evals < 1 or args.eval_games < 2:
        parser.error("--minutes, --envs, --hidden, --evals and --eval-games must be positive (--envs at least 2)")
    rng = np.random.default_rng(args.seed)
    env = BatchVectorEnv(RULES, args.envs, seed=args.seed, episode="hand", reward="points")
    obs, info = env.reset(seed=args.seed)
    net = Network(obs.shape[1], args.hidden, env.game.num_actions, rng)
    state = {"obs": obs, "info": info}
    budget = args.minutes * 60
    trained = 0.0
    hands = 0
    curve: list[dict[str, Any]] = []
    recent: list[float] = []
    next_eval = 0.0
    window = 4 * (RULES.tricks_per_hand * RULES.players + RULES.players)  # about four hands a row
    while True:
        if trained >= next_eval or trained >= budget:
            start = time.process_time()
            win_rate, versus = evaluate(net, args.eval_games, seed=10_000 + len(curve), backstop=20)
            spent = time.process_time() - start
            curve.append({"cpu_minutes": trained / 60, "hands": hands, "win_rate_vs_random": win_rate,
                          "points_vs_random": versus, "selfplay_points": float(np.mean(recent)) if recent else None,
                          "eval_cpu_seconds": spent})
            selfplay = "    -  " if not recent else f"{np.mean(recent):7.1f}"
            print(f"{trained / 60:5.2f} min, {hands:7,} hands: self-play {selfplay} points "
                  f"a side and hand; against random players {100 * win_rate:5.1f} % of games won, "
                  f"{versus:6.1f} points a hand (evaluation {spent:.1f} s)", flush=True)
            recent = []
            next_eval += budget / args.evals
            if trained >= budget:
                break
        start = time.process_time()
        obs_b, mask_b, act_b, ret_b, points = collect(env, net, state, window, rng)
        net.update(obs_b, mask_b, act_b, ret_b, lr=1e-3, entropy=0.01)
        trained += time.process_time() - start
        hands += len(points)
        recent.extend(points)
    args.out.mkdir(parents=True, exist_ok=True)
    net.policy().save(args.out / "policy.npz")
    summary = {"rules": "standard", "cpu_minutes_training": trained / 60, "hands": hands, "hidden": args.hidden,
               "envs": args.envs, "seed": args.seed, "curve": curve}
    (args.out / "curve.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    drawn = plot(curve, args.out / "curve.png")
    print(f"trained {trained / 60:.2f} minutes of CPU time on {hands:,} hands; weights in {args.out / 'policy.npz'}"
          + (f", curve in {args.out / 'curve.png'}" if drawn else ""))


if __name__ == "__main__":
    main()

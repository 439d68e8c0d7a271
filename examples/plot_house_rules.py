"""What a house rule does to the game: the two built-in bots under standard rules and under a house rule
(nil worth 50, no bag penalty), in duplicate so the cards' luck cancels out, plotted side by side.

Run: ``python examples/plot_house_rules.py [--games 100] [--seed 2026] [--workers 2] [--out house_rules.png]``.
It needs matplotlib (``pip install matplotlib``), which the library itself never uses. The numbers are
those of ``spades-rules match --duplicate`` with the same options (see the simulation page of the docs).
"""

from __future__ import annotations

import argparse

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from spades_rules import Rules
from spades_rules.simulation import MatchResult, run_match

RULE_SETS = {
    "standard": Rules.standard(),
    "nil 50, no bag penalty": Rules.standard().evolve(nil_value=50, bag_limit=None),
}
BOTS = ("heuristic", "random")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100, help="deals, each played with the sides swapped")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: every core)")
    parser.add_argument("--out", default="house_rules.png")
    args = parser.parse_args()

    results: dict[str, MatchResult] = {}
    for label, rules in RULE_SETS.items():
        results[label] = run_match(rules, BOTS, games=args.games, seed=args.seed, duplicate=True,
                                   backend="process", workers=args.workers)
        print(f"{label}: {results[label].hands_per_game:.2f} hands per game")

    labels = list(results)
    figure, (length, nil, bags) = plt.subplots(1, 3, figsize=(10, 3.2))
    hands = [results[label].hands_per_game or 0.0 for label in labels]
    length.bar(labels, hands, color=["#4c72b0", "#dd8452"])
    length.set_title("hands per game")
    length.set_ylim(0, 1.2 * max(hands))
    for at, value in enumerate(hands):
        length.text(at, value, f"{value:.1f}", ha="center", va="bottom")
    width = 0.38
    for offset, bot in ((-width / 2, BOTS[0]), (width / 2, BOTS[1])):
        stats = [results[label].bot(bot) for label in labels]
        rates = [100 * s.nil_made / s.nil_bids if s.nil_bids else 0.0 for s in stats]
        positions = [at + offset for at in range(len(labels))]
        nil.bar(positions, rates, width, label=f"{bot} ({sum(s.nil_bids for s in stats)} nil bids)")
        bags.bar(positions, [s.bags_per_hand or 0.0 for s in stats], width, label=bot)
    for axes, title in ((nil, "nil made (% of nil bids)"), (bags, "bags per side per hand")):
        axes.set_xticks(range(len(labels)), labels)
        axes.set_title(title)
        axes.set_ylim(0, 1.4 * axes.get_ylim()[1])
        axes.legend(fontsize="small", loc="upper right")
    for axes in (length, nil, bags):
        axes.tick_params(axis="x", labelsize="small")
    figure.suptitle(f"heuristic vs random bots, {args.games} deals in duplicate, seed {args.seed}")
    figure.tight_layout()
    figure.savefig(args.out, dpi=80)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

"""Play many hands at once with the batch engine: random play, a vectorized policy, and a row handed to a bot.

1. Random play of standard Spades in batches of ``--games`` games (``random_actions`` in the loop): hands
   per second and the average points of a hand.
2. A policy written with the mask alone, for seats 0 and 2 of every game: bid the lowest number offered
   (never nil), play the highest legal code; seats 1 and 3 play at random. Its average points per hand
   against random play.
3. One game of the batch as a scalar state (``game_state``), for one of the library's bots to decide.

    python examples/batch_hands.py --games 1024 --hands 20000 --seed 1
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from spades_rules import Rules, encode_action, observe
from spades_rules.batch import BatchGame
from spades_rules.bots import HeuristicBot

NIL, BLIND_NIL = 52, 80
"""The codes of nil and blind nil (the codec's; bids of 1 ... 27 tricks are 53 ... 79)."""


def random_play(games: BatchGame, hands: int) -> tuple[float, float]:
    """Hands per second (CPU time) and the mean points per side and hand over ``hands`` random hands."""
    points, counted = 0.0, 0
    start = time.process_time()
    target = games.finished_hands + hands
    while games.finished_hands < target:
        games.step(games.random_actions())
        done = games.hand_done
        if done.any():
            points += float(games.last_hand_totals[done].sum())
            counted += int(done.sum()) * games.last_hand_totals.shape[1]
    seconds = time.process_time() - start
    return hands / seconds, points / counted


def policy(games: BatchGame, rng: np.random.Generator) -> np.ndarray:
    """Seats 0 and 2: the lowest bid offered that is not a nil, else the highest legal code; others random."""
    mask = games.legal_action_mask()
    bids = mask.copy()
    bids[:, : NIL + 1] = False  # nil and the plays
    bids[:, BLIND_NIL:] = False  # blind nil, jokers, redeals
    lowest_bid = np.where(bids.any(axis=1), np.argmax(bids, axis=1), -1)
    highest = mask.shape[1] - 1 - np.argmax(mask[:, ::-1], axis=1)
    ours = np.where(lowest_bid >= 0, lowest_bid, highest)
    theirs = games.random_actions(rng)
    seat = games.current_player
    chosen = np.where((seat == 0) | (seat == 2), ours, theirs)
    assert mask[np.arange(len(chosen)), chosen].all()
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or " ").splitlines()[0])
    parser.add_argument("--games", type=int, default=1024, help="games stepped together")
    parser.add_argument("--hands", type=int, default=20_000, help="hands to play in each part")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Rules.standard()

    games = BatchGame(rules, args.games, seed=args.seed, record=False)
    speed, mean = random_play(games, args.hands)
    print(f"random play: {speed:,.0f} hands/s in batches of {args.games:,}, {mean:+.1f} points per side a hand")

    games = BatchGame(rules, args.games, seed=args.seed, record=False)
    rng = np.random.default_rng(args.seed)
    sides = np.zeros(2)
    target = games.finished_hands + args.hands
    while games.finished_hands < target:
        games.step(policy(games, rng))
        sides += games.last_hand_totals[games.hand_done].sum(axis=0)
    played = games.finished_hands - target + args.hands
    print(f"low bids and high cards (seats 0, 2) {sides[0] / played:+.1f}, random (1, 3) {sides[1] / played:+.1f}"
          " points a hand")

    games = BatchGame(rules, 8, seed=args.seed)  # record=True: rows can become scalar states
    state = games.game_state(3)
    seat = state.to_act
    assert seat is not None
    action = HeuristicBot(args.seed).decide(observe(state, seat))
    actions = games.random_actions()
    actions[3] = encode_action(action)
    games.step(actions)
    print(f"row 3: seat {seat}'s bot chose {action}; the row is now {games.game_state(3)!r}")


if __name__ == "__main__":
    main()

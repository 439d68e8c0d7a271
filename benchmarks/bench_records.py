"""Characters per second of the record functions (:func:`~spades_rules.records.loads`,
:func:`~spades_rules.records.from_dict`, :func:`~spades_rules.records.dumps`) from 10 kB to 10 MB.

Loading, dumping and replaying a record must be linear in its size, so the figures must be flat across the
sizes. Two kinds of record, each at every size:

- ``redeals``: one hand redealt over and over, under a house rule that lets every hand call a redeal
  (``redeal_on="no_face_cards"`` with a deck of eight low cards, two each): the most actions per
  character, and the case that used to copy the game's whole history at every redeal;
- ``long game``: a game of many standard hands (every seat bidding about 3, random plays), the case that
  used to copy the history at every finished hand.

Each figure is the median of several repetitions, in CPU time (``time.process_time``: the machines here
are shared, and CPU time is what other processes disturb least); the size is that of the text record
(``dumps``), which the dict form (``from_dict``) holds too. The last column is each row's ``loads`` figure
over the smallest record's. Sizes reach 9.9 million characters, under the records' limit of 10 million.

Run: ``python benchmarks/bench_records.py [--reps 3] [--quick]`` (``--quick`` stops at 1 MB).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from spades_rules import (
    Bid,
    Deal,
    GameState,
    Phase,
    Redeal,
    Rules,
    apply,
    dumps,
    from_dict,
    legal_actions,
    loads,
    new_game,
    to_dict,
)
from spades_rules.cards import ALL_CARDS, Rank

SIZES = (10_000, 100_000, 1_000_000, 9_900_000)
_LOW_CARDS = [card for card in ALL_CARDS[:52] if card.rank <= Rank.THREE]  # the 2s and 3s: no face card
REDEAL_RULES = Rules(
    removed_cards=[str(card) for card in ALL_CARDS[:52] if card not in _LOW_CARDS], redeal_on="no_face_cards",
)
LONG_RULES = Rules(target_score=1_000_000, max_hands=1_000_000)


def _redeals(size: int) -> GameState:
    """A hand dealt and redealt until its text record holds about ``size`` characters."""
    state = new_game(REDEAL_RULES)
    rng = random.Random(size)
    per_redeal = len(dumps(apply(apply(state, Deal.shuffled(REDEAL_RULES, 1)), Redeal(1)))) - len(dumps(state))
    for _ in range(max(1, size // per_redeal)):
        state = apply(apply(state, Deal.shuffled(REDEAL_RULES, rng)), Redeal(rng.randrange(4)))
    return state


def _bid_three(state: GameState) -> Bid:
    """A plain bid of 3 (the legal plain bid nearest it): about a quarter of the tricks, so that random play
    makes about half its contracts and the scores stay moderate over thousands of hands."""
    bids = [action for action in legal_actions(state) if isinstance(action, Bid) and not action.blind]
    return min(bids, key=lambda bid: abs(bid.tricks - 3))


def _long_games(sizes: tuple[int, ...]) -> dict[int, GameState]:
    """States of one long game, each at the first hand end whose record holds about a size's characters."""
    rng = random.Random(5)
    state = new_game(LONG_RULES)
    per_hand: float | None = None
    found: dict[int, GameState] = {}
    hands_wanted = dict.fromkeys(sizes, 1)
    while len(found) < len(sizes):
        state = apply(state, Deal.shuffled(LONG_RULES, rng))
        while state.in_hand:
            state = apply(state, _bid_three(state) if state.phase is Phase.BID else rng.choice(legal_actions(state)))
        if per_hand is None:  # the size of a hand's text, from the first one
            per_hand = len(dumps(state)) - len(dumps(new_game(LONG_RULES)))
            hands_wanted = {size: max(1, round(size / per_hand)) for size in sizes}
        for size, hands in hands_wanted.items():
            if state.hands_played == hands:
                found[size] = state
    return found


def _median_seconds(run: Callable[[], Any], reps: int) -> float:
    times = []
    for _ in range(reps):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def _measure(kind: str, states: dict[int, GameState], reps: int) -> None:
    base: float | None = None
    for size in sorted(states):
        state = states[size]
        text = dumps(state)
        record = json.loads(json.dumps(to_dict(state)))
        assert loads(text) == state and from_dict(record) == state
        chars = len(text)
        runs = (partial(loads, text), partial(from_dict, record), partial(dumps, state))
        rates = [chars / _median_seconds(run, reps) for run in runs]
        base = base or rates[0]
        print(f"{kind:<10}{chars:>12,}{len(state.history):>11,}" + "".join(f"{rate:>14,.0f}" for rate in rates)
              + f"{rates[0] / base:>9.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--reps", type=int, default=3, help="repetitions per figure (median reported)")
    parser.add_argument("--quick", action="store_true", help="stop at 1 MB")
    args = parser.parse_args()
    sizes = SIZES[:3] if args.quick else SIZES
    reps = 1 if args.quick else args.reps
    print("characters per second (median of repetitions); flat across sizes means linear")
    print(f"{'record':<10}{'chars':>12}{'actions':>11}{'loads':>14}{'from_dict':>14}{'dumps':>14}{'x 10 kB':>9}")
    _measure("redeals", {size: _redeals(size) for size in sizes}, reps)
    _measure("long game", _long_games(sizes), reps)


if __name__ == "__main__":
    main()

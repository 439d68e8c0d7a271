"""Throughput of spades_rules (and of OpenSpiel's ``spades`` when ``pyspiel`` is importable).

Prints medians of several repetitions, measured side by side in one run (machines here are noisy):

- random full standard hands per second: a seeded deal, random legal bids, every card (random legal play);
- ``legal_actions`` and ``apply`` median latency on mid-hand states;
- ``score_hand`` calls per second;
- random hands per second and cost per card played for every preset, as a ratio to the standard game;
- the same random-hand loop driven through OpenSpiel's Python API, and the ratio.

Run: ``python benchmarks/bench_playouts.py [--reps 7] [--hands 300] [--quick]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from spades_rules import Deal, GameState, Phase, Rules, apply, legal_actions, new_game, score_hand


def _random_hands(rules: Rules, hands: int, seed: int) -> int:
    """Play ``hands`` random hands from fresh games; returns the number of actions."""
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    game = new_game(rules)
    for _ in range(hands):
        state = apply(game, Deal.shuffled(rules, rng))
        while state.hand is not None:
            state = apply(state, choice(legal_actions(state)))
            actions += 1
    return actions


def _play_phase_seconds(rules: Rules, hands: int, seed: int) -> float:
    """Seconds spent choosing and applying plays (the PLAY phase only) over ``hands`` random hands."""
    rng = random.Random(seed)
    choice = rng.choice
    clock = time.perf_counter
    spent = 0.0
    game = new_game(rules)
    for _ in range(hands):
        state = apply(game, Deal.shuffled(rules, rng))
        while state.phase is not Phase.PLAY:
            state = apply(state, choice(legal_actions(state)))
        start = clock()
        while state.hand is not None:
            state = apply(state, choice(legal_actions(state)))
        spent += clock() - start
    return spent


def _openspiel_hands(hands: int, seed: int) -> int:
    import pyspiel

    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
            actions += 1
    return actions


def _time(run: Callable[[], Any]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def _mid_hand_states(rules: Rules, count: int, seed: int) -> list[GameState]:
    """States in the middle of the play (after six tricks, mid-trick), from random hands."""
    rng = random.Random(seed)
    states: list[GameState] = []
    while len(states) < count:
        state = apply(new_game(rules), Deal.shuffled(rules, rng))
        while (state.hand is not None and len(state.hand.completed_tricks) < 6) or (
            state.hand is not None and len(state.hand.trick_cards) != 2
        ):
            state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    return states


def _latency(states: list[GameState], loops: int) -> tuple[float, float]:
    """Median microseconds of one legal_actions call and one apply call over the given states."""
    legal_times, apply_times = [], []
    for state in states:
        action = legal_actions(state)[0]
        start = time.perf_counter()
        for _ in range(loops):
            legal_actions(state)
        legal_times.append((time.perf_counter() - start) / loops * 1e6)
        start = time.perf_counter()
        for _ in range(loops):
            apply(state, action)
        apply_times.append((time.perf_counter() - start) / loops * 1e6)
    return statistics.median(legal_times), statistics.median(apply_times)


def _score_rate(calls: int) -> float:
    rules = Rules.standard()
    sheets = [([3, 4, 0, 5], [3, 4, 1, 5]), ([2, 2, 4, 4], [3, 2, 4, 4]), ([1, 6, 3, 2], [0, 7, 3, 3])]
    start = time.perf_counter()
    for i in range(calls):
        bids, tricks = sheets[i % 3]
        score_hand(rules, bids, tricks, bags_before=[7, 2])
    return calls / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=7, help="repetitions per measurement (median reported)")
    parser.add_argument("--hands", type=int, default=300, help="random hands per repetition")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, for a smoke run")
    args = parser.parse_args()
    reps, hands = (3, 60) if args.quick else (args.reps, args.hands)

    try:
        import pyspiel  # noqa: F401

        have_openspiel = True
    except ImportError:
        have_openspiel = False

    standard = Rules.standard()
    presets = Rules.presets()
    # Steady state: the engine caches the plays of each suit pattern per seat; fill them first.
    _random_hands(standard, 200 if args.quick else 3000, 99)
    for rules in presets.values():
        _random_hands(rules, 20 if args.quick else 300, 98)
    ours, theirs = [], []
    for rep in range(reps):  # interleaved so both see the same machine load
        ours.append(hands / _time(partial(_random_hands, standard, hands, rep)))
        if have_openspiel:
            _openspiel_hands(5, rep)
            theirs.append(hands / _time(partial(_openspiel_hands, hands, rep)))
    ours_median = statistics.median(ours)
    print(f"random standard hands/s (deal + bids + 52 cards): median {ours_median:,.0f} "
          f"(min {min(ours):,.0f}, max {max(ours):,.0f}, {reps} x {hands} hands)")
    if have_openspiel:
        theirs_median = statistics.median(theirs)
        print(f"OpenSpiel spades hands/s, Python-driven:          median {theirs_median:,.0f} "
              f"(min {min(theirs):,.0f}, max {max(theirs):,.0f})")
        ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
        print(f"ratio spades_rules / OpenSpiel: median {statistics.median(ratios):.2f} "
              f"(per repetition: {', '.join(f'{r:.2f}' for r in ratios)})")
    else:
        print("OpenSpiel not importable (pip install open-spiel) - comparison skipped")

    states = _mid_hand_states(standard, 40 if args.quick else 200, 11)
    legal_us, apply_us = _latency(states, 50 if args.quick else 300)
    print(f"mid-hand latency: legal_actions median {legal_us:.2f} us, apply median {apply_us:.2f} us")
    rates = [_score_rate(5_000 if args.quick else 30_000) for _ in range(reps)]
    print(f"score_hand: median {statistics.median(rates):,.0f} calls/s")

    print()
    print("per preset: hands/s, microseconds per card played (whole hand, and the play phase alone), and the")
    print("ratio to the standard game measured in the same repetition (median over repetitions)")
    print(f"{'preset':<22}{'hands/s':>9}{'us/card':>9}{'x std':>7}{'play us/card':>14}{'x std':>7}")
    hand_seconds: dict[str, list[float]] = {name: [] for name in presets}
    play_seconds: dict[str, list[float]] = {name: [] for name in presets}
    hand_ratio: dict[str, list[float]] = {name: [] for name in presets}
    play_ratio: dict[str, list[float]] = {name: [] for name in presets}
    count = max(hands // 4, 20)
    order = random.Random(5)
    cards = {name: rules.cards_each * rules.players for name, rules in presets.items()}
    for rep in range(reps * 2):
        names = list(presets)
        order.shuffle(names)
        for name in names:
            rules = presets[name]
            base_hand = _time(partial(_random_hands, standard, count, rep)) / count / 52
            per_hand = _time(partial(_random_hands, rules, count, rep)) / count
            base_play = _play_phase_seconds(standard, count, rep) / count / 52
            per_play = _play_phase_seconds(rules, count, rep) / count
            hand_seconds[name].append(per_hand)
            play_seconds[name].append(per_play)
            hand_ratio[name].append(per_hand / cards[name] / base_hand)
            play_ratio[name].append(per_play / cards[name] / base_play)
    for name in presets:
        per_card = statistics.median(hand_seconds[name]) / cards[name] * 1e6
        play_card = statistics.median(play_seconds[name]) / cards[name] * 1e6
        print(f"{name:<22}{1 / statistics.median(hand_seconds[name]):>9,.0f}{per_card:>9.2f}"
              f"{statistics.median(hand_ratio[name]):>7.2f}{play_card:>14.2f}{statistics.median(play_ratio[name]):>7.2f}")
    print("(two_player: a hand also takes 26 draw decisions for its 26 cards, hence the whole-hand ratio)")


if __name__ == "__main__":
    main()

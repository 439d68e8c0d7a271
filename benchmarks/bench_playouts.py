"""Throughput of spades_rules (and of OpenSpiel's ``spades`` when ``pyspiel`` is importable).

Prints medians of several repetitions, measured side by side in one run (machines here are noisy):

- random full standard hands per second: a seeded deal, random legal bids, every card (random legal play);
- the same random-hand loop driven through OpenSpiel's Python API, twice: dealing by choosing among
  ``chance_outcomes()`` (the textbook loop, which spends much of its time building those lists), and dealing
  with 52 ``apply_action`` calls on a deck shuffled in Python; our ratio to each;
- median latency on mid-hand states: ``legal_actions`` when following suit and in any play situation,
  ``apply`` of a play;
- ``sample_deal`` (one world from a mid-hand view) and ``observe`` as fractions of one random hand, measured
  in the same repetitions as the hands;
- bytes kept alive per card played (tracemalloc), when every state of the play is kept (as a search tree does);
- ``score_hand`` calls per second;
- random hands per second and cost per card played for every preset, as a ratio to the standard game;
- with ``--against REVISION`` (e.g. ``--against 153dbfe``): the library at that git revision imported beside
  this one (``_revision.py``) and OpenSpiel's ``chance_outcomes()`` loop, alternated on fresh deals in the
  same repetitions: hands per second and CPU time per hand in each phase (deal, bidding, play, the last
  card, which ends and scores the hand), with the ratios.

Timings are CPU time (``time.process_time``) of this process: other processes' load slows them less than
wall time, but still does (shared caches and cores); read every figure beside the load printed with it.

Run: ``python benchmarks/bench_playouts.py [--reps 7] [--hands 300] [--quick] [--against REVISION]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import Any

import spades_rules
from spades_rules import (
    Deal,
    GameState,
    Observation,
    Phase,
    Rules,
    apply,
    legal_actions,
    new_game,
    observe,
    sample_deal,
    score_hand,
)


def _random_hands(rules: Rules, hands: int, seed: int) -> int:
    """Play ``hands`` random hands from fresh games; returns the number of actions."""
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    game = new_game(rules)
    for _ in range(hands):
        state = apply(game, Deal.shuffled(rules, rng))
        while state.in_hand:
            state = apply(state, choice(legal_actions(state)))
            actions += 1
    return actions


def _play_phase_seconds(rules: Rules, hands: int, seed: int) -> float:
    """Seconds spent choosing and applying plays (the PLAY phase only) over ``hands`` random hands."""
    rng = random.Random(seed)
    choice = rng.choice
    clock = time.process_time
    spent = 0.0
    game = new_game(rules)
    for _ in range(hands):
        state = apply(game, Deal.shuffled(rules, rng))
        while state.phase is not Phase.PLAY:
            state = apply(state, choice(legal_actions(state)))
        start = clock()
        while state.in_hand:
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


def _openspiel_hands_shuffled(hands: int, seed: int) -> int:
    """OpenSpiel's loop dealing the 52 cards with ``apply_action`` on a deck shuffled in Python."""
    import pyspiel

    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    deck = list(range(52))
    for _ in range(hands):
        state = game.new_initial_state()
        rng.shuffle(deck)
        for card in deck:
            state.apply_action(card)
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            actions += 1
    return actions


def _time(run: Callable[[], Any]) -> float:
    """CPU seconds of ``run()``."""
    start = time.process_time()
    run()
    return time.process_time() - start


def _load() -> str:
    """The machine's load averages (1, 5, 15 minutes), to print beside a figure."""
    return "load average " + ", ".join(f"{value:.2f}" for value in os.getloadavg())


def _same_loop_hands(engine: ModuleType, hands: int, seed: int) -> None:
    """``hands`` random standard hands from a new game, with the names any version of the library has."""
    rules = engine.Rules.standard()
    apply, legal_actions, shuffled = engine.apply, engine.legal_actions, engine.Deal.shuffled
    deal, over = engine.Phase.DEAL, engine.Phase.GAME_OVER
    rng = random.Random(seed)
    choice = rng.choice
    game = engine.new_game(rules)
    for _ in range(hands):
        state = apply(game, shuffled(rules, rng))
        while state.phase is not deal and state.phase is not over:
            state = apply(state, choice(legal_actions(state)))


def _phase_seconds(engine: ModuleType, hands: int, seed: int) -> list[float]:
    """CPU seconds per hand in the deal (``Deal.shuffled`` and its ``apply``), the bidding, the play before the
    last card and the last card (which ends and scores the hand), over the loop of :func:`_same_loop_hands`."""
    rules = engine.Rules.standard()
    apply, legal_actions, shuffled = engine.apply, engine.legal_actions, engine.Deal.shuffled
    play, clock = engine.Phase.PLAY, time.process_time
    rng = random.Random(seed)
    choice = rng.choice
    game = engine.new_game(rules)
    spent = [0.0] * 4
    for _ in range(hands):
        start = clock()
        state = apply(game, shuffled(rules, rng))
        dealt = clock()
        while state.phase is not play:
            state = apply(state, choice(legal_actions(state)))
        bid = clock()
        for _ in range(51):
            state = apply(state, choice(legal_actions(state)))
        played = clock()
        state = apply(state, choice(legal_actions(state)))
        ended = clock()
        spent[0] += dealt - start
        spent[1] += bid - dealt
        spent[2] += played - bid
        spent[3] += ended - played
    return [seconds / hands for seconds in spent]


def _against(revision: str, reps: int, hands: int, have_openspiel: bool) -> None:
    """This library beside itself at ``revision`` (and OpenSpiel), alternated on fresh deals in one process."""
    from _revision import import_revision

    try:
        old = import_revision(revision)
    except (OSError, subprocess.CalledProcessError, ImportError) as error:  # no git, or not that revision
        print(f"--against {revision}: could not import that revision ({error}) - comparison skipped")
        return
    engines = {"this": spades_rules, revision: old}
    for engine in engines.values():  # steady state: the caches of both warm
        _same_loop_hands(engine, 3000 if reps > 3 else 300, 99)
    rates: dict[str, list[float]] = {name: [] for name in (*engines, "OpenSpiel")}
    phases: dict[str, list[list[float]]] = {name: [] for name in engines}
    for rep in range(reps):
        seed = 10_000 + rep  # fresh deals each repetition, the same for every engine
        names = list(engines) if rep % 2 == 0 else list(reversed(engines))
        for name in names:
            rates[name].append(hands / _time(partial(_same_loop_hands, engines[name], hands, seed)))
            phases[name].append(_phase_seconds(engines[name], hands, seed))
        if have_openspiel:
            rates["OpenSpiel"].append(hands / _time(partial(_openspiel_hands, hands, seed)))
    print()
    print(f"side by side with {revision} ({old.__name__}), the same loop, alternated, {reps} x {hands} fresh "
          f"hands, CPU time, medians ({_load()}):")
    print(f"{'':<14}{'hands/s':>9}{'deal us':>9}{'bid us':>8}{'play us':>9}{'end us':>8}")
    for name in engines:
        per_phase = [statistics.median(column) * 1e6 for column in zip(*phases[name], strict=True)]
        print(f"{name:<14}{statistics.median(rates[name]):>9,.0f}" + "".join(
            f"{value:>{width}.1f}" for value, width in zip(per_phase, (9, 8, 9, 8), strict=True)))
    ratios = [a / b for a, b in zip(rates["this"], rates[revision], strict=True)]
    print(f"this / {revision}: median {statistics.median(ratios):.2f} (per repetition: "
          f"{', '.join(f'{r:.2f}' for r in ratios)})")
    if have_openspiel:
        for name in engines:
            ratios = [a / b for a, b in zip(rates[name], rates["OpenSpiel"], strict=True)]
            print(f"{name} / OpenSpiel (chance_outcomes() loop, median {statistics.median(rates['OpenSpiel']):,.0f} "
                  f"hands/s): median {statistics.median(ratios):.2f} (per repetition: "
                  f"{', '.join(f'{r:.2f}' for r in ratios)})")


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


def _play_states(rules: Rules, count: int, seed: int) -> list[GameState]:
    """States at random moments of the play (any trick, any position in it), from random hands."""
    rng = random.Random(seed)
    states: list[GameState] = []
    while len(states) < count:
        state = apply(new_game(rules), Deal.shuffled(rules, rng))
        stop = rng.randrange(rules.cards_each * rules.players)
        while state.phase is not Phase.PLAY:
            state = apply(state, rng.choice(legal_actions(state)))
        for _ in range(stop):
            state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    return states


def _following(state: GameState) -> bool:
    """Whether the seat to play must follow the suit led (it holds a card of that suit)."""
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    if not hand.trick_cards:
        return False
    led = state.rules.effective_suit(hand.trick_cards[0])
    return any(state.rules.effective_suit(card) == led for card in hand.hand_of(hand.to_act))


def _per_call(run: Callable[[], Any], loops: int) -> float:
    """Microseconds per call of ``run``, over ``loops`` calls."""
    start = time.process_time()
    for _ in range(loops):
        run()
    return (time.process_time() - start) / loops * 1e6


def _latency(states: list[GameState], loops: int) -> tuple[float, float, float]:
    """Median microseconds of ``legal_actions`` while following suit, ``legal_actions`` in any play
    situation, and ``apply`` of a play, over the given play-phase states."""
    follow_times, legal_times, apply_times = [], [], []
    for state in states:
        action = legal_actions(state)[0]
        legal = _per_call(partial(legal_actions, state), loops)
        legal_times.append(legal)
        if _following(state):
            follow_times.append(legal)
        apply_times.append(_per_call(partial(apply, state, action), loops))
    return statistics.median(follow_times), statistics.median(legal_times), statistics.median(apply_times)


def _views(states: list[GameState]) -> list[Observation]:
    return [observe(state, state.to_act or 0) for state in states]


def _observe_all(states: list[GameState]) -> None:
    for state in states:
        observe(state, state.to_act or 0)


def _sample_all(views: list[Observation], seed: int) -> None:
    rng = random.Random(seed)
    for view in views:
        sample_deal(view, rng)


def _bytes_per_card(rules: Rules, hands: int, seed: int) -> float:
    """Bytes kept alive per card played when every state of random hands (from the deal on: bids and
    plays) is kept, as a search tree does; measured with tracemalloc after the engine's caches are warm.
    The deals and the random draws are made before measuring (they are inputs)."""
    rng = random.Random(seed)
    game = new_game(rules)
    deals = [Deal.shuffled(rules, rng) for _ in range(hands)]
    draws = [rng.random() for _ in range(hands * 80)]
    kept: list[GameState] = []
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    at = 0
    for deal in deals:
        state = apply(game, deal)
        kept.append(state)
        while state.in_hand:
            actions = legal_actions(state)
            state = apply(state, actions[int(draws[at] * len(actions))])
            at += 1
            kept.append(state)
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    cards = hands * rules.cards_each * rules.players
    return (grown - 8 * len(kept)) / cards  # not counting the list that keeps them


def _score_rate(calls: int) -> float:
    rules = Rules.standard()
    sheets = [([3, 4, 0, 5], [3, 4, 1, 5]), ([2, 2, 4, 4], [3, 2, 4, 4]), ([1, 6, 3, 2], [0, 7, 3, 3])]
    start = time.process_time()
    for i in range(calls):
        bids, tricks = sheets[i % 3]
        score_hand(rules, bids, tricks, bags_before=[7, 2])
    return calls / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--reps", type=int, default=7, help="repetitions per measurement (median reported)")
    parser.add_argument("--hands", type=int, default=300, help="random hands per repetition")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, for a smoke run")
    parser.add_argument("--against", metavar="REVISION",
                        help="also run the library at this git revision beside this one (e.g. 153dbfe)")
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
    views = _views(_mid_hand_states(standard, 20 if args.quick else 100, 12))
    play_states = _play_states(standard, 20 if args.quick else 100, 13)
    ours, theirs, theirs_shuffled, sample_share, observe_share = [], [], [], [], []
    for rep in range(reps):  # interleaved so that all of them see the same machine load
        seconds_per_hand = _time(partial(_random_hands, standard, hands, rep)) / hands
        ours.append(1 / seconds_per_hand)
        sample_share.append(_time(partial(_sample_all, views, rep)) / len(views) / seconds_per_hand)
        observe_share.append(_time(partial(_observe_all, play_states)) / len(play_states) / seconds_per_hand)
        if have_openspiel:
            _openspiel_hands(5, rep)
            theirs.append(hands / _time(partial(_openspiel_hands, hands, rep)))
            theirs_shuffled.append(hands / _time(partial(_openspiel_hands_shuffled, hands, rep)))
    ours_median = statistics.median(ours)
    print(f"random standard hands/s (deal + bids + 52 cards): median {ours_median:,.0f} "
          f"(min {min(ours):,.0f}, max {max(ours):,.0f}, {reps} x {hands} hands; CPU time, {_load()})")
    if have_openspiel:
        for label, figures in (("chance_outcomes() deal", theirs), ("shuffled-deck deal   ", theirs_shuffled)):
            ratios = [a / b for a, b in zip(ours, figures, strict=True)]
            print(f"OpenSpiel, Python-driven, {label}: median {statistics.median(figures):,.0f} hands/s; "
                  f"ratio spades_rules / OpenSpiel median {statistics.median(ratios):.2f} "
                  f"(per repetition: {', '.join(f'{r:.2f}' for r in ratios)})")
    else:
        print("OpenSpiel not importable (pip install open-spiel) - comparison skipped")
    print(f"sample_deal (mid-hand view): median {statistics.median(sample_share):.3f} of a random hand; "
          f"observe: median {statistics.median(observe_share):.4f} of a random hand")

    follow_us, legal_us, apply_us = _latency(play_states, 50 if args.quick else 300)
    print(f"play-phase latency (median): legal_actions {follow_us:.2f} us following suit, {legal_us:.2f} us "
          f"in any play situation; apply(Play) {apply_us:.2f} us ({_load()})")
    print(f"memory: {_bytes_per_card(standard, 10 if args.quick else 40, 3):,.0f} bytes kept alive per card played "
          "(every state of the hands kept)")
    if args.against:
        _against(args.against, reps, hands, have_openspiel)
        print()
    rates = [_score_rate(5_000 if args.quick else 30_000) for _ in range(reps)]
    print(f"score_hand: median {statistics.median(rates):,.0f} calls/s")

    print()
    print("per preset: hands/s, microseconds per card played (whole hand, and the play phase alone), microseconds")
    print("per action (deal, draws, bids, exchanges, plays), and each as a ratio to the standard game measured in")
    print("the same repetition (median over repetitions)")
    print(f"{'preset':<22}{'hands/s':>9}{'us/card':>9}{'x std':>7}{'play us/card':>14}{'x std':>7}"
          f"{'us/action':>11}{'x std':>7}")
    hand_seconds: dict[str, list[float]] = {name: [] for name in presets}
    play_seconds: dict[str, list[float]] = {name: [] for name in presets}
    hand_ratio: dict[str, list[float]] = {name: [] for name in presets}
    play_ratio: dict[str, list[float]] = {name: [] for name in presets}
    action_seconds: dict[str, list[float]] = {name: [] for name in presets}
    action_ratio: dict[str, list[float]] = {name: [] for name in presets}
    count = max(hands // 4, 20)
    order = random.Random(5)
    cards = {name: rules.cards_each * rules.players for name, rules in presets.items()}
    for rep in range(reps * 2):
        names = list(presets)
        order.shuffle(names)
        for name in names:
            rules = presets[name]
            base_actions = _random_hands(standard, count, rep) + count  # the deals count as actions too
            base_seconds = _time(partial(_random_hands, standard, count, rep))
            actions = _random_hands(rules, count, rep) + count
            seconds = _time(partial(_random_hands, rules, count, rep))
            base_hand = base_seconds / count / 52
            per_hand = seconds / count
            base_play = _play_phase_seconds(standard, count, rep) / count / 52
            per_play = _play_phase_seconds(rules, count, rep) / count
            hand_seconds[name].append(per_hand)
            play_seconds[name].append(per_play)
            hand_ratio[name].append(per_hand / cards[name] / base_hand)
            play_ratio[name].append(per_play / cards[name] / base_play)
            action_seconds[name].append(seconds / actions)
            action_ratio[name].append((seconds / actions) / (base_seconds / base_actions))
    for name in presets:
        per_card = statistics.median(hand_seconds[name]) / cards[name] * 1e6
        play_card = statistics.median(play_seconds[name]) / cards[name] * 1e6
        print(f"{name:<22}{1 / statistics.median(hand_seconds[name]):>9,.0f}{per_card:>9.2f}"
              f"{statistics.median(hand_ratio[name]):>7.2f}{play_card:>14.2f}{statistics.median(play_ratio[name]):>7.2f}"
              f"{statistics.median(action_seconds[name]) * 1e6:>11.2f}{statistics.median(action_ratio[name]):>7.2f}")
    print("(two_player: a hand also takes 26 draw decisions for its 26 cards, hence the whole-hand ratio per card;")
    print(" its tricks have two cards, so the end-of-trick work comes twice as often per card played)")


if __name__ == "__main__":
    main()

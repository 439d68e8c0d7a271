"""Random games shared by the codec, records and value-semantics tests."""

from __future__ import annotations

import random

from spades_rules import Deal, GameState, Rules, apply, legal_actions, new_game


def random_game(rules: Rules, seed: int, *, dealer: int = 0) -> list[GameState]:
    """Every state of a random game of at most two hands. One action in five is the last legal one, so
    that blind nils and redeals (listed last in the bid phase) come up often."""
    rng = random.Random(seed)
    state = new_game(rules.evolve(max_hands=2), dealer=dealer)
    states = [state]
    while not state.is_over:
        if state.is_chance:
            state = apply(state, Deal.shuffled(state.rules, rng))
        else:
            legal = legal_actions(state)
            state = apply(state, rng.choice(legal) if rng.random() < 0.8 else legal[-1])
        states.append(state)
    return states

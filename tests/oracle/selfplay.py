"""The model playing alone: random decks, the differential's way of choosing, and the checks that need no
library (a seat to act always has a legal action, every hand scores, every game ends).

It runs the house rules before the library has them, so that the model's reading of them is exercised
(and any combination that would strand a seat is found) ahead of the differential.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from oracle.actions import Bid
from oracle.deck import deck
from oracle.game import OracleGame
from oracle.options import Options
from oracle.policy import choose, starting_scores
from oracle.views import view_of


def play_alone(options: Options, seed: int, *, max_hands: int = 4) -> Counter[str]:
    """One seeded game of the model alone; returns counts of what happened. ``AssertionError`` when a seat
    is left without a legal action or the game does not end."""
    rng, seen = random.Random(seed), Counter[str]()
    if options.max_hands is None or options.max_hands > max_hands:
        options = replace(options, max_hands=rng.randint(1, max_hands))
    scores = starting_scores(rng, options.num_sides, options.target_score, options.losing_score)
    game = OracleGame(options, dealer=rng.randrange(options.players), scores=scores)
    for _ in range(100_000):
        if game.is_over:
            break
        if game.phase == "deal":
            cards = list(deck(options))
            rng.shuffle(cards)
            game.deal(cards)
            continue
        legal = game.legal()
        seat = game.to_act()
        assert seat is not None and legal, f"seat {seat} has no legal action in the {game.phase} phase: {options}"
        assert len(set(legal)) == len(legal), "an action is listed twice"
        for other in range(options.players):
            view_of(game, other)
        action = choose(rng, legal)
        seen[type(action).__name__] += 1
        if isinstance(action, Bid) and action.blind:
            seen["blind nil" if action.is_nil else "blind bid"] += 1
        hands = len(game.results)
        game.apply(action)
        if len(game.results) > hands:
            seen["hands"] += 1
            for line in game.results[-1].lines:
                seen["moons"] += line.moon
                seen["sets"] += line.made is False
    else:
        raise AssertionError(f"the game did not end: {options}")
    seen["games"] += 1
    return seen

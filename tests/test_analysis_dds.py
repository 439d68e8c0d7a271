"""The double-dummy solver against Bo Haglund's DDS (through ``endplay``, the ``dds`` extra), where Spades is
bridge with spades trump (``spade_lead="anytime"``, four seats, the 52 cards): every legal card's value on
random positions, whole deals and positions after 1-12 tricks with cards already in the current trick.

The default run checks a few hundred positions (the nox session ``dds``); ``SPADES_FUZZ=1`` checks 20,000,
``SPADES_DDS_POSITIONS=N`` any number (``benchmarks/bench_analysis.py --agreement N`` reports the same count
with timings), from the seed ``SPADES_DDS_START`` on (0 by default: a long run can be split in parts)."""

from __future__ import annotations

import os
import random

import pytest

pytest.importorskip("endplay")

from _minimax import play_position, to_play
from spades_rules import Deal, GameState, Rules, apply, new_game
from spades_rules.analysis import card_values, solve

RULES = Rules.standard().evolve(spade_lead="anytime")
FUZZ = os.environ.get("SPADES_FUZZ") == "1"
POSITIONS = int(os.environ.get("SPADES_DDS_POSITIONS", "20000" if FUZZ else "300"))
START = int(os.environ.get("SPADES_DDS_START", "0"))
MOST_LEFT = 13 if FUZZ or "SPADES_DDS_POSITIONS" in os.environ else 8
"""Whole deals take the pure solver seconds each: the default run keeps to eight tricks left."""


def _position(seed: int) -> GameState:
    rng = random.Random(seed)
    state = to_play(apply(new_game(RULES, dealer=seed % 4), Deal.shuffled(RULES, rng)), rng)
    left = rng.randint(1, MOST_LEFT)
    return play_position(state, rng, (13 - left) * 4 + rng.randrange(4))


def test_pure_solver_agrees_with_dds() -> None:
    """Every legal card's value, and the position's value, equal DDS's on random positions."""
    checked = 0
    for seed in range(START, START + POSITIONS):
        state = _position(seed)
        dds = card_values(state, backend="dds")
        assert card_values(state, backend="python") == dds, seed
        assert solve(state, backend="python") == solve(state, backend="dds"), seed
        checked += 1
    assert checked == POSITIONS


def test_auto_takes_dds_where_it_applies() -> None:
    """The fast path gives the pure solver's numbers, and a standard game reaches it once spades break."""
    standard = Rules.standard()
    rng = random.Random(4)
    state = to_play(apply(new_game(standard), Deal.shuffled(standard, rng)), rng)
    while state.hand is not None and not state.hand.spades_broken:
        state = play_position(state, rng, 1)
    state = play_position(state, rng, (4 - len(state.hand.trick_cards)) % 4 + 4 * 4)  # type: ignore[union-attr]
    assert card_values(state) == card_values(state, backend="python") == card_values(state, backend="dds")

"""The built-in bots: legal choices in every preset, views only, seeds, whole games and the backstop."""

from __future__ import annotations

import pytest

from spades_rules import Phase, Rules, legal_actions, observe
from spades_rules.bots import HeuristicBot, RandomBot, iter_game, play_game
from spades_rules.errors import ArgumentTypeError, RulesError


@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_heuristic_bots_only_choose_legal_actions_in_every_preset(name: str) -> None:
    rules = Rules.preset(name).evolve(max_hands=2)
    bots = [HeuristicBot(seat) for seat in range(rules.players)]
    final = None
    for before, action, after in iter_game(rules, bots, seed=5):
        if before.phase is not Phase.DEAL:
            assert action in legal_actions(before)
        final = after
    assert final is not None and final.is_over and final.hands_played == 2


def test_bots_decide_from_the_view_alone() -> None:
    rules = Rules.standard()
    for before, action, _ in iter_game(rules, [HeuristicBot(s) for s in range(4)], seed=2):
        if before.phase is Phase.DEAL or before.hands_played:
            break
        seat = before.to_act
        assert seat is not None
        assert HeuristicBot(seat).decide(observe(before, seat)) == action


def test_random_bot_is_reproducible_for_a_seed() -> None:
    rules = Rules.standard().evolve(max_hands=1)
    first = play_game(rules, [RandomBot(s) for s in range(4)], seed=9)
    second = play_game(rules, [RandomBot(s) for s in range(4)], seed=9)
    assert first == second and first.history == second.history


def test_heuristic_game_reaches_the_target() -> None:
    final = play_game(Rules.standard(), [HeuristicBot(s) for s in range(4)], seed=1)
    assert final.is_over and final.winner is not None
    assert max(final.scores) >= 500
    assert final.scores == tuple(sum(r.totals[side] for r in final.results) for side in range(2))


def test_play_game_needs_one_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="expected 4 bots"):
        play_game(Rules.standard(), [RandomBot(0)], seed=1)


def test_random_bot_acts_only_for_the_seat_to_act() -> None:
    rules = Rules.standard().evolve(redeal_on=("one_or_no_spades",), max_hands=3)
    for before, action, _ in iter_game(rules, [RandomBot(s) for s in range(4)], seed=11):
        if before.phase is not Phase.DEAL:
            assert getattr(action, "seat", None) == before.to_act


def test_play_game_ends_a_game_the_rules_would_never_end() -> None:
    """Random bots under standard rules (no losing score) keep getting set and never reach 500: the
    backstop ends the game, and None removes it only on request."""
    final = play_game(Rules.standard(), [RandomBot(s) for s in range(4)], seed=0, max_hands=25)
    assert final.is_over and final.hands_played == 25 and final.rules.max_hands == 25
    assert final.scores[0] != final.scores[1] or final.winner is None
    assert play_game(Rules.standard().evolve(max_hands=2), [RandomBot(s) for s in range(4)], seed=0).hands_played == 2
    with pytest.raises(RulesError, match="would be ignored"):  # the rules' own limit is not overridden silently
        play_game(Rules.standard().evolve(max_hands=10), [RandomBot(s) for s in range(4)], seed=1, max_hands=3)
    with pytest.raises(RulesError):
        play_game(Rules.standard(), [RandomBot(s) for s in range(4)], max_hands=0)
    with pytest.raises(ArgumentTypeError):
        play_game(Rules.standard(), [RandomBot(s) for s in range(4)], max_hands="9")  # type: ignore[arg-type]

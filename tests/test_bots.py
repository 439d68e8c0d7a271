"""The built-in bots: legal choices in every preset, views only, seeds, whole games and the backstop."""

from __future__ import annotations

from typing import Any

import pytest

from spades_rules import Bid, Deal, Exchange, Phase, Play, Rules, apply, legal_actions, new_game, observe
from spades_rules.bots import BUILTIN_BOTS, HeuristicBot, RandomBot, SearchBot, _distinct_plays, iter_game, play_game
from spades_rules.errors import ArgumentTypeError, RulesError
from spades_rules.simulation import run_match


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


# ------------------------------------------------------------------------------------ the search bot
def _small_search(seed: int) -> SearchBot:
    """A search bot on a small budget: the tests check what it does, not how well."""
    return SearchBot(seed, rollouts=6, min_worlds=1, max_worlds=2, bid_worlds=2)


@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_search_bots_play_whole_games_of_every_preset(name: str) -> None:
    rules = Rules.preset(name).evolve(max_hands=2)  # the last hand of a game ends the playouts too
    bots = [_small_search(seat) if seat % 2 == 0 else HeuristicBot(seat) for seat in range(rules.players)]
    for before, action, _ in iter_game(rules, bots, seed=len(name)):
        if before.to_act is not None:
            assert action in legal_actions(before)
    searchers = [bot for bot in bots if isinstance(bot, SearchBot)]
    assert sum(bot.decisions for bot in searchers) > 0


@pytest.mark.parametrize("blind_nil_always", [False, True])
def test_search_playouts_end_at_every_end_of_a_hand(blind_nil_always: bool) -> None:
    rules = Rules.standard().evolve(max_hands=1, target_score=50, losing_score=-50)
    if blind_nil_always:  # exchanges inside the playouts
        rules = rules.evolve(blind_nil_deficit=None)
    for seed in range(3):
        final = play_game(rules, [_small_search(seed * 4 + seat) for seat in range(4)], seed=seed)
        assert final.is_over


@pytest.mark.parametrize(("nil_exchange", "blind_nil_exchange"), [(1, 2), (3, 0)])
def test_search_playouts_pass_a_plain_nils_own_number_of_cards(nil_exchange: int, blind_nil_exchange: int) -> None:
    """The playouts pass the exchange's own size: after a plain nil ``nil_exchange``, not the blind nil's."""
    rules = Rules.standard().evolve(max_hands=1, nil_exchange=nil_exchange, blind_nil_exchange=blind_nil_exchange)
    exchanges = 0
    for seed in range(4):
        for before, action, _ in iter_game(rules, [_small_search(seed * 4 + seat) for seat in range(4)], seed=seed):
            if isinstance(action, Exchange):
                assert len(action.cards) == nil_exchange and action in legal_actions(before)
                exchanges += 1
    assert exchanges > 0


def test_search_bot_is_reproducible_and_decides_from_the_view() -> None:
    rules = Rules.jokers()
    first = play_game(rules.evolve(max_hands=1), [_small_search(seat) for seat in range(4)], seed=3)
    again = play_game(rules.evolve(max_hands=1), [_small_search(seat) for seat in range(4)], seed=3)
    assert first == again
    state = first
    for before, _, _ in iter_game(rules.evolve(max_hands=1), [HeuristicBot(seat) for seat in range(4)], seed=4):
        if before.phase is Phase.PLAY and len(legal_actions(before)) > 2:
            state = before
            break
    seat = state.to_act
    assert seat is not None
    assert _small_search(9).choose(state) == _small_search(9).decide(observe(state, seat))


def test_search_bot_time_limit_bounds_a_decision() -> None:
    rules = Rules.standard()
    bot = SearchBot(1, rollouts=10_000, max_worlds=10_000, min_worlds=1, time_limit=0.02)
    play_game(rules.evolve(max_hands=1), [bot, HeuristicBot(1), HeuristicBot(2), HeuristicBot(3)], seed=5)
    assert bot.decisions > 5
    assert bot.max_cpu_seconds < 0.5  # the limit, plus one world of playouts, on a busy machine
    assert bot.cpu_seconds / bot.decisions < 0.1


def test_search_bot_refuses_bad_budgets() -> None:
    refused: list[dict[str, Any]] = [{"rollouts": 0}, {"min_worlds": 5, "max_worlds": 4}, {"time_limit": 0},
                                     {"time_limit": "1"}, {"bid_worlds": 1.5}, {"win_bonus": -1}]
    for kwargs in refused:
        with pytest.raises(RulesError):
            SearchBot(0, **kwargs)
    for seed in (True, 1.5, [0]):
        with pytest.raises(ArgumentTypeError, match="seed"):
            SearchBot(seed)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        SearchBot().decide(None)  # type: ignore[arg-type]


def test_search_is_a_built_in_bot() -> None:
    assert BUILTIN_BOTS["search"] is SearchBot
    result = run_match(Rules.standard().evolve(max_hands=1), ["search", "heuristic"], games=1, seed=1)
    assert result.games == 1 and result.bot("search").games == 1


def test_search_tries_one_card_of_each_set_of_equivalent_cards() -> None:
    rules = Rules.standard()
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "KH QH JH 5H 4H AC KC 9C 8C 2C AD 3D 2D",
        "AH TH 9H 8H 7H 6H 3H 2H QC JC TC 7C 6C",
        "5C 4C 3C KD QD JD TD 9D 8D 7D 6D 5D 4D",
    ]
    state = apply(new_game(rules), Deal.from_hands(rules, 0, hands))
    for bid in (Bid(1, 3), Bid(2, 2), Bid(3, 2), Bid(0, 6)):
        state = apply(state, bid)
    view = observe(state, 1)
    plays = [action for action in view.legal_actions if isinstance(action, Play)]
    assert len(plays) == 13
    chosen = _distinct_plays(view, plays, Play(1, "KC"))
    # hearts KQJ and 54, clubs AK, 98 and 2, diamonds A and 32: the heuristic's KC stands for AC-KC
    assert sorted(str(play.card) for play in chosen) == sorted(["JH", "4H", "KC", "8C", "2C", "AD", "2D"])
    state = apply(apply(state, Play(1, "5H")), Play(2, "6H"))
    state = apply(apply(state, Play(3, "3C")), Play(0, "2S"))  # seat 0 trumps, and leads from all spades
    view = observe(state, 0)
    spades = [action for action in legal_actions(state) if isinstance(action, Play)]
    assert [str(play.card) for play in _distinct_plays(view, spades, Play(0, "AS"))] == ["AS"]

"""What is built on the double-dummy solver: analyse over sampled worlds, the hand review (and the command
line's ``analyse``), and the double-dummy bot (its budget, its view-only decisions, its names)."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from _minimax import play_position, to_play
from spades_rules import (
    AnalysisError,
    ArgumentTypeError,
    Deal,
    GameState,
    Phase,
    Play,
    Rules,
    apply,
    dumps,
    legal_actions,
    new_game,
    observe,
)
from spades_rules.analysis import analyse, card_values, review_hand, solve
from spades_rules.bots import BUILTIN_BOTS, DoubleDummyBot, HeuristicBot, play_game
from spades_rules.cli import main
from spades_rules.simulation import run_match

ANYTIME = Rules.standard().evolve(spade_lead="anytime")


def _position(rules: Rules, seed: int, tricks_left: int) -> GameState:
    rng = random.Random(seed)
    state = to_play(apply(new_game(rules), Deal.shuffled(rules, rng)), rng)
    return play_position(state, rng, (rules.tables.cards_each - tricks_left) * rules.tables.players + seed % 4)


# ---------------------------------------------------------------------------------------- analyse
def test_analyse_reports_every_legal_card_over_the_worlds() -> None:
    state = _position(Rules.standard(), 1, 4)
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    result = analyse(view, worlds=6, seed=3)
    assert result.worlds == 6 and result.seat == state.to_act
    assert [card.play for card in result.cards] == list(view.legal_actions)
    for card in result.cards:
        assert len(card.tricks) == 6 and all(0 <= tricks <= 4 for tricks in card.tricks)
        assert 0 <= card.best_share <= 1
    assert sum(1 for card in result.cards if card.best_count) >= 1
    assert result[result.best].mean_tricks == max(card.mean_tricks for card in result.cards)
    assert analyse(view, worlds=6, seed=3) == result  # seeded: the same worlds


def test_analyse_of_a_view_that_hides_nothing_is_card_values() -> None:
    """With one trick left every world is the real one: the means are card_values' numbers."""
    state = _position(ANYTIME, 2, 1)
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    result = analyse(view, worlds=3, seed=1)
    assert {card.play: card.mean_tricks for card in result.cards} == card_values(state)


def test_analyse_refuses_what_it_cannot_take() -> None:
    state = _position(Rules.standard(), 3, 3)
    to_act = state.to_act
    assert to_act is not None
    view = observe(state, to_act)
    with pytest.raises(AnalysisError, match="worlds must be an integer from 1 to 10000, not 0"):
        analyse(view, worlds=0)
    with pytest.raises(AnalysisError, match="use card_values"):
        analyse(state)  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="does not play now"):
        analyse(observe(state, (to_act + 1) % 4))
    with pytest.raises(AnalysisError, match="unknown backend"):
        analyse(view, backend="gpu")
    with pytest.raises(ArgumentTypeError, match="needs an Observation"):
        analyse("view")  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="is not one of the analysed cards"):
        analyse(view, worlds=1)[Play(to_act, "BJ")]


# ---------------------------------------------------------------------------------------- the review
def _finished_hand(rules: Rules, seed: int) -> GameState:
    return play_game(rules.evolve(max_hands=1), [HeuristicBot(seat) for seat in range(rules.players)], seed=seed)


def test_review_values_every_play_with_card_values() -> None:
    final = _finished_hand(ANYTIME, 4)
    review = review_hand(final, most_tricks=5)
    assert len(review.plays) == 52 and review.hand == 0 and review.start is None
    solved = [play for play in review.plays if play.tricks is not None]
    assert len(solved) == 20  # the last five tricks
    for play in solved:
        assert play.best is not None and play.tricks is not None
        assert 0 <= play.tricks <= play.best <= play.tricks_left
        assert (play.cost == 0) == (play.play in play.best_plays)
    assert sum(review.costs()) == sum(play.cost or 0 for play in solved)
    assert "cost per seat" in review.render()


def test_review_of_a_bad_play_names_its_cost_and_the_start_beside_the_bids() -> None:
    """A hand of small positions played with the worst card every time: each play's cost is the gap
    card_values shows, and the start of play is solved."""
    rules = ANYTIME.evolve(removed_cards=tuple(
        card for card in Rules.standard().tables.deck if card.rank < 10))  # 20 cards: five tricks
    rng = random.Random(6)
    state = to_play(apply(new_game(rules), Deal.shuffled(rules, rng)), rng)
    start = state
    expected = []
    while state.phase is Phase.PLAY:
        values = card_values(state)
        worst = min(values, key=values.__getitem__)
        expected.append(max(values.values()) - values[worst])
        state = apply(state, worst)
    review = review_hand(state)
    assert [play.cost for play in review.plays] == expected
    assert review.start == solve(start)
    assert review.bids == start.hand.bids  # type: ignore[union-attr]
    assert review_hand(dumps(state)) == review  # a text record reviews the same


def test_review_refuses_what_it_cannot_take() -> None:
    with pytest.raises(AnalysisError, match="no card has been played"):
        review_hand(new_game(Rules.standard()))
    final = _finished_hand(ANYTIME, 5)
    with pytest.raises(AnalysisError, match="no hand 3"):
        review_hand(final, hand=3, most_tricks=1)
    with pytest.raises(AnalysisError, match="most_tricks must be"):
        review_hand(final, most_tricks=-1)
    with pytest.raises(ArgumentTypeError, match="needs a GameState or a record"):
        review_hand(3)  # type: ignore[arg-type]


def test_the_command_line_reviews_a_record(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(dumps(_finished_hand(ANYTIME, 7)), encoding="utf-8")
    out = io.StringIO()
    assert main(["analyse", str(record), "--tricks", "4"], out=out) == 0
    text = out.getvalue()
    assert text.startswith("Hand 1 (dealer 0): bids") and "not solved: 13 tricks left" in text
    assert text.count(" of 4") >= 4 and "cost per seat:" in text
    assert main(["analyse", str(record), "--hand", "2"], out=io.StringIO()) == 2


# ---------------------------------------------------------------------------------------- the bot
def test_double_dummy_bot_plays_legally_from_its_view() -> None:
    state = _position(ANYTIME, 8, 5)
    seat = state.to_act
    assert seat is not None
    bot = DoubleDummyBot(seed=1, worlds=4)
    play = bot.decide(observe(state, seat))
    assert play in legal_actions(state)
    assert DoubleDummyBot(seed=1, worlds=4).choose(state) == play  # choose decides from the same view
    assert bot.decisions == 1 and bot.cpu_seconds > 0


def test_double_dummy_bot_plays_near_the_best_card() -> None:
    """With two tricks left, its card is at most a trick below the best one in the real world (the worlds
    it samples may place the unseen cards otherwise)."""
    for seed in range(4):
        state = _position(ANYTIME, 20 + seed, 2)
        seat = state.to_act
        assert seat is not None
        values = card_values(state)
        play = DoubleDummyBot(seed=seed, worlds=6).decide(observe(state, seat))
        assert isinstance(play, Play)
        if len(values) > 1:
            assert values[play] >= max(values.values()) - 1  # sampled worlds may differ from the real one


def test_double_dummy_bot_budget_and_names() -> None:
    with pytest.raises(AnalysisError, match="worlds must be an integer from 1 to 10000, not 0"):
        DoubleDummyBot(worlds=0)
    with pytest.raises(AnalysisError, match="time_limit"):
        DoubleDummyBot(time_limit=0)
    with pytest.raises(AnalysisError, match="exact_tricks"):
        DoubleDummyBot(exact_tricks=-1)
    assert BUILTIN_BOTS["double_dummy"] is DoubleDummyBot
    summary = run_match(Rules.standard().evolve(max_hands=1), ["double_dummy", "heuristic"], games=1, seed=2)
    assert summary.games == 1

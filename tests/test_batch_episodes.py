"""Batches that end, and their rewards: the backstop that stops whole games (``truncated``), every seat's
reward of a step (``rewards``), the final scores and the final observation of a game. Agreement of each
with the scalar engine is checked decision by decision in ``test_batch_differential.py``."""

from __future__ import annotations

import os

import pytest

np = pytest.importorskip("numpy")

from spades_rules import Rules, RulesError  # noqa: E402
from spades_rules.batch import BatchGame  # noqa: E402
from spades_rules.bots import GAME_BACKSTOP  # noqa: E402
from spades_rules.errors import ArgumentTypeError  # noqa: E402

FUZZ = bool(os.environ.get("SPADES_FUZZ"))
ROWS = 4096 if FUZZ else 1024
PRESETS = sorted(Rules.presets())


def _play_until_every_row_ended(games: BatchGame, limit: int) -> tuple[int, int, int]:
    """Step at random until every row's first game has ended: (steps, games finished, games truncated)."""
    ended = np.zeros(games.n, dtype=bool)
    steps = finished = truncated = 0
    while not ended.all():
        assert steps < limit, f"{int((~ended).sum())} rows still playing after {steps} steps"
        games.step(games.random_actions())
        steps += 1
        assert not (games.game_done & games.truncated).any()
        assert (games.hands_played <= games.backstop).all()
        finished += int(games.game_done[~ended].sum())
        truncated += int(games.truncated[~ended].sum())
        ended |= games.game_done | games.truncated
    return steps, finished, truncated


@pytest.mark.parametrize("name", PRESETS)
def test_every_whole_game_ends_within_the_backstop_under_random_play(name: str) -> None:
    """1,024 rows of every preset, random actions: each row's game ends, by its rules or at the backstop,
    within the decisions that ``backstop`` hands can take."""
    rules = Rules.preset(name)
    games = BatchGame(rules, ROWS, seed=len(name), episode="game", record=False)
    assert games.backstop == GAME_BACKSTOP
    per_hand = len(rules.deck) + 4 * rules.players + 8  # the draw, the bids, the exchanges, the plays
    _, finished, truncated = _play_until_every_row_ended(games, GAME_BACKSTOP * per_hand)
    assert finished + truncated == ROWS


@pytest.mark.parametrize("backstop", [1, 3] + ([7, 40] if FUZZ else []))
def test_a_game_its_rules_do_not_end_is_truncated_at_the_backstop_exactly(backstop: int) -> None:
    games = BatchGame(Rules.standard(), 256, seed=backstop, episode="game", record=False, backstop=backstop)
    hands = np.zeros(256, dtype=np.int64)
    for _ in range(400 * backstop):
        before = games.hands_played.copy()
        games.step(games.random_actions())
        cut = games.truncated
        assert (before[cut] + 1 == backstop).all() and (games.hand_done[cut]).all()
        assert (games.hands_played[cut] == 0).all() and (games.scores[cut] == 0).all()  # a new game
        scores = games.final_scores[cut]
        leader = np.where(scores[:, 0] > scores[:, 1], 0, np.where(scores[:, 1] > scores[:, 0], 1, -1))
        assert (games.winner[cut] == leader).all()
        assert not games.final_scores[~(cut | games.game_done)].any()
        hands += games.hand_done
    assert games.truncated.dtype == np.bool_


def test_the_rules_own_hand_limit_finishes_the_game_and_a_lower_backstop_truncates_first() -> None:
    rules = Rules.standard().evolve(max_hands=2)
    for backstop, finishes in ((2, True), (5, True), (None, True), (1, False)):
        games = BatchGame(rules, 64, seed=1, episode="game", record=False, backstop=backstop)
        ended = np.zeros(64, dtype=bool)
        while not ended.all():
            games.step(games.random_actions())
            if finishes:
                assert not games.truncated.any()
            else:
                assert not games.game_done.any()
            ended |= games.game_done | games.truncated


def test_hand_episodes_are_never_truncated() -> None:
    games = BatchGame(Rules.standard(), 32, seed=2, backstop=1)
    for _ in range(200):
        games.step(games.random_actions())
        assert not games.truncated.any()
        assert not games.hands_played.any()
        assert (games.final_scores[games.game_done] == games.last_hand_totals[games.game_done]).all()


@pytest.mark.parametrize("name", ["standard", "three_player", "individual_5", "two_player"])
def test_rewards_give_every_seat_its_sides_points_when_a_hand_ends(name: str) -> None:
    rules = Rules.preset(name)
    games = BatchGame(rules, 64, seed=3, episode="game", record=False)
    side = np.array([rules.side_of(seat) for seat in range(rules.players)])
    seen = 0
    for _ in range(3 * (len(rules.deck) + 4 * rules.players)):
        games.step(games.random_actions())
        rewards = games.rewards
        assert rewards.shape == (64, rules.players) and rewards.dtype == np.float32
        assert not rewards[~games.hand_done].any()
        done = games.hand_done
        np.testing.assert_array_equal(rewards[done], games.last_hand_totals[done][:, side])
        seen += int(done.sum())
    assert seen > 0


@pytest.mark.parametrize(
    ("backstop", "error"),
    [(0, RulesError), (-3, RulesError), (True, ArgumentTypeError), (2.5, ArgumentTypeError),
     ("100", ArgumentTypeError)],
)
def test_a_bad_backstop_is_refused_by_name(backstop: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="backstop"):
        BatchGame(Rules.standard(), 2, episode="game", backstop=backstop)  # type: ignore[arg-type]


def test_final_observations_must_be_asked_for() -> None:
    with pytest.raises(ArgumentTypeError, match="final_observations"):
        BatchGame(Rules.standard(), 2, final_observations=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="final_observations=True"):
        _ = BatchGame(Rules.standard(), 2).final_observation
    games = BatchGame(Rules.standard(), 8, seed=4, final_observations=True, record=False)
    while not games.game_done.any():
        games.step(games.random_actions())
        assert games.final_observation.shape == (8, games.observation_size)
    final = games.final_observation
    assert final[games.game_done].any(axis=1).all() and not final[~games.game_done].any()

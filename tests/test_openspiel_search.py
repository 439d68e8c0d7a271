"""OpenSpiel's search algorithms and bots on the pyspiel game: resample_from_infostate, ISMCTS and MCTS on
every preset (few simulations: they only have to play), and library bots as pyspiel bots."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
openspiel = pytest.importorskip("spades_rules.openspiel")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
evaluate_bots = pytest.importorskip("open_spiel.python.algorithms.evaluate_bots").evaluate_bots

from spades_rules import Bid, Deal, Exchange, IllegalActionError, Rules, encode_action, observe  # noqa: E402
from spades_rules.bots import HeuristicBot, RandomBot  # noqa: E402

PRESETS = sorted(Rules.presets())
EXCHANGES = Rules.standard().evolve(blind_nil_deficit=None)
"""Blind nil whatever the score, so that random play reaches exchanges in a one-hand episode."""


def _sampler(seed: int) -> object:
    return pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)


def _random_states(game: Any, seed: int) -> list[Any]:
    """Clones of every state of one random episode of ``game``, chance nodes included."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            legal = state.legal_actions()
            state.apply_action(rng.choice(legal) if rng.random() < 0.8 else legal[-1])
        states.append(state.clone())
    return states


# ------------------------------------------------------------------------------------ resampling
@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
@pytest.mark.parametrize("name", [*PRESETS, "exchanges"])
def test_resampled_states_keep_the_information_state(name: str, compact: bool) -> None:
    rules = EXCHANGES if name == "exchanges" else Rules.preset(name)
    game = openspiel.load_game(rules, compact_actions=compact)
    states = _random_states(game, seed=len(name))
    differs = 0
    for at, state in enumerate(states[:: 3 if name == "exchanges" else 7]):
        if state.is_terminal():
            continue
        players = range(game.num_players()) if at % 3 == 0 else [max(state.current_player(), 0)]
        for player in players:
            resampled = state.resample_from_infostate(player, _sampler(at))
            assert resampled.information_state_string(player) == state.information_state_string(player)
            assert resampled.observation_tensor(player) == state.observation_tensor(player)
            assert resampled.current_player() == state.current_player()
            if state.current_player() == player:
                assert resampled.legal_actions() == state.legal_actions()
            again = state.resample_from_infostate(player, _sampler(at))
            assert again.history() == resampled.history(), "a seeded sampler gives the same world"
            differs += resampled.history() != state.history()
    assert differs, "resampling must deal the hidden cards anew"


def test_resampled_states_clone_pickle_and_play_on() -> None:
    game = openspiel.load_game(EXCHANGES, compact_actions=True)
    state = game.new_initial_state()
    for card in Deal.shuffled(game.rules, 1).deck:
        state.apply_action(card.index)
    for bid in (Bid.blind_nil(1), Bid(2, 4), Bid(3, 3), Bid(0, 4)):
        state.apply_action(encode_action(bid))
    state.apply_action(state.legal_actions()[-1])  # seat 1 picks one card of two
    picked = state.picked
    mine = state.resample_from_infostate(1, _sampler(3))
    assert mine.picked == picked and mine.game_state.hand.hand_of(1) == state.game_state.hand.hand_of(1)
    theirs = state.resample_from_infostate(0, _sampler(3))
    assert len(theirs.picked) == 1 and theirs.picked[0] in theirs.game_state.hand.hand_of(1)
    assert theirs.game_state.hand.hand_of(0) == state.game_state.hand.hand_of(0)
    for copy in (mine.clone(), pickle.loads(pickle.dumps(mine))):
        assert copy.history() == mine.history() and copy.game_state == mine.game_state
    rng = random.Random(0)
    while not theirs.is_terminal():
        theirs.apply_action(rng.choice(theirs.legal_actions()))
    assert theirs.game_state.hands_played == 1


def test_resampling_at_chance_nodes_and_between_hands() -> None:
    game = openspiel.load_game("standard", whole_game=True)
    state = game.new_initial_state()
    for card in Deal.shuffled(game.rules, 2).deck[:10]:
        state.apply_action(card.index)
    resampled = state.resample_from_infostate(0, _sampler(1))
    assert resampled.is_chance_node() and len(resampled.cards_dealt) == 10
    assert resampled.information_state_string(0) == state.information_state_string(0)
    for card in Deal.shuffled(game.rules, 2).deck[10:]:
        state.apply_action(card.index)
    rng = random.Random(1)
    while state.game_state.hands_played == 0:
        state.apply_action(rng.choice(state.legal_actions()))
    between = state.resample_from_infostate(2, _sampler(1))  # between hands: nothing hidden is left
    assert between.is_chance_node() and between.history() == state.history()
    state.apply_action(state.chance_outcomes()[0][0])
    resampled = state.resample_from_infostate(2, _sampler(1))
    assert resampled.game_state.hands_played == 1 and len(resampled.cards_dealt) == 1
    assert resampled.history()[:-1] == state.history()[:-1]
    with pytest.raises(Exception, match="float"):
        state.resample_from_infostate(0, lambda: "x")
    with pytest.raises(Exception, match="player_id"):
        state.resample_from_infostate(7, _sampler(1))


# ------------------------------------------------------------------------------------ ISMCTS and MCTS
@pytest.mark.parametrize("name", PRESETS)
def test_ismcts_plays_a_complete_hand(name: str) -> None:
    compact = name in ("standard", "jokers")  # the compact space where there are exchanges to pick
    rules = Rules.preset(name)
    game = openspiel.load_game(rules.evolve(blind_nil_deficit=None) if rules.blind_nil else rules,
                               compact_actions=compact)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=3, random_state=np.random.RandomState(seat))
        for seat in range(game.num_players())
    ]
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes, p=probabilities))
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    library = state.game_state
    assert decisions >= game.rules.tricks_per_hand and library.hands_played == 1
    totals = library.results[0].totals
    assert state.returns() == [float(totals[game.rules.side_of(seat)]) for seat in range(game.num_players())]


@pytest.mark.parametrize("name", PRESETS)
def test_mcts_plays_a_complete_hand_through_evaluate_bots(name: str) -> None:
    game = openspiel.load_game(name, compact_actions=name == "partnership_bidding")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [
        mcts.MCTSBot(game, 2.0, 3, evaluator, solve=False, random_state=np.random.RandomState(seat))
        for seat in range(game.num_players())
    ]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    assert len(returns) == game.num_players()
    assert all(game.min_utility() <= value <= game.max_utility() for value in returns)


# ------------------------------------------------------------------------------------ library bots
@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
@pytest.mark.parametrize("name", PRESETS)
def test_library_bots_play_through_evaluate_bots(name: str, compact: bool) -> None:
    game = openspiel.load_game(name, compact_actions=compact)
    bots = [
        openspiel.as_bot(HeuristicBot(seat) if seat % 2 == 0 else RandomBot(seat), seat)
        for seat in range(game.num_players())
    ]
    for episode in range(2):
        returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(episode))
        assert len(returns) == game.num_players()


def test_a_library_bot_picks_its_exchange_card_by_card() -> None:
    game = openspiel.load_game(EXCHANGES, compact_actions=True)
    state = game.new_initial_state()
    for card in Deal.shuffled(game.rules, 1).deck:
        state.apply_action(card.index)
    for bid in (Bid.blind_nil(1), Bid(2, 4), Bid(3, 3), Bid(0, 4)):
        state.apply_action(encode_action(bid))
    bot = openspiel.as_bot(RandomBot(5), 1)
    wanted = RandomBot(5).decide(observe(state.game_state, 1))
    assert isinstance(wanted, Exchange)
    for _ in range(2):
        state.apply_action(bot.step(state))
    assert state.game_state.hand.exchanges == (Exchange(1, wanted.cards),)


def test_a_library_bot_refuses_what_it_cannot_play() -> None:
    game = openspiel.load_game("standard")
    state = game.new_initial_state()
    for card in Deal.shuffled(game.rules, 1).deck:
        state.apply_action(card.index)
    bot = openspiel.as_bot(HeuristicBot(0), 0)
    assert isinstance(bot, pyspiel.Bot)
    with pytest.raises(IllegalActionError, match="player 0"):
        bot.step(state)  # seat 1 is to act
    with pytest.raises(TypeError, match="decide"):
        openspiel.as_bot(object(), 0)
    with pytest.raises(TypeError, match="spades_rules states"):
        bot.step(pyspiel.load_game("kuhn_poker").new_initial_state())

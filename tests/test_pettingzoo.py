"""The PettingZoo environment: PettingZoo's own API and seed tests, seeding, rewards, rendering."""

from __future__ import annotations

import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
np = pytest.importorskip("numpy")
adapter = pytest.importorskip("spades_rules.pettingzoo")

from spades_rules import Rules, RulesError, legal_codes, num_distinct_actions, observation_tensor_size  # noqa: E402


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")  # dict observations, as in PettingZoo's card games
@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_pettingzoo_api_and_seed_tests(name: str, compact: bool) -> None:
    pettingzoo_test.api_test(adapter.env(name, compact_actions=compact), num_cycles=200)
    pettingzoo_test.seed_test(lambda: adapter.env(name, compact_actions=compact), num_cycles=100)


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_pettingzoo_api_test_with_exchanges() -> None:
    rules = Rules.standard().evolve(blind_nil_deficit=None)
    for compact in (False, True):
        pettingzoo_test.api_test(adapter.env(rules, whole_game=True, compact_actions=compact), num_cycles=400)


def test_the_compact_space_is_an_argument() -> None:
    rules = Rules.standard().evolve(blind_nil_deficit=None)
    table = adapter.env(rules, compact_actions=True)
    table.reset(seed=1)
    assert table.action_space("player_0").n == 81
    space = table.observation_space("player_0")["observation"]
    assert space.shape == (observation_tensor_size(rules) + 52,)
    full = adapter.env(rules)
    assert full.action_space("player_0").n == 1548
    assert full.observation_space("player_0")["observation"].shape == (observation_tensor_size(rules),)
    # seat 1 bids blind nil, its partner 3; then seat 1 picks two cards, one at a time
    for bid in (80, 56, 55, 56):
        table.step(bid)
    hand = table.unwrapped.game_state.hand.hand_of(1)
    observation = table.observe("player_1")
    assert list(np.flatnonzero(observation["action_mask"])) == [card.index for card in hand]
    table.step(hand[3].index)
    assert table.unwrapped.picked == (hand[3],) and table.agent_selection == "player_1"
    observation = table.observe("player_1")
    assert hand[3].index not in np.flatnonzero(observation["action_mask"])
    assert observation["observation"][-52:][hand[3].index] == 1 and observation["observation"][-52:].sum() == 1
    assert table.observe("player_3")["observation"][-52:].sum() == 0
    table.step(hand[5].index)
    assert table.unwrapped.picked == () and table.agent_selection == "player_3"
    assert table.unwrapped.game_state.hand.exchanges[0].cards == (hand[3], hand[5])


def test_masks_too_long_are_refused_at_construction() -> None:
    rules = Rules.standard().evolve(blind_nil_exchange=6)
    with pytest.raises(RulesError, match=r"blind_nil_exchange=6 gives 25,827,282 action codes.*compact_actions=True"):
        adapter.env(rules)
    table = adapter.env(rules, compact_actions=True)
    assert table.action_space("player_0").n == 81
    with pytest.raises(RulesError, match="compact_actions"):
        adapter.env("standard", compact_actions=1)


def _play(table: object, seed: int, pick: int = 0) -> list[int]:
    """Play an episode choosing the ``pick``-th legal code (modulo); the actions taken."""
    table.reset(seed=seed)  # type: ignore[attr-defined]
    actions: list[int] = []
    for _agent in table.agent_iter():  # type: ignore[attr-defined]
        observation, _reward, termination, truncation, _info = table.last()  # type: ignore[attr-defined]
        if termination or truncation:
            table.step(None)  # type: ignore[attr-defined]
            continue
        legal = np.flatnonzero(observation["action_mask"])
        actions.append(int(legal[pick % len(legal)]))
        table.step(actions[-1])  # type: ignore[attr-defined]
    return actions


def test_spaces_and_agents() -> None:
    rules = Rules.individual(5)
    table = adapter.env(rules)
    table.reset(seed=0)
    assert table.possible_agents == [f"player_{seat}" for seat in range(5)]
    space = table.observation_space("player_3")
    assert space["observation"].shape == (observation_tensor_size(rules),)
    assert space["observation"].dtype == np.float32 and space["action_mask"].dtype == np.int8
    assert table.action_space("player_0").n == num_distinct_actions(rules)
    observation = table.observe("player_3")
    assert observation["observation"].dtype == np.float32 and observation["action_mask"].dtype == np.int8


def test_reset_seed_is_reproducible() -> None:
    first, second = adapter.env("jokers"), adapter.env("jokers")
    assert _play(first, seed=5, pick=3) == _play(second, seed=5, pick=3)
    assert first.unwrapped.game_state == second.unwrapped.game_state
    _play(second, seed=6, pick=3)
    assert first.unwrapped.game_state.history[0] != second.unwrapped.game_state.history[0]


def test_rewards_are_the_sides_points() -> None:
    for whole_game in (False, True):
        rules = Rules.standard().evolve(max_hands=2)
        table = adapter.env(rules, whole_game=whole_game)
        table.reset(seed=1)
        earned = dict.fromkeys(table.possible_agents, 0.0)
        for agent in table.agent_iter():
            observation, reward, termination, truncation, _info = table.last()
            earned[agent] += reward  # what the agent earned since its last move
            if termination or truncation:
                table.step(None)
                continue
            table.step(int(np.flatnonzero(observation["action_mask"])[-1]))
        state = table.unwrapped.game_state
        side = [rules.side_of(seat) for seat in range(4)]
        if whole_game:
            assert state.is_over
            assert [earned[f"player_{seat}"] for seat in range(4)] == [float(state.scores[side[s]]) for s in range(4)]
        else:
            assert state.hands_played == 1
            totals = state.results[0].totals
            assert [earned[f"player_{seat}"] for seat in range(4)] == [float(totals[side[s]]) for s in range(4)]


def test_only_the_seat_to_act_has_actions() -> None:
    table = adapter.raw_env("standard")
    table.reset(seed=2)
    state = table.game_state
    for seat, agent in enumerate(table.possible_agents):
        mask = table.observe(agent)["action_mask"]
        expected = legal_codes(state, seat) if seat == state.to_act else ()
        assert tuple(np.flatnonzero(mask)) == expected


def test_illegal_action_ends_the_episode_with_a_penalty() -> None:
    table = adapter.env("standard")
    table.reset(seed=3)
    agent = table.agent_selection
    table.step(0)  # a play during the bidding: PettingZoo's wrapper logs it and ends the episode
    assert table.terminations[agent] and table.rewards[agent] == -1


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    table = adapter.env("three_player", render_mode="ansi")
    table.reset(seed=4)
    text = table.render()
    assert text.startswith(f"Seat {table.unwrapped.game_state.to_act} ")
    assert "Your hand:" in text and "your turn" in text
    human = adapter.env("three_player", render_mode="human")
    human.reset(seed=4)
    assert human.render() is None
    assert capsys.readouterr().out.strip() == text
    quiet = adapter.env("three_player")
    quiet.reset(seed=4)
    assert quiet.render() is None
    with pytest.raises(RulesError, match="render_mode"):
        adapter.env("standard", render_mode="rgb_array")
    with pytest.raises(TypeError, match="Rules or a preset"):
        adapter.raw_env(3)


def test_pickles_and_refuses_bad_arguments() -> None:
    import pickle

    table = adapter.raw_env("two_player", whole_game=True)
    table.reset(seed=9)
    again = pickle.loads(pickle.dumps(table))
    assert again.rules == table.rules and again.whole_game
    with pytest.raises(RulesError, match="whole_game"):
        adapter.env("standard", whole_game=1)
    with pytest.raises(RulesError, match="unknown preset"):
        adapter.env("tarot")


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_pettingzoo_api_test_with_the_bidding_house_rules() -> None:
    """The cap, blind numbers and nil passing, in both action spaces (a plain nil's one-card exchange is one
    pick in the compact space)."""
    rules = Rules.standard().evolve(max_team_bid=13, blind_bid_min=6, blind_bid_deficit=None, nil_exchange=1)
    assert num_distinct_actions(rules, compact=True) == 103  # the blind 13 is code 102
    for compact in (False, True):
        pettingzoo_test.api_test(adapter.env(rules, whole_game=True, compact_actions=compact), num_cycles=400)


def test_a_whole_game_is_truncated_at_the_backstop() -> None:
    table = adapter.env("standard", whole_game=True, backstop=2)
    table.reset(seed=3)
    earned = dict.fromkeys(table.possible_agents, 0.0)
    ends = []
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        earned[agent] += reward
        if termination or truncation:
            ends.append((termination, truncation, info))
            table.step(None)
            continue
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    state = table.unwrapped.game_state
    assert not state.is_over and state.hands_played == 2
    assert len(ends) == 4 and all(not ended[0] and ended[1] for ended in ends)
    assert all(ended[2]["scores"] == state.scores for ended in ends)
    assert [earned[f"player_{seat}"] for seat in range(4)] == [float(state.scores[seat % 2]) for seat in range(4)]
    with pytest.raises(RulesError, match="backstop"):
        adapter.env("standard", whole_game=True, backstop=0)

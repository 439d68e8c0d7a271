"""Trained policies as bots (``spades_rules.policy``): the MLP's shapes and file, the bot in both action
spaces (exchanges picked a card at a time in the compact one), refusals that name the problem, and the
policy bot in ``run_match`` and ``spades-rules match``."""

from __future__ import annotations

import pickle
import random
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from spades_rules import Deal, Rules, RulesError, SpadesError, apply, legal_actions, new_game, observe  # noqa: E402
from spades_rules.actions import Bid, Exchange  # noqa: E402
from spades_rules.bots import RandomBot, play_game  # noqa: E402
from spades_rules.codec import BLIND_NIL_CODE, num_distinct_actions  # noqa: E402
from spades_rules.errors import ArgumentTypeError  # noqa: E402
from spades_rules.policy import MLPPolicy, PolicyBot, policy_bot, policy_observation_size  # noqa: E402
from spades_rules.simulation import run_match  # noqa: E402

EXCHANGES = Rules.standard().evolve(blind_nil_deficit=None, nil_exchange=2)


def _mlp(rules: Rules, compact: bool = True, hidden: int = 8, seed: int = 0) -> MLPPolicy:
    rng = np.random.default_rng(seed)
    size = policy_observation_size(rules, compact_actions=compact)
    actions = num_distinct_actions(rules, compact=compact)
    return MLPPolicy([(rng.normal(0, 0.3, (size, hidden)), rng.normal(0, 0.1, hidden)),
                      (rng.normal(0, 0.3, (hidden, actions)), np.zeros(actions))])


class NilLover:
    """A policy (a plain callable) that bids blind nil or nil at seat 0 when it can, else a random legal code
    (two partners' nils make no exchange)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.calls: list[int] = []

    def __call__(self, observation: Any, mask: Any) -> int:
        legal = np.flatnonzero(mask).tolist()
        self.calls.append(len(observation))
        for code in (BLIND_NIL_CODE, 52):
            if code in legal and observation[0] == 1.0:  # the seat block: seat 0
                return code
        return int(self.rng.choice(legal))


@pytest.mark.parametrize("compact", [True, False], ids=["compact", "full"])
def test_a_policy_bot_plays_whole_games_with_exchanges_in_both_action_spaces(compact: bool) -> None:
    policy = NilLover(1)
    bots: list[Any] = [PolicyBot(policy, EXCHANGES, compact_actions=compact), RandomBot(1),
            PolicyBot(policy, EXCHANGES, compact_actions=compact), RandomBot(3)]
    final = play_game(EXCHANGES, bots, seed=2, max_hands=3)
    exchanges = [action for action in final.history if type(action) is Exchange and action.seat in (0, 2)]
    assert final.is_over and exchanges  # the nils' exchanges were made by the policy
    assert set(policy.calls) == {policy_observation_size(EXCHANGES, compact_actions=compact)}
    assert all(action.tricks == 0 for action in final.history if type(action) is Bid and action.seat == 0)


def test_an_mlp_policy_plays_and_its_choices_are_legal_in_every_preset() -> None:
    for name in sorted(Rules.presets()):
        rules = Rules.preset(name)
        bot = PolicyBot(_mlp(rules), rules)
        state = apply(new_game(rules), Deal.shuffled(rules, 3))
        rng = random.Random(4)
        while state.in_hand:
            if state.is_chance:
                state = apply(state, Deal.shuffled(rules, rng))
                continue
            assert state.to_act is not None
            action = bot.choose(state) if state.to_act % 2 == 0 else rng.choice(legal_actions(state))
            assert action in legal_actions(state, action.seat)
            state = apply(state, action)


def test_greedy_and_sampled_choices() -> None:
    rules = Rules.standard()
    greedy = _mlp(rules)
    state = apply(new_game(rules), Deal.shuffled(rules, 5))
    bot = PolicyBot(greedy, rules)
    assert len({bot.choose(state) for _ in range(5)}) == 1
    sampled = MLPPolicy(greedy.layers, greedy=False, seed=1)
    sampled.layers = [(weights * 0, bias * 0) for weights, bias in sampled.layers]  # uniform over the legal codes
    choices = {PolicyBot(sampled, rules).choose(state) for _ in range(60)}
    assert len(choices) > 5 and choices <= set(legal_actions(state))


def test_weights_round_trip_through_a_file(tmp_path: Path) -> None:
    policy = _mlp(Rules.jokers(), hidden=5)
    path = tmp_path / "policy.npz"
    policy.save(path)
    again = MLPPolicy.load(path)
    assert repr(again) == repr(policy) == "MLPPolicy(1060 -> 5 -> 83, activation='tanh')"
    for (w1, b1), (w2, b2) in zip(policy.layers, again.layers, strict=True):
        assert np.array_equal(w1, w2) and np.array_equal(b1, b2)
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(SpadesError, match="policy weights"):
        MLPPolicy.load(tmp_path / "junk.npz")
    np.savez(tmp_path / "other.npz", x=np.zeros(3))
    with pytest.raises(SpadesError, match="no MLPPolicy weights"):
        MLPPolicy.load(tmp_path / "other.npz")
    with pytest.raises(SpadesError, match="policy weights"):
        MLPPolicy.load(tmp_path / "missing.npz")


@pytest.mark.parametrize(
    ("layers", "error", "words"),
    [
        ([], ArgumentTypeError, "non-empty"),
        ("W", ArgumentTypeError, "non-empty"),
        ([(np.zeros((3, 2)),)], ArgumentTypeError, "pair"),
        ([(np.zeros(3), np.zeros(3))], RulesError, "2-D"),
        ([(np.zeros((3, 2)), np.zeros(3))], RulesError, "one bias per output"),
        ([(np.zeros((3, 2)), np.zeros(2)), (np.zeros((4, 2)), np.zeros(2))], RulesError, "take 4 inputs"),
        ([(np.full((3, 2), np.nan), np.zeros(2))], RulesError, "NaN"),
        ([(["a", "b"], [0])], ArgumentTypeError, "array of numbers"),
    ],
)
def test_malformed_weights_are_refused_by_name(layers: Any, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        MLPPolicy(layers)


def test_weights_of_the_wrong_shape_for_the_rules_are_refused() -> None:
    standard = _mlp(Rules.standard())
    with pytest.raises(RulesError, match=r"wrong shape.*score 81 action codes.*83 in the compact"):
        PolicyBot(standard, Rules.jokers())
    with pytest.raises(RulesError, match=r"wrong shape.*1060 observation entries.*614"):
        PolicyBot(standard, Rules.three_player())
    with pytest.raises(RulesError, match=r"wrong shape.*1060 observation entries.*1008 \(full action space\)"):
        PolicyBot(standard, Rules.standard(), compact_actions=False)
    with pytest.raises(RulesError, match="wrong shape"):
        policy_bot(standard, Rules.two_player())
    with pytest.raises(ArgumentTypeError, match="callable"):
        PolicyBot("weights.npz", Rules.standard())  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="compact_actions"):
        PolicyBot(standard, Rules.standard(), compact_actions=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="activation"):
        MLPPolicy(standard.layers, activation="sigmoid")  # type: ignore[arg-type]


def test_a_policy_that_answers_an_illegal_code_is_refused() -> None:
    rules = Rules.standard()
    state = apply(new_game(rules), Deal.shuffled(rules, 1))
    with pytest.raises(SpadesError, match="code 3, which is not legal"):
        PolicyBot(lambda observation, mask: 3, rules).choose(state)
    with pytest.raises(SpadesError, match="not an action code"):
        PolicyBot(lambda observation, mask: "bid", rules).choose(state)  # type: ignore[arg-type,return-value]
    with pytest.raises(RulesError, match="do not have the shapes"):
        PolicyBot(_mlp(rules), rules).decide(observe(apply(new_game(Rules.jokers()), Deal.shuffled(Rules.jokers(), 1)),
                                                     1))


def test_the_full_action_space_is_taken_from_the_weights(tmp_path: Path) -> None:
    rules = Rules.standard()
    full = _mlp(rules, compact=False)
    factory = policy_bot(full, rules)
    assert factory(0).compact_actions is False
    assert policy_bot(_mlp(rules), rules)(0).compact_actions is True


def test_policy_bots_in_duplicate_matches_on_processes(tmp_path: Path) -> None:
    rules = Rules.standard()
    path = tmp_path / "policy.npz"
    _mlp(rules).save(path)
    factory = policy_bot(path, rules)
    assert pickle.loads(pickle.dumps(factory))(1).num_actions == 81
    result = run_match(rules, [factory, "random"], games=2, seed=3, duplicate=True, max_hands=2, backend="process",
                       workers=2)
    assert result.games == 4 and [bot.name for bot in result.bots] == ["policy", "random"]


def test_spades_rules_match_takes_a_policy_file(tmp_path: Path) -> None:
    from spades_rules.cli import main

    path = tmp_path / "policy.npz"
    _mlp(Rules.standard()).save(path)
    import io
    import json
    from contextlib import redirect_stdout

    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["match", "--rules", "standard", "--bots", f"policy:{path},random", "--games", "2",
                       "--duplicate", "--max-hands", "2", "--workers", "1", "--json"])
    assert status == 0
    stats = json.loads(out.getvalue())
    assert [bot["name"] for bot in stats["bots"]] == ["policy", "random"]
    with redirect_stdout(io.StringIO()):
        assert main(["match", "--bots", f"policy:{tmp_path / 'nothing.npz'},random", "--games", "1"]) == 2

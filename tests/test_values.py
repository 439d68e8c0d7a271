"""States are values: copying returns the same object, pickling gives equal states with equal hashes,
equal states hash equal and serve as dictionary keys (the embedding page)."""

from __future__ import annotations

import contextlib
import copy
import pickle
import subprocess
import sys
from typing import Any

import pytest

from _fixtures import random_game
from spades_rules import (
    ALL_CARDS,
    Card,
    Deal,
    GameState,
    Rules,
    apply,
    legal_actions,
    new_game,
)


@pytest.fixture(scope="module")
def games() -> dict[str, list[GameState]]:
    return {name: random_game(rules, 1) for name, rules in Rules.presets().items()}


def _samples(game: list[GameState]) -> list[GameState]:
    return [*game[:: max(1, len(game) // 10)], game[-1]]


# ------------------------------------------------------------------------------------ copy
@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_copy_and_deepcopy_return_the_state_itself(games: dict[str, list[GameState]], name: str) -> None:
    for state in _samples(games[name]):
        assert copy.copy(state) is state
        assert copy.deepcopy(state) is state
        if state.hand is not None:
            assert copy.copy(state.hand) is state.hand
            assert copy.deepcopy(state.hand) is state.hand
    rules = games[name][0].rules
    assert copy.copy(rules) is rules
    assert copy.deepcopy(rules) is rules


def test_cards_copy_to_themselves() -> None:
    for card in ALL_CARDS:
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card


def test_deepcopy_of_containers_shares_the_states(games: dict[str, list[GameState]]) -> None:
    game = games["standard"]
    tree: dict[str, Any] = {"root": game[0], "children": list(game[1:5]), "by_state": {game[3]: 3}}
    clone = copy.deepcopy(tree)
    assert clone is not tree
    assert clone["root"] is game[0]
    assert all(a is b for a, b in zip(clone["children"], game[1:5], strict=True))
    assert next(iter(clone["by_state"])) is game[3]


# ------------------------------------------------------------------------------------ pickle
@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_pickle_round_trips_with_equal_hashes(games: dict[str, list[GameState]], name: str) -> None:
    for state in _samples(games[name]):
        for protocol in (2, pickle.HIGHEST_PROTOCOL):
            loaded = pickle.loads(pickle.dumps(state, protocol=protocol))
            assert loaded == state
            assert hash(loaded) == hash(state)
            assert loaded.history == state.history
            assert legal_actions(loaded) == legal_actions(state)
            if state.hand is not None:
                assert loaded.hand == state.hand
                assert hash(loaded.hand) == hash(state.hand)


@pytest.mark.parametrize("rules", list(Rules.presets().values()), ids=list(Rules.presets()))
def test_rules_pickle_to_equal_working_rules(rules: Rules) -> None:
    loaded = pickle.loads(pickle.dumps(rules))
    assert loaded == rules
    assert hash(loaded) == hash(rules)
    assert loaded.deck == rules.deck
    assert loaded.trumps == rules.trumps
    assert loaded.sides == rules.sides


def test_cards_pickle_to_the_interned_card() -> None:
    for card in ALL_CARDS:
        assert pickle.loads(pickle.dumps(card)) is card


def test_unpickled_states_continue_the_game(games: dict[str, list[GameState]]) -> None:
    game = games["standard"]
    middle = game[len(game) // 2 + 1]
    assert legal_actions(middle)
    loaded = pickle.loads(pickle.dumps(middle))
    action = legal_actions(middle)[0]
    assert apply(loaded, action) == apply(middle, action)


_OTHER_PROCESS = """
import pickle, sys
from spades_rules import Rules, Deal, apply, new_game
state = apply(new_game(Rules.jokers()), Deal.shuffled(Rules.jokers(), 3))
loaded = pickle.loads(sys.stdin.buffer.read())
print(loaded == state, hash(loaded) == hash(state), hash(loaded.hand) == hash(state.hand),
      hash(loaded.rules) == hash(state.rules))
"""


def test_a_pickle_from_another_process_hashes_like_a_fresh_state() -> None:
    """Cached hashes must not travel in the pickle: string hashes differ between processes."""
    state = apply(new_game(Rules.jokers()), Deal.shuffled(Rules.jokers(), 3))
    hash(state)  # fill the caches before pickling
    result = subprocess.run(
        [sys.executable, "-c", _OTHER_PROCESS],
        input=pickle.dumps(state),
        capture_output=True,
        check=True,
        env={"PYTHONHASHSEED": "12345"},
    )
    assert result.stdout.decode().split() == ["True"] * 4


# ------------------------------------------------------------------------------------ equality and hashing
def test_equal_states_built_separately_hash_equal() -> None:
    first = random_game(Rules.standard(), 7)
    second = random_game(Rules.standard(), 7)
    for a, b in zip(first, second, strict=True):
        assert a == b
        assert a is not b
        assert hash(a) == hash(b)


def test_states_are_dictionary_keys(games: dict[str, list[GameState]]) -> None:
    game = games["standard"]
    seen = {state: index for index, state in enumerate(game)}
    assert len(seen) == len(game)  # every state of a game differs from the others
    rebuilt = random_game(Rules.standard(), 1)
    assert [seen[state] for state in rebuilt] == list(range(len(game)))
    assert len(set(game) | set(rebuilt)) == len(game)


def test_different_states_are_unequal() -> None:
    rules = Rules.standard()
    base = new_game(rules)
    assert base != new_game(rules, dealer=1)
    assert base != new_game(rules, scores=[10, 0])
    assert base != new_game(rules.evolve(target_score=300))
    assert apply(base, Deal.shuffled(rules, 1)) != apply(base, Deal.shuffled(rules, 2))


def test_card_hash_is_its_index() -> None:
    assert [hash(card) for card in ALL_CARDS] == list(range(54))
    assert Card.parse("AS") == Card.parse("as")


# ------------------------------------------------------------------------------------ every public value
def _public_classes() -> dict[str, type]:
    import enum
    import inspect

    from _hostile import public_modules

    found: dict[str, type] = {}
    for module in public_modules():
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if (inspect.isclass(value) and (getattr(value, "__module__", "") or "").startswith("spades_rules")
                    and not issubclass(value, BaseException | enum.Enum)):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return found


def _fingerprint(value: Any) -> Any:
    """What must survive a copy: the value itself where it has equality, else what it does."""
    from spades_rules.bots import HeuristicBot, RandomBot
    from spades_rules.simulation import Tally

    if isinstance(value, RandomBot | HeuristicBot):
        state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 4))
        return [value.choose(state) for _ in range(3)]
    if isinstance(value, Tally):
        return value.result()
    game = getattr(value, "game", value)  # the batch engine's vector environment holds a BatchGame
    if type(game).__name__ == "BatchGame":  # its rows as scalar states, and what its random stream draws next
        return ([game.game_state(row) for row in range(game.n)], game.legal_action_mask().tolist(),
                game.random_actions().tolist())
    if hasattr(value, "game_state"):  # the adapters' states and environments
        return getattr(value, "game_state", None)
    if getattr(type(value), "__eq__", None) is getattr(object, "__eq__", None):
        return type(value)
    return value


def test_every_public_class_has_a_sample() -> None:
    from _hostile import NOT_VALUES, sample_instances

    sampled = set(sample_instances())
    missing = [name for name, cls in _public_classes().items() if cls not in sampled and name not in NOT_VALUES]
    assert not missing, f"add a sample instance to tests/_hostile.py (or a reason to NOT_VALUES): {missing}"


@pytest.mark.parametrize("how", ["pickle", "copy", "deepcopy"])
def test_every_public_value_pickles_and_copies(how: str) -> None:
    """Frameworks deep-copy agents (and whatever they cache: ``rules.tables`` included) and pickle them to
    workers: every public value survives both, equal (or, without equality, doing the same)."""
    from _hostile import sample_instances

    copies = {
        "pickle": lambda value: pickle.loads(pickle.dumps(value)),
        "copy": copy.copy,
        "deepcopy": copy.deepcopy,
    }
    for cls, value in sample_instances().items():
        expected = _fingerprint(copy.deepcopy(value) if how != "deepcopy" else pickle.loads(pickle.dumps(value)))
        assert _fingerprint(copies[how](value)) == expected, cls.__name__


def test_compiled_tables_copy_to_the_rules_own_tables() -> None:
    tables = Rules.jokers().tables
    assert copy.copy(tables) is tables and copy.deepcopy(tables) is tables
    again = pickle.loads(pickle.dumps(tables))
    assert again == tables and again.deck == tables.deck and again.trick_power == tables.trick_power
    assert again is Rules.jokers().tables or again == Rules.jokers().tables

    class Agent:
        def __init__(self) -> None:
            self.tables = Rules.standard().tables

    assert copy.deepcopy(Agent()).tables == Rules.standard().tables


def test_compiled_tables_are_built_by_rules_only() -> None:
    from spades_rules import ArgumentTypeError, CompiledTables

    for bad in (None, Rules.standard(), "standard"):
        with pytest.raises(ArgumentTypeError, match=r"rules\.tables"):
            CompiledTables(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(_public_classes()))
def test_no_public_value_prints_with_an_error(name: str) -> None:
    """``repr`` and ``str`` never raise: not for a value its constructor built, nor for an object made
    without it (``object.__new__``), which prints as a plain description."""
    from _hostile import NOT_VALUES, sample_instances

    cls = _public_classes()[name]
    if name in NOT_VALUES:
        return
    values = [sample_instances()[cls]]
    with contextlib.suppress(TypeError):  # an extension type (OpenSpiel's) cannot be made so
        values.append(object.__new__(cls))
    for value in values:
        assert isinstance(repr(value), str) and isinstance(str(value), str)

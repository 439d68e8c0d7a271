"""Every public entry point, where other programs touch the engine: argument checks, errors that are
all library errors and cross processes, bounded reads, cards against strings, and property tests that
print and shrink well."""

from __future__ import annotations

import ast
import builtins
import concurrent.futures
import functools
import inspect
import math
import os
import pickle
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import Phase as HypothesisPhase
from hypothesis import find, given, settings
from hypothesis.vendor.pretty import pretty

import spades_rules
from _fixtures import bidding_state, playing_state
from spades_rules import (
    ALL_CARDS,
    AnalysisError,
    ArgumentTypeError,
    Bid,
    Card,
    CardParseError,
    Cards,
    Deal,
    GameState,
    IllegalActionError,
    IllegalReason,
    ObservationError,
    Play,
    RecordError,
    Rules,
    RulesError,
    ScoreSheetError,
    SeatError,
    SpadesError,
    apply,
    cards_of_mask,
    decode_action,
    dumps,
    errors,
    from_dict,
    is_legal,
    legal_action_mask,
    legal_actions,
    legal_codes,
    loads,
    new_game,
    observe,
    parse_cards,
    to_dict,
)
from spades_rules import cli as spades_cli
from spades_rules import strategies as sst
from spades_rules.bots import HeuristicBot, RandomBot, iter_game, play_game
from spades_rules.records import MAX_TEXT

SRC = Path(spades_rules.__file__).parent
RULES = Rules.standard()


def _finished() -> GameState:
    return play_game(RULES.evolve(max_hands=1), [RandomBot(seed) for seed in range(4)], seed=2)


class _IntLike:
    """An integer-like seat, as NumPy's integers are (``operator.index`` works on it)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:  # a stable test id, the same in every pytest-xdist worker
        return f"_IntLike({self.value})"


# ============================================================================ seat arguments
BAD_SEATS: list[Any] = ["1", 9, 4, -1, True, False, 1.0, None, [1], _IntLike(7)]


def _seat_functions(state: GameState) -> dict[str, Callable[[Any], object]]:
    hand = state.hand
    assert hand is not None
    return {
        "legal_actions": lambda seat: legal_actions(state, seat),
        "legal_codes": lambda seat: legal_codes(state, seat),
        "legal_action_mask": lambda seat: legal_action_mask(state, seat),
        "observe": lambda seat: observe(state, seat),
        "HandState.hand_of": hand.hand_of,
        "HandState.discards_of": hand.discards_of,
        "Rules.side_of": state.rules.side_of,
        "Rules.partner_of": state.rules.partner_of,
    }


@pytest.mark.parametrize("name", list(_seat_functions(bidding_state())))
@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_every_seat_argument_refuses_what_is_not_a_seat_of_the_table(name: str, seat: Any) -> None:
    function = _seat_functions(bidding_state())[name]
    if seat is None and name.startswith("legal_"):
        function(seat)  # None means "every seat" for the legal-action functions
        return
    with pytest.raises(SeatError, match=r"seat must be a seat 0-3, not ") as info:
        function(seat)
    assert isinstance(info.value, SpadesError)
    assert info.value.players == 4


@pytest.mark.parametrize("name", list(_seat_functions(bidding_state())))
def test_every_seat_argument_accepts_integer_like_seats(name: str) -> None:
    function = _seat_functions(bidding_state())[name]
    assert function(_IntLike(1)) == function(1)


@pytest.mark.parametrize("seat", ["1", 9, -1, True, 1.0, None], ids=repr)
def test_a_dealer_that_is_not_a_seat_is_a_seat_error(seat: Any) -> None:
    with pytest.raises(SeatError, match="dealer must be a seat 0-3"):
        new_game(RULES, dealer=seat)
    with pytest.raises(SeatError, match="dealer must be a seat 0-3"):
        Deal.from_hands(RULES, seat, [])


def test_a_dealer_is_accepted_like_any_seat() -> None:
    """Integer-like dealers (a NumPy integer) are accepted, as every seat argument is."""
    two: Any = _IntLike(2)  # typed as int, as a NumPy integer is at run time
    three: Any = _IntLike(3)
    assert new_game(RULES, dealer=two).dealer == 2
    hands = [[card for card in RULES.deck if card.index % 4 == seat] for seat in range(4)]
    assert Deal.from_hands(RULES, three, hands) == Deal.from_hands(RULES, 3, hands)


def test_seat_errors_give_the_same_message_everywhere() -> None:
    state = bidding_state()
    messages = set()
    for function in _seat_functions(state).values():
        with pytest.raises(SeatError) as info:
            function("1")
        messages.add(str(info.value))
    assert messages == {"seat must be a seat 0-3, not '1'"}


def test_legal_actions_with_a_string_seat_is_no_longer_an_empty_answer() -> None:
    state = bidding_state()
    assert legal_actions(state, 1) == legal_actions(state)
    with pytest.raises(SeatError):
        legal_actions(state, "1")  # type: ignore[arg-type]
    with pytest.raises(SeatError):
        legal_actions(state, True)  # would have counted as seat 1


# ============================================================================ the walk of every entry point
# Every public callable (the ``__all__`` of every public module, and the public methods of the classes they
# export) whose signature takes a seat or an action is called with a seat the table lacks and with a value
# that is not an action: one mistake, one error class, whichever function is called. A new entry point
# with such a parameter must get its other arguments from ``_ARGUMENTS`` (the test fails otherwise).
_SEAT_PARAMETERS = frozenset({"seat", "dealer", "bottom", "player"})
_ACTION_PARAMETERS = frozenset({"action", "move"})
_NOT_SEATS: tuple[Any, ...] = (9, -1, "1", True)
_NOT_ACTIONS: tuple[Any, ...] = ("1:play AS", {"type": "play", "seat": 1, "card": "AS"}, None, Card.parse("AS"))
_SKIPPED = {
    "GameVisitor.visit_action": "a hook for subclasses: its default does nothing with its arguments",
    "IllegalActionError": "an error class: it carries the action it is given",
    "SeatError": "an error class: it carries the seat it is given",
    "Observation": "a value built field by field; its seat is checked where a view is read (from_dict)",
    "raw_env.step": "a PettingZoo env takes codes of the agent to act, never a seat",
    "SingleAgentEnv.step": "a Gymnasium env takes codes of the agent, never an action value",
    "LibraryBot.inform_action": "pyspiel's hook: a library bot decides from the state it is given, ignoring it",
}


def _public_modules() -> list[Any]:
    import importlib
    import pkgutil

    modules = [spades_rules]
    for info in pkgutil.walk_packages(spades_rules.__path__, "spades_rules."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        try:
            modules.append(importlib.import_module(info.name))
        except ImportError:  # an extra that is not installed (its tests are skipped)
            continue
    return modules


def _entry_points() -> dict[str, Callable[..., Any]]:
    found: dict[str, Callable[..., Any]] = {}
    for module in _public_modules():
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if not callable(value):
                continue
            found.setdefault(name, value)
            if inspect.isclass(value):
                for attribute, member in vars(value).items():
                    if attribute.startswith("_"):
                        continue
                    if inspect.isfunction(member) or isinstance(member, classmethod | staticmethod):
                        found.setdefault(f"{name}.{attribute}", getattr(value, attribute))
    return found


def _parameters(function: Callable[..., Any]) -> list[inspect.Parameter]:
    try:
        return list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return []


def _hands() -> list[str]:
    hand = bidding_state().hand
    assert hand is not None
    return [" ".join(map(str, cards)) for cards in hand.hands]


def _session_read(prompt: str) -> str:
    raise EOFError


_ARGUMENTS: dict[str, Callable[[], Any]] = {
    "state": playing_state,
    "rules": lambda: RULES,
    "hands": _hands,
    "tricks": lambda: 3,
    "keep": lambda: True,
    "cards": lambda: ["AS", "KS"],
    "card": lambda: "AS",
    "bots": lambda: [RandomBot(seed) for seed in range(4)],
    "observation": lambda: observe(playing_state(), 1),
    "data": lambda: Play(1, "KH").to_dict(),
    "seat": lambda: 1,
    "move": lambda: legal_actions(playing_state())[0],
    "bot": lambda: RandomBot(0),
    "worlds": lambda: 2,
    "hand": lambda: 0,
    "bids": lambda: (Bid(1, 3),) * 4,
    "start": lambda: None,
    "plays": lambda: (),
}


def _pyspiel_game() -> Any:
    from spades_rules import openspiel

    return openspiel.load_game("standard")


_OWN_ARGUMENTS: dict[str, dict[str, Callable[[], Any]]] = {
    "SpadesObserver": {"state": lambda: _pyspiel_game().new_initial_state()},
}
"""Arguments of one class's methods that differ from ``_ARGUMENTS`` (an OpenSpiel state, not a GameState)."""
def _batch() -> Any:
    from spades_rules.batch import BatchGame

    return BatchGame(RULES, 2, seed=1)


_BOUND: dict[str, Callable[[], Any]] = {
    "BatchGame": _batch,
    "HandState": lambda: playing_state().hand,
    "Rules": lambda: RULES,
    "SpadesObserver": lambda: _pyspiel_game().make_py_observer(),
}
"""The instances whose methods are walked (the first argument of a method)."""


def _call(name: str, function: Callable[..., Any], bad: str, value: Any) -> Any:
    """Call ``function`` with ``value`` as its parameter ``bad``, every other required argument from
    ``_ARGUMENTS``."""
    parameters = _parameters(function)
    owner = name.partition(".")[0]
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for index, parameter in enumerate(parameters):
        if index == 0 and parameter.name == "self":
            assert owner in _BOUND, f"{name}: add its class to _BOUND"
            args.append(_BOUND[owner]())
            continue
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if parameter.name == bad:
            given = value
        elif parameter.default is not parameter.empty:
            continue
        else:
            arguments = {**_ARGUMENTS, **_OWN_ARGUMENTS.get(owner, {})}
            assert parameter.name in arguments, f"{name}: add a value for its parameter {parameter.name!r}"
            given = arguments[parameter.name]()
        if parameter.kind is parameter.KEYWORD_ONLY:
            kwargs[parameter.name] = given
        else:
            args.append(given)
    result = function(*args, **kwargs)
    if inspect.isgenerator(result):
        result = next(result)
    return result


def _walked(kinds: frozenset[str]) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for name, function in sorted(_entry_points().items()):
        if name in _SKIPPED:
            continue
        pairs.extend((name, parameter.name) for parameter in _parameters(function) if parameter.name in kinds)
    return pairs


_SEAT_ENTRY_POINTS = _walked(_SEAT_PARAMETERS)
_ACTION_ENTRY_POINTS = _walked(_ACTION_PARAMETERS)


def test_the_walk_finds_the_entry_points_it_should() -> None:
    seats = {name for name, _ in _SEAT_ENTRY_POINTS}
    actions = {name for name, _ in _ACTION_ENTRY_POINTS}
    assert {"legal_actions", "observe", "new_game", "Play", "Deal.from_hands", "apply_from_seat", "seat_name",
            "play_game", "Rules.side_of", "HandState.hand_of", "table"} <= seats
    assert {"apply", "is_legal", "encode_action", "format_action", "apply_from_seat"} <= actions


@pytest.mark.parametrize(("name", "parameter"), _SEAT_ENTRY_POINTS, ids=[f"{n}({p})" for n, p in _SEAT_ENTRY_POINTS])
@pytest.mark.parametrize("seat", _NOT_SEATS, ids=repr)
def test_every_entry_point_refuses_a_seat_the_table_lacks_with_seat_error(name: str, parameter: str, seat: Any) -> None:
    function = _entry_points()[name]
    with pytest.raises(SeatError) as info:
        _call(name, function, parameter, seat)
    if seat == 9 and type(seat) is int:
        assert "0-3" in str(info.value) or "0-4" in str(info.value), "the message names the seats"


@pytest.mark.parametrize(
    ("name", "parameter"), _ACTION_ENTRY_POINTS, ids=[f"{n}({p})" for n, p in _ACTION_ENTRY_POINTS]
)
@pytest.mark.parametrize("value", _NOT_ACTIONS, ids=repr)
def test_every_entry_point_refuses_a_non_action_with_argument_type_error(name: str, parameter: str, value: Any) -> None:
    function = _entry_points()[name]
    with pytest.raises(ArgumentTypeError) as info:
        _call(name, function, parameter, value)
    assert isinstance(info.value, SpadesError) and isinstance(info.value, TypeError)
    if isinstance(value, str):
        assert "parse_action" in str(info.value)
    if isinstance(value, dict):
        assert "action_from_dict" in str(info.value)


# ============================================================================ state arguments
def _state_functions() -> dict[str, Callable[[Any], object]]:
    return {
        "legal_actions": legal_actions,
        "legal_actions(seat)": lambda state: legal_actions(state, 1),
        "is_legal": lambda state: is_legal(state, Bid(1, 3)),
        "apply": lambda state: apply(state, Bid(1, 3)),
        "legal_codes": legal_codes,
        "legal_action_mask": legal_action_mask,
        "decode_action": lambda state: decode_action(56, state),
        "observe": lambda state: observe(state, 1),
        "to_dict": to_dict,
        "dumps": dumps,
        "RandomBot.choose": lambda state: RandomBot().choose(state),
        "HeuristicBot.choose": lambda state: HeuristicBot().choose(state),
        "random_action": lambda state: sst.random_action(state, random.Random(0)),
    }


NOT_STATES: dict[str, Any] = {
    "None": None,
    "Observation": observe(bidding_state(), 1),
    "dict": to_dict(bidding_state()),
    "str": "not a state",
    "HandState": bidding_state().hand,
    "Rules": RULES,
}


@pytest.mark.parametrize("name", list(_state_functions()))
@pytest.mark.parametrize("kind", list(NOT_STATES))
def test_every_state_argument_refuses_what_is_not_a_state(name: str, kind: str) -> None:
    function = _state_functions()[name]
    with pytest.raises(ArgumentTypeError) as info:
        function(NOT_STATES[kind])
    error = info.value
    assert isinstance(error, SpadesError)
    assert isinstance(error, TypeError)
    assert error.parameter == "state"
    assert "needs a GameState as state" in str(error)
    assert type(NOT_STATES[kind]).__name__ in str(error)


@pytest.mark.parametrize("name", list(_state_functions()))
def test_an_observation_given_as_a_state_points_to_its_legal_actions(name: str) -> None:
    with pytest.raises(ArgumentTypeError, match=r"view\.legal_actions"):
        _state_functions()[name](NOT_STATES["Observation"])


def test_the_state_check_names_the_function_called() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^is_legal\(\) needs a GameState"):
        is_legal(None, Bid(1, 3))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^legal_codes\(\) needs"):
        legal_codes({})  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"from_dict\(data\)"):
        apply({}, Bid(1, 3))  # type: ignore[arg-type]


# ============================================================================ other entry points
def test_hand_of_refuses_a_seat_beyond_the_table() -> None:
    hand = bidding_state().hand
    assert hand is not None
    with pytest.raises(SeatError, match="not 4"):
        hand.hand_of(4)
    with pytest.raises(SeatError, match="not -1"):
        hand.hand_of(-1)  # a negative index used to give seat 3's cards


def test_deal_shuffled_with_its_arguments_swapped_names_the_problem() -> None:
    with pytest.raises(ArgumentTypeError, match="rules come first") as info:
        Deal.shuffled(7, RULES)  # type: ignore[arg-type]
    assert info.value.parameter == "rules"
    with pytest.raises(ArgumentTypeError, match="rules come first"):
        Deal.shuffled(random.Random(1), RULES)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="seed as rng"):
        Deal.shuffled(RULES, RULES)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"Deal\.from_hands"):
        Deal.from_hands(0, RULES, [])  # type: ignore[arg-type]
    assert Deal.shuffled(RULES, 3) == Deal.shuffled(RULES, random.Random(3))


@pytest.mark.parametrize("bot", [RandomBot(), HeuristicBot()], ids=lambda bot: type(bot).__name__)
def test_bots_at_a_chance_node_or_after_the_game_raise_library_errors(bot: RandomBot | HeuristicBot) -> None:
    with pytest.raises(IllegalActionError, match="chance node") as info:
        bot.choose(new_game(RULES))
    assert info.value.reason is IllegalReason.WRONG_PHASE
    with pytest.raises(IllegalActionError, match="game is over") as info:
        bot.choose(_finished())
    assert info.value.reason is IllegalReason.GAME_OVER
    with pytest.raises(IllegalActionError, match="nothing to do") as info:
        bot.decide(observe(bidding_state(), 2))  # seat 1 bids first
    assert info.value.reason is IllegalReason.OUT_OF_TURN
    with pytest.raises(ArgumentTypeError, match="Observation"):
        bot.decide(bidding_state())  # type: ignore[arg-type]


def test_iter_game_needs_rules_and_one_bot_per_seat() -> None:
    with pytest.raises(SeatError, match="expected 4 bots"):
        next(iter_game(RULES, [RandomBot()]))
    with pytest.raises(ArgumentTypeError, match="Rules value"):
        next(iter_game(None, [RandomBot()]))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rules", "kwargs", "match"),
    [
        (RULES, {"bags": [10, 0]}, r"bag limit \(10\)"),
        (RULES, {"bags": [0, 12]}, "bag limit"),
        (RULES.evolve(bag_limit=5), {"bags": [5, 0]}, r"bag limit \(5\)"),
        (RULES, {"scores": [500, 0]}, "already be over"),
        (RULES, {"scores": [20, 731]}, "already be over"),
        (RULES.evolve(losing_score=-200), {"scores": [0, -200]}, r"losing score \(-200\)"),
    ],
)
def test_new_game_refuses_bags_and_scores_past_the_limits(rules: Rules, kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(RulesError, match=match):
        new_game(rules, **kwargs)


def test_new_game_accepts_starts_just_inside_the_limits() -> None:
    assert new_game(RULES, bags=[9, 9], scores=[499, -1000]).bags == (9, 9)
    assert new_game(RULES.evolve(bag_limit=None), bags=[40, 0]).bags == (40, 0)
    assert not new_game(RULES, scores=[500, 500]).is_over  # a tie at the target plays on
    assert not new_game(RULES.evolve(losing_score=-200), scores=[-199, 0]).is_over


def test_a_record_starting_past_the_end_is_a_record_error() -> None:
    record = to_dict(new_game(RULES))
    with pytest.raises(RecordError, match="already be over") as info:
        from_dict(dict(record, scores=[600, 0]))
    assert info.value.where == "record"
    with pytest.raises(RecordError, match="bag limit"):
        loads(dumps(new_game(RULES)).replace("[Bags [0, 0]]", "[Bags [11, 0]]"))


# ============================================================================ error classes
_ALLOWED_BUILTIN_RAISES = {
    ("cards.py", "AttributeError"),  # setting an attribute of an immutable Card (Python's protocol)
    ("rules/tables.py", "AttributeError"),  # setting an attribute of the read-only CompiledTables (Python's protocol)
    ("_core/checks.py", "AttributeError"),  # a name that is no field of a value: Python's protocol (refuse_unbuilt)
    ("batch/__init__.py", "AttributeError"),  # the module's __getattr__ for a name it lacks (Python's protocol)
    ("batch/_search.py", "AssertionError"),  # an internal invariant of the batched playouts
    ("simulation/match.py", "IndexError"),  # a sequence's index out of range (Python's protocol)
}


def test_the_library_raises_only_its_own_errors() -> None:
    """Every ``raise`` in the source (every package) raises a library error, but Python's protocols and two
    internal invariants."""
    found = set()
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name):
                name = node.exc.func.id
                if isinstance(getattr(builtins, name, None), type):
                    found.add((path.relative_to(SRC).as_posix(), name))
    assert found == _ALLOWED_BUILTIN_RAISES


def test_strategies_argument_errors_are_library_errors() -> None:
    with pytest.raises(RulesError, match="players"):
        sst.rules(players=7)
    with pytest.raises(RulesError, match="max_hands"):
        sst.games(max_hands=0)
    with pytest.raises(IllegalActionError, match="game is over") as info:
        sst.random_action(_finished(), random.Random(0))
    assert info.value.reason is IllegalReason.GAME_OVER


def test_type_errors_of_the_library_are_library_errors_too() -> None:
    with pytest.raises(ArgumentTypeError):
        new_game("standard")  # type: ignore[arg-type]
    with pytest.raises(SeatError):
        Play("1", "AS")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        Bid(1, "3")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        spades_rules.format_action("0:play AS")  # type: ignore[arg-type]


def test_card_inputs_of_the_wrong_kind_are_card_errors() -> None:
    for make in (
        lambda: parse_cards(5),  # type: ignore[arg-type]
        lambda: Deal(5),  # type: ignore[arg-type]
        lambda: spades_rules.Exchange(0, 5),  # type: ignore[arg-type]
        lambda: spades_rules.format_cards(5),  # type: ignore[arg-type]
        lambda: spades_rules.format_cards(["AS"]),  # type: ignore[list-item]
        lambda: RULES.strength(52),  # type: ignore[arg-type]
    ):
        with pytest.raises(CardParseError):
            make()


def test_rules_card_methods_accept_card_strings_like_every_input() -> None:
    ace, king = Card.parse("AS"), Card.parse("KH")
    assert RULES.strength("AS") == RULES.strength(ace)
    assert RULES.effective_suit("2S") is spades_rules.Suit.SPADES
    assert RULES.beats("AS", "KH", spades_rules.Suit.HEARTS) == RULES.beats(ace, king, spades_rules.Suit.HEARTS)


def test_num_distinct_actions_refuses_what_is_not_rules() -> None:
    with pytest.raises(ArgumentTypeError, match="Rules value"):
        spades_rules.num_distinct_actions({})  # type: ignore[arg-type]
    assert spades_rules.num_distinct_actions(Rules.bicycle()) == 66


# ============================================================================ error pickling
def _one_of_each_error() -> list[SpadesError]:
    examples: list[SpadesError] = [
        CardParseError("unknown card '1S'", text="1S"),
        RulesError("players must be 2 to 5"),
        IllegalActionError(IllegalReason.CARD_NOT_IN_HAND, "seat 3 cannot play 2C", action=Play(3, "2C")),
        RecordError("seat 1 cannot play 2C", where="actions[5]"),
        ScoreSheetError("14 tricks won"),
        ObservationError("no deal is consistent with this view"),
        AnalysisError("solve() needs a state in the play phase, not in the bid phase"),
        SeatError("seat must be a seat 0-3, not '1'", seat="1", players=4),
        ArgumentTypeError("apply() needs a GameState as state, not NoneType", parameter="state"),
        SpadesError("anything"),
    ]
    classes = {type(error) for error in examples}
    defined = {
        value for value in vars(errors).values() if isinstance(value, type) and issubclass(value, SpadesError)
    }
    assert classes == defined, "every error class has an example"
    return examples


@pytest.mark.parametrize("error", _one_of_each_error(), ids=lambda error: type(error).__name__)
def test_every_error_class_pickles_with_its_message_and_fields(error: SpadesError) -> None:
    error.add_note("raised in a test")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert copy.args == error.args
    assert vars(copy) == vars(error)
    assert copy.__notes__ == ["raised in a test"]


def test_an_error_holding_an_unpicklable_value_still_pickles() -> None:
    error = IllegalActionError(IllegalReason.NOT_AN_ACTION, "not an action", action=lambda: None)
    copy = pickle.loads(pickle.dumps(error))
    assert copy.reason is IllegalReason.NOT_AN_ACTION
    assert isinstance(copy.action, str) and copy.action.startswith("<function")


def test_real_errors_pickle_with_their_fields() -> None:
    with pytest.raises(IllegalActionError) as info:
        apply(playing_state(), Play(2, "AS"))
    copy = pickle.loads(pickle.dumps(info.value))
    assert (copy.reason, copy.action, str(copy)) == (info.value.reason, info.value.action, str(info.value))
    record = to_dict(playing_state())
    record["actions"][2] = "9:bid 3"
    with pytest.raises(RecordError) as record_info:
        from_dict(record)
    copy_of_record_error = pickle.loads(pickle.dumps(record_info.value))
    assert copy_of_record_error.where == record_info.value.where == "actions[2]"
    assert str(copy_of_record_error) == str(record_info.value)


def _illegal_move_in_a_worker(seed: int) -> None:
    state = apply(new_game(RULES), Deal.shuffled(RULES, seed))
    apply(state, Bid(2, 3))  # seat 1 bids first


def test_an_illegal_move_in_a_process_pool_reaches_the_parent() -> None:
    with concurrent.futures.ProcessPoolExecutor(max_workers=1) as pool:
        future = pool.submit(_illegal_move_in_a_worker, 1)
        with pytest.raises(IllegalActionError, match="seat 2 cannot act") as info:
            future.result(timeout=120)
        assert info.value.reason is IllegalReason.OUT_OF_TURN
        assert info.value.action == Bid(2, 3)
        assert pool.submit(pow, 2, 10).result(timeout=120) == 1024  # the pool survived


# ============================================================================ replay reads with a bound
def test_replay_of_dev_zero_stops_at_the_limit_and_exits_2() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spades_rules", "replay", "/dev/zero"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "at most 10,000,000 characters" in done.stderr
    assert "Traceback" not in done.stderr


def test_replay_of_an_endless_standard_input_stops_at_the_limit() -> None:
    with open("/dev/zero", "rb") as endless:
        done = subprocess.run(
            [sys.executable, "-m", "spades_rules", "replay", "-"],
            stdin=endless, capture_output=True, timeout=120, check=False,
        )
    assert done.returncode == 2
    assert b"at most 10,000,000 characters" in done.stderr


def test_replay_limit_is_the_records_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    limit = MAX_TEXT
    with pytest.raises(SystemExit):
        spades_cli.main(["replay", "--help"])
    assert f"{limit:,}" in capsys.readouterr().out  # the documented limit is the one applied
    record = tmp_path / "game.txt"
    record.write_text(dumps(playing_state()), encoding="utf-8")
    assert spades_cli.main(["replay", str(record)]) == 0
    with pytest.raises(SpadesError, match="at most 10 characters"):
        spades_cli._read_record(str(record), 10)
    record.write_text("x" * (limit + 1), encoding="utf-8")
    assert spades_cli.main(["replay", str(record)]) == 2
    assert "at most 10,000,000 characters" in capsys.readouterr().err


# ============================================================================ pickle is not validation
def test_a_forged_state_survives_pickle_but_not_its_record() -> None:
    state = playing_state()
    forged = attrs.evolve(state, phase=spades_rules.Phase.GAME_OVER)
    assert pickle.loads(pickle.dumps(forged)) == forged
    assert from_dict(to_dict(forged)) == state
    with pytest.raises(RecordError, match="history does not lead"):
        dumps(forged)  # the text record is written by replaying: a forged state has none
    embedding = (SRC.parent.parent / "docs" / "embedding.rst").read_text(encoding="utf-8")
    assert "Pickle is not a validation boundary" in embedding


# ============================================================================ cards and strings
def test_cards_never_equal_strings_and_hash_consistently() -> None:
    for card in ALL_CARDS:
        text = str(card)
        assert card != text and text != card
        assert Card.parse(text) == card and hash(Card.parse(text)) == hash(card)
    hand = bidding_state().hand
    assert hand is not None
    held = hand.hand_of(1)
    first = str(held[0])
    assert first in held and first.lower() in held  # a hand (Cards) parses card text
    assert first not in list(held) and first not in held[:]  # a plain tuple or list: the documented pitfall
    assert Card.parse(first) in list(held)  # the idiom for those
    assert set(parse_cards(" ".join(map(str, held[:3])))) <= set(held)
    assert Play(1, first).card == Card.parse(first) and Play(1, first).card != first


def test_a_hand_looks_card_text_up_and_refuses_what_is_no_card() -> None:
    """``in`` and ``count`` on the hands the library hands out parse card text; anything else is
    a CardParseError, never a silent False. Otherwise a hand is the tuple of its cards."""
    state = bidding_state()
    assert state.hand is not None
    hands = [*state.hand.hands, state.hand.hand_of(2), observe(state, 1).hand, parse_cards("7H AS"), cards_of_mask(5)]
    observation = observe(state, 1)
    hands.append(type(observation).from_dict(observation.to_dict()).hand)
    for hand in hands:
        assert isinstance(hand, Cards) and type(hand[:]) is tuple
        assert hand == tuple(hand) and hash(hand) == hash(tuple(hand))
        assert pickle.loads(pickle.dumps(hand)) == hand and type(pickle.loads(pickle.dumps(hand))) is Cards
        first = hand[0]
        assert str(first) in hand and first.unicode() in hand and first in hand
        assert hand.count(str(first)) == 1 and hand.count(first) == 1
        missing = next(card for card in ALL_CARDS if card not in hand)
        assert str(missing) not in hand and hand.count(str(missing)) == 0
        for bad in ("7X", "", 7, None, object.__new__(Card), ["AS"]):
            with pytest.raises(CardParseError):
                _ = bad in hand
            with pytest.raises(CardParseError):
                hand.count(bad)


def test_the_docs_warn_about_cards_and_strings_where_strings_are_accepted() -> None:
    quickstart = (SRC.parent.parent / "docs" / "quickstart.rst").read_text(encoding="utf-8")
    at = quickstart.index("Cards can be given as")
    assert "never compares equal to a string" in quickstart[at : at + 800]
    assert "Card.parse" in (inspect.getdoc(Card) or "")


# ============================================================================ property tests print and shrink
def test_a_state_prints_as_a_record_that_loads_back() -> None:
    state = playing_state()
    text = pretty(state)
    assert text.startswith('loads("""\n# GameState(phase=PLAY')
    assert len(text.splitlines()) < 20
    assert eval(text, {"loads": loads}) == state
    finished = _finished()
    assert eval(pretty(finished), {"loads": loads}) == finished
    assert pretty(state.hand) == repr(state.hand)
    assert "_setup" not in pretty(state) and "_match" not in pretty(state)


@settings(max_examples=10, deadline=None)
@given(sst.states())
def test_drawn_states_print_as_their_record(state: GameState) -> None:
    assert eval(pretty(state), {"loads": loads}) == state


_SHRINK = settings(database=None, derandomize=True, max_examples=200, deadline=None)


def test_games_shrink_towards_one_hand_of_a_house_rule() -> None:
    house = RULES.evolve(bag_limit=5, bag_penalty=50, target_score=300)
    game = find(sst.games(house), lambda game: min(game.scores) < 0, settings=_SHRINK)
    assert game.hands_played == 1
    assert game.rules == house.evolve(max_hands=1)


def test_a_false_claim_about_whole_games_shrinks_to_a_small_game() -> None:
    game = find(sst.games(), lambda game: game.hands_played >= 2, settings=_SHRINK)
    assert game.hands_played == 2
    assert game.rules.max_hands == 2
    assert game.rules.players == 4
    assert len(pretty(game).splitlines()) < 60


def test_games_stay_small_by_default() -> None:
    quick = settings(database=None, derandomize=True, max_examples=30, phases=[HypothesisPhase.generate])
    lengths: list[int] = []

    @quick
    @given(sst.games(RULES))
    def record(game: GameState) -> None:
        lengths.append(game.hands_played)

    record()
    assert lengths and max(lengths) <= 3
    assert len(set(lengths)) > 1  # the backstop is drawn, not fixed


def test_qa_svg_table_bottom_takes_numpy_seats_and_refuses_bad_ones() -> None:
    np = pytest.importorskip("numpy")
    from spades_rules import svg
    from spades_rules.errors import SeatError

    state = new_game(Rules.standard())
    assert svg.table(state, bottom=np.int64(1)) == svg.table(state, bottom=1)
    for bad in ("1", 9, -1, True, 1.0):
        with pytest.raises(SeatError, match="bottom"):
            svg.table(state, bottom=bad)  # type: ignore[arg-type]


def test_qa_new_game_refuses_non_sequence_scores_with_a_library_error() -> None:
    from spades_rules.errors import RulesError

    with pytest.raises(RulesError, match="scores"):
        new_game(Rules.standard(), scores=5)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="bags"):
        new_game(Rules.standard(), bags=3)  # type: ignore[arg-type]


def _later_hand_world(seed: int) -> GameState:
    """A world ``sample_deal`` builds in the second hand of a game: its history does not lead to it, so it
    has no text record."""
    rules = RULES.evolve(max_hands=3)
    for _, _, after in iter_game(rules, [RandomBot(seed + seat) for seat in range(4)], seed=seed):
        if after.hands_played == 1 and after.phase is spades_rules.Phase.PLAY:
            return spades_rules.sample_deal(observe(after, seed % 4), seed)
    raise AssertionError("the game ended in one hand")


def test_a_state_without_a_record_prints_as_a_plain_description() -> None:
    world = _later_hand_world(3)
    with pytest.raises(RecordError):
        dumps(world)
    text = pretty(world)
    assert text.startswith("GameState(phase=PLAY") and "no text record" in text and "HandState(" in text
    assert pretty(object.__new__(GameState)).startswith("<GameState")


def test_a_failing_property_over_sampled_worlds_reports_its_example() -> None:
    """Hypothesis prints the falsifying example with the state's ``_repr_pretty_``: it must never raise, or
    the report would show that error instead of the failure."""
    from hypothesis import strategies as st

    @settings(max_examples=5, database=None, derandomize=True, deadline=None)
    @given(st.integers(0, 50).map(_later_hand_world))
    def never_in_a_later_hand(world: GameState) -> None:
        assert world.hands_played == 0

    with pytest.raises(AssertionError) as failure:
        never_in_a_later_hand()
    notes = "\n".join(getattr(failure.value, "__notes__", ()))
    assert "never_in_a_later_hand(\n    world=GameState(phase=PLAY" in notes  # the example, printed
    assert "no text record" in notes and "RecordError" not in notes


# ============================================================================ seeds
def test_numpy_integer_seeds_are_seeds_everywhere() -> None:
    np = pytest.importorskip("numpy")
    seed = np.int64(3)
    assert Deal.shuffled(RULES, seed) == Deal.shuffled(RULES, 3)
    view = observe(bidding_state(), 1)
    assert spades_rules.sample_deal(view, seed) == spades_rules.sample_deal(view, 3)
    short = RULES.evolve(max_hands=1)
    assert play_game(short, [RandomBot(np.int64(s)) for s in range(4)], seed=seed) == play_game(
        short, [RandomBot(s) for s in range(4)], seed=3
    )
    assert HeuristicBot(np.int32(5)).choose(bidding_state()) == HeuristicBot(5).choose(bidding_state())


@pytest.mark.parametrize("seed", [True, 1.5, math.nan, [1], {}, object(), "\udcff"], ids=repr)
def test_what_is_no_seed_is_an_argument_type_error(seed: object) -> None:
    for make in (lambda: Deal.shuffled(RULES, seed), lambda: RandomBot(seed), lambda: HeuristicBot(seed),  # type: ignore[arg-type]
                 lambda: spades_rules.sample_deal(observe(bidding_state(), 1), seed),  # type: ignore[arg-type]
                 lambda: play_game(RULES, [RandomBot()] * 4, seed=seed)):  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError, match=r"random\.Random or a seed"):
            make()


# ============================================================================ wrong values are not accepted
@pytest.mark.parametrize("scores", [b"AS", "AS", {0: 1, 1: 2}, {1, 2}, [1, True], [1.0, 2], [1, 2, 3], iter([1, 2])],
                         ids=repr)
def test_scores_and_bags_must_be_one_integer_per_side(scores: object) -> None:
    """``new_game(rules, scores=b"AS")`` gave scores (65, 83): bytes, strings, dicts, sets, iterators, bools
    and floats are no per-side numbers."""
    for name in ("scores", "bags"):
        with pytest.raises(RulesError, match=rf"{name} needs one integer per side \(2 sides\)"):
            new_game(RULES, **{name: scores})  # type: ignore[arg-type]


def test_numpy_scores_are_integers() -> None:
    np = pytest.importorskip("numpy")
    assert new_game(RULES, scores=np.array([10, 20]), bags=(np.int64(1), 2)).scores == (10, 20)
    assert type(new_game(RULES, scores=np.array([10, 20])).scores[0]) is int


@pytest.mark.parametrize("led", ["nonsense", None, 4, -1, True, 1.5, "S"], ids=repr)
def test_beats_needs_a_suit_led(led: object) -> None:
    with pytest.raises(CardParseError, match="led must be a Suit"):
        RULES.beats("AS", "KS", led)  # type: ignore[arg-type]
    assert RULES.beats("AH", "KH", 2) == RULES.beats("AH", "KH", spades_rules.Suit.HEARTS)


@pytest.mark.parametrize("flag", ["1", 1, 0, None, [], "False"], ids=repr)
def test_hide_own_hand_is_true_or_false(flag: object) -> None:
    with pytest.raises(ArgumentTypeError, match="hide_own_hand"):
        observe(bidding_state(), 1, hide_own_hand=flag)  # type: ignore[arg-type]


def test_small_helpers_refuse_what_they_cannot_use() -> None:
    from spades_rules.simulation import run_match, wilson_interval

    for z in (math.nan, math.inf, -1.0, 0, True, "2"):
        with pytest.raises(SpadesError, match="positive finite z"):
            wilson_interval(3, 10, z)  # type: ignore[arg-type]
    result = run_match(RULES.evolve(max_hands=1), ("random", "heuristic"), games=1, seed=1)
    with pytest.raises(SpadesError, match="no bot is called 'nobody'"):
        result.bot("nobody")
    hand = bidding_state().hand
    assert hand is not None
    for bad in (None, "standard", Rules.three_player()):
        with pytest.raises(ArgumentTypeError, match="side_targets"):
            hand.side_targets(bad)  # type: ignore[arg-type]
    trick = spades_rules.Trick(3, parse_cards("AS KS"), None)
    assert trick.seats(4) == (3, 0)
    for players in (0, 1, 6, -1, True, "4"):
        with pytest.raises(SeatError):
            trick.seats(players)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="keep True or False"):
        spades_rules.DrawDecision.split(Card.parse("AS"), Card.parse("2C"), 1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="Rules value"):
        sst.deals(None)  # type: ignore[arg-type]


def test_openspiel_parameters_must_be_a_dict() -> None:
    openspiel = pytest.importorskip("spades_rules.openspiel")
    for bad in (None, [("preset", "standard")], {1: 2}):
        with pytest.raises(RulesError, match="dict of option names"):
            openspiel.rules_from_parameters(bad)


# ---------------------------------------------------------------------------------------- the walk
def _walk_names() -> list[str]:
    from _hostile import walked_targets

    return [target.name for target in walked_targets()]


_WALKED = _walk_names()


@functools.cache
def _targets_by_name() -> dict[str, Any]:
    """The walked targets, found once for the quick walk (their sample instances are shared by its calls)."""
    from _hostile import walked_targets

    return {target.name: target for target in walked_targets()}
_FUZZ = bool(os.environ.get("SPADES_FUZZ"))


def test_the_walk_covers_the_public_callables() -> None:
    """Every public callable is walked, or left out with a reason, or named here for lacking samples."""
    from _hostile import NOT_WALKED, targets

    left = [t.name for t in targets() if t.name not in _WALKED and not t.name.startswith(tuple(NOT_WALKED))]
    assert len(_WALKED) > 250  # about 300 without the extras, 390 with them
    assert not left, f"add sample arguments to tests/_hostile.py for: {left}"


@pytest.mark.parametrize("name", _WALKED)
def test_every_public_callable_raises_only_library_errors_on_hostile_arguments(name: str) -> None:
    """Each public callable, with valid sample arguments but one replaced by a hostile value (one of each
    class here; every value with ``SPADES_FUZZ=1``, in a child process with bounded memory): it returns, or
    raises a library error with a bounded message, within the time bound. Never a TypeError, an
    AttributeError, a RecursionError, a MemoryError or a ten-million-character message."""
    from _hostile import walk_in_child, walk_labels, walk_target

    labels = walk_labels(quick=not _FUZZ)
    if _FUZZ:
        calls, failures = walk_in_child(name, labels)
    else:
        calls, failures = walk_target(_targets_by_name()[name], labels)
    assert calls > 0 and not failures, failures


def test_what_the_full_walk_found_is_a_library_error() -> None:
    """Callbacks that fail, a forged card to draw, a name no UTF-8 encodes, an environment stepped before
    its reset: each a library error naming it (found by the walk under ``SPADES_FUZZ=1``)."""
    from spades_rules import svg
    from spades_rules.simulation import Match, derive_seed, run

    state = bidding_state()
    for policy in (int, len):
        with pytest.raises(ArgumentTypeError, match=r"the policy .* failed on"):
            sst.random_action(state, random.Random(1), policy=policy)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="returned 7, not an action"):
        sst.random_action(state, random.Random(1), policy=lambda state, rng: 7)  # type: ignore[arg-type,return-value]
    with pytest.raises(SpadesError, match=r"progress .* failed when called with"):
        run(Match(RULES.evolve(max_hands=1), ("random",), 2), progress=len)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="one of the 54 cards"):
        svg.card(object.__new__(Card))
    assert derive_seed(1, "\x00\n\udcff") == derive_seed(1, "\x00\n\udcff") != derive_seed(1, "\x00\n")
    pettingzoo = pytest.importorskip("spades_rules.pettingzoo", exc_type=ImportError)
    with pytest.raises(RulesError, match=r"step\(\) before reset\(\)"):
        pettingzoo.raw_env("standard").step(0)

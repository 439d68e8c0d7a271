"""The shape of the code: one walk of a game for the text record and the printer, the views package's
one-way imports, keyword-built wide records, and no duplicated helpers."""

from __future__ import annotations

import ast
import io
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import get_args

import attrs
import pytest

from spades_rules import (
    Action,
    Bid,
    Deal,
    GameState,
    Rules,
    SideScore,
    apply,
    dumps,
    legal_actions,
    new_game,
    to_dict,
)
from spades_rules import records as records_module
from spades_rules._core.bidding import _BidRule
from spades_rules._core.deck import REDEAL_TESTS, deal_seat, draw_seat
from spades_rules.bots import HeuristicBot, play_game
from spades_rules.cli import _Printer, main
from spades_rules.records.walk import GameVisitor, walk
from spades_rules.rules import RedealCondition
from spades_rules.state import HandState, Trick, _Setup
from spades_rules.terminal.styles import CardStyle
from spades_rules.views import DrawTurn, ExchangeView, Observation, observe

SRC = Path(records_module.__file__).parents[1]


class _Events(GameVisitor):
    def __init__(self) -> None:
        self.events: list[str] = []

    def begin_hand(self, state: GameState) -> None:
        self.events.append(f"begin {state.hands_played + 1} dealer {state.dealer}")

    def visit_action(self, before: GameState, action: Action, after: GameState) -> None:
        self.events.append("action")

    def end_hand(self, state: GameState) -> None:
        self.events.append(f"end {state.hands_played} {state.scores}")

    def end_game(self, state: GameState) -> None:
        self.events.append(f"over {state.is_over}")


# ---------------------------------------------------------------------------------------- one walk
def test_the_walk_calls_the_hooks_in_order_with_a_redeal() -> None:
    rules = Rules.standard().evolve(redeal_on=("one_or_no_spades", "no_face_cards"), max_hands=1)
    state, rng = new_game(rules, dealer=1), random.Random(0)
    while not any(type(action).__name__ == "Redeal" for action in state.history):
        state = new_game(rules, dealer=1)
        state = apply(state, Deal.shuffled(rules, rng))
        redeals = [action for action in legal_actions(state) if type(action).__name__ == "Redeal"]
        if redeals:
            state = apply(state, redeals[0])
    while not state.is_over:
        actions = legal_actions(state)
        state = apply(state, rng.choice(actions) if actions else Deal.shuffled(rules, rng))
    events = _Events()
    assert records_module.visit(to_dict(state), events) == state
    hands = [event for event in events.events if event != "action"]
    assert hands == ["begin 1 dealer 1", "begin 1 dealer 1", f"end 1 {state.scores}", "over True"]
    assert events.events.count("action") == len(state.history)


def test_dumps_and_the_printer_are_visitors_of_the_same_walk() -> None:
    assert issubclass(_Printer, GameVisitor)
    assert issubclass(records_module._TextWriter, GameVisitor)


def test_the_printer_prints_a_played_game_and_its_replayed_record_alike(tmp_path: Path) -> None:
    rules = Rules.standard().evolve(max_hands=2)
    final = play_game(rules, [HeuristicBot(7 * 100 + seat) for seat in range(4)], seed=7)
    live, replayed = io.StringIO(), io.StringIO()
    printer = _Printer(rules, live, style=CardStyle(), quiet=False)
    walk(records_module._steps(new_game(rules), enumerate_actions(final)), printer, start=new_game(rules))
    path = tmp_path / "game.txt"
    path.write_text(dumps(final), encoding="utf-8")
    assert main(["replay", str(path)], replayed) == 0
    body = replayed.getvalue().split("\n", 2)[2]  # after the "Replay of ..." line and a blank line
    assert body == live.getvalue()
    assert "Trick 13" in body and "Score sheet after hand 2" in body


def enumerate_actions(state: GameState) -> list[tuple[str, str | Action]]:
    return [(f"actions[{at}]", action) for at, action in enumerate(state.history)]


def test_dumps_refuses_a_state_its_history_does_not_reach() -> None:
    from spades_rules import RecordError, sample_deal

    rules = Rules.standard()
    later = new_game(rules)
    while later.hands_played < 1:  # a state after the first hand: its sampled world has no past hands
        later = apply(later, legal_actions(later)[0] if legal_actions(later) else Deal.shuffled(rules, 1))
    world = sample_deal(observe(apply(later, Deal.shuffled(rules, 2)), 0), 1)
    assert dumps(later)  # the real game writes
    with pytest.raises(RecordError, match="does not lead to it"):
        dumps(world)


def _functions(name: str) -> list[str]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == name:
                found.append(str(path.relative_to(SRC)))
    return found


def test_one_replay_and_one_draw_split() -> None:
    assert _functions("_replay") == ["records/__init__.py"]
    assert _functions("_popcount") == []
    users = [
        str(path.relative_to(SRC)) for path in sorted(SRC.rglob("*.py")) if "DrawDecision.split(" in path.read_text()
    ]
    assert users == [  # its doctest and 4 users
        "_core/resume.py", "actions.py", "engine.py", "views/observation.py", "views/sampling.py",
    ]


# ---------------------------------------------------------------------------------------- views package
def _imports(path: Path) -> set[str]:
    """The modules ``path`` imports when it runs, anywhere in it (not those under ``if TYPE_CHECKING:``, which
    never run: the dict forms name the view they read as a type)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_the_views_package_imports_one_way() -> None:
    order = ["parts", "_shape", "render", "observation", "sampling"]
    for at, name in enumerate(order):
        imported = {
            module.rsplit(".", 1)[1] for module in _imports(SRC / "views" / f"{name}.py")
            if module.startswith("spades_rules.views.")
        }
        assert imported <= set(order[:at]), (name, imported)
        assert "spades_rules.views" not in _imports(SRC / "views" / f"{name}.py")
    assert not any(module.startswith("spades_rules.views") for module in _imports(SRC / "state.py"))


# ---------------------------------------------------------------------------------------- keyword-built records
@pytest.mark.parametrize("cls", [Observation, SideScore, DrawTurn, ExchangeView])
def test_wide_records_are_built_by_keyword(cls: type) -> None:
    fields = attrs.fields(cls)
    assert all(field.kw_only for field in fields)
    with pytest.raises(TypeError):
        cls(*range(len(fields)))


def test_the_bid_rule_is_built_by_keyword() -> None:
    legal = (Bid(0, 0), Bid(0, 4), Bid(0, 0, blind=True), Bid(0, 6, blind=True))
    with pytest.raises(TypeError):
        _BidRule(0, legal)  # type: ignore[call-arg]
    rule = _BidRule(0, legal=legal)
    assert rule.cut == 3 and rule.allows(Bid(0, 6, blind=True)) and not rule.allows(Bid(0, 6))


def test_observe_names_every_field_of_the_view() -> None:
    """``observe`` builds its views naming every field: by keyword between hands (``_between_hands``), and
    with one named store per field into the storage class on the fast path (never positionally)."""
    source = (SRC / "views" / "observation.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    fields = {field.name for field in attrs.fields(Observation) if field.init}
    calls = [
        node for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_between_hands"
    ]
    assert len(calls) == 1
    assert not calls[0].args and {keyword.arg for keyword in calls[0].keywords} == fields
    stores = [
        target.attr for node in ast.walk(tree) if isinstance(node, ast.Assign) for target in node.targets
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "view"
    ]
    assert sorted(stores) == sorted([*_slots(Observation), "__class__"])  # the fields, the mark, attrs' hash cache


def _slots(cls: type) -> list[str]:
    """Every slot of ``cls`` but the weak reference: its fields and any cache attrs adds (the hash's)."""
    return [name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ()) if name != "__weakref__"]


@pytest.mark.parametrize(
    ("builder", "cls"),
    [("_game_state", GameState), ("_next_state", GameState), ("_hand_state", HandState), ("_trick", Trick),
     ("_setup", _Setup)],
)
def test_the_fast_constructors_store_every_field(builder: str, cls: type) -> None:
    """The state builders fill their storage class by plain stores: one per field of the value class (a
    forgotten field would only fail when read), then the class switch."""
    tree = ast.parse((SRC / "state.py").read_text(encoding="utf-8"))
    function = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == builder)
    stores = [
        target.attr for node in ast.walk(function) if isinstance(node, ast.Assign) for target in node.targets
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
    ]
    assert sorted(stores) == sorted([*_slots(cls), "__class__"])
    assert {field.name for field in attrs.fields(cls)} <= set(_slots(cls))


# ---------------------------------------------------------------------------------------- one home per rule
def _bidding_comparisons(tree: ast.AST) -> list[int]:
    """Lines comparing a bid format's name (``rules.bidding == ...``, ``options["bidding"] in ...``)."""

    def names_bidding(node: ast.AST) -> bool:
        if isinstance(node, ast.Attribute):
            return node.attr == "bidding"
        return (
            isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == "bidding"
        )

    return [
        node.lineno for node in ast.walk(tree)
        if isinstance(node, ast.Compare) and any(names_bidding(part) for part in (node.left, *node.comparators))
    ]


def test_bid_formats_are_read_by_their_properties_only() -> None:
    """No module compares a bid format's name: each reads the format's named properties (``bid_formats``)."""
    found = {
        str(path.relative_to(SRC)): lines for path in sorted(SRC.rglob("*.py"))
        if (lines := _bidding_comparisons(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert found == {}
    assert _bidding_comparisons(ast.parse('if rules.bidding == "whiz" or o["bidding"] in X: pass'))  # the probe sees


def test_the_deck_is_worked_out_in_one_place() -> None:
    """The cards of a deck, its default removed cards and its trump promotions are in ``_core/deck.py`` only."""
    for path in sorted(SRC.rglob("*.py")):
        if str(path.relative_to(SRC)) in ("_core/deck.py", "cards.py"):  # cards.py builds the 54 cards and their names
            continue
        source = path.read_text(encoding="utf-8")
        assert "ALL_CARDS[:52]" not in source and "54 if" not in source, path
        assert '"2C 2D 2H 2S"' not in source and '"2D 2S"' not in source and '"deuce_of_spades_high": ' not in source


# ---------------------------------------------------------------------------------------- one home, both engines
BATCH_COPIES_PENDING: dict[str, frozenset[str]] = {}
"""The batch engine's copies of a scalar rule that its own rewrite still has to replace with the scalar home
(a file leaves its entry when it reads the home; the test below says when an entry is no longer needed)."""

_REDEAL_NAMES = ("no_spades", "one_or_no_spades", "no_face_cards", "seven_card_suit")


def _sources() -> dict[str, str]:
    return {path.relative_to(SRC).as_posix(): path.read_text(encoding="utf-8") for path in sorted(SRC.rglob("*.py"))}


def _spelled(what: str, homes: set[str], found: Callable[[str], bool]) -> None:
    spelled = {name for name, source in _sources().items() if found(source)}
    pending = BATCH_COPIES_PENDING.get(what, frozenset())
    assert spelled - pending == homes, f"{what}: written outside its home {sorted(homes)}: {sorted(spelled - homes)}"
    assert pending <= spelled, f"{what}: {sorted(pending - spelled)} read the home now: drop them from the list"


def test_the_scoring_constants_are_defined_once() -> None:
    """The sheet's fixed numbers are assigned in ``scoring`` only; the batch engine imports them."""
    _spelled("scoring constants", {"scoring/__init__.py"},
             lambda source: bool(re.search(r"^_?(POINTS_PER_BID_TRICK|TEN_FOR_TWO_HUNDRED)\b.*=", source, re.M)))


def test_the_redeal_conditions_are_one_table() -> None:
    """The condition names are spelled by the option's type (``RedealCondition``) and keyed in the one table
    of tests (``_core.deck.REDEAL_TESTS``), which holds exactly those names; nothing else compares them."""
    assert tuple(REDEAL_TESTS) == get_args(RedealCondition) == _REDEAL_NAMES
    _spelled("redeal condition names", {"rules/__init__.py", "_core/deck.py"},
             lambda source: any(f'"{name}"' in source for name in _REDEAL_NAMES))


def test_the_redeal_tests_read_ints_and_arrays_alike() -> None:
    """Each test is a plain comparison of one count: it answers for one hand's count and, element by element,
    for many (a NumPy array of counts behaves as this list does under ``map``)."""
    counts = {"spades": [0, 1, 4], "faces": [3, 0, 2], "longest": [5, 7, 4]}
    assert [[bool(test.holds(count)) for count in counts[test.counts]] for test in REDEAL_TESTS.values()] == [
        [True, False, False], [True, True, False], [False, True, False], [False, True, False],
    ]


def test_the_deal_order_is_worked_out_in_the_deck_module() -> None:
    """"Card i goes to seat dealer + 1 + i" (and the draw's turns, and the bid order clockwise from the
    dealer's left) are written in ``_core/deck.py`` only (``deal_seat``, ``draw_seat``)."""
    _spelled("deal order", {"_core/deck.py"}, lambda source: bool(re.search(r"dealer \+ 1 \+", source)))
    assert [deal_seat(3, position, 4) for position in range(4)] == [0, 1, 2, 3]
    assert [draw_seat(0, turn, 2) for turn in range(3)] == [1, 0, 1]


def _power_loops(tree: ast.AST) -> list[int]:
    """Lines of ``for`` loops that order a card power table's entries (``power[...] > ...``): the loop that
    finds the card winning a trick."""
    def compares_power(node: ast.AST) -> bool:
        return isinstance(node, ast.Compare) and any(isinstance(op, ast.Gt | ast.Lt) for op in node.ops) and any(
            isinstance(part, ast.Subscript) and isinstance(part.value, ast.Name) and part.value.id.endswith("power")
            for part in (node.left, *node.comparators)
        )
    return [
        loop.lineno for loop in ast.walk(tree) if isinstance(loop, ast.For)
        if any(compares_power(node) for node in ast.walk(loop))
    ]


def test_who_is_winning_a_trick_is_worked_out_once() -> None:
    """The trick-winner loop is ``_core.tricks.trick_winner``; the engine, ``_core.resume``, the heuristic
    bot and the playouts ask it."""
    found = {name: lines for name, source in _sources().items() if (lines := _power_loops(ast.parse(source)))}
    assert found.keys() == {"_core/tricks.py"}, found
    assert _power_loops(ast.parse("for c in cs:\n    if power[c] > best: pass\n"))  # the probe sees one


def test_the_void_rule_is_written_once() -> None:
    """What a trick shows a seat lacks is ``_core.deck.trick_voids``, which the views call per trick."""
    assert _functions("trick_voids") == ["_core/deck.py"]
    assert "trick_voids(" in _sources()["views/observation.py"]

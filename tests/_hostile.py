"""Hostile arguments for every public callable, and the walk that tries them (used by
``test_entry_points.py``).

The walk finds every public callable by introspection: each public module's ``__all__``, and for each
class its constructor, its public methods (static, class and instance methods, called on a sample
instance) and its properties. Each call gets valid sample arguments (chosen by parameter name) with one
argument at a time replaced by a hostile value. A call passes when it returns, or raises a library error
(:class:`~spades_rules.errors.SpadesError`) with a bounded message, within a time bound.
"""

from __future__ import annotations

import argparse
import enum
import importlib
import inspect
import io
import itertools
import math
import os
import pkgutil
import random
import signal
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import attrs

import spades_rules
from _fixtures import playing_state
from spades_rules import (
    Bid,
    Card,
    Cards,
    Deal,
    GameState,
    Observation,
    Play,
    Rules,
    ScoreSheet,
    SpadesError,
    Trick,
    apply,
    new_game,
    observe,
    score_hand,
)
from spades_rules.analysis import Analysis, CardAnalysis, HandReview, PlayReview, Solution
from spades_rules.bots import DoubleDummyBot, HeuristicBot, RandomBot, SearchBot

MESSAGE_LIMIT = 2_000
"""The longest message an error may carry: a message describes values, it never prints them whole."""
TIME_LIMIT = 30.0
"""Seconds any one call may take (the largest valid calls play a short game; a hang is what this catches,
so the bound leaves room for a loaded machine)."""

MEMORY_LIMIT = 3 << 30
"""Bytes of address space the walk's process may use: a call that reads an endless iterator whole stops
with a MemoryError (reported) instead of taking the machine's memory."""

SKIPPED_MODULES = frozenset({"spades_rules.__main__"})


class _HostileRepr:
    """A value whose ``repr`` raises: messages must describe it without calling it blindly."""

    def __repr__(self) -> str:
        raise RuntimeError("repr refused")

    __str__ = __repr__


class _HugeRepr:
    """A value whose ``repr`` is ten million characters long."""

    def __repr__(self) -> str:
        return "R" * 10**7


class _NotBool:
    """A value whose truth cannot be taken."""

    def __bool__(self) -> bool:
        raise RuntimeError("no truth")


class _BadIndex:
    """An integer-like value whose ``__index__`` raises."""

    def __index__(self) -> int:
        raise RuntimeError("no index")


class _BadIter:
    """An iterable whose iterator raises."""

    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("no iteration")

    def __len__(self) -> int:
        return 4


class _LyingLen(list[Any]):
    """A list claiming a length it does not have."""

    def __len__(self) -> int:
        return 10**18


def _deep_list(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def _deep_dict(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(depth):
        value = {"a": value}
    return value


def _recursive_list() -> list[Any]:
    value: list[Any] = []
    value.append(value)
    return value


def _numpy_values() -> dict[str, Any]:
    try:
        import numpy as np
    except ImportError:
        return {}
    return {
        "np.int64(1)": np.int64(1),
        "np.int64(-1)": np.int64(-1),
        "np.int8(2)": np.int8(2),
        "np.uint64(2**63)": np.uint64(2**63),
        "np.float64(1.0)": np.float64(1.0),
        "np.float64(nan)": np.float64("nan"),
        "np.bool_(True)": np.bool_(True),
        "np.array([0, 1])": np.array([0, 1]),
        "np.str_('AS')": np.str_("AS"),
    }


def _forged(cls: type) -> Any:
    return object.__new__(cls)


def hostile_values() -> dict[str, Any]:
    """Every kind of hostile argument, by label (new objects on every call: a call may keep one)."""
    values: dict[str, Any] = {
        "None": None,
        "True": True,
        "False": False,
        "0": 0,
        "-1": -1,
        "7": 7,
        "2**64": 2**64,
        "-(2**64)": -(2**64),
        "10**5000": 10**5000,
        "1.5": 1.5,
        "nan": math.nan,
        "inf": math.inf,
        "-inf": -math.inf,
        "1+1j": 1 + 1j,
        "''": "",
        "'AS'": "AS",
        "'A' * 10**7": "A" * 10**7,
        "'\\x00\\n'": "\x00\n\udcff",
        "b'AS'": b"AS",
        "bytearray(b'AS')": bytearray(b"AS"),
        "[]": [],
        "['AS']": ["AS"],
        "[None]": [None],
        "{}": {},
        "{'a': 1}": {"a": 1},
        "set()": set(),
        "object()": object(),
        "deep list": _deep_list(5000),
        "deep dict": _deep_dict(5000),
        "recursive list": _recursive_list(),
        "lying len": _LyingLen(),
        "bad iter": _BadIter(),
        "hostile repr": _HostileRepr(),
        "huge repr": _HugeRepr(),
        "no truth": _NotBool(),
        "bad index": _BadIndex(),
        "endless cards": itertools.repeat(Card.parse("AS")),
        "endless strings": itertools.repeat("AS"),
        "type": int,
        "function": len,
        "random.Random": random.Random(1),
        "forged Card": _forged(Card),
        "forged GameState": _forged(GameState),
        "forged Observation": _forged(Observation),
        "forged Rules": _forged(Rules),
        "forged Play": _forged(Play),
        "forged Trick": _forged(Trick),
        "Rules.two_player()": Rules.two_player(),
    }
    values.update(_numpy_values())
    return values


# ---------------------------------------------------------------------------------------- samples
def samples() -> dict[str, Any]:
    """Valid values of the public parameters, by parameter name."""
    rules = Rules.standard().evolve(max_hands=1)
    playing = playing_state()
    view = observe(playing, 1)
    from spades_rules.simulation import Match

    match = Match(rules, ("random", "random"), 1, seed=1)
    try:
        import numpy

        extra: dict[str, Any] = {"layers": _policy_layers(), "observations": numpy.zeros((2, 1060), numpy.float32),
                                 "masks": numpy.ones((2, 81), bool)}
    except ImportError:
        extra = {}
    return {
        **extra,
        "rules": rules,
        "rules_or_preset": "standard",
        "state": playing,
        "before": playing,
        "after": playing,
        "start": new_game(rules),
        "seat": 1,
        "worlds": 2,
        "hand": 0,
        "bottom": 0,
        "dealer": 0,
        "side": 0,
        "player": 1,
        "players": 4,
        "card": Card.parse("AS"),
        "other": Card.parse("KS"),
        "first": Card.parse("AS"),
        "second": Card.parse("KS"),
        "value": Card.parse("AS"),
        "led": spades_rules.Suit.SPADES,
        "suit": spades_rules.Suit.SPADES,
        "rank": spades_rules.Rank.ACE,
        "cards": (Card.parse("AS"), Card.parse("KS")),
        "deck": Deal.shuffled(Rules.standard(), 1).deck,
        "hands": playing.hand.hands if playing.hand else (),
        "keep": True,
        "tricks": 3,
        "blind": False,
        "text": "AS",
        "name": "standard",
        "index": 0,
        "mask": 5,
        "code": 0,
        "action": Play(1, "AS"),
        "view": view,
        "observation": view,
        "data": {"type": "play", "seat": 1, "card": "AS"},
        "record": "",
        "bids": [3, 3, 3, 3],
        "tricks_won": [3, 3, 4, 3],
        "bags_before": [0, 0],
        "scores": [0, 0],
        "bags": [0, 0],
        "rng": random.Random(1),
        "seed": 1,
        "size": 80,
        "names": None,
        "hide_own_hand": False,
        "bots": [RandomBot(seat) for seat in range(4)],
        "max_hands": 1,
        "games": 1,
        "trials": 10,
        "successes": 3,
        "z": 1.96,
        "match": match,
        "workers": 1,
        "backend": "serial",
        "symbols": False,
        "color": False,
        "stream": io.StringIO(),
        "out": io.StringIO(),
        "argv": ["variants"],
        "parser": argparse.ArgumentParser(),
        "args": argparse.Namespace(),
        "width": 0,
        "message": "a message",
        "path": None,
        "save": None,
        "params": None,
        "whole_game": False,
        "render_mode": None,
        "trumps": Rules.standard().trumps,
        "start_index": 0,
        "policy": "random",
        "variants": True,
        "random_start": False,
        "max_actions": 5,
        "reason": spades_rules.IllegalReason.GAME_OVER,
        "where": "",
        "parameter": "",
        "move": 56,
        "picked": (),
        "bid": Bid(1, 3),
        "limit": 1_000,
        "bot": RandomBot(0),
        "agent": "player_0",
        "visitor": _visitor(),
        "stop": 1,
        "records": False,
        "game_index": 0,
        "original": spades_rules.IllegalActionError(spades_rules.IllegalReason.GAME_OVER, "the game is over"),
        "game": match.play_batch(0, 1, False)[0][0],
        "summaries": [match.play_batch(0, 1, False)[0][0]],
        "picks": False,
        "cls": Observation,
        "steps": [],
        "n": 2,
        "row": 0,
        "actions": [52, 52, 52, 52],  # one code per row of the four-row sample batches (nil bids)
        "states": [playing] * 4,  # one state per row of the four-row sample batches
    }


def _instance(target: Target) -> Any:
    """The sample instance a method target is bound to."""
    return getattr(target.call, "__self__", None)


def _legal_code(env: Any) -> int:
    """A legal action code of an adapter's environment, reset first (a step needs a reset game)."""
    import numpy

    env.reset(seed=1)
    mask = env.action_masks() if hasattr(env, "action_masks") else env.observe(env.agent_selection)["action_mask"]
    return int(numpy.flatnonzero(mask)[0])


def _batch_codes(batch: Any) -> Any:
    return batch.random_actions(__import__("numpy").random.default_rng(1))


def _policy_file() -> str:
    from spades_rules.policy import MLPPolicy

    path = os.path.join(tempfile.mkdtemp(prefix="spades-walk-policy-"), "policy.npz")
    MLPPolicy(_policy_layers()).save(path)
    return path


def _session_file() -> str:
    path = os.path.join(tempfile.mkdtemp(prefix="spades-walk-session-"), "game.txt")
    with open(path, "w", encoding="utf-8") as file:  # what ``spades-rules play --save`` writes
        file.write("# spades-rules play: seat 0, seed 1, bots random\n" + spades_rules.dumps(playing_state()))
    return path


def _temp_path(name: str) -> str:
    return os.path.join(tempfile.mkdtemp(prefix="spades-walk-"), name)


def _late_in_the_hand() -> GameState:
    """The sample hand with three tricks left: small enough for a double-dummy solve in pure Python."""
    state = playing_state()
    while state.hand is not None and state.to_act is not None and len(state.hand.hands[state.to_act]) > 3:
        state = apply(state, spades_rules.legal_actions(state)[0])
    return state


def _late_view() -> Any:
    """The view of the seat to play in :func:`_late_in_the_hand`."""
    state = _late_in_the_hand()
    assert state.to_act is not None
    return observe(state, state.to_act)


def _small_hand() -> GameState:
    """A hand of four tricks (a 16-card deck) two cards in: a whole review of it is quick in pure Python."""
    keep = set(spades_rules.parse_cards("AS KS QS 2S AH KH QH JH AD KD QD 2D AC KC QC 2C"))
    rules = Rules.no_bid().evolve(spade_lead="anytime", removed_cards=tuple(
        card for card in Rules.standard().tables.deck if card not in keep))
    hands = [spades_rules.parse_cards(text) for text in ("AS AH KH 2C", "KS QH AD 2D", "QS JH KD AC", "2S QD KC QC")]
    state = apply(spades_rules.new_game(rules, dealer=3), Deal.from_hands(rules, 3, hands))
    for _ in range(2):
        state = apply(state, spades_rules.legal_actions(state)[0])
    return state


def _next_summary(tally: Any) -> Any:
    """The summary of the game a tally expects next (played in a longer match of the same bots)."""
    from spades_rules.simulation import Match

    index = tally.games
    match = Match(tally.match.rules, tally.match.bots, index + 1, seed=1)
    return match.play_batch(index, index + 1, False)[0][0]


def _first_code(observation: Any, mask: Any) -> int:
    import numpy

    return int(numpy.flatnonzero(mask)[0])


TARGET_SAMPLES: dict[str, Callable[[Target], dict[str, Any]]] = {
    # the sample shared by parameter name does not fit these: each gets values its valid call accepts
    "HandScore.from_dict": lambda t: {"data": score_hand(Rules.standard(), [3, 3, 3, 3], [3, 3, 4, 3]).to_dict()},
    "Observation.from_dict": lambda t: {"data": observe(playing_state(), 1).to_dict()},
    "render.view_from_dict": lambda t: {"data": observe(playing_state(), 1).to_dict()},
    "Rules.from_dict": lambda t: {"data": Rules.standard().to_dict()},
    "ScoreSheet.from_dict": lambda t: {"data": ScoreSheet(Rules.standard()).add([3, 3, 3, 3], [3, 3, 4, 3]).to_dict()},
    "spades_rules.from_dict": lambda t: {"data": spades_rules.to_dict(playing_state())},
    "spades_rules.apply": lambda t: {"action": spades_rules.legal_actions(playing_state())[0]},
    "spades_rules.apply_from_seat": lambda t: {"move": spades_rules.legal_actions(playing_state())[0], "seat": 1},
    "spades_rules.compact_step": lambda t: {
        "code": spades_rules.encode_action(spades_rules.legal_actions(playing_state())[0])
    },
    "spades_rules.loads": lambda t: {"text": spades_rules.dumps(playing_state())},
    "spades_rules.parse_action": lambda t: {"text": "1:bid 3"},
    "spades_rules.replay": lambda t: {"record": spades_rules.to_dict(playing_state())},
    "records.visit": lambda t: {"record": spades_rules.to_dict(playing_state())},
    "BatchGame": lambda t: {"record": True, "n": 4},
    "BatchGame.from_states": lambda t: {"record": True},
    "BatchVectorEnv": lambda t: {"record": True},
    "BatchGame.legal_action_mask": lambda t: {"out": None},
    "BatchGame.observation_tensor": lambda t: {"out": None},
    "BatchGame.random_actions": lambda t: {"rng": __import__("numpy").random.default_rng(1)},
    "BatchGame.step": lambda t: {"actions": _batch_codes(_instance(t))},
    "openspiel.rules_from_parameters": lambda t: {"params": {"preset": "standard"}},
    "SingleAgentEnv.step": lambda t: {"action": _legal_code(_instance(t))},
    "raw_env.step": lambda t: {"action": _legal_code(_instance(t))},
    "single_agent.observation_box": lambda t: {"hands": 1},
    "MLPPolicy.load": lambda t: {"path": _policy_file()},
    "MLPPolicy.save": lambda t: {"path": _temp_path("policy.npz")},
    "policy.PolicyBot": lambda t: {"policy": _first_code, "rules": Rules.standard()},
    "policy.policy_bot": lambda t: {"policy": _policy_file(), "rules": Rules.standard()},
    "files.open_for_writing": lambda t: {"path": _temp_path("out.txt")},
    "files.read_text": lambda t: {"path": _session_file()},
    "files.save_atomically": lambda t: {"path": _temp_path("saved.txt"), "text": "text"},
    "game.save_atomically": lambda t: {"path": _temp_path("saved.txt"), "text": "text"},
    "game.load_session": lambda t: {"path": _session_file()},
    "MatchResult.bot": lambda t: {"name": "random#1"},
    "simulation.run": lambda t: {"records": None},
    "simulation.run_match": lambda t: {"hands": False, "bots": ("random", "random"), "records": None},
    "game.Session": lambda t: {
        "rules": Rules.standard(), "bots": "random", "read": lambda prompt: "", "out": io.StringIO()
    },
    "styles.card_style": lambda t: {"color": "never"},
    "Match.play_batch": lambda t: {"start": 0, "stop": 1},
    "records.read_json": lambda t: {"text": '{"type": "bid", "seat": 1, "tricks": 3}'},
    "analysis.solve": lambda t: {"backend": "python", "state": _late_in_the_hand()},
    "analysis.card_values": lambda t: {"backend": "python", "state": _late_in_the_hand()},
    "analysis.uses_dds": lambda t: {"backend": "python", "state": _late_in_the_hand()},
    "analysis.analyse": lambda t: {"backend": "python", "view": _late_view()},
    "analysis.review_hand": lambda t: {"backend": "python", "game": _small_hand()},
    "Tally.add": lambda t: {"game": _next_summary(_instance(t))},
    "Tally.add_all": lambda t: {"summaries": [_next_summary(_instance(t))]},
}
"""Sample values for the targets whose parameters the shared samples do not fit, keyed by the end of the
target's dotted name (the longest end that matches wins)."""


def target_samples(target: Target) -> dict[str, Any]:
    """:data:`TARGET_SAMPLES`' values for ``target`` (none when no key ends its name)."""
    parts = target.name.split(".")
    for start in range(len(parts)):
        make = TARGET_SAMPLES.get(".".join(parts[start:]))
        if make is not None:
            return make(target)
    return {}


def _visitor() -> Any:
    from spades_rules.records.walk import GameVisitor

    return GameVisitor()


def sample_instances() -> dict[type, Any]:
    """One valid instance of each public class: the walk calls their methods and properties, and the value
    tests pickle and copy them (a public class without one fails ``test_every_public_class_has_a_sample``)."""
    from spades_rules.records.walk import GameVisitor
    from spades_rules.rules.bid_formats import BID_FORMATS
    from spades_rules.simulation import Match, Tally, run_match
    from spades_rules.terminal.styles import CardStyle
    from spades_rules.views import DrawTurn, ExchangeView

    rules = Rules.standard().evolve(max_hands=1)
    playing = playing_state()
    hand = playing.hand
    assert hand is not None
    match = Match(rules, ("random", "random"), 1, seed=1)
    result = run_match(rules, ("random", "random"), games=1, seed=1, metrics={"tricks": lambda state: 1.0})
    tally = Tally(match)
    summary = match.play_batch(0, 1, False)[0][0]
    tally.add(summary)
    sheet = ScoreSheet(Rules.standard()).add([3, 3, 3, 3], [3, 3, 4, 3])
    score = score_hand(Rules.standard(), [3, 3, 3, 3], [3, 3, 4, 3])
    view = observe(playing, 1)
    instances: dict[type, Any] = {
        Rules: rules,
        Card: Card.parse("AS"),
        Cards: Cards("AS KH"),
        GameState: playing,
        type(hand): hand,
        Observation: view,
        Trick: Trick(0, (Card.parse("AS"),), None),
        ScoreSheet: sheet,
        type(score): score,
        type(score.sides[0]): score.sides[0],
        Match: match,
        Tally: tally,
        type(summary): summary,
        type(summary.hands[0]): summary.hands[0],
        type(result): result,
        type(result.bots[0]): result.bots[0],
        type(result.metrics[0]): result.metrics[0],
        CardStyle: CardStyle(),
        RandomBot: RandomBot(1),
        HeuristicBot: HeuristicBot(1),
        SearchBot: SearchBot(1),
        type(rules.tables): rules.tables,
        type(BID_FORMATS["standard"]): BID_FORMATS["standard"],
        DrawTurn: DrawTurn(turn=0, keep=True, kept=Card.parse("AS"), discarded=None),
        ExchangeView: ExchangeView(giver=0, receiver=2, size=2, cards=None),
        GameVisitor: GameVisitor(),
        Solution: Solution((7, 6), (0, 0), 13),
        CardAnalysis: CardAnalysis(Play(1, "AS"), (1, 2), 1),
        Analysis: Analysis(1, 2, (CardAnalysis(Play(1, "AS"), (1, 2), 1),)),
        PlayReview: PlayReview(1, Play(1, "AS"), 13, 7, 7, (Play(1, "AS"),)),
        HandReview: HandReview(0, 0, (Bid(1, 3),) * 4, None, (PlayReview(1, Play(1, "AS"), 13, 7, 7, ()),)),
        DoubleDummyBot: DoubleDummyBot(1, worlds=2),
    }
    for action in (Play(1, "AS"), Bid(1, 3), Deal.shuffled(rules, 1), spades_rules.DrawDecision(0, True),
                   spades_rules.Redeal(2), spades_rules.Exchange(1, "AS KS")):
        instances[type(action)] = action
    instances.update(_adapter_instances())
    return instances


def _adapter_instances() -> dict[type, Any]:
    """The adapters' values, when their extras are installed."""
    found: dict[type, Any] = {}
    try:
        from spades_rules import openspiel
    except ImportError:
        pass
    else:
        game = openspiel.load_game("standard")
        found[openspiel.SpadesGame] = game
        found[openspiel.SpadesState] = game.new_initial_state()
        found[openspiel.SpadesObserver] = game.make_py_observer()
    try:
        from spades_rules.openspiel import bots as openspiel_bots
    except ImportError:
        pass
    else:
        found[openspiel_bots.LibraryBot] = openspiel_bots.as_bot(RandomBot(1), 0)
    try:
        from spades_rules import pettingzoo
    except ImportError:
        pass
    else:
        found[pettingzoo.raw_env] = pettingzoo.raw_env("standard")
    try:
        from spades_rules.pettingzoo import single_agent
    except ImportError:
        pass
    else:
        found[single_agent.SingleAgentEnv] = single_agent.single_agent_env("standard")
    try:
        from spades_rules.batch import BatchGame
    except ImportError:
        pass
    else:
        found[BatchGame] = BatchGame(Rules.standard(), 4, seed=1, final_observations=True)
    try:
        from spades_rules.batch.vector import BatchVectorEnv
    except ImportError:
        pass
    else:
        found[BatchVectorEnv] = BatchVectorEnv("standard", 4, seed=1, record=True)
    try:
        from spades_rules.policy import MLPPolicy, PolicyBot
    except ImportError:
        pass
    else:
        found[MLPPolicy] = policy = MLPPolicy(_policy_layers())
        found[PolicyBot] = PolicyBot(policy, Rules.standard())
    return found


def _policy_layers() -> list[tuple[Any, Any]]:
    """Weights of an (untrained) MLP policy for standard Spades' compact space: 1060 entries, 81 codes."""
    import numpy

    return [(numpy.zeros((1060, 2)), numpy.zeros(2)), (numpy.zeros((2, 81)), numpy.zeros(81))]


NOT_VALUES: dict[str, str] = {
    "spades_rules.bots.Bot": "a protocol: anything with a choose method",
    "spades_rules.terminal.game.Session": "a terminal session holding the input and output streams, not a value",
}
"""Public classes with no sample instance, and why."""


# ---------------------------------------------------------------------------------------- targets
def public_modules() -> list[ModuleType]:
    """The package and each public module (no underscore in its dotted name), optional extras included
    when they import."""
    names = ["spades_rules"] + [
        info.name for info in pkgutil.walk_packages(spades_rules.__path__, "spades_rules.")
        if not any(part.startswith("_") for part in info.name.split(".")) and info.name not in SKIPPED_MODULES
    ]
    modules = []
    for name in names:
        try:
            modules.append(importlib.import_module(name))
        except ImportError:  # an optional extra that is not installed
            continue
    return modules


@attrs.frozen
class Target:
    """One public callable: ``call(*args, **kwargs)`` with a name to report."""

    name: str
    call: Callable[..., Any]
    signature: inspect.Signature | None


def _signature(function: Callable[..., Any]) -> inspect.Signature | None:
    try:
        return inspect.signature(function)
    except (TypeError, ValueError):
        return None


def targets() -> list[Target]:
    """Every public callable, once each (re-exports deduplicated by identity)."""
    instances = sample_instances()
    found: dict[int, Target] = {}
    order: list[Target] = []

    def add(name: str, function: Callable[..., Any]) -> None:
        key = id(getattr(function, "__func__", function))
        if key in found:
            return
        target = Target(name, function, _signature(function))
        found[key] = target
        order.append(target)

    for module in public_modules():
        for export in getattr(module, "__all__", ()):
            value = getattr(module, export)
            owner = getattr(value, "__module__", "") or ""
            if not owner.startswith("spades_rules"):
                continue  # a type alias or a re-exported outside name
            qualified = f"{module.__name__}.{export}"
            if inspect.isclass(value):
                if issubclass(value, enum.Enum):
                    continue  # Suit(7) is the enum's own lookup (Python's ValueError), as for every enum
                if issubclass(value, BaseException):
                    add(qualified, value)
                    continue
                add(qualified, value)
                _add_members(add, qualified, value, instances.get(value))
            elif callable(value):
                add(qualified, value)
    return order


def _add_members(add: Callable[[str, Callable[..., Any]], None], qualified: str, cls: type, instance: Any) -> None:
    for attribute, raw in inspect.getmembers_static(cls):
        if attribute.startswith("_") or (attribute in ("evolve",) and instance is None):
            continue
        where = f"{qualified}.{attribute}"
        if isinstance(raw, staticmethod | classmethod):
            add(where, getattr(cls, attribute))
        elif isinstance(raw, property):
            if instance is not None:
                getter = raw.fget
                assert getter is not None
                add(where, _bound_property(getter, instance))
        elif inspect.isfunction(raw) and instance is not None:
            add(where, getattr(instance, attribute))


def _bound_property(getter: Callable[[Any], Any], instance: Any) -> Callable[[], Any]:
    def read() -> Any:
        return getter(instance)

    read.__name__ = getter.__name__
    return read


# ---------------------------------------------------------------------------------------- the calls
class CallTimeout(BaseException):
    """A call ran past :data:`TIME_LIMIT`."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: Any) -> None:
        raise CallTimeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


ACCEPTED = "accepted"
"""What :func:`outcome` returns, with ``accepted=True``, for a call that returned."""


def outcome(call: Callable[[], Any], *, accepted: bool = False) -> str | None:
    """None when ``call`` returns or raises a library error with a bounded message; else what went wrong
    (with ``accepted``, a call that returns gives :data:`ACCEPTED`)."""
    try:
        with time_limit(TIME_LIMIT):
            result = call()
            if inspect.isgenerator(result):  # generators check their arguments when first advanced
                next(result, None)
    except CallTimeout:
        return f"took more than {TIME_LIMIT} s"
    except SpadesError as error:
        try:
            text = str(error)
        except Exception as inner:
            return f"its {type(error).__name__} has no text: {type(inner).__name__}"
        if len(text) > MESSAGE_LIMIT:
            return f"{type(error).__name__} message of {len(text):,} characters"
        return None
    except SystemExit as error:
        return f"SystemExit({error.code!r})"
    except Exception as error:
        return f"{type(error).__name__}: {str(error)[:200]}"
    return ACCEPTED if accepted else None


def arguments(target: Target, sample: dict[str, Any]) -> tuple[list[Any], dict[str, Any], list[str]] | None:
    """Valid positional and keyword arguments for ``target`` and the names that may be replaced (None when
    a required parameter has no sample)."""
    signature = target.signature
    if signature is None:
        return [], {}, []
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    names: list[str] = []
    for parameter in signature.parameters.values():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if parameter.name in sample:
            value = sample[parameter.name]
        elif parameter.default is not parameter.empty:
            value = parameter.default
        else:
            return None
        if parameter.kind is parameter.POSITIONAL_ONLY or (
            parameter.kind is parameter.POSITIONAL_OR_KEYWORD and not kwargs
        ):
            args.append(value)
        else:
            kwargs[parameter.name] = value
        names.append(parameter.name)
    return args, kwargs, names


def replaced(
    signature: inspect.Signature | None, args: list[Any], kwargs: dict[str, Any], name: str, value: Any
) -> tuple[list[Any], dict[str, Any]]:
    """``args`` and ``kwargs`` with the parameter ``name`` set to ``value``."""
    new_args, new_kwargs = list(args), dict(kwargs)
    if name in new_kwargs:
        new_kwargs[name] = value
        return new_args, new_kwargs
    assert signature is not None
    position = [p.name for p in signature.parameters.values()].index(name)
    new_args[position] = value
    return new_args, new_kwargs


_INSTANCES: dict[type, Any] = {}


def _instances() -> dict[type, Any]:
    """:func:`sample_instances`, made once (their fields are read only: frozen values)."""
    if not _INSTANCES:
        _INSTANCES.update(sample_instances())
    return _INSTANCES


def own_fields(call: Any) -> dict[str, Any]:
    """For the constructor of an attrs value with a sample instance: that instance's fields, by argument
    name (so that ``Observation(...)`` and ``HandScore(...)`` are called with valid values but one)."""
    if not (inspect.isclass(call) and attrs.has(call)):
        return {}
    instance = _instances().get(call)
    if instance is None:
        return {}
    return {field.alias: getattr(instance, field.name) for field in attrs.fields(call) if field.init}


def walk_target(target: Target, labels: list[str] | None = None, *, accepted: bool = False) -> tuple[int, list[str]]:
    """Call ``target`` with valid arguments, then with every hostile value in each parameter in turn;
    returns the number of calls and the failures."""
    sample = {**samples(), **own_fields(target.call), **target_samples(target)}
    prepared = arguments(target, sample)
    if prepared is None:
        return 0, [f"{target.name}: no sample arguments"]
    args, kwargs, names = prepared
    failures: list[str] = []
    calls = 1
    # the valid call must succeed: a sample refused on one argument would have every hostile value in the
    # others refused on it too, and pass without testing anything
    try:
        with time_limit(TIME_LIMIT):
            result = target.call(*args, **kwargs)
            if inspect.isgenerator(result):
                next(result, None)
    except BaseException as error:  # a timeout too
        failures.append(f"{target.name}(valid): {type(error).__name__}: {str(error)[:200]}")
        return calls, failures
    old_limit = sys.getrecursionlimit()
    for name in names:
        for label, value in hostile_values().items():
            if labels is not None and label not in labels:
                continue
            sample_args, sample_kwargs = replaced(target.signature, args, kwargs, name, value)
            problem = outcome(
                lambda a=sample_args, k=sample_kwargs: target.call(*a, **k), accepted=accepted  # type: ignore[misc]
            )
            calls += 1
            if problem is not None:
                failures.append(f"{target.name}({name}={label}): {problem}")
            if sys.getrecursionlimit() != old_limit:
                failures.append(f"{target.name}({name}={label}): changed the recursion limit")
                sys.setrecursionlimit(old_limit)
    return calls, failures


def walk_in_child(
    name: str, labels: list[str] | None = None, timeout: float = 600.0, *, accepted: bool = False
) -> tuple[int, list[str]]:
    """:func:`walk_target` of the target called ``name``, in a forked process killed after ``timeout``
    seconds: a call stuck where signals are not checked (a C loop) is reported, not waited for."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)

    def child() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))  # an endless read fails, not the machine
        os.chdir(tempfile.mkdtemp(prefix="spades-walk-"))  # a file name among the values is written here only
        target = next(target for target in targets() if target.name == name)
        send.send(walk_target(target, labels, accepted=accepted))

    process = context.Process(target=child, daemon=True)
    process.start()
    send.close()
    try:
        if receive.poll(timeout):
            result: tuple[int, list[str]] = receive.recv()
            return result
        return 0, [f"{name}: stuck for {timeout} s (a call that never returns)"]
    except EOFError:
        return 0, [f"{name}: the walk's process died (exit code {process.exitcode})"]
    finally:
        if process.is_alive():
            process.kill()
        process.join()


# ---------------------------------------------------------------------------------------- what the tests walk
QUICK_LABELS = [
    "None", "'A' * 10**7", "deep list", "recursive list", "np.int64(1)", "np.array([0, 1])", "bad index",
    "hostile repr", "10**5000", "lying len",
]
"""One hostile value per class (wrong type, huge text, deep nesting, NumPy scalars and arrays, failing
dunders, huge integers, lying lengths): the CI walk. ``SPADES_FUZZ=1`` walks every value."""

UNGUARDED_FORGERIES = frozenset({"forged Rules", "forged GameState", "forged Play"})
"""Values of the hot classes made without their constructor (``object.__new__``): reading a field of one
is Python's AttributeError. Guarding them would slow every attribute read on the engine's hot path (a
class ``__getattr__`` makes CPython's lookups about 2x slower), so they are not walked; the other classes'
forgeries are (``guard_unbuilt``), and forged views are checked by every consumer."""

NOT_WALKED: dict[str, str] = {
    "spades_rules.CompiledTables": "built by Rules only (read as rules.tables): its constructor refuses every call",
    "spades_rules.cli.main": "the command line: argparse exits with status 2 on bad argv (tests/test_cli.py)",
    "spades_rules.simulation.cli.": "the match command's argparse hooks, given the CLI's own parser and namespace",
    "spades_rules.bots.Bot": "a typing Protocol, not a callable",
    "spades_rules.pettingzoo.SingleAgentEnv.get_wrapper_attr": "Gymnasium's inherited wrapper plumbing",
    "spades_rules.pettingzoo.SingleAgentEnv.has_wrapper_attr": "Gymnasium's inherited wrapper plumbing",
    "spades_rules.pettingzoo.SingleAgentEnv.set_wrapper_attr": "Gymnasium's inherited wrapper plumbing",
    "spades_rules.pettingzoo.raw_env.last": "PettingZoo's inherited AECEnv.last",
    "spades_rules.batch.vector.BatchVectorEnv.render": "Gymnasium's inherited VectorEnv.render (not implemented)",
    "spades_rules.pettingzoo.raw_env.state": "PettingZoo's inherited AECEnv.state (not implemented by design)",
    "spades_rules.openspiel.SpadesObserver.": "pyspiel's observer protocol, called by pyspiel with its own objects",
    "spades_rules.openspiel.SpadesGame.make_py_observer": "pyspiel's observer protocol (pyspiel passes its types)",
    "spades_rules.state.played_masks": "observe's hot-path helper over the engine's own tricks",
    "spades_rules.openspiel.SpadesObserver": "made by pyspiel (make_py_observer), with pyspiel's own objects",
    "spades_rules.openspiel.SpadesState": "made by pyspiel (new_initial_state); resample_from_infostate is "
    "called by pyspiel's search with its own sampler (tests/test_openspiel_search.py)",
    "spades_rules.openspiel.LibraryBot": "a pyspiel.Bot wrapper made by as_bot, which is walked",
    "spades_rules.strategies.play_randomly": "plays on until the game ends: with the sample's game to 500 and "
    "max_actions=None that is documented to take practically for ever",
    # not done yet: these still let untyped errors out
}
"""Public callables the walk leaves out, each with the reason."""


def walked_targets() -> list[Target]:
    """The targets the walk calls: every public callable but :data:`NOT_WALKED` and those without sample
    arguments (a test lists those)."""
    sample = samples()
    return [
        target for target in targets()
        if not target.name.startswith(tuple(NOT_WALKED)) and arguments(target, {**sample, **own_fields(target.call)})
    ]


def walk_labels(*, quick: bool) -> list[str]:
    """The hostile values' labels a walk tries: :data:`QUICK_LABELS`, or all but the unguarded forgeries."""
    if quick:
        return list(QUICK_LABELS)
    return [label for label in hostile_values() if label not in UNGUARDED_FORGERIES]

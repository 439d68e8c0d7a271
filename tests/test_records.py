"""Records: dict / JSON / text round trips, replay, a corpus of broken records (all RecordError), and time linear
in a record's size."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from _fixtures import random_game
from spades_rules import (
    Bid,
    Deal,
    Exchange,
    GameState,
    Phase,
    Play,
    RecordError,
    Redeal,
    Rules,
    apply,
    legal_actions,
    new_game,
)
from spades_rules.records import (
    RECORD_FORMAT,
    dumps,
    format_action,
    from_dict,
    loads,
    parse_action,
    replay,
    to_dict,
)

EXTRA_RULES = {
    "blind_nil_always": Rules.standard().evolve(blind_nil_deficit=None),
    "jokers_deuces": Rules.jokers("joker_joker_deuce_deuce").evolve(blind_nil_deficit=None, first_lead="lowest_club"),
    "house": Rules.standard().evolve(
        removed_cards=(), redeal_on=("no_face_cards",), losing_score=-200, bag_overflow="reset", target_score=300
    ),
}
ALL_RULES = {**Rules.presets(), **EXTRA_RULES}


@pytest.fixture(scope="module")
def games() -> dict[str, list[list[GameState]]]:
    return {
        name: [random_game(rules, seed, dealer=seed % rules.players) for seed in range(2)]
        for name, rules in ALL_RULES.items()
    }


# ------------------------------------------------------------------------------------ round trips
@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_whole_games_round_trip(games: dict[str, list[list[GameState]]], name: str) -> None:
    for game in games[name]:
        state = game[-1]
        assert state.is_over
        record = to_dict(state)
        assert from_dict(record) == state
        assert from_dict(json.loads(json.dumps(record))) == state
        assert loads(dumps(state)) == state
        assert loads(json.dumps(record)) == state
        assert hash(from_dict(record)) == hash(state)


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_every_prefix_round_trips(games: dict[str, list[list[GameState]]], name: str) -> None:
    """A record may end anywhere: mid-draw, mid-bidding, mid-trick, between hands."""
    game = games[name][0]
    for state in game[:: max(1, len(game) // 12)] + game[-3:]:
        assert from_dict(json.loads(json.dumps(to_dict(state)))) == state
        assert loads(dumps(state)) == state


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_replay_yields_every_state(games: dict[str, list[list[GameState]]], name: str) -> None:
    game = games[name][1]
    assert list(replay(to_dict(game[-1]))) == game
    assert list(replay(dumps(game[-1]))) == game


def test_truncated_actions_load_to_that_state(games: dict[str, list[list[GameState]]]) -> None:
    game = games["standard"][0]
    record = to_dict(game[-1])
    for k in range(0, len(game), 7):
        assert from_dict({**record, "length": k, "actions": record["actions"][:k]}) == game[k]
        unannounced = {key: value for key, value in record.items() if key != "length"}
        assert from_dict({**unannounced, "actions": record["actions"][:k]}) == game[k]


def test_a_record_cut_short_is_refused(games: dict[str, list[list[GameState]]]) -> None:
    """A record announces its length, so losing its last actions is an error, not a game in progress."""
    record = to_dict(games["standard"][0][-1])
    for k in (0, 1, 57, len(record["actions"]) - 1):
        with pytest.raises(RecordError, match="truncated") as info:
            from_dict({**record, "actions": record["actions"][:k]})
        assert info.value.where == f"actions[{k}]"
    text = dumps(games["standard"][0][-1])
    lines = text.splitlines()
    last_trick = max(i for i, line in enumerate(lines) if line.startswith("trick"))
    cut = "\n".join(lines[:last_trick])
    with pytest.raises(RecordError, match="truncated"):
        loads(cut)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_first_dealer_is_recorded_at_every_stage(dealer: int) -> None:
    game = random_game(Rules.standard(), 11, dealer=dealer)
    between = next(state for state in game if state.hands_played == 1 and state.phase is Phase.DEAL)
    for state in (game[0], game[1], between, game[-1]):
        assert to_dict(state)["dealer"] == dealer
        assert from_dict(to_dict(state)) == state


SUITED_HANDS = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
]


def test_a_redeal_keeps_the_dealer_in_the_record() -> None:
    rules = Rules.standard().evolve(redeal_on="no_spades")
    state = apply(new_game(rules, dealer=2), Deal.from_hands(rules, 2, SUITED_HANDS))
    state = apply(state, Redeal(1))
    state = apply(state, Deal.shuffled(rules, 4))
    state = apply(state, legal_actions(state)[3])
    record = to_dict(state)
    assert record["dealer"] == 2
    assert "1:redeal" in record["actions"]
    assert from_dict(record) == state
    text = dumps(state)
    assert "redeal 1" in text
    assert loads(text) == state


def test_a_blind_nil_and_exchange_round_trip() -> None:
    rules = Rules.standard().evolve(blind_nil_deficit=None)
    state = apply(new_game(rules), Deal.shuffled(rules, 9))
    state = apply(state, Bid.blind_nil(1))
    for seat, tricks in ((2, 3), (3, 2), (0, 4)):
        state = apply(state, Bid(seat, tricks))
    assert state.phase is Phase.EXCHANGE
    state = apply(state, legal_actions(state)[0])
    state = apply(state, legal_actions(state)[-1])
    record = to_dict(state)
    assert record["actions"][1] == "1:blind"
    assert record["actions"][5].startswith("1:pass ")
    assert from_dict(record) == state
    text = dumps(state)
    assert "bid 1:blind 2:3 3:2 0:4" in text
    assert loads(text) == state


def test_new_game_with_scores_round_trips() -> None:
    state = new_game(Rules.individual(3), dealer=1, scores=[120, -40, 5], bags=[3, 0, 9])
    record = to_dict(state)
    assert record == {
        "format": RECORD_FORMAT,
        "rules": {"players": 3, "partnerships": False},
        "dealer": 1,
        "scores": [120, -40, 5],
        "bags": [3, 0, 9],
        "length": 0,
        "actions": [],
    }
    assert from_dict(record) == state
    assert loads(dumps(state)) == state


def test_only_the_format_is_required() -> None:
    assert from_dict({"format": RECORD_FORMAT}) == new_game(Rules.standard())
    assert loads('[Format "spades_rules/1"]') == new_game(Rules.standard())


def test_text_records_are_readable() -> None:
    state = random_game(Rules.standard(), 3)[-1]
    text = dumps(state)
    lines = text.splitlines()
    assert lines[:5] == [
        '[Format "spades_rules/1"]',
        '[Rules {"max_hands": 2}]',
        "[Dealer 0]",
        "[Scores [0, 0]]",
        "[Bags [0, 0]]",
    ]
    assert sum(line.startswith("trick ") for line in lines) == 26
    assert sum(line.startswith("deal ") for line in lines) == 2
    assert any(line.startswith("# hand 2:") for line in lines)
    assert lines[-1].startswith("# game over")


def test_text_records_accept_comments_and_free_layout() -> None:
    state = random_game(Rules.standard(), 3)[40]
    record = to_dict(state)
    tokens = [action for action in record["actions"] if not action.startswith("deal")]
    assert all(":bid " in token or ":nil" in token or ":play " in token for token in tokens)
    text = '; a hand-written record\n[Format "spades_rules/1"]  # the version\n[Rules {"max_hands": 2}]\n\n'
    text += record["actions"][0] + "\n"
    for token in tokens:  # one action a line, in the text notation
        seat, rest = token.split(":")
        if rest.startswith("play "):
            text += f"trick {seat}:{rest[5:].lower()}   ; lower case cards read too\n"
        else:
            text += f"bid {seat}:{rest.removeprefix('bid ')}\n"
    assert loads(text) == state


@pytest.mark.parametrize(
    "action",
    [
        Play(0, "TS"),
        Play(3, "BJ"),
        Bid(1, 4),
        Bid(2, 17),
        Bid.nil(0),
        Bid.blind_nil(3),
        Exchange(1, "2C KH"),
        Exchange(1, ()),
        Redeal(4),
        Deal.shuffled(Rules.jokers(), 1),
    ],
)
def test_action_notation_round_trips(action: Any) -> None:
    assert parse_action(format_action(action)) == action


def test_format_action_refuses_non_actions() -> None:
    with pytest.raises(TypeError):
        format_action("0:play AS")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------ broken records
@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    state = random_game(Rules.standard(), 5)[-1]
    return to_dict(state)


Mutation = Callable[[dict[str, Any]], object]


def _set(key: str, value: object) -> Mutation:
    return lambda record: {**record, key: value}


def _drop(key: str) -> Mutation:
    return lambda record: {k: v for k, v in record.items() if k != key}


def _action(index: int, value: object) -> Mutation:
    def mutate(record: dict[str, Any]) -> object:
        actions = list(record["actions"])
        actions[index] = value
        return {**record, "actions": actions}

    return mutate


def _append(value: object) -> Mutation:
    return lambda record: {**record, "actions": [*record["actions"], value]}


def _with_key(record: dict[str, Any], key: object) -> object:
    broken: dict[object, object] = {key: 2}
    broken.update(record)
    return broken


def _tamper_deal(record: dict[str, Any]) -> object:
    cards = record["actions"][0].split()
    cards[5] = cards[6]  # a card twice, another missing
    return _action(0, " ".join(cards))(record)


def _swap_plays(record: dict[str, Any]) -> object:
    actions = list(record["actions"])
    actions[10], actions[11] = actions[11], actions[10]
    return {**record, "actions": actions}


BROKEN: dict[str, tuple[Mutation, str]] = {
    # the shape of the record
    "a list": (lambda record: [record], "record"),
    "a string": (lambda record: "spades", "record"),
    "None": (lambda record: None, "record"),
    "a number": (lambda record: 5, "record"),
    "unknown key": (_set("comment", "hi"), "record"),
    "non-string key": (lambda record: _with_key(record, 1), "record"),
    "missing format": (_drop("format"), "format"),
    "wrong format": (_set("format", "spades_rules/2"), "format"),
    "format as a number": (_set("format", 1), "format"),
    # rules
    "rules a list": (_set("rules", ["standard"]), "rules"),
    "unknown option": (_set("rules", {"trumps": "hearts"}), "rules"),
    "private option": (_set("rules", {"_tables": None}), "rules"),
    "option of the wrong type": (_set("rules", {"players": "4"}), "rules"),
    "float option": (_set("rules", {"target_score": 300.0}), "rules.target_score"),
    "bool for an int": (_set("rules", {"target_score": True}), "rules"),
    "huge option": (_set("rules", {"target_score": 10**100}), "rules.target_score"),
    "impossible rules": (_set("rules", {"players": 7}), "rules"),
    "bad removed card": (_set("rules", {"removed_cards": ["ZZ"]}), "rules"),
    "removed card a number": (_set("rules", {"removed_cards": [1]}), "rules"),
    "removed cards a number": (_set("rules", {"removed_cards": 1}), "rules"),
    "redeal_on unhashable": (_set("rules", {"redeal_on": [[1]]}), "rules.redeal_on"),
    "redeal_on unknown": (_set("rules", {"redeal_on": ["always"]}), "rules"),
    # header numbers
    "dealer too big": (_set("dealer", 4), "dealer"),
    "dealer negative": (_set("dealer", -1), "dealer"),
    "dealer a bool": (_set("dealer", True), "dealer"),
    "dealer a string": (_set("dealer", "0"), "dealer"),
    "dealer huge": (_set("dealer", 10**100), "dealer"),
    "scores too short": (_set("scores", [0]), "scores"),
    "scores a dict": (_set("scores", {"0": 0}), "scores"),
    "scores None": (_set("scores", None), "scores"),
    "score a float": (_set("scores", [0.5, 0]), "scores[0]"),
    "score huge": (_set("scores", [0, 10**40]), "scores[1]"),
    "bags negative": (_set("bags", [0, -1]), "bags[1]"),
    # actions
    "actions a string": (_set("actions", "deal"), "actions"),
    "actions a dict": (_set("actions", {"0": "deal"}), "actions"),
    "action a number": (_action(3, 57), "actions[3]"),
    "action None": (_action(3, None), "actions[3]"),
    "action a list": (_action(3, ["2:bid", 4]), "actions[3]"),
    "empty action": (_action(3, ""), "actions[3]"),
    "tampered deal": (_tamper_deal, "actions[0]"),
    "short deal": (_action(0, "deal AS KS"), "actions[0]"),
    "unknown card in the deal": (lambda r: _action(0, r["actions"][0].replace(" ", " ZZ ", 1))(r), "actions[0]"),
    "impossible bid": (_action(1, "1:bid 14"), "actions[1]"),
    "bid zero digits": (_action(1, "1:bid 0014"), "actions[1]"),
    "huge bid": (_action(1, "1:bid " + "9" * 5000), "actions[1]"),
    "negative bid": (_action(1, "1:bid -1"), "actions[1]"),
    "bid out of turn": (_action(1, "2:bid 3"), "actions[1]"),
    "seat 9": (_action(1, "9:nil"), "actions[1]"),
    "seat 4": (_action(1, "4:nil"), "actions[1]"),
    "truncated bid": (_action(1, "1:bid"), "actions[1]"),
    "truncated verb": (_action(1, "1:bi"), "actions[1]"),
    "truncated seat": (_action(1, "1:"), "actions[1]"),
    "truncated play": (_action(8, "0:play"), "actions[8]"),
    "two cards played": (_action(8, "0:play AS KS"), "actions[8]"),
    "unknown verb": (_action(8, "0:lead AS"), "actions[8]"),
    "words after nil": (_action(1, "1:nil please"), "actions[1]"),
    "a play in the bidding": (_action(1, "1:play AS"), "actions[1]"),
    "a bid in the play": (_action(8, "1:bid 3"), "actions[8]"),
    "a card not held": (lambda r: _action(5, "1:play " + _card_not_held(r, 1))(r), "actions[5]"),
    "plays swapped": (_swap_plays, "actions[10]"),
    "a deal mid-hand": (lambda r: _action(7, r["actions"][0])(r), "actions[7]"),
    "an action after the end": (_append("1:nil"), "actions[114]"),
    "a redeal not allowed": (_action(1, "1:redeal"), "actions[1]"),
    "a keep in a dealt game": (_action(1, "1:keep"), "actions[1]"),
    "an exchange uncalled for": (_action(5, "1:pass AS KS"), "actions[5]"),
}


def _card_not_held(record: dict[str, Any], seat: int) -> str:
    state = from_dict({**record, "length": 5, "actions": record["actions"][:5]})
    assert state.hand is not None
    held = set(state.hand.hand_of(seat))
    return next(str(card) for card in state.rules.deck if card not in held)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_records_raise_record_error_naming_where(record: dict[str, Any], name: str) -> None:
    mutate, where = BROKEN[name]
    broken = mutate(copy.deepcopy(record))
    with pytest.raises(RecordError) as info:
        from_dict(broken)
    assert info.value.where == where
    assert str(info.value).startswith(f"{where}: ")


def test_broken_action_messages_name_the_problem(record: dict[str, Any]) -> None:
    with pytest.raises(RecordError, match=r"^actions\[1\]: seat 1 cannot bid 14: bids run from 1 to 13$"):
        from_dict(_action(1, "1:bid 14")(record))
    with pytest.raises(RecordError, match=r"^actions\[1\]: '1:bi': unknown action 'bi'"):
        from_dict(_action(1, "1:bi")(record))
    with pytest.raises(RecordError, match=r"^format: unsupported format 'spades_rules/2'"):
        from_dict(_set("format", "spades_rules/2")(record))


BROKEN_TEXT: dict[str, tuple[object, str]] = {
    "bytes": (b'[Format "spades_rules/1"]', "record"),
    "None": (None, "record"),
    "empty": ("", "format"),
    "no format": ("[Dealer 1]\n", "format"),
    "not JSON": ("{not json", "record"),
    "JSON list": ("  {]", "record"),
    "JSON not a dict": ("[1, 2]", "line 1"),
    "deep JSON": ('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}", "record"),
    "deep JSON tag": ('[Format "spades_rules/1"]\n[Rules ' + "[" * 100_000 + "]" * 100_000 + "]", "line 2"),
    "huge JSON number": ('{"format": "spades_rules/1", "dealer": ' + "9" * 5000 + "}", "record"),
    "unknown tag": ('[Format "spades_rules/1"]\n[Event "club night"]\n', "line 2"),
    "duplicate tag": ('[Format "spades_rules/1"]\n[Dealer 1]\n[Dealer 2]\n', "line 3"),
    "bad tag value": ('[Format "spades_rules/1"]\n[Dealer one]\n', "line 2"),
    "tag without value": ('[Format "spades_rules/1"]\n[Dealer]\n', "line 2"),
    "wrong version": ('[Format "spades_rules/0"]\n', "format"),
    "unknown line": ('[Format "spades_rules/1"]\nhello world\n', "line 2"),
    "empty bid line": ('[Format "spades_rules/1"]\nbid\n', "line 2"),
    "bad bid token": ('[Format "spades_rules/1"]\nbid 1-4\n', "line 2, item 1"),
    "bad bid value": ('[Format "spades_rules/1"]\nbid 1:four\n', "line 2, item 1"),
    "bad draw value": ('[Format "spades_rules/1"]\ndraw 1:take\n', "line 2, item 1"),
    "bad redeal seat": ('[Format "spades_rules/1"]\nredeal one\n', "line 2, item 1"),
    "a bid before the deal": ('[Format "spades_rules/1"]\nbid 1:4\n', "line 2, item 1"),
}


@pytest.mark.parametrize("name", sorted(BROKEN_TEXT))
def test_broken_text_records_raise_record_error(name: str) -> None:
    text, where = BROKEN_TEXT[name]
    with pytest.raises(RecordError) as info:
        loads(text)  # type: ignore[arg-type]
    assert info.value.where == where


def test_text_errors_name_the_line_and_item(record: dict[str, Any]) -> None:
    state = from_dict(record)
    lines = dumps(state).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("trick "))
    seat = lines[at].split()[2].split(":")[0]
    lines[at] = lines[at].replace(f" {seat}:", f" {seat}:ZZ", 1)
    with pytest.raises(RecordError) as info:
        loads("\n".join(lines))
    assert info.value.where == f"line {at + 1}, item 2"
    assert "unknown card" in str(info.value)
    lines = dumps(state).splitlines()
    lines.insert(at, "[Dealer 1]")
    with pytest.raises(RecordError, match="tags must come before the actions"):
        loads("\n".join(lines))


def test_replay_checks_the_header_at_once_and_actions_as_reached(record: dict[str, Any]) -> None:
    with pytest.raises(RecordError):
        replay({**record, "format": "x"})
    states = replay(_action(9, "0:play ZZ")(record))  # type: ignore[arg-type]
    for _ in range(10):  # the new game, then the states after actions 0-8
        next(states)
    with pytest.raises(RecordError, match=r"^actions\[9\]"):
        next(states)


def test_random_corruptions_only_ever_raise_record_error(record: dict[str, Any]) -> None:
    """Fuzz: flip characters of the JSON and the text records; loading succeeds or raises RecordError."""
    rng = random.Random(2024)
    sources = [json.dumps(record), dumps(from_dict(record))]
    alphabet = '0123456789 :"[]{},-.ASKQJTHDCBLnilbdpayeskrjct\n#;'
    outcomes = {"ok": 0, "error": 0}
    for i in range(300):
        text = list(sources[i % 2])
        for _ in range(rng.randint(1, 3)):
            text[rng.randrange(len(text))] = rng.choice(alphabet)
        try:
            loads("".join(text))
        except RecordError:
            outcomes["error"] += 1
        else:
            outcomes["ok"] += 1
    assert outcomes["error"] > 100


def _nested(depth: int) -> list[object]:
    top: list[object] = []
    current = top
    for _ in range(depth):
        inner: list[object] = []
        current.append(inner)
        current = inner
    return top


@pytest.mark.parametrize(
    "broken",
    [
        {"format": RECORD_FORMAT, "dealer": _nested(3000)},
        {"format": RECORD_FORMAT, "scores": _nested(3000)},
        {"format": RECORD_FORMAT, "rules": {"min_bid": _nested(3000)}},
        {"format": RECORD_FORMAT, "scores": [10**5000, 0]},
        {"format": RECORD_FORMAT, "rules": {"target_score": 10**5000}},
        {"format": 10**5000},
        {"format": RECORD_FORMAT, 10**5000: 1},
        {"format": RECORD_FORMAT, "length": 10**5000},
        {"format": RECORD_FORMAT, "rules": {"players": list(range(100_000))}},
        {"format": RECORD_FORMAT, "actions": ["deal " + "X" * 100_000]},
    ],
    ids=["deep dealer", "deep scores", "deep option", "huge score", "huge option", "huge format", "huge key",
         "huge length", "long option list", "long card"],
)
def test_pathological_records_raise_short_record_errors(broken: dict[object, object]) -> None:
    """Deep nesting and huge numbers are refused with RecordError, with a message of bounded length
    (never RecursionError or Python's int-to-str ValueError)."""
    with pytest.raises(RecordError) as info:
        from_dict(broken)
    assert len(str(info.value)) < 400


def test_json_nested_just_under_the_parser_limit_is_a_record_error() -> None:
    text = '{"format": "spades_rules/1", "rules": {"min_bid": ' + "[" * 990 + "]" * 990 + "}}"
    with pytest.raises(RecordError):  # from the JSON parser or the rules check, by the stack depth left
        loads(text)


def test_a_byte_order_mark_is_ignored() -> None:
    state = new_game(Rules.standard())
    assert loads("\ufeff" + dumps(state)) == state


# ---------------------------------------------------------------------------------------- linear in their size
def _long_record(hands: int, redeals_per_hand: int) -> GameState:
    """A game of ``hands`` hands, each redealt ``redeals_per_hand`` times first (random play)."""
    rules = Rules.standard().evolve(redeal_on=("no_spades", "one_or_no_spades", "no_face_cards"), max_hands=hands)
    state, rng = new_game(rules), random.Random(hands)
    redeals = 0
    while not state.is_over:
        actions = legal_actions(state)
        if not actions:
            state = apply(state, Deal.shuffled(rules, rng))
            continue
        calls = [action for action in actions if isinstance(action, Redeal)]
        if calls and redeals < redeals_per_hand:
            state, redeals = apply(state, calls[0]), redeals + 1
            continue
        if isinstance(actions[0], Bid):
            redeals = 0
        state = apply(state, rng.choice([action for action in actions if not isinstance(action, Redeal)]))
    return state


def test_records_load_and_dump_without_rebuilding_the_history(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading, dumping and replaying a record is linear in its size: no step rebuilds the tuple of the game's
    past actions or finished hands (a redeal or a finished hand used to copy the whole history, and 64,000
    redeals took 37.6 s to load). Counted, not timed: the tuples are built as often for 3 hands as for 30."""
    from spades_rules._core.chain import Chain

    built: list[int] = []
    items = Chain.__dict__["items"].fget

    def counted(chain: Chain[object]) -> tuple[object, ...]:
        if chain._items is None:  # a tuple about to be built
            built.append(len(chain))
        return items(chain)  # type: ignore[no-any-return]

    monkeypatch.setattr(Chain, "items", property(counted))
    counts = []
    for hands in (3, 30):
        state = _long_record(hands, redeals_per_hand=2)
        assert state.hands_played == hands
        built.clear()
        text, record = dumps(state), to_dict(state)
        assert loads(text) == state and from_dict(record) == state
        assert [after.hands_played for after in replay(record)][-1] == hands
        counts.append(len(built))
    assert counts[0] == counts[1] <= 12, counts


def test_a_finished_hand_and_a_redeal_extend_the_history_without_copying_it() -> None:
    """The game's past actions and results grow by links: ``apply`` never rebuilds the tuple of the history."""
    state = _long_record(3, redeals_per_hand=2)
    start = new_game(state.rules)
    extended = 0
    for action in state.history:
        before, start = start._match, apply(start, action)  # the game record's chains are the subject
        after = start._match
        if after.past_actions is not before.past_actions:
            assert after.past_actions._before is before.past_actions  # one link more
            assert after.past_actions._items is None  # nothing materialized
            extended += 1
    assert extended >= 3 + 1  # a link per finished hand, and one per redeal
    assert start == state and state.past_actions == state.history[: len(state.past_actions)]
    assert state.last_result == state.results[-1] and state.hands_played == len(state.results) == 3


def test_read_json_checks_size_and_depth_before_parsing() -> None:
    from spades_rules.records import MAX_JSON_DEPTH, read_json

    assert read_json('{"a": [1, {"b": "[[[["}]}') == {"a": [1, {"b": "[[[["}]}  # brackets in strings are text
    assert read_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH) is not None
    for text, words in [
        ("[" * 1500 + "]" * 1500, "nested more than 64 deep"),      # json.loads: RecursionError
        ("[" * 100_000, "nested more than 64 deep"),
        ('"' + "x" * 20, "not valid JSON"),
        ("x" * 101, "at most 100 characters"),
    ]:
        with pytest.raises(RecordError, match=words) as info:
            read_json(text, limit=100 if len(text) == 101 else 10**6)
        assert info.value.where == "json"
    with pytest.raises(RecordError, match="must be a str"):
        read_json(b"[]")
    with pytest.raises(RecordError, match="record: nested more than"):
        loads("{" + '"a":{' * 2000 + "}" * 2001)

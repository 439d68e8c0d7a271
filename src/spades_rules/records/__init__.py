"""Game records: a JSON-safe dict (:func:`to_dict` / :func:`from_dict`), a readable text record
(:func:`dumps` / :func:`loads`) and :func:`replay`.

A record is the rules, the first dealer, the starting scores and bags, and every action since
:func:`~spades_rules.engine.new_game`, deals included. Loading replays the actions through
:func:`~spades_rules.engine.apply`, so a tampered record can never produce an illegal state: anything
wrong raises :class:`~spades_rules.errors.RecordError` naming where (``actions[57]``, ``line 12``, ``rules``
...), and no other exception. A record may end anywhere (mid-hand, between hands, at game over): it loads
to exactly that state. Its ``length`` (the ``[Length]`` tag of a text record) says how many actions it
holds, so a record cut short (or padded) is refused rather than read as a game in progress.

The dict form (``format`` ``"spades_rules/1"``)::

    {"format": "spades_rules/1", "rules": {"max_hands": 2}, "dealer": 0,
     "scores": [0, 0], "bags": [0, 0], "length": 61,
     "actions": ["deal 7H 2C ...", "1:bid 4", "2:nil", "3:blind", "0:bid 3", "3:pass AS KH",
                 "1:pass 2C 3C", "1:play AS", ...]}

``rules`` holds the options that differ from the defaults (:meth:`Rules.changes`). Only ``format`` is
required; the other keys default to standard rules, dealer 0, zero scores and bags, no actions, and no
length check (for hand-written records). Unknown keys are refused. The actions are in their one
notation, ``str(action)`` (see :mod:`spades_rules.actions`): ``deal <cards>``, ``<seat>:bid <n>``,
``<seat>:nil``, ``<seat>:blind`` (blind nil), ``<seat>:blind <n>`` (a blind bid of n), ``<seat>:play <card>``,
``<seat>:keep`` / ``<seat>:reject`` (two-player draw), ``<seat>:pass <cards>`` (an exchange after a nil),
``<seat>:redeal``.

The text form is PGN-like: tag lines whose values are JSON, then one line per deal, per round of bids
and per trick; ``#`` or ``;`` starts a comment (the writer adds the score after each hand)::

    [Format "spades_rules/1"]
    [Rules {"max_hands": 2}]
    [Dealer 0]
    [Scores [0, 0]]
    [Bags [0, 0]]
    [Length 61]

    # hand 1, dealer 0
    deal 7H 2C 9S ...
    bid 1:4 2:nil 3:3 0:3
    trick 1:AS 2:KS 3:2S 0:3S
    ...

Line keywords: ``deal <cards>``, ``draw <seat>:keep|reject ...``, ``bid <seat>:<n>|nil|blind|blind<n> ...``,
``redeal <seat>``, ``pass <seat>:<card>,<card> ...``, ``trick <seat>:<card> ...``: a token is the action's
notation grouped under its line (``trick 1:AS`` holds ``1:play AS``). The text is written by a visitor of
:func:`~spades_rules.records.walk.walk`, the walk the command line's printer uses too. How actions are split
into lines is free (the writer's grouping is only for reading); their order is the game's.

>>> import json
>>> from spades_rules import Rules, Deal, Bid, new_game, apply
>>> rules = Rules.standard().evolve(max_hands=1)
>>> state = apply(apply(new_game(rules, dealer=3), Deal.shuffled(rules, 5)), Bid(0, 4))
>>> record = to_dict(state)
>>> record["format"], record["rules"], record["dealer"], record["actions"][1]
('spades_rules/1', {'max_hands': 1}, 3, '0:bid 4')
>>> from_dict(json.loads(json.dumps(record))) == state
True
>>> loads(dumps(state)) == state
True
>>> print(dumps(state).splitlines()[-1])
bid 0:4
>>> record["actions"][1] = "0:bid 14"
>>> from_dict(record)
Traceback (most recent call last):
...
spades_rules.errors.RecordError: actions[1]: seat 0 cannot bid 14: bids run from 1 to 13
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

import attrs

from spades_rules._core.checks import not_a_state, not_an_action
from spades_rules._core.fields import MAX_NUMBER
from spades_rules._core.messages import clip, describe
from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange, Play, Redeal, parse_action
from spades_rules.engine import apply, new_game
from spades_rules.errors import ArgumentTypeError, RecordError, SpadesError
from spades_rules.records.walk import GameVisitor, Step, walk
from spades_rules.rules import Rules
from spades_rules.state import GameState

__all__ = [
    "MAX_JSON_DEPTH",
    "MAX_TEXT",
    "RECORD_FORMAT",
    "dumps",
    "format_action",
    "from_dict",
    "loads",
    "parse_action",
    "read_json",
    "replay",
    "to_dict",
    "visit",
]

RECORD_FORMAT: Final = "spades_rules/1"
"""The format version written by :func:`to_dict` and :func:`dumps`, and the only one they read."""

_KEYS: Final = ("format", "rules", "dealer", "scores", "bags", "length", "actions")
_TAGS: Final = {
    "Format": "format", "Rules": "rules", "Dealer": "dealer", "Scores": "scores", "Bags": "bags", "Length": "length",
}
_NUMBER: Final = re.compile(r"[0-9]{1,3}\Z")
_TAG_LINE: Final = re.compile(r"\[([A-Za-z]+)\s+(.*)\]\Z")
_TOKEN: Final = re.compile(r"([0-9]):(\S*)\Z")
_LINE_KINDS: Final = ("deal", "draw", "bid", "redeal", "pass", "trick")
MAX_TEXT: Final = 10_000_000
"""The longest record text :func:`loads` reads, in characters (a real game is a few kilobytes): a longer
one is a :class:`~spades_rules.errors.RecordError`, read no further."""


MAX_JSON_DEPTH: Final = 64
"""The deepest nesting of arrays and objects :func:`read_json` reads (a record nests five deep)."""

_JSON_TOKENS: Final = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')
"""A JSON string (skipped whole, so a bracket inside one is no nesting) or one bracket."""


def read_json(text: object, *, limit: int = MAX_TEXT, depth: int = MAX_JSON_DEPTH, where: str = "json") -> Any:
    """``text`` parsed as JSON, for text from outside (a client's message, a file): its size and nesting are
    checked before it is parsed, so no text of any shape reaches Python's parser deeper than ``depth`` (where
    ``json.loads`` would raise :class:`RecursionError`) or longer than ``limit`` characters, and anything it
    refuses is a :class:`~spades_rules.errors.RecordError` (its ``where`` is ``where``). Every loader of
    text in the library reads JSON with it.

    >>> read_json('{"type": "bid", "seat": 1, "tricks": 4}')
    {'type': 'bid', 'seat': 1, 'tricks': 4}
    >>> read_json("[" * 1500 + "]" * 1500)
    Traceback (most recent call last):
    ...
    spades_rules.errors.RecordError: json: nested more than 64 deep
    >>> read_json('{"seat": 1', limit=100)
    Traceback (most recent call last):
    ...
    spades_rules.errors.RecordError: json: not valid JSON: Expecting ',' delimiter: line 1 column 11 (char 10)
    """
    for name, value in (("limit", limit), ("depth", depth)):
        if type(value) is not int or value < 0:
            raise ArgumentTypeError(f"read_json({name}=...) must be an int >= 0, not {describe(value)}")
    if not isinstance(where, str):
        raise ArgumentTypeError(f"read_json(where=...) must be a str, not {describe(where)}")
    if not isinstance(text, str):
        raise RecordError(f"JSON text must be a str, not {type(text).__name__}", where=where)
    if len(text) > limit:
        raise RecordError(f"at most {limit:,} characters of JSON are read; this text has {len(text):,}", where=where)
    nesting = 0
    for token in _JSON_TOKENS.finditer(text):
        bracket = token[0]
        if bracket in "[{":
            nesting += 1
            if nesting > depth:
                raise RecordError(f"nested more than {depth} deep", where=where)
        elif bracket in "]}":
            nesting -= 1
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise RecordError(f"not valid JSON: {error}", where=where) from None


# ------------------------------------------------------------------------------------ actions
def format_action(action: Action) -> str:
    """The record notation of one action: ``str(action)`` (the dict form's ``actions`` items), read back
    by :func:`~spades_rules.actions.parse_action`.

    >>> format_action(Bid(2, 4)), format_action(Bid.nil(1)), format_action(Bid.blind_nil(3))
    ('2:bid 4', '1:nil', '3:blind')
    >>> format_action(Play(0, "10S")), format_action(Exchange(1, "KH 2C")), format_action(Redeal(2))
    ('0:play TS', '1:pass 2C KH', '2:redeal')
    """
    if not isinstance(action, Deal | DrawDecision | Redeal | Bid | Exchange | Play):
        raise not_an_action(action, "format_action")
    return str(action)


def _show(text: object, limit: int = 60) -> str:
    return describe(text, limit)


# ------------------------------------------------------------------------------------ the record
@attrs.frozen(kw_only=True)
class _Record:
    """A checked record header and its actions as ``(where, notation)`` pairs, not yet replayed."""

    rules: Rules
    dealer: int
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    actions: tuple[tuple[str, str], ...]


def to_dict(state: GameState) -> dict[str, Any]:
    """The record of ``state`` as a JSON-safe dict; :func:`from_dict` rebuilds an equal state.

    >>> from spades_rules import Rules, new_game
    >>> to_dict(new_game(Rules.jokers(), dealer=2, scores=[100, -20]))  # doctest: +NORMALIZE_WHITESPACE
    {'format': 'spades_rules/1', 'rules': {'with_jokers': True}, 'dealer': 2, 'scores': [100, -20],
     'bags': [0, 0], 'length': 0, 'actions': []}
    """
    if type(state) is not GameState:
        raise not_a_state(state, "to_dict")
    history = state.history
    return {
        "format": RECORD_FORMAT,
        "rules": state.rules.changes(),
        "dealer": state.first_dealer,
        "scores": list(state.initial_scores),
        "bags": list(state.initial_bags),
        "length": len(history),
        "actions": [format_action(action) for action in history],
    }


def from_dict(data: object) -> GameState:
    """The state a record describes, rebuilt by replaying its actions; :class:`RecordError` if anything
    is wrong (and never another exception)."""
    return _last(_replay(_record_from_dict(data)))


def replay(record: Mapping[str, Any] | str) -> Iterator[GameState]:
    """Every state of a recorded game in order: the new game, then the state after each action.

    ``record`` is a dict (:func:`to_dict`) or a text (:func:`dumps`, or the dict as JSON). The header is
    checked at once; each action is checked when reached, so a broken action raises
    :class:`RecordError` after the states before it have been yielded.

    >>> from spades_rules import Rules, Deal, new_game, apply
    >>> state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 3))
    >>> [s.phase.value for s in replay(dumps(state))]
    ['deal', 'bid']
    """
    if isinstance(record, str):
        return _replay(_record_from_text(record))
    return _replay(_record_from_dict(record))


def visit(record: Mapping[str, Any] | str, visitor: GameVisitor) -> GameState:
    """Replay a record (a dict or a text, as :func:`replay` reads them), feeding every step to
    ``visitor`` (see :mod:`spades_rules.records.walk`); the final state. The command line's ``replay`` prints a
    record this way, and :func:`dumps` writes one.

    >>> from spades_rules import Rules, Deal, new_game, apply
    >>> from spades_rules.records.walk import GameVisitor
    >>> class Hands(GameVisitor):
    ...     def begin_hand(self, state: GameState) -> None:
    ...         print("hand", state.hands_played + 1, "dealt by", state.dealer)
    >>> state = apply(new_game(Rules.standard(), dealer=2), Deal.shuffled(Rules.standard(), 3))
    >>> visit(to_dict(state), Hands()) == state
    hand 1 dealt by 2
    True
    """
    parsed = _record_from_text(record) if isinstance(record, str) else _record_from_dict(record)
    start = _start(parsed)
    return walk(_steps(start, parsed.actions), visitor, start=start)


def _last(states: Iterator[GameState]) -> GameState:
    (state,) = deque(states, maxlen=1)
    return state


def _start(record: _Record) -> GameState:
    try:
        return new_game(record.rules, dealer=record.dealer, scores=record.scores, bags=record.bags)
    except SpadesError as error:  # starting scores that end the game, bags over the limit
        raise RecordError(str(error), where="record") from None


def _replay(record: _Record) -> Iterator[GameState]:
    start = _start(record)
    yield start
    for _, _, after in _steps(start, record.actions):
        yield after


def _steps(state: GameState, actions: Iterable[tuple[str, str | Action]]) -> Iterator[Step]:
    """Apply ``actions`` (each a notation or an action, with where it comes from) one by one."""
    for where, item in actions:
        try:
            action = parse_action(item) if isinstance(item, str) else item
        except RecordError as error:
            raise RecordError(str(error), where=where) from None
        try:
            after = apply(state, action)
        except (SpadesError, TypeError, ValueError) as error:
            raise RecordError(str(error), where=where) from None
        yield state, action, after
        state = after


# ------------------------------------------------------------------------------------ checking a dict
def _record_from_dict(data: object) -> _Record:
    if not isinstance(data, Mapping):
        raise RecordError(f"a record must be a dict, not {type(data).__name__}", where="record")
    for key in data:
        if key not in _KEYS:
            raise RecordError(f"unknown key {_show(key)}; a record has {', '.join(_KEYS)}", where="record")
    if "format" not in data:
        raise RecordError(f"missing; expected {describe(RECORD_FORMAT)}", where="format")
    if data["format"] != RECORD_FORMAT or type(data["format"]) is not str:
        raise RecordError(
            f"unsupported format {_show(data['format'])}; expected {describe(RECORD_FORMAT)}", where="format"
        )
    rules = _rules_from(data.get("rules", {}))
    dealer = data.get("dealer", 0)
    if type(dealer) is not int or not 0 <= dealer < rules.players:
        raise RecordError(f"must be a seat 0-{rules.players - 1}, not {_show(dealer)}", where="dealer")
    scores = _per_side(data, "scores", rules, minimum=-MAX_NUMBER)
    bags = _per_side(data, "bags", rules, minimum=0)
    actions = data.get("actions", [])
    if not isinstance(actions, list | tuple):
        raise RecordError(f"must be a list of action strings, not {type(actions).__name__}", where="actions")
    _check_length(data.get("length"), len(actions))
    listed = tuple((f"actions[{i}]", text) for i, text in enumerate(actions))
    return _Record(rules=rules, dealer=dealer, scores=scores, bags=bags, actions=listed)


def _check_length(length: object, found: int) -> None:
    if length is None:
        return
    if type(length) is not int or not 0 <= length <= MAX_TEXT:
        raise RecordError(f"must be the number of actions, not {_show(length)}", where="length")
    if length != found:
        raise RecordError(
            f"the record announces {length} actions but holds {found}: it is truncated or padded",
            where=f"actions[{min(length, found)}]",
        )


def _rules_from(options: object) -> Rules:
    if not isinstance(options, Mapping):
        raise RecordError(f"must be a dict of options, not {type(options).__name__}", where="rules")
    for name, value in options.items():
        if not isinstance(name, str):
            raise RecordError(f"option names are strings, not {_show(name)}", where="rules")
        if not _plain(value):
            raise RecordError(
                f"must be a number, a string, true/false/null or a list of strings, not {_show(value)}",
                where=f"rules.{name[:40]}",
            )
    try:
        return Rules.standard().evolve(**options)
    except (SpadesError, TypeError, ValueError, RecursionError) as error:
        raise RecordError(clip(str(error), 300), where="rules") from None


def _plain(value: object) -> bool:
    """A JSON scalar of sane size, or a short flat list of them: all an option value can be."""
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, str):
        return len(value) <= 100
    if type(value) is int:
        return -(10**12) < value < 10**12
    if isinstance(value, list | tuple):
        return len(value) <= 60 and all(isinstance(item, str | int) and _plain(item) for item in value)
    return False


def _per_side(data: Mapping[str, Any], key: str, rules: Rules, *, minimum: int) -> tuple[int, ...]:
    values = data.get(key)
    if values is None and key not in data:
        return (0,) * rules.num_sides
    if not isinstance(values, list | tuple) or len(values) != rules.num_sides:
        raise RecordError(f"must be a list of {rules.num_sides} integers, one per side, not {_show(values)}", where=key)
    for i, value in enumerate(values):
        if type(value) is not int or not minimum <= value <= MAX_NUMBER:
            raise RecordError(
                f"must be an integer from {minimum} to {MAX_NUMBER}, not {_show(value)}", where=f"{key}[{i}]"
            )
    return tuple(values)


# ------------------------------------------------------------------------------------ text records
def dumps(state: GameState) -> str:
    """The readable text record of ``state``; :func:`loads` reads it back to an equal state.

    The text is written by replaying the state's history (one :func:`~spades_rules.records.walk.walk`, shared
    with the command line's printer), so ``state`` must be reachable from its start by its history: every
    state :func:`~spades_rules.engine.apply` makes is, a world from
    :func:`~spades_rules.views.sample_deal` is not (:class:`RecordError`).
    """
    if type(state) is not GameState:
        raise not_a_state(state, "dumps")
    record = to_dict(state)
    writer = _TextWriter()
    writer.lines += [
        f"[Format {json.dumps(RECORD_FORMAT)}]",
        f"[Rules {json.dumps(record['rules'])}]",
        f"[Dealer {record['dealer']}]",
        f"[Scores {json.dumps(record['scores'])}]",
        f"[Bags {json.dumps(record['bags'])}]",
        f"[Length {record['length']}]",
        f"# {state.rules!r}",
    ]
    start = new_game(state.rules, dealer=state.first_dealer, scores=state.initial_scores, bags=state.initial_bags)
    history = ((f"actions[{at}]", action) for at, action in enumerate(state.history))
    if walk(_steps(start, history), writer, start=start) != state:
        raise RecordError("the state's history does not lead to it from its start (a sampled world?)", where="state")
    return "\n".join(writer.lines) + "\n"


_LINE_OF_VERB: Final = {
    "play": "trick", "bid": "bid", "nil": "bid", "blind": "bid", "keep": "draw", "reject": "draw", "pass": "pass",
    "redeal": "redeal",
}
"""The text record's line keyword for each verb of the action notation."""


def _line_token(action: Action) -> tuple[str, str]:
    """The text record's line keyword and token for a non-deal action, from its notation
    (``1:play AS`` -> ``trick 1:AS``, ``2:bid 4`` -> ``bid 2:4``, ``3:pass AS KH`` -> ``pass 3:AS,KH``)."""
    head, _, rest = str(action).partition(" ")
    seat, _, verb = head.partition(":")
    kind = _LINE_OF_VERB[verb]
    if kind == "redeal":
        return kind, seat
    if verb == "blind" and rest:  # a blind number: '2:blind 6' -> 'bid 2:blind6'
        return kind, f"{seat}:blind{rest}"
    return kind, f"{seat}:{rest.replace(' ', ',') if rest or verb == 'pass' else verb}"


class _TextWriter(GameVisitor):
    """Writes the text record's lines: one per deal, per run of draws or bids, per exchange and per trick,
    with a comment when a hand begins and one with the score when it ends."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.group: list[str] = []
        self.kind = ""

    def flush(self) -> None:
        if self.group:
            self.lines.append(" ".join([self.kind, *self.group]))
            self.group.clear()
        self.kind = ""

    def begin_hand(self, state: GameState) -> None:
        self.flush()
        self.lines += ["", f"# hand {state.hands_played + 1}, dealer {state.dealer}"]

    def visit_action(self, before: GameState, action: Action, after: GameState) -> None:
        if isinstance(action, Deal):
            self.lines.append(str(action))
            return
        kind, token = _line_token(action)
        new_trick = isinstance(action, Play) and before.hand is not None and not before.hand.trick_cards
        if kind != self.kind or new_trick or (kind == "draw" and len(self.group) == _DRAWS_PER_LINE):
            self.flush()
            self.kind = kind
        self.group.append(token)
        if isinstance(action, Redeal):
            self.flush()
            self.lines.append("# redeal: the same dealer deals again")

    def end_hand(self, state: GameState) -> None:
        self.flush()
        result = state.last_result
        assert result is not None  # a hand has just been scored
        self.lines.append(
            f"# hand {state.hands_played}: tricks {' '.join(map(str, result.tricks_won))}; "
            f"points {' '.join(map(str, result.totals))}; scores {' '.join(map(str, state.scores))}; "
            f"bags {' '.join(map(str, result.bags_after))}"
        )

    def end_game(self, state: GameState) -> None:
        self.flush()
        if state.is_over:
            self.lines.append("# game over: " + ("a draw" if state.winner is None else f"side {state.winner} wins"))


_DRAWS_PER_LINE: Final = 13


def loads(text: str) -> GameState:
    """The state a text record describes (:func:`dumps`; the dict record as JSON is read too).

    Raises :class:`RecordError` naming the line (or the JSON key) on anything wrong.

    >>> loads('[Format "spades_rules/1"]\\n[Dealer 9]')
    Traceback (most recent call last):
    ...
    spades_rules.errors.RecordError: dealer: must be a seat 0-3, not 9
    """
    return _last(_replay(_record_from_text(text)))


def _record_from_text(text: object) -> _Record:
    if not isinstance(text, str):
        raise RecordError(f"a text record must be a str, not {type(text).__name__}", where="record")
    text = text.removeprefix("\ufeff")  # a byte-order mark left by some editors
    if len(text) > MAX_TEXT:
        raise RecordError(f"the record is longer than {MAX_TEXT} characters", where="record")
    if text.lstrip().startswith("{"):
        return _record_from_dict(read_json(text, where="record"))
    header: dict[str, object] = {}
    actions: list[tuple[str, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = re.split(r"[#;]", raw, maxsplit=1)[0].strip()
        if not line:
            continue
        where = f"line {number}"
        tag = _TAG_LINE.match(line)
        if tag is not None:
            if actions:
                raise RecordError("tags must come before the actions", where=where)
            name = tag[1]
            if name not in _TAGS:
                raise RecordError(f"unknown tag {describe(name)}; expected {', '.join(_TAGS)}", where=where)
            if _TAGS[name] in header:
                raise RecordError(f"the tag {name} appears twice", where=where)
            header[_TAGS[name]] = read_json(tag[2], where=where)
            continue
        actions += _line_actions(line, where)
    length = header.pop("length", None)
    record = _record_from_dict(header)
    _check_length(length, len(actions))
    return attrs.evolve(record, actions=tuple(actions))


def _line_actions(line: str, where: str) -> list[tuple[str, str]]:
    kind, *tokens = line.split()
    if kind not in _LINE_KINDS:
        raise RecordError(
            f"unknown line {_show(line)}: a line starts with a [Tag] or one of {', '.join(_LINE_KINDS)}", where=where
        )
    if kind == "deal":
        return [(where, line)]
    if not tokens:
        raise RecordError(f"{describe(kind)} with nothing after it", where=where)
    found = []
    for at, token in enumerate(tokens, start=1):
        place = f"{where}, item {at}"
        if kind == "redeal":
            if not _NUMBER.match(token):
                raise RecordError(f"{_show(token)}: 'redeal' names the seat calling it, e.g. 'redeal 2'", where=place)
            found.append((place, f"{token}:redeal"))
            continue
        match = _TOKEN.match(token)
        if match is None:
            raise RecordError(f"{_show(token)}: expected <seat>:<what>, e.g. '2:{_EXAMPLE[kind]}'", where=place)
        seat, what = match[1], match[2]
        if kind == "trick":
            found.append((place, f"{seat}:play {what}"))
        elif kind == "pass":
            found.append((place, f"{seat}:pass {what.replace(',', ' ')}"))
        elif kind == "draw":
            if what not in ("keep", "reject"):
                raise RecordError(f"{_show(token)}: a draw is keep or reject", where=place)
            found.append((place, f"{seat}:{what}"))
        elif what in ("nil", "blind"):
            found.append((place, f"{seat}:{what}"))
        elif _NUMBER.match(what):
            found.append((place, f"{seat}:bid {what}"))
        elif what.startswith("blind") and _NUMBER.match(what[5:]):
            found.append((place, f"{seat}:blind {what[5:]}"))
        else:
            raise RecordError(f"{_show(token)}: a bid is a number of tricks, nil, blind or blind<n>", where=place)
    return found


_EXAMPLE: Final = {"trick": "AS", "pass": "AS,KH", "draw": "keep", "bid": "4"}

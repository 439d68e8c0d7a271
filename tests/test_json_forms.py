"""Values cross a wire and come back: one notation and one dict form per action, a view's JSON form read
back exactly (and checked), codes in a view's dict, and ``sample_deal`` on views that come from outside."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from spades_rules import (
    Action,
    Bid,
    Card,
    Deal,
    DrawDecision,
    Exchange,
    GameState,
    HandScore,
    ObservationError,
    Phase,
    Play,
    RecordError,
    Redeal,
    Rules,
    ScoreSheetError,
    SpadesError,
    action_from_dict,
    apply,
    decode_action,
    encode_action,
    legal_actions,
    new_game,
    parse_action,
    score_hand,
)
from spades_rules import strategies as sst
from spades_rules.bots import HeuristicBot, RandomBot
from spades_rules.views import Observation, observe, sample_deal
from spades_rules.views.render import check_view

HOUSE_RULES = [
    Rules.standard().evolve(blind_nil_deficit=None, blind_nil_exchange=2),
    Rules.two_player().evolve(draw_second_card_seen=False),
    Rules.standard().evolve(redeal_on=("one_or_no_spades", "no_face_cards")),
    Rules.jokers("joker_joker_deuce_deuce"),
]
RULES = st.one_of(sst.rules(), st.sampled_from(HOUSE_RULES).map(lambda rules: rules.evolve(max_hands=2)))
STATES = sst.states(RULES)


def _views(state: GameState) -> list[Observation]:
    """Every seat's view of ``state``, and the views with the own hand withheld where they may be."""
    views = [observe(state, seat) for seat in range(state.rules.players)]
    for seat in range(state.rules.players):
        with contextlib.suppress(ObservationError):
            views.append(observe(state, seat, hide_own_hand=True))
    return views


def _over_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


# ---------------------------------------------------------------------------------------- actions
EVERY_KIND: list[Action] = [
    Deal.shuffled(Rules.jokers(), 3),
    DrawDecision(1, True),
    DrawDecision(0, False),
    Redeal(2),
    Bid(1, 3),
    Bid(4, 13),
    Bid.nil(0),
    Bid.blind_nil(3),
    Exchange(2, "AS KH"),
    Play(0, "10h"),
    Play(1, "BJ"),
]


@pytest.mark.parametrize("action", EVERY_KIND, ids=str)
def test_every_action_kind_has_one_notation_and_one_dict_form(action: Action) -> None:
    assert parse_action(str(action)) == action
    assert action_from_dict(_over_json(action.to_dict())) == action


def test_str_of_a_bid_is_the_record_notation() -> None:
    assert str(Bid(1, 3)) == "1:bid 3"
    assert (str(Bid.nil(2)), str(Bid.blind_nil(2))) == ("2:nil", "2:blind")
    assert str(Exchange(3, "KH AS")) == "3:pass KH AS"


@given(STATES)
def test_every_legal_action_round_trips_through_both_forms(state: GameState) -> None:
    for action in (*legal_actions(state), *state.history[-5:]):
        assert parse_action(str(action)) == action
        assert action_from_dict(_over_json(action.to_dict())) == action


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"type": "bid", "seat": 1}, "needs tricks"),
        ({"type": "bid", "seat": 1, "tricks": "3"}, "action.tricks"),
        ({"type": "bid", "seat": True, "tricks": 3}, "action.seat"),
        ({"type": "play", "seat": 1, "card": "ZZ"}, "ZZ"),
        ({"type": "play", "seat": 1, "card": "AS", "extra": 1}, "unknown key"),
        ({"type": "draw", "seat": 1, "keep": 1}, "action.keep"),
        ({"type": "exchange", "seat": 1, "cards": "AS KH"}, "action.cards"),
        ({"type": "shuffle"}, "unknown action type"),
        ({"type": "redeal", "seat": 9}, "action.seat: must be a seat 0-4"),
        ("1:bid 3", "must be a dict"),
    ],
)
def test_action_from_dict_names_what_is_wrong(data: Any, where: str) -> None:
    with pytest.raises(RecordError, match=where):
        action_from_dict(data)


# ---------------------------------------------------------------------------------------- views
@given(STATES)
def test_views_round_trip_through_json(state: GameState) -> None:
    for view in _views(state):
        data = _over_json(view.to_dict())
        assert Observation.from_dict(data) == view
        check_view(view)


@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_every_preset_and_phase_round_trips(name: str) -> None:
    rules = Rules.presets()[name].evolve(max_hands=1)
    state, rng, phases = new_game(rules), random.Random(name), set()
    while True:
        phases.add(state.phase)
        for view in _views(state):
            assert Observation.from_dict(_over_json(view.to_dict())) == view
        if state.is_over:
            break
        actions = legal_actions(state)
        state = apply(state, rng.choice(actions) if actions else Deal.shuffled(rules, rng))
    assert {Phase.DEAL, Phase.PLAY, Phase.GAME_OVER} <= phases


@given(STATES)
def test_each_legal_action_in_a_view_dict_carries_its_code(state: GameState) -> None:
    for view in _views(state):
        listed = view.to_dict()["legal_actions"]
        assert [item["code"] for item in listed] == [encode_action(action) for action in view.legal_actions]
        for item, action in zip(listed, view.legal_actions, strict=True):
            assert action_from_dict({key: value for key, value in item.items() if key != "code"}) == action
            if action.seat == state.to_act:
                assert decode_action(item["code"], state) == action


def _bidding_view() -> Observation:
    rules = Rules.standard()
    return observe(apply(new_game(rules), Deal.shuffled(rules, 4)), 1)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda d: d.pop("hand"), "missing hand"),
        (lambda d: d.update(colour="red"), "unknown key 'colour'"),
        (lambda d: d.update(seat="1"), "seat"),
        (lambda d: d.update(seat=7), "seat"),
        (lambda d: d.update(phase="nap"), "phase"),
        (lambda d: d.update(hand_sizes=[13, 13, 13]), "hand_sizes"),
        (lambda d: d["hand"].__setitem__(0, "XX"), r"hand\[0\]"),
        (lambda d: d["hand"].__setitem__(0, d["hand"][1]), "hand"),
        (lambda d: d.update(voids=[["Q"], [], [], []]), r"voids\[0\]\[0\]"),
        (lambda d: d.update(scores=[0, "0"]), r"scores\[1\]"),
        (lambda d: d.update(rules={"players": 9}), "rules"),
        (lambda d: d["legal_actions"][0].update(code=99), r"legal_actions\[0\]\.code"),
        (lambda d: d["legal_actions"][0].pop("code"), r"legal_actions\[0\]"),
        (lambda d: d["bids"].__setitem__(0, {"type": "bid", "seat": 2, "tricks": 3}), r"bids\[0\]"),
        (lambda d: d.update(tricks=[{"leader": 0, "cards": ["AS"], "winner": 0}]), r"tricks\[0\]"),
    ],
)
def test_from_dict_names_what_is_wrong(change: Any, named: str) -> None:
    data = _over_json(_bidding_view().to_dict())
    change(data)
    with pytest.raises(ObservationError, match=named):
        Observation.from_dict(data)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | st.text(max_size=4)
    | st.sampled_from(["AS", "BJ", "bid", "play", "deal", "S", "game_over"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["type", "seat", "code", "x"]), inner),
    max_leaves=8,
)


@st.composite
def _edited_json(draw: st.DrawFn) -> tuple[dict[str, Any], Any]:
    """A real view's JSON with one value somewhere inside replaced by arbitrary JSON."""
    state = draw(STATES)
    data = _over_json(observe(state, draw(st.integers(0, state.rules.players - 1))).to_dict())
    holder: Any = data
    key: Any = draw(st.sampled_from(sorted(data)))
    while isinstance(holder[key], dict | list) and holder[key] and draw(st.booleans()):
        holder = holder[key]
        key = draw(st.sampled_from(sorted(holder) if isinstance(holder, dict) else range(len(holder))))
    holder[key] = draw(JSON)
    return data, holder[key]


@given(_edited_json())
def test_from_dict_of_any_edited_json_gives_a_view_or_an_observation_error(case: tuple[dict[str, Any], Any]) -> None:
    data, _ = case
    try:
        view = Observation.from_dict(data)
    except ObservationError:
        return
    assert Observation.from_dict(_over_json(view.to_dict())) == view


def test_from_dict_refuses_what_is_not_a_dict() -> None:
    with pytest.raises(ObservationError, match="must be a dict"):
        Observation.from_dict([])  # type: ignore[arg-type]


@given(STATES, st.randoms(use_true_random=False))
def test_a_remote_client_rebuilds_a_view_and_runs_sample_deal_and_the_bots(
    state: GameState, rng: random.Random
) -> None:
    seat = state.to_act if state.to_act is not None else 0
    wire = json.dumps(observe(state, seat).to_dict())
    view = Observation.from_dict(json.loads(wire))  # on the client
    world = sample_deal(view, rng)
    assert observe(world, seat) == view
    if view.legal_actions:
        assert HeuristicBot(1).decide(view) in view.legal_actions
        assert RandomBot(rng).decide(view) in view.legal_actions
        assert HeuristicBot(2).choose(world) in legal_actions(world)  # plan in the sampled world


# ---------------------------------------------------------------------------------------- codes
def test_a_server_checks_who_sent_a_code() -> None:
    rules = Rules.standard()
    state = apply(new_game(rules), Deal.shuffled(rules, 1))
    to_act = state.to_act
    assert to_act is not None
    code = encode_action(Bid(to_act, 3))
    other = (to_act + 1) % rules.players
    assert decode_action(code, state).seat == to_act  # the code alone names no seat
    assert code in legal_codes_of(state, to_act)
    assert code not in legal_codes_of(state, other)


def legal_codes_of(state: GameState, seat: int) -> tuple[int, ...]:
    from spades_rules import legal_codes

    return legal_codes(state, seat)


# ---------------------------------------------------------------------------------------- tampered views
FIELDS = [field.name for field in attrs.fields(Observation) if field.init]  # the view, not its check mark


@st.composite
def _tampered(draw: st.DrawFn) -> tuple[Observation, str, Any]:
    state = draw(STATES)
    seat = draw(st.integers(0, state.rules.players - 1))
    view = observe(state, seat)
    name = draw(st.sampled_from(FIELDS))
    value = getattr(view, name)
    deck = list(state.rules.deck)
    options: list[Any] = [None, "x", 1.5, -1, 10**6, [], (), True, Card.parse("AS"), Phase.DEAL]
    if isinstance(value, tuple):
        options += [value[:-1], (*value, *value[-1:]), list(value), tuple(reversed(value))]
        if value and all(isinstance(item, Card) for item in value):
            options += [(*value[:-1], draw(st.sampled_from(deck))), (value[0], *value)]
        if value and all(type(item) is int for item in value):
            options += [tuple(item + draw(st.integers(-3, 3)) for item in value)]
    if type(value) is int:
        options += [value + draw(st.integers(-3, 3).filter(bool))]
    if isinstance(value, Phase):
        options += list(Phase)
    if name == "tricks" and view.tricks:
        trick, rest = view.tricks[0], view.tricks[1:]
        options += [(attrs.evolve(trick, cards=(*trick.cards[:-1], draw(st.sampled_from(deck)))), *rest)]
        forged_leader = attrs.evolve(trick, leader="0")  # type: ignore[arg-type]  # a string where a seat goes
        options += [(attrs.evolve(trick, winner=None), *rest), (forged_leader, *rest)]
    if name == "known_cards":
        options += [tuple((draw(st.sampled_from(deck)),) for _ in view.known_cards)]
    new = draw(st.sampled_from(options))
    return view, name, new


@given(_tampered(), st.integers(0, 2**16))
def test_sample_deal_on_a_tampered_view_raises_only_observation_error(
    case: tuple[Observation, str, Any], seed: int
) -> None:
    """A tampered view is refused when it is built (a malformed shape) or by sample_deal (no deal gives it),
    always with an ObservationError; or it is a view some deal gives."""
    original, name, new = case
    note(f"{name} = {new!r}")
    try:
        view = attrs.evolve(original, **{name: new})
        world = sample_deal(view, seed)
    except ObservationError:
        return
    assert observe(world, view.seat, hide_own_hand=view.hand is None) == view


def test_a_view_set_to_the_deal_phase_mid_hand_is_refused() -> None:
    rules = Rules.standard()
    state = apply(new_game(rules), Deal.shuffled(rules, 2))
    for _ in range(10):
        state = apply(state, legal_actions(state)[0])
    view = attrs.evolve(observe(state, 1), phase=Phase.DEAL)
    with pytest.raises(ObservationError):
        sample_deal(view, 1)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("hand_sizes", (13, 13, 13)),
        ("hand", ["AS"]),
        ("bids", (None, None, None, "4")),
        ("scores", (0,)),
        ("legal_actions", (Deal.shuffled(Rules.standard(), 1),)),
        ("rules", "standard"),
        ("own_draws", ("keep",)),
        ("results", (None,)),
    ],
)
def test_a_malformed_view_is_refused_when_built(field: str, value: Any) -> None:
    """As Rules are: a view is checked at construction (attrs.evolve included), naming the field."""
    with pytest.raises(ObservationError, match=field):
        attrs.evolve(_bidding_view(), **{field: value})


def test_a_card_seen_in_two_places_is_named() -> None:
    view = _bidding_view()
    assert view.hand is not None
    with pytest.raises(ObservationError, match=f"{view.hand[0]} is also in hand"):
        attrs.evolve(view, known_cards=((view.hand[0],), (), (), ()))


def test_errors_are_spades_errors() -> None:
    with pytest.raises(SpadesError):
        Observation.from_dict({})


# ---------------------------------------------------------------------------------------- hand scores
@given(sst.games())
def test_every_hand_score_round_trips_through_json(game: GameState) -> None:
    for result in game.results:
        data = json.loads(json.dumps(result.to_dict()))
        assert HandScore.from_dict(data) == result
        assert set(data) == {"bids", "tricks_won", "sides"}


def _hand_dict() -> dict[str, Any]:
    hand = score_hand(Rules.standard(), [3, "nil", 2, 4], [4, 1, 4, 4])
    data: dict[str, Any] = json.loads(json.dumps(hand.to_dict()))
    return data


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (lambda d: d["sides"][0].__setitem__("total", 999), "hand.sides[0].total"),
        (lambda d: d["sides"][0].__setitem__("bag_points", "3"), "hand.sides[0].bag_points"),
        (lambda d: d["sides"][1].__setitem__("side", 0), "hand.sides[1].side"),
        (lambda d: d["sides"][0].__setitem__("made", 1), "hand.sides[0].made"),
        (lambda d: d["sides"][0].pop("bags"), "hand.sides[0]"),
        (lambda d: d["bids"].__setitem__(1, {"type": "bid", "seat": 2, "tricks": 0}), "hand.bids[1]"),
        (lambda d: d["bids"].__setitem__(1, {"type": "play", "seat": 1, "card": "AS"}), "hand.bids[1]"),
        (lambda d: d["tricks_won"].__setitem__(1, -1), "hand.tricks_won[1]"),
        (lambda d: d["tricks_won"].pop(), "hand.tricks_won"),
        (lambda d: d.__setitem__("extra", 1), "hand"),
        (lambda d: d.__setitem__("sides", []), "hand.sides"),
    ],
)
def test_a_tampered_hand_score_is_a_score_sheet_error_naming_where(edit: Any, where: str) -> None:
    data = _hand_dict()
    edit(data)
    with pytest.raises(ScoreSheetError) as info:
        HandScore.from_dict(data)
    assert info.value.where == where


def test_a_view_with_a_tampered_result_is_an_observation_error_naming_the_result() -> None:
    rules = Rules.standard().evolve(max_hands=2)
    state = new_game(rules)
    rng = random.Random(1)
    while not state.results:
        state = apply(state, Deal.shuffled(rules, rng) if state.is_chance else rng.choice(legal_actions(state)))
    data = observe(state, 0).to_dict()
    data["results"][0]["sides"][0]["total"] += 1
    with pytest.raises(ObservationError, match=r"results\[0\]\.sides\[0\]\.total: must be the sum"):
        Observation.from_dict(data)

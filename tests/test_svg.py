"""SVG pictures: well-formed, and a view's picture shows exactly the cards that view may see."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from _fixtures import random_game
from spades_rules import (
    Bid,
    Card,
    Deal,
    GameState,
    Observation,
    Phase,
    Rules,
    SpadesError,
    apply,
    legal_actions,
    new_game,
    observe,
    svg,
)
from spades_rules import strategies as games

_PRESETS = sorted(Rules.presets())


def _parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def _drawn(root: ET.Element) -> list[str]:
    return [element.attrib["data-card"] for element in root.iter() if "data-card" in element.attrib]


def _backs(root: ET.Element) -> int:
    return sum(1 for element in root.iter() if element.attrib.get("class") == "back")


def _sample(states: list[GameState]) -> list[GameState]:
    """The first state of every phase, a few states in the play, the last state of a hand and the end."""
    chosen: dict[int, GameState] = {}
    for at, state in enumerate(states):
        if at == 0 or state.phase is not states[at - 1].phase or at % 17 == 0 or at == len(states) - 1:
            chosen[at] = state
    return list(chosen.values())


def _may_see(view: Observation) -> set[str]:
    """Every card the view holds anywhere: its hand, the tricks, its exchanges, draws and known cards."""
    seen: set[Card] = set(view.hand or ())
    for trick in (*view.tricks, view.current_trick):
        if trick is not None:
            seen.update(trick.cards)
    for exchange in view.exchanges:
        seen.update(exchange.cards or ())
    for turn in view.own_draws:
        seen.update(card for card in (turn.kept, turn.discarded) if card is not None)
    if view.draw_card is not None:
        seen.add(view.draw_card)
    for cards in view.known_cards:
        seen.update(cards)
    return {str(card) for card in seen}


def _check_view(state: GameState, seat: int) -> None:
    rules = state.rules
    hands = state.hand.hands if state.hand is not None else ((),) * rules.players
    view = observe(state, seat)
    root = _parse(svg.view(view))
    drawn = _drawn(root)
    assert len(drawn) == len(set(drawn)), "a card drawn twice"
    shown = set(drawn)
    assert shown <= _may_see(view), "the picture shows a card the view does not hold"
    others = {str(card) for other, cards in enumerate(hands) if other != seat for card in cards}
    assert not shown & others, f"seat {seat}'s picture shows another seat's cards"
    assert {str(card) for card in view.hand or ()} <= shown  # its whole hand, face up
    if view.current_trick is not None:
        assert {str(card) for card in view.current_trick.cards} <= shown
    if view.draw_card is not None:
        assert str(view.draw_card) in shown
    hidden = sum(size for other, size in enumerate(view.hand_sizes) if other != seat)
    assert _backs(root) - min(view.stock_remaining, 4) * (view.phase is Phase.DRAW) == hidden


@pytest.mark.parametrize("name", _PRESETS)
def test_views_of_every_preset_show_exactly_what_the_seat_may_see(name: str) -> None:
    rules = Rules.preset(name)
    states = random_game(rules, seed=_PRESETS.index(name))
    phases = set()
    for state in _sample(states):
        phases.add(state.phase)
        for seat in range(rules.players):
            _check_view(state, seat)
    assert {Phase.DEAL, Phase.PLAY, Phase.GAME_OVER} <= phases


@pytest.mark.parametrize("name", ["standard", "jokers", "three_player", "two_player", "individual_5"])
def test_the_table_shows_every_hand_face_up(name: str) -> None:
    rules = Rules.preset(name)
    for state in _sample(random_game(rules, seed=3)):
        root = _parse(svg.table(state, bottom=rules.players - 1))
        shown = set(_drawn(root))
        held = {str(card) for cards in (state.hand.hands if state.hand else ()) for card in cards}
        assert held <= shown
        if state.hand is not None and state.phase is Phase.PLAY:
            hand = state.hand
            trick = hand.trick_cards or (hand.completed_tricks[-1].cards if hand.completed_tricks else ())
            assert shown == held | {str(card) for card in trick}


@given(games.states(games.rules()), st.data())
def test_no_view_of_any_reachable_state_leaks_a_card(state: GameState, data: st.DataObject) -> None:
    _check_view(state, data.draw(st.integers(0, state.rules.players - 1), label="seat"))


def test_views_during_a_blind_nil_exchange() -> None:
    rules = Rules.standard()
    state = apply(new_game(rules, scores=[0, 200]), Deal.shuffled(rules, 6))
    for bid in (Bid(1, 3), Bid.blind_nil(2), Bid(3, 3), Bid(0, 4)):
        state = apply(state, bid)
    assert state.phase is Phase.EXCHANGE
    for _ in range(3):  # before the pass, after the blind nil bidder's pass, after the return
        for seat in range(4):
            _check_view(state, seat)
        if state.phase is Phase.EXCHANGE:
            state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.PLAY


def test_a_withheld_hand_is_drawn_face_down() -> None:
    rules = Rules.standard()
    state = apply(new_game(rules), Deal.shuffled(rules, 4))
    seat = state.to_act
    assert seat is not None
    root = _parse(svg.view(observe(state, seat, hide_own_hand=True)))
    assert _drawn(root) == []
    assert _backs(root) == 52


def test_text_is_escaped() -> None:
    state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 2))
    names = ["<b>Ann</b>", "Bob & co", 'C"', "D'"]
    root = _parse(svg.view(observe(state, 0), names=names))
    texts = {element.text for element in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"<b>Ann</b> (you) · dealer", "Bob & co", 'C"', "D'"} <= texts
    assert "<b>" not in svg.table(state, names=names)


def test_size_sets_the_width_and_keeps_the_proportions() -> None:
    root = _parse(svg.table(new_game(Rules.standard()), size=480))
    assert (root.attrib["width"], root.attrib["height"]) == ("480", "360")
    one = _parse(svg.card("10H", size=104))
    assert (one.attrib["width"], one.attrib["height"], _drawn(one)) == ("104", "148", ["TH"])


def test_repr_svg_draws_the_table_and_the_view() -> None:
    state = random_game(Rules.jokers(), seed=5)[30]
    assert state._repr_svg_() == svg.table(state)
    assert observe(state, 1)._repr_svg_() == svg.view(observe(state, 1))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda state: svg.table(state, bottom=4), "bottom must be a seat 0-3"),
        (lambda state: svg.table(state, size=3), "size must be a width in pixels"),
        (lambda state: svg.table(state, size=True), "size must be a width in pixels"),
        (lambda state: svg.view(observe(state, 0), names=["a", "b"]), "names must be 4 strings"),
        (lambda state: svg.view(observe(state, 0), names="abcd"), "names must be 4 strings"),
        (lambda state: svg.card("1X"), "unknown card"),
    ],
)
def test_bad_arguments_are_refused_by_name(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(SpadesError, match=message):
        call(new_game(Rules.standard()))


def test_wrong_types_are_refused() -> None:
    state = new_game(Rules.standard())
    with pytest.raises(TypeError, match="needs an Observation"):
        svg.view(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a GameState"):
        svg.table(observe(state, 0))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------- the docs' pictures
_STATIC = Path(__file__).resolve().parent.parent / "docs" / "_static"


def _docs_game(rules: Rules, actions: int) -> GameState:
    """A game after ``actions`` actions: seeded deals, the bids 3, 4, 2, 3 (in bidding order), seeded random
    cards. Built from the engine alone, so that the pictures change only when the pictures do."""
    rng = random.Random(7)
    state = new_game(rules)
    bids = iter([3, 4, 2, 3] * 10)
    for _ in range(actions):
        if state.is_chance:
            state = apply(state, Deal.shuffled(rules, rng))
        elif state.phase is Phase.BID:
            seat = state.to_act
            assert seat is not None
            state = apply(state, Bid(seat, next(bids)))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    return state


def _docs_pictures() -> dict[str, str]:
    """The pictures shown in docs/pictures.rst: South's view in the fourth trick of a standard game, and
    the whole table in the second hand of a game with jokers."""
    return {
        "view.svg": svg.view(observe(_docs_game(Rules.standard(), 20), 2)),
        "table.svg": svg.table(_docs_game(Rules.jokers(), 70), bottom=2),
    }


@pytest.mark.parametrize("name", ["view.svg", "table.svg"])
def test_the_pictures_in_the_docs_are_up_to_date(name: str) -> None:
    path = _STATIC / name
    if not path.parent.is_dir():
        pytest.skip("the docs are not next to the tests")
    assert path.read_text(encoding="utf-8") == _docs_pictures()[name], "run `python tests/test_svg.py` to redraw"


if __name__ == "__main__":
    for file_name, text in _docs_pictures().items():
        (_STATIC / file_name).write_text(text, encoding="utf-8")

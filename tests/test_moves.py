"""Moves from outside: ``apply_from_seat`` and ``action_from_dict(data, seat=...)``, as a game server uses
them against clients that send anything: other seats' actions, deals, codes out of turn, junk."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _fixtures import bidding_state
from spades_rules import (
    ArgumentTypeError,
    Bid,
    Deal,
    GameState,
    IllegalActionError,
    IllegalReason,
    Play,
    Redeal,
    Rules,
    SeatError,
    SpadesError,
    action_from_dict,
    apply,
    apply_from_seat,
    encode_action,
    legal_actions,
    new_game,
)
from spades_rules import strategies as sst

RULES = Rules.standard()


def test_a_seat_applies_its_own_action_or_its_code() -> None:
    state = bidding_state(42)
    assert apply_from_seat(state, 1, Bid(1, 4)) == apply(state, Bid(1, 4))
    assert apply_from_seat(state, 1, encode_action(Bid(1, 4))) == apply(state, Bid(1, 4))


class _NumpyLike:
    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_a_code_may_be_integer_like() -> None:
    state = bidding_state(42)
    code: Any = _NumpyLike(56)
    assert apply_from_seat(state, 1, code) == apply(state, Bid(1, 4))


def test_another_seats_action_is_refused_as_wrong_seat() -> None:
    state = bidding_state(42)
    with pytest.raises(IllegalActionError, match="seat 3 sent 1:bid 4, an action of seat 1") as info:
        apply_from_seat(state, 3, Bid(1, 4))
    assert info.value.reason is IllegalReason.WRONG_SEAT


def test_a_deal_from_a_seat_is_refused_as_a_chance_action() -> None:
    for state in (new_game(RULES), bidding_state(42)):
        with pytest.raises(IllegalActionError, match="only the table deals") as info:
            apply_from_seat(state, 0, Deal.shuffled(RULES, 1))
        assert info.value.reason is IllegalReason.CHANCE_ACTION


def test_a_code_out_of_turn_is_refused_and_names_whose_turn_it_is() -> None:
    with pytest.raises(IllegalActionError, match="it is seat 1's turn") as info:
        apply_from_seat(bidding_state(42), 2, 56)
    assert info.value.reason is IllegalReason.OUT_OF_TURN


def test_a_redeal_code_of_another_seat_is_refused_as_wrong_seat() -> None:
    rules = RULES.evolve(redeal_on=("no_face_cards", "one_or_no_spades"))
    rng = random.Random(0)
    while True:
        state = apply(new_game(rules), Deal.shuffled(rules, rng))
        redeals = [action for action in legal_actions(state) if isinstance(action, Redeal)]
        if redeals:
            break
    caller = redeals[0].seat
    other = (caller + 1) % 4
    with pytest.raises(IllegalActionError, match="a redeal call of seat") as info:
        apply_from_seat(state, other, encode_action(redeals[0]))
    assert info.value.reason is IllegalReason.WRONG_SEAT
    assert apply_from_seat(state, caller, encode_action(redeals[0])).is_chance


@pytest.mark.parametrize("seat", [4, 9, -1, "1", True, 1.0, None])
def test_a_sender_that_is_not_a_seat_of_the_table_is_a_seat_error(seat: Any) -> None:
    with pytest.raises(SeatError, match="0-3"):
        apply_from_seat(bidding_state(42), seat, Bid(1, 4))


@pytest.mark.parametrize(
    ("move", "reader"),
    [("1:bid 4", "parse_action"), ({"type": "bid", "seat": 1, "tricks": 4}, "action_from_dict"),
     (None, "an action"), (True, "an action"), (56.0, "an action")],
)
def test_a_move_that_is_neither_an_action_nor_a_code_is_an_argument_type_error(move: Any, reader: str) -> None:
    with pytest.raises(ArgumentTypeError, match=reader) as info:
        apply_from_seat(bidding_state(42), 1, move)
    assert info.value.parameter == "move"


def test_a_state_that_is_not_a_game_state_is_an_argument_type_error() -> None:
    with pytest.raises(ArgumentTypeError, match="apply_from_seat"):
        apply_from_seat({"state": 1}, 1, Bid(1, 4))  # type: ignore[arg-type]


def test_illegal_moves_keep_the_reason_apply_gives() -> None:
    with pytest.raises(IllegalActionError) as info:
        apply_from_seat(bidding_state(42), 1, Bid(1, 14))
    assert info.value.reason is IllegalReason.BID_OUT_OF_RANGE


# ------------------------------------------------------------------------------------ action_from_dict(seat=)
@pytest.mark.parametrize(
    ("action", "sender"),
    [(Bid(1, 4), 2), (Bid.nil(1), 0), (Redeal(1), 3), (Deal.shuffled(RULES, 3), 1), (Bid(1, 4), 1)],
    ids=["another seat's bid", "another seat's nil", "another seat's redeal", "a deal", "its own bid"],
)
def test_a_refusal_is_the_same_error_through_action_from_dict_and_apply_from_seat(action: Any, sender: int) -> None:
    """A server catches one type and switches on ``reason``: reading a client's dict with its seat refuses
    what ``apply_from_seat`` refuses for that seat with the same error, reason and message."""
    state = bidding_state(42)

    def refusal(call: Callable[[], object]) -> tuple[type, Any, str] | None:
        try:
            call()
        except SpadesError as error:
            return type(error), getattr(error, "reason", None), str(error)
        return None

    read = refusal(lambda: action_from_dict(action.to_dict(), seat=sender))
    applied = refusal(lambda: apply_from_seat(state, sender, action))
    if read is None:  # the seat's own action: read, then judged by the engine
        assert action_from_dict(action.to_dict(), seat=sender) == action
    else:
        assert read == applied and read[0] is IllegalActionError



def test_action_from_dict_with_a_seat_reads_that_seats_actions() -> None:
    data = Play(2, "AS").to_dict()
    assert action_from_dict(data, seat=2) == Play(2, "AS")
    with pytest.raises(IllegalActionError, match="seat 1 sent 2:play AS, an action of seat 2") as info:
        action_from_dict(data, seat=1)
    assert info.value.reason is IllegalReason.WRONG_SEAT and info.value.action == Play(2, "AS")


def test_action_from_dict_with_a_seat_refuses_a_deal() -> None:
    with pytest.raises(IllegalActionError, match="chance action") as info:
        action_from_dict(Deal.shuffled(RULES, 3).to_dict(), seat=0)
    assert info.value.reason is IllegalReason.CHANCE_ACTION
    assert action_from_dict(Deal.shuffled(RULES, 3).to_dict()) == Deal.shuffled(RULES, 3)  # without a seat


@pytest.mark.parametrize("seat", [5, -1, "0", True, 0.0])
def test_action_from_dict_refuses_a_seat_argument_that_is_no_seat(seat: Any) -> None:
    with pytest.raises(SeatError, match="0-4"):
        action_from_dict(Play(0, "AS").to_dict(), seat=seat)


# ------------------------------------------------------------------------------------ a scripted server
_JUNK: list[Any] = [
    "hello", 7, None, [], {"type": "play"}, {"type": "deal", "deck": ["AS"] * 52},
    {"type": "play", "seat": 0, "card": "AS", "extra": 1}, {"type": "bid", "seat": 1, "tricks": 10**9},
    {"type": "play", "seat": 10**30, "card": "AS"}, {"type": "bid", "seat": 0, "tricks": "4"},
    {"type": "exchange", "seat": 0, "cards": ["AS", "AS"]}, {"type": "redeal", "seat": 3},
]


def _serve(state: GameState, sender: int, message: str) -> tuple[GameState, str]:
    """The server loop's step, as the embedding guide writes it."""
    try:
        data = json.loads(message)
        move = data if isinstance(data, int) else action_from_dict(data, seat=sender)
        return apply_from_seat(state, sender, move), "ok"
    except (SpadesError, ValueError) as error:
        return state, f"refused: {error}"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), junk=st.lists(st.sampled_from(_JUNK) | st.integers(-5, 200), max_size=40))
def test_a_server_fed_hostile_messages_keeps_a_legal_game(seed: int, junk: list[Any]) -> None:
    """Seats send junk, other seats' actions, deals and codes between the honest moves: a refused message
    leaves the game as it was, an accepted one is the sender's own legal move, and the game ends."""
    rules = RULES.evolve(max_hands=1)
    rng = random.Random(seed)
    state = apply(new_game(rules), Deal.shuffled(rules, rng))
    while not state.is_over:
        for message in junk[:3]:
            sender = rng.randrange(4)
            after, reply = _serve(state, sender, json.dumps(message))
            if reply == "ok":  # a junk code that was the sender's legal move
                assert sender == state.to_act and after.history[:-1] == state.history
                assert after.history[-1] in legal_actions(state, sender)
            else:
                assert after is state
            state = after
        junk = junk[3:]
        if state.is_over:
            break
        to_act = state.to_act
        assert to_act is not None
        action = sst.random_action(state, rng, policy="sensible")
        assert _serve(state, (to_act + 1) % 4, json.dumps(action.to_dict()))[1].startswith("refused")
        assert _serve(state, to_act, json.dumps(Deal.shuffled(rules, 1).to_dict()))[1].startswith("refused")
        move = action.to_dict() if rng.random() < 0.5 else encode_action(action)
        state, reply = _serve(state, to_act, json.dumps(move))
        assert reply == "ok"
    assert state.hands_played == 1

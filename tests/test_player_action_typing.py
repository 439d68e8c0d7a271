"""``PlayerAction``: what names the seat to act returns a player's action, so ``.seat`` type-checks.

This file is checked by ``mypy --strict`` with the rest of the tests (``[tool.mypy] files``): with the
return types of ``legal_actions``, ``decode_action`` and ``Observation.legal_actions`` widened to ``Action``
(which includes ``Deal``, a chance outcome without a seat), the ``.seat`` reads below would not pass."""

from __future__ import annotations

import typing

from spades_rules import (
    Action,
    Deal,
    PlayerAction,
    Rules,
    apply,
    codec,
    decode_action,
    engine,
    legal_actions,
    legal_codes,
    new_game,
    observe,
)
from spades_rules.views import Observation


def _seats_to_act(rules: Rules, seed: int) -> list[int]:
    state = apply(new_game(rules), Deal.shuffled(rules, seed))
    seats = [action.seat for action in legal_actions(state)]
    seats += [decode_action(code, state).seat for code in legal_codes(state)]
    seats += [action.seat for action in observe(state, seats[0]).legal_actions]
    return seats


def test_player_actions_name_their_seat() -> None:
    for rules in Rules.presets().values():
        state = apply(new_game(rules), Deal.shuffled(rules, 1))
        assert set(_seats_to_act(rules, 1)) <= {state.to_act, *range(rules.players)}
        assert state.to_act in _seats_to_act(rules, 1)


def test_player_action_is_every_action_but_deal() -> None:
    assert set(typing.get_args(PlayerAction)) == set(typing.get_args(Action)) - {Deal}


def test_the_annotations_say_player_action() -> None:
    hints = [
        typing.get_type_hints(engine.legal_actions)["return"],
        typing.get_type_hints(codec.decode_action)["return"],
        typing.get_type_hints(Observation)["legal_actions"],
    ]
    assert hints[0] == hints[2] == tuple[PlayerAction, ...]
    assert hints[1] == PlayerAction

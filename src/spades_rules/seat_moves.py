"""Moves from outside: :func:`apply_from_seat` applies what one seat sent, and refuses everything else.

A game server receives moves from clients it does not trust. :func:`~spades_rules.engine.apply` checks
that an action is legal, but an action names its own seat: a client could send another seat's action,
or a :class:`~spades_rules.actions.Deal` (and choose the cards). :func:`apply_from_seat` takes the seat the
server knows sent the move, and the move as an action value or an action code; it applies the move only if
it is that seat's own action and legal now. Read a client's JSON with
:func:`~spades_rules.actions.action_from_dict` (``seat=`` refuses the same things while reading), or its
text with :func:`~spades_rules.actions.parse_action`.

>>> from spades_rules import Rules, Deal, Bid, new_game, apply
>>> rules = Rules.standard()
>>> state = apply(new_game(rules), Deal.shuffled(rules, 42))      # the server deals
>>> state = apply_from_seat(state, 1, Bid(1, 4))                  # seat 1 sends its bid
>>> state = apply_from_seat(state, 2, 55)                         # seat 2 sends a code: bid 3
>>> state.hand.bids[:3]
(None, Bid(seat=1, tricks=4, blind=False), Bid(seat=2, tricks=3, blind=False))
>>> apply_from_seat(state, 2, Bid(3, 3))
Traceback (most recent call last):
...
spades_rules.errors.IllegalActionError: seat 2 sent 3:bid 3, an action of seat 3
"""

from __future__ import annotations

from spades_rules._core.checks import check_seat, integer_or_none, not_a_state, not_an_action
from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange, Play, Redeal
from spades_rules.codec import decode_action
from spades_rules.engine import apply
from spades_rules.errors import IllegalActionError, IllegalReason
from spades_rules.state import GameState

__all__ = ["apply_from_seat"]

_SEAT_ACTIONS = (DrawDecision, Redeal, Bid, Exchange, Play)


def apply_from_seat(state: GameState, seat: int, move: Action | int) -> GameState:
    """The state after ``move``, sent by ``seat``: an action of that seat, or an action code
    (:func:`~spades_rules.codec.encode_action`'s integers; a NumPy integer too).

    A code names no seat: it stands for the action of the seat to act (a redeal code for the seat it
    names), so a code is refused unless that seat is ``seat``. Refused, with an
    :class:`~spades_rules.errors.IllegalActionError` whose ``reason`` says which:

    - a :class:`~spades_rules.actions.Deal` (``CHANCE_ACTION``): only the table deals;
    - another seat's action (``WRONG_SEAT``), and a code sent when it is another seat's turn
      (``OUT_OF_TURN``);
    - anything :func:`~spades_rules.engine.apply` refuses (an illegal action, with its reason).

    ``seat`` must be a seat of the table (:class:`~spades_rules.errors.SeatError`), and ``move`` an action
    or an integer (:class:`~spades_rules.errors.ArgumentTypeError`, naming the function that reads a
    string or a dict). ``state`` is never changed, refused or not.

    >>> from spades_rules import Rules, Deal, new_game, apply
    >>> state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 42))
    >>> apply_from_seat(state, 3, 55)                # seat 1 is to bid: seat 3 may send no code
    Traceback (most recent call last):
    ...
    spades_rules.errors.IllegalActionError: seat 3 sent code 55 (1:bid 3), but it is seat 1's turn
    >>> apply_from_seat(state, 1, Deal.shuffled(state.rules, 1))
    Traceback (most recent call last):
    ...
    spades_rules.errors.IllegalActionError: seat 1 sent a deal, the chance action: only the table deals
    """
    if type(state) is not GameState:
        raise not_a_state(state, "apply_from_seat")
    seat = check_seat(seat, state.rules.players)
    if isinstance(move, _SEAT_ACTIONS):
        if move.seat != seat:
            raise IllegalActionError(
                IllegalReason.WRONG_SEAT, f"seat {seat} sent {move}, an action of seat {move.seat}", action=move
            )
        return apply(state, move)
    if isinstance(move, Deal):
        raise IllegalActionError(
            IllegalReason.CHANCE_ACTION, f"seat {seat} sent a deal, the chance action: only the table deals",
            action=move,
        )
    code = integer_or_none(move)
    if code is None:
        raise not_an_action(move, "apply_from_seat", "move")
    action = decode_action(code, state)
    if action.seat != seat:
        if isinstance(action, Redeal):
            raise IllegalActionError(
                IllegalReason.WRONG_SEAT, f"seat {seat} sent code {code}, a redeal call of seat {action.seat}",
                action=action,
            )
        raise IllegalActionError(
            IllegalReason.OUT_OF_TURN, f"seat {seat} sent code {code} ({action}), but it is seat {action.seat}'s turn",
            action=action,
        )
    return apply(state, action)

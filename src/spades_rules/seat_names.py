"""What the seats and sides are called at the table, for the command line, the terminal game and pictures.

Four players sit North, East, South and West (seat 0 is North); other tables number their seats. A
partnership is named by its seats' initials, a player alone by its own name.

>>> from spades_rules import Rules
>>> seat_name(Rules.standard(), 1), side_name(Rules.standard(), 0), side_name(Rules.three_player(), 2)
('East', 'N/S', 'Seat 2')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from spades_rules._core.checks import check_seat, integer_or_none, read_items
from spades_rules._core.messages import describe
from spades_rules.errors import ArgumentTypeError, SeatError
from spades_rules.rules import Rules

__all__ = ["COMPASS", "seat_name", "seat_names", "side_name"]

COMPASS: Final = ("North", "East", "South", "West")
"""The seats of a four-player table, from seat 0."""


def seat_names(rules: Rules) -> tuple[str, ...]:
    """Every seat's name: the compass at a four-player table, ``Seat N`` otherwise."""
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"seat names need a Rules value, not {describe(rules)}", parameter="rules")
    if rules.players == len(COMPASS):
        return COMPASS
    return tuple(f"Seat {seat}" for seat in range(rules.players))


def seat_name(rules: Rules, seat: int) -> str:
    """One seat's name (see :func:`seat_names`); :class:`~spades_rules.errors.SeatError` for a seat the
    table does not have."""
    return seat_names(rules)[check_seat(seat, rules.players)]


def side_name(rules: Rules, side: int, names: Sequence[str] | None = None) -> str:
    """A side's name from its seats' ``names`` (default :func:`seat_names`): a player alone keeps its name,
    partners are joined by their initials (a name of one or two letters is kept whole): ``N/S``."""
    default = seat_names(rules)  # checks the rules
    if names is None:
        names = default
    else:
        names = read_items(names, "side_name()", "names", limit=rules.players, error=ArgumentTypeError)
        if len(names) != rules.players or not all(isinstance(name, str) for name in names):
            raise ArgumentTypeError(
                f"side_name() needs one name (a string) per seat ({rules.players}), not {describe(names)}",
                parameter="names",
            )
    number = integer_or_none(side)
    if number is None or not 0 <= number < rules.num_sides:
        raise SeatError(f"side must be a side 0-{rules.num_sides - 1}, not {describe(side)}", seat=side,
                        players=rules.num_sides)
    seats = rules.sides[number]
    if len(seats) == 1:
        return names[seats[0]]
    return "/".join(names[seat] if len(names[seat]) <= 2 else names[seat][0] for seat in seats)

"""The engine's plays and draws, built once: the play of each card by each seat and each seat's draw
decisions (:data:`INTERNED_PLAYS`, :data:`INTERNED_DRAWS`), and the play cache the engine lists legal plays
from. The engine and :mod:`~spades_rules._core.resume` record these same objects."""

from __future__ import annotations

from typing import Final

from spades_rules._core.checks import MAX_SEATS
from spades_rules.actions import DrawDecision, Play
from spades_rules.cards import ALL_CARDS

INTERNED_PLAYS: Final = tuple(tuple(Play(seat, card) for card in ALL_CARDS) for seat in range(MAX_SEATS))
"""The play of each card (by index) by each seat, built once: the engine lists and records these."""
INTERNED_DRAWS: Final = tuple((DrawDecision(seat, True), DrawDecision(seat, False)) for seat in range(MAX_SEATS))
"""Each seat's keep and reject decisions, built once."""


# ------------------------------------------------------------------------------------ the play cache
# The engine's legal plays are tuples of the interned plays, looked up by the mask of the playable cards:
# following suit is then one dictionary lookup (``PLAYS_OF_MASK[seat].get(mask)``, inline in the engine).
_SUIT_BLOCKS: Final = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x7FFF << 39)
"""The index ranges of the printed suits as masks (clubs, diamonds, hearts, spades with the jokers): the play
cache is filled per block, so it holds at most 3 × 2^13 + 2^15 masks per seat."""

PLAYS_OF_MASK: Final[tuple[dict[int, tuple[Play, ...]], ...]] = tuple({} for _ in range(MAX_SEATS))
"""Per seat: a mask within one suit block -> its plays, in card order (bounded, see ``_SUIT_BLOCKS``)."""
_PLAYS_OF_BYTE: Final[list[tuple[tuple[tuple[Play, ...], ...], ...] | None]] = [None] * MAX_SEATS
"""Per seat, built on first use: for each byte of a mask (7 cover the 54 cards), the plays of its 256 values."""


def plays_of(seat: int, mask: int) -> tuple[Play, ...]:
    """The plays by ``seat`` of the cards in ``mask``, in card order, from the per-seat cache of one-suit masks
    (the engine's list of legal plays)."""
    cache = PLAYS_OF_MASK[seat]
    found = cache.get(mask)
    if found is not None:
        return found
    result: tuple[Play, ...] = ()
    for block in _SUIT_BLOCKS:
        part = mask & block
        if part:
            plays = cache.get(part)
            if plays is None:
                plays = cache[part] = _plays_by_bytes(seat, part)
            result += plays
    return result


def _plays_by_bytes(seat: int, mask: int) -> tuple[Play, ...]:
    """The plays of the cards in ``mask``, joined from the precomputed plays of each of its bytes."""
    by_byte = _PLAYS_OF_BYTE[seat]
    if by_byte is None:
        plays = INTERNED_PLAYS[seat]
        by_byte = _PLAYS_OF_BYTE[seat] = tuple(
            tuple(tuple(play for bit, play in enumerate(plays[8 * at : 8 * at + 8]) if byte >> bit & 1)
                  for byte in range(256))
            for at in range((len(ALL_CARDS) + 7) // 8)
        )
    result: tuple[Play, ...] = ()
    at = ((mask & -mask).bit_length() - 1) >> 3  # the byte of the lowest card
    mask >>= 8 * at
    while mask:
        if mask & 0xFF:
            result += by_byte[at][mask & 0xFF]
        mask >>= 8
        at += 1
    return result

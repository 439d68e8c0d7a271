"""The shape check of an :class:`~spades_rules.views.Observation`: the types, lengths, seats and cards a
view of its rules has (:func:`check`), with the places and the error its readers share.

Private to the views: :func:`spades_rules.views.render.check_view` is the public entry point (it checks
a view once and turns :class:`Bad` into an :class:`~spades_rules.errors.ObservationError`), and the dict
reader of :mod:`spades_rules.views.render` names its places and problems the same way.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from spades_rules._core.messages import describe
from spades_rules.actions import Bid, PlayerAction
from spades_rules.cards import _CARD_IDS, Card, Suit
from spades_rules.rules import Rules
from spades_rules.scoring import HandScore, SideScore
from spades_rules.state import Phase, Trick
from spades_rules.views.parts import DrawTurn, ExchangeView

if TYPE_CHECKING:
    from spades_rules.views.observation import Observation

__all__ = ["MAX_INT", "Bad", "Place", "check", "place_text"]

MAX_INT: Final = 10**12
"""The largest score, bag count or size a view may hold (far beyond any game, well within JSON's numbers)."""

Place = str | tuple[Any, ...]
"""Where a value is in a view: a key (``"hand"``), or a tuple of parts joined only when an error names it
(``("tricks[", 3, "]", ".cards")``): building each place's text eagerly was a third of reading a view."""


def place_text(where: Place) -> str:
    """The text of a place."""
    if isinstance(where, str):
        return where
    return "".join(place_text(part) if isinstance(part, tuple) else str(part) for part in where)


class Bad(Exception):
    """A shape problem at ``where``; turned into an :class:`ObservationError` at the entry points."""

    def __init__(self, where: Place, message: str) -> None:
        super().__init__(f"{place_text(where)}: {message}")



_SIDE_FIELDS: Final = tuple(field.name for field in attrs.fields(SideScore))


def check(view: Observation) -> None:
    rules = view.rules
    if not isinstance(rules, Rules):
        raise Bad("rules", f"must be a Rules, not {describe(rules)}")
    n, sides = rules.players, rules.num_sides
    deck = rules.tables.deck_mask
    size_of_deck = deck.bit_count()  # every count in a view is at most the deck's size: a picture draws that many backs
    seat = _seat(view.seat, "seat", n)
    if not isinstance(view.phase, Phase):
        raise Bad("phase", f"must be a Phase, not {describe(view.phase)}")
    _seat(view.dealer, "dealer", n)
    if view.to_act is not None:
        _seat(view.to_act, "to_act", n)
    seen = _Seen()
    if view.hand is not None:
        hand = _check_cards(view.hand, "hand", deck, seen)
        indices = [card.index for card in hand]
        if indices != sorted(indices):
            raise Bad("hand", "must be sorted")
    _check_ints(view.hand_sizes, "hand_sizes", n, 0, size_of_deck)
    bids = _check_length(view.bids, "bids", n)
    for at, bid in enumerate(bids):
        if bid is not None and (not isinstance(bid, Bid) or bid.seat != at):
            raise Bad(("bids[", at, "]"), f"must be None or seat {at}'s Bid, not {describe(bid)}")
    tricks = _check_length(view.tricks, "tricks", None, size_of_deck // n)
    if not _finished_tricks_pass(tricks, n, deck, seen):
        for at, trick in enumerate(tricks):  # one by one, to name what is wrong
            _check_trick(trick, ("tricks[", at, "]"), n, deck, seen, complete=True)
    if view.current_trick is not None:
        _check_trick(view.current_trick, "current_trick", n, deck, seen, complete=False)
    _check_ints(view.tricks_won, "tricks_won", n, 0, size_of_deck // n)
    if not isinstance(view.spades_broken, bool):
        raise Bad("spades_broken", f"must be true or false, not {describe(view.spades_broken)}")
    for at, suits in enumerate(_check_length(view.voids, "voids", n)):
        if not isinstance(suits, tuple) or not all(isinstance(suit, Suit) for suit in suits):
            raise Bad(("voids[", at, "]"), f"must be a tuple of suits, not {describe(suits)}")
    for at, cards in enumerate(_check_length(view.known_cards, "known_cards", n)):
        _check_cards(cards, ("known_cards[", at, "]"), deck, seen)
    for at, exchange in enumerate(_check_length(view.exchanges, "exchanges", None)):
        where = ("exchanges[", at, "]")
        if not isinstance(exchange, ExchangeView):
            raise Bad(where, f"must be an ExchangeView, not {describe(exchange)}")
        _seat(exchange.giver, (where, ".giver"), n)
        _seat(exchange.receiver, (where, ".receiver"), n)
        size = _int(exchange.size, (where, ".size"), 0, size_of_deck)
        if exchange.cards is not None and len(_check_cards(exchange.cards, (where, ".cards"), deck, None)) != size:
            raise Bad((where, ".cards"), f"must hold its {size} cards")
    for at, pair in enumerate(_check_length(view.pending_exchanges, "pending_exchanges", None, n)):
        for k, giver_or_receiver in enumerate(_check_length(pair, ("pending_exchanges[", at, "]"), 2)):
            _seat(giver_or_receiver, ("pending_exchanges[", at, "][", k, "]"), n)
    draws = _check_length(view.draws, "draws", None, size_of_deck // 2)
    if not all(isinstance(keep, bool) for keep in draws):
        raise Bad("draws", "must be true/false decisions")
    _check_own_draws(view, draws, deck)
    if view.draw_card is not None:
        _check_card(view.draw_card, "draw_card", deck)
    _int(view.stock_remaining, "stock_remaining", 0, size_of_deck)
    _check_ints(view.scores, "scores", sides, -MAX_INT)
    _check_ints(view.bags, "bags", sides, 0)
    _check_ints(view.initial_scores, "initial_scores", sides, -MAX_INT)
    _check_ints(view.initial_bags, "initial_bags", sides, 0)
    for at, result in enumerate(_check_length(view.results, "results", None)):
        _check_result(result, ("results[", at, "]"), n, sides)
    if view.winner is not None:
        _seat(view.winner, "winner", sides)
    for at, action in enumerate(_check_length(view.legal_actions, "legal_actions", None)):
        if not isinstance(action, PlayerAction) or action.seat != seat:
            raise Bad(("legal_actions[", at, "]"), f"must be an action of seat {seat}, not {describe(action)}")


def _int(value: object, where: Place, minimum: int, maximum: int = MAX_INT) -> int:
    if type(value) is not int or not minimum <= value <= maximum:
        raise Bad(where, f"must be an integer from {minimum} to {maximum}, not {describe(value)}")
    return value


def _seat(value: object, where: Place, count: int) -> int:
    if type(value) is not int or not 0 <= value < count:
        raise Bad(where, f"must be a number from 0 to {count - 1}, not {describe(value)}")
    return value


def _check_length(value: object, where: Place, length: int | None, most: int | None = None) -> tuple[Any, ...]:
    if not isinstance(value, tuple):
        raise Bad(where, f"must be a tuple, not {describe(value)}")
    if length is not None and len(value) != length:
        raise Bad(where, f"must have {length} entries, not {len(value)}")
    if most is not None and len(value) > most:
        raise Bad(where, f"must have at most {most} entries, not {len(value)}")
    return value


def _check_ints(value: object, where: Place, length: int, minimum: int, maximum: int = MAX_INT) -> None:
    if (
        type(value) is tuple
        and len(value) == length
        and all(type(item) is int and minimum <= item <= maximum for item in value)
    ):
        return
    for at, item in enumerate(_check_length(value, where, length)):
        _int(item, (where, "[", at, "]"), minimum, maximum)


def _check_card(card: object, where: Place, deck: int) -> Card:
    if id(card) not in _CARD_IDS or not cast(Card, card).bit & deck:  # one of the 54 cards, then of the deck
        raise Bad(where, f"{describe(card)} is not a card of these rules' deck")
    return cast(Card, card)


_BIT: Final = operator.attrgetter("bit")


class _Seen:
    """The cards seen so far in a view, as a mask, and where (to name the other place of a card seen twice)."""

    __slots__ = ("places", "total")

    def __init__(self) -> None:
        self.total = 0
        self.places: list[tuple[Place, int]] = []


def _check_cards(cards: object, where: Place, deck: int, seen: _Seen | None) -> tuple[Card, ...]:
    """``cards`` as a tuple of cards of the deck, each once, none of them ``seen`` elsewhere (then added)."""
    checked = _check_length(cards, where, None)
    if not _CARD_IDS.issuperset(map(id, checked)):  # something that is not one of the 54 cards: name it
        for card in checked:
            _check_card(card, where, deck)
    mask = sum(map(_BIT, checked))  # distinct cards' bits add without a carry: as many bits set as cards
    if mask.bit_count() != len(checked):
        twice = next(card for at, card in enumerate(checked) if card in checked[:at])
        raise Bad(where, f"{twice} is also in {place_text(where)}: a card is in one place only")
    if mask & ~deck:
        _check_card(next(card for card in checked if card.bit & ~deck), where, deck)
    if seen is not None:
        if mask & seen.total:
            place, held = next((place, held) for place, held in seen.places if held & mask)
            card = next(card for card in checked if card.bit & held)
            raise Bad(where, f"{card} is also in {place_text(place)}: a card is in one place only")
        seen.total |= mask
        seen.places.append((where, mask))
    return checked


def _check_trick(trick: object, where: Place, n: int, deck: int, seen: _Seen, *, complete: bool) -> None:
    if not isinstance(trick, Trick):
        raise Bad(where, f"must be a Trick, not {describe(trick)}")
    _seat(trick.leader, (where, ".leader"), n)
    cards = _check_cards(trick.cards, (where, ".cards"), deck, seen)
    if complete:
        if len(cards) != n:
            raise Bad((where, ".cards"), f"a finished trick holds {n} cards, not {len(cards)}")
        _seat(trick.winner, (where, ".winner"), n)
    elif len(cards) >= n or trick.winner is not None:
        raise Bad(where, f"a trick in progress holds fewer than {n} cards and has no winner")


def _finished_tricks_pass(tricks: tuple[Any, ...], n: int, deck: int, seen: _Seen) -> bool:
    """Whether every finished trick passes :func:`_check_trick` (then its cards are ``seen``), checked for all
    the tricks at once (``check_view``'s speed trick: the tricks are most of a view); False leaves ``seen``
    as it was, for the trick-by-trick check that names the problem."""
    masks = []
    for trick in tricks:
        if not (
            type(trick) is Trick
            and type(trick.leader) is int
            and 0 <= trick.leader < n
            and type(trick.winner) is int
            and 0 <= trick.winner < n
            and type(trick.cards) is tuple
            and len(trick.cards) == n
            and _CARD_IDS.issuperset(map(id, trick.cards))
        ):
            return False
        masks.append(sum(map(_BIT, trick.cards)))
    mask = sum(masks)  # distinct cards' bits add without a carry, as in _check_cards
    if mask.bit_count() != n * len(tricks) or mask & ~deck or mask & seen.total:
        return False
    seen.total |= mask
    seen.places.extend((("tricks[", at, "].cards"), held) for at, held in enumerate(masks))
    return True


def _check_own_draws(view: Observation, draws: tuple[Any, ...], deck: int) -> None:
    for at, turn in enumerate(_check_length(view.own_draws, "own_draws", None)):
        where = f"own_draws[{at}]"
        if not isinstance(turn, DrawTurn):
            raise Bad(where, f"must be a DrawTurn, not {describe(turn)}")
        number = _int(turn.turn, (where, ".turn"), 0)
        if number >= len(draws) or turn.keep is not draws[number]:
            raise Bad(where, "must be one of the draw turns, with its keep decision")
        _check_card(turn.kept, (where, ".kept"), deck)
        if turn.discarded is not None:
            _check_card(turn.discarded, (where, ".discarded"), deck)


def _check_result(result: object, where: Place, n: int, sides: int) -> None:
    if not isinstance(result, HandScore):
        raise Bad(where, f"must be a HandScore, not {describe(result)}")
    for at, bid in enumerate(_check_length(result.bids, (where, ".bids"), n)):
        if bid is not None and (not isinstance(bid, Bid) or bid.seat != at):
            raise Bad((where, ".bids[", at, "]"), f"must be None or seat {at}'s Bid, not {describe(bid)}")
    _check_ints(result.tricks_won, (where, ".tricks_won"), n, 0)
    for at, side in enumerate(_check_length(result.sides, (where, ".sides"), sides)):
        if not isinstance(side, SideScore):
            raise Bad((where, ".sides[", at, "]"), f"must be a SideScore, not {describe(side)}")
        for name in _SIDE_FIELDS:
            value = getattr(side, name)
            if value is not None and type(value) not in (int, bool):
                raise Bad((where, ".sides[", at, "].", name), f"must be a number, not {describe(value)}")

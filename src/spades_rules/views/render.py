"""The forms of an :class:`~spades_rules.views.Observation` besides the value: its JSON-safe dict form and
its reader, its readable text, and the check of a view's shape.

- :func:`view_to_dict` writes a view's JSON-safe dict form; every legal action carries its integer ``code``
  (:func:`~spades_rules.codec.encode_action`), so a client can answer with a code or with the action.
- :func:`view_from_dict` reads it back (``Observation.from_dict(view.to_dict()) == view``), checking the shape
  key by key; :func:`check_view` checks the shape of a view value (types, lengths, seats, cards that
  exist and appear once), for views that come from outside: :func:`~spades_rules.views.sample_deal`
  checks its input with it first (the check itself lives in the private ``views._shape``, whose places
  and errors the reader shares).
- :func:`render` is the view's readable text (``str(view)``).

Actions use their one dict form (:meth:`Play.to_dict <spades_rules.actions.Play.to_dict>`, read by
:func:`~spades_rules.actions.action_from_dict`); cards are their short strings (``"AS"``, ``"TH"``);
suits their letters; the rules are :meth:`Rules.options <spades_rules.rules.Rules.options>`. The
JSON form is described key by key in the embedding guide of the documentation.

This module sits below :mod:`spades_rules.views.observation` (whose methods delegate here): it reads the
fields :class:`~spades_rules.views.Observation` declares, builds views through the class it is given, and
imports the observation module for types only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs

from spades_rules._core.messages import clip, describe
from spades_rules.actions import Action, Deal, PlayerAction, action_from_dict
from spades_rules.cards import ALL_CARDS, Card, Cards, Suit, format_cards
from spades_rules.codec import encode_action
from spades_rules.errors import ArgumentTypeError, ObservationError, ScoreSheetError, SpadesError
from spades_rules.rules import Rules
from spades_rules.scoring import HandScore
from spades_rules.state import Phase, Trick
from spades_rules.views._shape import Bad, Place, check, place_text
from spades_rules.views.parts import DrawTurn, ExchangeView

if TYPE_CHECKING:
    from spades_rules.views.observation import Observation

_View = TypeVar("_View", bound="Observation")

__all__ = ["check_view", "render", "view_from_dict", "view_to_dict"]

_SUIT_OF_LETTER: Final = {suit.letter: suit for suit in Suit}
"""Largest number a view's dict may hold (scores, sizes): anything larger is not a game."""


# ----------------------------------------------------------------------------------- view_to_dict
def view_to_dict(view: Observation) -> dict[str, Any]:
    """The JSON-safe dict of everything in ``view`` (one key per field, in field order)."""
    check_view(view)
    return {
        "rules": view.rules.to_dict(),
        "seat": view.seat,
        "phase": view.phase.value,
        "dealer": view.dealer,
        "to_act": view.to_act,
        "hand": None if view.hand is None else _card_strings(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "bids": [None if bid is None else bid.to_dict() for bid in view.bids],
        "tricks": [_trick_dict(trick) for trick in view.tricks],
        "current_trick": None if view.current_trick is None else _trick_dict(view.current_trick),
        "tricks_won": list(view.tricks_won),
        "spades_broken": view.spades_broken,
        "voids": [[suit.letter for suit in suits] for suits in view.voids],
        "known_cards": [_card_strings(cards) for cards in view.known_cards],
        "exchanges": [
            {
                "giver": exchange.giver,
                "receiver": exchange.receiver,
                "size": exchange.size,
                "cards": None if exchange.cards is None else _card_strings(exchange.cards),
            }
            for exchange in view.exchanges
        ],
        "pending_exchanges": [list(pair) for pair in view.pending_exchanges],
        "draws": list(view.draws),
        "own_draws": [
            {
                "turn": turn.turn,
                "keep": turn.keep,
                "kept": str(turn.kept),
                "discarded": None if turn.discarded is None else str(turn.discarded),
            }
            for turn in view.own_draws
        ],
        "draw_card": None if view.draw_card is None else str(view.draw_card),
        "stock_remaining": view.stock_remaining,
        "scores": list(view.scores),
        "bags": list(view.bags),
        "initial_scores": list(view.initial_scores),
        "initial_bags": list(view.initial_bags),
        "results": [result.to_dict() for result in view.results],
        "winner": view.winner,
        "legal_actions": [{**action.to_dict(), "code": encode_action(action)} for action in view.legal_actions],
    }


def _card_strings(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _trick_dict(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader, "cards": _card_strings(trick.cards), "winner": trick.winner}


# --------------------------------------------------------------------------------- view_from_dict
def view_from_dict(cls: type[_View], data: Mapping[str, Any]) -> _View:
    """The view of class ``cls`` whose dict form (:func:`view_to_dict`) is ``data``.

    Every key must be there and no other; each value must have the type and length the rules ask for
    (one entry per seat or per side), cards must be cards of the rules' deck and appear once, and each
    legal action's ``code`` must be its code. Raises :class:`~spades_rules.errors.ObservationError`
    naming the key.
    """
    if not isinstance(cls, type) or getattr(cls, "__attrs_attrs__", None) is None:  # the views' class
        raise ArgumentTypeError(f"view_from_dict needs the Observation class, not {describe(cls)}", parameter="cls")
    try:
        keys = _KEYS.get(cls)
        if keys is None:
            keys = _KEYS[cls] = tuple(field.name for field in attrs.fields(cls) if field.init)
        return cls(**_fields(data, keys))
    except Bad as error:
        raise ObservationError(f"not a view's dict form: {error}") from None
    except ObservationError as error:  # the view's own check, at its construction
        raise ObservationError(f"not a view's dict form: {str(error).removeprefix(_INCONSISTENT)}") from None


_KEYS: Final[dict[type, tuple[str, ...]]] = {}
"""The fields of each view class read so far, in order (the keys of its dict form)."""


def _fields(data: Mapping[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """The view's field values read from its dict form, whose ``keys`` are the view's fields."""
    if not isinstance(data, Mapping):
        raise Bad("view", f"must be a dict, not {type(data).__name__}")
    if len(data) != len(keys) or not all(key in data for key in keys):
        for key in data:
            if key not in keys:
                raise Bad("view", f"unknown key {describe(key)}")
        raise Bad("view", f"missing {', '.join(key for key in keys if key not in data)}")
    rules = _rules(data["rules"])
    return {
        "rules": rules,
        "seat": data["seat"],
        "phase": _phase(data["phase"]),
        "dealer": data["dealer"],
        "to_act": data["to_act"],
        "hand": None if data["hand"] is None else Cards(_cards(data["hand"], "hand")),
        "hand_sizes": _tuple(data["hand_sizes"], "hand_sizes"),
        "bids": _items(data["bids"], "bids", lambda item, where: None if item is None else _action(item, where)),
        "tricks": _items(data["tricks"], "tricks", _trick),
        "current_trick": None if data["current_trick"] is None else _trick(data["current_trick"], "current_trick"),
        "tricks_won": _tuple(data["tricks_won"], "tricks_won"),
        "spades_broken": data["spades_broken"],
        "voids": _items(data["voids"], "voids", _suits),
        "known_cards": _items(data["known_cards"], "known_cards", _cards),
        "exchanges": _items(data["exchanges"], "exchanges", _exchange),
        "pending_exchanges": _items(data["pending_exchanges"], "pending_exchanges", _tuple),
        "draws": _tuple(data["draws"], "draws"),
        "own_draws": _items(data["own_draws"], "own_draws", _draw_turn),
        "draw_card": None if data["draw_card"] is None else _card(data["draw_card"], "draw_card"),
        "stock_remaining": data["stock_remaining"],
        "scores": _tuple(data["scores"], "scores"),
        "bags": _tuple(data["bags"], "bags"),
        "initial_scores": _tuple(data["initial_scores"], "initial_scores"),
        "initial_bags": _tuple(data["initial_bags"], "initial_bags"),
        "results": _items(data["results"], "results", _result),
        "winner": data["winner"],
        "legal_actions": _items(data["legal_actions"], "legal_actions", _coded_action),
    }


def _rules(options: object) -> Rules:
    """The rules of a view's ``rules`` key: the compact form (:meth:`Rules.to_dict`, a preset and its
    changes) or every option (:meth:`Rules.options`, as older views carry)."""
    if not isinstance(options, Mapping) or not all(isinstance(name, str) for name in options):
        raise Bad("rules", f"must be a dict of options, not {describe(options)}")
    key = _rules_key(options)
    found = _RULES_READ.get(key) if key is not None else None
    if found is None:
        try:
            found = Rules.from_dict(options)
        except (SpadesError, TypeError, ValueError, RecursionError) as error:
            raise Bad("rules", clip(str(error), 200)) from None
        if key is not None:
            if len(_RULES_READ) >= _RULES_CACHE:
                _RULES_READ.clear()
            _RULES_READ[key] = found
    return found


_RULES_READ: Final[dict[tuple[Any, ...], Rules]] = {}
"""The rules read from the ``rules`` keys seen last, by :func:`_rules_key`: building a ``Rules`` (validation
and its compiled tables) is most of the cost of reading a view, and the views of one game all carry the
same rules (``view_from_dict``'s speed trick; rules are immutable, so sharing one value is safe)."""
_RULES_CACHE: Final = 256


def _rules_key(options: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """A hashable key equal only for equal JSON values (types included: ``true`` is not ``1``), or None for
    values no option has (dicts, nested lists, long lists): those are read, refused, and never cached."""
    if len(options) > 100:
        return None
    key: list[Any] = []
    for name, value in options.items():
        if type(value) is list:
            if len(value) > 64 or not all(type(item) in _SCALARS for item in value):
                return None
            key.append((name, list, tuple((type(item), item) for item in value)))
        elif type(value) in _SCALARS:
            key.append((name, type(value), value))
        else:
            return None
    return tuple(key)


_SCALARS: Final = frozenset({str, int, bool, float, type(None)})


def _phase(value: object) -> Phase:
    try:
        return Phase(value)
    except ValueError:
        raise Bad("phase", f"must be one of {', '.join(p.value for p in Phase)}, not {describe(value)}") from None


def _list(value: object, where: Place) -> list[Any] | tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise Bad(where, f"must be a list, not {describe(value)}")
    return value


def _tuple(value: object, where: Place) -> tuple[Any, ...]:
    return tuple(_list(value, where))


def _items(value: object, where: Place, read: Callable[[Any, Place], Any]) -> tuple[Any, ...]:
    items = _list(value, where)
    try:  # without building each item's place (most of the cost of a list of small items) ...
        return tuple([read(item, where) for item in items])
    except Bad:  # ... and, for a bad item, read again with places: the error names the item (``bids[2]``)
        return tuple(read(item, (where, "[", i, "]")) for i, item in enumerate(items))


def _mapping(value: object, where: Place, keys: Sequence[str]) -> Mapping[str, Any]:
    if type(value) is dict and len(value) == len(keys) and all(key in value for key in keys):
        return value
    if not isinstance(value, Mapping):
        raise Bad(where, f"must be a dict with keys {', '.join(keys)}, not {describe(value)}")
    if set(value) != set(keys):
        raise Bad(where, f"must have exactly the keys {', '.join(keys)}, not {', '.join(map(str, value))}")
    return value


_CARD_OF_TEXT: Final = {str(card): card for card in ALL_CARDS}
"""Each card by the string ``view_to_dict`` writes for it: a view's cards are read by a lookup, and only other
spellings (and errors) go through :meth:`Card.parse`."""


def _card(value: object, where: Place) -> Card:
    card = _CARD_OF_TEXT.get(value) if type(value) is str else None
    if card is not None:
        return card
    if not isinstance(value, str):
        raise Bad(where, f"a card is a string such as 'AS', not {describe(value)}")
    try:
        return Card.parse(value)
    except SpadesError as error:
        raise Bad(where, str(error)) from None


def _cards(value: object, where: Place) -> tuple[Card, ...]:
    if type(value) is list:
        try:
            return tuple([_CARD_OF_TEXT[text] for text in value])
        except (KeyError, TypeError):  # another spelling, or no card: read one by one, naming the bad one
            pass
    return _items(value, where, _card)


def _suits(value: object, where: Place) -> tuple[Suit, ...]:
    if type(value) is list:
        try:
            return tuple([_SUIT_OF_LETTER[letter] for letter in value])
        except (KeyError, TypeError):  # not a suit letter: found and named below
            pass
    suits = []
    for i, letter in enumerate(_list(value, where)):
        if not isinstance(letter, str) or letter not in _SUIT_OF_LETTER:
            raise Bad((where, "[", i, "]"), f"a suit is one of C, D, H, S, not {describe(letter)}")
        suits.append(_SUIT_OF_LETTER[letter])
    return tuple(suits)


def _action(value: object, where: Place) -> Action:
    key = _flat_key(value)
    found = _ACTIONS_READ.get(key) if key is not None else None
    if found is not None:
        return found
    if not isinstance(value, Mapping):
        raise Bad(where, f"an action is a dict, not {describe(value)}")
    try:
        action = action_from_dict(value)
    except SpadesError as error:
        raise Bad(where, str(error)) from None
    _remember(_ACTIONS_READ, key, action)
    return action


_ACTIONS_READ: Final[dict[tuple[Any, ...], Action]] = {}
_CODED_READ: Final[dict[tuple[Any, ...], PlayerAction]] = {}
"""The actions (and the legal actions with their codes) read from the small flat dicts seen last, by
:func:`_flat_key`: a view carries a dozen of them, the same from view to view (``view_from_dict``'s speed trick;
actions are immutable values, so sharing one is safe)."""


def _flat_key(value: object) -> tuple[Any, ...] | None:
    """A hashable key of a small dict of JSON scalars, equal only for equal values of equal types (``true``
    is not ``1``); None for anything else (lists of cards, odd values), which is read and never cached."""
    if type(value) is not dict or len(value) > 8:
        return None
    items = tuple(value.values())
    types = tuple(map(type, items))
    return (tuple(value), items, types) if _SCALARS.issuperset(types) else None


def _remember(cache: dict[tuple[Any, ...], Any], key: tuple[Any, ...] | None, action: Action) -> None:
    if key is not None:
        if len(cache) >= 4096:
            cache.clear()
        cache[key] = action


def _coded_action(value: object, where: Place) -> PlayerAction:
    key = _flat_key(value)
    found = _CODED_READ.get(key) if key is not None else None
    if found is not None:
        return found
    if not isinstance(value, Mapping) or "code" not in value:
        raise Bad(where, f"a legal action is an action's dict with its code, not {describe(value)}")
    action = _action({key: item for key, item in value.items() if key != "code"}, where)
    if isinstance(action, Deal):
        raise Bad(where, "a deal is no seat's action")
    try:
        code = encode_action(action)
    except SpadesError as error:
        raise Bad(where, str(error)) from None
    if value["code"] != code or type(value["code"]) is not int:
        raise Bad((where, ".code"), f"{action} has the code {code}, not {describe(value['code'])}")
    _remember(_CODED_READ, key, action)
    return action


def _trick(value: object, where: Place) -> Trick:
    data = _mapping(value, where, ("leader", "cards", "winner"))
    return Trick(data["leader"], _cards(data["cards"], (where, ".cards")), data["winner"])


def _exchange(value: object, where: Place) -> ExchangeView:
    data = _mapping(value, where, ("giver", "receiver", "size", "cards"))
    cards = None if data["cards"] is None else _cards(data["cards"], (where, ".cards"))
    return ExchangeView(giver=data["giver"], receiver=data["receiver"], size=data["size"], cards=cards)


def _draw_turn(value: object, where: Place) -> DrawTurn:
    data = _mapping(value, where, ("turn", "keep", "kept", "discarded"))
    discarded = None if data["discarded"] is None else _card(data["discarded"], (where, ".discarded"))
    kept = _card(data["kept"], (where, ".kept"))
    return DrawTurn(turn=data["turn"], keep=data["keep"], kept=kept, discarded=discarded)




def _result(value: object, where: Place) -> HandScore:
    try:
        return HandScore.from_dict(value)  # type: ignore[arg-type]  # it checks that value is a dict
    except ScoreSheetError as error:
        raise Bad(place_text(where) + error.where.removeprefix("hand"), str(error).partition(": ")[2]) from None


# ---------------------------------------------------------------------------------------- the shape check
_INCONSISTENT: Final = "not a consistent view: "


def _known_consistent(view: Observation) -> bool:
    """Whether ``view`` is known to pass :func:`check_view`: ``observe`` built it, or it was checked before
    (a frozen value stays consistent, so it is checked once)."""
    try:
        return view._checked
    except AttributeError:  # a view made without its constructor (object.__new__): never checked
        return False


def _mark_consistent(view: Observation) -> None:
    """Remember that ``view`` passed the check (a field outside the view's value: never compared or hashed)."""
    object.__setattr__(view, "_checked", True)


def check_view(view: Observation) -> None:
    """Check that ``view``'s fields have the types and lengths an observation of its rules has: seats in
    range, one entry per seat or per side, cards of the rules' deck, none seen in two places (the hand,
    the tricks, the known cards), bids and legal actions of the right seats. Raises
    :class:`~spades_rules.errors.ObservationError` naming the field. It does not replay the game: that a
    deal exists which gives exactly this view is what :func:`~spades_rules.views.sample_deal` finds out."""
    if _known_consistent(view):
        return
    try:
        check(view)
    except Bad as error:
        raise ObservationError(f"not a consistent view: {error}") from None
    except AttributeError as error:  # made without its constructor: a field is missing
        raise ObservationError(f"not a consistent view: {error.name or 'a field'} is missing") from None
    _mark_consistent(view)


# ---------------------------------------------------------------------------------------- text
def render(view: Observation) -> str:
    """A readable multi-line text of ``view``, for a terminal or a simple UI."""
    check_view(view)
    rules = view.rules
    head = f"Seat {view.seat} - {view.phase.value.replace('_', ' ')} phase, dealer {view.dealer}"
    if view.to_act is not None:
        head += ", your turn" if view.to_act == view.seat else f", seat {view.to_act} to act"
    lines = [
        head,
        "Scores: "
        + ", ".join(
            f"side {side}: {score} ({bags} bags)"
            for side, (score, bags) in enumerate(zip(view.scores, view.bags, strict=True))
        ),
    ]
    if view.phase is Phase.GAME_OVER:
        lines.append("Game over: " + ("a draw" if view.winner is None else f"side {view.winner} wins"))
    if view.phase is Phase.DEAL:
        lines.append("Waiting for the deal.")
        return "\n".join(lines)
    if view.hand is None:
        lines.append("Your hand: (not looked at yet: you may still bid blind)")
    else:
        lines.append(f"Your hand: {format_cards(view.hand) or '(empty)'}")
    lines.append("Cards held: " + ", ".join(f"{seat}: {size}" for seat, size in enumerate(view.hand_sizes)))
    if rules.deal_method == "draw":
        lines.append(f"Draw: {view.draws_taken} turns taken, {view.stock_remaining} cards in the stock")
        if view.own_draws:
            kept = format_cards(turn.kept for turn in view.own_draws)
            seen = [turn.discarded for turn in view.own_draws if turn.discarded is not None]
            unseen = sum(turn.discarded is None for turn in view.own_draws)
            lines.append(f"You kept: {kept}")
            lines.append(f"You discarded: {format_cards(seen) or '-'}" + (f" (+{unseen} unseen)" if unseen else ""))
        if view.draw_card is not None:
            lines.append(f"Top card of the stock: {view.draw_card} (keep or reject)")
    if rules.bid_format.has_bids:
        shown = (bid.label if bid else "-" for bid in view.bids)
        lines.append("Bids: " + ", ".join(f"{seat}: {label}" for seat, label in enumerate(shown)))
    for exchange in view.exchanges:
        what = format_cards(exchange.cards) if exchange.cards is not None else "(unseen)"
        lines.append(
            f"Exchange: seat {exchange.giver} passed {exchange.size} cards to seat {exchange.receiver}: {what}"
        )
    for number, trick in enumerate(view.tricks, start=1):
        lines.append(f"Trick {number}: {_plays_text(trick, rules.players)} -> seat {trick.winner}")
    if view.current_trick is not None:
        lines.append(f"Current trick: {_plays_text(view.current_trick, rules.players)}")
    lines.append("Tricks won: " + ", ".join(f"{seat}: {won}" for seat, won in enumerate(view.tricks_won)))
    voids = [
        f"{seat}: {' '.join(Suit(suit).name.lower() for suit in suits)}"
        for seat, suits in enumerate(view.voids)
        if suits
    ]
    if voids:
        lines.append("Known voids: " + "; ".join(voids))
    known = [f"{seat}: {format_cards(cards)}" for seat, cards in enumerate(view.known_cards) if cards]
    if known:
        lines.append("Known cards: " + "; ".join(known))
    if view.legal_actions:
        lines.append("Your options: " + ", ".join(str(action).partition(":")[2] for action in view.legal_actions))
    return "\n".join(lines)


def _plays_text(trick: Trick, players: int) -> str:
    plays = " ".join(f"{seat}:{card}" for seat, card in trick.plays(players))
    return f"seat {trick.leader} led" + (f" {plays}" if plays else "")

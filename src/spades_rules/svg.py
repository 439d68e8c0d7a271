"""Pictures of a game as SVG, in the spirit of python-chess's ``chess.svg``; no dependencies.

- :func:`view` draws what one seat sees (an :class:`~spades_rules.views.Observation`): its own cards
  face up, every other hand as the right number of face-down backs.
- :func:`table` draws a whole :class:`~spades_rules.state.GameState` with every hand face up.
- :func:`card` draws one card.

Both pictures show the hands fanned by suit (spades, hearts, clubs, diamonds, high cards first), the
trick in progress in the middle (the last trick, marked as such, when none is in progress), each seat's
bid and tricks won, the seat to act, the dealer and the score sheet. They work for two to five players,
with jokers, in every phase. The observing seat (or ``bottom``) sits at the bottom, the others follow
clockwise. Every card face drawn carries a ``data-card`` attribute with its notation, so a program (or
a test) can tell which cards a picture shows; a view's picture holds only cards its seat may see.

In Jupyter, :class:`~spades_rules.state.GameState` and :class:`~spades_rules.views.Observation` display
as these pictures (``_repr_svg_``).

>>> from spades_rules import Rules, Deal, new_game, apply, observe
>>> state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 1))
>>> picture = view(observe(state, 2))
>>> picture.startswith("<svg") and picture.count('data-card="') == 13
True
>>> table(state).count('data-card="')
52
>>> card(Card.parse("QH"), size=60)[:4]
'<svg'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from html import escape
from typing import Final

from spades_rules._core.checks import check_seat, not_a_state, read_items
from spades_rules._core.messages import describe
from spades_rules.cards import ALL_CARDS, Card, Rank, Suit
from spades_rules.errors import ArgumentTypeError, SpadesError
from spades_rules.rules import Rules
from spades_rules.seat_names import seat_names, side_name
from spades_rules.state import GameState, Phase, Trick
from spades_rules.views import Observation, observe
from spades_rules.views.render import check_view

__all__ = ["card", "table", "view"]

_WIDTH: Final = 960
_HEIGHT: Final = 720
_CARD_W: Final = 52
_CARD_H: Final = 74
_STEP: Final = 20
"""Horizontal distance between fanned cards."""
_SUIT_GAP: Final = 8
"""Extra gap between two suits of a fanned hand."""
_RED: Final = "#c8102e"
_BLACK: Final = "#1a1a1a"
_FELT: Final = "#0b6e3f"
_DISPLAY_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
_RANK_TEXT: Final = {Rank.TEN: "10", Rank.LITTLE_JOKER: "J", Rank.BIG_JOKER: "J"}


# ---------------------------------------------------------------------------------------- public
def view(
    observation: Observation,
    *,
    size: int | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """An SVG picture of ``observation``: the observing seat at the bottom, its own cards face up.

    Other hands appear as face-down backs, as many as each seat holds; the seat's own hand too when the
    view withholds it (``observe(..., hide_own_hand=True)``). In the two-player draw the top card of the
    stock shows while the seat decides on it. ``size`` is the width in pixels (default 960, the height
    follows); ``names`` names the seats (default North/East/South/West at four, ``Seat N`` otherwise).

    >>> from spades_rules import Rules, new_game, observe
    >>> svg_text = view(observe(new_game(Rules.two_player()), 1), size=480)
    >>> 'width="480"' in svg_text, "Waiting for the deal" in svg_text
    (True, True)
    """
    if not isinstance(observation, Observation):
        raise ArgumentTypeError(
            f"svg.view needs an Observation, not {type(observation).__name__}", parameter="observation"
        )
    check_view(observation)
    hands: list[tuple[Card, ...] | None] = [None] * observation.rules.players
    hands[observation.seat] = observation.hand
    return _Picture(observation, hands, observation.seat, size, names, you=observation.seat).svg()


def table(
    state: GameState,
    *,
    bottom: int = 0,
    size: int | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """An SVG picture of the whole table: every hand face up, seat ``bottom`` at the bottom.

    ``size`` and ``names`` as in :func:`view`.

    >>> from spades_rules import Rules, new_game
    >>> table(new_game(Rules.standard()), bottom=4)
    Traceback (most recent call last):
    ...
    spades_rules.errors.SeatError: bottom must be a seat 0-3, not 4
    """
    if not isinstance(state, GameState):
        raise not_a_state(state, "svg.table")
    players = state.rules.players
    bottom = check_seat(bottom, players, "bottom")
    views = [observe(state, seat) for seat in range(players)]
    hands: list[tuple[Card, ...] | None] = [seat_view.hand for seat_view in views]
    picture = _Picture(views[bottom], hands, bottom, size, names, you=None)
    to_act = state.to_act
    if to_act is not None:
        picture.draw_card = views[to_act].draw_card
    return picture.svg()


def card(value: Card | str, *, size: int | None = None) -> str:
    """An SVG picture of one card (``size``: width in pixels, default 52).

    >>> 'data-card="BJ"' in card("BJ")
    True
    """
    shown = value if isinstance(value, Card) else Card.parse(value)
    if shown not in ALL_CARDS:  # cards are interned: one made without Card.parse has no face to draw
        raise ArgumentTypeError(f"card() needs one of the 54 cards (Card.parse), not {describe(value)}")
    width = _CARD_W if size is None else _check_size(size)
    height = round(width * _CARD_H / _CARD_W)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="-1 -1 {_CARD_W + 2} {_CARD_H + 2}">{_face(shown, 0, 0)}</svg>'
    )


# ---------------------------------------------------------------------------------------- drawing
def _check_size(size: object) -> int:
    if type(size) is not int or not 16 <= size <= 10_000:
        raise SpadesError(f"size must be a width in pixels, 16-10000, not {describe(size)}")
    return size


def _names(rules: Rules, names: Sequence[str] | None) -> tuple[str, ...]:
    players = rules.players
    if names is None:
        return seat_names(rules)
    given = () if isinstance(names, str) else read_items(names, "svg", "names", limit=players, error=SpadesError)
    if len(given) != players or not all(isinstance(name, str) for name in given):
        raise SpadesError(f"names must be {players} strings, one per seat, not {describe(names)}")
    return tuple(given)


def _color(card: Card) -> str:
    if card.rank is Rank.BIG_JOKER:
        return _RED
    if card.is_joker:
        return _BLACK
    return _RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK


def _text(x: float, y: float, text: str, *, size: int = 14, fill: str = "#ffffff", anchor: str = "start",
          weight: str = "normal", spacing: int = 0) -> str:
    extra = f' letter-spacing="{spacing}"' if spacing else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
        f'font-weight="{weight}"{extra}>{escape(text)}</text>'
    )


def _face(shown: Card, x: float, y: float, *, highlight: bool = False) -> str:
    color = _color(shown)
    stroke = "#f2c200" if highlight else "#555555"
    width = 3 if highlight else 1
    parts = [
        f'<g class="card" data-card="{escape(str(shown))}" transform="translate({x:.1f},{y:.1f})">',
        f'<rect width="{_CARD_W}" height="{_CARD_H}" rx="5" fill="#ffffff" stroke="{stroke}" '
        f'stroke-width="{width}"/>',
    ]
    if shown.is_joker:
        big = shown.rank is Rank.BIG_JOKER
        parts.append(_text(4, 16, "J", size=15, fill=color, weight="bold"))
        parts.append(_text(4, 29, "★", size=12, fill=color))
        parts.append(_text(_CARD_W / 2 + 5, 50, "★", size=26, fill=color, anchor="middle"))
        parts.append(_text(_CARD_W / 2 + 5, 67, "BIG" if big else "LITTLE", size=8, fill=color, anchor="middle"))
    else:
        rank = _RANK_TEXT.get(shown.rank, shown.rank.letter)
        ten = rank == "10"
        parts.append(_text(2 if ten else 4, 16, rank, size=12 if ten else 15, fill=color, weight="bold",
                           spacing=-1 if ten else 0))
        parts.append(_text(4, 30, shown.suit.symbol, size=14, fill=color))
        parts.append(_text(_CARD_W / 2 + 12, 56, shown.suit.symbol, size=30, fill=color, anchor="middle"))
    parts.append("</g>")
    return "".join(parts)


def _back(x: float, y: float) -> str:
    return (
        f'<g class="back" transform="translate({x:.1f},{y:.1f})">'
        f'<rect width="{_CARD_W}" height="{_CARD_H}" rx="5" fill="#ffffff" stroke="#555555"/>'
        f'<rect x="4" y="4" width="{_CARD_W - 8}" height="{_CARD_H - 8}" rx="3" fill="#24477f"/>'
        f'<path d="M8 8 L{_CARD_W - 8} {_CARD_H - 8} M{_CARD_W - 8} 8 L8 {_CARD_H - 8}" stroke="#6d8cc2" '
        'stroke-width="2"/></g>'
    )


def _grouped(rules: Rules, cards: Iterable[Card]) -> list[list[Card]]:
    """The cards by effective suit (spades, hearts, clubs, diamonds), strongest first in each suit."""
    by_suit: dict[Suit, list[Card]] = {suit: [] for suit in Suit}
    for held in cards:
        by_suit[rules.effective_suit(held)].append(held)
    return [sorted(by_suit[suit], key=rules.strength, reverse=True) for suit in _DISPLAY_ORDER if by_suit[suit]]


class _Picture:
    """One drawing: a view (``you`` set) or the whole table (every hand in ``hands``)."""

    def __init__(
        self,
        observation: Observation,
        hands: Sequence[tuple[Card, ...] | None],
        bottom: int,
        size: int | None,
        names: Sequence[str] | None,
        *,
        you: int | None,
    ) -> None:
        self.obs = observation
        self.rules = observation.rules
        self.hands = hands
        self.bottom = bottom
        self.width = _WIDTH if size is None else _check_size(size)
        self.names = _names(self.rules, names)
        self.you = you
        self.draw_card = observation.draw_card
        self.parts: list[str] = []

    # ------------------------------------------------------------------ layout
    def angle(self, seat: int) -> float:
        """Screen angle of a seat: the bottom seat at 90 degrees, the others clockwise round the table."""
        players = self.rules.players
        return math.radians(90 + (seat - self.bottom) % players * 360 / players)

    def seat_point(self, seat: int) -> tuple[float, float]:
        """Centre of a seat's hand."""
        angle = self.angle(seat)
        return _WIDTH / 2 + 315 * math.cos(angle), 330 + 255 * math.sin(angle)

    def trick_point(self, seat: int) -> tuple[float, float]:
        """Where a seat's card lies in the trick (top-left corner)."""
        angle = self.angle(seat)
        return _WIDTH / 2 + 78 * math.cos(angle) - _CARD_W / 2, 330 + 62 * math.sin(angle) - _CARD_H / 2

    # ------------------------------------------------------------------ pieces
    def svg(self) -> str:
        height = round(self.width * _HEIGHT / _WIDTH)
        self.parts.append(f'<rect width="{_WIDTH}" height="{_HEIGHT}" rx="24" fill="{_FELT}"/>')
        self.header()
        self.scores()
        if self.obs.phase is Phase.DEAL:
            self.parts.append(_text(_WIDTH / 2, 340, "Waiting for the deal", size=22, anchor="middle"))
        else:
            for seat in range(self.rules.players):
                self.seat(seat)
            self.middle()
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{height}" '
            f'viewBox="0 0 {_WIDTH} {_HEIGHT}" font-family="DejaVu Sans, Segoe UI Symbol, Arial, sans-serif" '
            f'class="spades-table">{"".join(self.parts)}</svg>'
        )

    def header(self) -> None:
        obs = self.obs
        phase = obs.phase.value.replace("_", " ")
        title = f"Hand {obs.hands_played + (0 if obs.phase is Phase.GAME_OVER else 1)} · {phase}"
        if obs.phase is Phase.GAME_OVER:
            title = "Game over · " + ("a draw" if obs.winner is None else f"{self.side_name(obs.winner)} wins")
        self.parts.append(_text(_WIDTH - 20, 32, title, size=18, anchor="end", weight="bold"))
        whose = "Whole table" if self.you is None else f"{self.names[self.you]}'s view"
        self.parts.append(_text(_WIDTH - 20, 54, whose, size=13, anchor="end", fill="#cfe8da"))
        if self.rules.deal_method == "draw" and obs.phase is not Phase.DEAL:
            self.parts.append(_text(_WIDTH - 20, 74, f"Stock: {obs.stock_remaining} cards", size=13, anchor="end",
                                    fill="#cfe8da"))

    def side_name(self, side: int) -> str:
        return side_name(self.rules, side, self.names)

    def scores(self) -> None:
        obs = self.obs
        rows = len(obs.scores)
        top = _HEIGHT - 14 - (42 + 20 * rows)
        self.parts.append(f'<rect x="14" y="{top}" width="230" height="{42 + 20 * rows}" rx="8" fill="#000000" '
                          'fill-opacity="0.28"/>')
        self.parts.append(_text(26, top + 24, f"Score (target {self.rules.target_score})", size=14, weight="bold"))
        for side, (score, bags) in enumerate(zip(obs.scores, obs.bags, strict=True)):
            y = top + 46 + 20 * side
            self.parts.append(_text(26, y, self.side_name(side), size=13))
            self.parts.append(_text(170, y, str(score), size=13, anchor="end", weight="bold"))
            self.parts.append(_text(232, y, f"{bags} bag{'' if bags == 1 else 's'}", size=12, anchor="end",
                                    fill="#cfe8da"))

    def seat(self, seat: int) -> None:
        obs = self.obs
        cx, cy = self.seat_point(seat)
        held = self.hands[seat]
        count = obs.hand_sizes[seat]
        groups = _grouped(self.rules, held) if held is not None else []
        width = _CARD_W + _STEP * (max(count, 1) - 1) + _SUIT_GAP * max(len(groups) - 1, 0)
        x, y = cx - width / 2, cy - _CARD_H / 2
        if held is None:
            for at in range(count):
                self.parts.append(_back(x + at * _STEP, y))
        else:
            for group in groups:
                for shown in group:
                    self.parts.append(_face(shown, x, y))
                    x += _STEP
                x += _SUIT_GAP
        if cy > 340:  # labels above the cards in the lower half, below them elsewhere
            name_y, status_y = cy - _CARD_H / 2 - 28, cy - _CARD_H / 2 - 10
        else:
            name_y, status_y = cy + _CARD_H / 2 + 20, cy + _CARD_H / 2 + 37
        name = self.names[seat] + (" (you)" if seat == self.you else "")
        if seat == self.obs.dealer:
            name += " · dealer"
        color = "#f2c200" if obs.to_act == seat else "#ffffff"
        self.parts.append(_text(cx, name_y, name, size=15, anchor="middle", weight="bold", fill=color))
        self.parts.append(_text(cx, status_y, self.status(seat), size=13, anchor="middle", fill="#cfe8da"))

    def status(self, seat: int) -> str:
        obs = self.obs
        words = []
        if self.rules.bid_format.has_bids:
            bid = obs.bids[seat]
            words.append("no bid yet" if bid is None else "bid " + bid.label)
        won = obs.tricks_won[seat]
        words.append(f"{won} trick{'' if won == 1 else 's'}")
        if obs.to_act == seat:
            words.append("to act")
        return " · ".join(words)

    def middle(self) -> None:
        obs = self.obs
        trick: Trick | None = obs.current_trick
        label = ""
        if (trick is None or not trick.cards) and obs.tricks:
            trick, label = obs.tricks[-1], "last trick"
        if trick is not None and trick.cards:
            for seat, shown in trick.plays(self.rules.players):
                x, y = self.trick_point(seat)
                self.parts.append(_face(shown, x, y, highlight=seat == trick.winner))
            if label:
                winner = "" if trick.winner is None else f", won by {self.names[trick.winner]}"
                self.parts.append(_text(_WIDTH / 2, 330 + 62 + _CARD_H / 2 + 18, label + winner, size=13,
                                        anchor="middle", fill="#cfe8da"))
        if obs.phase is Phase.DRAW and obs.stock_remaining:
            x, y = _WIDTH / 2 - _CARD_W - 40, 330 - _CARD_H / 2
            for at in range(min(obs.stock_remaining, 4)):
                self.parts.append(_back(x - 2 * at, y - 2 * at))
            self.parts.append(_text(x + _CARD_W / 2 - 3, y + _CARD_H + 18, f"stock {obs.stock_remaining}", size=13,
                                    anchor="middle", fill="#cfe8da"))
        if self.draw_card is not None:
            x, y = _WIDTH / 2 + 20, 330 - _CARD_H / 2
            self.parts.append(_face(self.draw_card, x, y, highlight=True))
            self.parts.append(_text(x + _CARD_W / 2, y - 10, "top card: keep or reject?", size=13,
                                    anchor="middle"))
        elif obs.phase is Phase.BID and not any(obs.bids):
            self.parts.append(_text(_WIDTH / 2, 336, "Bidding", size=18, anchor="middle", fill="#cfe8da"))

"""Why the engine refuses an action: the :class:`~spades_rules.errors.IllegalActionError` messages that are
more than a line (the engine's own room, like :mod:`spades_rules._core.bidding`).

The engine decides *whether* an action is refused; these functions only say *why*, so a reader of
:mod:`spades_rules.engine` sees the rules and not the wording.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final, NoReturn

from spades_rules._core.messages import describe
from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange, Play, Redeal
from spades_rules.cards import ALL_CARDS, Card, Suit, cards_of_mask, format_cards
from spades_rules.errors import IllegalActionError, IllegalReason, SeatError
from spades_rules.rules.tables import CompiledTables
from spades_rules.state import GameState, HandState, Phase

_PHASE_OF: Final[dict[type, Phase]] = {
    Play: Phase.PLAY, Bid: Phase.BID, Deal: Phase.DEAL, DrawDecision: Phase.DRAW, Exchange: Phase.EXCHANGE,
    Redeal: Phase.BID,
}
"""The phase that accepts each kind of action (for the refusals)."""


def misplaced(state: GameState, action: Action) -> IllegalActionError | SeatError:
    """The error for an action that the phase does not accept, or that is not its seat's turn, or whose seat
    the table does not have (a :class:`~spades_rules.errors.SeatError`)."""
    players = state.rules.players
    if not isinstance(action, Deal) and action.seat >= players:
        return SeatError(
            f"{action}: there is no seat {action.seat} at this table (its seats are 0-{players - 1})",
            seat=action.seat, players=players,
        )
    if state.phase is not _PHASE_OF[type(action)]:
        return _wrong_phase(state, action)
    doing = {Phase.PLAY: "play", Phase.BID: "bid", Phase.DRAW: "draw", Phase.EXCHANGE: "pass cards"}[state.phase]
    return IllegalActionError(
        IllegalReason.OUT_OF_TURN,
        f"seat {action.seat} cannot act: it is seat {state.to_act}'s turn to {doing}",  # type: ignore[union-attr]
        action=action,
    )


def _wrong_phase(state: GameState, action: Action) -> IllegalActionError:
    if state.phase is Phase.GAME_OVER:
        return IllegalActionError(IllegalReason.GAME_OVER, f"the game is over; {action} is not accepted", action=action)
    if isinstance(action, Redeal):
        return IllegalActionError(
            IllegalReason.INVALID_REDEAL, f"seat {action.seat} cannot call a redeal in the {state.phase.value} phase",
            action=action,
        )
    expected = {
        Phase.DEAL: "a Deal (chance)",
        Phase.DRAW: "a DrawDecision",
        Phase.BID: "a Bid",
        Phase.EXCHANGE: "an Exchange",
        Phase.PLAY: "a Play",
    }[state.phase]
    return IllegalActionError(
        IllegalReason.WRONG_PHASE,
        f"{type(action).__name__} is not accepted in the {state.phase.value} phase: expected {expected}",
        action=action,
    )


def refuse_forged(action: Action, cards: Iterable[Card]) -> NoReturn:
    """Refuse an action holding, among ``cards``, a card that is not one of the interned cards."""
    card = next(card for card in cards if ALL_CARDS[card.index] is not card)
    raise IllegalActionError(
        IllegalReason.NOT_AN_ACTION,
        f"{describe(card)} is not one of the library's cards: cards are interned (use Card.parse, Card.from_index or "
        "ALL_CARDS), and an object that only looks like one is refused",
        action=action,
    )


def refuse_play(
    tables: CompiledTables, hand: HandState, action: Play, lowest_club: Card | None, playable: int
) -> NoReturn:
    """Refuse a play the hand does not allow; ``lowest_club`` is the card the first lead must be, if any, and
    ``playable`` the mask of the cards the seat may play."""
    seat, card = action.seat, action.card
    mine = hand.held[seat]
    if not mine & card.bit:
        raise IllegalActionError(
            IllegalReason.CARD_NOT_IN_HAND, f"seat {seat} cannot play {card}: it does not hold that card", action=action
        )
    first = not hand.completed_tricks
    if hand.trick_cards and first and tables.first_trick_lowest_club and mine & tables.suit_masks[Suit.CLUBS]:
        raise IllegalActionError(
            IllegalReason.MUST_PLAY_LOWEST_CLUB,
            f"seat {seat} cannot play {card}: every club holder plays its lowest club to the first trick "
            f"(first_trick_lowest_club), here {format_cards(cards_of_mask(playable))}",
            action=action,
        )
    led_mask = tables.follow_masks[hand.trick_cards[0].index] if hand.trick_cards else 0
    if hand.trick_cards and first and tables.first_trick_no_spades and not mine & led_mask:
        raise IllegalActionError(
            IllegalReason.NO_SPADE_ON_FIRST_TRICK,
            f"seat {seat} cannot play {card}: no spade may be played to the first trick by a seat holding other "
            "suits (first_trick_spades=False)",
            action=action,
        )
    if hand.trick_cards:
        led = tables.suit_of[hand.trick_cards[0].index]
        raise IllegalActionError(
            IllegalReason.MUST_FOLLOW_SUIT,
            f"seat {seat} cannot play {card}: it must follow the suit led ({Suit(led).name.lower()}) and holds "
            f"{format_cards(cards_of_mask(mine & tables.suit_masks[led]))}",
            action=action,
        )
    club = lowest_club
    if club is not None:
        raise IllegalActionError(
            IllegalReason.MUST_LEAD_LOWEST_CLUB,
            f"seat {seat} cannot lead {card}: the first lead must be the lowest club in play, {club}",
            action=action,
        )
    if tables.spades_after_first_trick:
        why = "spades may be led from the second trick on, and it holds other suits"
    else:
        why = "spades are not broken and it holds other suits"
    raise IllegalActionError(IllegalReason.SPADES_NOT_BROKEN, f"seat {seat} cannot lead {card}: {why}", action=action)


def refuse_deal(tables: CompiledTables, action: Deal) -> NoReturn:
    """Refuse a deal that is not the rules' deck, saying which cards are missing, repeated or foreign."""
    deck = action.deck
    counts = Counter(deck)
    repeated = sorted(card for card, count in counts.items() if count > 1)
    missing = sorted(set(tables.deck) - counts.keys())
    foreign = sorted(counts.keys() - set(tables.deck))
    problems = [f"got {len(deck)} cards"]
    for label, cards in (("missing", missing), ("repeated", repeated), ("not in this deck", foreign)):
        if cards:
            problems.append(f"{label}: {format_cards(cards)}")
    raise IllegalActionError(
        IllegalReason.INVALID_DEAL,
        f"a deal must be the rules' {len(tables.deck)}-card deck in some order, each card once ({'; '.join(problems)})",
        action=action,
    )

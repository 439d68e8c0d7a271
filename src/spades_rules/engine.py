"""The engine: :func:`new_game`, :func:`legal_actions`, :func:`is_legal` and :func:`apply`.

This is the only place where transitions happen. :func:`apply` is pure: it returns a new state and
never changes the one given; anything not in :func:`legal_actions` raises
:class:`~spades_rules.errors.IllegalActionError` with a reason.

Decision points, one per phase (each reads :class:`~spades_rules.rules.Rules` fields, never a preset name):

- Deal (``_apply_deal``): the deck is checked against ``rules.deck``; ``deal_method="deal"`` gives one card
  at a time clockwise from the dealer's left, ``"draw"`` makes the deck the two-player stock.
- Draw (``_apply_draw``): each turn keeps one of the next two stock cards; the non-dealer starts.
- Start of bidding (``_begin_bidding``): the bid order (``bid_order``); formats that fix the bids (no-bid,
  mirror) skip the phase.
- Redeal (``_apply_redeal``): a seat whose hand meets ``redeal_on`` may call it before the first bid.
- Bids (``_apply_bid``): :mod:`spades_rules._bidding` says what each seat may bid.
- Exchange (``_exchanges_due``, ``_apply_exchange``): after the bids, each blind nil bidder with a
  non-nil partner passes ``blind_nil_exchange`` cards, then the partner returns as many.
- First lead (``_begin_play``): the dealer's left, or the holder of the lowest club (``first_lead``).
- Plays (``_playable``): follow the effective suit led; lead spades only once broken (``spade_lead``).
- Trick winner (``_trick_winner``): the highest trump by the rules' trump order, else the highest of the
  suit led.
- End of hand (``_finish_hand``): :func:`~spades_rules.scoring.score_hand`, then the game-end checks
  (``target_score``, ``losing_score``, ``max_hands``) and the dealer passes left.

>>> from spades_rules import Rules, Deal, Bid
>>> state = new_game(Rules.standard())
>>> state = apply(state, Deal.shuffled(state.rules, 1))
>>> state.phase, state.to_act
(<Phase.BID: 'bid'>, 1)
>>> len(legal_actions(state)), legal_actions(state)[:2]  # nil and 1-13: no blind nil at 0-0
(14, (Bid(seat=1, tricks=0, blind=False), Bid(seat=1, tricks=1, blind=False)))
>>> apply(state, Bid(2, 3))
Traceback (most recent call last):
...
spades_rules.errors.IllegalActionError: seat 2 cannot act: it is seat 1's turn to bid
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any, Final

import attrs

from spades_rules._bidding import bid_rule, check_bid, fixed_bids
from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange, Play, Redeal
from spades_rules.cards import ALL_CARDS, Card, Suit, _cards_of_mask, _mask_of, format_cards
from spades_rules.errors import IllegalActionError, IllegalReason, RulesError
from spades_rules.rules import _MAX_NUMBER, Rules, _Tables
from spades_rules.scoring import _score_sheet
from spades_rules.state import GameState, HandState, Phase, Trick, _Match, _Setup

__all__ = ["apply", "is_legal", "legal_actions", "new_game"]

_PLAYS: Final = tuple(tuple(Play(seat, card) for card in ALL_CARDS) for seat in range(5))
_PLAY_CHUNKS: Final[tuple[tuple[dict[int, tuple[Play, ...]], ...], ...]] = tuple(
    tuple({} for _ in range(4)) for _ in range(5)
)
"""Per seat, per suit chunk (13 bits; the last also holds the jokers): bit pattern -> plays. Bounded by the
number of patterns (at most 8192 per suit, 32768 for spades with jokers)."""
_DRAWS: Final = tuple((DrawDecision(seat, True), DrawDecision(seat, False)) for seat in range(5))
_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")


def new_game(
    rules: Rules,
    *,
    dealer: int = 0,
    scores: Sequence[int] | None = None,
    bags: Sequence[int] | None = None,
) -> GameState:
    """A new game in the ``DEAL`` phase, ``dealer`` dealing first; optionally from given scores and bags.

    >>> from spades_rules import Rules
    >>> state = new_game(Rules.standard(), scores=[120, 20])
    >>> state.phase, state.scores, state.is_chance
    (<Phase.DEAL: 'deal'>, (120, 20), True)
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"new_game needs a Rules value, not {type(rules).__name__}")
    if type(dealer) is not int or not 0 <= dealer < rules.players:
        raise RulesError(f"dealer must be a seat 0-{rules.players - 1}, not {dealer!r}")
    sides = rules.num_sides
    start = _per_side("scores", scores, sides, minimum=None)
    start_bags = _per_side("bags", bags, sides, minimum=0)
    match = _Match(dealer, start, start_bags, (), None, (), start, start_bags, dealer)
    return GameState(rules, Phase.DEAL, None, (), match)


def _per_side(name: str, values: Sequence[int] | None, sides: int, *, minimum: int | None) -> tuple[int, ...]:
    if values is None:
        return (0,) * sides
    result = tuple(values)
    if len(result) != sides or any(type(v) is not int for v in result):
        raise RulesError(f"{name} needs one integer per side ({sides} sides), not {values!r}")
    if any(abs(v) > _MAX_NUMBER for v in result):
        raise RulesError(f"{name} must be at most {_MAX_NUMBER} in size (a record could not hold it)")
    if minimum is not None and any(v < minimum for v in result):
        raise RulesError(f"{name} must not be negative")
    return result


# ---------------------------------------------------------------------------------------- legal actions
def legal_actions(state: GameState, seat: int | None = None) -> tuple[Action, ...]:
    """Every action :func:`apply` accepts now, in a stable order (that of the integer codec).

    Empty in the ``DEAL`` phase (a chance node: see :meth:`~spades_rules.actions.Deal.shuffled`) and once
    the game is over. In the ``BID`` phase, redeal calls by qualifying seats come after the bids; they
    may belong to seats other than the one to act (a redeal is called out of turn), which tells whose
    hand qualifies. An agent or a server should therefore ask for one seat's actions: with ``seat``,
    only the actions that seat may take now (empty when it has none).
    """
    if seat is not None:
        return _legal_actions_of(state, seat)
    phase = state.phase
    hand = state.hand
    if phase is Phase.PLAY:
        assert hand is not None and hand.to_act is not None
        seat = hand.to_act
        return _plays_of(seat, _playable(state.rules._tables, hand, hand.held[seat]))
    if phase is Phase.BID:
        assert hand is not None and hand.to_act is not None
        bids = bid_rule(state.rules, hand, hand.to_act, state.scores).legal
        return bids + _redeals(state.rules, hand) if state.rules.redeal_on else bids
    if phase is Phase.DRAW:
        assert hand is not None and hand.to_act is not None
        return _DRAWS[hand.to_act]
    if phase is Phase.EXCHANGE:
        assert hand is not None and hand.to_act is not None
        seat = hand.to_act
        size = state.rules.blind_nil_exchange
        return tuple(Exchange(seat, cards) for cards in combinations(_cards_of_mask(hand.held[seat]), size))
    return ()


def _legal_actions_of(state: GameState, seat: int) -> tuple[Action, ...]:
    hand = state.hand
    if hand is None or state.phase is Phase.GAME_OVER or state.phase is Phase.DEAL:
        return ()
    if seat == hand.to_act:
        actions = legal_actions(state)
        if state.phase is Phase.BID and state.rules.redeal_on:
            return tuple(action for action in actions if not isinstance(action, Redeal) or action.seat == seat)
        return actions
    if state.phase is Phase.BID:
        return tuple(redeal for redeal in _redeals(state.rules, hand) if redeal.seat == seat)
    return ()


def is_legal(state: GameState, action: object) -> bool:
    """Whether :func:`apply` accepts ``action`` in ``state``."""
    try:
        apply(state, action)  # type: ignore[arg-type]
    except IllegalActionError:
        return False
    return True


def _plays_of(seat: int, mask: int) -> tuple[Play, ...]:
    """The plays of the cards in ``mask``, in card order, from per-suit chunks cached by bit pattern."""
    caches = _PLAY_CHUNKS[seat]
    result: tuple[Play, ...] = ()
    low = mask & 0x3FFFFFF
    if low:
        part = low & 0x1FFF
        if part:
            result = caches[0].get(part) or _fill_chunk(seat, 0, part)
        part = low >> 13
        if part:
            result += caches[1].get(part) or _fill_chunk(seat, 1, part)
    high = mask >> 26
    if high:
        part = high & 0x1FFF
        if part:
            result += caches[2].get(part) or _fill_chunk(seat, 2, part)
        part = high >> 13
        if part:
            result += caches[3].get(part) or _fill_chunk(seat, 3, part)
    return result


def _fill_chunk(seat: int, chunk: int, part: int) -> tuple[Play, ...]:
    plays = _PLAYS[seat]
    found = tuple(plays[13 * chunk + i] for i in range(part.bit_length()) if part >> i & 1)
    _PLAY_CHUNKS[seat][chunk][part] = found
    return found


def _playable(tables: _Tables, hand: HandState, mine: int) -> int:
    """The mask of cards the seat to play may play."""
    trick = hand.trick_cards
    if trick:
        follow = mine & tables.suit_masks[tables.suit_of[trick[0].index]]
        return follow or mine
    if not hand.completed_tricks and tables.lead_lowest_club:
        club = _lowest_club_in_play(tables, hand)
        if club is not None:
            return club.bit
    if tables.spades_anytime or hand.spades_broken:
        return mine
    return mine & ~tables.spade_mask or mine


def _lowest_club_in_play(tables: _Tables, hand: HandState) -> Card | None:
    in_play = 0
    for mask in hand.held:
        in_play |= mask
    clubs = in_play & tables.suit_masks[Suit.CLUBS]
    return ALL_CARDS[(clubs & -clubs).bit_length() - 1] if clubs else None


def _redeals(rules: Rules, hand: HandState) -> tuple[Redeal, ...]:
    if not rules.redeal_on or any(bid is not None for bid in hand.bids):
        return ()
    return tuple(Redeal(seat) for seat in range(rules.players) if _may_redeal(rules, hand.held[seat]))


def _may_redeal(rules: Rules, mine: int) -> bool:
    tables = rules._tables
    spades = bin(mine & tables.spade_mask).count("1")
    conditions = {
        "no_spades": spades == 0,
        "one_or_no_spades": spades <= 1,
        "no_face_cards": not mine & tables.face_mask,
    }
    return any(conditions[condition] for condition in rules.redeal_on)


# ---------------------------------------------------------------------------------------- apply
def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``. Pure: ``state`` is unchanged, and stays usable if this raises.

    Raises :class:`~spades_rules.errors.IllegalActionError` (with a :class:`IllegalReason`) for anything
    that :func:`legal_actions` does not list, and for a deal that is not the rules' deck.
    """
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalActionError(
            IllegalReason.NOT_AN_ACTION, f"{action!r} is not an action (Deal, DrawDecision, Redeal, Bid, Exchange, "
            "Play)", action=action,
        )
    if state.phase is not handler[0]:
        _refuse_phase(state, action)
    return handler[1](state, action)


def _refuse_phase(state: GameState, action: Action) -> None:
    if state.phase is Phase.GAME_OVER:
        raise IllegalActionError(IllegalReason.GAME_OVER, f"the game is over; {action} is not accepted", action=action)
    if isinstance(action, Redeal):
        raise IllegalActionError(
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
    raise IllegalActionError(
        IllegalReason.WRONG_PHASE,
        f"{type(action).__name__} is not accepted in the {state.phase.value} phase: expected {expected}",
        action=action,
    )


def _check_turn(hand: HandState, action: Play | Bid | Exchange | DrawDecision, doing: str) -> None:
    if action.seat != hand.to_act:
        raise IllegalActionError(
            IllegalReason.OUT_OF_TURN, f"seat {action.seat} cannot act: it is seat {hand.to_act}'s turn to {doing}",
            action=action,
        )


def _apply_play(state: GameState, action: Play) -> GameState:
    hand = state.hand
    assert hand is not None
    seat = action.seat
    if seat != hand.to_act:
        _check_turn(hand, action, "play")
    bit = action.card.bit
    held = hand.held
    mine = held[seat]
    tables = state.rules._tables
    if not mine & bit or not _playable(tables, hand, mine) & bit:
        _refuse_play(state, hand, action)
    new_held = list(held)
    new_held[seat] = mine ^ bit
    held = tuple(new_held)
    broken = hand.spades_broken or bool(bit & tables.spade_mask)
    trick = hand.trick_cards + (action.card,)
    actions = state.hand_actions + (action,)
    if len(trick) < tables.players:
        return GameState(
            state.rules, Phase.PLAY,
            HandState(hand._setup, held, hand.tricks_won, hand.leader, trick, hand.completed_tricks, broken,
                      (seat + 1) % tables.players),
            actions, state._match,
        )
    winner = _trick_winner(tables, hand.leader, trick)
    won = list(hand.tricks_won)
    won[winner] += 1
    completed = (*hand.completed_tricks, Trick(hand.leader, trick, winner))
    if len(completed) < tables.cards_each:
        return GameState(
            state.rules, Phase.PLAY, HandState(hand._setup, held, tuple(won), winner, (), completed, broken, winner),
            actions, state._match,
        )
    return _finish_hand(state, HandState(hand._setup, held, tuple(won), winner, (), completed, broken, None), actions)


def _with_hand(state: GameState, hand: HandState, actions: tuple[Action, ...], phase: Phase) -> GameState:
    return GameState(state.rules, phase, hand, actions, state._match)


def _trick_winner(tables: _Tables, leader: int, trick: tuple[Card, ...]) -> int:
    suit_of = tables.suit_of
    power = tables.power
    led = suit_of[trick[0].index]
    best, best_at = -1, 0
    for at, card in enumerate(trick):
        suit = suit_of[card.index]
        if (suit == Suit.SPADES or suit == led) and power[card.index] > best:  # noqa: PLR1714 - faster than `in`
            best, best_at = power[card.index], at
    return (leader + best_at) % tables.players


def _refuse_play(state: GameState, hand: HandState, action: Play) -> None:
    tables = state.rules._tables
    seat, card = action.seat, action.card
    mine = hand.held[seat]
    if not mine & card.bit:
        raise IllegalActionError(
            IllegalReason.CARD_NOT_IN_HAND, f"seat {seat} cannot play {card}: it does not hold that card", action=action
        )
    if hand.trick_cards:
        led = tables.suit_of[hand.trick_cards[0].index]
        raise IllegalActionError(
            IllegalReason.MUST_FOLLOW_SUIT,
            f"seat {seat} cannot play {card}: it must follow the suit led ({_SUIT_NAMES[led]}) and holds "
            f"{format_cards(_cards_of_mask(mine & tables.suit_masks[led]))}",
            action=action,
        )
    club = _lowest_club_in_play(tables, hand) if tables.lead_lowest_club and not hand.completed_tricks else None
    if club is not None:
        raise IllegalActionError(
            IllegalReason.MUST_LEAD_LOWEST_CLUB,
            f"seat {seat} cannot lead {card}: the first lead must be the lowest club in play, {club}",
            action=action,
        )
    raise IllegalActionError(
        IllegalReason.SPADES_NOT_BROKEN,
        f"seat {seat} cannot lead {card}: spades are not broken and it holds other suits",
        action=action,
    )


def _finish_hand(state: GameState, hand: HandState, actions: tuple[Action, ...]) -> GameState:
    rules = state.rules
    match = state._match
    result = _score_sheet(rules, hand.bids, hand.tricks_won, match.bags)
    scores = tuple(score + side.total for score, side in zip(match.scores, result.sides, strict=True))
    results = (*match.results, result)
    over, winner = _game_end(rules, scores, len(results))
    past = match.past_actions + actions
    dealer = match.dealer if over else (match.dealer + 1) % rules.players
    match = _Match(dealer, scores, result.bags_after, results, winner, past, match.initial_scores,
                   match.initial_bags, match.first_dealer, hand)
    if over:
        return GameState(rules, Phase.GAME_OVER, hand, (), match)
    return GameState(rules, Phase.DEAL, None, (), match)


def _game_end(rules: Rules, scores: tuple[int, ...], hands: int) -> tuple[bool, int | None]:
    """The target (a unique top score wins), then the losing score, then ``max_hands``.

    See the rules page, section End of the game.
    """
    top = max(scores)
    unique_top = scores.index(top) if scores.count(top) == 1 else None
    if top >= rules.target_score and unique_top is not None:
        return True, unique_top
    if rules.losing_score is not None and min(scores) <= rules.losing_score and unique_top is not None:
        return True, unique_top
    if rules.max_hands is not None and hands >= rules.max_hands:
        return True, unique_top
    return False, None


def _apply_deal(state: GameState, action: Deal) -> GameState:
    rules = state.rules
    tables = rules._tables
    deck = action.deck
    n = tables.players
    held = [0] * n
    if rules.deal_method == "deal":
        for offset in range(n):
            held[(state.dealer + 1 + offset) % n] = _mask_of(deck[offset::n])
        union = 0
        for mask in held:
            union |= mask
    else:
        union = _mask_of(deck)
    if len(deck) != len(tables.deck) or union != tables.deck_mask:
        _refuse_deal(tables, action)
    dealer = state.dealer
    empty = (0,) * n
    actions = state.hand_actions + (action,)
    if rules.deal_method == "draw":
        setup = _Setup(dealer, action, (None,) * n, (), discards=empty)
        return _with_hand(state, HandState(setup, empty, empty, 0, (), (), False, (dealer + 1) % n), actions,
                          Phase.DRAW)
    hand = HandState(_Setup(dealer, action, (None,) * n, ()), tuple(held), empty, 0, (), (), False, None)
    return _begin_bidding(state, hand, actions)


def _refuse_deal(tables: _Tables, action: Deal) -> None:
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


def _apply_draw(state: GameState, action: DrawDecision) -> GameState:
    hand = state.hand
    assert hand is not None
    seat = action.seat
    if seat != hand.to_act:
        _check_turn(hand, action, "draw")
    setup = hand._setup
    stock = setup.deal.deck
    at = 2 * len(setup.draws)
    first, second = stock[at], stock[at + 1]
    kept, dropped = (first, second) if action.keep else (second, first)
    held = list(hand.held)
    held[seat] |= kept.bit
    discards = list(setup.discards)
    discards[seat] |= dropped.bit
    draws = setup.draws + (action.keep,)
    setup = setup.changed(draws=draws, discards=tuple(discards))
    new_hand = HandState(setup, tuple(held), hand.tricks_won, 0, (), (), False, (seat + 1) % len(held))
    actions = state.hand_actions + (action,)
    if len(draws) * 2 < len(stock):
        return GameState(state.rules, Phase.DRAW, new_hand, actions, state._match)
    return _begin_bidding(state, new_hand, actions)


def _bid_order(rules: Rules, dealer: int) -> tuple[int, ...]:
    n = rules.players
    if rules.bid_order == "partners_consecutive":
        return tuple((dealer + step) % n for step in (1, 3, 2, 4))
    return tuple((dealer + 1 + step) % n for step in range(n))


def _begin_bidding(state: GameState, hand: HandState, actions: tuple[Action, ...]) -> GameState:
    rules = state.rules
    if rules.bidding in ("none", "mirror"):
        hand = attrs.evolve(hand, setup=attrs.evolve(hand._setup, bids=fixed_bids(rules, hand.held)))
        return _begin_play(state, hand, actions)
    order = _bid_order(rules, hand.dealer)
    return _with_hand(state, attrs.evolve(hand, setup=attrs.evolve(hand._setup, bid_order=order), to_act=order[0]),
                      actions, Phase.BID)


def _apply_redeal(state: GameState, action: Redeal) -> GameState:
    hand = state.hand
    assert hand is not None
    rules = state.rules
    if action.seat >= rules.players or action not in _redeals(rules, hand):
        if not rules.redeal_on:
            why = "these rules have no redeal (Rules.redeal_on is empty)"
        elif any(bid is not None for bid in hand.bids):
            why = "the bidding has started"
        else:
            why = f"its hand does not qualify (the rules allow a redeal for {', '.join(rules.redeal_on)})"
        raise IllegalActionError(
            IllegalReason.INVALID_REDEAL, f"seat {action.seat} cannot call a redeal: {why}", action=action
        )
    match = attrs.evolve(state._match, past_actions=(*state.past_actions, *state.hand_actions, action))
    return GameState(rules, Phase.DEAL, None, (), match)


def _apply_bid(state: GameState, action: Bid) -> GameState:
    hand = state.hand
    assert hand is not None
    _check_turn(hand, action, "bid")
    rules = state.rules
    seat = action.seat
    rule = bid_rule(rules, hand, seat, state.scores)
    if action not in rule.legal:
        check_bid(rule, action, rules, state.scores)
    bids = list(hand._setup.bids)
    bids[seat] = action
    setup = hand._setup.changed(bids=tuple(bids))
    actions = state.hand_actions + (action,)
    made = len(bids) - bids.count(None)
    if made < len(hand.bid_order):
        return GameState(
            rules, Phase.BID,
            HandState(setup, hand.held, hand.tricks_won, 0, (), (), False, hand.bid_order[made]),
            actions, state._match,
        )
    hand = HandState(setup, hand.held, hand.tricks_won, 0, (), (), False, None)
    due = _exchanges_due(rules, hand)
    if due:
        setup = attrs.evolve(hand._setup, pending_exchanges=due)
        return _with_hand(state, attrs.evolve(hand, setup=setup, to_act=due[0][0]), actions, Phase.EXCHANGE)
    return _begin_play(state, hand, actions)


def _exchanges_due(rules: Rules, hand: HandState) -> tuple[tuple[int, int], ...]:
    """Blind-nil exchanges in bidding order: the bidder passes first, then the partner returns."""
    if not rules.blind_nil_exchange:
        return ()
    due: list[tuple[int, int]] = []
    for seat in hand.bid_order:
        bid = hand.bids[seat]
        partner = rules.partner_of(seat)
        if bid is not None and bid.blind and partner is not None:
            partner_bid = hand.bids[partner]
            if partner_bid is not None and partner_bid.tricks:
                due += [(seat, partner), (partner, seat)]
    return tuple(due)


def _apply_exchange(state: GameState, action: Exchange) -> GameState:
    hand = state.hand
    assert hand is not None
    _check_turn(hand, action, "pass cards")
    giver, receiver = hand.pending_exchanges[0]
    size = state.rules.blind_nil_exchange
    passed = _mask_of(action.cards)
    held = list(hand.held)
    if len(action.cards) != size or bin(passed).count("1") != size or passed & held[giver] != passed:
        raise IllegalActionError(
            IllegalReason.INVALID_EXCHANGE,
            f"seat {giver} must pass exactly {size} different cards it holds to seat {receiver}, "
            f"not {format_cards(action.cards) or 'no cards'}",
            action=action,
        )
    held[giver] ^= passed
    held[receiver] |= passed
    pending = hand.pending_exchanges[1:]
    setup = attrs.evolve(hand._setup, exchanges=(*hand.exchanges, action), pending_exchanges=pending)
    hand = attrs.evolve(hand, setup=setup, held=tuple(held), to_act=pending[0][0] if pending else None)
    actions = (*state.hand_actions, action)
    if pending:
        return _with_hand(state, hand, actions, Phase.EXCHANGE)
    return _begin_play(state, hand, actions)


def _begin_play(state: GameState, hand: HandState, actions: tuple[Action, ...]) -> GameState:
    tables = state.rules._tables
    leader = (hand.dealer + 1) % tables.players
    if tables.lead_lowest_club:
        club = _lowest_club_in_play(tables, hand)
        if club is not None:
            leader = next(seat for seat, mask in enumerate(hand.held) if mask & club.bit)
    return _with_hand(state, attrs.evolve(hand, leader=leader, to_act=leader), actions, Phase.PLAY)


_HANDLERS: Final[dict[type, tuple[Phase, Callable[[GameState, Any], GameState]]]] = {
    Play: (Phase.PLAY, _apply_play),
    Bid: (Phase.BID, _apply_bid),
    Deal: (Phase.DEAL, _apply_deal),
    DrawDecision: (Phase.DRAW, _apply_draw),
    Exchange: (Phase.EXCHANGE, _apply_exchange),
    Redeal: (Phase.BID, _apply_redeal),
}

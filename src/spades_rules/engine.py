"""The engine: :func:`new_game`, :func:`legal_actions`, :func:`is_legal` and :func:`apply`.

Every transition happens here. :func:`apply` is pure: it returns a new state and never changes the one
given; anything not in :func:`legal_actions` raises :class:`~spades_rules.errors.IllegalActionError` with a
reason. (:mod:`spades_rules._core.resume`, the engine's second room, builds the state a hand's actions reach
directly, for sampling.)

Decision points, one per phase and in the order of a hand, which is also the order of the functions
below the entry points (each reads :class:`~spades_rules.rules.Rules` fields, never a preset name):

- Deal (``_apply_deal``): the deck is checked against ``rules.deck``; ``deal_method="deal"`` gives one card
  at a time clockwise from the dealer's left, ``"draw"`` makes the deck the two-player stock.
- Draw (``_apply_draw``): each turn keeps one of the next two stock cards; the non-dealer starts.
- Start of bidding (``_begin_bidding``): the bid order (``bid_order``); formats without a bidding phase
  (no-bid, mirror) fix the bids at the deal and skip it.
- Redeal (``_apply_redeal``, ``_may_redeal``): a seat whose hand meets ``redeal_on`` may call it before
  the first bid.
- Bids (``_apply_bid``): the bid rule (:mod:`spades_rules._core.bid_rule`, in the rule book's order; cached
  by :mod:`spades_rules._core.bidding`) says what each seat may bid.
- Exchange (``_core.exchanges``, ``_apply_exchange``): after the bids, each nil bidder
  with a non-nil partner passes ``blind_nil_exchange`` cards after a blind nil, ``nil_exchange`` after a
  plain nil, then the partner returns as many.
- First lead (``_begin_play``, ``_first_lead_club``): the dealer's left, or the holder of the lowest club
  (``first_lead``).
- Plays (``_apply_play``, ``_playable``): follow the effective suit led; lead spades only once broken
  (``spade_lead``); the first trick's own rules (``first_trick_spades``, ``first_trick_lowest_club``:
  ``_first_trick_follow``).
- Trick winner (``_core.tricks.trick_winner``): the highest trump by the rules' trump order, else the highest of the
  suit led.
- End of hand (``_finish_hand``): the scoring module scores the hand and decides the end of the game
  (``target_score``, ``losing_score``, ``max_hands``), as for a :class:`~spades_rules.scoring.sheet.ScoreSheet`;
  the dealer passes left.

:func:`apply` checks, in this order and the same way for every action: that it is an action (one
explicit type check per kind, plays first), that the phase accepts it and that it is the acting seat's
turn (a redeal is called out of turn), then the phase's own rule. Every state within a hand is built
from the one before by ``_next_state(state, phase, hand, action)`` (same rules and game record, one more
action), every hand by ``_hand_state`` (``_hand_before_play`` before the first lead), and the game record
once a hand by ``_Match.changed``. The speed tricks are listed, one sentence each, under "speed" below. The
play cache lives beside the interned plays in :mod:`spades_rules._core.plays`, the wording of the longer
refusals in :mod:`spades_rules._core.refusals`, and the internal entries that rebuild a state mid-hand (for
sampling) in :mod:`spades_rules._core.resume`.

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

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from spades_rules._core.bid_rule import bid_order
from spades_rules._core.bidding import bid_rule, check_bid, fixed_bids
from spades_rules._core.chain import Chain
from spades_rules._core.checks import check_dealer, check_seat, not_a_state, not_an_action, read_integers
from spades_rules._core.deck import REDEAL_TESTS, deal_order, draw_seat
from spades_rules._core.exchanges import exchange_size, exchanges_due
from spades_rules._core.fields import MAX_NUMBER
from spades_rules._core.plays import INTERNED_DRAWS, PLAYS_OF_MASK, plays_of
from spades_rules._core.refusals import misplaced, refuse_deal, refuse_forged, refuse_play
from spades_rules._core.tricks import trick_winner
from spades_rules.actions import (
    Action,
    Bid,
    Deal,
    DrawDecision,
    Exchange,
    Play,
    PlayerAction,
    Redeal,
)
from spades_rules.cards import ALL_CARDS, Card, Suit, cards_of_mask, format_cards, mask_of
from spades_rules.errors import ArgumentTypeError, IllegalActionError, IllegalReason, RulesError
from spades_rules.rules import Rules
from spades_rules.rules.tables import CompiledTables
from spades_rules.scoring import _check_start, _close_hand
from spades_rules.state import (
    GameState,
    HandState,
    Phase,
    _actions_of_trail,
    _game_state,
    _hand_before_play,
    _hand_state,
    _Match,
    _next_state,
    _Setup,
    _setup,
    _trick,
)

__all__ = ["apply", "is_legal", "legal_actions", "new_game"]

# ---------------------------------------------------------------------------------------- speed
# Every trick that makes the hot path fast is here, each explained in one sentence:
#
# - States are built by ``state._game_state`` / ``_next_state`` / ``_hand_state``, which fill a plain
#   storage class and switch it to the frozen class, skipping the attrs ``__init__``'s generic per-field
#   ``object.__setattr__`` (see "fast constructors" in ``state.py``).
# - A hand's actions are a chain of pairs (``state._Trail``), so an action adds one pair, not a tuple copy;
#   the game's past actions and finished hands are chains too (``_core.chain.Chain``), so a finished hand or a
#   redeal appends to them without copying the game's history (loading a record is linear in its size).
# - The phases and the spade suit are module constants: ``Phase.PLAY`` goes through the enum metaclass,
#   several times the cost of reading a module global.
# - The rules are compiled once into bit masks and per-card tuples (:class:`~spades_rules.rules.tables.CompiledTables`):
#   following suit is ``held & follow_masks[led]``, a trick's winner the highest ``trick_power[led][card]``.
# - The legal plays are tuples of interned plays cached per seat and mask (``_core.plays.PLAYS_OF_MASK``, looked up
#   inline in ``legal_actions`` before calling ``_core.plays.plays_of``): following suit is one dictionary lookup.
# - The bid rules are cached per rules on what changes them (``_core.bidding``, a layer beside the rule: keyed
#   on the bids so far only when a tie reads them), the bid orders per table size and dealer
#   (``_core.bid_rule.bid_order``).
# - A deal's hands are summed from a table of bits keyed by card identity (``_BIT_OF_CARD``), which refuses
#   forged cards in the same pass, and given to the seats of one cached ``_core.deck.deal_order`` tuple.
# - The end of a hand (here and in ``scoring``) builds its tuples from list comprehensions, ``tuple([...])``:
#   on Python 3.11 a generator expression is resumed once per item, a list comprehension runs in one call.
_DEAL: Final = Phase.DEAL
_DRAW: Final = Phase.DRAW
_BID: Final = Phase.BID
_EXCHANGE: Final = Phase.EXCHANGE
_PLAY: Final = Phase.PLAY
_GAME_OVER: Final = Phase.GAME_OVER
_BIT_OF_CARD: Final = {id(card): card.bit for card in ALL_CARDS}
"""The bit of each interned card by object identity: a forged look-alike card is not found."""


# ---------------------------------------------------------------------------------------- the entry points
def new_game(
    rules: Rules,
    *,
    dealer: int = 0,
    scores: Sequence[int] | None = None,
    bags: Sequence[int] | None = None,
) -> GameState:
    """A new game in the ``DEAL`` phase, ``dealer`` dealing first; optionally from given scores and bags.

    Starting scores must not have ended the game already (a unique score at or over the target, or a
    score at or under the losing score, with a unique leader), and starting bags must be under the bag
    limit (they would have been penalized): :class:`~spades_rules.errors.RulesError` otherwise.

    >>> from spades_rules import Rules
    >>> state = new_game(Rules.standard(), scores=[120, 20])
    >>> state.phase, state.scores, state.is_chance
    (<Phase.DEAL: 'deal'>, (120, 20), True)
    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(
            f"new_game() needs a Rules value as rules, not {type(rules).__name__}", parameter="rules"
        )
    dealer = check_dealer(dealer, rules.players)
    sides = rules.num_sides
    start = _per_side("scores", scores, sides, minimum=None)
    start_bags = _per_side("bags", bags, sides, minimum=0)
    _check_start(rules, start, start_bags)
    match = _Match(
        dealer=dealer, scores=start, bags=start_bags, results=Chain.EMPTY, winner=None, past_actions=Chain.EMPTY,
        initial_scores=start, initial_bags=start_bags, first_dealer=dealer,
    )
    return _game_state(rules, _DEAL, None, None, match)


def _per_side(name: str, values: Sequence[int] | None, sides: int, *, minimum: int | None) -> tuple[int, ...]:
    if values is None:
        return (0,) * sides
    result = read_integers(values, name, sides, "side", RulesError)
    if any(abs(v) > MAX_NUMBER for v in result):
        raise RulesError(f"{name} must be at most {MAX_NUMBER} in size (a record could not hold it)")
    if minimum is not None and any(v < minimum for v in result):
        raise RulesError(f"{name} must not be negative")
    return result


def legal_actions(state: GameState, seat: int | None = None) -> tuple[PlayerAction, ...]:
    """Every action :func:`apply` accepts now, in a stable order (that of the integer codec).

    Empty in the ``DEAL`` phase (a chance node: see :meth:`~spades_rules.actions.Deal.shuffled`) and once
    the game is over. In the ``BID`` phase, redeal calls by qualifying seats come after the bids; they
    may belong to seats other than the one to act (a redeal is called out of turn), which tells whose
    hand qualifies. An agent or a server should therefore ask for one seat's actions: with ``seat``,
    only the actions that seat may take now (empty when it has none); anything but a seat of the table
    raises :class:`~spades_rules.errors.SeatError`.
    """
    if type(state) is not GameState:
        raise not_a_state(state, "legal_actions")
    if seat is not None:
        return _legal_actions_of(state, check_seat(seat, state.rules.players))
    phase = state.phase
    hand: HandState = state.hand  # type: ignore[assignment]  # None only where the phase says so
    if phase is _PLAY:
        to_act: int = hand.to_act  # type: ignore[assignment]
        mask = _playable(state.rules.tables, hand, hand.held[to_act])
        return PLAYS_OF_MASK[to_act].get(mask) or plays_of(to_act, mask)
    if phase is _BID:
        assert hand is not None and hand.to_act is not None
        rule = bid_rule(state.rules, hand, hand.to_act, state.scores)
        if not state.rules.redeal_on or not (redeals := _redeals(state.rules, hand)):
            return rule.legal
        return rule.legal[:rule.cut] + redeals + rule.legal[rule.cut:]  # the codec's order
    if phase is _DRAW:
        assert hand is not None and hand.to_act is not None
        return INTERNED_DRAWS[hand.to_act]
    if phase is _EXCHANGE:
        assert hand is not None and hand.to_act is not None
        to_act = hand.to_act
        size = exchange_size(state.rules, hand)
        return tuple(Exchange(to_act, cards) for cards in combinations(cards_of_mask(hand.held[to_act]), size))
    return ()


def _legal_actions_of(state: GameState, seat: int) -> tuple[PlayerAction, ...]:
    hand = state.hand
    if hand is None or state.phase is _GAME_OVER or state.phase is _DEAL:
        return ()
    if seat == hand.to_act:
        actions = legal_actions(state)
        if state.phase is _BID and state.rules.redeal_on:
            return tuple(action for action in actions if not isinstance(action, Redeal) or action.seat == seat)
        return actions
    if state.phase is _BID:
        return tuple(redeal for redeal in _redeals(state.rules, hand) if redeal.seat == seat)
    return ()


def is_legal(state: GameState, action: object) -> bool:
    """Whether :func:`apply` accepts ``action`` in ``state``: False where :func:`apply` raises
    :class:`~spades_rules.errors.IllegalActionError`. The caller's mistakes raise as they do in
    :func:`apply`: a seat the table does not have (:class:`~spades_rules.errors.SeatError`) and a value that
    is not an action (:class:`~spades_rules.errors.ArgumentTypeError`)."""
    if type(state) is not GameState:
        raise not_a_state(state, "is_legal")
    try:
        apply(state, action)  # type: ignore[arg-type]
    except IllegalActionError:
        return False
    return True


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``. Pure: ``state`` is unchanged, and stays usable if this raises.

    Raises :class:`~spades_rules.errors.IllegalActionError` (with a :class:`IllegalReason`) for anything
    that :func:`legal_actions` does not list, and for a deal that is not the rules' deck. Two mistakes of
    the caller have errors of their own: an action of a seat the table does not have
    (:class:`~spades_rules.errors.SeatError`), and a value that is not an action at all
    (:class:`~spades_rules.errors.ArgumentTypeError`, whose message names the reader that turns a string, a
    dict or a code into an action).
    """
    if type(state) is not GameState:
        raise not_a_state(state, "apply")
    phase = state.phase
    hand: HandState = state.hand  # type: ignore[assignment]  # read below only in phases that have a hand
    if type(action) is Play:
        if phase is _PLAY and action.seat == hand.to_act:
            return _apply_play(state, action)
    elif type(action) is Bid:
        if phase is _BID and action.seat == hand.to_act:
            return _apply_bid(state, action)
    elif type(action) is Deal:
        if phase is _DEAL:
            return _apply_deal(state, action)
    elif type(action) is DrawDecision:
        if phase is _DRAW and action.seat == hand.to_act:
            return _apply_draw(state, action)
    elif type(action) is Exchange:
        if phase is _EXCHANGE and action.seat == hand.to_act:
            return _apply_exchange(state, action)
    elif type(action) is Redeal:
        if phase is _BID:  # called out of turn, by any seat whose hand qualifies
            return _apply_redeal(state, action)
    else:
        raise not_an_action(action, "apply")
    raise misplaced(state, action)


# ---------------------------------------------------------------------------------------- deal and draw
def _apply_deal(state: GameState, action: Deal) -> GameState:
    rules = state.rules
    tables = rules.tables
    deck = action.deck
    n = tables.players
    dealer = state.dealer
    dealt = [deck] if rules.deal_method == "draw" else [deck[offset::n] for offset in range(n)]
    try:  # a sum of bits is their union when no card repeats (checked below)
        masks = [sum(map(_BIT_OF_CARD.__getitem__, map(id, cards))) for cards in dealt]
    except KeyError:  # a look-alike is not one of the 54 cards
        refuse_forged(action, deck)
    union = 0
    for cards, mask in zip(dealt, masks, strict=True):
        if mask.bit_count() != len(cards) or union & mask:  # a repeated card: a carry, or a bit seen before
            refuse_deal(tables, action)
        union |= mask
    if len(deck) != len(tables.deck) or union != tables.deck_mask:
        refuse_deal(tables, action)
    empty = (0,) * n
    if rules.deal_method == "draw":
        setup = _setup(dealer, action, (None,) * n, (), (), (), (), empty)
        hand = _hand_before_play(setup, empty, draw_seat(dealer, 0, n))
        return _next_state(state, _DRAW, hand, action)
    held = [0] * n
    for seat, mask in zip(deal_order(dealer, n), masks, strict=True):
        held[seat] = mask
    return _begin_bidding(_next_state(state, _DEAL, None, action), action, tuple(held))


def _apply_draw(state: GameState, action: DrawDecision) -> GameState:
    hand = state.hand
    assert hand is not None
    seat = action.seat
    setup = hand._setup
    stock = setup.deal.deck
    at = 2 * len(setup.draws)
    kept, dropped = DrawDecision.split(stock[at], stock[at + 1], action.keep)
    held = list(hand.held)
    held[seat] |= kept.bit
    discards = list(setup.discards)
    discards[seat] |= dropped.bit
    draws = (*setup.draws, action.keep)
    setup = setup.changed(draws=draws, discards=tuple(discards))
    if len(draws) * 2 < len(stock):
        hand = _hand_before_play(setup, tuple(held), (seat + 1) % len(held))
        return _next_state(state, _DRAW, hand, action)
    return _begin_bidding(_next_state(state, _DRAW, None, action), setup.deal, tuple(held), setup)


# ---------------------------------------------------------------------------------------- bidding
def _begin_bidding(dealt: GameState, deal: Deal, held: tuple[int, ...], setup: _Setup | None = None) -> GameState:
    """The hand after the deal (or the draw): the first bidder's turn, or the play when the format fixes the
    bids. ``dealt`` already records the last action; ``setup`` carries the draw record, if any."""
    rules = dealt.rules
    n = rules.players
    dealer = dealt.dealer
    if not rules.has_bidding_phase:
        bids = fixed_bids(rules, held)
        hand = _hand_before_play(_with_setup(setup, dealer, deal, bids, ()), held, None)
        return _begin_play(dealt, hand)
    order = bid_order(rules, dealer)
    hand = _hand_before_play(_with_setup(setup, dealer, deal, (None,) * n, order), held, order[0])
    return _game_state(rules, _BID, hand, dealt._trail, dealt._match)


def _with_setup(
    setup: _Setup | None, dealer: int, deal: Deal, bids: tuple[Bid | None, ...], order: tuple[int, ...]
) -> _Setup:
    if setup is None:
        return _setup(dealer, deal, bids, order, (), (), (), ())
    return _setup(dealer, deal, bids, order, (), (), setup.draws, setup.discards)


def _apply_redeal(state: GameState, action: Redeal) -> GameState:
    hand = state.hand
    assert hand is not None
    rules = state.rules
    if action.seat >= rules.players:
        raise misplaced(state, action)  # the error for a seat the table does not have
    if action not in _redeals(rules, hand):
        if not rules.redeal_on:
            why = "these rules have no redeal (Rules.redeal_on is empty)"
        elif any(bid is not None for bid in hand.bids):
            why = "the bidding has started"
        else:
            why = f"its hand does not qualify (the rules allow a redeal for {', '.join(rules.redeal_on)})"
        raise IllegalActionError(
            IllegalReason.INVALID_REDEAL, f"seat {action.seat} cannot call a redeal: {why}", action=action
        )
    match = state._match
    match = match.changed(past_actions=match.past_actions.then((*state.hand_actions, action)))
    return _game_state(rules, _DEAL, None, None, match)


def _redeals(rules: Rules, hand: HandState) -> tuple[Redeal, ...]:
    if not rules.redeal_on or any(bid is not None for bid in hand.bids):
        return ()
    return tuple(Redeal(seat) for seat in range(rules.players) if _may_redeal(rules, hand.held[seat]))


def _may_redeal(rules: Rules, mine: int) -> bool:
    """Whether the hand ``mine`` meets a condition of ``redeal_on`` (``_deck.REDEAL_TESTS``); each count is
    made only when a condition in force reads it."""
    tables = rules.tables
    for condition in rules.redeal_on:
        test = REDEAL_TESTS[condition]
        if test.counts == "spades":
            count = (mine & tables.spade_mask).bit_count()
        elif test.counts == "faces":
            count = (mine & tables.face_mask).bit_count()
        else:
            count = max((mine & suit).bit_count() for suit in tables.suit_masks)
        if test.holds(count):
            return True
    return False


def _apply_bid(state: GameState, action: Bid) -> GameState:
    hand = state.hand
    assert hand is not None
    rules = state.rules
    seat = action.seat
    rule = bid_rule(rules, hand, seat, state.scores)
    if not rule.allows(action):
        check_bid(rules, hand, action, state.scores)
    bids = list(hand._setup.bids)
    bids[seat] = action
    setup = hand._setup.changed(bids=tuple(bids))
    made = hand.bid_order.index(seat) + 1  # the seats bid in this order
    if made < len(hand.bid_order):
        hand = _hand_before_play(setup, hand.held, hand.bid_order[made])
        return _next_state(state, _BID, hand, action)
    hand = _hand_before_play(setup, hand.held, None)
    due = exchanges_due(rules, hand)
    if due:
        setup = setup.changed(pending_exchanges=due)
        hand = _hand_before_play(setup, hand.held, due[0][0])
        return _next_state(state, _EXCHANGE, hand, action)
    return _begin_play(_next_state(state, _BID, None, action), hand)


# ---------------------------------------------------------------------------------------- exchange
def _apply_exchange(state: GameState, action: Exchange) -> GameState:
    hand = state.hand
    assert hand is not None
    giver, receiver = hand.pending_exchanges[0]
    size = exchange_size(state.rules, hand)
    if any(ALL_CARDS[card.index] is not card for card in action.cards):
        refuse_forged(action, action.cards)
    passed = mask_of(action.cards)
    held = list(hand.held)
    if len(action.cards) != size or passed.bit_count() != size or passed & held[giver] != passed:
        raise IllegalActionError(
            IllegalReason.INVALID_EXCHANGE,
            f"seat {giver} must pass exactly {size} different cards it holds to seat {receiver}, "
            f"not {format_cards(action.cards) or 'no cards'}",
            action=action,
        )
    held[giver] ^= passed
    held[receiver] |= passed
    pending = hand.pending_exchanges[1:]
    setup = hand._setup.changed(exchanges=(*hand.exchanges, action), pending_exchanges=pending)
    if pending:
        hand = _hand_before_play(setup, tuple(held), pending[0][0])
        return _next_state(state, _EXCHANGE, hand, action)
    hand = _hand_before_play(setup, tuple(held), None)
    return _begin_play(_next_state(state, _EXCHANGE, None, action), hand)


# ---------------------------------------------------------------------------------------- play
def _begin_play(done: GameState, hand: HandState) -> GameState:
    """The first lead: ``done`` records the last action before the play, ``hand`` the hand as it stands."""
    leader = _first_leader(done.rules.tables, hand)
    hand = _hand_state(hand._setup, hand.held, hand.tricks_won, leader, (), (), False, leader)
    return _game_state(done.rules, _PLAY, hand, done._trail, done._match)


def _first_leader(tables: CompiledTables, hand: HandState) -> int:
    """Who leads the hand's first trick: the dealer's left, or the holder of the lowest club in play."""
    club = _first_lead_club(tables, hand)
    if club is not None:
        return next(seat for seat, mask in enumerate(hand.held) if mask & club.bit)
    return (hand.dealer + 1) % tables.players


def _first_lead_club(tables: CompiledTables, hand: HandState) -> Card | None:
    """The card the hand's first lead must be: the lowest club in play (``first_lead="lowest_club"``), else None."""
    if hand.completed_tricks or hand.trick_cards or not tables.lead_lowest_club:
        return None
    in_play = 0
    for mask in hand.held:
        in_play |= mask
    clubs = in_play & tables.suit_masks[Suit.CLUBS]
    return ALL_CARDS[(clubs & -clubs).bit_length() - 1] if clubs else None


def _apply_play(state: GameState, action: Play) -> GameState:
    hand: HandState = state.hand  # type: ignore[assignment]  # the PLAY phase has a hand
    seat, card = action.seat, action.card
    if ALL_CARDS[card.index] is not card:
        refuse_forged(action, (card,))
    bit = card.bit
    held = hand.held
    mine = held[seat]
    tables = state.rules.tables
    trick = hand.trick_cards
    following = trick and mine & bit & tables.follow_masks[trick[0].index]  # a held card of the suit led
    if not following or (tables.first_trick_rules and not hand.completed_tricks):
        playable = _playable(tables, hand, mine)
        if not playable & bit:
            refuse_play(tables, hand, action, _first_lead_club(tables, hand), playable)
    new_held = list(held)
    new_held[seat] = mine ^ bit
    held = tuple(new_held)
    broken = hand.spades_broken or bit & tables.spade_mask != 0
    trick += (card,)
    players = tables.players
    if len(trick) < players:
        return _next_state(state, _PLAY, _hand_state(
            hand._setup, held, hand.tricks_won, hand.leader, trick, hand.completed_tricks, broken, (seat + 1) % players
        ), action)
    winner = trick_winner(tables, hand.leader, trick)
    won = list(hand.tricks_won)
    won[winner] += 1
    completed = (*hand.completed_tricks, _trick(hand.leader, trick, winner))
    if len(completed) < tables.cards_each:
        hand = _hand_state(hand._setup, held, tuple(won), winner, (), completed, broken, winner)
        return _next_state(state, _PLAY, hand, action)
    finished = _hand_state(hand._setup, held, tuple(won), winner, (), completed, broken, None)
    return _finish_hand(state, finished, _actions_of_trail((state._trail, action)))


def _playable(tables: CompiledTables, hand: HandState, mine: int) -> int:
    """The mask of cards the seat to play may play."""
    trick = hand.trick_cards
    if trick:
        if tables.first_trick_rules and not hand.completed_tricks:
            return _first_trick_follow(tables, trick[0], mine)
        return mine & tables.follow_masks[trick[0].index] or mine
    club = _first_lead_club(tables, hand) if tables.lead_lowest_club else None  # (no call for most rules)
    if club is not None:
        return club.bit
    if tables.spades_anytime or hand.spades_broken or (tables.spades_after_first_trick and hand.completed_tricks):
        return mine
    return mine & ~tables.spade_mask or mine


def _first_trick_follow(tables: CompiledTables, led: Card, mine: int) -> int:
    """The cards a seat may play to the first trick under its own rules: a club holder its lowest club
    (``first_trick_lowest_club``); otherwise the suit led, and failing that no spade unless the hand holds
    nothing else (``first_trick_spades=False``)."""
    if tables.first_trick_lowest_club:
        clubs = mine & tables.suit_masks[Suit.CLUBS]
        if clubs:
            return clubs & -clubs  # the lowest club held: the clubs' bits run from the 2 up
    following = mine & tables.follow_masks[led.index]
    if following or not tables.first_trick_no_spades:
        return following or mine
    return mine & ~tables.spade_mask or mine


# ---------------------------------------------------------------------------------------- end of hand
def _finish_hand(state: GameState, hand: HandState, actions: tuple[Action, ...]) -> GameState:
    rules = state.rules
    match = state._match
    result, scores, over, winner = _close_hand(rules, match.scores, match.bags, len(match.results), hand.bids,
                                               hand.tricks_won)
    match = _Match(  # every field named: attrs.evolve would read them all by name and check the changes
        dealer=match.dealer if over else (match.dealer + 1) % rules.players, scores=scores,
        bags=tuple([side.bags_after for side in result.sides]), results=match.results.then((result,)),
        winner=winner, past_actions=match.past_actions.then(actions), initial_scores=match.initial_scores,
        initial_bags=match.initial_bags, first_dealer=match.first_dealer, last_hand=hand,
    )
    if over:
        return _game_state(rules, _GAME_OVER, hand, None, match)
    return _game_state(rules, _DEAL, None, None, match)

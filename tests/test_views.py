"""Views: ``observe`` shows a seat what it may see and nothing else; ``sample_deal`` returns worlds that
observe equal to the view. Property tests run over every preset (and a few house rules that exercise
exchanges, unseen discards, redeals and the lowest-club lead) on random reachable states."""

from __future__ import annotations

import json
import pickle
import random
import re
from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from _fixtures import random_states
from spades_rules import (
    Bid,
    Card,
    Deal,
    DrawDecision,
    Exchange,
    GameState,
    IllegalActionError,
    ObservationError,
    Phase,
    Play,
    Redeal,
    Rules,
    SeatError,
    Suit,
    apply,
    legal_actions,
    new_game,
    parse_cards,
)
from spades_rules.codec import DRAW_KEEP_CODE, DRAW_REJECT_CODE, REDEAL_BASE
from spades_rules.views import DrawTurn, ExchangeView, Observation, observe, sample_deal
from spades_rules.views.sampling import _sample_once

PRESETS = Rules.presets()
HOUSE_RULES = {
    "blind_nil_anytime": Rules.standard().evolve(blind_nil_deficit=None),
    "two_player_unseen": Rules.two_player().evolve(draw_second_card_seen=False),
    "jokers_jjdd": Rules.jokers("joker_joker_deuce_deuce"),
    "redeal": Rules.standard().evolve(redeal_on=("one_or_no_spades", "no_face_cards")),
    "lowest_club": Rules.standard().evolve(first_lead="lowest_club"),
    "two_player_lowest_club": Rules.two_player().evolve(first_lead="lowest_club"),
    "first_trick_lowest_club": Rules.standard().evolve(first_lead="lowest_club", first_trick_lowest_club=True),
    "two_player_first_trick_lowest_club": Rules.two_player().evolve(
        first_lead="lowest_club", first_trick_lowest_club=True
    ),
    "no_spade_on_first_trick": Rules.standard().evolve(first_trick_spades=False),
    "spades_after_first_trick": Rules.jokers().evolve(spade_lead="after_first_trick"),
}
ALL_RULES = {**PRESETS, **HOUSE_RULES}
CONSTRUCTIVE = sorted(set(ALL_RULES) - {"two_player_lowest_club", "two_player_first_trick_lowest_club"})
"""Rules whose constraints sample_deal builds in, so that it never needs a second try."""

SUIT_HANDS = (
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
)
"""Seat 0 holds every spade, seat 1 every heart, seat 2 every diamond, seat 3 every club."""

_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][CDHS]|BJ|LJ)(?![A-Za-z0-9])")


# ---------------------------------------------------------------------------------------- helpers
def _random_state(rules: Rules, seed: int, steps: int) -> GameState:
    """A reachable state: ``steps`` random legal actions (seeded deals at chance nodes) of a 2-hand game."""
    return list(islice(random_states(rules.evolve(max_hands=2), random.Random(seed)), steps + 1))[-1]


@st.composite
def _states(draw: st.DrawFn, names: Iterable[str] = tuple(sorted(ALL_RULES))) -> tuple[str, GameState, int]:
    name = draw(st.sampled_from(sorted(names)))
    rules = ALL_RULES[name]
    state = _random_state(rules, draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, 130)))
    return name, state, draw(st.integers(0, rules.players - 1))


def _played(state: GameState) -> set[Card]:
    hand = state.hand
    assert hand is not None
    return {card for trick in (*hand.completed_tricks, hand.current_trick) for card in trick.cards}


def _draws(state: GameState) -> list[bool]:
    history = state.history
    last = max(at for at, action in enumerate(history) if isinstance(action, Deal))
    return [action.keep for action in history[last:] if isinstance(action, DrawDecision)]


def _hidden_positions(state: GameState, seat: int, *, own: bool = False) -> list[int]:
    """Positions of the current deal's deck whose card ``seat`` has not seen (``own``: its dealt cards too)."""
    hand = state.hand
    assert hand is not None
    rules = state.rules
    deck = hand.deal.deck
    n = rules.players
    if rules.deal_method == "deal":
        owners = [(hand.dealer + 1 + at) % n for at in range(len(deck))]
        return [
            at for at, card in enumerate(deck)
            if (owners[at] != seat or own) and hand.held[owners[at]] & card.bit
        ]
    draws = _draws(state)
    seen: set[int] = set()
    for turn, keep in enumerate(draws):
        if (hand.dealer + 1 + turn) % n == seat:
            seen.add(2 * turn if keep else 2 * turn + 1)
            if not keep or rules.draw_second_card_seen:
                seen.add(2 * turn + 1 if keep else 2 * turn)
    if state.phase is Phase.DRAW and state.to_act == seat:
        seen.add(2 * len(draws))
    played = _played(state)
    return [at for at, card in enumerate(deck) if at not in seen and card not in played]


def _with_deck(state: GameState, deck: list[Card]) -> GameState | None:
    """The game replayed with the current hand's deal replaced by ``deck``; None if an action turns illegal."""
    history = state.history
    last = max(at for at, action in enumerate(history) if isinstance(action, Deal))
    replayed = new_game(state.rules)
    try:
        for at, action in enumerate(history):
            replayed = apply(replayed, Deal(tuple(deck)) if at == last else action)
    except IllegalActionError:
        return None
    return replayed


def _swapped_worlds(state: GameState, seat: int, rng: random.Random, *, own: bool = False) -> list[GameState]:
    """States differing from ``state`` only in cards ``seat`` has not seen, by swapping two of them in the
    deal and replaying the same actions (kept only where still legal and the public facts are unchanged)."""
    hand = state.hand
    assert hand is not None
    positions = _hidden_positions(state, seat, own=own)
    worlds: list[GameState] = []
    for _ in range(12):
        if len(positions) < 2 or len(worlds) >= 3:
            break
        first, second = rng.sample(positions, 2)
        deck = list(hand.deal.deck)
        deck[first], deck[second] = deck[second], deck[first]
        world = _with_deck(state, deck)
        if world is None or world.hand is None or world == state:
            continue
        # public facts that hidden cards can decide (mirror's bids, the lowest club's holder leading) must agree
        if world.hand.bids == hand.bids and world.to_act == state.to_act:
            worlds.append(world)
    return worlds


def _cards_in(value: object) -> set[Card]:
    """Every card stored anywhere in an observation (the rules excepted: removed cards are not in play)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, Rules):
        return set()
    if attrs.has(type(value)):
        names = [field.name for field in attrs.fields(type(value))]  # type: ignore[arg-type]
        return set().union(*(_cards_in(getattr(value, name)) for name in names))
    if isinstance(value, tuple | list | frozenset):
        return set().union(*(_cards_in(item) for item in value))
    return set()


def _truly_hidden(state: GameState, seat: int, view: Observation) -> set[Card]:
    """The cards ``seat`` must not see: others' holdings (but for the cards it knows they hold), and in the
    draw everything but its own kept cards and seen discards and the played cards."""
    hand = state.hand
    assert hand is not None
    rules = state.rules
    hidden: set[Card] = set()
    for other in range(rules.players):
        if other != seat:
            hidden |= set(hand.hand_of(other)) - set(view.known_cards[other])
    if rules.deal_method == "draw":
        deck = hand.deal.deck
        visible = set(_played(state)) | set(hand.hand_of(seat))
        visible |= {turn.kept for turn in view.own_draws} | {t.discarded for t in view.own_draws if t.discarded}
        if view.draw_card is not None:
            visible.add(view.draw_card)
        hidden |= set(deck) - visible
    return hidden


def _may_hide(state: GameState, seat: int) -> bool:
    """Whether ``observe(state, seat, hide_own_hand=True)`` is allowed: before the seat's blind-nil decision."""
    rules, hand = state.rules, state.hand
    return (
        hand is not None and state.phase is Phase.BID and rules.blind_nil and rules.deal_method == "deal"
        and hand.bids[seat] is None
    )


def _deal_state(rules: Rules, hands: Iterable[str], dealer: int = 0) -> GameState:
    return apply(new_game(rules, dealer=dealer), Deal.from_hands(rules, dealer, list(hands)))


def _run(state: GameState, *actions: Bid | Play | Exchange) -> GameState:
    for action in actions:
        state = apply(state, action)
    return state


def _plays(state: GameState, text: str) -> GameState:
    for card in parse_cards(text):
        assert state.to_act is not None
        state = apply(state, Play(state.to_act, card))
    return state


def _mid_hand(rules: Rules, seed: int) -> GameState:
    """A state early in the play (or early in the draw), where much is hidden."""
    rng = random.Random(seed)
    target = 6 if rules.deal_method == "draw" else None

    def reached(state: GameState) -> bool:
        hand = state.hand
        if hand is None:
            return True
        if target is not None:
            return len(_draws(state)) >= target
        return state.phase is Phase.PLAY and hand.tricks_played >= 2 and len(hand.trick_cards) == 1

    return next(filter(reached, random_states(rules, rng, state=apply(new_game(rules), Deal.shuffled(rules, rng)))))


# ---------------------------------------------------------------------------------------- value semantics
def test_observation_is_a_frozen_slotted_hashable_value() -> None:
    rules = Rules.standard()
    state = _random_state(rules, 4, 30)
    view = observe(state, 2)
    assert view == observe(state, 2)
    assert hash(view) == hash(observe(state, 2))
    assert not hasattr(view, "__dict__")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.seat = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(view)) == view
    assert {view: 1}[observe(state, 2)] == 1
    assert view != observe(state, 1)


def test_fields_of_a_play_state() -> None:
    rules = Rules.standard()
    state = _random_state(rules, 8, 20)  # deal, 4 bids, 15 plays: 3 tricks and 3 cards
    hand = state.hand
    assert hand is not None and state.phase is Phase.PLAY
    view = observe(state, 0)
    assert view.hand == hand.hand_of(0)
    assert view.hand_sizes == tuple(len(cards) for cards in hand.hands)
    assert view.bids == hand.bids
    assert view.tricks == hand.completed_tricks and len(view.tricks) == 3
    assert view.current_trick == hand.current_trick
    assert view.tricks_won == hand.tricks_won
    assert view.spades_broken == hand.spades_broken
    assert (view.scores, view.bags, view.results) == (state.scores, state.bags, state.results)
    assert view.to_act == state.to_act and view.dealer == state.dealer and view.phase is Phase.PLAY
    assert view.exchanges == () and view.draws == () and view.stock_remaining == 0 and view.draw_card is None
    assert not view.hand_hidden and view.draws_taken == 0 and view.hands_played == 0


# ---------------------------------------------------------------------------------------- no leak
@given(_states())
def test_no_leak_states_differing_in_hidden_cards_observe_equal(case: tuple[str, GameState, int]) -> None:
    _, state, seat = case
    if state.hand is None:
        return
    view = observe(state, seat)
    rng = random.Random(seat)
    for world in _swapped_worlds(state, seat, rng):
        assert observe(world, seat) == view
    if _may_hide(state, seat):
        hidden = observe(state, seat, hide_own_hand=True)
        for world in _swapped_worlds(state, seat, rng, own=True):
            assert observe(world, seat, hide_own_hand=True) == hidden


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_no_leak_examples_for_every_rule_set(name: str) -> None:
    """The property above on fixed states of every rule set, so each is covered whatever hypothesis draws."""
    rules = ALL_RULES[name]
    state = _mid_hand(rules, 3)
    swapped = 0
    for seat in range(rules.players):
        worlds = _swapped_worlds(state, seat, random.Random(seat))
        swapped += len(worlds)
        for world in worlds:
            assert observe(world, seat) == observe(state, seat)
    assert swapped


@given(_states())
def test_views_never_contain_hidden_cards(case: tuple[str, GameState, int]) -> None:
    _, state, seat = case
    view = observe(state, seat)
    if state.hand is None:
        assert _cards_in(view) == set()
        return
    hidden = _truly_hidden(state, seat, view)
    assert not _cards_in(view) & hidden
    assert set(view.hand or ()) == set(state.hand.hand_of(seat))
    names = {str(card) for card in hidden}
    for text in (repr(view), str(view), view.render(), json.dumps(view.to_dict())):
        assert not set(_TOKEN.findall(text)) & names


def test_other_seats_redeal_calls_are_not_shown() -> None:
    rules = HOUSE_RULES["redeal"]
    state = _deal_state(rules, SUIT_HANDS)  # seats 1, 2, 3 have no spades: each may call a redeal
    assert Redeal(2) in legal_actions(state) and Redeal(3) in legal_actions(state)
    to_act = observe(state, 1)
    assert Redeal(1) in to_act.legal_actions and Redeal(2) not in to_act.legal_actions
    assert observe(state, 2).legal_actions == (Redeal(2),)  # listed out of turn, for itself only
    assert observe(state, 0).legal_actions == ()  # seat 0 holds every spade: nothing to call
    assert observe(state, 2, hide_own_hand=True).legal_actions == ()  # a redeal needs a look at the hand


# ---------------------------------------------------------------------------------------- legal actions
@given(_states(PRESETS))
def test_legal_actions_are_the_seats_own(case: tuple[str, GameState, int]) -> None:
    _, state, seat = case
    view = observe(state, seat)
    if state.to_act == seat:
        assert view.legal_actions == legal_actions(state)
    else:
        assert view.legal_actions == ()


# ---------------------------------------------------------------------------------------- voids
_JOKER_HANDS = (
    "2D AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
    "AD AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
    "LJ BJ KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
    "2S AC KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
)


def test_voids_from_failing_to_follow() -> None:
    rules = Rules.standard()
    hands = (
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "AH KH QH JH TH 9H 8H 2C 3C 4C 5C 6C 7C",
        "8C 9C TC JC QC KC AC 2D 3D 4D 5D 6D 7D",
        "7H 6H 5H 4H 3H 2H 8D 9D TD JD QD KD AD",
    )
    state = _run(_deal_state(rules, hands), Bid(1, 3), Bid(2, 3), Bid(3, 3), Bid(0, 4))
    assert observe(state, 1).voids == ((), (), (), ())
    state = _plays(state, "AH 8C")
    assert observe(state, 0).voids == ((), (), (Suit.HEARTS,), ())
    state = _plays(state, "2H 2S")  # seat 0 trumps: void in hearts too; the trick goes to seat 0
    for seat in range(4):
        assert observe(state, seat).voids == ((Suit.HEARTS,), (), (Suit.HEARTS,), ())
    state = _plays(state, "AS KH")  # spades broken: seat 0 may lead them; seat 1 shows no spades
    assert observe(state, 3).voids == ((Suit.HEARTS,), (Suit.SPADES,), (Suit.HEARTS,), ())
    assert "Known voids: 0: hearts; 1: spades; 2: hearts" in observe(state, 3).render()


def test_leading_an_unbroken_spade_shows_nothing_but_spades() -> None:
    rules = Rules.standard()
    hands = (
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    )
    state = _run(_deal_state(rules, hands), Bid(1, 10), Bid(2, 1), Bid(3, 1), Bid(0, 1))
    state = _plays(state, "2S")
    assert observe(state, 0).voids[1] == (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
    lax = _run(
        _deal_state(Rules.no_lead_restriction(), hands), Bid(1, 10), Bid(2, 1), Bid(3, 1), Bid(0, 1), Play(1, "2S")
    )
    assert observe(lax, 0).voids[1] == ()  # without the lead restriction a spade lead shows nothing


@pytest.mark.parametrize(
    ("rules", "seat0_void"),
    [(Rules.jokers(), ()), (Rules.jokers("joker_joker_deuce_deuce"), (Suit.DIAMONDS,))],
)
def test_voids_use_effective_suits(rules: Rules, seat0_void: tuple[Suit, ...]) -> None:
    """Jokers are spades; with joker-joker-deuce-deuce so is the 2♦, so playing it on a diamond is a void."""
    state = _run(_deal_state(rules, _JOKER_HANDS), Bid(1, 3), Bid(2, 3), Bid(3, 3), Bid(0, 4))
    state = _plays(state, "AD LJ 3D 2D")  # the little joker on a diamond lead: seat 2 has no diamonds
    view = observe(state, 1)
    assert view.voids == (seat0_void, (), (Suit.DIAMONDS,), ())
    assert view.tricks[0].winner == 2
    state = _plays(state, "BJ 2S AS 3H")  # a joker led is a spade lead: 2S and AS follow, seat 1 has none
    assert observe(state, 3).voids == (seat0_void, (Suit.SPADES,), (Suit.DIAMONDS,), ())


@given(_states())
def test_voids_agree_with_the_holdings(case: tuple[str, GameState, int]) -> None:
    _, state, seat = case
    if state.hand is None:
        return
    view = observe(state, seat)
    for other, suits in enumerate(view.voids):
        held = {state.rules.effective_suit(card) for card in state.hand.hand_of(other)}
        assert not held & set(suits)


# ---------------------------------------------------------------------------------------- hide_own_hand
def test_hide_own_hand_before_bidding() -> None:
    rules = Rules.standard()
    state = apply(new_game(rules, scores=[0, 200]), Deal.shuffled(rules, 9))
    state = apply(state, Bid(1, 4))
    hidden = observe(state, 2, hide_own_hand=True)
    assert hidden.hand is None and hidden.hand_hidden
    assert hidden.hand_sizes == (13, 13, 13, 13)
    assert Bid.blind_nil(2) in hidden.legal_actions
    assert hidden.legal_actions == observe(state, 2).legal_actions  # bids do not depend on the cards
    assert "not looked at yet" in hidden.render()
    assert hidden.to_dict()["hand"] is None
    assert hidden != observe(state, 2)
    names = {str(card) for card in state.hand.hand_of(2)} if state.hand else set()
    assert not set(_TOKEN.findall(repr(hidden) + str(hidden) + json.dumps(hidden.to_dict()))) & names
    # a seat that has not bid yet may hide its cards even when it is not its turn
    assert observe(state, 0, hide_own_hand=True).legal_actions == ()


def test_hide_own_hand_only_while_it_can_matter() -> None:
    rules = Rules.standard()
    fresh = new_game(rules)
    dealt = apply(fresh, Deal.shuffled(rules, 2))
    bid = apply(dealt, Bid(1, 3))
    with pytest.raises(ObservationError, match="already bid"):
        observe(bid, 1, hide_own_hand=True)
    with pytest.raises(ObservationError, match="deal phase"):
        observe(fresh, 1, hide_own_hand=True)
    playing = _random_state(rules, 1, 10)
    assert playing.phase is Phase.PLAY
    with pytest.raises(ObservationError, match="play phase"):
        observe(playing, 1, hide_own_hand=True)
    bicycle = Rules.bicycle()
    with pytest.raises(ObservationError, match="offer no blind bid"):
        observe(apply(new_game(bicycle), Deal.shuffled(bicycle, 2)), 1, hide_own_hand=True)
    drawing = Rules.two_player().evolve(blind_nil=True)
    state = _random_state(drawing, 5, 27)
    assert state.phase is Phase.BID
    with pytest.raises(ObservationError, match="draw"):
        observe(state, state.to_act or 0, hide_own_hand=True)


def test_sample_deal_of_a_hidden_view_samples_the_own_cards_too() -> None:
    rules = Rules.standard()
    state = apply(new_game(rules), Deal.shuffled(rules, 21))
    hidden = observe(state, 3, hide_own_hand=True)
    own_hands = set()
    for seed in range(20):
        world = sample_deal(hidden, seed)
        assert observe(world, 3, hide_own_hand=True) == hidden
        assert world.hand is not None
        own_hands.add(world.hand.hand_of(3))
    assert len(own_hands) > 1


# ---------------------------------------------------------------------------------------- sample_deal
@given(_states(), st.integers(0, 2**32 - 1))
def test_sample_deal_observes_equal(case: tuple[str, GameState, int], seed: int) -> None:
    name, state, seat = case
    view = observe(state, seat)
    world = sample_deal(view, seed)
    assert observe(world, seat) == view
    assert world.rules == state.rules and world.phase is state.phase
    if name in CONSTRUCTIVE:
        assert _sample_once(view, random.Random(seed)) is not None  # built, not found by rejection
    if _may_hide(state, seat):
        hidden = observe(state, seat, hide_own_hand=True)
        assert observe(sample_deal(hidden, seed), seat, hide_own_hand=True) == hidden


@given(_states(), st.integers(0, 2**32 - 1))
def test_sampled_worlds_respect_voids_and_known_cards(case: tuple[str, GameState, int], seed: int) -> None:
    _, state, seat = case
    view = observe(state, seat)
    world = sample_deal(view, seed)
    if world.hand is None:
        return
    for other in range(state.rules.players):
        held = world.hand.hand_of(other)
        assert not {state.rules.effective_suit(card) for card in held} & set(view.voids[other])
        assert set(view.known_cards[other]) <= set(held)
        assert len(held) == view.hand_sizes[other]


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_sample_deal_covers_different_worlds(name: str) -> None:
    rules = ALL_RULES[name]
    state = _mid_hand(rules, 17)
    assert state.hand is not None
    rng = random.Random(5)
    for seat in range(rules.players):
        view = observe(state, seat)
        worlds = set()
        for _ in range(50):
            world = sample_deal(view, rng)
            assert observe(world, seat) == view
            assert world.hand is not None
            worlds.add(world.hand.deal)
        assert len(worlds) > 1, (name, seat)


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_sampled_worlds_are_reached_by_legal_play(name: str) -> None:
    """A sampled world's hand replays through ``apply`` from its deal: every play in it was legal in that world
    (the first-trick house rules constrain the hidden hands beyond suits: a club holder's lowest club)."""
    rules = ALL_RULES[name]
    rng = random.Random(3)
    for seed in range(6):
        state = _mid_hand(rules, seed)
        for seat in range(rules.players):
            world = sample_deal(observe(state, seat), rng)
            replayed = new_game(world.rules, dealer=world.dealer, scores=world.scores, bags=world.bags)
            for action in world.hand_actions:
                replayed = apply(replayed, action)
            assert replayed.hand == world.hand


def test_sample_deal_is_reproducible() -> None:
    view = observe(_mid_hand(Rules.standard(), 2), 1)
    assert sample_deal(view, 42) == sample_deal(view, 42)
    assert sample_deal(view, random.Random(42)) == sample_deal(view, 42)


def test_sample_deal_outside_a_hand() -> None:
    rules = Rules.standard().evolve(max_hands=2)
    state = _random_state(rules, 6, 57)  # the first hand played out: the DEAL phase of the second
    assert state.phase is Phase.DEAL and state.hands_played == 1
    view = observe(state, 0)
    assert view.hand == () and view.bids == (None,) * 4 and view.current_trick is None
    assert view.results == state.results and view.legal_actions == ()
    world = sample_deal(view, 1)
    assert observe(world, 0) == view and world.scores == state.scores and world.dealer == 1


def test_game_over_view_and_samples() -> None:
    rules = Rules.standard().evolve(max_hands=1, blind_nil_deficit=None)
    rng = random.Random(12)
    dealt = apply(new_game(rules, scores=[40, 10], bags=[3, 9]), Deal.shuffled(rules, rng))
    state = list(random_states(rules, rng, state=dealt))[-1]
    view = observe(state, 3)
    assert view.phase is Phase.GAME_OVER and view.to_act is None and view.legal_actions == ()
    assert view.hand == () and view.hand_sizes == (0, 0, 0, 0) and len(view.tricks) == 13
    assert view.current_trick is None and view.winner == state.winner
    assert (view.initial_scores, view.initial_bags) == ((40, 10), (3, 9))
    assert "Game over" in view.render()
    for seed in range(5):
        world = sample_deal(view, seed)
        assert observe(world, 3) == view and world.is_over and world.scores == state.scores


def test_sample_deal_rejects_an_impossible_view() -> None:
    view = observe(_mid_hand(Rules.standard(), 4), 0)
    bad_sizes = attrs.evolve(view, hand_sizes=(view.hand_sizes[0], 13, 13, 13))
    with pytest.raises(ObservationError):
        sample_deal(bad_sizes, 1)
    everyone_void = attrs.evolve(view, voids=((), *[tuple(Suit)] * 3))
    with pytest.raises(ObservationError):
        sample_deal(everyone_void, 1)
    with pytest.raises(TypeError):
        sample_deal(new_game(Rules.standard()), 1)  # type: ignore[arg-type]


def test_mirror_and_whiz_bids_fix_the_sampled_spade_counts() -> None:
    for rules in (Rules.mirror(), Rules.whiz()):
        state = _mid_hand(rules, 8)
        assert state.hand is not None
        view = observe(state, 0)
        spade_mask = rules.tables.spade_mask
        for seed in range(10):
            world = sample_deal(view, seed)
            assert world.hand is not None
            for seat, bid in enumerate(view.bids):
                assert bid is not None
                if rules.bidding == "mirror" or bid.tricks:
                    played = [card for t in (*world.hand.completed_tricks, world.hand.current_trick)
                              for s, card in t.plays(4) if s == seat]
                    spades = ((world.hand.held[seat] | sum(c.bit for c in played)) & spade_mask).bit_count()
                    assert spades == bid.tricks


def test_whiz_counts_are_the_dealt_spades_when_a_nil_passes_cards() -> None:
    """Under whiz with nil passing a bid shows the spades dealt, before the pass: every sampled world deals
    each number bidder exactly that many (its replay through ``apply`` accepts the bids), from every seat's
    view, the two partners' (who saw the cards passed) and the opponents' (who did not)."""
    rules = Rules.whiz().evolve(nil_exchange=2)
    checked = 0
    for game in range(30):
        rng = random.Random(game)
        state = apply(new_game(rules), Deal.shuffled(rules, game))
        while state.phase is not Phase.PLAY or len(state.hand_actions) < 12:  # the bids, the pass, a few cards
            if state.to_act is None:
                break
            state = apply(state, rng.choice(legal_actions(state)))
        for seat in range(4):
            view = observe(state, seat)
            world = sample_deal(view, rng)
            assert observe(world, seat) == view
            replay = new_game(rules)
            for action in world.hand_actions:
                replay = apply(replay, action)  # refuses a whiz bid that is not the bidder's dealt spades
            checked += bool(view.exchanges)
    assert checked >= 40  # views behind a pass, not only hands without a nil


# ---------------------------------------------------------------------------------------- exchanges
def _blind_nil_state() -> GameState:
    rules = Rules.standard().evolve(blind_nil_deficit=None)
    hands = SUIT_HANDS
    state = _run(_deal_state(rules, hands), Bid.blind_nil(1), Bid(2, 4), Bid(3, 5), Bid(0, 3))
    assert state.phase is Phase.EXCHANGE and state.to_act == 1
    return state


def test_exchange_cards_are_seen_only_by_the_two_partners() -> None:
    state = _run(_blind_nil_state(), Exchange(1, "AH KH"), Exchange(3, "AH 2C"))
    assert state.phase is Phase.PLAY
    for seat in (1, 3):
        view = observe(state, seat)
        assert view.exchanges == (
            ExchangeView(giver=1, receiver=3, size=2, cards=parse_cards("KH AH")),
            ExchangeView(giver=3, receiver=1, size=2, cards=parse_cards("2C AH")),
        )
        assert view.bids[1] == Bid.blind_nil(1)
        assert "Exchange: seat 1 passed 2 cards to seat 3: KH AH" in view.render()
    for seat in (0, 2):
        view = observe(state, seat)
        assert view.exchanges == (
            ExchangeView(giver=1, receiver=3, size=2, cards=None),
            ExchangeView(giver=3, receiver=1, size=2, cards=None),
        )
        assert "(unseen)" in view.render()
        assert not {"KH", "2C"} & set(_TOKEN.findall(repr(view) + str(view) + json.dumps(view.to_dict())))
    # the passer knows the partner kept KH (AH came back); the partner knows the passer holds AH and 2C
    assert observe(state, 1).known_cards == ((), (), (), parse_cards("KH"))
    assert observe(state, 3).known_cards == ((), parse_cards("2C AH"), (), ())
    assert observe(state, 0).known_cards == ((),) * 4


def test_known_cards_leave_when_played_and_samples_keep_them() -> None:
    state = _run(_blind_nil_state(), Exchange(1, "AH KH"), Exchange(3, "AH 2C"))
    view = observe(state, 1)
    for seed in range(10):
        world = sample_deal(view, seed)
        assert world.hand is not None and Card.parse("KH") in world.hand.hand_of(3)
        assert observe(world, 1) == view
    for seat in (0, 2):  # the other side's samples move the exchanged cards around
        other_view = observe(state, seat)
        exchanges = {sample_deal(other_view, seed).hand.exchanges for seed in range(30)}  # type: ignore[union-attr]
        assert len(exchanges) > 1
    state = _plays(state, "2H 3D KH")  # seat 3 follows with the heart it was passed: no longer unseen in its hand
    assert observe(state, 1).known_cards == ((),) * 4
    assert observe(state, 3).known_cards == ((), parse_cards("2C AH"), (), ())
    state = _plays(state, "2S 3S 2C")  # seat 0 trumps, leads a spade; seat 1 has none and plays the 2C
    assert observe(state, 3).known_cards == ((), parse_cards("AH"), (), ())


def test_pending_exchange_view_and_samples() -> None:
    state = apply(_blind_nil_state(), Exchange(1, "2H 3H"))
    assert state.to_act == 3
    view = observe(state, 3)
    assert view.pending_exchanges == ((3, 1),)
    assert view.legal_actions == legal_actions(state) and len(view.legal_actions) == 105  # 15 cards, choose 2
    assert observe(state, 0).exchanges == (ExchangeView(giver=1, receiver=3, size=2, cards=None),)
    for seat in range(4):
        seat_view = observe(state, seat)
        assert observe(sample_deal(seat_view, seat), seat) == seat_view


# ---------------------------------------------------------------------------------------- two-player draw
def _drawn(rules: Rules, seed: int, turns: int) -> GameState:
    rng = random.Random(seed)
    state = apply(new_game(rules), Deal.shuffled(rules, rng))
    for _ in range(turns):
        state = apply(state, rng.choice(legal_actions(state)))
    return state


@pytest.mark.parametrize("seen", [True, False])
def test_draw_discards_are_hidden_from_the_other_player(seen: bool) -> None:
    rules = Rules.two_player().evolve(draw_second_card_seen=seen)
    state = _drawn(rules, 31, 26)
    assert state.phase is Phase.BID and state.hand is not None
    stock = state.hand.deal.deck
    draws = _draws(state)
    kept: list[set[Card]] = [set(), set()]
    discarded: list[set[Card]] = [set(), set()]
    unseen: set[Card] = set()
    for turn, keep in enumerate(draws):
        seat = (state.dealer + 1 + turn) % 2
        first, second = stock[2 * turn], stock[2 * turn + 1]
        kept[seat].add(first if keep else second)
        discarded[seat].add(second if keep else first)
        if keep and not seen:
            unseen.add(second)
    for seat in (0, 1):
        view = observe(state, seat)
        other = 1 - seat
        assert view.draws == tuple(draws) and view.stock_remaining == 0 and view.draws_taken == 26
        assert {turn.kept for turn in view.own_draws} == kept[seat] == set(view.hand or ())
        shown = {turn.discarded for turn in view.own_draws if turn.discarded is not None}
        assert shown == discarded[seat] - unseen
        assert all(turn.turn % 2 == (seat - state.dealer - 1) % 2 for turn in view.own_draws)
        assert all(isinstance(turn, DrawTurn) for turn in view.own_draws)
        secret = {str(card) for card in kept[other] | discarded[other] | (discarded[seat] & unseen)}
        text = repr(view) + str(view) + json.dumps(view.to_dict())
        assert not set(_TOKEN.findall(text)) & secret
        assert not _cards_in(view) & (kept[other] | discarded[other] | (discarded[seat] & unseen))
        for sample_seed in range(5):
            world = sample_deal(view, sample_seed)
            assert observe(world, seat) == view
    if not seen:
        assert unseen and any(turn.discarded is None for turn in observe(state, 0).own_draws)


def test_draw_card_is_shown_to_the_player_deciding_only() -> None:
    rules = Rules.two_player()
    state = _drawn(rules, 4, 5)
    assert state.phase is Phase.DRAW and state.hand is not None
    seat = state.to_act
    assert seat is not None
    top = state.hand.deal.deck[10]
    view = observe(state, seat)
    assert view.draw_card == top and view.stock_remaining == 42
    assert view.legal_actions == (DrawDecision(seat, True), DrawDecision(seat, False))
    assert f"Top card of the stock: {top}" in view.render()
    other = observe(state, 1 - seat)
    assert other.draw_card is None and other.legal_actions == ()
    assert str(top) not in _TOKEN.findall(repr(other) + str(other) + json.dumps(other.to_dict()))
    worlds = set()
    for sample_seed in range(20):
        world = sample_deal(view, sample_seed)
        assert world.hand is not None and world.hand.deal.deck[10] == top
        assert observe(world, seat) == view
        worlds.add(world.hand.deal)
    assert len(worlds) > 1


# ---------------------------------------------------------------------------------------- text forms
@given(_states())
def test_to_dict_is_json_safe(case: tuple[str, GameState, int]) -> None:
    _, state, seat = case
    view = observe(state, seat)
    data = view.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["rules"] == state.rules.to_dict()  # the compact form: a preset and its changes
    assert Rules.from_dict(data["rules"]) == state.rules
    assert data["seat"] == seat and data["phase"] == state.phase.value
    assert len(data["legal_actions"]) == len(view.legal_actions)


def test_render_reads_well() -> None:
    state = _run(_blind_nil_state(), Exchange(1, "AH KH"), Exchange(3, "AH 2C"))
    state = _plays(state, "2C 3D")
    text = observe(state, 2).render()
    assert text.splitlines()[0] == "Seat 2 - play phase, dealer 0, seat 3 to act"
    assert "Your hand: 3D" not in text and "Your hand: " in text
    assert "Bids: 0: 3, 1: blind nil, 2: 4, 3: 5" in text
    assert "Current trick: seat 1 led 1:2C 2:3D" in text
    assert str(observe(state, 3)).splitlines()[0].endswith("your turn")
    assert "Your options: play 3C" in str(observe(state, 3))


# ---------------------------------------------------------------------------------------- house rules, errors
def test_lowest_club_leader_is_known_to_hold_it() -> None:
    rules = HOUSE_RULES["lowest_club"]
    hands = SUIT_HANDS
    state = _run(_deal_state(rules, hands), Bid(1, 3), Bid(2, 3), Bid(3, 3), Bid(0, 4))
    assert state.to_act == 3  # the holder of the 2C leads it
    for seat in (0, 1, 2):
        view = observe(state, seat)
        assert view.known_cards[3] == parse_cards("2C")
        for seed in range(5):
            world = sample_deal(view, seed)
            assert world.hand is not None and Card.parse("2C") in world.hand.hand_of(3)
            assert observe(world, seat) == view
    assert observe(state, 3).known_cards == ((),) * 4
    state = _plays(state, "2C")
    assert observe(state, 0).known_cards == ((),) * 4


def test_lowest_club_lead_in_the_two_player_draw_still_samples_consistently() -> None:
    """The lowest-club lead after a draw is the one constraint sample_deal checks by replay (and redraws)."""
    rules = HOUSE_RULES["two_player_lowest_club"]
    for seed in range(6):
        rng = random.Random(seed)
        state = apply(new_game(rules), Deal.shuffled(rules, rng))
        while state.phase is not Phase.PLAY:
            state = apply(state, rng.choice(legal_actions(state)))
        for _ in range(3):
            for seat in (0, 1):
                view = observe(state, seat)
                for sample_seed in range(4):
                    assert observe(sample_deal(view, sample_seed), seat) == view
            state = apply(state, rng.choice(legal_actions(state)))


def test_observe_rejects_bad_arguments() -> None:
    state = new_game(Rules.standard())
    with pytest.raises(SeatError, match="seat"):
        observe(state, 4)
    with pytest.raises(SeatError, match="seat"):
        observe(state, True)
    with pytest.raises(TypeError):
        observe(Rules.standard(), 0)  # type: ignore[arg-type]


def test_to_dict_of_every_action_kind() -> None:
    exchange = observe(apply(_blind_nil_state(), Exchange(1, "2H 3H")), 3).to_dict()
    assert exchange["legal_actions"][0] == {"type": "exchange", "seat": 3, "cards": ["2C", "3C"], "code": 117}
    assert exchange["exchanges"] == [{"giver": 1, "receiver": 3, "size": 2, "cards": ["2H", "3H"]}]
    assert exchange["bids"][1] == {"type": "bid", "seat": 1, "tricks": 0, "blind": True}
    draw = observe(_drawn(Rules.two_player(), 1, 0), 1).to_dict()
    assert draw["legal_actions"] == [
        {"type": "draw", "seat": 1, "keep": True, "code": DRAW_KEEP_CODE},
        {"type": "draw", "seat": 1, "keep": False, "code": DRAW_REJECT_CODE},
    ]
    rules = HOUSE_RULES["redeal"]
    redeal = observe(_deal_state(rules, SUIT_HANDS), 2).to_dict()
    assert redeal["legal_actions"] == [{"type": "redeal", "seat": 2, "code": REDEAL_BASE + 2}]
    play = observe(_random_state(Rules.standard(), 3, 6), 2).to_dict()
    assert play["legal_actions"][0]["type"] == "play" and play["current_trick"]["leader"] == 1


def test_a_plain_nils_exchange_is_seen_by_the_partners_and_kept_by_the_samples() -> None:
    """Nil passing (``nil_exchange=1``): the passed card is known to the two partners only, and every sampled
    world of the passer keeps it in the partner's hand."""
    rules = Rules.standard().evolve(nil_exchange=1)
    state = _run(_deal_state(rules, SUIT_HANDS), Bid(1, 0), Bid(2, 4), Bid(3, 5), Bid(0, 3))
    assert state.phase is Phase.EXCHANGE and state.to_act == 1
    assert state.hand is not None
    passed = state.hand.hand_of(1)[-1]
    state = apply(state, Exchange(1, (passed,)))
    assert observe(state, 0).exchanges == (ExchangeView(giver=1, receiver=3, size=1, cards=None),)
    assert observe(state, 1).exchanges == (ExchangeView(giver=1, receiver=3, size=1, cards=(passed,)),)
    view = observe(state, 1)
    assert view.known_cards[3] == (passed,)
    for seed in range(5):
        world = sample_deal(view, seed)
        assert world.hand is not None and passed in world.hand.hand_of(3)
        assert observe(world, 1) == view


# ---------------------------------------------------------------------------------------- hand-built views
def _consumers(view: Observation) -> dict[str, Callable[[], object]]:
    """Everything that reads a view: the tensor, the picture, the text, the dict form, the bots, sampling."""
    from spades_rules import svg
    from spades_rules.bots import HeuristicBot, RandomBot
    from spades_rules.views.tensor import observation_tensor

    return {
        "observation_tensor": lambda: observation_tensor(view),
        "svg.view": lambda: svg.view(view),
        "render": view.render,
        "to_dict": view.to_dict,
        "from_dict": lambda: Observation.from_dict(view.to_dict()),
        "HeuristicBot.decide": lambda: HeuristicBot(seed=1).decide(view),
        "RandomBot.decide": lambda: RandomBot(seed=1).decide(view),
        "sample_deal": lambda: sample_deal(view, 1),
    }


_SAMPLE_VIEWS = [
    observe(_random_state(rules, seed, steps), seat)
    for rules in (Rules.standard(), Rules.two_player(), Rules.jokers(), Rules.three_player())
    for seed, steps in ((1, 0), (2, 9), (3, 30))
    for seat in (0, 1)
]
_FIELDS = [field.name for field in attrs.fields(Observation) if field.init]
_JUNK: list[object] = [None, "x", 1.5, -1, 10**9, 2**70, (), [], True, (None,), (10**9,) * 4, Phase.DEAL, b"AS"]


@given(st.sampled_from(_SAMPLE_VIEWS), st.data())
def test_a_hand_built_view_is_refused_when_built_or_read_by_every_consumer(
    view: Observation, data: st.DataObject
) -> None:
    """A view built by hand, with fields taken from other views of the same rules (a phase, a trick, the
    legal actions of another moment) or junk, is refused by its constructor with an ObservationError, or
    every consumer answers or raises a library error: none crashes on it."""
    from spades_rules import SpadesError

    others = [other for other in _SAMPLE_VIEWS if other.rules == view.rules]
    changes: dict[str, Any] = {}
    for name in data.draw(st.lists(st.sampled_from(_FIELDS), min_size=1, max_size=3, unique=True), label="fields"):
        choices = [getattr(other, name) for other in others] + _JUNK
        changes[name] = data.draw(st.sampled_from(choices), label=name)
    try:
        built = attrs.evolve(view, **changes)
    except ObservationError:
        return
    assert isinstance(str(built), str) and isinstance(repr(built), str)
    messages = {}
    for name, consume in _consumers(built).items():
        try:
            consume()
        except SpadesError as error:
            messages[name] = str(error)
    assert all(len(message) < 2_000 for message in messages.values()), messages.keys()


@pytest.mark.parametrize(
    ("field", "value"),
    [("hand_sizes", (10**9,) * 4), ("tricks_won", (14, 0, 0, 0)), ("stock_remaining", 10**6), ("draws", (True,) * 27),
     ("seat", 4), ("hand", (Card.parse("AS"), "KS")), ("tricks", ((),)), ("phase", "play")],
)
def test_a_view_forged_without_its_constructor_is_refused_by_every_consumer(field: str, value: Any) -> None:
    """A view made without its constructor (``object.__new__``, then the fields set one by one) is checked
    by each consumer before it reads it: an ObservationError naming the field, never an IndexError or a
    picture of a billion cards."""
    view = _SAMPLE_VIEWS[1]
    forged = object.__new__(Observation)
    for name in _FIELDS:
        object.__setattr__(forged, name, value if name == field else getattr(view, name))
    for consume in _consumers(forged).values():
        with pytest.raises(ObservationError, match=field):
            consume()
    assert "Observation" in str(forged) and len(str(forged)) < 2_000  # printing never raises
    with pytest.raises(ObservationError, match=field):
        attrs.evolve(view, **{field: value})


def test_a_view_missing_a_field_is_refused_and_still_copies() -> None:
    forged = object.__new__(Observation)
    with pytest.raises(ObservationError, match="missing"):
        forged.to_dict()
    assert "not built by its constructor" in repr(pickle.loads(pickle.dumps(forged)))


def test_an_unpickled_view_equals_the_view_and_is_checked_again() -> None:
    from spades_rules.views.render import _known_consistent

    view = _SAMPLE_VIEWS[2]
    again = pickle.loads(pickle.dumps(view))
    assert again == view and hash(again) == hash(view) and not _known_consistent(again)
    assert again.to_dict() == view.to_dict() and _known_consistent(again)


@pytest.mark.parametrize("rules", [Rules.standard(), Rules.two_player(), Rules.jokers()], ids=repr)
def test_the_views_observe_builds_pass_the_constructors_check(rules: Rules) -> None:
    """``observe`` builds its views without the constructor (its speed): they are the views the
    constructor accepts, between hands and at game over included."""
    rng = random.Random(5)
    state = new_game(rules.evolve(max_hands=2))
    while True:
        for seat in range(rules.players):
            view = observe(state, seat)
            assert attrs.evolve(view) == view
        if state.is_over:
            break
        state = apply(state, Deal.shuffled(rules, rng) if state.is_chance else rng.choice(legal_actions(state)))

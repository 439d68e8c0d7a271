"""The engine's guarded paths: forged cards are refused, and resuming a hand mid-way builds what apply builds."""

from __future__ import annotations

import random

import pytest

from _fixtures import random_states
from spades_rules import (
    ALL_CARDS,
    Bid,
    Card,
    Deal,
    Exchange,
    GameState,
    IllegalActionError,
    IllegalReason,
    Phase,
    Play,
    Rules,
    apply,
    is_legal,
    legal_actions,
    new_game,
)
from spades_rules._core.resume import resume_hand


def _forge(card: Card) -> Card:
    """An object that looks like ``card`` (same slots) but is not the interned card."""
    fake = object.__new__(Card)
    for name in Card.__slots__:
        object.__setattr__(fake, name, getattr(card, name))
    return fake


def _to_play(rules: Rules, seed: int) -> GameState:
    rng = random.Random(seed)
    state = apply(new_game(rules), Deal.shuffled(rules, rng))
    while state.phase is not Phase.PLAY:
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def test_a_forged_card_is_refused_in_a_play() -> None:
    state = _to_play(Rules.standard(), 1)
    real = legal_actions(state)[0]
    assert isinstance(real, Play)
    forged = Play(real.seat, _forge(real.card))
    assert forged.card is not real.card and forged.card.index == real.card.index
    with pytest.raises(IllegalActionError) as refused:
        apply(state, forged)
    assert refused.value.reason is IllegalReason.NOT_AN_ACTION
    assert "interned" in str(refused.value)
    assert not is_legal(state, forged)
    assert is_legal(state, real)


def test_a_forged_card_is_refused_in_a_deal() -> None:
    rules = Rules.standard()
    deck = list(Deal.shuffled(rules, 2).deck)
    deck[17] = _forge(deck[17])
    with pytest.raises(IllegalActionError) as refused:
        apply(new_game(rules), Deal(tuple(deck)))
    assert refused.value.reason is IllegalReason.NOT_AN_ACTION


def test_a_forged_card_is_refused_in_an_exchange() -> None:
    rules = Rules.standard().evolve(blind_nil_exchange=2)
    state = apply(new_game(rules, scores=[200, 0]), Deal.shuffled(rules, 3))
    while state.phase is not Phase.EXCHANGE:
        seat = state.to_act
        assert seat is not None
        bids = [bid for bid in legal_actions(state, seat) if isinstance(bid, Bid)]
        wanted = [bid for bid in bids if bid.blind] if seat == 1 else [bid for bid in bids if bid.tricks]
        state = apply(state, wanted[0])
    honest = legal_actions(state)[0]
    assert isinstance(honest, Exchange)
    forged = Exchange(honest.seat, (honest.cards[0], _forge(honest.cards[1])))
    with pytest.raises(IllegalActionError) as refused:
        apply(state, forged)
    assert refused.value.reason is IllegalReason.NOT_AN_ACTION
    assert apply(state, honest).phase is Phase.EXCHANGE


@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_resuming_a_hand_builds_the_state_apply_builds(name: str) -> None:
    """``resume_hand`` (how sample_deal builds its worlds) gives exactly the state the actions reach."""
    rules = Rules.presets()[name]
    rng = random.Random(name)
    checked = 0
    for _ in range(6):
        start = new_game(rules, dealer=rng.randrange(rules.players))
        for state in random_states(rules, rng, state=start):
            if checked >= 400:
                break
            if state.phase is Phase.DEAL:
                start = state
                continue
            hand = state.hand
            if hand is None or state.phase is Phase.GAME_OVER:
                continue
            resumed = resume_hand(
                start, hand.deal, draws=hand.draws, bids=hand.bids, exchanges=hand.exchanges,
                tricks=hand.completed_tricks, current=hand.current_trick if state.phase is Phase.PLAY else None,
                phase=state.phase,
            )
            assert resumed == state
            assert hash(resumed) == hash(state)
            assert resumed.history == state.history
            checked += 1
    assert checked >= 100


def test_interned_cards_are_the_table() -> None:
    assert all(ALL_CARDS[card.index] is card for card in ALL_CARDS)

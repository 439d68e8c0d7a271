"""observation_tensor: a fixed-size, documented, leak-free encoding of an Observation (no extras needed)."""

from __future__ import annotations

import random
import subprocess
import sys

import attrs
import pytest

from _fixtures import random_game
from spades_rules import (
    Bid,
    ObservationError,
    Phase,
    Play,
    Rules,
    apply,
    observation_tensor,
    observation_tensor_layout,
    observation_tensor_size,
    observe,
    sample_deal,
)
from spades_rules.views import Observation

HOUSE_RULES = {
    "jokers_54_three": Rules.three_player().evolve(with_jokers=True, removed_cards=()),
    "five_jokers": Rules.individual(5).evolve(with_jokers=True),
    "blind_nil_always": Rules.standard().evolve(blind_nil_deficit=None, blind_nil_exchange=3),
    "deuces_lowest_club": Rules.jokers("joker_joker_deuce_deuce").evolve(first_lead="lowest_club", bag_limit=5),
    "draw_unseen": Rules.two_player().evolve(draw_second_card_seen=False),
    "blind_numbers_only": Rules.standard().evolve(blind_nil=False, blind_bid_min=6, blind_bid_deficit=None),
    "nil_passing": Rules.standard().evolve(blind_nil=False, nil_exchange=2),
}
VARIANTS = {**Rules.presets(), **HOUSE_RULES}


def _block(tensor: list[float], rules: Rules, name: str) -> list[float]:
    start, size = observation_tensor_layout(rules)[name]
    return tensor[start : start + size]


def _views(rules: Rules, seed: int) -> list[Observation]:
    return [observe(state, seat) for state in random_game(rules, seed) for seat in range(rules.players)]


def test_layout_is_contiguous_and_sized() -> None:
    for rules in VARIANTS.values():
        position = 0
        for start, size in observation_tensor_layout(rules).values():
            assert start == position and size > 0
            position += size
        assert position == observation_tensor_size(rules)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_view_of_a_game_has_the_size_and_matches_the_view(name: str) -> None:
    rules = VARIANTS[name]
    size = observation_tensor_size(rules)
    slots = {card: slot for slot, card in enumerate(rules.deck)}
    n = rules.players
    for view in _views(rules, seed=len(name)):
        tensor = observation_tensor(view)
        assert len(tensor) == size
        assert all(isinstance(value, float) for value in tensor)
        hand = _block(tensor, rules, "hand")
        assert [slot for slot, bit in enumerate(hand) if bit] == sorted(slots[card] for card in view.hand or ())
        assert _block(tensor, rules, "seat").index(1.0) == view.seat
        assert _block(tensor, rules, "phase") == [float(phase is view.phase) for phase in Phase]
        to_act = _block(tensor, rules, "to_act")
        assert to_act == [float(view.to_act is not None and (view.to_act - view.seat) % n == k) for k in range(n)]
        won = _block(tensor, rules, "tricks_won")
        assert [round(won[(seat - view.seat) % n] * rules.tricks_per_hand) for seat in range(n)] == list(
            view.tricks_won
        )
        played = _block(tensor, rules, "played")
        assert sum(played) == sum(len(trick.cards) for trick in view.tricks) + (
            len(view.current_trick.cards) if view.current_trick else 0
        )


def test_current_trick_and_bids_are_relative_to_the_observer() -> None:
    rules = Rules.standard()
    deck = len(rules.deck)
    for view in _views(rules, seed=5):
        if view.current_trick is None or not view.current_trick.cards:
            continue
        tensor = observation_tensor(view)
        current = _block(tensor, rules, "current_trick")
        for seat, card in view.current_trick.plays(rules.players):
            relative = (seat - view.seat) % rules.players
            assert current[relative * deck + rules.deck.index(card)] == 1.0
        bids = _block(tensor, rules, "bids")
        width = rules.tricks_per_hand + 3
        for seat, bid in enumerate(view.bids):
            assert isinstance(bid, Bid)
            block = bids[((seat - view.seat) % rules.players) * width :][:width]
            assert block[0] == 1.0 and block[1] == float(bid.blind) and block[2 + bid.tricks] == 1.0
        return
    pytest.fail("no trick in progress in the game")


def test_scores_put_the_observers_side_first() -> None:
    rules = Rules.standard()
    state = random_game(rules, seed=2)[-1]
    for seat in range(4):
        scores = _block(observation_tensor(observe(state, seat)), rules, "scores")
        side = rules.side_of(seat)
        assert scores == [state.scores[side] / 500, state.scores[1 - side] / 500]


def test_draw_and_exchange_blocks() -> None:
    rules = Rules.two_player()
    seen_draw = False
    for view in _views(rules, seed=3):
        tensor = observation_tensor(view)
        assert sum(_block(tensor, rules, "kept")) == len(view.own_draws)
        assert sum(_block(tensor, rules, "draws")[::2]) == len(view.draws)
        assert sum(_block(tensor, rules, "draw_card")) == (view.draw_card is not None)
        seen_draw |= view.draw_card is not None
    assert seen_draw
    assert "draws" not in observation_tensor_layout(Rules.standard())
    assert "exchanged" not in observation_tensor_layout(Rules.bicycle())

    rules = HOUSE_RULES["blind_nil_always"]
    exchanges = 0
    for seed in range(6):
        for view in _views(rules, seed):
            tensor = observation_tensor(view)
            assert sum(_block(tensor, rules, "exchanged")) == len(view.exchanges)
            shown = sum(len(exchange.cards or ()) for exchange in view.exchanges)
            assert sum(_block(tensor, rules, "exchange_cards")) == shown
            exchanges += len(view.exchanges)
    assert exchanges


def test_blind_numbers_and_nil_passing_in_the_tensor() -> None:
    """A blind 6 sets its bidder's blind bit and the 6; a plain 6 does not set the bit. Under blind numbers
    alone the own cards can be withheld (``hand_hidden``). A plain nil's pass fills the exchange blocks."""
    rules = HOUSE_RULES["blind_numbers_only"]
    state = next(state for state in random_game(rules, seed=1) if state.phase is Phase.BID)
    seat = state.to_act
    assert seat is not None
    assert _block(observation_tensor(observe(state, seat, hide_own_hand=True)), rules, "hand_hidden") == [1.0]
    width = rules.tricks_per_hand + 3
    for blind in (True, False):
        after = apply(state, Bid(seat, 6, blind=blind))
        bids = _block(observation_tensor(observe(after, seat)), rules, "bids")[:width]  # relative seat 0: its own
        assert bids[:2] == [1.0, float(blind)] and bids[2 + 6] == 1.0 and sum(bids) == 2 + blind

    rules = HOUSE_RULES["nil_passing"]
    exchanges = pending = 0
    for seed in range(8):
        for view in _views(rules, seed):
            tensor = observation_tensor(view)
            assert sum(_block(tensor, rules, "exchanged")) == len(view.exchanges)
            shown = sum(len(exchange.cards or ()) for exchange in view.exchanges)
            assert sum(_block(tensor, rules, "exchange_cards")) == shown
            assert sum(_block(tensor, rules, "pending_exchanges")) == len(view.pending_exchanges)
            exchanges += len(view.exchanges)
            pending += len(view.pending_exchanges)
    assert exchanges and pending


def test_the_tensor_shows_nothing_the_view_hides() -> None:
    """Worlds that a seat cannot tell apart (sample_deal) give it the same tensor."""
    for name in ("standard", "two_player", "three_player"):
        rules = Rules.preset(name)
        states = random_game(rules, seed=11)
        rng = random.Random(0)
        for state in states[1 : len(states) // 2 : 7]:
            seat = rng.randrange(rules.players)
            view = observe(state, seat)
            tensor = observation_tensor(view)
            for _ in range(2):
                assert observation_tensor(observe(sample_deal(view, rng), seat)) == tensor


def test_hidden_own_hand() -> None:
    rules = Rules.standard().evolve(blind_nil_deficit=None)
    state = next(state for state in random_game(rules, seed=1) if state.phase is Phase.BID)
    seat = state.to_act
    assert seat is not None
    tensor = observation_tensor(observe(state, seat, hide_own_hand=True))
    assert _block(tensor, rules, "hand_hidden") == [1.0]
    assert sum(_block(tensor, rules, "hand")) == 0
    assert _block(observation_tensor(observe(state, seat)), rules, "hand_hidden") == [0.0]


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="needs an Observation"):
        observation_tensor(Play(0, "AS"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Rules"):
        observation_tensor_size("standard")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Rules"):
        observation_tensor_layout(None)  # type: ignore[arg-type]
    view = observe(random_game(Rules.standard(), seed=1)[1], 0)
    forged = Observation.__new__(Observation)
    for field in attrs.fields(Observation):
        object.__setattr__(forged, field.name, getattr(view, field.name))
    object.__setattr__(forged, "seat", 7)
    with pytest.raises(ObservationError, match="seat 7"):
        observation_tensor(forged)


def test_importing_the_library_pulls_in_no_ecosystem() -> None:
    code = (
        "import sys, spades_rules, spades_rules.views.tensor\n"
        "heavy = sorted(name for name in ('numpy', 'pyspiel', 'pettingzoo', 'gymnasium') if name in sys.modules)\n"
        "print(','.join(heavy))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""

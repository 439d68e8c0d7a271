"""The batch engine's gate: decision by decision, the same as the scalar engine (``_batch_differential``).

Every preset in both episode modes, by the lockstep fast path and by the subset path; rows out of step
(blind-nil exchanges, redeals, the two-player draw, partial resets); random house-rule sets drawn with
:func:`spades_rules.strategies.rules`; and all of these again with the rows started from random states at
every phase of a hand (``BatchGame.from_states``, ``reset(rows, states=...)``). Small here; ``SPADES_FUZZ=1``
runs it large (more rows, decisions and rule sets).
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("numpy")

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from _batch_differential import compare, playable
from _fixtures import Tally
from spades_rules import Rules, new_game
from spades_rules import strategies as sst

FUZZ = bool(os.environ.get("SPADES_FUZZ"))
ROWS, STEPS = (24, 900) if FUZZ else (3, 60)

PRESETS = sorted(Rules.presets())


@pytest.mark.parametrize("episode", ["hand", "game"])
@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_agrees_decision_by_decision(name: str, episode: str) -> None:
    counts = compare(Rules.preset(name), ROWS, seed=len(name), episode=episode, steps=STEPS, reset_at=STEPS // 2)
    assert counts.decisions == ROWS * STEPS


OUT_OF_STEP = {
    "blind nil with its exchange": Rules.standard().evolve(blind_nil_deficit=None),
    "three-card exchanges, lowest club leads": Rules.standard().evolve(
        blind_nil_deficit=None, blind_nil_exchange=3, first_lead="lowest_club"
    ),
    "team bidding with blind nil": Rules.partnership_bidding().evolve(blind_nil_deficit=0),
    "redeals": Rules.standard().evolve(redeal_on=("one_or_no_spades", "no_face_cards")),
    "the draw with redeals, unseen discards": Rules.two_player().evolve(
        redeal_on=("one_or_no_spades",), first_lead="lowest_club", draw_second_card_seen=False
    ),
    "jokers, two deuces high, no 13": Rules.jokers(trump_order="joker_joker_deuce_deuce").evolve(
        blind_nil_deficit=None, forbid_total_equal_tricks=True
    ),
    "five players, bags reset": Rules.individual(5).evolve(bag_limit=3, bag_overflow="reset", target_score=150),
    "nil passing beside the blind nil's": Rules.standard().evolve(
        blind_nil_deficit=None, nil_exchange=1, blind_nil_exchange=3
    ),
    "blind numbers, a cap on the side's bid": Rules.standard().evolve(
        blind_bid_min=4, blind_bid_deficit=None, blind_bid_multiplier=3, max_team_bid=9, blind_nil_deficit=None
    ),
    "no 13 under a cap, team minimum, nil passing": Rules.standard().evolve(
        forbid_total_equal_tricks=True, max_team_bid=11, team_min_bid=4, nil_exchange=2, ten_for_two_hundred=True
    ),
    "spades led anytime, none to the first trick, three alone with jokers": Rules(
        players=3, partnerships=False, with_jokers=True, bidding="none", nil=False, blind_nil=False,
        spade_lead="anytime", first_trick_spades=False,
    ),
    "the first-trick house rules, a seven-card redeal with jokers": Rules.jokers(
        trump_order="joker_joker_deuce_deuce"
    ).evolve(
        first_lead="lowest_club", first_trick_lowest_club=True, spade_lead="after_first_trick",
        redeal_on=("seven_card_suit",),
    ),
    "no 13, one nil a side, blind nil": Rules.standard().evolve(
        forbid_total_equal_tricks=True, both_partners_nil=False, blind_nil_deficit=None
    ),
}


# In CI the subset path plays whole games only (hands too under SPADES_FUZZ=1), to keep the batch session short.
MODES = [("hand", True), ("game", True), ("game", False)] + ([("hand", False)] if FUZZ else [])


@pytest.mark.parametrize(("episode", "fast"), MODES, ids=[f"{e}-{'lockstep' if f else 'subsets'}" for e, f in MODES])
@pytest.mark.parametrize("case", sorted(OUT_OF_STEP))
def test_rows_out_of_step_agree(case: str, episode: str, fast: bool) -> None:
    rows, steps = (ROWS + 1, STEPS + 30)
    counts = compare(OUT_OF_STEP[case], rows, seed=7, episode=episode, steps=steps, reset_at=steps // 3, fast=fast)
    assert counts.decisions == rows * steps
    assert counts.hands > 0


def test_exchanges_and_redeals_happen_in_the_gate() -> None:
    """The cases above do exercise what puts rows out of step (a gate that never exchanged would pass)."""
    exchanges = compare(OUT_OF_STEP["blind nil with its exchange"], 4, seed=3, episode="game", steps=70)
    redeals = compare(OUT_OF_STEP["redeals"], 4, seed=3, steps=70)
    assert exchanges.exchanges > 0
    assert redeals.redeals > 0


@settings(max_examples=400 if FUZZ else 8)
@given(sst.rules(max_hands=None), st.integers(0, 2**31), st.sampled_from(["hand", "game"]), st.booleans())
def test_random_house_rules_agree(drawn: Rules, seed: int, episode: str, fast: bool) -> None:
    rules = playable(drawn)  # the options the batch engine refuses by name are left at their defaults
    assume(rules is not None)
    assert rules is not None
    steps = STEPS + 30
    counts = compare(rules, ROWS, seed, episode=episode, steps=steps, reset_at=steps // 2, fast=fast)
    assert counts.decisions == ROWS * steps


def test_the_first_trick_refuses_spades_to_a_seat_that_cannot_follow_even_when_spades_lead_anytime() -> None:
    """``first_trick_spades=False`` with ``spade_lead="anytime"``: a seat void in the suit led plays no spade to
    the first trick unless it holds nothing else (a rare position: many rows, the first trick only)."""
    rules = OUT_OF_STEP["spades led anytime, none to the first trick, three alone with jokers"]
    counts = compare(rules, 2000, seed=5, steps=rules.players, states_every=1000)
    assert counts.decisions == 2000 * rules.players


@pytest.mark.parametrize("name", PRESETS)
def test_a_backstop_truncates_whole_games_as_the_scalar_engine_counts_them(name: str) -> None:
    """With a backstop of two hands, a game its rules do not end by then is truncated (its leader named, its
    final scores and the final observation of the seat that acted those of the scalar game stopped there)."""
    rules = Rules.preset(name)
    steps = 2 * (len(rules.deck) + rules.players + 8) + 20  # two hands, the draw and an exchange included
    counts = compare(rules, ROWS + 1, seed=11, episode="game", steps=steps, backstop=2, states_every=13)
    assert counts.games > 0


@pytest.mark.parametrize("case", sorted(OUT_OF_STEP))
def test_a_backstop_truncates_rows_out_of_step(case: str) -> None:
    """A backstop of one hand, rows out of step and played by the subset path."""
    rules = OUT_OF_STEP[case]
    counts = compare(rules, ROWS + 1, seed=5, episode="game", steps=len(rules.deck) + 30, backstop=1,
                     states_every=11, fast=False)
    assert counts.games > 0


# ---------------------------------------------------------------------------------------- from states
@pytest.mark.parametrize("episode", ["hand", "game"])
@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_agrees_from_states(name: str, episode: str) -> None:
    """Rows started from random states (every phase of a hand, later hands of a game) and reset to others
    midway go on decision by decision as the scalar engine does from the same states."""
    rows, steps = ROWS + 3, STEPS
    counts = compare(Rules.preset(name), rows, seed=len(name) + 1, episode=episode, steps=steps,
                     reset_at=steps // 2, from_states=True, fast=len(name) % 2 == 0)
    assert counts.decisions == rows * steps
    assert counts.states >= rows


@pytest.mark.parametrize("case", sorted(OUT_OF_STEP))
def test_rows_out_of_step_agree_from_states(case: str) -> None:
    rows, steps = ROWS + 3, STEPS
    counts = compare(OUT_OF_STEP[case], rows, seed=11, episode="game", steps=steps, reset_at=steps // 3,
                     from_states=True, fast=len(case) % 2 == 0)
    assert counts.decisions == rows * steps


def test_states_from_every_phase_of_a_hand_are_loaded() -> None:
    """The states the gate loads do cover every phase: between hands, the draw, bids, exchanges, a lead and a
    trick under way, in a game's first hand and in later ones (a gate that loaded only new deals would pass)."""
    total = Tally()
    for rules, seed in ((OUT_OF_STEP["blind nil with its exchange"], 1), (Rules.two_player(), 2)):
        total.add(compare(rules, 40, seed=seed, episode="game", steps=2, from_states=True, states_every=1000))
    kinds = {kind.removesuffix(" (a later hand)") for kind in total.loaded}
    assert kinds == {"deal", "draw", "bid", "exchange", "play at a lead", "play mid-trick"}, total.loaded
    assert any(kind.endswith("(a later hand)") for kind in total.loaded), total.loaded


def test_games_with_starting_scores_and_a_hand_limit_agree_from_states() -> None:
    """States of games begun with scores and bags, another first dealer, under ``max_hands`` (the search bot's
    playouts carry the simulations' backstop): the scores, the hands left and the end of the game carry on."""
    rules = Rules.standard().evolve(max_hands=3, bag_limit=5)
    start = new_game(rules, dealer=2, scores=(310, -40), bags=(3, 1))
    counts = compare(rules, ROWS + 5, seed=21, episode="game", steps=STEPS + 40, reset_at=STEPS // 2,
                     from_states=True, start=start)
    assert counts.games > 0


@settings(max_examples=200 if FUZZ else 6)
@given(sst.rules(max_hands=None), st.integers(0, 2**31), st.sampled_from(["hand", "game"]), st.booleans())
def test_random_house_rules_agree_from_states(drawn: Rules, seed: int, episode: str, fast: bool) -> None:
    rules = playable(drawn)
    assume(rules is not None)
    assert rules is not None
    counts = compare(rules, ROWS + 1, seed, episode=episode, steps=STEPS, reset_at=STEPS // 2, fast=fast,
                     from_states=True)
    assert counts.decisions == (ROWS + 1) * STEPS

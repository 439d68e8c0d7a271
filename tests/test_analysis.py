"""Double-dummy analysis (``spades_rules.analysis``): the solver against an independent brute-force minimax
(``_minimax.py``, the engine's own ``legal_actions`` and ``apply``) under every variant and house rule of
play, the solver's compiled play rule against the engine's, the properties any double-dummy value has, and
bad input. The DDS oracle is ``test_analysis_dds.py`` (extra ``dds``).

``SPADES_MINIMAX_POSITIONS=N`` adds N random positions per variant (1 to 4 tricks left) and N whole small
hands (each also after one to three plays) to the brute-force comparison; ``SPADES_FUZZ=1`` adds 200."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence

import pytest

from _minimax import brute_force, brute_force_cards, play_position, to_play
from spades_rules import (
    AnalysisError,
    ArgumentTypeError,
    Deal,
    GameState,
    Phase,
    Play,
    Rules,
    apply,
    legal_actions,
    new_game,
    observe,
    parse_cards,
)
from spades_rules.analysis import card_values, solve, uses_dds
from spades_rules.analysis._search import layout_of

FUZZ = os.environ.get("SPADES_FUZZ") == "1"
MORE_POSITIONS = int(os.environ.get("SPADES_MINIMAX_POSITIONS", "200" if FUZZ else "0"))
"""Positions per variant beyond the default few, for a long run against the brute force."""

_ALL_52 = parse_cards(" ".join(f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "CDHS"))


def _keeping(rules: Rules, cards: str) -> Rules:
    """``rules`` with a small deck: only ``cards`` (with the jokers when the rules have them)."""
    keep = set(parse_cards(cards))
    return rules.evolve(removed_cards=tuple(card for card in _ALL_52 if card not in keep))


_SIXTEEN = "AS KS QS 2S AH KH QH JH AD KD QD 2D AC KC QC 2C"

VARIANTS: dict[str, Rules] = {
    "standard": Rules.standard(),
    "no_lead_restriction": Rules.standard().evolve(spade_lead="anytime"),
    "after_first_trick": Rules.standard().evolve(spade_lead="after_first_trick"),
    "jokers": Rules.jokers(),
    "jokers_deuce_high": Rules.jokers(trump_order="deuce_of_spades_high"),
    "jokers_joker_joker_deuce_deuce": Rules.jokers(trump_order="joker_joker_deuce_deuce"),
    "three_player": Rules.three_player(),
    "two_player": Rules.two_player(),
    "individual_4": Rules.individual(4),
    "individual_5": Rules.individual(5),
    "removed_cards": Rules.standard().evolve(removed_cards=("2C", "3D", "4H", "5S")),
    "first_trick_rules": Rules.standard().evolve(
        first_lead="lowest_club", first_trick_lowest_club=True, first_trick_spades=False),
}

SMALL_VARIANTS: dict[str, Rules] = {  # whole hands of four cards: the first trick's rules, searched in full
    "small_standard": _keeping(Rules.standard(), _SIXTEEN),
    "small_no_spade_first": _keeping(Rules.standard().evolve(first_trick_spades=False), _SIXTEEN),
    "small_lowest_club": _keeping(
        Rules.standard().evolve(first_lead="lowest_club", first_trick_lowest_club=True), _SIXTEEN),
    "small_after_first_trick": _keeping(Rules.standard().evolve(spade_lead="after_first_trick"), _SIXTEEN),
    "small_jokers": _keeping(Rules.jokers(), "2D 2S AS KS AH KH QH JH AD KD AC KC QC JC"),
    "small_joker_joker_deuce_deuce": _keeping(
        Rules.jokers(trump_order="joker_joker_deuce_deuce"), "2D 2S AS KS AH KH QH JH AD KD AC KC QC JC"),
    "small_three_player": _keeping(
        Rules.individual(3).evolve(first_trick_spades=False), "AS KS 2S AH KH 3H AD KD QD AC 2C 3C"),
    "small_five_player": _keeping(Rules.individual(5), "AS KS QS 2S AH KH 3H AD KD QD 2D AC 2C 3C 4C"),
    "small_individual_4": _keeping(Rules.individual(4).evolve(first_trick_spades=False), _SIXTEEN),
}


def _start(rules: Rules, seed: int) -> GameState:
    rng = random.Random(seed)
    return to_play(apply(new_game(rules, dealer=seed % rules.players), Deal.shuffled(rules, rng)), rng)


def _position(rules: Rules, seed: int, tricks_left: int) -> GameState:
    """A random position with ``tricks_left`` tricks to decide, some cards of the current trick played."""
    rng = random.Random(seed)
    state = _start(rules, seed)
    tables = rules.tables
    extra = rng.randrange(tables.players)
    return play_position(state, rng, (tables.cards_each - tricks_left) * tables.players + extra)


def _sides(rules: Rules) -> Sequence[tuple[int, ...]]:
    return rules.tables.sides


def _check_against_brute_force(state: GameState) -> None:
    rules = state.rules
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    solution = solve(state, backend="python")
    left = hand.held[hand.leader].bit_count() + (1 if hand.trick_cards else 0)
    assert solution.tricks_left == left
    for side, seats in enumerate(_sides(rules)):
        assert solution.tricks[side] == brute_force(state, seats), (side, state)
        assert solution.tricks_won[side] == sum(hand.tricks_won[seat] for seat in seats)
    mine = rules.tables.sides[rules.tables.side_of[hand.to_act]]
    assert card_values(state, backend="python") == brute_force_cards(state, mine)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_solver_agrees_with_brute_force(name: str) -> None:
    """Every variant of play, with one to four tricks left (the current trick part played): solve and
    card_values equal the plain minimax over the engine's own moves."""
    rules = VARIANTS[name]
    for seed in range(12):
        _check_against_brute_force(_position(rules, seed, 1 + seed % 3))
    _check_against_brute_force(_position(rules, 99, 4))
    for seed in range(MORE_POSITIONS):
        _check_against_brute_force(_position(rules, 10_000 + seed, 1 + seed % 4))


@pytest.mark.parametrize("name", sorted(SMALL_VARIANTS))
def test_whole_small_hands_agree_with_brute_force(name: str) -> None:
    """Hands of four cards searched from the deal: the first lead (the lowest-club rule), the first trick's
    rules and the lead restriction all take part."""
    rules = SMALL_VARIANTS[name]
    for seed in (*range(4), *range(10_000, 10_000 + MORE_POSITIONS)):
        state = _start(rules, seed)
        _check_against_brute_force(state)
        _check_against_brute_force(play_position(state, random.Random(seed), 1 + seed % 3))


def test_compiled_play_rule_is_the_engines() -> None:
    """The solver's play rule (the engine's, in its bit layout) lists exactly the engine's legal plays, in
    every variant, at every position of random hands (first trick, leads, follows, discards)."""
    for rules in (*VARIANTS.values(), *SMALL_VARIANTS.values()):
        layout = layout_of(rules.tables)
        for seed in range(3):
            rng = random.Random(seed)
            state = _start(rules, seed)
            while state.phase is Phase.PLAY:
                hand = state.hand
                assert hand is not None and hand.to_act is not None
                plays = legal_actions(state)
                engine = 0
                for play in plays:
                    assert isinstance(play, Play)
                    engine |= play.card.bit
                trick = hand.trick_cards
                led = layout.block_of[layout.to_bit[trick[0].index].bit_length() - 1] if trick else 0
                ours = layout.legal(layout.map(hand.held[hand.to_act]), led, not hand.completed_tricks,
                                    hand.spades_broken)
                first_lead = not hand.completed_tricks and not hand.trick_cards
                if not (first_lead and rules.tables.lead_lowest_club):  # the root's rule: the engine lists it
                    assert layout.unmap(ours) == engine, (rules, state)
                state = apply(state, rng.choice(plays))


@pytest.mark.parametrize("name", ["standard", "jokers_joker_joker_deuce_deuce", "three_player", "individual_5"])
def test_properties_of_values(name: str) -> None:
    """Values never exceed the tricks left; card_values' best is solve's value; a best card keeps it; a
    partnership's two values add up to the tricks left."""
    rules = VARIANTS[name]
    tables = rules.tables
    for seed in range(6):
        state = _position(rules, 1000 + seed, 4 + seed % 3)
        hand = state.hand
        assert hand is not None and hand.to_act is not None
        solution = solve(state)
        assert all(0 <= tricks <= solution.tricks_left for tricks in solution.tricks)
        if rules.partnerships:
            assert sum(solution.tricks) == solution.tricks_left
        side = tables.side_of[hand.to_act]
        values = card_values(state)
        assert list(values) == list(legal_actions(state))
        assert max(values.values()) == solution.tricks[side]
        best = max(values, key=values.__getitem__)
        after = apply(state, best)
        gained = 0
        if after.phase is Phase.PLAY:
            assert after.hand is not None
            gained = sum(after.hand.tricks_won[s] for s in tables.sides[side]) - solution.tricks_won[side]
            assert gained + solve(after).tricks[side] == solution.tricks[side]
        assert solution.totals[side] == solution.tricks_won[side] + solution.tricks[side]


def test_equal_cards_have_equal_values() -> None:
    """Cards of one suit with no other unplayed card between them are worth the same."""
    rules = Rules.standard().evolve(spade_lead="anytime")
    hands = [parse_cards(text) for text in (
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C")]
    state = to_play(apply(new_game(rules, dealer=3), Deal.from_hands(rules, 3, hands)), random.Random(0))
    values = card_values(state)
    assert set(values.values()) == {13}  # seat 0 holds every trump: every card wins every trick
    assert solve(state).tricks == (13, 0)


def test_a_worked_ending_drawing_trumps_first() -> None:
    """Four cards each, seat 0 to lead with spades leadable: the A♠ draws the last trumps (K♠, Q♠, 2♠ fall)
    and the A♥ K♥ then cash while the A♣ is partner's entry: all four tricks. A heart first lets seat 3,
    void in hearts, ruff with the 2♠; a club first gives the lead away: two tricks either way."""
    rules = _keeping(Rules.no_bid().evolve(spade_lead="anytime"), _SIXTEEN)
    hands = [parse_cards(text) for text in ("AS AH KH 2C", "KS QH AD 2D", "QS JH KD AC", "2S QD KC QC")]
    state = apply(new_game(rules, dealer=3), Deal.from_hands(rules, 3, hands))
    values = {str(play.card): tricks for play, tricks in card_values(state).items()}
    assert values == {"2C": 2, "KH": 2, "AH": 2, "AS": 4}
    assert solve(state).tricks == (4, 0)


# ---------------------------------------------------------------------------------------- bad input
def test_bad_input_names_the_problem() -> None:
    rules = Rules.standard()
    state = apply(new_game(rules), Deal.shuffled(rules, 1))
    with pytest.raises(AnalysisError, match="play phase, not in the bid phase"):
        solve(state)
    with pytest.raises(AnalysisError, match="play phase, not in the deal phase"):
        card_values(new_game(rules))
    playing = _start(rules, 1)
    with pytest.raises(AnalysisError, match="not an Observation"):
        solve(observe(playing, 0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="needs a GameState"):
        card_values("state")  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="unknown backend 'fast'"):
        solve(playing, backend="fast")
    with pytest.raises(AnalysisError, match="not a bridge position"):  # with or without the dds extra
        solve(_start(Rules.jokers(), 1), backend="dds")


def test_the_dds_backend_without_its_extra_names_the_install_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from spades_rules.analysis import _dds

    missing = ModuleNotFoundError("No module named 'endplay'", name="endplay")
    monkeypatch.setattr(_dds, "dds_import_error", lambda: missing)
    state = _position(Rules.standard().evolve(spade_lead="anytime"), 3, 2)
    with pytest.raises(ModuleNotFoundError, match=r"needs endplay.*pip install 'spades_rules\[dds\]'") as info:
        solve(state, backend="dds")
    assert info.value.name == "endplay" and info.value.__cause__ is missing
    assert not uses_dds(state)  # "auto" falls back to the search
    assert solve(state) == solve(state, backend="python")


def test_solution_is_a_value() -> None:
    state = _position(Rules.standard(), 3, 2)
    solution = solve(state)
    assert solution == solve(state) and hash(solution) == hash(solve(state))
    assert "Solution(" in repr(solution)
    assert solution.totals == tuple(a + b for a, b in zip(solution.tricks_won, solution.tricks, strict=True))

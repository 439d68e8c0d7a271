"""The pyspiel game "spades_rules": OpenSpiel's own random simulation test, parameters, episodes, chance."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("spades_rules.openspiel")

np = pytest.importorskip("numpy")

import random  # noqa: E402 - after the skip

from spades_rules import (  # noqa: E402 - after the skip
    Bid,
    Deal,
    Exchange,
    ObservationError,
    Phase,
    Redeal,
    Rules,
    RulesError,
    apply,
    decode_action,
    encode_action,
    format_action,
    legal_codes,
    new_game,
    observe,
)

HOUSE_RULES = [
    Rules.jokers("joker_joker_deuce_deuce").evolve(
        bag_limit=5, bag_overflow="reset", first_lead="lowest_club", redeal_on=("one_or_no_spades",)
    ),
    Rules.three_player().evolve(with_jokers=True, removed_cards=(), losing_score=-200, spade_lead="anytime"),
    Rules.two_player().evolve(draw_second_card_seen=False, nil_value=50, blind_nil=True, blind_nil_deficit=None),
    Rules.standard().evolve(
        double_nil_value=200, double_nil_penalty=0, ten_for_two_hundred=True, moon="win", first_trick_spades=False,
        spade_lead="after_first_trick", redeal_on=("seven_card_suit",), failed_nil_tricks="ignored",
    ),
    Rules.standard().evolve(
        max_team_bid=13, blind_bid_min=6, blind_bid_deficit=None, blind_bid_multiplier=3, nil_exchange=1,
        blind_nil_deficit=None,
    ),
]


EXCHANGES = Rules.standard().evolve(blind_nil_deficit=None)
"""Blind nil whatever the score, so that random play reaches exchanges in a one-hand episode."""


@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_random_sim_test_every_preset(name: str, compact: bool) -> None:
    game = pyspiel.load_game(f"spades_rules(preset={name},compact_actions={compact})")
    assert game.rules == Rules.preset(name) and game.compact_actions is compact
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
def test_random_sim_test_with_exchanges(compact: bool) -> None:
    for rules in (EXCHANGES, Rules.jokers().evolve(blind_nil_deficit=None, blind_nil_exchange=3)):
        game = openspiel.load_game(rules, compact_actions=compact)
        pyspiel.random_sim_test(game, num_sims=6, serialize=True, verbose=False)


def test_the_compact_space_is_a_game_parameter() -> None:
    game = pyspiel.load_game("spades_rules(compact_actions=True)")
    assert game.num_distinct_actions() == 81 and game.compact_actions
    assert str(game) == "spades_rules(compact_actions=True)" and pyspiel.load_game(str(game)).compact_actions
    assert openspiel.load_game("jokers", compact_actions=True).num_distinct_actions() == 83
    assert openspiel.game_parameters(Rules.jokers(), compact_actions=True) == {
        "with_jokers": True, "compact_actions": True
    }
    assert openspiel.load_game("standard").num_distinct_actions() == 1548
    with pytest.raises(RulesError, match="compact_actions"):
        openspiel.load_game("standard", compact_actions="yes")


def test_masks_too_long_are_refused_at_construction() -> None:
    rules = Rules.standard().evolve(blind_nil_exchange=6)
    with pytest.raises(RulesError, match=r"blind_nil_exchange=6 gives 25,827,282 action codes.*compact_actions=True"):
        openspiel.load_game(rules)
    with pytest.raises(RulesError, match="blind_nil_exchange=6"):
        pyspiel.load_game("spades_rules(blind_nil_exchange=6)")
    game = openspiel.load_game(rules.evolve(blind_nil_deficit=None), compact_actions=True)
    assert game.num_distinct_actions() == 81
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def _to_exchange(game: Any) -> Any:
    """A state of ``game`` (standard rules, blind nil always open) at the first exchange: seat 1 bid blind nil."""
    state = game.new_initial_state()
    _deal(state, Deal.shuffled(game.rules, 1).deck)
    for bid in (Bid.blind_nil(1), Bid(2, 4), Bid(3, 3), Bid(0, 4)):
        state.apply_action(encode_action(bid))
    return state


def test_compact_exchanges_are_picked_card_by_card() -> None:
    game = openspiel.load_game(EXCHANGES, compact_actions=True)
    state = _to_exchange(game)
    library = state.game_state
    held = library.hand.hand_of(1)
    assert state.current_player() == 1 and state.legal_actions() == [card.index for card in held]
    assert state.action_to_string(1, held[-1].index) == f"1:pick {held[-1]}"
    observer = game.make_py_observer()
    before = {seat: state.information_state_string(seat) for seat in range(4)}
    state.apply_action(held[-1].index)
    assert state.game_state == library and state.picked == (held[-1],)
    assert held[-1].index not in state.legal_actions() and len(state.legal_actions()) == 12
    assert state.information_state_string(1) == before[1] + f"\nPicked for the exchange so far: {held[-1]}"
    assert all(state.information_state_string(seat) == before[seat] for seat in (0, 2, 3))
    observer.set_from(state, 1)
    assert list(np.flatnonzero(observer.dict["picked"])) == [game.rules.deck.index(held[-1])]
    observer.set_from(state, 3)
    assert not observer.dict["picked"].any()
    assert observer.tensor.size == openspiel.observation_tensor_size(game.rules) + len(game.rules.deck)
    state.apply_action(held[0].index)
    assert state.picked == () and state.game_state.hand.exchanges == (Exchange(1, (held[0], held[-1])),)
    assert state.current_player() == 3 and len(state.legal_actions()) == 15


def test_random_sim_test_whole_game() -> None:
    game = openspiel.load_game(Rules.standard().evolve(max_hands=2, target_score=150), whole_game=True)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("rules", HOUSE_RULES, ids=[
    "jokers-house", "three-54", "draw-house", "published-house", "bidding-house",
])
def test_random_sim_test_house_rules(rules: Rules) -> None:
    game = openspiel.load_game(rules)
    assert game.rules == rules
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_strings_round_trip() -> None:
    game = pyspiel.load_game("spades_rules(preset=jokers,bag_limit=5)")
    assert game.rules == Rules.jokers().evolve(bag_limit=5)
    assert str(game) == "spades_rules(bag_limit=5,preset=jokers)"
    for rules in [*HOUSE_RULES, *Rules.presets().values()]:
        for whole_game in (False, True):
            game = openspiel.load_game(rules, whole_game=whole_game)
            again = pyspiel.load_game(str(game))
            assert again.rules == game.rules and again.whole_game is whole_game
            assert str(again) == str(game)


def test_parameters_are_typed_with_sentinels() -> None:
    spec = openspiel.SpadesGame(None).get_type().parameter_specification
    assert spec["preset"] == "standard" and spec["whole_game"] is False
    assert spec["bag_limit"] == 10 and spec["losing_score"] == openspiel.NONE
    assert spec["with_jokers"] is False and spec["removed_cards"] == "default" and spec["redeal_on"] == "none"
    game = pyspiel.load_game(f"spades_rules(bag_limit={openspiel.NONE},losing_score=-200,removed_cards=none)")
    assert game.rules == Rules(bag_limit=None, losing_score=-200, removed_cards=())
    game = pyspiel.load_game(
        "spades_rules(redeal_on=no_spades no_face_cards,removed_cards=3C 3D,players=5,partnerships=False)"
    )
    assert game.rules.redeal_on == ("no_face_cards", "no_spades")
    expected = Rules.individual(5).evolve(redeal_on=("no_spades", "no_face_cards"), removed_cards=("3C", "3D"))
    assert game.rules == expected
    assert openspiel.rules_from_parameters({"preset": "no_bid"}) == Rules.no_bid()
    assert spec["moon"] == "none" and spec["double_nil_value"] == openspiel.NONE  # a name or None; a number or None
    game = pyspiel.load_game("spades_rules(moon=points,moon_points=300,double_nil_value=150)")
    assert game.rules == Rules(moon="points", moon_points=300, double_nil_value=150)
    assert pyspiel.load_game(str(game)).rules == game.rules
    assert openspiel.game_parameters(Rules.bicycle()) == {"nil": False, "blind_nil": False, "set_penalty": "zero"}


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(RulesError, match="unknown preset"):
        openspiel.load_game("tarot")
    with pytest.raises(RulesError, match="unknown game parameter"):
        openspiel.rules_from_parameters({"colour": "red"})
    with pytest.raises(RulesError, match="partnerships"):
        pyspiel.load_game("spades_rules(players=3)")
    with pytest.raises(TypeError, match="Rules or a preset"):
        openspiel.load_game(4)
    with pytest.raises(RulesError, match="whole_game"):
        openspiel.load_game("standard", whole_game="yes")


def _deal(state: object, deck: tuple[object, ...]) -> None:
    for card in deck:
        state.apply_action(card.index)  # type: ignore[attr-defined]


def test_chance_deals_one_card_at_a_time() -> None:
    game = openspiel.load_game("two_player")
    state = game.new_initial_state()
    deck = Deal.shuffled(game.rules, 3).deck
    for placed, card in enumerate(deck):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == len(deck) - placed
        assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, card.index) == f"deal {card}"
        state.apply_action(card.index)
    assert state.game_state == apply(new_game(game.rules), Deal(deck))
    assert state.current_player() == state.game_state.to_act


def test_player_nodes_follow_the_library() -> None:
    game = openspiel.load_game("standard")
    state = game.new_initial_state()
    _deal(state, Deal.shuffled(game.rules, 8).deck)
    library = state.game_state
    player = state.current_player()
    assert state.legal_actions() == list(legal_codes(library, player))
    code = state.legal_actions()[3]
    from spades_rules import decode_action

    assert state.action_to_string(player, code) == format_action(decode_action(code, library))
    assert state.information_state_string(player) == str(observe(library, player))
    assert state.observation_string(2) == str(observe(library, 2))
    clone = state.clone()
    state.apply_action(code)
    assert clone.game_state == library and state.game_state != library


def test_one_hand_and_whole_game_returns() -> None:
    import random

    rng = random.Random(4)
    for whole_game in (False, True):
        game = openspiel.load_game(Rules.standard().evolve(max_hands=3), whole_game=whole_game)
        state = game.new_initial_state()
        chance_nodes = decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                chance_nodes += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        assert decisions <= game.max_game_length() and chance_nodes <= game.max_chance_nodes_in_history()
        library = state.game_state
        rules = game.rules
        if whole_game:
            assert library.is_over and library.hands_played <= 3
            expected = [float(library.scores[rules.side_of(seat)]) for seat in range(4)]
        else:
            assert library.hands_played == 1
            expected = [float(library.results[0].totals[rules.side_of(seat)]) for seat in range(4)]
        assert state.returns() == expected
        assert all(game.min_utility() <= value <= game.max_utility() for value in expected)


def test_whole_game_has_a_hand_limit() -> None:
    game = openspiel.load_game("standard", whole_game=True)
    assert game.rules.max_hands == openspiel.DEFAULT_MAX_HANDS
    assert str(game) == "spades_rules(whole_game=True)"
    assert 0 < game.max_game_length() < 2**31


def test_redeals_are_capped() -> None:
    rules = Rules.standard().evolve(redeal_on=("no_spades",))
    game = openspiel.load_game(rules)
    spadeless = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        spadeless,
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    ]
    deck = Deal.from_hands(rules, 0, hands).deck
    state = game.new_initial_state()
    redeal = encode_action(Redeal(1))
    for _ in range(openspiel.MAX_REDEALS):
        _deal(state, deck)
        assert state.current_player() == 1 and redeal in state.legal_actions()
        state.apply_action(redeal)
    _deal(state, deck)
    assert redeal in legal_codes(state.game_state, 1)
    assert redeal not in state.legal_actions()


def test_serialization_replays_the_history() -> None:
    import random

    game = openspiel.load_game(HOUSE_RULES[2])
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(80):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert game2.rules == game.rules
    assert state2.game_state == state.game_state and state2.history() == state.history()


def test_pickle_clone_and_copies_are_independent() -> None:
    import copy
    import pickle

    game = openspiel.load_game(Rules.jokers().evolve(bag_limit=5))
    again = pickle.loads(pickle.dumps(game))
    assert again.rules == game.rules and str(again) == str(game)
    state = game.new_initial_state()
    for card in Deal.shuffled(game.rules, 1).deck[:20]:
        state.apply_action(card.index)
    for copied in (state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert copied.history() == state.history() and copied.cards_dealt == state.cards_dealt
        copied.apply_action(copied.chance_outcomes()[0][0])
        assert len(copied.cards_dealt) == 21 and len(state.cards_dealt) == 20


def test_only_the_players_own_view_is_offered() -> None:
    game = openspiel.load_game("standard")
    for recall in (False, True):
        assert game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=recall)).tensor.size == (
            openspiel.observation_tensor_size(game.rules)
        )
    public_only = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ObservationError, match="private_info=NONE"):
        game.make_py_observer(public_only)
    with pytest.raises(ObservationError, match="parameters"):
        game.make_py_observer(None, {"colour": "red"})


# ------------------------------------------------------------------------------------------- OpenSpiel's bids
def _bid_sets_against_openspiel(rules: Rules, games: int) -> tuple[int, int]:
    """Play ``games`` seeded biddings in OpenSpiel's ``spades`` (its player 0 bids first: the library's dealer
    is 3) and in the library, the same bids in both; at each decision compare the legal bid codes. Returns
    (decisions compared, decisions whose sets are equal). The cards do not enter: standard bids read none."""
    game = pyspiel.load_game("spades")
    compared = equal = 0
    for seed in range(games):
        rng = random.Random(seed)
        theirs = game.new_initial_state()
        while theirs.is_chance_node():
            theirs.apply_action(rng.choice([outcome for outcome, _ in theirs.chance_outcomes()]))
        ours = apply(new_game(rules, dealer=3), Deal.shuffled(rules, seed))
        while ours.phase is Phase.BID:
            assert theirs.current_player() == ours.to_act
            compared += 1
            equal += tuple(theirs.legal_actions()) == legal_codes(ours)
            code = rng.choice(theirs.legal_actions())
            theirs.apply_action(code)
            ours = apply(ours, decode_action(code, ours))
    return compared, equal


def test_max_team_bid_13_reproduces_openspiels_bid_sets_exactly() -> None:
    """OpenSpiel caps a partnership at 13 tricks: with ``max_team_bid=13`` every bid set agrees (blind nil is
    closed at 0-0, as OpenSpiel has none); without the cap the second partner's sets differ."""
    capped = Rules.standard().evolve(max_team_bid=13)
    compared, equal = _bid_sets_against_openspiel(capped, 1000)
    assert compared == 4000 and equal == compared
    compared, equal = _bid_sets_against_openspiel(Rules.standard(), 500)
    assert compared == 2000 and equal == 1078  # without the cap the partner of a bid of n may still bid 14 - n up

"""The library against an independent model of the rules (``tests/oracle``), written from the rules page
as plain, slow Python: seeded games over every preset and over random house-rule sets, compared at every
decision (phase, seat to act, the legal set and its codes, every seat's view), at the end of every hand
(the score breakdown, ``score_hand`` on the same sheet and on other sheets with the same bids) and at the
end of the game. Random option sets include contradictory ones: the library must refuse exactly those the
model refuses.

The model itself is checked first, against the worked examples of the rules page and of the house rules.

A few seconds in the normal run; ``SPADES_FUZZ=1`` plays thousands of games (run it with ``-s`` to see
the counts).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import hypothesis
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _differential import (
    check_rule_set,
    check_sheets,
    house_options,
    house_values_landed,
    library_options,
    play_and_compare,
)
from _fixtures import Tally
from oracle import DEFAULTS, HOUSE_RULES, Options, OracleGame, refusals
from oracle.actions import Bid, Play, Redeal
from oracle.bidding import legal_bids, may_call_redeal
from oracle.deck import deck, trick_winner
from oracle.game_end import game_end
from oracle.play import legal_cards
from oracle.rule_sets import random_options
from oracle.scoring import SideLine, score_hand
from oracle.selfplay import play_alone
from spades_rules import Card, Rules, parse_cards
from spades_rules import strategies as library_strategies

FUZZ = bool(os.environ.get("SPADES_FUZZ"))
PRESETS = Rules.presets()
PRESET_CHANGES = {name: rules.changes() for name, rules in PRESETS.items()}
MISSING_HOUSE_RULES = sorted(set(HOUSE_RULES) - library_options())
HOUSE_RULES_PENDING = pytest.mark.skipif(
    not house_options(),
    reason=f"no house rule is an option of Rules yet (missing: {', '.join(MISSING_HOUSE_RULES)})",
)


def _report(title: str, tally: Tally) -> None:
    print(f"\n[{title}] {tally.summary()}")


def _sheet(options: Options, bids: list[Any], tricks: list[int], bags: list[int] | None = None) -> list[SideLine]:
    as_bids = [bid if bid is None or isinstance(bid, Bid) else Bid(seat, bid) for seat, bid in enumerate(bids)]
    return score_hand(options, as_bids, tricks, bags if bags is not None else [0] * options.num_sides)


def _dealt(dealer: int, hands: list[list[Card]]) -> list[Card]:
    """The deck order that deals ``hands`` (one card at a time from the dealer's left)."""
    seats = [(dealer + 1 + step) % len(hands) for step in range(len(hands))]
    return [card for round_ in zip(*(hands[seat] for seat in seats), strict=True) for card in round_]


STANDARD = Options.from_dict({})


# ------------------------------------------------------------------------------ the model's worked examples
@pytest.mark.parametrize(("taken", "total", "bags_after"), [(7, 52, 9), (8, -47, 0), (9, -46, 1)])
def test_the_model_scores_pagats_bags(taken: int, total: int, bags_after: int) -> None:
    side = _sheet(STANDARD, [3, 4, 2, 4], [4, 13 - taken, taken - 4, 0], [7, 0])[0]
    assert (side.total, side.bags_after) == (total, bags_after)


def test_the_model_scores_a_failed_nil_with_its_partner_set() -> None:
    side = _sheet(STANDARD, [2, 4, 0, 4], [1, 5, 1, 6])[0]
    assert (side.nil_points, side.contract_points, side.bag_points, side.total, side.bags_after) == (
        -100,
        -20,
        1,
        -119,
        1,
    )
    msn = _sheet(replace(STANDARD, failed_nil_tricks="bags_no_points"), [2, 4, 0, 4], [1, 5, 1, 6])[0]
    assert (msn.total, msn.bags_after) == (-120, 1)


def test_the_model_scores_nils_made_and_blind() -> None:
    assert _sheet(STANDARD, [5, 4, 0, 4], [3, 5, 0, 5])[0].total == 50
    side = _sheet(STANDARD, [4, 3, Bid(2, 0, blind=True), 4], [6, 3, 0, 4])[0]
    assert (side.nil_points, side.contract_points, side.bag_points, side.total, side.bags_after) == (200, 40, 2, 242, 2)


def test_the_model_scores_no_bid_and_bicycle() -> None:
    no_bid = Options.from_dict(PRESET_CHANGES["no_bid"])
    hands = [[4, 3, 4, 2], [3, 4, 3, 3], [5, 2, 4, 2]]
    totals = [tuple(line.total for line in _sheet(no_bid, [None] * 4, tricks)) for tricks in hands]
    assert totals == [(8, 5), (6, 7), (9, 4)]
    bicycle = Options.from_dict(PRESET_CHANGES["bicycle"])
    assert _sheet(bicycle, [3, 4, 2, 4], [2, 5, 2, 4])[0].contract_points == 0
    assert _sheet(STANDARD, [3, 4, 2, 4], [2, 5, 2, 4])[0].contract_points == -50


def test_the_model_ends_the_game_in_the_rules_order() -> None:
    assert game_end(STANDARD, [510, 505], 1, None) == (True, 0)
    assert game_end(STANDARD, [510, 510], 1, None) == (False, None)
    losing = replace(STANDARD, losing_score=-200)
    assert game_end(losing, [-200, -150], 1, None) == (True, 1)
    assert game_end(replace(STANDARD, max_hands=3), [40, 40], 3, None) == (True, None)
    assert game_end(replace(STANDARD, moon="win"), [-300, 200], 2, 0) == (True, 0)


def test_the_model_lets_a_hand_of_only_spades_lead_one_and_jokers_win() -> None:
    only_spades = parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
    hands = [[], list(only_spades), [], []]
    assert len(legal_cards(STANDARD, only_spades, [], 0, False, hands)) == 13
    mixed = parse_cards("AS 2H")
    assert legal_cards(STANDARD, mixed, [], 1, False, hands) == [Card.parse("2H")]
    jokers = Options.from_dict(PRESET_CHANGES["jokers"])
    assert trick_winner(jokers, parse_cards("AH LJ 3D AS")) == 1
    assert trick_winner(jokers, parse_cards("AS LJ BJ 3S")) == 2
    deuces = replace(jokers, trump_order="joker_joker_deuce_deuce")
    assert trick_winner(deuces, parse_cards("AS 2S 2D 3H")) == 2


def test_the_model_fixes_mirror_bids_and_lets_whiz_bid_its_spades() -> None:
    mirror = OracleGame(Options.from_dict(PRESET_CHANGES["mirror"]))
    hands = ["AS KS QS JS 2H 3H 4H 5H 6H 7H 8H 9H TH", "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
             "TS 9S 8S 7S 6S JH QH KH AH 2D 3D 4D 5D", "5S 4S 3S 2S 6D 7D 8D 9D TD JD QD KD AD"]  # fmt: skip
    mirror.deal(_dealt(0, [list(parse_cards(text)) for text in hands]))
    assert mirror.phase == "play"
    assert mirror.hand is not None
    assert [mirror.hand.bids[seat].tricks for seat in range(4)] == [4, 0, 5, 4]
    whiz = replace(STANDARD, bidding="whiz", blind_nil=False, min_bid=5)
    held = [list(parse_cards(text)) for text in hands]
    assert legal_bids(whiz, (1, 2, 3, 0), [], held, [0, 0]) == [Bid(1, 0)]
    assert legal_bids(whiz, (0, 1, 2, 3), [], held, [0, 0]) == [Bid(0, 0), Bid(0, 4)]


# ------------------------------------------------------------------------------ the house rules, in the model
def test_the_model_caps_a_partnerships_bid() -> None:
    capped = replace(STANDARD, max_team_bid=13)
    hands: list[list[Card]] = [[] for _ in range(4)]
    first = legal_bids(capped, (1, 2, 3, 0), [], hands, [0, 0])
    assert Bid(1, 13) in first  # the partner can still bid nil
    after = legal_bids(capped, (1, 2, 3, 0), [Bid(1, 5), Bid(2, 4)], hands, [0, 0])
    assert max(bid.tricks for bid in after) == 8
    no_nil = replace(capped, nil=False, blind_nil=False, max_team_bid=10)
    assert max(bid.tricks for bid in legal_bids(no_nil, (1, 2, 3, 0), [], hands, [0, 0])) == 9


def test_the_model_scores_a_double_nil_as_one_unit() -> None:
    double = replace(STANDARD, double_nil_value=200)
    side = _sheet(double, [0, 4, 0, 4], [2, 5, 0, 6])[0]
    assert (side.total, side.bags, side.bags_after) == (-200, 0, 0)
    assert _sheet(double, [0, 4, 0, 4], [0, 7, 0, 6])[0].total == 200
    hoyle = replace(double, double_nil_penalty=0)
    assert _sheet(hoyle, [0, 4, 0, 4], [2, 5, 0, 6])[0].total == 0
    blind_pair = _sheet(double, [0, 4, Bid(2, 0, blind=True), 4], [2, 5, 0, 6])[0]
    assert blind_pair.nil_points == -100 + 200


def test_the_model_scores_blind_bids() -> None:
    blind = replace(STANDARD, blind_bid_min=6)
    made = _sheet(blind, [Bid(0, 6, blind=True), 4, 3, 4], [6, 3, 4, 0])[0]
    assert (made.total, made.bags) == (151, 1)
    assert _sheet(blind, [Bid(0, 6, blind=True), 4, 3, 4], [5, 5, 3, 0])[0].total == -150
    assert _sheet(replace(blind, set_penalty="zero"), [Bid(0, 6, blind=True), 4, 3, 4], [5, 5, 3, 0])[0].total == 0


def test_the_model_offers_blind_bids_to_a_trailing_side_only() -> None:
    blind = replace(STANDARD, blind_bid_min=6, blind_nil=False)
    hands: list[list[Card]] = [[] for _ in range(4)]
    behind = legal_bids(blind, (1, 2, 3, 0), [], hands, [200, 0])
    assert [bid.tricks for bid in behind if bid.blind] == list(range(6, 14))
    assert not any(bid.blind for bid in legal_bids(blind, (1, 2, 3, 0), [], hands, [0, 200]))


def test_the_model_doubles_big_contracts_and_scores_moons() -> None:
    ten = replace(STANDARD, ten_for_two_hundred=True)
    assert _sheet(ten, [5, 1, 5, 1], [5, 1, 6, 1])[0].contract_points == 200
    assert _sheet(ten, [5, 1, 4, 1], [5, 1, 6, 1])[0].contract_points == 90
    assert _sheet(ten, [5, 1, 5, 1], [4, 2, 5, 2])[0].contract_points == -100
    both = replace(ten, blind_bid_min=6)
    assert _sheet(both, [Bid(0, 6, blind=True), 1, 4, 1], [6, 1, 5, 1])[0].contract_points == 2 * (40 + 2 * 60)
    moon = replace(STANDARD, moon="points", moon_points=250)
    side = _sheet(moon, [13, 1, 0, 1], [13, 0, 0, 0])[0]
    assert (side.contract_points, side.nil_points, side.moon) == (250, 100, True)
    assert _sheet(moon, [12, 1, 1, 1], [12, 0, 1, 0])[0].moon  # a side's contract of 13, every trick
    assert not _sheet(moon, [12, 1, 0, 1], [12, 0, 1, 0])[0].moon
    helped = replace(moon, failed_nil_tricks="count_for_partner")
    assert not _sheet(helped, [13, 1, 0, 1], [12, 0, 1, 0])[0].moon


def test_the_model_ignores_a_failed_nils_tricks() -> None:
    ignored = replace(STANDARD, failed_nil_tricks="ignored")
    side = _sheet(ignored, [2, 4, 0, 4], [1, 5, 1, 6])[0]
    assert (side.total, side.bags) == (-120, 0)


def test_the_model_plays_the_first_trick_rules() -> None:
    no_spade = replace(STANDARD, first_trick_spades=False)
    hands: list[list[Card]] = [[] for _ in range(4)]
    hand = parse_cards("AS 2H 3D")
    assert legal_cards(no_spade, hand, parse_cards("4C"), 0, False, hands) == sorted(parse_cards("3D 2H"))
    assert len(legal_cards(no_spade, hand, parse_cards("4C"), 1, False, hands)) == 3
    assert len(legal_cards(no_spade, parse_cards("AS KS"), parse_cards("4C"), 0, False, hands)) == 2
    lowest = replace(STANDARD, first_lead="lowest_club", first_trick_lowest_club=True)
    assert legal_cards(lowest, parse_cards("9C 5C AH"), parse_cards("2C"), 0, False, hands) == [Card.parse("5C")]
    after_first = replace(STANDARD, spade_lead="after_first_trick")
    assert legal_cards(after_first, hand, [], 0, False, hands) == sorted(parse_cards("3D 2H"))
    assert len(legal_cards(after_first, hand, [], 1, False, hands)) == 3


def test_the_model_redeals_a_seven_card_suit_counting_jokers_as_spades() -> None:
    seven = replace(Options.from_dict(PRESET_CHANGES["jokers"]), redeal_on=("seven_card_suit",))
    assert may_call_redeal(seven, parse_cards("BJ LJ AS KS QS JS 2D 3D 4D 5D 6D 7D 8D"))
    assert not may_call_redeal(seven, parse_cards("BJ LJ AS KS QS 2H 3H 2D 3D 4D 5D 6D 7D"))
    deuces = replace(seven, trump_order="joker_joker_deuce_deuce")
    assert may_call_redeal(deuces, parse_cards("BJ AS KS QS JS TS 2D 3D 4D 5D 6D 7D 8D"))


def test_the_model_passes_cards_on_a_plain_nil_in_bidding_order() -> None:
    passing = replace(STANDARD, nil_exchange=1, blind_nil_deficit=None)
    game = OracleGame(passing, dealer=0, scores=[0, 0])
    game.deal(list(deck(passing)))
    for bid in (Bid(1, 0), Bid(2, 0, blind=True), Bid(3, 4), Bid(0, 3)):
        game.apply(bid)
    assert game.hand is not None
    assert game.hand.due == [(1, 3, 1), (3, 1, 1), (2, 0, 2), (0, 2, 2)]


def test_the_model_refuses_what_the_house_rules_refuse() -> None:
    refused = [
        {"max_team_bid": 10, "partnerships": False},
        {"max_team_bid": 3, "team_min_bid": 4},
        {"max_team_bid": 3, "min_bid": 2, "nil": False, "blind_nil": False},
        {"double_nil_value": 200, "both_partners_nil": False},
        {"double_nil_value": 200, **PRESET_CHANGES["suicide"]},
        {"blind_bid_min": 6, **PRESET_CHANGES["whiz"]},
        {"blind_bid_min": 6, "min_bid": 7},
        {"nil_exchange": 1, **PRESET_CHANGES["mirror"]},
        {"first_trick_lowest_club": True},
    ]
    for options in refused:
        assert refusals(options), options
    accepted = [
        {"double_nil_penalty": 0},
        {"moon": "win", **PRESET_CHANGES["no_bid"]},
        {"nil_exchange": 2, **PRESET_CHANGES["whiz"]},
        {"max_team_bid": 13, **PRESET_CHANGES["suicide"]},
    ]
    for options in accepted:
        assert not refusals(options), options


def test_the_model_plays_the_house_rules_alone() -> None:
    """Before the library has the house rules, the model plays them by itself: no seat is ever left without
    a legal action, every hand scores and every game ends."""
    seen: Counter[str] = Counter()
    for seed in range(600 if FUZZ else 8):
        rng = random.Random(seed)
        options = random_options(rng, frozenset(DEFAULTS), PRESET_CHANGES, house_rules=True)
        for name in rng.sample(list(HOUSE_RULES), 4):
            options[name] = _house_value(rng, name)
        for _ in range(30):
            if not refusals(options):
                break
            del options[rng.choice(sorted(options))]
        if not refusals(options):
            seen.update(play_alone(Options.from_dict(options), seed, max_hands=2))
    assert seen["games"] > 0
    print(f"\n[the model alone] {dict(sorted(seen.items()))}")


def test_a_redeal_call_is_listed_for_any_qualifying_seat() -> None:
    redeal = replace(STANDARD, redeal_on=("no_face_cards",))
    game = OracleGame(redeal, dealer=0)
    faceless = "2C 3C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D"
    rest = [card for card in deck(redeal) if card not in parse_cards(faceless)]
    hands = [list(parse_cards(faceless)), rest[:13], rest[13:26], rest[26:]]
    game.deal(_dealt(0, hands))
    assert Redeal(0) in game.legal() and game.to_act() == 1
    game.apply(Bid(1, 3))
    assert Redeal(0) not in game.legal()
    assert Play(0, Card.parse("2C")) not in game.legal()


# ------------------------------------------------------------------------------ the differential
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_agrees_with_the_model(name: str) -> None:
    tally = Tally(rule_sets=1)
    for seed in range(40 if FUZZ else 1):
        tally.add(play_and_compare(PRESETS[name], seed, all_views=True))
    assert tally.decisions > 0
    _report(f"preset {name}", tally)


def _random_sets(count: int, salt: int, *, house: bool) -> Tally:
    tally = Tally()
    known, landed = library_options(), house_values_landed()
    for seed in range(salt, salt + count):
        rng = random.Random(seed)
        options = random_options(rng, known, PRESET_CHANGES, house_rules=landed)
        if house:
            present = house_options()
            for name in rng.sample(present, min(3, len(present))):
                options[name] = DEFAULTS[name] if rng.random() < 0.2 else _house_value(rng, name)
        if rng.random() < 0.7:  # steer towards sets that can be played
            for _ in range(30):
                if not refusals(options, known, house_rules=landed):
                    break
                del options[rng.choice(sorted(options))]
        check_rule_set(options, seed, tally, all_views=rng.random() < 0.3, max_hands=3)
    return tally


def _house_value(rng: random.Random, name: str) -> Any:
    from oracle.rule_sets import POOLS

    return POOLS[name](rng)


def test_random_rule_sets_agree_with_the_model() -> None:
    tally = _random_sets(2000 if FUZZ else 12, 0, house=False)
    assert tally.rule_sets > tally.refused > 0 or not FUZZ
    _report("random rule sets", tally)


@HOUSE_RULES_PENDING
def test_random_house_rule_sets_agree_with_the_model() -> None:
    tally = _random_sets(2000 if FUZZ else 12, 100_000, house=True)
    _report("random house-rule sets", tally)


def test_random_score_sheets_agree_with_the_model() -> None:
    """Random sheets over random rule sets: refused exactly when the model refuses them (a bid that could
    not have been bid, spade counts the cards held cannot have, tricks that do not add up, bags at the
    limit), scored alike otherwise."""
    tally = Tally()
    known, landed = library_options(), house_values_landed()
    for seed in range(2000 if FUZZ else 12):
        rng = random.Random(seed)
        options = random_options(rng, known, PRESET_CHANGES, house_rules=landed)
        for _ in range(30):
            if not refusals(options, known, house_rules=landed):
                break
            del options[rng.choice(sorted(options))]
        if not refusals(options, known, house_rules=landed):
            tally.rule_sets += 1
            check_sheets(Rules(**options), rng, 30, tally)
    assert tally.sheets > 0 and tally.events["sheets refused"] > 0
    _report("random score sheets", tally)


def test_redeals_and_exchanges_agree_with_the_model() -> None:
    tally = Tally()
    busy = {
        "redeal_on": ["no_spades", "one_or_no_spades", "no_face_cards"],
        "blind_nil_deficit": None,
        "blind_nil_exchange": 3,
    }
    for seed in range(200 if FUZZ else 3):
        options: dict[str, Any] = dict(busy, **({"bid_order": "partners_consecutive"} if seed % 2 else {}))
        if seed % 3 == 1:  # the lowest club leads, after the exchanges
            options.update(first_lead="lowest_club", with_jokers=seed % 2 == 0)
        if seed % 3 == 2:
            options.update(failed_nil_tricks=("bags_no_points", "count_for_partner")[seed % 2], bag_overflow="reset")
        check_rule_set(options, seed, tally, all_views=True, max_hands=2)
    assert tally.events["redeal"] > 0 and tally.events["exchange"] > 0
    _report("redeals and exchanges", tally)


@settings(max_examples=400 if FUZZ else 8, deadline=None)
@given(library_strategies.rules(max_hands=3), st.integers(0, 2**32))
def test_the_librarys_own_rule_strategy_agrees_with_the_model(rules: Rules, seed: int) -> None:
    tally = play_and_compare(rules, seed, all_views=seed % 4 == 0, max_hands=3)
    hypothesis.note(f"rules {rules!r}, seed {seed}: {tally.summary()}")
    for name, count in tally.events.items():
        if count:
            hypothesis.event(name)
    hypothesis.event(f"hands: {min(tally.hands, 3)}")

"""Bad input: each mistake raises a specific exception with a machine-readable reason and a message naming
what was wrong, and the state passed in stays unchanged and usable (the API page, "Errors")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from _fixtures import MIXED, STANDARD, SUIT_PER_SEAT, bid_all, deal, play, play_out
from spades_rules import (
    BIG_JOKER,
    ArgumentTypeError,
    Bid,
    Card,
    CardParseError,
    Deal,
    Exchange,
    GameState,
    IllegalActionError,
    IllegalReason,
    Phase,
    Play,
    RecordError,
    Redeal,
    Rules,
    RulesError,
    SeatError,
    SpadesError,
    apply,
    is_legal,
    legal_actions,
    new_game,
    parse_cards,
)
from spades_rules._core.messages import describe

Build = Callable[[], GameState]


def _bidding() -> GameState:
    """MIXED dealt by seat 0, no bids yet: seat 1 to bid; scores level, so no blind nil."""
    return deal(MIXED, dealer=0)


def _leading() -> GameState:
    """MIXED in play: seat 1 to lead the first trick."""
    return bid_all(deal(MIXED, dealer=0), 3, 3, 3, 3)


def _following() -> GameState:
    """MIXED in play after seat 1 led the 5H: seat 2 (holding six hearts) to play."""
    return play(_leading(), "5H")


def _exchanging() -> GameState:
    """SUIT_PER_SEAT, dealer 3, side 0 trailing 0-100: seat 0 bid blind nil and must pass two spades."""
    return bid_all(deal(SUIT_PER_SEAT, dealer=3, scores=[0, 100]), Bid.blind_nil(0), 3, 4, 3)


def _returning() -> GameState:
    """As ``_exchanging`` after seat 0 passed AS KS: seat 2 must return two of its 15 cards."""
    return apply(_exchanging(), Exchange(0, "AS KS"))


def _refused(build: Build, action: object, reason: IllegalReason, *names: str) -> IllegalActionError:
    """Apply ``action`` to a state from ``build``: it must be refused for ``reason`` with a message naming
    every one of ``names``, and the state must be unchanged and still usable."""
    state = build()
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)  # type: ignore[arg-type]
    error = info.value
    assert error.reason is reason
    message = str(error)
    for name in names:
        assert name in message, (name, message)
    assert error.action is action
    assert not is_legal(state, action)
    assert action not in legal_actions(state)
    # Unchanged: equal (and hash equal) to the same state built afresh.
    fresh = build()
    assert state == fresh
    assert hash(state) == hash(fresh)
    assert state.history == fresh.history
    # Usable: a legal action still applies, exactly as it does to the fresh state.
    if state.phase is Phase.DEAL:
        legal: object = Deal.from_hands(STANDARD, state.dealer, MIXED)
    else:
        legal = legal_actions(state)[0]
    assert apply(state, legal) == apply(fresh, legal)  # type: ignore[arg-type]
    return error


# ============================================================================== the hierarchy


def test_every_error_is_a_spades_error_and_a_value_error() -> None:
    for error in (CardParseError, RulesError, IllegalActionError, RecordError):
        assert issubclass(error, SpadesError)
        assert issubclass(error, ValueError)


def test_illegal_action_error_carries_reason_and_action() -> None:
    error = _refused(_bidding, Bid(1, 14), IllegalReason.BID_OUT_OF_RANGE)
    assert isinstance(error, SpadesError)
    assert error.action == Bid(1, 14)


# ============================================================================== unknown cards


def test_unknown_card_string_raises_card_parse_error() -> None:
    with pytest.raises(CardParseError, match="'1S'"):
        Card.parse("1S")
    with pytest.raises(CardParseError, match="'KX'"):
        parse_cards("AS KX")


def test_unknown_card_in_a_play_raises_card_parse_error() -> None:
    with pytest.raises(CardParseError, match="'ZZ'") as info:
        Play(1, "ZZ")
    assert info.value.text == "ZZ"


def test_unknown_card_in_an_exchange_or_deal_raises_card_parse_error() -> None:
    with pytest.raises(CardParseError, match="'AS!'"):
        Exchange(0, "AS! KS")
    with pytest.raises(CardParseError, match="'1H'"):
        Deal.from_hands(STANDARD, 0, [MIXED[0].replace("2H", "1H"), *MIXED[1:]])


# ============================================================================== plays


def test_card_not_in_hand() -> None:
    _refused(_leading, Play(1, "AS"), IllegalReason.CARD_NOT_IN_HAND, "seat 1", "AS")


def test_card_not_in_hand_while_following() -> None:
    _refused(_following, Play(2, "2H"), IllegalReason.CARD_NOT_IN_HAND, "seat 2", "2H")


def test_card_already_played_is_not_in_hand() -> None:
    state = play(_leading(), "5H 9H AC 2H")
    with pytest.raises(IllegalActionError) as info:
        apply(state, Play(2, "9H"))
    assert info.value.reason is IllegalReason.CARD_NOT_IN_HAND
    assert "9H" in str(info.value)


def test_play_out_of_turn() -> None:
    error = _refused(_leading, Play(2, "9H"), IllegalReason.OUT_OF_TURN, "seat 2", "seat 1")
    assert "turn" in str(error)


def test_play_out_of_turn_in_the_middle_of_a_trick() -> None:
    _refused(_following, Play(0, "2H"), IllegalReason.OUT_OF_TURN, "seat 0", "seat 2")


def test_failing_to_follow_suit() -> None:
    error = _refused(_following, Play(2, "8D"), IllegalReason.MUST_FOLLOW_SUIT, "seat 2", "8D", "hearts")
    assert "9H" in str(error)  # it names the cards of the suit led the seat holds


def test_trumping_while_holding_the_suit_led_is_failing_to_follow() -> None:
    _refused(_following, Play(2, "QS"), IllegalReason.MUST_FOLLOW_SUIT, "seat 2", "QS")


def test_leading_an_unbroken_spade() -> None:
    _refused(_leading, Play(1, "6S"), IllegalReason.SPADES_NOT_BROKEN, "seat 1", "6S")


def test_leading_an_unbroken_spade_later_in_the_hand() -> None:
    def build() -> GameState:
        return play(_leading(), "5H 9H AC 2H")  # seat 2 won; no spade played yet

    _refused(build, Play(2, "QS"), IllegalReason.SPADES_NOT_BROKEN, "seat 2", "QS")


# ============================================================================== bids


@pytest.mark.parametrize("tricks", [14, 15, 52])
def test_bid_out_of_range(tricks: int) -> None:
    _refused(_bidding, Bid(1, tricks), IllegalReason.BID_OUT_OF_RANGE, "seat 1", str(tricks), "13")


def test_negative_bid_is_refused_at_construction() -> None:
    with pytest.raises(IllegalActionError, match="-1") as info:
        Bid(1, -1)
    assert info.value.reason is IllegalReason.BID_OUT_OF_RANGE


def test_blind_bid_of_a_number_is_refused_without_the_house_rule() -> None:
    """``Bid(1, 6, blind=True)`` is an action (the house rules' "blind 6"); rules without blind bids refuse it."""
    state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 1))
    with pytest.raises(IllegalActionError, match="cannot bid blind 6: the rules do not allow blind bids") as info:
        apply(state, Bid(1, 6, blind=True))
    assert info.value.reason is IllegalReason.BLIND_BID_NOT_ALLOWED


def test_action_for_a_seat_beyond_any_table_is_refused_at_construction() -> None:
    with pytest.raises(SeatError, match=r"Play.seat must be a seat 0-4 \(no table has more\), not 7") as info:
        Play(7, "AS")
    assert info.value.seat == 7 and info.value.players == 5


def test_bid_of_the_wrong_type_is_a_type_error_and_a_seat_of_the_wrong_type_a_seat_error() -> None:
    with pytest.raises(TypeError, match="'3'"):
        Bid(1, "3")  # type: ignore[arg-type]
    with pytest.raises(SeatError, match=r"Play\.seat must be a seat 0-4"):
        Play("1", "AS")  # type: ignore[arg-type]


def test_bid_out_of_turn() -> None:
    _refused(_bidding, Bid(2, 3), IllegalReason.OUT_OF_TURN, "seat 2", "seat 1")


def test_bid_by_a_seat_that_does_not_exist() -> None:
    """Seat 4 exists at a five-seat table, so Bid(4, 3) is an action; a four-seat table has no seat 4."""
    state = _bidding()
    for action in (Bid(4, 3), Play(4, "AS"), Redeal(4)):
        with pytest.raises(SeatError, match=r"there is no seat 4 at this table \(its seats are 0-3\)") as info:
            apply(state, action)
        assert info.value.seat == 4 and info.value.players == 4
        with pytest.raises(SeatError):
            is_legal(state, action)


def test_blind_nil_when_the_side_does_not_trail() -> None:
    _refused(_bidding, Bid.blind_nil(1), IllegalReason.BLIND_NIL_NOT_ALLOWED, "seat 1", "blind nil", "100")


def test_blind_nil_when_the_side_trails_by_less_than_100() -> None:
    def build() -> GameState:
        return deal(MIXED, dealer=3, scores=[0, 99])

    _refused(build, Bid.blind_nil(0), IllegalReason.BLIND_NIL_NOT_ALLOWED, "seat 0", "blind nil", "99")


def test_blind_nil_by_the_leading_side() -> None:
    def build() -> GameState:
        return bid_all(deal(MIXED, dealer=3, scores=[0, 100]), 3)  # seat 1's side leads by 100

    _refused(build, Bid.blind_nil(1), IllegalReason.BLIND_NIL_NOT_ALLOWED, "seat 1", "blind nil")


def test_bid_during_play_is_the_wrong_phase() -> None:
    _refused(_leading, Bid(1, 3), IllegalReason.WRONG_PHASE, "Bid", "play")


def test_play_during_bidding_is_the_wrong_phase() -> None:
    _refused(_bidding, Play(1, "5H"), IllegalReason.WRONG_PHASE, "Play", "bid")


# ============================================================================== the blind nil exchange


def test_exchange_of_one_card() -> None:
    _refused(_exchanging, Exchange(0, "AS"), IllegalReason.INVALID_EXCHANGE, "seat 0", "2", "AS")


def test_exchange_of_three_cards() -> None:
    _refused(_exchanging, Exchange(0, "AS KS QS"), IllegalReason.INVALID_EXCHANGE, "seat 0", "QS KS AS")


def test_exchange_of_no_cards() -> None:
    _refused(_exchanging, Exchange(0, []), IllegalReason.INVALID_EXCHANGE, "seat 0")


def test_exchange_of_a_card_not_held() -> None:
    _refused(_exchanging, Exchange(0, "AS 2H"), IllegalReason.INVALID_EXCHANGE, "seat 0", "2H")


def test_exchange_of_the_same_card_twice() -> None:
    _refused(_exchanging, Exchange(0, "AS AS"), IllegalReason.INVALID_EXCHANGE, "seat 0", "AS")


def test_partner_returning_cards_it_does_not_hold() -> None:
    _refused(_returning, Exchange(2, "QS JS"), IllegalReason.INVALID_EXCHANGE, "seat 2", "QS")


def test_partner_passing_before_the_blind_nil_bidder() -> None:
    _refused(_exchanging, Exchange(2, "2D 3D"), IllegalReason.OUT_OF_TURN, "seat 2", "seat 0")


def test_play_during_the_exchange_is_the_wrong_phase() -> None:
    _refused(_exchanging, Play(0, "AS"), IllegalReason.WRONG_PHASE, "Play", "exchange")


def test_exchange_outside_the_exchange_phase() -> None:
    _refused(_leading, Exchange(1, "5H 6H"), IllegalReason.WRONG_PHASE, "Exchange")


# ============================================================================== deals


def _fresh() -> GameState:
    return new_game(STANDARD)


def test_deal_of_too_few_cards() -> None:
    _refused(_fresh, Deal(STANDARD.deck[:-1]), IllegalReason.INVALID_DEAL, "52", "51")


def test_deal_of_too_many_cards() -> None:
    _refused(_fresh, Deal((*STANDARD.deck, STANDARD.deck[0])), IllegalReason.INVALID_DEAL, "52", "53")


def test_deal_with_a_repeated_card() -> None:
    deck = (*STANDARD.deck[:-1], STANDARD.deck[0])  # AS missing, 2C twice
    _refused(_fresh, Deal(deck), IllegalReason.INVALID_DEAL, "52")


def test_deal_with_a_joker_in_a_standard_game() -> None:
    _refused(_fresh, Deal((*STANDARD.deck[:-1], BIG_JOKER)), IllegalReason.INVALID_DEAL, "52")


def test_deal_with_a_repeated_card_names_the_cards() -> None:
    deck = (*STANDARD.deck[:-1], STANDARD.deck[0])  # AS missing, 2C twice
    _refused(_fresh, Deal(deck), IllegalReason.INVALID_DEAL, "2C", "AS")


def test_deal_during_bidding_is_the_wrong_phase() -> None:
    _refused(_bidding, Deal.shuffled(STANDARD, 1), IllegalReason.WRONG_PHASE, "Deal", "bid")


def test_from_hands_that_are_not_the_deck_raises_rules_error() -> None:
    with pytest.raises(RulesError, match="deck"):
        Deal.from_hands(STANDARD, 0, [MIXED[0], MIXED[0], MIXED[2], MIXED[3]])
    with pytest.raises(RulesError, match="13"):
        Deal.from_hands(STANDARD, 0, [MIXED[0] + " AS", *MIXED[1:]])
    with pytest.raises(RulesError, match="4 hands"):
        Deal.from_hands(STANDARD, 0, MIXED[:3])


def test_play_or_bid_before_the_deal_is_the_wrong_phase() -> None:
    _refused(_fresh, Bid(1, 3), IllegalReason.WRONG_PHASE, "Deal")
    _refused(_fresh, Play(1, "AS"), IllegalReason.WRONG_PHASE, "Deal")


# ============================================================================== not an action


@pytest.mark.parametrize(
    "thing",
    ["AS", None, 3, Card.parse("AS"), (1, "AS"), {"seat": 1, "card": "AS"}],
    ids=["str", "None", "int", "Card", "tuple", "dict"],
)
def test_a_non_action_object(thing: object) -> None:
    state = _leading()
    with pytest.raises(ArgumentTypeError, match=r"apply\(\) needs an action") as info:
        apply(state, thing)  # type: ignore[arg-type]
    assert describe(thing, 40) in str(info.value) and info.value.parameter == "action"
    with pytest.raises(ArgumentTypeError):
        is_legal(state, thing)
    assert state == _leading()


@pytest.mark.parametrize(
    ("thing", "reader"),
    [("1:play AS", "parse_action"), ({"type": "play", "seat": 1, "card": "AS"}, "action_from_dict"),
     (51, "decode_action")],
)
def test_a_non_action_names_the_reader_that_makes_it_an_action(thing: object, reader: str) -> None:
    with pytest.raises(ArgumentTypeError, match=reader):
        apply(_leading(), thing)  # type: ignore[arg-type]


def test_a_non_action_object_in_every_phase() -> None:
    for build in (_fresh, _bidding, _exchanging, _leading):
        with pytest.raises(ArgumentTypeError, match="'AS'"):
            apply(build(), "AS")  # type: ignore[arg-type]


# ============================================================================== after an error


def test_a_refused_action_leaves_the_game_playable_to_the_end() -> None:
    state = _leading()
    for bad in (Play(1, "AS"), Play(2, "9H"), Play(1, "6S"), Bid(1, 3)):
        with pytest.raises(IllegalActionError):
            apply(state, bad)
    state = play_out(state)
    assert state.hands_played == 1
    assert sum(state.results[0].tricks_won) == 13
    assert state.phase is Phase.DEAL


def test_error_after_game_over_leaves_the_final_state() -> None:
    def build() -> GameState:
        return play_out(bid_all(deal(SUIT_PER_SEAT, dealer=3, scores=[480, 0]), 10, 1, 1, 1))

    state = build()
    assert state.is_over
    with pytest.raises(IllegalActionError) as info:
        apply(state, Deal.shuffled(STANDARD, 1))
    assert info.value.reason is IllegalReason.GAME_OVER
    assert state == build()
    assert state.winner == 0
    assert state.scores == (592, -20)


@pytest.mark.parametrize("dealer", [9, -1])
def test_new_game_refuses_a_dealer_not_at_the_table_with_seat_error(dealer: int) -> None:
    with pytest.raises(SeatError, match="dealer must be a seat 0-3"):
        new_game(STANDARD, dealer=dealer)


@pytest.mark.parametrize(
    "kwargs",
    [{"scores": [1]}, {"bags": [-1, 0]}, {"scores": [10**7, 0]}],
    ids=["one score", "negative bags", "huge score"],
)
def test_new_game_refuses_a_bad_setup_with_rules_error(kwargs: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        new_game(STANDARD, **kwargs)


# ============================================================================ the one describer of values
class _Refuses:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class _Huge:
    def __repr__(self) -> str:
        return "H" * 10**6


def _deep(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("A" * 10**7, "'" + "A" * 56 + "..."),  # cut at its end, never in the middle
        (_deep(5000), "[[[[...]]]]"),
        (10**5000, "a very large integer (about 5,001 digits)"),
        (-(10**5000), "a very large negative integer (about 5,001 digits)"),
        (_Refuses(), "<_Refuses>"),
        (b"A" * 1000, "b'" + "A" * 55 + "..."),
        ({"seat": 1, "card": "AS"}, "{'seat': 1, 'card': 'AS'}"),  # in the dict's order, as repr shows it
        ([1, 2, 3, 4, 5, 6], "[1, 2, 3, 4, ...]"),
    ],
    ids=["huge str", "deep list", "huge int", "huge negative int", "repr raises", "bytes", "dict", "long list"],
)
def test_describe_is_bounded_and_never_raises(value: object, shown: str) -> None:
    assert describe(value) == shown
    assert len(describe(value)) <= 60


def test_describe_bounds_huge_and_recursive_reprs() -> None:
    looped: list[Any] = []
    looped.append(looped)
    assert describe(looped) == "[[[[...]]]]"
    assert describe(_Huge()) == "H" * 57 + "..."
    assert len(describe("x" * 1000, 300)) == 300


def test_a_rules_error_inside_a_record_keeps_its_end() -> None:
    """The reason is cut at its end (if at all), not in its middle, and never loses the advice at its end."""
    from spades_rules import from_dict, to_dict

    record = to_dict(new_game(Rules.standard()))
    record["rules"] = {"players": 3}
    with pytest.raises(RecordError) as refused:
        from_dict(record)
    assert str(refused.value) == "rules: partnerships need exactly 4 players, not 3; set partnerships=False"


@pytest.mark.parametrize(
    "make",
    [
        lambda: apply(new_game(Rules.standard()), "A" * 10**7),  # type: ignore[arg-type]
        lambda: Card.parse("A" * 10**7),
        lambda: Play(0, "A" * 10**7),
        lambda: Bid(_deep(5000), 1),  # type: ignore[arg-type]
        lambda: Bid(1, _Refuses()),  # type: ignore[arg-type]
        lambda: Rules(players=10**5000),
        lambda: Rules(bidding=_Huge()),  # type: ignore[arg-type]
        lambda: parse_cards(["AS", "A" * 10**7]),
        lambda: new_game(Rules.standard(), scores=_deep(5000)),
    ],
    ids=["apply", "Card.parse", "Play", "deep seat", "repr raises", "huge int option", "huge repr option",
         "parse_cards", "deep scores"],
)
def test_messages_are_bounded_whatever_the_value(make: Callable[[], object]) -> None:
    with pytest.raises(SpadesError) as refused:
        make()
    assert len(str(refused.value)) < 400


def test_no_error_message_formats_a_value_with_repr() -> None:
    """Messages describe values through one describer only: an f-string ``!r`` in a ``raise`` prints a
    value whole (ten million characters, or a repr that raises)."""
    import ast
    from pathlib import Path

    import spades_rules

    found = []
    for path in sorted(Path(spades_rules.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and node.exc is not None:
                for inner in ast.walk(node.exc):
                    if isinstance(inner, ast.FormattedValue) and inner.conversion == ord("r"):
                        found.append(f"{path.name}:{node.lineno}")
                    if isinstance(inner, ast.Call) and getattr(inner.func, "id", "") == "repr":
                        found.append(f"{path.name}:{node.lineno}")
    assert not found, f"use describe (spades_rules._core.messages) in messages: {found}"

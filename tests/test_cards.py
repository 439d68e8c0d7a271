"""Cards: parsing, notation, ordering, hashing, pickling (the API page, "Cards")."""

from __future__ import annotations

import copy
import pickle

import pytest

from spades_rules import (
    ALL_CARDS,
    BIG_JOKER,
    LITTLE_JOKER,
    Card,
    CardParseError,
    Rank,
    Rules,
    SpadesError,
    Suit,
    format_cards,
    parse_cards,
)

# ------------------------------------------------------------------------------------------- parsing


def test_parse_ace_of_spades() -> None:
    card = Card.parse("AS")
    assert card.suit is Suit.SPADES
    assert card.rank is Rank.ACE
    assert card is Card(Suit.SPADES, Rank.ACE)


def test_parse_ten_as_10_or_t() -> None:
    ten = Card(Suit.HEARTS, Rank.TEN)
    assert Card.parse("10H") is ten
    assert Card.parse("TH") is ten
    assert Card.parse("th") is ten
    assert Card.parse("10h") is ten


def test_parse_is_case_insensitive() -> None:
    two = Card(Suit.CLUBS, Rank.TWO)
    assert Card.parse("2c") is two
    assert Card.parse("2C") is two
    assert Card.parse("as") is Card.parse("AS")
    assert Card.parse("qD") is Card(Suit.DIAMONDS, Rank.QUEEN)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Q♥", "QH"), ("A♠", "AS"), ("10♦", "TD"), ("2♣", "2C"), ("K♡", "KH"), ("J♤", "JS")],
)
def test_parse_suit_symbols(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("symbol", ["♣", "♦", "♥", "♠", "♧", "♢", "♡", "♤"])
@pytest.mark.parametrize("selector", ["\ufe0f", "\ufe0e"])
def test_parse_suit_symbols_with_a_variation_selector_as_phones_type_them(symbol: str, selector: str) -> None:
    plain = Card.parse("A" + symbol)
    assert Card.parse("A" + symbol + selector) is plain
    assert Card.parse("10" + symbol + selector) is Card.parse("T" + symbol)
    expected = (Card.parse("K" + symbol), Card.parse("2" + symbol))
    assert parse_cards(f"K{symbol}{selector}, 2{symbol}{selector}") == expected


def test_a_variation_selector_alone_or_twice_is_no_card() -> None:
    for text in ("A\ufe0f", "AS\ufe0f", "A♠\ufe0f\ufe0f", "\ufe0f♠A"):
        with pytest.raises(CardParseError):
            Card.parse(text)


def test_parse_jokers() -> None:
    assert Card.parse("BJ") is BIG_JOKER
    assert Card.parse("LJ") is LITTLE_JOKER
    assert Card.parse("bj") is BIG_JOKER
    assert Card.parse("lj") is LITTLE_JOKER
    assert BIG_JOKER.rank is Rank.BIG_JOKER
    assert LITTLE_JOKER.rank is Rank.LITTLE_JOKER


def test_jokers_belong_to_the_spade_suit() -> None:
    assert BIG_JOKER.suit is Suit.SPADES
    assert LITTLE_JOKER.suit is Suit.SPADES
    assert BIG_JOKER.is_joker
    assert LITTLE_JOKER.is_joker
    assert not Card.parse("AS").is_joker


def test_parse_ignores_surrounding_whitespace() -> None:
    assert Card.parse(" KD ") is Card(Suit.DIAMONDS, Rank.KING)


@pytest.mark.parametrize("text", ["1S", "", "AX", "11H", "ASS", "S", "A", "JK", "10", "ZZ", "0H", "XJ", "A S"])
def test_bad_card_string_raises_card_parse_error_naming_it(text: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert info.value.text == text


def test_card_parse_error_is_a_spades_error_and_a_value_error() -> None:
    with pytest.raises(SpadesError):
        Card.parse("1S")
    with pytest.raises(ValueError, match="unknown card '1S'"):
        Card.parse("1S")


def test_parse_a_non_string_raises_card_parse_error() -> None:
    with pytest.raises(CardParseError, match="string"):
        Card.parse(14)  # type: ignore[arg-type]


def test_card_constructor_with_no_such_card_raises() -> None:
    with pytest.raises(CardParseError):
        Card(Suit.HEARTS, Rank.BIG_JOKER)
    with pytest.raises(CardParseError):
        Card(Suit.HEARTS, 1)  # type: ignore[arg-type]


def test_card_constructor_returns_the_interned_card() -> None:
    assert Card(Suit.DIAMONDS, Rank.JACK) is Card.parse("JD")
    assert Card(Suit.SPADES, Rank.BIG_JOKER) is BIG_JOKER


# ------------------------------------------------------------------------------------------- notation


def test_str_is_the_canonical_short_form() -> None:
    assert str(Card.parse("AS")) == "AS"
    assert str(Card.parse("10h")) == "TH"
    assert str(Card.parse("2c")) == "2C"
    assert str(Card.parse("Q♥")) == "QH"
    assert str(Card.parse("bj")) == "BJ"
    assert str(Card.parse("lj")) == "LJ"


def test_repr_is_python_chess_style() -> None:
    assert repr(Card.parse("as")) == "Card.parse('AS')"
    assert repr(Card.parse("10d")) == "Card.parse('TD')"
    assert repr(BIG_JOKER) == "Card.parse('BJ')"


def test_repr_round_trips_through_eval_for_every_card() -> None:
    for card in ALL_CARDS:
        assert eval(repr(card), {"Card": Card}) is card


def test_str_round_trips_through_parse_for_every_card() -> None:
    for card in ALL_CARDS:
        assert Card.parse(str(card)) is card


def test_unicode_form() -> None:
    assert Card.parse("AS").unicode() == "A♠"
    assert Card.parse("TH").unicode() == "10♥"
    assert Card.parse("2C").unicode() == "2♣"
    assert BIG_JOKER.unicode() == "BJ"
    for card in ALL_CARDS:
        assert Card.parse(card.unicode()) is card


# ------------------------------------------------------------------------------------------- the deck


def test_all_cards_are_52_ordinary_cards_and_two_jokers() -> None:
    assert len(ALL_CARDS) == 54
    assert len(set(ALL_CARDS)) == 54
    assert ALL_CARDS[52] is LITTLE_JOKER
    assert ALL_CARDS[53] is BIG_JOKER
    assert [card.index for card in ALL_CARDS] == list(range(54))
    assert all(Card.from_index(card.index) is card for card in ALL_CARDS)


def test_standard_deck_is_the_52_ordinary_cards() -> None:
    deck = Rules.standard().deck
    assert len(deck) == 52
    assert set(deck) == set(ALL_CARDS[:52])
    assert BIG_JOKER not in deck


def test_index_follows_openspiel_numbering() -> None:
    assert Card.parse("2C").index == 0
    assert Card.parse("AC").index == 12
    assert Card.parse("2D").index == 13
    assert Card.parse("AS").index == 51


def test_from_index_out_of_range_raises() -> None:
    with pytest.raises(CardParseError, match="54"):
        Card.from_index(54)
    with pytest.raises(CardParseError):
        Card.from_index(-1)


# ------------------------------------------------------------------------------------------- ordering


def test_ordering_is_by_suit_then_rank() -> None:
    assert Card.parse("2C") < Card.parse("AC") < Card.parse("2D") < Card.parse("AD")
    assert Card.parse("AD") < Card.parse("2H") < Card.parse("AH") < Card.parse("2S") < Card.parse("AS")
    assert Card.parse("AS") < LITTLE_JOKER < BIG_JOKER
    assert Card.parse("KH") > Card.parse("QH")
    assert Card.parse("KH") >= Card.parse("KH")
    assert Card.parse("KH") <= Card.parse("KH")
    assert not Card.parse("KH") < Card.parse("KH")


def test_sorting_cards() -> None:
    assert sorted(parse_cards("BJ 2S AC TH 3D")) == list(parse_cards("AC 3D TH 2S BJ"))
    assert sorted(ALL_CARDS, reverse=True) == list(reversed(ALL_CARDS))


def test_comparing_a_card_with_a_non_card_raises_type_error() -> None:
    with pytest.raises(TypeError):
        _ = Card.parse("AS") < 3  # type: ignore[operator]
    assert Card.parse("AS") != "AS"


# ------------------------------------------------------------------------------------------- values


def test_equal_cards_hash_equal_and_work_as_keys() -> None:
    assert hash(Card.parse("10H")) == hash(Card.parse("TH"))
    assert Card.parse("10H") == Card.parse("th")
    assert len({Card.parse("TH"), Card.parse("10h"), Card.parse("T♥"), Card.parse("9H")}) == 2
    points = {Card.parse("AS"): 4}
    assert points[Card.parse("as")] == 4


def test_cards_are_immutable() -> None:
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO
    with pytest.raises(AttributeError):
        del card.suit
    assert card.rank is Rank.ACE


def test_pickling_keeps_identity() -> None:
    for card in ALL_CARDS:
        assert pickle.loads(pickle.dumps(card)) is card
    hand = parse_cards("AS KH BJ")
    assert pickle.loads(pickle.dumps(hand)) == hand


def test_copy_and_deepcopy_return_the_card_itself() -> None:
    card = Card.parse("QD")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card


# ------------------------------------------------------------------------------------------- many cards


def test_parse_cards_space_separated() -> None:
    assert parse_cards("AS KS 2H") == (Card.parse("AS"), Card.parse("KS"), Card.parse("2H"))


def test_parse_cards_commas_and_mixed_notation() -> None:
    assert parse_cards("AS, 10h,2c ,Q♥ BJ") == (
        Card.parse("AS"),
        Card.parse("TH"),
        Card.parse("2C"),
        Card.parse("QH"),
        BIG_JOKER,
    )


def test_parse_cards_from_an_iterable_of_strings() -> None:
    assert parse_cards(["AS", "10h"]) == (Card.parse("AS"), Card.parse("TH"))


def test_parse_cards_keeps_order_and_duplicates() -> None:
    assert parse_cards("2H AS 2H") == (Card.parse("2H"), Card.parse("AS"), Card.parse("2H"))


def test_parse_cards_empty() -> None:
    assert parse_cards("") == ()
    assert parse_cards("  ") == ()
    assert parse_cards([]) == ()


def test_parse_cards_bad_entry_names_it() -> None:
    with pytest.raises(CardParseError, match="'XX'") as info:
        parse_cards("AS XX KS")
    assert info.value.text == "XX"


def test_format_cards_is_canonical_and_space_separated() -> None:
    assert format_cards(parse_cards("10h as bj")) == "TH AS BJ"
    assert format_cards([]) == ""


def test_format_cards_and_parse_cards_are_inverse() -> None:
    assert parse_cards(format_cards(ALL_CARDS)) == ALL_CARDS
    text = "2C TD QH AS LJ"
    assert format_cards(parse_cards(text)) == text

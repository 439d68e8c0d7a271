"""Property tests of the engine across random rules (presets and house-rule combinations) and random play.

Every game is drawn with :mod:`spades_rules.strategies` and replayed action by action from its start; the
properties are checked at every state and every transition. Oracles here are written from the rules page, not
from the engine: the trick winner, the legal plays, the bid order, the game end.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any, cast

import pytest
from hypothesis import Phase as HypothesisPhase
from hypothesis import find, given, note, settings
from hypothesis import strategies as st

from spades_rules import (
    ALL_CARDS,
    BIG_JOKER,
    LITTLE_JOKER,
    Action,
    ArgumentTypeError,
    Bid,
    Card,
    Deal,
    DrawDecision,
    Exchange,
    GameState,
    IllegalActionError,
    Phase,
    Play,
    Rank,
    Redeal,
    Rules,
    RulesError,
    SeatError,
    Suit,
    Trick,
    apply,
    encode_action,
    is_legal,
    legal_actions,
    new_game,
    score_hand,
)
from spades_rules import strategies as sst

# ---------------------------------------------------------------------------------------------- strategies


@st.composite
def _blind_nil_rules(draw: st.DrawFn) -> Rules:
    """Partnership rules where blind nil is always open, so that exchanges happen often."""
    base = draw(sst.rules(players=4))
    return base.evolve(
        partnerships=True, bidding="standard", nil=True, blind_nil=True, blind_nil_deficit=None,
        blind_nil_exchange=draw(st.integers(1, 3)),
    )


def _blind_happy(state: GameState, rng: random.Random) -> Action:
    """A policy that bids blind nil half the time it may (otherwise uniformly random)."""
    blind = [action for action in legal_actions(state) if isinstance(action, Bid) and action.blind]
    if blind and rng.random() < 0.5:
        return blind[0]
    return sst.random_action(state, rng)


def _draw_rules() -> st.SearchStrategy[Rules]:
    return sst.rules(players=2).filter(lambda rules: rules.deal_method == "draw")


def _as_mirror(rules: Rules) -> Rules:
    return rules.evolve(
        bidding="mirror", nil=True, blind_nil=False, bid_order="clockwise", team_min_bid=None,
        forbid_total_equal_tricks=False, redeal_on=(), both_partners_nil=True, max_team_bid=None, blind_bid_min=None,
        nil_exchange=0,
    )


def _games(*, random_start: bool = False) -> st.SearchStrategy[GameState]:
    """Finished games over every kind of rules and several players."""
    return st.one_of(
        sst.games(policy="random", random_start=random_start),
        sst.games(policy="sensible", random_start=random_start),
        sst.games(_blind_nil_rules(), policy=_blind_happy, random_start=random_start),
        sst.games(_draw_rules(), random_start=random_start),
    )


GAMES = _games()
GAMES_FROM_ANYWHERE = _games(random_start=True)


# ---------------------------------------------------------------------------------------------- helpers


def _replay(game: GameState) -> list[GameState]:
    """Every state of ``game``, from its start to ``game`` itself, by applying its history."""
    state = new_game(game.rules, dealer=game.first_dealer, scores=game.initial_scores, bags=game.initial_bags)
    states = [state]
    for action in game.history:
        state = apply(state, action)
        states.append(state)
    assert state == game
    note(f"rules: {game.rules!r}; {len(game.history)} actions")
    return states


def _steps(game: GameState) -> Iterator[tuple[GameState, Action, GameState]]:
    states = _replay(game)
    yield from zip(states[:-1], game.history, states[1:], strict=True)


def _suit(rules: Rules, card: Card) -> Suit:
    """The rules page ("Jokers"): jokers are spades; the joker-joker-deuce-deuce order promotes the 2♦ to a spade."""
    if card.is_joker:
        return Suit.SPADES
    if rules.trump_order == "joker_joker_deuce_deuce" and card == Card(Suit.DIAMONDS, Rank.TWO):
        return Suit.SPADES
    return card.suit


def _trumps(rules: Rules) -> list[Card]:
    """The trump order of the rules page ("Jokers"), highest first, restricted to the deck."""
    spades = [Card(Suit.SPADES, Rank(rank)) for rank in range(14, 1, -1)]
    order = [BIG_JOKER, LITTLE_JOKER] if rules.with_jokers else []
    if rules.trump_order == "ace_high":
        order += spades
    elif rules.trump_order == "deuce_of_spades_high":
        order += [spades[-1], *spades[:-1]]
    else:
        order += [Card(Suit.DIAMONDS, Rank.TWO), spades[-1], *spades[:-1]]
    return [card for card in order if card in rules.deck]


def _winner(rules: Rules, leader: int, cards: tuple[Card, ...]) -> int:
    """The rules page ("Play"): the highest trump wins, else the highest card of the suit led."""
    trumps = _trumps(rules)
    led = _suit(rules, cards[0])
    trumped = [at for at, card in enumerate(cards) if _suit(rules, card) is Suit.SPADES]
    if trumped:
        best = min(trumped, key=lambda at: trumps.index(cards[at]))
    else:
        best = max((at for at, card in enumerate(cards) if _suit(rules, card) is led), key=lambda at: cards[at].rank)
    return (leader + best) % rules.players


def _legal_cards(state: GameState) -> set[Card]:
    """The rules page ("Play", and the lowest club of "Fine points"): the cards the seat to play may play."""
    rules, hand, seat = state.rules, state.hand, state.to_act
    assert hand is not None
    assert seat is not None
    held = hand.hand_of(seat)
    first_trick = not hand.completed_tricks
    non_spades = {card for card in held if _suit(rules, card) is not Suit.SPADES}
    if hand.trick_cards:
        my_clubs = [card for card in held if _suit(rules, card) is Suit.CLUBS]
        if first_trick and rules.first_trick_lowest_club and my_clubs:  # house rules: the lowest club held
            return {min(my_clubs, key=lambda card: card.rank)}
        led = _suit(rules, hand.trick_cards[0])
        following = {card for card in held if _suit(rules, card) is led}
        if not following and first_trick and not rules.first_trick_spades:  # house rules: no spade, if it can
            return non_spades or set(held)
        return following or set(held)
    if first_trick and rules.first_lead == "lowest_club":
        clubs = [card for cards in hand.hands for card in cards if _suit(rules, card) is Suit.CLUBS]
        if clubs:
            return {min(clubs, key=lambda card: card.rank)}
    if rules.spade_lead == "anytime" or hand.spades_broken:
        return set(held)
    if rules.spade_lead == "after_first_trick" and not first_trick:  # house rules: from the second trick on
        return set(held)
    return non_spades or set(held)


def _game_end(
    rules: Rules, scores: tuple[int, ...], hands: int, moon: int | None = None
) -> tuple[bool, int | None]:
    """The rules page ("End of the game", "Fine points"): a moon under ``moon="win"`` (the house rules), the
    target (unique top), then the losing score (unique top), then max_hands."""
    if rules.moon == "win" and moon is not None:
        return True, moon
    top = max(scores)
    unique = scores.index(top) if scores.count(top) == 1 else None
    if top >= rules.target_score and unique is not None:
        return True, unique
    if rules.losing_score is not None and min(scores) <= rules.losing_score and unique is not None:
        return True, unique
    if rules.max_hands is not None and hands >= rules.max_hands:
        return True, unique
    return False, None


def _side_points(rules: Rules, seats: tuple[int, ...], bids: tuple[Bid | None, ...], tricks: tuple[int, ...],
                 bags_before: int) -> tuple[int, int]:
    """The rules page ("Scoring"): a side's points for a hand and its bags after it."""
    taken = sum(tricks[seat] for seat in seats)
    if rules.bidding == "none":
        return taken, bags_before
    made_bids = [bid for bid in (bids[seat] for seat in seats) if bid is not None]
    assert len(made_bids) == len(seats)
    nils = [bid for bid in made_bids if bid.is_nil]
    nil_tricks = sum(tricks[bid.seat] for bid in nils)
    double = rules.double_nil_value is not None and len(nils) == 2 and not any(bid.blind for bid in nils)
    if double:  # house rules: one unit, its tricks neither bags nor points
        assert rules.double_nil_value is not None
        penalty = rules.double_nil_value if rules.double_nil_penalty is None else rules.double_nil_penalty
        points = -penalty if nil_tricks else rules.double_nil_value
        nil_tricks = 0
    else:
        points = sum((rules.blind_nil_value if bid.blind else rules.nil_value) * (-1 if tricks[bid.seat] else 1)
                     for bid in nils)
    if rules.failed_nil_tricks == "ignored":  # house rules: a failed nil's tricks count for nothing
        nil_tricks = 0
    bidders = [bid for bid in made_bids if not bid.is_nil]
    bags = nil_tricks
    if bidders:
        contract = sum(bid.tricks for bid in bidders)
        taken_by_bidders = sum(tricks[bid.seat] for bid in bidders)
        counted = taken_by_bidders
        if rules.failed_nil_tricks == "count_for_partner":
            counted, bags = counted + nil_tricks, 0
        blind = sum(bid.tricks for bid in bidders if bid.blind)  # house rules: a blind number's tricks
        worth = 10 * (contract - blind) + 10 * rules.blind_bid_multiplier * blind
        if counted >= contract:
            big = rules.ten_for_two_hundred and contract >= 10  # house rules: 20 a trick bid
            if rules.moon == "points" and contract == taken_by_bidders == rules.cards_each:
                points += rules.moon_points
            else:
                points += (2 if big else 1) * worth
            bags += counted - contract
        elif rules.set_penalty == "minus_bid":
            points -= worth
    unscored = nil_tricks if rules.failed_nil_tricks == "bags_no_points" else 0  # MSN Zone: bags, no points
    points += (bags - unscored) * rules.bag_value
    after = bags_before + bags
    while rules.bag_limit is not None and after >= rules.bag_limit:
        points -= rules.bag_penalty
        after = after - rules.bag_limit if rules.bag_overflow == "carry" else 0
    return points, after


def _moon_side(rules: Rules, bids: tuple[Bid | None, ...], tricks: tuple[int, ...]) -> int | None:
    """The house rules ("shooting the moon"): the side whose non-nil bids add up to every trick of the hand and
    whose non-nil bidders took them all."""
    for side, seats in enumerate(rules.sides):
        numbers = [bid for bid in (bids[seat] for seat in seats) if bid is not None and not bid.is_nil]
        if numbers and sum(bid.tricks for bid in numbers) == rules.cards_each == sum(tricks[b.seat] for b in numbers):
            return side
    return None


def _bid_order(rules: Rules, dealer: int) -> tuple[int, ...]:
    n = rules.players
    if rules.bid_order == "partners_consecutive":
        return tuple((dealer + step) % n for step in (1, 3, 2, 4))
    return tuple((dealer + 1 + step) % n for step in range(n))


def _plain(state: GameState) -> tuple[Any, ...]:
    """A deep snapshot of everything public in ``state``, as plain tuples."""
    hand = state.hand
    hand_part: tuple[Any, ...] | None = None
    if hand is not None:
        hand_part = (
            hand.dealer, hand.deal.deck, hand.hands, hand.bids, hand.bid_order, hand.tricks_won, hand.leader,
            hand.trick_cards, tuple((t.leader, t.cards, t.winner) for t in hand.completed_tricks),
            hand.spades_broken, hand.to_act, hand.exchanges, hand.pending_exchanges, hand.draws,
            tuple(hand.discards_of(seat) for seat in range(state.rules.players)),
        )
    return (
        tuple(sorted(state.rules.options().items(), key=lambda item: item[0])).__repr__(), state.phase,
        state.dealer, state.scores, state.bags, state.results, state.winner, state.history, state.to_act,
        state.is_over, hand_part,
    )


def _candidates(state: GameState, rng: random.Random) -> list[Action]:
    """Actions of every kind, for every seat, most of them illegal: other cards, other seats, other bids,
    random exchanges, wrong-phase actions, broken deals."""
    rules, hand = state.rules, state.hand
    seats = range(5)
    found: list[Action] = []
    for seat in seats:
        found += [Play(seat, card) for card in rng.sample(ALL_CARDS, 4)]
        found += [Bid(seat, tricks) for tricks in range(rules.cards_each + 2)]
        found += [Bid.blind_nil(seat), DrawDecision(seat, True), DrawDecision(seat, False), Redeal(seat)]
    if hand is not None:
        size = rules.blind_nil_exchange
        for seat in range(rules.players):
            held = hand.hand_of(seat)
            found += [Play(seat, card) for card in held]
            for count in {size - 1, size, size + 1}:
                if 0 <= count <= len(held):
                    found.append(Exchange(seat, tuple(rng.sample(held, count))))
            if size and len(held) >= size - 1:
                other = hand.hand_of((seat + 1) % rules.players)
                if other:
                    found.append(Exchange(seat, (*rng.sample(held, size - 1), other[0])))
    deck = rules.deck
    found += [Deal.shuffled(rules, rng), Deal(deck[:-1]), Deal((*deck[:-1], deck[0]))]
    outside = [card for card in ALL_CARDS if card not in deck]
    if outside:
        found.append(Deal((*deck[:-1], outside[0])))
    return found


def _seat_missing(state: GameState, action: Action) -> bool:
    """Whether ``action`` is of a seat the table does not have (seats run to 4 at the largest table)."""
    return not isinstance(action, Deal) and action.seat >= state.rules.players


def _is_deal_of(rules: Rules, action: Action) -> bool:
    return isinstance(action, Deal) and sorted(action.deck) == list(rules.deck)


# ---------------------------------------------------------------------------------------------- the strategies


@given(sst.rules())
def test_rules_strategy_draws_valid_short_rules(rules: Rules) -> None:
    assert 1 <= (rules.max_hands or 0) <= 3
    assert Rules(**rules.options()) == rules
    assert eval(repr(rules), {"Rules": Rules, "Card": Card}) == rules
    assert hash(copy.deepcopy(rules)) == hash(rules)


@given(st.data())
def test_rules_strategy_respects_its_arguments(data: st.DataObject) -> None:
    players = data.draw(st.sampled_from((2, 3, 4, 5)))
    assert data.draw(sst.rules(players=players)).players == players
    assert data.draw(sst.rules(variants=False, max_hands=None)) in Rules.presets().values()
    assert data.draw(sst.presets(players=players)).players == players
    assert data.draw(sst.rules(max_hands=None)).max_hands in {None, *range(1, 11)}


@given(st.data())
def test_deals_strategy_deals_the_deck(data: st.DataObject) -> None:
    rules = data.draw(sst.rules())
    deal = data.draw(sst.deals(rules))
    assert sorted(deal.deck) == list(rules.deck)
    assert apply(new_game(rules), deal).phase is not Phase.DEAL


@given(sst.action_sequences())
def test_action_sequences_replay_from_a_new_game(sequence: tuple[Rules, list[Action]]) -> None:
    rules, actions = sequence
    state = new_game(rules)
    for action in actions:
        state = apply(state, action)
    assert state.history == tuple(actions)


@given(sst.states(random_start=True))
def test_states_strategy_reaches_states(state: GameState) -> None:
    assert isinstance(state, GameState)
    assert (state.phase is Phase.DEAL) == (state.hand is None) or state.is_over


def _kind(state: GameState) -> str:
    return "mid_trick" if state.hand is not None and state.hand.trick_cards else state.phase.name


@pytest.mark.parametrize("kind", ["DEAL", "DRAW", "BID", "EXCHANGE", "PLAY", "mid_trick", "GAME_OVER"])
def test_states_strategy_reaches_every_kind_of_point(kind: str) -> None:
    if kind == "EXCHANGE":
        strategy = sst.states(_blind_nil_rules(), policy=_blind_happy)
    elif kind == "DRAW":
        strategy = sst.states(_draw_rules())
    else:
        strategy = sst.states()
    quick = settings(database=None, derandomize=True, phases=[HypothesisPhase.generate], max_examples=200)
    assert _kind(find(strategy, lambda state: _kind(state) == kind, settings=quick)) == kind


def test_play_randomly_stops_after_max_actions() -> None:
    state = sst.play_randomly(new_game(Rules.standard()), random.Random(3), max_actions=10)
    assert len(state.history) == 10
    assert not state.is_over


# ---------------------------------------------------------------------------------------------- the table


@given(sst.rules())
def test_sides_are_partnerships_or_single_seats(rules: Rules) -> None:
    n = rules.players
    if rules.partnerships:
        assert n == 4
        assert rules.sides == ((0, 2), (1, 3))
        assert [rules.partner_of(seat) for seat in range(4)] == [2, 3, 0, 1]
    else:
        assert rules.sides == tuple((seat,) for seat in range(n))
        assert all(rules.partner_of(seat) is None for seat in range(n))
    assert all(seat in rules.sides[rules.side_of(seat)] for seat in range(n))
    assert rules.num_sides == len(rules.sides)
    assert len(new_game(rules).scores) == rules.num_sides


@given(sst.rules())
def test_deck_suits_and_trumps_follow_the_rules(rules: Rules) -> None:
    deck = rules.deck
    assert len(set(deck)) == len(deck)
    per_seat = rules.players * (2 if rules.deal_method == "draw" else 1)
    assert len(deck) == rules.cards_each * per_seat
    assert all(rules.effective_suit(card) is _suit(rules, card) for card in deck)
    assert list(rules.trumps) == _trumps(rules)


_DEFAULT_DECKS = {  # the rules page ("Table, deck and deal"): (players, jokers) -> (cards removed, cards each)
    (2, False): ("", 13),
    (2, True): ("2H 2C", 13),
    (3, False): ("2C", 17),
    (3, True): ("", 18),
    (4, False): ("", 13),
    (4, True): ("2H 2C", 13),
    (5, False): ("2C 2D", 10),
    (5, True): ("2C 2D 2H 2S", 10),
}


@pytest.mark.parametrize(("players", "with_jokers"), list(_DEFAULT_DECKS))
def test_rules_md_default_decks(players: int, with_jokers: bool) -> None:
    """The rules page's deck table ("Table, deck and deal"): every player count, with and without jokers, has its
    default deck."""
    removed, each = _DEFAULT_DECKS[players, with_jokers]
    rules = Rules(players=players, partnerships=players == 4, with_jokers=with_jokers,
                  deal_method="draw" if players == 2 else "deal", blind_nil=players != 2)
    assert sorted(str(card) for card in rules.effective_removed_cards) == sorted(removed.split())
    assert rules.cards_each == each


# ---------------------------------------------------------------------------------------------- every state


@given(GAMES)
def test_cards_are_conserved(game: GameState) -> None:
    """Cards held + cards in tricks + draw discards (+ the rest of the stock) = the deck, each card once."""
    for state in _replay(game):
        hand = state.hand
        if hand is None:
            assert state.phase is Phase.DEAL
            continue
        rules = state.rules
        cards: list[Card] = [card for held in hand.hands for card in held]
        cards += [card for trick in hand.completed_tricks for card in trick.cards]
        cards += hand.trick_cards
        cards += [card for seat in range(rules.players) for card in hand.discards_of(seat)]
        if state.phase is Phase.DRAW:
            cards += hand.deal.deck[2 * len(hand.draws) :]
        assert len(set(cards)) == len(cards)
        assert set(cards) <= set(rules.deck)
        assert len(cards) == len(rules.deck)
        assert sorted(cards) == list(rules.deck)
        if state.phase is Phase.BID or (state.phase is Phase.PLAY and not hand.completed_tricks
                                        and not hand.trick_cards):
            assert all(len(held) == rules.cards_each for held in hand.hands)


@given(GAMES)
def test_tricks_have_one_card_per_seat_in_turn_order(game: GameState) -> None:
    """Each trick is played by leader, leader + 1, ...; the winner (by the rules page) leads the next trick."""
    for before, action, after in _steps(game):
        if not isinstance(action, Play):
            continue
        rules, hand = before.rules, before.hand
        assert hand is not None
        n = rules.players
        assert action.seat == before.to_act == (hand.leader + len(hand.trick_cards)) % n
        cards = (*hand.trick_cards, action.card)
        assert len(set(cards)) == len(cards)
        if len(cards) < n:
            assert after.hand is not None
            assert after.hand.trick_cards == cards
            assert after.to_act == (action.seat + 1) % n
            continue
        winner = _winner(rules, hand.leader, cards)
        if after.hand is not None and after.hand.deal == hand.deal:
            assert after.hand.completed_tricks[-1] == Trick(hand.leader, cards, winner)
            assert after.hand.completed_tricks[-1].seats(n) == tuple((hand.leader + i) % n for i in range(n))
            assert after.hand.trick_cards == ()
            if after.phase is Phase.PLAY:
                assert after.hand.leader == after.to_act == winner
        expected = list(hand.tricks_won)
        expected[winner] += 1
        if len(hand.completed_tricks) + 1 == rules.cards_each:
            assert after.results[-1].tricks_won == tuple(expected)
        else:
            assert after.hand is not None
            assert after.hand.tricks_won == tuple(expected)


@given(GAMES)
def test_plays_follow_suit_and_lead_rules(game: GameState) -> None:
    """The legal plays are exactly the rules page's ("Play") (follow suit, breaking spades, lowest club first)."""
    for state in _replay(game):
        hand = state.hand
        if hand is None or state.is_over:
            continue
        rules = state.rules
        played = [card for trick in hand.completed_tricks for card in trick.cards] + list(hand.trick_cards)
        assert hand.spades_broken == any(_suit(rules, card) is Suit.SPADES for card in played)
        if state.phase is not Phase.PLAY:
            continue
        if not played:
            club_lead = rules.first_lead == "lowest_club" and any(
                _suit(rules, card) is Suit.CLUBS for held in hand.hands for card in held
            )
            if not club_lead:
                assert hand.leader == (hand.dealer + 1) % rules.players
        legal = legal_actions(state)
        assert all(isinstance(action, Play) and action.seat == state.to_act for action in legal)
        assert {action.card for action in legal if isinstance(action, Play)} == _legal_cards(state)


@given(GAMES)
def test_bidding_draw_and_exchange_follow_turn_order(game: GameState) -> None:
    """Bids follow HandState.bid_order (clockwise from the dealer's left or team order); the draw starts
    with the non-dealer and alternates; exchanges go bidder first, then the partner."""
    for before, action, after in _steps(game):
        hand = before.hand
        rules = before.rules
        if before.phase is Phase.BID:
            assert hand is not None
            assert hand.bid_order == _bid_order(rules, hand.dealer)
            made = sum(bid is not None for bid in hand.bids)
            assert before.to_act == hand.bid_order[made]
            if isinstance(action, Bid):
                assert action.seat == hand.bid_order[made]
        elif before.phase is Phase.DRAW:
            assert hand is not None
            assert before.to_act == (hand.dealer + 1 + len(hand.draws)) % rules.players
        elif before.phase is Phase.EXCHANGE:
            assert hand is not None
            giver, receiver = hand.pending_exchanges[0]
            assert before.to_act == giver
            assert rules.partner_of(giver) == receiver
            bids = hand.bids
            nil_bids = [bid for bid in (bids[giver], bids[receiver]) if bid is not None and bid.tricks == 0]
            assert len(nil_bids) == 1  # one nil of the pair: its kind fixes the size (the house rules' nil passing)
            size = rules.blind_nil_exchange if nil_bids[0].blind else rules.nil_exchange
            assert isinstance(action, Exchange)
            assert len(action.cards) == size
            assert after.hand is not None
            assert set(action.cards) <= set(after.hand.hand_of(receiver))
        if isinstance(action, Redeal):
            assert after.phase is Phase.DEAL
            assert after.hand is None
            assert after.dealer == before.dealer
            assert after.results == before.results


@given(GAMES, st.integers(0, 2**32 - 1))
def test_legal_actions_are_sound_stable_and_live(game: GameState, seed: int) -> None:
    """Every listed action applies; the list is stable, duplicate-free, and empty exactly at chance
    nodes and at the game's end; is_legal agrees."""
    rng = random.Random(seed)  # sampling only: no need for Hypothesis to shrink it
    for state in _replay(game):
        legal = legal_actions(state)
        assert legal_actions(state) == legal
        assert len(set(legal)) == len(legal)
        codes = [encode_action(action) for action in legal]
        assert codes == sorted(codes), "legal actions come in the order of their integer codes"
        if state.phase in (Phase.DEAL, Phase.GAME_OVER):
            assert legal == ()
            assert state.to_act is None
            continue
        assert legal, f"no legal action in {state!r}"
        assert state.to_act is not None
        assert all(isinstance(action, Redeal) or getattr(action, "seat", None) == state.to_act for action in legal)
        sample = legal if len(legal) <= 16 else rng.sample(legal, 16)
        for action in sample:
            assert is_legal(state, action)
            apply(state, action)


@given(GAMES, st.integers(0, 2**32 - 1))
def test_unlisted_actions_raise(game: GameState, seed: int) -> None:
    """A sample of unlisted actions (other cards, other seats, other bids, random exchanges, wrong-phase
    actions, broken deals) raises IllegalActionError; is_legal agrees; the state stays as it was."""
    rng = random.Random(seed)  # sampling only: no need for Hypothesis to shrink it
    for state in _replay(game):
        legal = set(legal_actions(state))
        before = (_plain(state), hash(state))
        candidates = _candidates(state, rng)
        for action in rng.sample(candidates, min(20, len(candidates))):
            if action in legal or (state.phase is Phase.DEAL and _is_deal_of(state.rules, action)):
                assert is_legal(state, action)
                continue
            if _seat_missing(state, action):  # a seat the table lacks: the caller's mistake, not an illegal move
                with pytest.raises(SeatError):
                    apply(state, action)
                with pytest.raises(SeatError):
                    is_legal(state, action)
                continue
            with pytest.raises(IllegalActionError):
                apply(state, action)
            assert not is_legal(state, action)
        with pytest.raises(ArgumentTypeError):
            apply(state, cast(Any, "AS"))
        assert (_plain(state), hash(state)) == before


@given(GAMES, st.integers(0, 2**32 - 1))
def test_states_never_mutate(game: GameState, seed: int) -> None:
    """Applying actions (the game's, another legal one, an illegal one) never changes a state. (Pickling
    and copying are the value tests' subject, in ``test_values.py``.)"""
    rng = random.Random(seed)  # sampling only: no need for Hypothesis to shrink it
    for state, action, _ in _steps(game):
        snapshot = (_plain(state), hash(state))
        apply(state, action)
        legal = legal_actions(state)
        if legal:
            apply(state, rng.choice(legal))
        illegal = [a for a in _candidates(state, rng) if a not in legal and not _is_deal_of(state.rules, a)]
        with pytest.raises((IllegalActionError, SeatError)):
            apply(state, rng.choice(illegal))
        assert (_plain(state), hash(state)) == snapshot


# ---------------------------------------------------------------------------------------------- determinism


@given(sst.rules(), st.integers(0, 2**32 - 1))
def test_the_same_seed_gives_the_same_game(rules: Rules, seed: int) -> None:
    assert Deal.shuffled(rules, seed) == Deal.shuffled(rules, seed)
    first = sst.play_randomly(new_game(rules), random.Random(seed))
    second = sst.play_randomly(new_game(rules), random.Random(seed))
    assert first.is_over
    assert first == second
    assert hash(first) == hash(second)
    assert first.history == second.history


@given(GAMES)
def test_states_reached_by_the_same_actions_are_equal(game: GameState) -> None:
    first, second = _replay(game), _replay(game)
    assert first == second
    assert [hash(state) for state in first] == [hash(state) for state in second]
    index = {state: at for at, state in enumerate(first)}
    assert all(index[state] == at or first[index[state]] == state for at, state in enumerate(second))


# ---------------------------------------------------------------------------------------------- scoring, game end


@given(GAMES_FROM_ANYWHERE)
def test_the_score_is_the_start_plus_the_hand_results(game: GameState) -> None:
    """After every hand: the hand's result is score_hand of its sheet, and the score moves by its totals;
    the final score is the initial score plus the sum of the results."""
    rules = game.rules
    for before, _, after in _steps(game):
        if len(after.results) == len(before.results):
            continue
        hand = before.hand
        assert hand is not None
        result = after.results[-1]
        assert result.bids == hand.bids
        assert sum(result.tricks_won) == rules.cards_each
        sheet = score_hand(rules, list(hand.bids), list(result.tricks_won), bags_before=list(before.bags))
        assert sheet == result
        expected = [_side_points(rules, seats, hand.bids, result.tricks_won, before.bags[side])
                    for side, seats in enumerate(rules.sides)]
        assert list(zip(result.totals, result.bags_after, strict=True)) == expected
        assert after.scores == tuple(s + t for s, t in zip(before.scores, result.totals, strict=True))
        assert after.bags == result.bags_after
    assert len(game.results) == game.hands_played >= 1
    for side in range(rules.num_sides):
        total = sum(result.totals[side] for result in game.results)
        assert game.scores[side] == game.initial_scores[side] + total
    assert game.bags == game.results[-1].bags_after


@given(GAMES_FROM_ANYWHERE)
def test_the_game_ends_when_the_rules_say(game: GameState) -> None:
    """The rules page ("End of the game"): after each hand, the target (unique top), the losing score, then
    max_hands; otherwise the dealer passes left and the next hand is dealt."""
    for before, _, after in _steps(game):
        if len(after.results) == len(before.results):
            assert not after.is_over
            continue
        moon = _moon_side(after.rules, after.results[-1].bids, after.results[-1].tricks_won)
        over, winner = _game_end(after.rules, after.scores, len(after.results), moon)
        assert after.is_over == over
        if over:
            assert after.winner == winner
            assert after.hand is not None, "the rules page ('Fine points'): at game over the final hand stays visible"
            assert after.dealer == before.dealer
        else:
            assert after.winner is None
            assert after.phase is Phase.DEAL
            assert after.hand is None
            assert after.dealer == (before.dealer + 1) % after.rules.players
    assert game.is_over


# ---------------------------------------------------------------------------------------------- variants


@given(GAMES)
def test_every_hand_has_cards_each_tricks(game: GameState) -> None:
    for before, action, after in _steps(game):
        if len(after.results) > len(before.results) and isinstance(action, Play):
            assert before.hand is not None
            assert len(before.hand.completed_tricks) + 1 == game.rules.cards_each
        if after.phase is Phase.PLAY and before.phase is not Phase.PLAY:
            assert after.hand is not None
            assert [len(held) for held in after.hand.hands] == [game.rules.cards_each] * game.rules.players


@given(sst.games(_draw_rules()))
def test_two_player_draw_keeps_half_of_the_stock(game: GameState) -> None:
    """The rules page, "Two players: the draw": 26 turns (for the full deck) of two cards; each seat keeps 13
    and discards 13; the turns alternate from the non-dealer; a kept card is the top one unless rejected."""
    rules = game.rules
    turns = len(rules.deck) // 2
    for before, _, after in _steps(game):
        if before.phase is not Phase.DRAW or after.phase is Phase.DRAW:
            continue
        hand = after.hand
        assert hand is not None
        assert len(hand.draws) == turns
        assert [len(held) for held in hand.hands] == [rules.cards_each] * 2
        assert [len(hand.discards_of(seat)) for seat in (0, 1)] == [rules.cards_each] * 2
        stock = hand.deal.deck
        for turn, keep in enumerate(hand.draws):
            seat = (hand.dealer + 1 + turn) % 2
            kept, dropped = (stock[2 * turn], stock[2 * turn + 1]) if keep else (stock[2 * turn + 1], stock[2 * turn])
            assert kept in hand.hand_of(seat)
            assert dropped in hand.discards_of(seat)
        if rules.deck == Rules.two_player().deck:
            assert turns == 26
            assert rules.cards_each == 13


def test_draw_record_survives_the_bidding() -> None:
    """Regression (found by test_cards_are_conserved): the bids once dropped the draws and discards."""
    rules = Rules.two_player()
    state = apply(new_game(rules), Deal.shuffled(rules, 1))
    while state.phase is Phase.DRAW:
        state = apply(state, legal_actions(state)[0])
    state = apply(state, legal_actions(state)[1])  # the first bid
    assert state.hand is not None
    assert len(state.hand.draws) == 26
    assert [len(state.hand.discards_of(seat)) for seat in (0, 1)] == [13, 13]


@given(sst.games(sst.rules().map(_as_mirror)))
def test_mirror_targets_are_the_spades_held(game: GameState) -> None:
    """Mirror: at the start of play each seat's target is its number of spades (jokers and a promoted 2♦
    included); a spadeless seat is a nil."""
    rules = game.rules
    for before, _, after in _steps(game):
        if after.phase is not Phase.PLAY or before.phase is Phase.PLAY:
            continue
        hand = after.hand
        assert hand is not None
        spades = tuple(sum(rules.effective_suit(card) is Suit.SPADES for card in held) for held in hand.hands)
        assert hand.targets == spades
        assert all(bid is not None and bid.is_nil == (count == 0) for bid, count in zip(hand.bids, spades,
                                                                                          strict=True))


@given(sst.rules(variants=False, max_hands=None))
def test_presets_are_reachable_by_the_rules_strategy(rules: Rules) -> None:
    assert rules in Rules.presets().values()
    with pytest.raises(RulesError):
        rules.evolve(players=6)

"""The bids a score sheet may hold are exactly the bids play can reach: every sheet ``score_hand`` accepts can
be bid through ``apply`` (for some dealer, deal and scores before the hand), and every hand ``apply`` plays is
a sheet ``score_hand`` and a ``ScoreSheet`` at the game's scores accept (the rules page, "Scoring": the
engine and the score sheets share one bid rule).

The witnesses (the dealer, the hands, the scores) are found here from the rules page, not from the library's
sheet check: hands holding the spades each bid shows (whiz and mirror bid spade counts), and scores at
which each blind nil bidder trails by the deficit."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import event, given, note, settings
from hypothesis import strategies as st

from spades_rules import (
    Action,
    Bid,
    Card,
    Deal,
    DrawDecision,
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    RulesError,
    ScoreSheet,
    ScoreSheetError,
    apply,
    legal_actions,
    new_game,
    score_hand,
)
from spades_rules import strategies as sst


# ------------------------------------------------------------------------------------------- sheets -> play
@st.composite
def _sheets(draw: st.DrawFn) -> tuple[Rules, list[Bid]]:
    """Rules with bids, and one bid per seat: numbers and nils at random, or (half the time) the spade counts
    of a random deal, so that mirror and whiz sheets are often possible."""
    rules = draw(sst.rules().filter(lambda rules: rules.bid_format.has_bids))
    n, each = rules.players, rules.cards_each
    if draw(st.booleans()):
        deck = draw(sst.deals(rules)).deck
        counts = [sum(card in rules.trumps for card in deck[seat::n]) for seat in range(n)]
        if rules.deal_method == "draw":  # the kept halves are some cards of the stock: any counts that fit
            counts = [min(count, each) for count in counts]
        bids = [Bid(seat, count if draw(st.booleans()) else 0) for seat, count in enumerate(counts)]
    else:
        bids = [Bid(seat, draw(st.integers(0, each))) for seat in range(n)]
    bids = [Bid.blind_nil(bid.seat) if bid.tricks == 0 and draw(st.integers(0, 3)) == 0 else bid for bid in bids]
    return rules, bids


def _spade_counts(rules: Rules, bids: list[Bid]) -> list[int] | None:
    """Spades per seat for the bids (the rules page, "Bid formats"): whiz and mirror bids are the spades held
    (mirror's nil: none; whiz's nils take the spades nobody bid); None when the deck cannot give them. Other
    formats do not look at the spades: -1 per seat (any hand)."""
    n, each = rules.players, rules.cards_each
    spades = len(rules.trumps)
    if rules.bidding not in ("whiz", "mirror"):
        return [-1] * n
    counts = [bid.tricks for bid in bids]
    nils = [bid.seat for bid in bids if bid.tricks == 0 and rules.bidding == "whiz"]
    left = spades - sum(counts) if rules.deal_method == "deal" else 0
    for seat in nils:
        counts[seat] = min(left, each)
        left -= counts[seat]
    if left or not all(0 <= count <= each for count in counts):
        return None
    if sum(counts) > spades or n * each - sum(counts) > len(rules.deck) - spades:  # the draw keeps some cards
        return None
    return counts


def _hands(rules: Rules, counts: list[int], rng: random.Random) -> list[list[Card]]:
    """Hands holding ``counts`` spades each (the rest of the hand plain cards; -1: any cards), from the rules'
    deck."""
    if -1 in counts:
        deck = list(rules.deck)
        rng.shuffle(deck)
        return [deck[seat * rules.cards_each:(seat + 1) * rules.cards_each] for seat in range(rules.players)]
    trumps = [card for card in rules.deck if card in rules.trumps]
    plain = [card for card in rules.deck if card not in rules.trumps]
    rng.shuffle(trumps)
    rng.shuffle(plain)
    hands = []
    for count in counts:
        hands.append([trumps.pop() for _ in range(count)] + [plain.pop() for _ in range(rules.cards_each - count)])
    return hands


def _dealt(rules: Rules, start: GameState, hands: list[list[Card]], rng: random.Random) -> GameState:
    """``start`` after the deal (and, in the two-player draw, the draw) that gives ``hands``."""
    if rules.deal_method == "deal":
        return apply(start, Deal.from_hands(rules, start.dealer, hands))
    held = {card for hand in hands for card in hand}
    rest = [card for card in rules.deck if card not in held]
    rng.shuffle(rest)
    stock: list[Card] = []
    kept = [list(hand) for hand in hands]
    for turn in range(len(rules.deck) // 2):
        seat = (start.dealer + 1 + turn) % 2
        stock += [kept[seat].pop(), rest.pop()]  # the seat keeps the top card and discards the next
    state = apply(start, Deal(tuple(stock)))
    while state.phase is Phase.DRAW:
        state = apply(state, DrawDecision(state.to_act or 0, True))
    return state


def _candidate_scores(rules: Rules, bids: list[Bid]) -> Iterator[tuple[int, ...]]:
    """Scores before the hand to try: all level, and the blind nil bidders' sides trailing the others by the
    deficit (the others level at 0, or just under the target)."""
    sides = rules.num_sides
    yield (0,) * sides
    trailing = {rules.side_of(bid.seat) for bid in bids if bid.blind}
    deficit = rules.blind_nil_deficit or 0
    for top in (0, rules.target_score - 1):
        yield tuple(top - deficit if side in trailing else top for side in range(sides))


def _bid_through_apply(rules: Rules, bids: list[Bid], seed: int) -> bool:
    """Whether some dealer, deal and scores let ``apply`` make exactly these bids."""
    counts = _spade_counts(rules, bids)
    if counts is None:
        return False
    for scores in _candidate_scores(rules, bids):
        for dealer in range(rules.players):
            try:
                start = new_game(rules, dealer=dealer, scores=scores)
            except RulesError:  # scores that end the game, or out of bounds
                continue
            rng = random.Random(seed)
            state = _dealt(rules, start, _hands(rules, counts, rng), rng)
            try:
                while state.phase is Phase.BID:
                    state = apply(state, bids[state.to_act or 0])
            except IllegalActionError:  # not in this bidding order: try the next dealer
                continue
            assert state.hand is not None
            if list(state.hand.bids) == bids:
                return True
    return False


@settings(max_examples=300)
@given(_sheets(), st.integers(0, 2**16))
def test_every_sheet_score_hand_accepts_can_be_bid_through_apply(sheet: tuple[Rules, list[Bid]], seed: int) -> None:
    rules, bids = sheet
    tricks = [rules.cards_each] + [0] * (rules.players - 1)
    note(f"{rules!r} bids {[bid.label for bid in bids]}")
    try:
        score_hand(rules, bids, tricks)
        refusal = None
    except ScoreSheetError as error:
        refusal = str(error)
    event("refused" if refusal else "accepted")
    note(f"refusal: {refusal}")
    assert _bid_through_apply(rules, bids, seed) == (refusal is None)


# ------------------------------------------------------------------------------------------- play -> sheets
def _blind_often(state: GameState, rng: random.Random) -> Action:
    """Random play that bids blind nil a third of the times it may."""
    blind = [action for action in legal_actions(state) if isinstance(action, Bid) and action.blind]
    if blind and rng.random() < 1 / 3:
        return blind[0]
    return sst.random_action(state, rng)


@settings(max_examples=60)
@given(sst.games(policy=_blind_often, random_start=True))
def test_every_hand_apply_plays_is_a_sheet_the_score_sheets_accept(game: GameState) -> None:
    state = new_game(game.rules, dealer=game.first_dealer, scores=game.initial_scores, bags=game.initial_bags)
    for action in game.history:
        before, state = state, apply(state, action)
        if len(state.results) == len(before.results):
            continue
        result = state.results[-1]
        bids = list(result.bids) if game.rules.bid_format.has_bids else None
        assert score_hand(game.rules, bids, list(result.tricks_won), bags_before=list(before.bags)) == result
        sheet = ScoreSheet(game.rules, scores=before.scores, bags=before.bags).add(bids, list(result.tricks_won))
        assert sheet.hands == (result,) and sheet.scores == state.scores

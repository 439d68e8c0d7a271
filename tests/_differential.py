"""The differential: the library and the independent model of ``tests/oracle`` play the same games side
by side, and every decision, hand score, view and game end is compared.

``play_and_compare`` plays one seeded game; ``random_options`` composes house-rule sets aggressively
(including contradictory ones, which the library must refuse exactly when the model does); ``Tally``
(``_fixtures``) counts what was compared.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from dataclasses import fields, replace
from typing import Any

import attrs

from _fixtures import Tally
from oracle import Options, OracleGame, Refusal, View, may_let_hide_own_hand, must_let_hide_own_hand, refusals, view_of
from oracle.actions import Action, bid_from_library, from_library
from oracle.bidding import blind_open
from oracle.codec import EXCHANGE_BASE_WITH_BLIND_BIDS, EXCHANGE_BASE_WITHOUT_BLIND_BIDS, code_of
from oracle.game import Result
from oracle.game_end import game_end
from oracle.options import HOUSE_RULES
from oracle.policy import choose, starting_scores
from oracle.scoring import score_hand as oracle_score_hand
from oracle.sheets import sheet_refusal
from oracle.views import BETWEEN_HANDS
from spades_rules import Bid as LibraryBid
from spades_rules import (
    Deal,
    GameState,
    HandScore,
    Observation,
    ObservationError,
    Rules,
    RulesError,
    ScoreSheet,
    ScoreSheetError,
    apply,
    dumps,
    from_dict,
    legal_actions,
    legal_codes,
    loads,
    new_game,
    observe,
    score_hand,
    to_dict,
)

SIDE_FIELDS = (
    "contract", "tricks", "made", "contract_points", "bags", "bag_points", "bag_penalty", "nil_points",
    "trick_points", "total", "bags_after",
)  # fmt: skip


def library_options() -> frozenset[str]:
    """The option names the library's ``Rules`` has."""
    return frozenset(attrs.fields_dict(Rules)) - {"tables"}


def house_rules_landed() -> bool:
    """Whether the library has every house-rule option (the model covers them all either way)."""
    return set(HOUSE_RULES) <= library_options()


def house_options() -> list[str]:
    """The house-rule options the library has so far."""
    return sorted(set(HOUSE_RULES) & library_options())


def house_values_landed() -> bool:
    """Whether the library takes the values the house rules add to older options (``spade_lead=
    "after_first_trick"``, ``failed_nil_tricks="ignored"``, ``redeal_on`` ``"seven_card_suit"``)."""
    try:
        Rules(spade_lead="after_first_trick", failed_nil_tricks="ignored", redeal_on=["seven_card_suit"])
    except RulesError:
        return False
    return True


class Disagreement(AssertionError):
    """The library and the model disagree; the message says where and how to replay it."""


# ----------------------------------------------------------------------------------------- comparing
Context = Callable[[], str]
"""Where a comparison is, for the message of a disagreement (built only when one is found)."""


def _differ(what: str, library: object, model: object, context: Context) -> Disagreement:
    return Disagreement(f"{what} differs\n  library: {library!r}\n  model:   {model!r}\n{context()}")


def _context(rules: Rules, seed: int, state: GameState) -> Context:
    def describe() -> str:
        actions = " ".join(str(action) for action in state.hand_actions)
        return f"  rules: {rules!r}\n  seed: {seed}\n  hands played: {state.hands_played}\n  this hand: {actions}"

    return describe


def _seen(view: Observation) -> View:
    """A library view in the model's shape."""
    current = view.current_trick
    return View(
        phase=view.phase.value,
        dealer=view.dealer,
        to_act=view.to_act,
        hand=None if view.hand is None else tuple(view.hand),
        hand_sizes=tuple(view.hand_sizes),
        bids=tuple(bid_from_library(bid) for bid in view.bids),
        tricks=tuple((trick.leader, tuple(trick.cards), trick.winner) for trick in view.tricks),  # type: ignore[misc]
        current_trick=None if current is None else (current.leader, tuple(current.cards)),
        tricks_won=tuple(view.tricks_won),
        spades_broken=view.spades_broken,
        voids=tuple(tuple(suits) for suits in view.voids),
        known_cards=tuple(tuple(cards) for cards in view.known_cards),
        exchanges=tuple((ex.giver, ex.receiver, ex.size, ex.cards) for ex in view.exchanges),
        pending_exchanges=tuple((giver, receiver) for giver, receiver in view.pending_exchanges),
        draws=tuple(view.draws),
        own_draws=tuple((turn.keep, turn.kept, turn.discarded) for turn in view.own_draws),
        draw_card=view.draw_card,
        stock_remaining=view.stock_remaining,
        scores=tuple(view.scores),
        bags=tuple(view.bags),
        results=len(view.results),
        winner=view.winner,
        legal_actions=frozenset(from_library(action) for action in view.legal_actions),
    )


def _compare_views(state: GameState, game: OracleGame, seat: int, context: Context, tally: Tally) -> None:
    names = [f.name for f in fields(View)] if game.hand is not None else list(BETWEEN_HANDS)
    expected, seen = view_of(game, seat), _seen(observe(state, seat))
    for name in names:
        if getattr(seen, name) != getattr(expected, name):
            raise _differ(f"seat {seat}'s view: {name}", getattr(seen, name), getattr(expected, name), context)
    tally.views += 1
    if game.phase != "bid":
        return
    try:
        hidden = observe(state, seat, hide_own_hand=True)
    except ObservationError:
        if must_let_hide_own_hand(game, seat):
            raise _differ(f"hiding seat {seat}'s cards", "refused", "allowed (a blind bid is open)", context) from None
        return
    if not may_let_hide_own_hand(game, seat):
        raise _differ(f"hiding seat {seat}'s cards", "allowed", "refused (no blind bid can be open)", context)
    expected = view_of(game, seat, hide_own_hand=True)
    for name in ("hand", "legal_actions", "hand_sizes", "bids"):
        if getattr(_seen(hidden), name) != getattr(expected, name):
            library, model = getattr(_seen(hidden), name), getattr(expected, name)
            raise _differ(f"seat {seat}'s hidden view: {name}", library, model, context)
    tally.events["hidden views"] += 1


def _compare_point(state: GameState, game: OracleGame, context: Context, tally: Tally, all_views: bool) -> None:
    for what, library, model in (
        ("phase", state.phase.value, game.phase),
        ("seat to act", state.to_act, game.to_act()),
        ("dealer", state.dealer, game.dealer),
        ("scores", tuple(state.scores), tuple(game.scores)),
        ("bags", tuple(state.bags), tuple(game.bags)),
        ("hands played", state.hands_played, len(game.results)),
        ("game over", state.is_over, game.is_over),
        ("winner", state.winner, game.winner),
    ):
        if library != model:
            raise _differ(what, library, model, context)
    listed = [from_library(action) for action in legal_actions(state)]
    expected = game.legal()
    if len(set(listed)) != len(listed) or set(listed) != set(expected):
        missing = sorted(map(str, set(expected) - set(listed)))
        extra = sorted(map(str, set(listed) - set(expected)))
        raise _differ("legal actions", f"extra {extra}", f"missing from the library {missing}", context)
    base = EXCHANGE_BASE_WITH_BLIND_BIDS if "blind_bid_min" in library_options() else EXCHANGE_BASE_WITHOUT_BLIND_BIDS
    codes = tuple(sorted(code_of(action, base) for action in expected))
    if tuple(legal_codes(state)) != codes:
        raise _differ("legal codes", legal_codes(state), codes, context)
    tally.legal_actions += len(expected)
    hand = state.hand
    if hand is not None and game.hand is not None:
        for what, library_value, model_value in (
            ("hands", tuple(tuple(cards) for cards in hand.hands), tuple(tuple(sorted(c)) for c in game.hand.held)),
            ("tricks won", tuple(hand.tricks_won), tuple(game.hand.won or [0] * state.rules.players)),
            ("spades broken", hand.spades_broken, game.hand.broken),
        ):
            if library_value != model_value:
                raise _differ(what, library_value, model_value, context)
    seats = range(state.rules.players) if all_views else [seat for seat in (state.to_act,) if seat is not None]
    for seat in seats:
        _compare_views(state, game, seat, context, tally)


def _side_values(score: HandScore) -> list[tuple[Any, ...]]:
    return [tuple(getattr(side, name) for name in SIDE_FIELDS) for side in score.sides]


def _compare_result(rules: Rules, state: GameState, result: Result, context: Context, tally: Tally) -> None:
    library = state.results[-1]
    if tuple(map(bid_from_library, library.bids)) != result.bids or tuple(library.tricks_won) != result.tricks:
        raise _differ("score sheet", (library.bids, library.tricks_won), (result.bids, result.tricks), context)
    expected = [tuple(getattr(line, name) for name in SIDE_FIELDS) for line in result.lines]
    if _side_values(library) != expected:
        raise _differ(f"hand score {SIDE_FIELDS}", _side_values(library), expected, context)
    sheet_bids = None if rules.bidding == "none" else list(library.bids)
    again = score_hand(rules, sheet_bids, result.tricks, bags_before=result.bags_before)
    if again != library:
        raise _differ("score_hand on the hand's sheet", again, library, context)
    tally.hands += 1
    tally.sheets += 1
    for line in result.lines:
        for happened, name in (
            (line.made is False, "sets"),
            (line.bag_penalty < 0, "bag penalties"),
            (line.nil_points > 0, "nils made"),
            (line.nil_points < 0, "nils failed"),
            (line.moon, "moons"),
        ):
            if happened:
                tally.events[name] += 1
    bids = [bid for bid in result.bids if bid is not None]
    tally.events["blind nils"] += sum(1 for bid in bids if bid.blind and bid.is_nil)
    tally.events["blind bids"] += sum(1 for bid in bids if bid.blind and not bid.is_nil)


def _with(text: str, context: Context) -> Context:
    return lambda: text + context()


def _more_sheets(
    rules: Rules, state: GameState, result: Result, rng: random.Random, context: Context, tally: Tally
) -> None:
    """The hand's bids again with other tricks (random, or one side's bidders taking them all) and bags."""
    options, players = Options.of(rules), rules.players
    tricks_per_hand = rules.tricks_per_hand
    for attempt in range(3):
        tricks = [0] * players
        if attempt == 0:
            side = rng.randrange(rules.num_sides)
            bidders = [s for s in rules.sides[side] if result.bids[s] is None or not result.bids[s].is_nil]  # type: ignore[union-attr]
            for _ in range(tricks_per_hand):
                tricks[rng.choice(bidders or list(rules.sides[side]))] += 1
        else:
            for _ in range(tricks_per_hand):
                tricks[rng.randrange(players)] += 1
        limit = rules.bag_limit
        bags_before = [rng.randrange(limit) if limit is not None else rng.randrange(30) for _ in rules.sides]
        sheet_bids = None if rules.bidding == "none" else list(state.results[-1].bids)
        library = score_hand(rules, sheet_bids, tricks, bags_before=bags_before)
        model = oracle_score_hand(options, result.bids, tricks, bags_before)
        expected = [tuple(getattr(line, name) for name in SIDE_FIELDS) for line in model]
        if _side_values(library) != expected:
            sheet = f"  sheet: bids {result.bids} tricks {tricks} bags before {bags_before}\n"
            raise _differ("score_hand", _side_values(library), expected, _with(sheet, context))
        tally.sheets += 1
        tally.events["moon sheets"] += sum(1 for line in model if line.moon)


def play_and_compare(
    rules: Rules, seed: int, *, all_views: bool = True, max_hands: int = 4, more_sheets: bool = True
) -> Tally:
    """Play one seeded game with both engines, comparing every decision; returns what was compared."""
    rng, tally = random.Random(seed), Tally(games=1)
    if rules.max_hands is None or rules.max_hands > max_hands:
        rules = rules.evolve(max_hands=rng.randint(1, max_hands))
    dealer = rng.randrange(rules.players)
    scores = starting_scores(rng, rules.num_sides, rules.target_score, rules.losing_score)
    over = scores is not None and game_end(replace(Options.of(rules), max_hands=None), scores, 0, None)[0]
    try:
        state = new_game(rules, dealer=dealer, scores=scores)
    except RulesError as error:
        if not over:
            raise Disagreement(f"new_game refuses starting scores {scores} ({error}): {rules!r}") from None
        state, scores = new_game(rules, dealer=dealer), None
    else:
        if over:
            raise Disagreement(f"new_game accepts starting scores {scores} that end the game: {rules!r}")
    game = OracleGame(Options.of(rules), dealer=dealer, scores=scores)
    for _ in range(100_000):
        context = _context(rules, seed, state)
        _compare_point(state, game, context, tally, all_views)
        if state.is_over:
            break
        if state.is_chance:
            deal = Deal.shuffled(rules, rng.getrandbits(64))
            state = apply(state, deal)
            game.deal(deal.deck)
            continue
        listed = {from_library(action): action for action in legal_actions(state)}
        action = choose(rng, list(listed))
        _note(game, action, tally)
        hands_before = len(game.results)
        state = apply(state, listed[action])
        game.apply(action)
        tally.decisions += 1
        if len(game.results) > hands_before:
            _compare_result(rules, state, game.results[-1], context, tally)
            if more_sheets:
                _more_sheets(rules, state, game.results[-1], rng, context, tally)
    else:
        raise Disagreement(f"the game did not end\n{_context(rules, seed, state)()}")
    tally.events["games won" if state.winner is not None else "games drawn"] += 1
    _compare_records(state, game, _context(rules, seed, state))
    _compare_score_sheet(rules, state, game, _context(rules, seed, state))
    return tally


def _compare_records(state: GameState, game: OracleGame, context: Context) -> None:
    """The game's record holds the actions the model was told, and replays to the same game."""
    played = [from_library(action) for action in state.history if not isinstance(action, Deal)]
    if played != game.actions:
        raise _differ("the record's actions", list(map(str, played)), list(map(str, game.actions)), context)
    if from_dict(to_dict(state)) != state or loads(dumps(state)) != state:
        raise _differ("the replayed record", "a different game", "the same game", context)


def _compare_score_sheet(rules: Rules, state: GameState, game: OracleGame, context: Context) -> None:
    """A running score sheet fed the game's hands ends where the game ended."""
    sheet = ScoreSheet(rules, scores=game.initial_scores, bags=game.initial_bags)
    for score in state.results:
        sheet = sheet.add(None if rules.bidding == "none" else list(score.bids), list(score.tricks_won))
    for what, library, model in (
        ("the score sheet's scores", tuple(sheet.scores), tuple(game.scores)),
        ("the score sheet's bags", tuple(sheet.bags), tuple(game.bags)),
        ("the score sheet's end", (sheet.is_over, sheet.winner), (game.is_over, game.winner)),
    ):
        if library != model:
            raise _differ(what, library, model, context)


def _note(game: OracleGame, action: Action, tally: Tally) -> None:
    name = type(action).__name__
    if name in ("Redeal", "Exchange", "DrawDecision"):
        tally.events[name.lower()] += 1
    if game.phase == "bid" and game.hand is not None and blind_open(game.options, game.scores, action.seat):
        tally.events["blind bids open"] += 1


# ----------------------------------------------------------------------------------------- rule sets
def _names(refusal: Refusal, message: str) -> bool:
    """Whether a refusal's message names its options: every house-rule option of it, and (when it involves
    several) at least two."""
    named = [name for name in refusal.options if name in message]
    house = [name for name in refusal.options if name in HOUSE_RULES]
    return all(name in named for name in house) and len(named) >= min(2, len(refusal.options))


def check_rule_set(options: dict[str, Any], seed: int, tally: Tally, **play: Any) -> None:
    """Build ``Rules(**options)``; it must be refused exactly when the model refuses it, naming the
    options; an accepted set is then played."""
    known = library_options()
    expected = refusals(options, known, house_rules=house_values_landed())
    tally.rule_sets += 1
    try:
        rules = Rules(**options)
    except RulesError as error:
        if not expected:
            raise Disagreement(f"the library refuses rules the model accepts: {options!r}\n  {error}") from None
        tally.refused += 1
        if not any(_names(refusal, str(error)) for refusal in expected):
            if all(set(refusal.options) & set(HOUSE_RULES) for refusal in expected):
                raise Disagreement(f"the refusal does not name the options {expected}: {error}") from None
            tally.events["refusals naming other options"] += 1
        return
    if expected:
        why = "; ".join(f"{', '.join(r.options)}: {r.why} ({r.source})" for r in expected)
        raise Disagreement(f"the library accepts rules the model refuses: {options!r}\n  {why}")
    tally.add(play_and_compare(rules, seed, **play))


# ----------------------------------------------------------------------------------------- score sheets
def random_sheet(rng: random.Random, rules: Rules) -> tuple[list[LibraryBid] | None, list[int], list[int]]:
    """A random score sheet: bids drawn from everything a sheet can say (often something the rules
    forbid), tricks that usually add up to a hand, and bags carried in."""
    players, in_hand = rules.players, rules.tricks_per_hand
    blind_numbers = "blind_bid_min" in library_options()
    bids: list[LibraryBid] | None = None
    if rules.bidding != "none" or rng.random() < 0.1:
        bids = []
        for seat in range(players):
            roll = rng.random()
            if roll < 0.2:
                bids.append(LibraryBid(seat, 0))
            elif roll < 0.3:
                bids.append(LibraryBid(seat, 0, blind=True))
            elif roll < 0.38 and blind_numbers:
                bids.append(LibraryBid(seat, rng.randint(1, in_hand), blind=True))
            else:
                bids.append(LibraryBid(seat, rng.choice([rng.randint(1, 5), rng.randint(1, in_hand)])))
    tricks = [0] * players
    if bids is not None and rng.random() < 0.15:  # a side bids every trick and takes them all: a moon
        bidders = list(rules.sides[rng.randrange(rules.num_sides)])
        first = rng.randint(1, in_hand) if len(bidders) > 1 else in_hand
        for seat, number in zip(bidders, (first, in_hand - first), strict=False):
            bids[seat] = LibraryBid(seat, number, blind=bids[seat].blind and number > 0 and blind_numbers)
            tricks[seat] = number
    else:
        for _ in range(in_hand + rng.choice([0, 0, 0, 0, -1, 1])):
            tricks[rng.randrange(players)] += 1
    limit = rules.bag_limit
    bags = [rng.randrange(limit + 1) if limit is not None else rng.randrange(20) for _ in rules.sides]
    return bids, tricks, bags


def _takes_partial() -> bool:
    """Whether ``score_hand`` has the ``partial`` switch (without it, a sheet may total less than a hand)."""
    return "partial" in inspect.signature(score_hand).parameters


def check_sheets(rules: Rules, rng: random.Random, count: int, tally: Tally) -> None:
    """Random sheets: ``score_hand`` must refuse exactly those the model refuses, and score the others alike."""
    options, switch = Options.of(rules), _takes_partial()
    for _ in range(count):
        bids, tricks, bags = random_sheet(rng, rules)
        partial = not switch or rng.random() < 0.3
        model_bids = None if bids is None else [bid_from_library(bid) for bid in bids]
        why = sheet_refusal(options, model_bids, tricks, bags, partial=partial)
        sheet = f"  rules: {rules!r}\n  sheet: bids {bids} tricks {tricks} bags before {bags}, partial {partial}"
        extra: dict[str, bool] = {"partial": partial} if switch else {}
        try:
            library = score_hand(rules, bids, tricks, bags_before=bags, **extra)
        except ScoreSheetError as error:
            if why is None:
                raise Disagreement(f"score_hand refuses a sheet the model scores: {error}\n{sheet}") from None
            tally.events["sheets refused"] += 1
            continue
        if why is not None:
            raise Disagreement(f"score_hand scores a sheet the model refuses ({why})\n{sheet}")
        model = oracle_score_hand(options, model_bids or [None] * rules.players, tricks, bags)
        expected = [tuple(getattr(line, name) for name in SIDE_FIELDS) for line in model]
        if _side_values(library) != expected:
            raise Disagreement(f"score_hand differs\n  library {_side_values(library)}\n  model   {expected}\n{sheet}")
        tally.sheets += 1
        tally.events["moon sheets"] += sum(1 for line in model if line.moon)
        tally.events["sheets with a set"] += any(line.made is False for line in model)

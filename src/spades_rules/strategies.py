"""Hypothesis strategies for property-testing code built on :mod:`spades_rules`.

They need `hypothesis <https://hypothesis.readthedocs.io>`_, the optional ``testing`` extra: from a
checkout, ``pip install -e '.[testing]'`` (or just ``pip install hypothesis``). The strategies draw:

- :func:`presets`: one of the named presets of :meth:`Rules.presets() <spades_rules.rules.Rules.presets>`;
- :func:`rules`: valid :class:`~spades_rules.rules.Rules`: the presets and random house-rule combinations
  (player count, deck, jokers and trump order, bid format, nil and blind nil, scoring, game end, leads,
  redeals). Every draw is a valid combination by construction, and by default every draw has a small
  ``max_hands`` so that randomly played games end after one to three hands;
- :func:`deals`: the chance action of a hand (a shuffled deck);
- :func:`games`: a finished game reached by random legal play;
- :func:`states`: any state reachable by random legal play (mid-bidding, mid-trick, between hands, over...);
- :func:`action_sequences`: ``(rules, actions)`` pairs whose actions are legal from ``new_game(rules)``.

Games stay small and shrink fast. Each hand of a drawn game (its deal and every choice of the random
players) comes from one seed that Hypothesis draws when the hand is dealt, so a game is a handful of
Hypothesis choices, not hundreds: a failing game shrinks in seconds, towards a preset, fewer hands
(default rules end after 1 to 3 hands, and the ``max_hands`` backstop of :func:`games` is itself drawn
from 1 up) and seeds near 0, and replays exactly. :func:`random_action` and :func:`play_randomly` are the
same random players for use outside Hypothesis (with a :class:`random.Random`).

States print compactly in Hypothesis's report: a failing state prints as a ``loads(...)`` call on its short
summary and its text record (:func:`~spades_rules.records.dumps`), ready to paste into a test. See
the "Property tests" section of the embedding guide for the settings a test of whole games needs
(``deadline=None``, ``note(dumps(game))``).

Example: a table plays with 5-bag penalties of 50 points and to 300, and wants to know that its
running score always equals the sum of the hand results::

    from hypothesis import given

    from spades_rules import Rules
    from spades_rules import strategies as sst

    HOUSE = Rules.standard().evolve(bag_limit=5, bag_penalty=50, target_score=300)

    @given(sst.games(HOUSE, policy="sensible"))
    def test_score_is_the_sum_of_the_hands(game):
        for side in range(game.rules.num_sides):
            hands = sum(result.totals[side] for result in game.results)
            assert game.scores[side] == game.initial_scores[side] + hands

    @given(sst.rules(players=4))     # or across presets and random house rules
    def test_my_bot_always_bids_legally(rules):
        ...

``games(HOUSE)`` adds a ``max_hands`` backstop because ``HOUSE`` sets none: with random play a game to
300 may never end. Each game draws its backstop ``k`` from 1 to 3 (``max_hands=`` changes the 3), shrinking
towards 1, and ``game.rules`` is then ``HOUSE.evolve(max_hands=k)``.
"""

from __future__ import annotations

import functools
import random
from collections import deque
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any, Final, Literal, TypeAlias

try:
    from hypothesis import event, reject
    from hypothesis import strategies as st
    from hypothesis.strategies import SearchStrategy
except ImportError as _error:  # pragma: no cover - exercised only without the extra
    from spades_rules._core.messages import missing_extra

    raise missing_extra("spades_rules.strategies", "testing", _error) from _error

from spades_rules._core.checks import integer_or_none, not_a_state, random_source, read_items
from spades_rules._core.deck import REDEAL_TESTS, deck_cards, deck_shares, default_removed, promoted_cards
from spades_rules._core.exchanges import exchange_size
from spades_rules._core.messages import clip, describe
from spades_rules.actions import Action, Bid, Deal, Exchange, Redeal
from spades_rules.cards import Card, Rank, Suit
from spades_rules.engine import apply, legal_actions, new_game
from spades_rules.errors import ArgumentTypeError, IllegalActionError, IllegalReason, RulesError, SpadesError
from spades_rules.rules import Rules
from spades_rules.rules.bid_formats import BID_FORMATS
from spades_rules.state import GameState, Phase

__all__ = [
    "GamePolicy",
    "action_sequences",
    "deals",
    "games",
    "play_randomly",
    "presets",
    "random_action",
    "rules",
    "states",
]

GamePolicy: TypeAlias = Literal["random", "sensible"] | Callable[[GameState, random.Random], Action]
"""How the random players choose: ``"random"`` (uniform over the legal actions, but for the house rules
whose hands uniform bids would almost never reach: see :func:`random_action`), ``"sensible"`` (bids about
the tricks its hand can take and never bids blind or calls a redeal; plays at random), or a function
``(state, rng) -> action`` called whenever a seat is to act (the deals stay random)."""

_DEFAULT_MAX_HANDS: Final = 3
"""The hand limit of the drawn games whose rules set none (a game must end, and quickly)."""
_MAX_REDEALS: Final = 3
"""Random players call at most this many redeals in a row, then bid: a game always moves on."""
_STOPS: Final = ("anywhere", "deal", "draw", "bid", "exchange", "lead", "mid_trick", "game_over")

_PLAYERS: Final = (2, 3, 4, 5)


# ---------------------------------------------------------------------------------------------- rules
def _player_counts(players: int | Collection[int] | None) -> tuple[int, ...]:
    if players is None:
        return _PLAYERS
    number = integer_or_none(players)
    if number is not None:
        counts: tuple[object, ...] = (number,)
    elif isinstance(players, str | bytes):
        counts = ()
    else:
        try:
            counts = tuple(map(integer_or_none, read_items(players, "players", "player counts", error=RulesError)))
        except RulesError:
            counts = ()
    if not counts or any(count not in _PLAYERS for count in counts):
        raise RulesError(f"players must be among 2, 3, 4, 5, not {describe(players)}")
    return tuple(sorted({count for count in counts if type(count) is int}))  # each is one of _PLAYERS


def presets(*, players: int | Collection[int] | None = None) -> SearchStrategy[Rules]:
    """One of the named presets (:meth:`Rules.presets() <spades_rules.rules.Rules.presets>`), unchanged.

    ``players`` keeps the presets for that player count (or those counts). Presets set no ``max_hands``:
    random play of a preset game may take very long to reach its target; :func:`rules` adds a backstop.
    """
    return st.sampled_from(_presets_for(_player_counts(players)))


@functools.cache
def _presets_for(counts: tuple[int, ...]) -> tuple[Rules, ...]:
    """The presets for these player counts, built once (building them at every draw slowed shrinking)."""
    return tuple(value for value in Rules.presets().values() if value.players in counts)


def rules(
    *,
    players: int | Collection[int] | None = None,
    variants: bool = True,
    max_hands: int | None = _DEFAULT_MAX_HANDS,
) -> SearchStrategy[Rules]:
    """Valid :class:`~spades_rules.rules.Rules`: presets and random house-rule combinations.

    Each draw starts from a preset (:func:`presets`); with ``variants=True`` (the default) about half the draws
    then change a random subset of the options, always into a valid combination: the table (2-5
    players, partnerships, the draw, jokers, the trump order, removed cards), the bid format and its
    options (nil and its value, blind nil with its value, deficit and exchange, minimum bid, team
    minimum, both partners nil, "no 13", team bidding order), scoring (set penalty, failed-nil tricks,
    bag value, limit, penalty and overflow), game end (target, losing score), play (first lead, spade
    lead) and redeal conditions. Shrinking goes towards the unchanged presets.

    ``players`` keeps only rules for that player count (or those counts). ``max_hands`` (default 3) caps
    every drawn game at 1 to ``max_hands`` hands so that games played at random end quickly; ``None``
    leaves the game length to the rules (presets have no cap, house rules may draw one).
    """
    return _rules(_player_counts(players), variants, _checked_max_hands(max_hands))


def _checked_max_hands(max_hands: int | None) -> int | None:
    if max_hands is not None and (type(max_hands) is not int or max_hands < 1):
        raise RulesError(f"max_hands must be a positive integer or None, not {describe(max_hands)}")
    return max_hands


@st.composite
def _rules(draw: st.DrawFn, counts: tuple[int, ...], variants: bool, max_hands: int | None) -> Rules:
    base = draw(presets(players=counts))
    options: dict[str, Any] = base.options()
    if variants and draw(st.booleans()):
        _draw_house_rules(draw, options, counts)
    if max_hands is not None:
        options["max_hands"] = draw(st.integers(1, max_hands))
    repairs = list(_REPAIRS)
    while True:
        try:
            return Rules(**options)
        except RulesError as error:
            if not repairs or repairs[0] not in str(error):  # pragma: no cover - valid by construction
                event(f"rules strategy: rejected an invalid combination ({error})")
                reject()
            options[repairs.pop(0)] = None  # a cap or blind minimum no round of bids could keep with the rest


_REPAIRS: Final = ("max_team_bid", "blind_bid_min")
"""The options :func:`rules` drops, in turn, when the other draws leave them impossible to keep."""


def _draw_house_rules(draw: st.DrawFn, options: dict[str, Any], counts: tuple[int, ...]) -> None:
    """Change a random subset of ``options`` (a preset's) in place, keeping the combination valid."""
    if draw(st.booleans()):
        _draw_table(draw, options, counts)
    cards_each = _cards_each(options)
    partnerships = options["partnerships"]
    change_bidding = draw(st.booleans())
    _draw_bidding(draw, options, cards_each, partnerships, change=change_bidding)
    if draw(st.booleans()):
        _draw_scoring(draw, options)
    if draw(st.booleans()):
        _draw_game_end(draw, options)
    if draw(st.booleans()):
        _draw_play(draw, options)
    if BID_FORMATS[options["bidding"]].has_bidding_phase and draw(st.booleans()):
        options["redeal_on"] = [condition for condition in REDEAL_TESTS if draw(st.booleans())]


def _cards_each(options: dict[str, Any]) -> int:
    """The hand size of a valid table described by ``options`` (the rules page's deck table), no Rules built."""
    players: int = options["players"]
    removed = options["removed_cards"]
    if removed is None:
        removed = default_removed(players, options["with_jokers"])
    removed = [Card.parse(card) if isinstance(card, str) else card for card in removed]
    return len(deck_cards(options["with_jokers"], removed)) // deck_shares(players, options["deal_method"])


def _draw_table(draw: st.DrawFn, options: dict[str, Any], counts: tuple[int, ...]) -> None:
    players = draw(st.sampled_from(counts))
    partnerships = players == 4 and draw(st.booleans())
    deal_method = draw(st.sampled_from(("draw", "deal"))) if players == 2 else "deal"
    with_jokers = draw(st.booleans())
    trump_order = draw(st.sampled_from(("ace_high", "deuce_of_spades_high", "joker_joker_deuce_deuce")))
    fixed = set(promoted_cards(trump_order))
    options.update(
        players=players, partnerships=partnerships, deal_method=deal_method, with_jokers=with_jokers,
        trump_order=trump_order, removed_cards=None,
    )
    if deal_method == "draw":
        options["draw_second_card_seen"] = draw(st.booleans())
    pool = deck_cards(with_jokers, ())
    removable = [card for card in pool if card not in fixed]
    if not (set(default_removed(players, with_jokers)) & fixed) and draw(st.booleans()):
        return  # the default deck for this table
    per_seat = deck_shares(players, deal_method)
    extra = len(pool) % per_seat
    if draw(st.booleans()):
        extra += per_seat  # a shorter hand: one card fewer each
    removed = []
    for _ in range(extra):  # distinct cards without rejection sampling (unique lists reject duplicates)
        removed.append(removable.pop(draw(st.integers(0, len(removable) - 1))))
    options["removed_cards"] = [str(card) for card in sorted(removed)]


def _draw_bidding(
    draw: st.DrawFn, options: dict[str, Any], cards_each: int, partnerships: bool, *, change: bool
) -> None:
    """Draw (or, when ``change`` is False, only repair) the bid format and the options that depend on it."""
    formats = [name for name, fmt in BID_FORMATS.items() if partnerships or not fmt.needs_partnerships]
    bidding = draw(st.sampled_from(formats)) if change else options["bidding"]
    if bidding not in formats:
        bidding = "standard"
    options["bidding"] = bidding
    fmt = BID_FORMATS[bidding]
    if not fmt.has_bids:
        options["nil"] = False
    elif fmt.nil_forced:
        options["nil"] = True
    elif change:
        options["nil"] = draw(st.booleans())
    if not fmt.blind_bids_possible or not options["nil"]:
        options["blind_nil"] = False
    elif change:
        options["blind_nil"] = draw(st.booleans())
    if not partnerships or not fmt.has_bidding_phase:
        options["bid_order"] = "clockwise"
    elif change:
        options["bid_order"] = draw(st.sampled_from(("clockwise", "partners_consecutive")))
    if not partnerships or not fmt.team_minimum_applies:
        options["team_min_bid"] = None
    elif change:
        options["team_min_bid"] = draw(st.one_of(st.none(), st.integers(1, min(cards_each, 6)), st.just(cards_each)))
    if not partnerships or not fmt.both_partners_nil_applies:
        options["both_partners_nil"] = True
    elif change:
        options["both_partners_nil"] = draw(st.booleans())
    if change:
        options["min_bid"] = draw(st.one_of(st.integers(1, min(cards_each, 3)), st.integers(1, cards_each)))
        options["nil_value"] = draw(st.sampled_from((100, 50, 0, 75)))
        options["blind_nil_value"] = draw(st.sampled_from((200, 100, 0, 300)))
        options["blind_nil_deficit"] = draw(st.one_of(st.none(), st.sampled_from((100, 0, 50, 200))))
        options["blind_nil_exchange"] = draw(st.integers(0, min(cards_each, 3)))
    # a smaller hand may leave numbers out of range: clamp them
    options["min_bid"] = min(options["min_bid"], cards_each)
    options["blind_nil_exchange"] = min(options["blind_nil_exchange"], cards_each)
    if options["team_min_bid"] is not None:
        options["team_min_bid"] = min(options["team_min_bid"], cards_each)
    # "no 13" needs a free choice for the last bidder: bids not forced, minimums below the hand size
    if fmt.bids_forced or max(options["min_bid"], options["team_min_bid"] or 0) >= cards_each:
        options["forbid_total_equal_tricks"] = False
    elif change:
        options["forbid_total_equal_tricks"] = draw(st.booleans())
    if not fmt.has_bidding_phase:
        options["redeal_on"] = []  # a redeal is called before the first bid: it needs a bidding phase
    _draw_bidding_house_rules(draw, options, cards_each, partnerships, change=change)


def _draw_bidding_house_rules(
    draw: st.DrawFn, options: dict[str, Any], cards_each: int, partnerships: bool, *, change: bool
) -> None:
    """The house rules of the bidding: the cap on a partnership's bid, blind numbers and nil passing, each
    drawn only where the format and the table allow it (a cap that no round of bids could keep is left out
    by :func:`_rules`)."""
    fmt = BID_FORMATS[options["bidding"]]
    if not partnerships or not fmt.numbers_chosen:
        options["max_team_bid"] = None
    elif change or draw(st.booleans()):
        low = max(options["min_bid"], options["team_min_bid"] or fmt.default_team_minimum or 1)
        options["max_team_bid"] = draw(st.one_of(st.none(), st.just(cards_each), st.integers(low, cards_each)))
    if not fmt.blind_bids_possible:
        options["blind_bid_min"] = None
    elif change or draw(st.booleans()):
        high = min(cards_each, options["max_team_bid"] or cards_each)
        low = min(options["min_bid"], high)
        options["blind_bid_min"] = draw(st.one_of(st.none(), st.integers(low, high)))
        options["blind_bid_deficit"] = draw(st.one_of(st.none(), st.sampled_from((100, 0, 50))))
        options["blind_bid_multiplier"] = draw(st.integers(1, 3))
    if options["blind_bid_min"] is not None:
        options["blind_bid_min"] = max(options["min_bid"], min(options["blind_bid_min"], cards_each))
    if not partnerships or not options["nil"] or not fmt.has_bidding_phase:
        options["nil_exchange"] = 0
    elif change or draw(st.booleans()):
        options["nil_exchange"] = draw(st.integers(0, min(cards_each, 2)))


def _draw_play(draw: st.DrawFn, options: dict[str, Any]) -> None:
    """The leads and the first trick's house rules."""
    options["first_lead"] = draw(st.sampled_from(("left_of_dealer", "lowest_club")))
    options["spade_lead"] = draw(st.sampled_from(("after_broken", "anytime", "after_first_trick")))
    options["first_trick_spades"] = draw(st.booleans())
    options["first_trick_lowest_club"] = options["first_lead"] == "lowest_club" and draw(st.booleans())


def _draw_scoring(draw: st.DrawFn, options: dict[str, Any]) -> None:
    options["set_penalty"] = draw(st.sampled_from(("minus_bid", "zero")))
    options["failed_nil_tricks"] = draw(st.sampled_from(("bags", "bags_no_points", "count_for_partner", "ignored")))
    fmt = BID_FORMATS[options["bidding"]]
    pairs = options["partnerships"] and options["nil"] and options["both_partners_nil"]
    if pairs and fmt.has_bids and not fmt.one_nil_per_side and draw(st.booleans()):
        options["double_nil_value"] = draw(st.sampled_from((200, 100, 300)))
        options["double_nil_penalty"] = draw(st.sampled_from((None, 0, 100)))
    options["ten_for_two_hundred"] = draw(st.booleans())
    options["moon"] = draw(st.sampled_from((None, "points", "win")))
    options["moon_points"] = draw(st.sampled_from((200, 250, 500)))
    options["bag_value"] = draw(st.integers(0, 2))
    options["bag_limit"] = draw(st.one_of(st.sampled_from((10, 5)), st.none(), st.integers(1, 12)))
    options["bag_penalty"] = draw(st.sampled_from((100, 50, 0)))
    options["bag_overflow"] = draw(st.sampled_from(("carry", "reset")))


def _draw_game_end(draw: st.DrawFn, options: dict[str, Any]) -> None:
    target = draw(st.one_of(st.sampled_from((500, 300, 200, 100)), st.integers(1, 600)))
    options["target_score"] = target
    options["losing_score"] = draw(st.one_of(st.none(), st.sampled_from((-200, -100)), st.integers(-400, 0)))
    if options["losing_score"] is not None and options["losing_score"] >= target:
        options["losing_score"] = None
    options["max_hands"] = draw(st.one_of(st.none(), st.integers(1, 10)))


def _rules_strategy(given: Rules | SearchStrategy[Rules] | None) -> SearchStrategy[Rules]:
    if given is None:
        return rules()
    if isinstance(given, Rules):
        return st.just(given)
    return given


# ---------------------------------------------------------------------------------------------- deals
def deals(rules: Rules) -> SearchStrategy[Deal]:
    """The chance action of one hand of ``rules``: its deck in a random order (shrinks to the sorted deck)."""
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"deals() needs a Rules value, not {describe(rules)}", parameter="rules")
    return st.permutations(rules.deck).map(lambda deck: Deal(tuple(deck)))


# ---------------------------------------------------------------------------------------------- players
def random_action(state: GameState, rng: random.Random, *, policy: GamePolicy = "random") -> Action:
    """One action for ``state`` chosen with ``rng``: a shuffled :class:`~spades_rules.actions.Deal` at a
    chance node, otherwise a legal action chosen by ``policy`` (see :data:`GamePolicy`).

    The ``"random"`` policy is uniform over the legal actions, except that under the house rules whose hands
    uniform bids would almost never reach, a bid now and then reaches them: a blind number (a quarter of the
    bids under ``blind_bid_min``), the partner's second nil under ``double_nil_value`` (half the time), and
    a side's contract of every trick under ``moon`` or of 10 or more under ``ten_for_two_hundred``.

    Raises :class:`~spades_rules.errors.IllegalActionError` (reason ``GAME_OVER``) once the game is over.
    """
    if type(state) is not GameState:
        raise not_a_state(state, "random_action")
    rng = random_source(rng, "random_action")
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise IllegalActionError(IllegalReason.GAME_OVER, "the game is over: there is no action to choose")
    if phase is Phase.DEAL:
        return Deal.shuffled(state.rules, rng)
    if callable(policy):
        try:
            chosen = policy(state, rng)
        except SpadesError:
            raise
        except Exception as error:  # a policy is the caller's function: its failure is named, not let out
            raise ArgumentTypeError(
                f"random_action: the policy {describe(policy)} failed on (state, rng): {type(error).__name__}: "
                f"{clip(str(error), 200)}"
            ) from error
        if not isinstance(chosen, Action):
            raise ArgumentTypeError(f"random_action: the policy returned {describe(chosen)}, not an action")
        return chosen
    hand = state.hand
    seat = state.to_act
    assert hand is not None
    assert seat is not None
    if phase is Phase.EXCHANGE:
        # uniform over the exchanges, without listing every combination of cards
        held = hand.hand_of(seat)
        return Exchange(seat, tuple(rng.sample(held, exchange_size(state.rules, hand))))
    actions = legal_actions(state)
    if phase is Phase.BID and policy == "sensible":
        return _sensible_bid(state, seat, actions)
    if phase is Phase.BID:
        steered = _house_rule_bid(state, seat, actions, rng)
        if steered is not None:
            return steered
    return rng.choice(actions)


def _house_rule_bid(state: GameState, seat: int, actions: Sequence[Action], rng: random.Random) -> Bid | None:
    """Now and then, the bid that reaches a house rule uniform bids would almost never reach (one hand in
    hundreds): a blind number under ``blind_bid_min``, the second nil of a double nil under
    ``double_nil_value``, a side's contract of every trick under ``moon`` or of 10 or more under
    ``ten_for_two_hundred``; None to choose uniformly."""
    rules = state.rules
    hand = state.hand
    assert hand is not None
    if rules.blind_bid_min is not None and rng.random() < 0.25:
        blind = [bid for bid in actions if isinstance(bid, Bid) and bid.blind and bid.tricks]
        if blind:
            return rng.choice(blind)
    partner = rules.partner_of(seat)
    partner_bid = None if partner is None else hand.bids[partner]
    second_nil = partner_bid is not None and partner_bid.tricks == 0 and not partner_bid.blind
    if rules.double_nil_value is not None and second_nil and Bid(seat, 0) in actions and rng.random() < 0.5:
        return Bid(seat, 0)
    bid_before = partner_bid.tricks if partner_bid is not None else 0 if partner is None else None
    if (rules.moon is not None or rules.ten_for_two_hundred) and bid_before is not None and rng.random() < 0.4:
        wanted = rules.tricks_per_hand if rules.moon is not None else rng.randint(10, max(10, rules.tricks_per_hand))
        if wanted > bid_before and Bid(seat, wanted - bid_before) in actions:
            return Bid(seat, wanted - bid_before)
    return None


def _sensible_bid(state: GameState, seat: int, actions: Sequence[Action]) -> Action:
    """The legal plain bid closest to a rough count of the tricks the hand should take."""
    rules = state.rules
    assert state.hand is not None
    held = state.hand.hand_of(seat)
    trumps = rules.trumps
    spades = [card for card in held if rules.effective_suit(card) is Suit.SPADES]
    estimate = sum(1 for card in spades if trumps.index(card) < 3) + max(0, len(spades) - 3)
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS):
        cards = [card for card in held if rules.effective_suit(card) is suit]
        estimate += sum(1 for card in cards if card.rank is Rank.ACE)
        estimate += sum(1 for card in cards if card.rank is Rank.KING and len(cards) > 1)
    # four players share the tricks; other tables scale the estimate to their hand size
    estimate = round(estimate * 4 / rules.players) if rules.players != 4 else estimate
    bids = [action for action in actions if isinstance(action, Bid) and not action.blind]
    if not bids:
        return actions[0]
    return min(bids, key=lambda bid: (abs(bid.tricks - estimate), bid.tricks))


def _trajectory(
    state: GameState, rng: random.Random, policy: GamePolicy, hand_seed: Callable[[], int] | None = None
) -> Iterator[GameState]:
    """The states of a random game from ``state`` on (``state`` first), until the game is over. With
    ``hand_seed``, ``rng`` is reseeded with ``hand_seed()`` at every deal (one Hypothesis draw per hand)."""
    redeals = 0
    yield state
    while not state.is_over:
        if hand_seed is not None and state.phase is Phase.DEAL:
            rng.seed(hand_seed())
        action = random_action(state, rng, policy=policy)
        if isinstance(action, Redeal):
            redeals += 1
            if redeals > _MAX_REDEALS:
                action = next(a for a in legal_actions(state) if not isinstance(a, Redeal))
        elif isinstance(action, Bid):
            redeals = 0
        state = apply(state, action)
        yield state


def play_randomly(
    state: GameState, rng: random.Random, *, policy: GamePolicy = "random", max_actions: int | None = None
) -> GameState:
    """Play ``state`` on with random legal actions (and random deals) until the game is over, or until
    ``max_actions`` actions have been applied. Deterministic for a given ``rng`` state.

    A random player calls at most three redeals in a row, so redeal rules cannot stall a game; ending
    the game is up to the rules (``target_score``, ``losing_score``, ``max_hands``): with random bids a
    game to 500 practically never ends, so set ``max_hands`` or pass ``max_actions``.

    >>> from spades_rules import Rules, new_game
    >>> state = play_randomly(new_game(Rules.standard().evolve(max_hands=1)), random.Random(1))
    >>> state.is_over, state.hands_played
    (True, 1)
    """
    if type(state) is not GameState:
        raise not_a_state(state, "play_randomly")
    if max_actions is not None and (type(max_actions) is not int or max_actions < 0):
        raise ArgumentTypeError(
            f"play_randomly(max_actions=...) must be a count or None, not {describe(max_actions)}",
            parameter="max_actions",
        )
    rng = random_source(rng, "play_randomly")
    for applied, reached in enumerate(_trajectory(state, rng, policy)):
        state = reached
        if max_actions is not None and applied >= max_actions:
            break
    return state


# ---------------------------------------------------------------------------------------------- games
def _with_backstop(draw: st.DrawFn, value: Rules, max_hands: int | None) -> Rules:
    """``value``, or when it sets no ``max_hands``, ``value`` ending after 1 to ``max_hands`` hands (drawn,
    shrinking towards 1)."""
    if max_hands is None or value.max_hands is not None:
        return value
    return value.evolve(max_hands=draw(st.integers(1, max_hands)))


def _hand_seeds(draw: st.DrawFn) -> Callable[[], int]:
    """One seed per hand, drawn by Hypothesis (shrinking towards 0)."""
    return lambda: draw(st.integers(0, 2**32 - 1))


@st.composite
def _start(draw: st.DrawFn, value: Rules, random_start: bool) -> GameState:
    if not random_start:
        return new_game(value)
    sides = value.num_sides
    low = value.losing_score + 1 if value.losing_score is not None else -300
    high = max(low, value.target_score - 1)
    scores = draw(st.lists(st.integers(low, high), min_size=sides, max_size=sides))
    bags_high = (value.bag_limit - 1) if value.bag_limit is not None else 20
    bags = draw(st.lists(st.integers(0, bags_high), min_size=sides, max_size=sides))
    dealer = draw(st.integers(0, value.players - 1))
    return new_game(value, dealer=dealer, scores=scores, bags=bags)


@st.composite
def _games(
    draw: st.DrawFn, given: SearchStrategy[Rules], policy: GamePolicy, max_hands: int | None, random_start: bool
) -> GameState:
    value = _with_backstop(draw, draw(given), max_hands)
    state = draw(_start(value, random_start))
    return deque(_trajectory(state, random.Random(0), policy, _hand_seeds(draw)), maxlen=1)[0]


def games(
    rules: Rules | SearchStrategy[Rules] | None = None,
    *,
    policy: GamePolicy = "random",
    max_hands: int | None = _DEFAULT_MAX_HANDS,
    random_start: bool = False,
) -> SearchStrategy[GameState]:
    """A finished game (phase ``GAME_OVER``) reached by random legal play.

    ``rules`` is a :class:`~spades_rules.rules.Rules`, a strategy of them, or None for :func:`rules`.
    When the rules set no ``max_hands``, the game is played under ``rules.evolve(max_hands=k)`` for a ``k``
    drawn from 1 to ``max_hands`` (default 3; shrinking towards 1), because a game played at random may
    never reach its target; ``max_hands=None`` plays the rules as they are (they must then end the game
    under the policy). ``random_start=True`` starts
    from random scores, bags and first dealer instead of :func:`~spades_rules.engine.new_game`'s
    defaults (``state.initial_scores``, ``initial_bags`` and ``first_dealer`` record them).
    ``state.history`` replays the game.
    """
    return _games(_rules_strategy(rules), policy, _checked_max_hands(max_hands), random_start)


def _stop_of(state: GameState) -> str:
    phase = state.phase
    if phase is Phase.PLAY:
        assert state.hand is not None
        return "mid_trick" if state.hand.trick_cards else "lead"
    return str(phase.value)


@st.composite
def _states(
    draw: st.DrawFn, given: SearchStrategy[Rules], policy: GamePolicy, max_hands: int | None, random_start: bool
) -> GameState:
    value = _with_backstop(draw, draw(given), max_hands)
    start = draw(_start(value, random_start))
    reached = list(_trajectory(start, random.Random(0), policy, _hand_seeds(draw)))
    stop = draw(st.sampled_from(_STOPS))
    candidates = [state for state in reached if stop == "anywhere" or _stop_of(state) == stop] or reached
    return candidates[draw(st.integers(0, len(candidates) - 1))]


def states(
    rules: Rules | SearchStrategy[Rules] | None = None,
    *,
    policy: GamePolicy = "random",
    max_hands: int | None = _DEFAULT_MAX_HANDS,
    random_start: bool = False,
) -> SearchStrategy[GameState]:
    """A state reachable by random legal play: anywhere in a game, with every kind of point well
    represented (a ``DEAL`` chance node before or between hands, the draw, the bidding, an exchange,
    a lead, mid-trick, the game over). Arguments as for :func:`games`.
    """
    return _states(_rules_strategy(rules), policy, _checked_max_hands(max_hands), random_start)


def action_sequences(
    rules: Rules | SearchStrategy[Rules] | None = None,
    *,
    policy: GamePolicy = "random",
    max_hands: int | None = _DEFAULT_MAX_HANDS,
) -> SearchStrategy[tuple[Rules, list[Action]]]:
    """``(rules, actions)``: actions that :func:`~spades_rules.engine.apply` accepts one after the other
    from ``new_game(rules)``, deals included; a whole game or any prefix of one. The rules returned are
    the rules played (with the ``max_hands`` backstop of :func:`games` when they set none).
    """
    return states(rules, policy=policy, max_hands=max_hands).map(lambda state: (state.rules, list(state.history)))

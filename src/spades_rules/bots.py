"""Built-in bots: :class:`RandomBot`, :class:`HeuristicBot`, :class:`SearchBot` (it samples the unseen cards
and plays the hand out for each choice) and :class:`DoubleDummyBot` (it samples the unseen cards and solves
each world exactly, :mod:`spades_rules.analysis`). They use only the public API, and the
heuristic and search bots decide from their seat's :func:`~spades_rules.views.observe` view alone, so
they cannot peek. They drive ``spades-rules simulate``, ``match`` and ``play`` (by their names in
:data:`BUILTIN_BOTS`).

Bots draw from their own generator, seeded 0 unless told otherwise, so a game is reproducible by default.
A bot is anything with ``choose(state) -> Action`` for the seat to act (:class:`Bot`); the built-in bots
also have ``decide(observation) -> Action`` for a server that sends each seat its view. :func:`play_game`
runs a whole game with one bot per seat, dealing with a seeded random generator.

>>> from spades_rules import Rules
>>> final = play_game(Rules.standard(), [HeuristicBot(seed) for seed in range(4)], seed=1)
>>> final.is_over, final.winner in (0, 1)
(True, True)
>>> play_game(Rules.standard(), [HeuristicBot(seed) for seed in range(4)], seed=1) == final
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Protocol

from spades_rules._core.checks import not_a_state, random_source, read_items
from spades_rules._core.messages import describe
from spades_rules._core.playouts import fast_bid, hand_value, play_out, points_value, sighted_bid
from spades_rules._core.tricks import trick_winner
from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange, Play
from spades_rules.analysis import card_values, uses_dds
from spades_rules.cards import Rank, Suit, mask_of
from spades_rules.engine import apply, legal_actions, new_game
from spades_rules.errors import (
    AnalysisError,
    ArgumentTypeError,
    IllegalActionError,
    IllegalReason,
    RulesError,
    SeatError,
)
from spades_rules.rules import Rules
from spades_rules.scoring import _close_hand
from spades_rules.state import GameState, Phase
from spades_rules.views import Observation, observe, sample_deal
from spades_rules.views.render import check_view

__all__ = [
    "BUILTIN_BOTS",
    "GAME_BACKSTOP",
    "Bot",
    "DoubleDummyBot",
    "HeuristicBot",
    "RandomBot",
    "SearchBot",
    "iter_game",
    "play_game",
]

GAME_BACKSTOP: Final = 100
"""The hands after which :func:`play_game` and the simulations end a game whose rules set no ``max_hands``."""


class Bot(Protocol):
    """Anything that picks an action for the seat to act."""

    def choose(self, state: GameState) -> Action:
        """One of ``legal_actions(state)``."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | random.Random = 0) -> None:
        self.rng = random_source(seed, f"{type(self).__name__}(seed)", "seed")

    def choose(self, state: GameState) -> Action:
        """A uniformly random legal action of the seat to act.

        Raises :class:`~spades_rules.errors.IllegalActionError` at a chance node (``WRONG_PHASE``: deal with
        :meth:`Deal.shuffled <spades_rules.actions.Deal.shuffled>`) and once the game is over (``GAME_OVER``).
        """
        return self.rng.choice(legal_actions(state, _seat_to_act(state, "RandomBot.choose")))

    def decide(self, observation: Observation) -> Action:
        """A uniformly random action among those the observation lists (an error, as for :meth:`choose`,
        when it lists none)."""
        return self.rng.choice(_actions_of(observation, "RandomBot.decide"))


class HeuristicBot:
    """A simple, sensible player that decides from its seat's :class:`~spades_rules.views.Observation`
    only, so it cannot see what its seat may not.

    Ties between equally good cards (the same rank in two plain suits, two aces to lead) are broken by the
    bot's own seeded generator, so different seeds play differently and the same seed plays the same.

    Bidding counts sure tricks (aces, guarded kings, high and long spades, ruffing chances) and bids a
    little under them; it bids nil with a hand without high cards. Play: win cheaply when it can and its
    partner is not already winning, otherwise throw its lowest card; a nil bidder ducks with the highest
    card that loses. Blind nil is its last resort: only when trailing by 300 to 599 with the leader within
    150 of the target.
    """

    def __init__(self, seed: int | random.Random = 0) -> None:
        self.rng = random_source(seed, f"{type(self).__name__}(seed)", "seed")

    def choose(self, state: GameState) -> Action:
        """The bot's action for the seat to act, decided from that seat's view (errors as for
        :meth:`RandomBot.choose`)."""
        return self.decide(observe(state, _seat_to_act(state, "HeuristicBot.choose")))

    def decide(self, observation: Observation) -> Action:
        """The bot's action, given what its seat sees (an error when the view lists no legal action)."""
        actions = _actions_of(observation, "HeuristicBot.decide")
        if len(actions) == 1:
            return actions[0]
        first = actions[0]
        if isinstance(first, Play):
            return self._play(observation, [a for a in actions if isinstance(a, Play)])
        if isinstance(first, Bid):
            return self._bid(observation, [a for a in actions if isinstance(a, Bid)])
        if isinstance(first, Exchange):
            return self._exchange(observation, [a for a in actions if isinstance(a, Exchange)])
        if isinstance(first, DrawDecision):
            return self._draw(observation, first.seat)
        return first

    # --------------------------------------------------------------------------- bidding
    def _bid(self, view: Observation, bids: list[Bid]) -> Bid:
        rules = view.rules
        seat = view.seat
        by_kind = {(bid.tricks, bid.blind): bid for bid in bids}
        blind = by_kind.get((0, True))
        side = rules.side_of(seat)
        others = [score for other, score in enumerate(view.scores) if other != side]
        behind = max(others) - view.scores[side] if others else 0
        leading = max(others) if others else 0
        desperate = bool(others) and leading >= rules.target_score - 150 and 300 <= behind < 600
        if blind is not None and desperate:
            return blind
        return sighted_bid(rules, view.hand or (), bids)

    # --------------------------------------------------------------------------- exchange and draw
    def _exchange(self, view: Observation, exchanges: list[Exchange]) -> Exchange:
        bid = view.bids[view.seat]
        strength = view.rules.strength

        def total(exchange: Exchange) -> int:
            return sum(strength(card) for card in exchange.cards)

        if bid is not None and bid.tricks == 0:  # the nil bidder passes its highest cards
            return max(exchanges, key=total)
        return min(exchanges, key=total)  # the partner returns low cards

    def _draw(self, view: Observation, seat: int) -> DrawDecision:
        top = view.draw_card  # the card this seat is looking at
        good = top is not None and (view.rules.effective_suit(top) is Suit.SPADES or top.rank >= Rank.QUEEN)
        return DrawDecision(seat, good)

    # --------------------------------------------------------------------------- play
    def _play(self, view: Observation, plays: list[Play]) -> Play:
        rules = view.rules
        seat = view.seat
        strength = rules.strength
        tie_break = {play: self.rng.random() for play in plays}  # equal plain cards of different suits
        by_strength = sorted(plays, key=lambda play: (strength(play.card), tie_break[play]))
        trick = view.current_trick
        my_bid = view.bids[seat]
        partner = rules.partner_of(seat)
        if trick is None or not trick.cards:
            if my_bid is not None and my_bid.tricks == 0:
                return by_strength[0]
            aces = [
                play for play in plays
                if play.card.rank is Rank.ACE and rules.effective_suit(play.card) != Suit.SPADES
            ]
            return self.rng.choice(aces) if aces else by_strength[0]
        cards = trick.cards
        led = rules.effective_suit(cards[0])
        best_seat = trick_winner(rules.tables, trick.leader, cards)
        best = cards[(best_seat - trick.leader) % rules.players]
        winning = [play for play in by_strength if rules.beats(play.card, best, led)]
        losing = [play for play in by_strength if not rules.beats(play.card, best, led)]
        if my_bid is not None and my_bid.tricks == 0:
            return losing[-1] if losing else winning[0]
        partner_bid = view.bids[partner] if partner is not None else None
        partner_nil = partner_bid is not None and partner_bid.tricks == 0
        partner_winning = partner is not None and best_seat == partner and not partner_nil
        if winning and not partner_winning:
            return winning[0]
        return losing[0] if losing else by_strength[0]


class SearchBot:
    """A determinizing search bot: for each decision it deals the cards it cannot see at random, in worlds
    consistent with its seat's :class:`~spades_rules.views.Observation`
    (:func:`~spades_rules.views.sample_deal`), plays the hand out in each world after each of its choices
    with a fast version of :class:`HeuristicBot`'s play, and takes the choice worth the most on average
    (its side's points for the hand minus the other sides', and a bonus for winning the game). It decides
    from its seat's view only, like the other bots, under every rule set.

    - **Plays**: each legal card is tried in the same worlds, one card for each set of equivalent ones
      (cards of a suit with no card between them left in another hand); ``rollouts`` playouts per
      decision are shared among them (at least ``min_worlds`` worlds, at most ``max_worlds``).
    - **Bids** (formats where the bidder chooses the number: standard, partnership bidding): ``bid_worlds``
      worlds are played out once with the heuristic's number and once with nil (when nil is allowed);
      every number near the heuristic's is scored on the tricks the first playouts took, and nil on the
      second. Blind nil, exchanges, the draw and the other formats' bids are :class:`HeuristicBot`'s.
    - **Budget**: the number of worlds is fixed, so a seeded bot decides the same way every time and on
      every machine; ``time_limit`` (CPU seconds per decision) additionally stops sampling worlds once
      it is spent (after ``min_worlds``), trading that reproducibility for a bound on the time.
      :attr:`decisions`, :attr:`cpu_seconds` and :attr:`max_cpu_seconds` count the searches made.
    - **Many worlds at once**: with NumPy installed (the ``batch`` extra) the playouts of a decision run
      together, one row each, in a :class:`~spades_rules.batch.BatchGame` started from the sampled worlds
      (:meth:`~spades_rules.batch.BatchGame.from_states`), the same policy written over all rows at once:
      the same playouts, so the same decisions for the same seed, in a fraction of the time. ``batched``
      chooses: None (the default) takes the batch when NumPy imports and the rules let it, False always
      plays them one at a time, True needs NumPy. Under ``time_limit`` the batched bot checks the time
      while it samples its worlds and then plays them all out, so it may sample more worlds than the other
      in the same time (its decisions may then differ).

    >>> from spades_rules import Rules, apply, new_game, Deal
    >>> bot = SearchBot(seed=1)
    >>> state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 4))
    >>> bid = bot.decide(observe(state, state.to_act))
    >>> bid.seat == state.to_act, bid == SearchBot(seed=1).decide(observe(state, state.to_act))
    (True, True)
    """

    def __init__(
        self,
        seed: int | random.Random = 0,
        *,
        rollouts: int = 48,
        min_worlds: int = 4,
        max_worlds: int = 24,
        bid_worlds: int = 12,
        time_limit: float | None = None,
        win_bonus: float = 200.0,
        batched: bool | None = None,
    ) -> None:
        for name, value in (("rollouts", rollouts), ("min_worlds", min_worlds), ("max_worlds", max_worlds),
                            ("bid_worlds", bid_worlds)):
            if type(value) is not int or not 1 <= value <= 10_000:
                raise RulesError(f"SearchBot: {name} must be an integer from 1 to 10000, not {describe(value)}")
        if min_worlds > max_worlds:
            raise RulesError(f"SearchBot: min_worlds ({min_worlds}) is above max_worlds ({max_worlds})")
        if time_limit is not None and (type(time_limit) not in (int, float) or not 0 < time_limit <= 60):
            raise RulesError(f"SearchBot: time_limit must be a number of seconds up to 60, not {describe(time_limit)}")
        if type(win_bonus) not in (int, float) or not 0 <= win_bonus <= 10_000:
            raise RulesError(f"SearchBot: win_bonus must be a number from 0 to 10000, not {describe(win_bonus)}")
        if batched is not None and type(batched) is not bool:
            raise ArgumentTypeError(f"SearchBot: batched must be True, False or None, not {describe(batched)}",
                                    parameter="batched")
        if batched and _batch_search() is None:
            raise RulesError("SearchBot(batched=True) needs NumPy: pip install 'spades_rules[batch]'")
        self.batched = batched
        """Whether the playouts run many worlds at once (None: when NumPy imports; see the class)."""
        self.rng = random_source(seed, "SearchBot(seed)", "seed")
        self.heuristic = HeuristicBot(random.Random(self.rng.getrandbits(64)))
        self.rollouts, self.min_worlds, self.max_worlds = rollouts, min_worlds, max_worlds
        self.bid_worlds, self.time_limit, self.win_bonus = bid_worlds, time_limit, float(win_bonus)
        self.decisions = 0
        """Decisions searched (those with one legal action, or left to the heuristic, are not counted)."""
        self.cpu_seconds = 0.0
        """Process CPU time spent in those searches."""
        self.max_cpu_seconds = 0.0
        """The longest of them."""

    def choose(self, state: GameState) -> Action:
        """The bot's action for the seat to act, decided from that seat's view (errors as for
        :meth:`RandomBot.choose`)."""
        return self.decide(observe(state, _seat_to_act(state, "SearchBot.choose")))

    def decide(self, observation: Observation) -> Action:
        """The bot's action, given what its seat sees (an error when the view lists no legal action)."""
        actions = _actions_of(observation, "SearchBot.decide")
        if len(actions) == 1:
            return actions[0]
        first = actions[0]
        searched = isinstance(first, Play) or (
            isinstance(first, Bid) and observation.rules.bid_format.numbers_chosen
            and not observation.rules.bid_format.one_nil_per_side
        )
        if not searched:
            return self.heuristic.decide(observation)
        started = time.process_time()
        try:
            if isinstance(first, Play):
                return self._play(observation, [a for a in actions if isinstance(a, Play)], started)
            return self._bid(observation, [a for a in actions if isinstance(a, Bid)], started)
        finally:
            spent = time.process_time() - started
            self.decisions += 1
            self.cpu_seconds += spent
            self.max_cpu_seconds = max(self.max_cpu_seconds, spent)

    def _batch(self, rules: Rules) -> Any:
        """The batched playouts' module when this bot uses them for ``rules``, else None."""
        if self.batched is False:
            return None
        search = _batch_search()
        return search if search is not None and search.plays(rules) else None

    def _worlds(self, view: Observation, count: int, started: float) -> list[GameState]:
        """``count`` sampled worlds (fewer once ``time_limit`` is spent, after ``min_worlds``)."""
        worlds: list[GameState] = []
        for number in range(count):
            if self._out_of_time(started, number):
                break
            worlds.append(sample_deal(view, self.rng))
        return worlds

    def _out_of_time(self, started: float, worlds: int) -> bool:
        limit = self.time_limit
        return limit is not None and worlds >= self.min_worlds and time.process_time() - started > limit

    def _play(self, view: Observation, plays: list[Play], started: float) -> Play:
        preferred = self.heuristic.decide(view)
        assert isinstance(preferred, Play)
        distinct = _distinct_plays(view, plays, preferred)
        if len(distinct) == 1:
            return distinct[0]
        worlds = max(self.min_worlds, min(self.max_worlds, self.rollouts // len(distinct)))
        totals = dict.fromkeys(distinct, 0.0)
        seat = view.seat
        search = self._batch(view.rules)
        if search is not None:
            sampled = self._worlds(view, worlds, started)
            ends = search.play_out([world for world in sampled for _ in distinct],
                                   [play for _ in sampled for play in distinct])
            side = view.rules.side_of(seat)
            at = 0
            for _ in sampled:  # summed in the order the playouts one at a time sum them
                for play in distinct:
                    totals[play] += points_value(ends.totals[at], side, ends.over[at], ends.winner[at],
                                                 self.win_bonus)
                    at += 1
            return max(distinct, key=lambda play: (totals[play], play == preferred))
        for world_number in range(worlds):
            if self._out_of_time(started, world_number):
                break
            world = sample_deal(view, self.rng)
            before = world.hands_played
            for play in distinct:
                end = play_out(apply(world, play), fast_bid)
                totals[play] += hand_value(end, before, seat, self.win_bonus)
        return max(distinct, key=lambda play: (totals[play], play == preferred))

    def _bid(self, view: Observation, bids: list[Bid], started: float) -> Bid:
        preferred = self.heuristic.decide(view)
        assert isinstance(preferred, Bid)
        if preferred.blind:
            return preferred
        rules, seat = view.rules, view.seat
        numbers = {bid.tricks: bid for bid in bids if bid.tricks and not bid.blind}
        nil = next((bid for bid in bids if bid.tricks == 0 and not bid.blind), None)
        if not numbers:
            return preferred
        base = preferred.tricks or sighted_bid(rules, view.hand or (), list(numbers.values())).tricks
        candidates = [numbers[n] for n in range(base - 2, base + 3) if n in numbers]
        options: list[Bid] = [*candidates, *([nil] if nil is not None else [])]
        totals = dict.fromkeys(options, 0.0)
        side = rules.side_of(seat)
        search = self._batch(rules)
        if search is not None:
            sampled = self._worlds(view, self.bid_worlds, started)
            tried = [numbers[base], *([nil] if nil is not None else [])]
            ends = search.play_out([world for world in sampled for _ in tried], [bid for _ in sampled for bid in tried])
            for number, world in enumerate(sampled):
                at = number * len(tried)
                made, took = ends.bids(at), ends.tricks(at)
                for bid in candidates:
                    sheet = tuple(bid if at_seat == seat else other for at_seat, other in enumerate(made))
                    result, _, over, winner = _close_hand(
                        world.rules, world.scores, world.bags, world.hands_played, sheet, took
                    )
                    totals[bid] += points_value(result.totals, side, over, winner, self.win_bonus)
                if nil is not None:
                    totals[nil] += points_value(ends.totals[at + 1], side, ends.over[at + 1], ends.winner[at + 1],
                                                self.win_bonus)
            return max(options, key=lambda bid: (totals[bid], bid == preferred))
        for world_number in range(self.bid_worlds):
            if self._out_of_time(started, world_number):
                break
            world = sample_deal(view, self.rng)
            end = play_out(apply(world, numbers[base]), fast_bid)
            played = end.last_result if end.hands_played > world.hands_played else None
            if played is not None:
                for bid in candidates:
                    sheet = tuple(bid if at == seat else other for at, other in enumerate(played.bids))
                    result, _, over, winner = _close_hand(
                        world.rules, world.scores, world.bags, world.hands_played, sheet, played.tricks_won
                    )
                    totals[bid] += points_value(result.totals, side, over, winner, self.win_bonus)
            if nil is not None:
                totals[nil] += hand_value(play_out(apply(world, nil), fast_bid), world.hands_played, seat,
                                          self.win_bonus)
        return max(options, key=lambda bid: (totals[bid], bid == preferred))


class DoubleDummyBot:
    """A double-dummy bot (Monte Carlo over perfect-information worlds, as GIB plays bridge): for each play
    it deals the cards it cannot see at random, in worlds consistent with its seat's
    :class:`~spades_rules.views.Observation` (:func:`~spades_rules.views.sample_deal`), solves each world
    exactly (:func:`~spades_rules.analysis.card_values`: the tricks its side takes after each legal card
    with perfect play by everyone), and plays the card worth the most on average: each world's trick counts
    scored as the hand's points (its side's minus the others', and a bonus for winning the game), the mean
    tricks breaking ties. It decides from its seat's view only, under every rule set.

    - **Budget**: ``worlds`` worlds per play (1 to 10,000; a seeded bot decides the same way every time);
      ``time_limit`` (CPU seconds per decision) stops sampling once spent, after the first world.
    - **When it solves**: a world is solved when at most ``exact_tricks`` tricks are left, or at any point
      where DDS applies (the ``dds`` extra installed, and the position is bridge: see
      :data:`~spades_rules.analysis.SOLVER_BACKENDS`). Earlier plays, and every play while a nil is still alive
      (a double-dummy trick count cannot tell a nil's tricks from its partner's), are :class:`SearchBot`'s.
    - **Bids**, exchanges and the draw are :class:`SearchBot`'s (its playouts over sampled worlds).

    :attr:`decisions`, :attr:`cpu_seconds` and :attr:`max_cpu_seconds` count the plays it solved.

    >>> from spades_rules import Rules, apply, new_game, Deal
    >>> bot = DoubleDummyBot(seed=1, worlds=4)
    >>> state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 4))
    >>> bid = bot.decide(observe(state, state.to_act))
    >>> bid.seat == state.to_act
    True
    """

    def __init__(
        self,
        seed: int | random.Random = 0,
        *,
        worlds: int = 12,
        time_limit: float | None = None,
        exact_tricks: int = 6,
        win_bonus: float = 200.0,
    ) -> None:
        if type(worlds) is not int or not 1 <= worlds <= 10_000:
            raise AnalysisError(f"DoubleDummyBot: worlds must be an integer from 1 to 10000, not {describe(worlds)}")
        if type(exact_tricks) is not int or not 0 <= exact_tricks <= 18:
            raise AnalysisError(
                f"DoubleDummyBot: exact_tricks must be an integer from 0 to 18, not {describe(exact_tricks)}")
        if time_limit is not None and (type(time_limit) not in (int, float) or not 0 < time_limit <= 600):
            raise AnalysisError(
                f"DoubleDummyBot: time_limit must be a number of seconds up to 600, not {describe(time_limit)}")
        if type(win_bonus) not in (int, float) or not 0 <= win_bonus <= 10_000:
            raise AnalysisError(
                f"DoubleDummyBot: win_bonus must be a number from 0 to 10000, not {describe(win_bonus)}")
        self.rng = random_source(seed, "DoubleDummyBot(seed)", "seed")
        self.search = SearchBot(random.Random(self.rng.getrandbits(64)), win_bonus=win_bonus)
        self.worlds, self.time_limit, self.exact_tricks = worlds, time_limit, exact_tricks
        self.win_bonus = float(win_bonus)
        self.decisions = 0
        """Plays decided by solving worlds."""
        self.cpu_seconds = 0.0
        """Process CPU time spent in those decisions."""
        self.max_cpu_seconds = 0.0
        """The longest of them."""

    def choose(self, state: GameState) -> Action:
        """The bot's action for the seat to act, decided from that seat's view (errors as for
        :meth:`RandomBot.choose`)."""
        return self.decide(observe(state, _seat_to_act(state, "DoubleDummyBot.choose")))

    def decide(self, observation: Observation) -> Action:
        """The bot's action, given what its seat sees (an error when the view lists no legal action)."""
        actions = _actions_of(observation, "DoubleDummyBot.decide")
        if len(actions) == 1 or not isinstance(actions[0], Play) or _live_nil(observation):
            return actions[0] if len(actions) == 1 else self.search.decide(observation)
        started = time.process_time()
        world = sample_deal(observation, self.rng)
        hand = world.hand
        assert hand is not None
        left = hand.held[hand.leader].bit_count() + (1 if hand.trick_cards else 0)
        if left > self.exact_tricks and not uses_dds(world):
            return self.search.decide(observation)
        try:
            return self._play(observation, [a for a in actions if isinstance(a, Play)], world, started)
        finally:
            spent = time.process_time() - started
            self.decisions += 1
            self.cpu_seconds += spent
            self.max_cpu_seconds = max(self.max_cpu_seconds, spent)

    def _play(self, view: Observation, plays: list[Play], world: GameState, started: float) -> Play:
        totals = dict.fromkeys(plays, 0.0)
        tricks = dict.fromkeys(plays, 0)
        for number in range(self.worlds):
            if number:
                if self.time_limit is not None and time.process_time() - started > self.time_limit:
                    break
                world = sample_deal(view, self.rng)
            values = card_values(world)
            for play in plays:
                tricks[play] += values[play]
                totals[play] += _world_value(world, view.seat, values[play], self.win_bonus)
        return max(plays, key=lambda play: (totals[play], tricks[play], -plays.index(play)))


def _live_nil(view: Observation) -> bool:
    """Whether a nil bid is still alive (its seat has taken no trick yet)."""
    return any(
        bid is not None and bid.tricks == 0 and won == 0 for bid, won in zip(view.bids, view.tricks_won, strict=True)
    )


def _is_nil_bid(bid: Bid | None) -> bool:
    return bid is not None and bid.tricks == 0


def _world_value(world: GameState, seat: int, tricks: int, win_bonus: float) -> float:
    """The hand's worth to ``seat``'s side when it takes ``tricks`` more (the rest going to the other
    sides, shared in turn from its left) and nobody holds a live nil: the engine's own scoring."""
    hand = world.hand
    assert hand is not None
    rules = world.rules
    tables = rules.tables
    players = tables.players
    left = hand.held[hand.leader].bit_count() + (1 if hand.trick_cards else 0)
    won = list(hand.tricks_won)
    mine = tables.sides[tables.side_of[seat]]
    takers = [other for other in mine if not _is_nil_bid(hand.bids[other])] or [seat]
    won[takers[0]] += tricks
    others = [(seat + step) % players for step in range(1, players) if (seat + step) % players not in mine]
    for number in range(left - tricks):
        won[others[number % len(others)]] += 1
    result, _, over, winner = _close_hand(rules, world.scores, world.bags, world.hands_played, hand.bids, tuple(won))
    return points_value(result.totals, tables.side_of[seat], over, winner, win_bonus)


def _distinct_plays(view: Observation, plays: list[Play], preferred: Play) -> list[Play]:
    """One play of each set of equivalent cards: cards of one suit with no card between them left to be
    played by another seat (all in this hand or played already) win and lose the same tricks. The heuristic's
    card stands for its set, the lowest card for the others."""
    tables = view.rules.tables
    suit_of, power = tables.suit_of, tables.power
    gone = mask_of(view.hand or ())
    for trick in (*view.tricks, *((view.current_trick,) if view.current_trick is not None else ())):
        gone |= mask_of(trick.cards)
    outstanding = [card for card in tables.deck if not card.bit & gone]
    distinct: list[Play] = []
    by_suit: dict[int, list[Play]] = {}
    for play in sorted(plays, key=lambda play: power[play.card.index]):
        by_suit.setdefault(suit_of[play.card.index], []).append(play)
    for suit, group in by_suit.items():
        between = sorted(power[card.index] for card in outstanding if suit_of[card.index] == suit)
        members = [group[0]]
        for play in group[1:]:
            low, high = power[members[-1].card.index], power[play.card.index]
            if any(low < other < high for other in between):
                distinct.append(preferred if preferred in members else members[0])
                members = []
            members.append(play)
        distinct.append(preferred if preferred in members else members[0])
    return distinct


_BATCH_SEARCH: list[Any] = []
"""The batched playouts' module once looked for (``[module]``, or ``[None]`` without NumPy)."""


def _batch_search() -> Any:
    """``spades_rules.batch._search`` when NumPy imports (imported on first use: the library never imports
    NumPy on its own), else None."""
    if not _BATCH_SEARCH:
        try:
            from spades_rules.batch import _search  # the search's optional batched path, as display hooks do
        except ImportError:
            _BATCH_SEARCH.append(None)
        else:
            _BATCH_SEARCH.append(_search)
    return _BATCH_SEARCH[0]


_OVER: Final = "the game is over, there is no action to choose"
_CHANCE: Final = "a chance node (the deal phase), where no seat acts"


def _seat_to_act(state: GameState, function: str) -> int:
    """The seat to act, or the library error saying why no bot can act in ``state``."""
    if type(state) is not GameState:
        raise not_a_state(state, function)
    seat = state.to_act
    if seat is None:
        if state.is_over:
            raise IllegalActionError(IllegalReason.GAME_OVER, f"{function}: {_OVER}")
        raise IllegalActionError(
            IllegalReason.WRONG_PHASE, f"{function}: {_CHANCE}: apply Deal.shuffled(state.rules, rng)"
        )
    return seat


def _actions_of(observation: Observation, function: str) -> tuple[Action, ...]:
    """The view's legal actions, or the library error saying why its seat has none."""
    if not isinstance(observation, Observation):
        raise ArgumentTypeError(
            f"{function}() needs an Observation as observation, not {type(observation).__name__}",
            parameter="observation",
        )
    check_view(observation)
    actions = observation.legal_actions
    if actions:
        return actions
    phase = observation.phase
    if phase is Phase.GAME_OVER:
        raise IllegalActionError(IllegalReason.GAME_OVER, f"{function}: {_OVER}")
    if phase is Phase.DEAL:
        raise IllegalActionError(IllegalReason.WRONG_PHASE, f"{function}: {_CHANCE}")
    raise IllegalActionError(
        IllegalReason.OUT_OF_TURN,
        f"{function}: seat {observation.seat} has nothing to do in the {phase.value} phase "
        f"(seat {observation.to_act} acts)",
    )


BUILTIN_BOTS: Final[Mapping[str, Callable[[int], Bot]]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
    "double_dummy": DoubleDummyBot,
}
"""The built-in bots by name, each a factory ``seed -> bot``: the names that
:func:`~spades_rules.simulation.run_match`, ``spades-rules match --bots`` and the single-agent environment
accept."""


def iter_game(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    seed: int | random.Random | None = None,
    dealer: int = 0,
) -> Iterator[tuple[GameState, Action, GameState]]:
    """Play a whole game, yielding ``(state before, action, state after)`` for every action, deals
    included (shuffled by a generator seeded with ``seed``)."""
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(
            f"iter_game() needs a Rules value as rules, not {type(rules).__name__}", parameter="rules"
        )
    bots = read_items(bots, "iter_game()", "bots", limit=rules.players, error=ArgumentTypeError)
    if len(bots) != rules.players:
        raise SeatError(f"expected {rules.players} bots, one per seat, got {len(bots)}",
                        seat=len(bots), players=rules.players)
    for at, bot in enumerate(bots):
        if not callable(getattr(bot, "choose", None)):
            raise ArgumentTypeError(f"bots[{at}] must be a bot (with a choose method), not {describe(bot)}",
                                    parameter="bots")
    rng = random_source(seed, "iter_game", "seed")
    state = new_game(rules, dealer=dealer)
    while not state.is_over:
        if state.phase is Phase.DEAL:
            action: Action = Deal.shuffled(rules, rng)
        else:
            seat = state.to_act
            assert seat is not None
            action = bots[seat].choose(state)
        after = apply(state, action)
        yield state, action, after
        state = after


def play_game(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    seed: int | random.Random | None = None,
    dealer: int = 0,
    max_hands: int | None = GAME_BACKSTOP,
) -> GameState:
    """Play a whole game between ``bots`` (one per seat) and return the final state.

    When the rules set no ``max_hands``, the game ends after ``max_hands`` hands (default
    :data:`GAME_BACKSTOP`; highest score wins, a tie is a draw), as in the simulations: bots that keep
    getting set can otherwise play for ever under rules with no losing score (random bots do). The final
    state's rules (and so its records) then carry that ``max_hands``. ``max_hands=None`` removes the
    backstop. Rules that set their own ``max_hands`` keep it: a different ``max_hands`` argument is a
    :class:`~spades_rules.errors.RulesError` rather than ignored.

    >>> final = play_game(Rules.standard(), [RandomBot(seed=seat) for seat in range(4)], seed=0, max_hands=3)
    >>> final.is_over, final.hands_played <= 3
    (True, True)
    """
    if max_hands is not None and type(max_hands) is not int:
        raise ArgumentTypeError(f"max_hands must be an integer or None, not {type(max_hands).__name__}",
                                parameter="max_hands")
    if max_hands is not None and max_hands < 1:
        raise RulesError(f"max_hands must be at least 1, not {describe(max_hands)}")
    if isinstance(rules, Rules):
        if rules.max_hands is not None and max_hands not in (None, GAME_BACKSTOP, rules.max_hands):
            raise RulesError(
                f"the rules end the game after {rules.max_hands} hands; "
                f"max_hands={describe(max_hands)} would be ignored"
            )
        rules = _with_backstop(rules, max_hands)
    state = new_game(rules, dealer=dealer)
    for _, _, after in iter_game(rules, bots, seed=seed, dealer=dealer):
        state = after
    return state


def _with_backstop(rules: Rules, max_hands: int | None) -> Rules:
    """``rules`` ending the game after ``max_hands`` hands when they set no ``max_hands`` themselves (the
    backstop of :func:`play_game` and the simulations); unchanged otherwise, or for ``max_hands=None``."""
    return rules.evolve(max_hands=max_hands) if rules.max_hands is None and max_hands is not None else rules

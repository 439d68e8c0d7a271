"""Worlds consistent with one seat's view: :func:`sample_deal` and the solver behind it.

Sampling sits above observing: it imports :mod:`spades_rules.views.observation` (and checks every world
it makes with :func:`~spades_rules.views.observe`), never the reverse.

Hidden cards are placed one at a time, the most constrained first, each to a random seat among those that
leave the rest satisfiable (a Hall-condition check over the seats' remaining capacities), so no sample is
rejected for the constraints built in: hand sizes, known voids, cards known to be in a hand, the spade
counts that mirror and whiz bids reveal, the clubs a seat cannot have held under
``first_trick_lowest_club`` (any below the club it played to the first trick), and the two-player draw.
The engine then builds the state the hand's public actions reach from that deal
(``_core.resume.resume_hand``; a finished game's last hand is played through
:func:`~spades_rules.engine.apply`, to be scored), and the result is checked against the view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import chain
from math import comb
from typing import Final

from spades_rules._core.checks import random_source
from spades_rules._core.deck import deal_seat
from spades_rules._core.resume import resume_game, resume_hand
from spades_rules.actions import Deal, DrawDecision, Exchange, Play
from spades_rules.cards import Card, Suit, cards_of_mask, mask_of
from spades_rules.engine import apply
from spades_rules.errors import ArgumentTypeError, ObservationError, SpadesError
from spades_rules.state import GameState, Phase, Trick, played_masks
from spades_rules.views.observation import Observation, observe
from spades_rules.views.parts import ExchangeView
from spades_rules.views.render import check_view

__all__ = ["sample_deal"]

_MAX_ATTEMPTS: Final = 64
"""Bound on the retries (only needed for the rare constraints the solver does not build in)."""


def sample_deal(observation: Observation, rng: random.Random | int | None = None) -> GameState:
    """A full game state consistent with ``observation``: ``observe(result, seat) == observation``.

    The cards the observing seat cannot see are dealt at random to where they may be, and the hand's
    public actions (deal, draw decisions, bids, exchanges, plays) are taken from that deal on, from a state
    carrying the observed scores, bags and finished hands: the state they reach is built directly, as
    :func:`~spades_rules.engine.apply` would build it. Constraints respected by construction: hand sizes,
    known voids, cards known to be in a hand, the spade counts that mirror and whiz bids reveal (dealt
    counts: behind a nil's pass the observer did not see, the cards passed are drawn so as to keep them), and in the
    two-player draw the draw process itself (each kept card is the top or the second card of its turn's pair
    as the keep/reject decision says; the other player's discards, the seat's unseen discards and the rest
    of the stock are resampled). The
    cards are placed one at a time, the most constrained first, each to a random seat among those that
    leave the rest satisfiable (a Hall-condition check), so no rejection is needed; for the rare house
    rules whose constraints are not built in (the lowest-club first lead in the two-player draw) a sample
    that does not reproduce the observation is drawn again.

    ``rng`` is a :class:`random.Random` or a seed. The result's :attr:`~GameState.history` holds the
    current hand only (earlier hands show in the observation only as score sheets); its ``results``,
    scores and bags are the observed ones. A sampled world is for search (play it forward with
    :func:`~spades_rules.engine.apply`), not a record of the real game: once a hand has finished, its
    :func:`~spades_rules.records.to_dict` does not reproduce it. For a view with the own hand withheld,
    the seat's own cards are sampled too, and ``observe(result, seat, hide_own_hand=True) == observation``.

    The observation may come from outside (rebuilt from JSON with
    :meth:`Observation.from_dict <spades_rules.views.Observation.from_dict>`, or edited): its shape is
    checked first (:func:`~spades_rules.views.render.check_view`; once per view: ``observe``'s views need
    no check), and every world is checked to observe equal to it. Anything wrong, and an observation no
    deal is consistent with, raises :class:`~spades_rules.errors.ObservationError` and no other error.

    >>> from spades_rules import Rules, Deal, new_game, apply, legal_actions
    >>> rules = Rules.standard()
    >>> state, rng = apply(new_game(rules), Deal.shuffled(rules, 11)), random.Random(1)
    >>> for _ in range(12):                          # the bids and a few cards
    ...     state = apply(state, rng.choice(legal_actions(state)))
    >>> view = observe(state, 3)
    >>> worlds = {sample_deal(view, rng).hand.deal for _ in range(5)}
    >>> len(worlds) > 1, all(observe(sample_deal(view, seed), 3) == view for seed in range(5))
    (True, True)
    """
    if not isinstance(observation, Observation):
        raise ArgumentTypeError(
            f"sample_deal() needs an Observation as observation, not {type(observation).__name__}",
            parameter="observation",
        )
    check_view(observation)
    generator = random_source(rng, "sample_deal(observation, rng)")
    try:
        for _ in range(_MAX_ATTEMPTS):
            state = _sample_once(observation, generator)
            if state is not None:
                return state
    except ObservationError:
        raise
    except (SpadesError, LookupError, TypeError, ValueError, AttributeError, AssertionError) as error:
        # the shape check passed, but the view's contents contradict each other (or the rules)
        raise ObservationError(f"no deal is consistent with this view: {error}") from error
    raise ObservationError(f"could not find a deal consistent with seat {observation.seat}'s view")


def _sample_once(observation: Observation, rng: random.Random) -> GameState | None:
    """One constructive sample: the state, or None when its replay does not reproduce the observation."""
    base = _hand_start(observation)
    if observation.phase is Phase.DEAL:
        if observe(base, observation.seat) != observation:  # nothing random: no retry can help
            raise ObservationError("no game is consistent with this view: it does not describe a state between hands")
        return base
    exchanges: list[Exchange] = []
    if observation.rules.deal_method == "draw":
        deal = _sample_stock(observation, rng)
    else:
        sampled = _sample_hands(observation, rng)
        if sampled is None:
            return None
        deal, exchanges = sampled
    try:
        if observation.phase is Phase.GAME_OVER:  # the final hand must be scored: play it through
            state = _replay_hand(observation, base, deal, exchanges)
        else:
            state = resume_hand(
                base, deal, draws=observation.draws, bids=observation.bids, exchanges=exchanges,
                tricks=observation.tricks, current=observation.current_trick, phase=observation.phase,
            )
        view = observe(state, observation.seat, hide_own_hand=observation.hand is None)
    except SpadesError:
        return None
    return state if view == observation else None


def _hand_start(observation: Observation) -> GameState:
    """The state before the current hand's deal, with the observed scores, bags and finished hands."""
    scores, bags, results = observation.scores, observation.bags, observation.results
    if observation.phase is Phase.GAME_OVER:
        if not results:
            raise ObservationError("a finished game's view needs the final hand's score sheet")
        last = results[-1]
        scores = tuple(score - total for score, total in zip(scores, last.totals, strict=True))
        bags = results[-2].bags_after if len(results) > 1 else observation.initial_bags
        results = results[:-1]
    return resume_game(
        observation.rules, dealer=observation.dealer, scores=scores, bags=bags, results=results,
        initial_scores=observation.initial_scores, initial_bags=observation.initial_bags,
    )


def _all_tricks(observation: Observation) -> tuple[Trick, ...]:
    current = observation.current_trick
    return (*observation.tricks, current) if current is not None else observation.tricks


def _replay_hand(
    observation: Observation, base: GameState, deal: Deal, exchanges: Sequence[Exchange]
) -> GameState:
    state = apply(base, deal)
    for keep in observation.draws:
        seat = state.to_act
        assert seat is not None
        state = apply(state, DrawDecision(seat, keep))
    while state.phase is Phase.BID:
        seat = state.to_act
        assert seat is not None
        bid = observation.bids[seat]
        if bid is None:
            break
        state = apply(state, bid)
    for exchange in exchanges:
        state = apply(state, exchange)
    n = observation.rules.players
    for trick in _all_tricks(observation):
        for seat, card in trick.plays(n):
            state = apply(state, Play(seat, card))
    return state


def _spade_quota(observation: Observation, seat: int) -> int | None:
    """The effective spades ``seat`` was dealt, when its bid reveals it (mirror, whiz)."""
    bid = observation.bids[seat]
    return None if bid is None else observation.rules.bid_format.spades_shown(bid)


def _quota_now(observation: Observation, seat: int, dealt: int | None) -> tuple[int | None, bool]:
    """The effective spades ``seat`` holds after the exchanges, from the ``dealt`` count its bid showed,
    when the observer saw every card the seat passed and received (nil passing under whiz); and whether
    the dealt count is left to check once the hidden exchanges are undone (the observer saw none of them)."""
    if dealt is None:
        return None, False
    spades = observation.rules.tables.spade_mask
    for view in observation.exchanges:
        if seat not in (view.giver, view.receiver):
            continue
        if view.cards is None:
            return None, True
        moved = (mask_of(view.cards) & spades).bit_count()
        dealt += moved if view.receiver == seat else -moved
    return dealt, False


class _Bins:
    """Where hidden cards may go: per seat one bin (or a spade bin and an other-suit bin when the seat's
    spade count is known), and for the two-player draw a sink (discards and stock) taking anything."""

    def __init__(self) -> None:
        self.caps: list[int] = []
        self.seats: list[int | None] = []
        self.accepts: list[int] = []  # bit mask of the classes each bin accepts

    def add(self, seat: int | None, cap: int, accepts: int) -> None:
        if cap < 0:
            raise ObservationError("no deal is consistent with this view: a hand cannot hold the cards it must")
        self.caps.append(cap)
        self.seats.append(seat)
        self.accepts.append(accepts)


_ALL_CLASSES: Final = 0b11111
"""Every card class: the four effective suits (0-3), and (4) the cards no hand may hold, which only the
two-player draw's sink accepts."""


def _add_seat_bins(
    bins: _Bins, observation: Observation, seat: int, need: int, counted: int, quota: int | None, tiers: int = 0
) -> None:
    """Bins for ``seat``, which must receive ``need`` hidden cards; ``counted`` is the mask of its cards
    already placed (played, known) for the spade ``quota`` (the effective spades it holds, when known);
    ``tiers`` the classes of low clubs (see :func:`_club_tiers`) the seat may hold besides the
    unconstrained clubs."""
    voids = 0
    for suit in observation.voids[seat]:
        voids |= 1 << suit
    allowed = 0b1111 & ~voids
    if allowed & 1 << Suit.CLUBS:
        allowed |= tiers
    if quota is None:
        bins.add(seat, need, allowed)
        return
    spades = quota - (counted & observation.rules.tables.spade_mask).bit_count()
    if spades > need:
        raise ObservationError("no deal is consistent with this view: a bid's spade count cannot be met")
    bins.add(seat, spades, allowed & 1 << Suit.SPADES)
    bins.add(seat, need - spades, allowed & ~(1 << Suit.SPADES))


def _classes(
    observation: Observation, unknown: int, sink_only: int = 0, tiers: Sequence[int] = ()
) -> list[list[Card]]:
    """The hidden cards by class: the four effective suits (the clubs of no tier), the cards only the sink
    takes, then each tier of low clubs (masks of :func:`_club_tiers`)."""
    suit_masks = observation.rules.tables.suit_masks
    tiered = 0
    for mask in tiers:
        tiered |= mask
    classes = [cards_of_mask(unknown & ~sink_only & ~tiered & mask) for mask in suit_masks]
    return [list(cards) for cards in (*classes, cards_of_mask(unknown & sink_only), *map(cards_of_mask, tiers))]


_FIRST_TIER: Final = 5
"""The class index of the first tier of low clubs (after the four suits and the sink-only class)."""


def _club_tiers(observation: Observation, unknown: int) -> tuple[list[int], list[int]]:
    """Under ``first_trick_lowest_club`` a seat that followed the first trick with a club held no lower club
    then: the hidden clubs grouped by the seats that cannot hold them (``(tier masks, per seat the class bits
    of the tiers it may hold)``; no tiers under other rules)."""
    rules = observation.rules
    n = rules.players
    tables = rules.tables
    allowed = [0] * n
    if not tables.first_trick_lowest_club or (not observation.tricks and observation.current_trick is None):
        return [], allowed
    first = observation.tricks[0] if observation.tricks else observation.current_trick
    assert first is not None
    floors = [0] * n  # per seat, the hidden clubs it cannot hold
    for at, (seat, card) in enumerate(first.plays(n)):
        if at and tables.suit_of[card.index] == Suit.CLUBS:
            floors[seat] = unknown & tables.suit_masks[Suit.CLUBS] & (card.bit - 1)
    by_barred: dict[int, int] = {}  # the seats barred (a bit each) -> the clubs they are barred from
    for club in cards_of_mask(unknown & tables.suit_masks[Suit.CLUBS]):
        barred = sum(1 << seat for seat in range(n) if floors[seat] & club.bit)
        if barred:
            by_barred[barred] = by_barred.get(barred, 0) | club.bit
    tiers = list(by_barred.values())
    for k, barred in enumerate(by_barred):
        for seat in range(n):
            if not barred >> seat & 1:
                allowed[seat] |= 1 << (_FIRST_TIER + k)
    return tiers, allowed


def _feasible(counts: Sequence[int], bins: _Bins) -> bool:
    """Hall's condition: every set of classes fits in the bins that accept some of them.

    The sets are walked in binary order, each built from a smaller one by adding its lowest class, and
    only the bins with room count (those that accept the same classes as one)."""
    active = [k for k, count in enumerate(counts) if count]
    room_of: dict[int, int] = {}  # bins that accept the same classes count as one room
    for cap, accept in zip(bins.caps, bins.accepts, strict=True):
        if cap:
            room_of[accept] = room_of.get(accept, 0) + cap
    rooms = [(cap, accept) for accept, cap in room_of.items()]
    size = 1 << len(active)
    need = [0] * size
    reach = [0] * size
    for subset in range(1, size):  # each set is a smaller one plus its lowest class
        low = subset & -subset
        k = active[low.bit_length() - 1]
        need[subset] = total = need[subset ^ low] + counts[k]
        reach[subset] = classes = reach[subset ^ low] | 1 << k
        room = 0
        for cap, accept in rooms:
            if accept & classes:
                room += cap
        if total > room:
            return False
    return True


def _flexible(counts: Sequence[int], bins: _Bins) -> bool:
    """Whether every bin with room accepts every class left: then every way of filling the rooms is
    possible, and a uniform one is a shuffle of the cards left cut into the rooms (no Hall check needed)."""
    active = 0
    for k, count in enumerate(counts):
        if count:
            active |= 1 << k
    return all(accept & active == active for cap, accept in zip(bins.caps, bins.accepts, strict=True) if cap)


def _distribute(rng: random.Random, classes: list[list[Card]], bins: _Bins) -> list[int]:
    """Place every card of ``classes`` into a bin that accepts its class, filling every bin exactly; the
    masks of the cards each bin got. Most constrained classes first; each card goes to a random bin
    (weighted by room left) among those that keep the rest satisfiable, so it never dead-ends; once no
    constraint is left, the remaining cards are shuffled and cut into the rooms."""
    counts = [len(cards) for cards in classes]
    if sum(counts) != sum(bins.caps) or not (_flexible(counts, bins) or _feasible(counts, bins)):
        raise ObservationError("no deal is consistent with this view: the hidden cards cannot fill the hands")
    got = [0] * len(bins.caps)
    caps = bins.caps
    order = sorted(range(len(classes)), key=lambda k: sum(1 for accept in bins.accepts if accept >> k & 1))
    for at, k in enumerate(order):
        if _flexible(counts, bins):  # every card left may go anywhere with room: a uniform cut of a shuffle
            rest = [card for later in order[at:] for card in classes[later]]
            rng.shuffle(rest)
            start = 0
            for b, cap in enumerate(caps):
                for card in rest[start:start + cap]:
                    got[b] |= card.bit
                start += cap
            caps[:] = [0] * len(caps)
            return got
        cards = classes[k]
        rng.shuffle(cards)
        for card in cards:
            candidates = [b for b, accept in enumerate(bins.accepts) if accept >> k & 1 and caps[b]]
            chosen = candidates[-1]
            while True:
                total = sum(caps[b] for b in candidates)
                pick = rng.randrange(total)
                for chosen in candidates:
                    pick -= caps[chosen]
                    if pick < 0:
                        break
                caps[chosen] -= 1
                counts[k] -= 1
                if len(candidates) == 1 or _feasible(counts, bins):
                    break
                caps[chosen] += 1
                counts[k] += 1
                candidates.remove(chosen)
            got[chosen] |= card.bit
    return got


def _sample_hands(observation: Observation, rng: random.Random) -> tuple[Deal, list[Exchange]] | None:
    """Dealt games: sample the hidden current hands, undo the exchanges, and build the deal (None when the
    undone exchanges leave a seat without the spades its bid showed: the caller draws again)."""
    rules = observation.rules
    n = rules.players
    seat = observation.seat
    tricks = _all_tricks(observation)
    played = played_masks(n, tricks)
    known = [mask_of(cards) for cards in observation.known_cards]
    own = mask_of(observation.hand) if observation.hand is not None else 0
    unknown = rules.tables.deck_mask & ~own
    for mask in (*played, *known):
        unknown &= ~mask
    tiers, tier_bits = _club_tiers(observation, unknown)
    bins = _Bins()
    dealt_to_check: dict[int, int] = {}  # seat -> the spades its bid showed, behind exchanges the observer did not see
    for other in range(n):
        if other == seat and observation.hand is not None:
            continue
        need = observation.hand_sizes[other] - known[other].bit_count()
        dealt = _spade_quota(observation, other)
        quota, deferred = _quota_now(observation, other, dealt)
        if deferred:  # hold a count the unseen exchanges can turn into the dealt one (they are steered to it)
            assert dealt is not None
            dealt_to_check[other] = dealt
            placed = ((played[other] | known[other]) & rules.tables.spade_mask).bit_count()
            came = sum(view.size for view in observation.exchanges if view.receiver == other)
            went = sum(view.size for view in observation.exchanges if view.giver == other)
            low, high = max(dealt - went, placed), min(dealt + came, placed + need)
            if low > high:
                return None
            quota = rng.randint(low, high)
        _add_seat_bins(bins, observation, other, need, played[other] | known[other], quota, tier_bits[other])
    try:
        got = _distribute(rng, _classes(observation, unknown, tiers=tiers), bins)
    except ObservationError:
        if not dealt_to_check:
            raise
        return None  # the count drawn above cannot be held: draw again
    current = list(known)
    current[seat] |= own
    for bin_seat, mask in zip(bins.seats, got, strict=True):
        assert bin_seat is not None
        current[bin_seat] |= mask
    held = [mask | played[other] for other, mask in enumerate(current)]
    exchanges: list[Exchange] = []
    for at in reversed(range(len(observation.exchanges))):
        view = observation.exchanges[at]
        if view.cards is not None:
            cards = mask_of(view.cards)
            if cards & held[view.receiver] != cards:
                raise ObservationError("no deal is consistent with this view: an exchange cannot be undone")
        else:
            picked = _unseen_exchange(rng, observation, at, held, dealt_to_check)
            if picked is None:
                return None
            cards = picked
        held[view.receiver] ^= cards
        held[view.giver] |= cards
        exchanges.append(Exchange(view.giver, cards_of_mask(cards)))
    exchanges.reverse()
    spades = rules.tables.spade_mask
    if any((held[other] & spades).bit_count() != dealt for other, dealt in dealt_to_check.items()):
        return None
    n, dealer = rules.players, observation.dealer
    hands = [cards_of_mask(held[deal_seat(dealer, k, n)]) for k in range(n)]
    if any(len(cards) != rules.cards_each for cards in hands):
        raise ObservationError("no deal is consistent with this view: the hands do not have the right sizes")
    return Deal(tuple(chain.from_iterable(zip(*hands, strict=True)))), exchanges  # one card a seat at a time


def _unseen_exchange(
    rng: random.Random, observation: Observation, at: int, held: list[int], dealt: dict[int, int]
) -> int | None:
    """The cards of the unseen exchange ``at``, drawn from what its receiver holds (``held``: the hands with
    the later exchanges undone). When a seat of ``dealt`` (whose bid showed its dealt spades) takes part,
    the number of spades passed is drawn among those that still lead to its dealt count (weighted by the
    ways to pick them), looking one exchange ahead; None when none does."""
    view = observation.exchanges[at]
    pool = held[view.receiver]
    target = next((seat for seat in (view.giver, view.receiver) if seat in dealt), None)
    if target is None:
        return mask_of(rng.sample(cards_of_mask(pool), view.size))
    spade_mask = observation.rules.tables.spade_mask
    spades, others = pool & spade_mask, pool & ~spade_mask
    earlier = [prior for prior in observation.exchanges[:at] if target in (prior.giver, prior.receiver)]
    weights = []
    for moved in range(view.size + 1):
        ways = comb(spades.bit_count(), moved) * comb(others.bit_count(), view.size - moved)
        if ways and _reaches(observation, target, dealt[target], view, moved, held, earlier):
            weights.append((moved, ways))
    if not weights:
        return None
    moved = rng.choices([count for count, _ in weights], [ways for _, ways in weights])[0]
    chosen = rng.sample(cards_of_mask(spades), moved) + rng.sample(cards_of_mask(others), view.size - moved)
    return mask_of(chosen)


def _reaches(
    observation: Observation, seat: int, dealt: int, view: ExchangeView, moved: int, held: list[int],
    earlier: Sequence[ExchangeView],
) -> bool:
    """Whether undoing ``view`` with ``moved`` spades can still give ``seat`` its ``dealt`` spades: exact when
    no earlier exchange involves the seat, or one that passed cards to it (a nil's partner receives, then
    returns); otherwise the check after the last undo decides."""
    spade_mask = observation.rules.tables.spade_mask
    gains = 1 if view.giver == seat else -1
    count = (held[seat] & spade_mask).bit_count() + gains * moved
    size = held[seat].bit_count() + gains * view.size
    if not earlier:
        return count == dealt
    prior = earlier[0]
    if len(earlier) > 1 or prior.receiver != seat:
        return True
    taken_back = count - dealt  # the spades its undoing must take out of the seat's hand
    return 0 <= taken_back <= prior.size and prior.size - taken_back <= size - count


def _sample_stock(observation: Observation, rng: random.Random) -> Deal:
    """The two-player draw: sample the other player's kept cards and everything the seat has not seen
    (the other's discards, the seat's unseen discards, the rest of the stock), then rebuild the stock."""
    rules = observation.rules
    tables = rules.tables
    seat = observation.seat
    other = 1 - seat
    size = len(tables.deck)
    tricks = _all_tricks(observation)
    played = played_masks(2, tricks)
    seen = 0
    for turn in observation.own_draws:
        seen |= turn.kept.bit | (turn.discarded.bit if turn.discarded is not None else 0)
    if observation.draw_card is not None:
        seen |= observation.draw_card.bit
    unknown = tables.deck_mask & ~seen & ~played[other]
    held_other = observation.hand_sizes[other]
    sink_only = _never_held(observation, tricks)
    bins = _Bins()
    _add_seat_bins(bins, observation, other, held_other, played[other], _spade_quota(observation, other))
    bins.add(None, unknown.bit_count() - held_other, _ALL_CLASSES)
    got = _distribute(rng, _classes(observation, unknown, sink_only), bins)
    hand_other = 0
    sink: list[Card] = []
    for bin_seat, mask in zip(bins.seats, got, strict=True):
        if bin_seat is None:
            sink.extend(cards_of_mask(mask))
        else:
            hand_other |= mask
    rng.shuffle(sink)
    kept_other = list(cards_of_mask(hand_other | played[other]))
    rng.shuffle(kept_other)
    own_turns = {turn.turn: turn for turn in observation.own_draws}
    stock: list[Card] = []
    for number, keep in enumerate(observation.draws):
        mine = own_turns.get(number)
        if mine is not None:
            kept, dropped = mine.kept, mine.discarded if mine.discarded is not None else sink.pop()
        else:
            kept, dropped = kept_other.pop(), sink.pop()
        stock.extend(DrawDecision.split(kept, dropped, keep))
    if observation.draw_card is not None:
        stock.append(observation.draw_card)
    stock.extend(sink)
    if len(stock) != size or kept_other:
        raise ObservationError("no deal is consistent with this view: the draw does not add up")
    return Deal(tuple(stock))


def _never_held(observation: Observation, tricks: Sequence[Trick]) -> int:
    """Two-player draw with the lowest-club first lead: clubs below the first card led were not held; and
    under ``first_trick_lowest_club``, clubs below the other player's club on the first trick were not in its
    hand (the cards the observer holds or saw are not hidden: a mask over the hidden cards)."""
    tables = observation.rules.tables
    if not tables.lead_lowest_club or not tricks or not tricks[0].cards:
        return 0
    clubs = tables.suit_masks[Suit.CLUBS]
    first = tricks[0].cards[0]
    if tables.suit_of[first.index] != Suit.CLUBS:
        return clubs  # no club was in play at all
    never = clubs & (first.bit - 1)
    if tables.first_trick_lowest_club:
        for at, (seat, card) in enumerate(tricks[0].plays(2)):
            if at and seat != observation.seat and tables.suit_of[card.index] == Suit.CLUBS:
                never |= clubs & (card.bit - 1)
    return never

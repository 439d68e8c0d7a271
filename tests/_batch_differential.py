"""The batch engine against the scalar engine, decision by decision (shared by the batch tests).

:func:`compare` drives a :class:`~spades_rules.batch.BatchGame` and one scalar game per row with the same
decks and the same actions, and checks at every decision that the phase, the seat to act, the legal codes
(the mask), the observation tensor (of the seat to act and of seat 0), the scores and bags agree, and the
row rebuilt as a scalar state (``game_state``) at regular decisions; at every hand's end the hand's points,
the bags, the game's end and its winner. Rows go out of step (exchanges, redeals, the draw, partial
resets) and are dealt again automatically. The scalar side plays the compact action space: an exchange
of k cards is k picks, applied as one ``Exchange`` at the k-th.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from spades_rules import (
    Deal,
    Exchange,
    GameState,
    Phase,
    Rules,
    apply,
    decode_action,
    legal_codes,
    new_game,
    observation_tensor,
    observe,
)
from spades_rules.batch import BatchGame
from spades_rules.batch.core import locks_hold
from spades_rules.cards import ALL_CARDS, Card
from spades_rules.codec import BIG_JOKER_CODE, BLIND_NIL_CODE, LITTLE_JOKER_CODE, NIL_CODE, REDEAL_BASE

PHASES = tuple(Phase)


@dataclass
class Counts:
    """What comparisons covered."""

    decisions: int = 0
    hands: int = 0
    games: int = 0
    redeals: int = 0
    exchanges: int = 0
    states: int = 0
    rules: set[str] = field(default_factory=set)

    def add(self, other: Counts) -> None:
        for name in ("decisions", "hands", "games", "redeals", "exchanges", "states"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.rules |= other.rules


def _card_code(card: Card) -> int:
    if card.index < NIL_CODE:
        return card.index
    return LITTLE_JOKER_CODE if card.index == 52 else BIG_JOKER_CODE


_CARD_OF_CODE = {_card_code(card): card for card in ALL_CARDS}


class Scalar:
    """One row's scalar game, played in the compact action space."""

    def __init__(self, rules: Rules, deck: np.ndarray | None = None) -> None:
        self.rules = rules
        self.state = new_game(rules)
        self.picked: list[Card] = []
        if deck is not None:
            self.deal(deck)

    def deal(self, deck: np.ndarray) -> None:
        self.state = apply(self.state, Deal(tuple(ALL_CARDS[int(i)] for i in deck)))

    def codes(self) -> set[int]:
        state = self.state
        if state.phase is Phase.EXCHANGE:
            hand = state.hand
            assert hand is not None and hand.to_act is not None
            chosen = sum(card.bit for card in self.picked)
            return {_card_code(card) for card in ALL_CARDS if card.bit & hand.held[hand.to_act] & ~chosen}
        return set(legal_codes(state))

    def step(self, code: int) -> None:
        state = self.state
        if state.phase is Phase.EXCHANGE:
            hand = state.hand
            assert hand is not None and hand.to_act is not None
            self.picked.append(_CARD_OF_CODE[code])
            if len(self.picked) == self.rules.blind_nil_exchange:
                self.state = apply(state, Exchange(hand.to_act, tuple(self.picked)))
                self.picked = []
            return
        self.state = apply(state, decode_action(code, state))


Policy = Callable[[GameState, list[int], random.Random], int]


def random_policy(state: GameState, codes: list[int], rng: random.Random) -> int:
    return rng.choice(codes)


def low_policy(state: GameState, codes: list[int], rng: random.Random) -> int:
    """Bid low (nil or blind nil when offered, else the lowest bid), so nils, bags and bag penalties occur."""
    if state.phase is Phase.BID:
        bids = [code for code in codes if code <= BLIND_NIL_CODE]
        if bids and rng.random() < 0.9:
            return BLIND_NIL_CODE if BLIND_NIL_CODE in bids and rng.random() < 0.4 else min(bids)
    return rng.choice(codes)


def redeal_policy(state: GameState, codes: list[int], rng: random.Random) -> int:
    """Call a redeal whenever one is offered (rows out of step), else play at random."""
    calls = [code for code in codes if code >= REDEAL_BASE and code < REDEAL_BASE + 5]
    return rng.choice(calls) if calls and rng.random() < 0.7 else rng.choice(codes)


POLICIES: tuple[Policy, ...] = (random_policy, low_policy, redeal_policy)


def _decks(rules: Rules, rng: random.Random, count: int) -> np.ndarray:
    return np.array([[card.index for card in Deal.shuffled(rules, rng).deck] for _ in range(count)], dtype=np.int64)


def compare(
    rules: Rules, n: int, seed: int, *, episode: str = "hand", steps: int = 200,
    policies: tuple[Policy, ...] = POLICIES, states_every: int = 7, reset_at: int | None = None,
    fast: bool = True,
) -> Counts:
    """Play ``steps`` decisions in ``n`` rows with both engines and check every decision (see the module);
    ``fast=False`` plays every row by the subset path (no lockstep). Raises ``AssertionError`` naming the
    row, the decision and the rules at the first difference."""
    rng = random.Random(seed)
    counts = Counts(rules={repr(rules)})
    batch = BatchGame(rules, n, seed=seed, episode=episode)  # type: ignore[arg-type]
    batch._core.fast = fast
    decks = _decks(rules, rng, n)
    batch.reset(decks=decks)
    rows = [Scalar(rules, deck) for deck in decks]
    policy_of = [policies[(row + seed) % len(policies)] for row in range(n)]
    for number in range(steps):
        if reset_at is not None and number == reset_at:
            chosen = np.array(sorted(rng.sample(range(n), max(1, n // 3))))
            again = _decks(rules, rng, len(chosen))
            batch.reset(chosen, decks=again)
            for at, row in enumerate(chosen):
                rows[row] = Scalar(rules, again[at])
        mask = batch.legal_action_mask()
        tensor = batch.observation_tensor()
        fixed = batch.observation_tensor(0)
        actions = np.zeros(n, dtype=np.int64)
        for row, scalar in enumerate(rows):
            state = scalar.state

            def where(row: int = row) -> str:
                return f"row {row}, decision {number}, seed {seed}, episode {episode}, fast {fast}, {rules!r}"

            assert batch.phase[row] == PHASES.index(state.phase), where()
            assert batch.current_player[row] == state.to_act, where()
            codes = scalar.codes()
            assert set(np.flatnonzero(mask[row]).tolist()) == codes, (where(), sorted(codes))
            assert tuple(batch.scores[row]) == state.scores, where()
            assert tuple(batch.bags[row]) == state.bags, where()
            assert state.to_act is not None
            for got, seat in ((tensor[row], state.to_act), (fixed[row], 0)):
                expected = np.array(observation_tensor(observe(state, seat)), dtype=np.float32)
                if not np.array_equal(got, expected):
                    np.testing.assert_array_equal(got, expected, err_msg=where())
            if not scalar.picked and (number + row) % states_every == 0:
                assert batch.game_state(row) == state, where()
                counts.states += 1
            actions[row] = policy_of[row](state, sorted(codes), rng)
            counts.decisions += 1
        batch.step(actions)
        assert locks_hold(batch._core), f"decision {number}: the lockstep flags disagree with the arrays"
        for row, scalar in enumerate(rows):
            before = scalar.state
            scalar.step(int(actions[row]))
            state = scalar.state
            where = f"row {row}, after decision {number}, seed {seed}, episode {episode}, {rules!r}"
            if before.phase is Phase.EXCHANGE and len(state.hand_actions) > len(before.hand_actions):
                counts.exchanges += 1
            if state.phase not in (Phase.DEAL, Phase.GAME_OVER):
                assert not batch.hand_done[row], where
                continue
            if len(state.results) == len(before.results):  # a redeal: the same dealer deals again
                assert not batch.hand_done[row], where
                counts.redeals += 1
                scalar.deal(batch.deck[row])
                continue
            assert batch.hand_done[row], where
            counts.hands += 1
            result = state.results[-1]
            assert tuple(batch.last_hand_totals[row]) == result.totals, where
            if episode == "hand":  # every hand is a game: the unique top hand wins it
                assert batch.game_done[row], where
                top = max(result.totals)
                unique = result.totals.count(top) == 1
                assert batch.winner[row] == (result.totals.index(top) if unique else -1), where
                over = True
            else:
                over = state.is_over
                assert bool(batch.game_done[row]) == over, where
                assert batch.winner[row] == (-1 if state.winner is None else state.winner), where
                if not over:
                    assert tuple(batch.scores[row]) == state.scores, where
                    assert tuple(batch.bags[row]) == state.bags, where
            if over:
                counts.games += 1
                scalar.state = new_game(rules)
            scalar.deal(batch.deck[row])
    return counts

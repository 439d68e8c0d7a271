"""The batch engine against the scalar engine, decision by decision (shared by the batch tests).

:func:`compare` drives a :class:`~spades_rules.batch.BatchGame` and one scalar game per row with the same
decks and the same actions, and checks at every decision that the phase, the seat to act, the legal codes (the
mask), the observation tensor (of the seat to act and of seat 0), the scores and bags agree, and the row
rebuilt as a scalar state (``game_state``) at regular decisions; at every hand's end the hand's points, the
bags, the game's end and its winner, every seat's reward (``rewards``), the hands played, the final scores and
the final observation of the seat that acted (``final_observation``), and the backstop: a game that plays
``backstop`` hands without its rules ending it is truncated. Rows go out of step (exchanges, redeals, the
draw, partial resets) and are dealt again automatically. The scalar side plays the compact action space: an
exchange of k cards is k picks, applied as one ``Exchange`` at the k-th. With ``from_states=True`` the rows start
from (and are reset to) random mid-game states (:func:`random_states`) through ``BatchGame.from_states``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import numpy as np

from _fixtures import Tally
from spades_rules import (
    Deal,
    GameState,
    Phase,
    Rules,
    RulesError,
    apply,
    from_dict,
    legal_codes,
    new_game,
    observation_tensor,
    observe,
    to_dict,
)
from spades_rules.batch import BatchGame
from spades_rules.batch._compile import NOT_YET
from spades_rules.batch._lockstep import locks_hold
from spades_rules.cards import ALL_CARDS, Card
from spades_rules.codec import BLIND_BID_BASE, BLIND_NIL_CODE, REDEAL_BASE, compact_step

PHASES = tuple(Phase)


def kind_of(state: GameState) -> str:
    """What a state is, for the coverage of the states loaded: its phase, in the play whether a trick is under
    way, and whether the game is past its first hand."""
    kind = state.phase.value
    if state.phase is Phase.PLAY:
        assert state.hand is not None
        kind += " mid-trick" if state.hand.trick_cards else " at a lead"
    return kind + (" (a later hand)" if state.results else "")


class Scalar:
    """One row's scalar game, played in the codec's compact action space (``compact_step``), from a new game
    (dealt ``deck``) or from ``state``."""

    def __init__(self, rules: Rules, deck: np.ndarray | None = None, state: GameState | None = None) -> None:
        self.rules = rules
        self.state = new_game(rules) if state is None else state
        self.picked: tuple[Card, ...] = ()
        if deck is not None:
            self.deal(deck)

    def deal(self, deck: np.ndarray) -> None:
        self.state = apply(self.state, Deal(tuple(ALL_CARDS[int(i)] for i in deck)))

    def codes(self) -> set[int]:
        return set(legal_codes(self.state, compact=True, picked=self.picked))

    def step(self, code: int) -> None:
        self.state, self.picked = compact_step(self.state, self.picked, code)


Policy = Callable[[GameState, list[int], random.Random], int]


def random_policy(state: GameState, codes: list[int], rng: random.Random) -> int:
    return rng.choice(codes)


def low_policy(state: GameState, codes: list[int], rng: random.Random) -> int:
    """Bid low (nil or blind nil when offered, else the lowest bid; now and then the lowest blind number), so
    nils, bags, bag penalties and blind bids occur."""
    if state.phase is Phase.BID:
        bids = [code for code in codes if code <= BLIND_NIL_CODE]
        blind_numbers = [code for code in codes if code > BLIND_BID_BASE]
        if blind_numbers and rng.random() < 0.3:
            return min(blind_numbers)
        if bids and rng.random() < 0.9:
            return BLIND_NIL_CODE if BLIND_NIL_CODE in bids and rng.random() < 0.4 else min(bids)
    return rng.choice(codes)


def redeal_policy(state: GameState, codes: list[int], rng: random.Random) -> int:
    """Call a redeal whenever one is offered (rows out of step), else play at random."""
    calls = [code for code in codes if code >= REDEAL_BASE and code < REDEAL_BASE + 5]
    return rng.choice(calls) if calls and rng.random() < 0.7 else rng.choice(codes)


POLICIES: tuple[Policy, ...] = (random_policy, low_policy, redeal_policy)


def playable(rules: Rules) -> Rules | None:
    """``rules`` with the options the batch engine refuses (``compile.NOT_YET``) at their defaults, or None
    when that combination is not valid: the random rule sets of the differential."""
    defaults = {field.name: field.default for field in attrs.fields(Rules) if field.init}
    changes = {name: defaults[name] for name in NOT_YET if name in defaults and getattr(rules, name) != defaults[name]}
    if not changes:
        return rules
    try:
        return rules.evolve(**changes)
    except RulesError:
        return None


def _stopped(before: GameState, code: int, hands: int) -> GameState:
    """The game of ``before`` under its rules with ``max_hands=hands``, after the compact ``code`` (the final
    position that a truncated game's final observation shows)."""
    data = to_dict(before)
    data["rules"] = to_dict(new_game(before.rules.evolve(max_hands=hands)))["rules"]
    stopped, _ = compact_step(from_dict(data), (), code)
    assert stopped.is_over
    return stopped


def _decks(rules: Rules, rng: random.Random, count: int) -> np.ndarray:
    return np.array([[card.index for card in Deal.shuffled(rules, rng).deck] for _ in range(count)], dtype=np.int64)


def random_state(rules: Rules, rng: random.Random, actions: int, episode: str = "game",
                 phase: Phase | None = None, start: GameState | None = None) -> GameState:
    """A state of a game played by one of :data:`POLICIES` in the compact space: after ``actions`` decisions,
    at the next state in ``phase`` if given (bidding low to reach an exchange), never between the picks of an
    exchange nor once the game is over (with ``episode="hand"``, within the game's first hand). The last such
    state when the game ends first. ``start``: the game to play on (a new game by default)."""
    policy = low_policy if phase is Phase.EXCHANGE else rng.choice(POLICIES)
    row = Scalar(rules, state=start)
    chosen = row.state
    for number in range(actions + 4 * rules.players * rules.tricks_per_hand):
        state = row.state
        if state.phase is Phase.GAME_OVER or (episode == "hand" and state.results):
            break
        if not row.picked:
            chosen = state
            if number >= actions and (phase is None or state.phase is phase):
                break
        if state.phase is Phase.DEAL:
            row.deal(_decks(rules, rng, 1)[0])
        else:
            row.step(policy(state, sorted(row.codes()), rng))
    return chosen


def random_states(rules: Rules, rng: random.Random, count: int, episode: str = "game",
                  start: GameState | None = None) -> list[GameState]:
    """``count`` states at every phase of a hand: new deals, the draw, bids, exchanges, any point of any trick,
    between hands, in later hands of a game (:func:`random_state`, after 0 to about two hands of decisions, at
    a phase drawn at random)."""
    per_hand = rules.players * rules.tricks_per_hand + 2 * rules.players
    phases = (None, None, Phase.DEAL, Phase.DRAW, Phase.BID, Phase.EXCHANGE, Phase.PLAY)
    return [random_state(rules, rng, rng.randrange(0, 2 * per_hand), episode, rng.choice(phases), start)
            for _ in range(count)]


def compare(
    rules: Rules, n: int, seed: int, *, episode: str = "hand", steps: int = 200,
    policies: tuple[Policy, ...] = POLICIES, states_every: int = 7, reset_at: int | None = None,
    fast: bool = True, backstop: int | None = 100, from_states: bool = False, start: GameState | None = None,
) -> Tally:
    """Play ``steps`` decisions in ``n`` rows with both engines and check every decision (see the module);
    ``fast=False`` plays every row by the subset path (no lockstep). ``from_states=True`` starts the rows
    from random states (:func:`random_states`, through ``BatchGame.from_states``) and resets rows to other
    random states (``reset(rows, states=...)``) instead of new decks, played from ``start`` if given (a game
    with starting scores, another first dealer). Raises ``AssertionError`` naming the
    row, the decision and the rules at the first difference."""
    rng = random.Random(seed)
    counts = Tally(rules={repr(rules)})
    if from_states:
        starts = random_states(rules, rng, n, episode, start)
        batch = BatchGame.from_states(starts, seed=seed, episode=episode,  # type: ignore[arg-type]
                                      backstop=backstop, final_observations=True)
        bare = BatchGame.from_states(starts, seed=seed, episode=episode, record=False,  # type: ignore[arg-type]
                                     backstop=backstop)
        rows = [Scalar(rules, state=state) for state in starts]
        for row, scalar in enumerate(rows):  # a state between hands was dealt a shuffled deck
            counts.loaded[kind_of(scalar.state)] += 1
            if scalar.state.phase is Phase.DEAL:
                scalar.deal(batch.deck[row])
            counts.states += 1
            assert batch.game_state(row) == scalar.state, f"row {row}, loaded from a state, {rules!r}"
    else:
        batch = BatchGame(rules, n, seed=seed, episode=episode, backstop=backstop,  # type: ignore[arg-type]
                          final_observations=True)
        bare = BatchGame(rules, n, seed=seed, episode=episode, record=False,  # type: ignore[arg-type]
                         backstop=backstop)
        decks = _decks(rules, rng, n)
        batch.reset(decks=decks)
        bare.reset(decks=decks)  # a twin without the record: it keeps what the tricks show as they end
        rows = [Scalar(rules, deck) for deck in decks]
    batch._core.fast = bare._core.fast = fast
    if not fast:
        batch._core.relock()
        bare._core.relock()
    policy_of = [policies[(row + seed) % len(policies)] for row in range(n)]
    for number in range(steps):
        if reset_at is not None and number == reset_at:
            chosen = np.array(sorted(rng.sample(range(n), max(1, n // 3))))
            if from_states:
                restarts = random_states(rules, rng, len(chosen), episode, start)
                batch.reset(chosen, states=restarts)
                bare.reset(chosen, states=restarts)  # the same seed: the same decks for states between hands
                for at, row in enumerate(chosen):
                    counts.loaded[kind_of(restarts[at])] += 1
                    rows[row] = Scalar(rules, state=restarts[at])
                    if restarts[at].phase is Phase.DEAL:
                        rows[row].deal(batch.deck[row])
            else:
                again = _decks(rules, rng, len(chosen))
                batch.reset(chosen, decks=again)
                bare.reset(chosen, decks=again)
                for at, row in enumerate(chosen):
                    rows[row] = Scalar(rules, again[at])
        mask = batch.legal_action_mask()
        tensor = batch.observation_tensor()
        fixed = batch.observation_tensor(0)
        same = np.array_equal(bare.observation_tensor(), tensor) and np.array_equal(bare.observation_tensor(0), fixed)
        if not same:
            raise AssertionError(f"decision {number}: the batch without a record observes otherwise, {rules!r}")
        actions = np.zeros(n, dtype=np.int64)
        for row, scalar in enumerate(rows):
            state = scalar.state

            def where(row: int = row, number: int = number) -> str:
                return f"row {row}, decision {number}, seed {seed}, episode {episode}, fast {fast}, {rules!r}"

            assert batch.phase[row] == PHASES.index(state.phase), where()
            assert batch.current_player[row] == state.to_act, where()
            codes = scalar.codes()
            assert set(np.flatnonzero(mask[row]).tolist()) == codes, (where(), sorted(codes))
            assert tuple(batch.scores[row]) == state.scores, where()
            assert tuple(batch.bags[row]) == state.bags, where()
            assert batch.hands_played[row] == (state.hands_played if episode == "game" else 0), where()
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
        bare.step(actions)
        assert locks_hold(batch._core), f"decision {number}: the lockstep flags disagree with the arrays"
        rewards, final = batch.rewards, batch.final_observation
        assert rewards.shape == (n, rules.players) and rewards.dtype == np.float32
        for row, scalar in enumerate(rows):
            before = scalar.state
            actor = before.to_act
            assert actor is not None
            scalar.step(int(actions[row]))
            state = scalar.state
            after = f"row {row}, after decision {number}, seed {seed}, episode {episode}, {rules!r}"
            ended = bool(batch.game_done[row] or batch.truncated[row])
            assert not (batch.game_done[row] and batch.truncated[row]), after
            if not ended:
                assert not final[row].any() and not batch.final_scores[row].any(), after
            if not batch.hand_done[row]:
                assert not rewards[row].any(), after
            if before.phase is Phase.EXCHANGE and len(state.hand_actions) > len(before.hand_actions):
                counts.exchanges += 1
            if state.phase not in (Phase.DEAL, Phase.GAME_OVER):
                assert not batch.hand_done[row], after
                continue
            if len(state.results) == len(before.results):  # a redeal: the same dealer deals again
                assert not batch.hand_done[row], after
                counts.redeals += 1
                scalar.deal(batch.deck[row])
                continue
            assert batch.hand_done[row], after
            counts.hands += 1
            result = state.results[-1]
            assert tuple(batch.last_hand_totals[row]) == result.totals, after
            expected_rewards = [result.totals[rules.side_of(seat)] for seat in range(rules.players)]
            assert rewards[row].tolist() == expected_rewards, after
            if episode == "hand":  # every hand is a game: a moon under moon="win", else the unique top wins it
                assert batch.game_done[row], after
                top = max(result.totals)
                unique = result.totals.count(top) == 1
                winner = result.totals.index(top) if unique else -1
                if rules.moon == "win" and state.is_over and state.winner is not None:
                    winner = state.winner if any(side.moon for side in result.sides) else winner
                assert batch.winner[row] == winner, after
                assert tuple(batch.final_scores[row]) == result.totals, after
                over = True
                expected_final = observation_tensor(observe(_stopped(before, int(actions[row]), 1), actor))
                np.testing.assert_array_equal(final[row], np.array(expected_final, dtype=np.float32), err_msg=after)
            else:
                over = state.is_over
                cut = not over and backstop is not None and state.hands_played >= backstop
                assert bool(batch.game_done[row]) == over, after
                assert bool(batch.truncated[row]) == cut, after
                if cut:
                    top = max(state.scores)
                    leader = state.scores.index(top) if state.scores.count(top) == 1 else -1
                    assert batch.winner[row] == leader, after
                else:
                    assert batch.winner[row] == (-1 if state.winner is None else state.winner), after
                if not over and not cut:
                    assert tuple(batch.scores[row]) == state.scores, after
                    assert tuple(batch.bags[row]) == state.bags, after
                else:
                    assert tuple(batch.final_scores[row]) == state.scores, after
                    expected_final = observation_tensor(observe(state, actor))  # over, or between hands
                    np.testing.assert_array_equal(final[row], np.array(expected_final, dtype=np.float32),
                                                  err_msg=after)
                over = over or cut
            if over:
                counts.games += 1
                scalar.state = new_game(rules)
            scalar.deal(batch.deck[row])
    return counts

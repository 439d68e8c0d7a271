"""The search bot's batched playouts (``spades_rules.batch._search``) against its playouts one at a time
(``spades_rules._core.playouts``): the same card, pick, bid or draw at every decision of every row, from random
states at every phase (rows in step, on the tracked fast path, and out of step); the same ends of the
hands (points, the game's end, bids, tricks); and the same decisions of :class:`SearchBot` with and without
the batch. Small here; ``SPADES_FUZZ=1`` runs more states and rule sets."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

np = pytest.importorskip("numpy")

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from _batch_differential import playable, random_states  # noqa: E402
from spades_rules import Deal, GameState, Phase, Rules, apply, legal_actions, new_game  # noqa: E402
from spades_rules import bots as bots_module  # noqa: E402
from spades_rules import strategies as sst  # noqa: E402
from spades_rules._core.playouts import _fast_exchange, fast_bid, fast_play, play_out  # noqa: E402
from spades_rules.actions import Action, Bid, Play, Redeal  # noqa: E402
from spades_rules.batch import BatchGame, _search  # noqa: E402
from spades_rules.batch._compile import PLAY  # noqa: E402
from spades_rules.bots import HeuristicBot, SearchBot, iter_game  # noqa: E402
from spades_rules.codec import DRAW_KEEP_CODE, encode_action  # noqa: E402
from spades_rules.errors import ArgumentTypeError, RulesError  # noqa: E402
from spades_rules.views import observe, sample_deal  # noqa: E402

FUZZ = bool(os.environ.get("SPADES_FUZZ"))
STATES = 60 if FUZZ else 14
PRESETS = sorted(Rules.presets())


def _decisions(states: list[GameState]) -> list[GameState]:
    return [state for state in states if state.phase in (Phase.DRAW, Phase.BID, Phase.EXCHANGE, Phase.PLAY)]


def _worlds(rules: Rules, rng: random.Random, count: int) -> list[GameState]:
    """States of one position as a search sees it: worlds sampled from one seat's view (the rows in step)."""
    for state in random_states(rules, rng, 20):
        if state.phase is Phase.PLAY and state.to_act is not None:
            view = observe(state, state.to_act)
            return [sample_deal(view, rng) for _ in range(count)]
    return []


def _compare_decisions(rules: Rules, states: list[GameState]) -> Counter[str]:
    """Drive the batched playouts from ``states`` (one row each) with the policy's own codes, and check each
    row's code against the scalar policy in the row's state (``game_state``) until every hand is over."""
    games = BatchGame.from_states(states, seed=1, record=True, backstop=None)
    playouts = _search.Playouts(games)
    core = games._core
    seen: Counter[str] = Counter()
    picks: dict[int, list[int]] = {}  # row -> the cards it has picked so far for the exchange in progress
    wanted: dict[int, set[int]] = {}  # row -> the cards of the scalar policy's exchange
    for _ in range(4 * len(rules.deck) + 40):
        in_step = core.phase_lock == PLAY and core.pos_lock is not None
        codes = playouts.codes()
        phases = games.phase.copy()
        for row in range(games.n):
            if playouts.done[row]:
                continue
            phase = tuple(Phase)[int(phases[row])]
            where = f"row {row}, {phase.value}, {rules!r}"
            if phase is Phase.EXCHANGE:  # the k picks make the scalar policy's exchange (a set of cards)
                if row not in picks:
                    wanted[row] = {encode_action(Play(0, card)) for card in _fast_exchange(games.game_state(row)).cards}
                    picks[row] = []
                picks[row].append(int(codes[row]))
                if len(picks[row]) == len(wanted[row]):
                    assert set(picks.pop(row)) == wanted.pop(row), where
                    seen["exchange"] += 1
                continue
            state = games.game_state(row)
            expected: Action
            if phase is Phase.PLAY:
                expected = fast_play(state)
                seen["play in step" if in_step else "play out of step"] += 1
            elif phase is Phase.BID:
                expected = fast_bid(state)
                seen["bid"] += 1
            else:
                assert codes[row] == DRAW_KEEP_CODE, where
                seen["draw"] += 1
                continue
            assert codes[row] == encode_action(expected), (where, expected)
        if playouts.step(codes):
            return seen
    raise AssertionError("the playouts did not end")


@pytest.mark.parametrize("name", PRESETS)
def test_the_batched_policy_plays_the_scalar_card_at_every_decision(name: str) -> None:
    rules = Rules.preset(name)
    rng = random.Random(len(name))
    seen = _compare_decisions(rules, _decisions(random_states(rules, rng, STATES)))  # rows out of step
    assert seen["play out of step"] > 0
    worlds = _worlds(rules, rng, STATES)
    if worlds:
        seen += _compare_decisions(rules, worlds)  # one position in many worlds: the rows in step
        assert seen["play in step"] > 0


def test_the_batched_policy_passes_and_bids_as_the_scalar_one() -> None:
    """Bids (after a searched bid) and the exchanges after a nil, including rows that an exchange puts a
    whole trick behind the others (in step by position, not by trick)."""
    rules = Rules.standard().evolve(blind_nil_deficit=None, nil_exchange=2, blind_nil_exchange=2)
    rng = random.Random(3)
    states = [state for state in _decisions(random_states(rules, rng, 4 * STATES))
              if state.phase in (Phase.BID, Phase.EXCHANGE)]
    seen = _compare_decisions(rules, states)
    assert seen["bid"] > 0 and seen["exchange"] > 0 and seen["play in step"] + seen["play out of step"] > 0


def _ends_agree(rules: Rules, states: list[GameState], rng: random.Random) -> int:
    # the searched choices: never a redeal call (the search weighs bids and cards; a call ends no hand)
    firsts: list[Action] = [rng.choice([a for a in legal_actions(state) if not isinstance(a, Redeal)])
                            for state in states]
    ends = _search.play_out(states, firsts)
    for row, (state, first) in enumerate(zip(states, firsts, strict=True)):
        end = play_out(apply(state, first), fast_bid)
        assert end.hands_played > state.hands_played
        result = end.last_result
        assert result is not None
        got = (ends.totals[row], ends.over[row], ends.winner[row], ends.bids(row), ends.tricks(row))
        assert got == (result.totals, end.is_over, end.winner, result.bids, result.tricks_won), (row, rules)
    return len(states)


@pytest.mark.parametrize("name", PRESETS)
def test_batched_playouts_end_their_hands_as_the_scalar_ones(name: str) -> None:
    rules = Rules.preset(name).evolve(max_hands=3)  # the simulations' backstop kind of limit, reached at times
    rng = random.Random(7)
    states = [state for state in _decisions(random_states(rules, rng, STATES)) if state.phase is not Phase.EXCHANGE]
    assert _ends_agree(rules, states + _worlds(rules, rng, 6), rng) > 0


@settings(max_examples=40 if FUZZ else 5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sst.rules(max_hands=None), st.integers(0, 2**31))
def test_batched_playouts_agree_under_random_house_rules(drawn: Rules, seed: int) -> None:
    rules = playable(drawn)
    assume(rules is not None)
    assert rules is not None
    rng = random.Random(seed)
    states = _decisions(random_states(rules, rng, 8))
    assume(states)
    _compare_decisions(rules, states)
    _ends_agree(rules, [state for state in states if state.phase is not Phase.EXCHANGE] or states[:0], rng)


# ------------------------------------------------------------------------------------------------ the bot
@pytest.mark.parametrize("name", ["standard", "jokers", "two_player", "partnership_bidding"])
def test_the_search_bot_decides_alike_with_and_without_the_batch(name: str) -> None:
    rules = Rules.preset(name).evolve(max_hands=1)
    games = []
    for batched in (True, False):
        table = [SearchBot(seat, batched=batched, rollouts=24) if seat % 2 == 0 else HeuristicBot(seat)
                 for seat in range(rules.players)]
        games.append([action for _, action, _ in iter_game(rules, table, seed=5)])
        assert sum(bot.decisions for bot in table if isinstance(bot, SearchBot)) > 0
    assert games[0] == games[1]


def test_batched_is_checked_and_needs_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ArgumentTypeError, match="batched"):
        SearchBot(batched="yes")  # type: ignore[arg-type]
    assert SearchBot().batched is None and SearchBot(batched=True).batched is True
    monkeypatch.setattr(bots_module, "_BATCH_SEARCH", [None])  # as without NumPy
    with pytest.raises(RulesError, match="needs NumPy"):
        SearchBot(batched=True)
    rules = Rules.standard()
    state = apply(new_game(rules), Deal.shuffled(rules, 2))
    for bid in (Bid(1, 3), Bid(2, 3), Bid(3, 3), Bid(0, 3)):
        state = apply(state, bid)
    assert SearchBot(1).choose(state) == SearchBot(1, batched=False).choose(state)  # the scalar playouts

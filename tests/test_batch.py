"""The batch engine's API (``spades_rules.batch.BatchGame``): arguments, refusals, the arrays and their
meaning, every ``Rules`` option known, memory, randomness. Agreement with the scalar engine, decision by
decision, is the gate in ``test_batch_differential.py``."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from typing import Any

import attrs
import pytest

np = pytest.importorskip("numpy")

from spades_rules import (  # noqa: E402
    Card,
    Deal,
    IllegalActionError,
    Phase,
    Rules,
    RulesError,
    apply,
    decode_action,
    legal_codes,
    new_game,
)
from spades_rules.batch import BatchGame  # noqa: E402
from spades_rules.batch._compile import KNOWN_OPTIONS, NOT_YET  # noqa: E402
from spades_rules.errors import ArgumentTypeError, IllegalReason, SeatError  # noqa: E402


def _deck_rows(rules: Rules, seeds: range) -> Any:
    return np.array([[card.index for card in Deal.shuffled(rules, seed).deck] for seed in seeds])


# ------------------------------------------------------------------------------------------------ every option
def test_every_rules_option_is_known_to_the_batch_engine() -> None:
    """A new ``Rules`` option fails here until the batch engine plays it or refuses it by name (``NOT_YET``)."""
    options = {field.name for field in attrs.fields(Rules) if field.init}
    unknown = options - KNOWN_OPTIONS - set(NOT_YET)
    assert not unknown, f"the batch engine neither plays nor refuses {sorted(unknown)}: add its batch support"
    assert not KNOWN_OPTIONS & set(NOT_YET)


def test_an_option_it_does_not_know_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    import spades_rules.batch._compile as compile_module

    monkeypatch.setattr(compile_module, "KNOWN_OPTIONS", KNOWN_OPTIONS - {"nil_value"})
    BatchGame(Rules.standard(), 2)  # the default value plays as before
    with pytest.raises(RulesError, match="nil_value"):
        BatchGame(Rules.standard().evolve(nil_value=50), 2)


@pytest.mark.parametrize("name", sorted(NOT_YET))
def test_an_option_it_does_not_play_yet_is_refused_by_name(name: str) -> None:
    fields = {field.name: field for field in attrs.fields(Rules) if field.init}
    if name not in fields:
        pytest.skip(f"Rules has no option {name} yet")
    default = fields[name].default
    values = [value for value in (None, 0, 1, 2, 6, 13, 117) if value != default]
    for value in values:
        try:
            rules = Rules.standard().evolve(**{name: value})
        except RulesError:
            continue
        with pytest.raises(RulesError, match=name):
            BatchGame(rules, 2)
        return
    pytest.fail(f"no value of {name} builds a Rules")


def test_every_preset_compiles_and_plays_a_hand() -> None:
    for name, rules in Rules.presets().items():
        games = BatchGame(rules, 5, seed=1)
        while not games.hand_done.any():
            games.step(games.random_actions())
        assert games.finished_hands == 5, name


# ------------------------------------------------------------------------------------------------ arguments
@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        (("standard", 4), ArgumentTypeError),
        ((Rules.standard(), 0), RulesError),
        ((Rules.standard(), True), ArgumentTypeError),
        ((Rules.standard(), 2.5), ArgumentTypeError),
        ((Rules.standard(), 1 << 30), RulesError),
    ],
)
def test_construction_checks_its_arguments(arguments: tuple[object, ...], error: type[Exception]) -> None:
    with pytest.raises(error):
        BatchGame(*arguments)  # type: ignore[arg-type]


def test_construction_checks_its_keywords() -> None:
    with pytest.raises(RulesError, match="episode"):
        BatchGame(Rules.standard(), 2, episode="match")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="record"):
        BatchGame(Rules.standard(), 2, record=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="seed"):
        BatchGame(Rules.standard(), 2, seed="x")  # type: ignore[arg-type]


def test_a_seed_replays_the_same_run() -> None:
    runs = []
    for _ in range(2):
        games = BatchGame(Rules.standard(), 6, seed=9)
        for _ in range(70):
            games.step(games.random_actions())
        runs.append((games.deck.copy(), games.last_hand_totals.copy(), games.current_player.copy()))
    for first, second in zip(*runs, strict=True):
        assert (first == second).all()


def test_step_refuses_an_action_array_of_the_wrong_shape_or_type() -> None:
    games = BatchGame(Rules.standard(), 3, seed=1)
    for bad in ([52, 52], np.zeros((3, 1), dtype=int), np.array([52.0, 52.0, 52.0]), "52", None):
        with pytest.raises(ArgumentTypeError):
            games.step(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("code", "reason"),
    [(-1, IllegalReason.NOT_AN_ACTION), (81, IllegalReason.NOT_AN_ACTION), (1 << 40, IllegalReason.NOT_AN_ACTION),
     (0, IllegalReason.WRONG_PHASE), (80, IllegalReason.BID_NOT_ALLOWED)],
)
def test_an_illegal_code_names_its_row_and_changes_nothing(code: int, reason: IllegalReason) -> None:
    games = BatchGame(Rules.standard(), 3, seed=1)  # everyone bids at 0-0: no blind nil
    before = games._core.s.state_nbytes(), games.legal_action_mask().copy(), games.current_player.copy()
    actions = np.array([52, 53, code])
    with pytest.raises(IllegalActionError, match="row 2") as raised:
        games.step(actions)
    assert raised.value.reason is reason
    assert (games.legal_action_mask() == before[1]).all()
    assert (games.current_player == before[2]).all()
    assert (games.phase == 2).all()


def test_a_play_not_in_hand_is_refused() -> None:
    rules = Rules.mirror()  # straight to the play
    games = BatchGame(rules, 2, seed=3)
    hand = games.game_state(0).hand
    assert hand is not None
    held = hand.hand_of(int(games.current_player[0]))
    missing = next(index for index in range(52) if all(card.index != index for card in held))
    with pytest.raises(IllegalActionError, match="row 0") as raised:
        games.step(np.array([missing, games.legal_codes(1)[0]]))
    assert raised.value.reason is IllegalReason.CARD_NOT_IN_HAND


def test_reset_checks_rows_and_decks() -> None:
    rules = Rules.standard()
    games = BatchGame(rules, 4, seed=1)
    with pytest.raises(RulesError):
        games.reset([0, 0])
    with pytest.raises(RulesError):
        games.reset([4])
    with pytest.raises(ArgumentTypeError):
        games.reset(["a"])
    with pytest.raises(ArgumentTypeError):
        games.reset([0], decks=_deck_rows(rules, range(2)))
    deck = _deck_rows(rules, range(1))
    deck[0, 0] = deck[0, 1]
    with pytest.raises(IllegalActionError) as raised:
        games.reset([0], decks=deck)
    assert raised.value.reason is IllegalReason.INVALID_DEAL


def test_reset_deals_the_given_decks_as_the_scalar_engine_does() -> None:
    rules = Rules.standard()
    decks = _deck_rows(rules, range(3))
    games = BatchGame(rules, 3, seed=1)
    games.reset(decks=decks)
    for row in range(3):
        expected = apply(new_game(rules), Deal.shuffled(rules, row))
        assert games.game_state(row) == expected
    assert (games.deck == decks).all()


def test_reset_of_some_rows_starts_new_games_there_only() -> None:
    rules = Rules.standard()
    games = BatchGame(rules, 3, seed=1, episode="game")
    for _ in range(5):
        games.step(games.random_actions())
    games.reset([1], decks=_deck_rows(rules, range(1)))
    assert games.phase[1] == tuple(Phase).index(Phase.BID)
    assert games.game_state(1) == apply(new_game(rules), Deal.shuffled(rules, 0))
    hand = games.game_state(0).hand
    assert hand is not None and hand.bids.count(None) < 4


# ------------------------------------------------------------------------------------------------ from states
def _played(rules: Rules, actions: int, seed: int = 0) -> Any:
    """The state after ``actions`` uniformly random actions (deals shuffled) from a new game."""
    import random

    from spades_rules import legal_actions

    rng = random.Random(seed)
    state = new_game(rules)
    for _ in range(actions):
        if state.is_over:
            break
        chance = state.phase is Phase.DEAL
        state = apply(state, Deal.shuffled(rules, rng) if chance else rng.choice(legal_actions(state)))
    return state


def test_from_states_goes_on_from_each_state() -> None:
    rules = Rules.standard()
    states = [_played(rules, number, seed=number) for number in (0, 1, 3, 20, 58, 75, 130)]
    games = BatchGame.from_states(states, seed=2)
    assert games.n == len(states) and games.episode == "game"
    for row, state in enumerate(states):
        assert tuple(games.scores[row]) == state.scores and tuple(games.bags[row]) == state.bags
        if state.phase is Phase.DEAL:  # between hands: the next hand is dealt, the game goes on
            assert games.game_state(row) == apply(state, Deal(tuple(Card.from_index(i) for i in games.deck[row])))
        else:
            assert games.game_state(row) == state
            assert games.legal_codes(row) == legal_codes(state, compact=True)
    assert any(state.results for state in states)  # a later hand of its game, with scores


def test_from_states_takes_one_state_for_several_rows_and_keeps_them_apart() -> None:
    rules = Rules.standard()
    state = _played(rules, 30)
    games = BatchGame.from_states([state] * 3, seed=1, record=True)
    codes = np.array([games.legal_codes(row)[0] for row in range(3)])
    codes[1] = games.legal_codes(1)[-1]
    games.step(codes)
    assert games.game_state(0) == games.game_state(2) != games.game_state(1)
    assert games.game_state(0) == apply(state, decode_action(int(codes[0]), state))


def test_reset_puts_states_in_some_rows() -> None:
    rules = Rules.standard()
    games = BatchGame(rules, 3, seed=1, episode="game")
    state = _played(rules, 40, seed=4)
    games.reset([2], states=[state])
    assert games.game_state(2) == state
    hand = games.game_state(0).hand
    assert hand is not None and not hand.completed_tricks
    games.step(games.random_actions())
    assert len(games.game_state(2).hand_actions) == len(state.hand_actions) + 1


def test_from_states_without_the_record_plays_on() -> None:
    rules = Rules.standard()
    games = BatchGame.from_states([_played(rules, 50)], record=False)
    games.step(games.random_actions())
    with pytest.raises(RulesError, match="record"):
        games.game_state(0)


def test_from_states_refuses_what_it_cannot_take() -> None:
    rules = Rules.standard()
    state = _played(rules, 10)
    with pytest.raises(ArgumentTypeError, match="sequence of GameState"):
        BatchGame.from_states(state)
    with pytest.raises(ArgumentTypeError, match="sequence of GameState"):
        BatchGame.from_states(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"states\[1\]"):
        BatchGame.from_states([state, "state"])  # type: ignore[list-item]
    with pytest.raises(RulesError, match="at least one"):
        BatchGame.from_states([])
    with pytest.raises(RulesError, match="other rules"):
        BatchGame.from_states([state, _played(Rules.jokers(), 10)])
    over = _played(rules.evolve(max_hands=1), 200)
    assert over.is_over
    with pytest.raises(RulesError, match="finished game"):
        BatchGame.from_states([over])
    later = _played(rules, 80)
    assert later.results
    with pytest.raises(RulesError, match="episode='game'"):
        BatchGame.from_states([later], episode="hand")
    with pytest.raises(RulesError, match="episode"):
        BatchGame.from_states([state], episode="games")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="record"):
        BatchGame.from_states([state], record=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="seed"):
        BatchGame.from_states([state], seed="1")  # type: ignore[arg-type]
    games = BatchGame(rules, 2, seed=1)
    with pytest.raises(RulesError, match="2 states given for 1 rows"):
        games.reset([0], states=[state, state])
    with pytest.raises(RulesError, match="not both"):
        games.reset([0], states=[state], decks=_deck_rows(rules, range(1)))
    with pytest.raises(RulesError, match="other rules"):
        games.reset([0], states=[_played(Rules.jokers(), 10)])
    assert games.game_state(0).hand is not None  # refused: nothing changed


# ------------------------------------------------------------------------------------------------ the arrays
def test_the_arrays_have_their_shapes_and_are_read_only() -> None:
    games = BatchGame(Rules.individual(3), 5, seed=2)
    shapes = {
        "current_player": (5,), "phase": (5,), "scores": (5, 3), "bags": (5, 3), "hand_done": (5,),
        "game_done": (5,), "last_hand_totals": (5, 3), "winner": (5,), "deck": (5, 51),
    }
    for name, shape in shapes.items():
        array = getattr(games, name)
        assert array.shape == shape, name
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 1
    assert games.legal_action_mask().shape == (5, games.num_actions)
    assert games.observation_tensor().shape == (5, games.observation_size)


def test_hand_episodes_score_every_hand_from_nothing_and_keep_its_points() -> None:
    games = BatchGame(Rules.standard(), 8, seed=4)
    finished = 0
    while finished < 8:
        games.step(games.random_actions())
        done = games.hand_done.copy()
        if done.any():
            assert (games.game_done == done).all()
            totals = games.last_hand_totals[done]
            assert (totals != 0).any()
            assert (games.scores == 0).all() and (games.bags == 0).all()
            finished += int(done.sum())
            kept = games.last_hand_totals.copy()
            games.step(games.random_actions())
            assert (games.last_hand_totals == kept).all() or games.hand_done.any()
            assert not games.game_done[done].any()
    assert games.finished_hands == finished


def test_game_episodes_carry_scores_and_start_new_games() -> None:
    rules = Rules.standard().evolve(target_score=120, max_hands=3)
    games = BatchGame(rules, 6, seed=5, episode="game")
    ended = 0
    while ended < 6:
        games.step(games.random_actions())
        if games.hand_done.any():
            over = games.game_done
            ended += int(over.sum())
            assert ((games.winner >= 0) <= over).all()
            assert (games.scores[over] == 0).all()  # a new game has begun in those rows
    assert games.finished_hands >= ended


def test_legal_action_mask_writes_into_out() -> None:
    games = BatchGame(Rules.jokers(), 4, seed=3)
    out = np.ones((4, games.num_actions), dtype=bool)
    assert games.legal_action_mask(out) is out
    assert (out == games.legal_action_mask()).all()
    for bad in (np.ones((4, 3), dtype=bool), np.ones((4, games.num_actions), dtype=int), [[True]]):
        with pytest.raises(ArgumentTypeError):
            games.legal_action_mask(bad)  # type: ignore[arg-type]


def test_masks_follow_legal_codes_in_every_phase() -> None:
    games = BatchGame(Rules.two_player().evolve(redeal_on=("one_or_no_spades",)), 6, seed=8)
    for _ in range(80):
        mask = games.legal_action_mask()
        for row in range(6):
            assert tuple(np.flatnonzero(mask[row])) == games.legal_codes(row)
        games.step(games.random_actions())


def test_observation_tensor_takes_a_seat_or_seats() -> None:
    games = BatchGame(Rules.standard(), 3, seed=1)
    fixed = games.observation_tensor(2)
    assert (fixed[:, 2] == 1).all() and (fixed[:, :4].sum(axis=1) == 1).all()  # the seat block
    assert (games.observation_tensor(np.array([2, 2, 2])) == fixed).all()
    for bad in (4, -1, np.array([0, 9, 0]), "0", np.zeros(2, dtype=int), True):
        with pytest.raises((SeatError, ArgumentTypeError)):
            games.observation_tensor(bad)


def test_game_state_needs_the_record() -> None:
    games = BatchGame(Rules.standard(), 2, seed=1, record=False)
    with pytest.raises(RulesError, match="record=True"):
        games.game_state(0)
    with pytest.raises(RulesError, match="record=True"):
        _ = games.deck
    assert games.record_nbytes() == 0
    games.step(games.random_actions())
    with pytest.raises(RulesError):
        BatchGame(Rules.standard(), 2).game_state(2)


def test_the_draw_keeps_its_stock_without_the_record() -> None:
    games = BatchGame(Rules.two_player(), 2, seed=1, record=False)
    assert games.deck.shape == (2, 52)


# ------------------------------------------------------------------------------------------------ memory
def test_every_preset_keeps_at_most_150_bytes_of_state_a_one_hand_game() -> None:
    for name, rules in Rules.presets().items():
        games = BatchGame(rules, 1000, record=False)
        assert games.state_nbytes() / 1000 <= 150, name


def test_four_seat_whole_games_keep_at_most_150_bytes_of_state_each() -> None:
    for rules in (Rules.standard(), Rules.jokers(), Rules.individual(4), Rules.standard().evolve(blind_nil_exchange=3)):
        games = BatchGame(rules, 1000, record=False, episode="game")
        assert games.state_nbytes() / 1000 <= 150, rules


def test_a_hand_s_points_are_held_as_wide_as_the_rules_need() -> None:
    """A hand's points fit 16 bits under the usual options; a nil worth a million widens them, and the
    scores and totals read back at their usual widths."""
    narrow = BatchGame(Rules.standard(), 4, seed=1)
    wide = BatchGame(Rules.standard().evolve(nil_value=1_000_000), 4, seed=1)
    assert narrow._core.s.totals.dtype == np.int16 and wide._core.s.totals.dtype == np.int32
    for games in (narrow, wide):
        assert games.scores.dtype == np.int64 and games.bags.dtype == np.int32
        assert games.last_hand_totals.dtype == np.int32
    nil = wide.legal_codes(0)[0]  # nil for every bidder: four nils of a million each, made or failed
    while not wide.hand_done.any():
        codes = wide.random_actions()
        if wide.phase[0] == 2:
            codes[:] = nil
        wide.step(codes)
    assert int(abs(wide.last_hand_totals).max()) >= 1_000_000  # past 16 bits, read back whole


def test_the_record_of_past_hands_stays_bounded() -> None:
    """Finished games' hands are dropped when the store fills: a long run keeps only live games' hands."""
    rules = Rules.standard().evolve(max_hands=2)
    games = BatchGame(rules, 50, seed=2, episode="game")
    sizes = []
    while games.finished_hands < 50 * 12:
        games.step(games.random_actions())
        sizes.append(games._core.rec.past.count)  # type: ignore[union-attr]
    assert max(sizes) <= 2 * 2 * 50 + 1024


# ------------------------------------------------------------------------------------------------ randomness
def test_random_actions_are_legal_and_uniform() -> None:
    games = BatchGame(Rules.standard(), 1, seed=1)
    games.step(np.array([56]))  # seat 1 bids 4; seat 2 has nil and 1-13: 14 codes
    legal = games.legal_codes(0)
    counts = Counter(int(games.random_actions()[0]) for _ in range(14_000))
    assert set(counts) == set(legal)
    assert all(800 < counts[code] < 1200 for code in legal), counts


def test_random_actions_take_a_generator() -> None:
    games = BatchGame(Rules.standard(), 4, seed=1)
    first = games.random_actions(np.random.default_rng(3))
    assert (first == games.random_actions(np.random.default_rng(3))).all()
    with pytest.raises(ArgumentTypeError):
        games.random_actions(3)  # type: ignore[arg-type]


def test_shuffled_decks_are_uniform() -> None:
    """Where the 2 of clubs lands over 5,200 deals: about a hundred times in each of the 52 places."""
    games = BatchGame(Rules.standard(), 5200, seed=11)
    places = np.argmax(games.deck == 0, axis=1)
    counts = np.bincount(places, minlength=52)
    assert counts.min() > 50 and counts.max() < 150, counts


def test_a_deck_whose_sort_keys_tie_is_shuffled_again() -> None:
    """Two equal random keys would leave their cards in deck order: such a deck (here the second of three,
    every key equal) is shuffled again with fresh keys, the others kept."""
    from spades_rules.batch._deal import shuffled_slots

    games = BatchGame(Rules.standard(), 3, seed=1)
    real = games._core.rng
    drawn: list[tuple[int, ...]] = []

    class Tying:
        def integers(self, *args: Any, **kwargs: Any) -> Any:
            keys = real.integers(*args, **kwargs)
            drawn.append(keys.shape)
            if len(drawn) == 1:
                keys[1] = 12345
            return keys

    games._core.rng = Tying()  # type: ignore[assignment]
    slots = shuffled_slots(games._core, 3)
    assert drawn == [(3, 52), (1, 52)]
    assert all(sorted(row) == list(range(52)) for row in slots.tolist())
    assert slots[1].tolist() != list(range(52))


# ------------------------------------------------------------------------------------------------ imports
def test_the_core_library_does_not_import_numpy_and_the_batch_does_not_import_gymnasium() -> None:
    code = (
        "import sys; import spades_rules; assert 'numpy' not in sys.modules, 'core imported numpy'; "
        "import spades_rules.batch; assert 'gymnasium' not in sys.modules, 'batch imported gymnasium'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)



# ------------------------------------------------------------------------------------------------ scoring
SCORED_RULES = [
    Rules.standard(), Rules.bicycle(), Rules.no_bid(), Rules.individual(5), Rules.mirror(),
    Rules.standard().evolve(failed_nil_tricks="count_for_partner", bag_limit=3, bag_overflow="reset"),
    Rules.standard().evolve(failed_nil_tricks="bags_no_points", ten_for_two_hundred=True),
    Rules.standard().evolve(failed_nil_tricks="ignored", moon="points", moon_points=500),
    Rules.standard().evolve(double_nil_value=200, double_nil_penalty=50, moon="win"),
    Rules.individual(3).evolve(moon="win", ten_for_two_hundred=True, bag_limit=None),
    Rules.standard().evolve(blind_bid_min=2, blind_bid_multiplier=3, ten_for_two_hundred=True, moon="points"),
    Rules.standard().evolve(blind_bid_min=1, blind_nil=False, double_nil_value=150, set_penalty="zero"),
]


def _random_sheets(rules: Rules, count: int, seed: int) -> tuple[Any, Any, Any]:
    """Bids (tricks, -1 for none), tricks won and blind bits for ``count`` hands, a third of them moons."""
    rng = np.random.default_rng(seed)
    n, tricks = rules.players, rules.tricks_per_hand
    bids = rng.integers(0, 5, size=(n, count))
    won = np.zeros((n, count), dtype=np.int64)
    for hand in range(count):
        won[:, hand] = rng.multinomial(tricks, np.ones(n) / n)
        if rng.random() < 0.35:  # one side bids and takes every trick: a moon
            side = rules.sides[int(rng.integers(rules.num_sides))]
            won[:, hand] = 0
            bids[:, hand] = rng.integers(0, 3, size=n)
            bids[list(side), hand] = 0
            bids[side[0], hand] = tricks - (len(side) - 1) * 2
            won[side[0], hand] = tricks - (len(side) - 1) * 2
            for other in side[1:]:
                bids[other, hand] = won[other, hand] = 2
    if not rules.bid_format.has_bids:
        bids[:] = -1
    blind = rng.integers(0, 1 << n, size=count).astype(np.uint8)
    lowest = rules.blind_bid_min
    for seat in range(n):  # a blind bit only on a bid the rules let be blind: blind nil, a blind number
        may = (bids[seat] == 0) & rules.blind_nil
        if lowest is not None:
            may |= bids[seat] >= lowest
        blind &= ~np.where(may, 0, 1 << seat).astype(np.uint8)
    return bids.astype(np.int8), won, blind


@pytest.mark.parametrize("rules", SCORED_RULES, ids=repr)
def test_scoring_agrees_with_the_engines_end_of_hand(rules: Rules) -> None:
    """The batch's scoring against ``scoring._close_hand`` on random score sheets, moons included."""
    from spades_rules import Bid
    from spades_rules.batch._compile import compile_rules
    from spades_rules.batch._score import game_end, moon_winner, score_hands
    from spades_rules.scoring import _close_hand

    t = compile_rules(rules)
    bids, won, blind = _random_sheets(rules, 400, seed=rules.players)
    bags_before = np.random.default_rng(1).integers(0, rules.bag_limit or 30, size=(rules.num_sides, 400))
    scores = np.random.default_rng(2).integers(-300, 400, size=(rules.num_sides, 400))
    totals, after, moon = score_hands(t, bids, won, blind, bags_before)
    over, winner = game_end(t, scores + totals, None)
    mooned = moon_winner(t, moon)
    assert moon.any() == (rules.moon is not None and rules.bid_format.has_bids)  # the sheets do shoot the moon
    for hand in range(400):
        sheet = tuple(
            None if bids[seat, hand] < 0 else Bid(
                seat, int(bids[seat, hand]), blind=bool(blind[hand] >> seat & 1)
            )
            for seat in range(rules.players)
        )
        result, _new_scores, ends, wins = _close_hand(
            rules, tuple(int(v) for v in scores[:, hand]), tuple(int(v) for v in bags_before[:, hand]), 0, sheet,
            tuple(int(v) for v in won[:, hand]),
        )
        assert tuple(totals[:, hand]) == result.totals, (hand, sheet)
        assert tuple(after[:, hand]) == result.bags_after, (hand, sheet)
        assert tuple(moon[:, hand]) == tuple(side.moon for side in result.sides), (hand, sheet)
        if rules.moon == "win" and mooned[hand] >= 0:
            assert ends and wins == mooned[hand]
        elif rules.max_hands is None:
            assert (bool(over[hand]), None if winner[hand] < 0 else int(winner[hand])) == (ends, wins)


# ------------------------------------------------------------------------------------------------ seeds and sizes
@pytest.mark.parametrize("seed", [-1, -5, np.int64(-5), np.int32(7), 2**70, -(2**70)])
def test_any_integer_seeds_a_batch(seed: int) -> None:
    """Negative and NumPy integers seed a batch as the scalar library takes them; the same seed repeats."""
    first = BatchGame(Rules.standard(), 4, seed=seed)
    again = BatchGame(Rules.standard(), 4, seed=seed)
    assert (first.deck == again.deck).all()
    assert (first.random_actions() == again.random_actions()).all()


def test_a_negative_seed_is_not_its_absolute_value() -> None:
    assert not (BatchGame(Rules.standard(), 8, seed=-5).deck == BatchGame(Rules.standard(), 8, seed=5).deck).all()


def test_a_batch_too_large_is_refused_before_it_is_built() -> None:
    from spades_rules.batch.game import _MAX_ROWS

    with pytest.raises(RulesError, match="between 1 and"):
        BatchGame(Rules.standard(), _MAX_ROWS + 1)


def test_running_out_of_memory_is_a_library_error() -> None:
    """Under a 1 GiB address-space limit the largest batch cannot be built: a RulesError, not a bare MemoryError."""
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "from spades_rules import Rules\n"
        "from spades_rules.batch import BatchGame\n"
        "from spades_rules.batch.game import _MAX_ROWS\n"
        "from spades_rules.errors import RulesError\n"
        "try:\n"
        "    BatchGame(Rules.standard(), _MAX_ROWS)\n"
        "except RulesError as error:\n"
        "    assert 'not enough memory' in str(error), error\n"
        "else:\n"
        "    sys.exit('built')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=300)

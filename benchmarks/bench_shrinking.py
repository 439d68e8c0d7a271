"""How long Hypothesis takes to find and shrink a false claim about whole games.

Deliberately false claims over :func:`spades_rules.strategies.games` (default arguments, the way a
user writes a first property test), the last one about a house rule. For each, the script runs the test
once with a fresh Hypothesis database, and prints the time to find and shrink the counterexample, the
size of the shrunk game (hands played, actions) and the length of the printed falsifying example.

Run: ``python benchmarks/bench_shrinking.py [--seed 0] [--claims scores,hands,nil]``.
"""

from __future__ import annotations

import argparse
import io
import time
import traceback
from collections.abc import Callable
from contextlib import redirect_stdout

from hypothesis import given, note, seed, settings
from hypothesis.database import InMemoryExampleDatabase

from spades_rules import GameState, Rules, dumps
from spades_rules import strategies as sst


def _no_side_below_zero(game: GameState) -> None:
    assert all(score >= 0 for score in game.scores), game.scores


def _one_hand_only(game: GameState) -> None:
    assert game.hands_played <= 1, game.hands_played


def _nobody_bids_nil(game: GameState) -> None:
    for hand in (game.last_hand,):
        assert hand is None or all(bid is None or bid.tricks != 0 for bid in hand.bids)


HOUSE = Rules.standard().evolve(bag_limit=5, bag_penalty=50, target_score=300)


def _no_bag_penalty(game: GameState) -> None:
    assert all(side.bag_penalty == 0 for result in game.results for side in result.sides)


CLAIMS: dict[str, tuple[str, Callable[[GameState], None], Rules | None]] = {
    "scores": ("no side ever scores below 0", _no_side_below_zero, None),
    "hands": ("no game lasts more than 1 hand", _one_hand_only, None),
    "nil": ("nobody bids nil in the last hand", _nobody_bids_nil, None),
    "house": ("5-bag house rule: no side is ever penalized for bags", _no_bag_penalty, HOUSE),
}


def run(name: str, claim: Callable[[GameState], None], rules: Rules | None, rng_seed: int) -> None:
    found: list[GameState] = []

    @seed(rng_seed)
    @settings(deadline=None, database=InMemoryExampleDatabase(), max_examples=1000, print_blob=False)
    @given(sst.games(rules))
    def test(game: GameState) -> None:
        found.append(game)
        note(dumps(game))
        claim(game)

    out = io.StringIO()
    start = time.perf_counter()
    with redirect_stdout(out):
        try:
            test()
        except AssertionError:
            report = traceback.format_exc()
        else:
            report = ""
    elapsed = time.perf_counter() - start
    if not report:
        print(f"{name:8s} no counterexample found in {elapsed:6.1f} s")
        return
    shrunk = found[-1]
    printed = len(out.getvalue().splitlines()) + len(report.splitlines())
    print(
        f"{name:8s} {elapsed:6.1f} s  shrunk game: {shrunk.hands_played} hand(s), {len(shrunk.history)} actions, "
        f"{shrunk.rules.players} players; {printed} lines printed"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--claims", default=",".join(CLAIMS))
    args = parser.parse_args()
    for name in args.claims.split(","):
        title, claim, rules = CLAIMS[name]
        print(f"# {title}")
        run(name, claim, rules, args.seed)


if __name__ == "__main__":
    main()

"""Play one seat against the built-in bots in a terminal: ``spades-rules play``.

Each turn shows the hand sorted by suit and the legal moves. A card is typed as ``KH``, ``kh``, ``10h``
or ``K♥``, or chosen by its number in the list; a bid as a number of tricks, ``nil`` or ``blind nil``;
the two-player draw takes ``keep`` or ``reject``; a blind-nil exchange takes the cards to pass
(``2C 3D``). Anything not allowed is explained and asked again; the game is never lost. A score sheet
follows every hand.

With a save file the game's record (a text record, see :mod:`spades_rules.records`, which
``spades-rules replay`` prints) is written after every action, atomically (a temporary file renamed over
the old one), and ``--resume FILE`` continues it, with the same seat, seed and bots. Ctrl-C or end of
input stops the game; it stays saved. A save file is written and read as :mod:`spades_rules.records.files` says:
a path that exists and is not a regular file (a device such as ``/dev/null``, a named pipe, a folder, a
symbolic link) is refused before the game starts, and a file to resume is read with the records' bound
(:data:`~spades_rules.records.MAX_TEXT` characters).

**A save file holds the deal.** It is the game's record, so it holds every hand's deal, the hand in
progress included, and the seed the deals and the bots are drawn from: reading it shows the other
players' cards, as turning them over would. The game never prints them, but a program cannot keep from
the person running it what it must store on that person's disk to resume the game (a deal stored apart,
or encrypted with a key kept beside it, would hide nothing from a curious player; the seed alone gives
every deal). Where hidden cards must stay hidden, the game must run where the players cannot read its
files, and each player be sent only its :func:`~spades_rules.views.observe` view.

The bots and the deals are seeded from the seed and the number of actions so far, so a game resumed
from its save file goes on exactly as it would have.

>>> import io
>>> from spades_rules import Rules
>>> moves = iter(["nil", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1"])
>>> out = io.StringIO()
>>> Session(Rules.standard().evolve(max_hands=1), seat=2, seed=3, read=lambda prompt: next(moves),
...         out=out).run()
0
>>> print(out.getvalue().splitlines()[-1])
Game over after 1 hand: ...
"""

from __future__ import annotations

import operator
import os
import random
import re
import sys
from collections.abc import Callable, Sequence
from typing import Final, TextIO

from spades_rules import records
from spades_rules._core.checks import integer_or_none, not_a_state
from spades_rules._core.messages import describe
from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange, Play, Redeal
from spades_rules.bots import Bot, DoubleDummyBot, HeuristicBot, RandomBot, SearchBot
from spades_rules.cards import Card, Suit, parse_cards
from spades_rules.engine import apply, legal_actions, new_game
from spades_rules.errors import ArgumentTypeError, CardParseError, RecordError, SeatError, SpadesError
from spades_rules.records import files
from spades_rules.records.files import _check_writable
from spades_rules.rules import Rules
from spades_rules.seat_names import seat_name, side_name
from spades_rules.state import GameState, Phase
from spades_rules.terminal.styles import CardStyle
from spades_rules.views import observe

__all__ = ["Session", "load_session"]

_DISPLAY_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
_SEED_BOUND: Final = 10**100
"""Seeds have at most 100 digits (the save file's header holds one)."""
_BOTS: Final[dict[str, Callable[[random.Random], Bot]]] = {
    "heuristic": HeuristicBot, "random": RandomBot, "search": SearchBot, "double_dummy": DoubleDummyBot,
}
"""The bots ``--bots`` names (search: the strongest opponent, a few hundredths of a second a move)."""
_HEADER_START: Final = "# spades-rules play:"
_HEADER: Final = re.compile(
    r"# spades-rules play: seat (\d{1,3}), seed (-?\d{1,100}), bots (heuristic|random|search|double_dummy)\s*\Z"
)
_ANSI: Final = re.compile(r"\x1b\[[0-9;]*m")
_LIST_LIMIT: Final = 30
"""Longer move lists (blind-nil exchanges) are described rather than numbered."""
_HELP: Final = "Type a move as shown ({examples}), its number in the list, ? to see the moves again, q to quit."



def _blind_choices(blind: Sequence[Bid]) -> str:
    """The blind bids on offer in words: ``nil, 6-13``."""
    numbers = [bid.tricks for bid in blind if bid.tricks]
    words = ["nil"] if any(bid.tricks == 0 for bid in blind) else []
    if numbers:
        words.append(f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 else str(numbers[0]))
    return ", ".join(words)

class _Quit(Exception):
    """The player asked to stop."""


class Session:
    """One game of a person (seat ``seat``) against bots, read from ``read`` and written to ``out``.

    ``read(prompt)`` returns a line of input and raises :class:`EOFError` at the end of input (by default
    the prompt goes to ``out`` and the line comes from standard input); ``save`` is a file the record is
    written to after every action; ``state`` a game to continue (by default a new game).
    """

    def __init__(
        self,
        rules: Rules,
        *,
        seat: int = 0,
        seed: int = 1,
        bots: str = "heuristic",
        save: str | None = None,
        read: Callable[[str], str] | None = None,
        out: TextIO | None = None,
        style: CardStyle | None = None,
        state: GameState | None = None,
    ) -> None:
        if not isinstance(rules, Rules):
            raise ArgumentTypeError(f"Session needs Rules, not {type(rules).__name__}", parameter="rules")
        number = integer_or_none(seat)
        if number is None or not 0 <= number < rules.players:
            raise SeatError(
                f"--seat must be a seat 0-{rules.players - 1} for these rules, not {describe(seat)}",
                seat=seat, players=rules.players,
            )
        seat = number
        seed = _integer(seed, "seed")
        if not -_SEED_BOUND < seed < _SEED_BOUND:
            raise SpadesError(f"the seed must have at most 100 digits, not {describe(seed)}")
        if not isinstance(bots, str) or bots not in _BOTS:
            raise SpadesError(f"bots must be heuristic, random or search, not {describe(bots)}")
        if state is not None and type(state) is not GameState:
            raise not_a_state(state, "Session")
        if state is not None and state.rules != rules:
            raise SpadesError("the state was played under other rules")
        if save is not None:
            save = _check_writable(save, "Session")
        if read is not None and not callable(read):
            raise ArgumentTypeError(f"read must be a function of the prompt, not {describe(read)}", parameter="read")
        if out is not None and not callable(getattr(out, "write", None)):
            raise ArgumentTypeError(f"out must be a text stream, not {describe(out)}", parameter="out")
        if style is not None and not isinstance(style, CardStyle):
            raise ArgumentTypeError(f"style must be a CardStyle, not {describe(style)}", parameter="style")
        self.rules, self.seat, self.seed, self.bots, self.save = rules, seat, seed, bots, save
        self.out = out if out is not None else sys.stdout
        self.read = read if read is not None else self._read_stdin
        self.style = style if style is not None else CardStyle()
        self.state = state if state is not None else new_game(rules)
        self._declined_redeal: Deal | None = None

    def _read_stdin(self, prompt: str) -> str:
        if self.out is sys.stdout:
            return input(prompt)  # line editing where the terminal offers it
        self.out.write(prompt)
        self.out.flush()
        return input()

    # ------------------------------------------------------------------ names and text
    def _name(self, seat: int) -> str:
        base = seat_name(self.rules, seat)
        return f"{base} (you)" if seat == self.seat else base

    def _side_name(self, side: int) -> str:
        return side_name(self.rules, side)

    def _line(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def _hand_text(self, cards: Sequence[Card]) -> str:
        """The cards grouped by suit (spades, hearts, clubs, diamonds), strongest first in each."""
        rules = self.rules
        groups: dict[Suit, list[Card]] = {suit: [] for suit in Suit}
        for card in cards:
            groups[rules.effective_suit(card)].append(card)
        parts = []
        for suit in _DISPLAY_ORDER:
            held = sorted(groups[suit], key=rules.strength, reverse=True)
            if held:
                parts.append(self.style.cards(held))
        return "   ".join(parts) or "(no cards)"

    # ------------------------------------------------------------------ the game
    def run(self) -> int:
        """Play until the game is over or the player stops; returns the exit status (0, 130 for Ctrl-C)."""
        if self.state.history:
            self._line(f"Resuming: hand {self.state.hands_played + 1}, {len(self.state.history)} actions so far.")
            self._scores_line()
        else:
            self._line(f"You are {self._name(self.seat).replace(' (you)', '')}. {self._table_text()}")
        self._store()
        try:
            while not self.state.is_over:
                self._step()
        except (EOFError, _Quit):
            self._line()
            self._line(self._stopped_text())
            return 0
        except KeyboardInterrupt:
            self._line()
            self._line(self._stopped_text())
            return 130
        self._finish()
        return 0

    def _table_text(self) -> str:
        rules = self.rules
        sides = " vs ".join(self._side_name(side) for side in range(rules.num_sides))
        return f"Sides: {sides}; first to {rules.target_score} wins."

    def _stopped_text(self) -> str:
        if self.save is None:
            return "Stopped (not saved: use --save FILE to keep a game)."
        return f"Stopped. The game is saved in {self.save}; continue with: spades-rules play --resume {self.save}"

    def _step(self) -> None:
        state = self.state
        if state.phase is Phase.DEAL:
            rng = random.Random(f"spades-rules play deal {self.seed} {len(state.history)}")
            self._line(f"Hand {state.hands_played + 1}: {self._name(state.dealer)} deals.")
            self._act(Deal.shuffled(self.rules, rng))
            return
        to_act = state.to_act
        assert to_act is not None
        if to_act == self.seat:
            self._act(self._ask())
            return
        redeal = Redeal(self.seat)
        hand = state.hand
        if hand is not None and self._declined_redeal != hand.deal and redeal in legal_actions(state, self.seat):
            self._declined_redeal = hand.deal
            self._line(f"Your hand: {self._hand_text(hand.hand_of(self.seat))}")
            if self._yes("Your hand qualifies for a redeal. Call one? (y/n) "):
                self._act(redeal)
                return
        self._act(self._bot(to_act).choose(state))

    def _bot(self, seat: int) -> Bot:
        rng = random.Random(f"spades-rules play bot {self.seed} {seat} {len(self.state.history)}")
        return _BOTS[self.bots](rng)

    def _act(self, action: Action) -> None:
        before = self.state
        self.state = after = apply(before, action)
        self._store()
        self._describe(before, action, after)

    def _store(self) -> None:
        if self.save is None:
            return
        header = f"# spades-rules play: seat {self.seat}, seed {self.seed}, bots {self.bots}\n"
        files.save_atomically(self.save, header + records.dumps(self.state))

    # ------------------------------------------------------------------ what happened
    def _describe(self, before: GameState, action: Action, after: GameState) -> None:
        if isinstance(action, Bid):
            if action.seat != self.seat:
                self._line(f"  {self._name(action.seat)} bids {action.label}.")
        elif isinstance(action, DrawDecision) and action.seat != self.seat:
            self._line(f"  {self._name(action.seat)} {'keeps' if action.keep else 'rejects'} the top card.")
        elif isinstance(action, Redeal):
            self._line(f"  {self._name(action.seat)} calls a redeal: the same dealer deals again.")
        elif isinstance(action, Exchange):
            receiver = self.rules.partner_of(action.seat)
            assert receiver is not None
            what = f": {self.style.cards(action.cards)}" if self.seat in (action.seat, receiver) else ""
            self._line(f"  {self._name(action.seat)} passes {len(action.cards)} cards to {self._name(receiver)}{what}.")
        elif isinstance(action, Play):
            self._trick_done(after)
        if before.phase is not Phase.PLAY and after.phase is Phase.PLAY:
            self._bids_line(after)
        if len(after.results) > len(before.results):
            self._score_sheet(after)

    def _bids_line(self, state: GameState) -> None:
        hand = state.hand
        assert hand is not None
        if not self.rules.bid_format.has_bids:
            self._line("  No bidding: every trick scores.")
            return
        label = "Bids" if hand.bid_order else "Bids (fixed by the rules)"
        bids = ", ".join(f"{self._name(seat)} {bid.label if bid else '-'}" for seat, bid in enumerate(hand.bids))
        self._line(f"  {label}: {bids}")

    def _trick_done(self, after: GameState) -> None:
        hand = after.hand if after.hand is not None and after.phase is Phase.PLAY else after.last_hand
        if hand is None or hand.trick_cards or not hand.completed_tricks:
            return
        trick = hand.completed_tricks[-1]
        players = self.rules.players
        plays = "  ".join(f"{self._name(seat)} {self.style.card(card)}" for seat, card in trick.plays(players))
        winner = "you win" if trick.winner == self.seat else f"{self._name(trick.winner or 0)} wins"
        self._line(f"  Trick {len(hand.completed_tricks)}: {plays}  -> {winner}")

    def _score_sheet(self, state: GameState) -> None:
        rules = self.rules
        result = state.results[-1]
        self._line()
        won = ", ".join(f"{self._name(seat)} {n}" for seat, n in enumerate(result.tricks_won))
        self._line(f"Hand {len(state.results)} is over. Tricks won: {won}")
        for side in result.sides:
            self._line(f"  {self._side_name(side.side)}: {side.summary()} => {side.total:+d}")
        names = [self._side_name(side) for side in range(rules.num_sides)]
        width = max(12, *(len(name) + 2 for name in names))
        self._line("Score sheet")
        self._line("  hand " + "".join(f"{name:>{width}}" for name in names))
        totals = list(state.initial_scores)
        for number, past in enumerate(state.results, start=1):
            totals = [total + points for total, points in zip(totals, past.totals, strict=True)]
            self._line(f"  {number:>4} " + "".join(f"{f'{points:+d} = {total}':>{width}}"
                                                   for points, total in zip(past.totals, totals, strict=True)))
        self._line("  bags " + "".join(f"{bags:>{width}}" for bags in state.bags))
        self._line()

    def _scores_line(self) -> None:
        scores = ", ".join(
            f"{self._side_name(side)} {score} ({bags} bags)"
            for side, (score, bags) in enumerate(zip(self.state.scores, self.state.bags, strict=True))
        )
        self._line(f"Scores: {scores}")

    def _finish(self) -> None:
        state = self.state
        hands = state.hands_played
        played = f"{hands} hand{'s' if hands != 1 else ''}"
        scores = ", ".join(f"{self._side_name(side)} {score}" for side, score in enumerate(state.scores))
        if state.winner is None:
            self._line(f"Game over after {played}: a draw. {scores}")
        else:
            mine = self.rules.side_of(self.seat) == state.winner
            who = "you win" if mine else f"{self._side_name(state.winner)} wins"
            self._line(f"Game over after {played}: {who}. {scores}")

    # ------------------------------------------------------------------ asking the player
    def _yes(self, prompt: str) -> bool:
        while True:
            answer = self._prompt(prompt).strip().lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no", ""):
                return False
            self._line("Please answer y or n.")

    def _prompt(self, prompt: str) -> str:
        answer = self.read(prompt)
        if answer.strip().lower() in ("q", "quit", "exit"):
            raise _Quit
        return answer

    def _ask(self) -> Action:
        """The player's action: shows the table, offers the moves and asks until one is allowed."""
        state = self.state
        hand = state.hand
        assert hand is not None
        moves = self._ordered(legal_actions(state, self.seat))
        blind = [move for move in moves if isinstance(move, Bid) and move.blind]
        if blind:
            self._line()
            self._scores_line()
            if [move.label for move in blind] == ["blind nil"]:
                self._line("You may bid blind nil, before looking at your cards.")
                if self._yes("Bid blind nil? (y/n) "):
                    return blind[0]
            else:
                self._line(f"You may bid blind ({_blind_choices(blind)}), before looking at your cards.")
                if self._yes("Bid blind? (y/n) "):
                    return self._blind_bid(blind)
            moves = tuple(move for move in moves if move not in blind)
        self._show_turn(moves)
        while True:
            text = self._prompt(self._question(moves)).strip()
            if text in ("?", "h", "help"):
                self._show_turn(moves)
                self._line(_HELP.format(examples=self._examples(moves)))
                continue
            if not text:
                continue
            try:
                action = self._parse(text, moves)
            except SpadesError as error:
                self._line(f"Not understood: {error}")
                continue
            if action in moves:
                return action
            try:
                apply(state, action)
            except SpadesError as error:
                self._line(f"Not allowed: {_you(str(error), self.seat)}")
            else:  # allowed by the rules but not offered (blind nil after looking)
                self._line("Not allowed: you have looked at your cards, so blind nil is no longer open.")

    def _blind_bid(self, blind: Sequence[Bid]) -> Bid:
        """Which blind bid, asked until one of ``blind`` is named (``nil`` or a number)."""
        by_word = {"nil" if bid.tricks == 0 else str(bid.tricks): bid for bid in blind}
        while True:
            word = self._prompt(f"Blind bid ({_blind_choices(blind)})? ").strip().lower().removeprefix("blind ")
            if word in by_word:
                return by_word[word]
            self._line(f"Not understood: name one of {_blind_choices(blind)}")

    def _ordered(self, moves: Sequence[Action]) -> tuple[Action, ...]:
        """Plays in the order the hand is shown (by suit, strongest first); other moves as they come."""
        rules = self.rules

        def key(move: Action) -> tuple[int, int]:
            if not isinstance(move, Play):
                return (0, 0)
            return (_DISPLAY_ORDER.index(rules.effective_suit(move.card)), -rules.strength(move.card))

        return tuple(sorted(moves, key=key))

    def _show_turn(self, moves: Sequence[Action]) -> None:
        """What the player's seat sees (its :func:`~spades_rules.views.observe` view), then the moves."""
        view = observe(self.state, self.seat)
        name = self._name
        self._line()
        phase = view.phase.value.replace("_", " ")
        self._line(f"Hand {view.hands_played + 1}, {phase}: your turn, {name(self.seat)}.")
        if view.phase is Phase.PLAY:
            if self.rules.bid_format.has_bids:
                self._line("Bids: " + ", ".join(f"{name(s)} {b.label if b else '-'}" for s, b in enumerate(view.bids)))
            self._line("Tricks won: " + ", ".join(f"{name(seat)} {n}" for seat, n in enumerate(view.tricks_won)))
            trick = view.current_trick
            number = len(view.tricks) + 1
            if trick is not None and trick.cards:
                cards = trick.plays(view.rules.players)
                plays = ", ".join(f"{name(seat)} {self.style.card(card)}" for seat, card in cards)
                self._line(f"Trick {number}: {plays}")
            else:
                broken = "" if self.rules.spade_lead == "anytime" else (
                    " (spades are broken)" if view.spades_broken else " (spades are not broken yet)"
                )
                self._line(f"Trick {number}: you lead{broken}.")
        elif view.phase is Phase.BID:
            made = [(seat, bid) for seat, bid in enumerate(view.bids) if bid is not None]
            self._line("Bids so far: " + (", ".join(f"{name(s)} {b.label}" for s, b in made) or "none"))
        elif view.phase is Phase.DRAW:
            self._line(f"Stock: {view.stock_remaining} cards.")
            if view.draw_card is not None:
                top = self.style.card(view.draw_card)
                self._line(f"Top card: {top}. Keep it (the next card is discarded) or reject it (it is discarded"
                           " and you take the next).")
        self._line(f"Your hand: {self._hand_text(view.hand or ())}")
        self._line(self._moves_text(moves))

    def _moves_text(self, moves: Sequence[Action]) -> str:
        if moves and all(isinstance(move, Bid | Redeal) for move in moves):
            return "You may bid: " + _bid_choices(moves)
        if moves and isinstance(moves[0], Exchange):
            size = len(moves[0].cards)
            return f"Pass {size} cards to your partner: type them, e.g. {' '.join(['2C', '3D', '4H'][:size])}."
        if len(moves) > _LIST_LIMIT:
            return f"{len(moves)} moves."
        items = [f"{number}) {self._move_text(move)}" for number, move in enumerate(moves, start=1)]
        padded = [item + " " * max(1, 9 - len(_ANSI.sub("", item))) for item in items]
        rows = ["".join(padded[at:at + 8]).rstrip() for at in range(0, len(items), 8)]
        return "Your moves:\n  " + "\n  ".join(rows)

    def _move_text(self, move: Action) -> str:
        if isinstance(move, Play):
            return self.style.card(move.card)
        if isinstance(move, DrawDecision):
            return "keep" if move.keep else "reject"
        if isinstance(move, Bid):
            return move.label
        if isinstance(move, Redeal):
            return "redeal"
        return str(move)

    def _examples(self, moves: Sequence[Action]) -> str:
        first = moves[0] if moves else None
        if isinstance(first, Play):
            return f"{first.card} or {str(first.card).lower()}"
        if isinstance(first, Bid):
            return "3, nil or blind nil"
        if isinstance(first, DrawDecision):
            return "keep or reject"
        return "2C 3D"

    def _question(self, moves: Sequence[Action]) -> str:
        first = moves[0] if moves else None
        if isinstance(first, Play):
            return "Your card: "
        if isinstance(first, Bid):
            return "Your bid: "
        if isinstance(first, DrawDecision):
            return "Keep or reject? "
        return "Your pass: "

    def _parse(self, text: str, moves: Sequence[Action]) -> Action:
        """The action the player typed: a number from the list, a card, a bid, keep/reject or cards."""
        seat = self.seat
        lowered = " ".join(text.lower().replace("-", " ").replace("_", " ").split())
        first = moves[0] if moves else None
        if lowered == "redeal":
            return Redeal(seat)
        if isinstance(first, Bid | Redeal):
            if lowered in ("nil", "n", "0"):
                return Bid.nil(seat)
            if lowered in ("blind nil", "blind", "bn"):
                return Bid.blind_nil(seat)
            if lowered.isdigit():
                return Bid(seat, int(lowered))
            raise SpadesError(f"{describe(text)} is not a bid: type a number of tricks, nil or blind nil")
        if isinstance(first, DrawDecision):
            if lowered in ("keep", "k", "1"):
                return DrawDecision(seat, True)
            if lowered in ("reject", "r", "2"):
                return DrawDecision(seat, False)
            raise SpadesError(f"{describe(text)}: type keep or reject")
        if lowered.isdigit():
            number = int(lowered)
            if len(moves) > _LIST_LIMIT:
                raise SpadesError("type the cards themselves, e.g. 2C 3D")
            if 1 <= number <= len(moves):
                return moves[number - 1]
            raise SpadesError(f"there is no move {number}: the list runs from 1 to {len(moves)}")
        try:
            if isinstance(first, Exchange):
                return Exchange(seat, parse_cards(text))
            return Play(seat, Card.parse(text))
        except CardParseError as error:
            raise SpadesError(f"{error}") from None


def _you(message: str, seat: int) -> str:
    """An engine message about the player's seat, addressed to the player."""
    return message.replace(f"seat {seat} cannot", "you cannot").replace(" it does not hold", " you do not hold") \
        .replace("and holds", "and you hold")


def _bid_choices(moves: Sequence[Action]) -> str:
    numbers = sorted(move.tricks for move in moves if isinstance(move, Bid) and move.tricks)
    words = []
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    words += [f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs]
    if any(isinstance(move, Bid) and move.tricks == 0 and not move.blind for move in moves):
        words.append("nil")
    if any(isinstance(move, Bid) and move.is_blind_nil for move in moves):
        words.append("blind nil")
    if any(isinstance(move, Redeal) for move in moves):
        words.append("redeal")
    return ", ".join(words)


def _integer(value: object, name: str) -> int:
    """``value`` as an ``int`` (NumPy integers accepted), or an error naming ``name``: a bool is no number."""
    if type(value) is int:
        return value
    if not isinstance(value, bool | str | float | bytes) and type(value).__name__ != "bool_":
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except Exception:
            pass
    raise ArgumentTypeError(f"the {name} must be an integer, not {describe(value)}", parameter=name)


def load_session(path: str | os.PathLike[str]) -> tuple[GameState, dict[str, object]]:
    """The state saved in ``path`` by ``spades-rules play --save``, and the seat, seed and bots its first
    line names (empty for a record written by something else). The file is read with the records' bound
    (:func:`spades_rules.records.files.read_text`): :class:`~spades_rules.errors.RecordError` for a file that
    cannot be read, is longer than :data:`~spades_rules.records.MAX_TEXT` characters or holds no valid
    record."""
    text = files.read_text(path, records.MAX_TEXT)
    state = records.loads(text)
    header = next((line for line in text.splitlines() if line.startswith(_HEADER_START)), None)
    if header is None:
        return state, {}
    match = _HEADER.match(header)
    if match is None:
        raise RecordError(
            f"{describe(header, 120)} is not a save header: expected '{_HEADER_START} seat N, seed S, bots NAME'",
            where="header",
        )
    return state, {"seat": int(match[1]), "seed": int(match[2]), "bots": match[3]}

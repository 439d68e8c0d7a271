"""``spades-rules play``: the play loop with scripted input (the tmux test drives the real terminal)."""

from __future__ import annotations

import io
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spades_rules import (
    ArgumentTypeError,
    Bid,
    DrawDecision,
    Exchange,
    GameState,
    Phase,
    Play,
    RecordError,
    Redeal,
    Rules,
    SpadesError,
    legal_actions,
    new_game,
    observe,
    records,
)
from spades_rules.cli import main
from spades_rules.records.files import save_atomically
from spades_rules.terminal.game import Session, load_session


class Person:
    """Answers the prompts the way a person would, from what the session offers: the first move, typed
    as text (lower-case cards, bids as numbers or words), a number from the list every third play."""

    def __init__(self, seat: int, *, stop_after: int | None = None, stop: type[BaseException] = EOFError) -> None:
        self.seat, self.stop_after, self.stop = seat, stop_after, stop
        self.session: Session | None = None
        self.prompts: list[str] = []
        self.answers: list[str] = []

    def __call__(self, prompt: str) -> str:
        assert self.session is not None
        self.prompts.append(prompt)
        if self.stop_after is not None and len(self.answers) >= self.stop_after:
            raise self.stop
        answer = self.answer(prompt, self.session.state)
        self.answers.append(answer)
        return answer

    def answer(self, prompt: str, state: GameState) -> str:
        if "(y/n)" in prompt:
            return "n"
        moves = [move for move in legal_actions(state, self.seat) if not isinstance(move, Redeal)]
        move = moves[0]
        if isinstance(move, Play):
            return "1" if len(self.answers) % 3 == 0 else str(move.card).lower()
        if isinstance(move, Bid):
            shown = [bid for bid in moves if isinstance(bid, Bid) and not bid.blind]
            return shown[-1].label
        if isinstance(move, DrawDecision):
            return "keep" if len(self.answers) % 2 else "reject"
        assert isinstance(move, Exchange)
        return " ".join(str(card).lower() for card in move.cards)


def _session(rules: Rules, person: Person, **options: object) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    session = Session(rules, seat=person.seat, read=person, out=out, **options)  # type: ignore[arg-type]
    person.session = session
    return session, out


@pytest.mark.parametrize("name", sorted(Rules.presets()))
def test_a_whole_hand_typed_as_text(name: str) -> None:
    seat = len(name) % Rules.preset(name).players
    rules = Rules.preset(name).evolve(max_hands=1)
    person = Person(seat)
    session, out = _session(rules, person, seed=4)
    assert session.run() == 0
    text = out.getvalue()
    assert session.state.is_over and session.state.hands_played == 1
    assert "Score sheet" in text and "Game over after 1 hand" in text
    plays = [action for action in session.state.history if isinstance(action, Play) and action.seat == seat]
    assert len(plays) == rules.cards_each  # every card of the person's hand was played from the prompt
    assert "Not allowed" not in text and "Not understood" not in text


def test_each_turn_shows_the_hand_by_suit_and_the_moves_in_the_same_order() -> None:
    person = Person(2, stop_after=2)
    session, out = _session(Rules.standard(), person, seed=3)
    session.run()
    text = out.getvalue()
    hand_line = next(line for line in text.splitlines() if line.startswith("Your hand: "))
    shown = hand_line.removeprefix("Your hand: ").split()
    rules = Rules.standard()
    suits = [rules.effective_suit(records.parse_action(f"0:play {card}").card) for card in shown]  # type: ignore[union-attr]
    order = [3, 2, 0, 1]  # spades, hearts, clubs, diamonds
    assert [order.index(suit) for suit in suits] == sorted(order.index(suit) for suit in suits)
    assert "You may bid: " in text


def _first_play_prompt(state: GameState, seat: int) -> bool:
    return state.phase is Phase.PLAY and state.to_act == seat


def test_illegal_and_unreadable_input_is_explained_and_the_game_goes_on() -> None:
    rules = Rules.standard().evolve(max_hands=1)
    person = Person(1)
    tries: Iterator[str] = iter(["9S-not-a-card", "99", "", "?"])
    script: list[str] = []
    done: list[bool] = []

    def answer(prompt: str, state: GameState) -> str:
        if _first_play_prompt(state, 1) and not done:
            done.append(True)
            view = observe(state, 1)
            legal = {move.card for move in view.legal_actions if isinstance(move, Play)}
            held_illegal = [card for card in view.hand or () if card not in legal]
            missing = next(card for card in rules.deck if card not in (view.hand or ()))
            script.extend([str(held_illegal[0]) if held_illegal else str(missing), str(missing), *tries])
        if script:
            return script.pop(0)
        return Person.answer(person, prompt, state)

    person.answer = answer  # type: ignore[method-assign]
    session, out = _session(rules, person, seed=8)
    assert session.run() == 0
    text = out.getvalue()
    assert "you do not hold that card" in text
    assert "Not understood: unknown card '9S-not-a-card'" in text
    assert "Not understood: there is no move 99" in text
    assert "Type a move as shown" in text
    assert session.state.is_over  # nothing was lost: the game went on to the end


def test_a_card_held_but_not_allowed_says_why() -> None:
    rules = Rules.standard().evolve(max_hands=1)
    for seed in range(20):
        person = Person(1)
        said: list[str] = []

        def answer(prompt: str, state: GameState, person: Person = person, said: list[str] = said) -> str:
            view = observe(state, 1)
            legal = {move.card for move in view.legal_actions if isinstance(move, Play)}
            wrong = [card for card in view.hand or () if card not in legal] if state.phase is Phase.PLAY else []
            if wrong and not said:
                said.append(str(wrong[0]))
                return str(wrong[0]).lower()
            return Person.answer(person, prompt, state)

        person.answer = answer  # type: ignore[method-assign]
        session, out = _session(rules, person, seed=seed)
        session.run()
        if said:
            assert f"Not allowed: you cannot play {said[0]}: it must follow the suit led" in out.getvalue()
            return
    pytest.fail("no game gave a chance to play a wrong card")


def _finish_uninterrupted(rules: Rules, seat: int, seed: int) -> GameState:
    person = Person(seat)
    session, _ = _session(rules, person, seed=seed)
    session.run()
    return session.state


@pytest.mark.parametrize("stop", [EOFError, KeyboardInterrupt])
def test_stopping_saves_and_resuming_goes_on_as_if_never_stopped(tmp_path: Path, stop: type[BaseException]) -> None:
    rules = Rules.standard().evolve(max_hands=2)
    save = tmp_path / "game.txt"
    person = Person(0, stop_after=20, stop=stop)
    session, out = _session(rules, person, seed=6, save=str(save))
    status = session.run()
    assert status == (130 if stop is KeyboardInterrupt else 0)
    assert f"continue with: spades-rules play --resume {save}" in out.getvalue()
    stopped = session.state
    state, settings = load_session(str(save))
    assert state == stopped and settings == {"seat": 0, "seed": 6, "bots": "heuristic"}
    assert records.loads(save.read_text()) == stopped  # a plain record that `replay` reads too

    again = Person(0)
    again.answers = list(person.answers)  # the same typing habits from where it stopped
    resumed, out2 = _session(rules, again, seed=6, save=str(save), state=state)
    assert resumed.run() == 0
    assert out2.getvalue().startswith(f"Resuming: hand {stopped.hands_played + 1}")
    assert resumed.state == _finish_uninterrupted(rules, 0, 6)
    assert load_session(str(save))[0] == resumed.state
    assert os.listdir(tmp_path) == ["game.txt"]  # no temporary file left behind


def test_quit_stops_without_losing_the_game(tmp_path: Path) -> None:
    save = tmp_path / "game.txt"
    person = Person(3)
    person.answer = lambda prompt, state: "q"  # type: ignore[method-assign]
    session, out = _session(Rules.standard(), person, save=str(save))
    assert session.run() == 0
    assert load_session(str(save))[0] == session.state
    assert "Stopped." in out.getvalue()


def test_blind_nil_is_offered_before_the_hand_is_shown() -> None:
    rules = Rules.standard().evolve(max_hands=1)
    person = Person(1)

    passes: list[str] = []

    def answer(prompt: str, state: GameState) -> str:
        if prompt.startswith("Bid blind nil"):
            return "y"
        if prompt.startswith("Your pass") and not passes:
            passes.append(prompt)
            return "5"  # no numbered list for 78 ways to pass two cards
        return Person.answer(person, prompt, state)

    person.answer = answer  # type: ignore[method-assign]
    session, out = _session(rules, person, seed=2, state=new_game(rules, scores=[200, 0]))
    session.run()
    text = out.getvalue()
    assert -1 < text.find("You may bid blind nil") < text.find("Your hand:")
    assert Bid.blind_nil(1) in session.state.history
    exchanges = [action for action in session.state.history if isinstance(action, Exchange)]
    assert [exchange.seat for exchange in exchanges] == [1, 3]
    assert "passes 2 cards to" in text
    assert "Pass 2 cards to your partner: type them" in text
    assert "Not understood: type the cards themselves, e.g. 2C 3D" in text


def test_a_qualifying_hand_may_call_a_redeal_out_of_turn() -> None:
    rules = Rules.standard().evolve(redeal_on=("no_face_cards", "one_or_no_spades"), max_hands=1)
    for seed in range(60):
        person = Person(3)
        asked: list[str] = []

        def answer(prompt: str, state: GameState, person: Person = person, asked: list[str] = asked) -> str:
            if "redeal" in prompt:
                asked.append(prompt)
                return "y"
            return Person.answer(person, prompt, state)

        person.answer = answer  # type: ignore[method-assign]
        session, out = _session(rules, person, seed=seed)
        session.run()
        if asked:
            assert Redeal(3) in session.state.history
            assert "calls a redeal" in out.getvalue()
            return
    pytest.fail("no deal qualified for a redeal")


def test_session_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="--seat must be a seat 0-3"):
        Session(Rules.standard(), seat=4)
    with pytest.raises(ValueError, match="bots must be heuristic, random or search"):
        Session(Rules.standard(), bots="clever")
    with pytest.raises(ValueError, match="other rules"):
        Session(Rules.standard(), state=new_game(Rules.bicycle()))
    with pytest.raises(TypeError, match="needs Rules"):
        Session("standard")  # type: ignore[arg-type]


def test_save_atomically_replaces_the_whole_file(tmp_path: Path) -> None:
    path = tmp_path / "save.txt"
    save_atomically(str(path), "old")
    save_atomically(str(path), "new")
    assert path.read_text() == "new"
    assert os.listdir(tmp_path) == ["save.txt"]


def test_the_cli_plays_saves_and_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "game.txt"
    monkeypatch.setattr("sys.stdin", io.StringIO("4\n1\nx\n1\n"))  # then the input ends
    out = io.StringIO()
    assert main(["play", "--rules", "bicycle", "--set", "max_hands=1", "--seat", "1", "--seed", "9", "--save",
                 str(save)], out) == 0
    assert "Your bid: " in out.getvalue() and "Not understood: unknown card 'x'" in out.getvalue()
    stopped, settings = load_session(str(save))
    assert settings == {"seat": 1, "seed": 9, "bots": "heuristic"}
    assert stopped.rules == Rules.bicycle().evolve(max_hands=1)
    assert [action for action in stopped.history if getattr(action, "seat", None) == 1][:1] == [Bid(1, 4)]

    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 13))
    out = io.StringIO()
    assert main(["play", "--resume", str(save)], out) == 0
    assert "Resuming" in out.getvalue() and "Game over after 1 hand" in out.getvalue()
    assert load_session(str(save))[0].is_over


def test_search_bots_are_the_stronger_opponents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "game.txt"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 14))  # the first move offered, every time
    out = io.StringIO()
    assert main(["play", "--bots", "search", "--set", "max_hands=1", "--seed", "2", "--save", str(save)], out) == 0
    finished, settings = load_session(str(save))
    assert settings["bots"] == "search" and finished.is_over


def test_the_cli_refuses_bad_play_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seat", "7"], io.StringIO()) == 2
    assert "--seat must be a seat 0-3" in capsys.readouterr().err
    broken = tmp_path / "broken.txt"
    broken.write_text("[Format \"spades_rules/1\"]\nbid 0:99\n")
    assert main(["play", "--resume", str(broken)], io.StringIO()) == 2
    assert "line 2" in capsys.readouterr().err
    assert main(["play", "--resume", str(broken), "--set", "nil=false"], io.StringIO()) == 2
    assert "--set cannot change the rules of a resumed game" in capsys.readouterr().err


# ============================================================================ save files: never a special file
def _special_paths(tmp_path: Path) -> dict[str, Path]:
    """A named pipe, a folder, a link to a regular file, a dangling link and a link to a named pipe, all in
    ``tmp_path`` (never a real device)."""
    target = tmp_path / "target.txt"
    target.write_text("keep me", encoding="utf-8")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    folder = tmp_path / "folder"
    folder.mkdir()
    paths = {"fifo": pipe, "folder": folder}
    for name, to in (("link", target), ("dangling link", tmp_path / "nowhere.txt"), ("link to fifo", pipe)):
        link = tmp_path / name.replace(" ", "_")
        link.symlink_to(to)
        paths[name] = link
    return paths


def _snapshot(tmp_path: Path) -> dict[str, tuple[int, int, str]]:
    """Every entry of ``tmp_path``: its kind, inode and (for a regular file) text, links not followed."""
    shot = {}
    for entry in sorted(tmp_path.iterdir()):
        info = entry.lstat()
        text = entry.read_text(encoding="utf-8") if entry.is_file() and not entry.is_symlink() else ""
        shot[entry.name] = (info.st_mode, info.st_ino, text)
    return shot


@pytest.mark.parametrize("kind", ["fifo", "folder", "link", "dangling link", "link to fifo"])
def test_a_save_never_replaces_or_writes_through_what_is_not_a_regular_file(tmp_path: Path, kind: str) -> None:
    path = _special_paths(tmp_path)[kind]
    before = _snapshot(tmp_path)
    with pytest.raises(RecordError) as refused:
        save_atomically(str(path), "a record")
    assert refused.value.where == str(path)
    assert ("symbolic link" if "link" in kind else "not a regular file") in str(refused.value)
    with pytest.raises(RecordError):
        Session(Rules.standard(), save=str(path))  # refused before the game starts
    assert _snapshot(tmp_path) == before  # nothing replaced, nothing written, no temporary file left


def test_a_refused_link_names_its_target(tmp_path: Path) -> None:
    link = _special_paths(tmp_path)["link"]
    with pytest.raises(RecordError, match=r"symbolic link \(to .*target\.txt\): give the file itself"):
        save_atomically(link, "a record")


@pytest.mark.parametrize("kind", ["fifo", "folder", "link"])
def test_the_cli_refuses_a_save_path_that_is_not_a_regular_file(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _special_paths(tmp_path)[kind]
    before = _snapshot(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    out = io.StringIO()
    assert main(["play", "--save", str(path)], out) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"spades-rules: error: {path}: ") and error.count("\n") == 1
    assert out.getvalue() == ""  # refused before the first deal
    assert _snapshot(tmp_path) == before


def test_save_and_load_take_paths_and_refuse_file_descriptors(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    save_atomically(path, records.dumps(new_game(Rules.standard())))  # an os.PathLike
    assert load_session(path)[0] == new_game(Rules.standard())
    for descriptor in (0, 1, 2, True):
        with pytest.raises(ArgumentTypeError, match="needs a file name"):
            load_session(descriptor)  # type: ignore[arg-type]  # open(1) would read and then close stdout
        with pytest.raises(ArgumentTypeError, match="needs a file name"):
            save_atomically(descriptor, "text")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="text as a str"):
        save_atomically(path, b"bytes")  # type: ignore[arg-type]
    for bad in ("", "nul\x00byte"):
        with pytest.raises(RecordError, match="cannot be empty or hold a NUL"):
            load_session(bad)
    assert sys.stdout is not None and not sys.stdout.closed


def test_a_save_in_a_missing_folder_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot write in its folder") as refused:
        save_atomically(tmp_path / "missing" / "game.txt", "a record")
    assert refused.value.where.endswith("game.txt")


# ============================================================================ resume files: bounded reads
def test_resume_reads_with_the_records_bound(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    huge = tmp_path / "huge.txt"
    huge.write_text("x" * (records.MAX_TEXT + 1), encoding="utf-8")
    with pytest.raises(RecordError, match="at most 10,000,000 characters"):
        load_session(huge)
    assert main(["play", "--resume", str(huge)], io.StringIO()) == 2
    error = capsys.readouterr().err
    assert "at most 10,000,000 characters" in error and error.count("\n") == 1


def test_resume_from_a_named_pipe_without_a_writer_does_not_wait(tmp_path: Path) -> None:
    pipe = _special_paths(tmp_path)["fifo"]
    with pytest.raises(RecordError, match="format: missing"):
        load_session(pipe)  # opened without waiting for a writer: read as an empty record


def test_resume_refuses_a_folder_and_a_file_that_is_not_text(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="is a folder"):
        load_session(_special_paths(tmp_path)["folder"])
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError, match="not UTF-8 text"):
        load_session(binary)
    with pytest.raises(RecordError, match="cannot read"):
        load_session(tmp_path / "missing.txt")


def test_a_malformed_save_header_is_a_record_error(tmp_path: Path) -> None:
    save = tmp_path / "game.txt"
    record = records.dumps(new_game(Rules.standard()))
    for header in ("# spades-rules play: seat 0, seed " + "9" * 5000 + ", bots random",
                   "# spades-rules play: seat x, seed 1, bots random"):
        save.write_text(header + "\n" + record, encoding="utf-8")
        with pytest.raises(RecordError, match="not a save header"):
            load_session(save)


def test_session_refuses_seeds_too_long_for_its_save_file() -> None:
    with pytest.raises(SpadesError, match="at most 100 digits"):
        Session(Rules.standard(), seed=10**100)
    assert Session(Rules.standard(), seed=-(10**99)).seed == -(10**99)


def test_session_takes_numpy_integers_and_refuses_other_arguments() -> None:
    np = pytest.importorskip("numpy")
    session = Session(Rules.standard(), seat=np.int64(2), seed=np.int64(5))
    assert (session.seat, session.seed) == (2, 5) and type(session.seat) is int
    wrong: list[dict[str, Any]] = [{"state": True}, {"seed": True}, {"seed": 1.5}, {"bots": ["random"]},
                                   {"read": 3}, {"out": "stdout"}, {"style": "symbols"}, {"save": 3}]
    for kwargs in wrong:
        with pytest.raises(SpadesError):
            Session(Rules.standard(), **kwargs)


def test_resume_from_a_named_pipe_reads_what_its_writer_writes(tmp_path: Path) -> None:
    """As ``--resume <(zcat game.txt.gz)`` does: the writer is there before the file is opened."""
    pipe = _special_paths(tmp_path)["fifo"]
    state = new_game(Rules.bicycle())

    def write() -> None:
        with open(pipe, "w", encoding="utf-8") as writer:  # waits for the reader to open the pipe
            writer.write(records.dumps(state))

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    time.sleep(0.2)  # the writer is waiting in open
    assert load_session(pipe)[0] == state
    writer.join(timeout=10)


def test_a_blind_number_is_offered_before_the_hand_is_shown() -> None:
    """Under ``blind_bid_min`` the session asks whether to bid blind, then which blind bid, before showing
    the cards."""
    rules = Rules.standard().evolve(blind_bid_min=6, max_hands=1)
    person = Person(1)
    asked: list[str] = []

    def answer(prompt: str, state: GameState) -> str:
        if prompt.startswith("Bid blind?"):
            return "y"
        if prompt.startswith("Blind bid ("):
            asked.append(prompt)
            return "seven" if len(asked) == 1 else "blind 7"  # a word it does not know, then a blind number
        return Person.answer(person, prompt, state)

    person.answer = answer  # type: ignore[method-assign]
    session, out = _session(rules, person, seed=2, state=new_game(rules, scores=[200, 0]))
    session.run()
    text = out.getvalue()
    assert -1 < text.find("You may bid blind (nil, 6-13)") < text.find("Your hand:")
    assert asked == ["Blind bid (nil, 6-13)? "] * 2 and "Not understood: name one of nil, 6-13" in text
    assert Bid(1, 7, blind=True) in session.state.history

"""The line-by-line game (``monza play --plain``): a whole race against bots from a scripted
stdin, compared with a golden transcript; saves that go on in the full-screen game and back;
wrong lines; no escape sequences; the choices are the engine's legal actions."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.helpers import SPRINT, ScriptedDice, press, race_app, run_async, screen_text
from monza_tui import i18n, saves
from monza_tui.app.screens.race import RaceScreen
from monza_tui.commands.resume import prepare
from monza_tui.engine import Colour, Die, Phase, Place, Reroll, Roll
from monza_tui.plain.game import PROMPT, PlainGame, clean, rules_lines
from monza_tui.plain.words import choices
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.record import read_records
from plain.person import SCRIPT, SEED, TRANSCRIPT, everything_met, long_race


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path / "home"))
    saves._slots.clear()
    yield tmp_path / "home"
    for path in list(saves._locks):
        saves.unlock(path)
    saves._slots.clear()


@pytest.fixture
def english() -> Iterator[None]:
    """The golden transcript is English, whatever language the session runs in."""
    before = i18n.current_language()
    i18n.set_language("en")
    yield
    i18n.set_language(before)


def played(race: object, text: str, **kwargs: object) -> tuple[PlainGame, str]:
    """The game over ``text`` as stdin (echoed, as a pipe is): the game and its output."""
    out = io.StringIO()
    game = PlainGame(race, lines=io.StringIO(text), out=out, echo=True, **kwargs)  # type: ignore[arg-type]
    game.run()
    return game, out.getvalue()


def test_a_whole_race_against_bots_reads_as_the_golden_transcript(
    home: Path, english: None
) -> None:
    game, text = played(long_race(SEED), SCRIPT.read_text(encoding="utf-8"))
    assert text == TRANSCRIPT.read_text(encoding="utf-8")
    # Every rule of the pro and bonus variants met by the person at the keyboard (R8-R15).
    assert everything_met(game.race) == []
    assert game.race.state.is_terminal()
    # Saved like the app: the finished race is in the history and reads back (replays).
    (kept,) = (home / "history").iterdir()
    (race,) = read_records(kept)
    assert race.state == game.race.state and race.turns == game.race.turns


def test_nothing_is_drawn_no_escape_sequence_at_all(home: Path) -> None:
    # In the session's language (the pseudo-locale too): only printable text and newlines.
    _game, text = played(long_race(SEED), SCRIPT.read_text(encoding="utf-8"))
    assert "\x1b" not in text and "\r" not in text
    assert all(c == "\n" or c.isprintable() for c in text)
    rules = "\n".join(rules_lines())
    assert rules and "\x1b" not in rules
    assert clean("Ann\x1b[2J\x07\x9b") == "Ann?[2J??"
    assert clean("Ann \u202eoval\u2066\u2028\udcff 👨\u200d👩") == "Ann ?oval??? 👨\u200d👩"


def test_wrong_lines_are_answered_with_one_line_and_asked_again(home: Path) -> None:
    race = start_race(RaceSetup(board=SPRINT, seats=(Seat("Ann", Colour.RED),
                                                     Seat("Ben", Colour.BLUE)), seed=1))
    wrong = ["xyz", "0", "7", "take the red one", "reroll", "back", "drive", "keep"]
    _game, text = played(race, "\n".join(wrong) + "\n")
    for line in wrong:
        said = text.split(f"{PROMPT}{line}\n", 1)[1]
        answer, rest = said.split("\n", 1)
        assert answer and not answer.startswith(PROMPT)
        assert rest.startswith(PROMPT)  # asked again, nothing told twice
    assert text.count(PROMPT) == len(wrong) + 1  # the last prompt met the end of the input


def test_the_end_of_the_input_saves_and_says_how_to_resume(home: Path) -> None:
    race = long_race(SEED)
    game, text = played(race, "\n")  # roll, then the input ends
    assert game.race.state.phase is Phase.EXTRA_ROLL
    assert text.endswith(PROMPT + "\n" + i18n._(
        "The race is saved: monza resume --plain continues it here, and monza resume in the "
        "full-screen game.") + "\n")
    assert saves.load_save(saves.save_path(game.race)).state == game.race.state  # type: ignore[arg-type]


def test_nothing_played_nothing_saved(home: Path) -> None:
    _game, text = played(long_race(SEED), "")
    assert text.endswith(i18n._("Nothing was played yet, so nothing is saved.") + "\n")
    assert not (home / "saves").exists() or not list((home / "saves").iterdir())


@run_async
async def test_a_plain_race_left_mid_turn_goes_on_in_the_full_screen_game(home: Path) -> None:
    script = SCRIPT.read_text(encoding="utf-8").splitlines()
    # Stop in the middle of a move: after the first die of the race's second placing phase.
    game, _text = played(long_race(SEED), "\n".join(script[:12]) + "\n")
    stopped = game.race.state
    assert stopped.phase is Phase.PLACING and stopped.path and not stopped.is_terminal()
    saves._slots.clear()  # another process, as `monza resume` is
    for path in list(saves._locks):
        saves.unlock(path)
    race, _path = prepare(None)
    assert race.state == stopped and race.pending == game.race.pending
    app = race_app(race=race)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RaceScreen)
        assert app.race is not None and app.race.state == stopped
        assert "Ann" in screen_text(app)
        await press(pilot, "backspace")  # the app takes the plain game's die back
        assert app.race.state.path == stopped.path[:-1]


@run_async
async def test_a_full_screen_race_left_mid_turn_goes_on_line_by_line(home: Path) -> None:
    seats = (Seat("Ann", Colour.RED), Seat("Bot 1", Colour.BLUE, "greedy"))
    first = race_app(race=start_race(RaceSetup(board=SPRINT, seats=seats, seed=3)),
                     roller=ScriptedDice("RGBRRR"))
    async with first.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "1")
        await press(pilot, "q", "y")
    assert first.race is not None
    stopped = first.race.state
    assert stopped.phase is Phase.PLACING and len(stopped.path) == 1
    saves._slots.clear()
    for path in list(saves._locks):
        saves.unlock(path)
    race, path = prepare(None)
    assert race.state == stopped
    game, text = played(race, "1\n" * 400)  # the first choice every time, to the end
    assert game.race.state.is_terminal()
    assert "\x1b" not in text
    assert not path.exists() and (home / "history" / path.name).exists()


def test_the_choices_are_the_legal_actions() -> None:
    """One source of legality: every choice is a legal action, and every legal action is
    offered (a die of one colour on one space once; a re-roll is typed), whatever the
    phase, over whole seeded races of the three boards with every variant."""
    rng = random.Random(5)
    for board in ("oval", "long", "classic"):
        race = start_race(RaceSetup(board=board, pro=True, bonus=True, seed=7,
                                    seats=(Seat("A", Colour.RED), Seat("B", Colour.BLUE),
                                           Seat("C", Colour.GREEN))))
        shape = race.board_file.shape
        state = race.state
        while not state.is_terminal():
            if state.is_chance():
                state = state.apply(Roll(tuple(rng.choice(list(Colour)) for _ in
                                               range(state.dice_to_roll()))))
                continue
            offered = choices(state, shape, ["A", "B", "C"])
            actions = [c.action for c in offered]
            legal = state.legal_actions()
            assert all(a in legal for a in actions)

            def same(a: object, roll: tuple[Colour, ...] = state.roll) -> object:
                if isinstance(a, Place) and isinstance(a.token, Die):
                    return (a.space, roll[a.token.index])
                return a

            assert {same(a) for a in legal if not isinstance(a, Reroll)} == {
                same(a) for a in actions}
            assert len(actions) == len({same(a) for a in actions})
            state = state.apply(rng.choice(actions))  # type: ignore[arg-type]


def test_the_bonus_hint_names_no_space_id() -> None:
    """The line game promises no coordinates: the expert's reason for a bonus step says
    where the car would then be (its place, the spaces to the finish), as the bonus choice
    does, never the space's id ("b21"), in every language."""
    from monza_tui.bots import hint
    from monza_tui.engine import BonusStep
    from monza_tui.plain.words import hint_words
    from monza_tui.race.narrate import where_words

    rng = random.Random(3)
    names = ["Ann", "Ben", "Cy"]
    said = 0
    before = i18n.current_language()
    try:
        for board in ("long", "classic"):
            race = start_race(RaceSetup(board=board, bonus=True, seed=11,
                                        seats=(Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE),
                                               Seat("Cy", Colour.GREEN))))
            shape, state = race.board_file.shape, race.state
            ids = {space.id for space in state.board.spaces if space.id[1:].isdecimal()}
            while not state.is_terminal():
                if state.is_chance():
                    state = state.apply(Roll(tuple(rng.choice(list(Colour)) for _ in
                                                   range(state.dice_to_roll()))))
                    continue
                found = hint(state) if state.phase is Phase.BONUS else None
                step = found.actions[0] if found is not None else None
                if isinstance(step, BonusStep) and not state.board.is_finish(step.space):
                    mover = state.bonus_player
                    assert mover is not None
                    for code in i18n.LANGUAGES:
                        i18n.set_language(code)
                        lines = hint_words(state, found, choices(state, shape, names))
                        words = set(lines[0].replace(",", " ").replace(":", " ").split())
                        assert not words & ids, (code, lines[0])
                        assert where_words(state.apply(step), mover) in lines[0], lines[0]
                    i18n.set_language(before)
                    said += 1
                state = state.apply(rng.choice(state.legal_actions()))
    finally:
        i18n.set_language(before)
    assert said >= 3  # the test saw bonus steps hinted


def test_no_fit_and_its_reason_are_joined_by_a_message() -> None:
    """"No die fits any more" and why are two sentences joined as the language joins them
    (a message: Chinese writes no space between sentences), not by a space in the code."""
    from dataclasses import replace

    from monza_tui.boardfile import load_board
    from monza_tui.engine import Confirm, Game
    from monza_tui.plain.words import ask_words

    board = load_board("oval").board
    start = Game(board, (Colour.RED, Colour.BLUE)).new_state()
    state = replace(start, positions=(board.index_of("a7"), start.positions[1]))
    state = state.apply(Roll((Colour.RED,) * 6))  # beside b7, level fronts: no die fits (R5)
    assert Confirm() in state.legal_actions()
    before = i18n.current_language()
    try:
        i18n.set_language("en")
        assert ask_words(state, ["Ann", "Ben"]) == (
            "Ann, no die fits any more. Why: the red space beside you does not reach further "
            "ahead.")
        i18n.set_language("xx")
        said = ask_words(state, ["Ann", "Ben"])
        assert said.startswith("⟦⟦") and said.endswith("~⟧"), said  # one message holds both
    finally:
        i18n.set_language(before)


def test_a_closed_output_saves_the_race_and_says_nothing_more(home: Path) -> None:
    """The output's reader goes away (``| head``) just as the roll is told: the roll is
    played, so the race is saved as at the end of the input, nothing more is written, and
    the error goes on to the command line (which ends quietly)."""

    class Closing(io.StringIO):
        def write(self, text: str) -> int:
            if "rolls" in text or self.closed_now:
                self.closed_now = True
                raise BrokenPipeError(32, "Broken pipe")
            return super().write(text)

        closed_now = False

    out = Closing()
    race = long_race(SEED)
    game = PlainGame(race, lines=io.StringIO("\n1\n"), out=out, echo=True)
    with pytest.raises(BrokenPipeError):
        game.run()
    assert game.race.state.phase is not Phase.ROLL  # the roll was played
    path = saves.save_path(game.race)  # type: ignore[arg-type]
    assert path is not None and saves.load_save(path).state == game.race.state
    assert "rolls" not in out.getvalue() and not out.getvalue().endswith(PROMPT)

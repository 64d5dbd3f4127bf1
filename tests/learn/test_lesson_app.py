"""The guided first race played through by keystrokes (both boards), its answers to wrong
keys, and leaving and resuming it (docs/learn.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from app.helpers import press, race_app, run_async, screen_text, settle, static_text
from monza_tui.app.screens.confirm import ConfirmScreen
from monza_tui.app.screens.setup import SetupScreen
from monza_tui.engine import BonusStep, Confirm, Phase, Place, Reroll, Roll, TakeBack
from monza_tui.i18n import _
from monza_tui.learn import progress
from monza_tui.learn.guide import TOTAL_STEPS
from monza_tui.learn.host import LessonHost
from monza_tui.learn.screen import LessonScreen
from monza_tui.learn.script import LONG, OVAL, Step


@pytest.fixture(autouse=True)
def _own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path))


def host(app: Any) -> LessonHost:
    assert isinstance(app.host, LessonHost)
    return app.host


def keys_for(app: Any) -> list[str]:
    """The keys a person presses for the lesson's next action."""
    lesson = host(app).lesson
    if lesson.over:
        return ["enter"]
    action = lesson.expected()
    state = app.race.state
    if isinstance(action, Roll):
        assert state.phase is Phase.ROLL, "an automatic roll should have been rolled"
        return ["space"]
    if isinstance(action, Reroll):
        return [str(i + 1) for i in action.dice] + ["enter"]
    if isinstance(action, TakeBack):
        return ["backspace"]
    assert isinstance(action, Place | Confirm | BonusStep), action
    return ["enter"]


def guide(app: Any) -> str:
    return static_text(app, "#guide")


def flat(text: str) -> str:
    """Text with its line breaks and runs of spaces as single spaces (the guide wraps)."""
    return " ".join(text.split())


async def play_to(pilot: Pilot[Any], part: int, entry: int | None) -> None:
    """Press the lesson's keys until part ``part`` reaches entry ``entry`` (None: the end
    of the lesson, the set-up screen)."""
    app = pilot.app
    for _round in range(500):
        await settle(pilot)
        if entry is None and isinstance(app.screen, SetupScreen):
            return
        lesson = host(app).lesson
        if lesson.part_index == part and entry is not None and lesson.entry_index == entry:
            return
        assert isinstance(app.screen, LessonScreen)
        await press(pilot, *keys_for(app))
    raise AssertionError("the lesson did not get there")


@run_async
async def test_the_whole_lesson_by_keys() -> None:
    app = race_app(learn=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert flat(_(OVAL.entries[1].say)) in flat(guide(app))
        assert flat(_("Lesson: step {n} of {total}").format(n=1, total=TOTAL_STEPS)) in flat(
            guide(app))
        await play_to(pilot, 0, len(OVAL.entries))
        race = app.race
        assert race.state.is_terminal() and race.state.winners() == (0,)
        assert flat(_(OVAL.entries[-1].done)) in flat(guide(app))  # type: ignore[union-attr]
        assert flat(_(OVAL.end)) in flat(guide(app))
        # The race's own banner ("the race is over", results to come) gives way to the guide.
        assert not app.screen.query_one("#turn").display
        await press(pilot, "enter")  # the long track
        assert app.screen.query_one("#turn").display
        assert app.race.game.board.name == "long" and app.race.game.pro
        await play_to(pilot, 1, len(LONG.entries))
        state = app.race.state
        assert state.last_turn is not None and state.last_turn.bonus is not None
        assert flat(_(LONG.end)) in flat(guide(app))
        assert not app.screen.query_one("#turn").display  # no coach's turn to come
        await play_to(pilot, 1, None)
        assert app.host is None and app.race is None
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.setup == app.setup  # the player's, not the lesson's
        assert not progress.path().exists()


async def _wrong(pilot: Pilot[Any], key: str) -> None:
    app = pilot.app
    before, position = app.race, host(app).lesson.position
    step = host(app).lesson.step
    assert isinstance(step, Step)
    await press(pilot, key)
    assert app.race is before and host(app).lesson.position == position, key
    assert flat(_(step.wrong)) in flat(guide(app).replace("✗ ", ""))
    # The next right key clears the answer.


@run_async
async def test_wrong_keys_are_answered_by_the_step() -> None:
    app = race_app(learn=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for key in ("enter", "backspace", "d", "k", "h"):  # before the roll
            await _wrong(pilot, key)
        await press(pilot, "space")
        for key in ("space", "3", "backspace", "d"):  # the first die
            await _wrong(pilot, key)
        await press(pilot, "escape", "right", "enter")  # a white space: not the step's
        assert not app.race.state.path
        assert "✗" in guide(app)
        await press(pilot, "left", "enter")
        assert len(app.race.state.path) == 1
        assert "✗" not in guide(app)
        await play_to(pilot, 0, 10)  # take the green die back
        for key in ("enter", "1", "space"):
            await _wrong(pilot, key)
        await press(pilot, "backspace")
        assert app.race.state.path == ()
        await play_to(pilot, 1, 1)  # the extra roll
        for key in ("k", "2", "enter"):
            await _wrong(pilot, key) if key != "2" else await press(pilot, key)
        # 2 marked a die (the pointer only): Enter re-rolled die 2, not the step's dice.
        assert app.race.state.phase is Phase.EXTRA_ROLL
        await press(pilot, "2")  # unmark
        await play_to(pilot, 1, 2)
        assert app.race.state.roll[4:] != ()


@run_async
async def test_leaving_and_resuming_mid_lesson() -> None:
    app = race_app(learn=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to(pilot, 0, 10)  # the take-back, after a Watch and a die placed
        race = app.race
        await press(pilot, "q")  # asks first; n stays
        assert isinstance(app.screen, ConfirmScreen)
        assert flat(_("Leave the lesson? It goes on at this step next time.")) in flat(
            screen_text(app))
        await press(pilot, "n")
        assert isinstance(app.screen, LessonScreen) and app.race is race
        await press(pilot, "q", "y")
    assert app.return_code == 0
    assert progress.load() == (0, 10)
    app = race_app(learn=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        assert app.race.state == race.state
        back = flat(_("Welcome back: the lesson goes on where you left it."))
        assert back in flat(guide(app))
        assert "✓" not in guide(app)  # the welcome takes the last step's line
        await press(pilot, "backspace")
        assert back not in flat(guide(app))
        await play_to(pilot, 1, 3)  # into the second part
    assert progress.load() == (1, 3)
    app = race_app(learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.race.game.board.name == "long"
        await play_to(pilot, 1, None)


@run_async
async def test_the_set_up_screen_opens_the_lesson_with_f2() -> None:
    app = race_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "f2")
        assert isinstance(app.screen, LessonScreen)
        assert app.race.game.board.name == "oval"


@run_async
async def test_the_set_up_screens_first_race_button_opens_the_lesson() -> None:
    app = race_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.click("#learn")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        assert app.race.game.board.name == "oval"


def test_the_command_line() -> None:
    from monza_tui.cli import build_parser, main

    assert "learn" in build_parser().format_help()
    with pytest.raises(SystemExit) as stopped:
        main(["learn", "--no-such-flag"])
    assert stopped.value.code == 2


@run_async
async def test_left_at_the_end_of_the_oval_it_resumes_there() -> None:
    progress.save(0, len(OVAL.entries))
    app = race_app(learn=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.race.state.is_terminal() and app.race.state.winners() == (0,)
        assert flat(_(OVAL.end)) in flat(guide(app))
        await press(pilot, "enter")
        assert app.race.game.board.name == "long"
    assert progress.load() == (1, 0)


@run_async
async def test_the_coach_is_named_as_the_coach_while_it_drives() -> None:
    from monza_tui.learn.lesson import Lesson
    from monza_tui.learn.script import COACH
    from monza_tui.race.now import derive
    from monza_tui.race.pace import acting

    lesson = Lesson(0)
    coach_turn = next(
        race for entry in range(len(OVAL.entries))
        if acting((race := lesson.race_at(entry)).state) == COACH)
    app = race_app(learn=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        screen.now = derive(coach_turn.state, human=False)
        said_now = screen.prompt_text()
        assert said_now == _("The coach drives… (s skips the wait)")
        assert _("greedy") not in said_now

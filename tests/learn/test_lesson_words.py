"""What the lesson shows a person: a footer of the keys the step accepts, how to take back a
wrong die, and the coach's words without a stray mark (issue: what a family still trips
over)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.helpers import footer, key_label, press, race_app, run_async, screen_lines, settle
from learn.test_lesson_app import flat, guide, host, keys_for, play_to
from monza_tui.app.screens.setup import SetupScreen
from monza_tui.app.widgets.buttons import ButtonRow
from monza_tui.engine import Phase
from monza_tui.i18n import _
from monza_tui.learn.guide import guide_text
from monza_tui.learn.lesson import Lesson
from monza_tui.learn.screen import LessonScreen
from monza_tui.learn.script import LONG, OVAL, Step, Watch

QUIT_RULES = (("^q", "Quit"), ("?", "Rules"))


@pytest.fixture(autouse=True)
def _own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path))


def footer_line(app: Any) -> str:
    return screen_lines(app)[-1]


@run_async
async def test_the_footer_offers_only_keys_the_step_takes() -> None:
    app = race_app(learn=True)
    seen: dict[tuple[int, int], str] = {}
    buttons: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for _round in range(500):
            await settle(pilot)
            if isinstance(app.screen, SetupScreen):
                break
            assert isinstance(app.screen, LessonScreen)
            lesson = host(app).lesson
            seen.setdefault((lesson.part_index, lesson.entry_index), footer_line(app))
            buttons |= {key for key, _label, _on in app.screen.query_one(ButtonRow).buttons}
            await press(pilot, *keys_for(app))
    # Keys no step of the lesson takes: the guide is the hint, the seats stay, the extra
    # roll is taken, the bonus step too. They were offered and then answered with ✗.
    for key, label in (("h", "Hint"), ("c", "Seats"), ("k", "Keep roll"), ("d", "Decline")):
        assert all(key_label(key, label) not in line for line in seen.values()), key
    assert "hint" not in buttons
    assert seen[0, 1] == footer(("space", "Roll"), *QUIT_RULES)  # before the first roll
    assert seen[0, 10] == footer(("⌫", "Take back"), *QUIT_RULES)
    assert seen[1, 1] == footer(("1-6", "Die"), ("⏎", "OK"), *QUIT_RULES)  # extra roll
    assert seen[1, 3] == footer(("t", "Tile"), ("⏎", "OK"), *QUIT_RULES)
    assert seen[1, len(LONG.entries) - 1] == footer(  # the bonus move
        ("⇥/←→", "Choose"), ("⏎", "OK"), *QUIT_RULES)


@run_async
async def test_a_die_marked_by_mistake_is_said_how_to_unmark() -> None:
    app = race_app(learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to(pilot, 1, 1)  # the extra roll: dice 5 and 6 to re-roll
        step = host(app).lesson.step
        assert isinstance(step, Step)
        await press(pilot, "2", "5", "6", "enter")  # die 2 re-rolled too: not the step
        assert app.race.state.phase is Phase.EXTRA_ROLL
        said = flat(guide(app))
        assert flat("✗ " + _(step.wrong) + " Die 2 is marked too: press 2 again to unmark "
                    "it.") in said
        await press(pilot, "2")  # unmarked: nothing more to take back
        assert "Die 2" not in flat(guide(app))
        assert flat("✗ " + _(step.wrong)) in flat(guide(app))
        await press(pilot, "3", "4", "enter")
        assert flat("Dice 3, 4 are marked too: press their keys again to unmark them.") in \
            flat(guide(app))
        await press(pilot, "3", "4", "enter")
        assert host(app).lesson.entry_index == 2


@run_async
async def test_a_die_picked_by_mistake_is_said_how_to_let_go() -> None:
    app = race_app(learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to(pilot, 0, 2)  # the purple die on 1; a white one fits two spaces
        step = OVAL.entries[2]
        assert isinstance(step, Step)
        await press(pilot, "4")  # the white die, picked
        await press(pilot, "enter")  # on a lit white space: not the step's
        assert app.race.state.path == ()
        assert flat("✗ " + _(step.wrong) + " Esc lets go of the die or tile you picked.") \
            in flat(guide(app))
        await press(pilot, "escape")
        assert "Esc" not in flat(guide(app))
        await press(pilot, "1")  # the purple die: its one space, the step's
        assert len(app.race.state.path) == 1 and "✗" not in guide(app)


def test_the_coachs_words_start_with_no_ellipsis() -> None:
    lesson = Lesson(0)
    watching = [i for i, entry in enumerate(OVAL.entries) if isinstance(entry, Watch)]
    assert watching
    for index in watching:
        lesson.race_at(index)
        lines = guide_text(lesson).plain.splitlines()
        entry = OVAL.entries[index]
        assert lines[-1] == _(entry.say)
        assert not any(line.lstrip().startswith("…") for line in lines), lines

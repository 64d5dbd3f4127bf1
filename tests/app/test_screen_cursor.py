"""The terminal's cursor follows what is selected (issue 13), for screen readers: the
cursor space on the board, the picked die, the prompt; the focused field of the set-up."""

from __future__ import annotations

from typing import Any

from textual.geometry import Offset

from app.helpers import (
    ScriptedDice,
    as_in_english,
    press,
    prompt_text,
    race_app,
    run_async,
    sprint,
)
from monza_tui.app.app import MonzaApp
from monza_tui.app.board_view import BoardView
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.setup import SetupScreen
from monza_tui.app.widgets.dice import DiceTray
from monza_tui.app.widgets.panel import TurnBanner
from monza_tui.engine import Die, Phase
from monza_tui.i18n import colour_letter


def _cell(app: Any, at: Offset, width: int = 1) -> str:
    """The text of the screen's cells at ``at`` (what a screen reader reads there)."""
    strip = app.screen._compositor.render_strips()[at.y]
    return strip.crop(at.x, at.x + width).text


@run_async
async def test_the_cursor_follows_the_cursor_space_and_the_prompt() -> None:
    app = race_app(race=sprint(), roller=ScriptedDice("RBGYPW"))  # every colour: two lit
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        prompt = screen.query_one(TurnBanner).prompt_offset
        assert app.cursor_position == prompt  # before the roll: what to do now
        # The prompt's first cells (in English "Roll ").
        assert _cell(app, prompt, 5) == as_in_english(prompt_text(app)[:5], "Roll ")
        await press(pilot, "space")
        board = screen.query_one(BoardView)
        lit = screen.now.targets()
        assert len(lit) == 2 and screen.pointer.cursor == lit[0]
        first = app.cursor_position
        assert first == board.space_offset(lit[0])
        await press(pilot, "tab")
        assert screen.pointer.cursor == lit[1]
        second = app.cursor_position
        assert second == board.space_offset(lit[1]) and second != first
        space = app.race.game.board.spaces[lit[1]]
        assert space.colour is not None and _cell(app, second) == colour_letter(space.colour)


@run_async
async def test_the_cursor_on_the_picked_die_when_no_space_is_chosen() -> None:
    app = race_app(race=sprint())
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        screen.point(selected=Die(2), cursor=None)
        tray = screen.query_one(DiceTray)
        x = tray.chip_x(2)
        assert x is not None
        at = app.cursor_position
        assert at == tray.content_region.offset + Offset(x + 1, 0)
        assert app.race.state.phase is Phase.PLACING
        assert _cell(app, at, 2) == "3" + colour_letter(app.race.state.roll[2])


@run_async
async def test_the_cursor_follows_the_focused_field_of_the_setup() -> None:
    app = MonzaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        for _ in range(3):
            await pilot.press("tab")
            await pilot.pause()
            focused = app.screen.focused
            assert focused is not None
            region = focused.content_region
            assert region.contains_point(app.cursor_position) or (
                app.cursor_position.y == region.y  # an Input: at its caret
            ), (focused, app.cursor_position)


@run_async
async def test_on_a_scrolling_board_the_cursor_is_on_the_space_in_view() -> None:
    from monza_tui.engine import Colour
    from monza_tui.race.setup import RaceSetup, Seat, start_race

    race = start_race(RaceSetup(board="long", pro=True, seed=3,
                                seats=(Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE))))
    app = race_app(race=race, roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "space", "k")
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        board = screen.query_one(BoardView)
        assert board.virtual_size.width > board.size.width  # it scrolls
        lit = screen.now.targets()
        assert len(lit) > 1
        for space in lit:
            if screen.pointer.cursor != space:
                await press(pilot, "tab")
            assert screen.pointer.cursor == space
            colour = app.race.game.board.spaces[space].colour
            assert colour is not None
            assert _cell(app, app.cursor_position) == colour_letter(colour), space

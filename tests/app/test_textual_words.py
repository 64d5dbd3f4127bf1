"""Textual's own words and keys, made the game's: the palette's commands translated and
its Quit the same confirm-and-save as q; Ctrl+C copies selected text instead of asking to
quit; the theme and the language chosen are remembered."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Offset
from textual.selection import Selection
from textual.widgets import Input, Select, Static

from app.helpers import (
    SPRINT,
    ScriptedDice,
    press,
    race_app,
    run_async,
    screen_text,
    settle,
    static_text,
)
from app.language_checks import speaking
from monza_tui import i18n, settings
from monza_tui.app.screens.confirm import ConfirmScreen
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.setup import SetupScreen
from monza_tui.engine import Colour
from monza_tui.i18n import _
from monza_tui.race.setup import RaceSetup, Seat, start_race


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path))
    monkeypatch.delenv("MONZA_CONFIG", raising=False)
    return tmp_path


def sprint_race():  # type: ignore[no-untyped-def]
    seats = (Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE))
    return start_race(RaceSetup(board=SPRINT, seats=seats, seed=3))


@run_async
async def test_the_palettes_quit_asks_and_saves_like_q(home: Path) -> None:
    app = race_app(race=sprint_race(), roller=ScriptedDice("RGBRRR"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert set(commands) == {_(t) for t in ("Rules", "Theme", "Quit", "Keys", "Screenshot")}
        commands[_("Quit")].callback()
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert screen_text(app)
        assert static_text(app, "#question") == _(
            "Quit the race? It is saved: monza resume continues it later."
        )
        await press(pilot, "y")
    assert app.return_code == 0


@run_async
async def test_ctrl_c_copies_selected_text_on_screen_and_in_a_field(home: Path) -> None:
    app = race_app(race=sprint_race(), roller=ScriptedDice("RGBRRR"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        prompt = app.screen.query(Static).first()
        app.screen.selections = {prompt: Selection(Offset(0, 0), None)}
        await press(pilot, "ctrl+c")
        assert isinstance(app.screen, RaceScreen)  # not asked to quit
        assert app.clipboard and app.clipboard == app.screen.get_selected_text()
        app.screen.selections = {}
        await press(pilot, "ctrl+c")  # nothing selected: asks to quit
        assert isinstance(app.screen, ConfirmScreen)
    app = race_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        seed = app.screen.query_one("#seed", Input)
        seed.value = "1234"
        seed.focus()
        seed.selection = Selection(0, 4)  # type: ignore[arg-type]
        await press(pilot, "ctrl+c")
        assert app.clipboard == "1234"
        assert isinstance(app.screen, SetupScreen) and app.is_running


@run_async
async def test_the_theme_is_remembered(home: Path) -> None:
    app = race_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.theme = "nord"
        await settle(pilot)
    assert settings.load().theme == "nord"
    again = race_app()
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert again.theme == "nord"


@run_async
async def test_choosing_a_language_in_set_up_switches_at_once_and_is_remembered(
    home: Path,
) -> None:
    with speaking("xx"):
        app = race_app()
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            assert "⟦Šţåŕţ ŕåçé" in screen_text(app)
            choice = app.screen.query_one("#language", Select)
            assert choice.value == "xx"
            choice.value = "en"
            await settle(pilot)
            await settle(pilot)
            assert isinstance(app.screen, SetupScreen)
            text = screen_text(app)
            assert "Start race" in text and "⟦" not in text  # footer's key labels too
            assert i18n.current_language() == "en"
            assert app.screen.query_one("#language", Select).value == "en"
    assert settings.load().language == "en"


def test_a_key_s_name_is_worked_out_once_per_language() -> None:
    """The key line asks for every key's name each time the keys on offer change: the
    names are kept, per language (a switch in the set-up screen names them anew)."""
    from textual.binding import Binding

    space = Binding("space", "roll", "Roll")
    with speaking("xx"):
        app = race_app()
        pseudo = app.get_key_display(space)
        assert pseudo.startswith("⟦") and app.get_key_display(space) is pseudo
        i18n.set_language("en")
        assert app.get_key_display(space) == "space"

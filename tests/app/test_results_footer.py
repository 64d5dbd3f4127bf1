"""The results screen's footer fits 80 columns in every language: under 100 columns it
leaves out the keys of the buttons on the screen (Rematch, New set-up, the evening's table,
the download), which the buttons say and which still work; wider, every key shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len

from app.helpers import (
    SPRINT,
    footer,
    key_label,
    press,
    race_app,
    run_async,
    screen_lines,
    settle,
    to_results,
)
from app.language_checks import speaking
from monza_tui import i18n
from monza_tui.app.screens.results import ResultsScreen
from monza_tui.engine import Colour
from monza_tui.race.setup import RaceSetup, Seat
from monza_tui.web import EMOJI, SERVED

BOTS = (Seat("Ann", Colour.RED, "greedy"), Seat("Ben", Colour.BLUE, "greedy"))
LANGUAGES = ("en", "de", "fr", "pl", "ru", "zh")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("MONZA_HOME", str(folder))
    return folder


def narrow_keys() -> str:
    """The footer under 100 columns, in the session's language: no key of a button."""
    esc = i18n.pgettext("key", "esc")
    return footer((esc, "Board"), ("i", "Details"), ("t", "Standings"), ("v", "Review"),
                  ("^q", "Quit"), ("?", "Rules")).replace("  ", " ").strip()


async def results_footer(code: str, size: tuple[int, int], races: int = 1) -> str:
    """The results screen's last line after a race of computer drivers, in ``code``."""
    with speaking(code):
        app = race_app(setup=RaceSetup(board=SPRINT, seats=BOTS, seed=5, races=races))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await press(pilot, "ctrl+s")
            await to_results(pilot)
            await settle(pilot)
            assert app.screen.query("#new-setup")  # (the button says what the key did)
            return screen_lines(app)[-1]


@pytest.mark.parametrize("code", LANGUAGES)
@run_async
async def test_every_label_is_whole_at_80x24(code: str) -> None:
    keys = await results_footer(code, (80, 24))
    with speaking(code):
        expected = narrow_keys()
        last = i18n._("Rules")
    assert keys.strip() == expected
    assert keys.rstrip().endswith("? " + last) and cell_len(keys) <= 80


@pytest.mark.parametrize("code", ["de", "ru"])
@run_async
async def test_in_an_evening_and_in_a_browser_too(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SERVED, "1")  # (the download's key, a browser's)
    monkeypatch.delenv(EMOJI, raising=False)
    keys = await results_footer(code, (80, 24), races=2)
    with speaking(code):
        assert keys.strip() == narrow_keys()


@run_async
async def test_wide_every_key_shows_and_the_keys_follow_a_resize() -> None:
    app = race_app(setup=RaceSetup(board=SPRINT, seats=BOTS, seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+s")
        results = await to_results(pilot)
        await settle(pilot)
        wide = screen_lines(app)[-1]
        for key, label in (("r", "Rematch"), ("n", "New set-up"), ("i", "Details"),
                           ("v", "Review"), ("?", "Rules")):
            assert key_label(key, label) in wide
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert screen_lines(app)[-1].strip() == narrow_keys()
        # The keys left out still work: n goes to a new set-up.
        await press(pilot, "n")
        assert app.screen is not results and not isinstance(app.screen, ResultsScreen)

"""The game in the pseudo-locale ``xx`` (every message bracketed, accented and longer): any
English left on screen, any text cut off, fails. A representative subset of screens runs
here in every test session (the language switched at run time, as the set-up screen
does); the whole suite can run in it with ``pytest --monza-lang xx`` (docs/i18n.md).
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Static

from app import language_checks
from app.helpers import play_by_keys, press, race_app, run_async, screen_lines, settle
from app.language_checks import (
    cut_off,
    english_left,
    misaligned_track,
    region_lines,
    screen_problems,
    speaking,
)
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.results import ResultsScreen
from monza_tui.app.screens.rules import RulesScreen
from monza_tui.engine import Colour
from monza_tui.race.setup import RaceSetup, Seat

SEATS = (Seat("Ann", Colour.RED), Seat("Bob", Colour.BLUE, "greedy"))

KNOWN_ENGLISH: set[str] = set()
"""English words allowed to stay (none: the built-in boards' titles are in the catalogue)."""
KNOWN_CUT: dict[str, int] = {}
"""Cut-off messages allowed per screen (none: the set-up form's label column is as wide as
its longest label, the results table's header wraps, the race panel's buttons go two or one
to a row when a label would not fit three). Any cut-off text fails."""


@pytest.fixture(autouse=True)
def _pseudo() -> Any:
    with speaking("xx"):
        yield


def check(lines: list[str], screen: str) -> None:
    english = [w for w in english_left(lines) if w.split("'")[1] not in KNOWN_ENGLISH]
    assert english == [], screen
    cut = cut_off(lines)
    assert len(cut) <= KNOWN_CUT.get(screen, 0), (screen, cut)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
@run_async
async def test_setup_race_and_results_speak_only_pseudo(size: tuple[int, int]) -> None:
    app = race_app(setup=RaceSetup(board="oval", seats=SEATS, seed=2))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        check(screen_lines(app), "set-up")
        await press(pilot, "enter")
        assert isinstance(app.screen, RaceScreen)
        check(screen_lines(app), "race")
        await press(pilot, "space")  # rolled: the dice, the prompt, the placing buttons
        check(screen_lines(app), "race, placing")
        await play_by_keys(pilot)
        assert isinstance(app.screen, ResultsScreen)
        check(screen_lines(app), "results")


@run_async
async def test_rules_screen_speaks_only_pseudo() -> None:
    app = race_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "f1")
        assert isinstance(app.screen, RulesScreen)
        lines = region_lines(screen_lines(app), tuple(app.screen.query_one("#rules").region))
        check(lines, "rules")
        footer = screen_lines(app)[-1]
        palette = [b for _key, b in app._bindings if b.action == "command_palette"]
        assert palette and palette[0].description.startswith("⟦þåļéţţé")  # Textual's word
        check([footer], "rules footer")


def test_the_checks_can_fail() -> None:
    assert english_left(["⟦Ŕöļļ~~⟧ Roll the dice"]) != []
    assert english_left(["⟦Šåṽéð: monza resume~⟧ /tmp/home/board.toml"]) == []  # typed
    assert cut_off(["⟦Ŕöļļ ţĥé", "", "next"]) != []
    assert cut_off(["  ⟦Ŕöļļ ţĥé", "  ðîçé~~⟧"]) == []
    assert cut_off(["   ⟦Þļéåšé éñļåŕĝé", "     ţĥé ţéŕɱîñåļ~⟧"]) == []  # centred
    assert cut_off(["ţĥé ðîçé~~⟧"]) != []
    assert cut_off(["ţĥé ðîçé~~⟧", "⟦Ŕöļļ"], scrolled=True) == []  # begun above, goes on


class Words(App[None]):
    """Two widgets: a message that fits, and one cut by its widget's width."""

    def compose(self) -> ComposeResult:
        yield Static("⟦Ŕöļļ~⟧ Roll", id="english")
        yield Static("⟦Ŕöļļ ţĥé ðîçé~~~⟧", id="narrow", classes="narrow")

    CSS = "#narrow { width: 8; height: 1; }"


@run_async
async def test_the_screen_checks_read_each_widget() -> None:
    app = Words()
    async with app.run_test(size=(40, 6)):
        problems = screen_problems(app)
    assert [p.split(":")[0] for p in problems] == ["Static", "Static#narrow"], problems
    assert "'Roll'" in problems[0] and "cut off" in problems[1]


@run_async
async def test_the_track_check_reads_every_outline_cell_and_finds_a_shift(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = race_app(setup=RaceSetup(board="long", seats=SEATS, seed=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "enter")
        checked, problems = misaligned_track(app)
        assert checked > 500 and problems == []
        # A letter two cells wide would push the rest of its row one cell on.
        shown = language_checks.screen_cells(app)
        board = app.screen.query_one("#board").region
        row = shown[board.y + 5]
        row.insert(board.x + 3, "")
        monkeypatch.setattr(language_checks, "screen_cells", lambda app: shown)
        checked, problems = misaligned_track(app)
        assert problems and "track cell" in problems[0]


async def _palette_titles(pilot: Pilot[Any]) -> list[str]:
    app = pilot.app
    return [command.title for command in app.get_system_commands(app.screen)]


@run_async
async def test_palette_commands_are_translated() -> None:
    app = race_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        titles = await _palette_titles(pilot)
        assert titles and all(title.startswith("⟦") for title in titles), titles

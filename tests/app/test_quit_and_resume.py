"""Never lose a race from the app: quitting asks first and saves; the set-up screen offers
the unfinished race; the offered race continues exactly where it stopped."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.helpers import (
    SPRINT,
    ScriptedDice,
    press,
    race_app,
    run_async,
    said,
    screen_text,
    static_text,
)
from monza_tui import saves
from monza_tui.app.screens.confirm import ConfirmScreen
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.setup import SetupScreen
from monza_tui.engine import Colour, Phase
from monza_tui.i18n import _
from monza_tui.race.setup import RaceSetup, Seat, start_race

ANN, BEN = Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path))
    return tmp_path


def sprint_race():  # type: ignore[no-untyped-def]
    return start_race(RaceSetup(board=SPRINT, seats=(ANN, BEN), seed=3))


@pytest.mark.parametrize("key", ["q", "ctrl+c", "ctrl+q"])
@run_async
async def test_quitting_a_race_asks_first(key: str, home: Path) -> None:
    app = race_app(race=sprint_race(), roller=ScriptedDice("RGBRRR"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "1")
        await press(pilot, key)
        assert isinstance(app.screen, ConfirmScreen)
        assert screen_text(app)  # read (and checked in the pseudo-locale)
        assert static_text(app, "#question") == _(
            "Quit the race? It is saved: monza resume continues it later."
        )
        await press(pilot, "n")  # play on: nothing changed
        assert isinstance(app.screen, RaceScreen)
        assert app.race is not None and len(app.race.state.path) == 1
        await press(pilot, key, "y")
    assert app.return_code == 0
    (found,) = saves.list_saves()
    assert found.race is not None
    assert found.race.state == app.race.state  # the last action is in the save


@run_async
async def test_set_up_offers_the_unfinished_race_and_continues_it(home: Path) -> None:
    first = race_app(race=sprint_race(), roller=ScriptedDice("RGBRRR"))
    async with first.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "1")
    assert first.race is not None
    stopped = first.race.state
    assert stopped.phase is Phase.PLACING and len(stopped.path) == 1

    again = race_app(offer_saved=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ConfirmScreen)
        assert screen_text(again)
        asked = said("An unfinished race is saved: {race}. Continue it?", race="\0")
        assert static_text(again, "#question").startswith(asked.split("\0")[0])
        await press(pilot, "y")
        assert isinstance(again.screen, RaceScreen)
        assert again.race is not None
        assert again.race.state == stopped  # same dice, same placed token, same tiles


@run_async
async def test_declining_the_offer_leaves_the_set_up_screen(home: Path) -> None:
    first = race_app(race=sprint_race(), roller=ScriptedDice("RGBRRR"))
    async with first.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
    again = race_app(offer_saved=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "escape")
        assert isinstance(again.screen, SetupScreen)
        assert again.race is None

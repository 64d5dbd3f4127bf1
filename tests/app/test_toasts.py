"""The toasts' one policy (app/toasts.py, race.tcss): at most two up, a toast that says what
one up says takes its place, and on the race screen at 80x24 they stand over the panel's
log, never over the board, whose turn it is, the prompt, the dice or the buttons (issue
30: a die that fits nowhere, pressed again and again, stacked toasts over the panel)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.geometry import Region
from textual.widget import Widget

from app.helpers import ANN, BEN, race_app, run_async, said, settle, wait_for
from app.language_checks import screen_cells, speaking
from monza_tui.app.board_view import BoardView
from monza_tui.app.toasts import MOST
from monza_tui.app.widgets.buttons import ButtonRow
from monza_tui.app.widgets.dice import DiceTray
from monza_tui.app.widgets.panel import TurnBanner
from monza_tui.race.narrate import final_round_line
from monza_tui.race.setup import RaceSetup, start_race


def toasts(app: Any) -> list[tuple[str, Region]]:
    """The toasts up: each one's text and region."""
    return [(str(toast.render()), toast.region) for toast in app.screen.query("Toast")]


async def raise_toasts(pilot: Any) -> list[str]:
    """Roll, then press the keys of dice that fit no space ahead, again and again (each an
    answer in a toast), and the race's news of the final round: the messages, in order."""
    app = pilot.app
    await settle(pilot)
    await pilot.press("space")
    await settle(pilot)
    for key in ("1", "1", "1", "2", "1"):
        await pilot.press(key)
        await settle(pilot)
    app.notify(final_round_line())
    await pilot.pause()
    await settle(pilot)
    return [
        said("Die {n} ({colour}) fits no space ahead.", n=2, colour=said("blue")),
        said("Die {n} ({colour}) fits no space ahead.", n=1, colour=said("blue")),
        final_round_line(),
    ]


@pytest.mark.parametrize("lang", ["en", "zh", "de"])
@run_async
async def test_two_toasts_at_most_over_the_log_at_80x24(lang: str) -> None:
    with speaking(lang):
        race = start_race(RaceSetup(board="long", seats=(ANN, BEN), seed=3))
        app = race_app(race=race)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            said_in_order = await raise_toasts(pilot)
            up = toasts(app)
            # The newest two, once each, in the order said (the same answer took the place
            # of the one before it; the oldest went when a third came).
            assert [text for text, _ in up] == said_in_order[-MOST:]
            screen = app.screen
            kept: list[Widget] = [
                screen.query_one(BoardView), screen.query_one(TurnBanner),
                screen.query_one(DiceTray), screen.query_one(ButtonRow),
            ]
            for _, region in up:
                for widget in kept:
                    assert not region.overlaps(widget.region), (widget, region)
            # And every word of them shows, inside the toast's border.
            cells = screen_cells(app)
            for text, region in up:
                shown = "".join("".join(row[region.x + 1:region.right])
                                for row in cells[region.y:region.bottom])
                assert "".join(shown.split()) == "".join(text.split()), (text, shown)


@run_async
async def test_a_toast_that_says_what_one_up_says_takes_its_place() -> None:
    app = race_app(race=start_race(RaceSetup(board="long", seats=(ANN, BEN), seed=3)))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        for message in ("one", "two", "one"):
            app.notify(message)
        await wait_for(pilot, lambda: len(toasts(app)) == 2)
        assert [text for text, _ in toasts(app)] == ["two", "one"]
        app.notify("three")
        await wait_for(pilot, lambda: "three" in str(toasts(app)))
        assert [text for text, _ in toasts(app)] == ["one", "three"]

"""Two-cell characters stay whole over the race screen (issue 30: a player saw the toast
"现在是    一轮" where it said "现在是最后一轮").

Textual's compositor cut a toast's line at every edge of the widgets under it, and a
Chinese character across one became two spaces; a frame that repainted the board then
wrote half of another one, which a terminal wipes whole (app/textual_shim.py
WholeGlyphs). Both are read here: the app's own picture of the screen, and a terminal fed
every frame the app sends (app/terminal_cells.py), the tuned way and without tunings."""

from __future__ import annotations

import pytest

from app.helpers import ANN, BEN, race_app, run_async, screen_lines, settle
from app.language_checks import speaking
from app.terminal_cells import Terminal, watch_frames
from monza_tui import tuning
from monza_tui.app import textual_shim
from monza_tui.race.narrate import final_round_line
from monza_tui.race.setup import RaceSetup, start_race

KEYS = ("space", "right", "right", "left", "enter", "backspace", "right", "enter")
"""Roll, move the cursor along the lit spaces, place a die and take it back, place one:
each repaints the board and the panel under the toast."""


@pytest.mark.parametrize("tuned", [True, False], ids=["tuned", "untuned"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@run_async
async def test_a_chinese_toast_keeps_every_character_while_the_board_repaints(
    size: tuple[int, int], tuned: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not tuned:
        monkeypatch.setenv(tuning.SWITCH, "1")
    assert textual_shim.private() is tuned
    with speaking("zh"):
        news = final_round_line()
        assert news == "有赛车到达终点：现在是最后一轮"
        race = start_race(RaceSetup(board="long", seats=(ANN, BEN), seed=3))
        app = race_app(race=race)
        terminal = Terminal(*size)
        async with app.run_test(size=size, notifications=True) as pilot:
            watch_frames(app, terminal)
            await settle(pilot)
            app.notify(news, timeout=600)
            await pilot.pause()
            await settle(pilot)
            for key in ("", *KEYS):
                if key:
                    await pilot.press(key)
                    await settle(pilot)
                shown = [line for line in screen_lines(app) if "终点" in line]
                assert len(shown) == 1 and shown[0].endswith(news), (key, shown)
                seen = [line for line in terminal.lines() if "终点" in line]
                assert len(seen) == 1 and seen[0].endswith(news), (key, seen)
                # (and the terminal shows what the app holds, cell for cell)
                assert terminal.lines() == screen_lines(app), key

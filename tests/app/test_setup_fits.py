"""The set-up screen at 80x24 in every language (issue 30): the language drop-down is on the
screen and, opened, shows every language whole; the five buttons fit in their line (in
Polish the drop-down stood past the right edge, and in German Quit was cut)."""

from __future__ import annotations

import pytest
from textual.widgets import Button, Select

from app.helpers import race_app, run_async, settle
from app.language_checks import screen_cells, speaking
from monza_tui import i18n

LANGUAGES = ("en", "de", "fr", "pl", "zh", "ru")


@pytest.mark.parametrize("lang", LANGUAGES)
@run_async
async def test_the_language_drop_down_and_the_buttons_show_whole_at_80x24(lang: str) -> None:
    with speaking(lang):
        app = race_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen.region
            for button in app.screen.query("#setup-buttons Button").results(Button):
                assert screen.contains_region(button.region), (button.id, button.region)
            choice = app.screen.query_one("#language", Select)
            assert screen.contains_region(choice.region), choice.region
            choice.focus()
            await pilot.press("enter")
            await settle(pilot)
            assert choice.expanded
            overlay = choice.query_one("SelectOverlay")
            assert screen.contains_region(overlay.region), overlay.region
            region = overlay.region
            shown = ["".join(row[region.x:region.right])
                     for row in screen_cells(app)[region.y:region.bottom]]
            names = list(i18n.installed_languages().values())
            assert len(names) == len(LANGUAGES)
            for name in names:
                assert any(name in line for line in shown), (name, shown)

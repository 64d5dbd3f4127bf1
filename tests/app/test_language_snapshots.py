"""Snapshots of the race screen on the long track (pro + bonus, rolled and one die placed,
as in test_race_snapshots.py) in German and in Chinese at 120x40 (issue 12): the track drawn
as in English, the panel, the dice letters and the footer in each language. Regenerate with
``pytest tests/app/test_language_snapshots.py --snapshot-update`` after reading the new
SVG's text."""

from __future__ import annotations

from typing import Any

import pytest

from app.helpers import settle
from app.language_checks import speaking
from monza_tui.app.app import MonzaApp
from monza_tui.app.race_setup import RaceSetup, Seat, start_race
from monza_tui.engine import Colour

SEATS = (Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE))


@pytest.mark.parametrize("code", ["de", "zh"])
def test_long_track_race_screen(code: str, snap_compare: Any) -> None:
    with speaking(code):
        race = start_race(RaceSetup(board="long", pro=True, bonus=True, seats=SEATS, seed=1))
        app = MonzaApp(race=race, bot_delay=0, animation_delay=0)

        async def play(pilot: Any) -> None:
            await settle(pilot)
            for key in ("space", "k", "enter"):
                await pilot.press(key)
                await settle(pilot)

        assert snap_compare(app, terminal_size=(120, 40), run_before=play)

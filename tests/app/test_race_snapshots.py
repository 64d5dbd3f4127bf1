"""Snapshots of the race screen (board beside the side panel) on the three boards at 120x40
and 80x24: a seeded pro + bonus race, rolled and one die placed, so that dice, tiles, the
placed token, the highlights and the cursor all show. Regenerate with
``pytest tests/app/test_race_snapshots.py --snapshot-update`` when the boards change."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from app.helpers import settle
from monza_tui.app.app import MonzaApp
from monza_tui.engine import Colour
from monza_tui.race.setup import RaceSetup, Seat, start_race

SEATS = (Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE))


def first_die_placed(board: str) -> tuple[MonzaApp, Callable[[Any], Awaitable[None]]]:
    """The app of the snapshots' seeded pro + bonus race on ``board``, and the keys that
    roll, keep the roll and place the first die (``snap_compare``'s ``run_before``)."""
    race = start_race(RaceSetup(board=board, pro=True, bonus=True, seats=SEATS, seed=1))
    app = MonzaApp(race=race, bot_delay=0, animation_delay=0)

    async def play(pilot: Any) -> None:
        await settle(pilot)
        for key in ("space", "k", "enter"):
            await pilot.press(key)
            await settle(pilot)

    return app, play


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@pytest.mark.parametrize("board", ["oval", "long", "classic"])
def test_race_screen(board: str, size: tuple[int, int], snap_compare: Any) -> None:
    app, play = first_die_placed(board)
    assert snap_compare(app, terminal_size=size, run_before=play)

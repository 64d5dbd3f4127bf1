"""Keys typed faster than the screens change (issue 10, point 4).

A family presses keys as the results appear and as the game quits; before, a key could
act on a screen still being put up, or open one while the app was shutting down, and
crash on widgets that were not there (NoMatches '#rules', '#setup', '#log').
"""

from __future__ import annotations

import asyncio
import random

import pytest
from textual import events

from app.helpers import play_by_keys, race_app, run_async, settle, sprint
from monza_tui.app.screens.results import ResultsScreen

KEYS = {
    "n": "n",
    "r": "r",
    "enter": "\r",
    "question_mark": "?",
    "escape": "\x1b",
    "q": "q",
    "i": "i",
    "tab": "\t",
    "space": " ",
    "y": "y",
}


@pytest.mark.parametrize("seed", range(6))
@run_async
async def test_a_burst_of_keys_after_the_race_never_crashes(seed: int) -> None:
    rng = random.Random(seed)
    app = race_app(race=sprint())
    async with app.run_test(size=(120, 40)) as pilot:
        await play_by_keys(pilot)
        assert isinstance(app.screen, ResultsScreen)
        for _ in range(30):
            # Posted straight to the app, without waiting for a screen to settle.
            key = rng.choice(list(KEYS))
            app.post_message(events.Key(key, KEYS[key]))
            if rng.random() < 0.3:
                await asyncio.sleep(0)
        await settle(pilot)
    # run_test re-raises whatever crashed the app; getting here is the assertion.
    assert app.return_code in (0, None)

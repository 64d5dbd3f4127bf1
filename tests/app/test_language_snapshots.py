"""Snapshots of the race screen on the long track (pro + bonus, rolled and one die placed,
as in test_race_snapshots.py) in German and in Chinese at 120x40 (issue 12): the track drawn
as in English, the panel, the dice letters and the footer in each language. Regenerate with
``pytest tests/app/test_language_snapshots.py --snapshot-update`` after reading the new
SVG's text."""

from __future__ import annotations

from typing import Any

import pytest

from app.language_checks import speaking
from app.test_race_snapshots import first_die_placed


@pytest.mark.parametrize("code", ["de", "zh"])
def test_long_track_race_screen(code: str, snap_compare: Any) -> None:
    with speaking(code):
        app, play = first_die_placed("long")
        assert snap_compare(app, terminal_size=(120, 40), run_before=play)

"""The record a browser downloads is named as docs/web.md says: the history's form, when
the race started, the board, the seed, ``.jsonl``."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest

from monza_tui import saves
from monza_tui.net.run import new_race
from monza_tui.web.download import MIME_TYPE, file_name


def test_a_saved_race_is_downloaded_under_its_saves_name(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path))
    race = new_race("oval", ["Ann", "Ben"], [], seed=5).roll()
    path = saves.autosave(race)
    assert path is not None
    assert file_name(race) == path.name
    assert re.fullmatch(r"\d{8}-\d{6}-oval-5\.jsonl", path.name)


def test_a_race_this_game_never_saved_gets_the_same_form_at_the_downloads_time() -> None:
    race = new_race("oval", ["Ann", "Ben"], [], seed=8127361528346)
    assert file_name(race, now=datetime(2025, 3, 1, 20, 15, 0)) == (
        "20250301-201500-oval-8127361528346.jsonl")
    assert MIME_TYPE == "application/jsonl"

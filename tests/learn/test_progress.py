"""The lesson's saved step (learn.json): kept atomically, and anything not ours ignored."""

from __future__ import annotations

from pathlib import Path

import pytest

from monza_tui.learn import progress
from monza_tui.learn.script import OVAL


@pytest.fixture(autouse=True)
def _own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path))


def test_a_step_is_kept_and_forgotten(tmp_path: Path) -> None:
    assert progress.load() is None
    assert progress.save(0, 5) is None
    assert progress.path() == tmp_path / "learn.json"
    assert progress.load() == (0, 5)
    assert not list(tmp_path.glob(".learn.json.*"))  # no temporary file left
    progress.forget()
    assert progress.load() is None
    progress.forget()  # twice is fine


@pytest.mark.parametrize("text", [
    "", "not json", "[1, 2]", '{"part": 0}', '{"part": "0", "entry": 1}',
    '{"part": true, "entry": 1}', '{"part": 9, "entry": 0}', '{"part": 0, "entry": -1}',
    '{"part": 0, "entry": 999}', "x" * 10_000,
])
def test_a_file_not_ours_starts_the_lesson_over(text: str) -> None:
    progress.path().write_text(text)
    assert progress.load() is None


def test_the_end_of_a_part_is_a_place_too() -> None:
    progress.save(0, len(OVAL.entries))
    assert progress.load() == (0, len(OVAL.entries))


def test_a_folder_that_cannot_be_written_is_said_in_a_line(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("MONZA_HOME", str(blocker / "home"))
    problem = progress.save(0, 1)
    assert problem is not None and "\n" not in problem

"""`monza --lang pl boards` word for word (issue 12): the three built-in boards' titles, facts,
track pictures, legends and colour shares in Polish, at 80 columns. The expected text is
tests/data/boards-pl.txt; regenerate it with
``COLUMNS=80 monza --lang pl boards > tests/data/boards-pl.txt`` after reading it."""

from __future__ import annotations

from pathlib import Path

import pytest

from monza_tui import i18n
from monza_tui.cli import main

GOLDEN = Path(__file__).parent / "data" / "boards-pl.txt"


def test_polish_boards_listing(capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.delenv("NO_COLOR", raising=False)
    before = i18n.current_language()
    try:
        assert main(["--lang", "pl", "boards"]) == 0
    finally:
        i18n.set_language(before)
    shown = capsys.readouterr().out
    assert shown.splitlines() == GOLDEN.read_text(encoding="utf-8").splitlines()

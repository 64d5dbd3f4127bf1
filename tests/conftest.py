"""Shared test set-up: no test ever writes the user's real saves.

The app autosaves every race (``monza_tui.saves``); every test session gets its own data
folder through ``MONZA_HOME`` (tests that look at saves set their own per test)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_monza_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    patch = pytest.MonkeyPatch()
    patch.setenv("MONZA_HOME", str(tmp_path_factory.mktemp("monza-home")))
    yield
    patch.undo()


@pytest.fixture(autouse=True)
def _a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process tests stand in for a person at a terminal (``monza play`` refuses to
    start without one; tests/test_robust.py checks that in real processes)."""
    monkeypatch.setattr("monza_tui.commands.play.stdin_is_terminal", lambda: True)

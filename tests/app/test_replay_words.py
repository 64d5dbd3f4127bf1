"""The replay screen in German and Chinese at 80x24 (issue 12's leftovers): the board by its
title, a simulated driver by its level's name, a car at the start by the short word the
panel's column wants ("Start", not the sentence's "das Startfeld")."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from rich.cells import cell_len

from monza_tui import i18n
from monza_tui.app.replay_screen import ReplayApp, ReplayScreen
from monza_tui.boardfile import load_board
from monza_tui.cli import main
from monza_tui.engine import Colour
from monza_tui.record import Player, Race, read_records


@pytest.fixture
def record(tmp_path: Path) -> Path:
    log = tmp_path / "races.jsonl"
    before = i18n.current_language()
    try:
        assert main(["simulate", "--games", "1", "--seats", "greedy,random", "--jobs", "1",
                     "--log", str(log)]) == 0
    finally:
        i18n.set_language(before)
    return log


async def _panel(log: Path | list[Race], language: str) -> tuple[str, str]:
    before = i18n.current_language()
    i18n.set_language(language)
    try:
        races = read_records(log) if isinstance(log, Path) else log
        app = ReplayApp(races, source="races.jsonl")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            title = str(screen.query_one("#replay-title").render())
            state = str(screen.query_one("#replay-state").render())
            await pilot.press("q")
        return title, state
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize(
    ("language", "board", "start", "long_start", "greedy"),
    [
        ("de", "Oval", "Start", "das Startfeld", "Raser 1"),
        ("zh", "椭圆形赛道", "起跑区", None, "贪心"),
        ("en", "Oval", "start", "the start", "greedy 1"),
    ],
)
def test_the_replay_panel_says_the_board_the_drivers_and_the_start_shortly(
    record: Path, language: str, board: str, start: str, long_start: str | None, greedy: str
) -> None:
    title, state = asyncio.run(_panel(record, language))
    assert title.startswith(board)
    rows = state.splitlines()[:2]
    assert greedy in rows[0]
    assert all(row.rstrip().endswith(start) for row in rows), rows
    if long_start:
        assert long_start not in state


def test_the_replay_panels_names_take_as_many_cells_in_every_script() -> None:
    """A Chinese name is two cells a character: the column of places still lines up."""
    players = [Player("小明", Colour.RED, "human"), Player("Ann", Colour.BLUE, "human"),  # type: ignore[arg-type]
               Player("一二三四五六七八九十", Colour.GREEN, "human")]  # type: ignore[arg-type]
    race = Race.start(load_board("oval"), players, seed=5)
    _, state = asyncio.run(_panel([race], "zh"))
    rows = state.splitlines()[:3]
    assert len({cell_len(row.rstrip()) for row in rows}) == 1, rows
    assert "一二三四五六七八" in rows[2] and "九" not in rows[2]  # cut at 16 cells

"""The app tests' fixtures: snapshots in the session's language.

The snapshot SVGs (tests/app/__snapshots__) are pictures of the English game (and of German
and Chinese where a test speaks them). In a session in the pseudo-locale (``pytest
--monza-lang xx``) an English picture cannot match, so ``snap_compare`` does not compare:
it runs the same app at the same size with the same keys and checks the screen instead, as
every Pilot test's screens are checked (no English left, nothing cut off, the track on its
layout's cells: app/language_checks.py). A test harness's own scaffolding (a stand-in side
panel) is not the game: for an app other than the game only its boards are read."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from app.language_checks import (
    PSEUDO,
    cut_off,
    english_left,
    misaligned_track,
    region_lines,
    screen_problems,
)
from monza_tui import i18n
from monza_tui.app.app import MonzaApp

RunBefore = Callable[[Pilot[Any]], Awaitable[None] | None] | None


@pytest.fixture
def snap_compare(request: pytest.FixtureRequest) -> Callable[..., bool]:
    """pytest-textual-snapshot's comparison in English (and in any test that speaks its
    own language); in the pseudo-locale the language checks of the same screen."""
    compare: Callable[..., bool] = request.getfixturevalue("snap_compare")

    def in_its_language(*args: Any, **kwargs: Any) -> bool:
        # A test that speaks German compares its German picture in any session.
        if i18n.current_language() == PSEUDO:
            return check_instead(*args, **kwargs)
        return compare(*args, **kwargs)

    return in_its_language


def check_instead(
    app: App[Any],
    press: Iterable[str] = (),
    terminal_size: tuple[int, int] = (80, 24),
    run_before: RunBefore = None,
) -> bool:
    """Run ``app`` as ``snap_compare`` would, then assert the pseudo-locale's checks."""
    problems, checked, boards = asyncio.run(
        _screen_checks(app, tuple(press), terminal_size, run_before)
    )
    assert checked > 0 or not boards, "no track cell checked: the check would pass on anything"
    assert problems == [], problems
    return True


async def _screen_checks(
    app: App[Any], press: tuple[str, ...], size: tuple[int, int], run_before: RunBefore
) -> tuple[list[str], int, int]:
    from monza_tui.app.board_view import BoardView

    async with app.run_test(size=size) as pilot:
        if run_before is not None:
            result = run_before(pilot)
            if result is not None:
                await result
        await pilot.press(*press)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        checked, misaligned = misaligned_track(app)
        boards = len(app.screen.query(BoardView))
        if isinstance(app, MonzaApp):
            return screen_problems(app), checked, boards
        strips = app.screen._compositor.render_strips()
        lines = [strip.text for strip in strips]
        problems = list(misaligned)
        for board in app.screen.query(BoardView):
            part = region_lines(lines, tuple(board.region))
            problems += [*english_left(part), *cut_off(part)]
        return problems, checked, boards

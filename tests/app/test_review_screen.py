"""The review on the results screen (issue 32): ``v`` opens where the race was won, worked
out off the event loop; it reads at 80x24 and 120x40 without colour, the review's own
sentences and the race chart; Escape goes back to the results."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.helpers import (
    SPRINT,
    footer,
    press,
    race_app,
    run_async,
    screen_lines,
    screen_text,
    settle,
    to_results,
    wait_for,
)
from monza_tui.app.screens.results import ResultsScreen
from monza_tui.app.screens.review import ReviewScreen, reviewing
from monza_tui.engine import Colour
from monza_tui.race.setup import RaceSetup, Seat
from monza_tui.review.cache import cached_review
from monza_tui.review.chart import chart_title
from monza_tui.review.data import Review
from monza_tui.review.words import measure_line, names, player_line, review_lines

BOTS = (Seat("Ann", Colour.RED, "greedy"), Seat("Ben", Colour.BLUE, "greedy"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("MONZA_HOME", str(folder))
    return folder


def joined(app: object) -> str:
    """The screen's text with its line breaks as spaces (a sentence may wrap)."""
    return " ".join(" ".join(line.split()) for line in screen_lines(app))  # type: ignore[arg-type]


SCROLLBAR = " ▁▂▃▄▅▆▇█"
"""What the pane's scroll bar draws at the end of a line."""


def bare(text: str) -> str:
    """``text`` without any white space."""
    return "".join(text.split())


def player_lines(review: Review) -> list[str]:
    return [player_line(p, n) for p, n in zip(review.players, names(review), strict=True)]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@run_async
async def test_v_on_the_results_shows_the_review_and_the_chart(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = race_app(setup=RaceSetup(board=SPRINT, seats=BOTS, seed=5))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+s")
        results = await to_results(pilot)
        keys = screen_lines(app)[-1]
        if size[0] >= 100:
            assert footer(("v", "Review")) in keys
        else:  # (the last label may be cut at 80 columns in a long language)
            assert footer(("v", "Review"))[:5] in " " + keys
        await press(pilot, "v")
        assert isinstance(app.screen, ReviewScreen)
        await wait_for(pilot, lambda: reviewing() not in screen_text(app), rounds=4000)
        review = cached_review(results.race)
        # Everything the words' pane shows, paged through as a person would on a small
        # terminal (white space dropped: a sentence wraps, a Chinese one without spaces).
        pane = app.screen.query_one("#review-words")
        top, rows = pane.region.y, pane.region.height
        shown: dict[int, str] = {}  # the pane's lines by their place in its content
        for _ in range(12):
            lines = screen_lines(app)
            for row in range(rows):
                line = lines[top + row] if top + row < len(lines) else ""
                shown[int(pane.scroll_y) + row] = line.rstrip(SCROLLBAR).rstrip()
            if pane.scroll_y >= pane.max_scroll_y:
                break
            pane.scroll_page_down(animate=False)  # (what PageDown or the wheel does)
            await settle(pilot)
        text = bare(" ".join(shown[i] for i in sorted(shown)))
        assert bare(measure_line()) in text
        for line, name in zip(player_lines(review), names(review), strict=True):
            assert name in line and bare(line) in text  # (each player line names its player)
        # The moments' heading, or the line that says there are none.
        assert bare(review_lines(review)[3 + len(review.players)]) in text
        assert chart_title() in [line.strip() for line in screen_lines(app)]
        await press(pilot, "escape")
        assert app.screen is results and isinstance(results, ResultsScreen)


@run_async
async def test_a_board_too_large_for_the_expert_says_the_commands_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from monza_tui.review import TooLarge, cache
    from monza_tui.review.words import too_large_line
    from monza_tui.wording import board_title

    def too_large(race: object) -> Review:
        raise TooLarge(512, 400)

    monkeypatch.setattr(cache, "cached_review", too_large)
    app = race_app(setup=RaceSetup(board=SPRINT, seats=BOTS, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+s")
        results = await to_results(pilot)
        await press(pilot, "v")
        await wait_for(pilot, lambda: reviewing() not in screen_text(app), rounds=4000)
        line = too_large_line(board_title(results.race.game.board), 512, 400)
        assert line in joined(app)
        assert chart_title() in [line.strip() for line in screen_lines(app)]

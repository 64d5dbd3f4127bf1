"""A review that fails for a reason other than a board too large says so on the review
screen in one worded line, and logs the failure, instead of "Reviewing the race…" for ever:
an error in the analysis says only its kind (never a traceback), a record the game refuses
says the record's own sentence."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from app.helpers import (
    SPRINT,
    as_in_english,
    press,
    race_app,
    run_async,
    said,
    screen_lines,
    screen_text,
    settle,
    to_results,
    wait_for,
)
from monza_tui.app.screens.review import ReviewScreen, reviewing
from monza_tui.engine import Colour
from monza_tui.race.setup import RaceSetup, Seat
from monza_tui.record import RecordError
from monza_tui.review import Review, cache
from monza_tui.review.chart import chart_title
from monza_tui.review.words import failed_line
from monza_tui.wording import word

BOTS = (Seat("Ann", Colour.RED, "greedy"), Seat("Ben", Colour.BLUE, "greedy"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("MONZA_HOME", str(folder))
    return folder


def joined(app: object) -> str:
    """The screen's text with its line breaks as spaces (a sentence may wrap)."""
    return " ".join(" ".join(line.split()) for line in screen_lines(app))  # type: ignore[arg-type]


async def review_failing(monkeypatch: pytest.MonkeyPatch, error: Exception) -> str:
    """The review screen's words when the analysis raises ``error``."""

    def failing(race: object) -> Review:
        raise error

    monkeypatch.setattr(cache, "cached_review", failing)
    app = race_app(setup=RaceSetup(board=SPRINT, seats=BOTS, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+s")
        await to_results(pilot)
        await press(pilot, "v")
        assert isinstance(app.screen, ReviewScreen)
        await wait_for(pilot, lambda: reviewing() not in screen_text(app), rounds=4000)
        await settle(pilot)
        assert chart_title() in [line.strip() for line in screen_lines(app)]
        return joined(app)


@run_async
async def test_an_error_in_the_analysis_is_one_worded_line_and_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    error = ZeroDivisionError("float division by zero\nTraceback (most recent call last):")
    with caplog.at_level(logging.ERROR, logger="monza_tui.app.screens.review"):
        text = await review_failing(monkeypatch, error)
    line = failed_line(error)
    assert line == as_in_english(
        said("This race could not be reviewed: {why}",
             why=said("an unexpected error ({kind})", kind="ZeroDivisionError")),
        "This race could not be reviewed: an unexpected error (ZeroDivisionError)")
    assert line in text
    assert "Traceback" not in text and "division" not in text
    (logged,) = caplog.records
    assert logged.getMessage() == "the review of a race failed"
    assert logged.exc_info is not None and logged.exc_info[1] is error


@run_async
async def test_a_record_the_game_refuses_says_its_own_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    error = RecordError(code="write.line", count=2_000_000, most=1_000_000)
    text = await review_failing(monkeypatch, error)
    assert failed_line(error) == said("This race could not be reviewed: {why}", why=str(error))
    assert str(error) == word(error)
    assert " ".join(failed_line(error).split()) in text


def test_a_long_reason_is_cut_to_one_short_line() -> None:
    error = RecordError("x" * 300 + "\nmore")
    line = failed_line(error)
    assert "\n" not in line
    assert line == said("This race could not be reviewed: {why}", why="x" * 119 + "…")

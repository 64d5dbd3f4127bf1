"""The line game's review (issue 32): ``review`` once the race is over prints where the race
was won, the very lines ``monza review`` prints; an empty line leaves without it."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.helpers import SPRINT
from monza_tui import saves
from monza_tui.engine import Colour
from monza_tui.i18n import colour_name
from monza_tui.plain.game import PROMPT, PlainGame
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.review import review
from monza_tui.review.words import measure_line, review_lines

BOTS = (Seat("Ann", Colour.RED, "greedy"), Seat("Ben", Colour.BLUE, "greedy"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path / "home"))
    saves._slots.clear()
    yield tmp_path / "home"
    for path in list(saves._locks):
        saves.unlock(path)
    saves._slots.clear()


def bots_race(typed: str) -> tuple[PlainGame, list[str]]:
    """A sprint race of two computer drivers, then ``typed`` once it is over."""
    out = io.StringIO()
    race = start_race(RaceSetup(board=SPRINT, seats=BOTS, seed=5))
    game = PlainGame(race, lines=io.StringIO(typed), out=out, echo=True)
    assert game.run() == 0
    return game, out.getvalue().splitlines()


def test_review_after_the_race_prints_the_review() -> None:
    game, lines = bots_race("review\n")
    assert game.race.state.is_terminal()
    at = lines.index(PROMPT + "review")
    expected = review_lines(review(game.race))
    assert lines[at + 1:] == expected
    # The players' lines, in seating order.
    assert expected[2].startswith(f"Ann ({colour_name(Colour.RED)}, ")
    assert expected[3].startswith(f"Ben ({colour_name(Colour.BLUE)}, ")


def test_an_empty_line_after_the_race_leaves_without_the_review() -> None:
    _game, lines = bots_race("\n")
    assert lines[-1] == PROMPT
    assert measure_line() not in lines

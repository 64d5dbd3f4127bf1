"""The race chart's widget (issue 32) fills what it is given: an 80 × 24 terminal and a
120 × 40 one both show the whole chart, every car named by its letter without colour, and
a resize draws it again at the new size."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from textual.app import App, ComposeResult

from app.helpers import run_async, screen_lines
from monza_tui.app.widgets.race_chart import RaceChart
from monza_tui.engine import Colour
from monza_tui.i18n import colour_letter, colour_name
from monza_tui.record import read_records
from monza_tui.review.chart import chart_title, course

GOLDEN = Path(__file__).parent.parent / "golden"


class ChartApp(App[None]):
    """The chart alone on a screen, as the review will show it."""

    def __init__(self) -> None:
        super().__init__()
        (self.race,) = read_records(GOLDEN / "pro-bonus-4p.jsonl")

    def compose(self) -> ComposeResult:
        yield RaceChart(course(self.race))


def check_chart(lines: list[str], cars: Sequence[Colour], size: tuple[int, int]) -> None:
    width, height = size
    assert len(lines) == height
    assert lines[0] == chart_title()
    (axis,) = [i for i, line in enumerate(lines) if "└" in line]
    # Below the axis the rounds' numbers, then the legend: one line, or two where the
    # language's words are longer (it wraps between entries).
    assert axis in (height - 3, height - 4)
    assert lines[axis + 1].split() == ["1", "2", "3"]
    plot = "\n".join(lines[2:axis])
    legend = lines[axis + 2:]
    for car in cars:
        assert colour_letter(car) in plot
        assert any(f"{colour_letter(car)}  {colour_name(car)}" in line for line in legend)
    assert max(len(line) for line in lines) <= width


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@run_async
async def test_the_chart_reads_without_colour_at_its_size(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = ChartApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        check_chart(screen_lines(app), app.race.game.cars, size)


@run_async
async def test_a_resized_terminal_gets_the_chart_drawn_again() -> None:
    app = ChartApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        small = screen_lines(app)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        large = screen_lines(app)
        check_chart(large, app.race.game.cars, (120, 40))
        assert large != small

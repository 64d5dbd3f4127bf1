"""The race chart on screen: every car's spaces to the finish by round (issue 32's review).

The figures and the drawing are the review's (:mod:`monza_tui.review.chart`, no Textual);
this widget only asks for them at the size it is given, so the chart fills an 80 × 24
terminal as well as a larger one and is drawn again when the terminal is resized. Textual
drops the colours under ``NO_COLOR`` and the cars' letters on the lines carry them.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from monza_tui.review.chart import Course, draw


class RaceChart(Widget):
    """A race's chart, as large as the widget."""

    DEFAULT_CSS = """
    RaceChart {
        width: 1fr;
        height: 1fr;
        min-height: 8;
    }
    """

    def __init__(self, chart: Course, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._chart = chart
        self._drawn: tuple[tuple[int, int], Text] | None = None

    @property
    def chart(self) -> Course:
        """The race shown."""
        return self._chart

    def render(self) -> Text:
        # The drawing is kept per size: a repaint of the same size (focus, hover) is free.
        size = (self.size.width, self.size.height)
        if self._drawn is None or self._drawn[0] != size:
            text = Text("\n").join(draw(self._chart, *size))
            text.no_wrap = True
            self._drawn = (size, text)
        return self._drawn[1]

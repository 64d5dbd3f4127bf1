"""The review screen (issue 32, ``v`` on the results screen): where the race was won, as
``monza review`` says it (``docs/review.md``), above the race chart.

The review costs most of a second, so it is worked out in a thread worker while the screen
says so; it is kept per record (:func:`monza_tui.review.cache.cached_review`), so opening it
again is at once. The words are the review's own (:mod:`monza_tui.review.words`): the
screen, the command and the line game say the same sentences.
"""

from __future__ import annotations

import logging
from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from monza_tui.app.widgets.race_chart import RaceChart
from monza_tui.i18n import N_, _
from monza_tui.record import Race
from monza_tui.review.chart import course
from monza_tui.wording import board_title

_LOG = logging.getLogger(__name__)


def reviewing() -> str:
    """What the screen says while the review is worked out."""
    return _("Reviewing the race…")


class ReviewScreen(Screen[None]):
    """A race's review and chart; Escape goes back to its results."""

    CSS_PATH = "review.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Results"), id="review.results"),
        # The footer shows ^q already.
        Binding("q", "app.quit", N_("Quit"), show=False, id="review.quit"),
    ]

    def __init__(self, race: Race) -> None:
        super().__init__()
        self.race = race

    def compose(self) -> ComposeResult:
        yield Static(_("Where the race was won"), classes="title", id="review-title")
        # The words scroll (the arrows, the wheel) where a small terminal leaves the chart
        # too little room; the chart takes the rest.
        with VerticalScroll(id="review-words"):
            yield Static(reviewing(), id="review-body", markup=False)
        yield RaceChart(course(self.race), id="review-chart")
        yield Footer(show_command_palette=False, compact=self.app.size.width < 100)

    def on_mount(self) -> None:
        self._review()

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def _review(self) -> None:
        from monza_tui.review import TooLarge
        from monza_tui.review.cache import cached_review
        from monza_tui.review.words import failed_line, review_lines, too_large_line

        try:
            lines = review_lines(cached_review(self.race))
        except TooLarge as error:
            where = board_title(self.race.game.board)
            lines = [too_large_line(where, error.spaces, error.most)]
        except Exception as error:  # one worded line, never "Reviewing…" for ever
            _LOG.error("the review of a race failed", exc_info=error)
            lines = [failed_line(error)]
        self.app.call_from_thread(self._show, "\n".join(lines))

    def _show(self, text: str) -> None:
        if self.is_attached:  # (not if the family went back meanwhile)
            self.query_one("#review-body", Static).update(text)

    def action_back(self) -> None:
        """Back to the race's results."""
        self.dismiss()


__all__ = ["ReviewScreen", "reviewing"]

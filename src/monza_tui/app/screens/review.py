"""The review screen (issue 32, ``v`` on the results screen or in the replay): where the
race was won, as ``monza review`` says it (``docs/review.md``), above the race chart.

The review costs most of a second, so it is worked out in a thread worker while the screen
says so; it is kept per record (:func:`monza_tui.review.cache.cached_review`), so opening it
again is at once. The words are the review's own (:mod:`monza_tui.review.words`): the
screen, the command and the line game say the same sentences.

Its key moments are numbered, and their numbers step into them (1, 2, 3): the replay stands
just before the decision with both paths drawn (:mod:`monza_tui.app.review_paths`). A
review opened from the replay goes back to it; one opened from the results opens a replay
of the race over itself (whose ``v`` comes back here).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from monza_tui.app.app_words import label_keys
from monza_tui.app.review_paths import Moment, moment_at
from monza_tui.app.widgets.race_chart import RaceChart
from monza_tui.i18n import N_, _
from monza_tui.record import Race
from monza_tui.review.chart import course
from monza_tui.wording import board_title

_LOG = logging.getLogger(__name__)

if TYPE_CHECKING:
    from monza_tui.review.data import Review


def reviewing() -> str:
    """What the screen says while the review is worked out."""
    return _("Reviewing the race…")


def numbered(lines: list[str], moments: list[str]) -> list[str]:
    """The review's ``lines`` with each key moment's line led by its number, the key that
    steps into it (``moments``: the moments' own sentences, in order)."""
    out = list(lines)
    for n, moment in enumerate(moments, start=1):
        for i, line in enumerate(out):
            if line.strip() == moment:
                out[i] = f"  {n}  {moment}"
                break
    return out


class ReviewScreen(Screen[Moment | None]):
    """A race's review and chart; Escape goes back to its results (or its replay)."""

    CSS_PATH = "review.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        # One Escape, named for where it goes (check_action shows the one that applies).
        Binding("escape", "back", N_("Results"), id="review.results"),
        Binding("escape", "back_to_replay", N_("Replay"), id="review.replay"),
        # The moments' keys, shown once ("1-3 Step in") like the replay's pairs.
        Binding("1", "moment(0)", N_("Step in"), key_display="1-3", id="review.moment"),
        Binding("2", "moment(1)", N_("Step in"), show=False),
        Binding("3", "moment(2)", N_("Step in"), show=False),
        # The footer shows ^q already.
        Binding("q", "app.quit", N_("Quit"), show=False, id="review.quit"),
    ]

    def __init__(self, race: Race, *, from_replay: bool = False) -> None:
        super().__init__()
        label_keys(self)  # (the replay's own app does not relabel its screens)
        self.race = race
        self.from_replay = from_replay
        """Opened in the replay: Escape and a moment go back to it."""
        self.review: Review | None = None
        """The review, once worked out (its moments can be stepped into)."""

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
        from monza_tui.review.words import (
            failed_line,
            moment_line,
            review_lines,
            too_large_line,
        )

        found: Review | None = None
        try:
            found = cached_review(self.race)
            lines = review_lines(found)
            lines = numbered(lines, [moment_line(found, m) for m in found.moments])
        except TooLarge as error:
            where = board_title(self.race.game.board)
            lines = [too_large_line(where, error.spaces, error.most)]
        except Exception as error:  # one worded line, never "Reviewing…" for ever
            _LOG.error("the review of a race failed", exc_info=error)
            found, lines = None, [failed_line(error)]
        self.app.call_from_thread(self._show, "\n".join(lines), found)

    def _show(self, text: str, found: Review | None) -> None:
        if self.is_attached:  # (not if the family went back meanwhile)
            self.review = found
            self.query_one("#review-body", Static).update(text)
            self.refresh_bindings()  # (the moments' keys, now that there are moments)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("back", "back_to_replay"):
            return (action == "back_to_replay") == self.from_replay
        if action == "moment":
            index = parameters[0] if parameters else 0
            return (self.review is not None and isinstance(index, int)
                    and index < len(self.review.moments))
        return True

    def action_back(self) -> None:
        """Back to the race's results."""
        self.dismiss(None)

    def action_back_to_replay(self) -> None:
        """Back to the replay, where it stood."""
        self.dismiss(None)

    def action_moment(self, index: int) -> None:
        """Step into key moment ``index`` in the replay: back to the replay this review was
        opened from, or a replay of the race opened over this screen."""
        if self.review is None or not 0 <= index < len(self.review.moments):
            return
        moment = moment_at(self.review, index, self.race.game.board)
        if self.from_replay:
            self.dismiss(moment)
            return
        from monza_tui.app.replay_screen import ReplayScreen

        self.app.push_screen(ReplayScreen([self.race], moment=moment, review_below=True))


__all__ = ["ReviewScreen", "numbered", "reviewing"]

"""The race screen's line in an evening of races: which race this is and the points so far
("Race 2 of 3 · points so far: Ann: 3, Ben: 1"), under the round; hidden outside an
evening.

It finds the evening itself once the race's first frame is out (the evening file is read
then, never before the first frame), through the app's evening glue
(:mod:`monza_tui.app.championship`), and keeps its line for the race: the points change
only between races.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from monza_tui.app.widgets.panel import PanelText

if TYPE_CHECKING:
    from monza_tui.app.shell import Shell


class EveningLine(PanelText):
    """One or two lines of the panel: the evening's race and points (see the module)."""

    DEFAULT_CSS = """
    EveningLine {
        display: none;
        height: auto;
        color: $text-muted;
    }
    """

    def on_mount(self) -> None:
        self.call_after_refresh(self._find)

    def _find(self) -> None:
        from monza_tui.app import championship
        from monza_tui.app.evening_words import race_line
        from monza_tui.stats.evening import table

        app = cast("Shell", self.app)
        race = app.race
        if race is None or not self.is_attached:
            return
        evening = championship.attach(app, race)
        if evening is None:
            return
        self.show(race_line(evening, table(evening) if evening.played else ()))
        self.display = True


__all__ = ["EveningLine"]

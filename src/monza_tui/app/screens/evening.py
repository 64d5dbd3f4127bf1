"""The evening's screen, over a race's results (``e`` there, or its first button): between
races the running table, after the last race the evening's podium above it. The table is
in order of points (then race wins; equal points are explained under it), each player
with their car, points, race wins and the last race's points.

Its buttons are the results screen's way on: the next race (a new evening after the last),
a new set-up, quit; ``Escape`` goes back to the race's results.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from monza_tui.app import textual_shim
from monza_tui.app.evening_words import COLUMNS, heading, names_shown, tie_note, winner_line
from monza_tui.app.widgets.buttons import DialogButton
from monza_tui.app.widgets.podium import podium
from monza_tui.i18n import N_, _, colour_letter, number, retranslate
from monza_tui.palette import CAR_STYLE
from monza_tui.race.narrate import ordinal
from monza_tui.stats.evening import Evening, Score


def rematch_msgid(evening: Evening) -> str:
    """The way on, in English (the msgid): the next race, or a new evening after the last."""
    return N_("New evening") if evening.over else N_("Next race")


def evening_table(evening: Evening, scores: tuple[Score, ...]) -> RichTable:
    """The running table: one row per player, best first (places shared where points
    and race wins are equal)."""
    shown = names_shown(evening)
    cars = {s.name.strip(): s.car for s in evening.setup.seats}
    out = RichTable(box=None, padding=(0, 1), show_edge=False, expand=False)
    for index, column in enumerate(COLUMNS):
        out.add_column(_(column), justify="left" if index < 2 else "right",
                       header_style="bold")
    for score in scores:
        name = Text()
        car = cars.get(score.name)
        if car is not None:
            name.append(f"●{colour_letter(car)}", CAR_STYLE[car])
            name.append(" ")
        name.append(shown.get(score.name, score.name))
        last = "–" if score.last is None else _("+{n}").format(n=number(score.last))
        out.add_row(ordinal(score.place), name, number(score.points), number(score.wins),
                    last, style="bold" if score.place == 1 else "")
    return out


def evening_podium(evening: Evening, scores: tuple[Score, ...]) -> Text:
    """The evening's podium: places 1 to 3 of the table on their steps
    (:func:`monza_tui.app.widgets.podium.podium`)."""
    shown = names_shown(evening)
    cars = {s.name.strip(): s.car for s in evening.setup.seats}
    places = [(index, score.place) for index, score in enumerate(scores)]
    names = [shown.get(s.name, s.name) for s in scores]
    return podium(places, names, [cars[s.name] for s in scores])


class EveningScreen(Screen[None]):
    """The running table of an evening, or its podium once it is over (see the module)."""

    CSS_PATH = "evening.tcss"
    AUTO_FOCUS = ""  # the first button is chosen on mount

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "app.rematch", N_("Next race"), id="evening.next"),
        Binding("n", "app.new_setup", N_("New set-up"), id="evening.new-setup"),
        Binding("escape", "back", N_("Results"), id="evening.results"),
        # The footer shows ^q already.
        Binding("q", "app.quit", N_("Quit"), show=False, id="evening.quit"),
    ]

    def __init__(self, evening: Evening, scores: tuple[Score, ...]) -> None:
        super().__init__()
        self.evening = evening
        self.scores = scores
        # The footer's r says what the first button says (as on the results screen).
        label = retranslate(rematch_msgid(evening))
        bindings = textual_shim.node_bindings(self).key_to_bindings
        for key, items in bindings.items():
            bindings[key] = [
                replace(item, description=label) if item.id == "evening.next" else item
                for item in items
            ]

    def compose(self) -> ComposeResult:
        evening, scores = self.evening, self.scores
        with VerticalScroll(id="evening-screen"):
            yield Static(heading(evening), classes="title", id="evening-title", markup=False)
            if evening.over:
                yield Static(winner_line(evening, scores), id="evening-winner", markup=False)
                yield Static(evening_podium(evening, scores), id="evening-podium")
            yield Static(evening_table(evening, scores), id="evening-table")
            note = tie_note(scores)
            if note is not None:
                yield Static(note, id="evening-ties", markup=False)
            with Horizontal(id="evening-buttons"):
                if self.app.check_action("rematch", ()):
                    yield DialogButton(_(rematch_msgid(evening)), id="evening-next",
                                       compact=True, action="app.rematch")
                yield DialogButton(_("Results"), id="evening-back", compact=True,
                                   action="screen.back")
                yield DialogButton(_("New set-up"), id="evening-new-setup", compact=True,
                                   action="app.new_setup")
                yield DialogButton(_("Quit"), id="evening-quit", compact=True,
                                   action="app.quit")
        yield Footer(show_command_palette=False, compact=self.app.size.width < 100)

    def on_mount(self) -> None:
        # Chosen by a key or a click on the results: the way on is chosen at once.
        self.query(DialogButton).first().focus(scroll_visible=False)

    def action_back(self) -> None:
        """Back to the race's results."""
        self.dismiss()


__all__ = ["EveningScreen", "evening_podium", "evening_table", "rematch_msgid"]

"""The reigning champions' line (set-up and results screens) and the standings screen
(``ctrl+t`` on the set-up screen, ``t`` on the results screen): the same numbers as
``monza stats``, from the history's records through the stats index (``docs/stats.md``).

The history is read in a thread worker, so neither screen waits for it: the line says
"reading" for the moment a cold index takes with thousands of races.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.table import Table as RichTable
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from monza_tui.app.widgets.buttons import DialogButton
from monza_tui.i18n import N_, _
from monza_tui.stats.words import (
    COLUMNS,
    board_title,
    cells,
    champions_line,
    races_text,
    skipped_line,
)

if TYPE_CHECKING:  # (the results' reader and the tables load in the worker that reads)
    from monza_tui.stats.results import Scan
    from monza_tui.stats.standings import Table


def read_history() -> Scan:
    """The history's results (through the index); a test may replace this."""
    from monza_tui import stats

    return stats.history()


class ChampionLine(Static):
    """One line: the reigning champion(s) with their trophy, read from the history in a
    worker once the screen is up. ``names`` fixes it instead (the results screen knows
    the champions: the race just won). Where the whole line does not fit its width, it
    says the same in fewer words (never a line cut off)."""

    def __init__(self, names: tuple[str, ...] | None = None, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]
        self.names = names
        self._known: tuple[str, ...] | None = names
        """The champions shown, once known (None: the history is being read)."""

    def on_mount(self) -> None:
        if self.names is None:
            # After the first frame: reading the history never competes with it.
            self.call_after_refresh(self._read)
        self._show()

    def on_resize(self) -> None:
        self._show()

    def _show(self) -> None:
        names = self._known
        if names is None:
            return
        line = champions_line(names)
        width = self.content_size.width
        if width and cell_len(line) > width:
            line = champions_line(names, short=True)
        self.update(line)

    def _champions_are(self, names: tuple[str, ...]) -> None:
        self._known = names
        self._show()

    @work(thread=True, exclusive=True, group="champions")
    def _read(self) -> None:
        from monza_tui.stats.standings import champions

        scan = read_history()
        self.app.call_from_thread(self._champions_are, tuple(champions(scan.results)))


def standings_table(table: Table, *, names: tuple[str, ...] = ()) -> RichTable:
    """One board's standings as a table (the players in ``names`` in bold)."""
    out = RichTable(
        title=_("{board}: {races}").format(
            board=board_title(table.board), races=races_text(table.races)
        ),
        title_justify="left",
        expand=False,
    )
    for index, column in enumerate(COLUMNS):
        out.add_column(_(column), justify="left" if index == 0 else "right")
    wanted = {n.casefold() for n in names}
    for row in table.rows:
        style = "bold" if row.level is None and row.name.casefold() in wanted else ""
        out.add_row(*cells(row), style=style)
    return out


class StandingsScreen(ModalScreen[None]):
    """Every board's standings over the current screen, ``board`` first; Escape closes."""

    CSS_PATH = "standings.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,t,ctrl+t", "dismiss", N_("Close"), id="standings.close"),
    ]

    def __init__(self, board: str | None = None, names: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.board = board
        self.names = names

    def compose(self) -> ComposeResult:
        with Vertical(id="standings-box"):
            yield Static(_("Standings"), classes="title", id="standings-title")
            with VerticalScroll(id="standings"):
                yield Static(_("Reading the races played here…"), id="standings-body",
                             markup=False)
            yield DialogButton(_("Close"), id="close-standings", compact=True,
                         action="screen.dismiss")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#standings", VerticalScroll).focus()
        self._read()

    @work(thread=True, exclusive=True, group="standings")
    def _read(self) -> None:
        scan = read_history()
        self.app.call_from_thread(self._show, scan)

    def _show(self, scan: Scan) -> None:
        from rich.console import Group

        from monza_tui.stats.standings import champions, standings

        tables = sorted(standings(scan.results), key=lambda t: t.board != self.board)
        parts: list[object] = [Text(champions_line(champions(scan.results)), style="bold")]
        if not tables:
            parts.append(Text(_("No finished race yet.")))
        for table in tables:
            parts += [Text(""), standings_table(table, names=self.names)]
        if scan.skipped:
            parts += [Text(""), Text(skipped_line(len(scan.skipped)), style="yellow")]
        self.query_one("#standings-body", Static).update(Group(*parts))  # type: ignore[arg-type]


__all__ = ["ChampionLine", "StandingsScreen", "read_history", "standings_table"]

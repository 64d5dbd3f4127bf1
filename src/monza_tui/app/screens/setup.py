"""The set-up screen: board, variants, seats, start player; Enter starts the race.

Everything has a sensible default (oval, basic rules, "Player 1" and "Player 2"), so
Enter alone starts a race. The form only collects a :class:`RaceSetup`; checking it is
:func:`start_race`'s job, the same check the command-line flags go through.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from monza_tui.app.language_choice import LanguageChoice
from monza_tui.app.race_setup import (
    SEAT_KINDS,
    RaceSetup,
    Seat,
    default_seats,
    seat_label,
    start_race,
)
from monza_tui.boardfile import BUILTIN, BoardFileError, load_board
from monza_tui.engine import Colour, Edition
from monza_tui.errors import UserError
from monza_tui.i18n import _, colour_name

if TYPE_CHECKING:
    from monza_tui.app.app import MonzaApp

MAX_SEATS = 6
FILE = "file"
"""The board choice that reads a board file."""


def _edition_of(board: str) -> Edition | None:
    """The edition of a built-in board (None: a board file, known only once loaded)."""
    if board == "classic":
        return Edition.ORIGINAL
    if board in BUILTIN:
        return Edition.ANNIVERSARY
    return None


class TickBox(Checkbox):
    """A checkbox that reads on or off without colour: ``▐X▌`` ticked, ``▐ ▌`` not
    (Textual's shows the X either way and tells them apart by colour alone)."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # Textual's name
        return "X" if self.value else " "


class SeatRow(Horizontal):
    """One seat: name, car, and who drives (a person or a bot level)."""

    def __init__(self, index: int, seat: Seat, cars: tuple[Colour, ...]) -> None:
        super().__init__(id=f"seat-{index}", classes="seat-row")
        self.index = index
        self.seat = seat
        self.cars = cars

    def compose(self) -> ComposeResult:
        yield Label(f"{self.index + 1}", classes="seat-number")
        yield Input(self.seat.name, id=f"name-{self.index}", classes="seat-name", compact=True,
                    max_length=40)
        yield Select(
            [(colour_name(c), c) for c in self.cars],
            value=self.seat.car if self.seat.car in self.cars else self.cars[0],
            allow_blank=False,
            id=f"car-{self.index}",
            classes="seat-car",
            compact=True,
        )
        yield Select(
            [(seat_label(kind), kind) for kind in SEAT_KINDS],
            value=self.seat.kind,
            allow_blank=False,
            id=f"kind-{self.index}",
            classes="seat-kind",
            compact=True,
        )


class SetupScreen(Screen[None]):
    """Choose board, variants (pro, bonus), 2-4 or 2-6 seats, start player (R2, R3, R16)."""

    CSS_PATH = "setup.tcss"
    AUTO_FOCUS = "#start"
    """Enter starts the race at once (and one focus change, not two: each restyles)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", _("Start race"), show=False),
        Binding("ctrl+s", "start", _("Start race")),
        Binding("escape", "app.quit", _("Quit"), show=False),
    ]

    def __init__(self, setup: RaceSetup | None = None) -> None:
        super().__init__()
        self.initial = setup or RaceSetup()
        seats = list(self.initial.seats)
        # Six rows are always there; the player count shows as many as needed.
        palette = Edition.ORIGINAL.cars
        for index in range(len(seats), MAX_SEATS):
            free = [c for c in palette if c not in {s.car for s in seats}]
            seats.append(replace(default_seats(index + 1)[index], car=free[0]))
        self.seats = seats
        self.cars = [seat.car for seat in seats]

    @property
    def monza(self) -> MonzaApp:
        return cast("MonzaApp", self.app)

    def compose(self) -> ComposeResult:
        setup = self.initial
        board = setup.board if setup.board in BUILTIN else FILE
        edition = _edition_of(board) or Edition.ANNIVERSARY
        self._shown_edition = edition
        self._shown_board = board
        with VerticalScroll(id="setup"):
            yield Static(_("Monza: set up a race"), classes="title", id="setup-title")
            with Horizontal(classes="form-row"):
                yield Label(_("Board"), classes="form-label")
                yield Select(
                    [
                        (_("Oval (basic game)"), "oval"),
                        (_("Long track (pro)"), "long"),
                        (_("Classic (original edition, 2-6 cars)"), "classic"),
                        (_("Board file…"), FILE),
                    ],
                    value=board,
                    allow_blank=False,
                    id="board",
                    compact=True,
                )
            yield Input(
                setup.board if board == FILE else "",
                placeholder=_("path to a board file (.toml)"),
                id="board-file",
                compact=True,
            )
            with Horizontal(classes="form-row"):
                yield Label(_("Variants"), classes="form-label")
                yield TickBox(_("Pro (tiles, extra roll, turbo)"), setup.pro, id="pro",
                              compact=True)
                yield TickBox(_("Bonus move"), setup.bonus, id="bonus", compact=True)
            yield Static("", id="house-rules", classes="note", markup=False)
            with Horizontal(classes="form-row"):
                yield Label(_("Players"), classes="form-label")
                yield Select(
                    [(str(n), n) for n in range(2, edition.max_players + 1)],
                    value=min(max(2, len(setup.seats)), edition.max_players),
                    allow_blank=False,
                    id="count",
                    compact=True,
                )
                yield Label(_("Start player"), classes="form-label-wide")
                yield Select(
                    self._start_options(),
                    value=setup.start_player,
                    allow_blank=False,
                    id="start-player",
                    compact=True,
                )
            with Vertical(id="seats"):
                # Rows for the seats shown; more are added when the count goes up.
                for index in range(min(max(2, len(setup.seats)), edition.max_players)):
                    yield SeatRow(index, self.seats[index], edition.cars)
            with Horizontal(classes="form-row"):
                yield Label(_("Seed"), classes="form-label")
                yield Input(
                    "" if setup.seed is None else str(setup.seed),
                    placeholder=_("blank: a random seed (recorded)"),
                    id="seed",
                    compact=True,
                    type="integer",
                )
            yield Static("", id="setup-error", classes="error-line", markup=False)
            with Horizontal(id="setup-buttons"):
                yield Button(_("Start race"), id="start", variant="primary", compact=True)
                yield Button(_("Rules"), id="rules", compact=True)
                yield Button(_("Quit"), id="quit", compact=True)
                yield LanguageChoice()
        # As on the race screen: no command-palette key in the footer (^p still opens it).
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        # The form scrolls to whatever has the focus; it needs none of its own.
        self.query_one("#setup", VerticalScroll).can_focus = False
        self.query_one("#board-file", Input).display = self._board_is_file()
        # A board file's edition is known once it is read (built-in ones at compose).
        self._edition_changed()

    # Reading the form -------------------------------------------------------------------

    def _board_ref(self) -> str:
        choice = self.query_one("#board", Select).value
        if choice == FILE:
            return self.query_one("#board-file", Input).value.strip()
        return str(choice)

    def _count(self) -> int:
        return cast(int, self.query_one("#count", Select).value)

    def _rows(self) -> dict[int, SeatRow]:
        return {row.index: row for row in self.query(SeatRow)}

    def _names(self) -> list[str]:
        rows = self._rows()
        return [
            rows[i].query_one(Input).value if i in rows else self.seats[i].name
            for i in range(MAX_SEATS)
        ]

    def _start_options(self) -> list[tuple[str, int]]:
        count = max(2, len(self.initial.seats))
        names = [s.name for s in self.seats]
        if self.is_mounted:
            count, names = self._count(), self._names()
        return [(names[i].strip() or str(i + 1), i) for i in range(count)]

    def read_setup(self) -> RaceSetup:
        """The set-up the form shows now (unchecked)."""
        seats = tuple(
            Seat(
                self.query_one(f"#name-{i}", Input).value.strip(),
                cast(Colour, self.query_one(f"#car-{i}", Select).value),
                cast(str, self.query_one(f"#kind-{i}", Select).value),
            )
            for i in range(self._count())
        )
        if not self._board_ref():
            raise UserError(_("give the path of a board file (.toml)"))
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            raise UserError(_("the seed is a whole number")) from None
        return RaceSetup(
            board=self._board_ref(),
            pro=self.query_one("#pro", Checkbox).value,
            bonus=self.query_one("#bonus", Checkbox).value,
            seats=seats,
            start_player=cast(int, self.query_one("#start-player", Select).value),
            seed=seed,
        )

    # Keeping the form consistent ------------------------------------------------------------

    def _edition(self) -> Edition:
        choice = str(self.query_one("#board", Select).value)
        edition = _edition_of(choice)
        if edition is None:
            try:
                edition = load_board(self._board_ref()).board.edition
            except BoardFileError:
                edition = Edition.ANNIVERSARY
        return edition

    def _board_is_file(self) -> bool:
        return self.query_one("#board", Select).value == FILE

    @on(Select.Changed, "#board")
    def _board_changed(self) -> None:
        self.query_one("#board-file", Input).display = self._board_is_file()
        board = self.query_one("#board", Select).value
        if board != self._shown_board:
            self._shown_board = str(board)
            if board == "long":
                # "Long track (pro)": the choice says pro, so it ticks Pro (it can be
                # unticked again).
                self.query_one("#pro", Checkbox).value = True
        self._edition_changed()

    @on(Input.Changed, "#board-file")
    def _file_changed(self) -> None:
        self._edition_changed()

    def _edition_changed(self) -> None:
        edition = self._edition()
        if edition is self._shown_edition:
            self._variants_changed()
            return
        self._shown_edition = edition
        count = self.query_one("#count", Select)
        options = [(str(n), n) for n in range(2, edition.max_players + 1)]
        value = min(cast(int, count.value), edition.max_players)
        count.set_options(options)
        count.value = value
        # Every seat keeps its car if this edition has it and nobody before took it.
        fitted: list[Colour] = []
        for car in self.cars:
            if car not in edition.cars or car in fitted:
                free = [c for c in edition.cars if c not in fitted]
                car = free[0] if free else edition.cars[0]
            fitted.append(car)
        self.cars = fitted
        for index, row in self._rows().items():
            car = fitted[index]
            select = row.query_one(f"#car-{index}", Select)
            with select.prevent(Select.Changed):
                select.set_options([(colour_name(c), c) for c in edition.cars])
                select.value = car
        self._variants_changed()

    @on(Checkbox.Changed)
    def _variants_changed(self) -> None:
        note = self.query_one("#house-rules", Static)
        pro = self.query_one("#pro", Checkbox).value
        bonus = self.query_one("#bonus", Checkbox).value
        if self._edition() is Edition.ORIGINAL:
            text = _("Classic board: the original edition has no tiles and no bonus move, "
                     "so pro and bonus are house rules here.")
            note.update(text)
            note.set_class(pro or bonus, "-active")
            note.display = True
        else:
            note.display = False

    @on(Select.Changed, "#count")
    async def _count_changed(self) -> None:
        count = self._count()
        rows = self._rows()
        missing = [
            SeatRow(i, replace(self.seats[i], car=self.cars[i]), self._shown_edition.cars)
            for i in range(count)
            if i not in rows
        ]
        if missing:
            await self.query_one("#seats", Vertical).mount_all(missing)
        for index, row in self._rows().items():
            row.display = index < count
        self._refresh_start_player()

    @on(Input.Changed, ".seat-name")
    def _refresh_start_player(self) -> None:
        select = self.query_one("#start-player", Select)
        value = select.value
        options = self._start_options()
        keep = value if isinstance(value, int) and value < len(options) else 0
        with select.prevent(Select.Changed):
            select.set_options(options)
            # set_options picks the first option; when that is the value already, the
            # select keeps showing the old name. A detour makes it show the new one.
            select.value = (keep + 1) % len(options)
            select.value = keep

    @on(Select.Changed, ".seat-car")
    def _car_changed(self, event: Select.Changed) -> None:
        index = int((event.select.id or "car-0").split("-")[1])
        # The select's value now, not the message's: messages of programmatic changes
        # arrive late and must not swap cars again.
        new = cast(Colour, event.select.value)
        old = self.cars[index]
        if new == old:
            return
        # Two players cannot drive the same car: the other one takes this one's old car.
        rows = self._rows()
        for other in range(MAX_SEATS):
            if other != index and self.cars[other] == new:
                self.cars[other] = old
                if other in rows:
                    select = rows[other].query_one(f"#car-{other}", Select)
                    with select.prevent(Select.Changed):
                        select.value = old
        self.cars[index] = new

    # Starting ------------------------------------------------------------------------------

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        """Check the set-up and start the race, or say in one line what is wrong."""
        error = self.query_one("#setup-error", Static)
        try:
            race = start_race(self.read_setup())
        except UserError as problem:
            error.update(str(problem))
            return
        error.update("")
        self.monza.begin(race)

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#rules")
    def _rules_pressed(self) -> None:
        self.app.action_rules()  # type: ignore[attr-defined]

    @on(Button.Pressed, "#quit")
    def _quit_pressed(self) -> None:
        """The Quit button asks first: Tab Tab Enter from Start race lands on it."""
        from monza_tui.app.screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(
            ConfirmScreen(_("Quit Monza without a race?"), yes=_("Quit"), no=_("Stay")),
            answered,
        )

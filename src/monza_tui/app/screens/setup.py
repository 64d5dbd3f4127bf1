"""The set-up screen: board, variants, seats, start player; Enter starts the race.

Everything has a sensible default (oval, basic rules, "Player 1" and "Player 2"), so
Enter alone starts a race. The form's values live in one :class:`RaceSetup`
(:attr:`SetupScreen.setup`): every change of a field replaces it, and the fields only show
it. Checking it is :func:`start_race`'s job, the same check the command-line flags go
through; a started race goes to the app as a :class:`SetupScreen.Chosen` message.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Checkbox, Input, Label, Select, Static

from monza_tui.app.language_choice import LanguageChoice
from monza_tui.app.screens.screen_cursor import FollowFocus
from monza_tui.app.screens.setup_form import (
    FILE,
    SeatRow,
    TickBox,
    board_options,
    fit_seats,
    form_label,
    label_width,
)
from monza_tui.app.screens.standings import ChampionLine
from monza_tui.app.textual_shim import DropDown
from monza_tui.app.widgets.buttons import DialogButton
from monza_tui.app.widgets.common import StyledOnMount
from monza_tui.app.widgets.key_line import KeyLine
from monza_tui.boardfile import BoardFileError, builtin_boards, load_board
from monza_tui.engine import Colour, Edition
from monza_tui.errors import UserError
from monza_tui.i18n import N_, _, colour_name
from monza_tui.limits import MAX_RACES
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.record import Race
from monza_tui.seats import SeatKind


class SetupScreen(StyledOnMount, FollowFocus, Screen[None]):
    """Choose board, variants (pro, bonus), 2-4 or 2-6 seats, start player (R2, R3, R16)."""

    CSS_PATH = "setup.tcss"
    AUTO_FOCUS = "#start"
    """Enter starts the race at once (and one focus change, not two: each restyles)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", N_("Start race"), show=False, id="setup.start-enter"),
        Binding("ctrl+s", "start", N_("Start race"), id="setup.start"),
        Binding("f2", "app.learn", N_("First race"), id="setup.learn"),  # the lesson
        Binding("f3", "app.join", N_("Join a race"), id="setup.join"),
        Binding("escape", "app.quit", N_("Quit"), show=False, id="setup.quit"),
        Binding("ctrl+t", "standings", N_("Standings"), id="setup.standings"),
    ]

    class Chosen(Message):
        """The form's race is checked and started: the app shows it."""

        def __init__(self, race: Race, races: int = 1) -> None:
            super().__init__()
            self.race = race
            self.races = races
            """Races of the evening this race opens (1: a single race)."""

    def __init__(self, setup: RaceSetup | None = None) -> None:
        super().__init__()
        self.setup = setup or RaceSetup()
        """What the form shows now (unchecked): the one home of its values."""
        self._pro_by_board = False
        """Pro was ticked by choosing a board made for it (not by the player)."""
        self._seed_problem: str | None = None
        """Why the seed field's text is not a seed (it stays on screen as typed)."""
        self._races_problem: str | None = None
        """Why the races field's text is not a number of races."""
        builtin = {b.name: b for b in builtin_boards()}
        self._builtin = builtin
        board = builtin.get(self.setup.board)
        edition = board.edition if board else self._edition_of(self.setup.board)
        self._edition = edition
        """The edition whose cars and player count the form offers."""
        count = min(max(2, len(self.setup.seats)), edition.max_players)
        self.setup = replace(self.setup, seats=fit_seats(self.setup.seats, edition, count))

    def compose(self) -> ComposeResult:
        setup = self.setup
        is_file = setup.board not in self._builtin
        width = label_width()
        with VerticalScroll(id="setup"):
            with Horizontal(id="setup-head"):
                yield Static(_("Monza: set up a race"), classes="title", id="setup-title")
                # Beside the title, where it fits in every language at 80 columns (at the
                # end of the buttons' row the longer languages pushed it off the screen);
                # first in the form, it is still next after Quit as Tab goes round.
                yield LanguageChoice()
            yield ChampionLine(id="champion")
            with Horizontal(classes="form-row"):
                yield form_label(_("Board"), width)
                yield DropDown(
                    board_options(),
                    value=FILE if is_file else setup.board,
                    allow_blank=False,
                    id="board",
                    compact=True,
                )
            if is_file:  # else made when "Board file…" is chosen (_file_field)
                yield self._file_input(setup.board)
            with Horizontal(classes="form-row"):
                yield form_label(_("Variants"), width)
                pro, bonus = _("Pro (tiles, extra roll, turbo)"), _("Bonus move")
                yield TickBox(pro, setup.pro, id="pro", compact=True)
                one_row = width + cell_len(pro) + cell_len(bonus) + 18 <= self.app.size.width
                if one_row:
                    yield TickBox(bonus, setup.bonus, id="bonus", compact=True)
            if not one_row:  # a longer language at 80 columns: the bonus move below
                with Horizontal(classes="form-row"):
                    yield form_label("", width)
                    yield TickBox(bonus, setup.bonus, id="bonus", compact=True)
            yield Static("", id="house-rules", classes="note", markup=False)
            with Horizontal(classes="form-row"):
                yield form_label(_("Players"), width)
                yield DropDown(
                    self._count_options(),
                    value=len(setup.seats),
                    allow_blank=False,
                    id="count",
                    compact=True,
                )
                yield Label(_("Start player"), classes="form-label-wide")
                yield DropDown(
                    self._start_options(),
                    value=min(setup.start_player, len(setup.seats) - 1),
                    allow_blank=False,
                    id="start-player",
                    compact=True,
                )
            with Vertical(id="seats"):
                for index, seat in enumerate(setup.seats):
                    yield SeatRow(index, seat, self._edition.cars)
            with Horizontal(classes="form-row"):
                yield form_label(_("Seed"), width)
                yield Input(
                    "" if setup.seed is None else str(setup.seed),
                    placeholder=_("blank: a random seed (recorded)"),
                    id="seed",
                    compact=True,
                    type="integer",
                )
                yield Label(_("Races"), classes="form-label-wide")
                yield Input(str(setup.races), id="races", compact=True, type="integer",
                            max_length=2, tooltip=_("1 to {n}: an evening of races with "
                                                    "points").format(n=MAX_RACES))
            yield Static("", id="setup-error", classes="error-line", markup=False)
            with Horizontal(id="setup-buttons"):
                yield DialogButton(_("Start race"), id="start", variant="primary",
                                   compact=True, action="screen.start")
                # F2 in the footer, a click, or Tab to it and Enter.
                yield DialogButton(_("First race"), id="learn", compact=True,
                                   action="app.learn")
                # A race hosted elsewhere (monza join without a command line; a browser's
                # visitor): F3 in the footer, a click, or Tab to it and Enter. Below the
                # form, so Tab meets the form first (Enter on a chosen button presses it;
                # elsewhere it starts the race).
                yield DialogButton(_("Join a race"), id="join", compact=True, action="app.join")
                yield DialogButton(_("Rules"), id="rules", compact=True, action="app.rules")
                yield DialogButton(_("Quit"), id="quit", compact=True, action="screen.quit")
        # As on the race screen: the keys in one line, there in the first frame (Textual's
        # Footer shows its keys a few frames later); no command-palette key (^p still
        # opens it).
        yield KeyLine(id="keys")

    def on_mount(self) -> None:
        # The form scrolls to whatever has the focus; it needs none of its own.
        self.query_one("#setup", VerticalScroll).can_focus = False
        self._show_house_rules()

    # The form's values ----------------------------------------------------------------

    def read_setup(self) -> RaceSetup:
        """The set-up the form shows now (unchecked); :class:`UserError` for a field that
        cannot be read at all (no board file given, a seed that is not a number)."""
        if not self.setup.board:
            raise UserError(_("give the path of a board file (.toml)"))
        if self._seed_problem is not None:
            raise UserError(self._seed_problem)
        if self._races_problem is not None:
            raise UserError(self._races_problem)
        return self.setup

    def _edition_of(self, board: str) -> Edition:
        """The edition of ``board``: a built-in one's from its TOML file, a board file's
        once it reads (the anniversary edition's until then)."""
        builtin = self._builtin.get(board)
        if builtin is not None:
            return builtin.edition
        if not board:
            return Edition.ANNIVERSARY
        try:
            return load_board(board).board.edition
        except BoardFileError:
            return Edition.ANNIVERSARY

    def _count_options(self) -> list[tuple[str, int]]:
        return [(str(n), n) for n in range(2, self._edition.max_players + 1)]

    def _start_options(self) -> list[tuple[str, int]]:
        return [(s.name.strip() or str(i + 1), i) for i, s in enumerate(self.setup.seats)]

    def _set_seat(self, index: int, seat: Seat) -> None:
        seats = list(self.setup.seats)
        seats[index] = seat
        self.setup = replace(self.setup, seats=tuple(seats))

    # Keeping the form consistent ------------------------------------------------------------

    @on(Select.Changed, "#board")
    async def _board_changed(self, event: Select.Changed) -> None:
        choice = str(event.select.value)
        file_input = await self._file_field(choice == FILE)
        board = file_input.value.strip() if file_input and choice == FILE else choice
        if board == self.setup.board:
            return
        self.setup = replace(self.setup, board=board)
        builtin = self._builtin.get(board)
        variant = builtin.variant if builtin is not None else None
        if variant == "pro" and not self.setup.pro:
            # "Long track (pro)": the choice says pro, so it ticks Pro (it can be
            # unticked again).
            self._tick_pro(True)
            self._pro_by_board = True
        elif variant == "basic" and self._pro_by_board and self.setup.pro:
            # "Oval (basic game)" after the board ticked Pro: untick what the board ticked.
            self._tick_pro(False)
        await self._edition_changed()

    @staticmethod
    def _file_input(path: str) -> Input:
        return Input(path, placeholder=_("path to a board file (.toml)"), id="board-file",
                     compact=True)

    async def _file_field(self, show: bool) -> Input | None:
        """The board file's path field, shown or hidden; made (below the board's row) the
        first time it is shown: most races never need it, and a launch need not make it."""
        found = self.query("#board-file")
        field = found.first(Input) if found else None
        if field is None and show:
            field = self._file_input("")
            row = self.query_one("#board", Select).parent
            assert isinstance(row, Horizontal)
            await self.query_one("#setup", VerticalScroll).mount(field, after=row)
        if field is not None:
            field.display = show
        return field

    def _tick_pro(self, on: bool) -> None:
        """Tick or untick Pro for the player (a board's choice), as if they had."""
        self.setup = replace(self.setup, pro=on)
        self._pro_by_board = False
        checkbox = self.query_one("#pro", Checkbox)
        with checkbox.prevent(Checkbox.Changed):
            checkbox.value = on
        self._show_house_rules()

    @on(Input.Changed, "#board-file")
    async def _file_changed(self, event: Input.Changed) -> None:
        if self.query_one("#board", Select).value == FILE:
            self.setup = replace(self.setup, board=event.value.strip())
            await self._edition_changed()

    async def _edition_changed(self) -> None:
        edition = self._edition_of(self.setup.board)
        if edition is not self._edition:
            self._edition = edition
            count = min(len(self.setup.seats), edition.max_players)
            self.setup = replace(
                self.setup, seats=fit_seats(self.setup.seats, edition, count)
            )
            select = self.query_one("#count", Select)
            with select.prevent(Select.Changed):
                select.set_options(self._count_options())
                select.value = count
            await self._show_seats()
        self._show_house_rules()

    @on(Checkbox.Changed, "#pro")
    def _pro_changed(self, event: Checkbox.Changed) -> None:
        self.setup = replace(self.setup, pro=event.value)
        self._pro_by_board = False  # the player's own choice from now on
        self._show_house_rules()

    @on(Checkbox.Changed, "#bonus")
    def _bonus_changed(self, event: Checkbox.Changed) -> None:
        self.setup = replace(self.setup, bonus=event.value)
        self._show_house_rules()

    def _show_house_rules(self) -> None:
        note = self.query_one("#house-rules", Static)
        if self._edition is Edition.ORIGINAL:
            note.update(_("Classic board: the original edition has no tiles and no bonus move, "
                          "so pro and bonus are house rules here."))
            note.set_class(self.setup.pro or self.setup.bonus, "-active")
            note.display = True
        else:
            note.display = False

    @on(Select.Changed, "#count")
    async def _count_changed(self, event: Select.Changed) -> None:
        count = event.select.value
        if not isinstance(count, int) or count == len(self.setup.seats):
            return
        self.setup = replace(
            self.setup, seats=fit_seats(self.setup.seats, self._edition, count)
        )
        await self._show_seats()

    async def _show_seats(self) -> None:
        """One row per seat of :attr:`setup`: rows added or removed, and every shown row's
        car choices and car set from it."""
        seats = self.setup.seats
        rows = {row.index: row for row in self.query(SeatRow)}
        for index, row in rows.items():
            if index >= len(seats):
                await row.remove()
            else:
                select = row.query_one(f"#car-{index}", Select)
                with select.prevent(Select.Changed):
                    select.set_options([(colour_name(c), c) for c in self._edition.cars])
                    select.value = seats[index].car
        missing = [
            SeatRow(i, seat, self._edition.cars)
            for i, seat in enumerate(seats)
            if i not in rows
        ]
        if missing:
            await self.query_one("#seats", Vertical).mount_all(missing)
        self._show_start_player()

    def _show_start_player(self) -> None:
        options = self._start_options()
        start = self.setup.start_player
        if start >= len(options):
            start = 0
            self.setup = replace(self.setup, start_player=start)
        select = self.query_one("#start-player", Select)
        with select.prevent(Select.Changed):
            select.set_options(options)
            # set_options picks the first option; when that is the value already, the
            # select keeps showing the old name. A detour makes it show the new one.
            select.value = (start + 1) % len(options)
            select.value = start

    @on(Select.Changed, "#start-player")
    def _start_player_changed(self, event: Select.Changed) -> None:
        if isinstance(event.select.value, int):
            self.setup = replace(self.setup, start_player=event.select.value)

    @on(Input.Changed, ".seat-name")
    def _name_changed(self, event: Input.Changed) -> None:
        index = int((event.input.id or "name-0").split("-")[1])
        # Each name field reports its first value as it mounts: nothing changed then, and
        # the start player's choices (rebuilt, restyled, laid out) stay as they are.
        if index < len(self.setup.seats) and event.value != self.setup.seats[index].name:
            self._set_seat(index, replace(self.setup.seats[index], name=event.value))
            self._show_start_player()

    @on(Select.Changed, ".seat-kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        index = int((event.select.id or "kind-0").split("-")[1])
        if index < len(self.setup.seats) and isinstance(event.select.value, str):
            kind = SeatKind(event.select.value)
            self._set_seat(index, replace(self.setup.seats[index], kind=kind))

    @on(Select.Changed, ".seat-car")
    def _car_changed(self, event: Select.Changed) -> None:
        index = int((event.select.id or "car-0").split("-")[1])
        # The select's value now, not the message's: messages of programmatic changes
        # arrive late and must not swap cars again.
        new = event.select.value
        seats = self.setup.seats
        if index >= len(seats) or not isinstance(new, Colour) or new == seats[index].car:
            return
        old = seats[index].car
        # Two players cannot drive the same car: the other one takes this one's old car.
        for other, seat in enumerate(seats):
            if other != index and seat.car == new:
                self._set_seat(other, replace(seat, car=old))
                select = self.query_one(f"#car-{other}", Select)
                with select.prevent(Select.Changed):
                    select.value = old
        self._set_seat(index, replace(self.setup.seats[index], car=new))

    @on(Input.Changed, "#races")
    def _races_changed(self, event: Input.Changed) -> None:
        text = event.value.strip()
        races = int(text) if text.isdigit() else 0
        if 1 <= races <= MAX_RACES:
            self._races_problem = None
            self.setup = replace(self.setup, races=races)
        else:
            self._races_problem = _("races: a whole number from 1 to {n}").format(n=MAX_RACES)

    def action_standings(self) -> None:
        """The standings of the races played here, over the form."""
        from monza_tui.app.screens.standings import StandingsScreen

        self.app.push_screen(StandingsScreen(self.setup.board))

    @on(Input.Changed, "#seed")
    def _seed_changed(self, event: Input.Changed) -> None:
        text = event.value.strip()
        try:
            seed = int(text) if text else None
        except ValueError:
            self._seed_problem = _("the seed is a whole number")
            return
        self._seed_problem = None
        self.setup = replace(self.setup, seed=seed)

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
        self.post_message(self.Chosen(race, self.setup.races))

    def action_quit(self) -> None:
        """The Quit button asks first: Tab Tab Enter from Start race lands on it."""
        from monza_tui.app.screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(
            ConfirmScreen(_("Quit Monza without a race?"), yes=_("Quit"), no=_("Stay")),
            answered,
        )

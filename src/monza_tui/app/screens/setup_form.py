"""The set-up form's parts: the board choices, the seat rows, the tick boxes and the label
column (the screen that puts them together is :mod:`monza_tui.app.screens.setup`)."""

from __future__ import annotations

from dataclasses import replace

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label

from monza_tui.app.textual_shim import DropDown
from monza_tui.boardfile import BuiltinBoard, builtin_boards
from monza_tui.engine import Colour, Edition
from monza_tui.i18n import N_, _, colour_name
from monza_tui.race.setup import Seat, default_seats, seat_label
from monza_tui.seats import SeatKind
from monza_tui.wording import board_title

FILE = "file"
"""The board choice that reads a board file."""


def board_label(board: BuiltinBoard) -> str:
    """How a built-in board is offered: its title and what it is made for, all from its
    TOML file (``Long track (pro)``). The titles are in the catalogue (locale/catalogue.py
    reads them from the files)."""
    title = board_title(board)
    if board.edition is Edition.ORIGINAL:
        return _("{title} (original edition, {low}-{high} cars)").format(
            title=title, low=board.edition.min_players, high=board.edition.max_players
        )
    if board.variant == "pro":
        return _("{title} (pro)").format(title=title)
    return _("{title} (basic game)").format(title=title)


def board_options() -> list[tuple[str, str]]:
    """The board choices: the built-in boards in their order, then a board file."""
    return [(board_label(b), b.name) for b in builtin_boards()] + [(_("Board file…"), FILE)]


def fit_seats(seats: tuple[Seat, ...], edition: Edition, count: int) -> tuple[Seat, ...]:
    """``count`` seats for ``edition``: the first ones kept, new ones "Player n" (R2); every
    seat keeps its car if the edition has it and nobody before took it, else a free one."""
    seats = seats[:count] + default_seats(count)[len(seats):count]
    fitted: list[Seat] = []
    for seat in seats:
        taken = [s.car for s in fitted]
        if seat.car not in edition.cars or seat.car in taken:
            free = [c for c in edition.cars if c not in taken]
            seat = replace(seat, car=free[0] if free else edition.cars[0])
        fitted.append(seat)
    return tuple(fitted)


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
        yield DropDown(
            [(colour_name(c), c) for c in self.cars],
            value=self.seat.car,
            allow_blank=False,
            id=f"car-{self.index}",
            classes="seat-car",
            compact=True,
        )
        yield DropDown(
            [(seat_label(kind), kind) for kind in SeatKind],
            value=self.seat.kind,
            allow_blank=False,
            id=f"kind-{self.index}",
            classes="seat-kind",
            compact=True,
        )


FORM_LABELS = (N_("Board"), N_("Variants"), N_("Players"), N_("Seed"))
"""The form's row labels, one column wide as the longest in the player's language."""


def label_width() -> int:
    """The label column's width: the longest label and a space (German "Varianten",
    pseudo-locale labels twice as long as English)."""
    return max(10, 1 + max(cell_len(_(label)) for label in FORM_LABELS))


def form_label(text: str, width: int) -> Label:
    """A row's label in the label column (``width`` from :func:`label_width`)."""
    label = Label(text, classes="form-label")
    label.styles.width = width
    return label

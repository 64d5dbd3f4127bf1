"""Seats that change hands during a race: the dialog that chooses a car and its driver,
and the race screen's half of it (the key, a click on the field, the log line).

A player who has to leave hands their car to a computer driver, and a person takes a
computer driver's car back, at any moment of the race, mid-turn too: the new driver goes on
from the state as it is (placed dice stay). Who drives is not the engine's business; the
race (:meth:`monza_tui.record.Race.hand_seat`) records the change, the app
(:meth:`monza_tui.app.app.MonzaApp.hand_seat`) gives the car its driver.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from monza_tui.app.screens.screen_cursor import FollowFocus
from monza_tui.app.widgets.panel import Standings
from monza_tui.i18n import N_, _, colour_letter
from monza_tui.race.pace import acting
from monza_tui.race.seat_words import change_text
from monza_tui.race.setup import seat_label
from monza_tui.record import Player, Race
from monza_tui.seats import SeatKind

if TYPE_CHECKING:
    from monza_tui.app.screens.race_pace import RacePace

    _Base = RacePace
else:
    _Base = object

Choice = tuple[int, SeatKind]
"""A seat (the player's index) and its new driver."""


def suggested(seat: SeatKind) -> SeatKind:
    """The driver offered first: a person's car goes to the expert, a bot's to a person."""
    return SeatKind.HUMAN if seat.is_bot else SeatKind.EXPERT


class SeatScreen(FollowFocus, ModalScreen[Choice | None]):
    """Which car, and who drives it: two lists, Enter in the first goes to the second,
    Enter (or a click) there hands the car over; Escape cancels."""

    CSS_PATH = "seat_change.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), id="seats.cancel"),
    ]

    def __init__(self, players: tuple[Player, ...], seat: int) -> None:
        super().__init__()
        self.players = players
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Vertical(id="seat-box"):
            yield Static(_("Who drives?"), id="seat-title", markup=False)
            with Horizontal(id="seat-lists"):
                yield OptionList(
                    *(
                        Option(f"{colour_letter(p.car)} {p.name}: {seat_label(p.seat)}",
                               id=f"seat-{i}")
                        for i, p in enumerate(self.players)
                    ),
                    id="seat-cars",
                )
                yield OptionList(
                    *(Option(seat_label(kind), id=kind.value) for kind in SeatKind),
                    id="seat-drivers",
                )
            yield Static(_("Choose a car, then its driver: Enter chooses, Esc cancels."),
                         id="seat-help", markup=False)

    def on_mount(self) -> None:
        cars = self.query_one("#seat-cars", OptionList)
        cars.highlighted = self.seat
        cars.focus()
        self._suggest(self.seat)

    def _suggest(self, seat: int) -> None:
        drivers = self.query_one("#seat-drivers", OptionList)
        drivers.highlighted = list(SeatKind).index(suggested(self.players[seat].seat))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "seat-cars":
            self.seat = event.option_index
            self._suggest(self.seat)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "seat-cars":
            self.seat = event.option_index
            self._suggest(self.seat)
            self.query_one("#seat-drivers", OptionList).focus()
            return
        kind = list(SeatKind)[event.option_index]
        if kind is self.players[self.seat].seat:
            self.notify(_("That driver drives this car already."), timeout=3)
            return
        self.dismiss((self.seat, kind))

    def action_cancel(self) -> None:
        self.dismiss(None)


class SeatChanges(_Base):
    """The race screen's half: ``c`` (or a click on a car in the field) opens the dialog;
    the change is told in the log and the race goes on with its new driver."""

    def action_seats(self) -> None:
        """Hand a car to a computer driver, or take one back: the car acting now first."""
        state = self.race.state
        if state.is_terminal():
            return
        mover = acting(state)
        self.open_seats(mover if mover is not None else 0)

    def action_hand_over(self) -> None:
        """The same as :meth:`action_seats` (the key's twin not shown in the footer)."""
        self.action_seats()

    def open_seats(self, seat: int) -> None:
        """The dialog, with ``seat`` chosen first."""
        if self.race.state.is_terminal() or self.app.screen is not self:
            return
        self.app.push_screen(SeatScreen(self.race.players, seat), self._seat_chosen)

    def _seat_chosen(self, choice: Choice | None) -> None:
        if choice is None:
            return
        race = self.monza.hand_seat(*choice)
        if race is not None:
            self.seat_changed(race)

    def seat_changed(self, race: Race) -> None:
        """Tell the change in the log and go on with the new driver (a bot that takes over
        mid-turn plays on from the state as it is)."""
        change = race.seat_changes[-1]
        names = [p.name for p in race.players]
        line = change_text(change, names)
        self.log_lines([line])  # type: ignore[attr-defined]
        self.notify(line, timeout=4)
        if self._frames or self._frame is not None:
            self.state_changed()  # the car is driving: the drive goes on, then the race
            return
        self.state_changed()
        self.advance()

    def on_click(self, event: events.Click) -> None:
        """A click on a car's row in the field opens the dialog for that car."""
        widget = event.widget
        if not isinstance(widget, Standings):
            return
        offset = event.get_content_offset(widget)
        if offset is not None and 0 <= offset.y < len(self.race.players):
            event.stop()
            self.open_seats(offset.y)


__all__ = ["SeatChanges", "SeatScreen", "suggested"]

"""The words for a seat that changes hands, shared by the race log and the replay."""

from __future__ import annotations

from collections.abc import Sequence

from monza_tui.i18n import _
from monza_tui.race.setup import seat_label
from monza_tui.record.seating import SeatChange


def change_text(change: SeatChange, names: Sequence[str]) -> str:
    """One sentence for the log: who hands their car to whom."""
    name = names[change.player]
    if not change.seat.is_bot:
        return _("{name}'s car: a person takes the wheel").format(name=name)
    driver = seat_label(change.seat)
    if change.was.is_bot:
        return _("{name}'s car: another computer driver takes the wheel ({driver})").format(
            name=name, driver=driver
        )
    # (said the same whether the person handed it over or their line dropped)
    return _("{name}'s car: a computer driver takes the wheel ({driver})").format(
        name=name, driver=driver
    )


__all__ = ["change_text"]

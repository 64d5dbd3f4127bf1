"""What a space shows in its cells besides its colour: its letter, placed dice and cars.

Pure, no Textual: the board view paints the marks chosen here with its component classes.
"""

from __future__ import annotations

from monza_tui.app.track_layout import Cellpos
from monza_tui.engine import Colour
from monza_tui.i18n import _

CAR_MARK = "●"
"""A car is a chip of two cells: this mark and the car's letter (``●R``), never a space's
letter alone, so cars stand out also without colour (NO_COLOR, plain text)."""
FINISHED_MARK = "⚑"
"""The mark of a car that reached the finish (``⚑R``), where the finish is drawn over the
start field."""


def board_letter(colour: Colour) -> str:
    """The one-letter mark of a colour on the board (R B G Y P W), translatable."""
    letters = {
        Colour.RED: _("R"),
        Colour.BLUE: _("B"),
        Colour.GREEN: _("G"),
        Colour.YELLOW: _("Y"),
        Colour.PURPLE: _("P"),
        Colour.WHITE: _("W"),
    }
    return letters[colour]


def place_marks(
    slots: tuple[Cellpos, ...],
    letter: tuple[str, tuple[str, ...]] | None,
    token_marks: list[tuple[str, tuple[str, ...]]],
    cars: list[tuple[Colour, bool]],
    base: str,
    moving: Colour | None,
) -> dict[Cellpos, tuple[str, tuple[str, ...]]]:
    """Where the space's letter, its placed dice and its cars go among its cells.

    A car is a chip of two cells, :data:`CAR_MARK` (or :data:`FINISHED_MARK` at the
    finish) and the car's letter, so that it never reads as a space's letter, also
    without colour. Where cells are short: the space's letter gives way first (the die
    and the car matter more; the tooltip tells the rest), then a car shrinks to one cell,
    its letter in lower case (space letters are capitals). ``moving``: the car whose turn
    it is, emphasised.
    """
    free = list(slots)
    placed: dict[Cellpos, tuple[str, tuple[str, ...]]] = {}
    if letter is not None and len(slots) >= 1 + len(token_marks) + 2 * len(cars):
        placed[free.pop(0)] = letter
    # A chip keeps a blank cell from the space's letter where there is room ("B ●R" rather
    # than "B●R"), so the two never read as one word.
    apart = {(x + dx, y) for x, y in placed for dx in (-2, 1)}
    for n, (car, finished) in enumerate(cars):
        emphasis = ("board--car-moving",) if car == moving else ()
        look = (base, f"board--car-{car.value}", *emphasis)
        spare = len(free) - len(token_marks) - (len(cars) - n - 1)
        pair = None
        if spare >= 2:
            taken = set(free)
            pairs = [(x, y) for x, y in free if (x + 1, y) in taken]
            pair = next((c for c in pairs if c not in apart), pairs[0] if pairs else None)
        if pair is not None:
            x, y = pair
            free.remove((x, y))
            free.remove((x + 1, y))
            placed[(x, y)] = (FINISHED_MARK if finished else CAR_MARK, look)
            placed[(x + 1, y)] = (board_letter(car), look)
        elif free:
            placed[free.pop(0)] = (board_letter(car).lower(), look)
    for cell, mark in zip(free, token_marks, strict=False):
        placed[cell] = mark
    return placed

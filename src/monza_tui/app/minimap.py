"""The mini-map: the whole track in braille dots, with the cars and the part in view.

When the board's smallest drawing does not fit the board area (the long track and the
classic board at 80x24), the board view scrolls and shows this map in a corner: four
columns by four rows of the drawing make one braille character (a dot for every two
columns of a row that hold track), so the whole loop fits in a corner of the area. The
cars stand on it as their letters, the part of the track in view is marked, and a click on
the map scrolls there. Pure: no Textual here; the board view paints the marks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from monza_tui.app.track_drawing import Layout
from monza_tui.engine import Colour

DOTS_X = 4
"""Drawing columns per map character (two per braille dot)."""
DOTS_Y = 4
"""Drawing rows per map character."""
_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))
"""The braille dot of each (row, column) inside a character."""


@dataclass(frozen=True)
class MapMark:
    """One character of the map: the text and what it shows."""

    text: str
    car: Colour | None = None
    """The car standing here (its letter is the text)."""
    in_view: bool = False
    """Whether this part of the track is in the board view now."""


def map_size(layout: Layout) -> tuple[int, int]:
    """Columns and rows of the map of ``layout``."""
    return (-(-layout.width // DOTS_X), -(-layout.height // DOTS_Y))


def minimap(
    layout: Layout,
    cars: Mapping[int, tuple[Colour, ...]],
    view: tuple[int, int, int, int],
    first: Colour | None = None,
) -> list[list[MapMark]]:
    """The map of ``layout``: rows of marks. ``view`` is the drawing's part in view
    ``(x, y, width, height)``; ``first`` is the car to show where several share a
    character (the moving one)."""
    width, height = map_size(layout)
    vx, vy, vw, vh = view
    rows: list[list[MapMark]] = []
    for cy in range(height):
        row = []
        for cx in range(width):
            bits = 0
            for dy in range(DOTS_Y):
                for dx in range(DOTS_X):
                    if layout.cell(cx * DOTS_X + dx, cy * DOTS_Y + dy) is not None:
                        bits |= _BITS[dy][dx * 2 // DOTS_X]
            seen = (
                cx * DOTS_X < vx + vw
                and vx < (cx + 1) * DOTS_X
                and cy * DOTS_Y < vy + vh
                and vy < (cy + 1) * DOTS_Y
            )
            row.append(MapMark(chr(0x2800 + bits) if bits else " ", None, seen))
        rows.append(row)
    for space, here in cars.items():
        slots = layout.slots.get(space)
        if not slots or not here:
            continue
        x, y = slots[0]
        car = first if first in here else here[0]
        rows[y // DOTS_Y][x // DOTS_X] = MapMark("", car, rows[y // DOTS_Y][x // DOTS_X].in_view)
    return rows


def map_to_drawing(cx: int, cy: int) -> tuple[int, int]:
    """The drawing cell at the middle of map character ``(cx, cy)``."""
    return (cx * DOTS_X + DOTS_X // 2, cy * DOTS_Y + DOTS_Y // 2)

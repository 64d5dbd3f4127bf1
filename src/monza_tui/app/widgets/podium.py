"""The podium of a race's results: the cars of places 1 to 3 standing on their steps, the
winner's the highest, drawn in text so a child sees at a glance who won.

Each car is its chip (``●B``: the car's letter carries its colour under ``NO_COLOR``) and
its driver's name above its step; cars that share a place (a shared win, R11) stand on the
same step. A pure function of the places (``race.outcome.Outcome.places``), so tests read
its lines as they are drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from monza_tui.engine import Colour
from monza_tui.i18n import colour_letter
from monza_tui.palette import CAR_STYLE
from monza_tui.race.narrate import ordinal

HEIGHTS = {1: 3, 2: 2, 3: 1}
"""Rows of each step below its cars: the winner's the highest."""
WIDEST = 22
"""The widest a step grows for long names (cells); a longer name is cut."""


def podium(places: Sequence[tuple[int, int]], names: Sequence[str],
           cars: Sequence[Colour]) -> Text:
    """The podium of ``places`` ((player, place) in finishing order): the steps of the
    places 2, 1 and 3 side by side, each with its cars' chips and names above it."""
    steps = [place for place in (2, 1, 3) if any(p == place for _, p in places)]
    standing = {place: [player for player, p in places if p == place] for place in steps}
    widths = {
        place: min(WIDEST, max(10, *(cell_len(f"●X {names[p]}") + 2 for p in standing[place])))
        for place in steps
    }
    tallest = max(HEIGHTS[place] for place in steps)
    rows = max(len(cars_on) for cars_on in standing.values()) + tallest + 1
    lines = [Text() for _ in range(rows)]
    for place in steps:
        width = widths[place]
        top = rows - HEIGHTS[place] - 1  # the step's top edge
        cars_on = standing[place]
        for row in range(rows):
            cell = Text(" " * width)
            at = row - (top - len(cars_on))
            if 0 <= at < len(cars_on):
                player = cars_on[at]
                chip = f"●{colour_letter(cars[player])}"
                label = set_cell_size(f"{chip} {names[player]}", width - 1)
                cell = Text(" ")
                cell.append(chip, CAR_STYLE[cars[player]])
                cell.append(label[len(chip):])
            elif row == top:
                cell = Text("┌" + "─" * (width - 2) + "┐")
            elif row == top + 1:
                mark = set_cell_size(ordinal(place).center(width - 2), width - 2)
                cell = Text("│" + mark + "│", style="bold" if place == 1 else "")
            elif row > top:
                cell = Text("│" + " " * (width - 2) + "│")
            lines[row].append_text(cell)
    for line in lines:
        line.rstrip()  # (a narrow terminal wraps none of them)
    return Text("\n").join(lines)


__all__ = ["podium"]

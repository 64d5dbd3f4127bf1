"""What the board's letters and marks mean, in the player's language: the one legend that
``monza boards show`` prints under a track and the rules screen shows under the rules."""

from __future__ import annotations

from rich.text import Text

from monza_tui.app.board_marks import CAR_MARK, car_glyph
from monza_tui.engine import Colour
from monza_tui.i18n import _, colour_letter, colour_name
from monza_tui.palette import CAR_STYLE, STYLE, SURFACE

CLASS_STYLE = {
    **{f"board--{name}": shade.style() for name, shade in SURFACE.items()},
    **{f"board--{colour.value}": STYLE[colour] for colour in Colour},
}
"""Rich styles of the board view's component classes (``board_view.tcss``), for the picture
on the command line; classes not listed (cars, dice: none on a preview) add nothing."""


def legend() -> Text:
    """What the picture's letters and marks mean (the same marks as in a race: see
    :mod:`monza_tui.app.board_marks`): the spaces, their thin edges and the cars, a line each."""
    spaces: list[tuple[str, str | None, str]] = [
        (colour_letter(colour), STYLE[colour], colour_name(colour)) for colour in Colour
    ]
    spaces += [
        ("▚", CLASS_STYLE["board--start"], _("start and finish")),
        ("◎", CLASS_STYLE["board--tire"], _("tire (blocked)")),
    ]
    edges: list[tuple[str, str | None, str]] = [
        ("▏▕▔▁", CLASS_STYLE["board--line"], _("a space's edge where no line fits")),
    ]
    car = CAR_STYLE[Colour.RED]
    chip = CAR_MARK + colour_letter(Colour.RED)
    cars: list[tuple[str, str | None, str]] = [
        (chip, car, _("a car (red)")),
        (car_glyph(Colour.RED), car, _("a car on a space too short for {chip}").format(chip=chip)),
        ("⁂", car, _("more cars than the space has room for")),
    ]
    out = Text()
    for line, items in enumerate((spaces, edges, cars)):
        if line:
            out.append("\n")
        for n, (mark, style, meaning) in enumerate(items):
            if n:
                out.append("  ")
            out.append(mark, style)
            out.append(f" {meaning}")
    return out

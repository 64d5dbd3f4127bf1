"""The game's colours on screen, in one place: the six colours of spaces and dice (R1), the
brighter tints the cars wear, and the board's own surfaces.

A red die must look like the red spaces it can go on, on the board, in the dice tray, in
the panel and on the command line alike, so every one of them takes its colours from here:
the command line through the Rich styles below, the app through its stylesheets
(``app/app.tcss``, ``app/board_view.tcss``), whose colour lines a test checks against this
module (``tests/test_palette.py``). Without colour (``NO_COLOR``) Rich and Textual drop the
colours and keep the text styles, and the letters carry the meaning.
"""

from __future__ import annotations

from dataclasses import dataclass

from monza_tui.engine.colours import Colour


@dataclass(frozen=True, slots=True)
class Shade:
    """A text colour on a background, both as ``#rrggbb`` hex (``None``: the surface's own)."""

    text: str
    background: str | None = None

    def style(self, *, bold: bool = False) -> str:
        """The Rich style of this shade, e.g. ``"bold #ffffff on #c62828"``."""
        parts = ["bold"] if bold else []
        parts.append(self.text)
        if self.background is not None:
            parts.append(f"on {self.background}")
        return " ".join(parts)


SPACE: dict[Colour, Shade] = {
    Colour.RED: Shade("#ffffff", "#c62828"),
    Colour.BLUE: Shade("#ffffff", "#1e5bc6"),
    Colour.GREEN: Shade("#ffffff", "#2e7d32"),
    Colour.YELLOW: Shade("#202020", "#f2c318"),
    Colour.PURPLE: Shade("#ffffff", "#7b2fa6"),
    Colour.WHITE: Shade("#202020", "#ececec"),
}
"""The six colours of spaces, dice and tiles, letters in a readable contrast (R1)."""

CAR: dict[Colour, Shade] = {
    Colour.RED: Shade("#000000", "#ff8a8a"),
    Colour.BLUE: Shade("#000000", "#8cc8ff"),
    Colour.GREEN: Shade("#000000", "#8af5a6"),
    Colour.YELLOW: Shade("#000000", "#fff07a"),
    Colour.PURPLE: Shade("#000000", "#eeaaff"),
    Colour.WHITE: Shade("#000000", "#ffffff"),
}
"""The cars: a brighter tint of their colour with black text, so a car stands out on any
space and on the dark track."""

SURFACE: dict[str, Shade] = {
    "line": Shade("#c9c9c9", "#333333"),
    "thin": Shade("#202020"),
    "tire": Shade("#111111", "#7a7a7a"),
    "start": Shade("#111111", "#f4f4f4"),
}
"""The board's surfaces: space edges on asphalt, thin edges, tires, the start and finish."""

STYLE: dict[Colour, str] = {colour: SPACE[colour].style(bold=True) for colour in Colour}
"""Rich styles of the six colours (a space, a die, a car's chip) for the command line."""

CAR_STYLE: dict[Colour, str] = {colour: CAR[colour].style(bold=True) for colour in Colour}
"""Rich styles of the cars as the board shows them."""

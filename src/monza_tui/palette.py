"""The game's colours on screen, in one place: the six colours of spaces and dice (R1), the
brighter tints the cars wear, and the board's own surfaces.

A red die must look like the red spaces it can go on, on the board, in the dice tray, in
the panel and on the command line alike, so every one of them takes its colours from here:
the command line and the board (:data:`BOARD`) through the Rich styles below, the rest of
the app through its stylesheet (``app/app.tcss``), whose colour lines a test checks against
this module (``tests/test_palette.py``). Without colour (``NO_COLOR``) Rich and Textual drop the
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

def _luminance(hex_colour: str) -> float:
    """Relative luminance of ``#rrggbb`` (WCAG)."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    a, b = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def car_ink(car: Colour, background: str) -> str:
    """The colour a car's one-cell letter is drawn in on a space of ``background``: the
    car's tint, else its deeper colour, where it stands out there (a ratio of 2 or more);
    else the darker or lighter of black and white (a yellow car on a white space)."""
    for ink in (CAR[car].background, SPACE[car].background):
        if ink is not None and contrast(ink, background) >= 2.0:
            return ink
    return "#000000" if contrast("#000000", background) >= contrast("#ffffff", background) \
        else "#ffffff"


_GROUNDS: dict[str, str] = {
    **{colour.value: SPACE[colour].background or "" for colour in Colour},
    **{name: SURFACE[name].background or "" for name in ("start", "tire")},
}
"""Each look a space's cells take (its colour, the start field, a tire) by background."""

BOARD: dict[str, str] = {
    **{name: shade.style() for name, shade in SURFACE.items()},
    **{colour.value: STYLE[colour] for colour in Colour},
    **{f"car-{colour.value}": CAR_STYLE[colour] for colour in Colour},
    # The car whose turn it is: reversed (its colour on black) and underlined.
    "car-moving": "bold reverse underline",
    # A car in one cell (its circled letter): in its ink on the space's own colour, so the
    # space shows around it; the car whose turn it is underlined (a reversed cell would
    # hide the space again).
    **{
        f"ink-{car.value}-{look}": f"bold {car_ink(car, ground)} on {ground}"
        for car in Colour
        for look, ground in _GROUNDS.items()
    },
    "ink-moving": "bold underline",
    # A space of one cell set apart from its neighbour without colour (the painter shows
    # this look only under NO_COLOR, where "GR" would read as one space).
    "parted": "reverse",
    # Which way the race goes, beside the track: the start and finish arrows, chevrons.
    "arrow": "bold #ffffff",
    "chevron": "bold #b5dba8",
    # Placed dice and tiles: their order number, like a die lying on the space.
    "token": "bold #111111 on #fafafa",
    "tile": "bold underline #111111 on #ffd28a",
    "token-done": "#555555 on #d8d8d8",
    # The hint's plan: where the expert would place the next dice, not yet placed.
    "hint": "bold italic #111111 on #7fe3ff",
    # Legal next spaces (a space only a tile reaches, R12: italic, not bold), the keyboard
    # cursor, and the frame lines of those and of the space the next step goes from.
    "highlight": "bold",
    "tile-only": "italic",
    "cursor": "bold reverse underline",
    "highlight-line": "bold #ffe45c",
    "cursor-line": "bold #ff8c1a on #1a1a1a",
    "origin-line": "bold #8fd3ff",
    # The mini-map of a track that scrolls, the part in view reversed.
    "map": "#9a9a9a on #141414",
    "map-view": "bold reverse #ffffff on #3a3a3a",
}
"""The board's looks by name, as Rich styles: a cell of the board is painted with the board's
own colours (``BoardView``'s rule) plus the looks of its marks in order (a red space, lit,
under the cursor: ``("red", "highlight", "cursor")``). They are fixed colours that no theme
changes, so they live here rather than in a stylesheet: Textual works out every component
class of a widget when it styles it, about 0.2 ms each, and the board had 29 (5 ms of every
launch). Letters and text styles (reverse, bold, underline, italic) carry the meaning without
colour (``NO_COLOR``)."""

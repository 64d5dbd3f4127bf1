"""A terminal's cells, fed what the app writes: to see a screen as a person's terminal shows
it, after every frame the app sent, not as the app's compositor holds it.

The app's frames are written as moves of the cursor and text. A terminal keeps a two-cell
character (Chinese, an emoji) in two cells, and wipes it whole when either cell is written
over (xterm, VTE, kitty, Windows Terminal alike): a frame that writes half of one loses the
character on the screen even though the app's own picture of the screen still has it."""

from __future__ import annotations

import re
from typing import Any

from rich.cells import cell_len

_ESCAPE = re.compile(r"\x1b\[(\d+);(\d+)H|\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
"""A cursor move (row; column), or another CSI or OSC sequence (colours, links: no cells)."""

RIGHT_HALF = ""
"""The second cell of a two-cell character."""


class Terminal:
    """The cells of a terminal of ``width`` x ``height``."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells = [[" "] * width for _ in range(height)]
        self.x = self.y = 0

    def feed(self, data: str) -> None:
        """Write ``data`` (text and escape sequences) at the cursor."""
        at = 0
        for found in _ESCAPE.finditer(data):
            self._text(data[at:found.start()])
            if found.group(1):
                self.y, self.x = int(found.group(1)) - 1, int(found.group(2)) - 1
            at = found.end()
        self._text(data[at:])

    def _text(self, text: str) -> None:
        for char in text:
            if char == "\n":
                self.y, self.x = min(self.y + 1, self.height - 1), 0
            elif char == "\r":
                self.x = 0
            elif self.x < self.width:
                self._put(char, cell_len(char))

    def _put(self, char: str, width: int) -> None:
        row, x = self.cells[self.y], self.x
        for cell in range(x, min(x + width, self.width)):
            self._wipe(row, cell)
        row[x] = char
        if width == 2 and x + 1 < self.width:
            row[x + 1] = RIGHT_HALF
        self.x = x + width

    def _wipe(self, row: list[str], x: int) -> None:
        """Cell ``x`` is written over: a two-cell character in it goes whole."""
        if row[x] == RIGHT_HALF and x > 0:
            row[x - 1] = " "
        elif x + 1 < self.width and row[x + 1] == RIGHT_HALF:
            row[x + 1] = " "
        row[x] = " "

    def lines(self) -> list[str]:
        """The screen as text lines (trailing spaces removed)."""
        return ["".join(row).rstrip() for row in self.cells]


def watch_frames(app: Any, terminal: Terminal) -> None:
    """Feed ``terminal`` every frame ``app`` draws from now on, as the app would write it to
    a real terminal (a test's app is headless and writes none). A frame Textual holds back
    while it mounts is fed too: the next frame it sends covers that one in any case."""
    shown = app._display

    def display(screen: Any, renderable: Any) -> None:
        shown(screen, renderable)
        render = getattr(renderable, "render_segments", None)
        if render is not None:
            terminal.feed(render(app.console))

    app._display = display

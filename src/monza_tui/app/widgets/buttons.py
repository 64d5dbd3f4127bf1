"""A dialog's buttons (:class:`DialogButton`), and the race screen's mouse buttons (Roll,
Re-roll, Keep, Drive, Take back, Decline, Hint, Skip) as ONE widget of one row.

Eight ``Button`` widgets shown and hidden as the phase changed laid the screen out again on
every such key; this row keeps its size and paints the buttons of the moment as labels in
three equal columns (as the grid of compact buttons did), a greyed one dimmed. A click on a
label presses its button (``ButtonRow.Pressed``); a greyed one ignores it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Button

from monza_tui.app.widgets.common import KeptLines, OwnStyle


class DialogButton(Button):
    """A button of a dialog or a menu screen: ← and → move to the previous and the next
    one, as Tab and Shift+Tab do (a family reaches for the arrows), and Enter presses the
    one that looks chosen (Textual's own)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
    ]


COLUMNS = 3
"""Buttons side by side (at most three are on offer at once)."""

_DIM = Style(dim=True)


class ButtonRow(KeptLines, OwnStyle, Widget, can_focus=False):
    """The buttons on offer now: (key, label, on) each; ``on`` False shows it greyed."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"button-row--button"}
    DEFAULT_CSS = """
    ButtonRow {
        height: auto;
        & > .button-row--button { text-style: bold; color: $button-foreground; }
    }
    """

    class Pressed(Message):
        """The button ``key`` (``"roll"``, ``"confirm"``...) was clicked while on offer."""

        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.buttons: tuple[tuple[str, str, bool], ...] = ()

    def show(self, buttons: tuple[tuple[str, str, bool], ...]) -> None:
        """Show ``buttons``: a repaint of one row; a layout only when the row empties or
        fills (the end of the race)."""
        if buttons == self.buttons:
            return
        size = self.size
        rows = self.get_content_height(size, size, size.width)
        self.buttons = buttons
        relayout = rows != self.get_content_height(size, size, size.width)
        self.refresh(layout=relayout)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        per_row = self._per_row(width)
        return (len(self.buttons) + per_row - 1) // per_row

    def _per_row(self, width: int) -> int:
        """Buttons side by side: three, or fewer where a label (a longer language's) would
        not fit its share of the width with a space either side."""
        longest = max((cell_len(label) for _key, label, _on in self.buttons), default=0)
        for per_row in range(COLUMNS, 1, -1):
            if longest + 2 <= width // per_row:
                return per_row
        return 1

    def _columns(self) -> list[tuple[int, int]]:
        """Each button's columns (start, end) and row: equal shares of the width."""
        width = self.line_size.width
        per_row = self._per_row(width)
        spans = []
        for i in range(len(self.buttons)):
            column = i % per_row
            spans.append((width * column // per_row, width * (column + 1) // per_row))
        return spans

    def _row(self, i: int) -> int:
        return i // self._per_row(self.size.width)

    def key_at(self, x: int, y: int) -> str | None:
        """The button at (x, y), if one on offer is there."""
        for i, (start, end) in enumerate(self._columns()):
            if self._row(i) == y and start <= x < end:
                key, _label, on = self.buttons[i]
                return key if on else None
        return None

    def button_offset(self, key: str) -> tuple[int, int] | None:
        """Where the button ``key`` is (tests click there)."""
        for i, (start, _end) in enumerate(self._columns()):
            if self.buttons[i][0] == key:
                return start, self._row(i)
        return None

    def render_line(self, y: int) -> Strip:
        base = self.own_style
        style = base + self.component_style("button-row--button", partial=True)
        segments: list[Segment] = []
        for i, (start, end) in enumerate(self._columns()):
            if self._row(i) != y:
                continue
            _key, label, on = self.buttons[i]
            width = end - start
            label = set_cell_size(label, width) if cell_len(label) > width else label
            pad = width - cell_len(label)
            text = " " * (pad // 2) + label + " " * (pad - pad // 2)
            segments.append(Segment(text, style if on else style + _DIM))
        return Strip(segments).adjust_cell_length(self.line_size.width, base).simplify()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        key = self.key_at(event.x, event.y)
        if key is not None:
            self.post_message(self.Pressed(key))


__all__ = ["ButtonRow"]

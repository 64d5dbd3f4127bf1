"""The race log: a ``RichLog`` whose new lines repaint it without a relayout of the screen.

A ``RichLog`` grows its virtual size with every line, and Textual lays the whole screen out
again for that (a virtual size change counts as a layout change), which is most of what a
key that writes to the log costs. The log's place on screen never depends on its length, so
here a new line only updates the scrollbar and repaints the log; the first time the
scrollbar appears (its width changes the content area) the screen is laid out as usual.

Each line is painted with the widget's own style, which Textual works out again by walking
the DOM for every line of every repaint (``rich_style``): here it is worked out once per
restyle.
"""

from __future__ import annotations

from typing import Any, Self

from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import RichLog


class RaceLog(RichLog):
    """A ``RichLog`` that does not lay the screen out again for a new line."""

    _writing = False
    _line_style: Style | None = None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line_style = None

    def render_line(self, y: int) -> Strip:
        style = self._line_style
        if style is None:
            style = self._line_style = self.rich_style
        scroll_x, scroll_y = self.scroll_offset
        line = self._render_line(scroll_y + y, scroll_x, self.scrollable_content_region.width)
        return line.apply_style(style)

    def write(
        self,
        content: Any,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> Self:
        # RichLog scrolls to a new line after the next frame: the line would show a frame
        # after the dice or the car that it tells of. Once the log has its size, scroll at
        # once, so both come in the same frame.
        now = bool(self._size_known and self.container_size
                   and (self.auto_scroll if scroll_end is None else scroll_end))
        self._writing = True
        try:
            super().write(content, width, expand, shrink, False if now else scroll_end, animate)
        finally:
            self._writing = False
        if self.container_size:
            self._scroll_update(self.virtual_size)  # a new scrollbar lays out as usual
        if now:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        return self

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        return super().refresh(
            *regions, repaint=repaint, layout=layout and not self._writing, recompose=recompose
        )


__all__ = ["RaceLog"]

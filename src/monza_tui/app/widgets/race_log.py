"""The race log: lines of text that wrap to the log's width, the newest kept in view.

Textual's ``RichLog`` would do, but it is made for any renderable: it imports Rich's pretty
printer (and with it ``attrs``, about 15 ms and a dozen modules of every launch), measures
each line, and lays the whole screen out again for every line it adds (a virtual size change
counts as a layout change), which was most of what a key that writes to the log cost. The
race log writes only text, and its place on screen never depends on its length, so here:

- a line is wrapped once, when written, to the width the log has then (as ``RichLog``; a
  plain line that fits, most of them, is one strip at once, without Rich's wrapping);
- a new line updates the scroll range and repaints the log; the screen is laid out again
  only when the scrollbar first appears (its width changes the content area);
- once the log has its size, a new line is scrolled into view at once, so that it shows in
  the same frame as the dice or the car it tells of (``RichLog`` scrolls a frame later);
- each line is painted with the widget's style, worked out once per restyle instead of by a
  walk up the DOM for every line of every repaint;
- a scrollbar of no width (the race screen's log has none) is left alone as the log scrolls:
  Textual would repaint it, and a widget that is not on screen being repainted makes the
  compositor map the whole screen again (a third of a millisecond of every key that writes).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Self

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from monza_tui.app.widgets.common import OwnStyle


class RaceLog(OwnStyle, ScrollView, can_focus=False):
    """The race's story, one wrapped line after another."""

    DEFAULT_CSS = """
    RaceLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
    }
    """

    def __init__(self, *, min_width: int = 20, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.min_width = min_width
        """The narrowest a line is wrapped to (a log squeezed narrower scrolls sideways)."""
        self.lines: list[Strip] = []
        """The wrapped lines, oldest first."""
        self._waiting: list[Text] = []
        """Lines written before the log had a size (wrapped once it has)."""
        self._widest = 0
        self._cache: LRUCache[tuple[int, int, int], Strip] = LRUCache(256)
        self._writing = False

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._cache.clear()

    @property
    def _size_known(self) -> bool:
        return self.size.width > 0

    def on_resize(self, event: events.Resize) -> None:
        if self._waiting and self._size_known:
            waiting, self._waiting = self._waiting, []
            self.write_lines(waiting)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.virtual_size.width if self._size_known else container.width

    def write(self, content: Text | str) -> Self:
        """Add a line at the end (wrapped to the log's width) and keep it in view."""
        return self.write_lines([content])

    def write_lines(self, contents: Iterable[Text | str]) -> Self:
        """Add lines at the end and keep the last in view: the scroll range, the scroll and
        the repaint once for them all (a drive tells of its car in two to four lines)."""
        texts = [Text(content) if isinstance(content, str) else content for content in contents]
        if not texts:
            return self
        if not self._size_known:
            self._waiting.extend(text.copy() for text in texts)
            return self
        width = max(self.scrollable_content_region.width, self.min_width)
        for text in texts:
            self.lines.extend(self._wrap(text, width))
        self._widest = max(self._widest, width)
        self._writing = True
        try:
            self.virtual_size = Size(self._widest, len(self.lines))
        finally:
            self._writing = False
        if self.container_size:
            self._scroll_update(self.virtual_size)  # a new scrollbar lays out as usual
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        self.refresh()
        return self

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        """``text`` as the strips of its lines at ``width`` columns."""
        plain = text.plain
        length = cell_len(plain)
        if not text.spans and not text.style and "\n" not in plain and 0 < length <= width:
            # Most lines: plain text that fits, one strip as Rich would make it.
            return [Strip([Segment(plain)], length)]
        console = self.app.console
        options = console.options.update_width(width)
        segments = console.render(text, options)
        # (each line is cropped or padded to the view's width as it is painted)
        lines = list(Segment.split_lines(segments))
        return Strip.from_lines(lines) or [Strip.blank(width)]

    def clear(self) -> Self:
        """Forget every line."""
        self.lines.clear()
        self._waiting.clear()
        self._cache.clear()
        self._widest = 0
        self.virtual_size = Size(0, 0)
        self.refresh()
        return self

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        if self.styles.scrollbar_size_vertical:
            super().watch_scroll_y(old_value, new_value)
        elif round(old_value) != round(new_value):
            self._refresh_scroll()

    def render_line(self, y: int) -> Strip:
        style = self.own_style
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        if index >= len(self.lines):
            return Strip.blank(width, style)
        key = (index, scroll_x, width)
        line = self._cache.get(key)
        if line is None:
            line = self.lines[index].crop_extend(scroll_x, scroll_x + width, style)
            self._cache[key] = line
        return line.apply_style(style)

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

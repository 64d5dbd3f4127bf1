"""The race log: lines of text that wrap to the log's width, the newest kept in view.

Textual's ``RichLog`` would do, but it is made for any renderable: it imports Rich's pretty
printer (and with it ``attrs``, about 15 ms and a dozen modules of every launch), measures
each line, and lays the whole screen out again for every line it adds (a virtual size change
counts as a layout change), which was most of what a key that writes to the log cost. The
race log writes only text, its place on screen never depends on its length, and a person
looks at its newest lines, so here:

- a line is wrapped once, when written, to the width the log has then (as ``RichLog``; a
  plain line that fits, most of them, is one strip at once, without Rich's wrapping, and a
  longer line of printable ASCII is cut by hand where Rich would cut it: :func:`fold_ascii`);
- it is not a scrolling widget: it paints the last lines that fit, or the lines the mouse
  wheel went back to (:attr:`RaceLog.back`) until the next line comes. A new line
  repaints the log and nothing else.
  A ``ScrollView`` scrolled to each new line, and a scroll makes Textual map every widget
  of the screen again (about half a millisecond of every key that writes here) and repaint
  a scrollbar even of no width;
- the newest line shows in the same frame as the dice or the car it tells of;
- each line is painted with the widget's style, worked out once per restyle instead of by a
  walk up the DOM for every line of every repaint;
- a line is kept as its segments (:class:`LogLine`), not as a Textual ``Strip``: a strip
  carries a kilobyte of caches, and each painted one kept two more strips in them (cut to
  the width, then styled), three and a half kilobytes a line for the whole race. Only the
  lines painted lately keep their strips (:data:`PAINTED`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Self

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.cache import LRUCache
from textual.strip import Strip
from textual.widget import Widget

from monza_tui.app.widgets.common import KeptLines, OwnStyle
from monza_tui.wording.lines import wrap_lines

PAINTED = 64
"""The log's lines kept painted (a strip each): more than a tall terminal shows."""

WHEEL_LINES = 3
"""Lines one notch of the mouse wheel goes back or forward."""


_WORD = re.compile(r"\s*\S+\s*")
"""A word as Rich's wrapping finds it: its spaces before (the first word's) and after."""


def fold_ascii(text: str, width: int) -> list[str]:
    """``text`` (printable ASCII: one cell a character) in lines of ``width`` columns,
    broken where Rich's ``Text.wrap`` breaks it (words folded where longer than a line), a
    line's spaces past the width dropped. Rich takes 70-180 µs for a line it has not seen
    before (a drive's line in the log: its caches of cell widths are cold), this about 25.
    ``tests/app/test_panel_widgets.py`` holds the two to the same lines."""
    breaks: list[int] = []
    used = 0  # columns of the current line
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group()
        length = len(word.rstrip())
        if width - used >= length:
            used += len(word)
        elif length > width:  # longer than a line: folded (the first part on a new line)
            chunks = [word[at : at + width] for at in range(0, len(word), width)]
            for chunk in chunks[:-1]:
                if start:
                    breaks.append(start)
                start += len(chunk)
            if start:
                breaks.append(start)
            used = len(chunks[-1])
        elif used and start:
            breaks.append(start)
            used = len(word)
    lines = []
    for begin, end in zip([0, *breaks], [*breaks, len(text)], strict=True):
        line = text[begin:end]
        excess = len(line) - width
        if excess > 0:  # the spaces that run past the width go, then whatever still does
            spaces = len(line) - len(line.rstrip())
            line = line[: len(line) - min(spaces, excess)][:width]
        lines.append(line)
    return lines


@dataclass(frozen=True, slots=True)
class LogLine:
    """A wrapped line of the log: its segments, and the cells they take."""

    segments: tuple[Segment, ...]
    cell_length: int

    @property
    def text(self) -> str:
        """The line's text, unstyled."""
        return "".join(segment.text for segment in self.segments)

    def __iter__(self) -> Iterator[Segment]:
        return iter(self.segments)


class RaceLog(KeptLines, OwnStyle, Widget, can_focus=False):
    """The race's story, one wrapped line after another."""

    DEFAULT_CSS = """
    RaceLog {
        background: $surface;
        color: $foreground;
    }
    """

    def __init__(self, *, min_width: int = 20, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.min_width = min_width
        """The narrowest a line is wrapped to (a log squeezed narrower crops its lines)."""
        self.lines: list[LogLine] = []
        """The wrapped lines, oldest first."""
        self.back = 0
        """Lines the view is scrolled back from the newest (0: the newest lines show)."""
        self._waiting: list[Text] = []
        """Lines written before the log had a size (wrapped once it has)."""
        self._cache: LRUCache[tuple[int, int], Strip] = LRUCache(PAINTED)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._cache.clear()

    @property
    def _size_known(self) -> bool:
        return self.size.width > 0

    def on_resize(self, event: events.Resize) -> None:
        self._cache.clear()
        self.back = min(self.back, self._most_back())
        if self._waiting and self._size_known:
            waiting, self._waiting = self._waiting, []
            self.write_lines(waiting)

    def write(self, content: Text | str) -> Self:
        """Add a line at the end (wrapped to the log's width)."""
        return self.write_lines([content])

    def write_lines(self, contents: Iterable[Text | str]) -> Self:
        """Add lines at the end, repainted at once: the newest show (also after the wheel
        went back)."""
        texts = [Text(content) if isinstance(content, str) else content for content in contents]
        if not texts:
            return self
        if not self._size_known:
            self._waiting.extend(text.copy() for text in texts)
            return self
        width = max(self.size.width, self.min_width)
        for text in texts:
            self.lines.extend(self._wrap(text, width))
        self.back = 0  # the race moved on: its news shows, as it did before the wheel
        self.refresh()
        return self

    def _wrap(self, text: Text, width: int) -> list[LogLine]:
        """``text`` as its lines at ``width`` columns."""
        plain = text.plain
        console = self.app.console
        if not text.spans and not text.style and "\n" not in plain and "\t" not in plain:
            ascii_line = plain.isascii() and plain.isprintable()  # (one cell a character)
            length = len(plain) if ascii_line else cell_len(plain)
            if 0 < length <= width:
                # Most lines: plain text that fits, one strip as Rich would make it.
                return [LogLine((Segment(plain),), length)]
            if ascii_line:
                # Most of the rest (a drive's line): cut where Rich cuts it, by hand.
                return [LogLine((Segment(line),), len(line)) for line in fold_ascii(plain, width)]
            if length > len(plain):
                # Wide (Chinese) characters: broken between them by the line-start rules
                # (wording.lines), "，" never first on a line.
                return [LogLine((Segment(line),), cell_len(line))
                        for line in wrap_lines(plain, width)]
            if length:
                # Plain text that does not fit: cut where Rich cuts it, without rendering
                # it through the console (a third of the time).
                cut = text.wrap(console, width, justify="default", overflow="fold")
                return [LogLine((Segment(line.plain),), line.cell_len) for line in cut]
        if not plain:
            return [LogLine((), 0)]  # (a blank line)
        # Styled text (a roll's colours): wrapped, and each line rendered, as the console's
        # render does it, without joining the lines into one text to split them again
        # (half the time). Each line is cropped or padded to the view's width as it is
        # painted.
        lines = ([text] if cell_len(plain) <= width and "\n" not in plain and "\t" not in plain
                 else text.wrap(console, width, justify="default", overflow="fold"))
        return [LogLine(tuple(line.render(console)), line.cell_len) for line in lines]

    def clear(self) -> Self:
        """Forget every line."""
        self.lines.clear()
        self._waiting.clear()
        self._cache.clear()
        self.back = 0
        self.refresh()
        return self

    # The mouse wheel ---------------------------------------------------------------------

    def _most_back(self) -> int:
        return max(0, len(self.lines) - self.size.height)

    def _go_back(self, lines: int) -> None:
        back = min(max(0, self.back + lines), self._most_back())
        if back != self.back:
            self.back = back
            self.refresh()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self._go_back(WHEEL_LINES)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self._go_back(-WHEEL_LINES)

    # Painting ----------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        style = self.own_style
        width, height = self.line_size
        index = max(0, len(self.lines) - height - self.back) + y
        if index >= len(self.lines):
            return Strip.blank(width, style)
        key = (index, width)
        strip = self._cache.get(key)
        if strip is None:
            line = self.lines[index]
            strip = Strip(line.segments, line.cell_length).crop_extend(0, width, style)
            strip = self._cache[key] = strip.apply_style(style)
        return strip


__all__ = ["LogLine", "RaceLog"]

"""The race log: a ``RichLog`` whose new lines repaint it without a relayout of the screen.

A ``RichLog`` grows its virtual size with every line, and Textual lays the whole screen out
again for that (a virtual size change counts as a layout change), which is most of what a
key that writes to the log costs. The log's place on screen never depends on its length, so
here a new line only updates the scrollbar and repaints the log; the first time the
scrollbar appears (its width changes the content area) the screen is laid out as usual.
"""

from __future__ import annotations

from typing import Any, Self

from textual.geometry import Region
from textual.widgets import RichLog


class RaceLog(RichLog):
    """A ``RichLog`` that does not lay the screen out again for a new line."""

    _writing = False

    def write(self, *args: Any, **kwargs: Any) -> Self:
        self._writing = True
        try:
            super().write(*args, **kwargs)
        finally:
            self._writing = False
        if self.container_size:
            self._scroll_update(self.virtual_size)  # a new scrollbar lays out as usual
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

"""The race screen's footer: the keys on offer now, as one line of text.

Textual's ``Footer`` rebuilds itself (a widget per key, mounted, styled and laid out) each
time the keys on offer change, which on the race screen is every key that changes the phase;
that work competed with the next key. This footer is one widget of one row: when the keys
change it only paints its line again (no layout, no new widgets). It reads the same
bindings as ``Footer`` (the screen's active bindings, ``show`` ones, one per action, in the
same order) and writes them the same way (`` key description ``), so the screen reads the
same; a click on a key presses it, as on ``Footer``.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from monza_tui.app.widgets.common import KeptLines, OwnStyle


class KeyLine(KeptLines, OwnStyle, Widget, can_focus=False):
    """One line of the keys that do something now (``check_action`` decides)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"key-line--key", "key-line--description"}
    DEFAULT_CSS = """
    KeyLine {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .key-line--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-line--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._keys: tuple[tuple[str, str, str, bool], ...] = ()
        """(key, shown key, description, enabled) of each key shown."""
        self._spans: list[tuple[int, int, str]] = []
        """Columns (start, end) of each key, and the key a click there presses."""
        self._stale = False
        """The keys changed while another screen was on top: read them when painted."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._keys = self._offered()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _offered(self) -> tuple[tuple[str, str, str, bool], ...]:
        """The keys to show, as ``Footer`` chooses them: one per action."""
        seen: dict[str, tuple[str, str, str, bool]] = {}
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen[binding.action] = (
                binding.key, self.app.get_key_display(binding), binding.description, enabled
            )
        return tuple(seen.values())

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if not (self.is_attached and screen is self.screen and screen.is_current):
            # Another screen on top (the results, the quit question): read the keys when
            # this one is painted again (what they depend on may be gone meanwhile).
            self._stale = True
            return
        self._stale = False
        keys = self._offered()
        if keys != self._keys:
            self._keys = keys
            self.refresh()  # one row, the same size: a repaint, never a layout

    def render_line(self, y: int) -> Strip:
        if self._stale and self.screen.is_current:
            self._stale = False
            self._keys = self._offered()
        width = self.line_size.width
        base, key_style, text_style = self._looks()
        dim = Style(dim=True)
        segments: list[Segment] = []
        spans: list[tuple[int, int, str]] = []
        x = 0
        for key, shown, description, enabled in self._keys:
            start = x
            label = f" {shown} "
            segments.append(Segment(label, key_style if enabled else key_style + dim))
            x += cell_len(label)
            if description:
                words = f"{description} "
                segments.append(Segment(words, text_style if enabled else text_style + dim))
                x += cell_len(words)
            spans.append((start, x, key if enabled else ""))
        self._spans = spans
        return Strip(segments).adjust_cell_length(width, base).simplify()

    def _looks(self) -> tuple[Style, Style, Style]:
        """The line's, the keys' and the descriptions' styles (kept until a restyle)."""
        base = self.own_style
        return (base, base + self.component_style("key-line--key"),
                base + self.component_style("key-line--description"))

    def key_at(self, x: int) -> str | None:
        """The key shown at column ``x`` (None: none there, or one that is off now)."""
        for start, end, key in self._spans:
            if start <= x < end:
                return key or None
        return None

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self.key_at(event.x)
        if key is not None:
            self.app.simulate_key(key.split(",")[0])


__all__ = ["KeyLine"]

"""The terminal's cursor follows what is selected, so that a screen reader (which reads
where the cursor is) reads it: the cursor space on the board or the picked die on the race
screen, the focused field on the set-up screen, the highlighted line of a list.

Textual hides the cursor and moves it to ``App.cursor_position`` with every frame it writes
(an ``Input`` puts it at its caret the same way). Setting it is a coordinate and no more:
it adds no repaint, the frame that shows the key carries it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.geometry import Offset
from textual.widgets import Input, OptionList

from monza_tui.app.widgets.common import one
from monza_tui.engine import Die

if TYPE_CHECKING:
    from textual.screen import Screen

    from monza_tui.app.screens.race_pace import RacePace
    from monza_tui.race.now import Pointer

    _Race = RacePace
    _Screen = Screen[Any]
else:
    _Race = object
    _Screen = object


def highlighted_line(option_list: OptionList) -> Offset | None:
    """Where the highlighted option of a list is on the screen (one line per option)."""
    index = option_list.highlighted
    if index is None:
        return None
    content = option_list.content_region
    return Offset(content.x, content.y + index - round(option_list.scroll_target_y))


class FollowOnRace(_Race):
    """The race screen's half: the cursor on the cursor space, else the picked die, else
    the prompt (what to do now)."""

    pointer: Pointer
    _placed_cursor = False

    def follow_focus(self) -> None:
        """Put the terminal's cursor on what the pointer selects (called as it is drawn)."""
        # (here, not at the top: the set-up screen's half needs neither the board nor the
        # dice, and the set-up screen is the first a player sees)
        from monza_tui.app.board_view import BoardView
        from monza_tui.app.widgets.dice import DiceTray
        from monza_tui.app.widgets.panel import TurnBanner

        board = one(self, "BoardView", BoardView)
        if not board.size:  # not laid out yet: once it is
            if not self._placed_cursor:
                self._placed_cursor = True
                self.call_after_refresh(self.follow_focus)
            return
        pointer = self.pointer
        at: Offset | None = None
        if pointer.cursor is not None and self._frame is None:
            at = board.space_offset(pointer.cursor)
        if at is None and isinstance(pointer.selected, Die):
            tray = one(self, "DiceTray", DiceTray)
            x = tray.chip_x(pointer.selected.index)
            if x is not None:  # on its number: a die's two letters centred in four columns
                at = tray.content_region.offset + Offset(x + 1, 0)
        if at is None:
            at = one(self, "TurnBanner", TurnBanner).prompt_offset
        self.app.cursor_position = at

    def on_screen_resume(self) -> None:
        # Back from a dialog (the cursor was in it).
        if self.is_mounted:
            self.follow_focus()


class FollowFocus(_Screen):
    """A form's half: the cursor on the focused field (an ``Input`` puts it at its caret
    itself) or the highlighted line of an open list."""

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        widget = event.widget
        if isinstance(widget, OptionList):
            at = highlighted_line(widget)
            if at is not None:
                self.app.cursor_position = at
                return
        if not isinstance(widget, Input):
            self.app.cursor_position = widget.content_region.offset

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        at = highlighted_line(event.option_list)
        if at is not None and event.option_list.has_focus:
            self.app.cursor_position = at


__all__ = ["FollowFocus", "FollowOnRace", "highlighted_line"]

"""Where the board view draws a space, so that mouse tests can click it."""

from __future__ import annotations

from typing import Any

from textual.geometry import Offset

from monza_tui.app.board_view import BoardView


def space_point(app: Any, space: int) -> tuple[int, int]:
    """An (x, y) offset inside the board view that clicks ``space`` (asked of the view
    itself, so the test follows whatever layout it chose for the terminal size)."""
    view = app.screen.query_one(BoardView)
    width, height = view.scrollable_content_region.size
    for y in range(height):
        for x in range(width):
            if view.space_at(Offset(x, y)) == space:
                return (x, y)
    raise AssertionError(f"space {space} is not on screen")

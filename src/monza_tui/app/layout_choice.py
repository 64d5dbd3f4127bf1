"""Which drawing of a board to show: one board's drawings, made at each scale when first
asked for, and the largest that fits the cells the app gives the board.

Separate from the drawing code (:mod:`monza_tui.app.track_layout`) because it also reads the
shipped drawings of the built-in boards (:mod:`monza_tui.app.layout_cache`), which are made
with that code: this module sits above both, so neither imports the other in a circle.
"""

from __future__ import annotations

from typing import ClassVar

from monza_tui.app.track_drawing import SCALES, Layout, Scale
from monza_tui.app.track_layout import layout_board, outline_size, walk_legs
from monza_tui.app.track_legs import LegWalker
from monza_tui.boardfile import BoardFile
from monza_tui.engine import Board

__all__ = ["Layouts"]

_COMPASS = {"E": (1, 0), "W": (-1, 0), "N": (0, -1), "S": (0, 1)}
"""A leg's direction as a step of (columns, rows)."""


class Layouts:
    """One board's drawings, made at each scale when first asked for (a few tens of ms
    each), so resizing back and forth costs nothing after the first time. Choosing walks a
    scale's outline first (a third of the work) and builds only a drawing that may fit.
    :meth:`of` shares them between the race screens of one board (a rematch draws at once)."""

    _shared: ClassVar[dict[tuple[int, bool, tuple[str, ...]], tuple[Board, Layouts]]] = {}
    SHARED = 4
    """Boards whose drawings are kept for the next screen that shows them."""

    def __init__(self, board_file: BoardFile) -> None:
        self.board_file = board_file
        self._made: dict[Scale, Layout] = {}
        self._walked: dict[Scale, LegWalker] = {}
        self._bounds: dict[Scale, tuple[int, int]] = {}
        self._not_shipped: set[Scale] = set()

    @classmethod
    def of(cls, board_file: BoardFile) -> Layouts:
        """The drawings of ``board_file``'s board, shared with earlier screens of it."""
        board, shape = board_file.board, board_file.shape
        key = (id(board), shape.loop, tuple(shape.legs))
        found = cls._shared.get(key)
        if found is not None and found[0] is board:
            return found[1]
        layouts = cls(board_file)
        while len(cls._shared) >= cls.SHARED:
            cls._shared.pop(next(iter(cls._shared)))
        cls._shared[key] = (board, layouts)
        return layouts

    def at(self, scale: Scale) -> Layout:
        """The drawing at ``scale`` (a built-in board's comes ready-made with the game)."""
        layout = self._made.get(scale) or self._shipped(scale)
        if layout is None:
            walked = self._walked.pop(scale, None)
            layout = layout_board(
                self.board_file.board, self.board_file.shape, scale, walked=walked
            )
            self._made[scale] = layout
        return layout

    def bound(self, scale: Scale) -> tuple[int, int]:
        """At least the columns and rows of the drawing at ``scale`` (exact once made, or
        for a built-in board as shipped: known without reading the drawing)."""
        layout = self._made.get(scale)
        if layout is not None:
            return layout.width, layout.height
        if self.board_file.builtin and scale not in self._not_shipped:
            from monza_tui.app.layout_cache import shipped_size

            known = shipped_size(self.board_file, scale)
            if known is not None:
                return known[0], known[1]
            layout = self._shipped(scale)
            if layout is not None:
                return layout.width, layout.height
        size = self._bounds.get(scale)
        if size is None:
            walked = walk_legs(self.board_file.board, self.board_file.shape, scale)
            self._walked[scale] = walked  # kept until the drawing is made (if ever)
            size = self._bounds[scale] = outline_size(walked)
        return size

    def _shipped(self, scale: Scale) -> Layout | None:
        """The drawing at ``scale`` as shipped for a built-in board (made and kept)."""
        if not self.board_file.builtin or scale in self._not_shipped:
            return None
        from monza_tui.app.layout_cache import shipped

        layout = shipped(self.board_file, scale)
        if layout is None:
            self._not_shipped.add(scale)
        else:
            self._made[scale] = layout
        return layout

    def legs_span(self, scale: Scale) -> tuple[int, int]:
        """Columns and rows the legs' walk spans at ``scale`` (a track unit is
        ``unit_cols`` x ``unit_rows`` cells): the drawing encloses it, so it is at most
        :meth:`bound`, and it costs nothing to know (the walk of the track at the largest
        scale is the dearest part of a launch)."""
        x = y = 0
        xs, ys = [0], [0]
        for direction, length in self.board_file.shape.leg_units():
            dx, dy = _COMPASS[direction]
            x, y = x + dx * length, y + dy * length
            xs.append(x)
            ys.append(y)
        return (max(xs) - min(xs)) * scale.unit_cols, (max(ys) - min(ys)) * scale.unit_rows

    def smallest(self) -> Layout:
        """The smallest complete drawing (or the compact one, if none is complete)."""
        for scale in reversed(SCALES):
            if self.at(scale).complete:
                return self.at(scale)
        return self.at(SCALES[-1])

    def choose(self, width: int, height: int) -> Layout:
        """The largest complete drawing that fits ``width`` x ``height``; if none fits, the
        smallest complete one (the widget then scrolls)."""
        for scale in SCALES:
            least_width, least_height = self.legs_span(scale)
            if least_width > width or least_height > height:
                continue  # too large even for the legs alone: not worth walking the track
            least_width, least_height = self.bound(scale)
            if least_width > width or least_height > height:
                self._walked.pop(scale, None)  # too large: never drawn at this size
                continue
            layout = self.at(scale)
            if layout.complete and layout.width <= width and layout.height <= height:
                return layout
        return self.smallest()


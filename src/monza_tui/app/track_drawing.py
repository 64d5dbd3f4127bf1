"""A board's drawing as data: its cells (:class:`Cell`), the drawing at one scale
(:class:`Layout`) and the scales there are (:data:`SCALES`).

What the painter, the mini-map, the board widget and the shipped drawings need to know of a
drawing, without the code that makes one (:mod:`monza_tui.app.track_layout`, which also
explains the rules): a shipped drawing (:mod:`monza_tui.app.layout_cache`) is these classes
pickled, so loading one reads only this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from monza_tui.app.track_legs import Cellpos, Scale

__all__ = ["SCALES", "Cell", "Cellpos", "Layout", "Scale"]

SCALES: tuple[Scale, ...] = (
    Scale("large", 6, 3, 3),
    Scale("roomy", 4, 2, 3),
    Scale("normal", 3, 2, 3),
    Scale("compact", 2, 2, 2),
)
"""Largest first; :meth:`~monza_tui.app.layout_choice.Layouts.choose` takes the first complete
drawing that fits."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One terminal cell of the drawing: an outline glyph, or part of one or two spaces."""

    line: str | None
    """The box-drawing glyph of an outline or space edge; ``None`` for a content cell."""
    spaces: tuple[int, ...] = ()
    """The spaces drawn here: one, or on a loop the start field and the finish over it."""
    edge: str | None = None
    """A thin edge glyph (``▏▕▔▁``) for a content cell where a full edge line had no room;
    the painter keeps one per space visible (see :func:`~monza_tui.app.board_marks.place_marks`)."""
    edge_ahead: bool = False
    """Whether :attr:`edge` is the space's front edge, lent by the space ahead (whose only
    cell then keeps room for its letter); otherwise it is the space's back edge."""
    edge_lent: bool = False
    """Whether this cell's back edge is drawn in the cell behind it (``edge_ahead`` there)."""


@dataclass(frozen=True)
class Layout:
    """A board drawn at one scale: every cell, and per space where its glyphs go."""

    scale: Scale
    width: int
    height: int
    rows: tuple[tuple[Cell | None, ...], ...]
    """``rows[y][x]``: the cell, or ``None`` off the track."""
    slots: Mapping[int, tuple[Cellpos, ...]]
    """Per space its content cells, best first: the letter goes in the first, then cars and
    placed dice; the start and finish fields drawn over each other share their cells."""
    frames: Mapping[int, tuple[Cellpos, ...]]
    """Per space the outline cells around it (for highlighting its edges)."""
    space_rows: Mapping[int, tuple[int, ...]]
    """Per space the rows its cells and frame touch (to refresh only those lines)."""
    lanes_right: bool
    """Whether lane ``a`` is on the right of the direction of travel (see module docstring)."""
    problems: tuple[str, ...] = ()
    """Why this drawing is not good (legs too short, overlaps, spaces without a cell)."""
    headings: Mapping[int, str] = field(default_factory=dict)
    """Per space the direction of travel on it (``E S W N``) at its first content cell."""

    @property
    def complete(self) -> bool:
        """Every space drawn with at least one cell and nothing overlapping."""
        return not self.problems

    def cell(self, x: int, y: int) -> Cell | None:
        """The cell at ``(x, y)``, ``None`` off the track or outside the drawing."""
        if 0 <= y < self.height and 0 <= x < self.width:
            return self.rows[y][x]
        return None

    def bounds(self, space: int, *, frame: bool = True) -> tuple[int, int, int, int]:
        """``(x, y, width, height)`` of a space's cells and (unless not ``frame``) its
        frame."""
        cells = self.slots.get(space, ()) + (self.frames.get(space, ()) if frame else ())
        if not cells:
            return (0, 0, 0, 0)
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        return (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)

"""The board's painter: a scene on one drawing, as the drawing's rows of styled cells.

A :class:`BoardPainter` turns a :class:`~monza_tui.race.scene.Scene` and a
:class:`~monza_tui.app.track_drawing.Layout` into lines (Textual's :class:`Strip`, a value:
no widget state here). The board widget (:mod:`monza_tui.app.board_view`) keeps what is
Textual's (its size, the scrolling, the regions sent to the terminal, clicks) and asks this
for rows. One painter paints one drawing at one left margin; another drawing or margin is
another painter.

It keeps each space's cells for the scene shown and each row as the view last cut it; on a
new scene it paints again only the spaces whose look changed and drops only their rows (a
cursor move is two spaces, not the board). ``tests/app/test_fresh_paint.py`` holds that
incremental path to a painter that paints the same scene from scratch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from monza_tui.app.board_marks import PARTED, Paint, paint_space, parted_spaces
from monza_tui.app.track_arrows import direction_marks
from monza_tui.app.track_drawing import Cellpos, Layout
from monza_tui.engine import Board
from monza_tui.palette import BOARD
from monza_tui.race.scene import Scene, changed_spaces, reframed_spaces

_BLANK: tuple[str, ...] = ()
_LINE = ("line",)
_EMPTY_CELL = (" ", _BLANK)
Piece = tuple[str, Cellpos | None, tuple[int, ...] | None]
"""A piece of a drawing row to paint: a run of blank cells ``(text, None, None)``, a cell of
a space ``("", position, None)`` (its look comes from the scene), or a frame line
``(glyph, None, the spaces it borders)``."""

CellsOf = Callable[[Cellpos, Paint], Paint]
"""The look of a cell, or the default given (``dict.get`` of a board's painted cells)."""

_HEAVY = str.maketrans("─│┼├┤┬┴╭╮╰╯", "━┃╋┣┫┳┻┏┓┗┛")
"""The cursor's frame is drawn heavy, so it shows without colour too."""

READY = 2
"""Scenes painted ahead at most (:meth:`BoardPainter.prepare`): the Enter key's and the
hint's."""


@dataclass(frozen=True)
class _Ready:
    """A scene painted ahead (:meth:`BoardPainter.prepare`), and what it was painted over."""

    over: Scene
    scene: Scene
    view: tuple[int, int]
    """The view's scroll and width the rows were cut to."""
    changed: frozenset[int]
    cells: dict[Cellpos, Paint]
    rows: frozenset[int]
    strips: dict[int, Strip]

    def fits(self, shown: Scene, scene: Scene, view: tuple[int, int] | None) -> bool:
        """Whether this is ``scene`` painted over ``shown`` for the view now."""
        return self.over is shown and self.view == view and self.scene == scene


def line_look(scene: Scene, owners: tuple[int, ...], glyph: str) -> Paint:
    """The look of a frame line bordering the spaces ``owners``: heavy around the cursor,
    lit around a legal next space, marked around the step's origin."""
    if scene.cursor is not None and scene.cursor in owners:
        return glyph.translate(_HEAVY), ("line", "cursor-line")
    if any(s in scene.highlights for s in owners):
        return glyph, ("line", "highlight-line")
    if scene.origin is not None and scene.origin in owners:
        return glyph, ("line", "origin-line")
    return glyph, _LINE


class BoardPainter:
    """One drawing of a board painted with scenes (see the module). ``left``: blank columns
    before the drawing (the widget centres it); ``base``: the widget's own style, asked
    when the looks are first worked out (it walks the DOM) and again after
    :meth:`restyle`; ``plain``: whether the screen shows no colour (``NO_COLOR``), asked
    then too (the look :data:`~monza_tui.app.board_marks.PARTED` shows only then)."""

    def __init__(self, board: Board, layout: Layout, scene: Scene, *, left: int = 0,
                 base: Callable[[], Style] = Style,
                 plain: Callable[[], bool] = lambda: False) -> None:
        self.board = board
        self._plain = plain
        self.layout = layout
        self.left = left
        self.scene = scene
        self._base = base
        self.cells: dict[Cellpos, Paint] = {
            pos: (glyph, (look,)) for pos, (glyph, look) in direction_marks(layout, board).items()
        }
        """Each content cell's text and looks for :attr:`scene`, and the direction marks
        beside the track (:mod:`~monza_tui.app.track_arrows`: painted once, off the spaces)."""
        self._parted = parted_spaces(layout, board)
        owners: dict[Cellpos, list[int]] = {}
        for space, frame in layout.frames.items():
            for cell in frame:
                owners.setdefault(cell, []).append(space)
        self._frame_owners = {cell: tuple(spaces) for cell, spaces in owners.items()}
        self._plans: dict[int, list[Piece]] = {}
        """Each drawing row's plan (see _plan)."""
        self._viewed: dict[int, Strip] = {}
        """The drawing's rows as the view shows them (for :attr:`_viewed_at`, its scroll and
        width), made when first painted, dropped when they change."""
        self._viewed_at: tuple[int, int] | None = None
        self._styles: dict[tuple[str, ...], Style] = {}
        self._ready: list[_Ready] = []
        """Scenes painted ahead (see :meth:`prepare`): at most :data:`READY`."""
        self._paint(range(len(board.spaces)))

    # Scenes ----------------------------------------------------------------------------

    def show(self, scene: Scene) -> AbstractSet[int]:
        """Paint ``scene`` over the one shown; the spaces whose look changed (only their
        cells were painted again, only their rows dropped)."""
        old = self.scene
        candidates, self._ready = self._ready, []
        ready = next((r for r in candidates if r.fits(old, scene, self._viewed_at)), None)
        self.scene = scene
        if ready is not None:
            self.cells.update(ready.cells)
            self._forget_rows(ready.rows)
            self._viewed.update(ready.strips)
            return ready.changed
        changed = changed_spaces(old, scene)
        self._paint(changed)
        self._forget_rows(self.rows_of(changed, old, scene))
        return changed

    def prepare(self, scene: Scene) -> None:
        """Paint ``scene`` ahead, while the one before it is shown, for :meth:`show` to swap
        in (cut to the view the rows were last cut to). The last :data:`READY` are kept
        while the same scene is shown."""
        old = self.scene
        kept = [r for r in self._ready if r.over is old]
        self._ready = kept[max(0, len(kept) - READY + 1):]
        if self._viewed_at is None:
            return
        changed = changed_spaces(old, scene)
        cells: dict[Cellpos, Paint] = {}
        for index in changed:
            cells.update(paint_space(self.layout, self.board, scene, index, self._parted))
        rows = self.rows_of(changed, old, scene)
        scroll_x, width = self._viewed_at
        shown = self.cells

        def after(cell: Cellpos, blank: Paint) -> Paint:  # (the cells after, uncopied)
            return cells.get(cell) or shown.get(cell, blank)

        strips = {row: self._make_row(row, scroll_x, width, scene, after)
                  for row in rows if 0 <= row < self.layout.height}
        self._ready.append(_Ready(old, scene, self._viewed_at, frozenset(changed), cells,
                                  frozenset(rows), strips))

    def rows_of(self, changed: Iterable[int], old: Scene, new: Scene) -> set[int]:
        """The drawing rows that change with the ``changed`` spaces: a space whose frame
        looks the same (its cars or tokens alone changed: most of a drive's) changes only
        its cells' rows."""
        layout = self.layout
        reframed = reframed_spaces(old, new)
        rows: set[int] = set()
        for space in changed:
            if space in reframed:
                rows.update(layout.space_rows.get(space, ()))
            else:
                rows.update(y for _, y in layout.slots.get(space, ()))
        return rows

    def _paint(self, spaces: Iterable[int]) -> None:
        """Recompute the cells of ``spaces`` for the scene."""
        for index in spaces:
            self.cells.update(
                paint_space(self.layout, self.board, self.scene, index, self._parted)
            )

    # Looks -----------------------------------------------------------------------------

    def restyle(self) -> None:
        """The widget's style may have changed: work the looks and the rows out again."""
        self._styles.clear()
        self._forget_rows()
        self._ready = []

    @property
    def blank(self) -> Style:
        """The widget's own style (asked once per restyle)."""
        return self.style(())

    def style(self, looks: tuple[str, ...]) -> Style:
        """The widget's own style with ``looks`` (``palette.BOARD``) over it, in order."""
        style = self._styles.get(looks)
        if style is None:
            style = self._base()
            for name in looks:
                if name != PARTED or self._plain():
                    style += Style.parse(BOARD[name])
            self._styles[looks] = style
        return style

    # Rows ------------------------------------------------------------------------------

    def _forget_rows(self, rows: Iterable[int] | None = None) -> None:
        """Drop the strips of drawing ``rows`` (all when None): they changed."""
        if rows is None:
            self._viewed.clear()
            return
        for row in rows:
            self._viewed.pop(row, None)

    def view_row(self, row: int, scroll_x: int, width: int) -> Strip:
        """Drawing row ``row`` as the view shows it (scrolled to ``scroll_x``, ``width``
        columns), kept until the row or the view changes."""
        if self._viewed_at != (scroll_x, width):
            self._viewed_at = (scroll_x, width)
            self._viewed.clear()
        strip = self._viewed.get(row)
        if strip is None:
            strip = self._viewed[row] = self._make_row(row, scroll_x, width)
        return strip

    def kept_rows(self) -> frozenset[int]:
        """The drawing rows kept as the view shows them (not painted again until they
        change)."""
        return frozenset(self._viewed)

    def _make_row(self, row: int, scroll_x: int, width: int, scene: Scene | None = None,
                  cells: CellsOf | None = None) -> Strip:
        """Drawing row ``row`` scrolled to ``scroll_x``, ``width`` columns (of ``scene``
        with ``cells``: one painted ahead)."""
        drawn = self.left + self.layout.width
        if scroll_x == 0 and drawn <= width:  # (all in view: no cropping)
            return self._row(row, width - drawn, scene, cells)
        return self._row(row, 0, scene, cells).crop_extend(scroll_x, scroll_x + width,
                                                           self.blank)

    def _plan(self, y: int) -> list[Piece]:
        """Drawing row ``y`` as pieces to paint, worked out once per drawing (see
        :data:`Piece`)."""
        plan = self._plans.get(y)
        if plan is None:
            plan = []
            owners_of = self._frame_owners.get
            marked = self.cells
            for x, cell in enumerate(self.layout.rows[y]):
                if cell is None and (x, y) in marked:  # a direction mark
                    plan.append(("", (x, y), None))
                elif cell is None:
                    if plan and plan[-1][1] is None and plan[-1][2] is None:
                        plan[-1] = (f"{plan[-1][0]} ", None, None)
                    else:
                        plan.append((" ", None, None))
                elif cell.line is None:
                    plan.append(("", (x, y), None))
                else:
                    plan.append((cell.line, None, owners_of((x, y), ())))
            self._plans[y] = plan
        return plan

    def _row(self, y: int, pad: int = 0, scene: Scene | None = None,
             cells_of: CellsOf | None = None) -> Strip:
        """The strip of drawing row ``y`` (drawing coordinates), ``pad`` blank columns after.

        The one loop over cells a repaint runs (a row of the long track is about ninety
        cells, and a key repaints several rows): it follows the row's plan (blank cells
        already joined, each line's spaces already found), groups cells into runs of the
        same look, and finds a look's style once per run. ``scene`` and ``cells_of``: a
        scene painted ahead (:meth:`prepare`), and its cells, not the one shown."""
        blank = self.blank
        segments: list[Segment] = []
        if self.left:
            segments.append(Segment(" " * self.left, blank))
        if 0 <= y < self.layout.height:
            cells = self.cells.get if cells_of is None else cells_of
            scene = self.scene if scene is None else scene
            # The spaces whose frame lines have a look of their own (see line_look).
            marked = {scene.cursor, scene.origin, *scene.highlights} - {None}
            style_of = self.style
            run: list[str] = []
            run_looks: tuple[str, ...] | None = None
            for glyph, pos, owners in self._plan(y):
                if pos is not None:
                    text, looks = cells(pos, _EMPTY_CELL)
                elif owners is None:
                    text, looks = glyph, _BLANK
                elif not owners or marked.isdisjoint(owners):  # a plain line
                    text, looks = glyph, _LINE
                else:
                    text, looks = line_look(scene, owners, glyph)
                if looks != run_looks and run:
                    segments.append(Segment("".join(run), style_of(run_looks or _BLANK)))
                    run = []
                run_looks = looks
                run.append(text)
            if run:
                segments.append(Segment("".join(run), style_of(run_looks or _BLANK)))
        if pad:
            segments.append(Segment(" " * pad, blank))
        return Strip(segments)


__all__ = ["READY", "BoardPainter", "line_look"]

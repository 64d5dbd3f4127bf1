"""The board widget: the track drawn with box drawing and colours, cars, dice and highlights.

Geometry comes from :mod:`monza_tui.app.track_layout` (pure); what to show comes from a
:class:`~monza_tui.race.scene.Scene` (pure, derived from one engine state). This widget only
paints, with Textual's Line API: one cached :class:`Strip` per row, and on a new scene only
the rows of spaces whose look changed are refreshed. The drawing is re-laid out (the largest
scale that fits) when the widget is resized; the scene is kept, so resizing mid-race changes
nothing but the picture. Clicking a space posts :class:`BoardView.SpaceClicked`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.strip import Strip

from monza_tui.app import textual_shim
from monza_tui.app.board_map import MapOverlay
from monza_tui.app.board_marks import Paint, paint_space
from monza_tui.app.track_layout import Cellpos, Layout, Layouts
from monza_tui.app.widgets.common import KeptLines, OwnStyle
from monza_tui.boardfile import BoardFile
from monza_tui.engine import SpaceKind
from monza_tui.i18n import _, colour_name
from monza_tui.palette import BOARD
from monza_tui.race.scene import Scene, changed_spaces, reframed_spaces

MIN_VIEW = (30, 11)
"""The smallest board area (columns, rows) the race is playable in (scrolling): a band's
cross-section and a few spaces of it. Smaller, the app asks to enlarge the terminal."""

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
"""Scenes painted ahead at most (:meth:`BoardView.prepare`): the Enter key's and the hint's."""


@dataclass(frozen=True)
class _Ready:
    """A scene painted ahead (:meth:`BoardView.prepare`), and what it was painted over."""

    over: Scene
    scene: Scene
    layout: Layout
    view: tuple[int, int]
    """The view's scroll and width the rows were cut to."""
    changed: frozenset[int]
    cells: dict[Cellpos, Paint]
    rows: frozenset[int]
    strips: dict[int, Strip]

    def fits(self, shown: Scene, scene: Scene, layout: Layout,
             view: tuple[int, int] | None) -> bool:
        """Whether this is ``scene`` painted over ``shown`` for the drawing and view now."""
        return (self.over is shown and self.layout is layout and self.view == view
                and self.scene == scene)


def line_spans(boxes: Iterable[Region], view: Region) -> list[Region]:
    """``boxes`` as one region a line, from the first changed cell to the last, within
    ``view``. Textual sends each separate span of a line from the widget's left edge on: two
    spaces changed far apart on one row would send that row's left part twice (a tile
    placed, a hint shown and a turbo roll change several spaces a row)."""
    lines: dict[int, tuple[int, int]] = {}
    for box in boxes:
        box = box.intersection(view)
        if not box:  # (out of view)
            continue
        for y in range(box.y, box.bottom):
            first, last = lines.get(y, (box.x, box.right))
            lines[y] = (min(first, box.x), max(last, box.right))
    return [Region(first, y, last - first, 1) for y, (first, last) in sorted(lines.items())]


class BoardView(KeptLines, OwnStyle, MapOverlay, can_focus=False):
    """The race track: spaces at their true length and stagger (R4, R5), cars, placed dice
    and tiles in order, and the legal next spaces. Give it scenes with :meth:`show`."""

    DEFAULT_CSS = """
    BoardView {
        background: #24401f;
        color: #d0d0d0;
        scrollbar-size: 1 1;
        width: 1fr;
        height: 1fr;
    }
    """
    """Grass around a dark track; the track's looks are ``palette.BOARD``'s."""

    class SpaceClicked(Message):
        """A space was clicked: ``space`` is its board index."""

        def __init__(self, board_view: BoardView, space: int) -> None:
            super().__init__()
            self.board_view = board_view
            self.space = space

        @property
        def control(self) -> BoardView:
            """The board that was clicked."""
            return self.board_view

    def __init__(
        self,
        board_file: BoardFile,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.board_file = board_file
        self.board = board_file.board
        self.layouts = Layouts.of(board_file)
        self._layout: Layout | None = None  # chosen when the widget learns its size
        self._origin = Offset(0, 0)  # where the drawing starts, to centre it
        self.scene = Scene(cars={})
        self._cells: dict[Cellpos, Paint] = {}
        self._frame_owners: dict[Cellpos, tuple[int, ...]] = {}
        self._plans: dict[int, list[Piece]] = {}
        """Each drawing row's plan (see _plan), for the drawing in use."""
        self._viewed: dict[int, Strip] = {}
        """The drawing's rows as the view shows them (for :attr:`_viewed_at`, its scroll and
        width), made when first painted, dropped when they change."""
        self._viewed_at: tuple[int, int] | None = None
        self._view: tuple[Offset, int, tuple[Offset, list[Strip]]] | None = None
        """What the lines of the repaint under way share (see render_lines)."""
        self._styles: dict[tuple[str, ...], Style] = {}
        self._ready: list[_Ready] = []
        """Scenes painted ahead (see :meth:`prepare`): at most :data:`READY`."""

    @property
    def layout_now(self) -> Layout:
        """The drawing shown (the smallest one until the widget knows its size)."""
        if self._layout is None:
            self._use_layout(self.layouts.smallest())
        assert self._layout is not None
        return self._layout

    # Size ------------------------------------------------------------------------------

    @property
    def min_size(self) -> tuple[int, int]:
        """The smallest board area (columns, rows) the race is playable in."""
        smallest = self.layouts.smallest()
        return (min(smallest.width, MIN_VIEW[0]), min(smallest.height, MIN_VIEW[1]))

    def fits(self, width: int, height: int) -> bool:
        """Whether a board area of ``width`` x ``height`` is playable (maybe scrolling)."""
        if self.fits_whole(width, height):
            return True  # (no need to make the smallest drawing to know)
        min_width, min_height = self.min_size
        return width >= min_width and height >= min_height

    def fits_whole(self, width: int, height: int) -> bool:
        """Whether the whole track fits ``width`` x ``height`` without scrolling."""
        layout = self.layouts.choose(width, height)
        return layout.width <= width and layout.height <= height

    def _use_layout(self, layout: Layout) -> None:
        self._layout = layout
        owners: dict[Cellpos, list[int]] = {}
        for space, frame in layout.frames.items():
            for cell in frame:
                owners.setdefault(cell, []).append(space)
        self._frame_owners = {cell: tuple(spaces) for cell, spaces in owners.items()}
        self._plans.clear()
        self._forget_rows()
        self._cells.clear()
        self._paint_scene()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        layout = self.layouts.choose(size.width, size.height)
        origin = Offset(
            max(0, (size.width - layout.width) // 2), max(0, (size.height - layout.height) // 2)
        )
        if layout is not self._layout or origin != self._origin:
            self._origin = origin
            self._use_layout(layout)
        self.virtual_size = Size(layout.width + origin.x, layout.height + origin.y)
        self.refresh()
        self._cursor_in_view(animate=False)

    # Scenes ----------------------------------------------------------------------------

    def show(self, scene: Scene) -> None:
        """Show ``scene``; only the rows of spaces whose look changed are drawn again, and
        only those spaces' boxes go to the terminal (a row of the long track is some ninety
        cells; a drive changes a dozen spaces, each a few cells wide)."""
        old = self.scene
        layout = self._layout
        candidates, self._ready = self._ready, []
        if layout is None:  # not laid out yet: painted when it is
            self.scene = scene
            return
        ready = next((r for r in candidates if r.fits(old, scene, layout, self._viewed_at)),
                     None)
        old_map = self._map_region()
        changed: AbstractSet[int]
        if ready is not None:
            changed = ready.changed
            self.scene = scene
            self._cells.update(ready.cells)
            self._forget_rows(ready.rows)
            self._viewed.update(ready.strips)
        else:
            changed = changed_spaces(old, scene)
            self.scene = scene
            self._paint_scene(changed)
            self._forget_rows(self._rows_of(changed, old, scene))
        scroll_x, scroll_y = self.scroll_offset
        reframed = reframed_spaces(old, scene)
        boxes = [
            Region(x + self._origin.x - scroll_x, y + self._origin.y - scroll_y, width, height)
            for x, y, width, height in (
                layout.bounds(space, frame=space in reframed) for space in changed
            )
        ]
        if boxes:
            self.refresh(*line_spans(boxes, self.size.region))
        if changed:  # the mini-map shows the cars, and moves off the cursor
            for region in {old_map, self._map_region()} - {None}:
                assert region is not None
                self.refresh_lines(region.y + self.scroll_offset.y, region.height)
        if scene.cursor is not None and scene.cursor != old.cursor:
            self._cursor_in_view(animate=True)

    def prepare(self, scene: Scene) -> None:
        """Paint ``scene`` ahead, while the board shows the one before it: the race screen
        foresees the scene after the key a person is likely to press (Enter: the die at the
        cursor, the drive; the hint, once thought out ahead), and :meth:`show` then swaps the
        painted spaces and rows in (half the work of a drive's key). The last
        :data:`READY` are kept while the board shows the same scene."""
        layout = self._layout
        old = self.scene
        kept = [r for r in self._ready if r.over is old]
        self._ready = kept[max(0, len(kept) - READY + 1):]
        if layout is None or self._viewed_at is None:
            return
        changed = changed_spaces(old, scene)
        cells: dict[Cellpos, Paint] = {}
        for index in changed:
            cells.update(paint_space(layout, self.board, scene, index))
        rows = self._rows_of(changed, old, scene)
        scroll_x, width = self._viewed_at
        shown = self._cells

        def after(cell: Cellpos, blank: Paint) -> Paint:  # (the cells after, uncopied)
            return cells.get(cell) or shown.get(cell, blank)

        strips = {row: self._make_row(row, scroll_x, width, scene, after)
                  for row in rows if 0 <= row < layout.height}
        self._ready.append(_Ready(old, scene, layout, self._viewed_at, frozenset(changed),
                                  cells, frozenset(rows), strips))

    def _rows_of(self, changed: Iterable[int], old: Scene, new: Scene) -> set[int]:
        """The drawing rows that change with the ``changed`` spaces: a space whose frame
        looks the same (its cars or tokens alone changed: most of a drive's) changes only
        its cells' rows."""
        layout = self.layout_now
        reframed = reframed_spaces(old, new)
        rows: set[int] = set()
        for space in changed:
            if space in reframed:
                rows.update(layout.space_rows.get(space, ()))
            else:
                rows.update(y for _, y in layout.slots.get(space, ()))
        return rows

    def _cursor_in_view(self, *, animate: bool) -> None:
        if self.scene.cursor is None or not self.is_mounted or self._layout is None:
            return
        if self.max_scroll_x == 0 and self.max_scroll_y == 0:
            return  # the whole drawing is in view
        x, y, width, height = self.layout_now.bounds(self.scene.cursor)
        region = Region(x + self._origin.x, y + self._origin.y, width, height)
        self.scroll_to_region(region, spacing=None, animate=animate, force=True)

    def space_offset(self, space: int) -> Offset | None:
        """Where ``space``'s first cell (its letter's) is on the screen once the view has
        scrolled where it is going, for the terminal's cursor (a screen reader reads
        there); None before the board is laid out or for a space not drawn."""
        layout = self._layout
        slots = layout.slots.get(space) if layout is not None else None
        if not slots or not self.is_mounted:
            return None
        x, y = slots[0]
        content = self.content_region
        return Offset(
            content.x + x + self._origin.x - round(self.scroll_target_x),
            content.y + y + self._origin.y - round(self.scroll_target_y),
        )

    def _paint_scene(self, spaces: Iterable[int] | None = None) -> None:
        """Recompute the cells of ``spaces`` (every space when None) for the scene."""
        layout = self._layout
        if layout is None:
            return
        indices = range(len(self.board.spaces)) if spaces is None else spaces
        for index in indices:
            self._cells.update(paint_space(layout, self.board, self.scene, index))

    # Drawing ---------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._forget_rows()
        self._ready = []

    def _forget_rows(self, rows: Iterable[int] | None = None) -> None:
        """Drop the strips of drawing ``rows`` (all when None): they changed."""
        if rows is None:
            self._viewed.clear()
            return
        for row in rows:
            self._viewed.pop(row, None)

    @property
    def _blank(self) -> Style:
        """The widget's own style (``rich_style`` walks the DOM: asked once per restyle)."""
        return self._style(())

    def _style(self, looks: tuple[str, ...]) -> Style:
        """The widget's own style with ``looks`` (``palette.BOARD``) over it, in order."""
        style = self._styles.get(looks)
        if style is None:
            style = self.own_style
            for name in looks:
                style += Style.parse(BOARD[name])
            self._styles[looks] = style
        return style

    @staticmethod
    def _line_look(scene: Scene, owners: tuple[int, ...],
                   glyph: str) -> tuple[str, tuple[str, ...]]:
        if scene.cursor is not None and scene.cursor in owners:
            return glyph.translate(_HEAVY), ("line", "cursor-line")
        if any(s in scene.highlights for s in owners):
            return glyph, ("line", "highlight-line")
        if scene.origin is not None and scene.origin in owners:
            return glyph, ("line", "origin-line")
        return glyph, _LINE

    def _plan(self, y: int) -> list[Piece]:
        """Drawing row ``y`` as pieces to paint, worked out once per drawing (see
        :data:`Piece`)."""
        plan = self._plans.get(y)
        if plan is None:
            plan = []
            owners_of = self._frame_owners.get
            for x, cell in enumerate(self.layout_now.rows[y]):
                if cell is None:
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
        layout = self.layout_now
        blank = self._blank
        segments: list[Segment] = []
        if self._origin.x:
            segments.append(Segment(" " * self._origin.x, blank))
        if 0 <= y < layout.height:
            cells = self._cells.get if cells_of is None else cells_of
            scene = self.scene if scene is None else scene
            line_look = self._line_look
            # The spaces whose frame lines have a look of their own (see _line_look).
            marked = {scene.cursor, scene.origin, *scene.highlights} - {None}
            style_of = self._style
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

    def render_lines(self, crop: Region) -> list[Strip]:
        # The first frame draws the board: the widget knows its size by now, but hears of
        # it (on_resize) only after that frame, which would show no board.
        if self._layout is None and self.size:
            self._fit(self.size)
        # What every line of this repaint shares, asked once (each walks the DOM).
        self._view = (self.scroll_offset, self.scrollable_content_region.width,
                      self._map_strips())
        try:
            return super().render_lines(crop)
        finally:
            self._view = None
            # Textual's own render_line empties the regions it was refreshed in; a widget
            # that paints its lines itself never does, and they piled up all race long.
            textual_shim.forget_dirty_regions(self)

    def render_line(self, y: int) -> Strip:
        if self._layout is None:  # before the widget knows its size: nothing drawn yet
            return Strip.blank(self.size.width, self._blank)
        view = self._view or (self.scroll_offset, self.scrollable_content_region.width,
                              self._map_strips())
        (scroll_x, scroll_y), width, (at, rows) = view
        row = y + scroll_y - self._origin.y
        if row < 0 or row >= self.layout_now.height:
            strip = Strip.blank(width, self._blank)
        else:
            strip = self._view_row(row, scroll_x, width)
        if rows and at.y <= y < at.y + len(rows):
            strip = Strip.join([strip.crop(0, at.x), rows[y - at.y]])
        return strip

    def _view_row(self, row: int, scroll_x: int, width: int) -> Strip:
        """Drawing row ``row`` as the view shows it (scrolled to ``scroll_x``, ``width``
        columns), kept until the row or the view changes."""
        if self._viewed_at != (scroll_x, width):
            self._viewed_at = (scroll_x, width)
            self._viewed.clear()
        strip = self._viewed.get(row)
        if strip is None:
            strip = self._viewed[row] = self._make_row(row, scroll_x, width)
        return strip

    def _make_row(self, row: int, scroll_x: int, width: int, scene: Scene | None = None,
                  cells: CellsOf | None = None) -> Strip:
        """Drawing row ``row`` scrolled to ``scroll_x``, ``width`` columns (of ``scene``
        with ``cells``: one painted ahead)."""
        drawn = self._origin.x + self.layout_now.width
        if scroll_x == 0 and drawn <= width:  # (all in view: no cropping)
            return self._row(row, width - drawn, scene, cells)
        return self._row(row, 0, scene, cells).crop_extend(scroll_x, scroll_x + width,
                                                           self._blank)

    # Mouse -----------------------------------------------------------------------------

    def space_at(self, offset: Offset) -> int | None:
        """The space under ``offset`` (relative to the widget's content area), if any.

        Where the finish is drawn over the start field, a click means the finish when it is
        a legal target (highlighted), else the start.
        """
        region = self._map_region()
        if region is not None and region.contains_point(offset):
            return None  # the mini-map covers the track there
        scroll_x, scroll_y = self.scroll_offset
        x = offset.x + scroll_x - self._origin.x
        y = offset.y + scroll_y - self._origin.y
        cell = self.layout_now.cell(x, y)
        if cell is None or not cell.spaces:
            return None
        for space in cell.spaces:
            if space in self.scene.highlights:
                return space
        return cell.spaces[0]

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        if self._map_click(offset):
            event.stop()
            return
        space = self.space_at(offset)
        if space is not None:
            event.stop()
            self.post_message(self.SpaceClicked(self, space))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        offset = event.get_content_offset(self)
        space = self.space_at(offset) if offset is not None else None
        tip = self.describe(space) if space is not None else None
        if tip != self.tooltip:
            self.tooltip = tip

    def describe(self, index: int) -> str:
        """One line about a space, for its tooltip: id, colour, length, cars on it."""
        space = self.board.spaces[index]
        length = space.front - space.back
        if space.kind is SpaceKind.START:
            text = _("start field")
        elif space.kind is SpaceKind.BLOCKED:
            text = _("{id}: blocked (tire)").format(id=space.id)
        else:
            assert space.colour is not None
            what = _("finish") if space.kind is SpaceKind.FINISH else space.id
            text = _("{id}: {colour}, {length} long").format(
                id=what, colour=colour_name(space.colour), length=length
            )
        cars = self.scene.cars.get(index, ())
        if cars:
            text += " · " + _(", ").join(colour_name(car) for car in cars)
        return text

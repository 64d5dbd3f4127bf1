"""The board widget: the track drawn with box drawing and colours, cars, dice and highlights.

Geometry comes from :mod:`monza_tui.app.track_layout` (pure); what to show comes from a
:class:`~monza_tui.race.scene.Scene` (pure, derived from one engine state); the cells and
rows are painted by a :class:`~monza_tui.app.board_paint.BoardPainter` (no widget state).
This widget keeps what is Textual's: its size and the drawing that fits it, scrolling, the
regions of the screen a new scene repaints (only the boxes of the spaces whose look
changed), the mini-map over the view and the mouse. The drawing is re-laid out (the largest
scale that fits) when the widget is resized; the scene is kept, so resizing mid-race changes
nothing but the picture. Clicking a space posts :class:`BoardView.SpaceClicked`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from rich.style import Style
from textual import events
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.strip import Strip

from monza_tui.app import textual_shim
from monza_tui.app.board_map import MapOverlay
from monza_tui.app.board_paint import READY, BoardPainter
from monza_tui.app.layout_choice import Layouts
from monza_tui.app.track_drawing import Layout
from monza_tui.app.widgets.common import KeptLines, OwnStyle
from monza_tui.boardfile import BoardFile
from monza_tui.engine import SpaceKind
from monza_tui.i18n import _, colour_name
from monza_tui.race.scene import Scene, reframed_spaces

MIN_VIEW = (30, 11)
"""The smallest board area (columns, rows) the race is playable in (scrolling): a band's
cross-section and a few spaces of it. Smaller, the app asks to enlarge the terminal."""

__all__ = ["MIN_VIEW", "READY", "BoardView", "line_spans"]


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
        self._origin = Offset(0, 0)  # where the drawing starts, to centre it
        self.scene = Scene(cars={})
        self._painter: BoardPainter | None = None  # made when the widget learns its size
        self._view: tuple[Offset, int, tuple[Offset, list[Strip]]] | None = None
        """What the lines of the repaint under way share (see render_lines)."""

    @property
    def painter(self) -> BoardPainter:
        """The painter of the drawing shown (the smallest one until the widget knows its
        size)."""
        if self._painter is None:
            self._use_layout(self.layouts.smallest())
        assert self._painter is not None
        return self._painter

    @property
    def layout_now(self) -> Layout:
        """The drawing shown (the smallest one until the widget knows its size)."""
        return self.painter.layout

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
        """Paint the scene afresh on ``layout`` (a new drawing or a new margin)."""
        self._painter = BoardPainter(self.board, layout, self.scene, left=self._origin.x,
                                     base=self._own_look, plain=self._no_colour)

    def _own_look(self) -> Style:
        return self.own_style

    def _no_colour(self) -> bool:
        """Whether the screen shows no colour (``NO_COLOR``, as Textual read it)."""
        return bool(self.app.no_color)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        layout = self.layouts.choose(size.width, size.height)
        origin = Offset(
            max(0, (size.width - layout.width) // 2), max(0, (size.height - layout.height) // 2)
        )
        if self._painter is None or layout is not self._painter.layout or origin != self._origin:
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
        painter = self._painter
        self.scene = scene
        if painter is None:  # not laid out yet: painted when it is
            return
        layout = painter.layout
        old_map = self._map_region(old)
        changed = painter.show(scene)
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
        if self._painter is not None:
            self._painter.prepare(scene)

    def _cursor_in_view(self, *, animate: bool) -> None:
        if self.scene.cursor is None or not self.is_mounted or self._painter is None:
            return
        if self.max_scroll_x == 0 and self.max_scroll_y == 0:
            return  # the whole drawing is in view
        x, y, width, height = self.layout_now.bounds(self.scene.cursor)
        region = Region(x + self._origin.x, y + self._origin.y, width, height)
        self.scroll_to_region(region, spacing=None, animate=animate, force=True)

    def bring_into_view(self, spaces: Collection[int]) -> None:
        """Scroll so that ``spaces`` are in view (as many as fit): a key moment's paths in
        the replay, which has no cursor to follow."""
        if not spaces or not self.is_mounted or self._painter is None:
            return
        if self.max_scroll_x == 0 and self.max_scroll_y == 0:
            return  # the whole drawing is in view
        boxes = [Region(*self.layout_now.bounds(space)) for space in spaces]
        region = Region.from_union(boxes).translate(self._origin)
        self.scroll_to_region(region, spacing=None, animate=False, force=True)

    def space_offset(self, space: int) -> Offset | None:
        """Where ``space``'s first cell (its letter's) is on the screen once the view has
        scrolled where it is going, for the terminal's cursor (a screen reader reads
        there); None before the board is laid out or for a space not drawn."""
        painter = self._painter
        slots = painter.layout.slots.get(space) if painter is not None else None
        if not slots or not self.is_mounted:
            return None
        x, y = slots[0]
        content = self.content_region
        return Offset(
            content.x + x + self._origin.x - round(self.scroll_target_x),
            content.y + y + self._origin.y - round(self.scroll_target_y),
        )

    # Drawing ---------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self._painter is not None:
            self._painter.restyle()
        self._map_cache = None

    def _style(self, looks: tuple[str, ...]) -> Style:
        """The widget's own style with ``looks`` (``palette.BOARD``) over it, in order."""
        return self.painter.style(looks)

    def render_lines(self, crop: Region) -> list[Strip]:
        # The first frame draws the board: the widget knows its size by now, but hears of
        # it (on_resize) only after that frame, which would show no board.
        if self._painter is None and self.size:
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
        painter = self._painter
        if painter is None:  # before the widget knows its size: nothing drawn yet
            return Strip.blank(self.size.width, self.own_style)
        view = self._view or (self.scroll_offset, self.scrollable_content_region.width,
                              self._map_strips())
        (scroll_x, scroll_y), width, (at, rows) = view
        row = y + scroll_y - self._origin.y
        if row < 0 or row >= painter.layout.height:
            strip = Strip.blank(width, painter.blank)
        else:
            strip = painter.view_row(row, scroll_x, width)
        if rows and at.y <= y < at.y + len(rows):
            strip = Strip.join([strip.crop(0, at.x), rows[y - at.y]])
        return strip

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

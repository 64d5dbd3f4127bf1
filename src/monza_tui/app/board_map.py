"""The board view's mini-map: where it lies over the track, its rows, a click on it.

A track larger than its view (the long track and the classic board at 80x24) scrolls, and
a map of the whole track in braille dots stands in a corner of the view, with the cars and
the part in view (:mod:`monza_tui.app.minimap` makes it, without Textual, loaded with the
first view too small for its track): in a corner that covers neither the cursor nor the
car moving nor a lit space nor the hint's marks (top right first). This is the widget's
part, a mixin of :class:`~monza_tui.app.board_view.BoardView`, which gives it the
drawing, the scene and the looks.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Offset, Region
from textual.scroll_view import ScrollView
from textual.strip import Strip

from monza_tui.app.board_marks import board_letter
from monza_tui.app.track_drawing import Layout
from monza_tui.race.scene import Scene


def map_strips(layout: Layout, scene: Scene, view: tuple[int, int, int, int],
               style: Callable[[tuple[str, ...]], Style]) -> list[Strip]:
    """The mini-map of ``layout`` as rows to lay over the view: a column of margin, then
    the track's dots, the cars of ``scene`` and the part in ``view`` (the drawing's
    ``(x, y, width, height)`` in view); ``style`` gives the look of names of
    ``palette.BOARD`` (the painter's)."""
    from monza_tui.app.minimap import minimap  # (only a board too large for its view)

    strips = []
    for row in minimap(layout, scene.cars, view, scene.moving_car):
        segments = [Segment(" ", style(("map",)))]
        for mark in row:
            looks: tuple[str, ...] = ("map",)
            text = mark.text
            if mark.car is not None:
                text = board_letter(mark.car)
                looks = (f"car-{mark.car.value}",)
            elif mark.in_view:
                looks = ("map", "map-view")
            segments.append(Segment(text, style(looks)))
        strips.append(Strip(segments))
    return strips


class MapOverlay(ScrollView):
    """A scrolling view of the track with the mini-map over it (see the module)."""

    scene: Scene
    """What the board shows (the board view's)."""
    _origin: Offset
    """Where the drawing starts in the view (the board view's)."""
    _map_cache: tuple[object, list[Strip]] | None = None
    """The map's rows and what they were made for (see :meth:`_map_strips`)."""

    @property
    def layout_now(self) -> Layout:
        """The drawing shown (the board view's)."""
        raise NotImplementedError

    def _style(self, looks: tuple[str, ...]) -> Style:
        """The style of ``looks`` (the board view's)."""
        raise NotImplementedError

    def _map_region(self, scene: Scene | None = None) -> Region | None:
        """Where the mini-map lies in the view, or ``None`` (the whole drawing in view, or
        no corner that leaves the cursor in sight); for ``scene`` (by default the one
        shown). The first corner (top right, bottom right, top left, bottom left) that
        covers none of the cursor, the space the next step goes from, the moving car and
        the lit spaces; else none of the first three; else not the cursor."""
        scene = scene or self.scene
        size = self.scrollable_content_region.size
        layout = self.layout_now
        if layout.width <= size.width and layout.height <= size.height:
            return None
        from monza_tui.app.minimap import map_size  # (only a board too large for its view)

        width, height = map_size(layout)
        width += 1  # a column of margin between the track and the map
        if width > size.width // 2 or height > size.height // 2:
            return None  # too small a view for a map: scrolling alone
        corners = [Region(x, y, width, height) for x in (size.width - width, 0)
                   for y in (0, size.height - height)]
        car = scene.moving_car
        moving = [space for space, here in scene.cars.items() if car in here]
        must = [scene.cursor, scene.origin, *moving]
        # (the hint's marks too: the expert's plan, or a review's paths in the replay)
        lit = [*sorted(scene.highlights), *(space for space, _label in scene.hinted)]
        for wanted in ([*must, *lit], must, [scene.cursor]):
            spots = [self._on_view(space) for space in wanted if space is not None]
            for region in corners:
                if not any(region.overlaps(spot) for spot in spots):
                    return region
        return None  # the cursor under every corner: no map until it moves on

    def _on_view(self, space: int) -> Region:
        """Where a space's cells and frame are in the view now."""
        x, y, width, height = self.layout_now.bounds(space)
        at = Offset(x + self._origin.x, y + self._origin.y) - self.scroll_offset
        return Region(at.x, at.y, width, height)

    def _map_strips(self) -> tuple[Offset, list[Strip]]:
        """The mini-map's rows (cached until the scene, the scroll or the size changes, or a
        restyle)."""
        region = self._map_region()
        if region is None:
            return Offset(0, 0), []
        size = self.scrollable_content_region.size
        key = (region, size, self.scroll_offset, self.layout_now.scale, self._looks_key())
        if self._map_cache is not None and self._map_cache[0] == key:
            return region.offset, self._map_cache[1]
        drawn = (
            self.scroll_offset.x - self._origin.x,
            self.scroll_offset.y - self._origin.y,
            size.width,
            size.height,
        )
        strips = map_strips(self.layout_now, self.scene, drawn, self._style)
        self._map_cache = (key, strips)
        return region.offset, strips

    def _looks_key(self) -> tuple[object, ...]:
        return (tuple(sorted(self.scene.cars.items())), self.scene.moving_car)

    def _map_click(self, offset: Offset) -> bool:
        """A click on the mini-map scrolls the view there; whether it was on the map."""
        region = self._map_region()
        if region is None or not region.contains_point(offset) or offset.x == region.x:
            return False
        from monza_tui.app.minimap import map_to_drawing

        x, y = map_to_drawing(offset.x - region.x - 1, offset.y - region.y)
        size = self.scrollable_content_region.size
        self.scroll_to(
            x + self._origin.x - size.width // 2,
            y + self._origin.y - size.height // 2,
            animate=False,
        )
        return True


__all__ = ["MapOverlay", "map_strips"]

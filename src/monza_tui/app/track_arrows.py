"""Which way the race goes, drawn beside the track: a start arrow, a finish arrow and a few
chevrons along the straights.

A family new to the game asked which way the cars drive: the spaces alone do not say.
The marks go only in cells off the track (the infield, the grass inside a bend's box),
next to a straight outline of the band, never in a space's cell, so they hide no space,
car, die or lit space, and they need no repainting when the scene changes (the painter
paints them once per drawing: :class:`~monza_tui.app.board_paint.BoardPainter`). Pure, no
Textual.
"""

from __future__ import annotations

from monza_tui.app.track_drawing import Cellpos, Layout
from monza_tui.engine import Board

ARROW = {"E": "▶", "W": "◀", "S": "▼", "N": "▲"}
"""The start and the finish arrows by the direction of travel there."""
CHEVRON = {"E": "▸", "W": "◂", "S": "▾", "N": "▴"}
"""The chevrons along the track by the direction of travel there."""

_STEP = {"E": (1, 0), "W": (-1, 0), "S": (0, 1), "N": (0, -1)}
_ACROSS = {(0, 1): "─┬┴┼", (0, -1): "─┬┴┼", (1, 0): "│├┤┼", (-1, 0): "│├┤┼"}
"""Per step from a free cell onto the outline, the glyphs of a straight outline there (a
bend's rounded corners are left alone: the direction turns there)."""
_SPACING = 10
"""About how many chevrons a track gets (one every length/_SPACING track units)."""
_APART = 4
"""Marks keep at least this many cells between them (across or along)."""

Mark = tuple[str, str]
"""A mark's glyph and its look's name (``palette.BOARD``): ``arrow`` or ``chevron``."""


def direction_marks(layout: Layout, board: Board) -> dict[Cellpos, Mark]:
    """Where the start arrow, the finish arrows and the chevrons go on ``layout``.

    A mark sits in a free cell beside a straight outline line with a space's cell just
    beyond it, and points the way of travel on that space; no space's cell touches it, so
    it never reads as part of a space. The start arrow stands at the front of the start
    field, each finish's arrow at the back of its field (in a gap between two bands going
    opposite ways only where there is no other room); the chevrons spread along the track
    by its units, never in such a gap, :data:`_APART` cells or more from every other mark.
    """
    spots = _spots(layout)
    marks: dict[Cellpos, Mark] = {}

    def along(pos: Cellpos, heading: str) -> int:
        dx, dy = _STEP[heading]
        return pos[0] * dx + pos[1] * dy

    def best(field: int, key: int) -> tuple[Cellpos, str] | None:
        near = [s for s in spots if field in s[2] and _apart(s[0], marks, 2)]
        clear = [s for s in near if not s[3]] or near
        if not clear:
            return None
        pos, heading, *_ = max(clear, key=lambda s: key * along(s[0], s[1]))
        return pos, heading

    for field, key in ((board.start, 1), *((finish, -1) for finish in board.finishes)):
        found = best(field, key)
        if found is not None:
            marks[found[0]] = (ARROW[found[1]], "arrow")
    spacing = max(3.0, board.length / _SPACING)
    fields = {board.start, *board.finishes}
    ordered = sorted(
        (min(board.spaces[s].back for s in spaces), pos, heading)
        for pos, heading, spaces, mixed in spots
        if not mixed and not fields & set(spaces)
    )
    last: float | None = None
    for at, pos, heading in ordered:
        if last is not None and at - last < spacing:
            continue
        if _apart(pos, marks, _APART):
            marks[pos] = (CHEVRON[heading], "chevron")
            last = at
    return marks


def _apart(pos: Cellpos, marks: dict[Cellpos, Mark], cells: int) -> bool:
    return all(max(abs(pos[0] - x), abs(pos[1] - y)) >= cells for x, y in marks)


def _spots(layout: Layout) -> list[tuple[Cellpos, str, tuple[int, ...], bool]]:
    """Every free cell a mark may take: ``(cell, heading, spaces beyond the line, mixed)``;
    ``mixed``: another band touches it too (a gap between two bands, a corner) or the
    cells before and after it along the track are not free."""
    found = []
    for y, row in enumerate(layout.rows):
        for x, cell in enumerate(row):
            if cell is not None or not _clear(layout, x, y):
                continue
            bands = 0
            beside: list[tuple[str, tuple[int, ...]]] = []
            for (dx, dy), straight in _ACROSS.items():
                line = layout.cell(x + dx, y + dy)
                beyond = layout.cell(x + 2 * dx, y + 2 * dy)
                if line is None or line.line is None or beyond is None:
                    continue
                bands += 1  # (a band's edge: beyond it a space's cell or an edge line)
                if beyond.line is not None or not beyond.spaces:
                    continue
                heading = layout.headings.get(beyond.spaces[0])
                if line.line not in straight or heading is None:
                    continue
                if (heading in "EW") != (dx == 0):
                    continue  # (a space whose first cell lies round a bend)
                beside.append((heading, beyond.spaces))
            for heading, spaces in beside:
                ax, ay = _STEP[heading]
                ends = (layout.cell(x + ax, y + ay), layout.cell(x - ax, y - ay))
                mixed = bands > 1 or any(end is not None for end in ends)
                found.append(((x, y), heading, spaces, mixed))
    return found


def _clear(layout: Layout, x: int, y: int) -> bool:
    """Whether no space's cell touches ``(x, y)`` (outline lines may)."""
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            near = layout.cell(x + dx, y + dy)
            if near is not None and near.line is None:
                return False
    return True


__all__ = ["ARROW", "CHEVRON", "Mark", "direction_marks"]

"""Where every space of a board is drawn: legs and lanes become terminal cells. Pure geometry.

No Textual here. :func:`layout_board` turns a board, its ``[shape]`` and a :class:`Scale` into a
:class:`Layout`: which terminal cell shows which space, which cells are outline (box drawing,
glyphs already chosen) and, per space, its cells in the order a renderer should fill them
(letter first, then cars and placed dice). The drawing's classes live in
:mod:`monza_tui.app.track_drawing` (importable from here too);
:class:`~monza_tui.app.layout_choice.Layouts` makes drawings per scale on demand and picks
the largest that fits the cells the app gives the board.

Lanes
-----
Lane ``a`` (the first listed in the board file) runs on the *inside* of the track: on the right
of the direction of travel when the track turns right at least as often as left (a clockwise
loop drawn E first, like ``["E9", "S7", "W17", "N7", "E8"]``), otherwise on the left. Every
lane has the same length in track units (R4), so in a bend the inner lane's spaces are drawn
smaller and the outer lane's larger, as on the printed board.

How legs become cells (for board designers)
-------------------------------------------
The legs are walked along the centre line of the track (the middle lane) from the start field's
back edge; a quarter turn happens where the centre lines of two legs meet.

* **E/W legs** (a horizontal band): a track unit is ``unit_cols`` columns (roomy 4, normal 3,
  compact 2; large 6 for small boards); each lane is one row, with an outline row between
  lanes and at both sides: ``2*lanes+1`` rows (7 for three lanes). A space edge is a ``│``
  column at the start of a unit, so a space of length ``n`` shows ``n*unit_cols-1`` cells.
* **N/S legs** (a vertical band): a unit is ``unit_rows`` = 2 rows (large: 3), an edge row
  ``───`` and a content row; each lane is ``lane_cols`` = 3 columns (compact 2) with outline
  columns between: ``lanes*(lane_cols+1)+1`` columns (13 for three lanes, compact 10).
* **Bends**: every quarter turn is a rounded bend of concentric L's around an infield. A full
  bend takes 14.5 columns of the E/W leg (normal 4.8 units, roomy 3.6, compact 6) and 7.5 rows
  of the N/S leg (3.75 units). When a leg is too short for the bends at its two ends, their
  reach along that leg shrinks, down to 6.5 columns / 3.5 rows (normal 2.2 units / 1.75
  units); a shorter leg is listed in :attr:`Layout.problems`. So a U-turn (E, S b, W) needs
  ``b >= 4`` (a band's height plus a row between the two straights) and looks roundest from
  ``b = 8``. Every lane is cut alike through a bend, so that spaces side by side are drawn
  level exactly where the board file puts their edges (R5: what looks ahead is ahead): the
  bend's arms, its first column and its last row are cut straight across all lanes (the
  bend's units spread over them evenly, except that every space edge begins a cut of its
  own and a space lying wholly in the bend gets two cuts, an edge and a cell, while there
  are cuts enough), and the rest of each lane's L (the corner, larger on the outer lanes)
  holds no edge: it belongs to the space that spans that point in its lane. A space left
  with one cut shows its back edge thin inside its cell (``▏▕▔▁``), or, when that cell is its
  only one, at the front of the cell behind it (so it keeps a cell for its letter or a
  car). Keep spaces in bends 2 units or longer where you can (compact bends have the
  fewest cuts).
* **Sizes**: a loop ``E a, S b, W a, N b`` is ``a*unit_cols + 13`` columns by ``2b + 7`` rows
  (normal ``3a + 13``, roomy ``4a + 13``, compact ``2a + 10``). Two E/W legs side by side need
  their centre lines 4 units apart (a row between the bands), two N/S legs 5 units (normal;
  compact 6), or :attr:`Layout.problems` reports the overlap. The board area at 120x40 is
  about 86x38, at 80x24 about 46x22 (the board scrolls, compact, when it does not fit).
* **Start field on a straight**: a loop's legs may begin and end mid-straight
  (``["E9", "S7", "W17", "N7", "E8"]``): the last leg runs into the first. A start field in a
  bend is drawn, but each lane's part of it lies elsewhere in the bend's L.
* A shape that ends where it began is drawn closed (a bend joins the last leg to the first)
  also when it is not a ``loop`` (original edition: the finish spaces lie just behind the start).
"""

from __future__ import annotations

from bisect import bisect_right

from monza_tui.app.track_drawing import SCALES, Cell, Layout
from monza_tui.app.track_legs import Cellpos, LegWalker, Scale, Slice
from monza_tui.boardfile import Shape
from monza_tui.engine import Board, SpaceKind

__all__ = [
    "SCALES",
    "Cell",
    "Cellpos",
    "Layout",
    "Scale",
    "layout_board",
    "outline_size",
    "walk_legs",
]


def _spaces_by_edge(board: Board, lane: int, period: float | None) -> dict[float, list[int]]:
    """The spaces of a lane keyed by their back edge (modulo the lap on a loop)."""
    out: dict[float, list[int]] = {}
    for space in board.spaces:
        if lane in space.lanes:
            back = space.back % period if period else space.back
            out.setdefault(back, []).append(space.index)
    return out


def _assign(
    slices: list[Slice], edges: dict[float, list[int]], period: float | None, end: float | None
) -> tuple[
    list[Cellpos], dict[Cellpos, tuple[int, ...]], dict[Cellpos, str], dict[int, str], list[float]
]:
    """Put each space edge of one lane on a slice; the slices between are the spaces'.

    Edges go on the slice whose track units hold them; an edge falling on a bend's elbow
    (where no straight line can be drawn) moves to the nearer slice beside it, and two edges
    never share a slice, so every space keeps at least one slice. An edge is a full line of
    outline cells when the space ahead keeps a slice besides; otherwise (the inner lane of a
    tight bend) it is drawn thin, inside the space's first cells (``▏▕▔▁``).
    """
    if not slices:
        return [], {}, {}, {}, sorted(edges)
    begin = slices[0].u0
    values = sorted(edges) + ([end] if end is not None else [])
    placed = sorted(
        (value - period if period is not None and value >= begin + period - 1e-6 else value, value)
        for value in values
    )
    starts = [s.u0 for s in slices]
    chosen: list[tuple[int, float]] = []
    missing: list[float] = []
    for at, value in placed:
        i = max(0, bisect_right(starts, at + 1e-6) - 1)
        if not slices[i].edge_ok:
            before = i - 1 if i > 0 and slices[i - 1].edge_ok else None
            after = i + 1 if i + 1 < len(slices) and slices[i + 1].edge_ok else None
            if before is not None and (after is None or at - slices[i].u0 < slices[i].u1 - at):
                i = before
            elif after is not None:
                i = after
        if chosen and i <= chosen[-1][0]:
            i = chosen[-1][0] + 1
            while i < len(slices) and not slices[i].edge_ok:
                i += 1
        if i >= len(slices):
            missing.append(value)
            continue
        chosen.append((i, value))
    edge_cells: list[Cellpos] = []
    content: dict[Cellpos, tuple[int, ...]] = {}
    thin: dict[Cellpos, str] = {}
    headings: dict[int, str] = {}
    for n, (i, value) in enumerate(chosen):
        spaces = tuple(edges.get(value, ()))
        if n + 1 < len(chosen):
            following = chosen[n + 1][0]
        else:
            following = len(slices) + (chosen[0][0] if period is not None else 0)
        first = i
        if (following - i >= 2 and slices[i].edge_ok) or not spaces:
            edge_cells.extend(slices[i].cells)  # a full box-drawing edge
            first = i + 1
        elif slices[i].edge_ok:
            for cell in slices[i].cells:  # no room: a thin edge inside the first cells
                thin[cell] = _THIN[slices[i].heading]
        for j in range(first, following):
            piece = slices[j % len(slices)]
            for cell in piece.cells:
                content[cell] = spaces
            for space in spaces:
                headings.setdefault(space, piece.heading)
    return edge_cells, content, thin, headings, missing


_THIN = {"E": "▏", "W": "▕", "S": "▔", "N": "▁"}
"""A thin edge at the back of a space, by the direction of travel."""

_LEND = {"▏": ("▕", (-1, 0)), "▕": ("▏", (1, 0)), "▔": ("▁", (0, -1)), "▁": ("▔", (0, 1))}
"""Per back-edge glyph: the same edge drawn at the front of the cell behind, and where that is."""


def _lend_edges(
    board: Board, content: dict[Cellpos, tuple[int, ...]], thin: dict[Cellpos, str]
) -> dict[Cellpos, Cellpos]:
    """Move the thin back edge of a space whose one cell it is into the cell behind it,
    drawn at that cell's front, where the space behind keeps a plain cell besides: so
    the space keeps a cell for its letter or a car and the boundary still shows without
    colour (``│ W▕R│`` rather than ``│ WR│``). Returns, per lending cell, the cell that
    now holds its edge."""
    lent: dict[Cellpos, Cellpos] = {}
    cells: dict[tuple[int, ...], list[Cellpos]] = {}
    for cell, spaces in content.items():
        cells.setdefault(spaces, []).append(cell)
    plain = {spaces: sum(c not in thin for c in own) for spaces, own in cells.items()}
    # Fields and tires are filled (``▚``, ``◎``): an edge would not show in them.
    filled = (SpaceKind.START, SpaceKind.FINISH, SpaceKind.BLOCKED)
    fields = {s.index for s in board.spaces if s.kind in filled}
    for spaces, own in cells.items():
        if len(own) > 1 or own[0] not in thin or fields & set(spaces):
            continue
        for x, y in own:
            front, (dx, dy) = _LEND[thin[(x, y)]]
            behind = (x + dx, y + dy)
            other = content.get(behind)
            if (
                other is None
                or other == spaces
                or behind in thin
                or fields & set(other)
                or plain[other] < 2
            ):
                continue
            thin[behind] = front
            del thin[(x, y)]
            plain[other] -= 1
            lent[(x, y)] = behind
    return lent

_GLYPHS = {
    (True, True, False, False): "│",
    (False, False, True, True): "─",
    (False, True, False, True): "╭",
    (False, True, True, False): "╮",
    (True, False, False, True): "╰",
    (True, False, True, False): "╯",
    (True, True, False, True): "├",
    (True, True, True, False): "┤",
    (False, True, True, True): "┬",
    (True, False, True, True): "┴",
    (True, True, True, True): "┼",
    (True, False, False, False): "│",
    (False, True, False, False): "│",
    (False, False, True, False): "─",
    (False, False, False, True): "─",
    (False, False, False, False): "·",
}
"""Outline glyph by which neighbours (up, down, left, right) are outline too."""


def walk_legs(board: Board, shape: Shape, scale: Scale) -> LegWalker:
    """The outline of ``board`` at ``scale``: the first, cheaper third of :func:`layout_board`
    (enough to know a lower bound of the drawing's size, :func:`outline_size`)."""
    builder = LegWalker(board, shape, scale)
    builder.walk()
    return builder


def outline_size(builder: LegWalker) -> tuple[int, int]:
    """Columns and rows the walked outline spans: never more than the finished drawing's
    (every outline cell stays a cell of the drawing)."""
    if not builder.lines:
        return 0, 0
    xs = [x for x, _ in builder.lines]
    ys = [y for _, y in builder.lines]
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def layout_board(
    board: Board, shape: Shape, scale: Scale, *, walked: LegWalker | None = None
) -> Layout:
    """Draw ``board`` along ``shape`` at ``scale`` (see the module docstring for the rules);
    ``walked``: its outline already walked by :func:`walk_legs`."""
    builder = walked if walked is not None else walk_legs(board, shape, scale)
    problems = list(builder.problems)
    drawn = float(board.length)
    if shape.loop and board.finishes:
        drawn = float(board.spaces[board.finishes[0]].back)
    period = drawn if builder.closed else None  # edges taken modulo the lap
    lines: set[Cellpos] = set(builder.lines)
    content: dict[Cellpos, tuple[int, ...]] = {}
    thin: dict[Cellpos, str] = {}
    headings: dict[int, str] = {}
    for lane in range(board.lane_count):
        edges = _spaces_by_edge(board, lane, period)
        end = None if builder.closed else drawn
        if not builder.closed:
            edges = {e: s for e, s in edges.items() if e < drawn}
        edge_cells, cells, thins, heads, missing = _assign(builder.slices[lane], edges, period, end)
        lines.update(edge_cells)
        content.update(cells)
        thin.update(thins)
        for space, heading in heads.items():
            headings.setdefault(space, heading)
        if missing:
            problems.append(f"lane {lane + 1}: no room for the edges at {missing}")
    # A separator between two lanes of one field (start, finish) is part of the field.
    for cell, (inner, outer) in builder.across.items():
        a, b = content.get(inner), content.get(outer)
        if a is not None and a == b and any(len(board.spaces[s].lanes) > 1 for s in a):
            lines.discard(cell)
            content[cell] = a
    for cell in lines:
        content.pop(cell, None)
    lent = _lend_edges(board, content, thin)
    everything = lines | set(content)
    if not everything:
        return Layout(scale, 0, 0, (), {}, {}, {}, builder.lanes_right, ("nothing to draw",))
    min_x = min(x for x, _ in everything)
    min_y = min(y for _, y in everything)
    width = max(x for x, _ in everything) - min_x + 1
    height = max(y for _, y in everything) - min_y + 1
    grid: list[list[Cell | None]] = [[None] * width for _ in range(height)]
    # Equal cells are one object: a drawing holds thousands of cells but a few hundred
    # kinds, so it takes less memory and loads fast from the shipped drawings (layout_cache).
    kinds: dict[Cell, Cell] = {}
    for x, y in lines:
        up, down = (x, y - 1) in lines, (x, y + 1) in lines
        left, right = (x - 1, y) in lines, (x + 1, y) in lines
        outline = Cell(_GLYPHS[(up, down, left, right)])
        grid[y - min_y][x - min_x] = kinds.setdefault(outline, outline)
    by_space: dict[int, list[Cellpos]] = {}
    holders = set(lent.values())
    for (x, y), spaces in content.items():
        pos = (x - min_x, y - min_y)
        ahead = (x, y) in holders
        inside = Cell(None, spaces, thin.get((x, y)), ahead, (x, y) in lent)
        grid[pos[1]][pos[0]] = kinds.setdefault(inside, inside)
        for space in spaces:
            by_space.setdefault(space, []).append(pos)
    thin_at = {(x - min_x, y - min_y) for x, y in thin}
    slots = {space: _best_first(cells, thin_at) for space, cells in by_space.items()}
    frames: dict[int, tuple[Cellpos, ...]] = {}
    space_rows: dict[int, tuple[int, ...]] = {}
    for index, own in slots.items():
        ring = {
            (x + dx, y + dy)
            for x, y in own
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if 0 <= x + dx < width
            and 0 <= y + dy < height
            and (near := grid[y + dy][x + dx]) is not None
            and near.line is not None
        }
        frames[index] = tuple(sorted(ring, key=lambda c: (c[1], c[0])))
        space_rows[index] = tuple(sorted({y for _, y in own} | {y for _, y in ring}))
    for spec in board.spaces:
        if spec.index not in slots:
            problems.append(f"space {spec.id} has no cell at {scale.name} scale")
    return Layout(
        scale=scale,
        width=width,
        height=height,
        rows=tuple(tuple(row) for row in grid),
        slots=slots,
        frames=frames,
        space_rows=space_rows,
        lanes_right=builder.lanes_right,
        problems=tuple(problems),
        headings=headings,
    )


def _best_first(cells: list[Cellpos], thin: set[Cellpos]) -> tuple[Cellpos, ...]:
    """A space's cells from its middle outwards (rows count double: cells are tall), cells
    holding a thin edge last."""
    cx = sum(x for x, _ in cells) / len(cells)
    cy = sum(y for _, y in cells) / len(cells)
    return tuple(
        sorted(
            cells,
            key=lambda c: (c in thin, (c[0] - cx) ** 2 + (2 * (c[1] - cy)) ** 2, c[1], c[0]),
        )
    )

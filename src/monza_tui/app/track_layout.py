"""Where every space of a board is drawn: legs and lanes become terminal cells. Pure geometry.

No Textual here. :func:`layout_board` turns a board, its ``[shape]`` and a :class:`Scale` into a
:class:`Layout`: which terminal cell shows which space, which cells are outline (box drawing,
glyphs already chosen) and, per space, its cells in the order a renderer should fill them
(letter first, then cars and placed dice). :class:`Layouts` makes them per scale on demand and
picks the largest that fits the cells the app gives the board. The widget only paints.

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
  ``b = 8``. Inside a bend each lane covers the bend's units evenly; the inner lane gets at
  least two cells a unit while there is room, and where there is not (inner lane of a tight
  bend, compact scale) an edge is drawn thin inside the space's first cells (``▏▕▔▁``).
  Keep spaces of the inner lane in bends 2 units or longer where you can.
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

import math
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field

from monza_tui.boardfile import BoardFile, Shape
from monza_tui.engine import Board

Cellpos = tuple[int, int]
"""A terminal cell ``(x, y)`` of the drawing, ``(0, 0)`` top left."""

_DIRS: dict[str, tuple[int, int]] = {"E": (1, 0), "S": (0, 1), "W": (-1, 0), "N": (0, -1)}


@dataclass(frozen=True)
class Scale:
    """How many terminal cells a track unit and a lane take."""

    name: str
    unit_cols: int
    """Columns per track unit on E/W legs (one of them is the edge column)."""
    unit_rows: int
    """Rows per track unit on N/S legs (one of them is the edge row)."""
    lane_cols: int
    """Columns of one lane on N/S legs."""


SCALES: tuple[Scale, ...] = (
    Scale("large", 6, 3, 3),
    Scale("roomy", 4, 2, 3),
    Scale("normal", 3, 2, 3),
    Scale("compact", 2, 2, 2),
)
"""Largest first; :meth:`Layouts.choose` takes the first complete drawing that fits."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One terminal cell of the drawing: an outline glyph, or part of one or two spaces."""

    line: str | None
    """The box-drawing glyph of an outline or space edge; ``None`` for a content cell."""
    spaces: tuple[int, ...] = ()
    """The spaces drawn here: one, or on a loop the start field and the finish over it."""
    edge: str | None = None
    """A thin edge glyph (``▏▕▔▁``) for a content cell where a full edge line had no room;
    shown when no letter, car or die takes the cell."""


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

    def bounds(self, space: int) -> tuple[int, int, int, int]:
        """``(x, y, width, height)`` of a space's cells and frame."""
        cells = self.slots.get(space, ()) + self.frames.get(space, ())
        if not cells:
            return (0, 0, 0, 0)
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        return (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


# Building ---------------------------------------------------------------------------


@dataclass
class _Slice:
    """A cross-cut of one lane: a column of a horizontal lane, a row of a vertical one."""

    cells: list[Cellpos]
    u0: float
    u1: float
    edge_ok: bool
    heading: str


@dataclass
class _Corner:
    vertex: int
    d1: tuple[int, int]
    d2: tuple[int, int]
    rho_in: int = 0  # index into _RHO: the reach along the leg before the bend
    rho_out: int = 0  # ... and along the leg after it


_RHO = (1.0, 0.8, 0.6, 0.4, 0.2, 0.0)
"""How much of its full size a bend keeps; legs too short for their bends step down."""
_INFIELD = {True: 0.65, False: 0.5}
"""A full bend's infield reach along an E/W (True) or N/S leg, in widths of the band that
crosses it: more along E/W legs, where the inner lane needs the columns."""


def _right(d: tuple[int, int]) -> tuple[int, int]:
    return (-d[1], d[0])


def _left(d: tuple[int, int]) -> tuple[int, int]:
    return (d[1], -d[0])


def _heading(d: tuple[int, int]) -> str:
    return next(name for name, vec in _DIRS.items() if vec == d)


def _half_up(value: float) -> int:
    return math.floor(value + 0.5)


class _Builder:
    """Walks the legs once and records lane slices and outline cells."""

    def __init__(self, board: Board, shape: Shape, scale: Scale) -> None:
        self.board = board
        self.scale = scale
        self.n = board.lane_count
        self.legs = [(_DIRS[d], length) for d, length in shape.leg_units()]
        self.problems: list[str] = []
        self.slices: list[list[_Slice]] = [[] for _ in range(self.n)]
        self.lines: dict[Cellpos, int] = {}  # outline cell -> slot (0, 2, ... 2n)
        self.across: dict[Cellpos, tuple[Cellpos, Cellpos]] = {}  # separator -> lane cells
        self.owner: dict[Cellpos, int] = {}
        self.piece = 0
        self.overlaps: set[Cellpos] = set()
        hh = 2 * self.n + 1
        wv = self.n * (scale.lane_cols + 1) + 1
        self.thick = {True: hh, False: wv}  # horizontal leg? -> band cross size
        self.profile = {
            True: self._profile(1),
            False: self._profile(scale.lane_cols),
        }
        # Vertices of the centre line; the half cell keeps odd bands centred on a cell.
        x, y = (wv % 2) / 2, (hh % 2) / 2
        self.vertices = [(x, y)]
        self.u_at = [0.0]
        for d, length in self.legs:
            step = length * (scale.unit_cols if d[1] == 0 else scale.unit_rows)
            x, y = x + d[0] * step, y + d[1] * step
            self.vertices.append((x, y))
            self.u_at.append(self.u_at[-1] + length)
        # A shape that comes back to where it began is drawn as a closed ring (a bend where
        # the last leg meets the first), also when the game's track is not a loop (the
        # original edition's finish spaces lie just behind the start).
        self.closed = self.vertices[-1] == self.vertices[0]
        m = len(self.legs)
        self.corners: dict[int, _Corner] = {}
        for i in range(1, m):
            self.corners[i] = _Corner(i, self.legs[i - 1][0], self.legs[i][0])
        if self.closed and self.legs[-1][0] != self.legs[0][0]:
            self.corners[0] = _Corner(0, self.legs[-1][0], self.legs[0][0])
        rights = sum(c.d2 == _right(c.d1) for c in self.corners.values())
        self.lanes_right = rights * 2 >= len(self.corners)

    def _profile(self, lane: int) -> list[int]:
        widths = [1]
        for _ in range(self.n):
            widths += [lane, 1]
        return widths

    # Geometry helpers ---------------------------------------------------------------

    def _horizontal(self, d: tuple[int, int]) -> bool:
        return d[1] == 0

    def _cells_per_unit(self, d: tuple[int, int]) -> int:
        return self.scale.unit_cols if self._horizontal(d) else self.scale.unit_rows

    def _extents(self, corner: _Corner) -> tuple[int, int, float, float]:
        """Infield extensions (along d1, along d2) and the bend's reach (along d1, d2)."""
        h_in, h_out = self._horizontal(corner.d1), self._horizontal(corner.d2)
        t_in, t_out = self.thick[h_in], self.thick[h_out]
        ext_in = _half_up(_RHO[corner.rho_in] * _INFIELD[h_in] * t_out)
        ext_out = _half_up(_RHO[corner.rho_out] * _INFIELD[h_out] * t_in)
        return ext_in, ext_out, t_out / 2 + ext_in, t_in / 2 + ext_out

    def _use_of(self, corner: _Corner, after: bool) -> float:
        """Cells a bend takes of the leg after it (``after``) or of the leg before it."""
        return self._extents(corner)[3 if after else 2]

    def _use(self, leg: int) -> tuple[float, float]:
        """Cells of leg ``leg`` taken by the bends at its start and end."""
        m = len(self.legs)
        start = self.corners.get(leg)
        end = self.corners.get((leg + 1) % m if self.closed else leg + 1)
        if not self.closed and leg + 1 >= m:
            end = None
        return (
            self._extents(start)[3] if start else 0.0,
            self._extents(end)[2] if end else 0.0,
        )

    def fit_bends(self) -> None:
        """Shrink the bends where a leg is too short for the bends at its two ends (only
        their reach along that leg); report a leg too short even for the smallest bends."""
        m = len(self.legs)
        last = len(_RHO) - 1
        for leg, (d, length) in enumerate(self.legs):
            start = self.corners.get(leg)
            end = self.corners.get((leg + 1) % m) if self.closed or leg + 1 < m else None
            while sum(self._use(leg)) > length * self._cells_per_unit(d):
                # Step down the larger of the two reaches first, so both bends stay alike.
                options = [
                    c
                    for c in (start, end)
                    if c is not None and (c.rho_out if c is start else c.rho_in) < last
                ]
                if not options:
                    break
                pick = max(options, key=lambda c: self._use_of(c, c is start))
                if pick is start:
                    pick.rho_out += 1
                else:
                    pick.rho_in += 1
        for leg, (d, length) in enumerate(self.legs):
            used = sum(self._use(leg))
            if used > length * self._cells_per_unit(d):
                need = math.ceil(used / self._cells_per_unit(d))
                self.problems.append(
                    f"leg {leg + 1} ({_heading(d)}{length}) is too short for its bends at "
                    f"{self.scale.name} scale: it needs {need} units"
                )

    def _claim(self, cell: Cellpos) -> None:
        if self.owner.setdefault(cell, self.piece) != self.piece:
            self.overlaps.add(cell)

    def _slot_cells(self, profile: list[int]) -> list[tuple[int, int]]:
        """Per slot its (start offset, width) from the lane-a side of the band."""
        out = []
        at = 0
        for width in profile:
            out.append((at, width))
            at += width
        return out

    # Pieces --------------------------------------------------------------------------

    def straight(self, leg: int) -> None:
        self.piece += 1
        d, _ = self.legs[leg]
        horizontal = self._horizontal(d)
        axis = 0 if horizontal else 1
        sign = d[axis]
        k = self._cells_per_unit(d)
        v0, v1 = self.vertices[leg], self.vertices[leg + 1]
        start_use, end_use = self._use(leg)
        s_float = v0[axis] + sign * start_use
        e_float = v1[axis] - sign * end_use
        snap = math.floor if sign > 0 else math.ceil
        s_lat, e_lat = snap(s_float), snap(e_float)
        if not self.closed and leg == len(self.legs) - 1:
            e_lat += sign  # the cap: the cell holding the end of the track
        count = (e_lat - s_lat) * sign
        u_v = self.u_at[leg]

        def u(t: float) -> float:
            return u_v + (t - v0[axis]) * sign / k

        thick = self.thick[horizontal]
        profile = self.profile[horizontal]
        p = _right(d) if self.lanes_right else _left(d)
        psign = p[1 - axis]
        centre = v0[1 - axis]
        edge = round(centre + psign * thick / 2)
        heading = _heading(d)
        for j in range(max(0, count)):
            along = s_lat + j if sign > 0 else s_lat - 1 - j
            t0 = s_lat + j * sign
            cross_cells: list[list[Cellpos]] = []
            for start, width in self._slot_cells(profile):
                cells = []
                for o in range(start, start + width):
                    cross = edge - 1 - o if psign > 0 else edge + o
                    cells.append((along, cross) if horizontal else (cross, along))
                cross_cells.append(cells)
            for slot, cells in enumerate(cross_cells):
                for cell in cells:
                    self._claim(cell)
                if slot % 2:
                    self.slices[(slot - 1) // 2].append(
                        _Slice(cells, u(t0), u(t0 + sign), True, heading)
                    )
                else:
                    for cell in cells:
                        self.lines[cell] = slot
                    if 0 < slot < 2 * self.n:
                        inner, outer = cross_cells[slot - 1], cross_cells[slot + 1]
                        self.across[cells[0]] = (inner[0], outer[0])

    def corner(self, corner: _Corner) -> None:
        self.piece += 1
        d1, d2 = corner.d1, corner.d2
        h_in, h_out = self._horizontal(d1), self._horizontal(d2)
        t_in, t_out = self.thick[h_in], self.thick[h_out]
        prof_in, prof_out = self.profile[h_in], self.profile[h_out]
        starts_in = [s for s, _ in self._slot_cells(prof_in)]
        starts_out = [s for s, _ in self._slot_cells(prof_out)]
        ext_in, ext_out, e_in, e_out = self._extents(corner)
        vx, vy = self.vertices[corner.vertex]
        px = round(vx - e_in * d1[0] + e_out * d2[0])
        py = round(vy - e_in * d1[1] + e_out * d2[1])
        k_in, k_out = self._cells_per_unit(d1), self._cells_per_unit(d2)
        u_v = self.u_at[corner.vertex] if corner.vertex else 0.0
        span = e_in / k_in + e_out / k_out
        u_entry = u_v - e_in / k_in
        p1 = _right(d1) if self.lanes_right else _left(d1)
        a_inner = p1 == d2
        top = 2 * self.n

        def level(profile_starts: list[int], offset: int) -> int:
            return bisect_right(profile_starts, offset) - 1

        def cell_of(ai: int, bi: int) -> Cellpos:
            qx = px + (ai + 0.5) * d1[0] - (bi + 0.5) * d2[0]
            qy = py + (ai + 0.5) * d1[1] - (bi + 0.5) * d2[1]
            return (math.floor(qx), math.floor(qy))

        arms_h: dict[int, dict[int, list[Cellpos]]] = {}
        arms_v: dict[int, dict[int, list[Cellpos]]] = {}
        elbows: dict[int, list[Cellpos]] = {}
        for ai in range(ext_in + t_out):
            for bi in range(ext_out + t_in):
                in_in = ext_out <= bi < ext_out + t_in
                in_out = ext_in <= ai < ext_in + t_out
                lvl_in = level(starts_in, bi - ext_out) if in_in else -1
                lvl_out = level(starts_out, ai - ext_in) if in_out else -1
                if in_in and ai < ext_in:
                    lvl, part = lvl_in, "h"
                elif in_out and bi < ext_out:
                    lvl, part = lvl_out, "v"
                elif in_in and in_out:
                    lvl = max(lvl_in, lvl_out)
                    part = "h" if lvl_in > lvl_out else "v" if lvl_out > lvl_in else "e"
                else:
                    continue
                cell = cell_of(ai, bi)
                self._claim(cell)
                slot = lvl if a_inner else top - lvl
                if lvl % 2:
                    if part == "h":
                        arms_h.setdefault(lvl, {}).setdefault(ai, []).append(cell)
                    elif part == "v":
                        arms_v.setdefault(lvl, {}).setdefault(bi, []).append(cell)
                    else:
                        elbows.setdefault(lvl, []).append(cell)
                    continue
                self.lines[cell] = slot
                if 0 < lvl < top:
                    if part == "h":
                        self.across[cell] = (cell_of(ai, bi - 1), cell_of(ai, bi + 1))
                    elif part == "v":
                        self.across[cell] = (cell_of(ai - 1, bi), cell_of(ai + 1, bi))
                    else:
                        self.across[cell] = (cell_of(ai - 1, bi - 1), cell_of(ai + 1, bi + 1))
        # Every lane is cut alike, so that what is drawn level is level (R5): the arm
        # columns, the bend's first column (``ext_in``), a zone of no width, the bend's last
        # row (``ext_out``) and the arm rows. The first column and the last row cross all
        # lanes straight; the zone (the rest of each lane's L, the outer lanes' bigger
        # corners) holds no edge, so every lane changes space there at the same units.
        cuts_count = ext_in + ext_out + 2
        share = span / cuts_count
        for lvl in range(1, top, 2):
            lane = (lvl - 1) // 2 if a_inner else (top - lvl - 1) // 2
            h_cuts = arms_h.get(lvl, {})
            v_cuts = arms_v.get(lvl, {})
            before = [h_cuts[ai] for ai in sorted(h_cuts) if ai <= ext_in]
            after = [v_cuts[bi] for bi in sorted(v_cuts, reverse=True) if bi <= ext_out]
            zone = [c for ai in sorted(h_cuts) if ai > ext_in for c in h_cuts[ai]]
            zone += elbows.get(lvl, [])
            zone += [c for bi in sorted(v_cuts, reverse=True) if bi > ext_out for c in v_cuts[bi]]
            at = u_entry
            for cells in before:
                self.slices[lane].append(_Slice(cells, at, at + share, True, _heading(d1)))
                at += share
            if zone:
                self.slices[lane].append(_Slice(zone, at, at, False, _heading(d2)))
            for cells in after:
                self.slices[lane].append(_Slice(cells, at, at + share, True, _heading(d2)))
                at += share

    def walk(self) -> None:
        self.fit_bends()
        if self.closed and 0 in self.corners:
            self.corner(self.corners[0])
        for leg in range(len(self.legs)):
            self.straight(leg)
            if leg + 1 < len(self.legs):
                self.corner(self.corners[leg + 1])
        if self.overlaps:
            x, y = min(self.overlaps, key=lambda c: (c[1], c[0]))
            self.problems.append(
                f"the track overlaps itself in {len(self.overlaps)} cells (first at {x},{y})"
            )


def _spaces_by_edge(board: Board, lane: int, period: float | None) -> dict[float, list[int]]:
    """The spaces of a lane keyed by their back edge (modulo the lap on a loop)."""
    out: dict[float, list[int]] = {}
    for space in board.spaces:
        if lane in space.lanes:
            back = space.back % period if period else space.back
            out.setdefault(back, []).append(space.index)
    return out


def _assign(
    slices: list[_Slice], edges: dict[float, list[int]], period: float | None, end: float | None
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


def layout_board(board: Board, shape: Shape, scale: Scale) -> Layout:
    """Draw ``board`` along ``shape`` at ``scale`` (see the module docstring for the rules)."""
    builder = _Builder(board, shape, scale)
    builder.walk()
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
    everything = lines | set(content)
    if not everything:
        return Layout(scale, 0, 0, (), {}, {}, {}, builder.lanes_right, ("nothing to draw",))
    min_x = min(x for x, _ in everything)
    min_y = min(y for _, y in everything)
    width = max(x for x, _ in everything) - min_x + 1
    height = max(y for _, y in everything) - min_y + 1
    grid: list[list[Cell | None]] = [[None] * width for _ in range(height)]
    for x, y in lines:
        up, down = (x, y - 1) in lines, (x, y + 1) in lines
        left, right = (x - 1, y) in lines, (x + 1, y) in lines
        grid[y - min_y][x - min_x] = Cell(_GLYPHS[(up, down, left, right)])
    by_space: dict[int, list[Cellpos]] = {}
    for (x, y), spaces in content.items():
        pos = (x - min_x, y - min_y)
        grid[pos[1]][pos[0]] = Cell(None, spaces, thin.get((x, y)))
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


class Layouts:
    """One board's drawings, made at each scale when first asked for (a few tens of ms
    each), so resizing back and forth costs nothing after the first time."""

    def __init__(self, board_file: BoardFile) -> None:
        self.board_file = board_file
        self._made: dict[Scale, Layout] = {}

    def at(self, scale: Scale) -> Layout:
        """The drawing at ``scale``."""
        layout = self._made.get(scale)
        if layout is None:
            layout = layout_board(self.board_file.board, self.board_file.shape, scale)
            self._made[scale] = layout
        return layout

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
            layout = self.at(scale)
            if layout.complete and layout.width <= width and layout.height <= height:
                return layout
        return self.smallest()

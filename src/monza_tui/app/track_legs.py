"""Walking a board's legs: the centre line, its straights and bends, and per lane the slices
(cross-cuts) with the track units each covers. Pure geometry, used by
:mod:`monza_tui.app.track_layout`, whose docstring describes the rules for board designers.

Every lane is cut alike (R5: what is drawn level must be level): on a straight a cut is one
column (E/W) or row (N/S) across the whole band; in a bend, the arms are cut the same way,
the bend's first column and last row cross every lane straight, and the rest of each lane's
L (the corner, larger on the outer lanes) is one slice of no length, so no space edge lies
in it and every lane changes space at the same units on both sides of it.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from itertools import pairwise

from monza_tui.boardfile import Shape
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


# Walking the legs ---------------------------------------------------------------------------


@dataclass
class Slice:
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


class LegWalker:
    """Walks the legs once and records lane slices and outline cells."""

    def __init__(self, board: Board, shape: Shape, scale: Scale) -> None:
        self.board = board
        # Space edges (integers, every lane) and extents, for cutting bends (R4).
        self.edges = {space.back for space in board.spaces} | {board.length}
        self.spans = {(space.back, space.front) for space in board.spaces}
        last = board.spaces[board.finishes[0]].back if shape.loop and board.finishes else None
        self.period = last if last is not None else board.length
        """The units of one lap, where a closed drawing meets itself."""
        self.scale = scale
        self.n = board.lane_count
        self.legs = [(_DIRS[d], length) for d, length in shape.leg_units()]
        self.problems: list[str] = []
        self.slices: list[list[Slice]] = [[] for _ in range(self.n)]
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
                        Slice(cells, u(t0), u(t0 + sign), True, heading)
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
        starts = self._cut_starts(u_entry, u_entry + span, cuts_count)
        ends = [*starts[1:], u_entry + span]
        for lvl in range(1, top, 2):
            lane = (lvl - 1) // 2 if a_inner else (top - lvl - 1) // 2
            h_cuts = arms_h.get(lvl, {})
            v_cuts = arms_v.get(lvl, {})
            before = [h_cuts[ai] for ai in sorted(h_cuts) if ai <= ext_in]
            after = [v_cuts[bi] for bi in sorted(v_cuts, reverse=True) if bi <= ext_out]
            zone = [c for ai in sorted(h_cuts) if ai > ext_in for c in h_cuts[ai]]
            zone += elbows.get(lvl, [])
            zone += [c for bi in sorted(v_cuts, reverse=True) if bi > ext_out for c in v_cuts[bi]]
            cuts = iter(zip(starts, ends, strict=True))
            for cells in before:
                u0, u1 = next(cuts)
                self.slices[lane].append(Slice(cells, u0, u1, True, _heading(d1)))
            if zone:
                at = starts[len(before)] if len(before) < cuts_count else u_entry + span
                self.slices[lane].append(Slice(zone, at, at, False, _heading(d2)))
            for cells in after:
                u0, u1 = next(cuts)
                self.slices[lane].append(Slice(cells, u0, u1, True, _heading(d2)))

    def _cut_starts(self, u0: float, u1: float, count: int) -> list[float]:
        """Where each of a bend's ``count`` cuts begins in track units (the same for every
        lane). Evenly spread, except that every space edge of the bend begins a cut of its
        own, and a space lying wholly in the bend gets two cuts where there are enough (a
        full edge line and a cell for its letter)."""
        share = (u1 - u0) / count
        uniform = [u0 + c * share for c in range(count)]
        shifts = (0, -self.period, self.period) if self.closed else (0,)
        points = sorted({e + m for e in self.edges for m in shifts if u0 < e + m < u1})
        if not points:
            return uniform
        spans = {(a + m, b + m) for a, b in self.spans for m in shifts}
        needs = [0] + [2 if (a, b) in spans else 1 for a, b in pairwise(points)]
        if len(points) > count:
            return uniform  # more edges than cuts: some must share a cut
        spare = count - 1 - (len(points) - 1)
        for i in [i for i, need in enumerate(needs) if need == 2][spare:]:
            needs[i] = 1  # not enough cuts for every short space to get two
        cut_of: list[int] = []
        for i, edge in enumerate(points):
            lowest = cut_of[-1] + needs[i] if cut_of else 0
            highest = count - 1 - sum(needs[i + 1 :])
            cut_of.append(min(max(lowest, int((edge - u0) / share)), highest))
        anchors = [(c, float(e)) for c, e in zip(cut_of, points, strict=True)]
        if anchors[0][0] > 0:
            anchors.insert(0, (0, u0))
        anchors.append((count, u1))
        starts = []
        for (c1, s1), (c2, s2) in pairwise(anchors):
            starts += [s1 + (s2 - s1) * (c - c1) / (c2 - c1) for c in range(c1, c2)]
        return starts

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

"""The track layout (pure geometry): legs and lanes -> terminal cells (R4, R5).

Exact cell counts on straight legs, lane a on the inside, staggered edges in the right
columns, every space of the built-in boards drawn with its own cells at every scale, and the
sizes the app plans for (board area about 86x38 at 120x40, about 46x22 at 80x24).
"""

from __future__ import annotations

import statistics
from itertools import cycle

import pytest

from monza_tui.app.layout_choice import Layouts
from monza_tui.app.track_layout import SCALES, Layout, Scale, layout_board
from monza_tui.boardfile import BUILTIN, BoardFile, load_board, parse_board
from monza_tui.engine import SpaceKind

NORMAL = next(s for s in SCALES if s.name == "normal")
COMPACT = next(s for s in SCALES if s.name == "compact")
BOX = set("─│┼├┤┬┴╭╮╰╯")


def board_file(lanes: list[str], legs: list[str], *, loop: bool = True) -> BoardFile:
    """A board file from lane strings and legs, through the real parser."""
    text = f'name = "test"\nfinish_colour = "white"\nlanes = {lanes!r}\n'.replace(
        "'", '"'
    ) + f"[shape]\nloop = {str(loop).lower()}\nlegs = {legs!r}\n".replace("'", '"')
    return parse_board(text, "test")


def filler_lanes(drawn: int, *, loop: bool = True, count: int = 3) -> list[str]:
    """Lanes between an S2 start and an F2 finish whose legs cover ``drawn`` units (on a
    loop up to the finish, otherwise all of it), spaces of lengths 1-3 in rotating colours,
    staggered lane by lane (no tires: no dead ends)."""
    units = drawn - 2 if loop else drawn - 4
    lanes = []
    for lane in range(count):
        colours = cycle("RBGYPW"[lane:] + "RBGYPW"[:lane])
        lengths = cycle([2, 1, 3, 2, 1][lane % 5 :] + [2, 1, 3, 2, 1][: lane % 5])
        tokens, at = ["S2"], 0
        while at < units:
            n = min(next(lengths), units - at)
            tokens.append(f"{next(colours)}{n}")
            at += n
        lanes.append(" ".join([*tokens, "F2"]))
    return lanes


def cells_of(layout: Layout, space: int) -> set[tuple[int, int]]:
    return set(layout.slots[space])


# Straight legs: exact cells -------------------------------------------------------------

STRAIGHT = ["S2 R2 G1 B3 W2 F2", "S2 Y1 P3 W2 R2 F2", "S2 B2 R2 G1 Y3 F2"]


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: s.name)
def test_east_leg_space_of_length_n_has_n_units_of_columns_less_its_edge(scale: Scale) -> None:
    bf = board_file(STRAIGHT, ["E12"], loop=False)
    layout = layout_board(bf.board, bf.shape, scale)
    assert layout.complete, layout.problems
    for space in bf.board.spaces:
        if space.kind is SpaceKind.TRACK:
            cells = cells_of(layout, space.index)
            assert len(cells) == (space.front - space.back) * scale.unit_cols - 1, space.id
            assert len({y for _, y in cells}) == 1  # one row: a lane


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: s.name)
def test_south_leg_space_of_length_n_has_n_units_of_rows_less_its_edge(scale: Scale) -> None:
    bf = board_file(STRAIGHT, ["S12"], loop=False)
    layout = layout_board(bf.board, bf.shape, scale)
    assert layout.complete, layout.problems
    for space in bf.board.spaces:
        if space.kind is SpaceKind.TRACK:
            cells = cells_of(layout, space.index)
            rows = (space.front - space.back) * scale.unit_rows - 1
            assert len(cells) == rows * scale.lane_cols, space.id
            assert len({x for x, _ in cells}) == scale.lane_cols


def test_staggered_edges_are_drawn_at_their_true_positions_across_lanes() -> None:
    """R5 needs the eye to tell which front edge is ahead: on a straight every edge is the
    outline column at ``back * unit_cols`` from the start's back edge, in every lane."""
    bf = board_file(STRAIGHT, ["E12"], loop=False)
    layout = layout_board(bf.board, bf.shape, NORMAL)
    start_x = min(x for x, _ in cells_of(layout, bf.board.start)) - 1
    for space in bf.board.spaces:
        if space.kind is SpaceKind.TRACK:
            xs = [x for x, _ in cells_of(layout, space.index)]
            assert min(xs) - 1 - start_x == space.back * NORMAL.unit_cols, space.id
            assert max(xs) + 1 - start_x == space.front * NORMAL.unit_cols, space.id
            y = next(iter(cells_of(layout, space.index)))[1]
            edge = layout.cell(min(xs) - 1, y)
            assert edge is not None and edge.line in BOX


def test_start_field_spans_all_lanes_without_separators_inside() -> None:
    bf = board_file(STRAIGHT, ["E12"], loop=False)
    layout = layout_board(bf.board, bf.shape, NORMAL)
    start = cells_of(layout, bf.board.start)
    lanes, k = bf.board.lane_count, NORMAL.unit_cols
    assert len(start) == (2 * k - 1) * (2 * lanes - 1)  # lanes and the rows between them


# Lanes -----------------------------------------------------------------------------------


def test_lane_a_is_inside_on_a_clockwise_loop() -> None:
    bf = load_board("oval")
    layout = layout_board(bf.board, bf.shape, NORMAL)
    assert layout.lanes_right
    board = bf.board
    # On the first (eastward) leg the inner lane is the lowest of the three rows.
    ys = {lane: min(y for _, y in cells_of(layout, board.lane_spaces[lane][0])) for lane in (0, 2)}
    assert ys[0] > ys[2]


def test_lane_a_is_inside_on_an_anticlockwise_loop() -> None:
    bf = board_file(filler_lanes(48), ["E9", "N7", "W17", "S7", "E8"])
    layout = layout_board(bf.board, bf.shape, NORMAL)
    assert layout.complete, layout.problems
    assert not layout.lanes_right
    board = bf.board
    ys = {lane: min(y for _, y in cells_of(layout, board.lane_spaces[lane][0])) for lane in (0, 2)}
    assert ys[0] < ys[2]  # going east, the inside of an anticlockwise loop is north


def test_a_loop_is_closed_with_rounded_bends() -> None:
    bf = board_file(filler_lanes(48), ["E9", "S7", "W17", "N7", "E8"])
    layout = layout_board(bf.board, bf.shape, NORMAL)
    assert layout.complete, layout.problems
    assert (layout.width, layout.height) == (17 * 3 + 13, 7 * 2 + 7)
    glyphs = {c.line for row in layout.rows for c in row if c is not None and c.line}
    assert {"╭", "╮", "╰", "╯"} <= glyphs
    assert glyphs <= BOX


# The built-in boards ----------------------------------------------------------------------


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: s.name)
@pytest.mark.parametrize("name", BUILTIN)
def test_every_space_of_the_builtin_boards_has_cells_of_its_own(name: str, scale: Scale) -> None:
    bf = load_board(name)
    layout = layout_board(bf.board, bf.shape, scale)
    assert layout.complete, layout.problems
    board = bf.board
    for space in board.spaces:
        assert layout.slots.get(space.index), f"{space.id} has no cell"
        if space.colour is not None:
            # The first slot takes the letter (R, B, G...): a plain cell, not a thin edge.
            x, y = layout.slots[space.index][0]
            cell = layout.cell(x, y)
            assert cell is not None and cell.line is None and space.index in cell.spaces
    for row in layout.rows:
        for cell in row:
            if cell is not None and len(cell.spaces) > 1:
                # Only the start field and the finish drawn over it share cells.
                kinds = {board.spaces[s].kind for s in cell.spaces}
                assert kinds == {SpaceKind.START, SpaceKind.FINISH}


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: s.name)
@pytest.mark.parametrize("name", BUILTIN)
def test_cell_areas_follow_space_lengths(name: str, scale: Scale) -> None:
    bf = load_board(name)
    layout = layout_board(bf.board, bf.shape, scale)
    ratios = {
        s.id: len(layout.slots[s.index]) / (s.front - s.back)
        for s in bf.board.spaces
        if s.kind in (SpaceKind.TRACK, SpaceKind.BLOCKED)
    }
    median = statistics.median(ratios.values())
    for space_id, ratio in ratios.items():
        assert median / 6 <= ratio, (space_id, ratio, median)
        cells = layout.slots[bf.board.index_of(space_id)]
        straight = len({y for _, y in cells}) == 1 or len({x for x, _ in cells}) <= 3
        # A space holding a bend's corner is bigger (the outer lanes' corners most): all
        # lanes change space at the same units there, so the corner has no edge inside.
        if straight:
            assert ratio <= median * 4, (space_id, ratio, median)


@pytest.mark.parametrize("name", BUILTIN)
def test_each_board_fits_the_board_area_at_120x40_whole(name: str) -> None:
    layout = Layouts(load_board(name)).choose(86, 38)
    assert layout.complete
    assert layout.width <= 86 and layout.height <= 38


@pytest.mark.parametrize("name", BUILTIN)
def test_each_board_is_drawn_compact_at_80x24(name: str) -> None:
    layouts = Layouts(load_board(name))
    layout = layouts.choose(46, 22)
    assert layout.complete
    assert layout.scale.name == "compact" or (layout.width <= 46 and layout.height <= 22)


def test_the_oval_fits_80x24_without_scrolling() -> None:
    layout = Layouts(load_board("oval")).choose(46, 22)
    assert layout.width <= 46 and layout.height <= 22


def test_the_largest_scale_that_fits_is_chosen() -> None:
    layouts = Layouts(load_board("oval"))
    roomy = layouts.at(next(s for s in SCALES if s.name == "roomy"))
    assert layouts.choose(roomy.width, roomy.height) is roomy
    assert layouts.choose(roomy.width - 1, roomy.height).scale.name == "normal"
    assert layouts.choose(10, 5) is layouts.smallest()


# Bad shapes are reported, never a crash ---------------------------------------------------


def test_a_leg_too_short_for_its_bends_is_reported() -> None:
    bf = board_file(filler_lanes(34), ["E8", "S1", "W16", "N1", "E8"])
    layout = layout_board(bf.board, bf.shape, NORMAL)
    assert any("leg 2 (S1) is too short" in p for p in layout.problems)


def test_a_track_crossing_itself_is_reported() -> None:
    bf = board_file(
        filler_lanes(50, loop=False), ["E10", "S10", "W5", "N15", "W5", "S5"], loop=False
    )
    layout = layout_board(bf.board, bf.shape, NORMAL)
    assert any("overlaps itself" in p for p in layout.problems)


def test_layout_is_deterministic() -> None:
    bf = load_board("long")
    assert layout_board(bf.board, bf.shape, NORMAL) == layout_board(bf.board, bf.shape, NORMAL)


# What looks level is level (R5) ------------------------------------------------------------


def _across(layout: Layout, board, pos: tuple[int, int], along: tuple[int, int]):
    """What a cell beside a lane separator shows of its lane: ``(lane, low, high, kind)``:
    the space's extent for a content cell (``"open"``), the edge's position for an edge line
    crossing the lane (``"point"``), a thin edge inside a space's first cell (``"thin"``) or
    its last (``"front"``);
    ``None`` for anything else (outline, grass, the start and finish fields)."""
    cell = layout.cell(*pos)
    if cell is None:
        return None
    if cell.line is None:
        if len(cell.spaces) != 1 or len(board.spaces[cell.spaces[0]].lanes) != 1:
            return None
        space = board.spaces[cell.spaces[0]]
        if cell.edge_ahead:
            return (space.lane, space.back, space.front, "front")
        thin = cell.edge or cell.edge_lent
        return (space.lane, space.back, space.front, "thin" if thin else "open")
    x, y = pos
    behind = layout.cell(x - along[0], y - along[1])
    ahead = layout.cell(x + along[0], y + along[1])
    sides = []
    for side in (behind, ahead):
        if side is None or side.line is not None or len(side.spaces) != 1:
            return None
        space = board.spaces[side.spaces[0]]
        if len(space.lanes) != 1:
            return None
        sides.append(space)
    one, two = sides
    if one.lane != two.lane:
        return None
    edge = one.front if one.front == two.back else two.front if two.front == one.back else None
    return None if edge is None else (one.lane, edge, edge, "point")


def _level(one, two) -> bool:
    """Whether two things drawn side by side really lie side by side along the track."""
    _, lo1, hi1, kind1 = one
    _, lo2, hi2, kind2 = two
    if kind1 == "point" and kind2 == "point":
        return lo1 == lo2
    if kind1 == "point" or kind2 == "point":
        point, (_, lo, hi, kind) = (lo1, two) if kind1 == "point" else (lo2, one)
        if kind == "front":  # a thin edge at the cell's front, lent by the space ahead
            return lo < point <= hi
        return (lo <= point < hi) if kind == "thin" else (lo < point < hi)
    return max(lo1, lo2) < min(hi1, hi2)


def level_faults(layout: Layout, board) -> list[str]:
    """Every place where two neighbouring lanes are drawn side by side (directly across one
    separator line) but what is drawn there is not level on the board: a space beside a
    space it does not overlap, or an edge beside a space it is not inside of, or two edges
    at different places. A thin edge (``▏▕▔▁``) lies between two cells: a cell showing its
    back edge thin, or whose back edge is drawn at the front of the cell behind, may stand
    beside the line of that edge."""
    faults = []
    for y, row in enumerate(layout.rows):
        for x, cell in enumerate(row):
            if cell is None or cell.line is None:
                continue
            for n in ((1, 0), (0, 1)):
                along = (n[1], n[0])
                one = _across(layout, board, (x - n[0], y - n[1]), along)
                two = _across(layout, board, (x + n[0], y + n[1]), along)
                if one is None or two is None or abs(one[0] - two[0]) != 1:
                    continue
                if not _level(one, two):
                    faults.append(f"at {x},{y}: {one} beside {two}")
    return faults


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: s.name)
@pytest.mark.parametrize("name", BUILTIN)
def test_what_is_drawn_ahead_is_ahead(name: str, scale: Scale) -> None:
    """Issue 8, point 2 (R5): spaces side by side are drawn with their back and front edges
    where the board file puts them, in bends too. Wherever two neighbouring lanes are drawn
    directly across one separator line from each other, what lies there is level along the
    track: so the space drawn further along is the one whose front edge is further ahead,
    and level fronts are drawn level (one line across both lanes)."""
    bf = load_board(name)
    layout = layout_board(bf.board, bf.shape, scale)
    faults = level_faults(layout, bf.board)
    assert not faults, f"{len(faults)} faults, first: {faults[:5]}"


def test_the_ovals_right_bend_draws_b7_level_with_a7() -> None:
    """The issue's example: a7 (back 12, front 15) and b7 (back 14, front 15) are drawn side
    by side (directly across the lane line), not b7 wholly ahead of a7; a8 is not beside b7."""
    bf = load_board("oval")
    board = bf.board
    for scale in (NORMAL, COMPACT):
        layout = layout_board(board, bf.shape, scale)
        a7, b7, a8 = (board.index_of(i) for i in ("a7", "b7", "a8"))
        beside = set()
        for y, row in enumerate(layout.rows):
            for x, cell in enumerate(row):
                if cell is None or cell.line is None:
                    continue
                for dx, dy in ((1, 0), (0, 1)):
                    one, two = layout.cell(x - dx, y - dy), layout.cell(x + dx, y + dy)
                    if one and two and one.line is None and two.line is None:
                        beside |= {(s, t) for s in one.spaces for t in two.spaces}
                        beside |= {(t, s) for s in one.spaces for t in two.spaces}
        assert (a7, b7) in beside, scale.name
        assert (a8, b7) not in beside, scale.name


# Every space boundary shows without colour (issue 8, point 2 of the QA round) -----------------

_SIDE = {"▏": (-1, 0), "▕": (1, 0), "▔": (0, -1), "▁": (0, 1)}
"""The side of its cell a thin edge glyph is drawn on."""
_FILLED = "◎▚"


def _alone(layout: Layout, pos: tuple[int, int], mark: str) -> bool:
    """Whether a car (circled letter) fills the only cell of its space."""
    cell = layout.cell(*pos)
    one = cell is not None and all(len(layout.slots[s]) == 1 for s in cell.spaces)
    return one and "Ⓐ" <= mark <= "Ⓩ"


def _one_cell(layout: Layout, pos: tuple[int, int]) -> bool:
    """Whether the cell at ``pos`` is the only cell of its space (it shows the letter, not
    a thin edge: a space nobody can read is worse than a boundary told by two letters)."""
    cell = layout.cell(*pos)
    return cell is not None and all(len(layout.slots[s]) == 1 for s in cell.spaces)


def boundary_faults(layout: Layout, text: dict[tuple[int, int], str]) -> list[str]:
    """Every boundary between two neighbouring spaces whose plain text shows no line: at no
    place where their cells touch does either cell show a thin edge glyph on the shared side
    (a letter may cover part of a thin edge, ``▔Y▔``). ``text``: what each content cell shows."""
    shown: dict[tuple[object, ...], bool] = {}
    where: dict[tuple[object, ...], str] = {}
    for y, row in enumerate(layout.rows):
        for x, cell in enumerate(row):
            if cell is None or cell.line is not None:
                continue
            for dx, dy in ((1, 0), (0, 1)):
                near = layout.cell(x + dx, y + dy)
                if near is None or near.line is not None or near.spaces == cell.spaces:
                    continue
                mine, theirs = text.get((x, y), " "), text.get((x + dx, y + dy), " ")
                if (mine in _FILLED) != (theirs in _FILLED):
                    continue  # a tire or the start field reads as such beside anything else
                if _alone(layout, (x, y), mine) or _alone(layout, (x + dx, y + dy), theirs):
                    continue  # a car on a space of one cell: the car matters more
                if mine != theirs and (
                    _one_cell(layout, (x, y)) or _one_cell(layout, (x + dx, y + dy))
                ):
                    continue  # a space of one cell shows its letter: two letters, two spaces
                key = (cell.spaces, near.spaces, dx)
                marked = _SIDE.get(mine) == (dx, dy) or _SIDE.get(theirs) == (-dx, -dy)
                shown[key] = shown.get(key, False) or marked
                where.setdefault(key, f"{x},{y} {mine!r} | {theirs!r}")
    return [where[key] for key, seen in shown.items() if not seen]


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: s.name)
@pytest.mark.parametrize("name", BUILTIN)
def test_every_space_boundary_shows_in_plain_text(name: str, scale: Scale) -> None:
    """Two spaces in one box with no line between them read as one space without colour:
    wherever two spaces' cells touch, a line (box drawing, or a thin edge ``▏▕▔▁`` that no
    letter covers) is drawn between them, on every board at every scale, with and without
    cars (every space's letter and a car on every other space, painted as in a race)."""
    from monza_tui.app.board_marks import paint_space
    from monza_tui.engine import Colour
    from monza_tui.race.scene import Scene

    bf = load_board(name)
    layout = layout_board(bf.board, bf.shape, scale)
    colours = list(Colour)
    for scene in (
        Scene(cars={}),
        Scene(cars={s.index: (colours[s.index % 6],) for s in bf.board.spaces[1::2]}),
    ):
        text = {
            pos: mark
            for space in bf.board.spaces
            for pos, (mark, _) in paint_space(layout, bf.board, scene, space.index).items()
        }
        faults = boundary_faults(layout, text)
        assert not faults, f"{len(faults)} faults, first: {faults[:5]}"

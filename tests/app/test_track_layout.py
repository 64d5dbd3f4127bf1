"""The track layout (pure geometry): legs and lanes -> terminal cells (R4, R5).

Exact cell counts on straight legs, lane a on the inside, staggered edges in the right
columns, every space of the built-in boards drawn with its own cells at every scale, and the
sizes the app plans for (board area about 86x38 at 120x40, about 46x22 at 80x24).
"""

from __future__ import annotations

import statistics
from itertools import cycle

import pytest

from monza_tui.app.track_layout import SCALES, Layout, Layouts, Scale, layout_board
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
        assert median / 5 <= ratio <= median * 4, (space_id, ratio, median)


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

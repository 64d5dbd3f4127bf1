"""The board widget and its scenes: exact highlights from the engine (R5, R6, R14, R15),
clicks that name the exact space, refreshes of only the changed lines, letters that carry
the colours without colour, and snapshots of the three boards at 120x40 and 80x24.

Letters are the session language's (``colour_letter``: ``R`` in English, ``Ŕ`` in the
pseudo-locale), so the tests read the same board in any language."""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.geometry import Offset, Region
from textual.widgets import Static

from builders import game, play, state
from monza_tui import i18n
from monza_tui.app.board_marks import CAR_MARK, FINISHED_MARK, car_glyph
from monza_tui.app.board_view import BoardView, line_spans
from monza_tui.boardfile import BUILTIN, BoardFile, load_board, parse_board
from monza_tui.engine import Colour, Die, Phase, Place, SpaceKind, State, Tile
from monza_tui.i18n import colour_letter
from monza_tui.race.scene import DONE_LABEL, Scene, scene_from_state

R, B, G, Y, P, W = (colour_letter(c) for c in Colour)
"""The colour letters in the session's language."""

# Three lanes, ten units between start and finish: lane a of one-unit spaces, so that six
# dice fit in a row (turbo, R14); lane b of two-unit spaces; lane c mixed.
STEPS = """
name = "steps"
finish_colour = "white"
lanes = [
  "S2 W1 R1 G1 B1 Y1 P1 W1 R1 G1 B1 F2",
  "S2 P2 G2 R2 Y2 B2 F2",
  "S2 W1 Y2 B1 R2 G1 P2 Y1 F2",
]
[shape]
loop = false
legs = ["E14"]
"""


def steps_board() -> BoardFile:
    return parse_board(STEPS, "steps")


def run_async(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test with asyncio (no pytest async plugin is installed)."""

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return wrapper


def ids(bf: BoardFile, spaces: frozenset[int] | set[int]) -> set[str]:
    return {bf.board.spaces[s].id for s in spaces}


def die(s: State, colour: Colour) -> Die:
    return Die(s.roll.index(colour))


# scene_from_state ----------------------------------------------------------------------


def test_from_the_start_every_touching_space_of_a_rolled_colour_is_highlighted() -> None:
    bf = steps_board()
    s = state(game(bf.board), roll="WPRGBY")
    scene = scene_from_state(s)
    assert ids(bf, scene.highlights) == {"a1", "b1", "c1"}  # R5: all touch the start
    assert scene.origin == bf.board.start
    assert scene.tokens == ()
    assert scene.cars == {bf.board.start: (Colour.RED, Colour.BLUE)}
    assert scene.moving == 0 and scene.moving_car is Colour.RED


def test_highlights_follow_the_selected_die() -> None:
    bf = steps_board()
    s = state(game(bf.board), roll="WPRGBY")
    assert ids(bf, scene_from_state(s, selected=die(s, Colour.PURPLE)).highlights) == {"b1"}
    assert ids(bf, scene_from_state(s, selected=die(s, Colour.WHITE)).highlights) == {"a1", "c1"}
    assert scene_from_state(s, selected=die(s, Colour.RED)).highlights == frozenset()


def test_after_a_die_the_next_step_goes_from_its_space() -> None:
    bf = steps_board()
    s = play(state(game(bf.board), roll="WPRGBY"), "W@c1")
    scene = scene_from_state(s, cursor=bf.board.index_of("c2"))
    c1 = bf.board.index_of("c1")
    assert scene.tokens == ((c1, "1"),)
    assert scene.origin == c1
    # From c1 (W, 2-3): c2 ahead in lane; b1 (2-4) beside with its front edge ahead (R5).
    assert ids(bf, scene.highlights) == {"b1", "c2"}
    assert scene.cursor == bf.board.index_of("c2")


def test_tiles_are_labelled_and_highlight_their_colour() -> None:
    bf = steps_board()
    s = state(game(bf.board, pro=True), roll="WRRRRR")
    s = play(s, "W@c1")
    assert ids(bf, scene_from_state(s, selected=Tile(Colour.PURPLE)).highlights) == {"b1"}
    assert scene_from_state(s, selected=Tile(Colour.RED)).highlights == frozenset()
    s = play(s, "tP@b1")
    assert scene_from_state(s).tokens == (
        (bf.board.index_of("c1"), "1"),  # die 1, the white one
        (bf.board.index_of("b1"), "Tt"),  # a tile: no number of its own
    )


def test_during_the_turbo_the_main_move_is_marked_done() -> None:
    bf = steps_board()
    s = state(game(bf.board, pro=True), roll="WRGBYP")
    s = play(s, "W@a1", "R@a2", "G@a3", "B@a4", "Y@a5", "P@a6", "go")
    assert s.phase is Phase.TURBO_ROLL
    s = play(s, "roll WY")
    scene = scene_from_state(s)
    a = [bf.board.index_of(f"a{n}") for n in range(1, 8)]
    assert scene.tokens == tuple((space, DONE_LABEL) for space in a[:6])
    assert scene.origin == a[5]
    # From a6 (units 7-8): a7 (W) in lane, b4 (Y, 8-10) beside; b3 (6-8) is not ahead (R5).
    assert ids(bf, scene.highlights) == {"a7", "b4"}
    s = play(s, "W@a7")
    assert scene_from_state(s).tokens[-1] == (a[6], "1")


def test_the_bonus_move_highlights_the_free_steps_of_the_owed_car() -> None:
    bf = steps_board()
    s = state(game(bf.board, bonus=True), roll="WRBBBB")
    s = play(s, "W@a1", "R@a2", "go")  # the last colour is red: the red car's bonus (R15)
    assert s.phase is Phase.BONUS and s.bonus_player == 0
    scene = scene_from_state(s)
    assert scene.origin == bf.board.index_of("a2")
    assert ids(bf, scene.highlights) == {"a3", "b2"}
    assert scene.moving == 0


# The widget in a harness app -------------------------------------------------------------


class BoardHarness(App[None]):
    """A board view beside a side panel as wide as the race screen's (34 columns)."""

    CSS = "Horizontal { height: 1fr; } #panel { width: 34; }"

    def __init__(self, board_file: BoardFile, scene: Scene | None = None) -> None:
        super().__init__()
        self.board_file = board_file
        self.first_scene = scene
        self.clicked: list[int] = []

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield BoardView(self.board_file, id="board")
            yield Static("side panel", id="panel")

    def on_mount(self) -> None:
        if self.first_scene is not None:
            self.query_one(BoardView).show(self.first_scene)

    def on_board_view_space_clicked(self, message: BoardView.SpaceClicked) -> None:
        self.clicked.append(message.space)


def screen_offset(view: BoardView, space: int) -> Offset:
    """Where a space's first cell is, relative to the view (after centring and scrolling)."""
    x, y = view.layout_now.slots[space][0]
    origin = view._origin
    return Offset(x + origin.x, y + origin.y) - view.scroll_offset


def demo_state(bf: BoardFile) -> State:
    """Four cars spread over the board, two dice placed, on any board: deterministic."""
    board = bf.board
    spots: list[str] = []
    for lane, nth in ((0, 6), (1, 12), (2, 3)):
        own = [i for i in board.lane_spaces[lane] if board.spaces[i].kind is SpaceKind.TRACK]
        spots.append(board.spaces[own[min(nth, len(own) - 1)]].id)
    s = state(game(board, "RBGY"), positions=["start", *spots], roll="WPRGBY")
    for _ in range(2):
        s = s.apply(next(a for a in s.legal_actions() if isinstance(a, Place)))
    return s


def demo_scene(bf: BoardFile) -> Scene:
    scene = scene_from_state(demo_state(bf))
    return replace(scene, cursor=min(scene.highlights) if scene.highlights else None)


@run_async
async def test_the_first_frame_draws_the_board_without_waiting_for_the_resize_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The widget hears of its size (on_resize) only after the first frame: drawn then, a
    # launch showed the panel alone for a frame. With the event ignored, the board is there.
    monkeypatch.setattr(BoardView, "on_resize", lambda self, event: None)
    bf = load_board("long")
    app = BoardHarness(bf)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        assert view.layout_now.scale.name == "normal"
        text = "\n".join(strip.text for strip in view.render_lines(view.region.reset_offset))
        assert text.count("╭") >= 3 and text.count("╯") >= 3


@pytest.mark.parametrize("name", BUILTIN)
@run_async
async def test_a_click_names_the_exact_space_also_after_a_resize(name: str) -> None:
    bf = load_board(name)
    app = BoardHarness(bf)
    async with app.run_test(size=(120, 40)) as pilot:
        view = app.query_one(BoardView)
        board = bf.board
        picks = [*[s.index for s in board.spaces][::9], board.spaces[-1].index]
        for space in picks:
            await pilot.click(BoardView, offset=screen_offset(view, space))
        # A finish field drawn over the start field is the start, unless it is a target.
        over_start = {
            s
            for s in board.finishes
            if set(view.layout_now.slots[s]) & set(view.layout_now.slots[board.start])
        }
        assert app.clicked == [board.start if s in over_start else s for s in picks]
        app.clicked.clear()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert view.layout_now.scale.name == "compact"
        view.scroll_to(0, 0, animate=False)
        await pilot.pause()
        # A space drawn in the visible corner of the scrolled compact board.
        viewport = view.scrollable_content_region
        target = next(
            s for s in picks[1:]
            if screen_offset(view, s).x < viewport.width - 1
            and screen_offset(view, s).y < viewport.height - 1
        )
        await pilot.click(BoardView, offset=screen_offset(view, target))
        assert app.clicked == [target]


@run_async
async def test_the_keyboard_cursor_is_scrolled_into_view() -> None:
    bf = load_board("long")
    app = BoardHarness(bf)
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(BoardView)
        viewport = view.scrollable_content_region.size
        layout = view.layout_now
        assert layout.width > viewport.width or layout.height > viewport.height  # it scrolls
        # The space drawn farthest from the top left corner.
        far = max(layout.slots, key=lambda s: sum(layout.slots[s][0]))
        view.show(Scene(cars={}, highlights=frozenset({far}), cursor=far))
        await pilot.pause(0.5)
        at = screen_offset(view, far)
        assert 0 <= at.x < viewport.width and 0 <= at.y < viewport.height
        assert view.space_at(at) == far


@run_async
async def test_resizing_mid_race_keeps_the_scene_and_never_breaks() -> None:
    bf = load_board("oval")
    a3 = bf.board.index_of("a3")
    app = BoardHarness(bf, Scene(cars={a3: (Colour.BLUE,)}, tokens=((a3, "1"),)))
    async with app.run_test(size=(120, 40)) as pilot:
        view = app.query_one(BoardView)
        for width, height in ((80, 24), (40, 10), (36, 3), (200, 60), (120, 40)):
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            lines = [view.render_line(y).text for y in range(view.size.height)]
            assert all(len(line) == view.scrollable_content_region.width for line in lines)
        assert view.scene.cars == {a3: (Colour.BLUE,)}
        shown = set()
        for x, y in view.layout_now.slots[a3]:
            at = Offset(x, y) + view._origin - view.scroll_offset
            shown.add(view.render_line(at.y).text[at.x])
        # The die and the blue car are still there (a chip, or "Ⓑ" where cells are short).
        assert "1" in shown and ({CAR_MARK, B} <= shown or car_glyph(Colour.BLUE) in shown)


@run_async
async def test_a_click_on_an_outline_names_no_space() -> None:
    bf = load_board("oval")
    app = BoardHarness(bf)
    async with app.run_test(size=(120, 40)) as pilot:
        view = app.query_one(BoardView)
        layout = view.layout_now
        x, y = next(
            (x, y)
            for y, row in enumerate(layout.rows)
            for x, cell in enumerate(row)
            if cell is not None and cell.line == "│"
        )
        await pilot.click(BoardView, offset=Offset(x, y) + view._origin)
        assert app.clicked == []
        assert view.space_at(Offset(x, y) + view._origin) is None


@run_async
async def test_the_finish_over_the_start_is_clicked_when_it_is_a_legal_target() -> None:
    bf = load_board("oval")
    board = bf.board
    app = BoardHarness(bf)
    async with app.run_test(size=(120, 40)) as pilot:
        view = app.query_one(BoardView)
        at = screen_offset(view, board.start)
        assert view.space_at(at) == board.start
        view.show(Scene(cars={}, highlights=frozenset(board.finishes)))
        await pilot.pause()
        assert view.space_at(at) == board.finishes[0]


@run_async
async def test_a_new_scene_refreshes_only_the_boxes_of_the_spaces_that_changed() -> None:
    bf = load_board("oval")
    board = bf.board
    a3, b9 = board.index_of("a3"), board.index_of("b9")
    app = BoardHarness(bf, Scene(cars={a3: (Colour.RED,)}))
    async with app.run_test(size=(120, 40)) as pilot:
        view = app.query_one(BoardView)
        refreshed: list[Region] = []
        original = view.refresh

        def spy(*regions: Region, **changes: bool) -> BoardView:
            refreshed.extend(regions)
            return original(*regions, **changes)

        view.refresh = spy  # type: ignore[method-assign]
        kept = view.painter.kept_rows()
        view.show(Scene(cars={b9: (Colour.RED,)}))
        # The rows of the two spaces' cells are drawn anew (their frames look the same: a
        # car moved), the rest of the board kept...
        layout = view.layout_now
        rows = {y for s in (a3, b9) for _, y in layout.slots[s]}
        assert rows < set(layout.space_rows[a3]) | set(layout.space_rows[b9])
        assert view.painter.kept_rows() == kept - rows
        await pilot.pause()
        # ...and only the two spaces' cells go to the terminal, one span a line.
        origin = view._origin
        boxes = [Region(*layout.bounds(s, frame=False)).translate(origin) for s in (a3, b9)]
        assert refreshed == line_spans(boxes, view.size.region)
        assert {y for r in refreshed for y in range(r.y, r.bottom)} == {
            y for box in boxes for y in range(box.y, box.bottom)}
        refreshed.clear()
        view.show(Scene(cars={b9: (Colour.RED,)}))
        assert refreshed == []  # the same scene again: nothing to redraw


def test_changed_boxes_go_to_the_terminal_as_one_span_a_line() -> None:
    """Textual sends each span of a line from the widget's left edge: two boxes on one
    line become one span from the first changed cell to the last, cut to the view."""
    view = Region(0, 0, 80, 20)
    spans = line_spans([Region(10, 2, 4, 2), Region(40, 3, 6, 2), Region(76, 19, 8, 3)], view)
    assert spans == [
        Region(10, 2, 4, 1),
        Region(10, 3, 36, 1),  # both boxes' line: from the first box to the second's end
        Region(40, 4, 6, 1),
        Region(76, 19, 4, 1),  # the part in view
    ]
    assert line_spans([Region(90, 0, 5, 5)], view) == []


@pytest.mark.parametrize("name", BUILTIN)
@run_async
async def test_every_coloured_space_shows_its_letter_so_colour_is_not_needed(name: str) -> None:
    bf = load_board(name)
    app = BoardHarness(bf)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        lines = [view.render_line(y).text for y in range(view.size.height)]
        layout = view.layout_now
        edge_only = []
        for space in bf.board.spaces:
            if space.colour is None:
                continue
            shown = set()
            for x, y in layout.slots[space.index]:
                at = Offset(x + view._origin.x, y + view._origin.y) - view.scroll_offset
                shown.add(lines[at.y][at.x])
            if colour_letter(space.colour) not in shown:
                # Only a space whose one cell must show its edge (no line had room, and
                # the space behind has no cell to spare for it) goes without its letter.
                assert len(shown) == 1 and shown <= set("▏▕▔▁"), (space.id, shown)
                edge_only.append(space.id)
        assert len(edge_only) <= {"long": 2}.get(name, 0), edge_only


@run_async
async def test_cars_and_dice_are_drawn_in_their_spaces() -> None:
    bf = load_board("oval")
    board = bf.board
    a3 = board.index_of("a6")  # P [11,12]: one unit, three cells at 120x40
    scene = Scene(cars={a3: (Colour.BLUE,)}, tokens=((a3, "1"),), player_cars=(Colour.BLUE,))
    app = BoardHarness(bf, scene)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        assert len(view.layout_now.slots[a3]) == 3
        text = "".join(
            view.render_line(y + view._origin.y).text[x + view._origin.x]
            for x, y in sorted(view.layout_now.slots[a3])
        )
        # No room for the letter as well: the die and the car chip (mark and letter).
        assert text == f"1{CAR_MARK}{B}"
        view.show(Scene(cars={}))
        await pilot.pause()
        text = "".join(
            view.render_line(y + view._origin.y).text[x + view._origin.x]
            for x, y in sorted(view.layout_now.slots[a3])
        )
        assert text == f" {P} "


# Cars read without colour (issue 8, point 3) ----------------------------------------------

LETTERS = "".join(colour_letter(c) for c in Colour)
CHIP = re.compile(
    f"[{CAR_MARK}{FINISHED_MARK}][{LETTERS}]|[{''.join(car_glyph(c) for c in Colour)}]"
)
TILE_MARKS = re.compile(f"[{LETTERS.lower()}]")
"""The tiles row's marks are the letters in lower case: never drawn on the board."""


def car_form(text: str) -> str:
    """A car found in the text as its one-cell form (``Ⓡ``): a chip (``●R``, ``⚑R``) is
    read by its letter. (Where a letter has no circled form, as in Russian or the
    pseudo-locale's ``Ɓ``, the one-cell form is ``●`` for more than one car.)"""
    if len(text) == 2:
        return next(car_glyph(c) for c in Colour if colour_letter(c) == text[1])
    return text


def cars_in_text(view: BoardView) -> list[tuple[str, int, int, int | None]]:
    """Every car found in the board's text alone: ``(text, x, y, space under it)``; a chip
    is the car mark (or the finish flag) and the car's letter, or the car's letter in a
    circle where a space has too few cells."""
    found = []
    for y in range(view.size.height):
        line = view.render_line(y).text
        for match in CHIP.finditer(line):
            x = match.start()
            found.append((match.group(), x, y, view.space_at(Offset(x, y))))
    return found


@pytest.mark.parametrize("name", BUILTIN)
@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@run_async
async def test_every_car_is_found_by_reading_the_text(name: str, size: tuple[int, int]) -> None:
    bf = load_board(name)
    scene = demo_scene(bf)
    app = BoardHarness(bf, scene)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        expected = sorted(
            (car_glyph(car), space) for space, cars in scene.cars.items() for car in cars
        )
        found = [(t, x, y, space) for t, x, y, space in cars_in_text(view)]
        for t, x, y, space in found:
            assert space is not None, (t, x, y)
            # The chip sits on its car's space: both of its cells.
            if len(t) == 2:
                assert view.space_at(Offset(x + 1, y)) == space
        visible = {
            s for s in scene.cars if view.layout_now.slots.get(s) and _on_screen(view, s)
        }
        assert sorted((car_form(t), s) for t, _, _, s in found) == [
            e for e in expected if e[1] in visible
        ]


def _on_screen(view: BoardView, space: int) -> bool:
    """Whether the space's cells are in view (not scrolled away, not under the mini-map)."""
    for x, y in view.layout_now.slots[space]:
        at = Offset(x + view._origin.x, y + view._origin.y) - view.scroll_offset
        inside = 0 <= at.x < view.scrollable_content_region.width and 0 <= at.y < view.size.height
        if inside and view.space_at(at) == space:
            return True
    return False


@run_async
async def test_six_cars_on_the_classic_start_each_have_their_own_chip() -> None:
    bf = load_board("classic")
    cars = tuple(Colour)
    scene = Scene(cars={bf.board.start: cars}, player_cars=cars, moving=0)
    app = BoardHarness(bf, scene)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        found = cars_in_text(view)
        assert [(t, x, y) for t, x, y, _ in found] == [
            ("●" + P, 42, 9), ("●" + B, 44, 9), ("●" + G, 42, 10), ("●" + R, 44, 10),
            ("●" + W, 42, 11), ("●" + Y, 44, 11),
        ]
        assert {space for *_, space in found} == {bf.board.start}


@run_async
async def test_a_car_at_the_finish_over_the_start_shows_the_flag() -> None:
    bf = load_board("oval")
    board = bf.board
    finish = board.finishes[0]
    scene = Scene(cars={board.start: (Colour.RED,), finish: (Colour.BLUE,)})
    app = BoardHarness(bf, scene)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        texts = sorted(t for t, *_ in cars_in_text(app.query_one(BoardView)))
        assert texts == ["●" + R, "⚑" + B]


@run_async
async def test_a_car_on_a_one_cell_space_is_shown_instead_of_the_letter() -> None:
    bf = steps_board()
    a1 = bf.board.index_of("a1")
    app = BoardHarness(bf, Scene(cars={a1: (Colour.GREEN,)}))
    async with app.run_test(size=(64, 20)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        assert view.layout_now.scale.name == "compact"
        assert len(view.layout_now.slots[a1]) == 1
        at = screen_offset(view, a1)
        # The green car, its letter circled: never a space's letter nor a tile's.
        assert view.render_line(at.y).text[at.x] == car_glyph(Colour.GREEN) == "Ⓖ"
        view.show(Scene(cars={}))
        await pilot.pause()
        assert view.render_line(at.y).text[at.x] == W


@pytest.mark.parametrize("name", ["long", "classic"])
@run_async
async def test_a_track_too_big_for_80x24_shows_the_whole_loop_in_a_mini_map(name: str) -> None:
    """Issue 8, point 8: at 80x24 the long track (and classic) scroll; a mini-map in a
    corner shows the whole loop with every car, and a click on it scrolls there."""
    bf = load_board(name)
    scene = demo_scene(bf)
    app = BoardHarness(bf, scene)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        layout = view.layout_now
        assert layout.width > view.scrollable_content_region.width  # it scrolls
        region = view._map_region()
        assert region is not None
        assert (region.width, region.height) == (-(-layout.width // 4) + 1, -(-layout.height // 4))
        lines = [view.render_line(y).text for y in range(view.size.height)]
        # Every car stands on the map as its letter, where its space is drawn.
        for space, cars in scene.cars.items():
            x, y = layout.slots[space][0]
            mark = lines[region.y + y // 4][region.x + 1 + x // 4]
            assert mark == colour_letter(cars[0]), bf.board.spaces[space].id
        # Everything else on the map is track (braille dots) or grass.
        for y in range(region.y, region.bottom):
            for ch in lines[y][region.x + 1 : region.right]:
                assert ch == " " or ch in R + B + G + Y or 0x2800 <= ord(ch) <= 0x28FF
        assert view.space_at(Offset(region.x + 2, region.y + 1)) is None  # the map covers
        # A click on the map's far corner scrolls the view there.
        before = view.scroll_offset
        await pilot.click(BoardView, offset=(region.x + 1, region.bottom - 1))
        await pilot.pause()
        assert view.scroll_offset != before


@run_async
async def test_the_mini_map_moves_off_the_cursor() -> None:
    bf = load_board("long")
    app = BoardHarness(bf, Scene(cars={}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        top = view._map_region()
        assert top is not None and top.y == 0
        under = next(
            s.index
            for s in bf.board.spaces
            if s.colour is not None and top.contains_region(view._on_view(s.index))
        )
        view.show(Scene(cars={under: (Colour.RED,)}, cursor=under))
        await pilot.pause()
        bottom = view._map_region()
        assert bottom is not None and bottom.bottom == view.scrollable_content_region.height
        assert view.scroll_offset == (0, 0)  # the cursor was in view: nothing scrolled
        at = screen_offset(view, under)
        assert view.space_at(at) == under  # no longer under the map
        lines = [view.render_line(y).text for y in range(view.size.height)]
        assert R in "".join(line[bottom.x + 1 :] for line in lines[bottom.y :])


@run_async
async def test_the_size_the_board_needs() -> None:
    app = BoardHarness(load_board("long"))
    async with app.run_test(size=(120, 40)):
        view = app.query_one(BoardView)
        assert view.fits(86, 38) and view.fits_whole(86, 38)
        assert view.fits(46, 22) and not view.fits_whole(46, 22)  # playable, scrolling
        assert not view.fits(20, 8)
        assert view.min_size[0] <= 46 and view.min_size[1] <= 22


# Snapshots (the lead updates them when the boards change: --snapshot-update) -------------


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@pytest.mark.parametrize("name", BUILTIN)
def test_snapshot(name: str, size: tuple[int, int], snap_compare: Any) -> None:
    bf = load_board(name)
    assert snap_compare(BoardHarness(bf, demo_scene(bf)), terminal_size=size)


@pytest.mark.parametrize("name", ["oval", "classic"])
def test_snapshot_without_colour(
    name: str, snap_compare: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """NO_COLOR: cars, dice and spaces still read apart (the text tests above find them)."""
    monkeypatch.setenv("NO_COLOR", "1")
    bf = load_board(name)
    scene = demo_scene(bf)
    if name == "classic":
        cars = tuple(Colour)
        scene = Scene(cars={bf.board.start: cars}, player_cars=cars, moving=0)
    assert snap_compare(BoardHarness(bf, scene), terminal_size=(120, 40))


def space_text(view: BoardView, space: int) -> str:
    """What a space's cells show, left to right and top to bottom (plain text only)."""
    out = []
    for x, y in sorted(view.layout_now.slots[space], key=lambda c: (c[1], c[0])):
        at = Offset(x + view._origin.x, y + view._origin.y) - view.scroll_offset
        out.append(view.render_line(at.y).text[at.x])
    return "".join(out)


@run_async
async def test_cars_on_short_spaces_never_read_as_letters() -> None:
    """The QA round of issue 8, point 3: at 120x40 cars shrank to one lower-case letter
    (``│bR │``), read like the tiles row (``r b g``). Now a car is a chip (``●B``) wherever
    two cells are free (the space's letter gives way first), else its letter circled
    (``Ⓑ``); two cars in one cell show ``⁂``. Read from the text alone, as under NO_COLOR."""
    bf = load_board("oval")
    board = bf.board
    one, two, three, two_b = (board.index_of(i) for i in ("a8", "a3", "a6", "b3"))
    scene = Scene(
        cars={
            three: (Colour.BLUE,),
            two: (Colour.RED,),
            one: (Colour.GREEN,),
            two_b: (Colour.PURPLE, Colour.YELLOW),
        },
        player_cars=(Colour.BLUE, Colour.RED, Colour.GREEN, Colour.PURPLE, Colour.YELLOW),
    )
    app = BoardHarness(bf, scene)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        assert view.layout_now.scale.name == "roomy"
        assert [len(view.layout_now.slots[s]) for s in (one, two, three, two_b)] == [1, 2, 3, 2]
        assert space_text(view, three) == f"{P}●{B}"  # the chip and the space's letter
        assert space_text(view, two) == "●" + R  # the letter gives way to the chip
        assert space_text(view, one) == "Ⓖ"  # circled: accents dropped
        # Both, one cell each (in English "ⓅⓎ"; a letter without a circled form is "●").
        assert sorted(space_text(view, two_b)) == sorted(
            car_glyph(c) for c in (Colour.PURPLE, Colour.YELLOW)
        )
        view.show(replace(scene, cars={one: (Colour.GREEN, Colour.RED)}))
        await pilot.pause()
        assert space_text(view, one) == "⁂"
        view.show(replace(scene, cars={}))
        await pilot.pause()
        assert space_text(view, one) == colour_letter(board.spaces[one].colour)
        # No lower-case letter anywhere on the board: those are the tiles row's marks.
        text = "".join(view.render_line(y).text for y in range(view.size.height))
        assert not TILE_MARKS.search(text)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@run_async
async def test_two_cars_sharing_a_short_space_on_the_long_track_are_both_read(
    size: tuple[int, int],
) -> None:
    """Like the QA round's long-track race (``--seed 8``, round 4: two cars shared a box
    as ``│rb│``): two cars on a coloured space of one or two cells and a third elsewhere,
    every car found in the text, none a lower-case letter."""
    bf = load_board("long")
    board = bf.board
    drawn = BoardView(bf).layouts.choose(86, 38)
    spot = next(
        s.index
        for s in board.spaces
        if s.colour is not None and 1 <= len(drawn.slots[s.index]) <= 2
    )
    scene = Scene(
        cars={spot: (Colour.RED, Colour.BLUE), board.index_of("b20"): (Colour.GREEN,)},
        player_cars=(Colour.RED, Colour.BLUE, Colour.GREEN),
    )
    app = BoardHarness(bf, scene)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        for space, cars in scene.cars.items():
            if not _on_screen(view, space):
                continue
            text = space_text(view, space)
            assert not TILE_MARKS.search(text), text
            found = {car_form(t) for t in CHIP.findall(text)}
            assert found == {car_glyph(car) for car in cars} or "⁂" in text, text


def test_marks_keep_one_thin_edge_and_give_cars_the_room_first() -> None:
    """:func:`place_marks` alone: the space's thin edge keeps a cell; then cars (chips where
    two cells are free, else circled letters, ``⁂`` past the cells), dice, the letter."""
    from monza_tui.app.board_marks import place_marks

    row = ((1, 0), (2, 0), (0, 0))  # best first; (0, 0) shows the thin edge
    thin = frozenset({(0, 0)})
    letter = ("R", ("l",))

    def text(marks: dict[tuple[int, int], tuple[str, tuple[str, ...]]]) -> str:
        return "".join(marks.get((x, 0), ("▏" if (x, 0) in thin else " ", ()))[0] for x in range(3))

    assert text(place_marks(row, letter, [], [], "b", None, thin)) == "▏R "
    blue = [(Colour.BLUE, False)]
    assert text(place_marks(row, letter, [], blue, "b", None, thin)) == "▏●" + B
    die = [("1", ("d",))]
    blue_1, red_1, green_1 = (car_glyph(c) for c in (Colour.BLUE, Colour.RED, Colour.GREEN))
    assert (blue_1, red_1, green_1) == ("Ⓑ", "Ⓡ", "Ⓖ") or i18n.current_language() != "en"
    assert text(place_marks(row, letter, die, blue, "b", None, thin)) == f"▏{blue_1}1"
    two = [(Colour.BLUE, False), (Colour.RED, False)]
    assert text(place_marks(row, letter, [], two, "b", None, thin)) == f"▏{blue_1}{red_1}"
    three = [*two, (Colour.GREEN, False)]
    assert text(place_marks(row, letter, [], three, "b", None, thin)) == (
        green_1 + blue_1 + red_1  # the edge gives way
    )
    alone = ((0, 0),)  # a space of one cell, its thin edge there: the letter wins
    assert text(place_marks(alone, letter, [], [], "b", None, thin))[0] == "R"
    four = [*three, (Colour.YELLOW, False)]
    assert text(place_marks(row, letter, [], four, "b", None, thin)) == f"⁂{blue_1}{red_1}"

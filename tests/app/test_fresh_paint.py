"""The board painted key by key is the board painted from scratch.

The board view paints a new scene incrementally: only the spaces whose look changed are
painted again, only their rows are cut again, only their boxes go to the terminal, scenes
foreseen are swapped in, and Textual keeps every other line it painted before. Races are
played here with seeded random keys, and after every key the lines the live view holds (as
Textual would put them on the screen) must equal, cell by cell in text and style, the lines
of a new painter of the same drawing and size painting the scene shown from nothing, with
the mini-map made afresh over them.
"""

from __future__ import annotations

import random

import pytest
from rich.style import Style
from textual.strip import Strip

from app.helpers import race_app, run_async, settle
from monza_tui.app.board_map import map_strips
from monza_tui.app.board_paint import BoardPainter
from monza_tui.app.board_view import BoardView
from monza_tui.app.screens.race import RaceScreen
from monza_tui.engine import Colour
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.seats import SeatKind

KEYS = (
    *"123456", "tab", "shift+tab", "enter", "backspace", "space", "t", "k", "d", "escape",
    "h", "left", "right", "up", "down",
)
DRIVING = ("space", "enter", "enter", "1", "2", "3", "k")
"""Keys drawn more often, so that the races go on (rolls, placed dice, drives)."""

ANN, BEN = Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE)
RACES = {
    "oval": (RaceSetup(board="oval", seats=(ANN, BEN), seed=11), (120, 40), 101),
    "long-pro-bonus": (
        RaceSetup(board="long", pro=True, bonus=True, seats=(ANN, BEN), seed=12), (80, 24), 102
    ),
    "classic": (
        RaceSetup(board="classic", seats=(ANN, BEN, Seat("Cy", Colour.GREEN, SeatKind.GREEDY)),
                  seed=13),
        (100, 30),
        103,
    ),
}
PRESSES = 90
"""Keys per race (a few hundred in all)."""

Cells = list[tuple[str, Style | None]]


def cells(strip: Strip, width: int) -> Cells:
    """The first ``width`` cells of a line: each character with its style."""
    found = [(char, segment.style) for segment in strip for char in segment.text]
    assert len(found) >= width, (len(found), width)
    return found[:width]


def painted(view: BoardView) -> list[Cells]:
    """The view's lines as Textual holds them now: the lines it painted before and kept,
    with those it was told to paint again painted (what the scrollbars leave in sight)."""
    width, height = view.scrollable_content_region.size
    return [cells(strip, width) for strip in view.render_lines(view.size.region)[:height]]


def fresh(view: BoardView) -> list[Cells]:
    """The view's lines painted from scratch: a new painter of the drawing shown, at the
    view's margin, scroll and size, painting the scene shown, the mini-map made anew."""
    layout = view.layout_now
    origin = view._origin
    painter = BoardPainter(view.board, layout, view.scene, left=origin.x,
                           base=lambda: view.own_style)
    scroll_x, scroll_y = view.scroll_offset
    width, height = view.scrollable_content_region.size
    region = view._map_region()
    rows: list[Strip] = []
    if region is not None:
        drawn = (scroll_x - origin.x, scroll_y - origin.y, width, height)
        rows = map_strips(layout, view.scene, drawn, painter.style)
    _, background = view.background_colors
    lines = []
    for y in range(height):
        row = y + scroll_y - origin.y
        if 0 <= row < layout.height:
            strip = painter.view_row(row, scroll_x, width)
        else:
            strip = Strip.blank(width, painter.blank)
        if region is not None and region.y <= y < region.y + len(rows):
            strip = Strip.join([strip.crop(0, region.x), rows[y - region.y]])
        for line_filter in view.get_line_filters():
            strip = strip.apply_filter(line_filter, background)
        lines.append(cells(strip, width))
    return lines


def assert_same(view: BoardView, keys: list[str]) -> None:
    live, anew = painted(view), fresh(view)
    assert len(live) == len(anew)
    for y, (mine, theirs) in enumerate(zip(live, anew, strict=True)):
        if mine != theirs:
            x = next(i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b)
            raise AssertionError(
                f"after {keys}: line {y} differs from column {x}:\n"
                f"painted {''.join(c for c, _ in mine)!r}\n"
                f"fresh   {''.join(c for c, _ in theirs)!r}\n"
                f"styles  {mine[x][1]} / {theirs[x][1]}"
            )


@pytest.mark.parametrize("name", RACES)
@run_async
async def test_the_board_painted_key_by_key_is_the_board_painted_afresh(name: str) -> None:
    setup, size, seed = RACES[name]
    app = race_app(race=start_race(setup))
    rng = random.Random(seed)
    pressed: list[str] = []
    mapped = 0
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        race_screen = app.screen
        assert isinstance(race_screen, RaceScreen)
        view = race_screen.query_one(BoardView)
        assert app.race is not None
        start = app.race.state.positions
        assert_same(view, pressed)
        for _ in range(PRESSES):
            key = rng.choice(DRIVING if rng.random() < 0.4 else KEYS)
            pressed.append(key)
            await pilot.press(key)
            await settle(pilot)
            if app.screen is not race_screen:
                break  # (the race is over: the board is no longer on the screen)
            assert_same(view, pressed[-12:])
            mapped += view._map_region() is not None
        assert app.race is not None
        moved = app.race.state.positions != start
    assert len(pressed) > PRESSES // 2
    assert moved, "no car moved: the keys never drove"
    if name == "long-pro-bonus":
        assert mapped, "the mini-map was never over the board"

"""Issue 30, what a family still trips over on the track: a car on a one-cell space keeps
the space's colour around it, two one-cell neighbours never read as one two-letter space
without colour, the way the race goes is drawn beside the track on every board, and the
legend names the colour of each letter in the player's language."""

from __future__ import annotations

from typing import Any

import pytest
from rich.color import Color
from rich.console import Console
from textual.geometry import Offset

from app.test_board_view import BoardHarness, run_async, screen_offset, steps_board
from monza_tui import i18n
from monza_tui.app.board_paint import BoardPainter
from monza_tui.app.board_view import BoardView
from monza_tui.app.layout_choice import Layouts
from monza_tui.app.legend import legend
from monza_tui.app.track_arrows import ARROW, CHEVRON
from monza_tui.boardfile import BUILTIN, load_board
from monza_tui.engine import Colour
from monza_tui.i18n import colour_letter
from monza_tui.palette import CAR, SPACE
from monza_tui.race.scene import Scene


def _cell(view: BoardView, at: Offset) -> tuple[str, Any]:
    """The character and the style a person sees at ``at`` (relative to the view)."""
    strip = view.render_line(at.y)
    cells = [(char, seg.style) for seg in strip for char in seg.text]
    return cells[at.x]


@run_async
async def test_a_car_on_a_one_cell_space_keeps_the_space_colour_around_it() -> None:
    bf = steps_board()
    a1 = bf.board.index_of("a1")  # white, one unit: one cell at the compact scale
    app = BoardHarness(bf, Scene(cars={a1: (Colour.GREEN,)}))
    async with app.run_test(size=(64, 20)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        assert view.layout_now.scale.name == "compact"
        assert len(view.layout_now.slots[a1]) == 1
        text, style = _cell(view, screen_offset(view, a1))
        assert text == "Ⓖ"
        # The space's white all around the glyph, the car's green in the glyph itself.
        assert style.bgcolor == Color.parse(SPACE[Colour.WHITE].background or "")
        assert style.color == Color.parse(SPACE[Colour.GREEN].background or "")
        # The same white space with the car's chip colour would have hidden it (before).
        assert style.bgcolor != Color.parse(CAR[Colour.GREEN].background or "")
        # A red car on a red space: the car's brighter tint on the space's red.
        r = bf.board.index_of("a2")
        view.show(Scene(cars={r: (Colour.RED,)}))
        await pilot.pause()
        text, style = _cell(view, screen_offset(view, r))
        assert text == "Ⓡ"
        assert style.bgcolor == Color.parse(SPACE[Colour.RED].background or "")
        assert style.color == Color.parse(CAR[Colour.RED].background or "")


def _two_letters(rows: list[str]) -> list[str]:
    """Every pair of side by side capital letters on the track (``GR``)."""
    return [row[x : x + 2] for row in rows for x in range(len(row) - 1)
            if row[x].isupper() and row[x + 1].isupper()]


@pytest.mark.parametrize("name", ["oval", "long"])
@run_async
async def test_one_cell_neighbours_are_set_apart_without_colour(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80x24 the compact drawings have one-cell spaces side by side with no edge
    between them (``│GR│`` on the oval): under NO_COLOR the second one is reversed."""
    monkeypatch.setenv("NO_COLOR", "1")
    bf = load_board(name)
    app = BoardHarness(bf, Scene(cars={}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        assert view.layout_now.scale.name == "compact"
        pairs = 0
        for y in range(view.size.height):
            strip = view.render_line(y)
            cells = [(char, seg.style) for seg in strip for char in seg.text]
            for x in range(len(cells) - 1):
                (a, one), (b, two) = cells[x], cells[x + 1]
                if a.isupper() and b.isupper() and view.space_at(Offset(x, y)) is not None:
                    assert view.space_at(Offset(x, y)) != view.space_at(Offset(x + 1, y))
                    assert bool(one.reverse) != bool(two.reverse), (y, a + b)
                    pairs += 1
        assert pairs >= 1  # (the case is there to be seen)


def test_one_cell_neighbours_look_alike_in_colour() -> None:
    """In colour the two colours part them already: nothing is reversed."""
    bf = load_board("oval")
    layout = Layouts.of(bf).choose(46, 22)
    painter = BoardPainter(bf.board, layout, Scene(cars={}))
    parted = [pos for pos, (_, looks) in painter.cells.items() if "parted" in looks]
    assert parted
    assert not any(painter.style(painter.cells[pos][1]).reverse for pos in parted)
    plain = BoardPainter(bf.board, layout, Scene(cars={}), plain=lambda: True)
    assert all(plain.style(plain.cells[pos][1]).reverse for pos in parted)


@pytest.mark.parametrize("size", [(86, 38), (46, 22)], ids=["120x40", "80x24"])
@pytest.mark.parametrize("name", BUILTIN)
def test_every_board_shows_the_way_the_race_goes(name: str, size: tuple[int, int]) -> None:
    """A start arrow at the start field, a finish arrow at a finish, chevrons along the
    track, all off the spaces (no space, car, die or lit space under them), pointing the
    way of travel of the space beside them."""
    bf = load_board(name)
    layout = Layouts.of(bf).choose(*size)
    painter = BoardPainter(bf.board, layout, Scene(cars={}))
    marks = {pos: text for pos, (text, looks) in painter.cells.items()
             if looks in (("arrow",), ("chevron",))}
    arrows = [pos for pos, text in marks.items() if text in ARROW.values()]
    chevrons = [pos for pos, text in marks.items() if text in CHEVRON.values()]
    assert len(arrows) >= 2 and len(chevrons) >= 3, (arrows, chevrons)
    steps = {"E": (1, 0), "W": (-1, 0), "S": (0, 1), "N": (0, -1)}
    fields = {bf.board.start, *bf.board.finishes}
    near_fields = 0
    for (x, y), text in marks.items():
        assert layout.rows[y][x] is None  # never on a space's cell nor on a line
        heading = next(h for h, glyph in (*ARROW.items(), *CHEVRON.items()) if glyph == text)
        dx, dy = steps[heading]
        beside = [layout.cell(x + 2 * sx, y + 2 * sy) for sx, sy in ((dy, dx), (-dy, -dx))]
        spaces = {s for cell in beside if cell is not None for s in cell.spaces}
        assert spaces, ((x, y), text)  # a band beside it, across its direction
        assert any(layout.headings.get(s) == heading for s in spaces), ((x, y), text)
        near_fields += text in ARROW.values() and bool(spaces & fields)
    assert near_fields == len(arrows)


@run_async
async def test_the_marks_stay_under_cars_and_lit_spaces() -> None:
    """A scene with cars and lit spaces changes no mark: they are painted once."""
    bf = load_board("oval")
    app = BoardHarness(bf, Scene(cars={}))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        before = [view.render_line(y).text for y in range(view.size.height)]
        lit = frozenset(range(1, 30))
        view.show(Scene(cars={3: (Colour.RED,)}, highlights=lit, cursor=5))
        await pilot.pause()
        after = [view.render_line(y).text for y in range(view.size.height)]
        marks = set(ARROW.values()) | set(CHEVRON.values())
        found = [(y, x, ch) for y, line in enumerate(before) for x, ch in enumerate(line)
                 if ch in marks]
        assert len(found) >= 4
        assert found == [(y, x, ch) for y, line in enumerate(after) for x, ch in enumerate(line)
                         if ch in marks]


def _legend_text(width: int = 200) -> str:
    console = Console(width=width, no_color=True, record=True)
    console.print(legend())
    return console.export_text()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", "R = rouge  B = bleu  V = vert  J = jaune  M = violet  L = blanc"),
        ("en", "R = red  B = blue  G = green  Y = yellow  P = purple  W = white"),
    ],
)
def test_the_legend_names_each_letter_colour(language: str, expected: str) -> None:
    """The French board writes white ``L`` and purple ``M``: the legend says what each
    letter stands for, with the very letters the board shows."""
    before = i18n.current_language()
    try:
        i18n.set_language(language)
        text = _legend_text()
        assert text.splitlines()[0] == expected
        assert all(f"{colour_letter(c)} = {i18n.colour_name(c)}" in text for c in Colour)
    finally:
        i18n.set_language(before)

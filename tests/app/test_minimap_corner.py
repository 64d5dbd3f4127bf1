"""The mini-map never covers the cursor, the car moving or a lit space at 80x24 (issue 30):
it goes to another corner, and where every corner would cover the cursor it is not drawn
(app/board_map.py)."""

from __future__ import annotations

from textual.geometry import Region

from app.helpers import ANN, BEN, race_app, run_async, settle
from app.test_board_view import BoardHarness
from monza_tui.app.board_view import BoardView
from monza_tui.boardfile import load_board
from monza_tui.engine import Colour
from monza_tui.race.scene import Scene
from monza_tui.race.setup import RaceSetup, start_race


def covered(view: BoardView, spaces: list[int]) -> list[int]:
    """The spaces among ``spaces`` with a cell under the mini-map now."""
    region = view._map_region()
    if region is None:
        return []
    return [s for s in spaces if region.overlaps(view._on_view(s))]


@run_async
async def test_the_map_takes_the_corner_that_covers_neither_cursor_nor_moving_car() -> None:
    bf = load_board("long")
    app = BoardHarness(bf, Scene(cars={}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        top_right = view._map_region()
        assert top_right is not None and top_right.y == 0 and top_right.x > 0
        size = view.scrollable_content_region.size
        bottom_right = Region(top_right.x, size.height - top_right.height, *top_right.size)

        def under(region: Region) -> list[int]:
            return [s.index for s in bf.board.spaces if s.colour is not None
                    and region.contains_region(view._on_view(s.index))]

        cursor, car = under(top_right)[0], under(bottom_right)[0]
        lit = frozenset(under(top_right)[:3])
        view.show(Scene(cars={car: (Colour.RED,)}, player_cars=(Colour.RED,), moving=0,
                        cursor=cursor, highlights=lit))
        await pilot.pause()
        assert view.scroll_offset == (0, 0)  # all in view: nothing scrolled
        region = view._map_region()
        assert region is not None and region.x == 0  # a left corner
        assert covered(view, [cursor, car, *lit]) == []


@run_async
async def test_cursor_car_and_lit_spaces_stay_out_from_under_the_map_in_a_race() -> None:
    """A race on the long track at 80x24, the cursor stepped along every lit space of
    several turns: no step puts the cursor, a lit space or the moving car under the map."""
    race = start_race(RaceSetup(board="long", seats=(ANN, BEN), seed=3))
    app = race_app(race=race)
    checked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = app.screen.query_one(BoardView)
        for key in ["space", *["right"] * 6, "enter", *["right"] * 6, "enter"] * 3:
            await pilot.press(key)
            await settle(pilot)
            scene = view.scene
            car = scene.moving_car
            moving = [s for s, here in scene.cars.items() if car in here]
            wanted = [s for s in (scene.cursor, *moving) if s is not None]
            assert covered(view, [*wanted, *scene.highlights]) == [], key
            checked += bool(scene.highlights) and view._map_region() is not None
    assert checked > 10  # (the map was up while spaces were lit)

"""Screenshots of the race screen on each board, and of a race's review, for the README
(SVG and plain text).

Run: .venv/bin/python scripts/screenshots.py  (writes docs/screenshots/)
A seeded race of four expert drivers is played a few rounds so that the cars are spread
over the track; the app is then shown mid-turn with a roll and a placed die. The review is
of a seeded race of four computer drivers of every level, played to its end (``v`` on its
results).
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from monza_tui.app.app import MonzaApp
from monza_tui.bots import make_driver
from monza_tui.engine import Colour, Phase
from monza_tui.race.drivers import play_out
from monza_tui.race.setup import RaceSetup, Seat, start_race

OUT = Path(__file__).parent.parent / "docs" / "screenshots"
NAMES = ("Ann", "Ben", "Cy", "Dee")
CARS = (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW)


def spread_race(board: str, pro: bool, bonus: bool, rounds: int):  # type: ignore[no-untyped-def]
    seats = tuple(Seat(name, car) for name, car in zip(NAMES, CARS, strict=True))
    race = start_race(RaceSetup(board=board, pro=pro, bonus=bonus, seats=seats, seed=2026))
    driver = make_driver("expert", random.Random(1))
    while race.state.round <= rounds or race.state.phase is not Phase.ROLL:
        race = race.roll() if race.state.is_chance() else race.apply(driver.choose(race.state))
    race = race.roll()  # Ann's dice are on the table
    if race.state.phase is Phase.EXTRA_ROLL:
        race = race.apply(driver.choose(race.state))
    return race.apply(driver.choose(race.state)) if race.state.legal_actions() else race


async def shoot(board: str, pro: bool, bonus: bool, rounds: int, size: tuple[int, int]) -> None:
    race = spread_race(board, pro, bonus, rounds)
    app = MonzaApp(race=race, bot_delay=0, animation_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.5)
        name = f"{board}-{size[0]}x{size[1]}"
        app.save_screenshot(str(OUT / f"{name}.svg"))
        lines = [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]
        (OUT / f"{name}.txt").write_text("\n".join(lines) + "\n")


def save(app: MonzaApp, name: str) -> None:
    """The app's screen as ``name``.svg and ``name``.txt."""
    app.save_screenshot(str(OUT / f"{name}.svg"))
    lines = [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]
    (OUT / f"{name}.txt").write_text("\n".join(lines) + "\n")


async def shoot_review(size: tuple[int, int]) -> None:
    """The review screen of a finished race (the results' ``v``)."""
    from monza_tui.app.screens.results import ResultsScreen
    from monza_tui.app.screens.review import ReviewScreen, reviewing

    levels = ("expert", "greedy", "random", "greedy")
    seats = tuple(Seat(name, car, level)
                  for name, car, level in zip(NAMES, CARS, levels, strict=True))
    race = play_out(start_race(RaceSetup(board="oval", pro=True, bonus=True, seats=seats,
                                         seed=2026)))
    app = MonzaApp(race=race, bot_delay=0, animation_delay=0)
    async with app.run_test(size=size) as pilot:
        while not isinstance(app.screen, ResultsScreen):
            await pilot.pause(0.05)
        await pilot.press("v")
        while not isinstance(app.screen, ReviewScreen) or reviewing() in str(
                app.screen.query_one("#review-body").render()):
            await pilot.pause(0.05)
        await pilot.pause(0.5)
        save(app, f"review-{size[0]}x{size[1]}")


async def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    await shoot_review((120, 40))
    await shoot("oval", False, True, 3, (120, 40))
    await shoot("long", True, True, 4, (120, 40))
    await shoot("classic", False, False, 3, (120, 40))
    await shoot("long", True, True, 4, (80, 24))


if __name__ == "__main__":
    asyncio.run(main())

"""Startup to first frame and key press to repaint: ``monza play`` beside a bare Textual app.

Both apps run headless (``App.run_test``) in this process, many times; a frame counts when
the compositor hands an update to the app's display step, and the update is then rendered to
terminal output (the part headless mode skips) so that both apps pay the same work a real
terminal costs. Prints medians and the ratios Monza / bare::

    .venv/bin/python benchmarks/startup_repaint.py [--runs 15] [--keys 40]

The first frame is measured for the race screen (flags given) and the set-up screen (``monza``
alone). The race screen is measured on the oval, pro and bonus, two players, seeded, with the dice
rolled: the key presses move the cursor (``right``), place a die (``enter``) and take it
back (``backspace``), the common keys of a turn. Timings are machine-dependent; only the ratios
are meant to be compared.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.widgets import Footer, Static

from monza_tui.app.app import MonzaApp
from monza_tui.app.race_setup import RaceSetup, Seat, start_race
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.setup import SetupScreen
from monza_tui.engine import Colour


class Hello(App[None]):
    """The bare app: a line of text, a footer, one key that changes the text."""

    BINDINGS: ClassVar[list[BindingType]] = [
        ("right", "count", "Count"),
        ("enter", "count", "Count"),
        ("backspace", "count", "Count"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Static("Hello, world", id="text")
        yield Footer()

    def action_count(self) -> None:
        self.count += 1
        self.query_one("#text", Static).update(f"Hello, world {self.count}")


def monza() -> MonzaApp:
    seats = (Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE))
    race = start_race(RaceSetup(board="oval", pro=True, bonus=True, seats=seats, seed=1))
    return MonzaApp(race=race, bot_delay=0, animation_delay=0)


class FrameClock:
    """Wraps an app's display step: records when frames come, renders them to output."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.frames: list[float] = []
        self.screens: list[Any] = []
        self.event = asyncio.Event()
        original = app._display

        def display(screen: Any, renderable: Any) -> None:
            if renderable is not None:
                renderable.render_segments(app.console)  # the terminal output a frame costs
                self.frames.append(time.perf_counter())
                self.screens.append(screen)
                self.event.set()
            original(screen, renderable)

        app._display = display  # type: ignore[method-assign]

    async def next_frame(self, timeout: float = 10.0) -> float:
        self.event.clear()
        await asyncio.wait_for(self.event.wait(), timeout)
        return self.frames[-1]


async def startup(make: Callable[[], App[Any]], ready: Callable[[Any], bool]) -> float:
    """Seconds from creating the app to the first frame of the screen ``ready`` accepts."""
    start = time.perf_counter()
    app = make()
    clock = FrameClock(app)
    async with app.run_test(size=(120, 40)) as pilot:
        while not any(ready(screen) for screen in clock.screens):
            await clock.next_frame()
        first = next(t for t, s in zip(clock.frames, clock.screens, strict=True) if ready(s))
        await pilot.pause()
    return first - start


async def repaints(
    make: Callable[[], App[Any]], prepare: Any, keys: list[str]
) -> list[float]:
    """Seconds from each key press to the frame that shows its effect."""
    app = make()
    clock = FrameClock(app)
    times: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await prepare(pilot)
        for key in keys:
            start = time.perf_counter()
            press = asyncio.create_task(pilot.press(key))
            frame = await clock.next_frame()
            times.append(frame - start)
            await press
            await pilot.pause()
    return times


async def prepare_hello(pilot: Any) -> None:
    await pilot.pause()


async def prepare_monza(pilot: Any) -> None:
    await pilot.pause()
    for key in ("space", "k"):  # roll, keep the roll: placing, dice in hand
        await pilot.press(key)
        await pilot.pause()


def import_time(module: str, runs: int) -> float:
    """Median seconds for a fresh interpreter to import ``module``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", f"import {module}"], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="app starts per app")
    parser.add_argument("--keys", type=int, default=40, help="key presses per app")
    args = parser.parse_args()

    imports = (import_time("textual.app", 5), import_time("monza_tui.app.app", 5))
    starts_hello = [asyncio.run(startup(Hello, lambda screen: True)) for _ in range(args.runs)]
    starts_monza = [
        asyncio.run(startup(monza, lambda screen: isinstance(screen, RaceScreen)))
        for _ in range(args.runs)
    ]
    starts_setup = [
        asyncio.run(startup(lambda: MonzaApp(), lambda screen: isinstance(screen, SetupScreen)))
        for _ in range(args.runs)
    ]
    keys = (["right", "enter", "backspace"] * args.keys)[: args.keys]
    keys_hello = asyncio.run(repaints(Hello, prepare_hello, keys))
    keys_monza = asyncio.run(repaints(monza, prepare_monza, keys))

    def row(name: str, bare: float, ours: float) -> None:
        print(f"{name:<28} {bare * 1000:9.1f} ms {ours * 1000:9.1f} ms {ours / bare:7.2f}x")

    print(f"{'median':<28} {'bare':>12} {'monza':>12} {'ratio':>8}")
    row("import (fresh interpreter)", *imports)
    row("start to first frame: race", statistics.median(starts_hello),
        statistics.median(starts_monza))
    row("start to first frame: set-up", statistics.median(starts_hello),
        statistics.median(starts_setup))
    row("key to repaint", statistics.median(keys_hello), statistics.median(keys_monza))
    for key in ("right", "enter", "backspace"):
        ours = [t for k, t in zip(keys, keys_monza, strict=True) if k == key]
        bare = [t for k, t in zip(keys, keys_hello, strict=True) if k == key]
        row(f"  key {key!r}", statistics.median(bare), statistics.median(ours))


if __name__ == "__main__":
    main()

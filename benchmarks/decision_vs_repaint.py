"""One run, two numbers: an expert decision against one repaint of the board in the app.

The issue's target: an expert decision, extra roll included, costs less than one repaint
of the board. Both are measured here on the long track, pro and bonus (the largest board
and the costliest decisions): the repaint as key press to frame in the app, headless
(``feel.py`` measures the keys in a real terminal), and the decision as the expert's
whole choice at the start of a turn, the extra roll (all 462 rolls weighed, R13) plus its
path, in seeded races against greedy (see ``bots.py``). Prints medians, means and the
ratio decision / repaint::

    .venv/bin/python benchmarks/decision_vs_repaint.py [--races 10] [--keys 40]

Wall-clock seconds for both, so they are comparable; run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from textual.app import App

from monza_tui.app.app import MonzaApp
from monza_tui.boardfile import load_board
from monza_tui.bots import make_driver
from monza_tui.bots.tables import tables_for
from monza_tui.engine import Colour, Game, Phase, Roll, roll_dice
from monza_tui.race.setup import RaceSetup, Seat, start_race


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


async def prepare_monza(pilot: Any) -> None:
    await pilot.pause()
    for key in ("space", "k"):  # roll, keep the roll: placing, dice in hand
        await pilot.press(key)
        await pilot.pause()


def long_app() -> MonzaApp:
    seats = (Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE))
    race = start_race(RaceSetup(board="long", pro=True, bonus=True, seats=seats, seed=1))
    return MonzaApp(race=race, bot_delay=0, animation_delay=0)


def turn_decisions(races: int) -> list[float]:
    """Wall seconds of the expert's decisions at the start of each of its turns: the extra
    roll (when it has the tile) and the first step of its path, which plans the whole path."""
    board = load_board("long").board
    tables_for(board, True)  # built once per board, when a race begins (not per decision)
    times: list[float] = []
    for index in range(races):
        rng = random.Random(index)
        game = Game(board, board.edition.cars[:2], pro=True, bonus=True, start_player=index % 2)
        drivers = [make_driver("expert", random.Random(index)),
                   make_driver("greedy", random.Random(index))]
        state = game.new_state()
        spent = 0.0
        while not state.is_terminal():
            player = state.current_player()
            if player < 0:
                state = state.apply(Roll(roll_dice(rng, state.dice_to_roll())))
                continue
            timed = player == 0 and (state.phase is Phase.EXTRA_ROLL or (
                state.phase is Phase.PLACING and not state.path))
            begin = time.perf_counter()
            action = drivers[player].choose(state)
            if timed:
                spent += time.perf_counter() - begin
                if state.phase is Phase.PLACING:  # the turn's decision is complete
                    times.append(spent)
                    spent = 0.0
            state = state.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=10, help="expert races (10)")
    parser.add_argument("--keys", type=int, default=40, help="key presses (40)")
    args = parser.parse_args()
    keys = (["right", "enter", "backspace"] * args.keys)[: args.keys]
    paints = asyncio.run(repaints(long_app, prepare_monza, keys))
    decisions = turn_decisions(args.races)

    def row(name: str, values: list[float]) -> Any:
        print(f"{name:<34} median {statistics.median(values) * 1000:7.1f} ms"
              f"   mean {statistics.fmean(values) * 1000:7.1f} ms   n={len(values)}")

    row("repaint of the long track (key)", paints)
    row("expert decision (extra roll+path)", decisions)
    ratio = statistics.median(decisions) / statistics.median(paints)
    mean_ratio = statistics.fmean(decisions) / statistics.fmean(paints)
    print(f"decision / repaint: {ratio:.2f} (medians), {mean_ratio:.2f} (means)")


if __name__ == "__main__":
    main()

"""The hint key waits a few milliseconds for the expert (issue 9): a hint worked out in that
time comes with the key's own frame, a longer one in a worker as before; either way it is
thought out off the app's thread and plays nothing. The waits are patched, so no test
depends on how fast the machine is."""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import replace
from typing import Any

import pytest

from app.helpers import (
    SPRINT,
    ScriptedDice,
    as_in_english,
    press,
    race_app,
    run_async,
    said,
    static_text,
    wait_for,
    without_foresight,
)
from monza_tui import bots
from monza_tui.app import board_paint, board_view
from monza_tui.app.app import SWITCH_INTERVAL
from monza_tui.app.screens import race as race_screen
from monza_tui.app.screens import race_hints
from monza_tui.app.screens.race_hints import expert_ready
from monza_tui.app.widgets import panel
from monza_tui.app.widgets.panel import TurnBanner
from monza_tui.bots import Hint, hint
from monza_tui.bots.tables import tables_for
from monza_tui.engine import Colour, Phase, Place, State
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.race.words import hint_text
from monza_tui.wording import word

ANN, BEN = Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE)


def spied_hint(threads: list[str], delay: float = 0.0) -> Any:
    def spy(state: State) -> Hint:
        threads.append(threading.current_thread().name)
        time.sleep(delay)
        return hint(state)

    return spy


def waited_for(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Record each time the screen falls back to waiting for a hint in a worker."""
    calls: list[bool] = []
    original = race_hints.RaceHints._await_hint

    def spy(self: Any, *args: Any) -> Any:
        calls.append(True)
        return original(self, *args)

    monkeypatch.setattr(race_hints.RaceHints, "_await_hint", spy)
    return calls


def racing() -> Any:
    race = start_race(RaceSetup(board=SPRINT, seats=(ANN, BEN), seed=5))
    return race_app(race=race, roller=ScriptedDice("RGBYPW"))


@run_async
async def test_a_quick_hint_comes_with_the_keys_own_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[str] = []
    monkeypatch.setattr(race_hints, "HINT_WAIT", 60.0)
    monkeypatch.setattr(bots, "hint", spied_hint(threads))
    fallback = waited_for(monkeypatch)
    app = racing()
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        assert app.race.state.phase is Phase.PLACING
        before = app.race
        await pilot.press("h")  # handled, and no worker waited for
        assert fallback == []
        expected = hint(before.state)
        shown = static_text(app, "#hint-line")
        assert shown == hint_text(before.state, expected) and word(expected.reason) in shown
        assert app.race is before
        assert threads and all(name.startswith("monza-hint") for name in threads)


@run_async
async def test_a_slow_hint_follows_in_a_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[str] = []
    monkeypatch.setattr(race_hints, "HINT_WAIT", 0.0)
    monkeypatch.setattr(bots, "hint", spied_hint(threads, delay=0.05))
    fallback = waited_for(monkeypatch)
    app = racing()
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        before = app.race
        await press(pilot, "h")
        assert fallback == [True]
        expected = hint(before.state)
        shown = static_text(app, "#hint-line")
        assert shown == hint_text(before.state, expected) and word(expected.reason) in shown
        assert app.race is before
        assert threads and all(name.startswith("monza-hint") for name in threads)


@run_async
async def test_a_failing_hint_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(state: State) -> Hint:
        raise ValueError("no")

    monkeypatch.setattr(race_hints, "HINT_WAIT", 60.0)
    monkeypatch.setattr(bots, "hint", broken)
    app = racing()
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "h")
        toasts = [n.message for n in app._notifications]
        assert as_in_english(said("No hint for this situation."),
                             "No hint for this situation.") in toasts


def test_hints_are_thought_out_ahead_only_once_the_expert_tables_are_built() -> None:
    """Built in the app's interpreter, the tables would hold its keys back for most of a
    second: the app builds them in another process after its first frame, and thinking
    ahead waits for them."""
    race = start_race(RaceSetup(board=SPRINT, seats=(ANN, BEN), seed=5))  # (a new board)
    assert not expert_ready(race)
    tables_for(race.game.board, race.game.pro)
    assert expert_ready(race)



def test_the_tables_module_half_imported_by_the_warm_up_is_not_ready(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The warm-up's thread imports the tables' module while the screen asks whether they
    are built: the half-run module is in ``sys.modules`` without ``tables_ready`` (a CI run
    failed on that race with an AttributeError)."""
    race = start_race(RaceSetup(board=SPRINT, seats=(ANN, BEN), seed=5))
    half_imported = type(sys)("monza_tui.bots.tables")
    monkeypatch.setitem(sys.modules, "monza_tui.bots.tables", half_imported)
    assert not expert_ready(race)

@run_async
async def test_each_decision_s_hint_is_worked_out_ahead_once_the_expert_is_ready(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[State] = []
    slices: list[float] = []

    def spy(state: State) -> Hint:
        asked.append(state)
        slices.append(sys.getswitchinterval())
        return hint(state)

    ready = False
    monkeypatch.setattr(race_hints, "HINT_WAIT", 60.0)
    monkeypatch.setattr(race_hints, "expert_ready", lambda race: ready)
    monkeypatch.setattr(bots, "hint", spy)
    usual = sys.getswitchinterval()
    app = racing()
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        await pilot.pause(race_hints.THINK_AHEAD * 2)
        assert asked == []  # the expert's tables not built yet: nothing thought out
        ready = True
        first = next(a for a in hint(app.race.state).actions if isinstance(a, Place))
        assert app.host.act(first)
        screen = app.screen
        placed = app.race.state

        def thought() -> bool:
            future = app.host.ahead.hint(placed)
            return future is not None and future.done()

        await wait_for(pilot, thought)
        assert asked == [placed]  # worked out before any hint is asked for
        # ...and worded and wrapped for the panel before it is asked for, too.
        text = hint_text(placed, hint(placed))
        width = screen.query_one("#hint-line").size.width
        await wait_for(pilot, lambda: panel._WRAPPED.get((text, width)) is not None)
        ready_lines = set(panel._WRAPPED.keys())
        worded: list[State] = []
        monkeypatch.setattr(race_screen, "hint_text", lambda state, found: (
            worded.append(state), hint_text(state, found))[1])
        without_foresight(monkeypatch)  # (it paints after the key's frame: not the key's)
        painted: list[int] = []  # (the board's spaces the key paints itself)
        paint = board_paint.paint_space
        monkeypatch.setattr(board_paint, "paint_space", lambda layout, board, scene, index: (
            painted.append(index), paint(layout, board, scene, index))[1])
        await press(pilot, "h")
        assert asked == [placed]  # and the key finds it ready
        assert worded == []  # already in words
        assert painted == []  # the board's marks painted ahead, too
        assert screen.query_one(board_view.BoardView).scene.hinted
        banner = screen.query_one(TurnBanner)  # the prompt of the step it points at, too
        assert banner.prompt and (banner.prompt, banner.size.width) in ready_lines
        assert static_text(app, "#hint-line") == hint_text(placed, hint(placed))
        assert app.race.state is placed
    # In short slices of the interpreter while the app runs, the usual ones after.
    assert slices == [SWITCH_INTERVAL] and sys.getswitchinterval() == usual


@run_async
async def test_the_decision_at_hand_is_thought_out_when_the_expert_tables_arrive(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A race resumed in the middle of a turn (or a quick first roll) meets its first
    decision before the app's warm-up has built the expert's tables: its hint is thought out
    when they arrive, not only from the next decision on."""
    asked: list[State] = []

    def spy(state: State) -> Hint:
        asked.append(state)
        return hint(state)

    ready = False
    monkeypatch.setattr(race_hints, "expert_ready", lambda race: ready)
    monkeypatch.setattr(bots, "hint", spy)
    app = racing()
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        await pilot.pause(race_hints.THINK_AHEAD * 2)
        assert asked == []  # (the tables on their way: nothing thought out)
        ready = True
        state = app.race.state
        app._expert_ready(app.race)  # (what the warm-up calls once they are built)

        def thought() -> bool:
            future = app.host.ahead.hint(state)
            return future is not None and future.done()

        await wait_for(pilot, thought)
        assert asked == [state] and app.race.state is state


@run_async
async def test_a_hint_pointing_where_the_pointer_is_still_marks_its_plan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hint points at its first step; already pointed there (that die selected, the
    cursor on that space), the board still numbers the plan's spaces."""
    from monza_tui.app.board_view import BoardView
    from monza_tui.engine import Die

    monkeypatch.setattr(race_hints, "HINT_WAIT", 60.0)
    app = racing()
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        screen = app.screen
        first = next(a for a in hint(app.race.state).actions if isinstance(a, Place))
        assert isinstance(first.token, Die)
        # (as a click on the die and one on the space would point)
        screen.pointer = replace(screen.pointer, selected=first.token, cursor=first.space)
        await pilot.pause()
        assert not screen.query_one(BoardView).scene.hinted
        await press(pilot, "h")
        assert screen.pointer.selected == first.token and screen.pointer.cursor == first.space
        assert screen.query_one(BoardView).scene.hinted  # the plan's spaces numbered

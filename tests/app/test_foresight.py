"""The foresight changes when a thing is ready, never what is shown: random key sequences
played with it and without it (``MONZA_NO_TUNING``) give the same screen, styles included,
the same race log and the same race after every key (``monza_tui.race.ahead``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.helpers import log_lines, race_app, run_async, settle, wait_for
from monza_tui.app.app import MonzaApp
from monza_tui.engine import Colour
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.seats import SeatKind

KEYS = ("1", "2", "3", "4", "5", "6", "tab", "shift+tab", "enter", "enter", "enter",
        "backspace", "space", "space", "t", "k", "d", "escape", "h", "left", "right", "c")
"""What a person presses, Enter and the roll more often (they move the race on)."""
OPENING = ("space", "h", "enter", "tab", "backspace", "3", "tab", "enter", "h", "enter",
           "c", "escape", "resize", "enter", "enter")
"""Every kind of moment once, whatever the seed: a hint asked before the key foreseen,
a placement taken back, a seat dialog opened and closed, the terminal resized."""
SIZES = ((120, 40), (80, 24), (100, 30))


def a_race(board: str, seed: int) -> Any:
    seats = (Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE),
             Seat("Cy", Colour.YELLOW, SeatKind.GREEDY))
    pro = board != "oval"
    setup = RaceSetup(board=board, seats=seats, pro=pro, bonus=pro, seed=seed)
    return start_race(setup)


def screen_cells(app: MonzaApp) -> list[list[tuple[str, object]]]:
    """Every segment of the screen with its style: what the terminal is sent."""
    strips = app.screen._compositor.render_strips()
    return [[(segment.text, segment.style) for segment in strip] for strip in strips]


async def play(board: str, seed: int, keys: list[str]) -> list[tuple[object, ...]]:
    """Press ``keys`` on a fresh race; what is shown after each."""
    app = race_app(race=a_race(board, seed))
    seen: list[tuple[object, ...]] = []
    sizes = iter(SIZES[1:] * 50)
    async with app.run_test(size=SIZES[0]) as pilot:
        await settle(pilot)
        for key in keys:
            if key == "resize":
                await pilot.resize_terminal(*next(sizes))
            else:
                await pilot.press(key)
            await settle(pilot)
            race = app.race
            assert race is not None
            seen.append((key, screen_cells(app), tuple(log_lines(app)), race.state,
                         tuple(race.seat_changes)))
    return seen


def key_sequence(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    keys = list(OPENING)
    while len(keys) < count:
        key = rng.choice(KEYS)
        keys.append(key)
        if key == "c":  # the seat dialog: hand a car over (or not), as a person would
            keys.extend(rng.choice((["escape"], ["enter", "down", "enter"], ["enter", "enter"])))
        elif rng.random() < 0.02:
            keys.append("resize")
    return keys


@pytest.mark.parametrize(("board", "seed"), [("long", 3), ("oval", 11), ("classic", 5)])
@run_async
async def test_random_keys_show_the_same_with_and_without_foresight(
    board: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = key_sequence(seed, 90)
    monkeypatch.delenv("MONZA_NO_TUNING", raising=False)
    foreseeing = await play(board, seed, keys)
    monkeypatch.setenv("MONZA_NO_TUNING", "1")
    plain = await play(board, seed, keys)
    assert len(foreseeing) == len(plain) == len(keys)
    for step, (ahead, usual) in enumerate(zip(foreseeing, plain, strict=True)):
        assert ahead == usual, f"key {step} ({keys[step]!r}) of {keys}"
    # The keys moved the race on: it is not a sequence that only bounced off the screen.
    assert foreseeing[-1][3] != foreseeing[0][3]


@run_async
async def test_the_foresight_is_used() -> None:
    """The comparison above means something only if the foresight ran: the obvious key's
    race was worked out ahead and the key took it (on the oval: no extra roll first)."""
    app = race_app(race=a_race("oval", 11))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("space")
        await settle(pilot)
        host = app.host
        assert host is not None and host.ahead.enabled
        before = app.race
        # (worked out once the frame that shows the roll is out)
        await wait_for(pilot, lambda: host.ahead.foreseen is not None
                       and host.ahead.foreseen.before is before)
        foreseen = host.ahead.foreseen
        assert foreseen is not None and foreseen.lines is not None and foreseen.now is not None
        await pilot.press("enter")
        await settle(pilot)
        assert app.race is foreseen.after

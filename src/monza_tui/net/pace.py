"""What a shared race does by itself, and when: dice due, computer drivers' moves.

The host decides this alone (clients never roll and never think for a bot). A person's
turn waits for its first roll (``roll``, as space at one keyboard); re-rolled and turbo
dice roll by themselves after a short pause; a computer driver plays after ``bot_delay``,
thinking meanwhile in a thread; after a confirm the next step also waits ``drive_pause``,
the moment screens take to show the car driving.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Literal, NamedTuple

from monza_tui.bots import Driver, make_driver
from monza_tui.engine import Confirm, Phase
from monza_tui.record import Race

AUTO_ROLL_MOST = 0.5
"""The re-roll and turbo dice of a person roll on their own after at most this pause, as
at one keyboard (only the turn's first roll waits for its player)."""
THINK_AFTER = 0.02
"""Seconds into a computer driver's pause before it starts thinking: a thread that thinks
holds the interpreter, and the frames of the move before (the host's own screen runs on
this process) should go out first, as at one keyboard."""
CONFIRM = str(Confirm())

_thinker: ThreadPoolExecutor | None = None


def thinker() -> ThreadPoolExecutor:
    """The threads the computer drivers think in (shared by the servers of a process)."""
    global _thinker
    if _thinker is None:
        _thinker = ThreadPoolExecutor(max_workers=2, thread_name_prefix="monza-net-bot")
    return _thinker


class Due(NamedTuple):
    """The next step nobody has to ask for: dice to roll, or a computer driver's move."""

    kind: Literal["roll", "bot"]
    player: int
    pause: float


def due(race: Race, last: str | None, *, bot_delay: float, drive_pause: float) -> Due | None:
    """What happens next by itself after the action ``last``, or None while a person is
    to act (or the race is over)."""
    state = race.state
    if state.is_terminal():
        return None
    pause = bot_delay + (drive_pause if last == CONFIRM else 0.0)
    if state.is_chance():
        if race.players[state.player].seat.is_bot:
            return Due("roll", state.player, pause)
        if state.phase is Phase.ROLL:
            return None
        return Due("roll", state.player, min(pause, AUTO_ROLL_MOST))
    actor = state.current_player()
    if race.players[actor].seat.is_bot:
        return Due("bot", actor, pause)
    return None


class Drivers:
    """The computer drivers of a race's seats, made as seats change hands."""

    def __init__(self, drivers: dict[int, Driver], rng: random.Random) -> None:
        self._drivers = drivers
        self._rng = rng

    def of(self, race: Race, player: int) -> Driver:
        """The driver of ``player``'s seat now (one of its level, kept between moves)."""
        level = race.players[player].seat
        driver = self._drivers.get(player)
        if driver is None or driver.level != level.value:
            driver = make_driver(level, random.Random(self._rng.getrandbits(64)))
            self._drivers[player] = driver
        return driver


__all__ = ["AUTO_ROLL_MOST", "THINK_AFTER", "Driver", "Drivers", "Due", "due", "thinker"]

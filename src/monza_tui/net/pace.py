"""The host's own way of waiting for the race's steps: where its computer drivers think.

What is due and after what pause is the race core's one policy (``race.pace.next_step``);
the drivers, their seeds and what happens when one fails are ``race.drivers``. What is the
host's alone is this: its drivers think in threads of their own (the event loop serves
every connection meanwhile, and the host's own screen runs on it too), starting a moment
into their pause.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from monza_tui.engine import Action, State
from monza_tui.race.drivers import BotMove, Drivers, bot_move
from monza_tui.record import Race

THINK_AFTER = 0.02
"""Seconds into a computer driver's pause before it starts thinking: a thread that thinks
holds the interpreter, and the frames of the move before (the host's own screen runs on
this process) should go out first, as at one keyboard."""

_thinker: ThreadPoolExecutor | None = None


def thinker() -> ThreadPoolExecutor:
    """The threads the computer drivers think in (shared by the servers of a process)."""
    global _thinker
    if _thinker is None:
        _thinker = ThreadPoolExecutor(max_workers=2, thread_name_prefix="monza-net-bot")
    return _thinker


class _Unmade:
    """A driver that could not be made: asked, it raises why, so that :func:`bot_move`
    answers it as any failing driver (the first legal action, and the error)."""

    level = "unmade"

    def __init__(self, error: Exception) -> None:
        self.error = error

    def choose(self, state: State) -> Action:
        raise self.error


def think(drivers: Drivers, race: Race, player: int) -> BotMove:
    """The move of ``player``'s computer driver in ``race`` (in a thinker thread): never
    raises, whatever the driver does."""
    try:
        driver = drivers.of(race, player)
    except Exception as error:  # (a level's tables that cannot be built: the race goes on)
        return bot_move(_Unmade(error), race.state)
    return bot_move(driver, race.state)


__all__ = ["THINK_AFTER", "think", "thinker"]

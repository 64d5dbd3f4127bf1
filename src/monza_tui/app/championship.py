"""The app's side of an evening of races (:mod:`monza_tui.stats.evening`): start it from
the set-up, recognise its race when one is resumed, note each race as it finishes, and
start the next one with the same seats.

The app keeps the evening beside its one race (``MonzaApp.evening``); the evening file is
written at each of these moments, so quitting at any point (mid-race or on the results
screen) loses nothing and ``monza resume`` goes on with the evening.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import TYPE_CHECKING

from monza_tui.errors import UserError
from monza_tui.race.setup import setup_of, start_race
from monza_tui.record import Race
from monza_tui.stats import evening as evenings
from monza_tui.stats.evening import Evening

if TYPE_CHECKING:
    from monza_tui.app.shell import Shell


def start(app: Shell, race: Race, races: int) -> None:
    """A race started from the set-up: with ``races`` over one, it opens a new evening
    (replacing an unfinished one); a single race plays outside any evening."""
    app.evening = None
    if races > 1:
        setup = replace(setup_of(race), seed=None)
        with contextlib.suppress(OSError):
            app.evening = evenings.begin(setup, races, race.seed)


def attach(app: Shell, race: Race) -> Evening | None:
    """A race starts (its screen's first frame is out) or ends: if it is the current race
    of the evening under way (also when it was resumed), the app counts it in that
    evening, and returns it."""
    current = app.evening
    names = tuple(p.name for p in race.players)
    if current is not None and current.owns(names, race.seed):
        return current
    found = evenings.load()
    app.evening = found if found is not None and found.owns(names, race.seed) else None
    return app.evening


def finished(app: Shell) -> Evening | None:
    """The race on screen is over: if it belongs to the evening, note it (its record is
    written to the history first) and return the evening with it."""
    from monza_tui import saves

    race, current = app.race, app.evening
    if race is None or current is None:
        return None
    if current.current != race.seed:
        return current if race.seed in _seeds(current) else None
    app.save_now()
    path = saves.save_path(race)
    if path is None:
        return current
    with contextlib.suppress(OSError):
        app.evening = evenings.race_finished(current, path.name)
    return app.evening


def _seeds(evening: Evening) -> set[int]:
    return {r.seed for r in evenings.results(evening)}


def next_race(app: Shell) -> Race | None:
    """The next race of the evening (its seed noted in the evening file), or None when no
    evening is under way. After the last race a rematch opens a new evening of as many
    races with the same seats."""
    current = app.evening
    if current is None:
        return None
    if current.over:
        race = start_race(current.setup)
        app.evening = evenings.begin(current.setup, current.races, race.seed)
        return race
    race = start_race(current.next_setup())
    with contextlib.suppress(OSError):
        app.evening = evenings.race_started(current, race.seed)
    return race


def resume_evening() -> Race | None:
    """``monza resume`` with no race in progress: the next race of an unfinished evening,
    started and noted, or None."""
    current = evenings.load()
    if current is None:
        return None
    try:
        race = start_race(current.next_setup())
    except UserError:
        return None  # the evening's board file is gone: nothing to resume
    evenings.race_started(current, race.seed)
    return race

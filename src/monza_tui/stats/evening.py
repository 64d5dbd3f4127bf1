"""An evening ("championship"): N races with the same players, points per race, a running
table and a final podium.

The evening file holds only what the records cannot say: the set-up, how many races, the
file names of the races played so far (in the history) and the seed of the race being
played. The points come from those records, read again when asked (never a second copy).

Where: ``<home>/championship.json`` while an evening is under way (one at a time; a new
evening replaces an unfinished one, whose races stay in the history); once its last race is
over it moves to ``<home>/championships/<started>.json`` and is kept. Written atomically;
read as untrusted input (a damaged file is ignored, never a crash).

Points (``docs/stats.md``): the cars in the race less the player's place in its final
order (the cars at the finish by their dice in the final round, fewest first, then the
others by their place on the board): last 0, each place ahead one more; a shared place
scores as its better end (two who share a win both score a win's points). The start player
moves one seat on with every race (R3), so everyone starts as often as the others.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from monza_tui.errors import UserError
from monza_tui.files import atomic_write_text, read_text
from monza_tui.race.setup import RaceSetup

if TYPE_CHECKING:
    from monza_tui.stats.results import RaceResult

# The results' reader and the standings are loaded when the table is asked for: every
# finished race looks for an evening under way (app/championship.py), and most find none.

CURRENT = "championship.json"
KEPT = "championships"
LIMIT = 64 * 1024


@dataclass(frozen=True)
class Evening:
    """An evening under way (or just over)."""

    setup: RaceSetup
    """The first race's set-up (the seed is each race's own)."""
    races: int
    played: tuple[str, ...] = ()
    """The history file names of its finished races, in order."""
    current: int | None = None
    """The seed of the race being played, if one is."""
    started: str = ""
    """When the evening began (``20261130-201500``): its name once it is kept."""

    @property
    def over(self) -> bool:
        """Whether every race has been played."""
        return len(self.played) >= self.races

    @property
    def number(self) -> int:
        """The number of the race being played or next (1-based), at most :attr:`races`."""
        return min(self.races, len(self.played) + (0 if self.over else 1))

    def next_setup(self) -> RaceSetup:
        """The set-up of the next race: the same seats, a fresh seed, the start player one
        seat on from the first race's for every race played (R3)."""
        count = len(self.setup.seats)
        start = (self.setup.start_player + len(self.played)) % count
        return replace(self.setup, start_player=start, seed=None)

    def owns(self, names: tuple[str, ...], seed: int) -> bool:
        """Whether a race (its players, its seed) is this evening's current race."""
        from monza_tui.stats.standings import key

        return (
            self.current == seed
            and not self.over
            and [key(n) for n in names] == [key(s.name.strip()) for s in self.setup.seats]
        )


def home() -> Path:
    """The saves' folder (``$MONZA_HOME``), where the evening lives beside the history."""
    from monza_tui import saves

    return saves.home()


def begin(setup: RaceSetup, races: int, seed: int) -> Evening:
    """A new evening whose first race (``seed``) has just started; saved at once. A board
    file is kept by its full path, so ``monza resume`` finds it from any folder."""
    from monza_tui.boardfile import BUILTIN

    if setup.board not in BUILTIN:
        setup = replace(setup, board=str(Path(setup.board).expanduser().resolve()))
    evening = Evening(setup, races, (), seed, datetime.now().strftime("%Y%m%d-%H%M%S"))
    save(evening)
    return evening


def save(evening: Evening) -> None:
    """Write the evening atomically: to ``championship.json`` while it is under way, to
    ``championships/<started>.json`` once it is over (the current one is removed)."""
    text = json.dumps(_to_json(evening), indent=1) + "\n"
    current = home() / CURRENT
    if evening.over:
        atomic_write_text(home() / KEPT / f"{evening.started or 'evening'}.json", text)
        with contextlib.suppress(FileNotFoundError):
            current.unlink()
    else:
        atomic_write_text(current, text)


def race_started(evening: Evening, seed: int) -> Evening:
    """The evening once its next race (``seed``) has started."""
    changed = replace(evening, current=seed)
    save(changed)
    return changed


def race_finished(evening: Evening, file_name: str) -> Evening:
    """The evening once its current race is over and kept as ``file_name`` (history)."""
    if file_name in evening.played:
        return evening
    changed = replace(evening, played=(*evening.played, file_name), current=None)
    save(changed)
    return changed


def load() -> Evening | None:
    """The evening under way, or None (none, or a file that cannot be used)."""
    path = home() / CURRENT
    try:
        text = read_text(path, LIMIT)
    except FileNotFoundError:
        return None
    except (UserError, OSError):
        return None
    # The file's check (pydantic) is imported only when there is a file to read: a race
    # outside any evening starts without it.
    from monza_tui.stats.evening_file import parse

    evening = parse(text)
    return None if evening is None or evening.over else evening


# Points ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    """One player's line of the evening's table."""

    name: str
    points: int
    wins: int
    last: int | None
    """Points of the latest race; None before the first."""
    place: int = 1
    """Place in the table (equal points and wins share it)."""


def results(evening: Evening) -> list[RaceResult]:
    """The results of the evening's finished races, read from their records (a record
    gone or damaged counts as not played: its race scores nothing)."""
    from monza_tui import saves
    from monza_tui.stats.results import read_results

    found = []
    for name in evening.played:
        with contextlib.suppress(UserError, OSError):
            found.extend(read_results(saves.history_dir() / name)[:1])
    return found


def table(evening: Evening, races: list[RaceResult] | None = None) -> tuple[Score, ...]:
    """The running table: points, then wins, best first; players with equal points and
    wins share a place."""
    from monza_tui.stats.standings import key

    races = results(evening) if races is None else races
    names = [s.name.strip() for s in evening.setup.seats]
    points = dict.fromkeys(map(key, names), 0)
    wins = dict.fromkeys(map(key, names), 0)
    last: dict[str, int | None] = dict.fromkeys(map(key, names), None)
    for race in races:
        for player, name in enumerate(race.names):
            if key(name) in points:
                points[key(name)] += race.points(player)
                wins[key(name)] += race.is_winner(player)
                last[key(name)] = race.points(player)
    order = sorted(names, key=lambda n: (-points[key(n)], -wins[key(n)]))
    scores = []
    for name in order:
        k = key(name)
        place = 1 + sum(
            (points[key(o)], wins[key(o)]) > (points[k], wins[k]) for o in names
        )
        scores.append(Score(name, points[k], wins[k], last[k], place))
    return tuple(scores)


# The file --------------------------------------------------------------------------------


def _to_json(evening: Evening) -> dict[str, object]:
    setup = evening.setup
    return {
        "evening": "monza-championship",
        "version": 1,
        "board": setup.board,
        "pro": setup.pro,
        "bonus": setup.bonus,
        "seats": [
            {"name": s.name.strip(), "car": s.car.value, "seat": s.kind.value} for s in setup.seats
        ],
        "start_player": setup.start_player,
        "races": evening.races,
        "played": list(evening.played),
        "current": evening.current,
        "started": evening.started,
    }

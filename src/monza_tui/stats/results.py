"""What the standings need from one finished race: who drove, who finished with how many
dice, who won, and everyone's place in the final order (the points of an evening).

A :class:`RaceResult` is made from a :class:`~monza_tui.record.Race` that the record reader
has replayed through the engine, so nothing a hand-edited file claims is counted unchecked.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from monza_tui.errors import UserError
from monza_tui.record import Race

if TYPE_CHECKING:
    from monza_tui.race.outcome import Outcome


@dataclass(frozen=True)
class RaceResult:
    """One finished race, by player index (turn order, R3)."""

    board: str
    """The board's name (``oval``, ``long``, ``classic`` or a board file's name)."""
    names: tuple[str, ...]
    seats: tuple[str, ...]
    """The record's seat words: ``human``, ``random``, ``greedy``, ``expert``."""
    dice: tuple[int | None, ...]
    """Dice in the final round of each car at the finish (R11); None: did not finish."""
    winners: tuple[int, ...]
    places: tuple[int, ...]
    """Each player's place in the final order, 1 = a winner; equal places are shared."""
    when: float
    """When the race finished (its history file's modification time, seconds)."""
    seed: int = 0

    def is_winner(self, player: int) -> bool:
        """Whether ``player`` won (alone or sharing the win, R11)."""
        return player in self.winners

    def points(self, player: int) -> int:
        """An evening's points for ``player``: the cars in the race less their place, so
        the last car scores 0, each place ahead one more, and a shared place (a shared win)
        scores as the better of the places it shares (``docs/stats.md``)."""
        return len(self.places) - self.places[player]


def final_places(race: Race) -> tuple[int, ...]:
    """The final order of a finished race: the cars at the finish by their dice in the
    final round, fewest first (R11: the fewest win), then the others by their place on the
    board (steps to the finish, as the race screen ranks them)."""
    from monza_tui.race.narrate import places  # the one ranking of cars on the board

    result = _outcome(race)
    board = places(race.state)
    keys = [
        (1, board[p]) if (dice := result.dice_of(p)) is None else (0, dice)
        for p in range(len(race.players))
    ]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


def result_of(race: Race, when: float) -> RaceResult:
    """The result of a finished race (``race.state.is_terminal()``), read from its
    outcome (:mod:`monza_tui.race.outcome`)."""
    result = _outcome(race)
    return RaceResult(
        board=race.game.board.name,
        names=tuple(p.name for p in race.players),
        seats=tuple(str(p.seat.value) for p in race.players),
        dice=tuple(result.dice_of(p) for p in range(len(race.players))),
        winners=result.winners,
        places=final_places(race),
        when=when,
        seed=race.seed,
    )


def _outcome(race: Race) -> Outcome:
    """The outcome of a finished race; :class:`ValueError` for one that goes on."""
    from monza_tui.race.outcome import outcome

    result = outcome(race.state)
    if result is None:
        raise ValueError("the race is not over")
    return result


def read_results(path: Path) -> list[RaceResult]:
    """The finished races of one record file, each replayed through the engine by the
    record reader; :class:`~monza_tui.errors.UserError` (one line) for a bad file. Races
    not over (a save copied into the history) are left out."""
    from monza_tui.record import read_records

    when = path.stat().st_mtime
    return [result_of(race, when) for race in read_records(path) if race.state.is_terminal()]


@dataclass(frozen=True)
class Scan:
    """The results of a folder of records, and the files that could not be read."""

    results: tuple[RaceResult, ...]
    skipped: tuple[tuple[str, str], ...] = ()
    """(file name, its one-line reason) of every damaged or unreadable record."""


def record_files(folder: Path) -> Iterator[os.DirEntry[str]]:
    """The record files of a folder (``*.jsonl``, not the temporary files of a write)."""
    with contextlib.suppress(FileNotFoundError, NotADirectoryError):
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if entry.name.startswith(".") or not entry.name.endswith(".jsonl"):
                continue
            with contextlib.suppress(OSError):
                if entry.is_file():
                    yield entry


def scan_folder(folder: Path) -> Scan:
    """Read every record of ``folder`` in full, without an index (the slow, sure way)."""
    results: list[RaceResult] = []
    skipped: list[tuple[str, str]] = []
    for entry in record_files(folder):
        try:
            results.extend(read_results(Path(entry.path)))
        except (UserError, OSError) as error:
            skipped.append((entry.name, str(error)))
    return Scan(tuple(results), tuple(skipped))

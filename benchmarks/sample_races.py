"""Seeded races between computer drivers, written to a folder as finished records, as the
history keeps them: the thousands of races of ``benchmarks/stats.py``.

Each race is driven as every front end drives one: what is due from the one pace policy
(``monza_tui.race.pace.next_step``), the seed's dice, and the race core's computer drivers
with their seeds (``monza_tui.race.drivers``), so a race here is the race the app would play
with the same seats and seed.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from pathlib import Path

from monza_tui.boardfile import load_board
from monza_tui.race.drivers import play_out
from monza_tui.record import Player, Race, write_records
from monza_tui.seats import SeatKind

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve")


def bot_race(board: str, names: Sequence[str], seed: int, *, start_player: int = 0,
             level: SeatKind = SeatKind.RANDOM) -> Race:
    """One race to its end, every seat driven by ``level``, dice from ``seed``."""
    board_file = load_board(board)
    cars = board_file.board.edition.cars
    players = [Player(name, cars[i], level) for i, name in enumerate(names)]
    race = Race.start(board_file, players, seed=seed, start_player=start_player)
    return play_out(race)


def write_history(folder: Path, count: int, *, seed: int = 1, start: float = 1.8e9) -> None:
    """``count`` finished races in ``folder`` (one file each, as the history keeps them),
    2-4 players from :data:`NAMES` on the oval and the long track, finished a minute apart
    from ``start`` (seconds since 1970) in file order."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    for index in range(count):
        names = rng.sample(NAMES, rng.randint(2, 4))
        board = "oval" if rng.random() < 0.7 else "long"
        race = bot_race(board, names, rng.randrange(2**31), start_player=rng.randrange(len(names)))
        path = folder / f"race-{index:05d}-{board}.jsonl"
        write_records(path, [race])
        when = start + 60 * index
        os.utime(path, (when, when))

"""How long `monza review` takes for a whole race, against reading that race back.

Why: the review of a race is to be ready within a second on a 2-core machine (issue 32),
so that the results screen can offer it at once. The race is the heaviest one a family
plays: the long track, pro and bonus, four cars (an expert, a greedy driver and two random
ones), 20 to 30 turns. Each seed's race is written to a record and read back
(``read_records``: every turn replayed and checked through the engine, what ``monza
replay`` does before it shows a race); then it is reviewed, the expert's tables solved
afresh first, as in a new ``monza review`` process. CPU seconds of this process
(``time.process_time``), and the ratio review / replay.

    .venv/bin/python benchmarks/review.py              # seeds 1 to 3
    .venv/bin/python benchmarks/review.py --seeds 5
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from monza_tui.boardfile import load_board
from monza_tui.bots import tables
from monza_tui.race.drivers import play_out
from monza_tui.record import Player, Race, read_records, write_records
from monza_tui.review import review
from monza_tui.seats import SeatKind

SEATS = (SeatKind.EXPERT, SeatKind.GREEDY, SeatKind.RANDOM, SeatKind.RANDOM)


def long_race(seed: int) -> Race:
    """The race of the module docstring, driven as every front end drives one."""
    board_file = load_board("long")
    cars = board_file.board.edition.cars
    players = [Player(f"P{i}", cars[i], seat) for i, seat in enumerate(SEATS)]
    race = Race.start(board_file, players, seed=seed, pro=True, bonus=True)
    return play_out(race)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(1, args.seeds + 1):
            path = Path(folder) / f"race-{seed}.jsonl"
            write_records(path, [long_race(seed)])
            start = time.process_time()
            (race,) = read_records(path)
            replayed = time.process_time() - start
            for cache in tables._TABLES.values():  # solved afresh, as in a new process
                cache._cache.clear()
            start = time.process_time()
            review(race)
            reviewed = time.process_time() - start
            print(f"seed {seed}: {len(race.turns)} turns, replay {replayed:.3f} s, "
                  f"review {reviewed:.3f} s, ratio {reviewed / replayed:.1f}")


if __name__ == "__main__":
    main()

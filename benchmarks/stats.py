"""Time to the standings with and without the SQLite index, over thousands of races.

Why: ``monza stats`` and the set-up screen's champion line read every finished race in the
history. Each record is replayed through the engine when read (a record is never trusted),
which costs milliseconds per race; the index (``<home>/stats.sqlite3``) keeps each file's
results by name, size and modification time, so only new or changed files are read.

Run ``.venv/bin/python benchmarks/stats.py`` (2,000 seeded races between random drivers,
written once to a temporary folder; ``--races N`` for another count). It prints the time to
the standings table: reading every record, the index's first build, the index warm, and the
index after one more race. docs/stats.md quotes a run.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from sample_races import write_history

from monza_tui.stats.index import scan_indexed
from monza_tui.stats.results import Scan, scan_folder
from monza_tui.stats.standings import champions, standings


def timed(what: str, scan: Callable[[], Scan]) -> float:
    started = time.perf_counter()
    found = scan()
    tables = standings(found.results)
    champions(found.results)
    took = time.perf_counter() - started
    rows = sum(len(t.rows) for t in tables)
    print(f"{what:<34} {took * 1000:10.1f} ms  ({len(found.results)} races, {rows} rows)")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--races", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder, index = Path(temp) / "history", Path(temp) / "stats.sqlite3"
        started = time.perf_counter()
        write_history(folder, args.races, seed=7)
        print(f"wrote {args.races} finished races in {time.perf_counter() - started:.1f} s")
        plain = timed("every record read (no index)", lambda: scan_folder(folder))
        timed("index, first build", lambda: scan_indexed(folder, index))
        warm = timed("index, warm", lambda: scan_indexed(folder, index))
        write_history(folder / "more", 1, seed=8)
        (folder / "more" / "race-00000-oval.jsonl").rename(folder / "zz-one-more.jsonl")
        (folder / "more").rmdir()
        timed("index, after one more race", lambda: scan_indexed(folder, index))
        print(f"ratio no index / warm index: {plain / warm:.0f}x")


if __name__ == "__main__":
    main()

"""An SQLite index over the history's records: each file's results, kept by the file's
name, size and modification time, so that the standings of thousands of races read only
the records that are new or changed since the last look.

The index is never the truth: it is a cache of what :func:`~.results.read_results` found
in each record, checked against the folder on every use (a file gone is dropped, a file
whose size or time changed is read again) and thrown away and rebuilt whenever it cannot
be used (damaged, another schema, a folder that cannot be written). Deleting it loses
nothing. A damaged record is remembered with its reason, so it is neither read again nor
counted until it changes.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path

from monza_tui.errors import UserError
from monza_tui.stats.results import RaceResult, Scan, read_results, record_files, scan_folder

INDEX = "stats.sqlite3"
SCHEMA = 1
"""The index's layout; another number in a file found means: rebuild it."""

_TABLES = """
CREATE TABLE IF NOT EXISTS files (
    name TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, error TEXT
);
CREATE TABLE IF NOT EXISTS results (
    name TEXT NOT NULL REFERENCES files(name) ON DELETE CASCADE, race INTEGER NOT NULL,
    data TEXT NOT NULL, PRIMARY KEY (name, race)
);
"""


def _to_json(result: RaceResult) -> str:
    return json.dumps(
        {
            "board": result.board, "names": result.names, "seats": result.seats,
            "dice": result.dice, "winners": result.winners, "places": result.places,
            "when": result.when, "seed": result.seed,
        }
    )


def _from_json(text: str) -> RaceResult:
    data = json.loads(text)
    return RaceResult(
        board=str(data["board"]),
        names=tuple(str(n) for n in data["names"]),
        seats=tuple(str(s) for s in data["seats"]),
        dice=tuple(None if d is None else int(d) for d in data["dice"]),
        winners=tuple(int(w) for w in data["winners"]),
        places=tuple(int(p) for p in data["places"]),
        when=float(data["when"]),
        seed=int(data["seed"]),
    )


def _connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=5)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, SCHEMA):
            db.executescript("DROP TABLE IF EXISTS results; DROP TABLE IF EXISTS files;")
        db.executescript(_TABLES)
        db.execute(f"PRAGMA user_version = {SCHEMA}")
        db.commit()
    except sqlite3.Error:
        db.close()
        raise
    return db


def _update(db: sqlite3.Connection, folder: Path) -> Scan:
    known = {
        name: (size, mtime, error)
        for name, size, mtime, error in db.execute(
            "SELECT name, size, mtime_ns, error FROM files"
        )
    }
    seen: set[str] = set()
    for entry in record_files(folder):
        stat = entry.stat()
        seen.add(entry.name)
        row = known.get(entry.name)
        if row is not None and row[0] == stat.st_size and row[1] == stat.st_mtime_ns:
            continue
        try:
            found, error = read_results(Path(entry.path)), None
        except (UserError, OSError) as problem:
            found, error = [], str(problem)
        with db:
            db.execute("DELETE FROM files WHERE name = ?", (entry.name,))
            db.execute(
                "INSERT INTO files VALUES (?, ?, ?, ?)",
                (entry.name, stat.st_size, stat.st_mtime_ns, error),
            )
            db.executemany(
                "INSERT INTO results VALUES (?, ?, ?)",
                [(entry.name, i, _to_json(r)) for i, r in enumerate(found)],
            )
    gone = [name for name in known if name not in seen]
    if gone:
        with db:
            db.executemany("DELETE FROM files WHERE name = ?", [(n,) for n in gone])
    results = tuple(
        _from_json(data) for (data,) in db.execute("SELECT data FROM results ORDER BY name, race")
    )
    skipped = tuple(
        (name, error)
        for name, error in db.execute(
            "SELECT name, error FROM files WHERE error IS NOT NULL ORDER BY name"
        )
    )
    return Scan(results, skipped)


def scan_indexed(folder: Path, index: Path) -> Scan:
    """The results of every record in ``folder``, through the index at ``index``: only new
    or changed files are read. An index that cannot be used is deleted and rebuilt once;
    where it cannot be written at all, the folder is read in full."""
    for attempt in range(2):
        try:
            db = _connect(index)
        except (sqlite3.Error, OSError):
            if attempt == 0:
                with contextlib.suppress(OSError):
                    index.unlink()
                continue
            break
        try:
            with contextlib.closing(db):
                return _update(db, folder)
        except (sqlite3.Error, ValueError, KeyError, TypeError):
            # A damaged or hand-edited index: drop it and build it again from the records.
            with contextlib.suppress(OSError):
                index.unlink()
    return scan_folder(folder)

"""The expert's tables built in another process, so the app's interpreter stays free.

Solving a board's tables (:mod:`.tables`) is most of a second of pure Python. Built in a
thread of the app it would hold the interpreter lock in 5 ms slices while a person plays, and
every key would wait for it; built in a child process it costs the app nothing but reading
the result. The child gets the board (pickled) on stdin and answers with the solved values;
the long rows come as raw doubles, one row at a time, and the app turns them into lists
a row at a time, letting go of the interpreter between rows.

If the child cannot run or fails, the tables are built here as before: slower, never wrong.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
import time
from array import array
from typing import Any

from monza_tui.bots.tables import _TABLES, Tables
from monza_tui.engine.board import Board

_ROWS = ("best", "turbo_best")
"""The solved attributes that are lists of rows of floats (the bulk of the tables)."""


def build_elsewhere(board: Board, turbo: bool, timeout: float = 60.0) -> Tables:
    """The tables of ``board`` (cached like :func:`.tables.tables_for`), solved in a child
    process when not cached yet. Meant for a worker thread: it waits without the lock."""
    cache = _TABLES[turbo]
    found = cache.cached(board)
    if found is not None:
        return found
    try:
        done = subprocess.run(
            [sys.executable, "-c", "from monza_tui.bots.prebuild import main; main()"],
            input=pickle.dumps((board, turbo), protocol=pickle.HIGHEST_PROTOCOL),
            capture_output=True,
            timeout=timeout,
            check=True,
        )
        tables = _from_parts(board, turbo, pickle.loads(done.stdout))
    except (OSError, subprocess.SubprocessError, pickle.UnpicklingError, EOFError):
        return cache(board)
    found = cache.cached(board)  # built meanwhile by a bot or a hint
    if found is not None:
        return found
    cache.put(board, tables)
    return tables


def _to_parts(tables: Tables) -> dict[str, Any]:
    parts: dict[str, Any] = {}
    for name in Tables.SOLVED:
        value = getattr(tables, name)
        if name in _ROWS:
            value = [None if row is None else array("d", row).tobytes() for row in value]
        parts[name] = value
    return parts


def _from_parts(board: Board, turbo: bool, parts: dict[str, Any]) -> Tables:
    tables = Tables(board, turbo, solve=False)
    for name in Tables.SOLVED:
        value = parts[name]
        if name in _ROWS:
            rows: list[list[float] | None] = []
            for raw in value:
                rows.append(None if raw is None else array("d", raw).tolist())
                time.sleep(0)  # let the app's thread run between rows
            value = rows
        setattr(tables, name, value)
    return tables


def main() -> None:
    """The child: a pickled (board, turbo) on stdin, the solved parts pickled on stdout."""
    board, turbo = pickle.loads(sys.stdin.buffer.read())
    parts = _to_parts(Tables(board, turbo))
    sys.stdout.buffer.write(pickle.dumps(parts, protocol=pickle.HIGHEST_PROTOCOL))
    sys.stdout.buffer.flush()

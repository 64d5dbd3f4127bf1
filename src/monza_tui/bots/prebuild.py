"""The expert's tables built in another process, so the app's interpreter stays free.

Solving a board's tables (:mod:`.tables`) is most of a second of pure Python. Built in a
thread of the app it would hold the interpreter lock in 5 ms slices while a person plays, and
every key would wait for it; built in a child process it costs the app nothing but reading
the result. The child gets the board (pickled) on stdin and answers with the solved values;
the long rows come as raw doubles, one pickle a row, read from the pipe as they come and
turned into arrays of doubles (as the tables keep them) a row at a time, letting go of the
interpreter between rows.

If the child cannot run or fails, the tables are built here as before: slower, never wrong.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
import threading
import time
from array import array
from typing import IO

from monza_tui.bots.tables import _BUILDING, _TABLES, Rows, Tables
from monza_tui.engine.board import Board

_ROWS = ("best", "turbo_best")
"""The solved attributes that are lists of rows of doubles (the bulk of the tables)."""


def build_elsewhere(board: Board, turbo: bool, timeout: float = 60.0) -> Tables:
    """The tables of ``board`` (cached like :func:`.tables.tables_for`), solved in a child
    process when not cached yet. Meant for a worker thread: it waits without the lock."""
    cache = _TABLES[turbo]
    found = cache.cached(board)
    if found is not None:
        return found
    building = _BUILDING.setdefault((id(board), turbo), threading.Event())
    try:
        return _solve_in_child(board, turbo, timeout)
    finally:
        building.set()
        _BUILDING.pop((id(board), turbo), None)


def _solve_in_child(board: Board, turbo: bool, timeout: float) -> Tables:
    cache = _TABLES[turbo]
    try:
        with subprocess.Popen(
            [sys.executable, "-c", "from monza_tui.bots.prebuild import main; main()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        ) as child:
            assert child.stdin is not None and child.stdout is not None
            child.stdin.write(pickle.dumps((board, turbo), protocol=pickle.HIGHEST_PROTOCOL))
            child.stdin.close()
            # Read as it comes (no copy of the whole answer in memory), one part at a time.
            tables = _from_parts(board, turbo, child.stdout)
            if child.wait(timeout) != 0:
                raise subprocess.SubprocessError(f"exit status {child.returncode}")
    except (OSError, subprocess.SubprocessError, pickle.UnpicklingError, EOFError):
        return cache(board)
    found = cache.cached(board)  # built meanwhile by a bot or a hint
    if found is not None:
        return found
    cache.put(board, tables)
    return tables


def _send_parts(tables: Tables, out: IO[bytes]) -> None:
    """Each solved attribute as a pickle of its own, the rows one pickle each."""
    for name in Tables.SOLVED:
        value = getattr(tables, name)
        if name in _ROWS:
            pickle.dump(len(value), out)
            for row in value:
                pickle.dump(None if row is None else row.tobytes(), out)
        else:
            pickle.dump(value, out, protocol=pickle.HIGHEST_PROTOCOL)


def _from_parts(board: Board, turbo: bool, stream: IO[bytes]) -> Tables:
    tables = Tables(board, turbo, solve=False)
    for name in Tables.SOLVED:
        if name not in _ROWS:
            setattr(tables, name, pickle.load(stream))
            continue
        rows: Rows = []
        for _ in range(pickle.load(stream)):
            raw = pickle.load(stream)
            if raw is None:
                rows.append(None)
            else:
                row = array("d")
                row.frombytes(raw)
                rows.append(row)
            time.sleep(0)  # let the app's thread run between rows
        setattr(tables, name, rows)
    return tables


def main() -> None:
    """The child: a pickled (board, turbo) on stdin, the solved parts pickled on stdout."""
    board, turbo = pickle.loads(sys.stdin.buffer.read())
    _send_parts(Tables(board, turbo), sys.stdout.buffer)
    sys.stdout.buffer.flush()

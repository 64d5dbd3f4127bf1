"""Standings from the races played on this machine, and evenings of several races.

The finished races in the history (``<home>/history/``, :mod:`monza_tui.saves`) are the
only truth: :mod:`.results` reads what the standings need from each record (re-validated
by the record reader), :mod:`.index` keeps those results in an SQLite index that is
rebuilt from the records whenever a file changes, :mod:`.standings` adds them up per player
and board, and :mod:`.evening` keeps a championship of N races (its points come from the
same results). ``docs/stats.md`` says why and what it costs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (the results' reader is loaded when the history is read)
    from monza_tui.stats.results import Scan


def history(*, indexed: bool = True) -> Scan:
    """The results of every finished race in the history (``<home>/history``), through the
    SQLite index unless told not to; damaged records are counted in ``skipped``."""
    from monza_tui import saves
    from monza_tui.stats.results import Scan, record_files, scan_folder

    folder = saves.history_dir()
    if next(record_files(folder), None) is None:
        return Scan(())  # (no race played here yet: the index, and SQLite, are not needed)
    from monza_tui.stats.index import INDEX, scan_indexed

    if indexed:
        return scan_indexed(folder, saves.home() / INDEX)
    return scan_folder(folder)

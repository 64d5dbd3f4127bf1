"""The game record: races as JSON Lines, written by saves, replays and simulation logs.

Like PGN for chess, one format serves everything; ``docs/game-record.md`` documents it.
:mod:`.race` holds races and their lines, :mod:`.lines` the shape of each line, and
:mod:`.reader` reads a record back by replaying it through the engine, and :mod:`.stream`
reads record files line by line and indexes their races.
"""

from typing import TYPE_CHECKING

from monza_tui.limits import MAX_LINE_CHARS, MAX_RECORD_BYTES
from monza_tui.record.race import (
    RECORD,
    VERSION,
    Player,
    Race,
    RecordError,
    header_json,
    record_text,
    result_json,
    turn_actions,
    turn_json,
    write_records,
)

if TYPE_CHECKING:
    from monza_tui.record.reader import parse_records
    from monza_tui.record.stream import LazyRaces, index_races, read_records

_READING = {
    "parse_records": "reader",
    "LazyRaces": "stream",
    "index_races": "stream",
    "read_records": "stream",
}


def __getattr__(name: str) -> object:
    # Reading a record (pydantic models, replay through the engine) loads when first used,
    # so writing a save at launch does not pay for it.
    if name in _READING:
        from importlib import import_module

        return getattr(import_module(f"monza_tui.record.{_READING[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "MAX_LINE_CHARS",
    "MAX_RECORD_BYTES",
    "RECORD",
    "VERSION",
    "LazyRaces",
    "Player",
    "Race",
    "RecordError",
    "header_json",
    "index_races",
    "parse_records",
    "read_records",
    "record_text",
    "result_json",
    "turn_actions",
    "turn_json",
    "write_records",
]

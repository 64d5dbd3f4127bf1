"""Record files: read line by line, stopping at the first bad line, and indexed by race so
that a record of a thousand races opens at once. What a line means, and the replay through
the engine that checks it, is :mod:`.reader`'s job."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path

from monza_tui.files import UnreadableFile, cannot_read, open_regular, shown
from monza_tui.limits import MAX_LINE_CHARS, MAX_RACES_PER_FILE, MAX_RECORD_BYTES
from monza_tui.record.race import Race, RecordError
from monza_tui.record.reader import _failed, _Reader, _too_many_races


def read_records(path: Path | str) -> list[Race]:
    """Every race in a record file, each re-validated turn by turn with the engine.

    The file is read line by line and each line replayed as it comes, so reading stops at
    the first bad line, in time and memory bounded by :mod:`monza_tui.limits`."""
    reader = _Reader(shown(path))
    for number, raw in _lines(path, reader.source):
        reader.feed(number, raw)
    return reader.close()


def _lines(
    path: Path | str, source: str, start: tuple[int, int] = (0, 1)
) -> Iterator[tuple[int, str]]:
    """The non-blank lines of a record file, numbered from 1, from ``start`` (a byte offset
    and its line number, from :func:`index_races`); a line too long or not UTF-8 raises at
    once, so nothing is read past the first bad line."""
    offset, first = start
    try:
        with open_regular(path, MAX_RECORD_BYTES) as handle:
            handle.seek(offset)
            lines = iter(lambda: handle.readline(MAX_LINE_CHARS + 1), b"")
            for number, data in enumerate(lines, start=first):
                if len(data.rstrip(b"\r\n")) > MAX_LINE_CHARS:
                    raise _failed(source, number, "record.line_long", most=MAX_LINE_CHARS)
                try:
                    raw = data.decode("utf-8")
                except UnicodeDecodeError as error:
                    raise _failed(source, number, "file.utf8", byte=error.start) from None
                if raw.strip():
                    yield number, raw
    except UnreadableFile as error:
        raise RecordError(code="record.unreadable", source=source, why=error) from None
    except OSError as error:
        raise RecordError(code="record.os", source=source, why=cannot_read(error)) from None


class LazyRaces(Sequence[Race]):
    """The races of a long record, each read (and re-validated) only when it is asked for:
    a record of a thousand races opens at once in the replay viewer. The file is indexed
    first (where each race's header line starts, one pass over the bytes)."""

    def __init__(self, path: Path | str) -> None:
        self.path = path
        self.source = shown(path)
        self.starts = index_races(path, self.source)
        self._cache: dict[int, Race] = {}

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index not in self._cache:
            reader = _Reader(self.source)
            end = self.starts[index + 1][1] if index + 1 < len(self) else None
            for number, raw in _lines(self.path, self.source, self.starts[index]):
                if end is not None and number >= end:
                    break
                reader.feed(number, raw)
            self._cache = {index: reader.close()[0]}  # one race at a time in memory
        return self._cache[index]


def index_races(path: Path | str, source: str) -> list[tuple[int, int]]:
    """Where each race of a record starts: (byte offset, line number) of its header line.
    Only the lines that can be headers are parsed; :class:`RecordError` if none is, or if
    there are more races than :data:`MAX_RACES_PER_FILE`."""
    starts: list[tuple[int, int]] = []
    try:
        with open_regular(path, MAX_RECORD_BYTES) as handle:
            offset = 0
            for number, data in enumerate(
                iter(lambda: handle.readline(MAX_LINE_CHARS + 1), b""), start=1
            ):
                if len(data.rstrip(b"\r\n")) > MAX_LINE_CHARS:
                    raise _failed(source, number, "record.line_long", most=MAX_LINE_CHARS)
                if b'"record"' in data and _is_header(data):
                    starts.append((offset, number))
                    if len(starts) > MAX_RACES_PER_FILE:
                        raise _too_many_races(source, number)
                elif not starts and data.strip():
                    raise _failed(source, number, "record.no_header")
                offset += len(data)
    except UnreadableFile as error:
        raise RecordError(code="record.unreadable", source=source, why=error) from None
    except OSError as error:
        raise RecordError(code="record.os", source=source, why=cannot_read(error)) from None
    if not starts:
        raise RecordError(code="record.empty", source=source)
    return starts


def _is_header(data: bytes) -> bool:
    try:
        line = json.loads(data)
    except (ValueError, RecursionError):
        return False
    return isinstance(line, dict) and "record" in line

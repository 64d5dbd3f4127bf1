"""The relay's log: one JSON object a line on stderr, for an operator's tools.

``{"ts": "2026-12-02T10:00:00.123Z", "level": "info", "event": "race_registered",
"race": 17, "address": "203.0.113.5"}``. Events and field names are English and stable
(tools read them; they are not sentences for a person, so they are not translated).

A race is named by its number in this process (``race 17``), never by its code: a log
line must never let whoever reads the log join a race. So no code, key, token nor a
frame's content is ever a field; the server passes numbers, addresses and reasons only.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
from typing import TextIO

Field = str | int | float | bool | None


class Log:
    """Writes events as JSON lines; never raises (a log that cannot be written must not
    end a connection)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream

    def event(self, event: str, level: str = "info", **fields: Field) -> None:
        """One line: when, how grave, what, and its fields."""
        now = time.time()
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now))
        line = {"ts": f"{stamp}.{int(now % 1 * 1000):03d}Z", "level": level, "event": event,
                **fields}
        with contextlib.suppress(Exception):
            stream = self._stream or sys.stderr
            stream.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
            stream.flush()

    def info(self, event: str, **fields: Field) -> None:
        self.event(event, "info", **fields)

    def warning(self, event: str, **fields: Field) -> None:
        self.event(event, "warning", **fields)

    def error(self, event: str, **fields: Field) -> None:
        self.event(event, "error", **fields)


__all__ = ["Field", "Log"]

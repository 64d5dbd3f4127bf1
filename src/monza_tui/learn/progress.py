"""Where the lesson stopped: ``<home>/learn.json`` beside the saves (``$MONZA_HOME`` or the
user's data folder), ``{"part": 0, "entry": 5}``.

The lesson is fixed data, so its step is all there is to keep: ``monza learn`` rebuilds the
race up to that step through the engine. The lesson's race is no race of the player's: it is
never autosaved, never in ``monza saves`` and never in the standings. The file is untrusted:
anything unreadable or out of range simply starts the lesson over (it is a tutorial, and the
file is rewritten at the next step); writes are atomic (temp, fsync, rename).
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from monza_tui.errors import UserError
from monza_tui.files import atomic_write_text, read_text
from monza_tui.learn.script import PARTS

FILE_NAME = "learn.json"
LIMIT = 4096


def path() -> Path:
    """The lesson's progress file."""
    from monza_tui import saves

    return saves.home() / FILE_NAME


def load() -> tuple[int, int] | None:
    """The saved (part, entry), or None: no lesson under way (or a file not ours)."""
    try:
        raw = json.loads(read_text(path(), LIMIT))
    except (OSError, ValueError, UserError):  # missing, too big, not JSON: start over
        return None
    if not isinstance(raw, dict):
        return None
    part, entry = raw.get("part"), raw.get("entry")
    if not (isinstance(part, int) and isinstance(entry, int)) or isinstance(part, bool) \
            or isinstance(entry, bool):
        return None
    if not 0 <= part < len(PARTS) or not 0 <= entry <= len(PARTS[part].entries):
        return None
    return part, entry


def save(part: int, entry: int) -> str | None:
    """Keep the lesson's step; the reason in a line if it could not be written (the lesson
    goes on, only the resume is lost)."""
    target = path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, json.dumps({"part": part, "entry": entry}) + "\n")
    except OSError as error:
        return str(error.strerror or error)
    return None


def forget() -> None:
    """The lesson is over (or starts over): no step to resume."""
    with contextlib.suppress(OSError):
        path().unlink()


__all__ = ["FILE_NAME", "forget", "load", "path", "save"]

"""The game record, handed to a browser visitor as a download (``d`` on the results screen
when served, docs/web.md).

Textual's ``App.deliver_text`` sends the text to textual-serve, which offers it at a
single-use address that the page opens; in a terminal the record is in the history folder
already, so the key is offered only when served.
"""

from __future__ import annotations

import io
import re
from datetime import datetime
from typing import TYPE_CHECKING

from monza_tui.i18n import _

if TYPE_CHECKING:
    from textual.app import App

    from monza_tui.record import Race

MIME_TYPE = "application/jsonl"
"""A game record is JSON Lines (docs/game-record.md)."""


def file_name(race: Race, *, now: datetime | None = None) -> str:
    """The name the visitor's browser saves the record as, the history's own form (when
    the race started, the board, the seed: ``20250301-201500-oval-8127361528346.jsonl``):
    the save's name when this game saved the race, else (a race joined from a host, saved
    by the host) the same form with the time of the download."""
    from monza_tui import saves

    path = saves.save_path(race)
    if path is not None:
        return path.name
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    board = re.sub(r"[^a-z0-9_-]", "", race.game.board.name.lower())[:40] or "board"
    return f"{stamp}-{board}-{race.seed}{saves.SUFFIX}"


def deliver_record(app: App[object], race: Race) -> None:
    """Send ``race``'s record to the visitor's browser, and say so (or why not)."""
    from monza_tui.record import RecordError, record_text
    from monza_tui.wording import word

    try:
        text = record_text([race])
    except RecordError as error:  # over the reader's limits: never written, never sent
        app.notify(word(error), severity="error", timeout=10)
        return
    app.deliver_text(io.StringIO(text), save_filename=file_name(race),
                     open_method="download", encoding="utf-8", mime_type=MIME_TYPE)
    app.notify(_("The record of the race is on its way to your browser's downloads."),
               timeout=6)

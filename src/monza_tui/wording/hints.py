"""The bots' reasons for a hint as sentences (filled in as the bots' reasons become data)."""

from __future__ import annotations

from monza_tui.wording.plural import Message

MESSAGES: dict[str, Message] = {}

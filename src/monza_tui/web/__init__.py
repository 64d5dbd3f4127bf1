"""The game in a web browser (``monza serve``, docs/web.md): what the app needs to know when
it runs behind textual-serve, and the server itself (:mod:`monza_tui.web.server`, which needs
the ``web`` extra).

This module is imported on every launch (the emoji marks below are made at import), so it
reads the environment and nothing else: the server sets :data:`SERVED` for each visitor's
app, and :data:`EMOJI` when the visitor's browser showed a colour emoji.
"""

from __future__ import annotations

import os

SERVED = "MONZA_WEB"
"""Set to ``1`` by ``monza serve`` in the environment of every visitor's app."""
EMOJI = "MONZA_EMOJI"
"""``1``: show emoji; ``0``: their plain marks. Unset: emoji in a terminal, plain marks when
served (the server sets it from what the visitor's browser can draw)."""

PLAIN_MARKS: dict[str, str] = {
    "🏆": "#1",
    "🤖": "AI",
}
"""Every emoji the game shows, with the plain mark a browser without an emoji font gets.
Two cells each, as wide as the emoji, so nothing on screen moves. Marks, not words: the
same in every language."""


def served() -> bool:
    """Does this app run in a visitor's browser (``monza serve``)?"""
    return os.environ.get(SERVED) == "1"


def emoji_shown() -> bool:
    """Show emoji (else their plain marks): in a terminal yes, in a browser only when the
    server found that it draws them."""
    choice = os.environ.get(EMOJI)
    if choice in ("0", "1"):
        return choice == "1"
    return not served()


def emoji(char: str) -> str:
    """``char`` (one of :data:`PLAIN_MARKS`), or its plain mark where emoji do not show."""
    return char if emoji_shown() else PLAIN_MARKS[char]

"""What a browser tab may send to its game under ``monza serve``, checked before any of it
reaches the game's process.

The page's script (textual-serve's) sends JSON arrays: ``["stdin", keys]``,
``["resize", {"width": W, "height": H}]``, ``["ping", text]``, ``["blur"]`` and
``["focus"]``. Anyone can open the websocket and send anything instead, so each message is
read here into a :class:`Message` of known kind and bounded values, or None: a size that
is not a whole number of a sane size (``Infinity``, ``1e400``, ``true``, a string) or any
other surprise is not an error of the server's, only a message to ignore. Standard
library only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

MAX_MESSAGE = 64 * 1024
"""The longest text frame a tab may send (a paste of keys fits; the websocket closes a
longer one)."""
MAX_PING = 64
"""The longest text a ping may carry (echoed back in the pong)."""
SANE_SIZE = 10_000
"""A terminal's columns or rows above this are no terminal's: the message is ignored."""
WIDTHS = (20, 500)
HEIGHTS = (10, 200)
"""The sizes a game is given: a smaller or larger terminal is drawn at the nearest."""


@dataclass(frozen=True)
class Message:
    """One checked message of a tab: its ``kind`` and what goes with it."""

    kind: str
    keys: str = ""
    width: int = 0
    height: int = 0
    ping: str = ""


def read(text: str) -> Message | None:
    """The tab's message in ``text``, or None when it is not one the page sends (then it
    is ignored)."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, rest = envelope[0], envelope[1:]
    if kind in ("blur", "focus"):
        return Message(kind)
    if kind == "stdin" and len(rest) == 1 and isinstance(rest[0], str):
        return Message(kind, keys=rest[0])
    if kind == "ping" and len(rest) == 1 and isinstance(rest[0], str) and (
        len(rest[0]) <= MAX_PING
    ):
        return Message(kind, ping=rest[0])
    if kind == "resize" and len(rest) == 1 and isinstance(rest[0], dict):
        width = _size(rest[0].get("width"), WIDTHS)
        height = _size(rest[0].get("height"), HEIGHTS)
        if width is not None and height is not None:
            return Message(kind, width=width, height=height)
    return None


def _size(value: object, bounds: tuple[int, int]) -> int | None:
    """A sane whole ``value`` within ``bounds``, or None. (bool is an int to Python, not a
    size; a float, ``Infinity`` and ``NaN`` included, is no size either.)"""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= SANE_SIZE:
        return None
    return max(bounds[0], min(bounds[1], value))


__all__ = ["HEIGHTS", "MAX_MESSAGE", "MAX_PING", "SANE_SIZE", "WIDTHS", "Message", "read"]

"""What the relay reads of a request's path and of a host's uplink frames: the relay's side
of docs/relay.md's wire contract, kept apart from the server so that every reading of
untrusted text is in one place (and tested alone)."""

from __future__ import annotations

import json
import re

from monza_tui.net import codes
from monza_tui.net.fanout import COUNT_BYTES, ID_BYTES, SEVERAL

VERSION = 1
"""The uplink's version (the register frame's ``version``)."""
_CODE_TEXT = re.compile(r"[0-9A-Za-z -]{1,16}")
_KEY = re.compile(r"[A-Za-z0-9_-]{22,64}")


def route(path: str) -> tuple[str, str] | None:
    """``("host", code)`` for ``/host/CODE``, ``("guest", code)`` for ``/CODE``, None for
    any other path (a 404). A host's code must be a code :func:`codes.new_code` makes; a
    guest's only looks like one (a wrong one is answered ``net.bad_code``)."""
    path = path.partition("?")[0]
    if path.startswith("/host/"):
        code = path[len("/host/"):]
        ok = _CODE_TEXT.fullmatch(code) and codes.valid_code(codes.normal_code(code))
        return ("host", code) if ok else None
    code = path[1:]
    return ("guest", code) if path.startswith("/") and _CODE_TEXT.fullmatch(code) else None


def read_register(frame: str | bytes) -> str | int | None:
    """A register frame's key; its version when it is another; None if it is none."""
    if not isinstance(frame, str):
        return None
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("type") != "register":
        return None
    version = data.get("version")
    if type(version) is int and version != VERSION:
        return version
    key = data.get("key")
    if (set(data) != {"type", "version", "key"} or version != VERSION
            or not isinstance(key, str) or not _KEY.fullmatch(key)):
        return None
    return key


def addressed(frame: bytes) -> list[tuple[int, memoryview]]:
    """Who a host's binary frame is for, and what: 4 bytes of a guest's id then the frame
    for it, or (id 0, "to several") 2 bytes of a count, that many ids of 4 bytes, then the
    one frame for each of them (an action told to every guest crosses the uplink once).
    Nothing for a frame too short for what it says (it goes nowhere, as for an id the
    relay no longer knows)."""
    view = memoryview(frame)
    if len(view) < ID_BYTES:
        return []
    ident = int.from_bytes(view[:ID_BYTES], "big")
    if ident != SEVERAL:
        return [(ident, view[ID_BYTES:])]
    if len(view) < ID_BYTES + COUNT_BYTES:
        return []
    count = int.from_bytes(view[ID_BYTES:ID_BYTES + COUNT_BYTES], "big")
    start = ID_BYTES + COUNT_BYTES + count * ID_BYTES
    if len(view) < start:
        return []
    payload = view[start:]
    ids = view[ID_BYTES + COUNT_BYTES:start]
    return [(int.from_bytes(ids[i:i + ID_BYTES], "big"), payload)
            for i in range(0, len(ids), ID_BYTES)]


def read_close(frame: str) -> tuple[int, int] | None:
    """A host's ``close`` frame as (id, code): 1000 or 1008, anything else 1000."""
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("type") != "close":
        return None
    ident, code = data.get("id"), data.get("code")
    if type(ident) is not int or not 0 < ident < 2**32:
        return None
    return ident, code if code in (1000, 1008) and type(code) is int else 1000


__all__ = ["VERSION", "addressed", "read_close", "read_register", "route"]

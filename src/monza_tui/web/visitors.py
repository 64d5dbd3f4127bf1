"""Keeping visitors apart (``monza serve``, docs/web.md): each browser gets a visitor id in
a cookie, and each id its own folder, the ``MONZA_HOME`` of every game that browser opens.
Saves, the evening, the lesson's step, the standings and the settings all live there, so no
visitor is ever offered another's unfinished race.

The cookie is signed with a secret kept beside the folders (a made-up or changed cookie is
a new visitor, never someone else's folder), and an id is checked before it names a folder.
Standard library only: the server imports this, the games never do.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
from pathlib import Path

COOKIE = "monza_visitor"
"""The cookie that carries a visitor's signed id."""
COOKIE_DAYS = 365
"""How long a browser keeps its visitor id (and so finds its saves again)."""
SECRET_FILE = ".secret"
"""The signing key's file in the visitors' folder (mode 0600, made on first use)."""
_ID = re.compile(r"[A-Za-z0-9_-]{22,64}")


def new_id() -> str:
    """A fresh visitor id: 128 random bits, safe in a file name and a cookie."""
    return secrets.token_urlsafe(16)


def secret(root: Path) -> bytes:
    """The signing key of the visitors under ``root``, made (0600) the first time; two
    servers starting at once agree on the one written first."""
    path = root / SECRET_FILE
    root.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(handle, "w") as file:
            file.write(secrets.token_hex(32))
            file.flush()
            os.fsync(file.fileno())
    key = path.read_text(encoding="ascii").strip()
    if len(key) < 32:
        raise OSError(f"{path}: not a key made by monza serve")
    return key.encode("ascii")


def _signature(key: bytes, visitor: str) -> str:
    return hmac.new(key, visitor.encode("ascii"), hashlib.sha256).hexdigest()[:32]


def cookie_value(key: bytes, visitor: str) -> str:
    """The cookie for ``visitor``: the id and its signature."""
    return f"{visitor}.{_signature(key, visitor)}"


def visitor_of(key: bytes, cookie: str | None) -> str | None:
    """The visitor id a cookie carries, or None when there is none or it is not one we
    signed (bad form, another server's, edited)."""
    if not cookie:
        return None
    visitor, _dot, signature = cookie.partition(".")
    if not _ID.fullmatch(visitor) or len(signature) != 32:
        return None
    if not hmac.compare_digest(signature, _signature(key, visitor)):
        return None
    return visitor


def home_of(root: Path, visitor: str) -> Path:
    """The ``MONZA_HOME`` of ``visitor``. Not made here: the game makes it when it first
    keeps something (private to the server's user: :mod:`monza_tui.web.visitor`), so a tab
    opened and closed leaves no folder behind."""
    if not _ID.fullmatch(visitor):  # never a path from outside: checked ids only
        raise ValueError(f"not a visitor id: {visitor!r}")
    return root / visitor


def language_of(accept_language: str | None, languages: dict[str, str]) -> str | None:
    """The first of the game's ``languages`` the browser asks for (``Accept-Language:
    de-CH, fr;q=0.8`` gives ``de``), or None."""
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")[:20]):
        tag, _semi, rest = part.strip().partition(";")
        quality = 1.0
        if rest.strip().startswith("q="):
            try:
                quality = float(rest.strip()[2:])
            except ValueError:
                continue
        code = tag.strip().lower().replace("_", "-").split("-")[0]
        if code in languages and quality > 0:
            wanted.append((-quality, index, code))
    return min(wanted)[2] if wanted else None

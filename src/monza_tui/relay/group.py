"""Several relays behind one name: which relay holds the race of a code.

A group file (TOML) lists the relays and the code characters each owns::

    [relays.r1]
    url = "wss://r1.relay.example"
    codes = "23456789ABCDEFGH"

    [relays.r2]
    url = "wss://r2.relay.example"
    codes = "JKLMNPQRSTUVWXYZ"

Every character of the code's alphabet is owned by exactly one relay. The FIRST character
of a race's code says which relay holds it; a relay asked for a code another owns answers
HTTP 307 to that relay's URL and the same path (the websockets client follows it), so the
relays share nothing and a load balancer in front may send anyone anywhere.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from monza_tui.i18n import _
from monza_tui.net import codes

MAX_GROUP_BYTES = 64 * 1024
"""A group file larger than this is no group file (one line per relay is enough)."""
MAX_RELAYS = len(codes.ALPHABET)
"""At most one relay per code character."""


class GroupError(ValueError):
    """A group file or ``--me`` that cannot be used, as one line for the operator."""


@dataclass(frozen=True)
class Group:
    """The relays of the group: who owns each code character, and which is this one."""

    me: str
    urls: dict[str, str]
    owners: dict[str, str]
    """Code character: the name of the relay that owns it."""

    def elsewhere(self, code: str) -> str | None:
        """The URL of the relay that holds ``code``'s race when it is not this one (None:
        this relay's, or no code of the alphabet, which this relay answers itself)."""
        normal = codes.normal_code(code)
        owner = self.owners.get(normal[:1]) if normal else None
        if owner is None or owner == self.me:
            return None
        return self.urls[owner]


def load_group(path: Path, me: str) -> Group:
    """The group of ``path`` as relay ``me`` sees it; :class:`GroupError` otherwise."""
    try:
        raw = path.read_bytes()[: MAX_GROUP_BYTES + 1]
    except OSError as error:
        raise GroupError(_("{file}: cannot read the group file: {why}").format(
            file=path, why=error.strerror or error)) from None
    if len(raw) > MAX_GROUP_BYTES:
        raise GroupError(_("{file}: a group file is at most {n} bytes").format(
            file=path, n=MAX_GROUP_BYTES))
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise GroupError(_("{file}: not a TOML file: {why}").format(
            file=path, why=str(error)[:120])) from None
    return read_group(data, me, str(path))


def read_group(data: dict[str, object], me: str, where: str = "group") -> Group:
    """The group of a TOML document already read (see :func:`load_group`)."""
    relays = data.get("relays")
    if not isinstance(relays, dict) or not relays or set(data) != {"relays"}:
        raise GroupError(_("{file}: a group file has [relays.NAME] tables and nothing "
                           "else").format(file=where))
    if len(relays) > MAX_RELAYS:
        raise GroupError(_("{file}: at most {n} relays").format(file=where, n=MAX_RELAYS))
    urls: dict[str, str] = {}
    owners: dict[str, str] = {}
    for name, relay in relays.items():
        if not isinstance(relay, dict) or set(relay) != {"url", "codes"}:
            raise GroupError(_("{file}: relay {name} needs url and codes, and nothing "
                               "else").format(file=where, name=name))
        url, chars = relay["url"], relay["codes"]
        if not isinstance(url, str) or not _good_url(url):
            raise GroupError(_("{file}: relay {name}: url must be ws://HOST[:PORT] or "
                               "wss://HOST[:PORT]").format(file=where, name=name))
        if not isinstance(chars, str) or not chars:
            raise GroupError(_("{file}: relay {name}: codes must be characters of "
                               "{alphabet}").format(file=where, name=name,
                                                    alphabet=codes.ALPHABET))
        for char in chars.upper():
            if char not in codes.ALPHABET:
                raise GroupError(_("{file}: relay {name}: {char!r} is no code character "
                                   "({alphabet})").format(file=where, name=name, char=char,
                                                          alphabet=codes.ALPHABET))
            if char in owners:
                raise GroupError(_("{file}: code character {char} belongs to both {one} "
                                   "and {other}").format(file=where, char=char,
                                                         one=owners[char], other=name))
            owners[char] = name
        urls[name] = url.rstrip("/")
    missing = "".join(c for c in codes.ALPHABET if c not in owners)
    if missing:
        raise GroupError(_("{file}: no relay owns the code characters {chars}").format(
            file=where, chars=missing))
    if me not in urls:
        raise GroupError(_("{file}: no relay is named {me} (--me): {names}").format(
            file=where, me=me, names=", ".join(urls)))
    return Group(me=me, urls=urls, owners=owners)


def _good_url(url: str) -> bool:
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  (raises on a bad port)
    except ValueError:
        return False
    return (parts.scheme in ("ws", "wss") and bool(parts.hostname)
            and parts.path in ("", "/") and not parts.query and not parts.fragment)


__all__ = ["Group", "GroupError", "load_group", "read_group"]

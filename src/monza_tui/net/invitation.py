"""The invitation a host shows: where to connect, the code, and each remote seat's line;
and reading it back: a pasted line (:func:`read_line`), ``monza join``'s arguments
(:func:`join_target`: ``ADDRESS CODE``, a relay's URL holding the code, or a code with a
relay)."""

from __future__ import annotations

import contextlib
import shlex
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from monza_tui.net import codes

MAX_RELAY_CHARS = 200
"""A relay's URL is a host name and maybe a short path: anything far longer is not one."""


@dataclass(frozen=True)
class Invitation:
    """What the host tells the others: where to connect, the code, and the seats of the
    people elsewhere (each person is given the line of their own seat)."""

    addresses: tuple[str, ...]
    """``HOST:PORT`` forms to join with, the one to share first."""
    port: int
    code: str
    names: tuple[str, ...] = ()
    """The names of the remote seats, in turn order."""
    relay: str | None = None
    """The relay the race is registered on (then ``addresses`` is the race's URL there,
    which holds the code, and nothing listens on ``port``)."""

    @classmethod
    def relayed(cls, relay: str, code: str, names: tuple[str, ...] = ()) -> Invitation:
        """The invitation of a race registered on ``relay``."""
        return cls((guest_url(relay, code),), 0, code, names, relay)

    def command(self, name: str | None = None, *, watch: bool = False) -> str:
        """The command that joins, as the person of seat ``name`` types it, or (``watch``)
        a spectator (not worded: it is typed as is; a name with spaces is quoted as a
        shell reads it). The one place the command is written: ``monza join ADDRESS
        CODE``, or through a relay ``monza join wss://relay.example/7K3-Q9P`` (the URL
        holds the code)."""
        where = self.addresses[0] if self.relay else f"{self.addresses[0]} {self.code}"
        line = f"monza join {where}"
        if watch:
            return f"{line} --watch"
        return f"{line} --name {shlex.quote(name)}" if name else line

    def commands(self) -> list[str]:
        """One command per remote seat, with its ``--name`` (a join without a name is
        refused while several seats are free)."""
        return [self.command(name) for name in self.names]


@dataclass(frozen=True)
class JoinLine:
    """What an invitation's line says: where, the code, the seat's name, or watching."""

    address: str
    code: str
    name: str | None = None
    watch: bool = False


def guest_url(relay: str, code: str) -> str:
    """The race of ``code`` on ``relay``, as a guest joins it (``wss://relay.example/7K3-Q9P``)."""
    return f"{relay.rstrip('/')}/{code}"


def is_url(text: str) -> bool:
    """Whether ``text`` is a websocket URL (a relay's, or a host's ``ws://``)."""
    return text.startswith(("ws://", "wss://"))


def code_in(address: str) -> str | None:
    """The join code a relay's URL holds: its last path segment, when it is a code."""
    if not is_url(address):
        return None
    _host, slash, path = address.split("://", 1)[1].partition("/")
    last = path.rstrip("/").rsplit("/", 1)[-1] if slash else ""
    return last if _a_code(last) else None


def _a_code(text: str) -> bool:
    """Whether ``text`` reads as a join code (any case, with or without its dash)."""
    return len(text) <= 8 and codes.valid_code(codes.normal_code(text))


def check_relay(url: str) -> str:
    """A relay's URL (``ws://`` or ``wss://``, a host, maybe a port and a path), without
    a trailing slash; :class:`UserError` (one worded line) for anything else."""
    from monza_tui.errors import UserError, clip

    url = url.strip()
    problem = UserError(code="relay.bad_url", url=clip(url, 80))
    if len(url) > MAX_RELAY_CHARS or any(c.isspace() for c in url) or not is_url(url):
        raise problem
    try:
        parts = urlsplit(url)
        _port = parts.port
    except ValueError:
        raise problem from None
    if not parts.hostname or parts.query or parts.fragment or "@" in parts.netloc:
        raise problem
    return url.rstrip("/")


def join_target(address: str, code: str | None, relay: str | None) -> tuple[str, str]:
    """Where to join and with which code, from ``monza join``'s arguments: ``ADDRESS CODE``
    (a host on the home network, or a relay's URL and the code), a relay's URL holding
    the code (``wss://relay.example/7K3-Q9P``), or a code alone with ``relay`` (``--relay``
    or the settings'). :class:`UserError` (one worded line) when the code is missing."""
    from monza_tui.errors import UserError, clip

    address = address.strip()
    if code:
        return address, code.strip()
    found = code_in(address)
    if found is not None:
        return address, found
    if _a_code(address):
        if relay:
            return guest_url(check_relay(relay), address), address
        raise UserError(code="relay.none", given=clip(address, 20))
    raise UserError(code="net.no_code", address=clip(address, 80))


def looks_like_a_line(text: str) -> bool:
    """Whether ``text`` (an address field) holds more than an address: a pasted line."""
    return len(text.split()) > 1


def read_line(text: str, relay: str | None = None) -> JoinLine:
    """The parts of a pasted invitation line (``monza join 192.168.1.5:8765 7K3-Q9P --name
    Ben`` or ``monza join wss://relay.example/7K3-Q9P --name Ben``, as
    :meth:`Invitation.command` writes it, or ``monza join 7K3-Q9P --relay URL``; a code
    alone joins through ``relay``; the ``monza join`` may be left out; spacing and a
    quoted name as a shell reads them). :class:`UserError` (one worded line) for anything
    else, so the form can say it."""
    from monza_tui.errors import UserError

    shown = " ".join(text.split())[:80]
    try:
        words = shlex.split(text)
    except ValueError:  # (an unclosed quote)
        raise UserError(code="net.bad_line", text=shown) from None
    if words[:1] == ["monza"]:
        if words[1:2] != ["join"]:  # (another command of monza)
            raise UserError(code="net.bad_line", text=shown)
        words = words[2:]
    elif words[:1] == ["join"]:
        words = words[1:]
    plain: list[str] = []
    name: str | None = None
    watch = False
    while words:
        word = words.pop(0)
        if word == "--watch":
            watch = True
        elif word == "--no-animation":
            pass  # (a flag of the command, not of the seat)
        elif word == "--name" and words:
            name = words.pop(0)
        elif word == "--relay" and words:
            relay = words.pop(0)
        elif word.startswith("--relay=") and len(word) > len("--relay="):
            relay = word[len("--relay="):]
        elif word.startswith("--name=") and len(word) > len("--name="):
            name = word[len("--name="):]
        elif word.startswith("-") or len(plain) == 2:
            raise UserError(code="net.bad_line", text=shown)
        else:
            plain.append(word)
    if not plain:
        raise UserError(code="net.bad_line", text=shown)
    if len(plain) == 1:
        try:
            address, code = join_target(plain[0], None, relay)
        except UserError as error:
            if error.code == "net.no_code":
                raise UserError(code="net.line_no_code", text=shown) from None
            raise
        return JoinLine(address, code, name, watch)
    return JoinLine(plain[0], plain[1], name, watch)


def addresses(host: str, port: int) -> tuple[str, ...]:
    """Addresses to join a server listening on ``host``: for all interfaces, this
    machine's address on the local network first (found without sending anything), then
    the loopback."""
    if host not in ("0.0.0.0", "", "::"):
        shown = f"[{host}]" if ":" in host else host
        return (f"{shown}:{port}",)
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # a documentation address: no packet leaves
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        for address in socket.gethostbyname_ex(socket.gethostname())[2]:
            if address not in found and not address.startswith("127."):
                found.append(address)
    if "127.0.0.1" not in found:
        found.append("127.0.0.1")
    return tuple(f"{address}:{port}" for address in found)


__all__ = ["Invitation", "JoinLine", "addresses", "check_relay", "code_in", "guest_url",
           "is_url", "join_target", "looks_like_a_line", "read_line"]

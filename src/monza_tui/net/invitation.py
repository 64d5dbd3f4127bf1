"""The invitation a host shows: where to connect, the code, and each remote seat's line."""

from __future__ import annotations

import contextlib
import shlex
import socket
from dataclasses import dataclass


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

    def command(self, name: str | None = None, *, watch: bool = False) -> str:
        """The command that joins, as the person of seat ``name`` types it, or (``watch``)
        a spectator (not worded: it is typed as is; a name with spaces is quoted as a
        shell reads it). The one place the command is written."""
        line = f"monza join {self.addresses[0]} {self.code}"
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


def looks_like_a_line(text: str) -> bool:
    """Whether ``text`` (an address field) holds more than an address: a pasted line."""
    return len(text.split()) > 1


def read_line(text: str) -> JoinLine:
    """The parts of a pasted invitation line (``monza join 192.168.1.5:8765 7K3-Q9P --name
    Ben``, as :meth:`Invitation.command` writes it; the ``monza join`` may be left out;
    spacing and a quoted name as a shell reads them). :class:`UserError` (one worded line)
    for anything else, so the form can say it."""
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
        elif word.startswith("--name=") and len(word) > len("--name="):
            name = word[len("--name="):]
        elif word.startswith("-") or len(plain) == 2:
            raise UserError(code="net.bad_line", text=shown)
        else:
            plain.append(word)
    if not plain:
        raise UserError(code="net.bad_line", text=shown)
    if len(plain) == 1:
        raise UserError(code="net.line_no_code", text=shown)
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


__all__ = ["Invitation", "JoinLine", "addresses", "looks_like_a_line", "read_line"]

"""The invitation a host shows: where to connect, and the code."""

from __future__ import annotations

import contextlib
import socket
from dataclasses import dataclass


@dataclass(frozen=True)
class Invitation:
    """What the host tells the others: where to connect and the code."""

    addresses: tuple[str, ...]
    """``HOST:PORT`` forms to join with, the one to share first."""
    port: int
    code: str

    def command(self) -> str:
        """The command that joins (not worded: it is typed as is)."""
        return f"monza join {self.addresses[0]} {self.code}"


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


__all__ = ["Invitation", "addresses"]

"""Who the relay lets in: the address a line comes from, and the lines open, per kind and
per address, against the relay's caps (``--max-connections``, ``--per-address``).

Kept apart from the server because it is bookkeeping of connections, not of races: the
server asks it whether one more line fits and counts the line while it lasts.
"""

from __future__ import annotations

import contextlib
import ipaddress
from collections import Counter
from collections.abc import Iterator

from websockets.asyncio.server import ServerConnection

from monza_tui.net.guesses import whose
from monza_tui.relay.limits import ADDRESS_SLACK


class Door:
    """The relay's count of open lines (see the module's docstring)."""

    def __init__(self, trust_proxy: str | None, *, max_connections: int,
                 per_address: int) -> None:
        """``trust_proxy``: the header of the proxy in front that names a line's address
        (None: the socket's peer is the address)."""
        self.trust_proxy = trust_proxy
        self.max_connections = max_connections
        self.per_address = per_address
        self.open: Counter[str] = Counter()
        """Lines open by kind (``host``, ``guest``)."""
        self._by_address: Counter[str] = Counter()
        self._sockets: Counter[str] = Counter()
        """Sockets by address (an IPv6 /64), from accepted to closed, open or opening."""

    def address(self, ws: ServerConnection) -> str:
        """The guest's or host's IP: the ``--trust-proxy`` header's last address (the
        one the proxy itself added) when given and readable, else the socket's peer."""
        if self.trust_proxy and ws.request is not None:
            values = ws.request.headers.get_all(self.trust_proxy)
            if values:
                last = values[-1].split(",")[-1].strip()
                with contextlib.suppress(ValueError):
                    return str(ipaddress.ip_address(last))
        remote = ws.remote_address
        return str(remote[0]) if isinstance(remote, tuple) and remote else ""

    def room(self, address: str) -> int:
        """0 when one more line from ``address`` fits, else the bound it would pass."""
        if sum(self.open.values()) >= self.max_connections:
            return self.max_connections
        if self._by_address[whose(address)] >= self.per_address:
            return self.per_address
        return 0

    def socket_in(self, peer: str) -> str | None:
        """Count a new socket from ``peer`` before anything of it is read: whose count it
        is in, or None when its address holds its :data:`~.limits.ADDRESS_SLACK` times
        ``--per-address`` already (the socket is dropped unread). Behind a proxy, "" (not
        counted: every socket is the proxy's)."""
        if self.trust_proxy:
            return ""
        who = whose(peer)
        if self._sockets[who] >= ADDRESS_SLACK * self.per_address:
            return None
        self._sockets[who] += 1
        return who

    def holds(self, address: str) -> int:
        """Sockets counted now from ``address``'s IPv4 address or IPv6 /64."""
        return self._sockets[whose(address)]

    def socket_out(self, who: str) -> None:
        """A socket counted by :meth:`socket_in` as ``who`` closed."""
        if who:
            self._sockets[who] -= 1
            if self._sockets[who] <= 0:
                del self._sockets[who]

    @contextlib.contextmanager
    def counted(self, kind: str, address: str) -> Iterator[None]:
        """Count a line of ``kind`` from ``address`` while it lasts (an IPv6 /64 as one)."""
        who = whose(address)
        self.open[kind] += 1
        self._by_address[who] += 1
        try:
            yield
        finally:
            self.open[kind] -= 1
            self._by_address[who] -= 1
            if self._by_address[who] <= 0:
                del self._by_address[who]


__all__ = ["Door"]

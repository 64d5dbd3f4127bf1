"""Who may open a game of ``monza serve`` (docs/web.md): the server's own page only, and a
few games per address.

- **The Origin.** A browser says which page opens a websocket (``Origin``) and no page can
  change it. Another site's page, open in a visitor's browser, could otherwise open games
  here with that visitor's cookie (their saves): a foreign Origin is refused before any
  game starts. A client that is not a browser sends none (and could send any), so no
  Origin is let in: the check is against other pages, not against programs.
- **Games per address.** Each game is a process; one client keeping idle websockets open
  would hold every ``--most`` slot. A peer is its IPv4 address or its IPv6 /64, as the
  host's budget of join codes counts it (:func:`monza_tui.net.guesses.whose`).

Standard library only; pure, so each rule is tested without a server.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from urllib.parse import urlsplit

from monza_tui.net.guesses import whose

PER_ADDRESS = 2
"""Games one address may have open at once by default (``monza serve --per-address``)."""


def origin_allowed(origin: str | None, hosts: Iterable[str | None]) -> bool:
    """Whether a websocket opened by the page at ``origin`` (None: no Origin header, not a
    browser) may start a game: its ``host:port`` is one of ``hosts``, the addresses the
    request was sent to (its ``Host``, and a proxy's ``X-Forwarded-Host``)."""
    if origin is None:
        return True
    try:
        parts = urlsplit(origin.strip())
        netloc = parts.netloc
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not netloc or parts.path not in ("", "/"):
        return False
    return any(host is not None and host.strip().lower() == netloc.lower() for host in hosts)


class PerAddress:
    """The games open per peer, at most ``most`` each."""

    def __init__(self, most: int = PER_ADDRESS) -> None:
        self.most = most
        self._open: Counter[str] = Counter()

    def take(self, address: str | None) -> bool:
        """One more game for ``address``, if it has fewer than ``most`` (False: refused,
        nothing taken)."""
        key = whose(address or "")
        if self._open[key] >= self.most:
            return False
        self._open[key] += 1
        return True

    def give_back(self, address: str | None) -> None:
        """A game of ``address`` ended."""
        key = whose(address or "")
        self._open[key] -= 1
        if self._open[key] <= 0:
            del self._open[key]

    def open(self, address: str | None) -> int:
        """How many games ``address`` has open."""
        return self._open[whose(address or "")]


__all__ = ["PER_ADDRESS", "PerAddress", "origin_allowed"]

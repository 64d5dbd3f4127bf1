"""How many wrong join codes the host hears out: a budget per address and one for all.

The pause before a wrong code is answered slows one line, not many: a guesser opening
hundreds of connections at once still tried hundreds of codes a second. So each wrong
code also spends a token of two buckets, its address's and everyone's; when either is
empty, a hello is refused without its code being looked at (:data:`TOO_MANY`) until a
token has come back. A right code spends nothing, so people joining or coming back with
the code never use the budget up; a person who mistyped it ten times waits a little.

With the defaults a guesser gets about one code a second whatever it does; the code is
one of 32^6 (about a billion): half of them take some sixteen years.

Pure: the clock is injected (tests turn it by hand, never sleep).
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from dataclasses import dataclass

TOO_MANY = "net.too_many"
"""The refusal of a hello while the budget is spent (``seconds``: when to try again)."""


@dataclass(frozen=True)
class Budget:
    """A bucket of ``burst`` wrong codes, one coming back every ``every`` seconds."""

    burst: int
    every: float


PER_ADDRESS = Budget(burst=10, every=6.0)
"""Ten wrong codes from one address, then one every six seconds."""
OVERALL = Budget(burst=30, every=1.0)
"""Thirty wrong codes from everyone together, then one a second."""


@dataclass
class _Bucket:
    tokens: float
    at: float


class Guesses:
    """The wrong codes the host hears out, per address and overall (token buckets)."""

    def __init__(
        self,
        *,
        per_address: Budget = PER_ADDRESS,
        overall: Budget = OVERALL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._per_address = per_address
        self._overall = overall
        self._clock = clock
        self._all = _Bucket(float(overall.burst), clock())
        self._by_address: dict[str, _Bucket] = {}

    def wait(self, address: str) -> float:
        """Seconds before a hello from ``address`` may have its code looked at (0: now)."""
        now = self._clock()
        mine = self._by_address.get(whose(address))
        waits = [_wait(self._all, self._overall, now)]
        if mine is not None:
            waits.append(_wait(mine, self._per_address, now))
        return max(waits)

    def spend(self, address: str) -> None:
        """A wrong code from ``address``: one token of its bucket and of everyone's."""
        now = self._clock()
        key = whose(address)
        mine = self._by_address.get(key)
        if mine is None:
            mine = self._by_address[key] = _Bucket(float(self._per_address.burst), now)
        for bucket, budget in ((mine, self._per_address), (self._all, self._overall)):
            _refill(bucket, budget, now)
            bucket.tokens = max(0.0, bucket.tokens - 1)
        self._forget_full(now)

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have filled up again (a fresh one is the same): the
        addresses kept are only those that spent lately, so they stay few."""
        for key, bucket in list(self._by_address.items()):
            _refill(bucket, self._per_address, now)
            if bucket.tokens >= self._per_address.burst:
                del self._by_address[key]


def _refill(bucket: _Bucket, budget: Budget, now: float) -> None:
    if now > bucket.at:
        bucket.tokens = min(float(budget.burst), bucket.tokens + (now - bucket.at) / budget.every)
    bucket.at = max(bucket.at, now)


def _wait(bucket: _Bucket, budget: Budget, now: float) -> float:
    """Seconds until ``bucket`` holds a whole token."""
    _refill(bucket, budget, now)
    return 0.0 if bucket.tokens >= 1 else (1 - bucket.tokens) * budget.every


def whose(address: str) -> str:
    """Whose budget a peer spends: its IPv4 address, or its IPv6 /64 (one household's
    network: anyone with a /64 has 2^64 addresses). ``monza serve`` counts a peer's games
    by it too."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


__all__ = ["OVERALL", "PER_ADDRESS", "TOO_MANY", "Budget", "Guesses", "whose"]

"""The relay's races by code: whose each is (its key), its host's uplink, its guests.

Pure bookkeeping, apart from sockets: the server hands it the uplink and the guests as
opaque objects and does the talking. The clock is injected, so expiry is tested by
turning it by hand. A race is named in the logs by its ``number`` (a counter of this
process), never by its code.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, TypeVar

from monza_tui.net import codes

U = TypeVar("U")
G = TypeVar("G")


class Refusal(Enum):
    """Why a register was refused (the value is the wire's code)."""

    TAKEN = "relay.taken"
    FULL = "relay.full"


@dataclass
class RaceEntry(Generic[U, G]):
    """One race: its code (normalised), its host's key, the uplink while the host is
    connected, and the guests by id."""

    number: int
    code: str
    key: str
    uplink: U | None
    guests: dict[int, G] = field(default_factory=dict)
    left_at: float | None = None
    """When the host's uplink ended (None while it is connected)."""
    last_id: int = 0

    def new_id(self) -> int:
        """A guest id never given on this race before (ids only grow: a frame for a guest
        that left never reaches a newer one)."""
        self.last_id += 1
        return self.last_id


class Registry(Generic[U, G]):
    """Every race the relay holds, a race whose host left included until it expires."""

    def __init__(self, *, max_races: int, expire: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._max_races = max_races
        self._expire = expire
        self._clock = clock
        self._races: dict[str, RaceEntry[U, G]] = {}
        self._numbers = 0
        self.expired = 0
        """Races forgotten after their host stayed away ``expire`` seconds, in all."""

    def register(self, code: str, key: str, uplink: U) -> tuple[RaceEntry[U, G], U | None]:
        """Give the race of ``code`` to ``uplink``: a new race, or the race whose key is
        ``key`` (its host back after a drop; a host registering again while its old
        uplink still looks open takes over, and the old uplink is returned for the caller
        to close: a line that broke without the relay noticing). Raises
        :class:`RegisterRefused` (another key holds the code, or the relay is full)."""
        self.sweep()
        normal = codes.normal_code(code)
        race = self._races.get(normal)
        if race is not None:
            if not codes.token_matches(key, race.key):
                raise RegisterRefused(Refusal.TAKEN)
            old, race.uplink, race.left_at = race.uplink, uplink, None
            return race, old
        if len(self._races) >= self._max_races:
            raise RegisterRefused(Refusal.FULL)
        self._numbers += 1
        race = RaceEntry(number=self._numbers, code=normal, key=key, uplink=uplink)
        self._races[normal] = race
        return race, None

    def find(self, code: str) -> RaceEntry[U, G] | None:
        """The race of ``code`` (a host connected or away), if the relay holds it."""
        self.sweep()
        return self._races.get(codes.normal_code(code))

    def host_left(self, race: RaceEntry[U, G], uplink: U) -> bool:
        """``uplink`` ended: if it was still the race's, the host is away from now (its
        guests are the caller's to close; they are forgotten here) and True."""
        if race.uplink is not uplink or self._races.get(race.code) is not race:
            return False
        race.uplink = None
        race.left_at = self._clock()
        race.guests.clear()
        return True

    def sweep(self) -> list[RaceEntry[U, G]]:
        """Forget the races whose host has been away ``expire`` seconds: the ones
        forgotten."""
        now = self._clock()
        gone = [race for race in self._races.values()
                if race.left_at is not None and now - race.left_at >= self._expire]
        for race in gone:
            del self._races[race.code]
        self.expired += len(gone)
        return gone

    def forget_all(self) -> None:
        """The relay stops: every race goes."""
        self._races.clear()

    def __len__(self) -> int:
        return len(self._races)

    def __iter__(self) -> Iterator[RaceEntry[U, G]]:
        return iter(list(self._races.values()))


class RegisterRefused(Exception):
    """A register the relay refuses, and why."""

    def __init__(self, why: Refusal) -> None:
        super().__init__(why.value)
        self.why = why


__all__ = ["RaceEntry", "Refusal", "RegisterRefused", "Registry"]

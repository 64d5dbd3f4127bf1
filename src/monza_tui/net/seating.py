"""The seats of a shared race as the host keeps them: who holds each, who is away.

Who drives a car (a person or a computer driver) is the race's (``Race.players``,
``Race.hand_seat``); this is the rest, which only the host knows: whether a seat is
remote, its token, the connection that holds it now, how long a dropped person's grace
lasts. From it come the seat a joining client takes and the presence every client shows.

A seat is *remote* (a person elsewhere, who joins with the code) or the host's (a person
at the host's keyboard, or a computer driver). A remote seat nobody has taken waits; a
client that drops is ``away`` for the grace, then a computer driver takes the car
(``Race.hand_seat``, kept as the record's seat changes) until the person is back with the
token or the code.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from monza_tui.net import codes
from monza_tui.net.outbox import Link
from monza_tui.net.protocol import MAX_LEFT, PresenceWire, ProtocolError
from monza_tui.record import Race


@dataclass
class Seat:
    """One seat as the host keeps it."""

    remote: bool
    token: str | None = None
    """A remote seat's token (None: nobody has taken it yet)."""
    holder: Link | None = None
    away_until: float | None = None
    """While the driver is away: the loop's time their grace ends."""
    timer: asyncio.TimerHandle | None = None
    dropped: bool = False
    """A computer driver took over after the grace: given back when the person returns."""


def seat_for(seats: Sequence[Seat], race: Race, token: str, name: str | None) -> int:
    """The remote seat a joining client takes: the seat of its token (coming back), else
    the seat of its name (any case) if nobody holds it, else with no name the one free
    seat. Never another seat than the one asked for: a name that is taken or unknown, or
    no name while several seats are free, is a :class:`ProtocolError` naming the free
    seats (``net.seat_taken``, ``net.no_such_seat``, ``net.choose_seat``), and no free
    seat at all is ``net.no_free_seat`` (the person may watch)."""
    if token:
        for p, seat in enumerate(seats):
            if seat.remote and seat.token and codes.token_matches(token, seat.token):
                return p
    free = [p for p, seat in enumerate(seats) if seat.remote and seat.holder is None]
    names = [race.players[p].name for p in free]
    if not free:
        raise ProtocolError("net.no_free_seat")
    if name is None:
        if len(free) == 1:
            return free[0]  # (the welcome tells the person whose seat it is)
        raise ProtocolError("net.choose_seat", free=names)
    wanted = name.strip().casefold()
    for p, player in enumerate(race.players):
        if player.name.strip().casefold() == wanted:
            if p in free:
                return p
            raise ProtocolError("net.seat_taken", name=player.name, free=names)
    raise ProtocolError("net.no_such_seat", name=name, free=names)


def presence(
    seats: Sequence[Seat], race: Race, holder: Callable[[int], Link | None], now: float
) -> list[PresenceWire]:
    """Each seat's presence: a computer driver's, here, away (with the grace left), or
    waiting for its person."""
    found = []
    for p, seat in enumerate(seats):
        if race.players[p].seat.is_bot:
            found.append(PresenceWire(kind="bot"))
        elif holder(p) is not None:
            found.append(PresenceWire(kind="here"))
        elif seat.away_until is not None:
            left = min(MAX_LEFT, max(0.0, seat.away_until - now))
            found.append(PresenceWire(kind="away", left=left))
        else:
            found.append(PresenceWire(kind="waiting"))
    return found


__all__ = ["Seat", "presence", "seat_for"]

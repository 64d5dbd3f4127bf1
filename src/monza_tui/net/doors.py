"""Who comes in to a shared race: the hello of a new connection, the seat it takes, and the
people of the seats coming and going.

Kept apart from the race's changes (:mod:`.server`) because it is the host's knowledge of
its connections, not of the race: a connection proves it has the code, takes its seat by
token or name (:mod:`.seating`), and when its line drops its person is away for the grace,
after which a computer driver takes the car. The car changing hands is a change of the
race, so it is handed back to the server (``hand``), which saves and tells it.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable, Sequence

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from monza_tui.net import codes
from monza_tui.net.guesses import TOO_MANY, Guesses
from monza_tui.net.lines import Line
from monza_tui.net.outbox import Link, Outbox, refuse_and_close
from monza_tui.net.protocol import (
    PROTOCOL,
    Hello,
    PresenceMessage,
    PresenceWire,
    ProtocolError,
    parse_client,
)
from monza_tui.net.seating import Seat, presence, seat_for
from monza_tui.record import Race
from monza_tui.seats import SeatKind

log = logging.getLogger(__name__)

HANDSHAKE_TIMEOUT = 5.0
"""Seconds a new connection has to open its websocket (the HTTP upgrade)."""
HELLO_TIMEOUT = 5.0
"""Seconds a new connection has then to say hello."""
MAX_UNPROVEN = 16
"""Connections at once that have not yet given the join code (opening, saying hello,
being refused). More are cut off as they come: a flood of idle connections must not take
the host's file descriptors (every save needs one) nor starve the seated players."""
WRONG_CODE_PAUSE = 0.5
"""Seconds before a wrong code is answered: guessing codes one by one is slow."""
MAX_CONNECTIONS = 32
"""Connections at once (players and spectators); more are refused."""


async def greet(line: Line, code: str, *, open_now: int, most: int,
                guesses: Guesses) -> Hello | None:
    """The hello of a new connection (``open_now`` are open already, at most ``most``),
    or None once the connection was refused with one clear reason and closed (full, no
    hello in time, unreadable, another version, too many wrong codes lately from its
    address or from everyone (``guesses``), a wrong code)."""
    if open_now >= most:
        await refuse_and_close(line, "net.full", most=most)
        return None
    try:
        hello = parse_client(await asyncio.wait_for(line.recv(), HELLO_TIMEOUT))
    except (TimeoutError, ConnectionClosed):
        return None
    except ProtocolError as error:
        theirs = error.params.get("version")
        if isinstance(theirs, int) and theirs != PROTOCOL:  # a newer hello's fields
            await refuse_and_close(line, "net.version", theirs=theirs, ours=PROTOCOL)
        else:
            await refuse_and_close(line, error.code, **error.params)
        return None
    if not isinstance(hello, Hello):
        await refuse_and_close(line, "net.hello_first")
        return None
    if hello.version != PROTOCOL:
        await refuse_and_close(line, "net.version", theirs=hello.version, ours=PROTOCOL)
        return None
    address = line.address
    wait = guesses.wait(address)
    if wait > 0:  # (the code is not looked at: a right guess now would tell)
        await refuse_and_close(line, TOO_MANY, seconds=math.ceil(wait))
        return None
    if not codes.code_matches(hello.code, code):
        guesses.spend(address)
        await asyncio.sleep(WRONG_CODE_PAUSE)
        await refuse_and_close(line, "net.bad_code")
        return None
    return hello


def doorkeeper(proven: Callable[[], int]) -> type[ServerConnection]:
    """The connection class of a host whose ``proven()`` connections have given the code:
    a new one beyond :data:`MAX_UNPROVEN` unproven connections is cut off at once, before
    it is read (one log line per flood, not per connection)."""
    turning_away = False

    class Doorkept(ServerConnection):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            nonlocal turning_away
            unproven = len(self.server.handler_tasks) - proven()
            super().connection_made(transport)  # (its handler ends at once when cut off)
            if unproven < MAX_UNPROVEN:
                turning_away = False
                return
            if not turning_away:
                log.warning("%d connections have not given the code yet; "
                            "turning new ones away", unproven)
                turning_away = True
            self.transport.abort()  # (the Transport super() kept)

    return Doorkept


class Doors:
    """The seats' people as the host sees them: who holds each seat, who is away."""

    def __init__(
        self,
        race: Callable[[], Race],
        seats: Sequence[Seat],
        out: Outbox,
        *,
        host_token: str,
        grace: float,
        drop_level: SeatKind,
        hand: Callable[[int, SeatKind], None],
    ) -> None:
        """``race`` gives the race as it is now; ``hand`` hands a car to a driver (a
        change of the race: the server's)."""
        self._race = race
        self._seats = seats
        self._out = out
        self._host_token = host_token
        self._grace = grace
        self._drop_level = drop_level
        self._hand = hand
        self.host: Link | None = None
        """The host's own terminal's connection, if it is connected."""

    def admit(self, line: Line, hello: Hello) -> Link:
        """Seat a new connection: the host's token, a seat's token, the seat of its name,
        the one free remote seat when it names none, or (``watch``) a spectator; its people
        are back. :class:`ProtocolError` when it asks for a seat it cannot have (taken, no
        such name, several free and no name, none free): nobody is moved silently."""
        connection = Link(line)
        token = hello.token or ""
        if token and codes.token_matches(token, self._host_token):
            if self.host is not None:
                self._out.close(self.host)  # the newest connection of the host wins
                self._out.links.discard(self.host)
            connection.host = True
            connection.token = self._host_token
            connection.seats = frozenset(p for p, s in enumerate(self._seats) if not s.remote)
            self.host = connection
        elif not hello.watch:
            seat = seat_for(self._seats, self._race(), token, hello.name)
            held = self._seats[seat]
            if held.holder is not None:  # the same person (its token) on a new line:
                # the old line goes
                old = held.holder
                self._out.close(old)
                self._out.links.discard(old)
            if not token or held.token is None or not codes.token_matches(token, held.token):
                held.token = codes.new_token()
            held.holder = connection
            connection.token = held.token
            connection.seats = frozenset({seat})
        for p in connection.seats:
            self._back(p)  # told to the others; the welcome tells this one
        self._out.links.add(connection)
        return connection

    def _back(self, player: int) -> None:
        """A person is (back) at ``player``'s seat: the grace ends; a computer driver that
        took over (a drop, or the host's hand for a remote seat) gives the car back."""
        seat = self._seats[player]
        if seat.timer is not None:
            seat.timer.cancel()
            seat.timer = None
        seat.away_until = None
        if self._race().players[player].seat.is_bot and (seat.remote or seat.dropped):
            seat.dropped = False
            self._hand(player, SeatKind.HUMAN)

    def left(self, connection: Link) -> None:
        """A connection ended, however it ended (the client quit, its line broke, it was
        cut off for falling behind, an oversized frame): its people are away; after the
        grace a computer driver takes their cars (:meth:`_grace_over`). Only the seats it
        still holds: a person back on a newer line keeps theirs."""
        self._out.links.discard(connection)
        was_host = connection is self.host
        if was_host:
            self.host = None
        loop = asyncio.get_running_loop()
        race = self._race()
        for p in connection.seats:
            seat = self._seats[p]
            if seat.remote:
                if seat.holder is not connection:
                    continue  # replaced by a newer connection of the same person
                seat.holder = None
            elif not was_host:
                continue  # the host's terminal came back on a newer line
            if race.state.is_terminal() or race.players[p].seat.is_bot:
                continue
            if seat.timer is not None:
                seat.timer.cancel()
            seat.away_until = loop.time() + self._grace
            seat.timer = loop.call_later(self._grace, self._grace_over, p)
        self.tell_presence()

    def _grace_over(self, player: int) -> None:
        seat = self._seats[player]
        seat.timer = None
        seat.away_until = None
        if self.holder(player) is None and not self._race().players[player].seat.is_bot:
            seat.dropped = True
            self._hand(player, self._drop_level)
        self.tell_presence()

    def end(self) -> None:
        """The race is over (or the host stops): nobody's grace runs any more."""
        for seat in self._seats:
            if seat.timer is not None:
                seat.timer.cancel()
                seat.timer = None
            seat.away_until = None

    def holder(self, player: int) -> Link | None:
        """The live connection of the person at ``player``'s seat, if any."""
        return self._seats[player].holder if self._seats[player].remote else self.host

    def drives(self, connection: Link, player: int) -> bool:
        """Whether ``connection`` chooses ``player``'s actions now: its seat, a person's
        (not handed to a computer driver), and it is the seat's live connection."""
        return (
            player in connection.seats
            and not self._race().players[player].seat.is_bot
            and self.holder(player) is connection
        )

    def away(self) -> frozenset[int]:
        """The players whose person is away, in their grace."""
        return frozenset(p for p, seat in enumerate(self._seats) if seat.away_until is not None)

    def presence(self) -> list[PresenceWire]:
        """Every seat's presence now."""
        now = asyncio.get_running_loop().time()
        return presence(self._seats, self._race(), self.holder, now)

    def tell_presence(self) -> None:
        """Tell everyone who is here now."""
        self._out.broadcast(PresenceMessage(presence=self.presence()))


__all__ = [
    "HANDSHAKE_TIMEOUT",
    "HELLO_TIMEOUT",
    "MAX_CONNECTIONS",
    "MAX_UNPROVEN",
    "WRONG_CODE_PAUSE",
    "Doors",
    "doorkeeper",
    "greet",
]

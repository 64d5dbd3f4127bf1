"""The host of a shared race: the one authority over it.

:class:`RaceServer` holds the :class:`~monza_tui.record.Race`, checks every action with
the engine, rolls the dice from a seed nobody else knows, runs the computer drivers
(:mod:`.pace`), keeps the seats (:mod:`.seating`: a dropped person's car goes to a
computer driver after ``grace`` and back when they return), and saves every change
before any client hears of it (:mod:`.outbox`). All changes happen on the event loop,
one at a time. Every screen is a client, the host's own terminal too (with
:attr:`RaceServer.host_token`), so there is one code path. ``docs/network.md`` tells it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable, Collection, Mapping

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from monza_tui.bots import Driver
from monza_tui.engine import (
    Action,
    IllegalActionError,
    InvalidActionError,
    Roll,
    action_text,
    parse_action_text,
    seeded_roll,
)
from monza_tui.limits import MAX_SEAT_CHANGES
from monza_tui.net import codes
from monza_tui.net.invitation import Invitation, addresses
from monza_tui.net.outbox import Link, Outbox, refuse_and_close
from monza_tui.net.pace import THINK_AFTER, Drivers, due, thinker
from monza_tui.net.protocol import (
    MAX_CLIENT_FRAME,
    PROTOCOL,
    Act,
    ActionWire,
    Hand,
    Hello,
    Over,
    Ping,
    Pong,
    PresenceMessage,
    PresenceWire,
    ProtocolError,
    Refused,
    RollDice,
    SeatChangeWire,
    Seats,
    Welcome,
    parse_client,
)
from monza_tui.net.seating import Seat, presence, seat_for
from monza_tui.record import Race, header_json, record_text
from monza_tui.seats import SeatKind

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
HELLO_TIMEOUT = 10.0
"""Seconds a new connection has to say hello."""
WRONG_CODE_PAUSE = 0.5
"""Seconds before a wrong code is answered: guessing codes one by one is slow."""
MAX_CONNECTIONS = 32
"""Connections at once (players and spectators); more are refused."""


class RaceServer:
    """The authority of one shared race (see the module's docstring)."""

    def __init__(
        self,
        race: Race,
        *,
        remote: Collection[int],
        drivers: Mapping[int, Driver],
        save: Callable[[Race], object] | None,
        code: str | None = None,
        grace: float = 20.0,
        bot_delay: float = 1.0,
        drop_level: SeatKind = SeatKind.GREEDY,
        salt: bytes | None = None,
        drive_pause: float | None = None,
        rng: random.Random | None = None,
        max_connections: int = MAX_CONNECTIONS,
        port: int | None = None,
    ) -> None:
        """``remote``: the seats of people elsewhere; ``drivers``: the computer drivers of
        the bot seats (more are made as seats change hands); ``save`` is called with the
        race after every change, before anyone hears of it; ``salt`` (kept in the save)
        keeps the seed's hash the same when a race is resumed; ``drive_pause`` is the
        moment left after a confirm for screens to show the car driving (default
        ``bot_delay``); ``port`` is where a resumed race was hosted (its save's)."""
        if not drop_level.is_bot:
            raise ValueError("drop_level must be a computer driver")
        self.race = race
        self.code = code or codes.new_code()
        self.host_token = codes.new_token()
        self.salt = salt if salt is not None else codes.new_salt()
        self.seed_hash = codes.seed_hash(race.seed, self.salt)
        self.grace = grace
        self.bot_delay = bot_delay
        self.drive_pause = bot_delay if drive_pause is None else drive_pause
        self.drop_level = drop_level
        self._out = Outbox(save, lambda: self.race)
        self._drivers = Drivers(dict(drivers), rng or random.Random())
        self._seats = [Seat(remote=p in remote) for p in range(len(race.players))]
        self._actions = [action_text(race.game.board, a) for _, a in race.replay()]
        self._host: Link | None = None
        self._wanted: dict[int, SeatKind] = {}
        self._wake = asyncio.Event()
        self._over = asyncio.Event()
        self._server: Server | None = None
        self._pump: asyncio.Task[None] | None = None
        self._max_connections = max_connections
        self.invitation: Invitation | None = None
        self.port = port
        """Where a resumed race listened before (None: a new race)."""

    # Life ------------------------------------------------------------------------------

    async def start(self, host: str = "0.0.0.0", port: int = DEFAULT_PORT) -> Invitation:
        """Listen on ``host``:``port`` (0: any free port) and start the race's own steps
        (rolls due, computer drivers). :class:`OSError` if the port is taken."""
        self._server = await serve(
            self._serve,
            host,
            port,
            max_size=MAX_CLIENT_FRAME,
            max_queue=16,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=2,
        )
        bound = self._server.sockets[0].getsockname()[1] if self._server.sockets else port
        self.invitation = Invitation(addresses(host, bound), bound, self.code)
        self._pump = asyncio.create_task(self._run_pump())
        self._out.start()
        if self.race.state.is_terminal():
            self._over.set()
        return self.invitation

    async def stop(self) -> None:
        """Save and send what is pending, close every connection and stop listening."""
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pump
        for seat in self._seats:
            if seat.timer is not None:
                seat.timer.cancel()
        await self._out.stop()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._server.wait_closed(), 5)

    async def wait_over(self) -> Race:
        """Wait until the race is over; the finished race."""
        await self._over.wait()
        return self.race

    @property
    def actions(self) -> tuple[str, ...]:
        """The texts of every action the clients have been sent, in order."""
        return tuple(self._actions)

    def connected(self) -> int:
        """How many connections are open (players and spectators)."""
        return len(self._out.links)

    # Connections -----------------------------------------------------------------------

    async def _serve(self, ws: ServerConnection) -> None:
        if len(self._out.links) >= self._max_connections:
            await refuse_and_close(ws, "net.full", most=self._max_connections)
            return
        try:
            hello = parse_client(await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT))
        except (TimeoutError, ConnectionClosed):
            return
        except ProtocolError as error:
            theirs = error.params.get("version")
            if isinstance(theirs, int) and theirs != PROTOCOL:  # a newer hello's fields
                await refuse_and_close(ws, "net.version", theirs=theirs, ours=PROTOCOL)
            else:
                await refuse_and_close(ws, error.code, **error.params)
            return
        if not isinstance(hello, Hello):
            await refuse_and_close(ws, "net.hello_first")
            return
        if hello.version != PROTOCOL:
            await refuse_and_close(ws, "net.version", theirs=hello.version, ours=PROTOCOL)
            return
        if not codes.code_matches(hello.code, self.code):
            await asyncio.sleep(WRONG_CODE_PAUSE)
            await refuse_and_close(ws, "net.bad_code")
            return
        connection = self._admit(ws, hello)
        connection.writer = asyncio.create_task(self._out.write(connection))
        try:
            async for frame in ws:
                self._handle(connection, frame)
        except ConnectionClosed:
            pass  # an oversized frame (1009), a dropped line: the seat's grace starts
        finally:
            self._left(connection)
            self._out.close(connection)
            await connection.writer

    def _admit(self, ws: ServerConnection, hello: Hello) -> Link:
        """Seat a new connection: the host's token, a seat's token, the seat of its name,
        the first remote seat nobody has taken, or a spectator."""
        connection = Link(ws)
        token = hello.token or ""
        race = self.race
        if token and codes.code_matches(token, self.host_token):
            if self._host is not None:
                self._out.close(self._host)  # the newest connection of the host wins
                self._out.links.discard(self._host)
            connection.host = True
            connection.token = self.host_token
            connection.seats = frozenset(p for p, s in enumerate(self._seats) if not s.remote)
            self._host = connection
        else:
            seat = None if hello.watch else seat_for(self._seats, self.race, token, hello.name)
            if seat is not None:
                held = self._seats[seat]
                if held.holder is not None:  # the same person on a new line: the old goes
                    old = held.holder
                    self._out.close(old)
                    self._out.links.discard(old)
                if not token or held.token is None or not codes.code_matches(token, held.token):
                    held.token = codes.new_token()
                held.holder = connection
                connection.token = held.token
                connection.seats = frozenset({seat})
        for p in connection.seats:
            self._back(p)  # told to the others; the welcome tells this one
        self._out.links.add(connection)
        self._out.tell(self._welcome(connection), (connection,))
        if race.state.is_terminal():
            self._out.tell(self._over_message(), (connection,))
        self._out.broadcast(self._presence_message())
        return connection

    def _back(self, player: int) -> None:
        """A person is (back) at ``player``'s seat: the grace ends; a computer driver that
        took over (a drop, or the host's hand for a remote seat) gives the car back."""
        seat = self._seats[player]
        if seat.timer is not None:
            seat.timer.cancel()
            seat.timer = None
        seat.away_until = None
        if self.race.players[player].seat.is_bot and (seat.remote or seat.dropped):
            seat.dropped = False
            self._hand(player, SeatKind.HUMAN)

    def _left(self, connection: Link) -> None:
        """A connection closed: its people are away; after the grace a computer driver
        takes their cars (:meth:`_grace_over`)."""
        if connection not in self._out.links:
            return  # replaced by a newer connection of the same person
        self._out.links.discard(connection)
        if connection is self._host:
            self._host = None
        loop = asyncio.get_running_loop()
        for p in connection.seats:
            seat = self._seats[p]
            if seat.holder is connection:
                seat.holder = None
            if self.race.state.is_terminal() or self.race.players[p].seat.is_bot:
                continue
            seat.away_until = loop.time() + self.grace
            seat.timer = loop.call_later(self.grace, self._grace_over, p)
        self._out.broadcast(self._presence_message())

    def _grace_over(self, player: int) -> None:
        seat = self._seats[player]
        seat.timer = None
        seat.away_until = None
        if self._holder(player) is None and not self.race.players[player].seat.is_bot:
            seat.dropped = True
            self._hand(player, self.drop_level)
        self._out.broadcast(self._presence_message())

    def _holder(self, player: int) -> Link | None:
        return self._seats[player].holder if self._seats[player].remote else self._host

    # Messages in -----------------------------------------------------------------------

    def _handle(self, connection: Link, frame: str | bytes) -> None:
        try:
            message = parse_client(frame)
            if isinstance(message, Ping):
                self._out.send(connection, Pong())
            elif isinstance(message, Hello):
                raise ProtocolError("net.hello_again")
            elif isinstance(message, Act):
                self._act(connection, message)
            elif isinstance(message, RollDice):
                self._roll(connection, message)
            else:
                self._hand_request(connection, message)
        except ProtocolError as error:
            self._out.send(connection, Refused(code=error.code, params=error.params))

    def _check_turn(self, connection: Link, seq: int, player: int) -> None:
        if not connection.seats:
            raise ProtocolError("net.watching")
        if seq != len(self._actions):
            raise ProtocolError("net.stale", seq=len(self._actions))
        if self.race.state.is_terminal():
            raise ProtocolError("net.over")
        if not self._drives(connection, player):
            raise ProtocolError("net.not_your_turn", name=self.race.players[player].name)

    def _drives(self, connection: Link, player: int) -> bool:
        """Whether ``connection`` chooses ``player``'s actions now: its seat, a person's
        (not handed to a computer driver), and it is the seat's live connection."""
        return (
            player in connection.seats
            and not self.race.players[player].seat.is_bot
            and self._holder(player) is connection
        )

    def _act(self, connection: Link, message: Act) -> None:
        state = self.race.state
        if state.is_chance() and not state.is_terminal():
            if not connection.seats:
                raise ProtocolError("net.watching")
            raise ProtocolError("net.roll_due")
        self._check_turn(connection, message.seq, state.current_player())
        text = message.action
        try:
            action = parse_action_text(state.board, text)
        except InvalidActionError:
            raise ProtocolError("net.invalid_action", action=text) from None
        if isinstance(action, Roll):
            raise ProtocolError("net.dice")
        try:
            state.apply(action)
        except IllegalActionError as error:
            raise ProtocolError("net.illegal", action=text, rule=error.code) from None
        self._accept(action, state.current_player())

    def _roll(self, connection: Link, message: RollDice) -> None:
        state = self.race.state
        self._check_turn(connection, message.seq, state.player)
        if not state.is_chance():
            raise ProtocolError("net.no_roll")
        self._accept(seeded_roll(self.race.seed, state), state.player)

    def _hand_request(self, connection: Link, message: Hand) -> None:
        if not connection.host:
            raise ProtocolError("net.not_host")
        race = self.race  # (seq is not checked: a seat changes hands in the race as it is)
        if race.state.is_terminal():
            raise ProtocolError("net.over")
        if message.player >= len(race.players) or race.players[message.player].seat is (
            message.seat
        ):
            raise ProtocolError("net.seat", player=message.player)
        self._seats[message.player].dropped = False
        self._hand(message.player, message.seat)
        self._out.broadcast(self._presence_message())

    # Changes ---------------------------------------------------------------------------

    def _accept(self, action: Action, player: int) -> None:
        """Play an action the engine allows: save, tell everyone, then whatever is due."""
        race = self.race
        text = action_text(race.game.board, action)
        self.race = race.apply(action)
        seq = len(self._actions)
        self._actions.append(text)
        self._out.changed()  # saved before anyone hears of it
        self._out.broadcast(ActionWire(seq=seq, action=text, player=player))
        for p, seat in list(self._wanted.items()):
            self._hand(p, seat)
        if self.race.state.is_terminal():
            for kept in self._seats:
                if kept.timer is not None:
                    kept.timer.cancel()
                    kept.timer = None
                kept.away_until = None
            self._out.broadcast(self._over_message())
            self._out.broadcast(self._presence_message())
            self._over.set()
        self._wake.set()

    def _hand(self, player: int, seat: SeatKind) -> None:
        """Hand ``player``'s car to ``seat`` now, or as soon as the record allows: at most
        :data:`MAX_SEAT_CHANGES` changes in one turn, and a car goes to a computer driver
        whenever a person leaves, so other changes keep room for one per seat (a turn
        never waits for a person who is gone)."""
        race = self.race
        if race.state.is_terminal() or race.players[player].seat is seat:
            self._wanted.pop(player, None)
            return
        turn = race.state.turn
        leaving = seat.is_bot and not race.players[player].seat.is_bot
        room = MAX_SEAT_CHANGES if leaving else MAX_SEAT_CHANGES - len(race.players)
        if sum(1 for c in race.seat_changes if c.turn == turn) >= room:
            self._wanted[player] = seat
            return
        self._wanted.pop(player, None)
        self.race = race.hand_seat(player, seat)
        change = self.race.seat_changes[-1]
        self._out.changed()  # saved before anyone hears of it
        self._out.broadcast(
            Seats(
                seq=len(self._actions),
                change=SeatChangeWire(
                    turn=change.turn, at=change.at, player=player, seat=change.seat
                ),
            )
        )
        self._wake.set()

    async def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every change is saved and sent; False if ``timeout`` ran out."""
        return await self._out.flush(timeout)

    @property
    def save_error(self) -> str | None:
        """Why the last save failed (the race goes on), or None."""
        return self._out.save_error

    # The race's own steps: dice due, computer drivers -----------------------------------

    async def _run_pump(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            self._wake.clear()
            race = self.race
            last = self._actions[-1] if self._actions else None
            step = due(race, last, bot_delay=self.bot_delay, drive_pause=self.drive_pause)
            if step is None:
                await self._wake.wait()
                continue
            kind, player, pause = step
            if kind == "roll":
                await asyncio.sleep(pause)
                if self.race is race:
                    self._accept(seeded_roll(race.seed, race.state), player)
                continue
            head = min(THINK_AFTER, pause)  # the frames of the last action go out first
            await asyncio.sleep(head)
            driver = self._drivers.of(race, player)
            thinking = loop.run_in_executor(thinker(), driver.choose, race.state)
            await asyncio.sleep(pause - head)
            try:
                action = await thinking
            except Exception:  # a driver's bug must not end the race for everyone
                log.exception("computer driver failed")
                await self._wake.wait()
                continue
            if self.race is not race:
                continue  # the race moved on meanwhile (a seat handed back): think again
            if not race.state.is_legal(action):  # a driver's bug: never a busy loop
                log.error("computer driver chose an illegal action: %s", action)
                await self._wake.wait()
                continue
            self._accept(action, player)

    # Messages out ----------------------------------------------------------------------

    def _welcome(self, connection: Link) -> Welcome:
        header = header_json(self.race)
        del header["seed"]
        header["seed_hash"] = self.seed_hash
        return Welcome(
            version=PROTOCOL,
            seats=sorted(connection.seats),
            token=connection.token or "",
            host=connection.host,
            header=header,
            actions=self._actions,
            seat_changes=[
                SeatChangeWire(turn=c.turn, at=c.at, player=c.player, seat=c.seat)
                for c in self.race.seat_changes
            ],
            presence=self._presence(),
        )

    def _over_message(self) -> Over:
        return Over(seed=self.race.seed, salt=self.salt.hex(), record=record_text([self.race]))

    def _presence(self) -> list[PresenceWire]:
        now = asyncio.get_running_loop().time()
        return presence(self._seats, self.race, self._holder, now)

    def _presence_message(self) -> PresenceMessage:
        return PresenceMessage(presence=self._presence())


__all__ = ["DEFAULT_PORT", "Invitation", "RaceServer", "thinker"]

"""The host of a shared race: the one authority over it.

:class:`RaceServer` holds the :class:`~monza_tui.record.Race`, checks every action with
the engine, rolls the dice from a seed nobody else knows, runs the computer drivers
(the race core's pace and drivers, thinking in :mod:`.pace`'s threads), hands the cars of
people who come and go (:mod:`.doors`: a dropped person's car goes to a computer driver
after ``grace`` and back when they return), and saves every change before any client
hears of it (:mod:`.outbox`). All changes happen on the event loop, one at a time. Every
screen is a client, the host's own terminal too (with :attr:`RaceServer.host_token`), so
there is one code path: every connection is a :class:`~.lines.Line` served by
:meth:`RaceServer.serve_line`, whether it comes through the host's own listener, through
a relay (:mod:`.uplink`, ``relay``: then the host listens nowhere) or in memory from the
host's own terminal (:meth:`RaceServer.dial`). ``docs/network.md`` tells it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Collection

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

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
from monza_tui.net.doors import (
    HANDSHAKE_TIMEOUT,
    MAX_CONNECTIONS,
    MAX_UNPROVEN,
    Doors,
    doorkeeper,
    greet,
)
from monza_tui.net.guesses import Guesses
from monza_tui.net.invitation import Invitation, addresses
from monza_tui.net.lines import Line, MemoryLine, WebSocketLine, memory_pair
from monza_tui.net.outbox import MAX_BEHIND, Link, Outbox, refuse_and_close
from monza_tui.net.pace import THINK_AFTER, think, thinker
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
    ProtocolError,
    Refused,
    RollDice,
    SeatChangeWire,
    Seats,
    Welcome,
    parse_client,
)
from monza_tui.net.seating import Seat
from monza_tui.net.uplink import Uplink
from monza_tui.race.drivers import Drivers
from monza_tui.race.pace import Pace, StepKind, next_step
from monza_tui.record import Race, header_json, record_text
from monza_tui.seats import SeatKind

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
BACKLOG = 2 * MAX_UNPROVEN
"""Connections waiting to be accepted at most (and so accepted at once)."""


class RaceServer:
    """The authority of one shared race (see the module's docstring)."""

    def __init__(
        self,
        race: Race,
        *,
        remote: Collection[int],
        save: Callable[[Race], object] | None,
        code: str | None = None,
        grace: float = 20.0,
        bot_delay: float = 1.0,
        drop_level: SeatKind = SeatKind.GREEDY,
        salt: bytes | None = None,
        drive_pause: float | None = None,
        max_connections: int = MAX_CONNECTIONS,
        port: int | None = None,
        stand_in_tiles: bool = False,
        max_behind: int = MAX_BEHIND,
        relay: str | None = None,
        relay_key: str | None = None,
    ) -> None:
        """``remote``: the seats of people elsewhere (the computer drivers of the bot seats
        are :attr:`drivers`, seeded from the race's seed); ``save`` is called with the
        race after every change, before anyone hears of it; ``salt`` (kept in the save)
        keeps the seed's hash the same when a race is resumed; ``drive_pause`` is the
        moment left after a confirm for screens to show the car driving (default
        ``bot_delay``); ``port`` is where a resumed race was hosted (its save's); a
        computer driver at a remote seat or a dropped person's stands in for them and
        spends none of their tiles nor their extra roll unless ``stand_in_tiles``; a
        client with more than ``max_behind`` messages unsent is cut off; with ``relay``
        (a ``ws://`` or ``wss://`` URL) the host listens nowhere and registers the race
        there with ``relay_key`` (kept in the save: the same key registers it again)."""
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
        self._out = Outbox(save, lambda: self.race, max_behind=max_behind)
        self.drivers = Drivers(None if stand_in_tiles else self._stands_in)
        """The computer drivers of the race's bot seats (``Drivers.set`` seats another)."""
        self._seats = [Seat(remote=p in remote) for p in range(len(race.players))]
        self._doors = Doors(lambda: self.race, self._seats, self._out,
                            host_token=self.host_token, grace=grace, drop_level=drop_level,
                            hand=self._hand)
        self._actions = [action_text(race.game.board, a) for _, a in race.replay()]
        self._last: Action | None = None
        """The action played last (None at the start or on resuming: no drive to show)."""
        self._wanted: dict[int, SeatKind] = {}
        self._wake = asyncio.Event()
        self._over = asyncio.Event()
        self._server: Server | None = None
        self._pump: asyncio.Task[None] | None = None
        self._max_connections = max_connections
        self.guesses = Guesses()
        """The wrong codes heard out per address and overall (:mod:`.guesses`)."""
        self.invitation: Invitation | None = None
        self.port = port
        """Where a resumed race listened before (None: a new race)."""
        self.relay = relay
        self.relay_key = relay_key or codes.new_token()
        """The host's secret for the race's code on the relay."""
        self.uplink: Uplink | None = None
        """The line to the relay once started (with ``relay``)."""
        self._dialled: set[asyncio.Task[None]] = set()

    # Life ------------------------------------------------------------------------------

    async def start(self, host: str = "0.0.0.0", port: int = DEFAULT_PORT) -> Invitation:
        """Listen on ``host``:``port`` (0: any free port), or with a relay connect out to
        it (nothing listens here), and start the race's own steps (rolls due, computer
        drivers). :class:`OSError` if the port is taken."""
        names = tuple(self.race.players[p].name for p, s in enumerate(self._seats) if s.remote)
        if self.relay is not None:
            self.uplink = Uplink(self.relay, self.code, self.relay_key, self.serve_line)
            self.invitation = Invitation.relayed(self.relay, self.code, names)
            self.uplink.start()
        else:
            self.invitation = await self._listen(host, port, names)
        self._pump = asyncio.create_task(self._run_pump())
        self._out.start()
        if self.race.state.is_terminal():
            self._over.set()
        return self.invitation

    async def _listen(self, host: str, port: int, names: tuple[str, ...]) -> Invitation:
        self._server = await serve(
            self._serve,
            host,
            port,
            max_size=MAX_CLIENT_FRAME,
            max_queue=16,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=2,
            open_timeout=HANDSHAKE_TIMEOUT,
            create_connection=doorkeeper(lambda: len(self._out.links)),
            # asyncio accepts up to ``backlog`` sockets at a time before any is turned
            # away: a flood must not hold more files than the host can spare.
            backlog=BACKLOG,
        )
        bound = self._server.sockets[0].getsockname()[1] if self._server.sockets else port
        return Invitation(addresses(host, bound), bound, self.code, names)

    async def stop(self) -> None:
        """Save and send what is pending, close every connection and stop listening."""
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pump
        self._doors.end()
        await self._out.stop()
        if self._dialled:  # (the host's own terminal: its line closes once its frames are out)
            await asyncio.wait(self._dialled, timeout=2)
        if self.uplink is not None:
            await self.uplink.stop()
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

    # Connections (who comes in and which seat it takes: :mod:`.doors`) -----------------

    async def dial(self) -> MemoryLine:
        """A new line to this server in memory: the host's own terminal joins its race
        through it (neither a network nor the relay stands between them)."""
        client, served = memory_pair()
        task = asyncio.create_task(self.serve_line(served))
        self._dialled.add(task)
        task.add_done_callback(self._dialled.discard)
        return client

    async def _serve(self, ws: ServerConnection) -> None:
        await self.serve_line(WebSocketLine(ws))

    async def serve_line(self, line: Line) -> None:
        """Serve one connection until it ends, however it ends: its hello (:mod:`.doors`),
        its seat, every frame it sends; its people are away once it ends."""
        hello = await greet(line, self.code, open_now=len(self._out.links),
                            most=self._max_connections, guesses=self.guesses)
        if hello is None:
            return
        try:
            connection = self._doors.admit(line, hello)
        except ProtocolError as refusal:  # a seat it cannot have: said, and the line closed
            await refuse_and_close(line, refusal.code, **refusal.params)
            return
        self._out.tell(self._welcome(connection), (connection,))
        if self.race.state.is_terminal():
            self._out.tell(self._over_message(), (connection,))
        self._doors.tell_presence()
        connection.writer = asyncio.create_task(self._out.write(connection))
        try:
            async for frame in line:
                self._handle(connection, frame)
        except ConnectionClosed:
            pass  # an oversized frame (1009), a dropped line: the seat's grace starts
        finally:
            self._doors.left(connection)
            self._out.close(connection)
            await connection.writer

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
        if not self._doors.drives(connection, player):
            raise ProtocolError("net.not_your_turn", name=self.race.players[player].name)

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
        self._doors.tell_presence()

    # Changes ---------------------------------------------------------------------------

    def _accept(self, action: Action, player: int) -> None:
        """Play an action the engine allows: save, tell everyone, then whatever is due."""
        race = self.race
        text = action_text(race.game.board, action)
        self.race = race.apply(action)
        self._last = action
        seq = len(self._actions)
        self._actions.append(text)
        self._out.changed()  # saved before anyone hears of it
        self._out.broadcast(ActionWire(seq=seq, action=text, player=player))
        for p, seat in list(self._wanted.items()):
            self._hand(p, seat)
        if self.race.state.is_terminal():
            self._doors.end()
            self._out.broadcast(self._over_message())
            self._doors.tell_presence()
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

    def _stands_in(self, player: int) -> bool:
        """Whether a computer driver at ``player``'s seat drives for a person who may come
        back (a remote seat, or a dropped person's at the host's keyboard)."""
        seat = self._seats[player]
        return seat.remote or seat.dropped

    async def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every change is saved and sent; False if ``timeout`` ran out."""
        return await self._out.flush(timeout)

    @property
    def save_error(self) -> str | None:
        """Why the last save failed (the race goes on), or None."""
        return self._out.save_error

    # The race's own steps: dice due, computer drivers -----------------------------------

    async def _run_pump(self) -> None:
        """Do what is due by itself (``race.pace.next_step``, the one pace policy): roll
        the dice due, play the computer drivers' moves, each after its pause."""
        loop = asyncio.get_running_loop()
        pace = Pace(bot_delay=self.bot_delay, drive_pause=self.drive_pause)
        while True:
            self._wake.clear()
            race = self.race
            step = next_step(race, pace, after=self._last, away=self._doors.away())
            if step.kind is StepKind.ROLL:
                await asyncio.sleep(step.pause)
                if self.race is race:
                    self._accept(seeded_roll(race.seed, race.state), step.player)
                continue
            if step.kind is not StepKind.BOT:  # a person decides, or the race is over
                await self._wake.wait()
                continue
            head = min(THINK_AFTER, step.pause)  # the frames of the last action go out first
            await asyncio.sleep(head)
            thinking = loop.run_in_executor(thinker(), think, self.drivers, race, step.player)
            await asyncio.sleep(step.pause - head)
            move = await thinking
            if move.failed:  # the race goes on with the first legal action
                log.error("the computer driver of player %d failed (%s); it plays %s",
                          step.player, move.error or "an illegal action",
                          action_text(race.game.board, move.actions[0]))
            if self.race is not race:
                continue  # the race moved on meanwhile (a seat handed back): think again
            for action in move.actions:
                self._accept(action, step.player)

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
            presence=self._doors.presence(),
        )

    def _over_message(self) -> Over:
        return Over(seed=self.race.seed, salt=self.salt.hex(), record=record_text([self.race]))


__all__ = ["DEFAULT_PORT", "Invitation", "RaceServer", "thinker"]

"""The host of a shared race: the one authority over it.

:class:`RaceServer` holds the :class:`~monza_tui.record.Race`, checks every action with
the engine, rolls the dice from a seed nobody else knows, runs the computer drivers, saves
after every change and sends every accepted action, in order, to every connection. Every
screen is a client, the host's own terminal too (it connects to 127.0.0.1 with
:attr:`RaceServer.host_token`), so there is one code path.

Seats: a seat is *remote* (a person elsewhere, who joins with the code) or the host's
(a person at the host's keyboard, or a computer driver the server runs). A remote seat
nobody has taken waits; a client that drops is ``away`` for ``grace`` seconds, then a
computer driver (``drop_level``) takes the car (``Race.hand_seat``, recorded as the
record's seat changes) until the person is back with the token or the code.

Order and saving: all changes happen on the event loop, one at a time; each is saved
(the ``save`` callback) before any client hears of it, so an action a client has seen is
never lost when the host is killed. Each connection has a queue and a writer task of its
own, so a slow client delays nobody and every client gets the same messages in the same
order. ``docs/network.md`` tells the whole protocol.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import socket
from collections.abc import Callable, Collection, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from monza_tui.bots import Driver, make_driver
from monza_tui.engine import (
    Action,
    Confirm,
    IllegalActionError,
    InvalidActionError,
    Phase,
    Roll,
    action_text,
    parse_action_text,
    seeded_roll,
)
from monza_tui.limits import MAX_SEAT_CHANGES
from monza_tui.net import codes
from monza_tui.net.protocol import (
    MAX_CLIENT_FRAME,
    PROTOCOL,
    Act,
    ActionWire,
    Hand,
    Hello,
    Over,
    Param,
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
    dump,
    parse_client,
)
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
MAX_BEHIND = 2_000
"""Frames a connection may have waiting; a client further behind is closed (it comes
back by itself and is sent the race afresh)."""
AUTO_ROLL_MOST = 0.5
"""The re-roll and turbo dice of a person roll on their own after at most this pause, as
at one keyboard (only the turn's first roll waits for its player)."""

_thinker: ThreadPoolExecutor | None = None


def thinker() -> ThreadPoolExecutor:
    """The threads the computer drivers think in (shared by the servers of a process)."""
    global _thinker
    if _thinker is None:
        _thinker = ThreadPoolExecutor(max_workers=2, thread_name_prefix="monza-net-bot")
    return _thinker


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


@dataclass(eq=False)
class _Connection:
    ws: ServerConnection
    token: str | None = None
    seats: frozenset[int] = frozenset()
    host: bool = False
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    writer: asyncio.Task[None] | None = None


@dataclass
class _Seat:
    remote: bool
    token: str | None = None
    """A remote seat's token (None: nobody has taken it yet)."""
    holder: _Connection | None = None
    away_until: float | None = None
    """While the driver is away: the loop's time their grace ends."""
    timer: asyncio.TimerHandle | None = None
    dropped: bool = False
    """A computer driver took over after the grace: given back when the person returns."""


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
    ) -> None:
        """``remote``: the seats of people elsewhere; ``drivers``: the computer drivers of
        the bot seats (more are made as seats change hands); ``save`` is called with the
        race after every change, before anyone hears of it; ``salt`` (kept in the save)
        keeps the seed's hash the same when a race is resumed; ``drive_pause`` is the
        moment left after a confirm for screens to show the car driving (default
        ``bot_delay``)."""
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
        self.save_error: str | None = None
        """Why the last save failed (the race goes on), or None."""
        self._save = save
        self._rng = rng or random.Random()
        self._drivers: dict[int, Driver] = dict(drivers)
        self._seats = [_Seat(remote=p in remote) for p in range(len(race.players))]
        self._actions = [action_text(race.game.board, a) for _, a in race.replay()]
        self._connections: set[_Connection] = set()
        self._host: _Connection | None = None
        self._wanted: dict[int, SeatKind] = {}
        self._wake = asyncio.Event()
        self._over = asyncio.Event()
        self._server: Server | None = None
        self._pump: asyncio.Task[None] | None = None
        self._dirty = False
        self._held: list[tuple[str, tuple[_Connection, ...]]] = []
        """Frames waiting for the save of the race they tell of, with their targets."""
        self._said = asyncio.Event()
        self._flushed = asyncio.Event()
        self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="monza-net-save")
        self._saving: asyncio.Task[None] | None = None
        self._max_connections = max_connections
        self.invitation: Invitation | None = None

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
        )
        bound = self._server.sockets[0].getsockname()[1] if self._server.sockets else port
        self.invitation = Invitation(_addresses(host, bound), bound, self.code)
        self._pump = asyncio.create_task(self._run_pump())
        if self._save is not None:
            self._saving = asyncio.create_task(self._run_saver())
        if self.race.state.is_terminal():
            self._over.set()
        return self.invitation

    async def stop(self) -> None:
        """Save and send what is pending, close every connection and stop listening."""
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pump
        if self._saving is not None:
            await self.flush()
            self._saving.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._saving
        self._saver.shutdown(wait=True)
        for seat in self._seats:
            if seat.timer is not None:
                seat.timer.cancel()
        for connection in list(self._connections):
            connection.queue.put_nowait(None)
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
        return len(self._connections)

    # Connections -----------------------------------------------------------------------

    async def _serve(self, ws: ServerConnection) -> None:
        if len(self._connections) >= self._max_connections:
            await _refuse_and_close(ws, "net.full", most=self._max_connections)
            return
        try:
            hello = parse_client(await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT))
        except (TimeoutError, ConnectionClosed):
            return
        except ProtocolError as error:
            await _refuse_and_close(ws, error.code, **error.params)
            return
        if not isinstance(hello, Hello):
            await _refuse_and_close(ws, "net.hello_first")
            return
        if hello.version != PROTOCOL:
            await _refuse_and_close(ws, "net.version", theirs=hello.version, ours=PROTOCOL)
            return
        if not codes.code_matches(hello.code, self.code):
            await asyncio.sleep(WRONG_CODE_PAUSE)
            await _refuse_and_close(ws, "net.bad_code")
            return
        connection = self._admit(ws, hello)
        connection.writer = asyncio.create_task(self._write(connection))
        try:
            async for frame in ws:
                self._handle(connection, frame)
        except ConnectionClosed:
            pass  # an oversized frame (1009), a dropped line: the seat's grace starts
        finally:
            self._left(connection)
            connection.queue.put_nowait(None)
            await connection.writer

    def _admit(self, ws: ServerConnection, hello: Hello) -> _Connection:
        """Seat a new connection: the host's token, a seat's token, the seat of its name,
        the first remote seat nobody has taken, or a spectator."""
        connection = _Connection(ws)
        token = hello.token or ""
        race = self.race
        if token and codes.code_matches(token, self.host_token):
            if self._host is not None:
                self._host.queue.put_nowait(None)  # the newest connection of the host wins
                self._connections.discard(self._host)
            connection.host = True
            connection.token = self.host_token
            connection.seats = frozenset(p for p, s in enumerate(self._seats) if not s.remote)
            self._host = connection
        else:
            seat = None if hello.watch else self._seat_for(token, hello.name)
            if seat is not None:
                held = self._seats[seat]
                if held.holder is not None:  # the same person on a new line: the old goes
                    old = held.holder
                    old.queue.put_nowait(None)
                    self._connections.discard(old)
                if not token or held.token is None or not codes.code_matches(token, held.token):
                    held.token = codes.new_token()
                held.holder = connection
                connection.token = held.token
                connection.seats = frozenset({seat})
        for p in connection.seats:
            self._back(p)  # told to the others; the welcome tells this one
        self._connections.add(connection)
        self._tell(self._welcome(connection), (connection,))
        if race.state.is_terminal():
            self._tell(self._over_message(), (connection,))
        self._broadcast(self._presence_message())
        return connection

    def _seat_for(self, token: str, name: str | None) -> int | None:
        """Which remote seat a joining client takes, if any."""
        seats = self._seats
        if token:
            for p, seat in enumerate(seats):
                if seat.remote and seat.token and codes.code_matches(token, seat.token):
                    return p
        free = [p for p, seat in enumerate(seats) if seat.remote and seat.holder is None]
        if name:
            wanted = name.casefold()
            for p in free:
                if self.race.players[p].name.casefold() == wanted:
                    return p
        for p in free:
            if seats[p].token is None:
                return p
        return None

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

    def _left(self, connection: _Connection) -> None:
        """A connection closed: its people are away; after the grace a computer driver
        takes their cars (:meth:`_grace_over`)."""
        if connection not in self._connections:
            return  # replaced by a newer connection of the same person
        self._connections.discard(connection)
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
        self._broadcast(self._presence_message())

    def _grace_over(self, player: int) -> None:
        seat = self._seats[player]
        seat.timer = None
        seat.away_until = None
        if self._holder(player) is None and not self.race.players[player].seat.is_bot:
            seat.dropped = True
            self._hand(player, self.drop_level)
        self._broadcast(self._presence_message())

    def _holder(self, player: int) -> _Connection | None:
        return self._seats[player].holder if self._seats[player].remote else self._host

    # Messages in -----------------------------------------------------------------------

    def _handle(self, connection: _Connection, frame: str | bytes) -> None:
        try:
            message = parse_client(frame)
            if isinstance(message, Ping):
                self._send(connection, Pong())
            elif isinstance(message, Hello):
                raise ProtocolError("net.hello_again")
            elif isinstance(message, Act):
                self._act(connection, message)
            elif isinstance(message, RollDice):
                self._roll(connection, message)
            else:
                self._hand_request(connection, message)
        except ProtocolError as error:
            self._send(connection, Refused(code=error.code, params=error.params))

    def _check_turn(self, connection: _Connection, seq: int, player: int) -> None:
        if not connection.seats:
            raise ProtocolError("net.watching")
        if seq != len(self._actions):
            raise ProtocolError("net.stale", seq=len(self._actions))
        if self.race.state.is_terminal():
            raise ProtocolError("net.over")
        if not self._drives(connection, player):
            raise ProtocolError("net.not_your_turn", name=self.race.players[player].name)

    def _drives(self, connection: _Connection, player: int) -> bool:
        """Whether ``connection`` chooses ``player``'s actions now: its seat, a person's
        (not handed to a computer driver), and it is the seat's live connection."""
        return (
            player in connection.seats
            and not self.race.players[player].seat.is_bot
            and self._holder(player) is connection
        )

    def _act(self, connection: _Connection, message: Act) -> None:
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

    def _roll(self, connection: _Connection, message: RollDice) -> None:
        state = self.race.state
        self._check_turn(connection, message.seq, state.player)
        if not state.is_chance():
            raise ProtocolError("net.no_roll")
        self._accept(seeded_roll(self.race.seed, state), state.player)

    def _hand_request(self, connection: _Connection, message: Hand) -> None:
        if not connection.host:
            raise ProtocolError("net.not_host")
        race = self.race  # (seq is not checked: a seat changes hands in the race as it is)
        if race.state.is_terminal():
            raise ProtocolError("net.over")
        if message.player >= len(race.players):
            raise ProtocolError("net.seat", player=message.player)
        if race.players[message.player].seat is message.seat:
            raise ProtocolError("net.seat", player=message.player)
        self._seats[message.player].dropped = False
        self._hand(message.player, message.seat)
        self._broadcast(self._presence_message())

    # Changes ---------------------------------------------------------------------------

    def _accept(self, action: Action, player: int) -> None:
        """Play an action the engine allows: save, tell everyone, then whatever is due."""
        race = self.race
        text = action_text(race.game.board, action)
        self.race = race.apply(action)
        seq = len(self._actions)
        self._actions.append(text)
        self._commit()
        self._broadcast(ActionWire(seq=seq, action=text, player=player))
        for p, seat in list(self._wanted.items()):
            self._hand(p, seat)
        if self.race.state.is_terminal():
            for kept in self._seats:
                if kept.timer is not None:
                    kept.timer.cancel()
                    kept.timer = None
                kept.away_until = None
            self._broadcast(self._over_message())
            self._broadcast(self._presence_message())
            self._over.set()
        self._wake.set()

    def _hand(self, player: int, seat: SeatKind) -> None:
        """Hand ``player``'s car to ``seat`` now, or as soon as the record allows (at most
        :data:`MAX_SEAT_CHANGES` changes in one turn)."""
        race = self.race
        if race.state.is_terminal() or race.players[player].seat is seat:
            self._wanted.pop(player, None)
            return
        turn = race.state.turn
        if sum(1 for c in race.seat_changes if c.turn == turn) >= MAX_SEAT_CHANGES:
            self._wanted[player] = seat
            return
        self._wanted.pop(player, None)
        if seat.is_bot:
            driver = self._drivers.get(player)
            if driver is None or driver.level != seat.value:
                self._drivers[player] = make_driver(seat, random.Random(self._rng.getrandbits(64)))
        self.race = race.hand_seat(player, seat)
        change = self.race.seat_changes[-1]
        self._commit()
        self._broadcast(
            Seats(
                seq=len(self._actions),
                change=SeatChangeWire(
                    turn=change.turn, at=change.at, player=player, seat=change.seat
                ),
            )
        )
        self._wake.set()

    def _commit(self) -> None:
        """The race changed: it is to be saved before anyone hears of it."""
        self._dirty = True

    def _save_now(self, race: Race) -> None:
        """Write ``race`` (in the saver's thread)."""
        assert self._save is not None
        try:
            self._save(race)
            self.save_error = None
        except Exception as error:  # a full disk must not stop the race: said, retried
            self.save_error = str(error) or type(error).__name__
            log.warning("save failed: %s", self.save_error)

    async def _run_saver(self) -> None:
        """Save the newest race in a thread of its own (the disk never holds the loop),
        then let go of what was said up to that race, in order."""
        loop = asyncio.get_running_loop()
        while True:
            await self._said.wait()
            self._said.clear()
            held, self._held = self._held, []
            if self._dirty:
                self._dirty = False
                await loop.run_in_executor(self._saver, self._save_now, self.race)
            for frame, targets in held:
                for connection in targets:
                    if connection in self._connections:
                        self._put(connection, frame)
            self._flushed.set()

    async def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every change is saved and sent; False if ``timeout`` ran out."""
        async def drained() -> None:
            while self._held or self._dirty:
                self._flushed.clear()
                self._said.set()
                await self._flushed.wait()

        try:
            await asyncio.wait_for(drained(), timeout)
        except TimeoutError:
            return False
        return True

    # The race's own steps: dice due, computer drivers -----------------------------------

    def _due(self) -> tuple[str, int, float] | None:
        """What happens next without a person: ("roll" | "bot", player, pause), or None
        while a person is to act (or the race is over)."""
        state = self.race.state
        if state.is_terminal():
            return None
        pause = self.bot_delay
        if self._actions and self._actions[-1] == str(Confirm()):
            pause += self.drive_pause
        if state.is_chance():
            if self.race.players[state.player].seat.is_bot:
                return "roll", state.player, pause
            if state.phase is Phase.ROLL:
                return None
            return "roll", state.player, min(pause, AUTO_ROLL_MOST)
        actor = state.current_player()
        if self.race.players[actor].seat.is_bot:
            return "bot", actor, pause
        return None

    async def _run_pump(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            self._wake.clear()
            due = self._due()
            if due is None:
                await self._wake.wait()
                continue
            kind, player, pause = due
            race = self.race
            if kind == "roll":
                await asyncio.sleep(pause)
                if self.race is race:
                    self._accept(seeded_roll(race.seed, race.state), player)
                continue
            driver = self._driver(player)
            thinking = loop.run_in_executor(thinker(), driver.choose, race.state)
            await asyncio.sleep(pause)
            try:
                action = await thinking
            except Exception:  # a driver's bug must not end the race for everyone
                log.exception("computer driver failed")
                await self._wake.wait()
                continue
            if self.race is race and race.state.is_legal(action):
                self._accept(action, player)

    def _driver(self, player: int) -> Driver:
        level = self.race.players[player].seat
        driver = self._drivers.get(player)
        if driver is None or driver.level != level.value:
            driver = make_driver(level, random.Random(self._rng.getrandbits(64)))
            self._drivers[player] = driver
        return driver

    # Messages out ----------------------------------------------------------------------

    def _welcome(self, connection: _Connection) -> Welcome:
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
        found = []
        for p, seat in enumerate(self._seats):
            if self.race.players[p].seat.is_bot:
                found.append(PresenceWire(kind="bot"))
            elif self._holder(p) is not None:
                found.append(PresenceWire(kind="here"))
            elif seat.away_until is not None:
                found.append(PresenceWire(kind="away", left=max(0.0, seat.away_until - now)))
            else:
                found.append(PresenceWire(kind="waiting"))
        return found

    def _presence_message(self) -> PresenceMessage:
        return PresenceMessage(presence=self._presence())

    def _send(self, connection: _Connection, message: Refused | Pong) -> None:
        """An answer to this connection alone, at once (it tells nothing of the race)."""
        self._put(connection, dump(message))

    def _broadcast(self, message: ActionWire | Seats | PresenceMessage | Over) -> None:
        self._tell(message, tuple(self._connections))

    def _tell(
        self,
        message: Welcome | ActionWire | Seats | PresenceMessage | Over,
        targets: tuple[_Connection, ...],
    ) -> None:
        """Tell ``targets`` once the race as it is now is saved (at once without saving)."""
        frame = dump(message)
        if self._save is None:
            for connection in targets:
                self._put(connection, frame)
            return
        self._held.append((frame, targets))
        self._said.set()

    def _put(self, connection: _Connection, frame: str) -> None:
        if connection.queue.qsize() > MAX_BEHIND:
            log.warning("a client fell %d messages behind; closing it", MAX_BEHIND)
            self._connections.discard(connection)
            connection.queue.put_nowait(None)
            return
        connection.queue.put_nowait(frame)

    async def _write(self, connection: _Connection) -> None:
        """Send a connection's frames in order; ``None`` closes it."""
        ws = connection.ws
        try:
            while (frame := await connection.queue.get()) is not None:
                await ws.send(frame)
        except ConnectionClosed:
            return
        await ws.close()


async def _refuse_and_close(ws: ServerConnection, code: str, **params: Param) -> None:
    with contextlib.suppress(ConnectionClosed):
        await ws.send(dump(Refused(code=code, params=params)))
        await ws.close(1008 if code == "net.bad_code" else 1000)


def _addresses(host: str, port: int) -> tuple[str, ...]:
    """Addresses to join a server listening on ``host``: this machine's address on the
    local network first (found without sending anything), then the loopback."""
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
    found.append("127.0.0.1")
    return tuple(f"{address}:{port}" for address in found)


__all__ = ["DEFAULT_PORT", "Invitation", "RaceServer", "thinker"]

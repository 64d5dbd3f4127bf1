"""A screen's connection to a shared race: a mirror of the host's race, kept by the engine.

:meth:`RaceClient.join` connects, says hello with the code, and builds the mirror from the
host's welcome: the record's header (without the seed) and every action so far, replayed
through the engine. Each action the host sends after that is applied to the mirror the
same way, so the mirror is always the host's race (the client never rolls: its seed is 0
until the end, when the host's record, with the seed, replaces it). A client that loses its
line reconnects by itself with its token (a bounded backoff), and is sent the race afresh.
What each message makes of the mirror is :mod:`.mirror`'s; this is the line to the host.

Every listener callback runs on the event loop that called :meth:`RaceClient.join`
(Textual's, in the app), never from a thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Protocol

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from monza_tui.engine import Action, Roll
from monza_tui.engine import action_text as text_of
from monza_tui.errors import UserError, clip, said
from monza_tui.files import cannot_read
from monza_tui.limits import name_problem
from monza_tui.net.invitation import code_in
from monza_tui.net.mirror import (
    FAIR,
    HASH,
    explained,
    finished,
    mirror,
    played,
    presence_of,
    rolls_of,
    seat_changed,
)
from monza_tui.net.protocol import (
    MAX_HOST_FRAME,
    MAX_TOKEN_CHARS,
    PROTOCOL,
    Act,
    ActionWire,
    Hand,
    Hello,
    Over,
    Pong,
    Presence,
    PresenceMessage,
    ProtocolError,
    Refused,
    RollDice,
    Seats,
    Welcome,
    dump,
    parse_host,
)
from monza_tui.record import Race
from monza_tui.seats import SeatKind

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
CONNECT_TIMEOUT = 10.0
"""Seconds to reach the host and be welcomed."""
BACKOFF = (0.2, 0.5, 1.0, 2.0, 4.0)
"""Pauses between attempts to reconnect (the last repeats)."""
RETRY_FOR = 300.0
"""Seconds a client keeps trying to reconnect before it gives up (``net.lost``)."""
FINAL_CODES = frozenset({"net.bad_code", "net.version", "net.full"})
"""Refusals of a hello that no retry will change. (A relay's ``relay.host_away`` is not
one: the race's host is coming back to the relay, or the relay has just restarted.)"""
SEED_CHANGED = "net.seed_changed"
"""Said when a welcome after a reconnection (a host resumed, or another program at the
address) commits to another seed than the first welcome did: the client leaves."""
GAVE_UP = frozenset({"net.lost", SEED_CHANGED})
"""What the client says when it has stopped for good (no line, no retry)."""


class JoinError(UserError):
    """Joining failed: the host cannot be reached, or refused (one worded line)."""


class Wire(Protocol):
    """What a client needs of its line: a websocket, or the host's own memory line."""

    async def send(self, frame: str, /) -> None: ...

    async def recv(self) -> str | bytes: ...

    def __aiter__(self) -> AsyncIterator[str | bytes]: ...

    async def close(self) -> None: ...


Dial = Callable[[], Awaitable[Wire]]
"""Opens a new line to the host without a network (``RaceServer.dial``)."""


class ClientListener(Protocol):
    """What a screen hears from its :class:`RaceClient` (on the event loop)."""

    def race_changed(self, race: Race, action: Action | None) -> None:
        """The mirror changed: ``action`` was played, or (None) seats changed hands or the
        race was sent afresh after a reconnection."""

    def presence_changed(self, presence: Mapping[int, Presence]) -> None:
        """Who is here, away (and until when), waiting to join, or a computer driver."""

    def refused(self, code: str, params: Mapping[str, object]) -> None:
        """The host refused something this client sent (``wording.word`` says it)."""

    def connection_changed(self, connected: bool) -> None:
        """The line to the host was lost (the client retries by itself) or is back."""

    def race_over(self, record_text: str) -> None:
        """The race is over: the host's record, with the seed, to save or download."""


def ws_uri(address: str) -> str:
    """The websocket URI of ``address``: ``HOST:PORT``, ``HOST`` (port 8765),
    ``[::1]:8765`` or a ``ws://`` URI. :class:`JoinError` for anything else."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    host, port = address, DEFAULT_PORT
    if address.startswith("["):
        close = address.find("]")
        if close < 0:
            raise _bad_address(address)
        host, rest = address[: close + 1], address[close + 1 :]
        if rest:
            if not rest.startswith(":"):
                raise _bad_address(address)
            port = _port(rest[1:], address)
    elif address.count(":") == 1:
        host, port_text = address.split(":")
        port = _port(port_text, address)
    elif ":" in address:
        host = f"[{address}]"  # a bare IPv6 address
    if not host or any(c.isspace() or c in "/?#@" for c in host):
        raise _bad_address(address)
    return f"ws://{host}:{port}"


def _bad_address(address: str) -> JoinError:
    """The refusal of an address that is none, quoting it cut (the example still shows)."""
    return JoinError(code="net.bad_address", address=clip(address, 80))


def _port(text: str, address: str) -> int:
    # (ASCII digits only: "¹" is a digit to isdigit() but no number to int())
    if not (text.isascii() and text.isdigit() and len(text) <= 5) or not 0 < int(text) < 65536:
        raise _bad_address(address)
    return int(text)


class RaceClient:
    """One connection to a host: the mirror race, the seats driven here, presence."""

    race: Race
    seats: frozenset[int]
    presence: Mapping[int, Presence]
    seed_hash: str
    token: str

    def __init__(
        self,
        address: str,
        code: str | None,
        listener: ClientListener,
        *,
        name: str | None = None,
        watch: bool = False,
        token: str | None = None,
        dial: Dial | None = None,
    ) -> None:
        self.address = address
        code = code or code_in(address.strip())
        if code is None:
            raise JoinError(code="net.no_code", address=clip(address, 80))
        self.code = code
        self.listener = listener
        self.name = name
        self.watch = watch
        self.token = token or ""
        self.seats = frozenset()
        self.presence = {}
        self.seed_hash = ""
        self.is_host = False
        """Whether this is the host's own terminal (it may hand seats to other drivers)."""
        self.connected = False
        self.record_text: str | None = None
        """The host's record once the race is over."""
        self.seed: int | None = None
        """The seed, published by the host at the end."""
        self.dice_check: str | None = None
        """The end's check of the host's word (:func:`.mirror.finished`): ``FAIR``
        (``net.dice_fair``) or the code of what failed; None before the end."""
        if name is not None and (problem := name_problem(name)) is not None:
            raise JoinError(problem)
        if len(self.token) > MAX_TOKEN_CHARS:
            self.token = ""  # no token of ours: join as new
        self._dial = dial
        self._uri = "" if dial is not None else ws_uri(address)
        self._seq = 0
        self._ws: Wire | None = None
        self._task: asyncio.Task[None] | None = None
        self._outbox: list[str] = []
        self._writer: asyncio.Task[None] | None = None
        self._closing = False
        self._rolls: dict[int, Roll] = {}
        """Every roll told so far, by its place among the race's rolls, as first told
        (a race sent afresh that says otherwise does not overwrite it: the end's check
        compares these with the record)."""
        self._roll_count = 0
        self._gave_up = False

    # Joining ---------------------------------------------------------------------------

    @classmethod
    async def join(
        cls,
        address: str,
        code: str | None,
        listener: ClientListener,
        *,
        name: str | None = None,
        watch: bool = False,
        token: str | None = None,
        dial: Dial | None = None,
    ) -> RaceClient:
        """Connect to the host at ``address`` with ``code`` (None: the code a relay's URL
        holds) and take exactly the seat of ``name`` (without a name, the one free remote
        seat), or watch (``watch``); ``token``: the host's or a seat's token; ``dial``:
        the host's own line in memory instead of ``address``. :class:`JoinError` (one
        worded line) if it cannot, a seat taken or unknown too (a relay whose host is
        away: ``relay.host_away``)."""
        client = cls(address, code, listener, name=name, watch=watch, token=token, dial=dial)
        try:
            welcome = await client._connect()
        except Refusal as refusal:
            raise JoinError(code=refusal.code, **refusal.params) from None
        try:
            client._welcomed(welcome, first=True)
        except JoinError:
            if client._ws is not None:
                await client._ws.close()
            raise
        client._task = asyncio.create_task(client._run())
        return client

    async def _connect(self) -> Welcome:
        """Open the line and be welcomed; :class:`Refusal` or :class:`JoinError`."""
        ws: Wire
        try:
            ws = await self._dial() if self._dial is not None else await asyncio.wait_for(
                connect(self._uri, max_size=MAX_HOST_FRAME, open_timeout=CONNECT_TIMEOUT,
                        ping_interval=20, ping_timeout=20, close_timeout=2),
                CONNECT_TIMEOUT,
            )
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
            raise JoinError(
                code="net.cannot_connect", address=clip(self.address, 80), why=_why(error)
            ) from None
        except ValueError:  # (what only the connection finds out: "1.2:3:4" is no address)
            raise _bad_address(self.address) from None
        try:
            hello = Hello(version=PROTOCOL, code=self.code[:16], name=self.name,
                          token=self.token or None, watch=self.watch)
            with contextlib.suppress(ConnectionClosed):  # (a relay may answer a guest
                await ws.send(dump(hello))  # before it reads the hello: read its refusal)
            first = parse_host(await asyncio.wait_for(ws.recv(), CONNECT_TIMEOUT))
        except (ConnectionClosed, TimeoutError, ProtocolError) as error:
            await ws.close()
            raise JoinError(
                code="net.cannot_connect", address=clip(self.address, 80), why=_why(error)
            ) from None
        if isinstance(first, Refused):
            await ws.close()
            raise Refusal(first.code, dict(first.params))
        if not isinstance(first, Welcome):
            await ws.close()
            raise JoinError(code="net.bad_welcome")
        self._ws = ws
        return first

    def _welcomed(self, welcome: Welcome, *, first: bool) -> None:
        """Build the mirror from a welcome (the first, or after a reconnection). The
        first pins the seed's hash; a later one with another is :class:`SeedChanged`."""
        seed_hash = welcome.header.get("seed_hash")
        if first and not (isinstance(seed_hash, str) and HASH.fullmatch(seed_hash)):
            raise JoinError(code="net.bad_welcome")
        if not first and seed_hash != self.seed_hash:
            raise SeedChanged
        try:
            race = mirror(welcome)
        except ValueError:
            raise JoinError(code="net.bad_welcome") from None
        if any(p >= len(race.players) for p in welcome.seats):
            raise JoinError(code="net.bad_welcome")
        if first:
            self.seed_hash = str(seed_hash)
        rolls = rolls_of(race)
        for place, roll in enumerate(rolls):
            self._rolls.setdefault(place, roll)
        self._roll_count = len(rolls)
        self.race = race
        self._seq = len(welcome.actions)
        self.seats = frozenset(welcome.seats)
        self.token = welcome.token
        self.is_host = welcome.host
        if self.seats and not self.is_host and self.name is None:
            # Back after a host restart (tokens are not saved): ask for the seat by name.
            self.name = self.race.players[min(self.seats)].name
        self.presence = presence_of(welcome.presence)
        self._outbox.clear()  # asked of a race that has moved on: stale now
        self.connected = True
        if not first:
            self.listener.race_changed(self.race, None)
            self.listener.presence_changed(self.presence)
            self.listener.connection_changed(True)

    # Sending ---------------------------------------------------------------------------

    @property
    def seq(self) -> int:
        """How many actions of the race this client has seen."""
        return self._seq

    def drives(self, player: int) -> bool:
        """Whether a person at this client chooses ``player``'s actions now."""
        return player in self.seats and not self.race.players[player].seat.is_bot

    def act(self, action: Action) -> None:
        """Send an action of a seat driven here; the answer is ``race_changed`` (the
        host's broadcast) or ``refused``."""
        self._send(Act(seq=self._seq, action=text_of(self.race.game.board, action)))

    def roll(self) -> None:
        """Ask the host to roll the dice due for a seat driven here."""
        self._send(RollDice(seq=self._seq))

    def hand_seat(self, player: int, seat: SeatKind) -> None:
        """The host's terminal only: hand ``player``'s car to ``seat``."""
        self._send(Hand(seq=self._seq, player=player, seat=seat))

    def _send(self, message: Act | RollDice | Hand) -> None:
        """Queue a frame; one writer sends them in order."""
        if self._ws is None or not self.connected:
            self.listener.refused("net.offline", {})
            return
        self._outbox.append(dump(message))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        while self._outbox and self._ws is not None:
            frame = self._outbox.pop(0)
            with contextlib.suppress(ConnectionClosed):
                await self._ws.send(frame)

    async def close(self) -> None:
        """Leave the race (the seat's grace starts on the host)."""
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    # Receiving -------------------------------------------------------------------------

    async def _run(self) -> None:
        while not self._closing:
            ws = self._ws
            assert ws is not None
            try:
                async for frame in ws:
                    try:
                        self._receive(frame)
                    except Exception as error:  # a listener's bug: said, and the mirror goes on
                        asyncio.get_running_loop().call_exception_handler(
                            {"message": "a RaceClient listener failed", "exception": error}
                        )
            except ConnectionClosed:
                pass
            if self._closing or self.record_text is not None:
                return
            self.connected = False
            self.listener.connection_changed(False)
            if self._gave_up or not await self._reconnect():
                return

    async def _reconnect(self) -> bool:
        """Try again and again (bounded); False when giving up (said as ``net.lost``)."""
        deadline = time.monotonic() + RETRY_FOR
        attempt = 0
        while not self._closing and time.monotonic() < deadline:
            await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
            attempt += 1
            try:
                welcome = await self._connect()
            except Refusal as refusal:
                if refusal.code in FINAL_CODES:
                    self.listener.refused(refusal.code, refusal.params)
                    return False
                continue
            except JoinError:
                continue
            try:
                self._welcomed(welcome, first=False)
            except SeedChanged:
                if self._ws is not None:
                    await self._ws.close()
                self._give_up()
                return False
            except JoinError:  # a race this version cannot read: try again
                if self._ws is not None:
                    await self._ws.close()
                continue
            return True
        if not self._closing:
            self.listener.refused("net.lost", {})
        return False

    def _receive(self, frame: str | bytes) -> None:
        try:
            message = parse_host(frame)
        except ProtocolError as error:
            log.warning("unreadable message from the host: %s", error.code)
            return
        if isinstance(message, ActionWire):
            self._action(message)
        elif isinstance(message, Seats):
            self._seat_change(message)
        elif isinstance(message, PresenceMessage):
            self.presence = presence_of(message.presence)
            self.listener.presence_changed(self.presence)
        elif isinstance(message, Refused):
            self.listener.refused(*explained(self.race, message))
        elif isinstance(message, Over):
            self._over(message)
        elif isinstance(message, Welcome):
            try:
                self._welcomed(message, first=False)
            except SeedChanged:
                self._give_up()
                if self._ws is not None:
                    asyncio.get_running_loop().create_task(self._ws.close())
        elif not isinstance(message, Pong):  # pragma: no cover - every type is above
            log.warning("unexpected message %s", message.type)

    def _action(self, message: ActionWire) -> None:
        found = played(self.race, self._seq, message)
        if found is None:
            self._resync()
            return
        self.race, action = found
        self._seq += 1
        if isinstance(action, Roll):
            self._rolls.setdefault(self._roll_count, action)
            self._roll_count += 1
        self.listener.race_changed(self.race, action)

    def _seat_change(self, message: Seats) -> None:
        race = seat_changed(self.race, self._seq, message)
        if race is None:
            self._resync()
            return
        self.race = race
        self.listener.race_changed(self.race, None)

    def _over(self, message: Over) -> None:
        if self.record_text is not None:
            return  # (told once: the check was made)
        self.race, self.dice_check = finished(self.race, message, self.seed_hash, self._rolls)
        if self.dice_check != FAIR:
            log.warning("the host's word failed the end's check: %s", self.dice_check)
            self.listener.refused(self.dice_check, {})
        self.seed = message.seed
        self.record_text = message.record
        self.listener.race_over(message.record)

    def _resync(self) -> None:
        """The mirror is out of step with the host (never expected): be sent the race
        afresh by reconnecting."""
        log.warning("out of step with the host; reconnecting")
        if self._ws is not None:
            asyncio.get_running_loop().create_task(self._ws.close())


    def _give_up(self) -> None:
        """Stop for good: the host now commits to another seed than when this client
        joined, so the race it would go on with is not the one it promised (said once, as
        :data:`SEED_CHANGED`; no retry)."""
        log.warning("the host's seed hash changed; leaving the race")
        self._gave_up = True
        self.connected = False
        self.listener.refused(SEED_CHANGED, {})


class SeedChanged(Exception):
    """A welcome after the first commits to another seed (see :meth:`RaceClient._give_up`)."""


class Refusal(Exception):
    """The host refused a hello: its code and values."""

    def __init__(self, code: str, params: dict[str, object]) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def _why(error: BaseException) -> object:
    """Why a connection failed, as a sentence for ``net.cannot_connect``."""
    if isinstance(error, ConnectionRefusedError):
        return said("net.refused_line")
    if isinstance(error, TimeoutError):
        return said("net.timeout")
    if isinstance(error, socket.gaierror):  # (the system's words would be English)
        return said("net.no_such_host")
    if isinstance(error, OSError):
        return cannot_read(error)
    if isinstance(error, InvalidHandshake):  # (a web server, a proxy: no websocket of ours)
        return said("net.not_a_host")
    return said("worded", text=type(error).__name__)


__all__ = ["GAVE_UP", "SEED_CHANGED", "ClientListener", "JoinError", "RaceClient", "mirror",
           "ws_uri"]

"""The relay's websocket server: hosts register races over their uplink, guests join them,
and frames pass along (docs/relay.md, "The wire contract").

The relay reads no move and decides nothing: a guest's frame goes to its host tagged with
the guest's id, and the host's frame for a guest goes to that guest as a text frame. It
answers by itself only what no host can (an unknown code, a host away, a full race) and
keeps every bound of :mod:`.limits`.

Every line ends through one path: a guest's in :meth:`Relay._guest`'s ``finally`` (its
host is told ``gone``), an uplink's in :meth:`Relay._host`'s (its guests are closed, the
race waits ``--expire`` for its host). No handler raises: the last resort logs one line.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import ssl
from collections import deque
from collections.abc import Coroutine
from dataclasses import dataclass, field, replace
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from monza_tui.net.guesses import TOO_MANY, Guesses
from monza_tui.net.protocol import Param, Refused, dump
from monza_tui.relay import limits as L
from monza_tui.relay import wire
from monza_tui.relay.door import Door
from monza_tui.relay.frames import VERSION, addressed, read_close, read_register, route
from monza_tui.relay.group import Group
from monza_tui.relay.logs import Log
from monza_tui.relay.metrics import Metrics
from monza_tui.relay.registry import RaceEntry, RegisterRefused, Registry

HOST_AWAY = "relay.host_away"
HOST_DROPPED = "the host's line to the relay dropped"
"""The reason of the 1012 that closes a race's guests when its uplink ends."""

_quiet = logging.getLogger("monza_tui.relay.websockets")
_quiet.addHandler(logging.NullHandler())
_quiet.propagate = False  # the relay logs its own JSON lines; websockets' are not those


@dataclass(eq=False)
class _Uplink:
    ws: ServerConnection
    ready: bool = False
    """Registered and told so: guests may join."""


@dataclass(eq=False)
class _Guest:
    id: int
    ws: ServerConnection
    uplink: _Uplink
    rate: L.Rate
    queue: deque[bytes | memoryview | int] = field(default_factory=deque)
    """Frames for the guest, and (an int) the close code the host asked for last."""
    queued: int = 0
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    cut: bool = False
    sending: bool = False  # (a queued frame is being sent: none may overtake it)


class Relay:
    """One relay process's server."""

    def __init__(self, limits: L.Limits | None = None, *, group: Group | None = None,
                 trust_proxy: str | None = None, log: Log | None = None) -> None:
        limits = self.limits = limits or L.Limits()
        self.group = group
        self.log = log or Log()
        self.metrics = Metrics()
        self.registry: Registry[_Uplink, _Guest] = Registry(
            max_races=limits.max_races, expire=limits.expire)
        self.guesses = Guesses(per_address=L.GUESSES_PER_ADDRESS, overall=L.GUESSES_OVERALL)
        self.registers = Guesses(
            per_address=replace(L.REGISTERS_PER_ADDRESS, burst=limits.registers_per_address),
            overall=L.REGISTERS_OVERALL)
        self.door = Door(trust_proxy, max_connections=limits.max_connections,
                         per_address=limits.per_address)
        self._queued = 0
        self._started = 0.0
        self._stopping = False
        self._server: Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    # Starting and stopping -------------------------------------------------------------

    async def start(self, host: str | None, port: int,
                    tls: ssl.SSLContext | None = None) -> list[tuple[str, int]]:
        """Listen on ``host``:``port``: where it listens (a port 0 resolved)."""
        self._started = asyncio.get_running_loop().time()
        self._server = await serve(
            self._handler, host, port, ssl=tls, process_request=self._process_request,
            max_size=L.UPLINK_FRAME, max_queue=8, open_timeout=L.HANDSHAKE_TIMEOUT,
            ping_interval=20, ping_timeout=20, close_timeout=2, logger=_quiet,
            create_connection=self._capped(), server_header=None,
            # (no deflate: compressing each small frame again for each guest was a seventh
            # of the relay's time under load, benchmarks/relay_load.py)
            compression=None,
        )
        self._spawn(self._sweeping())
        places = [sock.getsockname()[:2] for sock in self._server.sockets]
        return [(str(h), int(p)) for h, p in places]

    async def stop(self) -> None:
        """Stop accepting, close every line with 1001 (clients and hosts come back by
        themselves, to this relay restarted or another), and wait for the handlers."""
        self._stopping = True
        for task in list(self._tasks):
            task.cancel()
        if self._server is not None:
            self._server.close(close_connections=True)
            await self._server.wait_closed()
        self.registry.forget_all()

    def _capped(self) -> type[ServerConnection]:
        """The connection class that drops a socket before reading it when far more are
        open than ``--max-connections`` (past :data:`~.limits.TCP_SLACK`: below it, the
        line is told ``net.full`` in words), or from its address than ``--per-address``
        (past :data:`~.limits.ADDRESS_SLACK` times it: sockets that never open their
        websocket count too)."""
        most = self.limits.max_connections + L.TCP_SLACK
        door = self.door

        class Capped(ServerConnection):
            counted: str | None = None

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                peer = transport.get_extra_info("peername")
                self.counted = door.socket_in(str(peer[0]) if peer else "")
                if self.counted is None or len(self.server.handler_tasks) > most:
                    self.transport.abort()

            def connection_lost(self, exc: Exception | None) -> None:
                super().connection_lost(exc)
                if self.counted is not None:
                    door.socket_out(self.counted)
                    self.counted = None

        return Capped

    async def _sweeping(self) -> None:
        """Forget expired races now and then (they are also forgotten when looked up)."""
        every = max(0.05, min(self.limits.expire / 2, 30.0))
        while True:
            await asyncio.sleep(every)
            for race in self.registry.sweep():
                self.log.info("race_expired", race=race.number)

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # HTTP ------------------------------------------------------------------------------

    def _process_request(self, connection: ServerConnection,
                         request: Request) -> Response | None:
        """The plain HTTP answers: /healthz, /metrics, 404, and a code another relay of
        the group holds (307). A guest's line reads frames of 8 KiB at most from here on
        (set before the handshake ends, so no early frame slips past)."""
        path = request.path.partition("?")[0]
        if path == "/healthz":
            return connection.respond(200, "ok\n")
        if path == "/metrics":
            response = connection.respond(200, self.render_metrics())
            del response.headers["Content-Type"]
            response.headers["Content-Type"] = "text/plain; version=0.0.4; charset=utf-8"
            return response
        where = route(path)
        if where is None:
            return connection.respond(404, "not found\n")
        kind, code = where
        url = self.group.elsewhere(code) if self.group is not None else None
        if url is not None:
            response = connection.respond(307, "")
            response.headers["Location"] = url + request.path
            return response
        if kind == "guest":
            connection.protocol.max_message_size = L.GUEST_FRAME
        return None

    def render_metrics(self) -> str:
        self.registry.sweep()
        return self.metrics.render(races=len(self.registry), hosts=self.door.open["host"],
                                   guests=self.door.open["guest"], expired=self.registry.expired)

    # Lines -----------------------------------------------------------------------------

    async def _handler(self, ws: ServerConnection) -> None:
        try:
            where = route(ws.request.path if ws.request is not None else "")
            if where is None:  # (process_request answered it)
                return
            kind, code = where
            address = self.door.address(ws)
            most = self.door.room(address)
            if most:
                if kind == "host":
                    await self._refuse(ws, "relay.full", "relay_full", most=most)
                else:
                    await self._refuse(ws, "net.full", "full", close=1000, most=most)
                return
            with self.door.counted(kind, address):
                if kind == "host":
                    await self._host(ws, code, address)
                else:
                    await self._guest(ws, code, address)
        except Exception as error:  # the last resort: one line, never a raise
            with contextlib.suppress(Exception):
                self.log.error("handler_failed", error=type(error).__name__)
                ws.transport.abort()

    async def _refuse(self, ws: ServerConnection, code: str, reason: str, *,
                      close: int = 1008, **params: Param) -> None:
        """The game's refusal frame, then close (as the host does: 1008 for a wrong code
        and for every refusal of an uplink, else 1000)."""
        self.metrics.refused(reason)
        with contextlib.suppress(ConnectionClosed):
            await ws.send(dump(Refused(code=code, params=params)))
            await ws.close(close)

    async def _first(self, ws: ServerConnection, late: str | None = None) -> str | bytes | None:
        """The line's first frame, None when it closed or was too slow (then closed, after
        the refusal ``late`` when given)."""
        try:
            return await asyncio.wait_for(ws.recv(), self.limits.first_frame_timeout)
        except TimeoutError:
            if late is not None:
                await self._refuse(ws, late, "timeout")
            else:
                self.metrics.refused("timeout")
                with contextlib.suppress(ConnectionClosed):
                    await ws.close(1008, "too slow")
            return None
        except ConnectionClosed as closed:
            self._closed(closed)
            return None

    def _closed(self, closed: ConnectionClosed) -> None:
        if closed.sent is not None and closed.sent.code == 1009:
            self.metrics.refused("too_big")

    # A host's uplink -------------------------------------------------------------------

    async def _host(self, ws: ServerConnection, code: str, address: str) -> None:
        first = await self._first(ws, late="relay.bad_register")
        if first is None:
            return
        register = read_register(first)
        if isinstance(register, int):
            await self._refuse(ws, "relay.version", "version", theirs=register, ours=VERSION)
            return
        if register is None:
            await self._refuse(ws, "relay.bad_register", "bad_register")
            return
        wait = self.registers.wait(address)
        if wait > 0:
            await self._refuse(ws, "relay.too_many", "register_too_many",
                               seconds=math.ceil(wait))
            return
        self.registers.spend(address)
        uplink = _Uplink(ws)
        try:
            race, old = self.registry.register(code, register, uplink)
        except RegisterRefused as refused:
            reason = refused.why.value.partition(".")[2]
            self.log.info("register_refused", reason=reason, address=address)
            await self._refuse(ws, refused.why.value, reason,
                               **({"most": self.limits.max_races} if reason == "full" else {}))
            return
        if old is not None:  # the same host on a new line: the old line and its guests go
            self._drop_guests(race, "the host is on a new line")
            self._spawn(_close(old.ws, 1001, "the host is on a new line"))
        self.log.info("race_registered", race=race.number, address=address,
                      again=old is not None or race.last_id > 0)
        try:
            await ws.send(json.dumps({"type": "registered",
                                      "guests": self.limits.guests_per_race}))
            uplink.ready = True
            await self._uplink(ws, race)
        except ConnectionClosed as closed:
            self._closed(closed)
        finally:
            uplink.ready = False
            guests = list(race.guests.values())
            if self.registry.host_left(race, uplink):
                self.log.info("host_left", race=race.number, guests=len(guests))
                if not self._stopping:
                    for guest in guests:
                        self._stop_guest(guest, 1012, HOST_DROPPED)

    async def _uplink(self, ws: ServerConnection, race: RaceEntry[_Uplink, _Guest]) -> None:
        """The host's frames, until its line ends: to a guest, or a guest to close."""
        loop = asyncio.get_running_loop()
        rate = L.Rate(*self.limits.uplink_rate, loop.time())
        async for frame in ws:
            if not rate.take(loop.time()):
                self.metrics.refused("too_fast")
                self.log.warning("uplink_too_fast", race=race.number)
                await ws.close(1008, "too many frames")
                return
            if isinstance(frame, bytes):
                built: bytes | None = None  # (the frame's bytes, built once for all)
                short = wire.short_way()
                for ident, payload in addressed(frame):
                    guest = race.guests.get(ident)
                    if guest is None or guest.cut:
                        continue
                    if short and not guest.queue and not guest.sending:
                        built = built or wire.text_frame(payload)
                        if wire.write_now(guest.ws, built):
                            self.metrics.to_guest += 1
                            continue
                    self._to_guest(guest, payload)
                continue
            asked = read_close(frame)
            if asked is None:
                self.log.warning("uplink_bad_frame", race=race.number)
                continue
            guest = race.guests.get(asked[0])
            if guest is not None and not guest.cut:
                guest.queue.append(asked[1])
                guest.wake.set()

    # A guest ---------------------------------------------------------------------------

    async def _guest(self, ws: ServerConnection, code: str, address: str) -> None:
        wait = self.guesses.wait(address)
        if wait > 0:  # (the code is not looked up: a right guess now would tell)
            await self._refuse(ws, TOO_MANY, "too_many", close=1000, seconds=math.ceil(wait))
            return
        race = self.registry.find(code)
        if race is None:
            self.guesses.spend(address)
            await asyncio.sleep(self.limits.wrong_code_pause)
            if asyncio.get_running_loop().time() - self._started < self.limits.settle:
                await self._refuse(ws, HOST_AWAY, "host_away", close=1000)
            else:
                self.log.info("bad_code", address=address)
                await self._refuse(ws, "net.bad_code", "bad_code")
            return
        if not await self._joinable(race, ws):
            return
        first = await self._first(ws)
        if first is None or not await self._joinable(race, ws):
            return
        uplink = race.uplink
        assert uplink is not None  # (_joinable)
        loop = asyncio.get_running_loop()
        guest = _Guest(race.new_id(), ws, uplink, L.Rate(*self.limits.guest_rate, loop.time()))
        race.guests[guest.id] = guest
        sender = asyncio.get_running_loop().create_task(self._sending(guest))
        self.log.info("guest_joined", race=race.number, guest=guest.id, address=address)
        try:
            await uplink.ws.send(json.dumps({"type": "open", "id": guest.id,
                                             "address": address}))
            await self._from_guest(guest, first)
            async for frame in ws:
                if not await self._from_guest(guest, frame):
                    break
        except ConnectionClosed as closed:
            self._closed(closed)
        finally:
            sender.cancel()
            self._release(guest)
            if race.guests.get(guest.id) is guest:
                del race.guests[guest.id]
                if uplink.ready and race.uplink is uplink:
                    self._spawn(_send(uplink.ws, json.dumps({"type": "gone", "id": guest.id})))
            self.log.info("guest_left", race=race.number, guest=guest.id)

    async def _joinable(self, race: RaceEntry[_Uplink, _Guest], ws: ServerConnection) -> bool:
        """Whether a guest may join ``race`` now (asked again after its first frame: the
        host may have left meanwhile); else it is refused and closed."""
        uplink = race.uplink
        if uplink is None or not uplink.ready or self.registry.find(race.code) is not race:
            await self._refuse(ws, HOST_AWAY, "host_away", close=1000)
            return False
        if len(race.guests) >= self.limits.guests_per_race:
            await self._refuse(ws, "net.full", "full", close=1000,
                               most=self.limits.guests_per_race)
            return False
        return True

    async def _from_guest(self, guest: _Guest, frame: str | bytes) -> bool:
        """Pass a guest's frame to its host; False when the guest was closed instead (a
        binary frame, too many frames)."""
        ws = guest.ws
        if not isinstance(frame, str):
            self.metrics.refused("not_text")
            await ws.close(1003, "text frames only")
            return False
        if not guest.rate.take(asyncio.get_running_loop().time()):
            self.metrics.refused("too_fast")
            await ws.close(1008, "too many frames")
            return False
        with contextlib.suppress(ConnectionClosed):  # (the uplink's end closes the guest)
            await guest.uplink.ws.send(guest.id.to_bytes(4, "big") + frame.encode())
            self.metrics.to_host += 1
        return True

    def _to_guest(self, guest: _Guest, frame: memoryview) -> None:
        """Queue the host's frame for ``guest``: a guest too far behind is cut off, never
        holding the uplink's reader."""
        if guest.cut:
            return
        size = len(frame)
        if (len(guest.queue) >= self.limits.guest_queue_frames
                or guest.queued + size > self.limits.guest_queue_bytes
                or self._queued + size > self.limits.queued_bytes):
            self.metrics.refused("behind")
            self._stop_guest(guest, 1008, "fell behind")
            return
        guest.queue.append(frame)
        guest.queued += size
        self._queued += size
        guest.wake.set()

    async def _sending(self, guest: _Guest) -> None:
        """The guest's frames, in order, as text; a close the host asked for after them."""
        try:
            while True:
                while not guest.queue:
                    guest.wake.clear()
                    await guest.wake.wait()
                item = guest.queue.popleft()
                if isinstance(item, int):
                    await guest.ws.close(item)
                    return
                guest.queued -= len(item)
                self._queued -= len(item)
                guest.sending = True  # (no frame goes the short way past this one)
                try:
                    await guest.ws.send(item, text=True)
                finally:
                    guest.sending = False
                self.metrics.to_guest += 1
        except ConnectionClosed:
            pass

    def _release(self, guest: _Guest) -> None:
        """Forget what waits for ``guest`` (its bytes no longer count)."""
        self._queued -= guest.queued
        guest.queued = 0
        guest.queue.clear()

    def _stop_guest(self, guest: _Guest, code: int, reason: str) -> None:
        guest.cut = True
        self._release(guest)
        self._spawn(_close(guest.ws, code, reason))

    def _drop_guests(self, race: RaceEntry[_Uplink, _Guest], reason: str) -> None:
        for guest in list(race.guests.values()):
            self._stop_guest(guest, 1012, reason)
        race.guests.clear()


async def _close(ws: ServerConnection, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        await ws.close(code, reason)


async def _send(ws: ServerConnection, text: str) -> None:
    with contextlib.suppress(Exception):
        await ws.send(text)


__all__ = ["HOST_AWAY", "VERSION", "Relay", "route"]

"""The host's uplink to a relay (``monza host --relay URL``; the contract: docs/relay.md).

The host connects out to ``{relay}/host/{code}`` and registers its race with its key; the
relay then tells of each guest that connects (``open``), passes the guest's frames in
binary frames (4 bytes of the guest's id, then the frame), and says when a guest's line
ended (``gone``). Each guest is a :class:`RelayedLine` the server serves as any other
line (``RaceServer.serve_line``): the server never knows a relay is there. When the uplink
drops, every relayed line ends (their people go through the grace and the stand-in as on a
home network), and the uplink connects and registers again by itself, with the same code
and key, for as long as the race runs; the guests come back by themselves.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from monza_tui.net.fanout import ID_BYTES, Fanout
from monza_tui.net.lines import Frame, Inbox, Line, closed
from monza_tui.net.protocol import MAX_CLIENT_FRAME, MAX_HOST_FRAME

log = logging.getLogger(__name__)

VERSION = 1
"""The uplink's version of the contract (docs/relay.md)."""
BACKOFF = (0.2, 0.5, 1.0, 2.0, 4.0)
"""Pauses between attempts to reach the relay again (the last repeats)."""
CONNECT_TIMEOUT = 10.0
"""Seconds to reach the relay and be answered."""
MAX_WAITING = 256
"""Frames of one guest waiting to be read by the server; a guest further ahead is cut off."""
FINAL = frozenset({"relay.taken", "relay.version", "relay.bad_register"})
"""Refusals of a register that no retry changes: the uplink stops and the host says so."""
CONNECTED = "relay.connected"
UNREACHABLE = "relay.unreachable"


@dataclass(frozen=True)
class RelayStatus:
    """Where the uplink stands, as a code of the wording layer: :data:`CONNECTED`,
    :data:`UNREACHABLE` (trying again), or the relay's refusal (``relay.full``,
    ``relay.too_many`` while retrying; ``final`` ones stop the uplink)."""

    code: str
    params: dict[str, object] = field(default_factory=dict)

    @property
    def final(self) -> bool:
        return self.code in FINAL

    @property
    def connected(self) -> bool:
        return self.code == CONNECTED


def host_url(relay: str, code: str) -> str:
    """Where the host registers ``code`` on ``relay``."""
    return f"{relay.rstrip('/')}/host/{code}"


class RelayedLine:
    """A guest of the relay, as a :class:`~monza_tui.net.lines.Line` of the server."""

    def __init__(self, uplink: Uplink, out: Fanout, ident: int, address: str) -> None:
        self._uplink = uplink
        self._out = out
        """The frames out on the uplink's connection it came on (a line never outlives it)."""
        self.ident = ident
        self._address = address
        self.inbox = Inbox()

    @property
    def address(self) -> str:
        return self._address

    async def recv(self) -> Frame:
        return await self.inbox.get()

    def __aiter__(self) -> AsyncIterator[Frame]:
        return self.inbox.each()

    async def send(self, frame: str, /) -> None:
        if (error := self.inbox.ended) is not None:
            raise error
        await self._out.send(self.ident, frame)

    async def close(self, code: int = 1000, /) -> None:
        if self.end(closed(code)):
            await self.close_frame(code)

    def abort(self) -> None:
        """Cut off: the server hears the end at once, the relay closes the guest (1008)."""
        if self.end(closed(1006)):
            self._uplink.later(self.close_frame(1008))

    async def close_frame(self, code: int) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self._out.close(self.ident, code)

    def end(self, error: ConnectionClosed) -> bool:
        """The line ended (``error`` for the server); False if it had already."""
        if self.inbox.ended is not None:
            return False
        self.inbox.end(error)
        self._uplink.forget(self)
        return True


class Uplink:
    """The host's line to a relay (see the module's docstring)."""

    def __init__(self, relay: str, code: str, key: str,
                 serve: Callable[[Line], Awaitable[None]]) -> None:
        """``serve`` serves one guest's line until it ends (the server's)."""
        self.relay = relay
        self.code = code
        self.key = key
        self._serve = serve
        self.status = RelayStatus(UNREACHABLE)
        """Where the uplink stands now (unreachable until first registered)."""
        self._listeners: list[Callable[[RelayStatus], object]] = []
        self._lines: dict[int, RelayedLine] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._run_task: asyncio.Task[None] | None = None
        self._ws: ClientConnection | None = None
        self.registered = asyncio.Event()
        """Set at each registration (tests and the headless host wait for the first)."""
        self.ended = asyncio.Event()
        """Set when the uplink stopped for good (a final refusal, or :meth:`stop`)."""

    def watch(self, listener: Callable[[RelayStatus], object]) -> None:
        """Call ``listener`` with every new status (on the event loop)."""
        self._listeners.append(listener)

    def start(self) -> None:
        if self._run_task is None:
            self._run_task = asyncio.create_task(self._run())

    async def stop(self, timeout: float = 2.0) -> None:
        """Let the lines being closed finish (the server closed them), then end the uplink."""
        serving = {task for task in self._tasks if not task.done()}
        if serving:
            await asyncio.wait(serving, timeout=timeout)
        if self._run_task is not None:
            self._run_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._run_task
        self._drop_lines(1001)
        if self._ws is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._ws.close(), 2)
        for task in list(self._tasks):
            task.cancel()
        self.ended.set()

    # The lines' side -------------------------------------------------------------------

    def forget(self, line: RelayedLine) -> None:
        if self._lines.get(line.ident) is line:
            del self._lines[line.ident]

    def later(self, work: Awaitable[None]) -> None:
        """Run ``work`` in a task of the uplink's (kept until done)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # The relay's side ------------------------------------------------------------------

    def _set(self, status: RelayStatus) -> None:
        if status == self.status:
            return
        self.status = status
        if status.connected:
            log.info("registered with the relay %s", self.relay)
        else:
            log.warning("relay %s: %s %s", self.relay, status.code, status.params or "")
        for listener in list(self._listeners):
            try:
                listener(status)
            except Exception:  # a screen's bug must not stop the uplink
                log.exception("a relay status listener failed")

    async def _run(self) -> None:
        """Connect, register, relay; again after each drop, for as long as the race runs."""
        attempt = 0
        while True:
            pause = BACKOFF[min(attempt, len(BACKOFF) - 1)]
            attempt += 1
            try:
                ws = await asyncio.wait_for(
                    connect(host_url(self.relay, self.code), max_size=MAX_HOST_FRAME,
                            open_timeout=CONNECT_TIMEOUT, ping_interval=20, ping_timeout=20,
                            close_timeout=2),
                    CONNECT_TIMEOUT)
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI, ValueError) as error:
                log.debug("the relay cannot be reached: %r", error)
                self._set(RelayStatus(UNREACHABLE))
                await asyncio.sleep(pause)
                continue
            self._ws = ws
            try:
                refusal = await self._register(ws)
                if refusal is None:
                    attempt, pause = 1, BACKOFF[0]  # (the backoff starts again after a drop)
                    self._set(RelayStatus(CONNECTED))
                    self.registered.set()
                    await self._relay(ws, Fanout(ws))
                    refusal = RelayStatus(UNREACHABLE)
            except (ConnectionClosed, TimeoutError, ValueError, RecursionError):  # (junk)
                refusal = RelayStatus(UNREACHABLE)
            finally:
                self._drop_lines(1006)
                await ws.close()
            self._set(refusal)
            if refusal.final:
                self.ended.set()
                return
            seconds = refusal.params.get("seconds")
            if isinstance(seconds, int | float) and not isinstance(seconds, bool):
                pause = max(pause, min(float(seconds), 3600.0))
            await asyncio.sleep(pause)

    async def _register(self, ws: ClientConnection) -> RelayStatus | None:
        """Register the race; None once registered, else the relay's refusal."""
        await ws.send(json.dumps({"type": "register", "version": VERSION, "key": self.key}))
        answer = json.loads(await asyncio.wait_for(ws.recv(), CONNECT_TIMEOUT))
        if not isinstance(answer, dict):
            raise ValueError("not a JSON object")
        if answer.get("type") == "registered":
            return None
        code = answer.get("code")
        if answer.get("type") != "refused" or not isinstance(code, str) or len(code) > 40:
            raise ValueError("not an answer to a register")
        params = answer.get("params")
        return RelayStatus(code, dict(params) if isinstance(params, dict) else {})

    async def _relay(self, ws: ClientConnection, out: Fanout) -> None:
        """Pass frames between the relay and the guests' lines until the uplink ends."""
        async for frame in ws:
            if isinstance(frame, bytes):
                self._frame(frame)
                continue
            try:
                message = json.loads(frame)
            except (ValueError, RecursionError):  # (a deeply nested junk frame)
                continue
            if not isinstance(message, dict):
                continue
            ident = message.get("id")
            if not isinstance(ident, int) or isinstance(ident, bool) or ident <= 0:
                continue
            if message.get("type") == "open":
                address = message.get("address")
                self._open(out, ident, address if isinstance(address, str) else "")
            elif message.get("type") == "gone" and (line := self._lines.get(ident)):
                line.end(closed(1006))

    def _open(self, out: Fanout, ident: int, address: str) -> None:
        old = self._lines.get(ident)
        if old is not None:  # (never expected: the relay reused a live id)
            old.end(closed(1006))
        line = RelayedLine(self, out, ident, address[:64])
        self._lines[ident] = line
        self.later(self._serve_one(line))

    async def _serve_one(self, line: RelayedLine) -> None:
        try:
            await self._serve(line)
        except Exception:  # one guest's trouble is never the uplink's
            log.exception("serving a relayed guest failed")
        finally:
            if line.end(closed(1000)):  # (the server left it open: close it at the relay)
                await line.close_frame(1000)

    def _frame(self, frame: bytes) -> None:
        line = self._lines.get(int.from_bytes(frame[:ID_BYTES], "big"))
        if line is None or len(frame) < ID_BYTES:
            return  # a guest that just left
        payload = frame[ID_BYTES:]
        if len(payload) > MAX_CLIENT_FRAME or len(line.inbox) >= MAX_WAITING:
            # As a websocket of the host's own would (1009, too big): the line ends.
            if line.end(closed(1009)):
                self.later(line.close_frame(1008))
            return
        try:
            line.inbox.put(payload.decode("utf-8"))
        except UnicodeDecodeError:
            line.inbox.put(payload)  # (the server refuses it as unreadable)

    def _drop_lines(self, code: int) -> None:
        """The uplink ended: so did every guest's line through it."""
        for line in list(self._lines.values()):
            line.end(closed(code))
        self._lines.clear()


__all__ = ["BACKOFF", "CONNECTED", "FINAL", "UNREACHABLE", "RelayStatus", "RelayedLine",
           "Uplink", "host_url"]

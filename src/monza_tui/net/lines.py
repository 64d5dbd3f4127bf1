"""The host's lines: what the server, the doors and the outbox need of a connection.

A guest reaches the host three ways: a websocket of the host's own listener (on the home
network), a line relayed through ``monza relay`` (:mod:`.uplink`), and the host's own
terminal, which joins its server in memory (its race never depends on a network). The
server serves each the same way (``RaceServer.serve_line``): a :class:`Line` is exactly
what it uses. Every way a line ends is a :class:`~websockets.exceptions.ConnectionClosed`
(``ConnectionClosedOK`` for a polite close, ``ConnectionClosedError`` otherwise), as a
websocket's is, so "every way a connection ends" stays one path.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator
from typing import Protocol

from websockets.asyncio.connection import Connection
from websockets.exceptions import ConnectionClosed, ConnectionClosedError, ConnectionClosedOK
from websockets.frames import Close

Frame = str | bytes
OK_CODES = frozenset({1000, 1001})
"""Close codes that end a line politely (``ConnectionClosedOK``)."""


class Line(Protocol):
    """One connection to the host, as the server sees it."""

    @property
    def address(self) -> str:
        """The address it comes from ("" when nobody says): wrong codes are counted by it."""

    async def recv(self) -> Frame:
        """The next frame; :class:`ConnectionClosed` once the line ended."""

    def __aiter__(self) -> AsyncIterator[Frame]:
        """Every frame until the line ends (a polite end stops, any other raises)."""

    async def send(self, frame: str, /) -> None:
        """Send a frame; :class:`ConnectionClosed` once the line ended."""

    async def close(self, code: int = 1000, /) -> None:
        """End the line politely (1000) or as a refusal (1008), after what was sent."""

    def abort(self) -> None:
        """Cut the line off at once (a client too far behind): no close frame."""


def closed(code: int) -> ConnectionClosed:
    """The error a line that ended with ``code`` raises (1006: it dropped)."""
    if code in OK_CODES:
        return ConnectionClosedOK(Close(code, ""), Close(code, ""), rcvd_then_sent=True)
    if code == 1006:
        return ConnectionClosedError(None, None)
    return ConnectionClosedError(Close(code, ""), Close(code, ""), rcvd_then_sent=True)


class Inbox:
    """Frames waiting to be received on a line, then how it ended."""

    def __init__(self) -> None:
        self._frames: deque[Frame] = deque()
        self._ended: ConnectionClosed | None = None
        self._ready = asyncio.Event()

    def __len__(self) -> int:
        return len(self._frames)

    @property
    def ended(self) -> ConnectionClosed | None:
        """How the line ended (None: it is open)."""
        return self._ended

    def put(self, frame: Frame) -> None:
        if self._ended is None:
            self._frames.append(frame)
            self._ready.set()

    def end(self, error: ConnectionClosed) -> None:
        """The line ended: frames already here are still received, then ``error``."""
        if self._ended is None:
            self._ended = error
            self._ready.set()

    async def get(self) -> Frame:
        while not self._frames:
            if self._ended is not None:
                raise self._ended
            self._ready.clear()
            await self._ready.wait()
        return self._frames.popleft()

    async def each(self) -> AsyncIterator[Frame]:
        try:
            while True:
                yield await self.get()
        except ConnectionClosedOK:
            return


class WebSocketLine:
    """A websocket (of the host's listener, or a client's connection) as a :class:`Line`."""

    def __init__(self, ws: Connection) -> None:
        self.ws = ws

    @property
    def address(self) -> str:
        remote = self.ws.remote_address
        return str(remote[0]) if isinstance(remote, tuple) and remote else ""

    async def recv(self) -> Frame:
        return await self.ws.recv()

    def __aiter__(self) -> AsyncIterator[Frame]:
        return self.ws.__aiter__()

    async def send(self, frame: str, /) -> None:
        await self.ws.send(frame)

    async def close(self, code: int = 1000, /) -> None:
        await self.ws.close(code)

    def abort(self) -> None:
        self.ws.transport.abort()


class MemoryLine:
    """One end of a line in this process (:func:`memory_pair`)."""

    def __init__(self, address: str) -> None:
        self._address = address
        self._inbox = Inbox()
        self.peer: MemoryLine | None = None

    @property
    def address(self) -> str:
        return self._address

    async def recv(self) -> Frame:
        return await self._inbox.get()

    def __aiter__(self) -> AsyncIterator[Frame]:
        return self._inbox.each()

    async def send(self, frame: str, /) -> None:
        if (error := self._inbox.ended) is not None:
            raise error
        assert self.peer is not None
        self.peer._inbox.put(frame)

    async def close(self, code: int = 1000, /) -> None:
        self._end(closed(code))

    def abort(self) -> None:
        self._end(closed(1006))

    def _end(self, error: ConnectionClosed) -> None:
        self._inbox.end(error)
        if self.peer is not None:
            self.peer._inbox.end(error)


def memory_pair(address: str = "127.0.0.1") -> tuple[MemoryLine, MemoryLine]:
    """A line in memory: (the client's end, the server's end). Either end's close or abort
    ends both; frames sent before it are still received."""
    client, server = MemoryLine(address), MemoryLine(address)
    client.peer, server.peer = server, client
    return client, server


__all__ = ["OK_CODES", "Frame", "Inbox", "Line", "MemoryLine", "WebSocketLine", "closed",
           "memory_pair"]

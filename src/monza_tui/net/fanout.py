"""The host's frames to its relayed guests, gathered so that a frame told to every guest
crosses the uplink once (docs/relay.md, "to several").

The server tells an action to every connection by handing the same frame to each line's
writer; on a home network each goes out on its own socket. Through a relay they would all
cross the one uplink, each with its guest's id: four guests, four copies. Every line's
writer wakes in the same turn of the event loop, so :class:`Fanout` holds what the lines
send during one turn and then sends it in order, one frame per text for as many guests as
take it in a row, ``close`` requests in their place. A guest's frames keep their order: a
frame joins an earlier batch only if its guest has nothing after that batch.

This is a speed tuning (:mod:`monza_tui.tuning`): with ``MONZA_NO_TUNING=1`` every frame
goes out at once on its own, and the guests see exactly the same frames (tested).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection

from monza_tui.tuning import tuned

ID_BYTES = 4
"""A guest's id in a binary frame: 4 bytes, big-endian."""
COUNT_BYTES = 2
"""How many guests a frame "to several" is for: 2 bytes, big-endian."""
SEVERAL = 0
"""The id (no guest's: ids start at 1) that begins a frame for several guests."""
MOST = 2 ** (8 * COUNT_BYTES) - 1
"""Guests one frame can name (far above a race's 32 connections)."""


def to_one(ident: int, frame: str) -> bytes:
    """A frame for one guest."""
    return ident.to_bytes(ID_BYTES, "big") + frame.encode("utf-8")


def to_several(idents: list[int], frame: str) -> bytes:
    """One frame for each of ``idents`` (at most :data:`MOST`)."""
    head = SEVERAL.to_bytes(ID_BYTES, "big") + len(idents).to_bytes(COUNT_BYTES, "big")
    return head + b"".join(i.to_bytes(ID_BYTES, "big") for i in idents) + frame.encode("utf-8")


def close_request(ident: int, code: int) -> str:
    """The uplink's request to close a guest's line (after what was sent before it)."""
    return json.dumps({"type": "close", "id": ident, "code": code})


@dataclass
class _Batch:
    frame: str
    idents: list[int]
    waiting: list[asyncio.Future[None]] = field(default_factory=list)
    close: bool = False
    """A ``close`` request (the frame is its text): never joined by another."""

    def wire(self) -> str | bytes:
        if self.close:
            return self.frame
        if len(self.idents) == 1:
            return to_one(self.idents[0], self.frame)
        return to_several(self.idents, self.frame)


class Fanout:
    """What the relayed lines of one uplink connection send (see the module's docstring)."""

    def __init__(self, ws: ClientConnection) -> None:
        self._ws = ws
        self._batches: list[_Batch] = []
        self._due = False
        self._turn = asyncio.Lock()  # (one turn's frames go out before the next turn's)

    async def send(self, ident: int, frame: str) -> None:
        """Send ``frame`` to guest ``ident``; ``ConnectionClosed`` if the uplink ended
        first."""
        if not tuned():
            await self._ws.send(to_one(ident, frame))
            return
        await self._hold(ident, frame, close=False)

    async def close(self, ident: int, code: int) -> None:
        """Ask the relay to close guest ``ident``'s line after what was sent to it."""
        if not tuned():
            await self._ws.send(close_request(ident, code))
            return
        await self._hold(ident, close_request(ident, code), close=True)

    def _hold(self, ident: int, frame: str, *, close: bool) -> asyncio.Future[None]:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._batch_for(ident, frame, close).waiting.append(done)
        if not self._due:
            self._due = True
            loop.call_soon(self._turn_ends)
        return done

    def _batch_for(self, ident: int, frame: str, close: bool) -> _Batch:
        if not close:
            for batch in reversed(self._batches):
                if ident in batch.idents:
                    break  # (its guest has this batch or a later one: keep the order)
                if batch.frame is frame and not batch.close and len(batch.idents) < MOST:
                    batch.idents.append(ident)
                    return batch
        batch = _Batch(frame, [ident], close=close)
        self._batches.append(batch)
        return batch

    def _turn_ends(self) -> None:
        self._due = False
        batches, self._batches = self._batches, []
        asyncio.get_running_loop().create_task(self._write(batches))

    async def _write(self, batches: list[_Batch]) -> None:
        async with self._turn:
            for index, batch in enumerate(batches):
                try:
                    await self._ws.send(batch.wire())
                except Exception as error:  # (ConnectionClosed: the uplink ended)
                    for left in batches[index:]:
                        for done in left.waiting:
                            if not done.done():
                                done.set_exception(error)
                    return
                for done in batch.waiting:
                    if not done.done():
                        done.set_result(None)


__all__ = ["COUNT_BYTES", "ID_BYTES", "MOST", "SEVERAL", "Fanout", "close_request",
           "to_one", "to_several"]

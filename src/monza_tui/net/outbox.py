"""What the host says, to whom, in order, and only once it is saved.

Each connection (a :class:`Link`) has a queue and a writer task of its own, so a slow
client delays nobody and every client gets the same frames in the same order. What tells
of the race (actions, seat changes, presence, a welcome, the end) is held until the race
as it was then is saved: the :class:`Outbox` saves the newest race in a thread of its own
(so the disk never holds the event loop, where the host's own screen runs too), then lets
go of everything said up to that race. A host killed at any moment has saved every
action a client has seen. Answers that tell nothing of the race (a refusal, a pong) go at
once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from websockets.exceptions import ConnectionClosed

# The wording layer words a failed save (UserError.__str__ imports it when first used):
# imported now, since a save may fail because no file can be opened any more (EMFILE),
# and an import opens files.
from monza_tui import wording  # noqa: F401
from monza_tui.net.lines import Line
from monza_tui.net.protocol import (
    ActionWire,
    Over,
    Param,
    Pong,
    PresenceMessage,
    Refused,
    Seats,
    Welcome,
    dump,
)
from monza_tui.record import Race

log = logging.getLogger(__name__)

MAX_BEHIND = 2_000
"""Frames a connection may have waiting; a client further behind is cut off (it comes
back by itself and is sent the race afresh)."""
SAVE_RETRY = 0.5
"""Seconds before a failed save is tried again (the race's end must reach the disk even
when nothing changes after it)."""

Telling = Welcome | ActionWire | Seats | PresenceMessage | Over


@dataclass(eq=False)
class Link:
    """One connection to the host: who it is, and its frames waiting to be sent."""

    line: Line
    token: str | None = None
    seats: frozenset[int] = frozenset()
    """The players this connection drives (the host's terminal: every seat not remote)."""
    host: bool = False
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    writer: asyncio.Task[None] | None = None
    closing: bool = False
    """Told to close (or cut off): nothing more is queued for it."""


class Outbox:
    """The host's open links and what it has said to them (see the module's docstring)."""

    def __init__(self, save: Callable[[Race], object] | None, race: Callable[[], Race],
                 *, max_behind: int = MAX_BEHIND) -> None:
        """``save`` writes a race (None: nothing is saved, frames go at once); ``race``
        gives the race as it is now; a link with more than ``max_behind`` frames waiting
        is cut off."""
        self.links: set[Link] = set()
        self.save_error: str | None = None
        """Why the last save failed (the race goes on), or None."""
        self._max_behind = max_behind
        self._save = save
        self._race = race
        self._dirty = False
        self._busy = False
        """The saver is saving a race or letting go of its frames (not idle yet)."""
        self._held: list[tuple[str, tuple[Link, ...]]] = []
        """Frames waiting for the save of the race they tell of, with their targets."""
        self._said = asyncio.Event()
        self._flushed = asyncio.Event()
        self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="monza-net-save")
        self._saving: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._save is not None and self._saving is None:
            self._saving = asyncio.create_task(self._run_saver())

    async def stop(self) -> None:
        """Save and send what is pending, then close every link. (Cancelling the saver
        mid-save would drop a save still queued for its thread: the race's end, when the
        race outran the disk; so the saver is stopped only once it is idle.)"""
        if self._saving is not None:
            if not await self.flush():
                log.warning("the last changes could not be saved in time")
            self._saving.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._saving
        self._saver.shutdown(wait=True)
        for link in list(self.links):
            link.queue.put_nowait(None)

    def changed(self) -> None:
        """The race changed: it is saved before anything said from now on goes out."""
        self._dirty = True

    # Saying ----------------------------------------------------------------------------

    def send(self, link: Link, message: Refused | Pong) -> None:
        """An answer to ``link`` alone, at once (it tells nothing of the race)."""
        self.put(link, dump(message))

    def broadcast(self, message: Telling) -> None:
        """Tell every open link."""
        self.tell(message, tuple(self.links))

    def tell(self, message: Telling, targets: tuple[Link, ...]) -> None:
        """Tell ``targets`` once the race as it is now is saved (at once without saving)."""
        frame = dump(message)
        if self._save is None:
            for link in targets:
                self.put(link, frame)
            return
        self._held.append((frame, targets))
        self._said.set()

    def put(self, link: Link, frame: str) -> None:
        """Queue ``frame`` for ``link``; a link too far behind is cut off.

        Cut off, not closed politely: a client that reads nothing never lets its writer
        reach a closing frame. The line drops, so its connection ends as every other does
        (the server's ``_serve`` ends, and ``Doors.left`` makes its people away for the
        grace): the link stays in :attr:`links` until then."""
        if link.closing:
            return
        if link.queue.qsize() >= self._max_behind:
            log.warning("a client fell %d messages behind; cutting it off", self._max_behind)
            link.closing = True
            link.line.abort()
            return
        link.queue.put_nowait(frame)

    def close(self, link: Link) -> None:
        """Close ``link`` once what it was sent is out."""
        if not link.closing:
            link.closing = True
            link.queue.put_nowait(None)

    async def write(self, link: Link) -> None:
        """Send a link's frames in order until ``None`` closes it (its writer task)."""
        line = link.line
        try:
            while (frame := await link.queue.get()) is not None:
                await line.send(frame)
        except ConnectionClosed:
            return
        await line.close()

    # Saving ----------------------------------------------------------------------------

    async def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every change is saved and sent; False if ``timeout`` ran out."""

        async def drained() -> None:
            while self._held or self._dirty or self._busy:
                self._flushed.clear()
                self._said.set()
                await self._flushed.wait()

        if self._saving is None:
            return True
        try:
            await asyncio.wait_for(drained(), timeout)
        except TimeoutError:
            return False
        return True

    async def _run_saver(self) -> None:
        """Save, then let go of what was said meanwhile, for ever. Nothing here may end
        the task: a saver that died would hold every frame from then on (the clients would
        hear nothing more). A failed save is tried again after :data:`SAVE_RETRY`."""
        loop = asyncio.get_running_loop()
        while True:
            await self._said.wait()
            self._said.clear()
            held, self._held = self._held, []
            self._busy = True  # (nothing is pending now, yet it is not saved: flush waits)
            saved = True
            if self._dirty:
                self._dirty = False
                try:
                    saved = await loop.run_in_executor(self._saver, self._save_now,
                                                       self._race())
                except Exception as error:  # (the thread could not be started: no memory)
                    saved = self._failed(error)
            for frame, targets in held:
                for link in targets:
                    if link in self.links:
                        self.put(link, frame)
            self._busy = False
            if not saved:  # the frames went (the race goes on); the save is due again
                self._dirty = True
                await asyncio.sleep(SAVE_RETRY)
                self._said.set()
            self._flushed.set()

    def _save_now(self, race: Race) -> bool:
        """Write ``race`` (in the saver's thread); whether it was written."""
        assert self._save is not None
        try:
            self._save(race)
        except Exception as error:  # a full disk must not stop the race: said, retried
            return self._failed(error)
        if self.save_error is not None:
            log.warning("saved again after the failure")
        self.save_error = None
        return True

    def _failed(self, error: Exception) -> bool:
        """Keep and log why a save failed, once per reason (retries fail alike); never
        raises, whatever the error's text needs (False, for :meth:`_save_now`)."""
        why = said_safely(error)
        if why != self.save_error:
            log.warning("save failed: %s", why)
        self.save_error = why
        return False


def said_safely(error: BaseException) -> str:
    """An error's one line for a log, which never raises: wording it may fail for the very
    reason the error happened (no file can be opened, no memory)."""
    try:
        return str(error) or type(error).__name__
    except Exception:
        try:
            code = getattr(error, "code", "")
            return f"{type(error).__name__} {code}".strip()
        except Exception:
            return "an error"


async def refuse_and_close(line: Line, code: str, **params: Param) -> None:
    """Refuse a connection before it is a link (a wrong code, a bad hello) and close it."""
    with contextlib.suppress(ConnectionClosed):
        await line.send(dump(Refused(code=code, params=params)))
        await line.close(1008 if code == "net.bad_code" else 1000)


__all__ = ["MAX_BEHIND", "SAVE_RETRY", "Link", "Outbox", "refuse_and_close", "said_safely"]

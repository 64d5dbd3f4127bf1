"""What differs between Linux, macOS and Windows, in one place.

The house rule: a call the standard library has on POSIX systems only (``os.fchmod`` before
Python 3.13 on Windows, ``os.O_NONBLOCK``, ``os.set_blocking`` before 3.12, ``fcntl``, a
folder's fsync, ``os.sched_getaffinity``, ``fork``) is made here and nowhere else, behind a
function that does the right thing on every system; the rest of the code never asks which
system it runs on. ``tests/portable/`` runs the engine, the saves, ``monza resume``, the
line game and ``monza simulate --jobs 2`` in processes where these names are taken away,
as on Windows (docs/platforms.md says what is tested where).

The lock that keeps one save to one process is `filelock`_'s: ``flock`` on Linux and macOS,
``LockFileEx`` on Windows, dropped by the system when its process dies
(docs/platforms.md says why filelock and not portalocker).

.. _filelock: https://py-filelock.readthedocs.io
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Callable
    from multiprocessing.context import BaseContext

BINARY = getattr(os, "O_BINARY", 0)
"""Windows opens a descriptor in text mode (CRLF turned into LF, Ctrl+Z an end) unless
asked for binary; POSIX has no such flag and no such mode."""

NOT_INHERITED = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOINHERIT", 0)
"""A descriptor that a child process (the expert's table builder) does not inherit:
``O_CLOEXEC`` on POSIX, ``O_NOINHERIT`` on Windows."""


# Files --------------------------------------------------------------------------------


def open_to_read(path: Path | str) -> int:
    """A descriptor to read ``path`` (binary, not inherited) that never waits for a writer:
    on POSIX a FIFO without one would block the open, so it is opened non-blocking (the
    caller refuses anything but a regular file, then calls :func:`make_blocking`).
    Windows has no FIFO among its files, and no ``O_NONBLOCK``."""
    flags = os.O_RDONLY | BINARY | NOT_INHERITED | getattr(os, "O_NONBLOCK", 0)
    return os.open(path, flags)


def make_blocking(fd: int) -> None:
    """Undo :func:`open_to_read`'s non-blocking mode (nothing to undo where it has none;
    ``os.set_blocking`` is POSIX-only before Python 3.12)."""
    if getattr(os, "O_NONBLOCK", 0) and hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)


def share_file(fd: int) -> None:
    """Let others read a file this user writes (``0644``: records are meant to be shared;
    ``mkstemp`` makes ``0600``). Windows keeps access in ACLs, which a new file inherits
    from its folder: nothing to do there (and ``os.fchmod`` is missing before 3.13)."""
    if hasattr(os, "fchmod"):
        os.fchmod(fd, 0o644)


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable: POSIX fsyncs the folder; Windows cannot open a
    folder with ``os.open`` and NTFS journals the rename itself. Best effort: a failure
    leaves the file renamed, as the rename alone does."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


# Locks --------------------------------------------------------------------------------


class LockBusy(Exception):
    """Another process holds the lock."""


class HeldLock:
    """A lock file this process holds until :meth:`release` or its exit."""

    def __init__(self, path: Path, lock: Any) -> None:
        self.path = path
        self._lock = lock

    def release(self) -> None:
        """Let go and remove the lock file (best effort: another process may be opening it,
        and Windows removes it itself once it is closed). Never raises."""
        with contextlib.suppress(OSError):
            # Removed while still held, so that nobody locks a file about to vanish (on
            # Windows an open file cannot be removed: filelock removes it after closing).
            self.path.unlink()
        with contextlib.suppress(Exception):
            self._lock.release(force=True)


def hold(path: Path) -> HeldLock:
    """Take the lock file ``path`` (made if missing) for this process, without waiting:
    :class:`LockBusy` if another process holds it, :class:`OSError` if the file cannot be
    made. The system drops the lock when the process dies, so a lock left by a killed
    process is taken over. Not bound to a thread: the app's saver thread takes it and the
    main thread lets go."""
    import warnings

    # Where the system has no flock (Windows aside), filelock falls back to a lock by the
    # file's existence, and says so as a warning: the player has nothing to do about it.
    warnings.filterwarnings("ignore", message="only soft file lock", category=UserWarning)
    from filelock import FileLock, Timeout  # not at launch: the first save pays

    lock = FileLock(str(path), timeout=0, thread_local=False)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise LockBusy(str(path)) from None
    return HeldLock(path, lock)


# Terminals ----------------------------------------------------------------------------


def load_line_editor() -> bool:
    """Load ``readline``, which turns ``input`` into a line editor with a history; False
    where Python has none (Windows, whose console edits lines and keeps their history
    itself)."""
    try:
        import readline  # noqa: F401  (loading it is the point)
    except ImportError:
        return False
    return True


# Processes ----------------------------------------------------------------------------


def cpu_count() -> int:
    """The processors this process may run on: its affinity where the system has one
    (Linux), else every processor."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def start_method() -> str:
    """How worker processes start: ``fork`` on Linux, where it shares the tables a parent
    built; ``spawn`` elsewhere (Windows has no fork; on macOS fork is unsafe with threads,
    and spawned workers build their own tables)."""
    return "fork" if sys.platform == "linux" and hasattr(os, "fork") else "spawn"


def on_stop_signals(loop: asyncio.AbstractEventLoop, stop: Callable[[], None]) -> None:
    """Call ``stop`` on ``loop`` when the process is asked to stop (SIGTERM, a service
    manager's stop; SIGINT, Ctrl+C). POSIX loops take the signals in the loop itself;
    Windows' loops cannot (``add_signal_handler`` is not implemented there), so a plain
    handler hands ``stop`` to the loop from the signal."""
    import signal

    for number in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(number, stop)
        except (NotImplementedError, RuntimeError):
            signal.signal(number, lambda _n, _f: loop.call_soon_threadsafe(stop))


def pool_context() -> BaseContext:
    """The multiprocessing context of :func:`start_method`."""
    import multiprocessing

    return multiprocessing.get_context(start_method())


__all__ = [
    "BINARY",
    "NOT_INHERITED",
    "HeldLock",
    "LockBusy",
    "cpu_count",
    "hold",
    "load_line_editor",
    "make_blocking",
    "on_stop_signals",
    "open_to_read",
    "pool_context",
    "share_file",
    "start_method",
    "sync_folder",
]

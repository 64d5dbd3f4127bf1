"""Writing files so that no instant of failure can lose the last good copy."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, TextIO

from monza_tui import portable
from monza_tui.errors import Said, UserError, printable, said


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically: write a temporary file in the same folder,
    flush and fsync it, rename it over the target, then fsync the folder. Killed at any
    moment, the file is either the old version or the new one, never a mix."""
    path = Path(path)
    refuse_special(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        portable.share_file(fd)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            _write_out(handle, text)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    portable.sync_folder(folder)


def _write_out(handle: TextIO, text: str) -> None:
    """Write ``text`` and push it to the disk: the one place where the bytes of every file
    monza-tui keeps are written, so the one place a full disk shows (``ENOSPC`` at the
    write, or at the fsync when the system delayed the allocation). Tests make it fail
    here."""
    handle.write(text)
    handle.flush()
    os.fsync(handle.fileno())


def refuse_special(path: Path) -> None:
    """Refuse to write over anything but a regular file: the atomic rename would replace a
    device (``/dev/null``), a FIFO or a symlink with a regular file. Raises
    :class:`OSError` whose ``strerror`` says why (the callers' one-line errors show it)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError:
        return  # the write itself will say what is wrong
    if not stat.S_ISREG(mode):
        from monza_tui.wording import word  # worded now: callers show the OSError's strerror

        kind = "symlink" if stat.S_ISLNK(mode) else _kind(mode)
        raise OSError(0, word(said("file.special_target", kind=said("kind." + kind))))


def _kind(mode: int) -> str:
    """What a file that is not a regular one is, as a code (``kind.<code>`` is its name)."""
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "special"


def shown(path: Path | str) -> str:
    """A file name as it may be printed: escaped by the one rule of every echo
    (:func:`monza_tui.errors.printable`: an escape sequence in a file name could retitle or
    clear the terminal); an empty name as ``''``."""
    text = str(path)
    return "''" if text == "" else printable(text)


class UnreadableFile(UserError, ValueError):
    """A file that cannot be read as text; the message is the reason, without the path."""


def cannot_read(error: OSError) -> Said:
    """Why the system could not read or write a file, as a sentence (common reasons in
    the player's language, the rest in the system's words)."""
    return said("file.os", errno=error.errno or 0, why=error.strerror or str(error))


def _size(limit: int) -> str:
    return f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit // 1024} KiB"


@contextlib.contextmanager
def open_regular(path: Path | str, limit: int) -> Iterator[BinaryIO]:
    """Open a user's file for reading, refusing what is not a regular file (a FIFO would
    block for ever, a device never ends) or is larger than ``limit`` bytes, before reading
    a byte. :class:`UnreadableFile` with the reason."""
    if str(path) == "":
        raise UnreadableFile(code="file.empty_name")
    try:
        fd = portable.open_to_read(path)  # a FIFO with no writer does not block: refused below
    except OSError as error:
        _refuse_unopened_special(path)
        raise UnreadableFile(code="file.cannot_read", why=cannot_read(error)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(code="file.special", kind=said("kind." + _kind(info.st_mode)))
        if info.st_size > limit:
            raise UnreadableFile(code="file.too_large", size=_size(limit))
        portable.make_blocking(fd)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        yield handle


def _refuse_unopened_special(path: Path | str) -> None:
    """A folder that could not be opened (Windows opens none with ``os.open``) is refused as
    a folder, as POSIX refuses it once open, not as an unreadable file."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return
    if not stat.S_ISREG(mode):
        raise UnreadableFile(code="file.special", kind=said("kind." + _kind(mode)))


def read_text(path: Path, limit: int) -> str:
    """A user's file as text, read only up to ``limit`` bytes (files are untrusted input:
    a huge one is refused, not loaded; a FIFO or a device is refused unread)."""
    try:
        with open_regular(path, limit) as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise UnreadableFile(code="file.cannot_read", why=cannot_read(error)) from None
    if len(data) > limit:
        raise UnreadableFile(code="file.too_large", size=_size(limit))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnreadableFile(code="file.utf8", byte=error.start) from None

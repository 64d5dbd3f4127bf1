"""Writing files so that no instant of failure can lose the last good copy."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO


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
        os.fchmod(fd, 0o644)  # mkstemp makes 0600; records are meant to be shared
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


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
        kind = "a symbolic link" if stat.S_ISLNK(mode) else _kind(mode)
        raise OSError(0, f"{kind}, not a regular file; give a new file name")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def shown(path: Path | str) -> str:
    """A file name as it may be printed: control characters (an escape sequence in a file
    name could retitle or clear the terminal) and lone surrogates shown as escapes, the
    rest as it is; an empty name as ``''``."""
    text = str(path)
    if text == "":
        return "''"
    out = []
    for char in text:
        code = ord(char)
        if code < 32 or code == 127 or 128 <= code < 160 or 0xD800 <= code < 0xE000:
            out.append(ascii(char)[1:-1] if code < 0xD800 else f"\\x{code & 0xFF:02x}")
        elif char in ("\u2028", "\u2029") or 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069:
            out.append(ascii(char)[1:-1])
        else:
            out.append(char)
    return "".join(out)


class UnreadableFile(ValueError):
    """A file that cannot be read as text; the message is the reason, without the path."""


def _size(limit: int) -> str:
    return f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit // 1024} KiB"


@contextlib.contextmanager
def open_regular(path: Path | str, limit: int) -> Iterator[BinaryIO]:
    """Open a user's file for reading, refusing what is not a regular file (a FIFO would
    block for ever, a device never ends) or is larger than ``limit`` bytes, before reading
    a byte. :class:`UnreadableFile` with the reason."""
    if str(path) == "":
        raise UnreadableFile("an empty file name")
    try:
        # O_NONBLOCK: opening a FIFO with no writer must not block; it is refused below.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise UnreadableFile(f"cannot read: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(f"{_kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise UnreadableFile(f"larger than {_size(limit)}")
        os.set_blocking(fd, True)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        yield handle


def read_text(path: Path, limit: int) -> str:
    """A user's file as text, read only up to ``limit`` bytes (files are untrusted input:
    a huge one is refused, not loaded; a FIFO or a device is refused unread)."""
    try:
        with open_regular(path, limit) as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise UnreadableFile(f"cannot read: {error.strerror or error}") from None
    if len(data) > limit:
        raise UnreadableFile(f"larger than {_size(limit)}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnreadableFile(f"not UTF-8 text (byte {error.start})") from None

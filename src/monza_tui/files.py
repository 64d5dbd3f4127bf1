"""Writing files so that no instant of failure can lose the last good copy."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically: write a temporary file in the same folder,
    flush and fsync it, rename it over the target, then fsync the folder. Killed at any
    moment, the file is either the old version or the new one, never a mix."""
    path = Path(path)
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


class UnreadableFile(ValueError):
    """A file that cannot be read as text; the message is the reason, without the path."""


def read_text(path: Path, limit: int) -> str:
    """A user's file as text, read only up to ``limit`` bytes (files are untrusted input:
    a huge one is refused, not loaded)."""
    try:
        with Path(path).open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise UnreadableFile(f"cannot read: {error.strerror or error}") from None
    if len(data) > limit:
        size = f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit // 1024} KiB"
        raise UnreadableFile(f"larger than {size}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnreadableFile(f"not UTF-8 text (byte {error.start})") from None

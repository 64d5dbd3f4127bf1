"""A terminal just big enough to time a Textual app: a pseudo-terminal and a screen.

:class:`Terminal` starts a program in a pseudo-terminal and reads what it writes into a
:class:`Screen` (cursor moves, erases and text; colours are dropped), answering Textual's
question whether the terminal synchronises output, as real terminals do, so that a frame is
whole when it is looked at. Used by ``feel.py``.
"""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import signal
import struct
import termios
import time
from collections.abc import Callable
from pathlib import Path

from rich.cells import get_character_cell_size

KEYS = {"space": " ", "enter": "\r", "tab": "\t", "backspace": "\x7f", "escape": "\x1b"}

# The screen ---------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"\x1b\[(?P<args>[0-9;?<>=:]*)[ -/]*(?P<final>[@-~])"  # CSI
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    r"|\x1b[P_^][^\x1b]*\x1b\\"  # DCS, APC, PM
    r"|\x1b[^\[\]P_^]"  # two-byte escapes
    r"|(?P<ctl>[\x00-\x1a\x1c-\x1f])"
    r"|(?P<text>[^\x00-\x1f\x1b]+)",
    re.S,
)
SYNC_START, SYNC_END = "\x1b[?2026h", "\x1b[?2026l"


class Screen:
    """Just enough of a terminal for Textual's output: cursor moves, erases, text."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.cells = [[" "] * columns for _ in range(rows)]
        self.x = self.y = 0
        self.pending = ""

    def feed(self, data: str) -> None:
        data = self.pending + data
        self.pending = ""
        position = 0
        while position < len(data):
            match = _TOKEN.match(data, position)
            if match is None or (match.end() == len(data) and data[position] == "\x1b"
                                 and not match.group("final") and match.group(0) == "\x1b"):
                self.pending = data[position:]  # an escape cut in two by the read
                return
            position = match.end()
            if match.group("text") is not None:
                self._text(match.group("text"))
            elif match.group("final") is not None:
                self._csi(match.group("args"), match.group("final"))
            elif match.group("ctl") == "\r":
                self.x = 0
            elif match.group("ctl") == "\n":
                self.y = min(self.y + 1, self.rows - 1)
        if data.endswith("\x1b") or re.search(r"\x1b(\[[0-9;?<>=:]*|\][^\x07]*)$", data):
            self.pending = data[data.rindex("\x1b"):]

    def _text(self, text: str) -> None:
        for char in text:
            width = get_character_cell_size(char)
            if width == 0:
                continue
            if self.x + width <= self.columns:
                self.cells[self.y][self.x] = char
                if width == 2:
                    self.cells[self.y][self.x + 1] = ""
            self.x += width

    def _csi(self, args: str, final: str) -> None:
        if args.startswith(("?", ">", "<", "=")):
            return
        numbers = [int(n) if n.isdigit() else 0 for n in args.split(";")] if args else []
        first = numbers[0] if numbers else 0
        if final in "Hf":
            row = numbers[0] if numbers else 1
            column = numbers[1] if len(numbers) > 1 else 1
            self.y, self.x = min(max(row, 1), self.rows) - 1, min(max(column, 1), self.columns) - 1
        elif final == "G":
            self.x = max(first, 1) - 1
        elif final == "A":
            self.y = max(self.y - max(first, 1), 0)
        elif final == "B":
            self.y = min(self.y + max(first, 1), self.rows - 1)
        elif final == "C":
            self.x = min(self.x + max(first, 1), self.columns - 1)
        elif final == "D":
            self.x = max(self.x - max(first, 1), 0)
        elif final == "K":
            line = self.cells[self.y]
            start, end = {0: (self.x, self.columns), 1: (0, self.x + 1)}.get(
                first, (0, self.columns)
            )
            line[start:end] = [" "] * (end - start)
        elif final == "J" and first in (2, 3):
            self.cells = [[" "] * self.columns for _ in range(self.rows)]

    def text(self) -> str:
        return "\n".join("".join(line) for line in self.cells)


class Terminal:
    """A process in a pseudo-terminal, its output read into a :class:`Screen`."""

    def __init__(
        self, argv: list[str], env: dict[str, str], columns: int = 120, rows: int = 40
    ) -> None:
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child
            os.execve(argv[0], argv, env)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.screen = Screen(columns, rows)
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.in_sync = False
        self.tail = ""
        self.unread = ""
        """Output read but not yet put on the screen (see :meth:`_read`)."""
        self.arrived: list[tuple[int, float]] = []
        """When each piece of output not yet on the screen was read: (where it ends in all
        the output read, the time)."""
        self.read_chars = self.shown_chars = 0
        """Characters of output read so far, and put on the screen so far."""
        self.rss_kb = 0

    def _read(self, timeout: float) -> float | None:
        """Read what is there (waiting up to ``timeout``); the time it came, or None.

        What is read is only kept here, and put on the screen (:meth:`_show`) once nothing
        more is waiting: this script's own parsing, in Python, is slower than a terminal's,
        and it must not delay the reading of the rest of a frame (whose time is the one
        measured)."""
        ready, _, _ = select.select([self.fd], [], [], max(timeout, 0))
        if not ready:
            return None
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError:
            raise EOFError from None
        if not data:
            raise EOFError
        came = time.perf_counter()
        text = self.decoder.decode(data)
        if "\x1b[?2026$p" in text:  # "do you synchronise output?" - yes, as real terminals
            os.write(self.fd, b"\x1b[?2026;2$y")
        self.unread += text
        self.read_chars += len(text)
        self.arrived.append((self.read_chars, came))
        seen = self.tail + text  # a marker may be cut in two by the read
        self.tail = seen[-len(SYNC_END):]
        start, end = seen.rfind(SYNC_START), seen.rfind(SYNC_END)
        if start >= 0 or end >= 0:
            self.in_sync = start > end
        return came

    def _show(self, length: int | None = None) -> float:
        """Put what was read on the screen (its first ``length`` characters); when the
        last of it came."""
        shown = self.unread if length is None else self.unread[:length]
        self.screen.feed(shown)
        self.unread = self.unread[len(shown):]
        self.shown_chars += len(shown)
        came = next((t for end, t in self.arrived if end >= self.shown_chars), 0.0)
        self.arrived = [(end, t) for end, t in self.arrived if end > self.shown_chars]
        return came

    def _frames(self) -> list[tuple[str, float]]:
        """Put what was read on the screen one whole frame at a time: the screen's text
        after each, and when the frame came. A burst of frames (a bot's turn played out at
        once) may show a line that a later frame of the same burst scrolls away; and a
        frame that follows another at once (a toast after a push-back) must not count as
        the time of the first."""
        frames = []
        while SYNC_END in self.unread:
            came = self._show(self.unread.index(SYNC_END) + len(SYNC_END))
            frames.append((self.screen.text(), came))
        if self.unread:
            came = self._show()
            frames.append((self.screen.text(), came))
        return frames

    def wait(self, done: Callable[[str], bool], timeout: float = 30.0) -> float:
        """Read until ``done(screen text)`` holds on a whole frame; when that frame came."""
        deadline = time.perf_counter() + timeout
        came: float | None = None
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                self._show()
                raise TimeoutError(self.screen.text())
            got = self._read(left if came is None else 0.0)
            if got is not None:
                came = got
                continue
            frames = self._frames()
            if came is not None and not self.in_sync:
                for text, frame_came in frames:
                    if done(text):
                        return frame_came
            came = None

    def settle(self, quiet: float = 0.05, timeout: float = 10.0) -> None:
        """Read until the process has written nothing for ``quiet`` seconds."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if self._read(quiet) is None:
                break
        self._show()

    def press(self, key: str) -> float:
        os.write(self.fd, KEYS.get(key, key).encode())
        return time.perf_counter()

    def close(self) -> None:
        # The peak RSS of the program itself: Linux carries ru_maxrss over an exec, so a
        # child would report at least this script's own size.
        status = Path(f"/proc/{self.pid}/status").read_text()
        self.rss_kb = int(status.split("VmHWM:")[1].split()[0])
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)

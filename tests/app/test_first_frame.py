"""The first frame a terminal gets is the whole first screen (issue 9: launch).

Textual holds updates back while it mounts the app and drops a frame drawn meanwhile; the
first screen is pushed from the app's on_mount, inside that hold, so its whole first frame
was dropped and the terminal got the screen in pieces, the whole of it only two or three
frames later (``textual_shim.FrameOut``). Here ``monza`` runs in a pseudo-terminal that says it
synchronises output (as real terminals do, so that Textual marks where each frame ends),
and the screen after the first frame is read with the pyte terminal emulator."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pyte
import pytest

COLUMNS, ROWS = 120, 40
SYNC_QUERY, SYNC_YES = b"\x1b[?2026$p", b"\x1b[?2026;2$y"
SYNC_END = b"\x1b[?2026l"


def first_frame(args: list[str], home: Path) -> str:
    """The screen's text once the first frame ``monza args`` writes is over."""
    env = dict(os.environ, MONZA_HOME=str(home), TERM="xterm-256color", LANG="C.UTF-8",
               LC_ALL="C.UTF-8", LANGUAGE="en")
    env.pop("NO_COLOR", None)
    pid, fd = pty.fork()
    if pid == 0:  # the child: a terminal of our size, then monza
        fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        os.execve(sys.executable, [sys.executable, "-m", "monza_tui.cli", *args], env)
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.ByteStream(screen)
    data = b""
    deadline = time.monotonic() + 30
    try:
        while SYNC_END not in data:
            assert time.monotonic() < deadline, "no frame came"
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                got = os.read(fd, 65536)
                if SYNC_QUERY in got:
                    os.write(fd, SYNC_YES)
                data += got
        stream.feed(data[: data.index(SYNC_END) + len(SYNC_END)])
        return "\n".join(screen.display)
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        ((), ("Monza: set up a race", "Player 1", "Player 2", "Start race", "^q Quit")),
        (("play", "--board", "long", "--player", "Ann", "--player", "Ben", "--seed", "5"),
         ("Ann", "Ben", "Round 1", "╭─", "^q Quit")),
    ],
    ids=["set-up", "race"],
)
def test_the_first_frame_is_the_whole_first_screen(
    args: tuple[str, ...], shown: tuple[str, ...], tmp_path: Path
) -> None:
    text = first_frame(list(args), tmp_path)
    missing = [part for part in shown if part not in text]
    assert not missing, text

"""Helpers of the web tests: ``monza serve`` in a process of its own on a free port, and a
terminal emulator (pyte) that reads the game's screen from the bytes a browser gets."""

from __future__ import annotations

import os
import re
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pyte

STARTUP_SECONDS = 30.0
"""Longest wait for the server's first line (a loaded machine imports slowly)."""


@contextmanager
def serving(root: Path, *flags: str, logs: list[str] | None = None) -> Iterator[str]:
    """Run ``monza serve --port 0 --visitors ROOT`` (bots without pause, no animation) and
    give its address; stopped with SIGTERM at the end, which must end every game it
    started too (its process group empties), else they are killed and the test fails.
    ``logs`` gets the lines the server wrote to its stderr."""
    env = dict(os.environ, LANGUAGE="en", LC_ALL="C.UTF-8")
    for name in ("MONZA_WEB", "MONZA_EMOJI", "MONZA_CONFIG"):
        env.pop(name, None)
    command = [sys.executable, "-m", "monza_tui.cli", "serve", "--port", "0", "--visitors",
               str(root), "--bot-delay", "0", "--no-animation", *flags]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=env, start_new_session=True)
    left = False
    try:
        yield _address(process)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        left = _group_left(process.pid)
        if logs is not None and process.stderr is not None:
            logs.extend(process.stderr.read().decode(errors="replace").splitlines())
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
    assert not left, "monza serve left a game running after it stopped"


def _group_left(group: int, seconds: float = 10.0) -> bool:
    """Whether processes of the server's group (its games) outlive it by ``seconds``;
    those are killed."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return False
        time.sleep(0.05)
    os.killpg(group, signal.SIGKILL)
    return True


def _address(process: subprocess.Popen[bytes]) -> str:
    """The address in the server's first line, waited for at most STARTUP_SECONDS."""
    assert process.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + STARTUP_SECONDS
    line = b""
    while not line.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not selector.select(left):
            raise AssertionError("monza serve did not say its address in time")
        chunk = os.read(process.stdout.fileno(), 1)
        if not chunk:
            assert process.stderr is not None
            raise AssertionError(f"monza serve ended: {process.stderr.read().decode()}")
        line += chunk
    found = re.search(r"http://\S+/", line.decode())
    assert found, line
    return found.group(0)


class Terminal:
    """What a visitor's terminal shows, from the bytes the game sends."""

    def __init__(self, width: int, height: int) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def flat(self) -> str:
        """The screen as one line of words (a sentence wrapped over lines reads whole)."""
        return " ".join(self.text().split())


def games_of(root: Path) -> list[int]:
    """The process ids of the games running now for the visitors under ``root`` (the
    game's own process: ``python -m monza_tui.web.visitor`` with a home there)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            if b"monza_tui.web.visitor" not in argv:
                continue
            environment = (entry / "environ").read_bytes().split(b"\0")
        except OSError:  # (it ended meanwhile)
            continue
        if any(line.startswith(f"MONZA_HOME={root}/".encode()) for line in environment):
            found.append(int(entry.name))
    return found

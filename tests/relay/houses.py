"""Helpers of the houses tests (tests/relay/test_houses.py): a `monza relay` process that
can be killed and started again on its port, the ports a process listens on (read from
/proc), a house's kept record checked by `monza replay --check`, and a browser guest with
the same three methods as a terminal (``text``, ``send``, ``pump``), so that the terminal
tests' helpers (tests/net/test_app_commands.py) drive it too. Every wait has a deadline."""

from __future__ import annotations

import os
import re
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from web.test_browser import Screen

STARTUP_SECONDS = 30.0
"""Longest wait for the relay's listening line (a loaded machine imports slowly)."""
LISTEN = re.compile(r"The relay listens at ws://127\.0\.0\.1:(\d+); ")


class RelayProcess:
    """``monza relay --host 127.0.0.1`` in a process of its own; its log (JSON lines on
    stderr) goes to a file, so that a long race never fills a pipe nobody reads."""

    def __init__(self, folder: Path, port: int = 0) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.log = folder / f"relay-{time.monotonic_ns()}.log"
        env = dict(os.environ, LANGUAGE="en", LC_ALL="C.UTF-8")
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "monza_tui.cli", "relay", "--host", "127.0.0.1",
                 "--port", str(port)],
                stdout=subprocess.PIPE, stderr=log, env=env)
        self.port = self._listening()
        assert port in (0, self.port)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        return self.process.pid

    def _listening(self) -> int:
        """The port of its one line, waited for at most STARTUP_SECONDS."""
        stdout = self.process.stdout
        assert stdout is not None
        selector = selectors.DefaultSelector()
        selector.register(stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + STARTUP_SECONDS
        line = b""
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not selector.select(left):
                raise AssertionError("monza relay did not say where it listens in time")
            chunk = os.read(stdout.fileno(), 1)
            if not chunk:
                raise AssertionError(f"monza relay ended: {self.log.read_text()}")
            line += chunk
        found = LISTEN.match(line.decode())
        assert found, line
        return int(found.group(1))

    def kill(self) -> None:
        """SIGKILL: no goodbye to anyone, its lines just break."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=20)
        if self.process.stdout is not None:
            self.process.stdout.close()


def listening_ports(pid: int) -> set[int]:
    """The TCP ports process ``pid`` listens on (Linux): the inodes of its sockets
    (/proc/PID/fd) among the sockets in state LISTEN (0A) of /proc/net/tcp and tcp6."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:  # (closed meanwhile)
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:["):-1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        lines = Path(table).read_text().splitlines()[1:]
        for line in lines:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == "0A" and inode in inodes:
                ports.add(int(local.rsplit(":", 1)[1], 16))
    return ports


def kept_record(home: Path) -> Path:
    """The one race a house's history holds (``MONZA_HOME/history``)."""
    kept = sorted((home / "history").glob("*.jsonl"))
    assert len(kept) == 1, (home, kept)
    return kept[0]


def replay_check(path: Path, home: Path) -> str:
    """``monza replay --check`` of ``path``: it passes, and what it said."""
    check = subprocess.run(
        [sys.executable, "-m", "monza_tui.cli", "replay", str(path), "--check"],
        capture_output=True, text=True, timeout=60,
        env=dict(os.environ, MONZA_HOME=str(home), LANGUAGE="en", LC_ALL="C.UTF-8"))
    assert check.returncode == 0, (path, check.stdout, check.stderr)
    return check.stdout


def race_lines(text: str) -> list[str]:
    """A record's lines after its first (the race itself, whoever kept it)."""
    return text.splitlines()[1:]


def panel_top(term: object, rows: int = 4) -> str:
    """The first rows of a terminal's side panel as one line: whose turn and whom this
    terminal waits for, or that its line to the host is lost (a state, not the log)."""
    display = term.screen.display[:rows]  # type: ignore[attr-defined]
    return " ".join(" ".join(line.split("▏")[-1].split()) for line in display)


def said(term: object) -> str:
    """What a terminal's panel and its notices say, as one line: a notice (drawn over the
    panel's last rows, each row marked ▌) reads whole like the log beneath it."""
    return " ".join(term.panel().replace("▌", " ").split())  # type: ignore[attr-defined]


KEYS = {b" ": "Space", b"\r": "Enter", b"\x1b": "Escape", b"k": "k", b"q": "q", b"d": "d"}
"""The keys the terminal helpers send, as Playwright names them."""


class BrowserSeat:
    """A guest in Chromium (``monza serve``), driven like a terminal: what its page shows,
    a key pressed on it, and time for the page's frames to come in."""

    def __init__(self, page: Page, screen: Screen) -> None:
        self.page = page
        self.screen = screen

    def text(self) -> str:
        return self.screen.flat()

    def send(self, keys: bytes) -> None:
        # (the terminal keeps the keyboard's focus, as a person's click gives it back)
        self.page.focus(".xterm-helper-textarea")
        self.page.keyboard.press(KEYS[keys])

    def send_key(self, name: str) -> None:
        """A key by Playwright's name (F3)."""
        self.page.focus(".xterm-helper-textarea")
        self.page.keyboard.press(name)

    def pump(self, timeout: float = 0.05) -> None:
        self.page.wait_for_timeout(timeout * 1000)

    def paste(self, text: str) -> None:
        """``text`` pasted into the terminal, as a person's Ctrl+V does: the browser's
        paste event, which xterm.js passes on as a bracketed paste."""
        self.page.focus(".xterm-helper-textarea")
        self.page.evaluate(
            """text => {
                const area = document.querySelector('.xterm-helper-textarea');
                const data = new DataTransfer();
                data.setData('text/plain', text);
                area.dispatchEvent(new ClipboardEvent(
                    'paste', {clipboardData: data, bubbles: true, cancelable: true}));
            }""", text)

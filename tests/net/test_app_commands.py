"""`monza host` and `monza join` as a person runs them: two real processes in terminals
(pseudo-terminals read through the pyte terminal emulator), the invitation read off the
host's screen, a whole race played by keys on both, each home's history holding the race
afterwards (`monza replay --check` passes). Bounded in time."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pyte
import pytest

LIMIT = 150.0
"""Seconds the whole test may take at most."""
COLUMNS, ROWS = 120, 40
INVITE = re.compile(r"monza join (\S+):(\d+) ([2-9A-Z]{3}-[2-9A-Z]{3}) --name Ben")
"""Ben's line on the host's invitation (each remote seat has its own, with its name)."""


class Term:
    """A process in a pseudo-terminal, its screen as pyte reads it."""

    def __init__(self, args: list[str], home: Path) -> None:
        env = dict(os.environ, MONZA_HOME=str(home), TERM="xterm-256color",
                   LANG="C.UTF-8", LC_ALL="C.UTF-8", LANGUAGE="en")
        env.pop("NO_COLOR", None)
        pid, fd = pty.fork()
        if pid == 0:  # the child: a terminal of our size, then monza
            fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
            os.execve(sys.executable, [sys.executable, "-m", "monza_tui.cli", *args], env)
        self.pid, self.fd = pid, fd
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.status: int | None = None

    def pump(self, timeout: float = 0.05) -> None:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                data = b""
            if data:
                self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def panel(self) -> str:
        """The side panel's words as one line (right of the board's edge, ▏): a sentence
        wrapped over the panel's lines reads whole."""
        return " ".join(" ".join(line.split("▏")[-1].split()) for line in self.screen.display)

    def send(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def exited(self) -> bool:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status is not None

    def close(self) -> None:
        if not self.exited():
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


def wait(terms: list[Term], check: Callable[[], bool], deadline: float) -> None:
    while not check():
        assert time.monotonic() < deadline, "\n\n".join(t.text() for t in terms)
        for term in terms:
            term.pump(0.02)


def key_for(text: str) -> bytes | None:
    """The key a person presses on this screen now (None: not their turn)."""
    if "Enter: back to the race" in text:
        return b"\x1b"  # the host's invitation, over the race
    if "Roll the dice" in text:
        return b" "
    if "Extra roll" in text:
        return b"k"
    if any(words in text for words in ("Place a die", "No die fits", "Every die is placed",
                                       "Bonus move:", "Turbo: place")):
        return b"\r"
    return None


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")
def test_host_and_join_race_by_keys_in_two_terminals(tmp_path: Path) -> None:
    deadline = time.monotonic() + LIMIT
    host = Term(["host", "--board", "oval", "--player", "Ann", "--remote", "Ben",
                 "--port", "0", "--bot-delay", "0", "--no-animation"], tmp_path / "host")
    terms = [host]
    try:
        wait(terms, lambda: INVITE.search(host.text()) is not None, deadline)
        found = INVITE.search(host.text())
        assert found is not None
        _address, port, code = found.groups()
        guest = Term(["join", f"127.0.0.1:{port}", code, "--name", "Ben", "--no-animation"],
                     tmp_path / "guest")
        terms.append(guest)
        wait(terms, lambda: "Ben: here" in host.text(), deadline)
        host.send(b"\r")  # the invitation's Enter: to the race
        wait(terms, lambda: "Roll the dice" in host.text()
             and "Waiting for Ann" in guest.text(), deadline)
        while not all("The race is over" in t.text() for t in terms):
            assert time.monotonic() < deadline, "\n\n".join(t.text() for t in terms)
            for term in terms:
                before = term.text()
                key = key_for(before)
                if key is not None:
                    term.send(key)
                    end = time.monotonic() + 2
                    while term.text() == before and time.monotonic() < end:
                        term.pump(0.02)
                else:
                    term.pump(0.02)
        for term in terms:
            term.send(b"q")
        wait(terms, lambda: all(t.exited() for t in terms), deadline)
        assert [t.status for t in terms] == [0, 0]
    finally:
        for term in terms:
            term.close()
    for home in ("host", "guest"):
        kept = list((tmp_path / home / "history").glob("*.jsonl"))
        assert len(kept) == 1, home
        check = subprocess.run([sys.executable, "-m", "monza_tui.cli", "replay", str(kept[0]),
                                "--check"], capture_output=True, text=True, timeout=60,
                               env=dict(os.environ, MONZA_HOME=str(tmp_path / home)))
        assert check.returncode == 0, check.stderr
    host_lines = (tmp_path / "host" / "history").glob("*.jsonl").__next__().read_text()
    guest_lines = (tmp_path / "guest" / "history").glob("*.jsonl").__next__().read_text()
    assert host_lines.splitlines()[1:] == guest_lines.splitlines()[1:]  # the same race


def _turns(terms: list[Term], until: Callable[[], bool], deadline: float) -> None:
    """Every terminal plays its turns by keys until ``until()``."""
    while not until():
        assert time.monotonic() < deadline, "\n\n".join(t.text() for t in terms)
        for term in terms:
            if until():  # (checked before each key: a key sent now could play past it)
                return
            before = term.text()
            key = key_for(before)
            if key is not None:
                term.send(key)
                end = time.monotonic() + 2
                while term.text() == before and time.monotonic() < end:
                    term.pump(0.02)
            else:
                term.pump(0.02)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")
def test_a_killed_guest_rejoins_and_a_killed_host_resumes(tmp_path: Path) -> None:
    deadline = time.monotonic() + LIMIT
    flags = ["--port", "0", "--bot-delay", "0", "--no-animation", "--grace", "30"]
    host = Term(["host", "--board", "oval", "--player", "Ann", "--remote", "Ben", *flags],
                tmp_path / "host")
    terms = [host]
    try:
        wait(terms, lambda: INVITE.search(host.text()) is not None, deadline)
        found = INVITE.search(host.text())
        assert found is not None
        _address, port, code = found.groups()
        join = ["join", f"127.0.0.1:{port}", code, "--name", "Ben", "--no-animation"]
        guest = Term(join, tmp_path / "guest")
        terms.append(guest)
        wait(terms, lambda: "Ben: here" in host.text(), deadline)
        host.send(b"\r")
        # Ann's turn, then Ben rolls: his terminal is killed mid-turn.
        _turns(terms, lambda: "Roll the dice" in guest.text(), deadline)
        guest.send(b" ")
        wait(terms, lambda: key_for(guest.text()) == b"\r", deadline)
        guest.close()
        terms.remove(guest)
        wait(terms, lambda: re.search(r"Ben is away \(\d+ s\)", host.text()) is not None,
             deadline)
        # Ben runs monza join again: his car, mid-turn.
        guest = Term(join, tmp_path / "guest")
        terms.append(guest)
        wait(terms, lambda: key_for(guest.text()) == b"\r" and "Waiting for Ben" in host.text(),
             deadline)
        # The host's process is killed; monza host --resume on the same port: Ben's
        # terminal finds it again by itself.
        host.close()
        terms.remove(host)
        wait(terms, lambda: "The connection to the host is lost" in guest.panel(), deadline)
        host = Term(["host", "--resume", "--port", port, "--bot-delay", "0", "--no-animation"],
                    tmp_path / "host")
        terms.insert(0, host)
        wait(terms, lambda: "Connected to the host again." in guest.panel(), deadline)
        # (the invitation may come first, with the same code, while Ben is not back yet)
        wait(terms, lambda: "Waiting for Ben" in host.text()
             or "Give each person elsewhere" in host.text(), deadline)
        assert code in host.text() or "Give each person elsewhere" not in host.text()
        _turns(terms, lambda: all("The race is over" in t.text() for t in terms), deadline)
        for term in terms:
            term.send(b"q")
        wait(terms, lambda: all(t.exited() for t in terms), deadline)
        assert [t.status for t in terms] == [0, 0]
    finally:
        for term in terms:
            term.close()
    for home in ("host", "guest"):
        assert len(list((tmp_path / home / "history").glob("*.jsonl"))) == 1, home

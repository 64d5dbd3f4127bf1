"""The line game at a real terminal: lines are read with editing and history (readline),
so ↑ brings back the last line typed, as in a shell."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

MONZA = Path(sys.executable).parent / "monza"


def read_until(fd: int, wanted: bytes, seconds: float = 20.0) -> bytes:
    seen = b""
    deadline = time.monotonic() + seconds
    while wanted not in seen:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no {wanted!r} in {seen[-600:]!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                seen += os.read(fd, 4096)
            except OSError:
                break
    return seen


@pytest.mark.skipif(sys.platform == "win32" or not MONZA.exists(),
                    reason="a POSIX terminal and the installed monza command")
def test_up_arrow_brings_back_the_last_line(tmp_path: Path) -> None:
    main, child = os.openpty()
    env = {**os.environ, "MONZA_HOME": str(tmp_path), "LANGUAGE": "en", "TERM": "xterm"}
    process = subprocess.Popen(
        [str(MONZA), "play", "--plain", "--board", "oval", "--player", "Ann", "--bot",
         "greedy", "--seed", "4"],
        stdin=child, stdout=child, stderr=child, env=env, close_fds=True)
    os.close(child)
    try:
        read_until(main, b"> ")
        os.write(main, b"help\r")
        first = read_until(main, b"> ")
        os.write(main, b"\x1b[A\r")  # ↑ and Enter: "help" again, from the history
        again = read_until(main, b"> ")
        assert b"not a choice" not in again, again
        # The same help, said twice: the line came back whole from the history.
        assert first.count(b"\n") > 3 and again.split(b"\n")[-4:] == first.split(b"\n")[-4:]
        os.write(main, b"quit\r")
        process.wait(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(main)

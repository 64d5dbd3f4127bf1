"""A flood of idle connections against the headless host as a real process with few file
descriptors (256): the race of computer drivers goes on, its watcher hears it to the end,
and the save ends with the result line. Loopback only; the flood is bounded in count and
time and closed at the end."""

from __future__ import annotations

import asyncio
import json
import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from monza_tui.net.doors import MAX_UNPROVEN
from net.helpers import Seat, run

FDS = 256
"""The host's file descriptors at most (soft and hard limit)."""
IDLE = 1_000
"""Idle connections the flood holds open at once (each opened again when the host drops
it)."""
MOST_OPENED = 40_000
"""Connections the flood opens at most in all."""
UPGRADE = (
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)
"""A websocket's opening: half the flood opens its websocket, then never says hello."""


def _few_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FDS, FDS))


def _enough_files() -> None:
    """This process holds the flood's end of every connection."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = IDLE + 200
    if soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.skip(f"the flood needs {wanted} file descriptors; this process has {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


async def _flood(port: int, stop: asyncio.Event) -> int:
    """Hold IDLE idle connections to ``port`` until ``stop``; how many were opened."""
    opened = 0

    async def one(n: int) -> None:
        nonlocal opened
        while not stop.is_set() and opened < MOST_OPENED:
            opened += 1
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection("127.0.0.1", port), 5)
            except (OSError, TimeoutError):
                await asyncio.sleep(0.2)
                continue
            try:
                if n % 2:
                    writer.write(UPGRADE)
                ended = asyncio.create_task(reader.read())  # until the host drops it
                halt = asyncio.create_task(stop.wait())
                await asyncio.wait({ended, halt}, return_when=asyncio.FIRST_COMPLETED)
                for task in (ended, halt):
                    task.cancel()
            except OSError:
                pass
            finally:
                writer.transport.abort()
            await asyncio.sleep(0.05)

    await asyncio.gather(*(one(n) for n in range(IDLE)))
    return opened


@pytest.mark.slow
def test_a_flood_of_idle_connections_neither_wedges_the_host_nor_stops_its_saves(
    tmp_path: Path,
) -> None:
    _enough_files()
    save = tmp_path / "flooded.jsonl"
    command = [sys.executable, "-m", "monza_tui.net.run", "--bot", "greedy", "--bot",
               "greedy", "--bot", "greedy", "--seed", "7", "--bot-delay", "0.03",
               "--port", "0", "--save", str(save), "--linger", "0.5"]
    env = {**os.environ, "MONZA_HOME": str(tmp_path / "home")}
    host = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, preexec_fn=_few_files)
    try:
        assert host.stdout is not None
        invitation = json.loads(host.stdout.readline())

        async def main() -> int:
            watcher = Seat(play=False)
            await watcher.join(f"127.0.0.1:{invitation['port']}", invitation["code"],
                               watch=True)
            stop = asyncio.Event()
            flood = asyncio.create_task(_flood(invitation["port"], stop))
            try:
                await watcher.wait_for(watcher.over.is_set, 45)
            finally:
                stop.set()
                opened = await flood
                assert watcher.client is not None
                await watcher.client.close()
            assert watcher.record is not None and '"result"' in watcher.record
            return opened

        opened = run(main(), 55)
        out, err = host.communicate(timeout=30)
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate(timeout=10)
    assert opened >= IDLE
    assert host.returncode == 0, err
    assert json.loads(out.splitlines()[-1])["over"] is True
    # The host felt the flood and turned it away before it ran out of files.
    felt = re.search(r"(\d+) connections have not given the code yet", err)
    assert felt is not None and int(felt.group(1)) >= MAX_UNPROVEN, err
    assert "Too many open files" not in err
    assert "save failed" not in err
    lines = save.read_text(encoding="utf-8").splitlines()
    assert "result" in json.loads(lines[-1])

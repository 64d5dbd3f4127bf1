"""``monza serve`` under abuse on loopback: tabs opened and closed in a burst never run more
games than ``--most`` nor leave empty visitor folders behind. Bounded in count and time."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

import aiohttp
import pytest

from web.serving import games_of, serving

TABS = 100
AT_ONCE = 10
"""Tabs opening at the same moment."""
MOST = 3
WAIT = 40.0
"""Longest wait for one tab's first frame, and for the games to end after the burst."""


async def _tab(session: aiohttp.ClientSession, address: str, n: int) -> bool:
    """Open one tab's websocket and close it: at once (odd ``n``), or after its first
    frame; whether it was told the server is full."""
    async with session.ws_connect(f"{address}ws?width=80&height=24") as websocket:
        await websocket.send_str(json.dumps(["resize", {"width": 80, "height": 24}]))
        if n % 2:
            return False
        message = await websocket.receive(WAIT)
        return message.type == aiohttp.WSMsgType.BINARY and b"busy" in message.data


@pytest.mark.slow
def test_a_burst_of_tabs_never_runs_more_games_than_most(tmp_path: Path) -> None:
    root = tmp_path / "web"
    seen: list[int] = []

    async def watch(stop: asyncio.Event) -> None:
        while not stop.is_set():
            seen.append(len(games_of(root)))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.02)

    async def main(address: str) -> list[bool]:
        stop = asyncio.Event()
        watching = asyncio.create_task(watch(stop))
        told: list[bool] = []
        async with aiohttp.ClientSession() as session:
            for first in range(0, TABS, AT_ONCE):
                told += await asyncio.gather(*(_tab(session, address, n)
                                               for n in range(first, first + AT_ONCE)))
        # Every game ends (its tab closed) in a bounded time.
        async def ended() -> None:
            while games_of(root):
                await asyncio.sleep(0.1)

        await asyncio.wait_for(ended(), WAIT)
        stop.set()
        await watching
        return told

    # (One address may hold --per-address games, 2 by default: here the tabs all come
    # from this machine, so it may hold as many as --most.)
    with serving(root, "--most", str(MOST), "--per-address", str(MOST)) as address:
        told = asyncio.run(main(address))
    assert max(seen) == MOST  # games ran, never more than --most at once
    assert any(told)  # and one tab too many read why on its page
    # Nothing was kept, so no visitor has a folder: only the server's key is there.
    assert sorted(path.name for path in root.iterdir()) == [".secret"]

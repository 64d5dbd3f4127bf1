"""Who may open a game of ``monza serve``: the server's own page (its Origin), and a few
games per address. The server runs in this process on loopback with a stand-in game (a
process that says it is ready, draws one line and quits when told), so that no test waits
for real games to start."""

from __future__ import annotations

import asyncio
import gc
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from monza_tui.i18n import _
from monza_tui.web.guard import PerAddress, origin_allowed
from monza_tui.web.server import FOREIGN, TOO_MANY_HERE, MonzaServer

LIMIT = 30.0
"""Seconds a test may take at most."""
GAME = r'''
import os, sys
out = sys.stdout.buffer
out.write(b"__GANGLION__\n")
line = b"a game\r\n"
out.write(b"D" + len(line).to_bytes(4, "big") + line)
out.flush()
seen = b""
while b'"quit"' not in seen:
    chunk = os.read(0, 4096)
    if not chunk:
        break
    seen += chunk
'''


def test_only_the_servers_own_page_may_open_a_game() -> None:
    hosts = ("127.0.0.1:8000", None)
    assert origin_allowed("http://127.0.0.1:8000", hosts)
    assert origin_allowed("http://127.0.0.1:8000/", hosts)
    assert origin_allowed("HTTP://LocalHost:8000", ("localhost:8000",))
    assert origin_allowed(None, hosts)  # not a browser: no page to guard against
    assert origin_allowed("https://monza.example", ("127.0.0.1:8000", "monza.example"))
    for foreign in ("http://evil.example", "http://127.0.0.1:8001", "http://127.0.0.1",
                    "null", "", "file://", "ws://127.0.0.1:8000", "http://127.0.0.1:8000/x",
                    "http://127.0.0.1:8000@evil.example", "http://[::1"):
        assert not origin_allowed(foreign, hosts), foreign


def test_games_are_counted_per_address_and_per_ipv6_network() -> None:
    games = PerAddress(2)
    assert games.take("10.0.0.1") and games.take("10.0.0.1")
    assert not games.take("10.0.0.1")
    assert games.take("10.0.0.2")
    games.give_back("10.0.0.1")
    assert games.open("10.0.0.1") == 1 and games.take("10.0.0.1")
    assert games.take("2001:db8::1") and games.take("2001:db8::2")
    assert not games.take("2001:db8::ffff:1")  # the same /64
    assert games.take("2001:db8:0:1::1")


@asynccontextmanager
async def _serving(tmp_path: Path, **options: int) -> AsyncIterator[tuple[MonzaServer, str]]:
    game = tmp_path / "game.py"
    game.write_text(GAME)
    server = MonzaServer(tmp_path / "visitors", port=0,
                         command=f"{sys.executable} {game}", **options)
    runner = web.AppRunner(await server._make_app(), handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield server, f"127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await server.close_games()
        await runner.cleanup()
        # The ended games' pipes are let go while the loop still runs (textual-serve
        # leaves them to the garbage collector).
        gc.collect()
        await asyncio.sleep(0.05)


async def _first_words(websocket: aiohttp.ClientWebSocketResponse) -> str:
    """What the game (or the server) first draws in the page's terminal."""
    message = await asyncio.wait_for(websocket.receive(), 10)
    assert message.type == aiohttp.WSMsgType.BINARY, message
    return bytes(message.data).decode().strip()


async def _closed(websocket: aiohttp.ClientWebSocketResponse) -> bool:
    message = await asyncio.wait_for(websocket.receive(), 10)
    return message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)


def test_a_websocket_from_another_sites_page_is_refused(tmp_path: Path) -> None:
    async def main() -> None:
        async with _serving(tmp_path) as (server, address), aiohttp.ClientSession() as http:
            url = f"http://{address}/ws/plain"
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(url, origin="http://evil.example")
            assert refused.value.status == 403
            # The answer is a plain line, in words (a browser shows it, a script cannot
            # read it).
            upgrade = {"Origin": "http://evil.example", "Upgrade": "websocket",
                       "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
                       "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
            async with http.get(url, headers=upgrade) as response:
                assert response.status == 403
                assert await response.text() == _(FOREIGN).format(
                    address=f"http://{address}/") + "\n"
            assert server.games == set()
            # The server's own page, and a client that is not a browser: a game each.
            for origin in (f"http://{address}", None):
                websocket = await http.ws_connect(url, origin=origin)
                assert await _first_words(websocket) == "a game"
                await websocket.close()

    asyncio.run(asyncio.wait_for(main(), LIMIT))


def test_one_address_holds_at_most_its_share_of_the_games(tmp_path: Path) -> None:
    async def main() -> None:
        async with _serving(tmp_path, most=5, per_address=2) as (server, address):
            url = f"http://{address}/ws/plain"
            here = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(local_addr=("127.0.0.1", 0)))
            there = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(local_addr=("127.0.0.2", 0)))
            async with here, there:
                # Two idle games from one address; the third is refused in words.
                first = await here.ws_connect(url)
                second = await here.ws_connect(url)
                for websocket in (first, second):
                    assert await _first_words(websocket) == "a game"
                third = await here.ws_connect(url)
                assert await _first_words(third) == _(TOO_MANY_HERE).format(most=2)
                assert await _closed(third)
                assert len(server.games) == 2
                # Another address still gets a game.
                elsewhere = await there.ws_connect(url)
                assert await _first_words(elsewhere) == "a game"
                # A game closed gives its address a place again.
                await first.close()
                for _round in range(1000):
                    if server.addresses.open("127.0.0.1") == 1:
                        break
                    await asyncio.sleep(0.01)
                again = await here.ws_connect(url)
                assert await _first_words(again) == "a game"
                assert server.addresses.open("127.0.0.1") == 2
                for websocket in (second, elsewhere, again):
                    await websocket.close()

    asyncio.run(asyncio.wait_for(main(), LIMIT))

"""One visitor too many at ``monza serve``: the page and the websocket say plainly that
every table is busy, how many there are, and to try again in a minute; never that "the
game is closed" (issue 29: a first visitor read that their races were saved)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from monza_tui.web.server import MonzaServer, full_words
from web.test_browser import ARGS, CHROMIUM

BUSY_ONE = "The one table here is busy: someone is playing. Please try again in a minute."
BUSY_MANY = ("All 20 tables here are busy: 20 games are being played. Please try again in "
             "a minute.")


def test_the_busy_words_name_the_tables_and_say_to_try_again() -> None:
    assert full_words(None, 1) == BUSY_ONE
    assert full_words(None, 20) == BUSY_MANY
    assert full_words("en", 20) == BUSY_MANY


def test_a_visitor_too_many_reads_that_the_tables_are_busy(tmp_path: Path) -> None:
    async def main() -> None:
        server = MonzaServer(tmp_path, most=1)
        server.games.add(object())  # type: ignore[arg-type]  (the one table is taken)
        async with TestClient(TestServer(await server._make_app())) as client:
            page = await (await client.get("/", headers={"Accept-Language": "en"})).text()
            # The page holds the words for a busy server, apart from those of a game
            # that ended (the page shows one or the other by how the websocket closed).
            assert f"<p>{BUSY_ONE}</p>" in page
            assert 'class="dialog busy"' in page and "event.code === 1013" in page
            websocket = await client.ws_connect("/ws")
            message = await asyncio.wait_for(websocket.receive(), 10)
            assert message.type is aiohttp.WSMsgType.BINARY
            assert message.data.decode() == f"\r\n  {BUSY_ONE}\r\n"
            closing = await asyncio.wait_for(websocket.receive(), 10)
            assert closing.type is aiohttp.WSMsgType.CLOSE
            assert websocket.close_code == aiohttp.WSCloseCode.TRY_AGAIN_LATER == 1013
            assert "closed" not in message.data.decode()

    asyncio.run(main())


@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's Chromium")
def test_a_browser_shows_the_busy_words_and_titles_the_tab(tmp_path: Path) -> None:
    """In Chromium: a full server's page shows the busy words (not "the game is closed"),
    and the title a game writes for its terminal (OSC 2) becomes the tab's."""
    from playwright.async_api import async_playwright

    async def main() -> None:
        server = MonzaServer(tmp_path, most=1)
        server.games.add(object())  # type: ignore[arg-type]  (the one table is taken)
        app = await server._make_app()

        async def titled(request: web.Request) -> web.WebSocketResponse:
            # A game's bytes with the title the race screen writes when a turn is yours.
            socket = web.WebSocketResponse()
            await socket.prepare(request)
            await socket.send_bytes("\x1b[2J\x1b]2;Your turn – Monza\x07 the screen".encode())
            await asyncio.sleep(10)
            return socket

        app.router.add_get("/titled", titled)
        async with TestServer(app) as served, async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                       args=ARGS)
            try:
                page = await browser.new_page()
                await page.goto(str(served.make_url("/")))
                await page.wait_for_selector("body.-busy", timeout=20_000)
                assert await page.is_visible(".busy")
                assert not await page.is_visible(".ended")
                assert await page.inner_text(".busy p") == BUSY_ONE
                title = await page.evaluate("""url => new Promise(done => {
                    const socket = new WebSocket(url);
                    socket.binaryType = "arraybuffer";
                    socket.addEventListener("message", () => setTimeout(
                        () => done(document.title), 50));
                })""", str(served.make_url("/titled")).replace("http", "ws", 1))
                assert title == "Your turn – Monza"
            finally:
                await browser.close()

    asyncio.run(asyncio.wait_for(main(), 60))

"""``monza serve`` over its websocket, as the page's script speaks it: ``["resize", ...]``
and ``["stdin", keys]`` in, the terminal's bytes out, read through a terminal emulator
(pyte). Every visitor is kept apart: a race one visitor left is offered to that visitor
only. Every wait is bounded."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import aiohttp
import pytest

from monza_tui.i18n import _
from monza_tui.web import visitors
from monza_tui.wording.going_on import MESSAGES as GOING_ON
from web.serving import Terminal, serving

WIDTH, HEIGHT = 140, 40
WAIT = 60.0
"""Longest wait for one screen (a game's process starts on a loaded machine)."""
SET_UP = "Monza: set up a race"
OFFER = "An unfinished race is saved"


class Visit:
    """One browser tab's game: a websocket and the screen it draws."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self.websocket = websocket
        self.terminal = Terminal(WIDTH, HEIGHT)
        self.closed = False

    async def keys(self, text: str) -> None:
        await self.websocket.send_str(json.dumps(["stdin", text]))

    async def until(self, wanted: Callable[[str], bool], what: str) -> str:
        """Read until the screen (as one line of words) is ``wanted``; fails after WAIT."""
        async def read() -> str:
            while not wanted(self.terminal.flat()):
                message = await self.websocket.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.terminal.feed(message.data)
                elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                      aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.ERROR):
                    self.closed = True
                    raise AssertionError(f"closed before {what}:\n{self.terminal.text()}")
            return self.terminal.flat()

        try:
            return await asyncio.wait_for(read(), WAIT)
        except TimeoutError:
            raise AssertionError(f"no {what} in {WAIT} s:\n{self.terminal.text()}") from None

    async def see(self, words: str) -> str:
        return await self.until(lambda screen: words in screen, repr(words))

    async def until_closed(self) -> None:
        async def read() -> None:
            while True:
                message = await self.websocket.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.terminal.feed(message.data)
                elif message.type != aiohttp.WSMsgType.TEXT:
                    return

        await asyncio.wait_for(read(), WAIT)


async def visit(session: aiohttp.ClientSession, address: str) -> Visit:
    """Open the page (its cookie) and the game's websocket, as the page's script does."""
    async with session.get(address) as page:
        assert page.status == 200
        assert 'data-session-websocket-url="ws://' in await page.text()
    websocket = await session.ws_connect(f"{address}ws?width={WIDTH}&height={HEIGHT}")
    await websocket.send_str(json.dumps(["resize", {"width": WIDTH, "height": HEIGHT}]))
    return Visit(websocket)


def browser() -> aiohttp.ClientSession:
    # unsafe: keep cookies of an IP address (127.0.0.1), as a browser does.
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


def visitor_folders(root: Path) -> list[Path]:
    return sorted(path for path in root.iterdir() if path.is_dir())


def test_the_set_up_screen_reaches_the_browser(tmp_path: Path) -> None:
    async def main(address: str) -> None:
        async with browser() as session:
            tab = await visit(session, address)
            # (The screen comes in several writes: wait for all of it.)
            wanted = (_(SET_UP), _("Board"), _("Players"), _("Start race"))
            await tab.until(lambda screen: all(words in screen for words in wanted),
                            repr(wanted))
            await tab.keys("\x11")  # ctrl+q: no race on, the game ends
            await tab.until_closed()

    with serving(tmp_path / "web") as address:
        asyncio.run(main(address))
    # Nothing was kept, so the visitor has no folder yet.
    assert visitor_folders(tmp_path / "web") == []


def test_each_visitor_is_offered_only_their_own_race(tmp_path: Path) -> None:
    root = tmp_path / "web"
    question = str(GOING_ON["go_on.quit_question.web"])
    assert "open this page again" in question  # the part that fits one line of the dialog

    async def main(address: str) -> None:
        async with browser() as ann, browser() as ben:
            # Ann starts a race and quits it: the browser's words, not "monza resume".
            tab = await visit(ann, address)
            await tab.see(_(SET_UP))
            await tab.keys("\x13")  # ctrl+s: start the race
            await tab.see(_("Roll"))
            await tab.keys(" ")  # roll: now there is something to save
            await tab.see(_("Take back"))
            await tab.keys("\x11")  # ctrl+q: quit?
            screen = await tab.see("open this page again")
            assert "Quit the race?" in screen and "monza resume" not in screen
            await tab.keys("y")
            await tab.until_closed()
            # Ben, in another browser, gets a set-up screen and no offer.
            other = await visit(ben, address)
            screen = await other.until(
                lambda text: _(SET_UP) in text and _("Start race") in text, "Ben's set-up")
            assert OFFER not in screen
            await other.keys("\x11")
            await other.until_closed()
            # Ann, back in her browser, is offered her race.
            again = await visit(ann, address)
            await again.see(_(OFFER))
            await again.keys("n")  # a new race: the save stays (forget is on start)

    with serving(root) as address:
        asyncio.run(main(address))
    # Ann's folder (her MONZA_HOME, named by the id in her cookie) holds her save, private
    # to the server's user; Ben kept nothing, so he has no folder.
    (home,) = visitor_folders(root)
    assert visitors.home_of(root, home.name) == home
    assert len(sorted((home / "saves").glob("*.jsonl"))) == 1
    assert home.stat().st_mode & 0o777 == 0o700


def test_the_page_speaks_the_browser_language_and_signs_its_cookie(tmp_path: Path) -> None:
    async def main(address: str) -> None:
        async with browser() as session:
            headers = {"Accept-Language": "de-CH, fr;q=0.8", "Host": "example.test:8123"}
            async with session.get(address, headers=headers) as page:
                text = await page.text()
                cookie = page.headers["Set-Cookie"]
            # The websocket's address is the one the visitor used (a proxy, another name), with
            # the page's language (a browser need not send Accept-Language with it).
            assert 'data-session-websocket-url="ws://example.test:8123/ws/de"' in text
            assert '<html lang="de">' in text and "fonts.googleapis" not in text
            assert cookie.startswith(f"{visitors.COOKIE}=")
            assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
            async with session.get(f"{address}favicon.ico") as icon:
                assert icon.status == 204

    with serving(tmp_path / "web") as address:
        asyncio.run(main(address))


def test_a_stranger_frame_changes_nothing(tmp_path: Path) -> None:
    """Frames that are not the page's messages, or carry values no terminal has, are
    ignored (one log line for them all); the game goes on."""
    junk = ("not json", "[]", '["resize", {"width": "wide"}]', '{"a": 1}', '["stdin"]',
            '["resize", {"width": Infinity, "height": 40}]',
            '["resize", {"width": 80, "height": NaN}]',
            '["resize", {"width": 1e400, "height": 40}]',
            '["resize", {"width": true, "height": 40}]',
            '["resize", {"width": 99999999999999999999999, "height": 40}]',
            '["resize", {"width": -3, "height": 40}]', '["resize", [80, 24]]',
            '["stdin", 5]', json.dumps(["ping", "x" * 1000]), "[" * 5000 + "]" * 5000)
    logs: list[str] = []

    async def main(address: str) -> None:
        async with browser() as session:
            tab = await visit(session, address)
            for frame in junk:
                await tab.websocket.send_str(frame)
            await tab.see(_(SET_UP))
            for frame in junk:
                await tab.websocket.send_str(frame)
            # Still the page's own messages are heard: the game answers a ping and a key.
            await tab.websocket.send_str('["ping", "1"]')
            await tab.keys("\x11")
            pong = False
            while True:
                message = await asyncio.wait_for(tab.websocket.receive(), WAIT)
                if message.type == aiohttp.WSMsgType.TEXT:
                    pong = pong or message.json() == ["pong", "1"]
                elif message.type != aiohttp.WSMsgType.BINARY:
                    break
            assert pong

    with serving(tmp_path / "web", logs=logs) as address:
        asyncio.run(main(address))
    assert [line for line in logs if "Traceback" in line] == []
    assert [line for line in logs if "not the page's" in line] == [
        "a tab sent a message that is not the page's; ignored (and any more)"]


def test_a_made_up_cookie_is_a_new_visitor(tmp_path: Path) -> None:
    root = tmp_path / "web"
    key = visitors.secret(root)
    real = visitors.new_id()
    assert visitors.visitor_of(key, visitors.cookie_value(key, real)) == real
    forged = visitors.cookie_value(b"another server's key 0123456789abcdef", real)
    assert visitors.visitor_of(key, forged) is None
    assert visitors.visitor_of(key, "../../etc.0123456789abcdef0123456789abcdef") is None
    assert visitors.visitor_of(key, real) is None  # unsigned
    with pytest.raises(ValueError):
        visitors.home_of(root, "../escape-attempt-0123456789")

"""``monza serve``: textual-serve runs one game per browser tab, each in the visitor's own
``MONZA_HOME`` (docs/web.md).

textual-serve's ``Server`` answers the page (``/``), the websocket that carries one game's
keys and screen (``/ws``) and the single-use downloads (``/download/KEY``); its
``AppService`` starts the game's process for each websocket. Here:

- the page is our own (``templates/index.html``): in the visitor's language, no fonts
  fetched from elsewhere, the websocket's address taken from the address the visitor used
  (so ``--host 0.0.0.0`` works from another machine), and a check whether the browser
  draws colour emoji (``/ws/emoji`` or ``/ws/plain``: the game shows plain marks instead);
- the page sets the visitor cookie (:mod:`monza_tui.web.visitors`) and the websocket reads
  it: the game's process gets that visitor's ``MONZA_HOME``, ``MONZA_WEB=1`` and the
  browser's language;
- at most ``most`` games run at once (each is a process of its own); one more visitor
  reads on the page that all the tables are busy, how many there are, and to try again
  in a minute (its websocket is closed with 1013, "try again later", which the page reads);
  at most ``per_address`` of them for one address, one more reads why;
- a websocket opened by another site's page (its ``Origin``) starts no game
  (:mod:`monza_tui.web.guard`).

Needs the ``web`` extra (textual-serve, which brings aiohttp and Jinja).
"""

from __future__ import annotations

import asyncio
import contextlib
import gettext
import logging
import shlex
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from monza_tui import i18n
from monza_tui.i18n import N_
from monza_tui.web import EMOJI, SERVED, messages, visitors
from monza_tui.web.guard import PER_ADDRESS, PerAddress, origin_allowed

log = logging.getLogger("monza.serve")

TEMPLATES = Path(__file__).parent / "templates"
PAGE_WORDS = {
    "title": N_("Monza"),
    "starting": N_("Monza is starting…"),
    "ended": N_("The game is closed. Your races are saved on this server for this browser."),
    "again": N_("Play again"),
    "retry": N_("Try again"),
    "noscript": N_("Monza needs JavaScript to draw the game in this page."),
}
"""The page's own words (the game's are the game's), in the visitor's language."""
TOO_MANY_HERE = N_("Monza is serving as many games to this address as it may ({most}): "
                   "close one of them to play here.")
"""Said in the page's terminal to one game too many from one address."""
FOREIGN = N_("Monza's games open from its own page only: {address}")
"""The answer to a websocket opened by another site's page (403)."""


def full_words(language: str | None, most: int) -> str:
    """What one visitor too many reads (on the page, and in its terminal for a client that
    is not our page): plainly that every table is busy, how many there are, and to come
    back in a minute. Not "the game is closed": a first visitor never had one."""
    ngettext = (gettext.translation(i18n.DOMAIN, localedir=i18n.LOCALE_DIR,
                                    languages=[language], fallback=True).ngettext
                if language else gettext.NullTranslations().ngettext)
    return ngettext(
        "The one table here is busy: someone is playing. Please try again in a minute.",
        "All {most} tables here are busy: {most} games are being played. Please try again "
        "in a minute.",
        most,
    ).format(most=most)
QUIT_SECONDS = 5.0
"""Seconds a game has to quit (and save) after its tab closed; then it is killed (its
autosave has every action anyway). It counts against ``most`` until it has exited."""


def visitor_command(bot_delay: float | None = None, no_animation: bool = False) -> str:
    """What runs for each visitor: the game, started as ``monza`` alone would be, at the
    pace ``monza serve`` was given."""
    command = [sys.executable, "-m", "monza_tui.web.visitor"]
    if bot_delay is not None:
        command += ["--bot-delay", repr(bot_delay)]
    if no_animation:
        command.append("--no-animation")
    return shlex.join(command)


def page_words(language: str | None) -> Callable[[str], str]:
    """A translator into ``language`` for one request (the server's own language stays)."""
    if not language:
        return lambda message: message
    return gettext.translation(i18n.DOMAIN, localedir=i18n.LOCALE_DIR, languages=[language],
                               fallback=True).gettext


class VisitorService(AppService):
    """One visitor's game: textual-serve's process, in the visitor's own folder."""

    def __init__(self, command: str, *, home: Path, language: str | None, emoji: bool,
                 **options: Any) -> None:
        super().__init__(command, **options)
        self.home = home
        self.language = language
        self.emoji = emoji

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width=width, height=height)
        environment["MONZA_HOME"] = str(self.home)
        environment.pop("MONZA_CONFIG", None)  # the settings live in the visitor's home too
        environment[SERVED] = "1"
        environment[EMOJI] = "1" if self.emoji else "0"
        if self.language:
            environment["LANGUAGE"] = self.language  # unless they chose one in the set-up
        return environment


class MonzaServer(Server):
    """textual-serve's server with a home, a language and a page of our own per visitor."""

    def __init__(self, root: Path, *, host: str = "127.0.0.1", port: int = 8000,
                 most: int = 20, command: str | None = None,
                 per_address: int = PER_ADDRESS) -> None:
        super().__init__(command or visitor_command(), host=host, port=port, title="Monza",
                         templates_path=TEMPLATES)
        self.root = root
        self.key = visitors.secret(root)
        self.most = most
        self.games: set[VisitorService] = set()
        """The games running now (one per open tab)."""
        self.addresses = PerAddress(per_address)
        """The games open per address (at most ``per_address`` each)."""

    async def _make_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(TEMPLATES))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/ws/{glyphs:emoji|plain}", self.handle_websocket, name="websocket-glyphs"),
            web.get("/ws/{language:[a-z]{2}}/{glyphs:emoji|plain}", self.handle_websocket,
                    name="websocket-language"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, name="static"),
            web.get("/favicon.ico", self.handle_no_icon),
        ])
        return app

    async def handle_no_icon(self, request: web.Request) -> web.Response:
        """No icon (rather than a 404 in the browser's console)."""
        return web.Response(status=204)

    def _language(self, request: web.Request) -> str | None:
        """The language the page chose (in the websocket's path), else the browser's."""
        chosen = request.match_info.get("language")
        if chosen in i18n.LANGUAGES:
            return chosen
        return visitors.language_of(request.headers.get("Accept-Language"), i18n.LANGUAGES)

    def _visitor(self, request: web.Request) -> str | None:
        return visitors.visitor_of(self.key, request.cookies.get(visitors.COOKIE))

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, in the browser's language, with the visitor's cookie."""
        visitor = self._visitor(request) or visitors.new_id()
        language = visitors.language_of(request.headers.get("Accept-Language"),
                                        i18n.LANGUAGES)
        say = page_words(language)
        scheme = "wss" if request.secure else "ws"
        context = {
            "language": language or "en",
            "words": {name: say(text) for name, text in PAGE_WORDS.items()},
            "busy": full_words(language, self.most),
            # The page's language goes with the websocket: a browser need not send its
            # Accept-Language there again.
            "websocket_url": f"{scheme}://{request.host}/ws"
                             + (f"/{language}" if language else ""),
            "static_url": "/static/",
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
        }
        response = aiohttp_jinja2.render_template("index.html", request, context)
        response.set_cookie(visitors.COOKIE, visitors.cookie_value(self.key, visitor),
                            max_age=visitors.COOKIE_DAYS * 86400, httponly=True,
                            samesite="Strict", path="/")
        response.headers["Cache-Control"] = "no-store"
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One game for one tab: the visitor's process, fed the tab's keys and sizes; none
        for another site's page (403)."""
        if not origin_allowed(request.headers.get("Origin"),
                              (request.host, request.headers.get("X-Forwarded-Host"))):
            line = page_words(self._language(request))(FOREIGN).format(
                address=f"{request.scheme}://{request.host}/")
            raise web.HTTPForbidden(text=line + "\n")
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=messages.MAX_MESSAGE)
        width = max(20, min(500, to_int(request.query.get("width", "80"), 80)))
        height = max(10, min(200, to_int(request.query.get("height", "24"), 24)))
        await websocket.prepare(request)
        if len(self.games) >= self.most:
            line = full_words(self._language(request), self.most)
            await websocket.send_bytes(f"\r\n  {line}\r\n".encode())
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER)
            return websocket
        address = request.remote
        if not self.addresses.take(address):
            line = page_words(self._language(request))(TOO_MANY_HERE).format(
                most=self.addresses.most)
            await websocket.send_bytes(f"\r\n  {line}\r\n".encode())
            await websocket.close()
            return websocket
        # No cookie (a client that is not our page): a visitor of its own, for this game.
        visitor = self._visitor(request) or visitors.new_id()
        service = VisitorService(
            self.command,
            home=visitors.home_of(self.root, visitor),
            language=self._language(request),
            emoji=request.match_info.get("glyphs") == "emoji",
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        self.games.add(service)
        try:
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # one visitor's trouble never stops the others
            log.exception(error)
        finally:
            # Not even a cancelled handler (the server stopping) forgets a running game.
            await asyncio.shield(self._end_game(service, address))
        return websocket

    async def _end_game(self, service: VisitorService, address: str | None) -> None:
        """Tell the game to quit, kill it after :data:`QUIT_SECONDS`, and only once its
        process has exited stop counting it, in all and for its ``address``: a tab opened
        and closed at once must not leave a game running uncounted (``most`` and
        ``per_address`` would mean nothing)."""
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(service.stop(), QUIT_SECONDS)
            process = service._process
            if process is not None:
                try:
                    await asyncio.wait_for(process.wait(), QUIT_SECONDS)
                except TimeoutError:
                    with contextlib.suppress(ProcessLookupError):
                        process.kill()
                    await process.wait()
        except Exception as error:  # (never raises: the game is forgotten below)
            log.warning("a game did not end cleanly: %s", type(error).__name__)
        finally:
            self.games.discard(service)
            self.addresses.give_back(address)

    async def _process_messages(self, websocket: web.WebSocketResponse,
                                app_service: AppService) -> None:
        # As textual-serve's, but only the page's messages, checked and bounded
        # (web.messages), reach the game: anything else is ignored, said once in the log.
        said = False
        async for frame in websocket:
            if frame.type != WSMsgType.TEXT:
                continue
            message = messages.read(frame.data)
            if message is None:
                if not said:
                    log.warning("a tab sent a message that is not the page's; ignored "
                                "(and any more)")
                    said = True
                continue
            if message.kind == "stdin":
                await app_service.send_bytes(message.keys.encode("utf-8", "replace"))
            elif message.kind == "resize":
                await app_service.set_terminal_size(message.width, message.height)
            elif message.kind == "ping":
                await websocket.send_json(["pong", message.ping])
            elif message.kind == "blur":
                await app_service.blur()
            elif message.kind == "focus":
                await app_service.focus()

    async def run(self, ready: Callable[[str], None]) -> None:
        """Serve until SIGINT or SIGTERM; ``ready`` gets the address once it listens (the
        port the system chose for ``port`` 0)."""
        runner = web.AppRunner(await self._make_app(), handle_signals=False,
                               shutdown_timeout=5.0)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        await site.start()
        port = runner.addresses[0][1]
        shown = self.host if self.host not in ("", "0.0.0.0", "::") else "localhost"
        if ":" in shown:
            shown = f"[{shown}]"
        ready(f"http://{shown}:{port}/")
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            # Not in the main thread, or on Windows: Ctrl+C ends asyncio.run instead.
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(number, stop.set)
        try:
            await stop.wait()
        finally:
            await self.close_games()
            await runner.cleanup()

    async def close_games(self, seconds: float = 5.0) -> None:
        """Tell every open game to quit (it saves, as when its terminal closes); a game
        still running after ``seconds`` is killed (its autosave has every action anyway)."""
        games = list(self.games)
        if games:
            await asyncio.wait([asyncio.create_task(game.stop()) for game in games],
                               timeout=seconds)
        for game in games:
            process = game._process
            if process is not None and process.returncode is None:
                process.kill()
                await process.wait()


def default_root() -> Path:
    """Where the visitors' folders go by default: ``web/`` in monza's data folder."""
    from monza_tui import saves

    return saves.home() / "web"


__all__ = ["MonzaServer", "VisitorService", "default_root", "visitor_command"]

"""A real browser plays ``monza serve``: Debian's Chromium, driven by Playwright, opens the
page, continues the visitor's saved race (one person against a computer driver), plays it
by keys to the results and downloads the record. The screen is read as the browser gets it:
the websocket's frames, through a terminal emulator (pyte); a screenshot is kept with the
test's files. Every wait is bounded."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from monza_tui import saves
from monza_tui.cli import build_parser
from monza_tui.commands.play import race_from_flags
from monza_tui.i18n import _
from monza_tui.record import parse_records
from monza_tui.web import PLAIN_MARKS, visitors
from web.serving import Terminal, serving

if TYPE_CHECKING:
    from playwright.sync_api import Download, Page

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WIDTH, HEIGHT = 1280, 900
"""The window: xterm.js fits the terminal to it (about 140 by 45 cells)."""
RACE_SECONDS = 240.0
"""Longest a race by keys may take (a loaded machine)."""

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="Debian's chromium is not installed at /usr/bin/chromium and could not be "
           "(.ci/run installs it with apt-get install chromium)",
)


def saved_race(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A race of Ann against the greedy driver, one roll in, saved in ``home``."""
    monkeypatch.setenv("MONZA_HOME", str(home))
    args = build_parser("play").parse_args(
        ["play", "--player", "Ann", "--bot", "greedy", "--seed", "7"])
    _setup, race = race_from_flags(args)
    assert race is not None
    from monza_tui.engine import seeded_roll

    race = race.apply(seeded_roll(race.seed, race.state))
    path = saves.write_save(race, saves.saves_dir() / "20260101-120000-oval-7.jsonl")
    monkeypatch.undo()
    return path


class Screen:
    """The terminal the page shows, from the websocket's binary frames."""

    def __init__(self) -> None:
        self.terminal: Terminal | None = None
        self.texts: list[str] = []
        self.url = ""

    def attach(self, websocket) -> None:  # type: ignore[no-untyped-def]
        from urllib.parse import parse_qs, urlparse

        query = parse_qs(urlparse(websocket.url).query)
        self.url = websocket.url
        self.terminal = Terminal(int(query["width"][0]), int(query["height"][0]))
        websocket.on("framereceived", self.received)

    def received(self, payload: bytes | str) -> None:
        if isinstance(payload, bytes):
            if self.terminal is not None:
                self.terminal.feed(payload)
        else:
            self.texts.append(payload)

    def flat(self) -> str:
        return "" if self.terminal is None else self.terminal.flat()


def download_record(page: Page, screen: Screen) -> tuple[str, str]:
    """Press d on the results and catch the download: the page opens the single-use
    address in a new tab (Chromium tells of the download on that tab or on the page, as it
    goes). The file's name and text."""
    downloads: list[Download] = []
    page.context.on("page", lambda tab: tab.on("download", lambda got: downloads.append(got)))
    page.on("download", lambda got: downloads.append(got))
    page.keyboard.press("d")
    deadline = time.monotonic() + 30
    while not downloads:
        assert time.monotonic() < deadline, f"no download in 30 s: {screen.texts}"
        page.wait_for_timeout(50)
    download = downloads[0]
    return download.suggested_filename, Path(download.path()).read_text(encoding="utf-8")


def test_a_browser_plays_a_race_to_the_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from playwright.sync_api import sync_playwright

    root = tmp_path / "web"
    key = visitors.secret(root)
    visitor = visitors.new_id()
    saved_race(visitors.home_of(root, visitor), monkeypatch)
    screen = Screen()

    with serving(root) as address, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS,
                                             timeout=60_000)
        try:
            context = browser.new_context(
                viewport={"width": WIDTH, "height": HEIGHT}, accept_downloads=True,
                locale="en-US")
            context.add_cookies([{"name": visitors.COOKIE, "url": address,
                                  "value": visitors.cookie_value(key, visitor)}])
            page = context.new_page()
            page.set_default_timeout(60_000)
            page.on("websocket", screen.attach)
            page.goto(address)

            def until(wanted: Callable[[str], bool], what: str, seconds: float = 60) -> str:
                deadline = time.monotonic() + seconds
                while not wanted(screen.flat()):
                    if time.monotonic() > deadline:
                        page.screenshot(path=tmp_path / "stuck.png")
                        raise AssertionError(f"no {what} in {seconds} s:\n{screen.flat()}")
                    page.wait_for_timeout(50)
                return screen.flat()

            # The visitor's own saved race is offered; y continues it.
            until(lambda text: "An unfinished race is saved" in text, "offer")
            page.focus(".xterm-helper-textarea")
            page.keyboard.press("y")
            until(lambda text: "Ann" in text and _("Take back") in text, "the race")
            # Ann's turns by keys: place every die on its first lit space, drive.
            over = _("The race is over")
            deadline = time.monotonic() + RACE_SECONDS
            while over not in screen.flat():
                assert time.monotonic() < deadline, screen.flat()
                # The terminal keeps the keyboard's focus, as a person's click would give it
                # back (a page that lost it sends the keys nowhere).
                page.focus(".xterm-helper-textarea")
                for key_name in ["Space"] + ["Enter"] * 8:
                    if over in screen.flat():
                        break
                    page.keyboard.press(key_name)
                    page.wait_for_timeout(60)
            results = until(lambda text: _("Rematch") in text, "the results")
            page.screenshot(path=tmp_path / "results.png")
            # Headless Chromium here has no colour emoji: the page asked for plain marks.
            if screen.url.split("?")[0].endswith("/plain"):
                assert "🏆" not in results and f"{PLAIN_MARKS['🏆']} " in results
            # The record comes down as a file, and it is this race.
            assert _("Download the record") in results
            name, text = download_record(page, screen)
            (race,) = parse_records(text, name)
            assert race.state.is_terminal()
            assert [player.name for player in race.players] == ["Ann", "Bot 1"]
            assert name.endswith(saves.SUFFIX)
        finally:
            browser.close()

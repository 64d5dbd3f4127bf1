"""A browser joins a race hosted elsewhere: a headless host (``python -m
monza_tui.net.run``, docs/network.md) holds a race of Ann (a remote seat) against a
computer driver; Chromium opens ``monza serve``, the set-up screen's Join a race (F3) takes
the host's address and code, and Ann plays it by keys to the results. Skipped, saying why,
without Chromium or without the join screen (the netui part of issue 14). Every wait is
bounded."""

from __future__ import annotations

import importlib.util
import json
import os
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from monza_tui.i18n import _
from monza_tui.record import parse_records
from web.serving import serving
from web.test_browser import ARGS, CHROMIUM, Screen, download_record


def _have(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # its package is missing
        return False


pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at "
                       "/usr/bin/chromium and could not be (.ci/run installs it)"),
    pytest.mark.skipif(not (_have("monza_tui.app.screens.join") and _have("monza_tui.net.run")),
                       reason="no join screen or headless host in this build (netui, net)"),
]
RACE_SECONDS = 240.0


@contextmanager
def hosting(home: Path) -> Iterator[dict[str, object]]:
    """A headless host of Ann (remote) against the greedy driver, seed 7, no pauses."""
    env = dict(os.environ, MONZA_HOME=str(home), LANGUAGE="en")
    command = [sys.executable, "-m", "monza_tui.net.run", "--remote", "Ann", "--bot", "greedy",
               "--seed", "7", "--port", "0", "--bot-delay", "0", "--grace", "60"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                               start_new_session=True)
    try:
        assert process.stdout is not None
        selector = selectors.DefaultSelector()
        selector.register(process.stdout, selectors.EVENT_READ)
        assert selector.select(30), "the host did not say its invitation in 30 s"
        yield json.loads(process.stdout.readline())
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def test_a_browser_joins_a_hosted_race_and_plays_it_to_the_results(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    screen = Screen()
    with hosting(tmp_path / "host") as invitation, serving(tmp_path / "web") as address, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS,
                                             timeout=60_000)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="en-US")
            page.set_default_timeout(60_000)
            page.on("websocket", screen.attach)
            page.goto(address)

            def until(words: str, seconds: float = 60) -> str:
                deadline = time.monotonic() + seconds
                while words not in screen.flat():
                    if time.monotonic() > deadline:
                        page.screenshot(path=tmp_path / "stuck.png")
                        raise AssertionError(f"no {words!r} in {seconds} s:\n{screen.flat()}")
                    page.wait_for_timeout(50)
                return screen.flat()

            until(_("Monza: set up a race"))
            page.focus(".xterm-helper-textarea")
            page.keyboard.press("F3")
            until(_("The host's screen shows the address and the code."))
            # Field by field, each seen on the screen before the next (a key typed while the
            # focus moves may land in the field before).
            fields = [f"127.0.0.1:{invitation['port']}", str(invitation["code"]), "Ann"]
            for index, text in enumerate(fields):
                if index:
                    page.keyboard.press("Tab")
                    page.wait_for_timeout(300)
                page.keyboard.type(text, delay=20)
                until(text)
            page.keyboard.press("Enter")
            until(_("Round 1"))
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
            # (over the network the results offer no rematch: a new race is the host's)
            results = until(_("New set-up"))
            assert _("Rematch") not in results
            page.screenshot(path=tmp_path / "results.png")
            assert "Ann" in results
            # The record downloaded is the host's, with the seed published at the end: it
            # replays, every roll checked against that seed.
            name, text = download_record(page, screen)
            (race,) = parse_records(text, name)
            assert race.seed == 7 and race.state.is_terminal()
            assert race.players[0].name == "Ann"
        finally:
            browser.close()

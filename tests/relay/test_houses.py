"""Houses joined by a relay, as families run them: a `monza relay` process on loopback,
`monza host --relay URL` in a terminal (pyte reads its screen), terminal guests (`monza
join URL/CODE --name NAME`, the line read off the host's invitation) and a browser guest
(`monza serve` in Chromium, the line pasted into Join a race), racing to the end through
the relay: every house keeps the same race and `monza replay --check` passes on each copy,
and the host listens on no port. Then the faults, with SIGKILL: the relay killed and
started again on its port, the host killed and resumed, a guest killed, stood in for and
back. Every wait has a deadline (docs/relay.md, "Tested")."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from net.test_app_commands import Term, _turns, wait
from relay.houses import (
    BrowserSeat,
    RelayProcess,
    kept_record,
    listening_ports,
    panel_top,
    race_lines,
    replay_check,
    said,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals"),
]
LIMIT = 150.0
"""Seconds a test may take at most (a loaded 2-core machine)."""
LINE = re.compile(r"monza join (ws://127\.0\.0\.1:\d+/[2-9A-Z]{3}-[2-9A-Z]{3}) --name (\w+)")
"""A remote seat's line on the host's invitation: the relay's URL with the code."""
PACE = ["--bot-delay", "0", "--no-animation"]
PROC = Path("/proc/net/tcp").exists()
"""Whether a process's listening sockets can be read (Linux)."""
LOST = "The connection to the host is lost"
OVER = "The race is over"


def invited(host: Term, terms: list[Term], deadline: float, names: tuple[str, ...]) -> str:
    """The line the host's invitation gives each of ``names`` once the relay holds the
    race (they are all the same line but for the name): the relay's URL and the code."""
    wait(terms, lambda: "Connected to the relay" in host.text()
         and {name for _, name in LINE.findall(host.text())} >= set(names), deadline)
    targets = {target for target, _ in LINE.findall(host.text())}
    assert len(targets) == 1, host.text()
    return targets.pop()


def round_of(term: Term) -> int:
    """The round the panel says (0 before the first)."""
    return max((int(n) for n in re.findall(r"Round (\d+)", term.text())), default=0)


INVITATION = "Enter: back to the race"
"""The invitation's last line: it is over the host's race."""
AGAIN = 3.0
"""Seconds before i is pressed again when the invitation did not come (see on_invitation)."""


def on_invitation(host: Term, terms: list[Term], check: Callable[[], bool],
                  deadline: float) -> None:
    """Wait until ``check()`` with the invitation over the host's race (i), as a host looks
    who is back. The host may open it by itself when it starts with a seat free, just as
    i is pressed (which then closes it): it is opened again if so."""
    asked = -AGAIN
    while not (INVITATION in host.text() and check()):
        assert time.monotonic() < deadline, "\n\n".join(t.text() for t in terms)
        if INVITATION not in host.text() and time.monotonic() - asked > AGAIN:
            host.send(b"i")
            asked = time.monotonic()
        for term in terms:
            term.pump(0.02)


def close_invitation(host: Term, terms: list[Term], deadline: float) -> None:
    host.send(b"\r")
    wait(terms, lambda: INVITATION not in host.text(), deadline)


def quit_all(terms: list[Term], deadline: float) -> None:
    """q on every terminal's results: each exits 0."""
    for term in terms:
        term.send(b"q")
    wait(terms, lambda: all(t.exited() for t in terms), deadline)
    assert [t.status for t in terms] == [0] * len(terms)


def checked_alike(homes: list[Path], extra: dict[str, str] | None = None) -> None:
    """Each house's kept race passes ``monza replay --check``, and all hold the same."""
    texts = {}
    for home in homes:
        path = kept_record(home)
        assert replay_check(path, home).startswith("ok: 1 race"), home
        texts[home.name] = path.read_text(encoding="utf-8")
    for name, text in (extra or {}).items():
        path = homes[0].parent / f"{name}.jsonl"
        path.write_text(text, encoding="utf-8")
        assert replay_check(path, homes[0]).startswith("ok: 1 race"), name
        texts[name] = text
    first, *others = texts
    for other in others:
        assert race_lines(texts[other]) == race_lines(texts[first]), (first, other)


# -- a whole race through the relay, four houses -------------------------------------------------

CHROMIUM = Path("/usr/bin/chromium")
"""The browser the web tests drive (tests/web/test_browser.py: imported from there only
when it runs, since it needs the web extra)."""


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at "
                    "/usr/bin/chromium and could not be (.ci/run installs it)")
@pytest.mark.skipif(not PROC,
                    reason="the host's sockets are read from Linux's /proc")
def test_four_houses_race_through_the_relay_and_keep_the_same_race(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    from web.serving import serving
    from web.test_browser import ARGS, HEIGHT, WIDTH, Screen, download_record

    deadline = time.monotonic() + LIMIT
    relay = RelayProcess(tmp_path)
    host = Term(["host", "--board", "oval", "--player", "Ann", "--remote", "Ben", "--remote",
                 "Cleo", "--remote", "Dee", "--relay", relay.url, *PACE], tmp_path / "ann")
    terms: list[Term | BrowserSeat] = [host]
    try:
        target = invited(host, terms, deadline, ("Ben", "Cleo", "Dee"))
        assert target.startswith(relay.url + "/")
        for name in ("Ben", "Cleo"):
            terms.append(Term(["join", target, "--name", name, "--no-animation"],
                              tmp_path / name.lower()))
        with serving(tmp_path / "web") as address, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS,
                                                 timeout=60_000)
            try:
                context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT},
                                              accept_downloads=True, locale="en-US")
                page = context.new_page()
                page.set_default_timeout(60_000)
                screen = Screen()
                page.on("websocket", screen.attach)
                page.goto(address)
                dee = BrowserSeat(page, screen)
                terms.append(dee)
                wait(terms, lambda: "Monza: set up a race" in dee.text(), deadline)
                dee.send_key("F3")
                wait(terms, lambda: "the address and the code" in dee.text(), deadline)
                # Dee pastes the line her host sent her, as it stands on the invitation.
                dee.paste(f"monza join {target} --name Dee")
                code = target.rsplit("/", 1)[1]
                # The form reads the pasted line into its fields: the address (the relay's
                # URL with the code), the code, and her name.
                fields = re.compile(rf"Address {re.escape(target)}[│ ]+Code {code}[│ ]+Name Dee ")
                wait(terms, lambda: "monza join" not in dee.text()
                     and fields.search(dee.text()) is not None, deadline)
                dee.send(b"\r")
                wait(terms, lambda: "You drive Dee" in dee.text(), deadline)
                wait(terms, lambda: all(f"{name}: here" in host.text()
                                        for name in ("Ben", "Cleo", "Dee")), deadline)
                # The host listens on no port; the relay does (the check can see one).
                assert listening_ports(host.pid) == set()
                assert listening_ports(relay.pid) == {relay.port}
                close_invitation(host, terms, deadline)
                _turns(terms, lambda: round_of(host) >= 2, deadline)
                assert listening_ports(host.pid) == set()  # (mid-race too)
                _turns(terms, lambda: all(OVER in t.text() for t in terms), deadline)
                wait(terms, lambda: "New set-up" in dee.text(), deadline)
                page.focus(".xterm-helper-textarea")
                _name, downloaded = download_record(page, screen)
            finally:
                browser.close()
        terms.remove(dee)
        quit_all(terms, deadline)
    finally:
        for term in terms:
            if isinstance(term, Term):
                term.close()
        relay.kill()
    checked_alike([tmp_path / "ann", tmp_path / "ben", tmp_path / "cleo"],
                  {"dee": downloaded})


# -- faults: the relay, the host, a guest killed -------------------------------------------------


def test_a_guest_the_host_and_the_relay_killed_and_the_race_finishes(tmp_path: Path) -> None:
    from monza_tui.record import parse_records
    from monza_tui.seats import SeatKind

    deadline = time.monotonic() + LIMIT
    relay = RelayProcess(tmp_path)
    # (a small grace first, for the guest killed; the host resumed gives a long one)
    host = Term(["host", "--board", "oval", "--player", "Ann", "--remote", "Ben", "--remote",
                 "Cleo", "--relay", relay.url, "--grace", "2", *PACE], tmp_path / "ann")
    terms = [host]
    try:
        target = invited(host, terms, deadline, ("Ben", "Cleo"))
        join = {name: ["join", target, "--name", name, "--no-animation"]
                for name in ("Ben", "Cleo")}
        ben = Term(join["Ben"], tmp_path / "ben")
        cleo = Term(join["Cleo"], tmp_path / "cleo")
        terms += [ben, cleo]
        wait(terms, lambda: "Ben: here" in host.text() and "Cleo: here" in host.text(),
             deadline)
        close_invitation(host, terms, deadline)

        def anns_turn(round_: int) -> None:
            """Play on to Ann's roll in ``round_``, the guests waiting for her (checked
            before each key: Ann's roll is never pressed once it is there)."""
            _turns(terms, lambda: round_of(host) >= round_ and "Roll the dice" in host.text(),
                   deadline)
            wait(terms, lambda: all("Waiting for Ann" in panel_top(g) for g in (ben, cleo)),
                 deadline)

        # A guest killed: Ben's terminal, on Ann's turn. After the grace a computer driver
        # takes his car; `monza join` again with the same line gives it back to him.
        anns_turn(2)
        ben.close()
        terms.remove(ben)
        # (nobody plays meanwhile: what the host says stays on its screen until read)
        wait(terms, lambda: "Ben dropped out" in said(host), deadline)
        wait(terms, lambda: "Ben's car: a computer driver takes the wheel" in said(host),
             deadline)
        ben = Term(join["Ben"], tmp_path / "ben")
        terms.append(ben)
        wait(terms, lambda: "Ben's car: a person takes the wheel" in said(host)
             and "You drive Ben" in ben.text(), deadline)

        # The host killed on Ann's turn: `monza host --resume` (the same home) registers on
        # its relay again, and the guests come back by themselves.
        anns_turn(3)
        host.close()
        terms.remove(host)
        wait(terms, lambda: all(LOST in panel_top(g) for g in (ben, cleo)), deadline)
        host = Term(["host", "--resume", "--grace", "60", *PACE], tmp_path / "ann")
        terms.insert(0, host)
        wait(terms, lambda: all("Waiting for Ann" in panel_top(g) for g in (ben, cleo)),
             deadline)
        on_invitation(host, terms, lambda: "Connected to the relay" in host.text()
                      and target in host.text() and "Ben: here" in host.text()
                      and "Cleo: here" in host.text(), deadline)
        if PROC:  # (the host resumed listens on no port either)
            assert listening_ports(host.pid) == set()
        close_invitation(host, terms, deadline)

        # The relay killed on Ann's turn: the guests lose the host, the host its relay;
        # started again on the same port, everyone comes back by themselves.
        anns_turn(4)
        relay.kill()
        wait(terms, lambda: all(LOST in panel_top(g) for g in (ben, cleo)), deadline)
        on_invitation(host, terms, lambda: "The relay cannot be reached" in host.text()
                      and "Ben: away" in host.text() and "Cleo: away" in host.text(), deadline)
        relay = RelayProcess(tmp_path, relay.port)
        wait(terms, lambda: all("Waiting for Ann" in panel_top(g) for g in (ben, cleo)),
             deadline)
        on_invitation(host, terms, lambda: "Connected to the relay" in host.text()
                      and "Ben: here" in host.text() and "Cleo: here" in host.text(), deadline)
        close_invitation(host, terms, deadline)
        _turns(terms, lambda: all(OVER in t.text() for t in terms), deadline)
        quit_all(terms, deadline)
    finally:
        for term in terms:
            term.close()
        relay.kill()
    checked_alike([tmp_path / "ann", tmp_path / "ben", tmp_path / "cleo"])
    path = kept_record(tmp_path / "ann")
    (race,) = parse_records(path.read_text(encoding="utf-8"), path.name)
    assert race.state.is_terminal()
    # Ben's car changed hands twice, and only his: to the stand-in and back; nobody's
    # car changed hands for the host's or the relay's fall.
    assert [(c.player, c.seat) for c in race.seat_changes] == [
        (1, SeatKind.EXPERT), (1, SeatKind.HUMAN)]

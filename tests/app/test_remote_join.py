"""Joining a race over the network: `monza join` and `monza host` on the command line (a
bad address, a refused code, a host that is gone, bad seats: one line, status 2), the
set-up screen's "Join a race" form, and how `monza host` seats its players. Bounded in
time like every network test."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from app.helpers import race_app, said
from app.test_remote_race import LIMIT, client, remote, run, serve, until
from monza_tui.app.screens.join import JoinScreen
from monza_tui.app.screens.race import RaceScreen
from monza_tui.cli import build_parser, main
from monza_tui.commands.host import hosted_server
from monza_tui.errors import Said
from monza_tui.i18n import _
from monza_tui.net.run import new_race
from monza_tui.net.server import RaceServer
from monza_tui.seats import SeatKind
from monza_tui.wording import word


@pytest.fixture
def server_elsewhere() -> Iterator[tuple[RaceServer, str]]:
    """A race server on its own event loop in a thread (as on another machine), so that
    ``main()`` can run its own loop."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    found: dict[str, Any] = {}

    async def start() -> None:
        race = new_race("oval", ["Ann", "Ben"], [], seed=1)
        found["server"], found["address"] = await serve(race, range(0, 2))
        ready.set()

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(start(), loop)
    assert ready.wait(LIMIT)
    yield found["server"], found["address"]
    asyncio.run_coroutine_threadsafe(found["server"].stop(), loop).result(LIMIT)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(LIMIT)


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip()


def test_join_a_host_that_is_not_there_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "127.0.0.1:1", "ABC-DEF"]) == 2
    line = _one_line(capsys)
    assert line.startswith(said("monza: {error}", error="")[:6])
    assert "127.0.0.1:1" in line


def test_join_with_a_bad_address_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "no such:host:here", "ABC-DEF"]) == 2
    assert "no such:host:here" in _one_line(capsys)


def test_join_with_a_wrong_code_is_refused_in_one_line(
    server_elsewhere: tuple[RaceServer, str], capsys: pytest.CaptureFixture[str]
) -> None:
    _server, address = server_elsewhere
    assert main(["join", address, "ZZZ-ZZZ"]) == 2
    assert _one_line(capsys) == said("monza: {error}", error=word(Said("net.bad_code")))


@pytest.mark.parametrize(
    ("argv", "msgid"),
    [
        (["--board", "oval"], "monza host needs its seats: --player NAME for a person here, "
                              "--remote NAME for a person elsewhere, --bot LEVEL"),
        (["--player", "Ann", "--remote", "Ann"],
         "every player needs a name of their own (the remote players join by their name)"),
        (["--watch", "--player", "Ann", "--bot", "greedy"],
         "with --watch nobody plays at this terminal: give the people elsewhere --remote "
         "NAME, not --player"),
    ],
)
def test_host_with_bad_seats_is_one_line(
    argv: list[str], msgid: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["host", *argv]) == 2
    assert _one_line(capsys) == said("monza: {error}", error=said(msgid))


def test_host_resume_without_a_hosted_race_is_one_line(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path))
    assert main(["host", "--resume"]) == 2
    assert "saves" in _one_line(capsys)


def test_host_resume_with_race_flags_says_to_leave_them_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The saved race goes on as it was set up: a flag that would change it is not
    silently ignored."""
    assert main(["host", "--resume", "--board", "long", "--bot", "expert"]) == 2
    assert _one_line(capsys) == said("monza: {error}", error=said(
        "--resume goes on with the saved race as it was set up: leave out {flags}",
        flags=_(", ").join(["--board", "--bot"])))


def test_host_seats_players_then_remotes_then_bots_with_a_secret_seed() -> None:
    args = build_parser("host").parse_args(
        ["host", "--board", "oval", "--player", "Ann", "--remote", "Ben", "--remote", "Cem",
         "--bot", "greedy", "--grace", "5"])
    first = hosted_server(args)
    second = hosted_server(args)
    assert [p.name for p in first.race.players][:3] == ["Ann", "Ben", "Cem"]
    assert first.race.players[3].seat.is_bot
    assert [seat.remote for seat in first._seats] == [False, True, True, False]
    assert first.grace == 5
    assert first.race.seed != second.race.seed  # drawn, not the default's


def test_host_watch_seats_nobody_here_and_lets_the_stand_in_be_chosen() -> None:
    args = build_parser("host").parse_args(
        ["host", "--board", "oval", "--watch", "--bot", "greedy", "--bot", "expert",
         "--start-player", "2"])
    server = hosted_server(args)
    players = server.race.players
    assert [(p.seat, p.car.value) for p in players] == [
        (SeatKind.GREEDY, "red"), (SeatKind.EXPERT, "blue")]
    assert server.race.game.start_player == 1
    assert not any(seat.remote for seat in server._seats)
    assert server.drop_level is SeatKind.EXPERT  # the stand-in by default
    watched = build_parser("host").parse_args(
        ["host", "--watch", "--remote", "Ben", "--bot", "random", "--stand-in", "greedy",
         "--stand-in-tiles"])
    server = hosted_server(watched)
    assert [p.name for p in server.race.players][:1] == ["Ben"]
    assert [seat.remote for seat in server._seats] == [True, False]
    assert server.drop_level is SeatKind.GREEDY


# The set-up screen's "Join a race" --------------------------------------------------------


def test_the_join_form_joins_a_hosted_race() -> None:
    async def main_() -> None:
        race = new_race("oval", ["Ann", "Ben"], [], seed=2)
        server, address = await serve(race, range(0, 2))
        app = race_app()
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.press("f3")
                await until(lambda: isinstance(app.screen, JoinScreen), [pilot])
                # A wrong code: the form says why and stays.
                await pilot.press(*address, "tab", *"ZZZ-ZZZ", "tab", *"Ben", "enter")
                wrong = word(Said("net.bad_code"))
                expected = wrong[:1].upper() + wrong[1:]  # (a line of its own)
                assert expected != wrong or not wrong[:1].isalpha()  # (the pseudo-locale's ⟦)
                await until(lambda: str(app.screen.query_one("#join-error").render())
                            == expected, [pilot])
                code = app.screen.query_one("#join-code")
                code.value = server.code  # type: ignore[attr-defined]
                await pilot.press("enter")
                await until(lambda: isinstance(app.screen, RaceScreen), [pilot])
                assert client(app).seats == frozenset({1})  # Ben's seat, by name
                assert not remote(app).drives_here(0) and remote(app).drives_here(1)
        finally:
            await server.stop()

    run(main_)


def test_a_host_that_is_gone_for_good_ends_the_app_with_one_line() -> None:
    async def main_() -> None:
        race = new_race("oval", ["Ann", "Ben"], [], seed=2)
        server, address = await serve(race, range(0, 2))
        app = race_app(networked=True)
        from monza_tui.app.remote_host import connect

        app.host = await connect(app, address, server.code, name="Ann")
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await until(lambda: isinstance(app.screen, RaceScreen), [pilot])
                remote(app).refused("net.lost", {})  # (the client gave up reconnecting)
                await until(lambda: app.return_code == 2, [pilot])
                line = said("monza: {error}", error=word(Said("net.lost")))
                assert [str(r) for r in app._exit_renderables] == [line]
        finally:
            await client(app).close()
            await server.stop()

    run(main_)


def test_host_on_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["host", "--player", "Ann", "--remote", "Ben", "--port", str(port)]) == 2
    line = _one_line(capsys)
    assert str(port) in line


def test_joining_a_race_that_is_over_shows_its_results() -> None:
    from monza_tui.app.screens.results import ResultsScreen
    from monza_tui.bots import make_driver
    from monza_tui.engine import seeded_roll

    async def main_() -> None:
        import random

        race = new_race("oval", ["Ann", "Ben"], [], seed=4)
        driver = make_driver("greedy", random.Random(0))
        while not race.state.is_terminal():  # played to the end before anyone joins
            state = race.state
            race = race.apply(seeded_roll(race.seed, state) if state.is_chance()
                              else driver.choose(state))
        server, address = await serve(race, range(0, 2))
        app = race_app(networked=True)
        from monza_tui.app.remote_host import connect

        app.host = await connect(app, address, server.code, watch=True)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await until(lambda: isinstance(app.screen, ResultsScreen), [pilot])
        finally:
            await client(app).close()
            await server.stop()

    run(main_)


# The invitation's line pasted into the form; the welcome says whose seat it is ------------


def test_the_join_form_takes_the_whole_pasted_line_and_says_whose_seat_it_is() -> None:
    from textual import events
    from textual.widgets import Input

    from app.helpers import log_lines
    from app.test_remote_race import toasts

    async def main_() -> None:
        race = new_race("oval", ["Ben", "Cleo"], [], seed=2)
        server, address = await serve(race, range(0, 2))
        line = f"  monza join  {address} {server.code}   --name Cleo \n"
        app = race_app()
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.press("f3")
                await until(lambda: isinstance(app.screen, JoinScreen), [pilot])
                field = app.screen.query_one("#join-address", Input)
                # Garbage is one worded line, and the form stays.
                field.post_message(events.Paste("monza host --remote Ben"))
                await pilot.pause()
                await pilot.press("enter")
                bad = word(Said("net.bad_line", {"text": "monza host --remote Ben"}))
                await until(lambda: str(app.screen.query_one("#join-error").render())
                            == bad[:1].upper() + bad[1:], [pilot])
                field.value = ""
                field.post_message(events.Paste(line))
                await until(lambda: field.value == address, [pilot])
                assert app.screen.query_one("#join-code", Input).value == server.code
                assert app.screen.query_one("#join-name", Input).value == "Cleo"
                await pilot.press("enter")
                await until(lambda: isinstance(app.screen, RaceScreen), [pilot])
                assert client(app).seats == frozenset({1})  # Cleo's seat, not the first
                welcome = said("You drive {name} ({car})", name="Cleo",
                               car=said("blue"))
                # Told right after the race's opening lines (as a watcher is told it
                # watches), and as a toast.
                opening = app.screen.opening_lines()  # type: ignore[attr-defined]
                await until(lambda: len(log_lines(app)) > len(opening), [pilot])
                assert log_lines(app)[:len(opening) + 1] == [*opening, welcome]
                assert welcome in toasts(app)
        finally:
            await server.stop()

    run(main_)


def test_the_join_form_takes_a_relays_line_and_races_through_the_relay() -> None:
    """Two houses: the host registered its race on a relay; the guest pastes the line of
    the host's invitation (the relay's URL with the code) and takes the seat it names."""
    from textual import events
    from textual.widgets import Input

    from monza_tui.net.run import make_server
    from monza_tui.relay.server import Relay
    from relay.helpers import quick

    async def main_() -> None:
        relay = Relay(quick())
        ((_, port), *_) = await relay.start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{port}"
        race = new_race("oval", ["Ben", "Cleo"], [], seed=3)
        server = make_server(race, remote=range(0, 2), save=False, bot_delay=0.0,
                             relay=url)
        invitation = await server.start()
        assert server.uplink is not None
        await asyncio.wait_for(server.uplink.registered.wait(), LIMIT)
        line = invitation.commands()[1]
        assert line == f"monza join {url}/{server.code} --name Cleo"
        app = race_app()
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.press("f3")
                await until(lambda: isinstance(app.screen, JoinScreen), [pilot])
                field = app.screen.query_one("#join-address", Input)
                field.post_message(events.Paste(line))
                await until(lambda: field.value == f"{url}/{server.code}", [pilot])
                assert app.screen.query_one("#join-name", Input).value == "Cleo"
                await pilot.press("enter")
                await until(lambda: isinstance(app.screen, RaceScreen), [pilot])
                assert client(app).seats == frozenset({1})  # Cleo's seat, through the relay
                assert relay.metrics.to_host > 0  # (her hello crossed the relay)
        finally:
            await server.stop()
            await relay.stop()

    run(main_)

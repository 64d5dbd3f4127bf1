"""Races over the network on screen (issue 14): app clients driven by Pilot join one race
server on loopback, the host's own terminal among them (it joins with the host's token),
and play by keys only. Every test is bounded in time (:data:`LIMIT`)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from contextlib import AsyncExitStack
from typing import Any

from textual.pilot import Pilot

from app.helpers import as_in_english, key_label, log_lines, race_app, said, screen_lines
from monza_tui.app.app import MonzaApp
from monza_tui.app.remote_host import RemoteHost, connect
from monza_tui.app.remote_words import refusal_words
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.results import ResultsScreen
from monza_tui.engine import Phase
from monza_tui.net.client import RaceClient
from monza_tui.net.run import make_server, new_race
from monza_tui.net.server import RaceServer
from monza_tui.record import Race, record_text
from monza_tui.seats import SeatKind

LIMIT = 120.0
"""Seconds any of these tests may take at most (a hang fails instead of blocking CI)."""
SIZE = (120, 40)


def run(test: Callable[[], Any]) -> None:
    async def bounded() -> None:
        await asyncio.wait_for(test(), LIMIT)

    asyncio.run(bounded())


def hosted(players: list[str], remotes: list[str], *, seed: int = 7) -> Race:
    """A race of people at the host's keyboard, then remote people (the turn order of
    ``monza host``)."""
    return new_race("oval", players + remotes, [], seed=seed)


async def serve(race: Race, remote: range, *, grace: float = 20.0) -> tuple[RaceServer, str]:
    server = make_server(race, remote=remote, save=False, bot_delay=0, grace=grace)
    invitation = await server.start("127.0.0.1", 0)
    return server, f"127.0.0.1:{invitation.port}"


async def host_app(server: RaceServer, address: str) -> MonzaApp:
    """The host's own terminal: joined with the host's token."""
    app = race_app(networked=True)
    app.host = await connect(app, address, server.code, token=server.host_token,
                               server=None, invitation=server.invitation)
    return app


async def guest_app(server: RaceServer, address: str, **options: Any) -> MonzaApp:
    app = race_app(networked=True)
    app.host = await connect(app, address, server.code, **options)
    return app


def remote(app: MonzaApp) -> RemoteHost:
    assert isinstance(app.host, RemoteHost)
    return app.host


def client(app: MonzaApp) -> RaceClient:
    found = remote(app).client
    assert found is not None
    return found


def prompt(app: MonzaApp) -> str:
    screen = app.screen
    assert isinstance(screen, RaceScreen), screen
    return screen.prompt_text()


def toasts(app: MonzaApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def until(check: Callable[[], bool], pilots: list[Pilot[Any]], rounds: int = 3000) -> None:
    """Wait (bounded) until ``check()`` holds, letting every app run."""
    for _ in range(rounds):
        if check():
            return
        for pilot in pilots:
            await pilot.pause()
        await asyncio.sleep(0.005)
    raise AssertionError("condition not reached")


def key_for(app: MonzaApp) -> str | None:
    """The key a person plays now on ``app`` (None: not this keyboard's turn)."""
    screen = app.screen
    if not isinstance(screen, RaceScreen) or not screen.human_to_act():
        return None
    phase = screen.race.state.phase
    return {Phase.ROLL: "space", Phase.EXTRA_ROLL: "k"}.get(phase, "enter")


async def press(app: MonzaApp, pilot: Pilot[Any], key: str, pilots: list[Pilot[Any]]) -> None:
    """Press ``key`` and wait for the host's answer to what it sent (if it sent anything:
    a key that only points sends nothing)."""
    await pilot.press(key)
    await until(lambda: not remote(app)._sent, pilots)


async def play_by_keys(players: list[tuple[MonzaApp, Pilot[Any]]],
                       pilots: list[Pilot[Any]], limit: int = 2000) -> None:
    """Every keyboard plays its turns by keys until every app shows the results."""
    for _ in range(limit):
        if all(isinstance(p.app.screen, ResultsScreen) for p in pilots):
            return
        pressed = False
        for app, pilot in players:
            key = key_for(app)
            if key is None:
                continue
            await press(app, pilot, key, pilots)
            pressed = True
        if not pressed:
            for pilot in pilots:
                await pilot.pause()
            await asyncio.sleep(0.005)
    raise AssertionError("the race did not end")


# A whole race -------------------------------------------------------------------------------


def test_host_guest_and_watcher_play_a_whole_race_by_keys() -> None:
    async def main() -> None:
        race = hosted(["Ann"], ["Ben"])
        server, address = await serve(race, range(1, 2))
        host = await host_app(server, address)
        guest = await guest_app(server, address, name="Ben")
        watcher = await guest_app(server, address, watch=True)
        assert client(host).seats == frozenset({0})
        assert client(guest).seats == frozenset({1})
        assert client(watcher).seats == frozenset()
        try:
            async with AsyncExitStack() as stack:
                ph = await stack.enter_async_context(host.run_test(size=SIZE))
                pg = await stack.enter_async_context(guest.run_test(size=SIZE))
                pw = await stack.enter_async_context(watcher.run_test(size=(80, 24)))
                pilots = [ph, pg, pw]
                await until(lambda: all(isinstance(p.app.screen, RaceScreen)
                                        for p in pilots), pilots)
                # Ann's turn: the host's keyboard rolls; the others wait, named.
                assert key_for(host) == "space"
                assert key_for(guest) is None and key_for(watcher) is None
                waiting = said("Waiting for {name}…", name="Ann")
                assert prompt(guest) == waiting == prompt(watcher)
                # The watcher's footer offers no race key.
                screen = watcher.screen
                assert isinstance(screen, RaceScreen)
                for action in ("roll", "die", "enter", "keep", "confirm", "hint", "seats"):
                    assert not screen.check_action(action, (0,)), action
                assert as_in_english(said("You are watching this race."),
                                     "You are watching this race.") in log_lines(watcher)
                await play_by_keys([(host, ph), (guest, pg)], pilots)
                finals = [remote(app).race for app in (host, guest, watcher)]
                assert server.race.state.is_terminal()
                for final in finals:
                    assert final is not None and final.seed == server.race.seed
                    assert record_text([final]) == record_text([server.race])
                # The watcher saw every move the players saw.
                def moves(app: MonzaApp) -> list[str]:
                    return [line for line in log_lines(app) if "Ann" in line or "Ben" in line]

                assert len(moves(host)) > 10 and moves(watcher) == moves(host)
                # A rematch is not offered over the network (a new race is monza host's).
                for app in (host, guest, watcher):
                    assert not app.screen.query("#rematch")
                    assert key_label("r", "Rematch") not in screen_lines(app)[-1]
        finally:
            await server.stop()

    run(main)


def test_the_guest_keeps_the_finished_race_in_its_history(tmp_path: Any,
                                                          monkeypatch: Any) -> None:
    from monza_tui import saves

    monkeypatch.setenv("MONZA_HOME", str(tmp_path))

    async def main() -> None:
        race = new_race("oval", ["Ann", "Ben"], [], seed=3)
        server, address = await serve(race, range(0, 2))
        ann = await guest_app(server, address, name="Ann")
        ben = await guest_app(server, address, name="Ben")
        try:
            async with ann.run_test(size=SIZE) as pa, ben.run_test(size=SIZE) as pb:
                await play_by_keys([(ann, pa), (ben, pb)], [pa, pb])
        finally:
            await server.stop()
        kept = saves.list_saves()
        assert len(kept) == 2  # (one home here: both guests kept the race)
        for info in kept:
            assert info.race is not None
            assert record_text([info.race]) == record_text([server.race])

    run(main)


# Keys that are not this keyboard's, and refusals ------------------------------------------


def test_out_of_turn_keys_send_nothing_and_a_refusal_is_worded() -> None:
    async def main() -> None:
        race = hosted(["Ann"], ["Ben"])
        server, address = await serve(race, range(1, 2))
        host = await host_app(server, address)
        guest = await guest_app(server, address, name="Ben")
        try:
            async with host.run_test(size=SIZE) as ph, guest.run_test(size=SIZE) as pg:
                pilots = [ph, pg]
                await until(lambda: isinstance(guest.screen, RaceScreen), pilots)
                for key in ("space", "r", "enter", "1", "k", "d", "h", "c"):
                    await pg.press(key)
                await until(lambda: True, pilots)
                assert server.actions == ()
                assert isinstance(guest.screen, RaceScreen)  # c opened no seat dialog
                # A guest's client that sends anyway is refused, in words.
                client(guest).roll()
                expected = refusal_words("net.not_your_turn", {"name": "Ann"})
                await until(lambda: expected in toasts(guest), pilots)
                assert server.actions == ()
                assert expected == as_in_english(expected, "Not your turn: Ann is to play")
        finally:
            await server.stop()

    run(main)


def test_a_guest_has_the_expert_built_for_its_hints(monkeypatch: Any) -> None:
    # As a race begun at this terminal: the expert's tables for the board are built in
    # another process once the race is shown (a first hint built them in the app's
    # interpreter, holding the keys back for most of a second, and no hint was thought
    # out ahead).
    warmed: list[Race] = []
    monkeypatch.setattr(MonzaApp, "warm_up", lambda self, race: warmed.append(race))

    async def main() -> None:
        race = hosted(["Ann"], ["Ben"])
        server, address = await serve(race, range(1, 2))
        guest = await guest_app(server, address, name="Ben")
        try:
            async with guest.run_test(size=SIZE) as pg:
                await until(lambda: isinstance(guest.screen, RaceScreen), [pg])
                assert len(warmed) == 1 and warmed[0].game is client(guest).race.game
        finally:
            await server.stop()

    run(main)


def test_a_seat_nobody_took_waits_and_the_host_hands_it_to_a_computer_driver() -> None:
    async def main() -> None:
        race = hosted([], ["Ann", "Ben"])
        server, address = await serve(race, range(0, 2))
        host = await host_app(server, address)
        try:
            async with host.run_test(size=SIZE) as ph:
                # The invitation comes first while a seat is free; Enter goes to the race.
                await until(lambda: type(host.screen).__name__ == "InvitationScreen", [ph])
                assert server.invitation is not None
                line = f"monza join {server.invitation.addresses[0]} {server.code}"
                assert line in str(host.screen.query_one("#invitation-text").render())
                await ph.press("enter")
                await until(lambda: isinstance(host.screen, RaceScreen), [ph])
                waiting = said("Waiting for {name} to join (i shows the invitation)",
                               name="Ann")
                assert prompt(host) == waiting
                await ph.press("i")  # and again, at any moment
                await until(lambda: type(host.screen).__name__ == "InvitationScreen", [ph])
                await ph.press("escape")
                await until(lambda: isinstance(host.screen, RaceScreen), [ph])
                # c, Enter (Ann's car), Enter (the expert): the server hands it over.
                await ph.press("c")
                await until(lambda: type(host.screen).__name__ == "SeatScreen", [ph])
                await ph.press("enter", "enter")
                await until(lambda: server.race.players[0].seat is SeatKind.EXPERT, [ph])
                await until(lambda: len(server.actions) > 0, [ph])
                handed = said("{name}'s car: a computer driver takes the wheel ({driver})",
                              name="Ann", driver=f"🤖 {said('expert')}")
                assert handed in log_lines(host)
        finally:
            await server.stop()

    run(main)


# A guest that drops: the grace, the computer driver, the seat back ------------------------


def test_a_dropped_guest_is_counted_down_replaced_by_a_bot_and_comes_back() -> None:
    async def main() -> None:
        race = hosted(["Ann"], ["Ben"])
        server, address = await serve(race, range(1, 2), grace=1.5)
        host = await host_app(server, address)
        guest = await guest_app(server, address, name="Ben")
        try:
            async with host.run_test(size=SIZE) as ph:
                pilots = [ph]
                await until(lambda: isinstance(host.screen, RaceScreen), pilots)
                # Ann plays her turn by keys, so that it is Ben's.
                while server.race.state.player == 0:
                    key = key_for(host)
                    if key is not None:
                        await press(host, ph, key, pilots)
                    else:
                        await until(lambda: True, pilots)
                await client(guest).close()  # Ben's terminal goes
                away = re.compile(as_in_english(
                    re.escape(said("{name} is away ({n} s)", name="Ben", n="@")),
                    re.escape("Ben is away (@ s)")).replace("@", r"\d+"))
                await until(lambda: bool(away.fullmatch(prompt(host))), pilots)
                dropped = re.compile(re.escape(said(
                    "{name} dropped out; a computer driver takes the car in {n} s unless "
                    "{name} comes back.", name="Ben", n="@")).replace("@", r"\d+"))
                assert any(dropped.fullmatch(line) for line in log_lines(host))
                # After the grace a computer driver takes the car, and plays.
                await until(lambda: server.race.players[1].seat.is_bot, pilots)
                handed = said("{name}'s car: a computer driver takes the wheel ({driver})",
                              name="Ben", driver=f"🤖 {said('expert')}")
                await until(lambda: handed in log_lines(host), pilots)
                # Ben joins again by name: the car is his again.
                back = await guest_app(server, address, name="Ben")
                assert client(back).seats == frozenset({1})
                await until(lambda: server.race.players[1].seat is SeatKind.HUMAN, pilots)
                line = said("{name}'s car: a person takes the wheel", name="Ben")
                await until(lambda: line in log_lines(host), pilots)
                await client(back).close()
        finally:
            await server.stop()

    run(main)


def test_a_die_placed_during_the_extra_roll_keeps_the_roll_then_is_placed() -> None:
    async def main() -> None:
        race = new_race("long", ["Ann", "Ben"], [], seed=5, pro=True)
        server, address = await serve(race, range(1, 2))
        host = await host_app(server, address)
        try:
            async with host.run_test(size=SIZE) as ph:
                pilots = [ph]
                await until(lambda: type(host.screen).__name__ == "InvitationScreen", pilots)
                await ph.press("enter")  # (Ben's seat is free: the invitation first)
                await until(lambda: isinstance(host.screen, RaceScreen), pilots)
                await press(host, ph, "space", pilots)
                assert remote(host).race.state.phase is Phase.EXTRA_ROLL  # type: ignore[union-attr]
                await ph.press("enter")  # no die marked: keep the roll, place at the cursor
                await until(lambda: len(server.actions) == 3, pilots)
                assert server.actions[1] == "keep"
                assert server.actions[2].startswith("d")  # a die placed
                await until(lambda: remote(host).race is client(host).race, pilots)
        finally:
            await server.stop()

    run(main)


def test_quitting_asks_a_player_first_and_lets_a_watcher_go() -> None:
    from monza_tui.app.screens.confirm import ConfirmScreen

    async def main() -> None:
        race = hosted(["Ann"], ["Ben"])
        server, address = await serve(race, range(1, 2))
        host = await host_app(server, address)
        guest = await guest_app(server, address, name="Ben")
        watcher = await guest_app(server, address, watch=True)
        try:
            async with AsyncExitStack() as stack:
                ph = await stack.enter_async_context(host.run_test(size=SIZE))
                pg = await stack.enter_async_context(guest.run_test(size=SIZE))
                pw = await stack.enter_async_context(watcher.run_test(size=SIZE))
                pilots = [ph, pg, pw]
                await until(lambda: all(isinstance(p.app.screen, RaceScreen)
                                        for p in pilots), pilots)
                await pg.press("q")
                await until(lambda: isinstance(guest.screen, ConfirmScreen), pilots)
                assert guest.screen.question == said(  # type: ignore[attr-defined]
                    "Leave the race? A computer driver takes your car after a short wait; "
                    "monza join with the same code and name takes it back.")
                await pg.press("n")
                await until(lambda: isinstance(guest.screen, RaceScreen), pilots)
                await ph.press("q")
                await until(lambda: isinstance(host.screen, ConfirmScreen), pilots)
                assert host.screen.question == said(  # type: ignore[attr-defined]
                    "Stop hosting the race? It is saved: monza host --resume continues it, "
                    "and the others join again with the same code.")
                await ph.press("n")
                await pw.press("q")  # a watcher leaves at once
                await until(lambda: watcher._leaving, pilots)
                assert server.actions == ()
        finally:
            await server.stop()

    run(main)

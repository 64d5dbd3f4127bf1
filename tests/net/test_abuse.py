"""Abuse on loopback: a client that stops reading is cut off and leaves as any dropped
client does; a save that fails, even in wording its failure, never stops the host."""

from __future__ import annotations

import asyncio
import json
import logging
import socket

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from monza_tui.errors import UserError
from monza_tui.net.protocol import PROTOCOL
from monza_tui.net.run import new_race
from monza_tui.net.server import RaceServer
from monza_tui.record import Race
from monza_tui.seats import SeatKind
from net.helpers import Seat, run

MOST_PINGS = 400_000
"""The stalled client's pings at most (each answered by a pong it never reads)."""


async def _stall(address: str, code: str, name: str, go: asyncio.Event) -> int:
    """A client that takes ``name``'s seat, then (once ``go`` is set) reads nothing and asks
    for pongs until the host cuts it off; how many pings it sent."""
    sock = socket.create_connection(tuple(address.split(":")))  # type: ignore[arg-type]
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # little room to hide in
    async with connect(f"ws://{address}", sock=sock, ping_interval=None, max_queue=1,
                       close_timeout=1) as ws:
        await ws.send(json.dumps({"type": "hello", "version": PROTOCOL, "code": code,
                                  "name": name, "token": None, "watch": False}))
        ping = json.dumps({"type": "ping"})
        await go.wait()
        try:
            for sent in range(MOST_PINGS):
                await ws.send(ping)
                if sent % 100 == 0:
                    await asyncio.sleep(0)  # (the host runs on this loop too)
        except ConnectionClosed:
            return sent
    raise AssertionError(f"{MOST_PINGS} pings unread and still connected")


def test_a_client_that_stops_reading_is_away_then_driven_then_takes_its_seat_back(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def main() -> None:
        race = new_race("oval", ["Ann", "Ben"], ["greedy"], seed=3)
        server = RaceServer(race, remote=[0, 1], save=None, bot_delay=0, grace=0.3,
                            max_behind=50)
        invitation = await server.start("127.0.0.1", 0)
        address = f"127.0.0.1:{invitation.port}"
        try:
            ben = Seat("greedy", 2)
            go = asyncio.Event()
            stalled = asyncio.create_task(_stall(address, server.code, "Ann", go))
            ben_client = await ben.join(address, server.code, name="Ben")
            await ben.wait_for(lambda: ben_client.presence[0].kind == "here")
            assert ben_client.seats == frozenset({1})
            go.set()
            # Ann reads nothing: cut off, she is away (the grace counts down), not here
            # for ever with the race waiting on her.
            sent = await asyncio.wait_for(stalled, 50)
            assert sent > 50
            await ben.wait_for(lambda: any(p[0].kind == "away" for p in ben.presences))
            # After the grace a computer driver takes her car and the race goes on.
            await ben.wait_for(lambda: ben_client.race.players[0].seat is SeatKind.GREEDY)
            assert ben_client.presence[0].kind == "bot"
            turn = ben_client.race.state.turn
            await ben.wait_for(lambda: ben_client.race.state.turn >= turn + 2)
            # Ann joins again by her name: her seat, her car back.
            ann = Seat("greedy", 1)
            ann_client = await ann.join(address, server.code, name="Ann")
            assert ann_client.seats == frozenset({0})
            await ann.wait_for(lambda: ann_client.race.players[0].seat is SeatKind.HUMAN)
            assert ann_client.presence[0].kind == "here"
            ann.step()
            await ann.wait_for(ann.over.is_set, 40)
            await ben.wait_for(ben.over.is_set, 10)
        finally:
            await server.stop()
        assert [(c.player, c.seat) for c in server.race.seat_changes] == [
            (0, SeatKind.GREEDY), (0, SeatKind.HUMAN)]
        assert ann.record == ben.record

    with caplog.at_level(logging.WARNING, logger="monza_tui.net.outbox"):
        run(main())
    assert caplog.messages.count("a client fell 50 messages behind; cutting it off") == 1


class Unwordable(UserError):
    """A save's error whose wording fails, as it did when no file could be opened to
    import the wording layer."""

    def __str__(self) -> str:
        raise OSError(24, "Too many open files")


def test_a_save_that_fails_in_wording_its_failure_is_retried_and_the_race_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    saved: list[Race] = []
    failures = [Unwordable(code="save.cannot"), OSError(28, "No space left on device")]

    def save(race: Race) -> None:
        if failures and race.turns:
            raise failures.pop(0)
        saved.append(race)

    async def main() -> tuple[RaceServer, Seat]:
        race = new_race("oval", [], ["greedy", "greedy"], seed=4)
        server = RaceServer(race, remote=[], save=save, bot_delay=0)
        invitation = await server.start("127.0.0.1", 0)
        watcher = Seat(play=False)
        try:
            await watcher.join(f"127.0.0.1:{invitation.port}", server.code, watch=True)
            await watcher.wait_for(watcher.over.is_set, 40)
        finally:
            await server.stop()
        return server, watcher

    with caplog.at_level(logging.WARNING, logger="monza_tui.net.outbox"):
        server, watcher = run(main())
    # The watcher heard the whole race, and the finished race is what was saved last.
    assert watcher.record is not None
    assert saved[-1].state.is_terminal()
    assert saved[-1] is server.race
    assert server.save_error is None
    assert caplog.messages[:3] == [
        "save failed: Unwordable save.cannot",
        "save failed: [Errno 28] No space left on device",
        "saved again after the failure",
    ]


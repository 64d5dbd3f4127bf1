"""The issue's abuse test: a family's race through a real relay, with the real game on both
sides, while a stranger on another address throws junk frames at it, holds 1,000 sockets
open without a word, and guesses codes; every bit of it gets its one refusal or close, and
the race finishes, fair, its record only the family's.

The attacker's sockets are bound to 127.0.0.2 (and 127.0.0.3..5 for guessing), so the
family on 127.0.0.1 is never caught by the caps of the stranger's address: what the test
checks is that the relay keeps them apart. Limits are the relay's defaults but ``settle``
(0: a relay just started answers an unknown code ``relay.host_away`` for 60 s, and the
guessing must be told ``net.bad_code``).

The race is held between the attacks (the family's two guests stop sending moves, the
host waits for them), so every attack meets a live race, and moves on a few actions after
each, so the guests' lines are seen carrying the race throughout.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.net.helpers import Seat, local_record
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from monza_tui.cli import main
from monza_tui.net.codes import normal_code
from monza_tui.net.mirror import FAIR
from monza_tui.net.run import make_server, new_race
from monza_tui.record import parse_records
from monza_tui.relay import limits as L
from monza_tui.relay.server import Relay
from monza_tui.seats import SeatKind
from relay.helpers import KEY, other_code, quick, relay_at, run

STRANGER = "127.0.0.2"
GUESSERS = ("127.0.0.3", "127.0.0.4", "127.0.0.5")
IDLE_SOCKETS = 1000
IDLE_WEBSOCKETS = L.PER_ADDRESS + 6
"""Websockets opened and never spoken on: the address's cap of them, and six more."""
WAIT = 20.0
"""Seconds any one wait of the test may take at most."""


def _loopback_sources() -> str | None:
    """Why the test cannot run here (None: it can)."""
    for address in (STRANGER, *GUESSERS):
        try:
            with socket.socket() as sock:
                sock.bind((address, 0))
        except OSError as error:
            return f"cannot bind {address} as a source address: {error}"
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = 2 * (IDLE_SOCKETS + IDLE_WEBSOCKETS) + 200  # (both ends live in this process)
    if soft != resource.RLIM_INFINITY and soft < need:
        return f"ulimit -n is {soft}, the test holds some {need} descriptors"
    return None


pytestmark = pytest.mark.skipif(_loopback_sources() is not None,
                                reason=str(_loopback_sources()))


async def stranger(url: str, path: str, source: str = STRANGER) -> ClientConnection:
    """A websocket of the attacker's, from ``source``."""
    return await asyncio.wait_for(
        connect(url + path, local_addr=(source, 0), close_timeout=1, ping_interval=None,
                max_size=None), WAIT)


async def ending(ws: ClientConnection) -> tuple[list[Any], int | None, str]:
    """Every frame a line gets until it is closed (JSON read when it can be), and how it
    was closed."""
    frames: list[Any] = []

    async def reading() -> None:
        try:
            async for frame in ws:
                try:
                    frames.append(json.loads(frame))
                except ValueError:
                    frames.append(frame)
        except ConnectionClosed:
            pass

    await asyncio.wait_for(reading(), WAIT)
    await asyncio.wait_for(ws.wait_closed(), WAIT)
    return frames, ws.close_code, ws.close_reason or ""


async def http(port: int, request: bytes, source: str = STRANGER) -> bytes:
    """What the relay answers to raw bytes, up to its closing the socket."""
    reader, writer = await asyncio.wait_for(
        asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0)), WAIT)
    writer.write(request)
    try:
        return await asyncio.wait_for(reader.read(), WAIT)
    finally:
        writer.close()


def refused(code: str, **params: Any) -> dict[str, Any]:
    return {"type": "refused", "code": code, "params": params}


def hello(code: str, name: str | None = None, watch: bool = False) -> str:
    return json.dumps({"type": "hello", "version": 1, "code": code, "name": name,
                       "token": None, "watch": watch})


class Family:
    """Ann and Ben, the two guests of the race, held or let go between the attacks."""

    def __init__(self, ann: Seat, ben: Seat) -> None:
        self.seats = (ann, ben)

    async def advance(self, count: int) -> None:
        """Let the race go on by ``count`` actions at least, then hold it again."""
        ann = self.seats[0]
        start = len(ann.actions)
        for seat in self.seats:
            seat.play = True
            seat.step()
        await ann.wait_for(lambda: len(ann.actions) >= start + count, WAIT)
        for seat in self.seats:
            seat.play = False
        assert ann.client is not None and not ann.client.race.state.is_terminal()

    async def finish(self) -> None:
        for seat in self.seats:
            seat.play = True
            seat.step()
        for seat in self.seats:
            await asyncio.wait_for(seat.over.wait(), 60)


async def junk(url: str, port: int, code: str) -> None:
    """Junk frames on the live race's code and on its host's path; plain HTTP junk."""
    path = f"/{code}"
    # Not JSON: the relay passes it on (it reads no guest's frame), the host refuses it.
    ws = await stranger(url, path)
    await ws.send("this is no frame {")
    assert await ending(ws) == ([refused("net.bad_json")], 1000, "")
    # A binary frame: the relay itself closes 1003.
    ws = await stranger(url, path)
    await ws.send(b"\x00\x01\x02binary")
    assert await ending(ws) == ([], 1003, "text frames only")
    # Over 8 KiB: closed 1009 before any of it reaches the host.
    ws = await stranger(url, path)
    await ws.send("x" * (L.GUEST_FRAME + 1))
    assert (await ending(ws))[1] == 1009
    # A flood, as a watcher the host welcomed: past the burst, closed 1008.
    ws = await stranger(url, path)
    await ws.send(hello(code, watch=True))
    welcome = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
    assert (welcome["type"], welcome["seats"]) == ("welcome", [])
    ping = json.dumps({"type": "ping"})
    with contextlib.suppress(ConnectionClosed):  # (sent before the close is read)
        for _ in range(10 * L.GUEST_RATE[1]):
            await ws.send(ping)
    _, closed, reason = await ending(ws)
    assert (closed, reason) == (1008, "too many frames")
    # A hello with a wrong code: the host's own refusal.
    ws = await stranger(url, path)
    await ws.send(hello(other_code(), "Ann"))
    assert await ending(ws) == ([refused("net.bad_code")], 1008, "")
    # Hellos for the seats taken: nobody takes a seat by its name while it is driven.
    for name in ("Ann", "Ben", None):
        ws = await stranger(url, path)
        await ws.send(hello(code, name))
        assert await ending(ws) == ([refused("net.no_free_seat")], 1000, "")
    # The host's path: junk for a register, another version, a wrong key for the live code.
    for first, answer in (
        ("junk", refused("relay.bad_register")),
        (json.dumps({"type": "register", "version": 2, "key": KEY}),
         refused("relay.version", theirs=2, ours=1)),
        (json.dumps({"type": "register", "version": 1, "key": KEY}), refused("relay.taken")),
    ):
        ws = await stranger(url, f"/host/{code}")
        await ws.send(first)
        assert await ending(ws) == ([answer], 1008, "")
    # A register after junk is too late: the first frame was the only chance.
    ws = await stranger(url, f"/host/{code}")
    await ws.send(b"\xff" * 64)
    await ws.send(json.dumps({"type": "register", "version": 1, "key": KEY}))
    assert await ending(ws) == ([refused("relay.bad_register")], 1008, "")
    # Plain HTTP junk: no request is closed unanswered; a request, its status.
    for request, status in (
        (b"NONSENSE\r\n\r\n", b""),
        (b"\x16\x03\x01\x00\x05junk", b""),  # (a TLS hello to a ws:// relay)
        (b"GET /nowhere/at/all HTTP/1.1\r\nHost: relay\r\n\r\n", b"HTTP/1.1 404 "),
        (f"GET /{code} HTTP/1.1\r\nHost: relay\r\n\r\n".encode(), b"HTTP/1.1 426 "),
    ):
        assert (await http(port, request))[:len(status)] == status


async def idle(url: str, port: int, code: str, relay: Relay, family: Family) -> Seat:
    """Websockets that never speak and 1,000 sockets that never open their websocket, all
    from the stranger's address, while a watcher of the family joins and the race goes on;
    the watcher."""
    assert relay._server is not None
    lines = relay._server.handler_tasks  # (every socket the relay accepted and holds)
    before = len(lines)
    most = L.PER_ADDRESS
    # Websockets opened and silent: the address's cap of them is held, the rest told so.
    sockets = [await stranger(url, f"/{code}") for _ in range(most + 6)]
    endings = [asyncio.ensure_future(ending(ws)) for ws in sockets]
    await until(lambda: sum(task.done() for task in endings) == 6)
    told = [task for task in endings if task.done()]
    assert [task.result() for task in told] == [
        ([refused("net.full", most=most)], 1000, "")] * 6
    await until(lambda: relay.door.holds(STRANGER) == most)
    # 1,000 sockets that never say a word: the address holds twice its cap at most, and
    # the rest are dropped unread at once.

    async def one() -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        # (the writer is kept: one collected closes its socket)
        return await asyncio.open_connection("127.0.0.1", port, local_addr=(STRANGER, 0))

    async def cut(reader: asyncio.StreamReader) -> bytes:
        try:
            return await reader.read()
        except ConnectionError:
            return b""

    held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    for _ in range(IDLE_SOCKETS // 100):  # (in hundreds: the listening backlog's size)
        held += await asyncio.wait_for(asyncio.gather(*(one() for _ in range(100))), WAIT)
    assert len(held) == IDLE_SOCKETS
    cuts = [asyncio.ensure_future(cut(reader)) for reader, _ in held]
    dropped = IDLE_SOCKETS - (L.ADDRESS_SLACK - 1) * most
    await until(lambda: sum(task.done() for task in cuts) == dropped)
    assert relay.door.holds(STRANGER) == L.ADDRESS_SLACK * most
    assert relay.door.open["guest"] == 2 + most
    # Meanwhile the family comes in: a watcher from the family's address, and the race
    # goes on.
    watcher = Seat(play=False)
    client = await watcher.join(f"{url}/{code}", None, watch=True)
    assert client.seats == frozenset()
    await family.advance(4)
    assert len(watcher.actions) >= 4
    # The handshake's and the first frame's 5 s cut the rest; nothing of it is left.
    assert set(await asyncio.wait_for(asyncio.gather(*cuts), WAIT)) == {b""}
    for _, writer in held:
        writer.close()
    assert [await task for task in endings if task not in told] == [
        ([], 1008, "too slow")] * most
    await until(lambda: relay.door.holds(STRANGER) == 0)
    assert len(lines) == before + 1  # (the watcher's)
    assert relay.door.open == {"host": 1, "guest": 3}
    return watcher


async def guessing(url: str, code: str) -> tuple[int, int]:
    """Wrong codes from the stranger's address and three more, until the budgets are
    spent (docs/relay.md, "Guessing codes"): how many were told ``net.bad_code`` and how
    many ``net.too_many``."""

    async def guess(source: str, what: str) -> tuple[str, int | None, dict[str, Any]]:
        ws = await stranger(url, f"/{what}", source)
        with contextlib.suppress(ConnectionClosed):  # (a refusal may come first)
            await ws.send(hello(what, "Ann"))
        frames, closed, _ = await ending(ws)
        (frame,) = frames
        return frame["code"], closed, frame["params"]

    def wrong() -> str:
        while True:
            guessed = other_code()
            if normal_code(guessed) != normal_code(code):
                return guessed

    bad, slow = ("net.bad_code", 1008, {}), ("net.too_many", 1000)
    # One address: its ten, then it waits (everyone's budget is not spent yet).
    said = await asyncio.gather(*(guess(STRANGER, wrong()) for _ in range(12)))
    assert sorted(said, key=str)[:10] == [bad] * 10
    assert [(c, closed) for c, closed, _ in said if c != bad[0]] == [slow] * 2
    assert {params["seconds"] for c, _, params in said if c != bad[0]} <= {5, 6}
    # The live code from it now is not even looked up.
    assert (await guess(STRANGER, code))[:2] == slow
    # Three more addresses, ten each: everyone's thirty are spent (one more comes back
    # each second), and the rest wait.
    said = await asyncio.gather(*(guess(source, wrong()) for source in GUESSERS
                                  for _ in range(10)))
    found = sum(answer == bad for answer in said)
    assert 20 <= found < 30
    assert [(c, closed) for c, closed, _ in said if c != bad[0]] == [slow] * (30 - found)
    return 10 + found, 3 + 30 - found


async def until(condition: Callable[[], bool]) -> None:
    """Wait until ``condition()`` holds, looking at every turn of the loop (a deadline)."""

    async def waiting() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(waiting(), WAIT)


def test_junk_idle_sockets_and_guessing_leave_the_race_to_finish(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with relay_at(quick(wrong_code_pause=L.WRONG_CODE_PAUSE)) as (relay, url):
            port = int(url.rpartition(":")[2])
            race = new_race("oval", ["Ann", "Ben"], ["greedy"], seed=21)
            server = make_server(race, remote=[0, 1], save=False, bot_delay=0.0, grace=20.0,
                                 relay=url)
            await server.start()
            assert server.uplink is not None
            await asyncio.wait_for(server.uplink.registered.wait(), WAIT)
            ann, ben = Seat("greedy", 1, play=False), Seat("greedy", 2, play=False)
            ann_client = await ann.join(f"{url}/{server.code}", None, name="Ann")
            ben_client = await ben.join(f"{url}/{server.code}", None, name="Ben")
            family = Family(ann, ben)
            await family.advance(4)
            await junk(url, port, server.code)
            await family.advance(4)
            watcher = await idle(url, port, server.code, relay, family)
            bad_codes, too_many = await guessing(url, server.code)
            await family.advance(4)
            await family.finish()
            await asyncio.wait_for(watcher.over.wait(), WAIT)
            # The family's lines never dropped; each sees the dice were fair.
            for seat in (ann, ben, watcher):
                assert False not in seat.connections
                assert seat.refusals == []
            assert ann_client.dice_check == ben_client.dice_check == FAIR
            # The record: the family's race alone, and it checks.
            record = ann.record
            assert record is not None and record == ben.record == watcher.record
            assert record == local_record(server.race, list(server.actions), 21)
            (back,) = parse_records(record, "host")
            assert [p.seat for p in back.players] == [
                SeatKind.HUMAN, SeatKind.HUMAN, SeatKind.GREEDY]
            assert back.seat_changes == ()
            path = tmp_path / "race.jsonl"
            path.write_text(record, encoding="utf-8")
            assert main(["replay", "--check", str(path)]) == 0
            # Every refusal counted, by reason.
            answer = await http(port, b"GET /metrics HTTP/1.1\r\nHost: relay\r\n\r\n",
                                source="127.0.0.1")
            counted = [line for line in answer.decode().splitlines()
                       if line.startswith("monza_relay_refusals_total{")]
            assert counted == [
                f'monza_relay_refusals_total{{reason="{reason}"}} {n}' for reason, n in (
                    ("bad_code", bad_codes), ("too_many", too_many), ("host_away", 0),
                    ("full", 6), ("taken", 1), ("version", 1), ("bad_register", 2),
                    ("register_too_many", 0), ("relay_full", 0), ("timeout", L.PER_ADDRESS),
                    ("too_big", 1), ("too_fast", 1), ("behind", 0), ("not_text", 1))]
            await ann_client.close()
            await ben_client.close()
            assert watcher.client is not None
            await watcher.client.close()
            await server.stop()

    run(scenario(), 60)

"""Faults: a client dropped mid-turn is driven by a computer driver after the grace and
takes its seat back with its token; the seed stays secret until the end."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from monza_tui.bots import make_driver
from monza_tui.engine import Action, Phase, State, action_text
from monza_tui.net.client import RaceClient
from monza_tui.net.protocol import PROTOCOL
from monza_tui.net.run import make_server, new_race
from monza_tui.record import parse_records
from monza_tui.seats import SeatKind
from net.helpers import Seat, run


def _kill(client: RaceClient) -> None:
    """The client's process dies: the line breaks without a word, and nothing retries."""
    client._closing = True
    assert client._ws is not None and client._task is not None
    client._ws.transport.abort()
    client._task.cancel()


@pytest.mark.parametrize("through", ["home network", "relay"])
def test_a_client_dropped_mid_turn_is_driven_by_a_bot_then_takes_its_seat_back(
    through: str,
) -> None:
    """On a home network and through a relay alike (docs/relay.md: faults as on a LAN)."""

    async def main() -> None:
        from monza_tui.relay.server import Relay
        from relay.helpers import quick

        race = new_race("oval", ["Ann", "Ben"], [])
        relay = Relay(quick()) if through == "relay" else None
        url = None
        if relay is not None:
            ((_, port), *_) = await relay.start("127.0.0.1", 0)
            url = f"ws://127.0.0.1:{port}"
        server = make_server(race, remote=[0, 1], save=False, bot_delay=0, grace=0.2,
                             relay=url)
        invitation = await server.start("127.0.0.1", 0)
        if server.uplink is not None:
            await asyncio.wait_for(server.uplink.registered.wait(), 10)
        address = invitation.addresses[0]
        assert address.startswith("ws://") == (relay is not None)
        try:
            ann, ben = Seat("greedy", 1, play=False), Seat("greedy", 2)
            ann_client = await ann.join(address, server.code, name="Ann")
            ben_client = await ben.join(address, server.code, name="Ben")
            assert ann_client.presence[0].kind == "here"
            # Ann rolls, and her line dies with the dice on the table.
            ann_client.roll()
            await ann.wait_for(lambda: ann_client.seq == 1)
            assert server.race.state.phase in (Phase.PLACING, Phase.EXTRA_ROLL)
            token = ann_client.token
            turn = server.race.state.turn
            _kill(ann_client)
            await ben.wait_for(lambda: any(p[0].kind == "away" for p in ben.presences))
            away = next(p[0] for p in ben.presences if p[0].kind == "away")
            assert away.until is not None  # the grace (0.2 s) counted down on Ben's screen
            # After the grace a computer driver takes Ann's car and plays her turn on.
            await ben.wait_for(lambda: ben_client.race.players[0].seat is SeatKind.EXPERT)
            # (the presence that says so follows the seat change, maybe a frame later)
            await ben.wait_for(lambda: ben_client.presence[0].kind == "bot")
            await ben.wait_for(lambda: ben_client.race.state.turn >= 4)
            # Ann comes back with her token: her seat again, driven by her.
            back = Seat("greedy", 3)
            back_client = await back.join(address, server.code, token=token)
            assert back_client.seats == frozenset({0})
            await back.wait_for(lambda: back_client.race.players[0].seat is SeatKind.HUMAN)
            assert back_client.presence[0].kind == "here"
            back.step()
            await back.wait_for(back.over.is_set, 50)
            await ben.wait_for(ben.over.is_set, 10)
        finally:
            await server.stop()
            if relay is not None:
                await relay.stop()
        final = server.race
        assert [(c.player, c.seat) for c in final.seat_changes] == [
            (0, SeatKind.EXPERT), (0, SeatKind.HUMAN)]
        first = final.seat_changes[0]
        assert (first.turn, first.at) == (turn, 1)  # after Ann's roll, in her turn
        assert back.record == ben.record
        assert back.record is not None
        (replayed,) = parse_records(back.record, "test")  # the record checks as any other
        assert replayed.state == final.state
        assert replayed.seat_changes == final.seat_changes
        assert '"seats": [{"at": 1, "player": 0, "seat": "expert"}]' in back.record

    run(main())


def test_no_client_sees_the_seed_or_a_future_roll_before_the_end() -> None:
    async def main() -> tuple[list[str], RaceClient]:
        race = new_race("oval", ["Ann"], ["greedy", "expert"])
        server = make_server(race, remote=[0], save=False, bot_delay=0)
        invitation = await server.start("127.0.0.1", 0)
        frames: list[str] = []
        try:
            watcher = await connect(f"ws://127.0.0.1:{invitation.port}")
            await watcher.send(json.dumps({"type": "hello", "version": PROTOCOL,
                                           "code": server.code, "watch": True}))
            ann = Seat("greedy", 1)
            client = await ann.join(f"127.0.0.1:{invitation.port}", server.code, name="Ann")
            while not frames or json.loads(frames[-1])["type"] != "over":
                frames.append(str(await asyncio.wait_for(watcher.recv(), 20)))
            await ann.wait_for(ann.over.is_set, 10)
            await watcher.close()
        finally:
            await server.stop()
        return frames, client

    frames, client = run(main())
    *during, last = frames
    over = json.loads(last)
    seed = over["seed"]
    assert seed == client.seed == client.race.seed
    assert over["record"] == client.record_text
    welcome = json.loads(during[0])
    assert welcome["type"] == "welcome" and "seed" not in welcome["header"]
    salt = bytes.fromhex(over["salt"])
    seed_hash = hashlib.sha256(salt + str(seed).encode()).hexdigest()
    assert welcome["header"]["seed_hash"] == client.seed_hash == seed_hash
    rolls: list[str] = []
    for frame in during:
        assert str(seed) not in frame and over["salt"] not in frame
        message = json.loads(frame)
        assert message["type"] in ("welcome", "action", "presence", "seats")
        if message["type"] == "action" and message["action"].startswith("roll"):
            rolls.append(message["action"])
    # Every roll came after the state it was rolled in: the n-th roll frame is the n-th
    # roll of the race, and nothing before it named it.
    race_rolls = [str(a) for _, a in client.race.replay() if str(a).startswith("roll")]
    assert rolls == race_rolls


def test_a_client_that_drops_again_and_again_never_breaks_the_record() -> None:
    from monza_tui.limits import MAX_SEAT_CHANGES
    from monza_tui.record import record_text

    async def main() -> None:
        race = new_race("oval", ["Ann", "Ben"], [])
        # The computer driver never gets to move (a long pause): the turn stays Ann's.
        server = make_server(race, remote=[0, 1], save=False, bot_delay=60, grace=0.01)
        invitation = await server.start("127.0.0.1", 0)
        address = f"127.0.0.1:{invitation.port}"
        try:
            ann = Seat(play=False)
            client = await ann.join(address, server.code, name="Ann")
            client.roll()
            await ann.wait_for(lambda: client.seq == 1)
            turn = server.race.state.turn
            for _ in range(MAX_SEAT_CHANGES):
                token = client.token
                _kill(client)
                await asyncio.wait_for(_until(lambda: server.race.players[0].seat.is_bot), 10)
                ann = Seat(play=False)
                client = await ann.join(address, server.code, token=token)
                await asyncio.sleep(0.05)
            changes = [c for c in server.race.seat_changes if c.turn == turn]
            assert len(changes) <= MAX_SEAT_CHANGES
            # Ann is back but the turn's changes are spent: the computer driver keeps her
            # car until the turn is over, and it is handed back then.
            assert server.race.players[0].seat is SeatKind.EXPERT
            (back,) = parse_records(record_text([server.race], save=True), "save")
            assert back.seat_changes == server.race.seat_changes
        finally:
            await server.stop()

    run(main())


async def _until(condition) -> None:  # type: ignore[no-untyped-def]
    while not condition():
        await asyncio.sleep(0.005)


def test_a_resumed_host_listens_where_it_did(tmp_path: Path, monkeypatch: Any) -> None:
    """The save keeps the port the host listened on (0 asked for any), so that a host
    resumed without --port is where the others try again."""
    from monza_tui.net.hostsave import latest_host_save, read_host_save
    from monza_tui.net.run import make_server, new_race, resume_server

    monkeypatch.setenv("MONZA_HOME", str(tmp_path))

    async def main() -> None:
        server = make_server(new_race("oval", ["Ann"], ["greedy"], seed=3), remote=[0],
                             bot_delay=0)
        invitation = await server.start("127.0.0.1", 0)
        try:
            ann = Seat()
            await ann.join(f"127.0.0.1:{invitation.port}", server.code, name="Ann")
            for _ in range(1000):  # (bounded: run() gives up after its limit too)
                if server.race.turns:  # a turn played: saved before anyone heard of it
                    break
                await asyncio.sleep(0.01)
        finally:
            await server.stop()
        path = latest_host_save()
        assert path is not None and read_host_save(path).port == invitation.port != 0
        again = resume_server(path, bot_delay=0)
        assert again.port == invitation.port and again.code == server.code

    run(main())


class _FailsOnce:
    """A computer driver whose first answer raises; then it drives as greedy."""

    level = "greedy"

    def __init__(self) -> None:
        from monza_tui.race.drivers import driver_rng

        self.asked: list[State] = []
        self._greedy = make_driver("greedy", driver_rng(3, 0))

    def choose(self, state: State) -> Action:
        self.asked.append(state)
        if len(self.asked) == 1:
            raise RuntimeError("tables lost")
        return self._greedy.choose(state)


def test_a_failing_computer_driver_plays_the_first_legal_action_and_the_race_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    broken = _FailsOnce()

    async def main() -> None:
        server = make_server(new_race("oval", [], ["greedy", "greedy"], seed=3), remote=[],
                             save=False, bot_delay=0)
        server.drivers.set(0, "greedy", 0, broken)
        await server.start("127.0.0.1", 0)
        try:
            await server.wait_over()
        finally:
            await server.stop()
        first = broken.asked[0]
        # The roll, then instead of the failed choice the first legal action, then on.
        assert server.actions[1] == action_text(first.board, first.legal_actions()[0])
        assert server.race.state.is_terminal()

    with caplog.at_level(logging.ERROR, logger="monza_tui.net.server"):
        run(main())
    (record,) = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert record.getMessage() == (
        "the computer driver of player 0 failed (tables lost); it plays "
        f"{action_text(broken.asked[0].board, broken.asked[0].legal_actions()[0])}")
    assert record.exc_info is None  # one line, no traceback

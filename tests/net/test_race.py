"""Whole races over loopback: clients that join one host and play to the end, and the
record they get is the record of the same actions played at one keyboard."""

from __future__ import annotations

import json

from monza_tui.net.run import make_server, new_race
from monza_tui.net.server import RaceServer
from net.helpers import Seat, local_record, run


async def _serve(remote: list[str], bots: list[str], **options: object) -> tuple[RaceServer, str]:
    race = new_race("oval", remote, bots)
    server = make_server(race, remote=range(len(remote)), save=False, bot_delay=0,
                         **options)  # type: ignore[arg-type]
    invitation = await server.start("127.0.0.1", 0)
    return server, f"127.0.0.1:{invitation.port}"


def test_three_clients_race_to_the_end_and_get_the_local_record() -> None:
    async def main() -> None:
        server, address = await _serve(["Ann", "Ben", "Cem"], [])
        seats = [Seat("greedy", n) for n in range(3)]
        try:
            for n, seat in enumerate(seats):
                client = await seat.join(address, server.code, name=["Ann", "Ben", "Cem"][n])
                assert client.seats == frozenset({n})
            for seat in seats:
                await seat.wait_for(seat.over.is_set, 50)
        finally:
            await server.stop()
        race = server.race
        assert race.state.is_terminal()
        expected = local_record(race, list(server.actions), race.seed)
        for seat in seats:
            assert seat.record == expected
            assert seat.client is not None
            assert seat.client.race.state == race.state
            assert seat.client.seed == race.seed
            assert seat.refusals == []
        header = json.loads(expected.splitlines()[0])
        assert [p["name"] for p in header["players"]] == ["Ann", "Ben", "Cem"]

    run(main())


def test_people_and_bots_share_a_race_and_a_watcher_sees_it_all() -> None:
    async def main() -> None:
        server, address = await _serve(["Ann", "Ben"], ["greedy"])
        seats = [Seat("greedy", 1), Seat("random", 2)]
        watcher = Seat(play=False)
        try:
            await watcher.join(address, server.code, watch=True)
            await seats[1].join(address, server.code)  # no name: the first free remote seat
            await seats[0].join(address, server.code)
            assert seats[1].client is not None and seats[1].client.seats == frozenset({0})
            assert seats[0].client is not None and seats[0].client.seats == frozenset({1})
            assert watcher.client is not None and watcher.client.seats == frozenset()
            await watcher.wait_for(watcher.over.is_set, 50)
        finally:
            await server.stop()
        race = server.race
        assert watcher.record == local_record(race, list(server.actions), race.seed)
        assert watcher.client is not None
        assert watcher.client.race.state == race.state

    run(main())

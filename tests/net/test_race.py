"""Whole races over loopback: clients that join one host and play to the end, and the
record they get is the record of the same actions played at one keyboard."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from monza_tui.engine import action_text
from monza_tui.net.hostsave import read_host_save
from monza_tui.net.run import make_server, new_race
from monza_tui.net.server import RaceServer
from monza_tui.record import Race
from net.helpers import Seat, local_record, run


async def _serve(
    remote: list[str], bots: list[str], board: str = "oval", seed: int | None = None,
    **options: object,
) -> tuple[RaceServer, str]:
    race = new_race(board, remote, bots, pro=board == "long", bonus=board == "long", seed=seed)
    server = make_server(race, remote=range(len(remote)), save=False, bot_delay=0,
                         **options)  # type: ignore[arg-type]
    invitation = await server.start("127.0.0.1", 0)
    return server, f"127.0.0.1:{invitation.port}"


@pytest.mark.parametrize("board", ["oval", "long"])  # long: pro and bonus (tiles, turbo)
def test_three_clients_race_to_the_end_and_get_the_local_record(board: str) -> None:
    async def main() -> None:
        server, address = await _serve(["Ann", "Ben", "Cem"], [], board)
        seats = [Seat(level, n) for n, level in enumerate(["greedy", "expert", "random"])]
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
        if board == "long":  # every kind of action crossed the wire
            kinds = {text.split("@")[0][0] for text in server.actions}
            assert {"r", "d", "t", "g"} <= kinds

    run(main())


def test_people_and_bots_share_a_race_and_a_watcher_sees_it_all() -> None:
    async def main() -> None:
        server, address = await _serve(["Ann", "Ben"], ["greedy"])
        seats = [Seat("greedy", 1), Seat("random", 2)]
        watcher = Seat(play=False)
        try:
            await watcher.join(address, server.code, watch=True)
            await seats[1].join(address, server.code, name="Ann")
            await seats[0].join(address, server.code)  # no name: the one seat still free
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


def test_the_host_saves_every_change_before_telling_and_a_failing_disk_does_not_stop_it(
    tmp_path: Path,
) -> None:
    saved: list[int] = []
    failed: list[int] = []
    heard_before_saved: list[int] = []
    path = tmp_path / "hosted.jsonl"

    async def main() -> Seat:
        race = new_race("oval", ["Ann"], ["greedy"])
        server = make_server(race, remote=[0], save_path=path, bot_delay=0)
        write = server._out._save
        assert write is not None

        def save(race: Race) -> None:
            if len(saved) == 3:
                saved.append(-1)
                failed.append(len(list(race.replay())))
                raise OSError(28, "No space left on device")  # once: the next save works
            write(race)
            saved.append(len(list(race.replay())))

        server._out._save = save
        invitation = await server.start("127.0.0.1", 0)
        ann = Seat("greedy", 1)
        original = ann.race_changed

        def heard(race: Race, action: object) -> None:
            seen = len(list(race.replay()))
            if not any(n >= seen for n in saved):
                heard_before_saved.append(seen)
            original(race, action)  # type: ignore[arg-type]

        ann.race_changed = heard  # type: ignore[method-assign]
        try:
            await ann.join(f"127.0.0.1:{invitation.port}", server.code)
            await ann.wait_for(ann.over.is_set, 50)
            assert server.save_error is None  # the failure was said, then a save worked
        finally:
            await server.stop()
        return ann

    ann = run(main())
    # Only what the failed save held was told unsaved (the race goes on without a disk).
    assert len(failed) == 1
    assert all(n <= failed[0] for n in heard_before_saved)
    found = read_host_save(path)
    assert ann.client is not None
    assert found.race.state == ann.client.race.state and found.race.state.is_terminal()
    assert found.remote == frozenset({0})


def test_a_listener_that_fails_does_not_stop_its_client() -> None:
    problems: list[dict] = []

    async def main() -> Seat:
        asyncio.get_running_loop().set_exception_handler(lambda loop, ctx: problems.append(ctx))
        server, address = await _serve(["Ann"], ["greedy"])
        ann = Seat("greedy", 1)
        original = ann.race_changed
        calls = [0]

        def flaky(race: Race, action: object) -> None:
            calls[0] += 1
            original(race, action)  # type: ignore[arg-type]
            if calls[0] == 3:
                raise RuntimeError("a bug in a screen")

        ann.race_changed = flaky  # type: ignore[method-assign]
        try:
            await ann.join(address, server.code)
            await ann.wait_for(ann.over.is_set, 50)
        finally:
            await server.stop()
        assert ann.client is not None and ann.client.race.state == server.race.state
        return ann

    run(main())
    assert [str(p["exception"]) for p in problems] == ["a bug in a screen"]


def test_a_take_back_travels_and_a_late_watcher_sees_the_same_race() -> None:
    from monza_tui.engine import Place, TakeBack

    async def main() -> None:
        server, address = await _serve(["Ann", "Ben"], [], seed=7)
        try:
            ann = Seat(play=False)
            client = await ann.join(address, server.code, name="Ann")
            client.roll()
            await ann.wait_for(lambda: client.seq == 1)
            state = client.race.state
            place = next(a for a in state.legal_actions() if isinstance(a, Place))
            client.act(place)
            await ann.wait_for(lambda: client.seq == 2)
            client.act(TakeBack())
            await ann.wait_for(lambda: client.seq == 3)
            assert server.actions[1:] == (action_text(state.board, place), "back")
            assert client.race.state == server.race.state == state
            assert client.race.pending == server.race.pending
            late = Seat(play=False)
            watcher = await late.join(address, server.code, watch=True)
            assert watcher.seq == 3
            assert watcher.race.state == server.race.state
            assert watcher.race.pending == server.race.pending
        finally:
            await server.stop()

    run(main())

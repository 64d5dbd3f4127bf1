"""The host's side of the wire contract (docs/relay.md): register, registered, refusals,
coming back with the key, expiry."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect

from relay.helpers import CODE, KEY, answer, guest, hello, host, quick, relay_at, run, tagged


def test_a_host_registers_and_another_key_is_refused() -> None:
    async def go() -> None:
        async with relay_at() as (_, url):
            first, said = await host(url)
            assert said == {"type": "registered", "guests": 32}
            second, refused = await host(url, "7k3q9p", "another-key-of-22-chars")
            assert refused == {"type": "refused", "code": "relay.taken", "params": {}}
            await second.wait_closed()
            assert second.close_code == 1008
            await first.close()

    run(go())


def test_a_host_back_with_its_key_gets_its_race_and_its_guests_meanwhile_were_closed() -> None:
    async def go() -> None:
        async with relay_at() as (relay, url):
            uplink, _ = await host(url)
            ben = await guest(url)
            await ben.send(hello())
            assert json.loads(await uplink.recv())["type"] == "open"
            await uplink.recv()  # (the hello)
            await uplink.close()
            await ben.wait_closed()
            assert (ben.close_code, ben.close_reason) == (
                1012, "the host's line to the relay dropped")
            away = await guest(url)
            assert await answer(away) == (
                {"type": "refused", "code": "relay.host_away", "params": {}}, 1000)
            back, said = await host(url, "7K3Q9P")
            assert said == {"type": "registered", "guests": 32}
            ann = await guest(url)
            await ann.send(hello())
            assert json.loads(await back.recv()) == {"type": "open", "id": 2,
                                                     "address": "127.0.0.1"}
            assert await back.recv() == tagged(2, hello())
            assert len(relay.registry) == 1
            await back.close()

    run(go())


def test_a_new_line_of_the_same_host_takes_over_from_a_line_that_looks_open() -> None:
    async def go() -> None:
        async with relay_at() as (_, url):
            old, _ = await host(url)
            new, said = await host(url)
            assert said["type"] == "registered"
            await old.wait_closed()
            assert old.close_code == 1001
            ben = await guest(url)
            await ben.send(hello())
            assert json.loads(await new.recv())["id"] == 1
            await new.close()

    run(go())


def test_after_expire_the_code_is_forgotten() -> None:
    async def go() -> None:
        async with relay_at(quick(expire=0.2)) as (relay, url):
            uplink, _ = await host(url)
            await uplink.close()
            await asyncio.sleep(0.5)
            late = await guest(url)
            assert await answer(late) == (
                {"type": "refused", "code": "net.bad_code", "params": {}}, 1008)
            other, said = await host(url, CODE, "another-key-of-22-chars")
            assert said["type"] == "registered"
            assert relay.registry.expired == 1
            await other.close()

    run(go())


def test_a_register_that_is_none_or_of_another_version_or_too_late() -> None:
    async def go() -> None:
        async with relay_at(quick(first_frame_timeout=0.2)) as (_, url):
            for frame, code, params in [
                ("hello", "relay.bad_register", {}),
                (json.dumps({"type": "register", "version": 1, "key": "short"}),
                 "relay.bad_register", {}),
                (json.dumps({"type": "register", "version": 1, "key": KEY, "x": 1}),
                 "relay.bad_register", {}),
                (json.dumps({"type": "register", "version": 2, "key": KEY}),
                 "relay.version", {"theirs": 2, "ours": 1}),
            ]:
                async with connect(f"{url}/host/{CODE}") as ws:
                    await ws.send(frame)
                    assert await answer(ws) == (
                        {"type": "refused", "code": code, "params": params}, 1008)
            async with connect(f"{url}/host/{CODE}") as ws:  # says nothing
                assert await answer(ws) == (
                    {"type": "refused", "code": "relay.bad_register", "params": {}}, 1008)

    run(go())


def test_an_address_registering_too_often_is_told_when_to_try_again() -> None:
    async def go() -> None:
        async with relay_at() as (_, url):
            for _ in range(20):
                ws, said = await host(url)
                assert said["type"] == "registered"
                await ws.close()
            ws, said = await host(url)
            assert said == {"type": "refused", "code": "relay.too_many",
                            "params": {"seconds": 15}}

    run(go())


def test_the_relay_full_of_races_refuses_a_new_one() -> None:
    async def go() -> None:
        async with relay_at(quick(max_races=1)) as (_, url):
            first, _ = await host(url)
            _second, said = await host(url, "ABC-DEF")
            assert said == {"type": "refused", "code": "relay.full", "params": {"most": 1}}
            await first.close()

    run(go())

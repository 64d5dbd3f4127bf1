"""A guest's side: its frames reach the host with its id, the host's reach it as text,
and the relay answers by itself only what no host can."""

from __future__ import annotations

import json

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from relay.helpers import (
    answer,
    guest,
    hello,
    host,
    other_code,
    quick,
    relay_at,
    run,
    tagged,
)


def test_frames_pass_both_ways_and_the_host_closes_a_guest_after_its_last_frame() -> None:
    async def go() -> None:
        async with relay_at() as (relay, url):
            uplink, _ = await host(url)
            ben = await guest(url, "7k3q9p")
            ann = await guest(url)
            await ben.send(hello())
            assert json.loads(await uplink.recv()) == {"type": "open", "id": 1,
                                                       "address": "127.0.0.1"}
            assert await uplink.recv() == tagged(1, hello())
            await ann.send('{"type":"ping"}')
            assert json.loads(await uplink.recv())["id"] == 2
            assert await uplink.recv() == tagged(2, '{"type":"ping"}')
            await uplink.send(tagged(2, '{"type":"pong"}'))
            await uplink.send(tagged(9, '{"type":"pong"}'))  # (nobody: dropped)
            await uplink.send(tagged(1, '{"type":"refused","code":"net.seat_taken"}'))
            await uplink.send(json.dumps({"type": "close", "id": 1, "code": 1008}))
            assert await ann.recv() == '{"type":"pong"}'  # a text frame: a str
            assert await ben.recv() == '{"type":"refused","code":"net.seat_taken"}'
            await ben.wait_closed()
            assert ben.close_code == 1008
            assert json.loads(await uplink.recv()) == {"type": "gone", "id": 1}
            await ann.close()
            assert json.loads(await uplink.recv()) == {"type": "gone", "id": 2}
            assert (relay.metrics.to_host, relay.metrics.to_guest) == (2, 2)
            await uplink.close()

    run(go())


def test_an_unknown_code_spends_the_budget_then_is_too_many() -> None:
    async def go() -> None:
        async with relay_at() as (relay, url):
            uplink, _ = await host(url)
            for _ in range(10):
                wrong = await guest(url, other_code())
                assert await answer(wrong) == (
                    {"type": "refused", "code": "net.bad_code", "params": {}}, 1008)
            right = await guest(url)  # (the code is not looked at)
            frame, closed = await answer(right)
            assert (frame["code"], closed) == ("net.too_many", 1000)
            assert frame["params"]["seconds"] in (5, 6)
            assert relay.metrics.refusals["bad_code"] == 10
            await uplink.close()

    run(go())


def test_a_code_that_is_no_code_is_a_wrong_code_and_other_paths_are_404() -> None:
    async def go() -> None:
        async with relay_at() as (_, url):
            wrong = await guest(url, "HELLO")
            assert (await answer(wrong))[0]["code"] == "net.bad_code"
            for path in ("/a/b", "/host/HELLO", "/" + "7" * 17, "/"):
                try:
                    await connect(url + path)
                except Exception as error:  # InvalidStatus
                    assert "404" in str(error)
                else:
                    raise AssertionError(path)

    run(go())


def test_while_the_relay_settles_an_unknown_code_is_host_away() -> None:
    async def go() -> None:
        async with relay_at(quick(settle=3600.0)) as (relay, url):
            early = await guest(url)
            assert await answer(early) == (
                {"type": "refused", "code": "relay.host_away", "params": {}}, 1000)
            assert relay.metrics.refusals["host_away"] == 1

    run(go())


def test_a_full_race_and_a_full_address() -> None:
    async def go() -> None:
        async with relay_at(quick(guests_per_race=2)) as (_, url):
            uplink, _ = await host(url)
            ones = [await guest(url) for _ in range(2)]
            for ws in ones:
                await ws.send(hello())
            for _ in range(4):
                await uplink.recv()
            third = await guest(url)
            assert await answer(third) == (
                {"type": "refused", "code": "net.full", "params": {"most": 2}}, 1000)
            await uplink.close()
        async with relay_at(quick(per_address=3)) as (_, url):
            uplink, _ = await host(url)
            ones = [await guest(url) for _ in range(2)]
            third = await guest(url)
            assert await answer(third) == (
                {"type": "refused", "code": "net.full", "params": {"most": 3}}, 1000)
            _other, said = await host(url, "ABC-DEF")
            assert said == {"type": "refused", "code": "relay.full", "params": {"most": 3}}
            await uplink.close()

    run(go())


def test_an_oversized_frame_closes_the_guest_with_1009() -> None:
    async def go() -> None:
        async with relay_at() as (relay, url):
            uplink, _ = await host(url)
            ben = await guest(url)
            await ben.send(hello())
            await uplink.recv()
            await uplink.recv()
            await ben.send("x" * (8 * 1024 + 1))
            await ben.wait_closed()
            assert ben.close_code == 1009
            assert json.loads(await uplink.recv()) == {"type": "gone", "id": 1}
            assert relay.metrics.refusals["too_big"] == 1
            await uplink.close()

    run(go())


def test_a_guest_sending_too_fast_is_closed_and_its_extra_frames_go_nowhere() -> None:
    async def go() -> None:
        async with relay_at(quick(guest_rate=(0.001, 3))) as (relay, url):
            uplink, _ = await host(url)
            ben = await guest(url)
            try:
                for n in range(6):
                    await ben.send(f'{{"n":{n}}}')
            except ConnectionClosed:
                pass
            await ben.wait_closed()
            assert ben.close_code == 1008
            said = [await uplink.recv() for _ in range(5)]
            assert said[1:4] == [tagged(1, f'{{"n":{n}}}') for n in range(3)]
            assert json.loads(said[4]) == {"type": "gone", "id": 1}
            assert relay.metrics.refusals["too_fast"] == 1
            await uplink.close()

    run(go())


def test_a_guest_that_says_nothing_is_closed_and_its_host_never_hears_of_it() -> None:
    async def go() -> None:
        async with relay_at(quick(first_frame_timeout=0.2)) as (relay, url):
            uplink, _ = await host(url)
            idle = await guest(url)
            await idle.wait_closed()
            assert idle.close_code == 1008
            ben = await guest(url)
            await ben.send(hello())
            assert json.loads(await uplink.recv())["id"] == 1  # the first it heard of
            assert relay.metrics.refusals["timeout"] == 1
            await uplink.close()

    run(go())


def test_a_binary_frame_of_a_guest_closes_it() -> None:
    async def go() -> None:
        async with relay_at() as (_, url):
            uplink, _ = await host(url)
            ben = await guest(url)
            await ben.send(b"\x00\x01")
            await ben.wait_closed()
            assert ben.close_code == 1003
            await uplink.close()

    run(go())


def test_behind_a_trusted_proxy_the_address_is_the_headers_last() -> None:
    async def go() -> None:
        async with relay_at(trust_proxy="X-Forwarded-For") as (_, url):
            uplink, _ = await host(url)
            for header, address in [("198.51.100.9, 203.0.113.5", "203.0.113.5"),
                                    ("not an address", "127.0.0.1")]:
                ws = await connect(f"{url}/7K3-Q9P", additional_headers={
                    "X-Forwarded-For": header})
                await ws.send(hello())
                opened = json.loads(await uplink.recv())
                assert opened["address"] == address
                await uplink.recv()
                await ws.close()
                assert json.loads(await uplink.recv()) == {"type": "gone", "id": opened["id"]}
            await uplink.close()

    run(go())


def test_a_guest_that_falls_behind_is_cut_off_and_its_host_reads_on() -> None:
    async def go() -> None:
        async with relay_at(quick(guest_queue_frames=5)) as (relay, url):
            uplink, _ = await host(url)
            slow = await connect(f"{url}/7K3-Q9P", max_queue=1)
            await slow.send(hello())
            await uplink.recv()
            await uplink.recv()
            big = tagged(1, '"' + "x" * 1_000_000 + '"')
            for _ in range(40):  # (far more than the sockets' buffers hold)
                await uplink.send(big)
            said = json.loads(await uplink.recv())
            assert said == {"type": "gone", "id": 1}
            assert relay.metrics.refusals["behind"] == 1
            await uplink.close()

    run(go())

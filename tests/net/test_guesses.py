"""Guessing the join code is bounded: a budget of wrong codes per address and one for
everyone, refused in words ("wait N s") once spent, whatever the number of connections."""

from __future__ import annotations

import asyncio
import json
from collections import Counter

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from monza_tui.errors import said
from monza_tui.net.client import JoinError, RaceClient
from monza_tui.net.guesses import Budget, Guesses
from monza_tui.net.protocol import PROTOCOL
from monza_tui.net.run import make_server, new_race
from monza_tui.wording import word
from net.helpers import Seat, run


class Clock:
    """A clock turned by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_each_address_and_everyone_have_a_budget_that_comes_back_with_time() -> None:
    clock = Clock()
    guesses = Guesses(per_address=Budget(3, 10.0), overall=Budget(5, 2.0), clock=clock)
    for _ in range(3):
        assert guesses.wait("10.0.0.1") == 0
        guesses.spend("10.0.0.1")
    assert guesses.wait("10.0.0.1") == 10.0  # its own budget is spent
    assert guesses.wait("10.0.0.2") == 0  # another's is not
    guesses.spend("10.0.0.2")
    guesses.spend("10.0.0.2")
    assert guesses.wait("10.0.0.3") == 2.0  # everyone's is spent (5)
    clock.now += 2.0
    assert guesses.wait("10.0.0.3") == 0  # one came back
    assert guesses.wait("10.0.0.1") == 8.0
    clock.now += 8.0
    assert guesses.wait("10.0.0.1") == 0


def test_an_ipv6_network_is_one_address_and_a_mapped_ipv4_is_the_ipv4() -> None:
    guesses = Guesses(per_address=Budget(2, 5.0), overall=Budget(100, 1.0), clock=Clock())
    guesses.spend("2001:db8:1:2::1")
    guesses.spend("2001:db8:1:2:ffff::9")  # the same /64
    assert guesses.wait("2001:db8:1:2::77") == 5.0
    assert guesses.wait("2001:db8:1:3::1") == 0
    guesses.spend("::ffff:192.0.2.7")
    guesses.spend("192.0.2.7")
    assert guesses.wait("192.0.2.7") == 5.0


def test_addresses_whose_budget_came_back_are_forgotten() -> None:
    clock = Clock()
    guesses = Guesses(per_address=Budget(2, 1.0), overall=Budget(10_000, 0.001), clock=clock)
    for n in range(500):
        guesses.spend(f"10.0.{n // 250}.{n % 250}")
        clock.now += 0.01
    assert len(guesses._by_address) <= 200  # (those of the last two seconds)
    clock.now += 10
    guesses.spend("10.9.9.9")
    assert list(guesses._by_address) == ["10.9.9.9"]


async def _try(uri: str, code: str, source: str) -> tuple[str, dict[str, object]]:
    """One hello from ``source`` (an address of the loopback network): the host's answer."""
    ws = await connect(uri, local_addr=(source, 0))
    await ws.send(json.dumps({"type": "hello", "version": PROTOCOL, "code": code,
                              "watch": True}))
    answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
    if answer["type"] == "refused":
        try:
            await asyncio.wait_for(ws.recv(), 10)
        except ConnectionClosed:
            pass
        else:
            raise AssertionError("the line stayed open after a refusal")
    await ws.close()
    return answer["type"] if answer["type"] != "refused" else answer["code"], answer.get(
        "params", {})


def test_many_connections_guessing_at_once_get_only_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # (Connections waiting to say the code are capped at 16, a flood's guard of its own
    # (test_flood.py): here every one of the 60 must reach the code's budget.)
    monkeypatch.setattr("monza_tui.net.doors.MAX_UNPROVEN", 100)

    async def main() -> None:
        race = new_race("oval", ["Ann"], ["greedy"])
        server = make_server(race, remote=[0], save=False, bot_delay=0)
        clock = Clock()
        server.guesses = Guesses(per_address=Budget(10, 6.0), overall=Budget(30, 1.0),
                                 clock=clock)
        invitation = await server.start("127.0.0.1", 0)
        uri = f"ws://127.0.0.1:{invitation.port}"
        wrong = "ZZZ-ZZZ" if server.code != "ZZZ-ZZZ" else "YYY-YYY"
        try:
            # 60 connections from one address at once: 10 codes are looked at.
            answers = await asyncio.gather(*(_try(uri, wrong, "127.0.0.1") for _ in range(60)))
            assert Counter(code for code, _ in answers) == {"net.bad_code": 10,
                                                           "net.too_many": 50}
            assert {str(p) for code, p in answers if code == "net.too_many"} == {
                str({"seconds": 6})}
            # Even the right code is not looked at from there now.
            assert await _try(uri, server.code, "127.0.0.1") == ("net.too_many",
                                                                  {"seconds": 6})
            # Other addresses share what is left of everyone's budget (20).
            answers = await asyncio.gather(*(_try(uri, wrong, f"127.0.0.{2 + n % 3}")
                                             for n in range(30)))
            assert Counter(code for code, _ in answers) == {"net.bad_code": 20,
                                                           "net.too_many": 10}
            assert await _try(uri, server.code, "127.0.0.9") == ("net.too_many",
                                                                  {"seconds": 1})
            # The refusal is one worded line for a person joining (from 127.0.0.1).
            try:
                await RaceClient.join(uri, server.code, Seat(play=False), watch=True)
            except JoinError as error:
                assert str(error) == word(said("net.too_many", seconds=6)) == (
                    "too many wrong codes lately: wait 6 s and try again")
            else:
                raise AssertionError("joined while the budget was spent")
            # Time gives the budget back; the right code is let in, and spends nothing.
            clock.now += 6.0
            for _ in range(3):
                assert (await _try(uri, server.code, "127.0.0.1"))[0] == "welcome"
            assert await _try(uri, wrong, "127.0.0.1") == ("net.bad_code", {})
            assert server.connected() == 0
        finally:
            await server.stop()

    run(main())

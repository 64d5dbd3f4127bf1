"""Tokens are compared exactly: a seat's or the host's token typed with another case, or
without its dashes, takes nothing (only a join code is compared loosely)."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import ClientConnection, connect

from monza_tui.net import codes
from monza_tui.net.protocol import PROTOCOL
from monza_tui.net.run import make_server, new_race
from net.helpers import run


def test_a_token_matches_only_itself_and_a_code_matches_as_typed() -> None:
    assert codes.token_matches("aB-c_9", "aB-c_9")
    assert not codes.token_matches("ab-c_9", "aB-c_9")
    assert not codes.token_matches("aBc_9", "aB-c_9")
    assert not codes.token_matches("aB-c_9 ", "aB-c_9")
    assert not codes.token_matches("", "aB-c_9")
    assert codes.code_matches("7k3 q9p", "7K3-Q9P")  # a person typing a code: lenient


def _loosely(token: str) -> str:
    """The token as the join code's comparison would have taken it: another case, no
    dashes (a different token of fewer bits)."""
    looser = token.swapcase().replace("-", "")
    assert looser != token
    return looser


async def _hello(uri: str, code: str, **fields: object) -> tuple[ClientConnection, dict]:
    ws = await connect(uri, max_queue=None)
    await ws.send(json.dumps({"type": "hello", "version": PROTOCOL, "code": code, **fields}))
    return ws, json.loads(await asyncio.wait_for(ws.recv(), 10))


def test_a_token_of_another_case_takes_neither_a_seat_nor_the_hosts_terminal() -> None:
    async def main() -> None:
        race = new_race("oval", ["Ann", "Ben"], [])
        server = make_server(race, remote=[1], save=False, bot_delay=0)
        invitation = await server.start("127.0.0.1", 0)
        uri = f"ws://127.0.0.1:{invitation.port}"
        try:
            ben, welcome = await _hello(uri, server.code, name="Ben")
            assert welcome["seats"] == [1] and welcome["host"] is False
            token = welcome["token"]
            # Ben's token, loosened: not Ben's seat (he keeps it), and no other seat is
            # free, so the line is refused.
            other, welcome = await _hello(uri, server.code, token=_loosely(token))
            assert (welcome["type"], welcome["code"]) == ("refused", "net.no_free_seat")
            assert server._doors.holder(1) is not None
            # The host's token, loosened: not the host's terminal; with --watch, a watcher.
            fake, welcome = await _hello(uri, server.code, token=_loosely(server.host_token),
                                         watch=True)
            assert (welcome["seats"], welcome["host"]) == ([], False)
            assert server._doors.host is None
            # The exact tokens: Ben's seat back (on the new line), the host's terminal.
            again, welcome = await _hello(uri, server.code, token=token)
            assert (welcome["seats"], welcome["token"]) == ([1], token)
            host, welcome = await _hello(uri, server.code, token=server.host_token)
            assert (welcome["seats"], welcome["host"]) == ([0], True)
            for ws in (ben, other, fake, again, host):
                await ws.close()
        finally:
            await server.stop()

    run(main())

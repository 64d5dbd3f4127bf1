"""What the host refuses: every refusal is answered with a code and changes nothing."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from monza_tui.engine import Phase, action_text
from monza_tui.errors import UserError
from monza_tui.net.client import JoinError, RaceClient
from monza_tui.net.protocol import PROTOCOL
from monza_tui.net.run import make_server, new_race
from monza_tui.net.server import RaceServer
from monza_tui.seats import SeatKind
from monza_tui.wording import word
from net.helpers import Seat, run


async def _server() -> tuple[RaceServer, str]:
    race = new_race("oval", ["Ann", "Ben"], [])
    server = make_server(race, remote=[0, 1], save=False, bot_delay=0)
    invitation = await server.start("127.0.0.1", 0)
    return server, f"ws://127.0.0.1:{invitation.port}"


async def _hello(uri: str, code: str, **fields: object) -> tuple[ClientConnection, dict]:
    ws = await connect(uri, max_queue=None)
    await ws.send(json.dumps({"type": "hello", "version": PROTOCOL, "code": code, **fields}))
    return ws, json.loads(await asyncio.wait_for(ws.recv(), 10))


async def _answer(ws: ClientConnection, frame: str) -> dict:
    await ws.send(frame)
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if message["type"] != "presence":
            return message


def test_out_of_turn_malformed_unknown_stale_and_illegal_are_refused_and_change_nothing() -> None:
    async def main() -> None:
        server, uri = await _server()
        try:
            ann, welcome = await _hello(uri, server.code, name="Ann")
            assert welcome["type"] == "welcome" and welcome["seats"] == [0]
            ben, welcome = await _hello(uri, server.code.lower().replace("-", ""), name="Ben")
            assert welcome["seats"] == [1]
            before = (server.race, server.actions)

            async def refused(ws: ClientConnection, frame: object) -> tuple[str, dict]:
                text = frame if isinstance(frame, str) else json.dumps(frame)
                answer = await _answer(ws, text)
                assert answer["type"] == "refused", answer
                assert (server.race, server.actions) == before
                return answer["code"], answer["params"]

            assert await refused(ben, {"type": "roll", "seq": 0}) == (
                "net.not_your_turn", {"name": "Ann"})
            assert (await refused(ann, {"type": "act", "seq": 0, "action": "go"}))[0] == (
                "net.roll_due")
            assert (await refused(ann, "{not json"))[0] == "net.bad_json"
            assert (await refused(ann, "[1, 2]"))[0] == "net.bad_json"
            assert await refused(ann, {"type": "teleport", "seq": 0}) == (
                "net.unknown_type", {"type": "teleport"})
            assert await refused(ann, {"type": "roll", "seq": 0, "dice": "rrrrrr"}) == (
                "net.bad_message", {"field": "dice"})
            assert (await refused(ann, {"type": "roll", "seq": "0"}))[0] == "net.bad_message"
            assert await refused(ann, {"type": "roll", "seq": 3}) == ("net.stale", {"seq": 0})
            assert (await refused(ann, {"type": "hand", "seq": 0, "player": 1,
                                        "seat": "expert"}))[0] == "net.not_host"
            assert (await refused(ann, {"type": "hello", "version": 1, "code": "x"}))[0] == (
                "net.hello_again")
            # Ann rolls: accepted, and told to both.
            answer = await _answer(ann, json.dumps({"type": "roll", "seq": 0}))
            assert answer["type"] == "action" and answer["seq"] == 0
            assert answer["action"].startswith("roll ") and answer["player"] == 0
            await ben.send(json.dumps({"type": "ping"}))
            heard = [json.loads(await asyncio.wait_for(ben.recv(), 10)) for _ in range(2)]
            assert [m["type"] for m in heard] == ["action", "pong"]
            assert heard[0] == answer
            state = server.race.state
            assert state.phase in (Phase.PLACING, Phase.EXTRA_ROLL)
            before = (server.race, server.actions)
            assert (await refused(ann, {"type": "act", "seq": 1,
                                        "action": "roll rrrrrr"}))[0] == "net.dice"
            assert await refused(ann, {"type": "act", "seq": 1, "action": "d9@zz"}) == (
                "net.invalid_action", {"action": "d9@zz"})
            far = action_text(state.board, _far_place(state))
            code, params = await refused(ann, {"type": "act", "seq": 1, "action": far})
            assert code == "net.illegal" and params["action"] == far
            assert (await refused(ben, {"type": "act", "seq": 1, "action": far}))[0] == (
                "net.not_your_turn")
            await ann.close()
            await ben.close()
        finally:
            await server.stop()

    run(main())


def _far_place(state):  # type: ignore[no-untyped-def]
    """A die placed on a space far beyond reach (never legal)."""
    from monza_tui.engine import Die, Place

    last = len(state.board.spaces) - 1
    return Place(Die(0), last)


def test_a_wrong_code_is_refused_and_the_line_closed() -> None:
    async def main() -> None:
        server, uri = await _server()
        try:
            ws, answer = await _hello(uri, "ZZZ-ZZZ", name="Ann")
            assert answer == {"type": "refused", "code": "net.bad_code", "params": {}}
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 10)
            assert ws.close_code == 1008
            with pytest.raises(JoinError) as caught:
                await RaceClient.join(uri, "ZZZ-ZZZ", Seat(play=False))
            assert caught.value.code == "net.bad_code"
            assert str(caught.value) == word(caught.value)
            assert server.connected() == 0
        finally:
            await server.stop()

    run(main())


def test_a_frame_before_hello_or_of_another_version_is_refused() -> None:
    async def main() -> None:
        server, uri = await _server()
        try:
            ws = await connect(uri, max_queue=None)
            await ws.send(json.dumps({"type": "roll", "seq": 0}))
            answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert answer["code"] == "net.hello_first"
            ws, answer = await _hello(uri, server.code)
            await ws.close()
            ws = await connect(uri, max_queue=None)
            await ws.send(json.dumps({"type": "hello", "version": 99, "code": server.code}))
            answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert answer == {"type": "refused", "code": "net.version",
                              "params": {"theirs": 99, "ours": PROTOCOL}}
        finally:
            await server.stop()

    run(main())


def test_an_oversized_frame_closes_the_line_with_1009_and_changes_nothing() -> None:
    async def main() -> None:
        server, uri = await _server()
        try:
            ann, _ = await _hello(uri, server.code, name="Ann")
            before = (server.race, server.actions)
            await ann.send(json.dumps({"type": "act", "seq": 0, "action": "x" * 9000}))
            with pytest.raises(ConnectionClosed):
                while True:
                    await asyncio.wait_for(ann.recv(), 10)
            assert ann.close_code == 1009
            assert (server.race, server.actions) == before
            # A long but small frame is read and refused by the model's bounds.
            ben, _ = await _hello(uri, server.code, name="Ben")
            answer = await _answer(ben, json.dumps({"type": "act", "seq": 0,
                                                    "action": "x" * 500}))
            assert answer["code"] == "net.bad_message"
        finally:
            await server.stop()

    run(main())


def test_bad_addresses_are_one_worded_line() -> None:
    from monza_tui.net.client import ws_uri

    assert ws_uri("192.168.1.5:8765") == "ws://192.168.1.5:8765"
    assert ws_uri("localhost") == "ws://localhost:8765"
    assert ws_uri("[::1]:9000") == "ws://[::1]:9000"
    for bad in ("host:port", "a b:1", "host:70000", "[::1"):
        with pytest.raises(UserError) as caught:
            ws_uri(bad)
        assert caught.value.code == "net.bad_address"

    async def main() -> None:
        with pytest.raises(JoinError) as caught:
            await RaceClient.join("127.0.0.1:1", "AAA-AAA", Seat(play=False))
        assert caught.value.code == "net.cannot_connect"
        assert "127.0.0.1:1" in str(caught.value)
        # Text that only the connection finds no address: one worded line too.
        with pytest.raises(JoinError) as caught:
            await RaceClient.join("1.2:3:4", "AAA-AAA", Seat(play=False))
        assert caught.value.code == "net.bad_address"
        # A name nothing answers to (.invalid never resolves): said, not the system's words.
        with pytest.raises(JoinError) as caught:
            await RaceClient.join("no-such-host.invalid:8765", "AAA-AAA", Seat(play=False))
        assert str(caught.value) == ("cannot reach the host at no-such-host.invalid:8765: "
                                     "no machine of that name is found")

    run(main())


def test_a_web_server_at_the_address_is_said_to_be_no_race() -> None:
    """Something that answers HTTP but no websocket of ours (a web server, a proxy): the
    reason is a sentence, not the library's exception name."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi")
        await writer.drain()
        writer.close()

    async def main() -> None:
        web = await asyncio.start_server(answer, "127.0.0.1", 0)
        port = web.sockets[0].getsockname()[1]
        try:
            with pytest.raises(JoinError) as caught:
                await RaceClient.join(f"127.0.0.1:{port}", "AAA-AAA", Seat(play=False))
        finally:
            web.close()
            await web.wait_closed()
        assert caught.value.code == "net.cannot_connect"
        assert str(caught.value) == (f"cannot reach the host at 127.0.0.1:{port}: something "
                                     "else answers there, not a race of monza")

    run(main())


def test_only_the_hosts_terminal_hands_seats() -> None:
    async def main() -> None:
        race = new_race("oval", ["Ann", "Ben"], [])
        server = make_server(race, remote=[1], save=False, bot_delay=0)
        invitation = await server.start("127.0.0.1", 0)
        address = f"127.0.0.1:{invitation.port}"
        try:
            host = Seat(play=False)
            client = await host.join(address, server.code, token=server.host_token)
            assert client.is_host and client.seats == frozenset({0})
            assert client.drives(0) and not client.drives(1)
            client.hand_seat(1, SeatKind.EXPERT)
            await host.wait_for(lambda: client.race.players[1].seat is SeatKind.EXPERT)
            assert server.race.players[1].seat is SeatKind.EXPERT
            ben = Seat(play=False)
            ben_client = await ben.join(address, server.code, name="Ben")
            # Ben joins his seat: the computer driver gives it back to him.
            await ben.wait_for(lambda: ben_client.race.players[1].seat is SeatKind.HUMAN)
            ben_client.hand_seat(0, SeatKind.GREEDY)
            await ben.wait_for(lambda: ben.refusals)
            assert ben.refusals[0][0] == "net.not_host"
            assert [c.seat for c in server.race.seat_changes] == [SeatKind.EXPERT,
                                                                  SeatKind.HUMAN]
        finally:
            await server.stop()

    run(main())


def test_junk_frames_are_all_refused_and_the_race_goes_on() -> None:
    import random

    rng = random.Random(14)
    pieces: list[object] = [None, True, -1, 0, 1, 2**70, 1.5, "", "go", "roll", "d0@a1",
                            "hello", "act", "hand", "ping", [], {}, "x" * 50]

    def junk() -> object:
        if rng.random() < 0.5:
            return {rng.choice(["type", "seq", "action", "player", "seat", "code", "x"]):
                    rng.choice(pieces) for _ in range(rng.randint(0, 4))}
        kind = rng.choice(["act", "roll", "hand", "ping", "hello", "welcome", "over"])
        fields = {"type": kind, "seq": rng.choice([0, 1, -1, "0", None]),
                  "action": rng.choice(pieces), "player": rng.choice(pieces),
                  "seat": rng.choice(["human", "greedy", "robot", 3])}
        return {k: v for k, v in fields.items() if rng.random() < 0.7 or k == "type"}

    async def main() -> None:
        server, uri = await _server()
        try:
            ann, _ = await _hello(uri, server.code, name="Ann")
            before = (server.race, server.actions)
            for _ in range(300):
                frame = json.dumps(junk())
                if '"type": "ping"' in frame and frame.count(":") == 1:
                    continue
                await ann.send(frame)
            answers = []
            while len(answers) < 250:
                message = json.loads(await asyncio.wait_for(ann.recv(), 10))
                if message["type"] == "refused":
                    answers.append(message["code"])
                if server.race is not before[0]:
                    break
            assert server.race is before[0] and server.actions == before[1]
            assert set(answers) <= {"net.bad_message", "net.unknown_type", "net.stale",
                                    "net.not_host", "net.hello_again", "net.bad_json",
                                    "net.roll_due", "net.watching"}
            answer = await _answer(ann, json.dumps({"type": "roll", "seq": 0}))
            while answer["type"] != "action":
                answer = await _answer(ann, json.dumps({"type": "ping"}))
            assert answer["seq"] == 0 and answer["action"].startswith("roll ")
            await ann.close()
        finally:
            await server.stop()

    run(main())


def test_a_hello_of_a_newer_version_with_new_fields_is_refused_as_another_version() -> None:
    async def main() -> None:
        server, uri = await _server()
        try:
            ws = await connect(uri, max_queue=None)
            await ws.send(json.dumps({"type": "hello", "version": 2, "code": server.code,
                                      "colour": "red"}))
            answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert answer == {"type": "refused", "code": "net.version",
                              "params": {"theirs": 2, "ours": PROTOCOL}}
        finally:
            await server.stop()

    run(main())


def test_a_bad_name_is_refused_before_connecting() -> None:
    async def main() -> None:
        with pytest.raises(JoinError) as caught:
            await RaceClient.join("127.0.0.1:1", "AAA-AAA", Seat(play=False), name="\x1b[2J")
        assert "control characters" in str(caught.value)

    run(main())


def test_a_host_sending_a_race_that_cannot_be_read_is_one_line() -> None:
    from websockets.asyncio.server import serve

    async def liar(ws):  # type: ignore[no-untyped-def]
        await ws.recv()
        await ws.send(json.dumps({
            "type": "welcome", "version": PROTOCOL, "seats": [5], "token": "t", "host": False,
            "header": {"record": "monza-game", "version": 1, "board": "oval",
                       "edition": "anniversary", "variants": {"pro": False, "bonus": False},
                       "start_player": 0, "seed_hash": "0" * 64,
                       "players": [{"name": "Ann", "car": "red"},
                                   {"name": "\x1b]0;pwned\x07", "car": "blue"}]},
            "actions": [], "seat_changes": [], "presence": []}))
        await ws.wait_closed()

    async def main() -> None:
        async with serve(liar, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            with pytest.raises(JoinError) as caught:
                await RaceClient.join(f"127.0.0.1:{port}", "AAA-AAA", Seat(play=False))
            assert caught.value.code == "net.bad_welcome"

    run(main())

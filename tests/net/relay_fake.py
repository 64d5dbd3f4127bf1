"""A small relay for the tests of the host's uplink: docs/relay.md's wire contract, the
forwarding alone (no limits, no metrics). ``monza relay`` is the real one."""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass, field

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from monza_tui.net import codes
from monza_tui.relay.frames import addressed


@dataclass
class Hosted:
    key: str
    host: ServerConnection | None = None
    guests: dict[int, ServerConnection] = field(default_factory=dict)
    next_id: int = 1


class FakeRelay:
    """``settle``: an unknown code is ``relay.host_away`` (as just after a restart)."""

    def __init__(self, *, settle: bool = False) -> None:
        self.settle = settle
        self.races: dict[str, Hosted] = {}
        self.registers: list[tuple[str, str]] = []
        """Every register heard: (code, key)."""
        self.server: Server | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    async def start(self, port: int = 0) -> FakeRelay:
        self.server = await serve(self._serve, "127.0.0.1", port, max_size=None)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        assert self.server is not None
        self.server.close()
        await self.server.wait_closed()

    async def _serve(self, ws: ServerConnection) -> None:
        assert ws.request is not None
        path = ws.request.path.strip("/")
        if path.startswith("host/"):
            await self._host(ws, codes.normal_code(path[len("host/"):]))
        else:
            await self._guest(ws, codes.normal_code(path))

    async def _host(self, ws: ServerConnection, code: str) -> None:
        register = json.loads(await ws.recv())
        self.registers.append((code, register["key"]))
        race = self.races.get(code)
        if race is not None and race.key != register["key"]:
            await ws.send(json.dumps({"type": "refused", "code": "relay.taken"}))
            await ws.close(1008)
            return
        if race is not None and race.host is not None:  # the same host on a new line wins
            await race.host.close(1000)
        race = race or Hosted(register["key"])
        self.races[code] = race
        race.host = ws
        await ws.send(json.dumps({"type": "registered", "guests": 32}))
        try:
            async for frame in ws:
                if isinstance(frame, bytes):
                    for ident, payload in addressed(frame):  # (the contract's one reader)
                        guest = race.guests.get(ident)
                        if guest is not None:
                            with contextlib.suppress(ConnectionClosed):
                                await guest.send(bytes(payload).decode())
                else:
                    message = json.loads(frame)
                    guest = race.guests.get(message["id"])
                    if message["type"] == "close" and guest is not None:
                        asyncio.get_running_loop().create_task(guest.close(message["code"]))
        except ConnectionClosed:
            pass
        finally:
            if race.host is ws:
                race.host = None
            for guest in list(race.guests.values()):
                await guest.close(1012, "the host's line to the relay dropped")

    async def _guest(self, ws: ServerConnection, code: str) -> None:
        race = self.races.get(code)
        if race is None or race.host is None:
            away = race is not None or self.settle
            refusal = "relay.host_away" if away else "net.bad_code"
            await ws.send(json.dumps({"type": "refused", "code": refusal, "params": {}}))
            await ws.close(1008 if refusal == "net.bad_code" else 1000)
            return
        host, ident = race.host, race.next_id
        race.next_id += 1
        race.guests[ident] = ws
        try:
            await host.send(json.dumps({"type": "open", "id": ident, "address": "203.0.113.5"}))
            async for frame in ws:
                data = frame.encode() if isinstance(frame, str) else frame
                await host.send(ident.to_bytes(4, "big") + data)
        except ConnectionClosed:
            pass
        finally:
            race.guests.pop(ident, None)
            with contextlib.suppress(ConnectionClosed):
                await host.send(json.dumps({"type": "gone", "id": ident}))

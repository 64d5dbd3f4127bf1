"""Driving a relay on loopback with raw websockets clients acting as hosts and guests."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from monza_tui.net import codes
from monza_tui.relay.limits import Limits
from monza_tui.relay.logs import Log
from monza_tui.relay.server import Relay

T = TypeVar("T")
CODE = "7K3-Q9P"
KEY = "a-host-key-of-22-chars_x"
LIMIT = 30.0


def run(coro: Awaitable[T], limit: float = LIMIT) -> T:
    """Run ``coro`` on a fresh loop, failing after ``limit`` seconds."""

    async def bounded() -> T:
        return await asyncio.wait_for(coro, limit)

    return asyncio.run(bounded())


def quick(**changes: Any) -> Limits:
    """Limits for a test: no settle window, no pause before a wrong code."""
    return Limits(**{"settle": 0.0, "wrong_code_pause": 0.0, **changes})


@asynccontextmanager
async def relay_at(limits: Limits | None = None, **kwargs: Any) -> AsyncIterator[tuple[Relay, str]]:
    """A relay on 127.0.0.1 (any free port), its log kept in ``relay.log_text``; its URL."""
    text = io.StringIO()
    relay = Relay(limits or quick(), log=Log(text), **kwargs)
    relay.log_text = text  # type: ignore[attr-defined]
    (_, port), *_ = await relay.start("127.0.0.1", 0)
    try:
        yield relay, f"ws://127.0.0.1:{port}"
    finally:
        await relay.stop()


async def host(url: str, code: str = CODE,
               key: str = KEY) -> tuple[ClientConnection, dict[str, Any]]:
    """A host's uplink that registered ``code`` with ``key``, and the relay's answer."""
    ws = await connect(f"{url}/host/{code}", max_size=None, close_timeout=1)
    with contextlib.suppress(ConnectionClosed):  # (a refusal may come before it)
        await ws.send(json.dumps({"type": "register", "version": 1, "key": key}))
    return ws, json.loads(await ws.recv())


async def guest(url: str, code: str = CODE) -> ClientConnection:
    return await connect(f"{url}/{code}", close_timeout=1)


async def answer(ws: ClientConnection) -> tuple[dict[str, Any], int | None]:
    """The one frame a refused line gets, and the code it was closed with."""
    frame = json.loads(await ws.recv())
    await ws.wait_closed()
    return frame, ws.close_code


def hello(code: str = CODE) -> str:
    return json.dumps({"type": "hello", "version": 1, "code": code, "name": "Ben",
                       "token": None, "watch": False})


def tagged(ident: int, frame: str | bytes) -> bytes:
    """A frame of the uplink for or from guest ``ident``."""
    return ident.to_bytes(4, "big") + (frame.encode() if isinstance(frame, str) else frame)


def other_code() -> str:
    while True:
        code = codes.new_code()
        if codes.normal_code(code) != codes.normal_code(CODE):
            return code

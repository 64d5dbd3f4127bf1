"""The relay's short way to guests (``relay/wire.py``, a speed tuning) against the usual
``send``: with the tunings on and off, every guest gets exactly the same frames in the same
order, also a guest that stops reading for a while (its frames then wait in the relay's
queue, and none may overtake them), and a close the host asks for comes after them."""

from __future__ import annotations

import asyncio
import contextlib
import json

import pytest
from websockets.exceptions import ConnectionClosed

from monza_tui.net.fanout import to_several
from monza_tui.relay import wire
from monza_tui.tuning import SWITCH
from relay.helpers import guest, hello, host, relay_at, run

FRAMES = 400
BIG = "x" * 100_000  # (large frames fill the socket of a guest that does not read)


async def race_of_three() -> tuple[dict[int, list[str]], int | None, int]:
    """Three guests; the host tells 400 numbered frames to all, some to one, then closes
    guest 3; guest 2 reads nothing for a moment. What each got, guest 3's close code, and
    how many frames went the short way."""
    async with relay_at() as (_, url):
        uplink, _ = await host(url)
        lines = [await guest(url) for _ in range(3)]
        for ws in lines:
            await ws.send(hello())
            await uplink.recv()  # open
            await uplink.recv()  # the hello
        got: dict[int, list[str]] = {1: [], 2: [], 3: []}
        short = 0
        real = wire.write_now

        def counted(ws: object, data: bytes) -> bool:
            nonlocal short
            done = real(ws, data)  # type: ignore[arg-type]
            short += done
            return done

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(wire, "write_now", counted)
            for n in range(FRAMES):
                frame = json.dumps({"seq": n, "pad": BIG if n % 7 == 0 else ""})
                targets = [1, 2, 3] if n % 5 else [2]
                await uplink.send(to_several(targets, frame))
            await uplink.send(json.dumps({"type": "close", "id": 3, "code": 1008}))

            async def read(ident: int, ws: object, pause: float) -> None:
                await asyncio.sleep(pause)
                with contextlib.suppress(ConnectionClosed):  # (guest 3: closed 1008)
                    async for frame in ws:  # type: ignore[attr-defined]
                        got[ident].append(json.loads(frame)["seq"])
                        if ident != 3 and got[ident][-1] == FRAMES - 1:
                            return

            await asyncio.gather(read(1, lines[0], 0), read(2, lines[1], 0.5),
                                 read(3, lines[2], 0))
        await lines[2].wait_closed()
        for ws in (*lines[:2], uplink):
            await ws.close()
        return got, lines[2].close_code, short


def test_the_short_way_and_send_give_every_guest_the_same_frames() -> None:
    tuned, tuned_close, short = run(race_of_three())
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(SWITCH, "1")
        untuned, untuned_close, none = run(race_of_three())
    everyone = [n for n in range(FRAMES) if n % 5]
    assert untuned == {1: everyone, 2: list(range(FRAMES)), 3: everyone}
    assert tuned == untuned
    assert tuned_close == untuned_close == 1008
    deliveries = sum(len(frames) for frames in tuned.values())
    assert none == 0  # (untuned: every frame through send)
    assert FRAMES < short < deliveries  # (tuned: most the short way, guest 2's not all)

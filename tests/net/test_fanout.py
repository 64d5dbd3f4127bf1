"""The uplink's fan-out (a speed tuning): whatever the lines send in one turn of the loop,
each guest gets exactly the frames, in exactly the order, that the untuned path sends it
one by one; and a frame told to every guest crosses the uplink once."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monza_tui.net.fanout import Fanout
from monza_tui.relay.frames import addressed
from monza_tui.tuning import SWITCH


class Wire:
    """What an uplink's connection was given to send, in order."""

    def __init__(self) -> None:
        self.sent: list[str | bytes] = []

    async def send(self, frame: str | bytes) -> None:
        self.sent.append(frame)


def per_guest(sent: list[str | bytes]) -> dict[int, list[str]]:
    """What each guest gets of the uplink's frames, as the relay reads them."""
    got: dict[int, list[str]] = {}
    for frame in sent:
        if isinstance(frame, bytes):
            for ident, payload in addressed(frame):
                got.setdefault(ident, []).append(bytes(payload).decode())
        else:
            close = json.loads(frame)
            got.setdefault(close["id"], []).append(f"close {close['code']}")
    return got


async def through(sends: list[tuple[int, int | None]], frames: list[str]) -> list[str | bytes]:
    """Send in one turn, as each line's writer would: (guest, frame number, or None for a
    close)."""
    wire = Wire()
    out = Fanout(wire)  # type: ignore[arg-type]
    await asyncio.gather(*(
        out.send(ident, frames[n]) if n is not None else out.close(ident, 1000)
        for ident, n in sends))
    return wire.sent


FRAMES = [json.dumps({"type": "action", "seq": n, "action": "go"}) for n in range(4)]


def test_an_action_told_to_four_guests_crosses_the_uplink_once() -> None:
    sent = asyncio.run(through([(1, 0), (2, 0), (3, 0), (4, 0)], FRAMES))
    assert len(sent) == 1 and isinstance(sent[0], bytes)
    assert per_guest(sent) == {i: [FRAMES[0]] for i in (1, 2, 3, 4)}


def test_a_guests_order_is_kept_when_frames_cross() -> None:
    # Guest 1 gets A then B, guest 2 gets B then A: no batch may reorder either.
    sends = [(1, 0), (2, 1), (1, 1), (2, 0), (1, None)]
    sent = asyncio.run(through(sends, FRAMES))
    assert per_guest(sent) == {1: [FRAMES[0], FRAMES[1], "close 1000"],
                               2: [FRAMES[1], FRAMES[0]]}
    assert len(sent) == 4  # (B to both at once; the close after guest 1's frames)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), st.one_of(st.none(), st.integers(0, 3))),
                max_size=30))
def test_tuned_and_untuned_give_every_guest_the_same_frames(
    sends: list[tuple[int, int | None]],
) -> None:
    tuned = asyncio.run(through(sends, FRAMES))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(SWITCH, "1")
        untuned = asyncio.run(through(sends, FRAMES))
    assert len(untuned) == len(sends)  # (untuned: one frame each)
    assert per_guest(tuned) == per_guest(untuned)
    assert len(tuned) <= len(untuned)

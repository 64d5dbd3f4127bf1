"""The headless host with ``--relay`` as a real process: its save keeps the relay and its key,
and a host killed mid-race and resumed (``--resume``, no ``--relay``) registers the same code
with the same key, while the guest waits through ``relay.host_away`` and comes back by
itself to finish the race."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from tests.net.helpers import Seat, run
from tests.net.relay_fake import FakeRelay

from monza_tui.net import codes
from monza_tui.net.hostsave import read_host_save
from monza_tui.net.invitation import read_line
from monza_tui.net.mirror import FAIR


async def _headless(tmp: Path, *args: str) -> asyncio.subprocess.Process:
    env = {**os.environ, "MONZA_HOME": str(tmp / "home")}
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "monza_tui.net.run", "--bot-delay", "0", "--linger", "1",
        *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env)


async def _announced(host: asyncio.subprocess.Process) -> dict[str, object]:
    assert host.stdout is not None
    line = await asyncio.wait_for(host.stdout.readline(), 20)
    announced = json.loads(line)
    assert isinstance(announced, dict)
    return announced


async def _registered(relay: FakeRelay, count: int) -> None:
    """Wait until the relay has heard ``count`` registers (the headless host announces its
    invitation before its uplink is through)."""

    async def polled() -> None:
        while len(relay.registers) < count:
            await asyncio.sleep(0.05)

    await asyncio.wait_for(polled(), 20)


def test_a_killed_relayed_host_resumes_on_its_relay_and_the_guest_finishes(
    tmp_path: Path,
) -> None:
    save = tmp_path / "hosted.jsonl"

    async def scenario() -> None:
        relay = await FakeRelay().start()
        host = await _headless(tmp_path, "--remote", "Ben", "--bot", "greedy", "--seed", "6",
                               "--relay", relay.url, "--save", str(save))
        first = await _announced(host)
        code, key = str(first["code"]), str(first["relay_key"])
        assert first["relay"] == relay.url
        commands = first["commands"]
        assert commands == [f"monza join {relay.url}/{code} --name Ben"]
        line = read_line(commands[0])
        await _registered(relay, 1)
        ben = Seat()
        client = await ben.join(line.address, None, name=line.name)
        await ben.wait_for(lambda: len(ben.actions) >= 6)
        # The save keeps the relay and the key (and no port: nothing listened).
        saved = read_host_save(save)
        assert (saved.relay, saved.key, saved.port) == (relay.url, key, None)
        host.kill()
        await host.wait()
        await ben.wait_for(lambda: False in ben.connections)
        again = await _headless(tmp_path, "--resume", str(save))
        resumed = await _announced(again)
        assert (resumed["code"], resumed["relay_key"]) == (code, key)
        assert resumed["commands"] == commands
        await asyncio.wait_for(ben.over.wait(), 40)
        assert relay.registers == [(codes.normal_code(code), key)] * 2
        assert ben.connections[-1] is True and client.dice_check == FAIR
        assert await asyncio.wait_for(again.wait(), 20) == 0
        await client.close()
        await relay.stop()

    run(scenario(), 90)


"""A host killed with SIGKILL mid-race: ``--resume`` goes on from its save with the same
code, the clients come back by themselves, and the race ends intact and checks."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path

from monza_tui.net.hostsave import read_host_save
from monza_tui.record import parse_records
from net.helpers import Seat, run


async def _host(home: Path, *args: str) -> tuple[asyncio.subprocess.Process, dict]:
    env = {**os.environ, "MONZA_HOME": str(home)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "monza_tui.net.run", "--bot-delay", "0", "--grace", "30",
        "--linger", "1", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )
    assert proc.stdout is not None
    line = await asyncio.wait_for(proc.stdout.readline(), 30)
    assert line, (await proc.stderr.read()).decode() if proc.stderr else ""
    return proc, json.loads(line)


def _texts(client) -> list[str]:  # type: ignore[no-untyped-def]
    from monza_tui.engine import action_text

    board = client.race.game.board
    return [action_text(board, a) for _, a in client.race.replay()]


def test_a_host_killed_with_sigkill_resumes_and_the_race_ends_intact(tmp_path: Path) -> None:
    save = tmp_path / "hosted.jsonl"
    home = tmp_path / "home"

    async def main() -> tuple[list[str], Seat, Seat]:
        first, invitation = await _host(home, "--remote", "Ann", "--remote", "Ben",
                                        "--bot", "greedy", "--port", "0", "--save", str(save))
        port, code = invitation["port"], invitation["code"]
        address = f"127.0.0.1:{port}"
        ann, ben = Seat("greedy", 1), Seat("expert", 2)
        second = None
        try:
            await ann.join(address, code, name="Ann")
            await ben.join(address, code)  # the first free seat: Ben's
            assert ann.client is not None and ben.client is not None
            await ann.wait_for(lambda: ann.client.seq >= 40, 40)
            first.send_signal(signal.SIGKILL)
            await first.wait()
            seen = max(_texts(ann.client), _texts(ben.client), key=len)
            await ann.wait_for(lambda: False in ann.connections, 10)
            second, again = await _host(home, "--resume", str(save), "--port", str(port))
            assert again["code"] == code and again["port"] == port
            await ann.wait_for(ann.over.is_set, 60)
            await ben.wait_for(ben.over.is_set, 20)
            assert await asyncio.wait_for(second.wait(), 20) == 0
        finally:
            for proc in (first, second):
                if proc is not None and proc.returncode is None:
                    proc.kill()
                    await proc.wait()
        return seen, ann, ben

    seen, ann, ben = run(main(), 150)
    assert ann.connections[:2] == [False, True]
    assert ann.client is not None and ann.client.seats == frozenset({0})
    assert ben.client is not None and ben.client.seats == frozenset({1})
    # Nothing a client saw before the kill was lost: the host saves before it tells.
    final = _texts(ann.client)
    assert final[: len(seen)] == seen
    assert ann.record == ben.record
    assert ann.record is not None
    (race,) = parse_records(ann.record, "over")
    assert race.state.is_terminal()
    assert race.seat_changes == ()
    # The save, with its host field, is a record `monza replay --check` accepts.
    saved = read_host_save(save)
    assert saved.race.state == race.state and saved.code == ann.client.code.upper()
    assert saved.remote == frozenset({0, 1})
    check = _run_check(save)
    assert check.returncode == 0, check.stderr
    assert check.stdout.startswith("ok: 1 race")


def _run_check(path: Path):  # type: ignore[no-untyped-def]
    import subprocess

    return subprocess.run(
        [sys.executable, "-c", "import sys; from monza_tui.cli import main; sys.exit(main())",
         "replay", "--check", str(path)],
        capture_output=True, text=True, timeout=60,
    )

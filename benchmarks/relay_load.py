"""One relay under load: many races at once, a client per seat, all on loopback.

Why: ``monza relay`` is one process holding many families' races (issue 33). The goal is
1,000 concurrent races on this 2-core machine with the p95 from an action to every client
within 100 ms and the relay's RSS under 500 MB. This script starts a real ``monza relay``
process and measures it from outside.

What the load is made of: each race's host is a light stand-in for ``monza host``: it
registers on the relay as the real uplink does (docs/relay.md), answers each guest's hello,
and then sends the action frames of a real race of computer drivers (played once with the
race core, ``race.drivers.play_out``), to every guest as the real host's uplink does (one
frame "to several" per action, ``net/fanout.py``), a step of the race every ``--pause``
seconds (0.05: "bots pausing 0.05 s"; a computer driver's whole placement is one step, as
the pace plays it). A race that ends
starts again. The hosts' thinking is left out on purpose: it happens in the hosts' own
houses, not on the relay, and 1,000 real hosts would need this machine's two cores many
times over. Each seat's client is a plain websocket client that says hello and notes when
each action arrives.

It prints, per size: the median and p95 from an action being sent by its host to each
client receiving it (one clock: hosts and clients share each load process), the relay's CPU
share over the measured seconds (1.0 = one core) and its peak RSS (Linux's /proc; "n/a"
elsewhere), and how many frames it passed. The load runs in ``--procs`` processes beside
the relay; on two cores the load generator competes with the relay for CPU, which the
figures include (it is said beside them).

    .venv/bin/python benchmarks/relay_load.py                     # 100, 500, 1000 races
    .venv/bin/python benchmarks/relay_load.py --races 100 --seconds 10
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import socket
import statistics
import struct
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from monza_tui.engine import Roll, action_text
from monza_tui.net import codes
from monza_tui.net.fanout import to_several
from monza_tui.race.drivers import play_out
from monza_tui.record import Player, Race
from monza_tui.seats import SeatKind

SEATS = 4
ID = struct.Struct(">I")
RACES = (100, 500, 1000)


def race_steps(seed: int) -> list[list[str]]:
    """The frames of one real race of computer drivers, in the pace's steps: a roll alone,
    a driver's placement of a turn together."""
    from monza_tui.boardfile import load_board

    board_file = load_board("oval")
    cars = board_file.board.edition.cars
    players = [Player(f"Bot {i + 1}", cars[i], SeatKind.GREEDY) for i in range(SEATS)]
    race = play_out(Race.start(board_file, players, seed=seed))
    steps: list[list[str]] = []
    last: tuple[int, bool] | None = None
    for seq, (state, action) in enumerate(race.replay()):
        text = action_text(race.game.board, action)
        frame = json.dumps({"type": "action", "seq": seq, "action": text,
                            "player": state.player})
        key = (state.player, isinstance(action, Roll))
        if key == last and not key[1]:
            steps[-1].append(frame)
        else:
            steps.append([frame])
        last = key
    return steps


@dataclass
class Host:
    """A race's host stand-in: its uplink and its guests' ids."""

    code: str
    uplink: ClientConnection
    guests: list[int]


async def open_race(url: str, steps_count: int, limit: asyncio.Semaphore,
                    sent: dict[tuple[int, int], float], race_no: int,
                    received: list[float], all_in: asyncio.Event,
                    arrived: list[int], races: int) -> Host:
    """Register a race and connect its seats' clients (each says hello and is welcomed)."""
    code = codes.new_code()
    async with limit:
        uplink = await connect(f"{url}/host/{code}", max_size=None, open_timeout=30)
        await uplink.send(json.dumps({"type": "register", "version": 1,
                                      "key": codes.new_token()}))
        answer = json.loads(await uplink.recv())
        if answer.get("type") != "registered":
            raise SystemExit(f"the relay refused a race: {answer}")
    host = Host(code, uplink, [])
    welcomed = asyncio.Event()

    async def serve_uplink() -> None:
        with contextlib.suppress(ConnectionClosed):
            await read_uplink()

    async def read_uplink() -> None:
        async for frame in uplink:
            if isinstance(frame, bytes):  # a guest's hello: welcome it
                (guest,) = ID.unpack_from(frame)
                await uplink.send(ID.pack(guest) + b'{"type":"welcome"}')
                host.guests.append(guest)
                if len(host.guests) == SEATS:
                    welcomed.set()

    asyncio.get_running_loop().create_task(serve_uplink())

    async def guest() -> None:
        async with limit:
            ws = await connect(f"{url}/{code}", max_size=None, open_timeout=30)
            await ws.send(json.dumps({"type": "hello", "version": 1, "code": code,
                                      "name": None, "token": None, "watch": True}))
            await ws.recv()  # the welcome
        with contextlib.suppress(ConnectionClosed):  # (the host leaves at the end)
            async for frame in ws:
                now = time.monotonic()
                at = sent.get((race_no, json.loads(frame)["seq"]))
                if at is not None:
                    received.append(now - at)

    for _ in range(SEATS):
        asyncio.get_running_loop().create_task(guest())
    await welcomed.wait()
    arrived[0] += 1
    if arrived[0] == races:
        all_in.set()
    return host


async def drive(host: Host, race_no: int, steps: list[list[str]], pause: float,
                sent: dict[tuple[int, int], float], until: float) -> int:
    """Send the race's steps to every guest, a step each ``pause``, over and over."""
    frames = 0
    seq = 0
    await asyncio.sleep(pause * (race_no % 20) / 20)  # (the races do not move in lockstep)
    while time.monotonic() < until:
        for step in steps:
            if time.monotonic() >= until:
                break
            for frame in step:
                body = json.loads(frame)
                body["seq"] = seq
                payload = json.dumps(body)
                sent[(race_no, seq)] = time.monotonic()
                # (as the host's uplink does: one frame "to several", docs/relay.md)
                await host.uplink.send(to_several(host.guests, payload))
                frames += len(host.guests)
                seq += 1
            await asyncio.sleep(pause)
    return frames


def load(url: str, races: int, first: int, pause: float, seconds: float,
         results: multiprocessing.Queue, go: multiprocessing.Event,
         ready: multiprocessing.Queue) -> None:
    """A load process: ``races`` races from number ``first``."""

    async def main() -> None:
        steps = [race_steps(seed) for seed in range(1, 4)]
        sent: dict[tuple[int, int], float] = {}
        received: list[float] = []
        all_in = asyncio.Event()
        arrived = [0]
        limit = asyncio.Semaphore(64)
        hosts = await asyncio.gather(*(
            open_race(url, len(steps), limit, sent, first + n, received, all_in, arrived,
                      races)
            for n in range(races)))
        await all_in.wait()
        ready.put(races)
        await asyncio.get_running_loop().run_in_executor(None, go.wait)
        until = time.monotonic() + seconds
        frames = await asyncio.gather(*(
            drive(host, first + n, steps[n % len(steps)], pause, sent, until)
            for n, host in enumerate(hosts)))
        await asyncio.sleep(1.0)  # the last frames arrive
        results.put((received, sum(frames)))
        for host in hosts:
            await host.uplink.close()

    asyncio.run(main())


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def cpu_and_rss(pid: int) -> tuple[float, int] | None:
    """The process's CPU seconds so far and its peak RSS in bytes (Linux's /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        cpu = (int(fields[11]) + int(fields[12])) / ticks
        status = Path(f"/proc/{pid}/status").read_text()
        peak = next(line for line in status.splitlines() if line.startswith("VmHWM"))
        return cpu, int(peak.split()[1]) * 1024
    except (OSError, StopIteration, IndexError, ValueError):
        return None


def start_relay(port: int, races: int) -> subprocess.Popen[bytes]:
    """A ``monza relay`` on loopback sized for ``races`` races of ``SEATS`` clients."""
    connections = races * (SEATS + 1) + 100
    relay = subprocess.Popen(
        [sys.executable, "-m", "monza_tui", "relay", "--host", "127.0.0.1",
         "--port", str(port), "--max-races", str(races + 10),
         "--max-connections", str(connections), "--per-address", str(connections),
         "--registers-per-address", str(races + 10)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return relay
        except OSError:
            time.sleep(0.1)
    relay.kill()
    raise SystemExit("the relay did not start")


def run(races: int, procs: int, pause: float, seconds: float) -> None:
    port = free_port()
    relay = start_relay(port, races)
    url = f"ws://127.0.0.1:{port}"
    results: multiprocessing.Queue = multiprocessing.Queue()
    ready: multiprocessing.Queue = multiprocessing.Queue()
    go = multiprocessing.Event()
    shares = [races // procs + (1 if n < races % procs else 0) for n in range(procs)]
    workers = []
    first = 0
    for share in shares:
        worker = multiprocessing.Process(
            target=load, args=(url, share, first, pause, seconds, results, go, ready))
        worker.start()
        workers.append(worker)
        first += share
    try:
        for _ in workers:
            ready.get(timeout=300)
        before = cpu_and_rss(relay.pid)
        start = time.monotonic()
        go.set()
        delays: list[float] = []
        frames = 0
        for _ in workers:
            got, sent = results.get(timeout=seconds + 120)
            delays.extend(got)
            frames += sent
        wall = time.monotonic() - start
        after = cpu_and_rss(relay.pid)
    finally:
        relay.terminate()
        relay.wait(10)
        for worker in workers:
            worker.join(5)
    delays.sort()
    median = statistics.median(delays) * 1000 if delays else float("nan")
    p95 = delays[int(len(delays) * 0.95)] * 1000 if delays else float("nan")
    if before is not None and after is not None:
        cpu = f"{(after[0] - before[0]) / wall:.2f}"
        rss = f"{after[1] / 2**20:.0f} MB"
    else:
        cpu = rss = "n/a"
    print(f"{races:5d} races: median {median:6.1f} ms, p95 {p95:7.1f} ms, "
          f"relay CPU {cpu} of a core, peak RSS {rss}, "
          f"{frames / wall:,.0f} frames/s to {len(delays):,} deliveries", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--races", type=int, action="append",
                        help="races at once (repeatable; default 100, 500 and 1000)")
    parser.add_argument("--procs", type=int, default=1, help="load processes")
    parser.add_argument("--pause", type=float, default=0.05)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; {SEATS} clients a race; a step each {args.pause} s; "
          f"{args.procs} load process(es) beside the relay", flush=True)
    for races in args.races or RACES:
        run(races, args.procs, args.pause, args.seconds)


if __name__ == "__main__":
    main()

"""A host under load: many races of computer drivers at once, a client on every seat.

Why: ``monza host`` must keep every screen in step however busy the machine is. This
script starts one host process holding ``--races`` races (one :class:`RaceServer` each,
on its own port), every seat driven by a computer driver with no pause (``bot_delay``
0), and connects a client per seat from this process (they watch: the host's drivers
play). It measures, for every action, the time from the host accepting it to each
client applying it to its mirror (``race_changed``): both clocks are the system's
monotonic clock, shared by the two processes. It prints the latencies (median, p95,
max) and how many races per second finished.

Run ``.venv/bin/python benchmarks/net_load.py`` (50 races of three greedy drivers on the
oval; under half a minute on two busy cores) or ``--races 10`` for a quick look;
its table is in docs/network.md, "Under load".
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

from monza_tui.engine import Action
from monza_tui.net.client import RaceClient
from monza_tui.net.protocol import Presence
from monza_tui.net.run import new_race
from monza_tui.net.server import RaceServer
from monza_tui.record import Race


class TimedServer(RaceServer):
    """A server that notes when it accepted each action."""

    accepted: dict[int, float]
    gate: asyncio.Event

    async def _run_pump(self) -> None:
        await self.gate.wait()  # every client is in
        await super()._run_pump()

    def _accept(self, action: Action, player: int) -> None:
        self.accepted[len(self._actions)] = time.monotonic()
        super()._accept(action, player)


def host(races: int, level: str, board: str, delay: float, ports: multiprocessing.Queue,
         go: Any, results: multiprocessing.Queue) -> None:
    """The host process: start the races, tell the ports, wait for the clients, serve."""

    async def main() -> None:
        gate = asyncio.Event()
        servers = []
        for n in range(races):
            race = new_race(board, [], [level] * 3, seed=n)
            server = TimedServer(race, remote=(), save=None,
                                 bot_delay=delay)
            server.accepted = {}
            server.gate = gate
            servers.append(server)
        addresses = []
        for server in servers:
            invitation = await server.start("127.0.0.1", 0)
            addresses.append((invitation.port, server.code))
        ports.put(addresses)
        await asyncio.get_running_loop().run_in_executor(None, go.wait)
        gate.set()
        await asyncio.gather(*(server.wait_over() for server in servers))
        await asyncio.sleep(1.0)
        results.put([server.accepted for server in servers])
        for server in servers:
            await server.stop()

    asyncio.run(main())


class Watcher:
    """A client's listener noting when each action reached the mirror."""

    def __init__(self) -> None:
        self.client: RaceClient | None = None
        self.received: dict[int, float] = {}
        self.over = asyncio.Event()

    def race_changed(self, race: Race, action: Action | None) -> None:
        if action is not None and self.client is not None:
            self.received[self.client.seq - 1] = time.monotonic()

    def presence_changed(self, presence: Mapping[int, Presence]) -> None:
        pass

    def refused(self, code: str, params: Mapping[str, object]) -> None:
        print("refused:", code, dict(params), file=sys.stderr)

    def connection_changed(self, connected: bool) -> None:
        pass

    def race_over(self, record_text: str) -> None:
        self.over.set()


async def watch(
    addresses: list[tuple[int, str]], per_race: int, go: Any
) -> tuple[list[list[Watcher]], float]:
    everyone: list[list[Watcher]] = []
    for port, code in addresses:
        watchers = []
        for _ in range(per_race):
            watcher = Watcher()
            watcher.client = await RaceClient.join(f"127.0.0.1:{port}", code, watcher,
                                                   watch=True)
            watchers.append(watcher)
        everyone.append(watchers)
    start = time.monotonic()
    go.set()
    await asyncio.gather(*(w.over.wait() for ws in everyone for w in ws))
    elapsed = time.monotonic() - start
    for ws in everyone:
        for w in ws:
            assert w.client is not None
            await w.client.close()
    return everyone, elapsed


def _summary(name: str, seconds: Sequence[float]) -> str:
    ms = sorted(x * 1000 for x in seconds)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"| {name} | {len(ms):,} | {statistics.median(ms):.1f} | {p95:.1f} | {ms[-1]:.1f} |"


def table(
    each: Sequence[float], every: Sequence[float], races: int, elapsed: float, actions: int
) -> str:
    """The latencies (to each client; until every client of the race has it) and rates."""
    rows = [
        "| latency from the host's accept (ms) | deliveries | median | p95 | max |",
        "| --- | --- | --- | --- | --- |",
        _summary("to each client", each),
        _summary("until every client of its race has it", every),
        "",
        "| measure | value |",
        "| --- | --- |",
        f"| races at once | {races} |",
        f"| clients | {races * 3} |",
        f"| actions | {actions:,} |",
        f"| wall time | {elapsed:.1f} s |",
        f"| races per second | {races / elapsed:.2f} |",
        f"| actions per second (host) | {actions / elapsed:,.0f} |",
    ]
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=50)
    parser.add_argument("--level", default="greedy")
    parser.add_argument("--board", default="oval")
    parser.add_argument("--bot-delay", type=float, default=0.0,
                        help="the drivers' pause (0: as fast as the host can go)")
    args = parser.parse_args(argv)
    context = multiprocessing.get_context("spawn")
    ports: multiprocessing.Queue = context.Queue()
    results: multiprocessing.Queue = context.Queue()
    go = context.Event()
    proc = context.Process(
        target=host,
        args=(args.races, args.level, args.board, args.bot_delay, ports, go, results),
    )
    proc.start()
    addresses = ports.get(timeout=60)
    everyone, elapsed = asyncio.run(watch(addresses, 3, go))
    accepted = results.get(timeout=120)
    proc.join(30)
    each: list[float] = []
    every: list[float] = []
    actions = 0
    for watchers, times in zip(everyone, accepted, strict=True):
        actions += len(times)
        for seq, sent in times.items():
            got = [w.received[seq] - sent for w in watchers if seq in w.received]
            each.extend(got)
            if len(got) == len(watchers):
                every.append(max(got))
    print(table(each, every, args.races, elapsed, actions))
    return 0


if __name__ == "__main__":
    sys.exit(main())

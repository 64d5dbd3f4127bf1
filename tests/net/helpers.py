"""Clients that play by themselves, for the network tests: each drives its seats with a
computer driver's choices, sent as a person's would be (``roll``, ``act``)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Mapping
from typing import TypeVar

from monza_tui.bots import make_driver
from monza_tui.engine import Action, Phase, parse_action_text
from monza_tui.net.client import RaceClient
from monza_tui.net.protocol import Presence
from monza_tui.record import Race

T = TypeVar("T")
LIMIT = 60.0
"""Seconds any network test may take at most (a hang fails instead of blocking CI)."""


def run(coro: Awaitable[T], limit: float = LIMIT) -> T:
    """Run ``coro`` on a fresh loop, failing after ``limit`` seconds."""

    async def bounded() -> T:
        return await asyncio.wait_for(coro, limit)

    return asyncio.run(bounded())


class Seat:
    """A listener that plays the seats its client drives (``play=False``: only listens)."""

    def __init__(self, level: str = "greedy", seed: int = 0, *, play: bool = True) -> None:
        self.driver = make_driver(level, random.Random(seed))
        self.play = play
        self.client: RaceClient | None = None
        self.actions: list[Action | None] = []
        self.refusals: list[tuple[str, dict[str, object]]] = []
        self.presences: list[dict[int, Presence]] = []
        self.connections: list[bool] = []
        self.record: str | None = None
        self.over = asyncio.Event()
        self.changed = asyncio.Event()
        self._sent_at = -1

    async def join(self, address: str, code: str, **options: object) -> RaceClient:
        self.client = await RaceClient.join(address, code, self, **options)  # type: ignore[arg-type]
        self.step()
        return self.client

    # ClientListener
    def race_changed(self, race: Race, action: Action | None) -> None:
        self.actions.append(action)
        self.changed.set()
        self.step()

    def presence_changed(self, presence: Mapping[int, Presence]) -> None:
        self.presences.append(dict(presence))
        self.changed.set()

    def refused(self, code: str, params: Mapping[str, object]) -> None:
        self.refusals.append((code, dict(params)))
        self.changed.set()
        if code == "net.stale":
            self._sent_at = -1
            self.step()

    def connection_changed(self, connected: bool) -> None:
        self.connections.append(connected)
        self.changed.set()
        if connected:
            self._sent_at = -1
            self.step()

    def race_over(self, record_text: str) -> None:
        self.record = record_text
        self.over.set()

    def step(self) -> None:
        """Send this seat's next action if it is this seat's turn (once per moment)."""
        client = self.client
        if not self.play or client is None or not client.connected:
            return
        state = client.race.state
        if state.is_terminal() or client.seq == self._sent_at:
            return
        if state.is_chance():
            if state.phase is Phase.ROLL and client.drives(state.player):
                self._sent_at = client.seq
                client.roll()
            return
        if client.drives(state.current_player()):
            self._sent_at = client.seq
            client.act(self.driver.choose(state))

    async def wait_for(self, condition: object, limit: float = 20.0) -> None:
        """Wait until ``condition()`` holds (checked after every event)."""

        async def waiting() -> None:
            while not condition():  # type: ignore[operator]
                self.changed.clear()
                await self.changed.wait()

        await asyncio.wait_for(waiting(), limit)


def local_record(race: Race, actions: list[str], seed: int) -> str:
    """The record of ``actions`` played at one keyboard from ``race``'s set-up."""
    from dataclasses import replace

    from monza_tui.record import record_text

    local = Race.start(
        race.board_file,
        race.starting_players(),
        seed=seed,
        pro=race.game.pro,
        bonus=race.game.bonus,
        start_player=race.game.start_player,
    )
    local = replace(local)
    for text in actions:
        local = local.apply(parse_action_text(local.game.board, text))
    return record_text([local])

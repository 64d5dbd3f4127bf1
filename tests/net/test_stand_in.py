"""A hosted race where a person drops with tiles in hand (issue 29): after the grace the
stand-in (the expert by default) drives their car but spends none of their tiles nor their
extra roll, unless the host allows it (``--stand-in-tiles``). The headless host as a real
process; its save is read back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from monza_tui.engine import COLOURS, Tile
from monza_tui.net.hostsave import read_host_save
from monza_tui.record import Race
from monza_tui.seats import SeatKind
from net.helpers import Seat, run
from net.test_faults import _kill


def _hosted(tmp: Path, *flags: str) -> tuple[Race, list[str]]:
    """Ben joins, his line dies before his first roll, and the race runs to its end; the
    host's save and what Ben's screen heard of the seats."""
    save = tmp / "race.jsonl"
    command = [sys.executable, "-m", "monza_tui.net.run", "--remote", "Ben", "--bot",
               "greedy", "--pro", "--seed", "8", "--grace", "0.2", "--bot-delay", "0",
               "--port", "0", "--save", str(save), "--linger", "0", *flags]
    env = {**os.environ, "MONZA_HOME": str(tmp / "home")}
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env) as process:
        try:
            assert process.stdout is not None
            invitation = json.loads(process.stdout.readline())

            async def ben_drops() -> list[str]:
                ben = Seat(play=False)
                client = await ben.join(f"127.0.0.1:{invitation['port']}", invitation["code"],
                                        name="Ben")
                assert client.seats == frozenset({0})
                assert client.race.state.tiles[0] == frozenset(COLOURS)
                _kill(client)
                return [p.name for p in client.race.players]

            names = run(ben_drops())
            assert process.wait(120) == 0
        finally:
            if process.poll() is None:
                process.kill()
    return read_host_save(save).race, names


def test_the_stand_in_spends_none_of_the_dropped_persons_tiles(tmp_path: Path) -> None:
    race, names = _hosted(tmp_path)
    assert names == ["Ben", "greedy 2"]
    state = race.state
    assert state.is_terminal()
    # The record says who drove: the expert took Ben's car after the grace.
    assert [(c.player, c.seat) for c in race.seat_changes] == [
        (0, SeatKind.EXPERT)]
    assert state.tiles[0] == frozenset(COLOURS)  # every tile still in Ben's hand (R12)
    assert state.extra_rolls[0] is True  # and the extra roll (R13)
    assert all(not t.reroll and not any(isinstance(p.token, Tile) for p in t.moves)
               for t in race.turns if t.player == 0)


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_with_stand_in_tiles_the_stand_in_may_spend_them(tmp_path: Path, level: str) -> None:
    race, _names = _hosted(tmp_path, "--stand-in", level, "--stand-in-tiles")
    assert [(c.player, c.seat) for c in race.seat_changes] == [
        (0, SeatKind(level))]
    state = race.state
    assert state.tiles[0] != frozenset(COLOURS) or state.extra_rolls[0] is False

"""The headless host as a real process: a seeded race of computer drivers is the same race
every time, the race the race core's drivers play offline from the same seed, and its
save ends with the result even when the host leaves at once (``--linger 0``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from monza_tui.engine import seeded_roll
from monza_tui.net.run import new_race
from monza_tui.race.drivers import Drivers, bot_move
from monza_tui.record import Race, record_text


def _host_once(tmp: Path, name: str) -> list[dict[str, object]]:
    """Run the headless host to the end of a seeded race; its save, line by line."""
    save = tmp / f"{name}.jsonl"
    command = [sys.executable, "-m", "monza_tui.net.run", "--bot", "random", "--bot",
               "random", "--seed", "5", "--bot-delay", "0", "--port", "0", "--save",
               str(save), "--linger", "0"]
    env = {**os.environ, "MONZA_HOME": str(tmp / "home")}
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["over"] is True
    return [json.loads(line) for line in save.read_text(encoding="utf-8").splitlines()]


def _offline(race: Race) -> Race:
    """The same race played in this process by the race core's drivers and seeded dice."""
    drivers = Drivers()
    while not race.state.is_terminal():
        state = race.state
        if state.is_chance():
            race = race.apply(seeded_roll(race.seed, state))
        else:
            (action,) = bot_move(drivers.of(race, state.current_player()), state).actions
            race = race.apply(action)
    return race


def test_a_seeded_hosted_race_is_the_same_race_and_its_save_ends_with_the_result(
    tmp_path: Path,
) -> None:
    first = _host_once(tmp_path, "first")
    second = _host_once(tmp_path, "second")
    # The host left at once, yet each save holds the whole race: its last line is the result.
    for lines in (first, second):
        assert "result" in lines[-1]
        assert all("unfinished" not in line for line in lines)
    turns = [line for line in first if "turn" in line]
    assert len(turns) > 5
    assert turns == [line for line in second if "turn" in line]
    # ... and it is the race the one seeding of computer drivers plays from seed 5.
    race = _offline(new_race("oval", [], ["random", "random"], seed=5))
    offline = [json.loads(line) for line in record_text([race]).splitlines()]
    assert turns == [line for line in offline if "turn" in line]
    assert first[-1] == offline[-1]

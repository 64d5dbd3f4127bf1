"""Killed at any instant, a race resumes intact: real processes, real SIGKILL.

A child process (this file run as a script) plays seeded races with random and greedy
drivers through :class:`Race`, autosaving after every action exactly as the app does; on
start it resumes the newest unfinished save, as ``monza resume`` does. The test kills it with
SIGKILL after random short delays, again and again: after every kill every save file must
read back (every turn re-validated) and hold a prefix of the seeded race, and in the end,
after a run left alone, the history must hold every race exactly as played without a kill.

Bounded: a dozen kills and three short races, a few seconds in all.
"""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from monza_tui.boardfile import load_board
from monza_tui.engine import Action as EngineAction
from monza_tui.engine import (
    BonusStep,
    Colour,
    Confirm,
    DeclineBonus,
    KeepRoll,
    Place,
    TakeBack,
)
from monza_tui.record import Player, Race

SEEDS = (101, 102, 103)
KILLS = 10
BOARD = "oval"


# The child's race: deterministic in the race's position, so a resumed race goes on exactly
# as an uninterrupted one (the drivers draw from the seed, turn and step, not a stream).


def new_race(seed: int) -> Race:
    """The race of ``seed``: three cars, pro and bonus, one random and two greedy drivers."""
    players = [
        Player("Ann", Colour.RED, "random"),
        Player("Ben", Colour.BLUE, "greedy"),
        Player("Cy", Colour.GREEN, "greedy"),
    ]
    return Race.start(load_board(BOARD), players, seed=seed, pro=True, bonus=True,
                      start_player=seed % 3)


def choose(race: Race) -> EngineAction:
    """The driver's action now: seat "random" picks any legal action but a take-back (a
    take-back returns to an earlier position, and a driver that depends on the position
    alone would then choose the same again, for ever; test_saves covers take-backs);
    "greedy" steps furthest forward."""
    state = race.state
    rng = random.Random(f"kill/{race.seed}/{state.turn}/{state.phase.value}/{len(race.pending)}")
    legal = state.legal_actions()
    seat = race.players[state.current_player()].seat
    if seat == "random":
        return rng.choice([a for a in legal if not isinstance(a, TakeBack)])
    spaces = state.board.spaces
    places = [a for a in legal if isinstance(a, Place)]
    if places:
        return max(places, key=lambda a: (spaces[a.space].front, str(a)))
    steps = [a for a in legal if isinstance(a, BonusStep)]
    if steps:
        return max(steps, key=lambda a: spaces[a.space].front)
    for action in (KeepRoll(), Confirm(), DeclineBonus()):
        if action in legal:
            return action
    raise AssertionError(f"no choice in {legal}")


def step(race: Race) -> Race:
    """One action: chance rolls the seeded dice, else the driver chooses."""
    return race.roll() if race.state.is_chance() else race.apply(choose(race))


def reference(seed: int) -> list[Race]:
    """The race of ``seed`` after every action (take-backs included), played without a
    single interruption."""
    race = new_race(seed)
    points = [race]
    while not race.state.is_terminal():
        race = step(race)
        points.append(race)
    return points


def position(race: Race, points: list[Race]) -> int:
    """Which point of the uninterrupted race ``race`` is: the same completed turns, the same
    actions of the unfinished turn and the same state; fails otherwise."""
    for index, point in enumerate(points):
        if point.turns == race.turns and point.pending == race.pending:
            assert point.state == race.state
            return index
    raise AssertionError(
        f"seed {race.seed}: not a point of the seeded race (turn {race.state.turn}, "
        f"unfinished turn {[str(a) for a in race.pending]})"
    )


def child() -> None:
    """Resume the newest unfinished race or start the next seed; autosave every action."""
    from monza_tui import saves

    print("ready", flush=True)
    saves.tidy()  # as monza resume does: completes a move to the history a kill cut short
    while True:
        found = saves.latest_unfinished()
        if found is not None and found.race is not None:
            race = found.race
            saves.adopt(race, found.path)
        else:
            done = {saves.load_save(path).seed for path in saves.save_files()}
            todo = [seed for seed in SEEDS if seed not in done]
            if not todo:
                return
            race = new_race(todo[0])
        while not race.state.is_terminal():
            race = step(race)
            saves.autosave(race)


# The test ---------------------------------------------------------------------------------


def _spawn(home: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "MONZA_HOME": str(home)}
    return subprocess.Popen(
        [sys.executable, __file__, "child"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _wait_ready(proc: subprocess.Popen[str]) -> None:
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], 30)
    line = proc.stdout.readline() if ready else ""
    if line != "ready\n":
        proc.kill()
        _, err = proc.communicate()
        pytest.fail(f"the child did not start: {line!r} {err}")


def _check_saves(expected: dict[int, list[Race]]) -> int:
    """Every save reads back and is a point of its seeded race (a prefix of it); returns
    how far the saves are in all (progress)."""
    from monza_tui import saves

    progress = 0
    seeds = []
    for path in saves.save_files():
        race = saves.load_save(path)  # RecordError (the test fails) if damaged
        progress += position(race, expected[race.seed])
        assert race.state.is_terminal() == (path.parent.name == "history")
        seeds.append(race.seed)
    assert len(seeds) == len(set(seeds)), "one file per race"
    return progress


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_at_random_moments_never_loses_a_race(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from monza_tui import saves

    home = tmp_path / "home"
    monkeypatch.setenv("MONZA_HOME", str(home))
    expected = {seed: reference(seed) for seed in SEEDS}
    delays = random.Random(20261129)  # the kill moments, replayable
    kills = 0
    progress = []
    for _ in range(KILLS):
        proc = _spawn(home)
        _wait_ready(proc)
        time.sleep(delays.uniform(0.0, 0.12))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        proc.communicate(timeout=30)
        progress.append(_check_saves(expected))
        found = saves.latest_unfinished()
        if found is not None:
            assert found.race is not None and not found.finished
            saves.forget(found.race)  # let go of its lock: the next child resumes it
    assert kills >= KILLS // 2, "the child finished before it could be killed"
    assert progress == sorted(progress), "a resumed race never goes backwards"

    # Left alone, the child resumes and finishes every race; the history holds them all,
    # each exactly the race an uninterrupted run plays.
    proc = _spawn(home)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert saves.latest_unfinished() is None
    assert list((home / "saves").glob("*.jsonl")) == []
    finished = {}
    for path in saves.save_files():
        race = saves.load_save(path)
        finished[race.seed] = race
    assert sorted(finished) == sorted(SEEDS)
    for seed, race in finished.items():
        whole = expected[seed][-1]
        assert race.turns == whole.turns and race.state == whole.state
        assert race.lines() == whole.lines()


if __name__ == "__main__" and sys.argv[1:] == ["child"]:
    child()

"""Issue 31: monza-tui runs where the POSIX-only names are missing, as on Windows. The real
``monza`` runs in new processes whose ``os`` and ``signal`` lack what Windows' Python lacks
and where ``fcntl``, ``termios``, ``tty``, ``pty``, ``readline`` and the rest cannot be
imported (prelude/sitecustomize.py): the engine, the saves and their lock, ``monza resume``,
the line game and ``monza simulate --jobs 2`` (its workers spawned, as Windows must)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from monza_tui.record import read_records
from portable.helpers import PRELUDE, SRC, TIMEOUT, bots_race, run, saved

SAVED = ("The race is saved: monza resume --plain continues it here, and monza resume in the "
         "full-screen game.")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def test_the_prelude_takes_away_what_windows_lacks(home: Path) -> None:
    check = (
        "import os, signal, sys\n"
        "print([hasattr(os, n) for n in ('pread', 'pwrite', 'fchmod', 'O_NONBLOCK', 'fork')])\n"
        "print([hasattr(signal, n) for n in ('SIGTSTP', 'SIGHUP', 'SIGINT')])\n"
        "for name in ('fcntl', 'termios', 'tty', 'pty', 'readline', 'pwd', 'resource'):\n"
        "    try:\n"
        "        __import__(name)\n"
        "    except ImportError:\n"
        "        print(name, 'missing')\n"
        "from monza_tui import portable\n"
        "print(portable.start_method(), portable.load_line_editor())\n"
    )
    result = run("-c", check, home=home, as_windows=True, module="")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "[False, False, False, False, False]",
        "[False, False, True]",
        "fcntl missing", "termios missing", "tty missing", "pty missing",
        "readline missing", "pwd missing", "resource missing",
        "spawn False",
    ]


def test_the_line_game_saves_and_resume_goes_on_as_on_windows(home: Path) -> None:
    played = run("--lang", "en", "play", "--plain", "--player", "Ann", "--bot", "random",
                 "--seed", "3", home=home, stdin="\n", as_windows=True)
    assert played.returncode == 0, played.stderr
    assert played.stderr == ""
    assert played.stdout.splitlines()[-1] == SAVED
    (save,) = (home / "saves").iterdir()
    (before,) = read_records(save)
    assert before.pending  # the roll, saved mid-turn

    resumed = run("--lang", "en", "resume", "--plain", home=home, stdin="1\n",
                  as_windows=True)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stderr == ""
    lines = resumed.stdout.splitlines()
    assert lines[1] == "The race goes on: round 1, turn 1."
    assert lines[-1] == SAVED
    (after,) = read_records(save)
    assert after.pending[: len(before.pending)] == before.pending
    assert len(after.pending) == len(before.pending) + 1  # choice 1, placed and saved


def test_a_save_open_elsewhere_is_refused_as_on_windows(home: Path) -> None:
    save = saved(bots_race(), home)
    hold = (
        "import sys; from pathlib import Path; from monza_tui import saves\n"
        "saves.lock(Path(sys.argv[1])); print('held', flush=True); sys.stdin.read()\n"
    )
    env = {**os.environ, "MONZA_HOME": str(home), "MONZA_TEST_AS_WINDOWS": "1",
           "PYTHONPATH": os.pathsep.join([str(PRELUDE), str(SRC)])}
    with subprocess.Popen([sys.executable, "-c", hold, str(save)], env=env, text=True,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE) as holder:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline() == "held\n"
        refused = run("--lang", "en", "resume", "--plain", str(save), home=home,
                      as_windows=True)
        holder.stdin.close()
        assert holder.wait(timeout=TIMEOUT) == 0
    assert refused.returncode == 2
    assert refused.stderr.startswith("monza")
    assert refused.stderr.split(": ", 1)[1] == (  # after the command's name
        f"{save}: this race is open in another monza (pid {holder.pid}); "
        "finish or quit it there first\n"
    )
    # Its holder gone, the race is free again (and plays to its end).
    finished = run("--lang", "en", "resume", "--plain", str(save), home=home, as_windows=True)
    assert finished.returncode == 0, finished.stderr


def test_a_race_of_computer_drivers_plays_to_its_end_as_on_windows(home: Path) -> None:
    save = saved(bots_race(), home)
    result = run("--lang", "en", "resume", "--plain", str(save), home=home, as_windows=True)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    # The results end with the seed's line; then the review is offered, and the input's
    # end leaves.
    lines = result.stdout.splitlines()
    assert lines[-3:-1] == [
        "Seed 5: monza replay shows the race again.",
        "Type review for where the race was won, or an empty line to leave.",
    ]
    assert lines[-1].strip() == ">"
    (race,) = read_records(home / "history" / save.name)
    assert race.state.is_terminal()
    assert not save.exists()
    assert list((home / "locks").iterdir()) == []  # let go once the race moved


def test_simulate_spawns_its_workers_as_on_windows(home: Path) -> None:
    args = ("--lang", "en", "simulate", "--games", "6", "--jobs", "2", "--seed", "4",
            "--seats", "random,greedy", "--json")
    spawned = run(*args, home=home, as_windows=True)
    forked = run(*args, home=home)
    assert spawned.returncode == 0, spawned.stderr
    assert "Traceback" not in spawned.stderr
    summary = json.loads(spawned.stdout)
    assert summary["driver_failures"] == 0
    assert summary == json.loads(forked.stdout)  # the same races, whatever the start method

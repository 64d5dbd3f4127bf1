"""Running the real ``monza`` in a new process with the test prelude (prelude/sitecustomize.py):
as on Windows (``as_windows``), on a full disk (``full_disk``), or both."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from monza_tui.engine import Colour, seeded_roll
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.record import Race, write_records
from monza_tui.seats import SeatKind

TIMEOUT = 120
PRELUDE = Path(__file__).parent / "prelude"
SRC = Path(__file__).parents[2] / "src"


def run(
    *args: str,
    home: Path,
    stdin: str = "",
    as_windows: bool = False,
    full_disk: bool = False,
    cwd: Path | None = None,
    module: str = "monza_tui.cli",
    limit_fds: int | None = None,
) -> subprocess.CompletedProcess[str]:
    """``python -m module args`` (``-c`` when ``module`` is empty), with a timeout;
    ``limit_fds``: at most that many open descriptors (a leak ends in EMFILE)."""
    env = {
        **os.environ,
        "MONZA_HOME": str(home),
        "PYTHONPATH": os.pathsep.join([str(PRELUDE), str(SRC)]),
        "COLUMNS": "80",
        "MONZA_TEST_AS_WINDOWS": "1" if as_windows else "0",
        "MONZA_TEST_FULL_DISK": "1" if full_disk else "0",
    }
    env.pop("PYTHONSTARTUP", None)
    command = [sys.executable, "-m", module, *args] if module else [sys.executable, *args]
    return subprocess.run(command, input=stdin, capture_output=True, text=True,
                          timeout=TIMEOUT, env=env, cwd=cwd,
                          preexec_fn=None if limit_fds is None else _limit(limit_fds))


def _limit(fds: int) -> Callable[[], None]:
    def limit() -> None:
        import resource  # the child's, before it runs (POSIX; these tests run there)

        resource.setrlimit(resource.RLIMIT_NOFILE, (fds, fds))

    return limit


def bots_race(seed: int = 5) -> Race:
    """Two computer drivers on the oval, the first dice rolled: a race the line game plays
    to its end with no line typed."""
    race = start_race(RaceSetup(board="oval", seats=(
        Seat("Vic", Colour.RED, SeatKind.RANDOM), Seat("Wes", Colour.BLUE, SeatKind.GREEDY),
    ), seed=seed))
    return race.apply(seeded_roll(race.seed, race.state))


def saved(race: Race, home: Path, name: str = "20260101-120000-oval-5.jsonl") -> Path:
    """``race`` written as a save in ``home``, as the game would (no lock held)."""
    path = home / "saves" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    write_records(path, [race], save=True)
    return path

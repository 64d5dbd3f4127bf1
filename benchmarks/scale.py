"""Scale: a 20-hour replay and ``monza simulate --jobs K``.

    .venv/bin/python benchmarks/scale.py [--races 1000] [--runs 3] [--jobs 1,2] [--log FILE]

1. A record of many races (1,000 four-car races on the long track with pro and bonus, about
   20 hours of play at the table; made once with ``monza simulate --log``, or ``--log FILE``
   reused) opened in the replay viewer in a real terminal (a 120x40 pseudo-terminal, process
   launch included, as ``feel.py``): launch to the first frame of race 1 and of the last race
   (``--race N``, which reads past every race before it), and a key to the frame that shows
   it: a step (→), the next turn (↓), the end of the race (End), the next race (n). A bare
   Textual app's launch and key are measured in the same runs, as in ``feel.py``.
2. ``monza simulate --jobs K`` for each K: races per second, and per second per job (near
   linear scaling keeps the second figure flat, up to the cores there are).

Timings depend on the machine and its load; compare the ratios.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from feel import BARE_APP, BARE_SHOWS, BIN, COLUMNS, ROWS, _env, bare_keys, launch
from pty_screen import Terminal

RECORD_FLAGS = ["--players", "4", "--board", "long", "--pro", "--bonus", "--seed", "9"]


def make_record(path: Path, races: int, env: dict[str, str]) -> None:
    print(f"Writing {races} races to {path} (monza simulate --log)...", file=sys.stderr)
    subprocess.run(
        [str(BIN / "monza"), "simulate", *RECORD_FLAGS, "--games", str(races),
         "--log", str(path)],
        env=env, check=True, stdout=subprocess.DEVNULL,
    )


def step_keys(term: Terminal, races: int, results: dict[str, list[float]]) -> None:
    """Keys of the replay viewer, each to the frame that shows its effect."""
    for kind, key, shows in (
        ("step (→)", "\x1b[C", re.compile(r"step 1/")),
        ("step (→)", "\x1b[C", re.compile(r"step 2/")),
        ("next turn (↓)", "\x1b[B", re.compile(r"turn 2, round")),
        ("end of the race (End)", "\x1b[F", re.compile(r"step (\d+)/\1")),
        ("next race (n)", "n", re.compile(rf"race 2 of {races:,}|race 2 of {races}\b")),
        ("previous race (p)", "p", re.compile(rf"race 1 of {races:,}|race 1 of {races}\b")),
    ):
        term.settle(0.05)
        before = term.screen.text()
        sent = term.press(key)
        try:
            came = term.wait(lambda text, b=before, s=shows: text != b and bool(s.search(text)),
                             timeout=5)
        except TimeoutError:
            print(f"not seen within 5 s: {kind}", file=sys.stderr)
            continue
        results.setdefault(kind, []).append((came - sent) * 1000)


def simulate_rate(jobs: int, games: int, env: dict[str, str]) -> float:
    """Races per second of ``monza simulate --jobs K`` (process launch included)."""
    start = time.perf_counter()
    subprocess.run(
        [str(BIN / "monza"), "simulate", *RECORD_FLAGS, "--games", str(games),
         "--jobs", str(jobs)],
        env=env, check=True, stdout=subprocess.DEVNULL,
    )
    return games / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", default="1,2", help="values of K (default 1,2)")
    parser.add_argument("--games", type=int, default=400, help="races per simulate run")
    parser.add_argument("--log", metavar="FILE", help="the record to replay (made if missing)")
    options = parser.parse_args()

    home = Path(tempfile.mkdtemp(prefix="monza-scale-"))
    env = _env(home)
    record = Path(options.log) if options.log else home / "races.log"
    if not record.exists():
        make_record(record, options.races, env)
    python, monza = str(BIN / "python"), str(BIN / "monza")
    bare = home / "bare.py"
    bare.write_text(BARE_APP)
    first = f"race 1 of {options.races}"
    last = f"race {options.races} of {options.races}"

    launches: dict[str, list[float]] = {"bare": [], "first": [], "last": []}
    keys: dict[str, list[float]] = {}
    bare_key: list[float] = []
    rss: list[int] = []
    try:
        for run in range(options.runs + 1):  # the first run warms the caches
            counted = run > 0
            took, term = launch([python, str(bare)], env, *BARE_SHOWS)
            bare_keys(term, 5, bare_key if counted else [])
            term.close()
            if counted:
                launches["bare"].append(took)
            took, term = launch([monza, "replay", str(record)], env, first)
            step_keys(term, options.races, keys if counted else {})
            term.close()
            if counted:
                launches["first"].append(took)
                rss.append(term.rss_kb)
            took, term = launch(
                [monza, "replay", str(record), "--race", str(options.races)], env, last
            )
            term.close()
            if counted:
                launches["last"].append(took)
            print(f"run {run}/{options.runs} done", file=sys.stderr)
    finally:
        if not options.log:
            shutil.rmtree(home, ignore_errors=True)

    size = record.stat().st_size / 1e6 if record.exists() else 0.0
    bare_launch, bare_press = statistics.median(launches["bare"]), statistics.median(bare_key)
    print(f"\nReplay of {options.races:,} races ({size:.0f} MB); {options.runs} runs, medians; "
          f"{COLUMNS}x{ROWS} PTY; load {os.getloadavg()[0]:.2f}\n")
    print("| moment | bare Textual app | monza replay | ratio |")
    print("| --- | ---: | ---: | ---: |")
    rows = [
        ("launch to the first frame of race 1", bare_launch, launches["first"]),
        (f"launch to the first frame of race {options.races:,} (`--race`)", bare_launch,
         launches["last"]),
    ]
    rows += [(f"{kind} (key to frame)", bare_press, values) for kind, values in keys.items()]
    for name, base, values in rows:
        value = statistics.median(values)
        print(f"| {name} | {base:.1f} ms | {value:.1f} ms | {value / base:.2f}x |")
    print(f"| peak RSS (replay, a few keys) | | {statistics.median(rss) / 1024:.0f} MB | |")

    print(f"\n`monza simulate --jobs K` ({options.games} races of {' '.join(RECORD_FLAGS)}; "
          f"{os.cpu_count()} cores; process launch included)\n")
    print("| K | races per second | per second per job | scaling |")
    print("| ---: | ---: | ---: | ---: |")
    base_rate = None
    for jobs in (int(k) for k in options.jobs.split(",")):
        rate = simulate_rate(jobs, options.games, env)
        base_rate = base_rate or rate / jobs
        print(f"| {jobs} | {rate:.1f} | {rate / jobs:.1f} | {rate / jobs / base_rate:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""How long the expert thinks for a hint or a bot's step, in-process, on the race a player meets.

Why: a hint (``h``) and a bot's step (``s``) must show within one frame (16 ms) of the key
(issue 9); ``benchmarks/feel.py`` measures that in a real terminal, this script measures the
thinking alone, per kind of decision, so a change to the bots can be judged in seconds.

The race is the one ``feel.py`` scripts: the long track, pro and bonus, three cars (two
people and an expert; here experts play every seat), seeds 4 to 7. The expert's tables are
built first (in the app a child process builds them before the first decision). Then the
race is played in order and, at every decision that starts a phase (the extra roll, the
first placement, the turbo placement, the bonus step), ``hint(state)`` is timed *as the race
goes*: the per-process caches (where rivals may land, the finishing odds) hold only what
the decisions before it needed, as in the app. Times are CPU milliseconds of this process
(``time.process_time``: other work on a shared machine disturbs them less than wall-clock
time); still, compare within one run.

    .venv/bin/python benchmarks/think.py                  # this checkout
    .venv/bin/python benchmarks/think.py --base main      # also an earlier revision, and ratios

``--base REV`` exports that revision of the repository (``git archive``) to a temporary
directory and runs the same measurement there in a child process (same interpreter), the
two interleaved ``--rounds`` times; the table then gives both and the ratio base / now.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SEEDS = (4, 5, 6, 7)
KINDS = ("extra roll", "placing", "turbo placing", "bonus move")
HERE = Path(__file__).resolve()


def measure() -> dict[str, list[float]]:
    """Milliseconds of ``hint(state)`` per kind of decision, as the races go."""
    from monza_tui.boardfile import load_board
    from monza_tui.bots import hint, make_driver
    from monza_tui.bots.tables import tables_for
    from monza_tui.engine import Colour
    from monza_tui.record.race import Player, Race
    from monza_tui.seats import SeatKind

    board_file = load_board("long")
    players = (
        Player("Ann", Colour.RED, SeatKind.HUMAN),
        Player("Ben", Colour.BLUE, SeatKind.HUMAN),
        Player("Bot 1", Colour.GREEN, SeatKind.EXPERT),
    )
    tables_for(board_file.board, True)
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for seed in SEEDS:
        race = Race.start(board_file, players, seed=seed, pro=True, bonus=True)
        drivers = {p: make_driver("expert", random.Random(p)) for p in range(len(players))}
        while not race.state.is_terminal():
            state = race.state
            if state.is_chance():
                race = race.roll()
                continue
            if not state.path:
                start = time.process_time()
                hint(state)
                times[state.phase.value].append((time.process_time() - start) * 1000)
            race = race.apply(drivers[state.current_player()].choose(state))
    return times


def _export(rev: str) -> Path:
    root = Path(subprocess.check_output(["git", "rev-parse", "--show-toplevel"], cwd=HERE.parent,
                                        text=True).strip())
    target = Path(tempfile.mkdtemp(prefix="monza-think-base-"))
    archive = subprocess.run(["git", "archive", rev], cwd=root, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    return target / "src"


def _in_child(src: Path) -> dict[str, list[float]]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.check_output([sys.executable, str(HERE), "--json"], env=env, text=True)
    return json.loads(out)  # type: ignore[no-any-return]


def _row(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return (f"{statistics.median(ordered):6.2f} / {ordered[int(len(ordered) * 0.9)]:6.2f} / "
            f"{ordered[-1]:6.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", metavar="REV", help="also measure this git revision")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved runs of each")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.json:
        print(json.dumps(measure()))
        return 0
    src = _export(options.base) if options.base else None
    now: dict[str, list[float]] = {kind: [] for kind in KINDS}
    base: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for _ in range(options.rounds):
        if src is not None:
            for kind, values in _in_child(src).items():
                base[kind].extend(values)
        for kind, values in _in_child(HERE.parent.parent / "src").items():
            now[kind].extend(values)
    load = os.getloadavg()[0]
    print(f"hint(state) at each decision of {len(SEEDS)} races (long, pro, bonus, 3 cars), "
          f"{options.rounds} runs; CPU ms median / p90 / max; load {load:.2f}\n")
    header = "| decision | n | now |"
    if src is not None:
        header += f" {options.base} | ratio (median) |"
    print(header)
    print("| --- | ---: | ---: |" + (" ---: | ---: |" if src is not None else ""))
    for kind in KINDS:
        line = f"| {kind} | {len(now[kind])} | {_row(now[kind])} |"
        if src is not None and now[kind] and base[kind]:
            ratio = statistics.median(base[kind]) / statistics.median(now[kind])
            line += f" {_row(base[kind])} | {ratio:.1f}x |"
        print(line)
    every = [v for values in now.values() for v in values]
    print(f"\nall decisions now: median {statistics.median(every):.2f} ms, "
          f"max {max(every):.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

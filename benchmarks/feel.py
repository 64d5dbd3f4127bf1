"""What a player feels: launch and every key of a turn, in a real terminal, beside a bare app.

Each app runs as its own process in a pseudo-terminal of 120x40 (process launch, imports and
the terminal output included, bytecode cached), and this script reads what it writes into a
small screen of its own, so a moment counts when the text that shows it is on that screen.
Monza and a bare Textual app (a ``Static``, a ``Footer``, one key that changes the text) take
turns, run after run, so that both meet the same load; the table gives medians, the ratios
Monza / bare, and the peak memory (RSS) of each process::

    .venv/bin/python benchmarks/feel.py [--runs 5] [--quick] [--launch-only]

The moments:

- launch to the first frame: the race screen from flags (``monza play --board long --pro
  --bonus --player Ann --player Ben --seed 5``) and the set-up screen (``monza`` alone);
- key to the frame that shows its effect, for every kind of key of a turn on the long track
  with pro and bonus and three players (Ann, Ben and an expert bot): roll, mark a die for the
  extra roll, re-roll, keep the roll, cursor, place a die, pick and place a tile, take back,
  drive (with and without a push-back), the turbo roll (``s`` skips its pause), the bonus
  move, a bot's turn step (``s`` skips its pause) and the hint. Keys come 30 ms after the
  screen has settled; a bot's step and the hint a reaction time (0.25 s) after, as a person
  presses them: after seeing the bot's turn begin, after looking at the situation.

The keys are scripted: an in-process run of the same race (Textual's Pilot, same seed, same
keys) decides them and notes what each one shows (a line of the race log, the hint, or any
change), so every run meets the same situations. The bare app's key is measured the same
way, a key to the frame that shows the new text. Timings depend on the machine and its load;
compare the ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from pty_screen import Terminal

COLUMNS, ROWS = 120, 40
SEED = 5
KEY_SEED = 4
"""The seed of the scripted race: its first rounds hold every kind of key (found by search)."""
HINTS = TILES = 3
"""Hints asked and tiles placed in the scripted race (on different turns), at most."""

BIN = Path(sys.executable).parent
RACE_FLAGS = ["--board", "long", "--pro", "--bonus", "--player", "Ann", "--player", "Ben"]
KEY_FLAGS = [*RACE_FLAGS, "--bot", "expert", "--bot-delay", "30", "--no-animation"]

BARE_APP = '''
from textual.app import App
from textual.widgets import Footer, Static


class Hello(App):
    BINDINGS = [("space", "count", "Count")]

    def compose(self):
        yield Static("Hello, world", id="text")
        yield Footer()

    def action_count(self):
        self.count = getattr(self, "count", 0) + 1
        self.query_one("#text", Static).update(f"Hello, world {self.count}")


Hello().run()
'''

# The script of keys ---------------------------------------------------------------------------


@dataclass
class Step:
    key: str
    kind: str | None
    """What the key is measured as (None: played, not measured)."""
    shows: str | None = None
    """Text that appears with the key's effect (None: the first frame that changes)."""
    settles: str | None = None
    """Text that appears when everything the key set going is over."""


@dataclass
class Script:
    steps: list[Step] = field(default_factory=list)

    def count(self, kind: str) -> int:
        return sum(step.kind == kind for step in self.steps)


KINDS = (
    "roll",
    "mark a die (extra roll)",
    "re-roll",
    "keep the roll",
    "cursor",
    "place a die",
    "pick a tile",
    "place a tile",
    "take back",
    "drive",
    "drive with push-back",
    "turbo roll",
    "bonus move",
    "bot's turn step",
    "hint",
)


async def _make_script(seed: int, each: int, max_steps: int) -> Script:
    """Play the race in-process with the same keys, noting what each one shows."""
    from monza_tui.app.app import MonzaApp
    from monza_tui.app.screens.race import RaceScreen
    from monza_tui.engine import Colour
    from monza_tui.engine.actions import Place, Tile
    from monza_tui.engine.state import Phase
    from monza_tui.race.setup import RaceSetup, Seat, start_race

    seats = (
        Seat("Ann", Colour.RED),
        Seat("Ben", Colour.BLUE),
        Seat("Bot 1", Colour.GREEN, "expert"),
    )
    setup = RaceSetup(board="long", pro=True, bonus=True, seats=seats, seed=seed)
    app = MonzaApp(setup, race=start_race(setup), bot_delay=30, animation_delay=0)
    script = Script()
    logged: list[str] = []
    async with app.run_test(size=(COLUMNS, ROWS)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        original = screen.log_lines

        def log_lines(lines: list[str]) -> None:
            logged.extend(lines)
            original(lines)

        screen.log_lines = log_lines  # type: ignore[method-assign]

        def bot_waits() -> bool:
            """A computer driver's step is due (after the --bot-delay pause, or ``s``)."""
            state = app.race.state
            if state.is_terminal():
                return False
            if state.is_chance():
                return screen.is_bot(state.player)
            return screen.is_bot(state.current_player())

        def busy() -> bool:
            state = app.race.state
            if screen._thinking or any(w.is_running for w in app.workers):
                return True
            if screen._pending is None:
                return False
            return not (bot_waits() or state.phase is Phase.TURBO_ROLL)

        async def play(key: str, kind: str | None, shows: str | None = None) -> Step:
            before = len(logged)
            await pilot.press(key)
            await pilot.pause()
            for _ in range(3000):
                if not busy():
                    break
                await pilot.pause(0.01)
            new = logged[before:]
            if kind == "bot's turn step":
                # What a bot's step shows is its move: its roll may come before the key
                # (a roll is not thought about; in a terminal it can beat the key).
                new = [line for line in new if " rolls " not in line] or new
            step = Step(key, kind, shows if shows else (_snippet(new[0]) if new else None),
                        _snippet(new[-1]) if new else None)
            script.steps.append(step)
            return step

        turn = -1
        did: set[str] = set()
        while len(script.steps) < max_steps and not app.race.state.is_terminal():
            if all(script.count(kind) >= each for kind in KINDS):
                break
            state = app.race.state
            if state.turn != turn:
                turn, did = state.turn, set()
            if bot_waits():
                await play("s", "bot's turn step")
            elif state.phase is Phase.TURBO_ROLL:
                await play("s", "turbo roll")
            elif state.phase is Phase.ROLL:
                await play("space", "roll")
            elif state.phase is Phase.EXTRA_ROLL:
                if script.count("re-roll") <= script.count("keep the roll"):
                    await play("1", "mark a die (extra roll)")
                    await play("enter", "re-roll")
                else:
                    await play("k", "keep the roll")
            elif state.phase is Phase.BONUS:
                await play("enter", "bonus move")
            elif state.phase in (Phase.PLACING, Phase.TURBO_PLACING):
                tiles = [a for a in state.legal_actions()
                         if isinstance(a, Place) and isinstance(a.token, Tile)]
                if "hint" not in did and script.count("hint") < HINTS:
                    did.add("hint")
                    await play("h", "hint", "Hint:")
                elif "cursor" not in did and len(screen.now.targets(screen.pointer.selected)) > 1:
                    did.add("cursor")
                    await play("tab", "cursor")
                elif tiles and "tile" not in did and script.count("place a tile") < TILES:
                    did.add("tile")
                    await play("t", "pick a tile")
                    await play("enter", "place a tile")
                elif state.die_fits():
                    await play("enter", "place a die")
                    if "back" not in did:
                        did.add("back")
                        await play("backspace", "take back")
                else:
                    pushes_before = _pushes(app.race)
                    step = await play("enter", "drive")
                    if _pushes(app.race) > pushes_before:
                        step.kind = "drive with push-back"
            else:
                raise RuntimeError(f"no key for {state.phase}")
    return script


def _pushes(race: object) -> int:
    turns = [*race.turns]  # type: ignore[attr-defined]
    state = race.state  # type: ignore[attr-defined]
    return sum(len(t.pushed) for t in turns) + len(state.log.pushed)


def _snippet(line: str) -> str:
    return line[:24].rstrip()


def _first_of_each(script: Script) -> Script:
    """The script up to the step where every kind of key has come once."""
    seen: set[str] = set()
    for at, step in enumerate(script.steps):
        seen.add(step.kind or "")
        if seen >= set(KINDS):
            return Script(script.steps[: at + 1])
    return script


def make_script(each: int, max_steps: int) -> Script:
    return asyncio.run(_make_script(KEY_SEED, each, max_steps))


# The runs -----------------------------------------------------------------------------------


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "NO_COLOR")}
    env.update(TERM="xterm-256color", COLORTERM="truecolor", MONZA_HOME=str(home),
               COLUMNS=str(COLUMNS), LINES=str(ROWS))
    env.pop("TEXTUAL", None)
    return env


def launch(argv: list[str], env: dict[str, str], *shows: str) -> tuple[float, Terminal]:
    """Start ``argv``; the time until the screen shows every text of ``shows`` (a whole
    first screen: the race screen's board and its keys are named, not only its panel)."""
    term = Terminal(argv, env, COLUMNS, ROWS)
    came = term.wait(lambda text: all(part in text for part in shows))
    return (came - term.started) * 1000, term


BARE_SHOWS = ("Hello, world", "Count")
"""The bare app is up: its text and its footer's key."""
RACE_SHOWS = ("Ann", "╭─", "^q Quit")
"""The race screen is up: its panel, its board's drawing and its keys."""
SETUP_SHOWS = ("Player 1", "^q Quit")
"""The set-up screen is up: its form and its keys."""

REACTION = 0.25
"""Seconds from a frame to a person's key that answers it (a quick reaction)."""

MISSED: list[str] = []
"""Key kinds whose effect never showed as scripted (reported under the table)."""


VERBOSE = False


def run_keys(term: Terminal, script: Script, results: dict[str, list[float]]) -> None:
    settles: str | None = None  # what the last key set going shows when it is over
    settled = 0  # how often that text was on the screen before the last key
    for number, step in enumerate(script.steps):
        if VERBOSE:
            print(f"  step {number}: {step.key} ({step.kind}) shows {step.shows!r}",
                  file=sys.stderr)
        if settles is not None and step.kind != "turbo roll":
            # A re-roll's or a bot's pause; a log line may stay scrolled out of view. Not
            # before the turbo roll: the drive's last line ("All six dice placed...") may
            # sit under its own toast, and the turbo roll's short pause would be over (and
            # ``s`` have nothing to skip) before the wait gave up.
            try:  # (the longest pause it may meet is a re-roll's, half a second)
                if term.screen.text().count(settles) <= settled:  # (it may be there now)
                    term.wait(lambda text, s=settles, n=settled: text.count(s) > n, timeout=2)
            except TimeoutError:
                if VERBOSE:
                    print(f"  ({settles!r} never came)", file=sys.stderr)
        if step.kind in ("bot's turn step", "hint"):
            # A person skips a bot's pause after seeing its turn begin, a reaction time
            # later; the bot thinks during its pause (the frames of its turn's start are
            # out by then), so what ``s`` waits for is the move, not the thinking. And a
            # person asks for a hint after looking at the situation, a reaction time at
            # the least: once hints are in use, it is thought out meanwhile.
            term.settle(REACTION)
        else:  # (a quiet moment is far shorter than the turbo roll's half-second pause)
            term.settle(0.03)
        before = term.screen.text()
        settles = step.settles
        settled = before.count(settles) if settles else 0
        # What a key shows is its first frame, but for the hint, which is thought out
        # in a worker: the hint's line. (A bot's step is thought out during its pause, and
        # the person skips it a reaction time after its turn began: its first frame after
        # ``s`` shows the bot's move, the rest of a skipped turn following in one frame.)
        shows = step.shows if step.kind == "hint" else None
        seen = before.count(shows) if shows else 0
        sent = term.press(step.key)
        try:
            if shows is None:
                came = term.wait(lambda text, b=before: text != b, timeout=3)
            else:
                came = term.wait(lambda text, s=shows, n=seen: text.count(s) > n, timeout=3)
        except TimeoutError:
            MISSED.append(step.kind or step.key)
            if VERBOSE:
                print("  missed; the screen:\n" + term.screen.text(), file=sys.stderr)
            continue
        if step.kind is not None:
            results.setdefault(step.kind, []).append((came - sent) * 1000)


def bare_keys(term: Terminal, presses: int, results: list[float]) -> None:
    for n in range(1, presses + 1):
        term.settle(0.03)
        sent = term.press("space")
        came = term.wait(lambda text, n=n: f"Hello, world {n}" in text)
        results.append((came - sent) * 1000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="launches of each app (default 5)")
    parser.add_argument("--quick", action="store_true", help="2 runs, each key kind once")
    parser.add_argument("--launch-only", action="store_true", help="only the launches (no "
                        "keys; the peak RSS is then that of the race screen's launch)")
    parser.add_argument("--script", metavar="FILE", help="keep the scripted keys in FILE "
                        "(made if missing; saves the in-process scripting run next time)")
    parser.add_argument("--verbose", action="store_true", help="say each key as it is sent")
    options = parser.parse_args()
    global VERBOSE
    VERBOSE = options.verbose
    runs = 2 if options.quick else options.runs
    each = 3  # the quick mode plays the start of the same race, until it met every kind

    saved = Path(options.script) if options.script else None
    if options.launch_only:
        script = Script()
    elif saved is not None and saved.exists():
        script = Script([Step(**step) for step in json.loads(saved.read_text())])
    else:
        print(f"Scripting the keys (seed {KEY_SEED}, in-process)...", file=sys.stderr)
        script = make_script(each, max_steps=400)
        if saved is not None:
            saved.write_text(json.dumps([vars(step) for step in script.steps], indent=0))
    if options.quick:
        script = _first_of_each(script)
    missing = [kind for kind in KINDS if not script.count(kind)]
    if missing and not options.launch_only:
        print(f"the script never meets: {', '.join(missing)}", file=sys.stderr)

    home = Path(tempfile.mkdtemp(prefix="monza-feel-"))
    bare = home / "bare.py"
    bare.write_text(BARE_APP)
    env = _env(home)
    python = str(BIN / "python")
    monza = str(BIN / "monza")
    # Bytecode cached and disks warm, as for a player's second launch.
    for argv in ([python, "-c", "import monza_tui.cli, textual.app"],):
        os.spawnve(os.P_WAIT, argv[0], argv, env)

    launch_race: dict[str, list[float]] = {"bare": [], "monza": []}
    launch_setup: list[float] = []
    keys: dict[str, list[float]] = {}
    bare_key: list[float] = []
    rss: dict[str, list[int]] = {"bare": [], "monza": []}
    try:
        for run in range(runs + 1):  # the first run warms the caches and is not counted
            counted = run > 0
            took, term = launch([python, str(bare)], env, *BARE_SHOWS)
            bare_keys(term, 10, bare_key if counted else [])
            term.close()
            if counted:
                launch_race["bare"].append(took)
                rss["bare"].append(term.rss_kb)

            took, term = launch([monza, "play", *RACE_FLAGS, "--seed", str(SEED)], env,
                                *RACE_SHOWS)
            term.close()
            if counted:
                launch_race["monza"].append(took)
                if options.launch_only:
                    rss["monza"].append(term.rss_kb)

            took, term = launch([python, str(bare)], env, *BARE_SHOWS)
            term.close()
            if counted:
                launch_race["bare"].append(took)

            shutil.rmtree(home / "saves", ignore_errors=True)
            took, term = launch([monza], env, *SETUP_SHOWS)
            term.close()
            if counted:
                launch_setup.append(took)

            if not options.launch_only:
                took, term = launch([monza, "play", *KEY_FLAGS, "--seed", str(KEY_SEED)], env,
                                    *RACE_SHOWS)
                run_keys(term, script, keys if counted else {})
                term.close()
                if counted:
                    rss["monza"].append(term.rss_kb)
            print(f"run {run}/{runs} done", file=sys.stderr)
    finally:
        shutil.rmtree(home, ignore_errors=True)

    bare_launch = statistics.median(launch_race["bare"])
    bare_press = statistics.median(bare_key)
    rows = [
        ("launch to the race screen (flags)", bare_launch, statistics.median(launch_race["monza"])),
        ("launch to the set-up screen (`monza`)", bare_launch, statistics.median(launch_setup)),
    ]
    for kind in KINDS:
        if kind in keys:
            rows.append((f"{kind} (key to frame)", bare_press, statistics.median(keys[kind])))
    worst = max((statistics.median(v) for v in keys.values()), default=0.0)
    print(f"\n{runs} runs, medians; a bare Textual app beside, in the same runs; "
          f"{COLUMNS}x{ROWS} PTY; load {os.getloadavg()[0]:.2f}\n")
    print("| moment | bare Textual app | monza | ratio |")
    print("| --- | ---: | ---: | ---: |")
    for name, base, value in rows:
        print(f"| {name} | {base:.1f} ms | {value:.1f} ms | {value / base:.2f}x |")
    bare_rss, monza_rss = statistics.median(rss["bare"]), statistics.median(rss["monza"])
    what = "the race screen's launch" if options.launch_only else "a whole scripted race"
    print(f"| peak RSS ({what} for monza) | {bare_rss / 1024:.0f} MB "
          f"| {monza_rss / 1024:.0f} MB | {monza_rss / bare_rss:.2f}x |")
    if MISSED:
        print(f"\nnot seen within 3 s (left out): {', '.join(MISSED)}")
    if keys:
        print(f"\nslowest key kind: {worst:.1f} ms; samples per key kind: "
              + ", ".join(f"{kind} {len(keys[kind])}" for kind in KINDS if kind in keys))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

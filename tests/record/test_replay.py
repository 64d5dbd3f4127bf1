"""`monza replay`: --check re-validates every race of a file; the viewer steps through one.

The viewer is driven with Textual's Pilot: each key must land on the exact step, the board
must show the cars where the engine had them at that step, and n/p must switch races.
"""

from __future__ import annotations

import asyncio
import functools
import json
import random
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

from monza_tui.app.board_view import BoardView
from monza_tui.app.replay_screen import ReplayApp, ReplayScreen, Timeline, describe
from monza_tui.boardfile import load_board
from monza_tui.cli import main
from monza_tui.engine import Colour, Die, Phase, Place, Roll, Tile
from monza_tui.plain.ahead import step_words
from monza_tui.race.scene import scene_from_state
from monza_tui.record import Player, Race, write_records

DATA = Path(__file__).parent.parent / "data"


def run_async(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test with asyncio (no pytest async plugin is installed)."""

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return wrapper


def played(seed: int, *, board: str = "", cars: int = 2, stop: int | None = None) -> Race:
    """A seeded race of random choices (stopped after ``stop`` actions if given)."""
    colours = (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW)
    players = [Player(f"P{i + 1}", colours[i], "random") for i in range(cars)]
    race = Race.start(load_board(board or str(DATA / "mini.toml")), players, seed=seed,
                      pro=True, bonus=True)
    rng = random.Random(seed)
    count = 0
    while not race.state.is_terminal() and (stop is None or count < stop):
        race = race.roll() if race.state.is_chance() else race.apply(
            rng.choice(race.state.legal_actions()))
        count += 1
    return race


@pytest.fixture
def log_file(tmp_path: Path) -> Path:
    """A simulation-style log: three races in one file, the last on another board."""
    path = tmp_path / "log.jsonl"
    write_records(path, [played(1), played(2, cars=3), played(3, board="oval")])
    return path


# --check --------------------------------------------------------------------------------


def test_check_counts_races_and_turns(log_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    turns = sum(1 for line in log_file.read_text().splitlines() if '"turn": ' in line)
    assert main(["replay", str(log_file), "--check"]) == 0
    assert capsys.readouterr().out == f"ok: 3 races, {turns} turns\n"


def test_check_of_an_edited_record_is_one_line_and_status_2(
    log_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = log_file.read_text().splitlines()
    second = json.loads(lines[1])
    second["moves"][0]["to"] = "c9"  # hand-edited into an illegal move
    lines[1] = json.dumps(second)
    log_file.write_text("\n".join(lines) + "\n")
    before = log_file.read_bytes()
    assert main(["replay", str(log_file), "--check"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"monza: {log_file}: line 2: ")
    assert "illegal move" in err or "no space 'c9'" in err
    assert err.count("\n") == 1
    assert log_file.read_bytes() == before


def test_check_of_missing_and_non_record_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "nope.jsonl"), "--check"]) == 2
    assert "cannot read" in capsys.readouterr().err
    text_file = tmp_path / "notes.txt"
    text_file.write_text("shopping list\n")
    assert main(["replay", str(text_file), "--check"]) == 2
    assert capsys.readouterr().err == (
        f"monza: {text_file}: line 1: not a monza game record (column 1)\n"
    )


def test_race_number_out_of_range(log_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(log_file), "--race", "4"]) == 2
    assert capsys.readouterr().err == f"monza: --race 4: {log_file} holds 3 races\n"


def test_latest_is_the_newest_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path / "home"))
    assert main(["replay", "latest", "--check"]) == 2
    assert "latest: no saved race yet" in capsys.readouterr().err
    from monza_tui import saves

    race = played(4, stop=30)
    saves.autosave(race)
    assert main(["replay", "latest", "--check"]) == 0
    turns = len(race.turns)
    assert capsys.readouterr().out == f"ok: 1 race, {turns} turn{'' if turns == 1 else 's'}\n"


def test_replay_opens_the_viewer_on_the_chosen_race(
    log_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: dict[str, object] = {}

    def fake_run(app: ReplayApp) -> None:
        opened.update(races=len(app.races), index=app.index, source=app.source)

    monkeypatch.setattr(ReplayApp, "run", fake_run)
    assert main(["replay", str(log_file), "--race", "2"]) == 0
    assert opened == {"races": 3, "index": 1, "source": str(log_file)}


# The timeline ---------------------------------------------------------------------------


def test_timeline_keeps_every_state_and_finds_turns() -> None:
    race = played(5)
    timeline = Timeline.of(race)
    assert timeline.states[0] == race.game.new_state()
    assert timeline.states[-1] == race.state
    assert len(timeline.states) == len(timeline.actions) + 1
    starts = timeline.turn_starts()
    assert starts[0] == 0 and starts[-1] == timeline.last
    assert len(starts) == len(race.turns) + 1  # a finished race: every turn, then the end
    for k in starts[:-1]:
        assert isinstance(timeline.actions[k], Roll)
        assert timeline.states[k].phase is Phase.ROLL
    middle = starts[3] + 2
    assert timeline.next_turn(middle) == starts[4]
    assert timeline.previous_turn(middle) == starts[3]
    assert timeline.previous_turn(starts[3]) == starts[2]
    assert timeline.previous_turn(0) == 0
    assert timeline.next_turn(timeline.last) == timeline.last


def test_log_lines_say_what_happened() -> None:
    race = played(6)
    timeline = Timeline.of(race)
    assert describe(timeline, 0) == "Start: P1, P2 on the start field of Mini test loop"
    first = timeline.actions[0]
    assert isinstance(first, Roll)
    letters = " ".join(c.letter for c in first.colours)
    assert describe(timeline, 1) == f"Turn 1, round 1: P1 rolls {letters}"
    dice = [i for i, a in enumerate(timeline.actions)
            if isinstance(a, Place) and isinstance(a.token, Die)]
    tiles = [i for i, a in enumerate(timeline.actions)
             if isinstance(a, Place) and isinstance(a.token, Tile)]
    assert dice and tiles, "the race places both"
    for k in (dice[0], tiles[0]):
        action = timeline.actions[k]
        assert isinstance(action, Place)
        before = timeline.states[k]
        space = before.board.spaces[action.space]
        assert space.colour is not None
        token = action.token
        # Where the token goes in the family's words, as the line game says a step; never
        # the board's grid code (c1).
        where = step_words(before, race.board_file.shape, action.space,
                           [p.name for p in race.players])
        assert space.id not in where.split()
        if isinstance(token, Die):
            expected = f"places die {token.index + 1} ({space.colour.value}) on {where}"
        else:
            expected = f"places the {space.colour.value} tile on {where}"
        name = race.players[before.player].name
        assert describe(timeline, k + 1) == f"{name} {expected}"


# The viewer -----------------------------------------------------------------------------


def _cars(app: ReplayApp) -> dict[int, tuple[Colour, ...]]:
    return dict(app.screen.query_one(BoardView).scene.cars)


@run_async
async def test_keys_step_through_moves_turns_and_races(log_file: Path) -> None:
    from monza_tui.record import read_records

    races = read_records(log_file)
    app = ReplayApp(races, source=str(log_file))
    async with app.run_test(size=(140, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        timeline = screen.timeline
        assert screen.step == 0
        await pilot.press("right", "right", "right")
        assert screen.step == 3
        assert _cars(app) == dict(scene_from_state(timeline.states[3]).cars)
        await pilot.press("left")
        assert screen.step == 2
        await pilot.press("end")
        assert screen.step == timeline.last
        assert _cars(app) == dict(scene_from_state(races[0].state).cars)
        await pilot.press("right")
        assert screen.step == timeline.last  # nothing beyond the end
        await pilot.press("home", "down", "down")
        starts = timeline.turn_starts()
        assert screen.step == starts[2]
        await pilot.press("right", "up")
        assert screen.step == starts[2]
        log = screen.query_one("#replay-log")
        assert log.highlighted == starts[2]  # type: ignore[attr-defined]
        status = str(screen.query_one("#replay-status").render())
        assert status.startswith(f"step {starts[2]}/{timeline.last} · turn 3, round ")
        await pilot.press("n", "n")
        assert screen.index == 2 and screen.step == 0
        assert screen.query_one(BoardView).board.name == "oval"  # the third race's board
        await pilot.press("end")
        assert _cars(app) == dict(scene_from_state(races[2].state).cars)
        await pilot.press("n")
        assert screen.index == 2  # no fourth race
        await pilot.press("p")
        assert screen.index == 1 and screen.query_one(BoardView).board.name == "mini"
        await pilot.press("q")
    assert app.return_code == 0


@run_async
async def test_a_key_shows_its_whole_step_in_its_first_frame(
    log_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The board and the status line of a step go out in the key's first frame. (The board
    once repainted straight into the screen's frame, as the race screen's widgets do, and
    the screen drew that frame before the status line's messages had come: the step showed
    whole a frame later, 40 ms after the key instead of 12.)"""
    from textual.app import App

    from monza_tui.record import read_records

    app = ReplayApp(read_records(log_file), source=str(log_file))
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        parts = {"board": screen.query_one(BoardView), "status": screen.query_one("#replay-status")}
        frames: list[set[str]] = []  # the parts each frame sends to the terminal
        display = App._display

        def counted(self: App[Any], shown: Any, update: Any) -> None:
            if update is not None:
                spans = getattr(update, "spans", None)  # (None: the whole screen)
                frames.append({
                    name for name, widget in parts.items()
                    if spans is None or any(
                        widget.region.y <= y < widget.region.bottom
                        and x1 < widget.region.right and widget.region.x < x2
                        for y, x1, x2 in spans
                    )
                })
            display(self, shown, update)

        monkeypatch.setattr(App, "_display", counted)
        for key in ("down", "down", "end", "home"):
            frames.clear()
            await pilot.press(key)
            await pilot.pause()
            assert frames and frames[0] == {"board", "status"}, (key, frames)


@run_async
async def test_viewer_survives_resizes(log_file: Path) -> None:
    from monza_tui.record import read_records

    races = read_records(log_file)
    app = ReplayApp(races)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("right", "right", "right", "right")
        for size in ((60, 20), (200, 60), (30, 10), (120, 36)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.step == 4
        assert _cars(app) == dict(scene_from_state(screen.timeline.states[4]).cars)

"""Autosave, resume and the saves list: where races go, that they come back exactly, and
that a damaged save is answered with one line and left alone."""

from __future__ import annotations

import json
import os
import random
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from monza_tui import saves
from monza_tui.boardfile import load_board
from monza_tui.cli import main
from monza_tui.commands import resume
from monza_tui.engine import Colour, Phase, Place, TakeBack
from monza_tui.record import Player, Race, read_records, write_records

DATA = Path(__file__).parent.parent / "data"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data folder (MONZA_HOME), and no race carried over."""
    folder = tmp_path / "home"
    monkeypatch.setenv("MONZA_HOME", str(folder))
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr(saves, "_slots", {})
    return folder


def new_race(seed: int, *, board: str = "oval", names: tuple[str, ...] = ("Ann", "Ben")) -> Race:
    colours = (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW)
    players = [Player(name, colours[i], "random") for i, name in enumerate(names)]
    return Race.start(load_board(board), players, seed=seed, pro=True, bonus=True)


def advance(race: Race, actions: int, *, save: bool = True) -> Race:
    """``actions`` more actions of seeded random play, autosaving after each like the app.
    Each choice is drawn from the race's position alone, so a resumed race goes on exactly
    as the uninterrupted one."""
    for _ in range(actions):
        state = race.state
        if state.is_terminal():
            break
        rng = random.Random(f"test/{race.seed}/{state.turn}/{state.phase}/{len(race.pending)}")
        # No take-backs here: a take-back returns to an earlier position, where a driver
        # that depends on the position alone would choose the same again, for ever.
        race = race.roll() if state.is_chance() else race.apply(
            rng.choice([a for a in state.legal_actions() if not isinstance(a, TakeBack)]))
        if save:
            saves.autosave(race)
    return race


def to_the_end(race: Race, *, save: bool = True) -> Race:
    while not race.state.is_terminal():
        race = advance(race, 50, save=save)
    return race


def jsonl(path: Path) -> list[Any]:
    return [json.loads(line) for line in path.read_text().splitlines()]


# Where saves go -----------------------------------------------------------------------


def test_home_is_monza_home_or_the_user_data_folder(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert saves.home() == home
    assert saves.saves_dir() == home / "saves"
    assert saves.history_dir() == home / "history"
    monkeypatch.delenv("MONZA_HOME")
    from platformdirs import user_data_dir

    assert saves.home() == Path(user_data_dir("monza-tui", appauthor=False))
    assert saves.home().name == "monza-tui"


def test_a_race_with_no_action_is_not_written(home: Path) -> None:
    assert saves.autosave(new_race(1)) is None
    assert not home.exists()


def test_every_action_rewrites_the_save(home: Path) -> None:
    race = new_race(7)
    race = race.roll()
    path = saves.autosave(race)
    assert path is not None
    assert path.parent == home / "saves"
    assert path.name.endswith("-oval-7.jsonl")
    datetime.strptime(path.name[:15], "%Y%m%d-%H%M%S")
    for _ in range(40):
        race = advance(race, 1)
        assert saves.autosave(race) == path
        (back,) = read_records(path)
        assert back.state == race.state
        assert back.pending == race.pending
    assert sorted(p.name for p in (home / "saves").iterdir()) == [path.name], "no temp files"


def test_a_placed_die_is_saved_with_the_unfinished_turn(home: Path) -> None:
    race = new_race(3)
    while not (race.state.phase is Phase.PLACING and race.state.path):
        race = advance(race, 1)
    assert isinstance(race.pending[-1], Place)
    path = saves.save_path(race)
    assert path is not None
    last = jsonl(path)[-1]
    assert last["unfinished"]["turn"] == race.state.turn
    assert last["unfinished"]["actions"][-1].startswith(("d", "t"))


def test_two_races_two_files_and_a_finished_race_moves_to_the_history(home: Path) -> None:
    first = advance(new_race(1), 5)
    second = advance(new_race(2), 5)
    a, b = saves.save_path(first), saves.save_path(second)
    assert a is not None and b is not None and a != b
    finished = to_the_end(first)
    where = saves.save_path(finished)
    assert where == home / "history" / a.name
    assert not a.exists()
    (back,) = read_records(where)
    assert back.state.winners() == finished.state.winners()
    assert jsonl(where)[-1]["result"]["winners"]
    assert [p.name for p in (home / "saves").iterdir()] == [b.name]


def test_same_second_same_board_same_seed_gets_its_own_file(home: Path) -> None:
    now = datetime(2026, 1, 2, 3, 4, 5)
    one = saves.new_save_path(new_race(9), now=now)
    one.parent.mkdir(parents=True, exist_ok=True)
    one.write_text("")
    two = saves.new_save_path(new_race(9), now=now)
    assert one.name == "20260102-030405-oval-9.jsonl"
    assert two.name == "20260102-030405-oval-9-2.jsonl"


def test_an_unwritable_folder_is_one_clear_error(home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("a file where the folder should be")
    with pytest.raises(saves.SaveError) as caught:
        saves.autosave(new_race(1).roll())
    message = str(caught.value)
    assert message.startswith("cannot save the race to ") and "\n" not in message


# Finding the race to resume -----------------------------------------------------------


def _age(path: Path, seconds: float) -> None:
    stamp = time.time() - seconds
    os.utime(path, (stamp, stamp))


def test_latest_unfinished_is_the_newest_good_unfinished_save(home: Path) -> None:
    old = advance(new_race(1), 20)
    new = advance(new_race(2), 20)
    done = to_the_end(advance(new_race(3), 5))
    old_path, new_path = saves.save_path(old), saves.save_path(new)
    assert old_path and new_path and saves.save_path(done)
    _age(old_path, 300)
    _age(new_path, 200)
    found = saves.latest_unfinished()
    assert found is not None and found.path == new_path
    assert found.race is not None and found.race.state == new.state
    saved = datetime.fromtimestamp(new_path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    assert found.summary() == (
        f"Oval: Ann, Ben, round {new.state.round}, turn {new.state.turn} (saved {saved})"
    )
    # A damaged newest save is skipped here (the app offers only what loads) ...
    new_path.write_text(new_path.read_text()[:-40])
    found = saves.latest_unfinished()
    assert found is not None and found.path == old_path
    # ... and listed with its reason.
    listed = {info.path: info for info in saves.list_saves()}
    assert listed[new_path].error is not None and "line" in listed[new_path].error
    assert listed[saves.save_path(done)].finished  # type: ignore[index]


def test_resume_continues_exactly_where_it_stopped(home: Path) -> None:
    race = new_race(11, names=("Ann", "Ben", "Cy"))
    while not (race.state.phase is Phase.PLACING and len(race.state.path) >= 2
               and race.state.turn >= 4):
        race = advance(race, 1)
    path = saves.save_path(race)
    saves._slots.clear()  # a new process
    resumed, where = resume.prepare(None)
    assert where == path
    assert resumed.state == race.state
    assert resumed.state.roll == race.state.roll  # same dice
    assert resumed.state.path == race.state.path  # same placed tokens
    assert resumed.state.tiles == race.state.tiles  # same tiles left
    assert resumed.pending == race.pending and resumed.turns == race.turns
    # It goes on in the same file, rolling the dice the uninterrupted race rolls.
    uninterrupted = to_the_end(race, save=False)
    resumed_end = to_the_end(resumed)
    assert resumed_end.lines() == uninterrupted.lines()
    assert path is not None and not path.exists()
    (kept,) = read_records(home / "history" / path.name)
    assert kept.lines() == uninterrupted.lines()


def test_resume_with_nothing_saved(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    assert main(["resume"]) == 2
    assert capsys.readouterr().err == (
        f"monza: no unfinished race in {home / 'saves'}; monza play starts one\n"
    )


@pytest.mark.parametrize(
    "damage, reason",
    [
        (lambda text: text[: len(text) // 2], "not JSON"),
        (lambda text: text.replace('"version": 1', '"version": 9', 1), "version: 9 is newer"),
        (lambda text: text.replace('"seed": 5', '"seed": 6', 1), "not the dice of seed 6"),
        (lambda text: "\x00\xff" + text, "not a monza game record"),
    ],
    ids=["truncated", "newer", "edited", "garbage"],
)
def test_resume_refuses_a_damaged_save_in_one_line_and_leaves_it(
    damage: Any, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    race = advance(new_race(5), 60)
    path = saves.save_path(race)
    assert path is not None
    path.write_text(damage(path.read_text()))
    before = path.read_bytes()
    assert main(["resume"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"monza: {path}: line ") and reason in err, err
    assert err.endswith("(monza resume FILE continues another save; monza saves lists them)\n")
    assert err.count("\n") == 1
    assert path.read_bytes() == before


def test_resume_file_of_a_finished_race(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    race = to_the_end(advance(new_race(8), 1))
    path = saves.save_path(race)
    assert main(["resume", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"monza: {path}: that race is over; monza replay {path} steps through it\n"
    )


def test_resume_file_elsewhere_never_writes_that_file(home: Path, tmp_path: Path) -> None:
    race = advance(new_race(12), 30, save=False)
    mine = tmp_path / "shared.jsonl"
    write_records(mine, [race], save=True)
    before = mine.read_bytes()
    resumed, where = resume.prepare(str(mine))
    assert where == mine and resumed.state == race.state
    more = advance(resumed, 3)
    assert mine.read_bytes() == before
    copy = saves.save_path(more)
    assert copy is not None and copy.parent == home / "saves"


def test_resume_command_opens_the_app_on_the_race(monkeypatch: pytest.MonkeyPatch) -> None:
    race = advance(new_race(13), 25)
    path = saves.save_path(race)
    saves._slots.clear()  # a new process
    opened: list[Race] = []

    class FakeApp:
        def __init__(self, *args: Any, race: Race | None = None, **kwargs: Any) -> None:
            assert race is not None
            opened.append(race)

        def run(self) -> None:
            pass

    import monza_tui.app.app

    monkeypatch.setattr(monza_tui.app.app, "MonzaApp", FakeApp)
    assert main(["resume"]) == 0
    assert opened[0].state == race.state
    assert path is not None and saves.save_path(opened[0]) == path  # goes on in that file


# Tidying and listing ------------------------------------------------------------------


def test_tidy_completes_an_interrupted_move_and_removes_stale_temp_files(home: Path) -> None:
    race = to_the_end(advance(new_race(4), 1))
    final = saves.save_path(race)
    assert final is not None
    # As if killed after writing the history but before removing the save:
    stray = home / "saves" / final.name
    write_records(stray, [race], save=True)
    old_temp = home / "saves" / f".{final.name}.abc.tmp"
    young_temp = home / "saves" / f".{final.name}.def.tmp"
    old_temp.write_text("{")
    young_temp.write_text("{")
    _age(old_temp, 2 * saves.STALE_TEMP_SECONDS)
    assert saves.save_files() == [final]  # listed once
    assert saves.latest_unfinished() is None
    saves.tidy()
    assert not stray.exists() and not old_temp.exists() and young_temp.exists()
    assert final.exists()


def test_saves_command_lists_board_players_round_date_and_status(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["saves"]) == 0
    assert "No saved races yet" in capsys.readouterr().out
    going = advance(new_race(21, names=("Ann", "Ben")), 30)
    done = to_the_end(advance(new_race(22, board="classic", names=("Cy", "Di")), 1))
    broken = advance(new_race(23), 10)
    bad = saves.save_path(broken)
    assert bad is not None
    bad.write_text('{"record": "monza-game", "version": 7}\n')
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if "│" in line]
    going_row = next(r for r in rows if "Ann" in r)
    assert "Oval" in going_row and "Ben" in going_row  # the title, in the player's language
    assert f"in progress, turn {going.state.turn}" in going_row
    cells = [cell.strip() for cell in going_row.split("│")]
    assert str(going.state.round) in cells
    done_row = next(r for r in rows if "Cy" in r)
    winners = ", ".join(done.players[p].name for p in done.state.winners())
    assert "Classic" in done_row and f"finished, won by {winners}" in done_row
    bad_row = next(r for r in rows if "damaged" in r)
    assert "damaged: line 1: version: 7 is newer than this monza-tui reads" in bad_row
    # The file names follow the table, one per line, whole, numbered as the rows.
    number = bad_row.split("│")[1].strip()
    assert f"{number} {bad}" in [line.strip() for line in out.splitlines()]
    assert datetime.now().strftime("%Y-%m-%d") in going_row
    assert "monza resume continues" in out


# In the app ---------------------------------------------------------------------------


def run_async(test: Any) -> Any:
    """Run an async test with asyncio (no pytest async plugin is installed)."""
    import asyncio
    import functools

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return wrapper


@run_async
async def test_the_app_saves_every_action_and_resizes_keep_the_race(home: Path) -> None:
    from monza_tui.app.app import MonzaApp
    from monza_tui.app.board_view import BoardView
    from monza_tui.race.scene import scene_from_state

    players = [Player("Ann", Colour.RED), Player("Ben", Colour.BLUE)]
    race = Race.start(load_board("oval"), players, seed=41, pro=True, bonus=True)
    app = MonzaApp(race=race, bot_delay=0, animation_delay=0)
    sizes = [(80, 24), (200, 60), (40, 12), (150, 45)]
    async with app.run_test(size=(150, 45)) as pilot:
        await pilot.pause()
        for step in range(21):
            now = app.race
            assert now is not None
            state = now.state
            if state.is_chance():
                assert app.host.roll()
            else:
                rng = random.Random(f"app/{step}")
                assert app.host.act(rng.choice(state.legal_actions()))
            await pilot.pause()
            now = app.race
            assert now is not None
            path = saves.save_path(now)
            assert path is not None
            (back,) = read_records(path)
            assert back.state == now.state and back.pending == now.pending
            if step % 5 == 3:
                await pilot.resize_terminal(*sizes[(step // 5) % len(sizes)])
                await pilot.pause()
                assert app.race is now  # a resize changes nothing of the race ...
                if app.screen.query(BoardView):  # ... and the board still shows it
                    shown = app.screen.query_one(BoardView).scene.cars
                    assert dict(shown) == dict(scene_from_state(now.state).cars)
        final = app.race
    assert final is not None
    saves._slots.clear()
    resumed, _ = resume.prepare(None)
    assert resumed.state == final.state and resumed.pending == final.pending


def test_the_race_offered_at_start_up_goes_on_in_its_own_file(home: Path) -> None:
    race = advance(new_race(51), 15)
    path = saves.save_path(race)
    saves._slots.clear()  # a new process: monza play asks for the latest unfinished race
    found = saves.latest_unfinished()
    assert found is not None and found.race is not None and found.path == path
    more = advance(found.race, 5)
    assert saves.save_path(more) == path
    assert [p.name for p in (home / "saves").iterdir()] == [path.name]  # type: ignore[union-attr]


def test_replay_takes_the_number_monza_saves_shows_and_latest_is_the_newest_finished(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from monza_tui.commands.replay import resolve
    from monza_tui.errors import UserError

    with pytest.raises(UserError) as nothing:
        resolve("latest")
    assert "latest: no saved race yet" in str(nothing.value)
    unfinished = advance(new_race(1), 5)
    # Only an unfinished race: latest is that one.
    assert resolve("latest") == saves.save_path(unfinished)
    finished = to_the_end(advance(new_race(2), 5))
    time.sleep(0.01)
    newer = advance(new_race(3), 5)  # saved after the finished race
    shown = saves.save_files()
    assert main(["saves"]) == 0
    listing = capsys.readouterr().out
    for number, path in enumerate(shown, start=1):
        assert f"{number:>3} {path}" in listing  # the numbers monza saves shows
        assert resolve(str(number)) == path
    # latest: the newest finished race, though an unfinished one was saved after it.
    assert resolve("latest") == saves.save_path(finished) != saves.save_path(newer)
    with pytest.raises(UserError) as beyond:
        resolve(str(len(shown) + 1))
    assert str(beyond.value) == (
        f"no saved race numbered {len(shown) + 1}: monza saves numbers them 1 to {len(shown)}")

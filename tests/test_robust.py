"""Issue 10, "nothing lost, ever": one regression test per point, through the real commands
in subprocesses where the point is about the process (exit status, hangs, devices, two
processes). Every subprocess has a timeout: a hang fails the test instead of the run."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from monza_tui import saves
from monza_tui.boardfile import BoardFileError, load_board
from monza_tui.engine import Colour, GameConfigError, Place, TakeBack
from monza_tui.errors import MAX_MESSAGE_CHARS, UserError
from monza_tui.limits import MAX_PENDING_ACTIONS, name_problem
from monza_tui.record import LazyRaces, Player, Race, RecordError, read_records, write_records
from monza_tui.record import reader as record_reader

TIMEOUT = 60


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("MONZA_HOME", str(folder))
    saves._slots.clear()
    yield folder
    for path in list(saves._locks):
        saves.unlock(path)
    saves._slots.clear()


def monza(*args: str, home: Path, stdin: int | None = subprocess.DEVNULL,
          cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The real ``monza`` command in a new process, with a timeout (a hang is a failure)."""
    env = {**os.environ, "MONZA_HOME": str(home), "COLUMNS": "80"}
    return subprocess.run(
        [sys.executable, "-m", "monza_tui.cli", *args],
        stdin=stdin, capture_output=True, text=True, timeout=TIMEOUT, env=env, cwd=cwd,
    )


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    """The single error line of a refused command (status 2, nothing on stdout)."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def new_race(seed: int = 1, names: tuple[str, ...] = ("Ann", "Ben")) -> Race:
    colours = (Colour.RED, Colour.BLUE, Colour.GREEN)
    players = [Player(name, colours[i]) for i, name in enumerate(names)]
    return Race.start(load_board("oval"), players, seed=seed)


def placing(race: Race) -> Race:
    """The race once the dice are rolled and a die fits."""
    while not any(isinstance(a, Place) for a in race.state.legal_actions()):
        race = race.roll() if race.state.is_chance() else race.apply(race.state.legal_actions()[0])
    return race


# 1. A normal turn makes a save that loads ----------------------------------------------------


def test_placing_and_taking_back_32_times_makes_a_save_that_loads(home: Path) -> None:
    race = placing(new_race(3))
    place = next(a for a in race.state.legal_actions() if isinstance(a, Place))
    for _ in range(40):
        race = race.apply(place).apply(TakeBack())
        saves.autosave(race)
    race = race.apply(place)
    path = saves.autosave(race)
    assert path is not None
    assert len(race.pending) <= MAX_PENDING_ACTIONS
    (back,) = read_records(path)
    assert back.state == race.state and back.pending == race.pending
    assert one_line_ok(monza("replay", str(path), "--check", home=home))


def one_line_ok(result: subprocess.CompletedProcess[str]) -> bool:
    assert result.returncode == 0, result.stderr
    return result.stdout.startswith("ok: 1 race")


def test_the_writer_refuses_what_the_reader_would(monkeypatch: pytest.MonkeyPatch) -> None:
    from monza_tui.record import race as record_race

    monkeypatch.setattr(record_race, "MAX_PENDING_ACTIONS", 1)
    race = placing(new_race(3))
    race = race.apply(next(a for a in race.state.legal_actions() if isinstance(a, Place)))
    with pytest.raises(RecordError, match="at most 1"):
        record_race.record_text([race], save=True)


# 2. Names: one check at every entrance ---------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["Ann\tX", "Ann\x1b[2J", "A\u202eB", "Ann\n", " Ann", "", "x" * 41]
)
def test_a_bad_name_is_refused_at_every_entrance(name: str, home: Path) -> None:
    assert name_problem(name) is not None
    with pytest.raises(GameConfigError):  # the race itself
        new_race(1, (name, "Ben"))
    from monza_tui.race.setup import RaceSetup, Seat, start_race

    setup = RaceSetup(seats=(Seat(name, Colour.RED), Seat("Ben", Colour.BLUE)))
    if name.strip() == name or not name.strip():  # the set-up screen strips spaces
        with pytest.raises(UserError):  # the set-up screen and the flags
            start_race(setup)
    text = json.dumps({"record": "monza-game", "version": 1, "board": "oval",
                       "edition": "anniversary", "variants": {"pro": False, "bonus": False},
                       "seed": 1, "start_player": 0,
                       "players": [{"name": name, "car": "red"}, {"name": "Ben", "car": "blue"}]})
    record = home.parent / "r.jsonl"
    record.write_text(text + "\n")
    with pytest.raises(RecordError, match=r"players\.0\.name"):
        read_records(record)


def test_the_play_flags_refuse_a_name_with_a_tab() -> None:
    import argparse

    from monza_tui.commands.play import add_arguments, make_app

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    with pytest.raises(UserError, match="no control characters"):
        make_app(parser.parse_args(["--player", "Ann\tX", "--player", "Ben"]))


# 3. --log never replaces a special file ------------------------------------------------------


def test_log_refuses_a_fifo_and_a_symlink(tmp_path: Path, home: Path) -> None:
    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    target = tmp_path / "target.jsonl"
    target.write_text("keep\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    for path, kind in ((fifo, "a FIFO"), (link, "a symbolic link")):
        line = one_line(monza("simulate", "--games", "2", "--jobs", "1", "--log", str(path),
                              home=home))
        assert kind in line and "not a regular file" in line
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert link.is_symlink() and target.read_text() == "keep\n"


@pytest.mark.skipif(os.geteuid() != 0, reason="creating a device node needs root")
def test_log_never_replaces_a_device(tmp_path: Path, home: Path) -> None:
    device = tmp_path / "null"
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # our own /dev/null node
    line = one_line(monza("simulate", "--games", "2", "--jobs", "1", "--log", str(device),
                          home=home))
    assert "a device, not a regular file" in line
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_no_write_replaces_a_special_file(tmp_path: Path) -> None:
    fifo = tmp_path / "save.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        write_records(fifo, [new_race()])
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


# 4. A crash exits non-zero ---------------------------------------------------------------------


def test_a_crash_in_the_app_exits_non_zero() -> None:
    from functools import partial

    from textual.app import App

    from monza_tui.commands.play import run_app

    class Crashing(App[None]):
        def on_mount(self) -> None:
            raise RuntimeError("boom")

    app = Crashing()
    app.run = partial(App.run, app, headless=True)  # type: ignore[method-assign]
    assert run_app(app) == 1


# 5. The reader applies the limits of monza play ---------------------------------------------


def _header(**changes: object) -> dict[str, object]:
    header: dict[str, object] = {
        "record": "monza-game", "version": 1, "board": "oval", "edition": "anniversary",
        "variants": {"pro": False, "bonus": False}, "seed": 1, "start_player": 0,
        "players": [{"name": "Ann", "car": "red"}, {"name": "Ben", "car": "blue"}],
    }
    header.update(changes)
    return header


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seed": int("9" * 301)}, "seed: less than 9223372036854775808"),
        ({"seed": 2**63}, "seed: less than"),
        ({"seed": -1}, "seed: at least 0"),
        ({"seed": True}, "seed: must be a whole number"),
        ({"seed": 1.0}, "seed: must be a whole number"),
        ({"version": "1"}, "version: must be a whole number"),
        ({"version": True}, "version: must be a whole number"),
        ({"players": [{"name": "Ann", "car": "red"}, {"name": "ann", "car": "blue"}]},
         "two players are called ann"),
    ],
)
def test_the_reader_applies_the_limits_of_play(
    changes: dict[str, object], message: str, tmp_path: Path, home: Path
) -> None:
    record = tmp_path / "r.jsonl"
    record.write_text(json.dumps(_header(**changes)) + "\n")
    line = one_line(monza("replay", str(record), "--check", home=home))
    assert message in line
    assert len(line) <= MAX_MESSAGE_CHARS + len("monza: ")


def test_a_board_called_oval_that_is_not_the_oval_is_refused(tmp_path: Path) -> None:
    definition = dict(load_board("oval").definition)
    definition["title"] = "My oval"
    record = tmp_path / "r.jsonl"
    record.write_text(json.dumps(_header(board_file=definition)) + "\n")
    with pytest.raises(RecordError, match="built-in board's name"):
        read_records(record)
    text = (Path(__file__).parent.parent / "src/monza_tui/boards/oval.toml").read_text()
    copy = tmp_path / "copy.toml"
    copy.write_text(text)
    assert load_board(str(copy)).definition == load_board("oval").definition  # a true copy
    copy.write_text(text.replace('title = "Oval"', 'title = "My oval"'))
    with pytest.raises(BoardFileError, match="built-in board's name"):
        load_board(str(copy))
    # A record carrying an exact copy of the oval is the oval.
    record.write_text(json.dumps(_header(board_file=load_board("oval").definition)) + "\n")
    (race,) = read_records(record)
    assert race.board_file.builtin


# 6. The quit dialog says what is true ---------------------------------------------------------


def test_quit_when_saving_fails_says_so_and_writes_the_race_elsewhere(
    tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    asyncio.run(_quit_when_saving_fails(tmp_path, home, monkeypatch))


async def _quit_when_saving_fails(
    tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from monza_tui.app.app import MonzaApp

    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("not a folder")  # MONZA_HOME unusable: every save fails
    rescue = tmp_path / "here"
    rescue.mkdir()
    monkeypatch.chdir(rescue)
    app = MonzaApp(race=new_race(5), bot_delay=0, animation_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.host.roll()
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        question = str(app.screen.query_one("#question").render())
        assert "NOT saved" in question and str(rescue) in question
        assert "It is saved" not in question
        await pilot.press("y")
        await pilot.pause()
    (written,) = rescue.glob("monza-race-*.jsonl")
    (back,) = read_records(written)
    assert back.state == app.race.state  # type: ignore[union-attr]


# 7. Two games never share a file -------------------------------------------------------------


def test_same_board_same_seed_same_second_never_share_a_file(home: Path) -> None:
    from datetime import datetime

    now = datetime(2026, 1, 2, 3, 4, 5)
    one = saves.new_save_path(new_race(9), now=now)
    two = saves.new_save_path(new_race(9), now=now)  # the first is not written yet
    assert one != two
    code = (
        "import sys; from datetime import datetime; from monza_tui import saves; "
        "from tests.test_robust import new_race; "
        "print(saves.new_save_path(new_race(9), now=datetime(2026, 1, 2, 3, 4, 5)).name)"
    )
    env = {**os.environ, "MONZA_HOME": str(home)}
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           timeout=TIMEOUT, env=env, cwd=Path(__file__).parent.parent)
    assert other.returncode == 0, other.stderr
    assert other.stdout.strip() not in (one.name, two.name)


def test_a_second_resume_of_the_same_save_is_refused(home: Path) -> None:
    race = placing(new_race(11))
    path = saves.autosave(race)  # this process plays it, and holds its lock
    assert path is not None
    line = one_line(monza("resume", str(path), home=home, stdin=None))
    assert "open in another monza (pid " + str(os.getpid()) + ")" in line
    line = one_line(monza("resume", home=home, stdin=None))
    assert "open in another monza" in line


def test_a_lock_left_by_a_dead_process_is_taken_over(home: Path) -> None:
    race = placing(new_race(12))
    path = saves.autosave(race)
    assert path is not None
    saves.forget(race)
    dead = subprocess.run([sys.executable, "-c", "pass"], timeout=TIMEOUT)
    assert dead.returncode == 0
    saves.lock_path(path).write_text("")  # a lock file nobody holds
    saves.pid_path(path).write_text("999999\n")  # and the pid of its dead holder
    saves.lock(path)  # taken over, no error
    assert saves.holder(path) == str(os.getpid())


# 8 and 9. Reading is linear, bounded, line by line ---------------------------------------------


def test_more_races_than_the_limit_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(record_reader, "MAX_RACES_PER_FILE", 3)
    record = tmp_path / "r.jsonl"
    record.write_text((json.dumps(_header()) + "\n") * 5)
    with pytest.raises(RecordError, match=r"line 4: more than 3 races in one file; no record"):
        read_records(record)


def test_more_turns_than_the_limit_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    race = new_race(4)
    while len(race.turns) < 4:
        race = race.roll() if race.state.is_chance() else race.apply(
            next(a for a in race.state.legal_actions() if not isinstance(a, TakeBack)))
    record = tmp_path / "r.jsonl"
    write_records(record, [race])
    monkeypatch.setattr(record_reader, "MAX_TURNS_PER_RACE", 3)
    with pytest.raises(RecordError, match=r"line 5: more than 3 turns in one race; no real"):
        read_records(record)


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path, home: Path) -> None:
    big = tmp_path / "big.jsonl"
    with big.open("wb") as handle:  # sparse: no disk space used
        handle.truncate(257 * 2**20)
    assert "larger than 256 MiB" in one_line(monza("replay", str(big), "--check", home=home))


def test_junk_stops_at_the_first_bad_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.jsonl"
    junk.write_bytes(b"x" * 100 + b"\n" + b"{" * (8 * 2**20))
    with pytest.raises(RecordError, match=r"line 1: not a monza game record"):
        read_records(junk)
    long = tmp_path / "long.jsonl"
    long.write_bytes(b"a" * (2**20))
    with pytest.raises(RecordError, match=r"line 1: longer than 65536 characters"):
        read_records(long)


def test_a_long_record_opens_one_race_at_a_time(tmp_path: Path) -> None:
    races = []
    for seed in range(12):
        race = new_race(seed)
        for _ in range(30):
            race = race.roll() if race.state.is_chance() else race.apply(
                race.state.legal_actions()[-1])
        races.append(race)
    record = tmp_path / "many.jsonl"
    write_records(record, races)
    lazy = LazyRaces(record)
    everything = read_records(record)
    assert len(lazy) == 12
    for index in (7, 0, 11, 3):
        assert lazy[index].turns == everything[index].turns
        assert lazy[index].state == everything[index].state


# 10. Whatever boards check accepts plays smoothly ---------------------------------------------


def _board(lanes: int, spaces: int, length: int) -> str:
    lane = " ".join(["S2", *(f"{'RBGYPW'[i % 6]}{length}" for i in range(spaces - 2)), "F2"])
    total = (spaces - 2) * length + 2
    east = total // 4
    legs = [f"E{east}", f"S{total // 2 - east}", f"W{east}", f"N{total // 2 - east}"]
    rows = ",\n".join(f'  "{lane}"' for _ in range(lanes))
    return (f'name = "big"\nfinish_colour = "white"\nlanes = [\n{rows}\n]\n'
            f"[shape]\nloop = true\nlegs = {json.dumps(legs)}\n")


def test_board_limits(tmp_path: Path, home: Path) -> None:
    board = tmp_path / "b.toml"
    board.write_text(_board(6, 100, 2))  # the largest accepted: 6 lanes, 100 spaces, 198 units
    result = monza("boards", "check", str(board), home=home)
    assert result.returncode == 0, result.stderr
    board.write_text(_board(6, 101, 1))
    assert "a lane has at most 100 spaces" in one_line(monza("boards", "check", str(board),
                                                               home=home))
    board.write_text(_board(3, 60, 9))
    assert "track units long; a board has at most 200" in one_line(
        monza("boards", "check", str(board), home=home))


# 11. A FIFO as input ------------------------------------------------------------------------------


def test_a_fifo_as_input_is_refused_not_waited_for(tmp_path: Path, home: Path) -> None:
    fifo = tmp_path / "f.jsonl"
    os.mkfifo(fifo)
    assert "a FIFO, not a regular file" in one_line(monza("replay", str(fifo), "--check",
                                                          home=home))
    toml = tmp_path / "f.toml"
    os.mkfifo(toml)
    assert "a FIFO, not a regular file" in one_line(monza("boards", "check", str(toml),
                                                          home=home))


# 12. Command-line values -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "--bot-delay", "nan"), "give 0 to 60 seconds"),
        (("play", "--bot-delay", "inf"), "give 0 to 60 seconds"),
        (("resume", "--bot-delay", "-1"), "give 0 to 60 seconds"),
        (("play", "--seed", str(2**63)), "from 0 to 9,223,372,036,854,775,807"),
        (("simulate", "--games", "1000000000000"), "from 1 to 1,000,000"),
        (("simulate", "--jobs", "1000"), "from 1 to 64"),
        (("simulate", "--games", "20000", "--log", "x.jsonl"), "at most 10,000 races"),
        (("boards", "check"), "monza boards check needs a board name or file"),
        (("replay", "", "--check"), "an empty file name"),
        (("boards", "check", ""), "an empty file name"),
    ],
)
def test_command_line_values_are_bounded(args: tuple[str, ...], message: str, home: Path,
                                         tmp_path: Path) -> None:
    assert message in one_line(monza(*args, home=home, cwd=tmp_path))
    assert not (tmp_path / "x.jsonl").exists()


def test_help_states_the_bounds(home: Path) -> None:
    text = monza("simulate", "--help", home=home).stdout
    assert "1 to 1,000,000" in text and "1 to 64" in text
    assert "0 to 60" in monza("play", "--help", home=home).stdout


def test_error_lines_cut_long_echoes(tmp_path: Path, home: Path) -> None:
    record = tmp_path / "r.jsonl"
    record.write_text(json.dumps(_header(record="x" * 60_000)) + "\n")
    line = one_line(monza("replay", str(record), "--check", home=home))
    assert "is not a monza game record" in line and len(line) < 200


# 13. File names printed escaped, never folded ---------------------------------------------------


def test_saves_shows_file_names_escaped_and_whole(home: Path) -> None:
    race = placing(new_race(21))
    path = saves.autosave(race)
    assert path is not None
    saves.forget(race)
    evil = path.with_name("\x1b]0;owned\x07\x1b[2J" + "x" * 90 + ".jsonl")
    path.rename(evil)
    out = monza("saves", home=home).stdout
    assert "\x1b" not in out and "\x07" not in out
    name = "\\x1b]0;owned\\x07\\x1b[2J" + "x" * 90 + ".jsonl"
    assert any(line.strip() == f"1 {home / 'saves'}/{name}" for line in out.splitlines()), out


# 14. monza play without a terminal ----------------------------------------------------------


def test_play_without_a_terminal_is_one_line(home: Path, tmp_path: Path) -> None:
    line = one_line(monza("play", "--seed", "1", home=home))
    assert "monza play needs a terminal: stdin is not one; run it in a terminal" in line
    record = tmp_path / "r.jsonl"
    write_records(record, [new_race()])
    assert "monza replay needs a terminal" in one_line(monza("replay", str(record), home=home))


# The property: every save the game writes loads again and resumes to the same state --------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ODD_NAMES = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"),
                  blacklist_characters="\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"),
    min_size=1, max_size=40,
).filter(lambda name: name == name.strip() and bool(name.strip()))


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(names=st.lists(ODD_NAMES, min_size=2, max_size=3,
                      unique_by=lambda name: name.casefold()),
       seed=st.integers(0, 2**63 - 1), data=st.data())
def test_every_save_loads_and_resumes_to_the_same_state(
    names: list[str], seed: int, data: st.DataObject, home: Path
) -> None:
    saves._slots.clear()
    colours = (Colour.RED, Colour.BLUE, Colour.GREEN)
    players = [Player(name, colours[i]) for i, name in enumerate(names)]
    race = Race.start(load_board("oval"), players, seed=seed, pro=True, bonus=True)
    for _ in range(60):
        if race.state.is_terminal():
            break
        if race.state.is_chance():
            race = race.roll()
        else:
            legal = race.state.legal_actions()
            places = [a for a in legal if isinstance(a, Place)]
            if places and data.draw(st.booleans()):
                # A long take-back sequence: place and take back, many times over.
                place = data.draw(st.sampled_from(places))
                for _ in range(data.draw(st.integers(1, 40))):
                    race = race.apply(place).apply(TakeBack())
            legal = [a for a in legal if not isinstance(a, TakeBack)]
            race = race.apply(data.draw(st.sampled_from(legal)))
        path = saves.autosave(race)
        assert path is not None
        (back,) = read_records(path)
        assert back.state == race.state and back.pending == race.pending
        assert back.turns == race.turns and [p.name for p in back.players] == names
    saves.forget(race)

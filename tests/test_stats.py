"""Standings from golden records (tests/data/stats: seeded bot races, a shared win on the
mini board, a truncated record and a file that is no record), the SQLite index kept true
to the records, the evening's points, and ``monza stats`` (golden output, JSON, errors)."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from monza_tui import stats
from monza_tui.cli import main
from monza_tui.engine import Colour
from monza_tui.race.setup import RaceSetup, Seat
from monza_tui.stats import evening
from monza_tui.stats.index import INDEX, scan_indexed
from monza_tui.stats.results import scan_folder
from monza_tui.stats.standings import champions, standings

DATA = Path(__file__).parent / "data" / "stats"
GOLDEN = Path(__file__).parent / "data" / "stats-golden.txt"
START = 1.6e9


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder whose history holds the golden records, finished a minute apart in
    the order of their names."""
    folder = tmp_path / "home"
    monkeypatch.setenv("MONZA_HOME", str(folder))
    history = folder / "history"
    history.mkdir(parents=True)
    for index, source in enumerate(sorted(DATA.glob("*.jsonl"))):
        target = history / source.name
        shutil.copyfile(source, target)
        os.utime(target, (START + 60 * index, START + 60 * index))
    return folder


def rows(board: str, indexed: bool = True) -> list[tuple[str, int, int, int, float, int | None]]:
    tables = standings(stats.history(indexed=indexed).results, board)
    assert len(tables) == 1
    return [(r.name, r.races, r.wins, r.shared, round(r.share, 3), r.best) for r in tables[0].rows]


OVAL = [
    ("Ben", 4, 3, 0, 0.75, 2),
    ("Ann", 3, 2, 0, 0.667, 2),
    ("Eve", 6, 2, 0, 0.333, 1),
    ("Dee", 6, 1, 0, 0.167, 1),
    ("Cy", 4, 0, 0, 0.0, None),
]
LONG = [
    ("Cy", 1, 1, 0, 1.0, 1),
    ("Ben", 1, 1, 0, 1.0, 3),
    ("Dee", 2, 1, 0, 0.5, 1),
    ("Ann", 4, 1, 0, 0.25, 1),
    ("Eve", 1, 0, 0, 0.0, None),
]
MINI = [  # R11: P1 and P4 reached the finish with one die each and share the win
    ("P1", 1, 0, 1, 1.0, 1),
    ("P4", 1, 0, 1, 1.0, 1),
    ("P2", 1, 0, 0, 0.0, None),
    ("P3", 1, 0, 0, 0.0, None),
]


@pytest.mark.parametrize("indexed", [False, True])
def test_standings_of_the_golden_records(home: Path, indexed: bool) -> None:
    assert rows("oval", indexed) == OVAL
    assert rows("long", indexed) == LONG
    assert rows("mini", indexed) == MINI
    scan = stats.history(indexed=indexed)
    assert len(scan.results) == 13
    assert [name for name, _ in scan.skipped] == ["race-00012-damaged.jsonl",
                                                 "race-00013-junk.jsonl"]
    assert "line 9: not JSON" in scan.skipped[0][1]
    # The most recent finished race (race 11 on the oval) was won by Ann alone.
    assert champions(scan.results) == ("Ann",)
    assert [t.board for t in standings(scan.results)] == ["oval", "long", "mini"]


def test_the_champions_of_a_shared_win_are_both(home: Path) -> None:
    newest = home / "history" / "race-00011-mini-shared.jsonl"
    os.utime(newest, (START + 3600, START + 3600))
    assert champions(stats.history().results) == ("P1", "P4")


def test_the_index_follows_the_records(home: Path) -> None:
    history, index = home / "history", home / INDEX
    first = scan_indexed(history, index)
    assert index.exists()
    with sqlite3.connect(index) as db:
        assert db.execute("SELECT count(*) FROM files").fetchone()[0] == 15
        assert db.execute("SELECT count(*) FROM results").fetchone()[0] == 13
    # A record gone is gone from the standings; a record changed is read again.
    (history / "race-00000-oval.jsonl").unlink()
    ben = next(r for r in standings(scan_indexed(history, index).results, "oval")[0].rows
           if r.name == "Ben")
    assert (ben.races, ben.wins) == (3, 2)
    shutil.copyfile(DATA / "race-00000-oval.jsonl", history / "race-00000-oval.jsonl")
    assert sorted(scan_indexed(history, index).results, key=lambda r: r.when)[-1].names == (
        "Eve", "Ben")  # copied now: the newest file
    # A damaged index is thrown away and rebuilt from the records.
    index.write_bytes(b"this is no database" * 100)
    again = scan_indexed(history, index)
    assert len(again.results) == len(first.results)
    assert len(again.skipped) == 2


def test_reading_with_and_without_the_index_agree(home: Path) -> None:
    history = home / "history"
    plain, indexed = scan_folder(history), scan_indexed(history, home / INDEX)
    assert sorted(plain.results, key=lambda r: r.when) == sorted(
        indexed.results, key=lambda r: r.when)
    assert plain.skipped == indexed.skipped


def test_an_unreadable_history_is_no_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path / "nothing"))
    scan = stats.history()
    assert scan.results == () and scan.skipped == ()
    history = tmp_path / "nothing" / "history"
    history.mkdir(parents=True)
    (history / "a-folder.jsonl").mkdir()
    (history / "empty.jsonl").write_text("")
    (history / "binary.jsonl").write_bytes(b"\xff\xfe\x00" * 10)
    scan = stats.history()
    assert scan.results == ()
    assert [name for name, _ in scan.skipped] == ["binary.jsonl", "empty.jsonl"]


# Points of an evening -------------------------------------------------------------------


def test_points_are_the_cars_less_the_place(home: Path) -> None:
    by_name = {r.names: r for r in stats.history().results}
    four = by_name[("Eve", "Ann", "Cy", "Dee")]  # Ann won; Dee 2nd, Cy 3rd on the board
    assert four.places == (4, 1, 3, 2)
    assert [four.points(p) for p in range(4)] == [0, 3, 1, 2]
    shared = by_name[("P1", "P2", "P3", "P4")]
    assert shared.places == (1, 4, 3, 1)
    assert [shared.points(p) for p in range(4)] == [3, 0, 1, 3]  # a shared win: 3 each


def test_an_evening_table_adds_its_races(home: Path) -> None:
    seats = (Seat("Ann", Colour.RED), Seat("Dee", Colour.BLUE), Seat("Eve", Colour.GREEN))
    night = evening.Evening(RaceSetup(seats=seats), 3,
                            ("race-00011-oval.jsonl", "race-00005-long.jsonl"))
    scores = evening.table(night)
    # Race 11: Ann 2, Dee 1, Eve 0; race 5 (Eve, Dee, Ann): Ann 2, Eve 1, Dee 0.
    assert [(s.name, s.points, s.wins, s.last, s.place) for s in scores] == [
        ("Ann", 4, 2, 2, 1), ("Dee", 1, 0, 0, 2), ("Eve", 1, 0, 1, 2)]
    assert night.number == 3 and not night.over
    assert night.next_setup().start_player == 2  # one seat on per race played (R3)


def test_the_evening_file_round_trips_and_a_bad_one_is_ignored(home: Path) -> None:
    seats = (Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE))
    night = evening.begin(RaceSetup(seats=seats, pro=True), 3, 41)
    assert evening.load() == night
    assert night.owns(("ann", "Ben"), 41) and not night.owns(("Ann", "Ben"), 42)
    night = evening.race_finished(night, "x.jsonl")
    night = evening.race_started(night, 43)
    assert evening.load() == night
    night = evening.race_finished(evening.race_finished(night, "y.jsonl"), "z.jsonl")
    assert night.over and evening.load() is None  # kept under championships/
    assert list((home / "championships").iterdir())
    (home / "championship.json").write_text('{"evening": "monza-championship", "races": 99}')
    assert evening.load() is None
    (home / "championship.json").write_bytes(b"\xff")
    assert evening.load() is None


# monza stats --------------------------------------------------------------------------------


def test_monza_stats_output(home: Path, capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    if os.environ.get("MONZA_UPDATE_GOLDEN"):
        GOLDEN.write_text(out, encoding="utf-8")
    assert out == GOLDEN.read_text(encoding="utf-8")


def test_monza_stats_json(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--board", "mini", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["champions"] == ["Ann"]
    assert data["skipped_records"] == 2
    assert [b["board"] for b in data["boards"]] == ["mini"]
    assert data["boards"][0]["players"][0] == {
        "name": "P1", "races": 1, "wins": 0, "shared_wins": 1, "win_share": 1.0,
        "fewest_dice": 1, "bot": False, "level": None}


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["stats", "--board", "moon"], "--board moon: no race on such a board (boards played: "
                                       "long, mini, oval)"),
        (["stats", "--board", " "], "--board needs a board's name"),
    ],
)
def test_monza_stats_bad_input(home: Path, capsys: pytest.CaptureFixture[str],
                               args: list[str], said: str) -> None:
    # A bad flag value is said as the other commands' are: by the command, with its --help.
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err == f"monza stats: {said} (see monza stats --help)\n"


def test_monza_stats_board_as_monza_play_takes_it(home: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # --board NAME|FILE, as monza play shows it: a board file stands for its board's name.
    metavars = []
    for command in ("play", "stats"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        usage = capsys.readouterr().out.split()
        metavars.append(usage[usage.index("[--board") + 1])
    assert metavars[0] == metavars[1]  # NAME|FILE in English
    mini = str(Path(__file__).parent / "data" / "mini.toml")
    assert main(["stats", "--board", mini, "--json"]) == 0
    by_file = json.loads(capsys.readouterr().out)
    assert main(["stats", "--board", "mini", "--json"]) == 0
    assert by_file == json.loads(capsys.readouterr().out)
    assert [b["board"] for b in by_file["boards"]] == ["mini"]


def test_monza_stats_unknown_flag(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["stats", "--boards"])
    assert stop.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_computer_driver_is_one_player_per_level_and_a_person_one_per_name() -> None:
    """"Bot 1" of one race and "Bot 1" of another are not one player: each computer
    driver's line is its level's, whatever its seat was called; people go by name."""
    from monza_tui.race.setup import seat_label
    from monza_tui.seats import SeatKind
    from monza_tui.stats.results import RaceResult
    from monza_tui.stats.words import row_name

    def race(when: float, names: tuple[str, ...], seats: tuple[str, ...],
             winner: int) -> RaceResult:
        places = tuple(1 if p == winner else 2 for p in range(len(names)))
        return RaceResult(board="oval", names=names, seats=seats, dice=(None,) * len(names),
                          winners=(winner,), places=places, when=when)

    results = [
        race(1, ("Ann", "Bot 1"), ("human", "expert"), 1),
        race(2, ("ann", "Bot 1"), ("human", "random"), 0),
        race(3, ("Ben", "Bot 2"), ("human", "expert"), 1),
    ]
    (table,) = standings(results)
    lines = {(row.level, row.name): (row.races, row.won) for row in table.rows}
    assert lines == {
        ("expert", "expert"): (2, 2),
        ("random", "random"): (1, 0),
        (None, "ann"): (2, 1),  # (the newest spelling)
        (None, "Ben"): (1, 0),
    }
    expert = next(row for row in table.rows if row.level == "expert")
    assert row_name(expert) == seat_label(SeatKind.EXPERT)

"""`monza play` flags: they fill in the set-up and skip the screen; bad ones are one line and
status 2 (never a traceback, never an app started)."""

from __future__ import annotations

import re

import pytest

from app.helpers import SPRINT, bot_name, said
from builders import B, G, P, R, W, Y
from monza_tui.boardfile import load_board
from monza_tui.cli import build_parser, main
from monza_tui.commands.play import make_app
from monza_tui.engine import Phase
from monza_tui.errors import UserError
from monza_tui.i18n import _, colour_name
from monza_tui.race.setup import (
    RaceSetup,
    Seat,
    check_seats,
    seats_from_flags,
    setup_of,
    start_index,
    start_race,
)


def player(n: int) -> str:
    return said("Player {n}", n=n)


def parse(*argv: str):  # type: ignore[no-untyped-def]
    return build_parser().parse_args(["play", *argv])


def test_flags_start_the_race_and_skip_the_setup() -> None:
    app = make_app(
        parse(
            "--board", "long", "--pro", "--bonus", "--player", "Ann", "--player", "Ben",
            "--player", "Cy", "--start-player", "Ben", "--seed", "7", "--bot", "greedy",
        )
    )
    race = app._first_race
    assert race is not None
    assert race.game.board.name == "long"
    assert (race.game.pro, race.game.bonus) == (True, True)
    assert [(p.name, p.car, p.seat) for p in race.players] == [
        ("Ann", R, "human"),
        ("Ben", B, "human"),
        ("Cy", G, "human"),
        (bot_name(1), Y, "greedy"),
    ]
    assert race.game.start_player == 1  # R3
    assert race.seed == 7
    assert race.state.phase is Phase.ROLL and race.state.player == 1


def test_no_race_flags_open_the_setup_with_defaults() -> None:
    app = make_app(parse("--seed", "9"))
    assert app._first_race is None
    assert app.setup == RaceSetup(seed=9)
    assert [s.name for s in app.setup.seats] == [player(1), player(2)]
    assert app.setup.board == "oval" and not app.setup.pro and not app.setup.bonus


def test_monza_alone_is_monza_play(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[object] = []
    monkeypatch.setattr("monza_tui.app.app.MonzaApp.run", lambda self: ran.append(self))
    assert main([]) == 0
    assert main(["--seed", "3"]) == 0
    first, second = ran
    # Both open the set-up screen (no race yet) with the defaults, the second seeded.
    assert first._first_race is None and first.setup.seed is None  # type: ignore[attr-defined]
    assert second.setup == RaceSetup(seed=3)  # type: ignore[attr-defined]


def test_bots_fill_seats_after_the_players() -> None:
    seats = seats_from_flags(["Ann"], ["random", "expert", "expert"])
    assert [(s.name, s.car, s.kind) for s in seats] == [
        ("Ann", R, "human"),
        (bot_name(1), B, "random"),
        (bot_name(2), G, "expert"),
        (bot_name(3), Y, "expert"),
    ]
    # No names with bots: one person against them.
    assert [s.name for s in seats_from_flags([], ["greedy"])] == [player(1), bot_name(1)]


def test_start_player_by_name_or_number() -> None:
    seats = seats_from_flags(["Ann", "Ben"], [])
    assert start_index(seats, None) == 0
    assert start_index(seats, "Ben") == 1
    assert start_index(seats, "2") == 1
    no_one = said("--start-player {who}: no such player (players: {names})", who="Zed",
                  names=_(", ").join(["Ann", "Ben"]))
    with pytest.raises(UserError, match=re.escape(no_one)):
        start_index(seats, "Zed")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--board", "nosuch"], "monza: nosuch: no such board; built in are oval, long, classic"),
        (["--player", "Ann", "--player", "ann"], "monza: two players are called ann"),
        (
            ["--player", "A", "--player", "B", "--player", "C", "--player", "D", "--player", "E"],
            "monza: the oval board races 2-4 cars, not 5",
        ),
        (["--player", "Solo"], "monza: the oval board races 2-4 cars, not 1"),
        (["--board", "classic", *["--bot", "random"] * 7],
         "monza: the classic board races 2-6 cars, not 8: you take the first seat yourself, "
         "so give at most 5 --bot"),
        (["--player", "Ann", "--player", "Ben", "--start-player", "Cy"],
         "monza: --start-player Cy: no such player (players: Ann, Ben)"),
        (["--player", " ", "--player", "Ben"], "monza: every player needs a name"),
        (["--board", "tests/app/data/no.toml"], "monza: tests/app/data/no.toml: cannot read"),
    ],
)
@pytest.mark.english_only("the command line's error lines word for word (their wording "
                           "tables: tests/test_wording.py)")
def test_bad_flags_are_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message)
    assert err.count("\n") == 1


@pytest.mark.english_only("argparse's own English error line")
def test_unknown_bot_level_is_refused_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--bot", "wizard"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'wizard'" in err and err.count("\n") == 1


def test_six_cars_on_classic_only() -> None:
    names = ["A", "B", "C", "D", "E", "F"]
    race = start_race(RaceSetup(board="classic", seats=seats_from_flags(names, [])))
    assert race.game.cars == (R, B, G, Y, P, W)  # R2
    no_car = said("the {board} board has no {car} car (R2)", board="oval",
                  car=colour_name(P))
    with pytest.raises(UserError, match=re.escape(no_car)):
        check_seats(load_board("oval"), (Seat("A", R), Seat("B", P)))


def test_a_board_file_and_the_rematch_setup() -> None:
    setup = RaceSetup(board=SPRINT, pro=True, seats=seats_from_flags(["Ann"], ["greedy"]), seed=4)
    race = start_race(setup)
    assert race.game.board.name == "sprint"
    again = setup_of(race)
    assert again == setup

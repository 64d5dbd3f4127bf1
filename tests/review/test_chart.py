"""The race chart (issue 32): its figures are the record's spaces to the finish, its marks
stand at the rounds the record says, and without colour every car is still named by its
letter on its line. The chart is read as text, the way a terminal without colour shows it."""

from __future__ import annotations

import io
import json
from itertools import pairwise
from pathlib import Path

import pytest
from rich.console import Console

from builders import action, board
from monza_tui.boardfile import BoardFile, Shape
from monza_tui.engine import Colour, parse_action
from monza_tui.i18n import colour_letter, colour_name
from monza_tui.race.narrate import steps_to_finish
from monza_tui.record import Player, Race, read_records
from monza_tui.review.chart import (
    PUSH_MARK,
    RULE_MARK,
    PushBack,
    course,
    draw,
    final_round_label,
)

GOLDEN = Path(__file__).parent.parent / "golden"


def plain(race: Race, width: int, height: int) -> list[str]:
    """The chart as a terminal under NO_COLOR shows it, one string a row."""
    out = io.StringIO()
    console = Console(file=out, width=width, no_color=True, color_system=None)
    for line in draw(course(race), width, height):
        console.print(line)
    return out.getvalue().split("\n")[:-1]


def _turn(race: Race, roll: str, *moves: str) -> Race:
    race = race.apply(parse_action(f"roll {roll}"))
    for move in (*moves, "go"):
        race = race.apply(action(race.state, move))
    return race


def pushed_race() -> Race:
    """Red and blue on one lane: blue passes red in round 1, red lands on blue in round 2
    and pushes it back to a1 (R8), red reaches the finish in round 3: the final round
    (R10), in which blue cannot move."""
    track = board("S2 W1 R1 G1 B1 Y1 P1 F2")
    players = [Player("Ann", Colour.RED), Player("Ben", Colour.BLUE)]
    race = Race.start(BoardFile(track, Shape(), "", "test"), players, seed=1)
    race = _turn(race, "WYYYYY", "W@a1")
    race = _turn(race, "WRYYYY", "W@a1", "R@a2")
    race = _turn(race, "RYYYYY", "R@a2")  # R8: blue from a2 back to a1
    race = _turn(race, "RGYYYY", "R@a2", "G@a3")
    race = _turn(race, "GBYPWW", "G@a3", "B@a4", "Y@a5", "P@a6", "W@finish")
    race = _turn(race, "RRRRRR")
    assert race.state.is_terminal()
    return race


def axis(lines: list[str]) -> tuple[int, list[int], str]:
    """The rounds' axis: its row, the columns where the rounds end, the numbers' row."""
    (row,) = [i for i, line in enumerate(lines) if "└" in line]
    ticks = [x for x, char in enumerate(lines[row]) if char in "└┴"]
    return row, ticks, lines[row + 1]


def round_under(lines: list[str], column: int) -> str:
    """The round whose stretch of the axis holds ``column``."""
    _row, ticks, numbers = axis(lines)
    for left, right in pairwise(ticks):
        if left < column <= right:
            return numbers[left + 1 : right + 1].strip()
    raise AssertionError(f"column {column} is on no round")


def columns_of(lines: list[str], mark: str) -> set[int]:
    row, _ticks, _numbers = axis(lines)
    return {x for line in lines[2:row] for x, char in enumerate(line) if char == mark}


@pytest.mark.parametrize("name", ["bonus-3p", "pro-bonus-4p"])
def test_the_figures_are_the_records_spaces_to_the_finish(name: str) -> None:
    path = GOLDEN / f"{name}.jsonl"
    (race,) = read_records(path)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    turns = [line for line in records if "turn" in line]
    to_go = steps_to_finish(race.game.board)
    cars = [player["car"] for player in records[0]["players"]]
    expected = [
        tuple(to_go[race.game.board.index_of(turn["positions"][car])] for car in cars)
        for turn in turns
    ]
    chart = course(race)
    start = to_go[race.game.board.index_of("start")]
    assert chart.to_go == ((start,) * len(cars), *expected)
    assert chart.rounds[1:] == tuple(turn["round"] for turn in turns)
    assert chart.final_round == records[-1]["result"]["final_round"]
    pushed = [(k, turn["pushed"]) for k, turn in enumerate(turns, start=1) if turn["pushed"]]
    assert [(p.at, cars[p.player]) for p in chart.pushes] == [
        (k, push["car"]) for k, pushes in pushed for push in pushes
    ]


def test_a_push_back_is_marked_in_the_round_it_happened() -> None:
    race = pushed_race()
    a1, a2 = steps_to_finish(race.game.board)[1:3]
    assert course(race).pushes == (PushBack(at=3, player=1, was=a2, now=a1),)
    for width, height in ((80, 24), (120, 40)):
        lines = plain(race, width, height)
        (column,) = columns_of(lines, PUSH_MARK)
        assert round_under(lines, column) == "2"


def test_the_final_round_s_rule_stands_where_that_round_begins() -> None:
    race = pushed_race()
    assert course(race).final_round == 3
    for width, height in ((80, 24), (120, 40)):
        lines = plain(race, width, height)
        _row, ticks, _numbers = axis(lines)
        assert columns_of(lines, RULE_MARK) == {ticks[2]}  # the end of round 2
        assert round_under(lines, ticks[2] + 1) == "3"
        assert lines[1].strip() == f"{RULE_MARK} {final_round_label()}"
        assert lines[1].index(RULE_MARK) == ticks[2]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_without_colour_every_car_is_named_on_the_chart(size: tuple[int, int]) -> None:
    (race,) = read_records(GOLDEN / "pro-bonus-4p.jsonl")
    lines = plain(race, *size)
    assert len(lines) == size[1]
    assert all(len(line) <= size[0] for line in lines)
    row, _ticks, _numbers = axis(lines)
    plot = "\n".join(lines[2:row])
    legend = "\n".join(lines[row + 2 :])
    for car in race.game.cars:
        assert colour_letter(car) in plot
        assert f" {colour_letter(car)}  {colour_name(car)}" in legend


def test_a_race_without_a_turn_shows_every_car_at_the_start() -> None:
    race = pushed_race()
    fresh = Race.start(race.board_file, race.players, seed=1)
    chart = course(fresh)
    assert chart.to_go == ((7, 7),) and chart.final_round is None and chart.pushes == ()
    lines = plain(fresh, 80, 24)
    ends = colour_letter(Colour.RED) + colour_letter(Colour.BLUE)
    assert lines[2].startswith("7 │─") and lines[2].endswith(f" {ends}")
    assert columns_of(lines, RULE_MARK) == set() and columns_of(lines, PUSH_MARK) == set()

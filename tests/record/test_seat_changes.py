"""Seats that change hands in the record (issue 13): the turn line's (and the unfinished
line's) ``seats`` field, written by the writer, read back by the checking reader, and every
bad value refused in one line naming the line and the field."""

from __future__ import annotations

import json
import random

import pytest

from monza_tui.boardfile import load_board
from monza_tui.bots import make_driver
from monza_tui.engine import Colour, TakeBack
from monza_tui.record import Player, Race, RecordError, parse_records, record_text
from monza_tui.record.seating import SeatChange, changes_by_step, seats_at
from monza_tui.seats import SeatKind

EXPERT, GREEDY, HUMAN = SeatKind.EXPERT, SeatKind.GREEDY, SeatKind.HUMAN


def _start() -> Race:
    players = (Player("Ann", Colour.RED), Player("Ben", Colour.BLUE, GREEDY))
    return Race.start(load_board("oval"), players, seed=3)


def _play(race: Race, steps: int, changes: dict[int, tuple[int, SeatKind]]) -> Race:
    """``steps`` actions by a greedy driver for everyone, the seat changes after the n-th."""
    driver = make_driver(GREEDY, random.Random(1))
    for n in range(1, steps + 1):
        if race.state.is_terminal():
            break
        player = race.state.current_player()
        race = race.roll() if player < 0 else race.apply(driver.choose(race.state))
        if n in changes:
            race = race.hand_seat(*changes[n])
    return race


def _finished() -> Race:
    return _play(_start(), 10_000, {5: (0, EXPERT), 30: (0, HUMAN), 40: (1, HUMAN)})


def test_a_finished_race_with_seat_changes_round_trips() -> None:
    race = _finished()
    assert race.state.is_terminal()
    assert [p.seat for p in race.players] == [HUMAN, HUMAN]
    assert [p.seat for p in race.starting_players()] == [HUMAN, GREEDY]
    text = record_text([race])
    lines = [json.loads(line) for line in text.splitlines()]
    assert [p["seat"] for p in lines[0]["players"]] == ["human", "greedy"]  # as it began
    seats = [(line["turn"], line["seats"]) for line in lines if "seats" in line]
    assert seats == [
        (2, [{"at": 1, "player": 0, "seat": "expert"}]),
        (5, [{"at": 3, "player": 0, "seat": "human"}]),
        (6, [{"at": 7, "player": 1, "seat": "human"}]),
    ]
    (back,) = parse_records(text, "x")
    assert back.seat_changes == race.seat_changes and back.players == race.players
    assert record_text([back]) == text
    steps = changes_by_step(back)
    assert sorted(steps) == [5, 30, 40]
    assert seats_at(back, steps, 4) == [HUMAN, GREEDY]
    assert seats_at(back, steps, 5) == [EXPERT, GREEDY]
    assert seats_at(back, steps, 40) == [HUMAN, HUMAN]


def test_a_race_without_changes_writes_no_seats_field() -> None:
    race = _play(_start(), 10_000, {})
    assert "seats" not in record_text([race]) and race.seat_changes == ()


def test_a_save_keeps_the_drivers_of_now_and_a_change_before_the_roll() -> None:
    race = _play(_start(), 4, {})  # Ann's turn done: Ben's turn, before his roll
    assert race.pending == ()
    race = race.hand_seat(1, HUMAN)
    text = record_text([race], save=True)
    last = json.loads(text.splitlines()[-1])
    assert last == {"unfinished": {"turn": 2, "actions": [],
                                   "seats": [{"at": 0, "player": 1, "seat": "human"}]}}
    (back,) = parse_records(text, "save")
    assert back.players == race.players and back.seat_changes == race.seat_changes


def test_a_take_back_moves_a_later_change_to_what_remains() -> None:
    race = _play(_start(), 3, {})  # roll, two dice placed
    assert len(race.pending) == 3
    race = race.hand_seat(0, EXPERT)
    race = race.apply(TakeBack())
    assert race.seat_changes == (SeatChange(1, 2, 0, EXPERT, HUMAN),)
    (back,) = parse_records(record_text([race], save=True), "save")
    assert back.seat_changes == race.seat_changes


def test_no_change_once_the_race_is_over_nor_to_the_same_driver() -> None:
    with pytest.raises(ValueError, match="already driven"):
        _start().hand_seat(0, HUMAN)
    with pytest.raises(ValueError, match="no seat"):
        _start().hand_seat(2, EXPERT)
    with pytest.raises(ValueError, match="over"):
        _finished().hand_seat(0, EXPERT)


def _edited(race: Race, turn: int, seats: object, *, save: bool = False) -> str:
    """The record with the ``seats`` of turn ``turn`` (or of the unfinished line) replaced."""
    out = []
    for raw in record_text([race], save=save).splitlines():
        line = json.loads(raw)
        if line.get("turn") == turn:
            line["seats"] = seats
        if turn == 0 and "unfinished" in line:
            line["unfinished"]["seats"] = seats
        out.append(json.dumps(line))
    return "\n".join(out) + "\n"


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([{"at": 9, "player": 0, "seat": "expert"}],
         r"^x: line 3: seats\[0\].at: 9, but the turn ends with its action \d+; a change "
         r"after that is the next turn's \(at 0\)$"),
        ([{"at": 2, "player": 0, "seat": "expert"}, {"at": 1, "player": 1, "seat": "human"}],
         r"^x: line 3: seats\[1\].at: 1 after a change at 2; changes are written in the "
         r"order made$"),
        ([{"at": 1, "player": 3, "seat": "expert"}],
         r"^x: line 3: seats\[0\].player: no seat 3 in this race$"),
        ([{"at": 1, "player": 1, "seat": "greedy"}],
         r"^x: line 3: seats\[0\].seat: Ben's car is already driven by greedy$"),
        ([{"at": 1, "player": 0, "seat": "wizard"}], r"^x: line 3: seats\.0\.seat"),
        ([{"at": -1, "player": 0, "seat": "expert"}], r"^x: line 3: seats\.0\.at"),
        ([{"at": "1", "player": 0, "seat": "expert"}], r"^x: line 3: seats\.0\.at"),
        ([{"at": 1, "player": 0, "seat": "expert", "by": "me"}], r"^x: line 3: seats\.0\.by"),
        ([{"at": 0, "player": 0, "seat": s} for s in ["expert", "human"] * 7],
         r"^x: line 3: seats"),
        ("expert", r"^x: line 3: seats"),
    ],
)
def test_a_bad_seats_field_is_one_line(seats: object, message: str) -> None:
    race = _play(_start(), 12, {})
    with pytest.raises(RecordError, match=message) as caught:
        parse_records(_edited(race, 2, seats), "x")
    assert "\n" not in str(caught.value)


def test_a_bad_unfinished_seats_field_is_one_line() -> None:
    race = _play(_start(), 6, {})  # turn 2 under way: its roll and a die
    assert race.pending
    count = len(race.pending)
    text = _edited(race, 0, [{"at": count + 1, "player": 0, "seat": "expert"}], save=True)
    with pytest.raises(RecordError, match=rf"unfinished\.seats\[0\]\.at: {count + 1}, but only "
                       rf"{count} actions are written$"):
        parse_records(text, "x")
    # A change at the end of what was played is fine, and so is one before the roll.
    for at in (count, 0):
        text = _edited(race, 0, [{"at": at, "player": 0, "seat": "expert"}], save=True)
        (back,) = parse_records(text, "x")
        assert back.seat_changes == (SeatChange(2, at, 0, EXPERT, HUMAN),)


def test_nothing_follows_an_unfinished_line_with_seats() -> None:
    race = _play(_start(), 4, {}).hand_seat(1, HUMAN)
    lines = record_text([race], save=True).splitlines()
    turn = _play(_start(), 12, {}).lines()[2]  # Ben's turn, as if played after
    text = "\n".join([*lines, json.dumps(turn)]) + "\n"
    with pytest.raises(RecordError, match="a turn after the unfinished one"):
        parse_records(text, "x")

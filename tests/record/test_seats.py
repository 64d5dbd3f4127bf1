"""The seat kinds (issue 11): one :class:`SeatKind`, written as the record's strings and
read back as the same members."""

from __future__ import annotations

import json

import pytest

from monza_tui.boardfile import load_board
from monza_tui.bots import LEVELS, make_driver
from monza_tui.engine import Colour
from monza_tui.race.setup import Seat, seat_label
from monza_tui.record import Player, Race, RecordError, parse_records, record_text
from monza_tui.seats import SeatKind

CARS = (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW)


def test_the_kinds_are_the_records_strings() -> None:
    assert [kind.value for kind in SeatKind] == ["human", "random", "greedy", "expert"]
    assert LEVELS == SeatKind.levels() == (SeatKind.RANDOM, SeatKind.GREEDY, SeatKind.EXPERT)
    assert [kind.is_bot for kind in SeatKind] == [False, True, True, True]
    assert seat_label(SeatKind.HUMAN) == "Human"
    assert seat_label(SeatKind.EXPERT) == "🤖 expert"


def test_every_kind_round_trips_through_a_record() -> None:
    players = tuple(
        Player(f"P{i}", car, kind) for i, (car, kind) in enumerate(zip(CARS, SeatKind, strict=True))
    )
    race = Race.start(load_board("oval"), players, seed=5)
    text = record_text([race])
    header = json.loads(text.splitlines()[0])
    assert [p["seat"] for p in header["players"]] == ["human", "random", "greedy", "expert"]
    (back,) = parse_records(text, "x")
    assert back.players == players
    assert all(type(p.seat) is SeatKind for p in back.players)
    assert record_text([back]) == text


def test_plain_strings_become_the_kinds() -> None:
    assert Player("Ann", Colour.RED, "greedy").seat is SeatKind.GREEDY  # type: ignore[arg-type]
    assert Seat("Ann", Colour.RED, "expert").kind is SeatKind.EXPERT  # type: ignore[arg-type]
    assert Seat("Ann", Colour.RED).is_bot is False


def test_an_unknown_seat_in_a_record_is_one_line() -> None:
    race = Race.start(load_board("oval"), (Player("A", CARS[0]), Player("B", CARS[1])), seed=5)
    text = record_text([race]).replace('"seat": "human"', '"seat": "wizard"', 1)
    with pytest.raises(RecordError) as caught:
        parse_records(text, "x")
    assert "\n" not in str(caught.value) and "seat" in str(caught.value)


def test_drivers_exist_for_the_levels_only() -> None:
    import random

    for level in SeatKind.levels():
        assert make_driver(level, random.Random(1)).level == level
    with pytest.raises(ValueError, match="unknown driver level"):
        make_driver(SeatKind.HUMAN, random.Random(1))

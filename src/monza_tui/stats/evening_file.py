"""The evening file's check: an untrusted file (it may be edited or damaged) read through
pydantic models into an :class:`~monza_tui.stats.evening.Evening`, or None.

Apart from :mod:`monza_tui.stats.evening` so that pydantic is imported only when an
evening's file is read, not for every race that starts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from monza_tui.engine import Colour
from monza_tui.limits import MAX_NAME_CHARS, MAX_RACES
from monza_tui.race.setup import RaceSetup, Seat
from monza_tui.seats import SeatKind
from monza_tui.stats.evening import Evening


def parse(text: str) -> Evening | None:
    """The evening in ``text``, or None when it is no usable evening file."""
    try:
        data = _EveningFile.model_validate(json.loads(text))
    except (ValueError, ValidationError):
        return None
    return _from_model(data)


class _SeatModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    car: Literal["red", "blue", "green", "yellow", "purple", "white"]
    seat: SeatKind = SeatKind.HUMAN


class _EveningFile(BaseModel):
    model_config = ConfigDict(extra="ignore")
    evening: Literal["monza-championship"]
    version: Literal[1]
    board: str = Field(min_length=1, max_length=4096)
    pro: bool = False
    bonus: bool = False
    seats: list[_SeatModel] = Field(min_length=2, max_length=6)
    start_player: StrictInt = Field(ge=0, le=5)
    races: StrictInt = Field(ge=1, le=MAX_RACES)
    played: list[str] = Field(default_factory=list, max_length=MAX_RACES)
    current: StrictInt | None = None
    started: str = Field(default="", max_length=40, pattern=r"^[0-9-]*$")


def _from_model(data: _EveningFile) -> Evening:
    setup = RaceSetup(
        board=data.board,
        pro=data.pro,
        bonus=data.bonus,
        seats=tuple(Seat(s.name, Colour(s.car), s.seat) for s in data.seats),
        start_player=min(data.start_player, len(data.seats) - 1),
    )
    played = tuple(Path(name).name for name in data.played)  # names only, never a path
    return Evening(setup, data.races, played, data.current, data.started)

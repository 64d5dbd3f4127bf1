"""The record's lines as pydantic models: the shape of untrusted input, checked at the edge.

They check types and sizes only; whether a turn is legal is the engine's to say
(:mod:`monza_tui.record.reader`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator

from monza_tui.limits import (
    MAX_NAME_CHARS,
    MAX_PENDING_ACTIONS,
    MAX_SEAT_CHANGES,
    MAX_SEED,
    name_problem,
)
from monza_tui.record.race import ColourName
from monza_tui.seats import SeatKind


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)


class PlayerLine(_Strict):
    name: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    car: ColourName
    seat: SeatKind = SeatKind.HUMAN

    @field_validator("name")
    @classmethod
    def _valid(cls, name: str) -> str:
        # The one check of every entrance (monza_tui.limits): names are printed to
        # terminals, so an escape sequence in a shared record must not reach one.
        problem = name_problem(name)
        if problem is not None:
            raise ValueError(problem)
        return name


class Variants(_Strict):
    pro: bool = False
    bonus: bool = False


class HeaderLine(_Open):
    record: str
    version: StrictInt
    board: str = Field(min_length=1, max_length=40)
    edition: Literal["anniversary", "original"]
    variants: Variants
    seed: StrictInt = Field(ge=0, lt=MAX_SEED)
    start_player: StrictInt = Field(ge=0, le=5)
    players: list[PlayerLine] = Field(min_length=2, max_length=6)
    board_file: dict[str, Any] | None = None
    dice: Literal["seed", "free"] = "seed"


class MoveLine(_Strict):
    die: int | None = Field(default=None, ge=0, le=5)
    tile: ColourName | None = None
    colour: ColourName
    to: str = Field(max_length=20)


class RerollLine(_Strict):
    dice: list[int] = Field(min_length=1, max_length=6)
    roll: list[ColourName] = Field(min_length=1, max_length=6)


class TurboLine(_Strict):
    roll: list[ColourName] = Field(min_length=2, max_length=2)
    moves: list[MoveLine] = Field(max_length=2)


class PushLine(_Strict):
    car: ColourName
    origin: str = Field(alias="from", max_length=20)
    to: str = Field(max_length=20)


class BonusLine(_Strict):
    car: ColourName
    origin: str = Field(alias="from", max_length=20)
    to: str | None = Field(max_length=20)


class SeatLine(_Strict):
    """A seat that changed hands (``docs/game-record.md``): after ``at`` actions of the
    turn, seat ``player`` is driven by ``seat``."""

    at: StrictInt = Field(ge=0, le=MAX_PENDING_ACTIONS)
    player: StrictInt = Field(ge=0, le=5)
    seat: SeatKind


class TurnLine(_Open):
    turn: int = Field(ge=1)
    round: int = Field(ge=1)
    player: int = Field(ge=0, le=5)
    car: ColourName
    roll: list[ColourName] = Field(min_length=6, max_length=6)
    reroll: RerollLine | None = None
    moves: list[MoveLine] = Field(max_length=12)
    turbo: TurboLine | None = None
    pushed: list[PushLine] = Field(default_factory=list, max_length=6)
    bonus: BonusLine | None = None
    positions: dict[ColourName, str]
    seats: list[SeatLine] = Field(default_factory=list, max_length=MAX_SEAT_CHANGES)


class ResultBody(_Open):
    final_round: int
    finished: list[ColourName]
    dice_used: dict[ColourName, int]
    winners: list[ColourName]


class ResultLine(_Strict):
    result: ResultBody


class UnfinishedBody(_Strict):
    turn: int
    actions: list[str] = Field(max_length=MAX_PENDING_ACTIONS)
    seats: list[SeatLine] = Field(default_factory=list, max_length=MAX_SEAT_CHANGES)


class UnfinishedLine(_Strict):
    unfinished: UnfinishedBody

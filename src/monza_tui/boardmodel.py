"""The pydantic models of a board file: the full check of an untrusted board.

Imported only when a board file from outside the game (or one embedded in a record) is read:
building these models' schemas is a good part of pydantic's cost, which a launch with a
built-in board does not pay (see :func:`monza_tui.boardfile.load_board`). The format is
documented in ``docs/boards.md``.
"""

from __future__ import annotations

import itertools
import re
from typing import Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from monza_tui.boardfile import MAX_LANE_CHARS, MAX_LANE_SPACES, BoardFileError
from monza_tui.errors import field_problem, unsafe_char

_LEG = re.compile(r"^[NESW][0-9]{1,3}$")


class ShapeModel(BaseModel):
    """How the renderer lays the track out: a walk of straight legs in track units.

    ``legs`` like ``["E20", "S6", "W20", "N6"]`` follow the direction of travel from the
    start field's back edge. On a ``loop`` the finish field is drawn over the start field
    and the legs cover the track up to the finish's back edge; otherwise they cover the
    whole track.
    """

    model_config = ConfigDict(extra="forbid")

    loop: bool = True
    legs: list[str] = Field(min_length=1, max_length=64)

    @field_validator("legs")
    @classmethod
    def _legs_are_compass_runs(cls, legs: list[str]) -> list[str]:
        for leg in legs:
            if not _LEG.match(leg):
                raise PydanticCustomError("shape.leg", "bad leg", {"leg": leg})
        for a, b in itertools.pairwise(legs):
            if a[0] == b[0] or {a[0], b[0]} in ({"N", "S"}, {"E", "W"}):
                raise PydanticCustomError("shape.turn", "bad turn", {"first": a, "then": b})
        return legs

    @model_validator(mode="after")
    def _loop_closes(self) -> ShapeModel:
        # A loop is drawn back onto its start: as far east as west, as far north as south.
        if self.loop:
            run = {direction: 0 for direction in "NESW"}
            for direction, length in self.leg_units():
                run[direction] += length
            if run["E"] != run["W"] or run["N"] != run["S"]:
                raise PydanticCustomError("shape.loop", "open loop", dict(run))
        return self

    def leg_units(self) -> list[tuple[str, int]]:
        """The legs as (direction, length) pairs."""
        return [(leg[0], int(leg[1:])) for leg in self.legs]


class BoardFileModel(BaseModel):
    """The TOML document of a board file."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=40, pattern=r"^[a-z0-9][a-z0-9_-]*$")
    title: str = Field(default="", max_length=80)
    description: str = Field(default="", max_length=2000)
    edition: Literal["anniversary", "original"] = "anniversary"
    variant: Literal["basic", "pro"] = "basic"
    finish_colour: Literal["red", "blue", "green", "yellow", "purple", "white"] | None = None
    lanes: list[str] = Field(min_length=1, max_length=6)
    shape: ShapeModel

    @field_validator("title", "description")
    @classmethod
    def _printable(cls, text: str, info: ValidationInfo) -> str:
        # Shown in terminals, menus and records' lists: a player name's rule of characters
        # (no escape sequence, no bidi override); a description may break its lines.
        lines = text.split("\n") if info.field_name == "description" else [text]
        if any(unsafe_char(char) for part in lines for char in part):
            raise PydanticCustomError("text.control", "control characters")
        return text

    @field_validator("lanes")
    @classmethod
    def _lanes_are_bounded(cls, lanes: list[str]) -> list[str]:
        for lane in lanes:
            if len(lane) > MAX_LANE_CHARS:
                raise PydanticCustomError("lane.chars", "long lane", {"most": MAX_LANE_CHARS})
            if len(lane.split()) > MAX_LANE_SPACES:
                raise PydanticCustomError("lane.spaces", "many spaces", {"most": MAX_LANE_SPACES})
        return lanes


def validate(raw: object, source: str) -> BoardFileModel:
    """The checked document; every problem is a one-line :class:`BoardFileError`."""
    try:
        return BoardFileModel.model_validate(raw)
    except ValidationError as error:
        raise BoardFileError(
            code="board.field", source=source, problem=field_problem(error)
        ) from None


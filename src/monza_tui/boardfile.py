"""Board files: TOML validated by pydantic at the edge, turned into engine boards.

Board files are untrusted input users write and share, so every failure becomes a
:class:`BoardFileError` whose one-line message names the file and, where it can, the lane
and token. The format is documented in ``docs/boards.md``.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from monza_tui.engine import Board, BoardError, Colour, Edition
from monza_tui.errors import UserError
from monza_tui.files import UnreadableFile, read_text

MAX_BOARD_BYTES = 256 * 1024
"""Board files larger than this are refused unread (they are hand-written text)."""

MAX_LANE_SPACES = 100
"""Spaces per lane at most (the long track has 54): deriving the steps compares every
pair of spaces, so an untrusted board of thousands of spaces would stall loading."""
MAX_LANE_CHARS = 700
"""Characters per lane string at most (100 spaces with room for spacing)."""
MAX_TRACK_UNITS = 200
"""Track length at most, in track units (the long track has 94): the drawing grows with
it, and a board of 6 lanes x 150 spaces x 9 units took seconds to draw its first frame."""

BUILTIN = ("oval", "long", "classic")
"""The boards that ship with the game, in the order they are offered."""

_LEG = re.compile(r"^[NESW][0-9]{1,3}$")


class BoardFileError(UserError, ValueError):
    """A board file that cannot be used; the message is one line naming file and place."""


class Shape(BaseModel):
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
                raise ValueError(f"leg {leg!r} is a direction N/E/S/W and a length, like E12")
        for a, b in itertools.pairwise(legs):
            if a[0] == b[0] or {a[0], b[0]} in ({"N", "S"}, {"E", "W"}):
                raise ValueError(f"legs {a} then {b}: each leg turns a quarter from the last")
        return legs

    @model_validator(mode="after")
    def _loop_closes(self) -> Shape:
        # A loop is drawn back onto its start: as far east as west, as far north as south.
        if self.loop:
            run = {direction: 0 for direction in "NESW"}
            for direction, length in self.leg_units():
                run[direction] += length
            if run["E"] != run["W"] or run["N"] != run["S"]:
                raise ValueError(
                    f"a loop must close: legs go E{run['E']} W{run['W']} "
                    f"N{run['N']} S{run['S']}, but E must equal W and N equal S"
                )
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
    finish_colour: Literal["red", "blue", "green", "yellow", "purple", "white"] | None = None
    lanes: list[str] = Field(min_length=1, max_length=6)
    shape: Shape

    @field_validator("title", "description")
    @classmethod
    def _printable(cls, text: str) -> str:
        # Shown in terminals: an escape sequence in a shared board must not reach one.
        if any((ord(c) < 32 and c not in "\n\t") or 127 <= ord(c) < 160 for c in text):
            raise ValueError("no control characters")
        return text

    @field_validator("lanes")
    @classmethod
    def _lanes_are_bounded(cls, lanes: list[str]) -> list[str]:
        for lane in lanes:
            if len(lane) > MAX_LANE_CHARS:
                raise ValueError(f"a lane is at most {MAX_LANE_CHARS} characters")
            if len(lane.split()) > MAX_LANE_SPACES:
                raise ValueError(f"a lane has at most {MAX_LANE_SPACES} spaces")
        return lanes


@dataclass(frozen=True)
class BoardFile:
    """A loaded board: the engine's :class:`Board`, how to draw it, and where it came from."""

    board: Board
    shape: Shape
    description: str
    source: str
    """The file path, or ``builtin:NAME``."""
    definition: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """The validated TOML document, so a record can carry a board that is not built in."""

    @property
    def builtin(self) -> bool:
        """Whether this is one of the boards that ship with the game."""
        return self.source.startswith("builtin:")


def load_board(ref: str) -> BoardFile:
    """A built-in board by name, or a board file by path; :class:`BoardFileError` if bad."""
    if ref in BUILTIN:
        text = resources.files("monza_tui.boards").joinpath(f"{ref}.toml").read_text("utf-8")
        return parse_board(text, f"builtin:{ref}")
    path = Path(ref)
    if not path.suffix and not path.exists():
        raise BoardFileError(
            f"{ref}: no such board; built in are {', '.join(BUILTIN)}, or give a .toml file"
        )
    try:
        text = read_text(path, MAX_BOARD_BYTES)
    except UnreadableFile as error:
        raise BoardFileError(f"{ref}: {error}") from None
    return parse_board(text, ref)


def parse_board(text: str, source: str) -> BoardFile:
    """Validate a board file's text; every problem becomes a one-line :class:`BoardFileError`."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardFileError(f"{source}: not valid TOML: {error}") from None
    except RecursionError:
        raise BoardFileError(f"{source}: not a board file (nested too deeply)") from None
    except ValueError:  # tomllib's int(): a number of more than 4300 digits
        raise BoardFileError(f"{source}: not a board file (a number far too long)") from None
    return board_from_definition(raw, source)


def board_from_definition(raw: object, source: str) -> BoardFile:
    """Validate a board given as data (a parsed TOML file, or one embedded in a record)."""
    try:
        model = BoardFileModel.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        place = ".".join(str(part) for part in first["loc"]) or "file"
        # Our own validators' messages are whole sentences; drop pydantic's label.
        message = first["msg"].removeprefix("Value error, ")
        raise BoardFileError(f"{source}: {place}: {message}") from None
    finish = Colour(model.finish_colour) if model.finish_colour else None
    try:
        board = Board.from_lanes(
            model.name,
            model.lanes,
            edition=Edition(model.edition),
            finish_colour=finish,
            title=model.title,
        )
    except BoardError as error:
        raise BoardFileError(f"{source}: {error}") from None
    if board.length > MAX_TRACK_UNITS:
        raise BoardFileError(
            f"{source}: lanes: {board.length} track units long; a board has at most "
            f"{MAX_TRACK_UNITS}"
        )
    if model.name in BUILTIN and not source.startswith("builtin:"):
        builtin = load_board(model.name)
        if model.model_dump(mode="json", exclude_defaults=True) != builtin.definition:
            # A copy may say "oval"; a different board must not pass for the oval.
            raise BoardFileError(
                f"{source}: name: {model.name!r} is a built-in board's name and this board "
                "is not that one; give it a name of its own"
            )
    drawn = board.length
    if model.shape.loop:
        drawn = board.spaces[board.finishes[0]].back
    legs = sum(length for _, length in model.shape.leg_units())
    if legs != drawn:
        raise BoardFileError(
            f"{source}: shape.legs cover {legs} track units but the track to draw is {drawn}"
        )
    return BoardFile(
        board,
        model.shape,
        model.description,
        source,
        model.model_dump(mode="json", exclude_defaults=True),
    )

"""Board files: TOML validated by pydantic at the edge, turned into engine boards.

Board files are untrusted input users write and share, so every failure becomes a
:class:`BoardFileError` whose one-line message names the file and, where it can, the lane
and token. The format is documented in ``docs/boards.md``.
"""

from __future__ import annotations

import json
import re
import zlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from monza_tui.engine import Board, BoardError, Colour, Edition
from monza_tui.errors import Said, UserError, clip, said
from monza_tui.files import UnreadableFile, read_text

if TYPE_CHECKING:
    import tomllib
    from importlib.resources.abc import Traversable

BOARDS = Path(__file__).with_name("boards")
"""The built-in boards' folder (``monza_tui/boards``, a package of TOML files)."""
PARSED = Path(__file__).with_name("builtin_boards.json")
"""The built-in boards' TOML documents, parsed ahead (``python -m monza_tui.boardfile``):
a launch reads them without TOML's pure-Python parser. Each is keyed by its text's length
and checksum, so an edited file is parsed afresh; a test checks the file is up to date."""

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

DEFAULTS: dict[str, Any] = {
    "title": "",
    "description": "",
    "edition": "anniversary",
    "variant": "basic",
    "finish_colour": None,
}
"""The optional top-level keys of a board file and their values when left out."""


@dataclass(frozen=True)
class BuiltinBoard:
    """A board that ships with the game as its TOML file describes it: what menus and lists
    show, read without building the board (the set-up screen lists them at launch)."""

    name: str
    title: str
    edition: Edition
    variant: str
    """The rules the board is made for: ``"basic"`` or ``"pro"``."""

    @property
    def order(self) -> tuple[bool, bool, str]:
        """Where it is offered: the anniversary edition's boards first, the basic game's
        before the pro variant's, then the original edition's (simplest first)."""
        return (self.edition is Edition.ORIGINAL, self.variant == "pro", self.name)


def builtin_boards(folder: Traversable | None = None) -> tuple[BuiltinBoard, ...]:
    """The boards of the ``*.toml`` files in ``folder`` (default: the game's own,
    ``monza_tui/boards``), in the order they are offered (:attr:`BuiltinBoard.order`)."""
    folder = folder or BOARDS
    boards = []
    for path in folder.iterdir():
        if path.name.endswith(".toml"):
            raw = _builtin_toml(path)
            boards.append(
                BuiltinBoard(
                    name=raw["name"],
                    title=raw.get("title", DEFAULTS["title"]),
                    edition=Edition(raw.get("edition", DEFAULTS["edition"])),
                    variant=raw.get("variant", DEFAULTS["variant"]),
                )
            )
    return tuple(sorted(boards, key=lambda board: board.order))


def _builtin_toml(path: Traversable) -> dict[str, Any]:
    """A built-in board's TOML document (trusted: no pydantic), parsed once per text."""
    return _parsed(path.read_text("utf-8"))


@cache
def _parsed(text: str) -> dict[str, Any]:
    found: dict[str, Any] | None = _parsed_ahead().get(text_key(text))
    if found is not None:
        return found
    import tomllib

    return tomllib.loads(text)


def text_key(text: str) -> str:
    """A text's fingerprint for files made ahead from it: its length and checksum (the
    game's own files, not a defence against anyone: an edited text simply misses)."""
    data = text.encode("utf-8")
    return f"{len(data)}:{zlib.crc32(data):08x}"


@cache
def _parsed_ahead() -> dict[str, Any]:
    try:
        found = json.loads(PARSED.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def write_parsed_ahead() -> None:
    """Parse every built-in board's TOML file into :data:`PARSED`."""
    import tomllib

    documents = {}
    for path in sorted(BOARDS.glob("*.toml")):
        text = path.read_text("utf-8")
        documents[text_key(text)] = tomllib.loads(text)
    PARSED.write_text(json.dumps(documents, indent=1, ensure_ascii=False) + "\n", "utf-8")


BUILTIN: tuple[str, ...] = tuple(board.name for board in builtin_boards())
"""The names of the boards that ship with the game, in the order they are offered."""


class BoardFileError(UserError, ValueError):
    """A board file that cannot be used; the message is one line naming file and place."""


@dataclass(frozen=True)
class Shape:
    """How the renderer lays the track out: a walk of straight legs in track units.

    ``legs`` like ``["E20", "S6", "W20", "N6"]`` follow the direction of travel from the
    start field's back edge. On a ``loop`` the finish field is drawn over the start field
    and the legs cover the track up to the finish's back edge; otherwise they cover the
    whole track. (Checked by :mod:`monza_tui.boardmodel` when it comes from a file.)
    """

    loop: bool = True
    legs: list[str] = field(default_factory=list)

    def leg_units(self) -> list[tuple[str, int]]:
        """The legs as (direction, length) pairs."""
        return [(leg[0], int(leg[1:])) for leg in self.legs]


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


PATH_CHARS = 200
"""How much of a board file's path an error line quotes."""


def load_board(ref: str) -> BoardFile:
    """A built-in board by name, or a board file by path; :class:`BoardFileError` if bad."""
    if ref in BUILTIN:
        return _builtin(ref)
    path = Path(ref)
    if not path.suffix and not is_file_name(path):
        raise BoardFileError(code="board.no_such", ref=clip(ref, 80), builtin=BUILTIN)
    try:
        text = read_text(path, MAX_BOARD_BYTES)
    except UnreadableFile as error:
        # (a path is quoted whole up to 200 characters: the reason after it still fits
        # the 300 of an error line)
        raise BoardFileError(code="board.unreadable", source=clip(ref, PATH_CHARS),
                             why=error) from None
    return parse_board(text, ref)


def is_file_name(path: Path) -> bool:
    """Whether ``path`` names something on disk; a name the system refuses to look up (too
    long, a loop of links) names nothing, rather than stopping with a traceback."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def parse_board(text: str, source: str) -> BoardFile:
    """Validate a board file's text; every problem becomes a one-line :class:`BoardFileError`."""
    import tomllib

    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardFileError(code="board.toml", source=source, where=_toml_place(error)) from None
    except RecursionError:
        raise BoardFileError(code="board.nested", source=source) from None
    except ValueError:  # tomllib's int(): a number of more than 4300 digits
        raise BoardFileError(code="board.long_number", source=source) from None
    return board_from_definition(raw, source)


def _toml_place(error: tomllib.TOMLDecodeError) -> Said:
    """Where TOML's parser stopped (its own English reason is not shown)."""
    found = re.search(r"line (\d+), column (\d+)", str(error))
    if found is None:
        return said("toml.end" if "end of document" in str(error) else "toml.somewhere")
    return said("toml.at", line=int(found[1]), column=int(found[2]))


def _builtin(name: str) -> BoardFile:
    """A board that ships with the game: trusted, so its TOML is read without pydantic (a
    launch then neither imports it nor builds its schemas). A test checks that this gives
    exactly what :func:`board_from_definition`'s full validation gives."""
    raw = _builtin_toml(BOARDS / f"{name}.toml")
    raw_shape = raw["shape"]
    shape = Shape(loop=raw_shape.get("loop", True), legs=list(raw_shape["legs"]))
    definition = {k: v for k, v in raw.items() if k != "shape" and DEFAULTS.get(k, ...) != v}
    definition["shape"] = {"legs": list(shape.legs)} | ({} if shape.loop else {"loop": False})
    return _board_file(
        source=f"builtin:{name}",
        name=raw["name"],
        lanes=raw["lanes"],
        edition=raw.get("edition", DEFAULTS["edition"]),
        finish_colour=raw.get("finish_colour"),
        title=raw.get("title", ""),
        description=raw.get("description", ""),
        shape=shape,
        definition=definition,
    )


def board_from_definition(raw: object, source: str) -> BoardFile:
    """Validate a board given as data (a parsed TOML file, or one embedded in a record)."""
    from monza_tui.boardmodel import validate

    model = validate(raw, source)
    return _board_file(
        source=source,
        name=model.name,
        lanes=model.lanes,
        edition=model.edition,
        finish_colour=model.finish_colour,
        title=model.title,
        description=model.description,
        shape=Shape(loop=model.shape.loop, legs=list(model.shape.legs)),
        definition=model.model_dump(mode="json", exclude_defaults=True),
    )


def _board_file(
    *,
    source: str,
    name: str,
    lanes: list[str],
    edition: str,
    finish_colour: str | None,
    title: str,
    description: str,
    shape: Shape,
    definition: dict[str, Any],
) -> BoardFile:
    """The engine board of a checked definition, and that its shape covers the track."""
    finish = Colour(finish_colour) if finish_colour else None
    try:
        board = Board.from_lanes(
            name, lanes, edition=Edition(edition), finish_colour=finish, title=title
        )
    except BoardError as error:
        raise BoardFileError(code="board.lanes", source=source, why=error) from None
    if board.length > MAX_TRACK_UNITS:
        raise BoardFileError(
            code="board.too_long", source=source, length=board.length, most=MAX_TRACK_UNITS
        )
    builtin_name = name in BUILTIN and not source.startswith("builtin:")
    if builtin_name and definition != load_board(name).definition:
        # A copy may say "oval"; a different board must not pass for the oval.
        raise BoardFileError(code="board.builtin_name", source=source, name=name)
    drawn = board.length
    if shape.loop:
        drawn = board.spaces[board.finishes[0]].back
    legs = sum(length for _, length in shape.leg_units())
    if legs != drawn:
        raise BoardFileError(code="board.legs", source=source, legs=legs, drawn=drawn)
    return BoardFile(board, shape, description, source, definition)


if __name__ == "__main__":
    write_parsed_ahead()

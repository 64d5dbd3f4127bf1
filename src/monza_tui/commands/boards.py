"""`monza boards`: list the boards, show one resolved (``--json``), or check a board file."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.text import Text

from monza_tui.app.board_marks import PARTED
from monza_tui.app.board_paint import BoardPainter
from monza_tui.app.layout_choice import Layouts
from monza_tui.app.legend import legend
from monza_tui.boardfile import BUILTIN, BoardFile, load_board
from monza_tui.cli_help import ChoiceHelp
from monza_tui.engine import Board, Colour, SpaceKind
from monza_tui.errors import UserError
from monza_tui.files import shown
from monza_tui.i18n import _, colour_letter, ngettext, number
from monza_tui.palette import BOARD
from monza_tui.race.scene import Scene
from monza_tui.wording import board_title, edition_name


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``monza boards [show NAME|FILE [--json] | check FILE]``."""
    parser.add_argument(
        "action", nargs="?", default="list", action=ChoiceHelp, choices={
            "list": _("show every built-in board (the default)"),
            "show": _("show one board, or print it as JSON with --json"),
            "check": _("check a board file and sum it up"),
        },
    )
    parser.add_argument(
        "board", nargs="?", metavar=_("NAME|FILE"),
        help=_("a built-in board name or a board file"),
    )
    parser.add_argument(
        "--json", action="store_true", help=_("print the resolved board as JSON")
    )


def run(args: argparse.Namespace) -> int:
    """List, show or check."""
    console = Console()
    if args.action == "list":
        for name in BUILTIN:
            _preview(console, load_board(name))
        return 0
    if args.board is None:
        raise UserError(code="boards.needs", action=args.action)
    if args.board == "":
        raise UserError(code="boards.empty", action=args.action)
    loaded = load_board(args.board)
    if args.action == "check":
        board = loaded.board
        print(_("ok: {source}: {name}, {lanes}, {spaces}, {units}").format(
            source=_source(loaded), name=board_title(board), lanes=_lanes(board),
            spaces=_spaces(len(board.coloured_spaces)),
            units=ngettext("{n} track unit", "{n} track units", board.length).format(
                n=number(board.length)
            ),
        ))
        return 0
    if args.json:
        print(json.dumps(board_json(loaded.board), indent=1))
    else:
        _preview(console, loaded)
    return 0


def board_json(board: Board) -> dict[str, Any]:
    """The resolved board: every space with its geometry, and the derived steps (R4, R5)."""
    return {
        "name": board.name,
        "title": board.title,
        "edition": board.edition.value,
        "lanes": board.lane_count,
        "spaces": [
            {
                "id": s.id,
                "kind": s.kind.value,
                "lanes": list(s.lanes),
                "back": s.back,
                "front": s.front,
                "colour": s.colour.value if s.colour else None,
            }
            for s in board.spaces
        ],
        "steps": {s.id: [board.spaces[t].id for t in board.steps[s.index]] for s in board.spaces},
    }


def track_picture(loaded: BoardFile, width: int, *, plain: bool = False) -> Text:
    """The track as the board view draws it (the same layout and cell painting, the
    direction marks beside it), at the largest scale that fits ``width`` columns, as Rich
    text; ``plain``: without colour (NO_COLOR), where one-cell spaces are set apart."""
    layout = Layouts.of(loaded).choose(width, 10_000)
    cells = BoardPainter(loaded.board, layout, Scene(cars={})).cells
    picture = Text(no_wrap=True, overflow="crop")
    for y, row in enumerate(layout.rows):
        for x, cell in enumerate(row):
            if cell is not None and cell.line is not None:
                picture.append(cell.line, BOARD["line"])
            else:
                text, looks = cells.get((x, y), (" ", ()))
                style = " ".join(BOARD[look] for look in looks if plain or look != PARTED)
                picture.append(text, style or None)
        if y + 1 < layout.height:
            picture.append("\n")
    return picture


def _source(loaded: BoardFile) -> str:
    """Where a board came from, as typed: a built-in board's name (``oval``), else the
    file's path (escaped)."""
    return loaded.board.name if loaded.builtin else shown(loaded.source)


def _lanes(board: Board) -> str:
    return ngettext("{n} lane", "{n} lanes", board.lane_count).format(n=board.lane_count)


def _spaces(count: int) -> str:
    return ngettext("{n} coloured space", "{n} coloured spaces", count).format(
        n=number(count)
    )


def _preview(console: Console, loaded: BoardFile) -> None:
    """The board's title and facts, its track picture (as in a race) and a legend."""
    board = loaded.board
    coloured = board.coloured_spaces
    share = {c: sum(s.colour is c for s in coloured) for c in Colour}
    tires = sum(s.kind is SpaceKind.BLOCKED for s in board.spaces)
    facts = _("({name}, {edition}, {lanes}, {spaces}, {tires})").format(
        name=board.name, edition=edition_name(board.edition), lanes=_lanes(board),
        spaces=_spaces(len(coloured)),
        tires=ngettext("{n} tire", "{n} tires", tires).format(n=number(tires)),
    )
    console.print(Text.assemble((board_title(board), "bold"), "  ", facts))
    console.print(track_picture(loaded, console.width, plain=console.no_color))
    console.print(legend())
    console.print(Text(
        "  ".join(
            f"{colour_letter(c)} "
            + _("{number}%").format(number=number(100 * n / max(1, len(coloured))))
            for c, n in share.items()
        ),
        style="dim",
    ))
    console.print()

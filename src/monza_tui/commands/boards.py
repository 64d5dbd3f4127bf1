"""`monza boards`: list the boards, show one resolved (``--json``), or check a board file."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from monza_tui.boardfile import BUILTIN, BoardFile, load_board
from monza_tui.engine import Board, Colour, SpaceKind
from monza_tui.errors import UserError
from monza_tui.i18n import _

STYLE = {
    Colour.RED: "bold white on red3",
    Colour.BLUE: "bold white on blue3",
    Colour.GREEN: "bold black on green3",
    Colour.YELLOW: "bold black on yellow3",
    Colour.PURPLE: "bold white on purple",
    Colour.WHITE: "bold black on grey93",
}
"""Rich styles of the space colours, for previews on the command line."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``monza boards [show NAME|FILE [--json] | check FILE]``."""
    parser.add_argument("action", nargs="?", choices=["list", "show", "check"], default="list")
    parser.add_argument("board", nargs="?", help=_("a built-in board name or a board file"))
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
        raise UserError(f"monza boards {args.action} needs a board name or file")
    if args.board == "":
        raise UserError(f"monza boards {args.action}: an empty file name")
    loaded = load_board(args.board)
    if args.action == "check":
        board = loaded.board
        print(f"ok: {loaded.source}: {board.name}, {board.lane_count} lanes, "
              f"{len(board.coloured_spaces)} coloured spaces, {board.length} track units")
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


def _preview(console: Console, loaded: BoardFile) -> None:
    """A straight strip of the lanes, one character per track unit, letters on colours."""
    board = loaded.board
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    coloured = board.coloured_spaces
    share = {c: sum(s.colour is c for s in coloured) for c in Colour}
    table.add_row(Text.assemble(
        (board.title, "bold"), f"  ({board.name}, {board.edition.value}, "
        f"{board.lane_count} lanes, {len(coloured)} coloured spaces, "
        f"{sum(s.kind is SpaceKind.BLOCKED for s in board.spaces)} tires)",
    ))
    # One character per track unit, or per few units when the track is wider than the screen.
    scale = max(1, -(-board.length // max(20, console.width - 2)))
    for lane in range(board.lane_count):
        line = Text()
        spaces = sorted((s for s in board.spaces if lane in s.lanes), key=lambda s: s.back)
        for x in range(0, board.length, scale):
            space = next(s for s in spaces if s.back <= x < s.front)
            starts = x <= space.back < x + scale
            if space.kind is SpaceKind.START:
                line.append("▚", "black on white")
            elif space.kind is SpaceKind.BLOCKED:
                line.append("○", "white on grey30")
            else:
                assert space.colour is not None
                letter = space.colour.letter
                if space.kind is SpaceKind.FINISH and starts:
                    letter = "⚑"
                line.append(letter if starts else letter.lower(), STYLE[space.colour])
        table.add_row(line)
    table.add_row(Text(
        "  ".join(f"{c.letter} {100 * n / max(1, len(coloured)):.0f}%" for c, n in share.items()),
        style="dim",
    ))
    console.print(table)
    console.print()

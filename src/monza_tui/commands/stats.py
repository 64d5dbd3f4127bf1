"""`monza stats [--board B] [--json]`: the standings of the races played on this machine
and the reigning champions, from the finished races in the history (``docs/stats.md``).

The records are the truth; an SQLite index in the data folder keeps what was read from each
of them, so thousands of races print at once. A record that cannot be read is left out and
counted, never a crash.
"""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from monza_tui import stats
from monza_tui.errors import UsageError, clip
from monza_tui.i18n import _
from monza_tui.stats.standings import Table, champions, latest, standings
from monza_tui.stats.words import (
    COLUMNS,
    board_title,
    cells,
    champions_line,
    races_text,
    skipped_line,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``monza stats [--board NAME|FILE] [--json]`` (the board as ``monza play`` takes it)."""
    from monza_tui.boardfile import BUILTIN

    parser.add_argument("--board", metavar=_("NAME|FILE"),
                        help=_("only the races on this board: {boards}, a board file (.toml) "
                               "or its name").format(boards=_(", ").join(BUILTIN)))
    parser.add_argument("--json", action="store_true",
                        help=_("print the standings as JSON (names and numbers only)"))


def as_json(tables: tuple[Table, ...], champs: tuple[str, ...], skipped: int) -> str:
    """The standings without words: the same numbers for other programs."""
    return json.dumps(
        {
            "champions": list(champs),
            "boards": [
                {
                    "board": table.board,
                    "races": table.races,
                    "players": [
                        {
                            "name": row.name,
                            "races": row.races,
                            "wins": row.wins,
                            "shared_wins": row.shared,
                            "win_share": round(row.share, 4),
                            "fewest_dice": row.best,
                            "bot": row.bot,
                            "level": row.level,
                        }
                        for row in table.rows
                    ],
                }
                for table in tables
            ],
            "skipped_records": skipped,
        },
        indent=2,
        ensure_ascii=False,
    )


def board_name(given: str, played: set[str]) -> str:
    """The name the records give the board of ``--board``: a board's name (one played here
    or a built-in one), or a board file's (as ``monza play --board`` takes it; a file that
    cannot be read says why). :class:`UsageError` when no race was played on it."""
    from pathlib import Path

    from monza_tui.boardfile import BUILTIN, is_file_name, load_board

    name = given
    if given not in played and given not in BUILTIN and (
        Path(given).suffix or (is_file_name(Path(given)) and Path(given).is_file())
    ):
        name = load_board(given).board.name
    if name not in played and name not in BUILTIN:
        raise UsageError(
            _("--board {board}: no race on such a board (boards played: {boards})").format(
                board=clip(given), boards=_(", ").join(sorted(played)) or "–"
            )
        )
    return name


def run(args: argparse.Namespace) -> int:
    """Print the standings (status 0, also with unreadable records: they are counted)."""
    board = args.board
    if board is not None and not board.strip():
        raise UsageError(_("--board needs a board's name"))
    scan = stats.history()
    results = scan.results
    if board is not None:
        name = board_name(board, {r.board for r in results})
        results = tuple(r for r in results if r.board == name)
    tables = standings(results)
    champs = champions(scan.results)  # the last race's winners, whatever its board
    if args.json:
        print(as_json(tables, champs, len(scan.skipped)))
        return 0
    console = Console(highlight=False)
    console.print(Text(champions_line(champs), style="bold"))
    newest = latest(results)
    if newest is None:
        console.print(_("No finished race yet. Start one with monza play."))
    for table in tables:
        out = RichTable(
            title=_("{board}: {races}").format(
                board=board_title(table.board), races=races_text(table.races)
            ),
            title_justify="left",
        )
        for index, column in enumerate(COLUMNS):
            out.add_column(_(column), justify="left" if index == 0 else "right")
        for row in table.rows:
            out.add_row(*cells(row))
        console.print(out)
    if scan.skipped:
        console.print(Text(skipped_line(len(scan.skipped)), style="yellow"))
    return 0

"""`monza saves`: the saved races, newest first: races in progress and the finished ones.

Each row is read back in full (every turn re-validated), so a damaged file shows up here
with its one-line reason instead of surprising the player at ``monza resume``.
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table
from rich.text import Text

from monza_tui import saves
from monza_tui.files import shown
from monza_tui.i18n import _, colour_letter
from monza_tui.palette import STYLE
from monza_tui.race.outcome import outcome
from monza_tui.race.setup import seat_label
from monza_tui.seats import shown_names
from monza_tui.wording import board_title

DEFAULT_LIMIT = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``monza saves [--all]``."""
    parser.add_argument(
        "--all",
        action="store_true",
        help=_("list every saved race, not only the newest {n}").format(n=DEFAULT_LIMIT),
    )


def run(args: argparse.Namespace) -> int:
    """Print the table; status 0 even when some files are damaged (they are listed)."""
    console = Console()
    saves.tidy()
    files = saves.save_files()
    listed = files if args.all else files[:DEFAULT_LIMIT]
    if not listed:
        console.print(
            _("No saved races yet in {folder}. Start one with monza play.").format(
                folder=shown(saves.home())
            )
        )
        return 0
    table = Table(title=_("Saved races"), title_justify="left", show_lines=False)
    table.add_column("#", justify="right", style="dim")
    table.add_column(_("board"))
    table.add_column(_("players"))
    table.add_column(_("round"), justify="right")
    table.add_column(_("saved"))
    table.add_column(_("status"))
    for number, path in enumerate(listed, start=1):
        found = saves.info(path)
        table.add_row(str(number), *_row(found))
    console.print(table)
    # Whole paths below the table, each on one line however long, never folded, so that
    # they can be copied into monza replay/resume; escaped, so a name cannot drive the
    # terminal.
    for number, path in enumerate(listed, start=1):
        console.print(
            Text.assemble((f"{number:>3} ", "dim"), shown(str(path))),
            soft_wrap=True, highlight=False,
        )
    more = len(files) - len(listed)
    if more > 0:
        console.print(_("{n} older races not shown (monza saves --all).").format(n=more))
    console.print(
        Text(
            _("monza resume continues the newest race in progress; "
              "monza replay FILE steps through any of them (FILE as listed above)."),
            style="dim",
        )
    )
    return 0


def _row(found: saves.SaveInfo) -> tuple[Text | str, ...]:
    """Board, players, round, saved, status."""
    saved = found.saved.strftime("%Y-%m-%d %H:%M")
    if found.race is None:
        # The file column names the file; the reason starts after its path.
        why = (found.error or "").removeprefix(f"{shown(found.path)}: ")
        return ("?", "?", "?", saved, Text(_("damaged: {why}").format(why=why), "red"))
    race = found.race
    players = Text()
    names = shown_names(race.players)
    for index, player in enumerate(race.players):
        if index:
            players.append(_(", "))
        players.append(f" {colour_letter(player.car)} ", STYLE[player.car])
        players.append(f" {names[index]}")
        if player.seat.is_bot:
            players.append(" " + _("({level})").format(level=seat_label(player.seat)), "dim")
    state = race.state
    result = outcome(state)
    if result is not None:
        winners = _(", ").join(names[p] for p in result.winners)
        status = Text(_("finished, won by {names}").format(names=winners), "green")
    else:
        status = Text(_("in progress, turn {turn}").format(turn=state.turn), "yellow")
    return (board_title(race.game.board), players, str(state.round), saved, status)

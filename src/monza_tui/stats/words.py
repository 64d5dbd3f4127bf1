"""The standings in the player's words, one home for the app's screens and ``monza stats``:
column titles, a win share as a percentage, the fewest dice, a board's title, the
reigning champions' line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from monza_tui.i18n import N_, _, ngettext, number
from monza_tui.web import emoji

if TYPE_CHECKING:
    from monza_tui.stats.standings import Standing

TROPHY = "🏆"
"""The trophy of the winners (R11) and of the reigning champions (as the results show it;
shown through :func:`monza_tui.web.emoji`: a plain mark in a browser without emoji)."""

COLUMNS = (N_("Player"), N_("Races"), N_("Wins"), N_("Shared"), N_("Win share"),
           N_("Fewest dice"))
"""The standings' columns: name, races, wins alone, shared wins, share won, best finish."""


def share_text(row: Standing) -> str:
    """``62%`` (the share of races won, alone or shared), in the player's numbers."""
    return _("{percent}%").format(percent=number(round(row.share * 100)))


def best_text(row: Standing) -> str:
    """The fewest dice in the final round of a race finished, or a dash."""
    return "–" if row.best is None else number(row.best)


def row_name(row: Standing) -> str:
    """Who a line is about: a person's name, or a computer driver's robot and level in the
    player's language ("🤖 expert"), as the set-up screen shows the seat."""
    if row.level is None:
        return row.name
    from monza_tui.race.setup import seat_label
    from monza_tui.seats import SeatKind

    return seat_label(SeatKind(row.level))


def cells(row: Standing) -> tuple[str, str, str, str, str, str]:
    """A row's cells in :data:`COLUMNS` order."""
    return (row_name(row), number(row.races), number(row.wins), number(row.shared),
            share_text(row), best_text(row))


def board_title(board: str) -> str:
    """The board a standing is kept under (its name), as the player reads it: a built-in
    board by its title (:func:`monza_tui.wording.board_title`), another by its name."""
    from monza_tui.boardfile import builtin_boards
    from monza_tui.wording import board_title as title_of

    for builtin in builtin_boards():
        if builtin.name == board:
            return title_of(builtin)
    return board


def races_text(count: int) -> str:
    """``12 races``."""
    return ngettext("{n} race", "{n} races", count).format(n=number(count))


def champions_line(names: Sequence[str], *, short: bool = False) -> str:
    """The reigning champions with their trophy, or a line saying there are none yet;
    ``short``: the same in fewer words, where the whole line would not fit (the set-up
    screen at 80 columns, in a longer language)."""
    if short:
        if not names:
            return _("No reigning champion yet.")
        return f"{emoji(TROPHY)} {_(' and ').join(names)}"
    if not names:
        return _("No reigning champion yet: the winner of the next race takes the trophy.")
    if len(names) == 1:
        return _("{trophy} Reigning champion of Monza: {name}").format(
            trophy=emoji(TROPHY), name=names[0]
        )
    return _("{trophy} Reigning champions of Monza: {names}").format(
        trophy=emoji(TROPHY), names=_(" and ").join(names)
    )


def skipped_line(count: int) -> str:
    """How many records could not be read (they are left out, never a crash)."""
    from monza_tui.wording.going_on import go_on

    return go_on("skipped", count=count, n=number(count))

"""The side panel's read-outs: whose turn, the field of cars, the round and final round.

They only show what they are given (the race screen passes the engine state and the
players); their states are CSS classes (``-current``, ``-bot``, ``-finished``,
``-final-round``) so that the stylesheet and the theme decide the look.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from monza_tui.app.board_marks import CAR_MARK
from monza_tui.app.narrate import where_short, where_words
from monza_tui.app.race_setup import ROBOT, seat_label
from monza_tui.app.widgets.common import one, put_text, set_colour_class
from monza_tui.engine import Phase, State
from monza_tui.i18n import _, colour_letter, colour_name
from monza_tui.record import Player


def player_label(player: Player) -> str:
    """A player's name, with the robot mark and level for a computer driver."""
    if not player.seat.is_bot:
        return player.name
    return f"{player.name} {seat_label(player.seat)}"


def actor(state: State) -> int | None:
    """Who acts now: the bonus player during a bonus move (R15), else the player at the
    wheel; nobody once the race is over."""
    if state.is_terminal():
        return None
    if state.phase is Phase.BONUS and state.bonus_player is not None:
        return state.bonus_player
    return state.player


class TurnBanner(Vertical):
    """Who acts now, with their car: the announcement of every turn."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="turn-line"):
            yield Static("", markup=False, id="turn-car", classes="chip car")
            yield Static("", markup=False, id="turn-name")
        yield Static("", markup=False, id="turn-prompt")

    def show(self, state: State, players: Sequence[Player], prompt: str) -> None:
        """Announce whose move it is (the bonus player's during a bonus move, R15)."""
        acting = actor(state)
        car = one(self, "#turn-car", Static)
        name = one(self, "#turn-name", Static)
        if acting is None:
            set_colour_class(car, None)
            put_text(car, "")
            put_text(name, _("The race is over"))
            self.set_class(False, "-bot-turn")
        else:
            player = players[acting]
            colour = state.game.cars[acting]
            set_colour_class(car, colour)
            put_text(car, CAR_MARK + colour_letter(colour))
            if state.phase is Phase.BONUS:
                text = _("Bonus move: {name} ({car})")
            else:
                text = _("{name}'s turn ({car})")
            put_text(name, text.format(name=player.name, car=colour_name(colour)))
            self.set_class(player.seat.is_bot, "-bot-seat")
        put_text(one(self, "#turn-prompt", Static), prompt)


class PlayerRow(Horizontal):
    """One car in the field: its colour, its player, where it stands."""

    def __init__(self, index: int) -> None:
        super().__init__(id=f"player-{index}", classes="player-row")
        self.index = index

    def compose(self) -> ComposeResult:
        yield Static("", markup=False, classes="chip car")
        yield Static("", markup=False, classes="player-name")
        yield Static("", markup=False, classes="player-where")

    def show(self, state: State, player: Player) -> None:
        """The row of player ``index``: car chip, name (robot mark), space."""
        colour = state.game.cars[self.index]
        chip, name, where = cast("list[Static]", list(self.children))
        set_colour_class(chip, colour)
        put_text(chip, CAR_MARK + colour_letter(colour), layout=False)  # as the board shows the car
        acting = self.index == actor(state)
        marker = "▶ " if acting else "  "
        put_text(name, marker + player_label(player), layout=False)
        put_text(where, where_short(state, self.index), layout=False)
        tip = where_words(state, self.index)
        if self.tooltip != tip:
            self.tooltip = tip
        self.set_class(acting, "-current")
        self.set_class(player.seat.is_bot, "-bot")
        self.set_class(state.board.is_finish(state.positions[self.index]), "-finished")


class Standings(Vertical):
    """Every car in turn order (R3)."""

    def __init__(self, players: int, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.players = players

    def compose(self) -> ComposeResult:
        for index in range(self.players):
            yield PlayerRow(index)

    def show(self, state: State, players: Sequence[Player]) -> None:
        """Update every row."""
        rows: list[PlayerRow] | None = self.__dict__.get("_rows")
        if rows is None:
            rows = self.__dict__["_rows"] = list(self.query(PlayerRow))
        for row in rows:
            row.show(state, players[row.index])


def still_to_drive(state: State) -> tuple[int, ...]:
    """The players who still drive in this round: the one at the wheel, then everyone
    before the start player comes round again, cars at the finish left out (R10)."""
    if state.is_terminal():
        return ()
    n = state.game.players
    start = state.game.start_player
    players = []
    player = state.player
    while True:
        if not state.board.is_finish(state.positions[player]) or player == state.player:
            players.append(player)
        player = (player + 1) % n
        if player == start:
            return tuple(players)


PANEL_TEXT_WIDTH = 32
"""Columns of text in the side panel, until the widget knows its own width."""


def wrap_words(words: Sequence[str], width: int) -> str:
    """``words`` in lines of at most ``width`` columns, broken only between words (a word
    may contain spaces: it stays whole; one longer than a line gets a line of its own)."""
    lines: list[str] = []
    for word in words:
        if lines and cell_len(lines[-1]) + 1 + cell_len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)


class RoundInfo(Static):
    """The round counter, and the final-round banner once a car reached the finish (R10):
    it names who still drives."""

    _words: tuple[str, ...] = ()

    def show(self, state: State, names: Sequence[str]) -> None:
        """Show the round; in the final round a banner with the drivers still to come."""
        text = _("Round {round}").format(round=state.round)
        final = state.final_round and not state.is_terminal()
        self._words = (text,)
        if final:
            # A name is one word of the layout ("Bot 3" never breaks after "Bot").
            drivers = [names[p] for p in still_to_drive(state)]
            words = _("FINAL ROUND · still to drive:").split(" ")
            words += [name + _(",") for name in drivers[:-1]] + drivers[-1:]
            self._words = tuple(words)
        self._lay_out()
        self.set_class(final, "-final-round")

    def on_resize(self) -> None:
        self._lay_out()

    def _lay_out(self) -> None:
        width = self.content_size.width or PANEL_TEXT_WIDTH
        put_text(self, wrap_words(self._words, width))


__all__ = [
    "ROBOT",
    "PlayerRow",
    "RoundInfo",
    "Standings",
    "TurnBanner",
    "actor",
    "player_label",
    "still_to_drive",
    "wrap_words",
]

"""The side panel's read-outs: whose turn, the field of cars, the round and final round.

They only show what they are given (the race screen passes the engine state and the
players); their states are CSS classes (``-current``, ``-bot``, ``-finished``,
``-final-round``) so that the stylesheet and the theme decide the look.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from monza_tui.app.board_marks import CAR_MARK
from monza_tui.app.narrate import where_short, where_words
from monza_tui.app.race_setup import ROBOT, seat_label
from monza_tui.app.widgets.common import one, put_text, set_colour_class
from monza_tui.engine import Phase, State
from monza_tui.i18n import _, colour_name
from monza_tui.record import Player


def player_label(player: Player) -> str:
    """A player's name, with the robot mark and level for a computer driver."""
    if player.seat == "human":
        return player.name
    return f"{player.name} {seat_label(player.seat)}"


class TurnBanner(Vertical):
    """Who acts now, with their car: the announcement of every turn."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="turn-line"):
            yield Static("", markup=False, id="turn-car", classes="chip car")
            yield Static("", markup=False, id="turn-name")
        yield Static("", markup=False, id="turn-prompt")

    def show(self, state: State, players: Sequence[Player], prompt: str) -> None:
        """Announce whose move it is (the bonus player's during a bonus move, R15)."""
        if state.is_terminal():
            actor = None
        elif state.phase is Phase.BONUS and state.bonus_player is not None:
            actor = state.bonus_player
        else:
            actor = state.player
        car = one(self, "#turn-car", Static)
        name = one(self, "#turn-name", Static)
        if actor is None:
            set_colour_class(car, None)
            put_text(car, "")
            put_text(name, _("The race is over"))
            self.set_class(False, "-bot-turn")
        else:
            player = players[actor]
            colour = state.game.cars[actor]
            set_colour_class(car, colour)
            put_text(car, CAR_MARK + colour.letter)
            if state.phase is Phase.BONUS:
                text = _("Bonus move: {name} ({car})")
            else:
                text = _("{name}'s turn ({car})")
            put_text(name, text.format(name=player.name, car=colour_name(colour)))
            self.set_class(player.seat != "human", "-bot-seat")
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
        put_text(chip, CAR_MARK + colour.letter, layout=False)  # as the board shows the car
        marker = "▶ " if self.index == state.player and not state.is_terminal() else "  "
        put_text(name, marker + player_label(player), layout=False)
        put_text(where, where_short(state, self.index), layout=False)
        tip = where_words(state, self.index)
        if self.tooltip != tip:
            self.tooltip = tip
        self.set_class(self.index == state.player and not state.is_terminal(), "-current")
        self.set_class(player.seat != "human", "-bot")
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


class RoundInfo(Static):
    """The round counter, and the final-round banner once a car reached the finish (R10):
    it names who still drives."""

    def show(self, state: State, names: Sequence[str]) -> None:
        """Show the round; in the final round a banner with the drivers still to come."""
        text = _("Round {round}").format(round=state.round)
        final = state.final_round and not state.is_terminal()
        if final:
            drivers = _(", ").join(names[p] for p in still_to_drive(state))
            text = _("FINAL ROUND · still to drive: {names}").format(names=drivers)
        put_text(self, text)
        self.set_class(final, "-final-round")


__all__ = [
    "ROBOT", "PlayerRow", "RoundInfo", "Standings", "TurnBanner", "player_label",
    "still_to_drive",
]

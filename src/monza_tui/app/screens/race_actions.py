"""The race screen's keys and buttons as actions: each becomes an engine action through the
host, or moves the pointer (a mixin of :class:`~monza_tui.app.screens.race.RaceScreen`, kept
apart so the screen's module stays about its layout and drawing; ``race_mouse.py`` turns
clicks into the same actions)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from monza_tui.engine import (
    Action,
    Colour,
    Confirm,
    DeclineBonus,
    Die,
    KeepRoll,
    Phase,
    Place,
    Reroll,
    TakeBack,
    Tile,
)
from monza_tui.i18n import _, colour_name
from monza_tui.race.now import PLACING
from monza_tui.race.offers import enter_actions

if TYPE_CHECKING:
    from monza_tui.app.screens.race import RaceScreen


class RaceActions:
    """What the race screen's keys do (Textual calls ``action_*``)."""

    def _act(self, action: Action) -> None:
        """A person's action, through the host's one door."""
        screen = cast("RaceScreen", self)
        if screen.human_to_act():
            screen.monza.act(action)

    def _keep_and_place(self, place: Place) -> None:
        """Placing a die during the extra-roll decision keeps the roll (R13). (Over the
        network the keep is still on its way: the host sends the placement after it.)"""
        screen = cast("RaceScreen", self)
        before = screen.race
        screen._act(KeepRoll())
        if screen.race.state.is_legal(place) or screen.race is before:
            screen._act(place)

    def action_roll(self) -> None:
        """Roll the six dice (R1)."""
        screen = cast("RaceScreen", self)
        if screen.human_to_act() and screen.race.state.phase is Phase.ROLL:
            screen.monza.roll()

    def action_die(self, index: int) -> None:
        """A die's key: mark it for the extra roll (R13), or place it (R6)."""
        screen = cast("RaceScreen", self)
        state = screen.race.state
        if not screen.human_to_act() or index >= len(state.roll):
            return
        if state.phase is Phase.EXTRA_ROLL:
            screen.point(marked=screen.pointer.marked ^ {index})
            return
        if state.phase not in PLACING:
            return
        if index not in state.unused_dice():
            screen.advise(_("Die {n} is already placed (⌫ takes it back).").format(n=index + 1))
            return
        lit = screen.now.targets(Die(index))
        if not lit:
            screen.advise(
                _("Die {n} ({colour}) fits no space ahead.").format(
                    n=index + 1, colour=colour_name(state.roll[index])
                )
            )
            return
        if len(lit) == 1:
            screen._act(Place(Die(index), lit[0]))
            return
        if screen.pointer.selected == Die(index):
            screen.point(selected=None)
        else:
            cursor = screen.pointer.cursor if screen.pointer.cursor in lit else lit[0]
            screen.point(selected=Die(index), cursor=cursor)

    def action_tile(self) -> None:
        """Select the next accelerator tile that fits (R12); Enter places it."""
        screen = cast("RaceScreen", self)
        now = screen.now
        if now.phase is Phase.EXTRA_ROLL:
            screen.advise(_("Tiles come after the extra roll: keep the roll (k) or place a "
                          "die first."))
            return
        tiles = list(now.tiles)
        if not tiles:
            screen.advise(_("No tile fits a space ahead."))
            return
        selected = screen.pointer.selected
        if selected in tiles:
            position = tiles.index(selected) + 1
            selected = tiles[position] if position < len(tiles) else None
        else:
            selected = tiles[0]
        lit = now.targets(selected)
        cursor = screen.pointer.cursor
        if cursor not in lit:
            cursor = lit[0] if lit else None
        screen.point(selected=selected, cursor=cursor)

    def _choose_tile(self, colour: Colour | None) -> None:
        screen = cast("RaceScreen", self)
        now = screen.now
        if colour is None:  # the extra-roll tile: re-roll the marked dice (R13)
            if now.phase is Phase.EXTRA_ROLL:
                if screen.pointer.marked:
                    screen.action_reroll()
                else:
                    screen.advise(_("Mark the dice to re-roll first (1-6 or a click on them)."))
            return
        tile = Tile(colour)
        lit = now.targets(tile) if now.phase is Phase.PLACING else ()
        if not lit:
            screen.advise(_("That tile fits no space ahead now."))
            return
        if len(lit) == 1:
            screen._act(Place(tile, lit[0]))
            return
        cursor = screen.pointer.cursor if screen.pointer.cursor in lit else lit[0]
        screen.point(selected=tile, cursor=cursor)

    def action_cursor(self, step: int) -> None:
        """Move the cursor to the next (or previous) lit space."""
        screen = cast("RaceScreen", self)
        lit = screen.now.targets(screen.pointer.selected)
        if not lit:
            return
        cursor = screen.pointer.cursor
        if cursor not in lit:
            screen.point(cursor=lit[0])
        else:
            screen.point(cursor=lit[(lit.index(cursor) + step) % len(lit)])

    def action_enter(self) -> None:
        """Enter does the obvious thing (``enter_actions``); once the race is over, it
        shows the results."""
        screen = cast("RaceScreen", self)
        state = screen.race.state
        if state.is_terminal() and screen._pending is None:
            screen.monza.show_results()
            return
        if not screen.human_to_act():
            return
        match enter_actions(screen.now, screen.pointer):
            case (KeepRoll(), Place() as place):
                screen._keep_and_place(place)
            case (action,):
                screen._act(action)

    def action_take_back(self) -> None:
        """Take the last placed die or tile back (R6)."""
        screen = cast("RaceScreen", self)
        screen._act(TakeBack())

    def action_keep(self) -> None:
        """Keep the roll; the extra-roll tile stays for later (R13)."""
        screen = cast("RaceScreen", self)
        screen._act(KeepRoll())

    def action_reroll(self) -> None:
        """Re-roll the marked dice with the extra-roll tile (R13)."""
        screen = cast("RaceScreen", self)
        if screen.pointer.marked:
            screen._act(Reroll(tuple(sorted(screen.pointer.marked))))

    def action_decline(self) -> None:
        """Let the bonus step go (R15)."""
        screen = cast("RaceScreen", self)
        screen._act(DeclineBonus())

    def action_confirm(self) -> None:
        """Drive the car along the placed path (R6)."""
        screen = cast("RaceScreen", self)
        screen._act(Confirm())

    def action_deselect(self) -> None:
        """Drop the selected die or tile; on the final board, back to the results (Esc
        came here from them)."""
        screen = cast("RaceScreen", self)
        if screen.race.state.is_terminal():
            screen.action_enter()
            return
        screen.point(selected=None)

    def action_hint(self) -> None:
        """Ask the expert (in a worker) what it would do here; nothing is played."""
        screen = cast("RaceScreen", self)
        if not screen.human_to_act():
            return
        if screen.race.state.is_chance():
            screen.advise(_("Roll first (space): the hint looks at your dice."))
            return
        if not screen._compute_hint(screen.race):
            screen.show_hint_line(_("Thinking about a hint…"))

    def action_skip(self) -> None:
        """Skip the car's drive and the bots' pauses until a person decides again."""
        screen = cast("RaceScreen", self)
        if screen.human_to_act():
            return
        screen.hurry = True
        if screen._frames:
            screen._frames = []
        if screen._pending is not None:
            screen._fire()


__all__ = ["RaceScreen"]


__all__ = ["RaceActions"]

"""The race screen's mouse: a click on a die, a tile, a space or a button becomes the same
action as its key (a mixin of :class:`~monza_tui.app.screens.race.RaceScreen`, kept apart so
the screen's module stays about its keys and its drawing)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from monza_tui.app.board_view import BoardView
from monza_tui.app.widgets.buttons import ButtonRow
from monza_tui.app.widgets.dice import DiceTray, TileTray
from monza_tui.engine import BonusStep, Phase
from monza_tui.i18n import _
from monza_tui.race.now import PLACING

if TYPE_CHECKING:
    from monza_tui.app.screens.race import RaceScreen


class RaceMouse:
    """Clicks, as keys: nothing here decides anything the keys do not."""

    def on_dice_tray_pressed(self, message: DiceTray.Pressed) -> None:
        cast("RaceScreen", self).action_die(message.index)

    def on_tile_tray_pressed(self, message: TileTray.Pressed) -> None:
        screen = cast("RaceScreen", self)
        if screen.human_to_act():
            screen._choose_tile(message.colour)

    def on_board_view_space_clicked(self, message: BoardView.SpaceClicked) -> None:
        screen = cast("RaceScreen", self)
        if not screen.human_to_act():
            return
        now = screen.now
        space = message.space
        if now.phase is Phase.BONUS:
            if space in now.targets():
                screen._act(BonusStep(space))
            return
        if now.phase not in PLACING and now.phase is not Phase.EXTRA_ROLL:
            return
        action = now.place_at(space, screen.pointer.selected) or now.place_at(space)
        if action is None:
            screen.advise(_("Nothing you hold fits that space."))
            return
        if now.phase is Phase.EXTRA_ROLL:
            screen._keep_and_place(action)
        else:
            screen._act(action)

    def on_button_row_pressed(self, message: ButtonRow.Pressed) -> None:
        screen = cast("RaceScreen", self)
        handlers = {
            "roll": screen.action_roll,
            "reroll": screen.action_reroll,
            "keep": screen.action_keep,
            "confirm": screen.action_confirm,
            "take-back": screen.action_take_back,
            "decline": screen.action_decline,
            "hint": screen.action_hint,
            "skip": screen.action_skip,
        }
        handler = handlers.get(message.key)
        if handler is not None:
            handler()


__all__ = ["RaceMouse"]

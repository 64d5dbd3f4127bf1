"""Foresight: what the obvious key would play, worked out while a person looks at the board.

Once the frame of a person's decision is out, the race screen plays the obvious key ahead:
Enter (:func:`~monza_tui.race.offers.enter_actions`: the die onto the cursor's
space, the drive once no die fits, the bonus move's step), or the dice due at this
keyboard when they are known before they are rolled (``RaceHost.dice_due``: a race's
seeded dice are a pure function of its seed and state; they are never shown before the
roll): the roll's key, the turbo roll and the re-roll after their pause. The app applies it
(``RaceHost.foresee``), the screen derives the choices of the state after it and words its
log lines, and the board paints the spaces and rows it changes
(:meth:`~monza_tui.app.board_view.BoardView.prepare`). If that key comes, the screen takes
what is ready: a third of a drive's work before its frame. Any other key, or anything else
first, leaves it unused. All of it is made of pure functions of the state, the action and
the pointer, and taken only for the very objects it was made from (the race, the state),
so a foresight never shows anything the state does not say: all of it is kept in the
host's one cache (``monza_tui.race.ahead.Ahead``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from monza_tui import tuning
from monza_tui.app.board_view import BoardView
from monza_tui.app.widgets.common import after_frame, one
from monza_tui.engine import Action, State
from monza_tui.race.narrate import tell
from monza_tui.race.now import Now, Pointer, base_scene, derive, pointer_scene
from monza_tui.race.offers import enter_actions
from monza_tui.race.scene import Scene

if TYPE_CHECKING:
    from monza_tui.app.screens.race import RaceScreen


class Foresight:
    """The race screen's foresight (a mixin of ``RaceScreen``). What it works out is kept
    in its host's one cache (``RaceHost.ahead``)."""

    _foresight_due = False

    def foresee_after_frame(self) -> None:
        """A person decides (or dice are due): once the frame is out, foresee the obvious
        key."""
        if not self._foresight_due:
            self._foresight_due = True
            after_frame(cast("RaceScreen", self), self._foresee)

    def _foresee(self) -> None:
        self._foresight_due = False
        if not tuning.tuned():
            return  # MONZA_NO_TUNING: no foresight
        screen = cast("RaceScreen", self)
        now, pointer, race = screen.now, screen.pointer, screen.race
        state = now.state
        if not (screen.is_attached and state is race.state and screen._frame is None):
            return
        ahead = screen.monza.ahead
        if not ahead.first_try(state, pointer):
            return
        if state.is_chance():
            # Dice rolled at this keyboard (the roll's key; the turbo roll and the re-roll
            # after their pause, or s), if they are known ahead.
            dice = screen.monza.dice_due() if screen.drives_here(state.player) else None
            actions: tuple[Action, ...] = (dice,) if dice is not None else ()
        elif now.human:
            actions = enter_actions(now, pointer)
        else:
            return
        if len(actions) != 1:  # (nothing, or the keep and a placement: two actions)
            return
        action = actions[0]
        after = screen.monza.foresee(action)  # (kept in the cache by the host)
        if after is None:
            return
        ahead.add(lines=tuple(tell(race.state, action, after.state, screen.names())))
        if screen.animates(race.state, action):
            return  # (the key's frame shows the car's first step, not the state after)
        human = screen.human_to_act(after)
        foreseen = derive(after.state, human=human)
        base = base_scene(foreseen)
        ahead.add(human=human, now=foreseen, scene=base)
        scene = pointer_scene(base, foreseen, Pointer(cursor=foreseen.first), None)
        one(screen, "BoardView", BoardView).prepare(scene)

    def foreseen(self, state: State, human: bool) -> tuple[Now, Scene] | None:
        """The choices and the scene of ``state`` if they were foreseen (for whether a
        person decides in it as ``human`` says)."""
        return cast("RaceScreen", self).monza.ahead.choices(state, human)

    def lines_of(self, before: State, action: Action, after: State) -> list[str]:
        """The log's lines of ``action`` (worded ahead if it was foreseen)."""
        screen = cast("RaceScreen", self)
        told = screen.monza.ahead.lines(before, action, after)
        if told is not None:
            return list(told)
        return tell(before, action, after, screen.names())


__all__ = ["Foresight"]

"""The lesson behind the race screen: the race screen's host (``RaceHost``) while the lesson
is on, and what moves the lesson from part to part.

The race is the app's, changed only by ``app.act`` as in any race; the host stands between:
the player's actions pass :meth:`Lesson.accept` first (another action is answered by the
step's own words, and nothing is played), the dice are the script's, and the coach's seat is
driven by :class:`ScriptedCoach`. The app knows only that a lesson is on (``app.lesson``): it
does not autosave the lesson's race and lets the lesson answer the quit key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from monza_tui.bots import Driver
from monza_tui.engine import Action, Roll, State
from monza_tui.i18n import _
from monza_tui.learn import progress
from monza_tui.learn.lesson import Lesson
from monza_tui.learn.script import PARTS
from monza_tui.record import Race
from monza_tui.wording.going_on import go_on

if TYPE_CHECKING:
    from monza_tui.app.app import MonzaApp
    from monza_tui.learn.screen import LessonScreen


class ScriptedCoach:
    """The coach's seat: the script's actions, so that the push-back and the final round
    happen exactly as written (the app's driver interface: ``choose(state)``)."""

    level = "script"

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson

    def choose(self, state: State) -> Action:
        return self.lesson.coach_move(state)


class LessonHost:
    """The race screen's host during the lesson (see the module's docstring)."""

    def __init__(self, app: MonzaApp) -> None:
        self.app = app
        self.lesson = Lesson(0)
        self.screen: LessonScreen | None = None
        self.resumed = False
        self._drivers: dict[int, Driver] = {1: ScriptedCoach(self.lesson)}

    # RaceHost -------------------------------------------------------------------------

    @property
    def race(self) -> Race | None:
        return self.app.race

    @property
    def drivers(self) -> Mapping[int, Driver]:
        return self._drivers

    @property
    def bot_delay(self) -> float:
        return self.app.bot_delay

    @property
    def animation_delay(self) -> float:
        return self.app.animation_delay

    hands_seats = True

    def drives_here(self, player: int) -> bool:
        """The learner drives every car but the coach's."""
        return player not in self._drivers

    def waiting_for(self, player: int) -> str | None:
        return None

    def act(self, action: Action) -> bool:
        """The script's action if ``action`` is it; else the step's answer, nothing played."""
        race = self.app.race
        if race is None:
            return False
        wanted = self.lesson.accept(race.state, action)
        if wanted is None:
            self.refused()
            return False
        return self.app.act(wanted)

    def foresee(self, action: Action) -> Race | None:
        """Nothing ahead: the lesson's script decides what an action plays."""
        return None

    def dice_due(self) -> Roll | None:
        """Nothing ahead: the lesson's script has the dice."""
        return None

    def roll(self) -> bool:
        """The script's dice, when a roll is what comes next."""
        race = self.app.race
        if race is None:
            return False
        dice = self.lesson.rolls(race.state)
        if dice is None:
            self.refused()
            return False
        return self.app.act(dice)

    def show_results(self) -> None:
        """The lesson's race shows no results screen: its guide explains the end, and
        Enter goes on (:meth:`go_on`)."""

    # The lesson -----------------------------------------------------------------------

    def refused(self) -> None:
        if self.screen is not None and self.lesson.step is not None:
            self.screen.refused()

    def start(self, part: int, entry: int, *, resumed: bool = False) -> None:
        """Show part ``part`` from its entry ``entry`` (the race rebuilt up to there)."""
        from monza_tui.learn.screen import LessonScreen

        self.lesson = Lesson(part)
        self._drivers = {1: ScriptedCoach(self.lesson)}
        self.resumed = resumed
        race = self.lesson.race_at(entry)
        self.app.lesson = self
        self.saved()

        def screen() -> LessonScreen:
            self.screen = LessonScreen(self)
            return self.screen

        self.app.begin(race, make_screen=screen)

    def saved(self) -> None:
        """Keep the step reached, for ``monza learn`` to resume."""
        problem = progress.save(self.lesson.part_index, self.lesson.entry_index)
        if problem is not None:
            self.app.notify(_("The lesson's step could not be saved: {why}").format(why=problem),
                            severity="warning")

    def go_on(self) -> None:
        """The part is over: the next part, or after the last the set-up screen."""
        if self.lesson.part_index + 1 < len(PARTS):
            self.start(self.lesson.part_index + 1, 0)
            return
        progress.forget()
        self.app.action_new_setup()  # (which ends the lesson: app.lesson is None after it)

    def quit(self) -> None:
        """Leave the lesson (its step is saved): ``monza learn`` continues it."""
        self.saved()
        self.app.exit(message=go_on("lesson_saved"))


def start_lesson(app: MonzaApp) -> None:
    """Begin the lesson, or resume it at the step where it was left."""
    host = LessonHost(app)
    where = progress.load()
    if where is None:
        host.start(0, 0)
    else:  # (a part's end too: its race over, Enter goes on)
        host.start(*where, resumed=where != (0, 0))


__all__ = ["LessonHost", "ScriptedCoach", "start_lesson"]

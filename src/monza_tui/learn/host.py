"""The lesson behind the race screen: the race screen's host while the lesson is on, and
what moves the lesson from part to part.

The lesson's race is a race at this keyboard (``app/hosts.py``'s ``LocalHost``), changed
only by :meth:`LocalHost.act` as any race; the lesson stands in front of it: the player's
actions pass :meth:`Lesson.accept` first (another action is answered by the step's own
words, and nothing is played), the dice are the script's, and the coach's seat is driven
by :class:`ScriptedCoach`. The app knows only its host: it does not autosave the lesson's
race (``autosaves``) and lets the lesson answer the quit key (:meth:`LessonHost.quit`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from monza_tui.app.hosts import LocalHost
from monza_tui.engine import Action, Roll, State
from monza_tui.i18n import _
from monza_tui.learn import progress
from monza_tui.learn.lesson import Lesson
from monza_tui.learn.script import COACH, PARTS
from monza_tui.record import Race
from monza_tui.wording.going_on import go_on

if TYPE_CHECKING:
    from monza_tui.app.shell import Shell
    from monza_tui.bots import Driver
    from monza_tui.learn.screen import LessonScreen


class ScriptedCoach:
    """The coach's seat: the script's actions, so that the push-back and the final round
    happen exactly as written (the app's driver interface: ``choose(state)``)."""

    level = "script"

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson

    def choose(self, state: State) -> Action:
        return self.lesson.coach_move(state)


class LessonHost(LocalHost):
    """The race screen's host during the lesson (see the module's docstring)."""

    autosaves = False  # (the lesson keeps its step instead: monza_tui.learn.progress)
    set_up_here = False  # (the lesson's seats are no set-up of the player's)

    def __init__(self, app: Shell) -> None:
        self.lesson = Lesson(0)
        super().__init__(app, self.lesson.race_at(0))
        self.ahead.enabled = False  # (the lesson's script decides what an action plays)
        self.screen_shown: LessonScreen | None = None
        self.resumed = False

    def driver(self, player: int) -> Driver | None:
        """The coach's seat plays the script (the learner drives every other car)."""
        return ScriptedCoach(self.lesson) if player == COACH else None

    def drives_here(self, player: int) -> bool:
        """The learner drives every car but the coach's."""
        return player != COACH

    def act(self, action: Action) -> bool:
        """The script's action if ``action`` is it; else the step's answer, nothing played."""
        wanted = self.lesson.accept(self.race.state, action)
        if wanted is None:
            self.refused_step()
            return False
        return super().act(wanted)

    def foresee(self, action: Action) -> Race | None:
        """Nothing ahead: the lesson's script decides what an action plays."""
        return None

    def dice_due(self) -> Roll | None:
        """Nothing ahead: the lesson's script has the dice."""
        return None

    def roll(self) -> bool:
        """The script's dice, when a roll is what comes next."""
        dice = self.lesson.rolls(self.race.state)
        if dice is None:
            self.refused_step()
            return False
        return super().act(dice)

    def show_results(self) -> None:
        """The lesson's race shows no results screen: its guide explains the end, and
        Enter goes on (:meth:`go_on`)."""

    def make_screen(self) -> LessonScreen:
        from monza_tui.learn.screen import LessonScreen

        self.screen_shown = LessonScreen(self)
        return self.screen_shown

    def quit(self) -> bool:
        """Leave the lesson, asking first (its step is saved: ``monza learn`` continues
        it)."""
        from monza_tui.app.screens.confirm import ConfirmScreen

        if isinstance(self.app.screen, ConfirmScreen):
            return True

        def answered(leave: bool | None) -> None:
            if leave:
                self.saved()
                self.app.exit(message=go_on("lesson_saved"))

        question = _("Leave the lesson? It goes on at this step next time.")
        self.app.push_screen(ConfirmScreen(question, yes=_("Leave"), no=_("Stay")), answered)
        return True

    # The lesson -----------------------------------------------------------------------

    def refused_step(self) -> None:
        """An action (or roll) the step does not ask for: the step's own words."""
        if self.screen_shown is not None and self.lesson.step is not None:
            self.screen_shown.refused()

    def start_part(self, part: int, entry: int, *, resumed: bool = False) -> None:
        """Show part ``part`` from its entry ``entry`` (the race rebuilt up to there)."""
        self.lesson = Lesson(part)
        self.resumed = resumed
        self.changed(self.lesson.race_at(entry))
        self.saved()
        self.app.begin(self.race, self)

    def saved(self) -> None:
        """Keep the step reached, for ``monza learn`` to resume."""
        problem = progress.save(self.lesson.part_index, self.lesson.entry_index)
        if problem is not None:
            self.app.notify(_("The lesson's step could not be saved: {why}").format(why=problem),
                            severity="warning")

    def go_on(self) -> None:
        """The part is over: the next part, or after the last the set-up screen."""
        if self.lesson.part_index + 1 < len(PARTS):
            self.start_part(self.lesson.part_index + 1, 0)
            return
        progress.forget()
        self.app.action_new_setup()  # (which ends the lesson: the app leaves its host)


def start_lesson(app: Shell) -> None:
    """Begin the lesson, or resume it at the step where it was left."""
    host = LessonHost(app)
    where = progress.load()
    if where is None:
        host.start_part(0, 0)
    else:  # (a part's end too: its race over, Enter goes on)
        host.start_part(*where, resumed=where != (0, 0))


__all__ = ["LessonHost", "ScriptedCoach", "start_lesson"]

"""The race screen of the lesson: the ordinary :class:`RaceScreen` with the guide in its
panel, the step's spaces numbered on the board, and every other key answered by the step.

A subclass, so that the race screen itself stays as it is: every key works as in a race,
and whatever becomes an action goes through the host (:class:`LessonHost`), which plays it
only when it is the step's. The numbered spaces are the race screen's own hint drawing,
fed the script's placements instead of the expert's (the hint's words stay hidden: the
guide says it).
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import events
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from monza_tui.app.screens import race as race_module
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.race_keys import KEY_ACTIONS, KEY_LIST
from monza_tui.app.widgets.common import one, show
from monza_tui.bots import Hint
from monza_tui.engine import Action, Phase
from monza_tui.errors import Said
from monza_tui.i18n import _
from monza_tui.learn.guide import Guide
from monza_tui.learn.host import LessonHost
from monza_tui.learn.script import COACH
from monza_tui.race.pace import acting
from monza_tui.record import Race


class LessonScreen(RaceScreen):
    """The race screen with the lesson's guide."""

    CSS_PATH: ClassVar[str] = str(Path(race_module.__file__).parent / "race.tcss")
    offers_hint = False  # (the guide is the hint; h gets the step's answer)

    def __init__(self, host: LessonHost) -> None:
        super().__init__(host)
        self.host = host
        self.lesson = host.lesson
        self.guide = Guide(id="guide")

    def on_mount(self) -> None:
        one(self, "#panel", Vertical).mount(self.guide, after="#turn")
        self.show_guide()

    def show_guide(self) -> None:
        mistake = ""
        if self.lesson.wrong:
            pointer = self.pointer
            mistake = self.lesson.mistake(self.race.state, pointer.marked, pointer.selected)
        self.guide.show(self.lesson, resumed=self.host.resumed, mistake=mistake)

    # The race screen's hooks ----------------------------------------------------------

    def race_changed(self, before: Race, action: Action, after: Race) -> None:
        entry = self.lesson.entry_index
        self.lesson.played(action)
        self.host.resumed = False
        if self.lesson.entry_index != entry:
            self.host.saved()
        super().race_changed(before, action, after)
        self.show_guide()

    def state_changed(self) -> None:
        super().state_changed()
        if self._frame is None and self.human_to_act():
            ahead = self.lesson.hinted(self.race.state)
            if ahead:
                self.hint_arrived(Hint(ahead, Said("learn.step")))

    def hint_line(self) -> str:
        return ""

    def prompt_text(self) -> str:
        """The coach's turn is said as the coach's, not as a computer driver's level."""
        state = self.now.state
        if not self.now.human and not state.is_terminal() and acting(state) == COACH:
            return _("The coach drives… (s skips the wait)")
        return super().prompt_text()

    def show_prompt(self, prompt: str) -> None:
        super().show_prompt(prompt)
        if self.lesson.wrong:  # (a die unmarked or let go: the answer says what is left)
            self.show_guide()
        # Once a part of the lesson is over, the guide says what comes next; the race's own
        # banner would contradict it (the race is over and its results follow, or the
        # coach's turn that never comes).
        show(one(self, "#turn", Widget), not self.lesson.over)

    def show_state(self) -> None:
        super().show_state()
        show(one(self, "#hint-line", Static), False)

    def advise(self, message: str) -> None:
        """The race screen's answer to a key that did nothing: the step answers instead."""
        self.refused()

    def refused(self) -> None:
        """Another key than the step's: its own words, nothing played."""
        self.lesson.wrong = True
        self.show_guide()
        self.app.bell()

    # Keys the lesson answers itself -----------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """A race key that does nothing now (its binding is off, so it never reaches its
        action) is still answered by the step: in a lesson, every key gets an answer."""
        if self.lesson.step is None or not self.human_to_act():
            return
        for binding, (name, parameters) in zip(KEY_LIST, KEY_ACTIONS, strict=True):
            if event.key in binding.key.split(","):
                if name in ("cursor", "deselect") or name.startswith("app."):
                    return
                if not self.check_action(name, parameters):
                    self.refused()
                return

    def action_roll(self) -> None:
        if not self.human_to_act():
            return
        if self.race.state.phase is Phase.ROLL and not self.lesson.over:
            super().action_roll()
        elif self.lesson.step is not None:
            self.refused()

    def action_hint(self) -> None:
        """The step's own words again (the lesson is the hint)."""
        if self.lesson.step is not None:
            self.refused()

    def action_enter(self) -> None:
        if self.lesson.over:
            self.host.go_on()
            return
        before = self.race
        super().action_enter()
        if self.race is before and self.lesson.step is not None and self.human_to_act():
            self.refused()  # Enter did nothing here (before the roll, say)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "enter" and self.lesson.over:
            return True
        if self.lesson.over and action not in ("rules", "quit", "request_quit"):
            return False
        if not self.lesson.offers(action):
            return False  # (the key still gets the step's answer: on_key)
        return super().check_action(action, parameters)


__all__ = ["LessonScreen"]

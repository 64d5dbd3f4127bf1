"""The guide: the lesson's words beside the race, as one widget mounted in the race
screen's panel (the screen's own widgets are left as they are).

What it says is a pure function of the lesson (:func:`guide_text`): what the last step did,
what to do now (or what the coach does), and, after another key, that step's answer.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from monza_tui.i18n import _
from monza_tui.learn.lesson import Lesson
from monza_tui.learn.script import PARTS, Step, Watch
from monza_tui.wording import sentences
from monza_tui.wording.lines import wrap_lines

TOTAL_STEPS = sum(isinstance(e, Step) for part in PARTS for e in part.entries)


def guide_text(lesson: Lesson, *, resumed: bool = False, mistake: str = "",
               width: int = 0) -> Text:
    """The guide's words for where ``lesson`` stands. Each line's mark is part of a message
    ("▶ {text}"): Chinese leaves out the space, which would push a Chinese sentence whole to
    the next line (Textual wraps at spaces; docs/i18n/zh.md). ``mistake``: what takes a
    wrong choice back (:meth:`Lesson.mistake`), said after the step's answer to it.
    While the coach plays, its words stand without a mark: the mark was "…", which read as
    the tail of a line cut off above it. ``width``: the columns of the guide's lines, laid
    out by the line-start rules (``wording.lines``; 0: as the widget wraps them)."""
    text = Text()

    def line(words: str) -> str:
        return "\n".join(wrap_lines(words, width)) if width > 0 else words

    number = min(lesson.step_number(), TOTAL_STEPS)
    text.append(line(_("Lesson: step {n} of {total}").format(n=number, total=TOTAL_STEPS)),
                style="bold")
    text.append("\n")
    if resumed:
        text.append(line(_("Welcome back: the lesson goes on where you left it.")) + "\n",
                    style="italic")
    done = lesson.last_done()
    if done is not None and not resumed:  # (back: the welcome in its place, in the same lines)
        text.append(line(_("✓ {text}").format(text=_(done.done))) + "\n", style="dim")
    entry = lesson.entry
    if lesson.over:
        text.append(line(_("▶ {text}").format(text=_(lesson.part.end))), style="bold")
    elif isinstance(entry, Step):
        if lesson.wrong:
            wrong = sentences(_(entry.wrong), mistake) if mistake else _(entry.wrong)
            text.append(line(_("✗ {text}").format(text=wrong)), style="bold reverse")
        else:
            text.append(line(_("▶ {text}").format(text=_(entry.say))), style="bold")
    elif isinstance(entry, Watch):
        text.append(line(_(entry.say)), style="italic")
    return text


class Guide(Static):
    """The guide panel."""

    DEFAULT_CSS = """
    Guide {
        height: auto;
        max-height: 12;
        margin: 0 0 1 0;
        padding: 0 1;
        border-left: thick $accent;
        background: $boost;
        color: $text;
    }
    """

    _shown: tuple[Lesson, bool, str] | None = None

    def show(self, lesson: Lesson, *, resumed: bool = False, mistake: str = "") -> None:
        self._shown = (lesson, resumed, mistake)
        self.update(guide_text(lesson, resumed=resumed, mistake=mistake,
                               width=self.content_size.width))

    def on_resize(self) -> None:
        """Laid out again for the new width (the line-start rules: ``wording.lines``)."""
        if self._shown is not None:
            lesson, resumed, mistake = self._shown
            self.show(lesson, resumed=resumed, mistake=mistake)


__all__ = ["TOTAL_STEPS", "Guide", "guide_text"]

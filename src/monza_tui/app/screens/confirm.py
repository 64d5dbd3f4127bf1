"""A yes-or-no question over the current screen (quit a race, continue a saved one)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from monza_tui.app.widgets.buttons import DialogButton
from monza_tui.i18n import N_


class ConfirmScreen(ModalScreen[bool]):
    """Dismissed with True for yes (y, Enter on Yes, a click) and False for no (n, Escape)."""

    CSS_PATH = "confirm.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes"), id="confirm.yes"),
        Binding("n,escape", "answer(False)", N_("No"), id="confirm.no"),
    ]

    def __init__(self, question: str, *, yes: str, no: str) -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="question")
            with Horizontal(id="answers"):
                yield DialogButton(self.yes, id="yes", variant="primary",
                                   action="screen.answer(True)")
                yield DialogButton(self.no, id="no", action="screen.answer(False)")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

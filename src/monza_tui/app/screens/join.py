"""Join a race hosted elsewhere, without a command line (the set-up screen's "Join a race";
a browser's visitor of ``monza serve`` has no other way): the address, the code and a name,
as ``monza join ADDRESS CODE --name NAME`` takes them; the invitation's whole line pasted
into the address fills all three. A relay's address (``wss://relay.example/7K3-Q9P``)
holds the code, and a code alone joins through the settings' relay (docs/relay.md)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, ClassVar, cast

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Static

from monza_tui.app.screens.setup_form import TickBox
from monza_tui.app.widgets.buttons import DialogButton
from monza_tui.errors import UserError
from monza_tui.i18n import N_, _
from monza_tui.net.invitation import JoinLine, join_target, looks_like_a_line, read_line

if TYPE_CHECKING:
    from monza_tui.app.shell import Shell


class JoinScreen(ModalScreen[None]):
    """Address, code, name, "only watch"; Enter joins, Escape goes back."""

    CSS_PATH = "network.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Back"), id="join.cancel"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="join-box", classes="network-box"):
            yield Static(_("Join a race"), classes="network-title", markup=False)
            yield Static(_("The host's screen shows the address and the code."),
                         classes="network-help", markup=False)
            # Each field keeps its label beside it (a placeholder goes once typing starts).
            fields = (
                (_("Address"), _("Address, or the invitation's whole line"), "join-address"),
                (_("Code"), _("Code (e.g. 7K3-Q9P)"), "join-code"),
                (_("Name"), _("Your name (your seat's name)"), "join-name"),
            )
            width = max(cell_len(label) for label, _example, _field in fields) + 1
            for label, example, field in fields:
                with Horizontal(classes="join-field"):
                    shown = Static(label, classes="join-label", markup=False)
                    shown.styles.width = width  # (as wide as the longest, in any language)
                    yield shown
                    yield Input(placeholder=example, id=field, compact=True)
            yield TickBox(_("Only watch"), id="join-watch", compact=True)
            yield Static("", id="join-error", classes="error-line", markup=False)
            with Horizontal(classes="network-buttons"):
                yield DialogButton(_("Join"), id="join-go", variant="primary", compact=True,
                             action="screen.join")
                yield DialogButton(_("Back"), id="join-back", compact=True, action="screen.cancel")

    def on_mount(self) -> None:
        self.query_one("#join-address", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_join()

    def on_input_changed(self, event: Input.Changed) -> None:
        """A whole invitation line pasted into the address: its parts go to their fields
        (said only on joining if it is no line: it may be half typed)."""
        if event.input.id == "join-address" and looks_like_a_line(event.value):
            with contextlib.suppress(UserError):
                self._fill(read_line(event.value, _relay()))

    def _fill(self, line: JoinLine) -> None:
        self.query_one("#join-address", Input).value = line.address
        self.query_one("#join-code", Input).value = line.code
        if line.name is not None:
            self.query_one("#join-name", Input).value = line.name
        if line.watch:
            self.query_one("#join-watch", Checkbox).value = True

    def _value(self, selector: str) -> str:
        return self.query_one(selector, Input).value.strip()

    def action_join(self) -> None:
        typed = self._value("#join-address")
        if looks_like_a_line(typed):  # a line that did not read: say why
            try:
                self._fill(read_line(typed, _relay()))
            except UserError as error:
                from monza_tui.app.remote_words import on_its_own
                from monza_tui.wording import word

                self._say(on_its_own(word(error)))
                return
        address, code = self._value("#join-address"), self._value("#join-code")
        if address and not code:  # a relay's address holds the code; a code alone, its relay
            try:
                address, code = join_target(address, None, _relay())
            except UserError:
                address = ""
        if not address or not code:
            self._say(_("Type the address and the code the host's screen shows."))
            return
        self._say(_("Joining…"))
        self.query_one("#join-go", Button).disabled = True
        self.run_worker(self._join(address, code), exclusive=True, group="join",
                        exit_on_error=False)

    async def _join(self, address: str, code: str) -> None:
        from monza_tui.app.remote_host import connect

        app = cast("Shell", self.app)
        try:
            host = await connect(app, address, code, name=self._value("#join-name") or None,
                                 watch=self.query_one("#join-watch", Checkbox).value)
        except UserError as error:
            from monza_tui.app.remote_words import on_its_own
            from monza_tui.wording import word

            self._say(on_its_own(word(error)))
            self.query_one("#join-go", Button).disabled = False
            return
        self.dismiss(None)
        host.start()

    def _say(self, text: str) -> None:
        self.query_one("#join-error", Static).update(text)

    def action_cancel(self) -> None:
        self.dismiss(None)


def _relay() -> str | None:
    """The family's relay from the settings, for a code given alone."""
    from monza_tui import settings

    return settings.load().relay


__all__ = ["JoinScreen"]

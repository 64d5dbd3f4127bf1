"""The host's invitation: the line to give each person elsewhere (``monza join ADDRESS CODE
--name NAME``, or through a relay ``monza join wss://relay.example/CODE --name NAME``, one
per remote seat), the addresses and the code, whether the relay is reached, and who has
taken their seat. Shown over the race when it starts with a seat still free, and again with ``i`` at
any moment."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from monza_tui.i18n import N_, _, colour_letter

if TYPE_CHECKING:
    from monza_tui.app.remote_host import RemoteHost


def invitation_lines(host: RemoteHost) -> list[str]:
    """What the invitation says, line by line."""
    invitation = host.invitation
    assert invitation is not None
    addresses = list(invitation.addresses)
    code = invitation.code
    if invitation.names:
        lines = [_("Give each person elsewhere the line of their seat to type:"),
                 *("  " + command for command in invitation.commands())]
    else:  # (no seat for a person elsewhere: others may watch)
        lines = [_("Others may watch the race with this line:"),
                 "  " + invitation.command(watch=True)]
    lines.append(_("Code: {code}").format(code=code))
    uplink = host.server.uplink if host.server is not None else None
    if uplink is not None:  # whether the others can reach the race now
        from monza_tui.app.remote_words import on_its_own
        from monza_tui.errors import Said
        from monza_tui.wording import word

        lines.append(on_its_own(word(Said(uplink.status.code, dict(uplink.status.params)))))
    if len(addresses) > 1:
        lines.append(_("Also reachable at: {addresses}").format(
            addresses=_(", ").join(addresses[1:])))
    client = host.client
    if client is not None:
        lines.append("")
        for index, player in enumerate(client.race.players):
            if index in client.seats:
                continue
            seen = client.presence.get(index)
            kind = seen.kind if seen is not None else "here"
            if player.seat.is_bot and kind != "away":
                continue
            status = {
                "here": _("here"),
                "away": _("away"),
                "bot": _("a computer driver drives"),
            }.get(kind, _("not joined yet"))
            # (one message: the colon and its spacing are the language's)
            lines.append(_("{car} {name}: {status}").format(
                car=colour_letter(player.car), name=player.name, status=status))
    return lines


class InvitationScreen(ModalScreen[None]):
    """The invitation over the race; Enter or Escape goes back to it."""

    CSS_PATH = "network.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,i", "close", N_("Back to the race"), id="invitation.close"),
    ]

    def __init__(self, host: RemoteHost) -> None:
        super().__init__()
        self.host = host

    def compose(self) -> ComposeResult:
        with Vertical(id="invitation-box", classes="network-box"):
            yield Static(_("Invitation"), classes="network-title", markup=False)
            yield Static("\n".join(invitation_lines(self.host)), id="invitation-text",
                         markup=False)
            yield Static(_("Enter: back to the race (i shows this again)."),
                         classes="network-help", markup=False)

    def on_mount(self) -> None:
        self.set_interval(1.0, self._refresh_seats)

    def _refresh_seats(self) -> None:
        text = "\n".join(invitation_lines(self.host))
        shown = self.query_one("#invitation-text", Static)
        if str(shown.render()) != text:
            shown.update(text)

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["InvitationScreen", "invitation_lines"]

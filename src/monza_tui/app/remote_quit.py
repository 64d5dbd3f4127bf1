"""Leaving a race played over the network: the quit question (a guest's car goes to a
computer driver after the grace time and comes back when they join again; the host's
race is saved for ``monza host --resume``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from monza_tui.i18n import _
from monza_tui.web import served

if TYPE_CHECKING:
    from monza_tui.app.remote_host import RemoteHost
    from monza_tui.app.shell import Shell


def ask_to_leave(app: Shell, remote: RemoteHost) -> None:
    """Quit, asking first while the race is on and someone here drives."""
    from monza_tui.app.screens.confirm import ConfirmScreen

    race = remote.race
    if race is None or race.state.is_terminal() or remote.watching:
        app.exit()
        return
    if isinstance(app.screen, ConfirmScreen):
        return
    if remote.hosting:
        question = _("Stop hosting the race? It is saved: monza host --resume continues it, "
                     "and the others join again with the same code.")
        message = _("The race is saved; monza host --resume continues it.")
        yes = _("Stop")
    elif served():  # a browser's visitor joins with the set-up screen's form
        question = _("Leave the race? A computer driver takes your car after a short wait; "
                     "Join a race with the same code and name takes it back.")
        message = _("You left the race; Join a race with the same code and name takes your "
                    "car back.")
        yes = _("Leave")
    else:
        question = _("Leave the race? A computer driver takes your car after a short wait; "
                     "monza join with the same code and name takes it back.")
        message = _("You left the race; monza join with the same code and name takes your "
                    "car back.")
        yes = _("Leave")

    def answered(leave: bool | None) -> None:
        if leave:
            app.exit(message=message)

    app.push_screen(ConfirmScreen(question, yes=yes, no=_("Play on")), answered)


__all__ = ["ask_to_leave"]

"""What a race played over the network says on screen: who we wait for, a seat away and its
grace countdown, the connection, the host's refusals (their language-neutral codes worded
here), the invitation. Pure functions of what the client knows, so each sentence can be
tested without a server."""

from __future__ import annotations

from collections.abc import Mapping

from monza_tui.engine import Colour
from monza_tui.errors import Said
from monza_tui.i18n import _, colour_name, number
from monza_tui.net.protocol import Presence
from monza_tui.wording import MESSAGES, word


def away_words(name: str, seconds_left: int) -> str:
    """A person whose terminal dropped, during the grace time (a countdown in whole
    seconds), after which a computer driver takes their car."""
    return _("{name} is away ({n} s)").format(name=name, n=number(max(0, seconds_left)))


def waiting_words(name: str, *, joined: bool, hosting: bool) -> str:
    """Whose turn it is elsewhere: a person at another terminal, or a seat nobody took
    yet (the host is reminded of the invitation key)."""
    if joined:
        return _("Waiting for {name}…").format(name=name)
    if hosting:
        return _("Waiting for {name} to join (i shows the invitation)").format(name=name)
    return _("Waiting for {name} to join").format(name=name)


def presence_news(name: str, before: Presence | None, now: Presence) -> str:
    """What a change of a person's presence elsewhere tells everyone ("" when nothing: a
    computer driver's seat, or no change)."""
    was = before.kind if before is not None else None
    if was == now.kind or now.kind == "bot" or was == "bot":
        return ""  # (a car changing drivers is told as a seat change)
    if now.kind == "away":
        return _("{name} dropped out; a computer driver takes the car in {n} s unless "
                 "{name} comes back.").format(name=name, n=number(now.seconds_left()))
    if now.kind == "here" and was == "waiting":
        return _("{name} joined the race.").format(name=name)
    if now.kind == "here" and was == "away":
        return _("{name} is back.").format(name=name)
    return ""


def bot_words(name: str, level: str) -> str:
    """A computer driver's turn, played by the host (no skipping its pause from here)."""
    return _("{name}: {level} driver at the wheel…").format(name=name, level=level)


def offline_words() -> str:
    """The line while the connection to the host is lost (the client tries again)."""
    return _("The connection to the host is lost; trying again…")


def back_words() -> str:
    """The line when the connection is back."""
    return _("Connected to the host again.")


def watching_words() -> str:
    """A spectator's first line in the race log."""
    return _("You are watching this race.")


def driving_words(name: str, car: Colour) -> str:
    """A person's first line on joining: the seat the host gave them, by name and colour
    (a join without a name takes the one free seat: this says whose)."""
    return _("You drive {name} ({car})").format(name=name, car=colour_name(car))


def refusal_words(code: str, params: Mapping[str, object]) -> str:
    """The host refused an action: its code in the player's words (a code this version
    does not know is named, not hidden)."""
    if code in MESSAGES:
        return on_its_own(word(Said(code, dict(params))))
    return _("The host refused that ({code}).").format(code=code)


def dice_check_words(code: str) -> str:
    """The end's check of the host's word, for the race log and the results: a tick when
    its seed is the one it promised and the dice seen were that seed's, else a cross and
    what failed (``net.dice_fair`` or a code of :data:`monza_tui.net.mirror.CHECK_FAILED`)."""
    from monza_tui.net.mirror import FAIR

    mark = "✓" if code == FAIR else "✗"
    return f"{mark} {on_its_own(word(Said(code, {})))}"


def on_its_own(text: str) -> str:
    """A worded error shown on a line of its own: the wording's sentences are parts of
    lines (``monza: cannot reach …``), so the first letter is raised."""
    return text[:1].upper() + text[1:]


def leave_words(*, hosting: bool, served: bool) -> tuple[str, str, str]:
    """The quit question of a race over the network, what is said on leaving, and the
    button that leaves: a guest's car goes to a computer driver after the grace time and
    comes back when they join again; the host's race is saved for ``monza host
    --resume``; a browser's visitor joins again with the set-up screen's form."""
    if hosting:
        return (_("Stop hosting the race? It is saved: monza host --resume continues it, "
                  "and the others join again with the same code."),
                _("The race is saved; monza host --resume continues it."), _("Stop"))
    if served:
        return (_("Leave the race? A computer driver takes your car after a short wait; "
                  "Join a race with the same code and name takes it back."),
                _("You left the race; Join a race with the same code and name takes your "
                  "car back."), _("Leave"))
    return (_("Leave the race? A computer driver takes your car after a short wait; "
              "monza join with the same code and name takes it back."),
            _("You left the race; monza join with the same code and name takes your "
              "car back."), _("Leave"))


__all__ = [
    "away_words",
    "back_words",
    "bot_words",
    "dice_check_words",
    "driving_words",
    "leave_words",
    "offline_words",
    "on_its_own",
    "presence_news",
    "refusal_words",
    "waiting_words",
    "watching_words",
]

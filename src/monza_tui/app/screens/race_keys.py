"""The race screen's keys (Textual bindings). When each is on offer, and what Enter plays,
is the race core's (``monza_tui.race.offers``)."""

from __future__ import annotations

from textual.binding import Binding

from monza_tui.i18n import N_

KEYS: tuple[Binding, ...] = (
    Binding("space,r", "roll", N_("Roll"), key_display="space", id="race.roll"),
    Binding("1", "die(0)", N_("Die"), key_display="1-6", id="race.die-1"),
    Binding("2", "die(1)", N_("Die"), show=False, id="race.die-2"),
    Binding("3", "die(2)", N_("Die"), show=False, id="race.die-3"),
    Binding("4", "die(3)", N_("Die"), show=False, id="race.die-4"),
    Binding("5", "die(4)", N_("Die"), show=False, id="race.die-5"),
    Binding("6", "die(5)", N_("Die"), show=False, id="race.die-6"),
    Binding("t", "tile", N_("Tile"), id="race.tile"),
    # "Choose", not "Space": the space key rolls.
    Binding("tab,right,down", "cursor(1)", N_("Choose"), key_display="⇥/←→", id="race.next"),
    Binding("shift+tab,left,up", "cursor(-1)", N_("Choose"), show=False, id="race.previous"),
    Binding("enter", "enter", N_("OK"), id="race.enter"),
    Binding("backspace", "take_back", N_("Take back"), key_display="⌫", id="race.take-back"),
    Binding("k", "keep", N_("Keep roll"), id="race.keep"),
    Binding("d", "decline", N_("Decline"), id="race.decline"),
    Binding("h", "hint", N_("Hint"), id="race.hint"),
    Binding("s", "skip", N_("Skip"), id="race.skip"),
    Binding("escape", "deselect", N_("Deselect"), show=False, id="race.deselect"),
    # Seats that change hands (screens/seat_change.py), at any moment, a bot's turn too.
    # The footer shows c where it has room (80 columns): before the roll, in the bonus
    # move and while nobody at the keyboard decides; the hidden twin takes c the rest of
    # the time (Textual tries a key's bindings in order until one's action is on offer).
    Binding("c", "seats", N_("Seats"), id="race.seats"),
    Binding("c", "hand_over", N_("Seats"), show=False, id="race.seats-any"),
    Binding("q", "app.request_quit", N_("Quit"), show=False, id="race.quit"),
)
"""Every key of the race screen (the app adds ? for the rules and ^q)."""
KEY_LIST = list(KEYS)


def binding_args(action: str) -> tuple[object, ...]:
    """The parameters of a binding's action string: ``die(2)`` -> ``(2,)``."""
    if "(" not in action:
        return ()
    inner = action[action.index("(") + 1 : -1]
    return tuple(int(part) for part in inner.split(",") if part.strip())


KEY_ACTIONS: tuple[tuple[str, tuple[object, ...]], ...] = tuple(
    (binding.action.split("(")[0], binding_args(binding.action)) for binding in KEYS
)
"""Each key's action name and parameters, as ``check_action`` is asked about it (parsed
once: the race screen asks about every key at each redraw)."""


__all__ = ["KEYS", "KEY_ACTIONS", "KEY_LIST", "binding_args"]

"""The race screen's keys and when each is on offer, as a pure function of the choices of
now and the pointer (the footer and ``check_action`` ask it; tests can too)."""

from __future__ import annotations

from typing import cast

from textual.binding import Binding

from monza_tui.app.screens.race_now import PLACING, Now, Pointer
from monza_tui.engine import Action, BonusStep, Confirm, KeepRoll, Phase, Reroll
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


def offers(
    action: str,
    parameters: tuple[object, ...],
    now: Now | None,
    pointer: Pointer,
    *,
    terminal: bool,
    waiting: bool,
    seats: bool = True,
) -> bool:
    """Whether the key of ``action`` does something now. ``now`` is None while the choices
    are being derived; ``waiting``: nobody at the keyboard decides (a bot, the dice, the
    car driving); ``seats``: this keyboard may hand cars over (not a networked race's
    guest)."""
    if action in ("rules", "quit", "request_quit"):
        return True
    if action in ("seats", "hand_over") and not seats:
        return False
    if action == "skip":
        return waiting and not terminal
    if action == "hand_over":
        return not terminal
    if action == "seats":
        return not terminal and (
            waiting or now is None or now.state.phase in (Phase.ROLL, Phase.BONUS)
        )
    if action == "enter" and terminal:
        return True  # back to the results
    if waiting or now is None or not now.human:
        return False
    state = now.state
    phase = state.phase
    if action == "roll":
        return phase is Phase.ROLL
    if action == "die":
        # While placing, only when some die still fits (else the prompt says why and
        # Enter drives); during the extra roll the dice keys mark dice to re-roll.
        index = cast(int, parameters[0] if parameters else 0)
        if index >= len(state.roll):
            return False
        return phase is Phase.EXTRA_ROLL or (phase in PLACING and bool(now.dice_spaces))
    if action == "tile":
        # Not during the extra roll: tiles come after it (placing a die keeps the roll).
        return state.game.pro and phase is Phase.PLACING and bool(now.tiles)
    if action == "cursor":
        return len(now.targets(pointer.selected)) > 1
    if action == "enter":
        return not state.is_chance()
    if action == "take_back":
        return now.can_take_back
    if action == "keep":
        return phase is Phase.EXTRA_ROLL
    if action == "decline":
        return phase is Phase.BONUS
    if action == "deselect":
        return pointer.selected is not None
    return True  # hint: it says why when there is nothing to hint yet


def enter_actions(now: Now, pointer: Pointer) -> tuple[Action, ...]:
    """What Enter plays now, in order (nothing: it does nothing here). Enter does the
    obvious thing: re-roll the marked dice or keep the roll (with the placement onto the
    cursor's space after it: placing during the extra roll keeps it, R13), place the
    selected die or tile, or the die that fits the cursor's space, drive once no die fits
    (R6), take the bonus move's step (R15). Not the roll: in a hot-seat race the next player
    rolls deliberately, with space or r."""
    phase = now.phase
    cursor = pointer.cursor
    if phase is Phase.EXTRA_ROLL:
        if pointer.marked:
            return (Reroll(tuple(sorted(pointer.marked))),)
        if cursor is not None and (place := now.place_at(cursor)):
            return (KeepRoll(), place)
        return (KeepRoll(),)
    if phase is Phase.BONUS:
        return (BonusStep(cursor),) if cursor is not None and cursor in now.targets() else ()
    if phase in PLACING:
        if pointer.selected is not None:
            placed = now.place_at(cursor, pointer.selected) if cursor is not None else None
        elif now.can_confirm:
            return (Confirm(),)
        else:
            placed = now.place_at(cursor) if cursor is not None else None
        return (placed,) if placed is not None else ()
    return ()


__all__ = ["KEYS", "KEY_ACTIONS", "KEY_LIST", "binding_args", "enter_actions", "offers"]

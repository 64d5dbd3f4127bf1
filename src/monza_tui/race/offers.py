"""Which keys of a race do something now and what Enter plays, as pure functions of the
choices of now and the pointer: the race screen's footer and ``check_action`` ask them, and
its foresight plays Enter ahead with them; tests can ask too. No Textual here: the keys
themselves (``app/screens/race_keys.py``) are the screen's."""

from __future__ import annotations

from enum import Enum
from typing import cast

from monza_tui.engine import Action, BonusStep, Confirm, KeepRoll, Phase, Reroll
from monza_tui.race.now import PLACING, Now, Pointer


class Waiting(Enum):
    """What the screen waits for: what decides whether a key may hurry it."""

    NOTHING = "nothing"
    """A person at this keyboard decides now."""
    PACE = "pace"
    """The race's own moments: a computer driver, the dice rolling by themselves, the car
    driving. Skip hurries them."""
    PERSON = "person"
    """A person elsewhere (a networked race): nothing here hurries them, so Skip is not
    offered (it did nothing and read as if it could)."""


def offers(
    action: str,
    parameters: tuple[object, ...],
    now: Now | None,
    pointer: Pointer,
    *,
    terminal: bool,
    waiting: Waiting,
    seats: bool = True,
) -> bool:
    """Whether the key of ``action`` does something now. ``now`` is None while the choices
    are being derived; ``waiting``: what the screen waits for (nothing: a person here
    decides); ``seats``: this keyboard may hand cars over (not a networked race's
    guest)."""
    if action in ("rules", "quit", "request_quit"):
        return True
    if action in ("seats", "hand_over") and not seats:
        return False
    if action == "skip":
        return waiting is Waiting.PACE and not terminal
    if action == "hand_over":
        return not terminal
    if action == "seats":
        return not terminal and (
            waiting is not Waiting.NOTHING
            or now is None
            or now.state.phase in (Phase.ROLL, Phase.BONUS)
        )
    if action in ("enter", "deselect") and terminal:
        return True  # back to the results
    if waiting is not Waiting.NOTHING or now is None or not now.human:
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


__all__ = ["Waiting", "enter_actions", "offers"]

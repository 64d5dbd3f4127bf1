"""What the race screen says: the prompt, the hint and why no die fits, as pure functions of
the engine state, the choices of now (:class:`Now`) and the pointer.

Kept apart from the screen so each sentence can be tested without an app, and so that the
rule numbers (R5, R13...) stay here in comments, off the players' main screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from monza_tui.engine import (
    BonusStep,
    Colour,
    Confirm,
    DeclineBonus,
    Die,
    Edition,
    KeepRoll,
    Phase,
    Place,
    Reroll,
    State,
    Tile,
)
from monza_tui.engine.board import touches
from monza_tui.i18n import _, colour_name, pgettext
from monza_tui.race.narrate import where_words
from monza_tui.race.now import PLACING, Now, Pointer
from monza_tui.wording import sentences, word

if TYPE_CHECKING:
    from monza_tui.bots import Hint


def _dice(indices: object) -> str:
    return _(", ").join(str(i + 1) for i in sorted(indices))  # type: ignore[call-overload]


def waiting_prompt(state: State, *, driving: bool, bot_label: str | None,
                   elsewhere: str | None = None) -> str:
    """What is happening while nobody at the keyboard decides; ``elsewhere``: who a
    networked race waits for, in words (``app/remote_words.py``)."""
    if driving:
        return _("The car drives… (s skips)")
    if state.is_terminal():
        return _("The race is over. The results are on the next screen.")
    if state.phase is Phase.TURBO_ROLL:
        return _("Turbo roll! All six dice were placed: two more dice.")
    if state.phase is Phase.EXTRA_ROLL and state.is_chance():
        return _("Re-rolling the marked dice…")
    if elsewhere is not None:
        return elsewhere
    if bot_label is not None:
        return _("{level} driver at the wheel… (s skips the wait)").format(level=bot_label)
    return _("Rolling…")


def prompt(now: Now, pointer: Pointer) -> str:
    """What the person at the keyboard is asked to do now."""
    state = now.state
    phase = state.phase
    if phase is Phase.ROLL:
        return _("Roll the dice: space or r.")
    if phase is Phase.EXTRA_ROLL:
        if pointer.marked:
            return _("Extra roll: dice {dice} marked; Enter re-rolls them, k keeps the "
                     "roll.").format(dice=_dice(pointer.marked))
        return _("Extra roll? Mark dice to re-roll with 1-6, or place a die on a lit "
                 "space (←→, Enter) to keep the roll.")
    if phase is Phase.BONUS:
        return _("Bonus move: pick a free space ahead (←→, Enter) or d to decline.")
    selected = pointer.selected
    if isinstance(selected, Die):
        return _("Die {n} ({colour}): pick a lit space (←→) and press Enter.").format(
            n=selected.index + 1, colour=colour_name(state.roll[selected.index])
        )
    if isinstance(selected, Tile):
        return _("{colour} tile: pick a lit space (←→) and press Enter.").format(
            colour=colour_name(selected.colour).capitalize()
        )
    if now.can_confirm:
        if state.unused_dice():
            text = _("No die fits any more: Enter drives the car.")
            reason = no_fit_reason(state)
            if reason:
                text = sentences(text, reason)
        else:
            text = _("Every die is placed: Enter drives the car.")
        if now.tiles:
            text = sentences(text, _("A tile still fits (t)."))
        if state.path:
            text = sentences(text, _("⌫ takes back."))
        return text
    if phase is Phase.TURBO_PLACING:
        return _("Turbo: place the two new dice: 1-2, or ←→ and Enter.")
    text = _("Place a die: 1-6, or ←→ and Enter on a lit space. ⌫ takes back.")
    if now.tile_only:
        text = sentences(text, _("Spaces lit with dots need a tile (t)."))
    return text


def no_fit_reason(state: State) -> str:
    """Why no die fits, from the board's geometry and steps (R5): the spaces of the dice's
    colours that touch the car (or the last token) and why they are not steps ahead, in
    the rule of the board's edition (the original's diagonal lane changes, R17)."""
    if state.phase not in PLACING:
        return ""
    unused = state.unused_dice()
    if not unused:
        return _("Every die is placed.")
    board = state.board
    origin = board.spaces[state.origin()]
    colours = {state.roll[i] for i in unused}
    steps = set(board.steps[origin.index])
    beside: list[str] = []
    for space in board.spaces:
        if space.colour not in colours or space.index in steps or space.index == origin.index:
            continue
        if not touches(origin, space):
            continue
        if space.colour is None:
            continue
        colour = colour_name(space.colour)
        # The original edition changes lanes only diagonally forward (R17): said so there,
        # whatever the space's front edge; the anniversary's rule is the front edge (R5).
        if space.front <= origin.front and board.edition is not Edition.ORIGINAL:
            beside.append(
                _("the {colour} space beside you does not reach further ahead").format(
                    colour=colour
                )
            )
        else:
            beside.append(
                _("the {colour} space beside you is not a step forward (lanes change "
                  "diagonally)").format(colour=colour)
            )
    if beside:
        return _("Why: {reasons}.").format(reasons=_("; ").join(dict.fromkeys(beside)))
    ahead = sorted(
        {c for s in steps if (c := board.spaces[s].colour) is not None}, key=lambda c: c.index
    )
    if not ahead:
        return _("Why: there is no space ahead.")
    return _("Why: the spaces ahead are {ahead}; the dice left are {dice}.").format(
        ahead=_names(ahead), dice=_names(sorted(colours, key=lambda c: c.index))
    )


def _names(colours: list[Colour]) -> str:
    return _(", ").join(colour_name(c) for c in colours)


def hint_text(state: State, found: Hint | None) -> str:
    """The expert's plan in words. A die is named by its own number, the one the dice row,
    its key and the board's mark show, and its colour ("3 blue"); a tile by its colour."""
    if found is None:
        return ""
    parts: list[str] = []
    placed: list[str] = []
    for action in found.actions:
        if isinstance(action, Reroll):
            parts.append(_("re-roll dice {dice}").format(dice=_dice(action.dice)))
        elif isinstance(action, KeepRoll):
            parts.append(_("keep the roll"))
        elif isinstance(action, Place):
            token = action.token
            if isinstance(token, Die):
                placed.append(_("{n} {what}").format(
                    n=token.index + 1, what=colour_name(state.roll[token.index])))
            else:
                placed.append(_("{colour} tile").format(colour=colour_name(token.colour)))
        elif isinstance(action, Confirm):
            if placed:
                parts.append(_("place {dice} as numbered on the board").format(
                    dice=_(", ").join(placed)))
            parts.append(_("drive"))
        elif isinstance(action, BonusStep):
            parts.append(_("take the lit bonus step"))
        elif isinstance(action, DeclineBonus):
            parts.append(_("decline the bonus"))
    step = next((a for a in found.actions if isinstance(a, BonusStep)), None)
    if step is not None and state.is_legal(step):
        # Said in the screen's words: the lit step, and where the car will then be.
        mover = state.bonus_player if state.bonus_player is not None else state.player
        return _("Hint: take the lit bonus step: {where}").format(
            where=where_words(state.apply(step), mover)
        )
    if not any(isinstance(action, (Place, Reroll)) for action in found.actions):
        return _("Hint: {reason}").format(reason=word(found.reason))
    plan = pgettext("hint steps", ", ").join(parts)  # Chinese: dice 、 but steps ，
    return _("Hint: {plan} – {reason}").format(plan=plan, reason=word(found.reason))


def driver_failed(error: str) -> str:
    """What is said when a computer driver fails (``race.drivers.bot_move``): the race goes
    on with the first legal action. ``error``: what it raised ("" for an action the rules
    refused)."""
    return _("The computer driver failed ({error}); it plays the first legal move.").format(
        error=error or _("illegal action"))


__all__ = ["driver_failed", "hint_text", "no_fit_reason", "prompt", "waiting_prompt"]

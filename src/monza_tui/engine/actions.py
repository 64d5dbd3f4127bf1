"""Actions: hashable values with one text form, and the errors for bad ones.

Like python-chess's moves: every action has exactly one text form (``str(action)``) and
:func:`parse_action` reads it back. Here spaces are board indices, the way engine tests
script a turn; on a board, :mod:`monza_tui.engine.notation` names them by their ids, and
that is the text players and records see. Whether an action is *legal* is decided in one
place, :meth:`monza_tui.engine.state.State.legal_actions`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from monza_tui.engine.colours import Colour


class InvalidActionError(ValueError):
    """Text that is not an action at all (syntax), like python-chess's InvalidMoveError."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules do not allow in this state."""


@dataclass(frozen=True, slots=True)
class Die:
    """One of the rolled dice, by its index into the current roll."""

    index: int

    def __str__(self) -> str:
        return f"d{self.index}"


@dataclass(frozen=True, slots=True)
class Tile:
    """An accelerator tile of the given colour (pro variant, R12)."""

    colour: Colour

    def __str__(self) -> str:
        return f"t{self.colour.letter}"


Token: TypeAlias = Die | Tile


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the colours the dice came up with (six, the re-rolled ones, or two for turbo)."""

    colours: tuple[Colour, ...]

    def __str__(self) -> str:
        return "roll " + "".join(c.letter for c in self.colours)


@dataclass(frozen=True, slots=True)
class Reroll:
    """Use the extra-roll tile on these dice (R13); chance then rolls them again."""

    dice: tuple[int, ...]

    def __str__(self) -> str:
        return "reroll " + ",".join(str(i) for i in self.dice)


@dataclass(frozen=True, slots=True)
class KeepRoll:
    """Keep the roll as it is and go on to placing (the extra-roll tile stays)."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Place:
    """Put a die or tile on a space one step ahead of the last token (R5, R6)."""

    token: Token
    space: int

    def __str__(self) -> str:
        return f"{self.token}@{self.space}"


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take the last placed die or tile back (R6)."""

    def __str__(self) -> str:
        return "back"


@dataclass(frozen=True, slots=True)
class Confirm:
    """Drive the car along the planned path; allowed once no die fits any more (R6)."""

    def __str__(self) -> str:
        return "go"


@dataclass(frozen=True, slots=True)
class BonusStep:
    """The owed car takes one free forward step (R15)."""

    space: int

    def __str__(self) -> str:
        return f"bonus@{self.space}"


@dataclass(frozen=True, slots=True)
class DeclineBonus:
    """The owed car's player lets the bonus step go (R15)."""

    def __str__(self) -> str:
        return "nobonus"


Action: TypeAlias = Roll | Reroll | KeepRoll | Place | TakeBack | Confirm | BonusStep | DeclineBonus

_SIMPLE: dict[str, Action] = {
    "keep": KeepRoll(),
    "back": TakeBack(),
    "go": Confirm(),
    "nobonus": DeclineBonus(),
}


def parse_action(text: str) -> Action:
    """Read an action from its text form; :class:`InvalidActionError` if it is none.

    Spaces are written as board indices, as ``str(action)`` writes them; text with space
    ids is read by :func:`monza_tui.engine.notation.parse_action_text`.
    """
    text = text.strip()
    try:
        if text in _SIMPLE:
            return _SIMPLE[text]
        if text.startswith("roll "):
            return Roll(tuple(Colour.from_letter(c) for c in text[5:].strip()))
        if text.startswith("reroll "):
            return Reroll(tuple(int(i) for i in text[7:].split(",")))
        if text.startswith("bonus@"):
            return BonusStep(int(text[6:]))
        token_text, _, space_text = text.partition("@")
        if token_text.startswith("d") and space_text:
            return Place(Die(int(token_text[1:])), int(space_text))
        if token_text.startswith("t") and len(token_text) == 2 and space_text:
            return Place(Tile(Colour.from_letter(token_text[1])), int(space_text))
    except (KeyError, ValueError):
        pass
    raise InvalidActionError(f"not an action: {text!r}")

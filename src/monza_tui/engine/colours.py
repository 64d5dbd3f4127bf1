"""The six colours of dice, spaces, tiles and cars (R1)."""

from __future__ import annotations

import enum


class Colour(enum.Enum):
    """A colour of a die face, a space, an accelerator tile or a car.

    The order of the members is the order dice are shown in and the order of a
    canonical (sorted) roll.
    """

    RED = "red"
    """Red: a car of both editions."""
    BLUE = "blue"
    """Blue: a car of both editions."""
    GREEN = "green"
    """Green: a car of both editions."""
    YELLOW = "yellow"
    """Yellow: a car of both editions."""
    PURPLE = "purple"
    """Purple: a car only in the original edition (R2); opens the anniversary start (R5)."""
    WHITE = "white"
    """White: a car only in the original edition (R2); the anniversary finish field (R9)."""

    @property
    def letter(self) -> str:
        """The one-letter form used in board files and on screen (works colour-blind)."""
        return _LETTERS[self]

    @property
    def index(self) -> int:
        """Position in :data:`COLOURS`, for count vectors indexed by colour."""
        return _INDEX[self]

    @classmethod
    def from_letter(cls, letter: str) -> Colour:
        """The colour of a letter ``R B G Y P W`` (case-insensitive); ``KeyError`` otherwise."""
        return _BY_LETTER[letter.upper()]

    def __str__(self) -> str:
        return self.value


COLOURS: tuple[Colour, ...] = tuple(Colour)
"""All six colours in canonical order."""

ANNIVERSARY_CARS: tuple[Colour, ...] = (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW)
"""The four cars of the anniversary edition (R2)."""

ORIGINAL_CARS: tuple[Colour, ...] = COLOURS
"""The six cars of the original edition (R2)."""

_LETTERS = {
    Colour.RED: "R",
    Colour.BLUE: "B",
    Colour.GREEN: "G",
    Colour.YELLOW: "Y",
    Colour.PURPLE: "P",
    Colour.WHITE: "W",
}
_BY_LETTER = {letter: colour for colour, letter in _LETTERS.items()}
_INDEX = {colour: i for i, colour in enumerate(Colour)}

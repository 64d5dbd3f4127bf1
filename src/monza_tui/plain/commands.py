"""What the player typed: a choice's number or a short command, in English or their language.

Every command has its English word and short letter, which always work (a braille user's
muscle memory, a script), and a translated word (``pgettext("plain command", ...)``).
Reading never decides legality: the loop hands what was asked for to the engine.
"""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass

from monza_tui.i18n import _, pgettext


class Command(enum.Enum):
    """The commands of the line-by-line game (besides a choice's number)."""

    ROLL = "roll"
    HINT = "hint"
    BACK = "back"
    DRIVE = "drive"
    KEEP = "keep"
    REROLL = "reroll"
    LOOK = "look"
    FIELD = "field"
    HELP = "help"
    RULES = "rules"
    REVIEW = "review"
    QUIT = "quit"


ALIASES: dict[Command, tuple[str, ...]] = {
    Command.ROLL: ("roll", "r"),
    Command.HINT: ("hint", "h"),
    Command.BACK: ("back", "b", "take back", "undo", "u"),
    Command.DRIVE: ("drive", "d", "go"),
    Command.KEEP: ("keep", "k"),
    Command.REROLL: ("reroll", "re-roll"),
    Command.LOOK: ("look", "l"),
    Command.FIELD: ("field", "f"),
    Command.HELP: ("help", "?"),
    Command.RULES: ("rules",),
    Command.REVIEW: ("review",),
    Command.QUIT: ("quit", "q", "exit"),
}
"""The English words and letters, accepted in every language."""


def command_word(command: Command) -> str:
    """The command's word in the player's language (what the help shows)."""
    words = {
        Command.ROLL: pgettext("plain command", "roll"),
        Command.HINT: pgettext("plain command", "hint"),
        Command.BACK: pgettext("plain command", "back"),
        Command.DRIVE: pgettext("plain command", "drive"),
        Command.KEEP: pgettext("plain command", "keep"),
        Command.REROLL: pgettext("plain command", "reroll"),
        Command.LOOK: pgettext("plain command", "look"),
        Command.FIELD: pgettext("plain command", "field"),
        Command.HELP: pgettext("plain command", "help"),
        Command.RULES: pgettext("plain command", "rules"),
        Command.REVIEW: pgettext("plain command", "review"),
        Command.QUIT: pgettext("plain command", "quit"),
    }
    return words[command]


@dataclass(frozen=True)
class Typed:
    """One line read: a choice's number, a command (with the dice of a re-roll), nothing
    (an empty line), or something not understood."""

    number: int | None = None
    command: Command | None = None
    dice: tuple[int, ...] = ()
    """A re-roll's dice, as typed (from 1)."""
    empty: bool = False


def _lookup(text: str) -> Command | None:
    typed = _unaccented(text)
    for command, aliases in ALIASES.items():
        if text in aliases or typed == _unaccented(command_word(command).casefold()):
            return command
    return None


def _unaccented(text: str) -> str:
    """``text`` without its accents, so that a command word reads the same typed with or
    without them (French ``idee`` for ``idée``, ``regles`` for ``règles``)."""
    return "".join(char for char in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(char))


def read_line(line: str) -> Typed:
    """What a line asks for; ``Typed()`` (all empty) when it is not understood."""
    text = " ".join(line.split()).casefold()
    if not text:
        return Typed(empty=True)
    if text.isdecimal() and len(text) <= 6:
        return Typed(number=int(text))
    command = _lookup(text)
    if command is not None:
        return Typed(command=command)
    head, rest = _word_and_numbers(text)
    numbers = rest.translate(_SEPARATORS).split()
    if _lookup(head) is Command.REROLL and numbers and all(
        n.isdecimal() and len(n) <= 2 for n in numbers
    ):
        return Typed(command=Command.REROLL, dice=tuple(int(n) for n in numbers))
    return Typed()


_SEPARATORS = str.maketrans({",": " ", "，": " ", "、": " "})
"""What may stand between a re-roll's dice besides spaces: a comma, and the full-width
comma and enumeration comma a Chinese input method types (``重掷2，5``, ``重掷2、5``)."""


def _word_and_numbers(text: str) -> tuple[str, str]:
    """A command word and what follows it: up to the first space, or up to the first digit
    when the word runs straight into it (``reroll2 5``, Chinese ``重掷2 5``, where no space
    is usual between a word and a number)."""
    head, _space, rest = text.partition(" ")
    digit = next((at for at, char in enumerate(head) if char.isdecimal()), None)
    if digit:  # neither None nor 0: a word comes first
        return head[:digit], f"{head[digit:]} {rest}"
    return head, rest


def help_lines() -> list[str]:
    """One line per command, with its word in the player's language."""
    said = {
        Command.ROLL: _("roll the dice when it is your turn (an empty line does too)"),
        Command.HINT: _("the expert's hint for this moment"),
        Command.BACK: _("take the last placed die or tile back"),
        Command.DRIVE: _("drive the car once no die fits any more"),
        Command.KEEP: _("keep the roll instead of the extra roll"),
        Command.REROLL: _("re-roll the dice with these numbers, once, with the extra-roll "
                          "tile: reroll 2 5"),
        Command.LOOK: _("say the situation and the choices again (an empty line does too)"),
        Command.FIELD: _("where every car is"),
        Command.HELP: _("this list"),
        Command.RULES: _("the rules of the game"),
        Command.REVIEW: _("where the race was won: the expert's review of the race so far, "
                          "or of the whole race once it is over"),
        Command.QUIT: _("save the race and leave; monza resume --plain continues it"),
    }
    lines = [_("Type the number of a choice, or one of these commands:")]
    for command, text in said.items():
        lines.append(_("{word}: {meaning}").format(word=command_word(command), meaning=text))
    lines.append(_("The English words work in every language too, and so do their first "
                   "letters: r, h, b, d, k, l, f, q."))
    return lines


__all__ = ["ALIASES", "Command", "Typed", "command_word", "help_lines", "read_line"]

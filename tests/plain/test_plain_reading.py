"""What a typed line asks for: numbers, commands in English and in the player's language,
a re-roll's dice; anything else is not understood (the loop answers it in one line)."""

from __future__ import annotations

import pytest

from monza_tui import i18n
from monza_tui.plain.commands import ALIASES, Command, Typed, command_word, read_line


@pytest.mark.parametrize(
    ("line", "typed"),
    [
        ("3", Typed(number=3)),
        ("  12 ", Typed(number=12)),
        ("", Typed(empty=True)),
        ("   ", Typed(empty=True)),
        ("R", Typed(command=Command.ROLL)),
        ("Take  Back", Typed(command=Command.BACK)),
        ("reroll 2 5", Typed(command=Command.REROLL, dice=(2, 5))),
        ("re-roll 1,6", Typed(command=Command.REROLL, dice=(1, 6))),
        ("reroll", Typed(command=Command.REROLL)),
        ("reroll two", Typed()),
        ("reroll2 5", Typed(command=Command.REROLL, dice=(2, 5))),
        ("Re-roll1,6", Typed(command=Command.REROLL, dice=(1, 6))),
        ("reroll2，5", Typed(command=Command.REROLL, dice=(2, 5))),
        ("reroll 2、5", Typed(command=Command.REROLL, dice=(2, 5))),
        ("reroll2x", Typed()),
        ("roll2", Typed()),
        ("2reroll", Typed()),
        ("1234567", Typed()),
        ("look at the board", Typed()),
        ("-1", Typed()),
    ],
)
def test_a_line_is_a_number_a_command_or_not_understood(line: str, typed: Typed) -> None:
    assert read_line(line) == typed


def test_every_command_reads_in_english_and_in_the_players_language() -> None:
    for command in Command:
        assert read_line(command_word(command)).command is command
        for alias in ALIASES[command]:
            assert read_line(alias.upper()).command is command
    words = [command_word(c).casefold() for c in Command]
    assert len(set(words)) == len(words)  # no two commands share a word


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_reroll_word_may_run_straight_into_the_dice(code: str) -> None:
    # Chinese writes no space between a word and a number ("重掷2 5"); every language reads
    # the word followed directly by the dice's numbers, as with a space.
    before = i18n.current_language()
    i18n.set_language(code)
    try:
        word = command_word(Command.REROLL)
        for line in (f"{word} 2 5", f"{word}2 5", f"{word}2,5", f"{word}2，5"):
            assert read_line(line) == Typed(command=Command.REROLL, dice=(2, 5)), line
    finally:
        i18n.set_language(before)


def test_a_command_word_reads_without_its_accents() -> None:
    # French "idée" and "règles" typed on a keyboard without accents, or in a hurry.
    before = i18n.current_language()
    i18n.set_language("fr")
    try:
        for command in Command:
            word = command_word(command)
            plain = word.translate(str.maketrans("éèêàçù", "eeeacu"))
            assert read_line(plain).command is command, (word, plain)
        assert any(command_word(c) != command_word(c).encode("ascii", "ignore").decode()
                   for c in Command)  # French has accented words to test
    finally:
        i18n.set_language(before)

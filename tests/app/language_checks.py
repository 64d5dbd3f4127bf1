"""Checks of a screen in another language: English left over, text cut off, a track out of
line. Used by the pseudo-locale tests (and by any test run with ``--monza-lang xx``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from monza_tui import i18n
from monza_tui.locale import catalogue
from monza_tui.locale.pseudo import CLOSE, OPEN

ALLOWED = {"Monza", "Ann", "Bob", "Ben", "SVG", "TOML", "JSON"}
"""ASCII words that may stay on screen in any language (the game's name, test names)."""


@cache
def english_words() -> frozenset[str]:
    """Every word of three or more letters in the catalogue's English messages."""
    words: set[str] = set()
    for message in catalogue.extract():
        for part in (message.id,) if isinstance(message.id, str) else message.id:
            text = re.sub(r"\{[^}]*\}|%\([a-z_]+\)[sdr]|`[^`]*`", " ", part)
            words.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", text))
    return frozenset(words)


def english_left(lines: list[str]) -> list[str]:
    """The plain English words on screen (accented pseudo words are not ASCII)."""
    found = []
    for line in lines:
        for word in re.findall(r"(?<![\w-])[A-Za-z]{3,}(?![\w-])", line):
            if word not in ALLOWED and word.lower() in english_words():
                found.append(f"{word!r} in {line.strip()!r}")
    return found


def cut_off(lines: list[str]) -> list[str]:
    """Pseudo messages that do not end on screen: a ``⟦`` whose text neither closes on its
    line nor goes on below it (a wrapped message goes on at the column it began), or a
    ``⟧`` without its start."""
    problems = []
    open_at: list[int] = []  # the column each open message began at
    for number, line in enumerate(lines):
        for column, ch in enumerate(line):
            if ch == OPEN:
                open_at.append(column)
            elif ch == CLOSE:
                if not open_at:
                    problems.append(f"line {number}: a message without its start: {line!r}")
                else:
                    open_at.pop()
        if open_at and number + 1 < len(lines):  # the last line may scroll on
            below = lines[number + 1] if number + 1 < len(lines) else ""
            column = open_at[-1]
            if not below[column:column + 1].strip() or below[column:column + 1] in "│┃▏":
                problems.append(f"line {number}: cut off: {line.strip()!r}")
                open_at.clear()
    return problems


def region_lines(lines: list[str], region: object) -> list[str]:
    """The part of the screen's ``lines`` inside a widget's region (x, y, width, height)."""
    x, y, width, height = region  # type: ignore[misc]
    return [line[x:x + width] for line in lines[y:y + height]]


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """The game in ``code`` for the duration (key labels included), then as before."""
    from monza_tui.app.app_words import relabel_bindings

    before = i18n.current_language()
    i18n.set_language(code)
    relabel_bindings()
    try:
        yield
    finally:
        i18n.set_language(before)
        relabel_bindings()

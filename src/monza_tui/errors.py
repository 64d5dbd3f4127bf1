"""The one error type the command line turns into a one-line message and exit status 2.

An error is data: a ``code`` and ``params`` (values, or nested :class:`Said` sentences and
errors) that :mod:`monza_tui.wording` turns into one sentence in the player's language
when it is shown, so an error made before a language switch still reads in the new one.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from monza_tui.engine import State

MAX_MESSAGE_CHARS = 300
"""An error line is cut here: bad input echoed back (a 60 KB line, a name of junk) must
not flood the terminal."""

ECHO_CHARS = 40
"""How much of a piece of bad input an error line quotes (:func:`echo`)."""

BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
"""The bidirectional embeddings, overrides and isolates: text after one reads reversed or
moved (a name ending in U+202E turns the rest of a line around)."""


@dataclass(frozen=True)
class Said:
    """A sentence as data, for the wording layer: part of an error's message."""

    code: str
    params: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class CarAt:
    """A car where it stands in a race, as a value of a :class:`Said`: the wording layer
    says it as a player reads a place ("2nd, 5 spaces to the finish"), never by a space's
    id (the board file's coordinates)."""

    state: State
    player: int


def said(code: str, **params: object) -> Said:
    """The sentence ``code`` with ``params`` (worded when shown)."""
    return Said(code, params)


class UserError(Exception):
    """Something the user gave us is wrong (a flag, a file); the message says what and where.

    Made with ``code=`` and parameters (worded by :mod:`monza_tui.wording` when shown), or
    with a sentence already worded. Its text is one :func:`line`: escaped, at most
    :data:`MAX_MESSAGE_CHARS` characters, whatever the input it quotes."""

    def __init__(self, message: str = "", /, *, code: str = "", **params: object) -> None:
        super().__init__(message or code)
        self.code = code
        self.params: dict[str, object] = params

    def __str__(self) -> str:
        if self.code:
            from monza_tui.wording import word  # the wording layer needs gettext: lazily

            return line(word(self))
        return line(super().__str__())


class UsageError(UserError):
    """A command's flag given a value the command cannot use (found only when it runs, e.g.
    a board no race was played on): said as argparse says its own errors, naming the
    command and its ``--help`` (``monza stats: --board moon: …``), status 2."""


def unsafe_char(char: str) -> bool:
    """Whether ``char`` may not reach a terminal as it is: a control character (an escape
    sequence could clear or retitle the terminal; a tab or a line break breaks a table or a
    line), a line or paragraph separator, a lone surrogate (not UTF-8) or a bidirectional
    control. The one rule for player names, board titles and every echo of user input."""
    return unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") or char in BIDI_CONTROLS


def printable(text: str) -> str:
    """``text`` with every :func:`unsafe_char` written as its escape (``\\x1b``,
    ``\\u202e``; a byte that was not UTF-8, kept as a lone surrogate, as ``\\xff``), the
    rest as it is. Escaping twice changes nothing more."""
    if not any(unsafe_char(char) for char in text):
        return text
    out = []
    for char in text:
        if not unsafe_char(char):
            out.append(char)
        elif 0xDC80 <= ord(char) <= 0xDCFF:  # a byte os.fsdecode could not decode
            out.append(f"\\x{ord(char) - 0xDC00:02x}")
        else:
            out.append(ascii(char)[1:-1])
    return "".join(out)


def line(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """An error line as it may be printed: one line, escaped (:func:`printable`), at most
    ``limit`` characters. Every error line the game prints passes here, whatever input
    it quotes."""
    return cut(printable(" ".join(text.splitlines())), limit)


def cut(text: str, limit: int = 40) -> str:
    """``text`` on one line, at most ``limit`` characters (an ellipsis marks the cut)."""
    text = " ".join(text.splitlines())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip(text: str, limit: int = ECHO_CHARS) -> str:
    """A piece of bad input quoted as it was typed, without quotes (``moon: no such
    board``): escaped (:func:`printable`), cut to ``limit``, so the rest of the line
    still shows."""
    return cut(printable(text), limit)


def echo(value: object, limit: int = ECHO_CHARS) -> str:
    """A piece of bad input quoted in an error line: ``repr``, cut to ``limit``."""
    return cut(repr(value), limit)


def field_problem(error: object) -> Said:
    """The first problem a pydantic ``ValidationError`` found, as our own sentence (what
    and where): its type and place, never pydantic's English. Our validators raise their
    own types (``shape.leg``...); the wording layer knows pydantic's common ones and says
    "not a valid value" for the rest. (Duck-typed: pydantic is imported only to read an
    untrusted file.)"""
    first = error.errors()[0]  # type: ignore[attr-defined]
    place = ".".join(str(part) for part in first["loc"])
    raw = first.get("ctx") or {}
    context = {k: v for k, v in raw.items() if isinstance(v, int | str)}
    if isinstance(context.get("expected"), str):  # "'a' or 'b'": pydantic's English "or"
        context["expected"] = str(context["expected"]).replace(" or ", ", ")
    if first["type"] == "value_error" and "error" in raw:  # a check that words its own
        return said("field", place=place or "file", problem=said("worded", text=str(raw["error"])))
    return said("field", place=place or "file", problem=said("field." + first["type"], **context))

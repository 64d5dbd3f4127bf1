"""The one error type the command line turns into a one-line message and exit status 2.

An error is data: a ``code`` and ``params`` (values, or nested :class:`Said` sentences and
errors) that :mod:`monza_tui.wording` turns into one sentence in the player's language
when it is shown, so an error made before a language switch still reads in the new one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from monza_tui.engine import State

MAX_MESSAGE_CHARS = 300
"""An error line is cut here: bad input echoed back (a 60 KB line, a name of junk) must
not flood the terminal."""


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
    with a sentence already worded. Its text is one line of at most
    :data:`MAX_MESSAGE_CHARS` characters, whatever the input it quotes."""

    def __init__(self, message: str = "", /, *, code: str = "", **params: object) -> None:
        super().__init__(message or code)
        self.code = code
        self.params: dict[str, object] = params

    def __str__(self) -> str:
        if self.code:
            from monza_tui.wording import word  # the wording layer needs gettext: lazily

            return cut(word(self), MAX_MESSAGE_CHARS)
        return cut(super().__str__(), MAX_MESSAGE_CHARS)


class UsageError(UserError):
    """A command's flag given a value the command cannot use (found only when it runs, e.g.
    a board no race was played on): said as argparse says its own errors, naming the
    command and its ``--help`` (``monza stats: --board moon: …``), status 2."""


def cut(text: str, limit: int = 40) -> str:
    """``text`` on one line, at most ``limit`` characters (an ellipsis marks the cut)."""
    text = " ".join(text.splitlines())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def echo(value: object, limit: int = 40) -> str:
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

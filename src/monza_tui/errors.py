"""The one error type the command line turns into a one-line message and exit status 2."""

MAX_MESSAGE_CHARS = 300
"""An error line is cut here: bad input echoed back (a 60 KB line, a name of junk) must
not flood the terminal."""


class UserError(Exception):
    """Something the user gave us is wrong (a flag, a file); the message says what and where.

    Its text is one line of at most :data:`MAX_MESSAGE_CHARS` characters, whatever the
    input it quotes."""

    def __str__(self) -> str:
        return cut(super().__str__(), MAX_MESSAGE_CHARS)


def cut(text: str, limit: int = 40) -> str:
    """``text`` on one line, at most ``limit`` characters (an ellipsis marks the cut)."""
    text = " ".join(text.splitlines())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def echo(value: object, limit: int = 40) -> str:
    """A piece of bad input quoted in an error line: ``repr``, cut to ``limit``."""
    return cut(repr(value), limit)

"""argparse in the player's language and in terminal cells: ``--help`` and the error lines.

argparse's own words are messages of our catalogue (``locale/argparse_words.py``,
:func:`monza_tui.i18n.translate_argparse`); what argparse does not let a catalogue change is
done here: a section heading's colon (``选项：``, ``options :``) is the message
``"%(heading)s:"`` (argparse's own msgid from Python 3.13 on), the list of choices in an
error is joined by the language's list separator (``、``), and every width is counted in
terminal cells, not characters (a Chinese character is two cells: columns line up and lines
end at the terminal's edge). A positional with choices can give each choice a help line,
listed under it as a command's subcommands are (``monza boards --help``).

Only the standard library and Rich's cell table are used, and only when help is shown.
Python 3.14's coloured help is turned off: its escape codes would sit inside the text
measured and folded here (and Python's own colour is no part of the game's palette).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator, Mapping
from typing import Any, NoReturn

from monza_tui.i18n import _

_USAGE_PART = re.compile(r"\(.*?\)+(?=\s|$)|\[.*?\]+(?=\s|$)|\S+")
"""One part of a usage line, as argparse splits it (a bracketed group stays whole)."""
_OPENING = set("（「『《〈【“‘([{")
"""Punctuation that stays with the character after it when a line is folded."""
_CLOSING = set("，。、：；！？）」』》〉】”’…·,.;:!?)]}")
"""Punctuation that stays with the character before it (no line starts with ``，``)."""


def cells(text: str) -> int:
    """The width of ``text`` in terminal cells (two for a Chinese character)."""
    from rich.cells import cell_len

    return cell_len(text)


def _pieces(word: str) -> Iterator[str]:
    """A word cut where a line may fold: around every wide character (Chinese is folded
    anywhere, as Textual folds it), never before closing or after opening punctuation."""
    piece = ""
    for char in word:
        wide = cells(char) > 1
        if piece and char not in _CLOSING and piece[-1] not in _OPENING and (
            wide or cells(piece[-1]) > 1
        ):
            yield piece
            piece = ""
        piece += char
    if piece:
        yield piece


BREAKS = re.compile(r"[ \t\n\r\f\v]+")
"""Where a line may break: ordinary spaces only, never a no-break space (U+00A0, U+202F:
French ``95 %`` and ``IC 95 %``, German ``50 %`` stay whole)."""


def wrap(text: str, width: int) -> list[str]:
    """``text`` folded into lines of at most ``width`` cells: at spaces (not at no-break
    spaces), and between Chinese characters (a piece longer than the width gets a line of
    its own)."""
    lines: list[str] = []
    line, used = "", 0
    for word in BREAKS.split(text.strip(" \t\n\r\f\v")):
        for index, piece in enumerate(_pieces(word)):
            gap = 1 if line and index == 0 else 0
            size = cells(piece)
            if line and used + gap + size > width:
                lines.append(line)
                line, used, gap = "", 0, 0
            line += " " * gap + piece
            used += gap + size
    if line:
        lines.append(line)
    return lines


def _pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` cells."""
    return text + " " * max(0, width - cells(text))


class CellHelpFormatter(argparse.HelpFormatter):
    """argparse's help, measured in terminal cells, headings with the language's colon."""

    def _set_color(self, color: bool, **kwargs: Any) -> None:
        # Python 3.14 calls this (colour at a terminal or under FORCE_COLOR): always off.
        super()._set_color(False, **kwargs)  # type: ignore[misc]

    class _Section(argparse.HelpFormatter._Section):
        def format_help(self) -> str:
            formatter = self.formatter
            if self.parent is not None:
                formatter._indent()
            item_help = formatter._join_parts([func(*args) for func, args in self.items])
            if self.parent is not None:
                formatter._dedent()
            if not item_help:
                return ""
            heading = ""
            if self.heading is not argparse.SUPPRESS and self.heading is not None:
                title = _("%(heading)s:") % {"heading": self.heading}
                heading = " " * formatter._current_indent + title + "\n"
            return str(formatter._join_parts(["\n", heading, item_help, "\n"]))

    def add_argument(self, action: argparse.Action) -> None:
        if action.help is argparse.SUPPRESS:
            return
        invocations = [self._format_action_invocation(action)]
        invocations += [
            self._format_action_invocation(sub) for sub in self._iter_indented_subactions(action)
        ]
        length = max(map(cells, invocations)) + self._current_indent
        self._action_max_length = max(self._action_max_length, length)
        self._add_item(self._format_action, [action])

    def _format_action(self, action: argparse.Action) -> str:
        help_position = min(self._action_max_length + 2, self._max_help_position)
        help_width = max(self._width - help_position, 11)
        action_width = help_position - self._current_indent - 2
        header = self._format_action_invocation(action)
        indent = " " * self._current_indent
        indent_first = 0
        if not action.help:
            header = indent + header + "\n"
        elif cells(header) <= action_width:
            header = indent + _pad(header, action_width) + "  "
        else:
            header = indent + header + "\n"
            indent_first = help_position
        parts = [header]
        if action.help and action.help.strip():
            help_text = self._expand_help(action)
            if help_text:
                lines = self._split_lines(help_text, help_width)
                parts.append(" " * indent_first + lines[0] + "\n")
                parts += [" " * help_position + line + "\n" for line in lines[1:]]
        elif not header.endswith("\n"):
            parts.append("\n")
        parts += [self._format_action(sub) for sub in self._iter_indented_subactions(action)]
        return str(self._join_parts(parts))

    def _format_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None) -> str:
        if prefix is None:
            prefix = _("usage: ")
        width = self._width
        self._width = 1_000_000  # argparse's usage on one line; folded below in cells
        try:
            text = str(super()._format_usage(usage, actions, groups, prefix))
        finally:
            self._width = width
        body = text.removeprefix(prefix).strip("\n")
        if not body.startswith(self._prog):
            return text
        text_width = max(self._width - self._current_indent, 11)
        if cells(prefix + body) <= text_width:
            return prefix + body + "\n\n"
        start = prefix + self._prog
        indent = cells(start) + 1 if cells(start) <= 0.75 * text_width else cells(prefix)
        parts = _USAGE_PART.findall(body.removeprefix(self._prog))
        flags = [part for part in parts if part.startswith(("-", "[-"))]
        # As argparse: the flags fill lines, then the positionals start a line of their own.
        lines: list[str] = []
        for group in (flags, [part for part in parts if part not in flags]):
            line = start if not lines else " " * (indent - 1)
            fresh = True
            for part in group:
                if cells(line) + 1 + cells(part) > text_width and not fresh:
                    lines.append(line)
                    line = " " * (indent - 1)
                line += " " + part
                fresh = False
            if line.strip():
                lines.append(line)
        return "\n".join(lines) + "\n\n"

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in wrap(text, width))


class Parser(argparse.ArgumentParser):
    """argparse with our help formatter; a bad flag is one clear line and status 2, not a
    usage dump; the choices in an error are listed in the player's language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", CellHelpFormatter)
        if sys.version_info >= (3, 14):  # its help and errors in colour: see the module
            kwargs.setdefault("color", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, _("{prog}: {message} (see {prog} --help)").format(
            prog=self.prog, message=message) + "\n")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        if action.choices is not None and value not in action.choices:
            choices = _(", ").join(map(repr, action.choices))
            message = _("invalid choice: %(value)r (choose from %(choices)s)")
            raise argparse.ArgumentError(action, message % {"value": value, "choices": choices})


class ChoiceHelp(argparse._StoreAction):
    """A positional whose every choice has its own help line in ``--help``, listed under it
    as a command's subcommands are: ``choices`` maps each choice to its (translated) help."""

    def __init__(self, *args: Any, choices: Mapping[str, str], **kwargs: Any) -> None:
        self.choice_help = dict(choices)
        kwargs.setdefault("metavar", "{" + ",".join(self.choice_help) + "}")
        kwargs["choices"] = list(self.choice_help)
        super().__init__(*args, **kwargs)

    def _get_subactions(self) -> list[argparse.Action]:
        pseudo = argparse._SubParsersAction._ChoicesPseudoAction
        return [pseudo(name, (), help) for name, help in self.choice_help.items()]

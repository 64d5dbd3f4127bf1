"""The ``monza`` command: parses the command line and hands over to one command module.

Every command lives in ``monza_tui.commands.<name>`` with ``add_arguments(parser)`` and
``run(args) -> int``; modules are imported only when their command runs, so ``monza
boards`` never pays for Textual. Anything the user got wrong ends as one line on stderr
and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from monza_tui import heap, i18n
from monza_tui.cli_help import Parser as _HelpParser
from monza_tui.errors import ECHO_CHARS, MAX_MESSAGE_CHARS, UsageError, UserError, cut, line
from monza_tui.i18n import N_, _

COMMANDS: dict[str, str] = {
    "play": N_("start a race (the default when no command is given)"),
    "resume": N_("continue the latest unfinished race"),
    "learn": N_("a guided first race that shows every rule, step by step"),
    "host": N_("host a race that players at other terminals join"),
    "join": N_("join a race another terminal hosts"),
    "saves": N_("list saved races"),
    "replay": N_("step through a recorded race, or --check a record file"),
    "review": N_("where the race was won: every choice and roll of a race reviewed"),
    "boards": N_("list, show or check boards"),
    "simulate": N_("race computer drivers against each other and summarise"),
    "stats": N_("the standings of the races played here, and the reigning champions"),
    "serve": N_("play in a web browser: one game per visitor (needs the web extra)"),
    "relay": N_("a public meeting point for hosts and guests in different houses"),
    "completion": N_("print the completion script of a shell: bash, zsh or fish"),
}


class _Parser(_HelpParser):
    """The commands' parser: argparse's own errors are error lines like ours (escaped, at
    most :data:`~monza_tui.errors.MAX_MESSAGE_CHARS` characters with the command and its
    ``--help``), and a value that is no choice is quoted cut, so the choices still show."""

    def error(self, message: str) -> NoReturn:
        frame = len(_("{prog}: {message} (see {prog} --help)").format(prog=self.prog, message=""))
        super().error(line(message, max(MAX_MESSAGE_CHARS - frame, 40)))

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # (a value cut ends in "…", which no choice does: still refused)
        super()._check_value(action, cut(value, ECHO_CHARS) if isinstance(value, str) else value)


def say(error: object) -> None:
    """Print ``error`` as the error line of ``monza`` on stderr: ``monza: …``, one line."""
    print(line(_("monza: {error}").format(error=error)), file=sys.stderr)


def _add_lang(parser: argparse.ArgumentParser) -> None:
    # Read (and removed) by main() before parsing: listed here for --help.
    parser.add_argument("--lang", metavar=_("CODE"), help=_(
        "the language of this run: en, de, fr, pl, zh, ru (default: the one chosen in the "
        "set-up screen, else LANGUAGE/LC_ALL/LC_MESSAGES/LANG)"))


def pop_lang(args: list[str]) -> str | None:
    """Take ``--lang CODE`` / ``--lang=CODE`` out of ``args`` (the last one wins): the
    language must be set before any parser or command module makes its text."""
    code = None
    while "--lang" in args or any(a.startswith("--lang=") for a in args):
        at = next(i for i, a in enumerate(args) if a == "--lang" or a.startswith("--lang="))
        if args[at] == "--lang":
            code = args[at + 1] if at + 1 < len(args) else ""
            if not code or code.startswith("-"):
                raise UserError(_("--lang needs a language code: {codes}").format(
                    codes=_(", ").join(i18n.LANGUAGES)))
            del args[at : at + 2]
        else:
            code = args.pop(at).partition("=")[2]
    return code


def choose_language(code: str | None) -> str:
    """Speak ``code``, else the language saved in the settings, else the environment's;
    argparse's own words follow. The language in effect."""
    if not code:
        from monza_tui import settings

        code = settings.load().language
    i18n.translate_argparse()
    return i18n.set_language(code)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser: every command's flags, or with ``only`` just that command's (the others
    are listed with their help but not imported, so a launch pays for one command)."""
    parser = _Parser(prog="monza", description=_("HABA's racing game Monza in the terminal."))
    from monza_tui import __version__

    parser.add_argument("--version", action="version", version=f"monza-tui {__version__}",
                        help=_("show program's version number and exit"))
    _add_lang(parser)
    # (prog given: argparse would otherwise lay out the whole usage line to find it)
    sub = parser.add_subparsers(dest="command", prog=parser.prog, metavar=_("COMMAND"),
                                parser_class=_Parser, title=_("commands"))
    for name, help_text in COMMANDS.items():
        command = sub.add_parser(name, help=_(help_text), description=_(help_text))
        _add_lang(command)
        if only is None or name == only:
            module = importlib.import_module(f"monza_tui.commands.{name}")
            module.add_arguments(command)
    parser.set_defaults(_commands=sub.choices)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``monza`` console script. Output piped into a program that stops
    reading (``monza stats | head``, ``monza play --plain … | head``) ends quietly, status 1,
    as the Python docs advise (their "Note on SIGPIPE"): no traceback; the line game saves
    its race first, as at the end of its input."""
    heap.hold()  # until the first frame, or until a command without a screen starts
    try:
        code = _main(argv)
        sys.stdout.flush()  # a closed pipe shows here, not in Python's own flush at exit
    except BrokenPipeError:
        # Python flushes stdout again on the way out: point it at devnull, so that the
        # rest of the output goes nowhere instead of raising once more.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (AttributeError, OSError, ValueError):  # a stdout without a file (a test's)
            pass
        return 1
    finally:
        heap.release()
    return code


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        code = pop_lang(args_list)
    except UserError as error:
        choose_language(None)
        say(error)
        return 2
    choose_language(code)
    if not args_list or (
        args_list[0].startswith("-") and args_list[0] not in ("-h", "--help", "--version")
    ):
        args_list.insert(0, "play")
    first = args_list[0]
    args, unknown = build_parser(first if first in COMMANDS else None).parse_known_args(args_list)
    if unknown:  # named by the command they were given to, with its own --help
        args._commands[args.command].error(
            _("unrecognized arguments: %s") % cut(" ".join(unknown), 2 * ECHO_CHARS))
    module = importlib.import_module(f"monza_tui.commands.{args.command}")
    if not getattr(module, "OPENS_SCREEN", False):
        heap.release()  # (a command with a screen: after its first frame, see heap.py)
    try:
        from monza_tui import settings

        settings.check_folders()  # MONZA_HOME, MONZA_CONFIG: one line, not a traceback later
        return int(module.run(args))
    except UsageError as error:  # as argparse's own: "monza stats: … (see … --help)"
        parser: argparse.ArgumentParser = args._commands[args.command]
        parser.error(str(error))
    except UserError as error:
        say(error)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())

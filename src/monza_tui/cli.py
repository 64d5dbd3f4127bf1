"""The ``monza`` command: parses the command line and hands over to one command module.

Every command lives in ``monza_tui.commands.<name>`` with ``add_arguments(parser)`` and
``run(args) -> int``; modules are imported only when their command runs, so ``monza
boards`` never pays for Textual. Anything the user got wrong ends as one line on stderr
and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from monza_tui.errors import UserError

COMMANDS: dict[str, str] = {
    "play": "start a race (the default when no command is given)",
    "resume": "continue the latest unfinished race",
    "saves": "list saved races",
    "replay": "step through a recorded race, or --check a record file",
    "boards": "list, show or check boards",
    "simulate": "race computer drivers against each other and summarise",
}


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad flag is one clear line and status 2, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser: every command's flags, or with ``only`` just that command's (the others
    are listed with their help but not imported, so a launch pays for one command)."""
    parser = _Parser(prog="monza", description="HABA's racing game Monza in the terminal.")
    from monza_tui import __version__

    parser.add_argument("--version", action="version", version=f"monza-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, help_text in COMMANDS.items():
        command = sub.add_parser(name, help=help_text, description=help_text)
        if only is None or name == only:
            module = importlib.import_module(f"monza_tui.commands.{name}")
            module.add_arguments(command)
    parser.set_defaults(_commands=sub.choices)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``monza`` console script."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (
        args_list[0].startswith("-") and args_list[0] not in ("-h", "--help", "--version")
    ):
        args_list.insert(0, "play")
    first = args_list[0]
    args, unknown = build_parser(first if first in COMMANDS else None).parse_known_args(args_list)
    if unknown:  # named by the command they were given to, with its own --help
        args._commands[args.command].error(f"unrecognized arguments: {' '.join(unknown)}")
    module = importlib.import_module(f"monza_tui.commands.{args.command}")
    try:
        return int(module.run(args))
    except UserError as error:
        print(f"monza: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())

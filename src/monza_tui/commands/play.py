"""`monza play`: the race in the terminal (Textual app); ``monza`` alone does the same.

With no race flags the set-up screen opens with sensible defaults; flags that describe
the race (``--board``, ``--pro``, ``--bonus``, ``--player``, ``--bot``, ``--start-player``)
fill it in and skip it. Everything is checked before the app starts, so a bad flag is one
line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from monza_tui.commands.flags import seconds, short_number, whole
from monza_tui.errors import UserError
from monza_tui.i18n import _
from monza_tui.limits import MAX_BOT_DELAY, MAX_RACES, MAX_SEED
from monza_tui.seats import SeatKind, car_count_words

OPENS_SCREEN = True
"""The collector waits for the first frame (``monza_tui.heap``); the line game says when."""

if TYPE_CHECKING:
    from textual.app import App

    from monza_tui.race.setup import RaceSetup
    from monza_tui.record import Race

HELP_BOT_DELAY = 0.6
"""The app's default ``--bot-delay`` (``app.app.DEFAULT_BOT_DELAY``, a test checks they
agree), for ``--help`` without importing the app."""
RACE_FLAGS = ("board", "pro", "bonus", "player", "bot", "start_player")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``monza play``."""
    add_race_arguments(parser)
    parser.add_argument(
        "--races", type=whole(1, MAX_RACES), default=None, metavar=_("N"),
        help=_("an evening of N races with the same players, with points and a podium "
               "(1 to {n})").format(n=MAX_RACES),
    )
    add_pace_arguments(parser, default=True)
    add_plain_argument(parser)


def add_race_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags that describe one race (``monza play`` and ``monza host``)."""
    from monza_tui.boardfile import BUILTIN

    parser.add_argument(
        "--board",
        metavar=_("NAME|FILE"),
        help=_("{boards}, or a board file (.toml)").format(boards=_(", ").join(BUILTIN)),
    )
    parser.add_argument(
        "--pro",
        action="store_true",
        default=None,
        help=_("pro variant: tiles, extra roll, turbo (R12-R14)"),
    )
    parser.add_argument(
        "--bonus", action="store_true", default=None, help=_("bonus-move variant (R15)")
    )
    parser.add_argument(
        "--player",
        action="append",
        metavar=_("NAME"),
        help=_("a human player (repeat for each, in turn order)"),
    )
    parser.add_argument(
        "--bot",
        action="append",
        metavar=_("LEVEL"),
        choices=[level.value for level in SeatKind.levels()],
        help=_("a computer driver: {levels} (repeatable; seats after the players)").format(
            levels=_(", ").join(SeatKind.levels())
        ),
    )
    parser.add_argument("--start-player", metavar=_("NAME"), help=_("who starts (R3)"))
    parser.add_argument(
        "--seed", type=whole(0, MAX_SEED - 1), metavar=_("SEED"),
        help=_("dice seed, 0 to 2^63-1, to replay a race exactly"),
    )


def add_pace_arguments(parser: argparse.ArgumentParser, *, default: bool = False) -> None:
    """``--bot-delay`` and ``--no-animation``, the pace of a race in the app (``monza
    play``, ``resume`` and ``learn``); ``default``: say the default delay (else "as monza
    play")."""
    low, high = short_number(0), short_number(MAX_BOT_DELAY)
    if default:
        delay_help = _("pause between a bot's steps, {low} to {high} (default {default}; {low} "
                       "for no pause)").format(low=low, high=high,
                                               default=short_number(HELP_BOT_DELAY))
    else:
        delay_help = _("pause between a bot's steps, {low} to {high} (as monza play)").format(
            low=low, high=high)
    parser.add_argument("--bot-delay", type=seconds(0, MAX_BOT_DELAY), default=None,
                        metavar=_("SECONDS"), help=delay_help)
    parser.add_argument(
        "--no-animation", action="store_true", help=_("cars jump instead of driving")
    )


def add_plain_argument(parser: argparse.ArgumentParser) -> None:
    """``--plain``, the line-by-line game (``monza play`` and ``monza resume``)."""
    parser.add_argument(
        "--plain", action="store_true",
        help=_("the line-by-line game for screen readers and braille displays: sentences and "
               "numbered choices, no picture (also with ACCESSIBLE=1, or when stdout is not "
               "a terminal)"),
    )


def race_from_flags(args: argparse.Namespace) -> tuple[RaceSetup, Race | None]:
    """The set-up and the race the flags describe; no race (None) without race flags."""
    from monza_tui.boardfile import load_board
    from monza_tui.engine import CarCountError, check_car_count
    from monza_tui.race.setup import (
        RaceSetup,
        fit_cars,
        seats_from_flags,
        start_index,
        start_race,
    )

    described = any(getattr(args, flag, None) not in (None, False) for flag in RACE_FLAGS)
    if not described:
        return RaceSetup(seed=args.seed, races=getattr(args, "races", None) or 1), None
    board_ref = args.board or RaceSetup().board
    board = load_board(board_ref)
    seats = fit_cars(board, seats_from_flags(args.player or [], args.bot or []))
    try:
        check_car_count(board.board.edition, len(seats))
    except CarCountError as error:
        # With --bot alone the person at the keyboard took the first seat: the words say so.
        bots_only = bool(args.bot) and not args.player
        raise UserError(car_count_words(board.board.name, error, bots_only=bots_only)) from None
    setup = RaceSetup(
        board=board_ref,
        pro=bool(args.pro),
        bonus=bool(args.bonus),
        seats=seats,
        start_player=start_index(seats, args.start_player),
        seed=args.seed,
    )
    return setup, start_race(setup, board)


def make_app(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The app for these flags (the race already started when the flags describe it)."""
    from monza_tui.app.app import DEFAULT_ANIMATION_DELAY, DEFAULT_BOT_DELAY, MonzaApp

    delay = DEFAULT_BOT_DELAY if args.bot_delay is None else args.bot_delay
    animation = 0.0 if args.no_animation else DEFAULT_ANIMATION_DELAY
    setup, race = race_from_flags(args)
    if race is None:
        return MonzaApp(setup, bot_delay=delay, animation_delay=animation, offer_saved=True)
    if args.races is not None and args.races > 1:
        from monza_tui.stats import evening

        evening.begin(replace(setup, seed=None), args.races, race.seed)
    return MonzaApp(setup, race=race, bot_delay=delay, animation_delay=animation)


def stdin_is_terminal() -> bool:
    """Whether keys can come from a person at a terminal."""
    return sys.stdin is not None and sys.stdin.isatty()


def stdout_is_terminal() -> bool:
    """Whether what is written goes to a terminal (else the app's picture would be escape
    codes in a file or a pipe)."""
    return sys.stdout is not None and sys.stdout.isatty()


def need_terminal(command: str) -> None:
    """Refuse to start the app without a terminal to read keys from: with stdin a pipe or
    a file it would wait for ever, writing escape codes (one line, status 2, instead)."""
    if not stdin_is_terminal():
        raise UserError(
            _("monza {command} needs a terminal: stdin is not one; run it in a terminal "
              "(monza simulate and monza replay FILE --check work without one)").format(
                command=command
            )
        )


def need_terminal_or_plain(command: str) -> None:
    """:func:`need_terminal` for the commands that also play line by line: the one line
    says that ``--plain`` plays without a terminal."""
    if not stdin_is_terminal():
        raise UserError(
            _("monza {command} needs a terminal: stdin is not one; run it in a terminal, or "
              "add --plain to play line by line with the moves read from stdin").format(
                command=command
            )
        )


def plain_wanted(args: argparse.Namespace) -> bool:
    """Whether to play line by line: ``--plain``, ``ACCESSIBLE`` set (not 0), or a person
    at a terminal whose output goes elsewhere (``monza play | tee race.txt``). With neither
    stdin nor stdout a terminal and no ``--plain`` it is most likely a mistake (a cron job,
    a redirect): :func:`need_terminal_or_plain` refuses, and says that ``--plain`` exists."""
    if getattr(args, "plain", False):
        return True
    if os.environ.get("ACCESSIBLE", "").strip() not in ("", "0"):
        return True
    return stdin_is_terminal() and not stdout_is_terminal()


def need_input(command: str) -> None:
    """The line-by-line game reads its moves from stdin: refuse (one line, status 2) when
    there is none to read (closed)."""
    if sys.stdin is None or sys.stdin.closed:
        raise UserError(_("monza {command} --plain reads the moves from stdin, and stdin is "
                          "closed").format(command=command))


def run_plain(command: str, race: Race) -> int:
    """Play ``race`` line by line on stdin and stdout (``monza_tui.plain``)."""
    from monza_tui import heap
    from monza_tui.plain.game import play

    heap.release()  # no frame to wait for
    need_input(command)
    return play(race, sys.stdin, sys.stdout, echo=not stdin_is_terminal())


def plain_race(args: argparse.Namespace) -> Race:
    """The race of ``monza play --plain``: the flags' race; without race flags, the
    unfinished race saved last if the player wants it (asked in one line), else a new race
    of the default set-up (the oval, two players at one keyboard)."""
    from monza_tui import saves
    from monza_tui.plain.game import ask_yes_no
    from monza_tui.race.setup import start_race

    setup, race = race_from_flags(args)
    if race is not None:
        return race
    found = saves.latest_unfinished()
    if found is not None and found.race is not None:
        question = _("An unfinished race is saved: {race}. Continue it?").format(
            race=found.summary())
        if ask_yes_no(question, sys.stdin, sys.stdout, echo=not stdin_is_terminal()):
            return found.race
        saves.forget(found.race)
    return start_race(setup)


def run_app(app: App[Any]) -> int:
    """Run the app; a crash inside it (Textual prints the traceback) ends with status 1,
    never 0."""
    app.run()
    return getattr(app, "return_code", None) or 0


def run(args: argparse.Namespace) -> int:
    """Check the flags, then run the app (or the line-by-line game) until the player
    quits."""
    if plain_wanted(args):
        need_input("play")
        return run_plain("play", plain_race(args))
    app = make_app(args)  # the flags first: a bad one is its own line
    need_terminal_or_plain("play")
    return run_app(app)

"""`monza resume [FILE]`: continue the latest unfinished race exactly where it stopped.

The save is read back like any record, every turn and every action of the unfinished turn
replayed through the engine, so the same dice, the same placed tokens and the same tiles
come back. A damaged newest save is not skipped silently: its one-line reason ends the
command (status 2) and the file stays as it is, for the player to decide.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from monza_tui import saves
from monza_tui.errors import UserError
from monza_tui.i18n import _
from monza_tui.record import Race


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``monza resume [FILE]``."""
    parser.add_argument(
        "file", nargs="?", metavar="FILE",
        help=_("a save file (default: the newest race in progress, see monza saves)"),
    )
    parser.add_argument(
        "--bot-delay", type=float, default=None, metavar="SECONDS",
        help=_("pause between a bot's steps (as monza play)"),
    )
    parser.add_argument(
        "--no-animation", action="store_true", help=_("cars jump instead of driving")
    )


def prepare(ref: str | None) -> tuple[Race, Path]:
    """The race to continue and the file it came from; its later autosaves go to that file
    when it lies in the saves folder, else to a new save (a file the user pointed at
    elsewhere is never written)."""
    saves.tidy()
    if ref is None:
        for found in saves.unfinished():
            if found.race is None:
                raise UserError(
                    _("{why} (monza resume FILE continues another save; monza saves lists "
                      "them)").format(why=found.error)
                )
            if not found.finished:
                saves.adopt(found.race, found.path)
                return found.race, found.path
        raise UserError(
            _("no unfinished race in {folder}; monza play starts one").format(
                folder=saves.saves_dir()
            )
        )
    path = Path(ref)
    race = saves.load_save(path)
    if race.state.is_terminal():
        raise UserError(
            _("{path}: that race is over; monza replay {path} steps through it").format(
                path=path
            )
        )
    try:
        inside = path.resolve().parent == saves.saves_dir().resolve()
    except OSError:
        inside = False
    if inside:
        saves.adopt(race, path)
    return race, path


def run(args: argparse.Namespace) -> int:
    """Open the app on the race."""
    from monza_tui.app.app import DEFAULT_ANIMATION_DELAY, DEFAULT_BOT_DELAY, MonzaApp

    delay = DEFAULT_BOT_DELAY if args.bot_delay is None else args.bot_delay
    if not 0 <= delay <= 60:
        raise UserError(_("--bot-delay {value}: give 0 to 60 seconds").format(value=delay))
    race, _path = prepare(args.file)
    animation = 0.0 if args.no_animation else DEFAULT_ANIMATION_DELAY
    MonzaApp(race=race, bot_delay=delay, animation_delay=animation).run()
    return 0

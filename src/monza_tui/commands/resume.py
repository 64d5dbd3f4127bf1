"""`monza resume [FILE]`: continue the latest unfinished race exactly where it stopped
(or, with none in progress, the next race of an unfinished evening).

The save is read back like any record, every turn and every action of the unfinished turn
replayed through the engine, so the same dice, the same placed tokens and the same tiles
come back. A damaged newest save is not skipped silently: its one-line reason ends the
command (status 2) and the file stays as it is, for the player to decide.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from monza_tui import saves
from monza_tui.commands.play import (
    add_pace_arguments,
    add_plain_argument,
    need_input,
    need_terminal_or_plain,
    plain_wanted,
    run_app,
    run_plain,
)
from monza_tui.errors import UserError
from monza_tui.files import shown
from monza_tui.i18n import _
from monza_tui.record import Race

OPENS_SCREEN = True
"""The collector waits for the first frame (``monza_tui.heap``)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``monza resume [FILE]``."""
    parser.add_argument(
        "file", nargs="?", metavar=_("FILE"),
        help=_("a save file (default: the newest race in progress, see monza saves)"),
    )
    add_pace_arguments(parser)
    add_plain_argument(parser)


def prepare(ref: str | None) -> tuple[Race, Path]:
    """The race to continue and the file it came from; its later autosaves go to that file
    when it lies in the saves folder, else to a new save (a file the user pointed at
    elsewhere is never written)."""
    saves.tidy()
    if ref is None:
        busy = 0
        for found in saves.unfinished():
            if saves.in_use(found.path):
                busy += 1  # being played in another window: never two writers of one file
                continue
            if found.race is None:
                raise UserError(
                    _("{why} (monza resume FILE continues another save; monza saves lists "
                      "them)").format(why=found.error)
                )
            if not found.finished:
                saves.adopt(found.race, found.path)
                return found.race, found.path
        evening = _evening_race()
        if evening is not None:
            return evening, saves.saves_dir()
        if busy:
            raise UserError(
                _("every unfinished race in {folder} is open in another monza").format(
                    folder=shown(saves.saves_dir())
                )
            )
        raise UserError(
            _("no unfinished race in {folder}; monza play starts one").format(
                folder=shown(saves.saves_dir())
            )
        )
    if ref == "":
        raise UserError(_("an empty file name"))
    path = Path(ref)
    race = saves.load_save(path)
    if race.state.is_terminal():
        raise UserError(
            _("{path}: that race is over; monza replay {path} steps through it").format(
                path=shown(path)
            )
        )
    try:
        inside = path.resolve().parent == saves.saves_dir().resolve()
    except OSError:
        inside = False
    if inside:
        saves.adopt(race, path)
    return race, path


def _evening_race() -> Race | None:
    """No race in progress, but an evening is (``monza_tui.stats.evening``): its next
    race, started now with the same seats (the evening file notes it)."""
    from monza_tui.app.championship import resume_evening

    return resume_evening()


def run(args: argparse.Namespace) -> int:
    """Open the app on the race (or play it line by line)."""
    if plain_wanted(args):
        need_input("resume")
        return run_plain("resume", prepare(args.file)[0])
    from monza_tui.app.app import DEFAULT_ANIMATION_DELAY, DEFAULT_BOT_DELAY, MonzaApp

    delay = DEFAULT_BOT_DELAY if args.bot_delay is None else args.bot_delay
    race, _path = prepare(args.file)
    need_terminal_or_plain("resume")
    animation = 0.0 if args.no_animation else DEFAULT_ANIMATION_DELAY
    return run_app(MonzaApp(race=race, bot_delay=delay, animation_delay=animation))

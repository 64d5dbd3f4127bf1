"""`monza replay FILE|latest`: step through a recorded race, or ``--check`` a record file.

Reading a record replays every turn through the engine (``docs/game-record.md``), so
``--check`` is exactly "would this file load": ``ok: R races, T turns`` and status 0, or the
one-line reason and status 2. Without ``--check`` the races open in the replay viewer.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from monza_tui import heap, saves
from monza_tui.boardfile import is_file_name
from monza_tui.commands.flags import whole
from monza_tui.commands.play import need_terminal, run_app
from monza_tui.errors import UserError
from monza_tui.files import shown
from monza_tui.i18n import _, ngettext, number
from monza_tui.limits import MAX_RACES_PER_FILE
from monza_tui.record import LazyRaces, Race, read_records

OPENS_SCREEN = True
"""The collector waits for the viewer's first frame (``monza_tui.heap``)."""


def add_file_argument(parser: argparse.ArgumentParser) -> None:
    """The race to open, as :func:`resolve` takes it (``monza replay``, ``monza review``)."""
    parser.add_argument(
        "file", metavar=_("FILE") + "|N|latest",
        help=_("a record or save file, the number monza saves shows, or 'latest' for the "
               "newest finished race"),
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``monza replay FILE|latest [--race N] [--check]``."""
    add_file_argument(parser)
    parser.add_argument(
        "--race", type=whole(1, MAX_RACES_PER_FILE), default=1, metavar="N",
        help=_("open race N of a file that holds several (1 to {high}; n/p switch races)").format(
            high=number(MAX_RACES_PER_FILE)
        ),
    )
    parser.add_argument(
        "--check", action="store_true",
        help=_("re-validate every turn of every race and print a summary; no app"),
    )


def resolve(ref: str) -> Path:
    """The file ``ref`` names: ``latest`` is the newest finished race (else the newest
    save), a number is that line of ``monza saves`` (unless a file of that name is here),
    anything else a path exactly as the user gave it (never searched for elsewhere)."""
    if ref == "latest":
        path = saves.latest_record()
        if path is None:
            raise UserError(
                _("latest: no saved race yet in {folder}").format(folder=shown(saves.home()))
            )
        return path
    if ref == "":
        raise UserError(_("an empty file name"))
    if ref.isascii() and ref.isdigit() and not is_file_name(Path(ref)):
        return numbered(int(ref) if len(ref) <= 9 else 10**9)  # (int() refuses 4,301 digits)
    return Path(ref)


def numbered(number_shown: int) -> Path:
    """The save listed as ``number_shown`` by ``monza saves`` (newest first, from 1)."""
    saves.tidy()  # (as monza saves does before it numbers them)
    files = saves.save_files()
    if not 1 <= number_shown <= len(files):
        if not files:
            raise UserError(
                _("latest: no saved race yet in {folder}").format(folder=shown(saves.home())))
        raise UserError(_("no saved race numbered {n}: monza saves numbers them 1 to "
                          "{count}").format(n=number_shown, count=len(files)))
    return files[number_shown - 1]


def check(path: Path) -> tuple[int, int]:
    """Races and completed turns in a record, every turn re-validated (RecordError if not)."""
    races = read_records(path)
    return len(races), sum(len(race.turns) for race in races)


def load(path: Path, race_number: int) -> Sequence[Race]:
    """The races of a file, with ``--race`` checked against how many there are.

    Only the race to open is read now (and re-validated); the others when the viewer
    switches to them (:class:`LazyRaces`), so a record of a thousand races opens at once."""
    races = LazyRaces(path)
    if not 1 <= race_number <= len(races):
        raise UserError(
            ngettext("--race {n}: {path} holds {count} race",
                     "--race {n}: {path} holds {count} races", len(races)).format(
                n=race_number, path=shown(path), count=len(races)
            )
        )
    races[race_number - 1]  # read now: a bad race is one line before the app starts
    return races


def run(args: argparse.Namespace) -> int:
    """Check, or open the viewer."""
    path = resolve(args.file)
    if args.check:
        heap.release()  # no screen
        count, turns = check(path)
        print(
            ngettext("ok: {count} race", "ok: {count} races", count).format(count=number(count))
            + ngettext(", {turns} turn", ", {turns} turns", turns).format(turns=number(turns))
        )
        return 0
    races = load(path, args.race)
    need_terminal("replay")
    from monza_tui.app.replay_screen import ReplayApp

    return run_app(ReplayApp(races, index=args.race - 1, source=shown(path)))

"""Autosaves and the race history: no race is ever lost, whatever happens to the process.

Every completed action of a race (a placed die counts) rewrites the race's save file
atomically (:func:`monza_tui.record.write_records` writes through
:func:`monza_tui.files.atomic_write_text`), as a game record plus the actions of
the unfinished turn (:meth:`Race.save_lines`). A process killed at any instant, even by
SIGKILL in the middle of a write, leaves the previous save whole, and resuming it replays
exactly the same dice, tokens and tiles.

The layout (``docs/saves.md``)::

    <home>/saves/<started>-<board>-<seed>.jsonl     races in progress, one file per race
    <home>/history/<started>-<board>-<seed>.jsonl   finished races, kept

``<home>`` is ``$MONZA_HOME`` if set, else platformdirs' ``user_data_dir("monza-tui")``
(``~/.local/share/monza-tui`` on Linux). A race that finishes is written to ``history/``
first and only then removed from ``saves/``; a crash in between leaves both, and
:func:`tidy` (or the next finish) completes the move.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from monza_tui.errors import UserError
from monza_tui.files import atomic_write_text, cannot_read, read_text, shown
from monza_tui.i18n import _
from monza_tui.portable import HeldLock, LockBusy, hold
from monza_tui.record import Race, RecordError, write_records

SAVES = "saves"
HISTORY = "history"
SUFFIX = ".jsonl"
MAX_NAMES = 999
"""Races started in one second with one board and seed that get a file name each."""
STALE_TEMP_SECONDS = 3600
"""Temporary files of an interrupted write older than this are removed by :func:`tidy`
(younger ones may belong to a write in progress in another process)."""


def _why(error: OSError | RecordError) -> object:
    """Why a save failed, for the wording layer (the system's reason, or the record's)."""
    return cannot_read(error) if isinstance(error, OSError) else error


class SaveError(UserError):
    """A save that could not be written (disk full, folder not writable); one line."""


# Where ---------------------------------------------------------------------------------


def home() -> Path:
    """The folder of all saves: ``$MONZA_HOME``, else the user's data folder."""
    override = os.environ.get("MONZA_HOME")
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("monza-tui", appauthor=False))


def saves_dir() -> Path:
    """Races in progress."""
    return home() / SAVES


def history_dir() -> Path:
    """Finished races."""
    return home() / HISTORY


def new_save_path(race: Race, *, now: datetime | None = None) -> Path:
    """A fresh file name in ``saves/`` for a race that has none yet: when it started, the
    board and the seed, so that names sort by start time and say what they hold.

    The name is claimed at once, by taking its lock (:func:`lock`): two games started in
    the same second with the same board and seed never share a file. :class:`OSError` if
    no lock can be made there (nor, then, a save)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    board = re.sub(r"[^a-z0-9_-]", "", race.game.board.name.lower())[:40] or "board"
    stem = f"{stamp}-{board}-{race.seed}"
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for counter in range(1, MAX_NAMES + 1):
        path = folder / (f"{stem}{SUFFIX}" if counter == 1 else f"{stem}-{counter}{SUFFIX}")
        if path.exists() or (history_dir() / path.name).exists() or path.resolve() in _locks:
            continue  # a race's, or a name this process claimed for another race
        try:
            _take(path)
        except SaveInUse:
            continue  # another process claimed this name
        return path
    raise SaveError(_("no free file name in {folder}").format(folder=shown(folder)))


# Locks ---------------------------------------------------------------------------------


class SaveInUse(SaveError):
    """The save is being played by another monza process."""


_locks: dict[Path, HeldLock] = {}
"""The lock files this process holds, by save file (resolved)."""
_unnamed: set[Path] = set()
"""Those of them whose pid file the disk refused."""


LOCKS = "locks"


def lock_path(path: Path) -> Path:
    """The lock file of a save: ``<home>/locks/<name>.lock`` (never among the saves)."""
    folder = home() / LOCKS
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{path.name}.lock"


def pid_path(path: Path) -> Path:
    """``<home>/locks/<name>.pid``, the lock holder's pid: not in the lock file, which is
    filelock's (and whose locked byte Windows lets no one else read)."""
    return lock_path(path).with_suffix(".pid")


def holder(path: Path) -> str:
    """The pid of the process that holds a save's lock, as it wrote it ('' if unknown)."""
    try:
        text = read_text(pid_path(Path(path)), 32)
    except (UserError, OSError):
        return ""
    return text.strip() if text.strip().isdigit() else ""


def lock(path: Path) -> None:
    """:func:`_take`; a folder that cannot hold a lock cannot hold a save: the save says."""
    with contextlib.suppress(OSError):
        _take(path)


def _take(path: Path) -> None:
    """Claim ``path`` for this process until it exits (or :func:`unlock`): a second
    ``monza resume`` of the same save is refused instead of both writing one file.

    The lock is the portable lock (:func:`monza_tui.portable.hold`) on ``<name>.lock``; the
    system drops it when the owner dies, so a lock left by a killed process is simply
    taken over. The owner's pid goes to ``<name>.pid`` for the refusal to name, when the
    disk takes it (a full disk keeps the lock all the same). :class:`SaveInUse` (one line,
    with the other pid) if another process holds it, :class:`OSError` if no lock file
    can be made."""
    path = Path(path)
    key = path.resolve()
    if key in _locks:
        return
    try:
        held = hold(lock_path(path))
    except LockBusy:
        raise SaveInUse(
            _(
                "{path}: this race is open in another monza (pid {pid}); finish or quit it "
                "there first"
            ).format(path=shown(path), pid=holder(path) or "?")
        ) from None
    _locks[key] = held
    with contextlib.suppress(OSError):
        os.unlink(pid_path(path))  # a dead holder's: never named for this one
    _write_pid(path)


def _write_pid(path: Path) -> None:
    """Name this process the holder of ``path``'s lock; if the disk refuses, the next
    save that it takes tries again."""
    key = path.resolve()
    try:
        atomic_write_text(pid_path(path), f"{os.getpid()}\n")
    except OSError:
        _unnamed.add(key)
    else:
        _unnamed.discard(key)


def unlock(path: Path) -> None:
    """Let go of a save's lock (the race moved to the history, or was abandoned)."""
    held = _locks.pop(Path(path).resolve(), None)
    _unnamed.discard(Path(path).resolve())
    if held is not None:
        with contextlib.suppress(OSError):
            os.unlink(pid_path(Path(path)))
        held.release()


def in_use(path: Path) -> bool:
    """Whether another live process holds the save's lock."""
    if Path(path).resolve() in _locks:
        return False
    try:
        lock(path)
    except SaveInUse:
        return True
    unlock(path)
    return False


# Writing -------------------------------------------------------------------------------


def write_save(race: Race, path: Path) -> Path:
    """Write one race's save to ``path`` atomically; a finished race goes to the history
    (same file name) instead. Returns where the race now is."""
    try:
        if race.state.is_terminal():
            target = history_dir() / path.name
            write_records(target, [race], save=True)
            if path.parent.resolve() == saves_dir().resolve():
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
                unlock(path)
            return target
        write_records(path, [race], save=True)
        return path
    except (OSError, RecordError) as error:
        raise SaveError(code="save.cannot", path=shown(path), why=_why(error)) from None


def rescue_folder() -> Path:
    """Where :func:`rescue` writes a race the saves folder refused: the current folder if
    it can be written, else the user's home, else the temporary folder."""
    import tempfile

    for folder in (Path.cwd(), Path.home(), Path(tempfile.gettempdir())):
        if os.access(folder, os.W_OK | os.X_OK):
            return folder
    return Path(tempfile.gettempdir())


def rescue(race: Race) -> Path:
    """Write ``race`` outside the saves folder (which refused it), to a new file in
    :func:`rescue_folder`; ``monza resume FILE`` continues it. :class:`SaveError` if that
    fails too."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = rescue_folder()
    for counter in range(1, 100):
        path = folder / f"monza-race-{stamp}-{race.seed}-{counter}{SUFFIX}"
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except FileExistsError:
            continue
        except OSError as error:
            raise SaveError(code="save.path", path=shown(path), why=_why(error)) from None
        try:
            write_records(path, [race], save=True)
        except (OSError, RecordError) as error:
            raise SaveError(code="save.path", path=shown(path), why=_why(error)) from None
        return path
    raise SaveError(_("no free file name in {folder}").format(folder=shown(folder)))


_slots: dict[int, tuple[object, Path]] = {}
"""The save file of each race being played in this process, keyed by its Game object: a
:class:`Race` is a new value after every action, but keeps the Game it started with. The
Game is kept in the value so that its id cannot be reused while the slot exists."""


def adopt(race: Race, path: Path) -> None:
    """Save ``race`` (and every race that continues it) to ``path`` from now on; used when
    a race is resumed from its save so that it goes on in the same file. The file is
    locked for this process (:class:`SaveInUse` if another one plays it)."""
    lock(Path(path))
    _slots[id(race.game)] = (race.game, Path(path))


def save_path(race: Race) -> Path | None:
    """Where :func:`autosave` writes this race, if it has been saved or adopted."""
    slot = _slots.get(id(race.game))
    return slot[1] if slot is not None and slot[0] is race.game else None


def autosave(race: Race) -> Path | None:
    """Save the race now, atomically; call it after every action (the app's
    ``on_race_changed`` hook does). The first save picks a new file in ``saves/``; a finished
    race moves to ``history/``. A race with no action yet is not written (nothing to lose).
    Returns the file, or None; raises :class:`SaveError` if the disk refuses.

    The file's name is the race's from the moment it is claimed, written or not: a disk
    that refuses every save keeps retrying one file under one lock, never claims a new
    name (and a new lock) per action."""
    path = save_path(race)
    if path is None:
        if not race.turns and not race.pending:
            return None
        try:
            path = new_save_path(race)
        except OSError as error:
            raise SaveError(code="save.cannot", path=shown(saves_dir()), why=_why(error)) from None
        _slots[id(race.game)] = (race.game, path)
    final = write_save(race, path)
    if final == path and path.resolve() in _unnamed:
        _write_pid(path)  # the disk takes writes again
    _slots[id(race.game)] = (race.game, final)
    return final


def forget(race: Race) -> None:
    """Stop tracking a race's save file (the race was abandoned or replaced)."""
    slot = _slots.pop(id(race.game), None)
    if slot is not None:
        unlock(slot[1])


# Reading -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SaveInfo:
    """One saved race as ``monza saves`` lists it; ``error`` is set for a damaged file."""

    path: Path
    saved: datetime
    """When the file was last written."""
    race: Race | None = None
    error: str | None = None

    @property
    def finished(self) -> bool:
        """Whether the race is over."""
        return self.race is not None and self.race.state.is_terminal()

    def summary(self) -> str:
        """One line to offer the race with: board, players, round and turn, when saved."""
        if self.race is None:
            return _("{name}: damaged").format(name=shown(self.path.name))
        from monza_tui.seats import shown_names
        from monza_tui.wording import board_title  # not at launch: the first offer pays

        race = self.race
        return _("{board}: {players}, round {round}, turn {turn} (saved {saved})").format(
            board=board_title(race.game.board),
            players=_(", ").join(shown_names(race.players)),
            round=race.state.round,
            turn=race.state.turn,
            saved=self.saved.strftime("%Y-%m-%d %H:%M"),
        )


def load_save(path: Path | str) -> Race:
    """The one race of a save file, re-validated with the engine; :class:`RecordError`
    (one line naming file, line and field) for anything wrong."""
    path = Path(path)
    from monza_tui.record import read_records  # loads reading when first used

    races = read_records(path)
    if len(races) != 1:
        raise RecordError(
            _(
                "{path}: holds {n} races; a save holds one (monza replay FILE --race N "
                "steps through one of them)"
            ).format(path=path, n=len(races))
        )
    return races[0]


def _files(folder: Path) -> list[tuple[float, Path]]:
    """The record files in a folder (not temporary files), with their modification times."""
    found = []
    with contextlib.suppress(FileNotFoundError, NotADirectoryError):
        for entry in os.scandir(folder):
            if entry.name.startswith(".") or not entry.name.endswith(SUFFIX):
                continue
            with contextlib.suppress(OSError):
                if entry.is_file():
                    found.append((entry.stat().st_mtime, Path(entry.path)))
    return found


def save_files(*, history: bool = True) -> list[Path]:
    """Save files newest first (last written first); the history too unless told not to.
    A finished race left in ``saves/`` by an interrupted move is listed once."""
    entries = _files(saves_dir())
    if history:
        kept = {path.name for _, path in _files(history_dir())}
        entries = [(t, p) for t, p in entries if p.name not in kept]
        entries += _files(history_dir())
    entries.sort(key=lambda entry: (entry[0], entry[1].name), reverse=True)
    return [path for _, path in entries]


def info(path: Path) -> SaveInfo:
    """Read one save for listing; a damaged file gives its one-line error, never raises."""
    try:
        saved = datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        saved = datetime.fromtimestamp(0)
    try:
        return SaveInfo(path, saved, race=load_save(path))
    except UserError as error:
        return SaveInfo(path, saved, error=str(error))


def list_saves(*, limit: int | None = None) -> list[SaveInfo]:
    """Saved races newest first, races in progress and the history together."""
    files = save_files()
    if limit is not None:
        files = files[:limit]
    return [info(path) for path in files]


def unfinished() -> Iterable[SaveInfo]:
    """The races in ``saves/``, newest first, read one by one as they are asked for."""
    for path in save_files(history=False):
        yield info(path)


def latest_unfinished() -> SaveInfo | None:
    """The race to offer at start-up: the newest save of an unfinished race that reads
    back correctly (damaged saves are skipped here; ``monza saves`` shows them).

    Its race is already tied to its file (:func:`adopt`): playing ``found.race`` on
    autosaves into the same save, so a resumed race never leaves a stale copy behind."""
    for found in unfinished():
        if found.race is not None and not found.finished and not in_use(found.path):
            adopt(found.race, found.path)
            return found
    return None


def latest_record() -> Path | None:
    """The race ``monza replay latest`` means: the newest finished race (the history's),
    else the newest saved race when none has finished yet."""
    finished = save_files_in(history_dir())
    if finished:
        return finished[0]
    files = save_files()
    return files[0] if files else None


def save_files_in(folder: Path) -> list[Path]:
    """The save files of one folder, newest first."""
    entries = _files(folder)
    entries.sort(key=lambda entry: (entry[0], entry[1].name), reverse=True)
    return [path for _, path in entries]


def tidy(*, now: float | None = None) -> None:
    """Finish what an interrupted process left: move finished races still in ``saves/`` to
    the history, and remove temporary files of writes that were killed long ago."""
    now = time.time() if now is None else now
    for folder in (saves_dir(), history_dir(), home() / LOCKS):
        with contextlib.suppress(FileNotFoundError, NotADirectoryError):
            for entry in os.scandir(folder):
                if entry.name.startswith(".") and entry.name.endswith(".tmp"):
                    with contextlib.suppress(OSError):
                        if now - entry.stat().st_mtime > STALE_TEMP_SECONDS:
                            os.unlink(entry.path)
    with contextlib.suppress(FileNotFoundError, NotADirectoryError):
        for entry in os.scandir(home() / LOCKS):
            # The lock (or pid) file of a save that is gone, left by a killed process.
            name, dot, kind = entry.name.rpartition(".")
            save = saves_dir() / name
            with contextlib.suppress(OSError):
                if (
                    kind in ("lock", "pid") and dot and not name.startswith(".")
                    and not save.exists()
                    and now - entry.stat().st_mtime > STALE_TEMP_SECONDS
                    and not in_use(save)
                ):
                    os.unlink(entry.path)
    for path in save_files(history=False):
        with contextlib.suppress(UserError):
            race = load_save(path)
            if race.state.is_terminal():
                write_save(race, path)


__all__ = [
    "SaveError",
    "SaveInUse",
    "SaveInfo",
    "adopt",
    "autosave",
    "forget",
    "home",
    "in_use",
    "latest_record",
    "latest_unfinished",
    "list_saves",
    "load_save",
    "lock",
    "rescue",
    "rescue_folder",
    "save_files",
    "tidy",
    "unlock",
]

"""Issue 31, a full disk loses no race: ENOSPC injected where every file's bytes are written
(``monza_tui.files._write_out``) in this process, and by the test prelude's full disk under
MONZA_HOME in a real ``monza`` (tests/portable/prelude). What the player reads, line by
line; the exit status; no traceback; one file name and one lock per race, however many
saves fail; the open descriptors bounded."""

from __future__ import annotations

import errno
import io
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import pytest

from monza_tui import files, i18n, saves
from monza_tui.engine import Colour, seeded_roll
from monza_tui.plain.game import PlainGame
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.record import Race, read_records
from monza_tui.seats import SeatKind
from portable.helpers import bots_race, run, saved

FULL = "no space left on the disk"
LINUX_FDS = Path("/proc/self/fd")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path / "home"))
    rescue = tmp_path / "here"
    rescue.mkdir()
    monkeypatch.chdir(rescue)  # where a refused race is written instead
    before = i18n.current_language()
    i18n.set_language("en")
    saves._slots.clear()
    yield tmp_path / "home"
    for path in list(saves._locks):
        saves.unlock(path)
    saves._slots.clear()
    i18n.set_language(before)


def full_disk(monkeypatch: pytest.MonkeyPatch, under: Path | None) -> None:
    """Every write of a file under ``under`` (everywhere when None) fails with ENOSPC."""
    real = files._write_out

    def write_out(handle: TextIO, text: str) -> None:
        where = os.path.realpath(f"/proc/self/fd/{handle.fileno()}")
        if under is None or where.startswith(str(under.resolve()) + os.sep):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(handle, text)

    monkeypatch.setattr(files, "_write_out", write_out)


def open_fds() -> int:
    return len(os.listdir(LINUX_FDS))


def play(race: Race, text: str = "") -> tuple[int, list[str], PlainGame]:
    out = io.StringIO()
    game = PlainGame(race, lines=io.StringIO(text), out=out, echo=True)
    code = game.run()
    return code, out.getvalue().splitlines(), game


def ann_and_a_bot() -> Race:
    return start_race(RaceSetup(board="oval", seed=3, seats=(
        Seat("Ann", Colour.RED), Seat("Bot", Colour.BLUE, SeatKind.RANDOM))))


pytestmark = pytest.mark.skipif(not LINUX_FDS.is_dir(), reason="reads /proc/self/fd")


def test_a_race_that_finishes_on_a_full_disk_is_written_elsewhere_and_says_so(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    full_disk(monkeypatch, home)
    fds = open_fds()
    code, lines, game = play(bots_race())
    assert code == 0
    name = saves.save_path(game.race)
    assert name is not None and name.parent == home / "saves"
    # Said once, though every one of the race's saves failed.
    assert [line for line in lines if "save" in line] == [
        f"cannot save the race to {name}: {FULL}"
    ]
    (rescued,) = Path.cwd().glob("monza-race-*-5-1.jsonl")
    assert lines[-1] == (f"The race is written to {rescued}; monza replay {rescued} shows it "
                         "again.")
    assert "Seed 5: monza replay shows the race again." not in lines  # it is not in the history
    (race,) = read_records(rescued)
    assert race.state == game.race.state and race.state.is_terminal()
    # One name, one lock (no pid beside it: the disk refused that too), one descriptor.
    assert [p.name for p in (home / "locks").iterdir()] == [f"{name.name}.lock"]
    assert not (home / "history").exists() or list((home / "history").iterdir()) == []
    assert open_fds() == fds + 1  # the race's lock, held until the process ends


def test_quitting_on_a_full_disk_writes_the_race_elsewhere(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    full_disk(monkeypatch, home)
    code, lines, game = play(ann_and_a_bot(), "\n")  # roll, then the input ends
    name = saves.save_path(game.race)
    (rescued,) = Path.cwd().glob("monza-race-*-3-1.jsonl")
    assert code == 0
    assert lines[-2:] == [
        "> ",
        f"The race is written to {rescued}; monza resume {rescued} continues it.",
    ]
    assert lines.count(f"cannot save the race to {name}: {FULL}") == 1
    (race,) = read_records(rescued)
    assert race.state == game.race.state


def test_a_race_written_nowhere_says_so_and_ends_with_status_1(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    full_disk(monkeypatch, None)  # the saves folder, and the rescue's folder too
    code, lines, game = play(bots_race())
    assert code == 1
    (tried,) = Path.cwd().glob("monza-race-*-5-1.jsonl")  # made empty, never written
    assert lines[-1] == f"The race could not be saved anywhere: {tried}: {FULL}"
    assert "Seed 5: monza replay shows the race again." not in lines
    assert game.race.state.is_terminal()


def test_a_failed_first_save_keeps_its_file_name_for_the_next(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    full_disk(monkeypatch, home)
    race = bots_race()
    for _ in range(5):
        with pytest.raises(saves.SaveError, match=FULL):
            saves.autosave(race)
    assert len(saves._locks) == 1
    assert len(list((home / "locks").iterdir())) == 1
    monkeypatch.undo()  # space again: the same file, the same lock
    monkeypatch.setenv("MONZA_HOME", str(home))
    path = saves.autosave(race)
    assert path is not None and [p.name for p in (home / "saves").iterdir()] == [path.name]
    assert saves.holder(path) == str(os.getpid())


# The real command, its disk full under MONZA_HOME ---------------------------------------------


def test_the_line_game_finishes_on_a_full_disk_in_a_real_process(
    home: Path, tmp_path: Path
) -> None:
    save = saved(bots_race(), home)
    result = run("--lang", "en", "resume", "--plain", str(save), home=home,
                 full_disk=True, cwd=Path.cwd(), limit_fds=40)
    assert result.returncode == 0
    assert result.stderr == ""  # no traceback, no "Too many open files"
    lines = result.stdout.splitlines()
    (rescued,) = Path.cwd().glob("monza-race-*-5-1.jsonl")
    assert [line for line in lines if "save" in line] == [
        f"cannot save the race to {save}: {FULL}"
    ]
    assert lines[-1] == (f"The race is written to {rescued}; monza replay {rescued} shows it "
                         "again.")
    assert [p.name for p in (home / "locks").iterdir()] == [f"{save.name}.lock"]
    (race,) = read_records(rescued)
    assert race.state.is_terminal()


def test_play_plain_on_a_full_disk_keeps_one_lock_in_a_real_process(home: Path) -> None:
    typed = "\n" + "1\n" * 60  # roll, then the first choice, again and again
    result = run("--lang", "en", "play", "--plain", "--player", "Ann", "--bot", "random",
                 "--seed", "3", home=home, stdin=typed, full_disk=True, cwd=Path.cwd(),
                 limit_fds=40)
    assert result.returncode == 0
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    (locked,) = (home / "locks").iterdir()
    name = home / "saves" / locked.name.removesuffix(".lock")
    assert lines.count(f"cannot save the race to {name}: {FULL}") == 1
    assert [line for line in lines if "save" in line] == [
        f"cannot save the race to {name}: {FULL}"
    ]
    (rescued,) = Path.cwd().glob("monza-race-*.jsonl")
    assert lines[-1] in (
        f"The race is written to {rescued}; monza resume {rescued} continues it.",
        f"The race is written to {rescued}; monza replay {rescued} shows it again.",
    )


def test_resume_on_a_full_disk_is_no_traceback(home: Path) -> None:
    race = ann_and_a_bot()
    save = saved(race.apply(seeded_roll(race.seed, race.state)), home)
    result = run("--lang", "en", "resume", "--plain", str(save), home=home,
                 full_disk=True, cwd=Path.cwd())
    assert result.returncode == 0
    assert result.stderr == ""
    (rescued,) = Path.cwd().glob("monza-race-*-3-1.jsonl")
    assert result.stdout.splitlines()[-1] == (
        f"The race is written to {rescued}; monza resume {rescued} continues it."
    )
    assert read_records(save)[0].state == read_records(rescued)[0].state  # the save is whole


def test_the_app_s_race_that_finished_on_a_full_disk_is_written_elsewhere_on_quitting(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The full-screen app's finish uses the quit dialog's rescue too, and its last line
    says where the race went and how to see it again (not how to continue it)."""
    import asyncio

    from app.helpers import settle
    from monza_tui.app.app import MonzaApp
    from monza_tui.app.screens.confirm import ConfirmScreen
    from monza_tui.app.screens.results import ResultsScreen

    full_disk(monkeypatch, home)
    app = MonzaApp(race=bots_race(), bot_delay=0, animation_delay=0)

    async def finish_and_quit() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(400):
                await settle(pilot)
                if isinstance(app.screen, ResultsScreen):
                    break
            assert isinstance(app.screen, ResultsScreen)
            await pilot.press("ctrl+q")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            question = str(app.screen.query_one("#question").render())
            assert question.startswith("The race is NOT saved: cannot save the race to ")
            assert question.endswith(f"{FULL}. Write it to {Path.cwd()} and quit?")
            await pilot.press("y")
            await settle(pilot)

    asyncio.run(finish_and_quit())
    said = "".join(capsys.readouterr().err.splitlines())  # (printed on the way out, wrapped)
    (rescued,) = Path.cwd().glob("monza-race-*-5-1.jsonl")
    assert said == f"The race is written to {rescued}; monza replay {rescued} shows it again."
    (race,) = read_records(rescued)
    assert race.state.is_terminal() and race.state == app.race.state  # type: ignore[union-attr]

"""``monza play --plain`` and ``monza resume --plain`` as real commands: when the game goes
line by line, piped input in a real process, and the refusal without a terminal."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from monza_tui import i18n
from monza_tui.commands import play

TIMEOUT = 120


def monza(*args: str, home: Path, text: str | None,
          env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The real ``monza`` in a new process, ``text`` piped to its stdin (None: /dev/null)."""
    environment = {k: v for k, v in os.environ.items() if k != "ACCESSIBLE"}
    environment.update({"MONZA_HOME": str(home), **(env or {})})
    return subprocess.run(
        [sys.executable, "-m", "monza_tui.cli", *args], input=text,
        stdin=subprocess.DEVNULL if text is None else None,
        capture_output=True, text=True, timeout=TIMEOUT, env=environment,
    )


def test_piped_input_plays_a_whole_race_and_resume_goes_on(tmp_path: Path) -> None:
    home = tmp_path / "home"
    # Two lines, then the input ends: the race is saved in the middle of a turn.
    first = monza("play", "--plain", "--bot", "greedy", "--seed", "3", home=home, text="\n1\n")
    assert first.returncode == 0, first.stderr
    assert first.stderr == ""
    assert "\x1b" not in first.stdout
    (save,) = (home / "saves").iterdir()
    # monza resume --plain continues it: the first choice every time, to the results.
    second = monza("resume", "--plain", home=home, text="1\n" * 400)
    assert second.returncode == 0, second.stderr
    assert "\x1b" not in second.stdout
    assert not save.exists() and (home / "history" / save.name).exists()
    # The results' last line, then the offer of the review (a line not asking for it leaves).
    *_, seed, offer, typed = second.stdout.splitlines()
    assert seed.startswith(i18n._("Seed {seed}: monza replay shows the race again.").split("{")[0])
    assert offer == i18n._("Type {review} for where the race was won, or an empty line to "
                           "leave.").format(review=i18n.pgettext("plain command", "review"))
    assert typed == "> 1"


def test_accessible_in_the_environment_plays_line_by_line(tmp_path: Path) -> None:
    result = monza("play", "--bot", "greedy", "--seed", "3", home=tmp_path / "home",
                   text="quit\n", env={"ACCESSIBLE": "1"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == i18n._(
        "Nothing was played yet, so nothing is saved.")


def test_without_a_terminal_and_without_plain_it_is_one_line_naming_plain(tmp_path: Path) -> None:
    result = monza("play", "--seed", "1", home=tmp_path / "home", text=None)
    assert result.returncode == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert "--plain" in line
    resumed = monza("resume", home=tmp_path / "home", text=None)
    assert resumed.returncode == 2 and len(resumed.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("flag", "accessible", "stdin", "stdout", "plain"),
    [
        (True, "", False, False, True),  # asked for: a script, a pipe
        (False, "1", True, True, True),  # the environment asks
        (False, "0", True, True, False),
        (False, "", True, False, True),  # a person whose output goes to a file or a pipe
        (False, "", True, True, False),  # the full-screen game
        (False, "", False, False, False),  # nobody asked and nobody is there: refused
        (False, "", False, True, False),
    ],
)
def test_when_the_game_goes_line_by_line(
    monkeypatch: pytest.MonkeyPatch, flag: bool, accessible: str, stdin: bool, stdout: bool,
    plain: bool,
) -> None:
    monkeypatch.setattr(play, "stdin_is_terminal", lambda: stdin)
    monkeypatch.setattr(play, "stdout_is_terminal", lambda: stdout)
    monkeypatch.setenv("ACCESSIBLE", accessible)
    assert play.plain_wanted(argparse.Namespace(plain=flag)) is plain


def test_output_piped_into_a_reader_that_stops_ends_quietly_and_saves(tmp_path: Path) -> None:
    # monza play --plain … | head: the reader goes away; the game leaves as at the end of
    # its input (the race saved), with no traceback, status 1 (the Python docs' advice).
    home = tmp_path / "home"
    environment = {k: v for k, v in os.environ.items() if k != "ACCESSIBLE"}
    environment["MONZA_HOME"] = str(home)
    process = subprocess.Popen(
        [sys.executable, "-m", "monza_tui.cli", "play", "--plain", "--bot", "greedy",
         "--seed", "3"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=environment,
    )
    assert process.stdin is not None and process.stdout is not None

    def up_to_the_prompt() -> None:
        said = b""
        while not said.endswith(b"> "):
            chunk = os.read(process.stdout.fileno(), 4096)  # type: ignore[union-attr]
            assert chunk, said
            said += chunk

    up_to_the_prompt()
    process.stdin.write("\n")  # roll
    process.stdin.flush()
    up_to_the_prompt()
    process.stdout.close()  # the reader stops
    try:
        process.stdin.write("1\n" * 50)  # said to no one
        process.stdin.close()
    except BrokenPipeError:
        pass
    assert process.wait(timeout=TIMEOUT) == 1
    assert process.stderr is not None and process.stderr.read() == ""
    (save,) = (home / "saves").iterdir()  # the roll was played, and saved
    from monza_tui import saves
    from monza_tui.engine import Phase

    assert saves.load_save(save).state.phase is Phase.PLACING


def test_a_broken_pipe_ends_every_command_quietly(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # cli.main is the one place: any command whose output's reader went away.
    from monza_tui.cli import main

    def gone(args: argparse.Namespace) -> int:
        print("a line")
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr("monza_tui.commands.saves.run", gone)
    assert main(["saves"]) == 1
    assert capsys.readouterr().err == ""

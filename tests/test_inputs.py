"""Issue 31, "everywhere a family's computer is": bad input from the command line, the
environment or a file is one escaped error line of at most 300 characters on stderr and
exit status 2, never a traceback, through the real ``monza`` command in a new process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from monza_tui.boardfile import load_board
from monza_tui.engine import Colour
from monza_tui.errors import MAX_MESSAGE_CHARS, line, printable
from monza_tui.record import Player, Race, write_records

SRC = Path(__file__).resolve().parent.parent / "src"
MONZA = Path(sys.executable).with_name("monza")
MINI = Path(__file__).parent / "data" / "mini.toml"
TIMEOUT = 60
LONG = "a" * 300
BUILTIN = "built in are oval, long, classic, or give a .toml file"


def monza(*args: str, home: Path | str) -> subprocess.CompletedProcess[str]:
    """The venv's ``monza`` on this checkout's sources, in a new process (a hang fails)."""
    env = {**os.environ, "MONZA_HOME": str(home), "PYTHONPATH": str(SRC), "COLUMNS": "100",
           "LANGUAGE": "en", "LC_ALL": "C.UTF-8"}
    env.pop("MONZA_CONFIG", None)
    return subprocess.run([str(MONZA), *args], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, encoding="utf-8", errors="surrogateescape",
                          timeout=TIMEOUT, env=env)


def refused(result: subprocess.CompletedProcess[str]) -> str:
    """The one error line of a refused command: status 2, nothing on stdout, no traceback,
    no escape or bidi control, at most 300 characters."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert "\x1b" not in result.stderr and "\u202e" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert len(lines[0]) <= MAX_MESSAGE_CHARS
    return lines[0]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


# A board name or a MONZA_HOME too long for a file name ----------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("boards", "show", LONG),
        ("boards", "check", LONG),
        ("play", "--plain", "--board", LONG),
        ("simulate", "--board", LONG),
    ],
)
def test_a_board_name_too_long_for_a_file_name_is_no_such_board(
    args: tuple[str, ...], home: Path
) -> None:
    assert refused(monza(*args, home=home)) == f"monza: {'a' * 79}…: no such board; {BUILTIN}"


def test_a_board_file_name_too_long_says_why(home: Path) -> None:
    assert refused(monza("boards", "check", LONG + ".toml", home=home)) == (
        f"monza: {'a' * 199}…: cannot read: a name too long for this computer"
    )


def test_stats_of_a_board_name_too_long_is_a_usage_line(home: Path) -> None:
    assert refused(monza("stats", "--board", LONG, home=home)) == (
        f"monza stats: --board {'a' * 39}…: no race on such a board (boards played: –) "
        "(see monza stats --help)"
    )


def test_a_monza_home_too_long_for_a_folder_name(tmp_path: Path) -> None:
    folder = tmp_path / LONG / "x"
    line = refused(monza("saves", home=folder))
    assert line == f"monza: MONZA_HOME={str(folder)[:79]}…: a name too long for this computer"
    assert refused(monza("boards", "show", "oval", home=folder)) == line


# Numbers that isdigit() takes and int() refuses ----------------------------------------------


def test_a_superscript_start_player_is_no_such_player(home: Path) -> None:
    assert refused(monza("play", "--plain", "--start-player", "²", home=home)) == (
        "monza: --start-player ²: no such player (players: Player 1, Player 2)"
    )


def test_join_with_a_superscript_port_is_no_address(home: Path) -> None:
    # (said before the terminal is asked for: stdin here is no terminal)
    assert refused(monza("join", "127.0.0.1:¹", "ABC-DEF", home=home)) == (
        "monza: 127.0.0.1:¹: not an address; give HOST:PORT as the host shows it, "
        "e.g. 192.168.1.5:8765"
    )


# MONZA_HOME that cannot be used ------------------------------------------------------------


def test_a_monza_home_of_a_user_who_does_not_exist(home: Path) -> None:
    assert refused(monza("saves", home="~nosuchuser31/x")) == (
        "monza: MONZA_HOME=~nosuchuser31/x: no user nosuchuser31 on this computer"
    )
    # --help still helps: the folder is asked about when a command runs
    assert monza("--help", home="~nosuchuser31/x").returncode == 0


def test_a_monza_home_that_is_a_loop_of_links(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    for folder, command in ((loop, "saves"), (loop / "x", "stats")):
        assert refused(monza(command, home=folder)) == (
            f"monza: MONZA_HOME={folder}: symbolic links that lead round in a loop"
        )


def test_a_monza_home_that_is_a_file(tmp_path: Path) -> None:
    file = tmp_path / "file"
    file.write_text("x")
    assert refused(monza("saves", home=file)) == f"monza: MONZA_HOME={file}: not a folder"


# Escapes and bidi controls never reach the terminal --------------------------------------------


def test_a_board_name_with_an_escape_sequence_is_echoed_escaped(home: Path) -> None:
    result = monza("play", "--plain", "--board", "\x1b[2J\x1b]0;pwned\x07moon", home=home)
    assert refused(result) == (
        "monza: \\x1b[2J\\x1b]0;pwned\\x07moon: no such board; " + BUILTIN
    )


def _board_file(tmp_path: Path, **changes: str) -> Path:
    text = MINI.read_text("utf-8")  # (JSON's escapes are TOML's: "\u202e")
    if "title" in changes:
        text = text.replace('"Mini test loop"', json.dumps(changes["title"]))
    if "description" in changes:
        text = text.replace("edition =", f"description = {json.dumps(changes['description'])}"
                            "\nedition =")
    path = tmp_path / "board.toml"
    path.write_text(text, "utf-8")
    return path


@pytest.mark.parametrize(
    ("field", "text"),
    [
        ("title", "Mini \u202eloop"),
        ("title", "Mini\x1b[2J"),
        ("title", "Mini\tloop"),
        ("title", "Mini\u2066loop"),
        ("description", "A loop \u202egnol"),
        ("description", "A loop\x1b]0;x\x07"),
    ],
)
def test_a_board_title_keeps_the_rule_of_names(
    field: str, text: str, tmp_path: Path, home: Path
) -> None:
    path = _board_file(tmp_path, **{field: text})
    assert refused(monza("boards", "check", str(path), home=home)) == (
        f"monza: {path}: {field}: no control characters"
    )


def test_a_description_may_break_its_lines(tmp_path: Path, home: Path) -> None:
    path = _board_file(tmp_path, description="Three lanes.\nA short loop.")
    result = monza("boards", "check", str(path), home=home)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"ok: {path}: Mini test loop, 3 lanes")


def _old_save(home: Path, title: str) -> Path:
    """A save written before board titles kept the rule of names: its board's title holds
    ``title`` (the record embeds the board file, so the bad title travels with it)."""
    board = load_board(str(MINI))
    race = Race.start(board, [Player("Ann", Colour.RED), Player("Ben", Colour.BLUE)], seed=5)
    saves = home / "saves"
    saves.mkdir(parents=True)
    path = saves / "2024-01-01-120000-mini.jsonl"
    write_records(path, [race], save=True)
    lines = path.read_text("utf-8").splitlines()
    header = json.loads(lines[0])
    header["board_file"]["title"] = title
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", "utf-8")
    return path


def test_an_old_save_with_a_bidi_title_is_listed_as_damaged_never_raw(home: Path) -> None:
    path = _old_save(home, "Mini \u202epool")
    result = monza("saves", home=home)
    assert result.returncode == 0, result.stderr
    assert "\u202e" not in result.stdout and "\x1b" not in result.stdout
    row = next(text for text in result.stdout.splitlines() if "damaged" in text)
    assert "damaged: line 1: board_file: title: no control" in row
    assert refused(monza("replay", str(path), "--check", home=home)) == (
        f"monza: {path}: line 1: board_file: title: no control characters"
    )


def test_a_board_title_is_shown_escaped_wherever_it_comes_from() -> None:
    from monza_tui.wording import board_title

    class Board:
        name = "mini"
        title = "Mini \u202epool\x1b[2J"

    assert board_title(Board()) == "Mini \\u202epool\\x1b[2J"


# Long errors ----------------------------------------------------------------------------------


def test_an_invalid_choice_of_10_kb_is_quoted_cut(home: Path) -> None:
    result = monza("play", "--plain", "--bot", "x" * 10_000, home=home)
    assert refused(result) == (
        f"monza play: argument --bot: invalid choice: '{'x' * 39}…' "
        "(choose from 'random', 'greedy', 'expert') (see monza play --help)"
    )


def test_an_invalid_choice_with_an_escape_is_escaped(home: Path) -> None:
    assert refused(monza("boards", "\x1b[2J", home=home)) == (
        "monza boards: argument {list,show,check}: invalid choice: '\\x1b[2J' "
        "(choose from 'list', 'show', 'check') (see monza boards --help)"
    )


def test_unrecognized_arguments_of_10_kb_are_cut(home: Path) -> None:
    assert refused(monza("saves", "--\u202e" + "x" * 10_000, home=home)) == (
        f"monza saves: unrecognized arguments: --\\u202e{'x' * 76}… (see monza saves --help)"
    )


def test_the_one_line_escapes_and_cuts() -> None:
    assert printable("a\x1bb\u202ec\u2028d\udcffe") == "a\\x1bb\\u202ec\\u2028d\\xffe"
    assert printable(printable("\x1b\u202e")) == printable("\x1b\u202e")
    assert line("one\ntwo\x1b") == "one two\\x1b"
    assert line("x" * 1000) == "x" * 299 + "…"


# simulate --log never writes over a file it was not told to -------------------------------------


def test_simulate_log_keeps_an_existing_file_unless_forced(tmp_path: Path, home: Path) -> None:
    log = tmp_path / "races.jsonl"
    old = b'{"record": "monza-game"}\n\x00\xff a save of an evening\n'
    log.write_bytes(old)
    args = ("simulate", "--games", "2", "--jobs", "1", "--board", str(MINI), "--log", str(log))
    assert refused(monza(*args, home=home)) == (
        f"monza: --log {log}: the file exists; give --force to replace it, or a new file name"
    )
    assert log.read_bytes() == old
    forced = monza(*args, "--force", "--json", home=home)
    assert forced.returncode == 0, forced.stderr
    lines = log.read_text("utf-8").splitlines()
    assert len([text for text in lines if '"record": "monza-game"' in text]) == 2

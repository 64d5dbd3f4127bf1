"""Issue 12's leftovers on the command line: every command's output and ``--help`` in the
player's language, with no English id or word left (boards by title, computer drivers by
their level's name, numbers by :func:`i18n.number`, argparse's headings, lists and columns
in the language's punctuation and in terminal cells)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

from monza_tui import i18n
from monza_tui.app.legend import legend
from monza_tui.cli import main
from monza_tui.cli_help import wrap
from monza_tui.commands.flags import seconds, short_number
from monza_tui.engine import Colour
from monza_tui.record import Race, read_records
from monza_tui.seats import bot_record_name, level_name, player_name

MINI = str(Path(__file__).parent / "data" / "mini.toml")




@pytest.fixture(autouse=True)
def _language_restored() -> Iterator[None]:
    before = i18n.current_language()
    yield
    i18n.set_language(before)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:  # --help and argparse's errors
        code = int(stop.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


# 1. A board by its title ------------------------------------------------------------------


def test_boards_check_names_a_builtin_board_by_its_translated_title(capsys) -> None:
    code, out, _ = run(capsys, "--lang", "pl", "boards", "check", "long")
    assert code == 0
    assert out == "ok: long: Długi tor, 3 tory, 139 kolorowych pól, 94 jednostki toru\n"
    code, out, _ = run(capsys, "--lang", "zh", "boards", "check", "oval")
    assert out.startswith("检查通过：oval：椭圆形赛道，3条车道")
    assert "builtin" not in out


def test_simulate_names_the_board_and_the_drivers_in_the_players_language(capsys) -> None:
    code, out, _ = run(capsys, "--lang", "pl", "simulate", "--games", "2", "--seats",
                       "greedy,expert", "--jobs", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Wyścigi: 2, plansza: Owal, gracze: 2, ziarno: 1"
    rows = [line.split() for line in lines if line.strip().startswith(("1 ", "2 "))][:2]
    assert rows[0][:3] == ["1", "czerwony", "zachłanny"]
    assert rows[1][:3] == ["2", "niebieski", "ekspert"]
    assert "greedy" not in out and "expert" not in out and "oval" not in out


def test_simulate_json_keeps_the_ids_for_scripts(capsys) -> None:
    code, out, _ = run(capsys, "--lang", "de", "simulate", "--games", "1", "--json", "--jobs", "1")
    assert code == 0
    assert '"board": "oval"' in out and '"seat": "random"' in out


# 2. Computer drivers: one home for the level names ---------------------------------------


def test_level_names_are_the_set_up_screens_words() -> None:
    from monza_tui.race.setup import seat_label

    i18n.set_language("de")
    assert [level_name(level) for level in ("random", "greedy", "expert")] == [
        "Zufall", "Raser", "Experte"
    ]
    assert seat_label("greedy") == "🤖 Raser"  # type: ignore[arg-type]


def test_a_simulated_drivers_recorded_name_is_said_in_the_players_language() -> None:
    assert bot_record_name("greedy", 1) == "greedy 2"  # the record's, English
    i18n.set_language("de")
    assert player_name("greedy 2", "greedy", 1) == "Raser 2"
    assert player_name("greedy 2", "greedy", 0) == "greedy 2"  # someone's own name
    assert player_name("greedy 1", "human", 0) == "greedy 1"
    assert player_name("Ann", "expert", 0) == "Ann"


def test_simulate_writes_english_names_and_the_replay_says_them(tmp_path, capsys) -> None:
    from monza_tui.app.replay_screen import Timeline, describe

    log = tmp_path / "races.jsonl"
    code, _, _ = run(capsys, "--lang", "de", "simulate", "--games", "1", "--seats",
                     "greedy,random", "--jobs", "1", "--log", str(log))
    assert code == 0
    race = read_records(log)[0]
    assert [p.name for p in race.players] == ["greedy 1", "random 2"]
    i18n.set_language("de")
    assert describe(Timeline.of(race), 0) == (
        "Start: Raser 1, Zufall 2 auf dem Startfeld (Oval)"
    )


# 3. Numbers outside the msgids -----------------------------------------------------------


def test_seconds_are_numbers_in_the_players_language() -> None:
    i18n.set_language("de")
    assert short_number(0.6) == "0,6" and short_number(60.0) == "60"
    assert seconds(0, 60)("0,5") == 0.5  # typed as the help writes it
    assert seconds(0, 60)("0.5") == 0.5
    i18n.set_language("en")
    with pytest.raises(Exception, match=r"^'99': give 0\.5 to 60 seconds$"):
        seconds(0.5, 60)("99")


def test_the_help_default_bot_delay_is_the_apps() -> None:
    from monza_tui.app.app import DEFAULT_BOT_DELAY
    from monza_tui.commands.play import HELP_BOT_DELAY

    assert HELP_BOT_DELAY == DEFAULT_BOT_DELAY


def test_bot_delay_help_in_english(capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    _, out, _ = run(capsys, "--lang", "en", "play", "--help")
    assert "pause between a bot's steps, 0 to 60 (default 0.6; 0 for no pause)" in out


def test_bot_delay_help_and_error_in_german(capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    _, out, _ = run(capsys, "--lang", "de", "play", "--help")
    assert "0 bis 60 (Standard 0,6; 0 für keine Pause)" in out
    code, _, err = run(capsys, "--lang", "de", "play", "--bot-delay", "99")
    assert code == 2
    assert "'99': gib 0 bis 60 Sekunden an" in err


# 4. argparse: headings, lists, cells, the boards' actions --------------------------------


def _help_columns(text: str) -> set[int]:
    """The cell where the help text starts, for every option line that has one."""
    starts = set()
    for line in text.splitlines():
        found = re.match(r"^(  \S.*?\S)(  +)(\S.*)$", line)
        if found and found.group(1).lstrip().startswith("-"):
            starts.add(cell_len(found.group(1)) + len(found.group(2)))
    return starts


@pytest.mark.parametrize("command", ["play", "resume", "simulate", "replay", "boards", "saves"])
def test_chinese_help_is_aligned_and_fits_80_cells(command, capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "--lang", "zh", command, "--help")
    assert code == 0
    assert max(cell_len(line) for line in out.splitlines()) <= 78
    assert len(_help_columns(out)) == 1, out  # one column for every option's help


def test_boards_help_gives_each_action_a_line(capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    _, out, _ = run(capsys, "--lang", "en", "boards", "--help")
    lines = [line.split(None, 1) for line in out.splitlines()]
    actions = {parts[0]: parts[1] for parts in lines if len(parts) == 2}
    assert actions["list"] == "show every built-in board (the default)"
    assert actions["show"] == "show one board, or print it as JSON with --json"
    assert actions["check"] == "check a board file and sum it up"


def test_a_bad_choice_is_named_and_listed_in_the_players_language(capsys) -> None:
    code, _, err = run(capsys, "--lang", "zh", "boards", "nope")
    assert code == 2
    assert err == (
        "monza boards：参数{list,show,check}：无效的选项：'nope'（可选：'list'、'show'、"
        "'check'）（见 monza boards --help）\n"
    )


def test_section_headings_take_the_languages_colon(capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    _, out, _ = run(capsys, "--lang", "zh", "--help")
    assert "\n选项：\n" in out and "\n可用命令：\n" in out
    _, out, _ = run(capsys, "--lang", "fr", "boards", "--help")
    assert "\narguments positionnels\u00a0:\n" in out and "\noptions\u00a0:\n" in out
    _, out, _ = run(capsys, "--lang", "de", "boards", "--help")
    assert "eine Spielplan-Datei prüfen und zusammenfassen" in out


def test_wrap_folds_chinese_between_characters_never_before_a_comma() -> None:
    lines = wrap("电脑车手每步的停顿秒数，0到60（默认0.6；0为不停顿）", 12)
    assert all(cell_len(line) <= 12 for line in lines)
    assert "".join(lines) == "电脑车手每步的停顿秒数，0到60（默认0.6；0为不停顿）"
    assert not any(line[0] in "，；）" for line in lines)
    assert wrap("a fairly long english sentence", 10) == ["a fairly", "long", "english", "sentence"]


# 5. The legend wraps whole entries --------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "de", "fr", "pl", "ru", "zh"])
@pytest.mark.parametrize("width", [80, 60])
def test_the_legend_wraps_whole_entries(language: str, width: int) -> None:
    i18n.set_language(language)
    shown = legend()
    console = Console(width=width, record=True, color_system=None)
    console.print(shown)
    lines = console.export_text().splitlines()
    entries = [entry.plain for group in shown.groups for entry in group]
    for entry in entries:
        assert any(entry in line for line in lines), (entry, lines)
    assert all(cell_len(line.rstrip()) <= width for line in lines)


def test_an_untitled_board_file_is_named_never_the_catalogues_header(tmp_path) -> None:
    """A board file without a title is shown by its name (``_("")`` would be the
    catalogue's header) in the resume question, as everywhere (``board_title``)."""
    from monza_tui.boardfile import load_board
    from monza_tui.record import Player
    from monza_tui.saves import SaveInfo
    from monza_tui.wording import board_title

    text = Path(MINI).read_text(encoding="utf-8")
    untitled = tmp_path / "untitled.toml"
    untitled.write_text(re.sub(r'(?m)^title = .*\n', "", text), encoding="utf-8")
    board = load_board(str(untitled))
    i18n.set_language("de")
    assert board_title(board.board) == "mini"
    race = Race.start(board, [Player("Ann", Colour.RED, "human"),  # type: ignore[arg-type]
                              Player("Ben", Colour.BLUE, "human")], seed=3)  # type: ignore[arg-type]
    info = SaveInfo(tmp_path / "x.jsonl", datetime(2026, 11, 30, 15, 0), race, None)
    assert info.summary().startswith("mini: Ann, Ben, Runde 1")


def test_help_never_breaks_a_line_at_a_no_break_space() -> None:
    from monza_tui.cli_help import wrap

    assert wrap("le taux est de 95\u00a0% et IC\u00a095\u00a0%", 10) == [
        "le taux", "est de", "95\u00a0% et", "IC\u00a095\u00a0%"]
    assert wrap("50\u202f% of races", 6) == ["50\u202f%", "of", "races"]

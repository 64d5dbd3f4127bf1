"""The shortcuts taken for speed give exactly what the slow, general way gives."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from monza_tui.boardfile import BUILTIN, board_from_definition, load_board


@pytest.mark.parametrize("name", BUILTIN)
def test_a_builtin_board_read_without_pydantic_equals_the_fully_validated_one(name: str) -> None:
    text = resources.files("monza_tui.boards").joinpath(f"{name}.toml").read_text("utf-8")
    fast = load_board(name)
    checked = board_from_definition(tomllib.loads(text), f"builtin:{name}")
    assert fast == checked
    assert fast.definition == checked.definition
    assert fast.board.title == checked.board.title
    assert fast.board.spaces == checked.board.spaces


def test_the_launch_of_a_race_imports_neither_pydantic_nor_the_bots_nor_record_reading() -> None:
    code = (
        "import sys\n"
        "from monza_tui.cli import build_parser\n"
        "from monza_tui.commands import play\n"
        "args = build_parser('play').parse_args(['play', '--board', 'long', '--pro',"
        " '--player', 'Ann', '--player', 'Ben', '--seed', '5'])\n"
        "play.make_app(args)\n"
        "import monza_tui.app.screens.race\n"
        "print(' '.join(sorted(m for m in sys.modules"
        " if m.startswith(('pydantic', 'monza_tui', 'tomllib', 'zipfile')))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert "pydantic" not in loaded
    assert "tomllib" not in loaded  # the built-in boards are parsed ahead
    assert "zipfile" not in loaded  # (importlib.resources would bring it)
    assert "monza_tui.record.reader" not in loaded
    assert "monza_tui.record.stream" not in loaded
    assert "monza_tui.simulate" not in loaded
    assert not {m for m in loaded if m.startswith("monza_tui.bots.")} - {"monza_tui.bots.base"}


def test_an_english_launch_reads_no_catalogue() -> None:
    # English is the source: its catalogue translates every message to itself. It was
    # read (a thousand messages, and kept by gettext) as the wording module loaded, before
    # the language was even chosen; another language's still is.
    code = (
        "import gettext\n"
        "read = []\n"
        "parse = gettext.GNUTranslations._parse\n"
        "gettext.GNUTranslations._parse = (\n"
        "    lambda self, fp: (read.append(fp.name), parse(self, fp)))\n"
        "from monza_tui import i18n\n"
        "print(i18n.current_language(), len(read))\n"
    )
    said = {}
    for lang in ("en_GB.UTF-8", "de_DE.UTF-8"):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
        env["LANG"] = lang
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, env=env, timeout=60)
        said[lang] = done.stdout.split()
    assert said == {"en_GB.UTF-8": ["en", "0"], "de_DE.UTF-8": ["de", "1"]}


def _loaded_on_screen(make_app: str, modules: list[str], home: Path) -> list[str]:
    """Run the app made by ``make_app`` (code that sets ``app``) in a fresh Python, with
    its saves in ``home``, to its first screen: the screen's name, then for each of
    ``modules`` whether it is loaded then."""
    code = (
        "import asyncio, sys\n"
        f"{make_app}\n"
        "async def main():\n"
        "    async with app.run_test(size=(120, 40)) as pilot:\n"
        "        await pilot.pause()\n"
        f"        print(type(app.screen).__name__, *(m in sys.modules for m in {modules!r}))\n"
        "asyncio.run(main())\n"
    )
    env = {**os.environ, "MONZA_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=env, timeout=60)
    return done.stdout.split()


def test_a_race_on_screen_has_not_imported_pydantic(tmp_path: Path) -> None:
    """Once the race screen shows (an expert at the table, no evening), the file checks'
    pydantic is still not loaded: it costs launch time and several megabytes."""
    make_app = (
        "from monza_tui.app.app import MonzaApp\n"
        "from monza_tui.race.setup import RaceSetup, Seat, start_race\n"
        "from monza_tui.engine import Colour\n"
        "seats = (Seat('Ann', Colour.RED), Seat('Bot 1', Colour.GREEN, 'expert'))\n"
        "setup = RaceSetup(board='long', pro=True, bonus=True, seats=seats, seed=4)\n"
        "app = MonzaApp(setup, race=start_race(setup), bot_delay=30, animation_delay=0)"
    )
    loaded = _loaded_on_screen(make_app, ["pydantic", "monza_tui.stats.evening"], tmp_path)
    # The evening is looked up after the first frame (the panel's evening line), and its
    # module does not bring pydantic in.
    assert loaded == ["RaceScreen", "False", "True"]


def test_the_collector_waits_for_a_screen_s_first_frame_then_sweeps_once_then_tidies(
    tmp_path: Path,
) -> None:
    """``monza`` holds the cyclic garbage collector from its start (heap.py): the race
    screen's first frame turns it on again, with what exists then frozen; from then on its
    passes wait for the moment after a frame (a raised threshold), until the app ends."""
    from monza_tui import heap

    code = (
        "import asyncio, gc\n"
        "from monza_tui import heap\n"
        "heap.hold()\n"
        "from monza_tui.app.app import MonzaApp\n"
        "from monza_tui.race.setup import RaceSetup, start_race\n"
        "setup = RaceSetup(board='long', seed=4)\n"
        "app = MonzaApp(setup, race=start_race(setup), bot_delay=30, animation_delay=0)\n"
        "print(gc.isenabled(), gc.get_freeze_count() > 0)\n"
        "async def main():\n"
        "    async with app.run_test(size=(120, 40)) as pilot:\n"
        "        await pilot.pause()\n"
        "        print(gc.isenabled(), gc.get_freeze_count() > 0)\n"
        "        await pilot.press('space')\n"
        "        await pilot.pause()\n"
        "        print(gc.get_threshold()[0])\n"
        "    print(gc.get_threshold()[0])\n"
        "asyncio.run(main())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=60, env={**os.environ, "MONZA_HOME": str(tmp_path)})
    assert done.stdout.split() == [
        "False", "False", "True", "True", str(heap.SPARE), str(heap.USUAL[0])
    ]


def test_once_a_frame_is_out_the_collector_s_passes_wait_for_the_moment_after_it() -> None:
    """heap.py: after a frame, no pass starts in the middle of the next key (a key makes
    about a thousand objects); the pass the usual thresholds make due runs a moment after
    the frame; an app that ended leaves the interpreter's thresholds as they were."""
    import asyncio
    import gc

    from monza_tui import heap

    passes: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            passes.append(info["generation"])

    async def frames() -> None:
        heap.frame_shown()
        assert gc.get_threshold() == (heap.SPARE, *heap.USUAL[1:])
        kept = [[n] for n in range(3 * heap.USUAL[0])]  # what a key makes, and more
        assert gc.get_count()[0] > heap.USUAL[0]
        assert passes == []  # not in the key
        await asyncio.sleep(heap.TIDY_AFTER * 5)
        assert passes == [0]  # the youngest generation, after the frame
        heap.frame_shown()
        await asyncio.sleep(heap.TIDY_AFTER * 5)
        assert passes == [0]  # nothing was due
        del kept

    gc.collect()
    gc.callbacks.append(note)
    try:
        asyncio.run(frames())
    finally:
        gc.callbacks.remove(note)
        heap.release()
    assert gc.get_threshold() == heap.USUAL and gc.isenabled()


def test_a_command_without_a_screen_runs_with_the_collector_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc

    from monza_tui import cli
    from monza_tui.commands import boards, play

    seen: dict[str, bool] = {}
    monkeypatch.setattr(boards, "run", lambda args: seen.setdefault("boards", gc.isenabled()))
    monkeypatch.setattr(play, "need_terminal_or_plain", lambda command: None)
    monkeypatch.setattr(play, "run_app", lambda app: seen.setdefault("play", gc.isenabled()))
    try:
        cli.main(["boards"])
        cli.main(["play", "--board", "long", "--seed", "3"])
        assert seen == {"boards": True, "play": False}  # (play: on at the app's first frame)
        assert gc.isenabled()  # and on again once monza returns, whatever happened
    finally:
        gc.enable()


def test_the_set_up_screen_of_a_new_player_reads_no_index(tmp_path: Path) -> None:
    """With no race in the history, the set-up screen's champion line needs no stats index:
    SQLite is not loaded (it costs launch time), and no index file is made; nor is the
    board's drawing (the set-up screen shows none)."""
    make_app = (
        "from monza_tui.cli import build_parser\n"
        "from monza_tui.commands import play\n"
        "app = play.make_app(build_parser('play').parse_args(['play']))"
    )
    loaded = _loaded_on_screen(make_app, ["sqlite3", "monza_tui.app.board_view"], tmp_path)
    assert loaded == ["SetupScreen", "False", "False"]
    assert not [p for p in tmp_path.rglob("*") if "index" in p.name]


@pytest.mark.parametrize("turbo", [False, True])
def test_tables_built_in_another_process_equal_a_fresh_build(turbo: bool) -> None:
    from monza_tui.bots.prebuild import _TABLES, build_elsewhere
    from monza_tui.bots.tables import Tables

    board = load_board("oval").board
    _TABLES[turbo]._cache.clear()
    there = build_elsewhere(board, turbo)
    here = Tables(board, turbo)
    assert _TABLES[turbo].cached(board) is there
    for name in Tables.SOLVED:
        assert getattr(there, name) == getattr(here, name), name
    assert there.links == here.links and there.order == here.order


def test_simulate_tells_races_a_second_per_worker_process(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from monza_tui.cli import main

    assert main(["simulate", "--games", "4", "--jobs", "2", "--board", "oval"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("Speed: ") and "races a second on 2 worker processes (" in last
    assert last.endswith(" per process)")
    assert main(["simulate", "--games", "2", "--jobs", "1", "--board", "oval", "--json"]) == 0
    captured = capsys.readouterr()
    assert "on 1 worker process (" in captured.err and "Speed" not in captured.out


def test_a_bot_waits_for_the_tables_being_solved_elsewhere_instead_of_solving_them_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading

    from monza_tui.bots import tables as tables_module

    board = load_board("classic").board
    cache = tables_module._TABLES[True]
    cache._cache.clear()
    made = tables_module.Tables(board, True)
    building = threading.Event()
    monkeypatch.setitem(tables_module._BUILDING, (id(board), True), building)

    def finish_elsewhere() -> None:
        cache.put(board, made)
        building.set()

    threading.Timer(0.2, finish_elsewhere).start()
    assert tables_module.tables_for(board, True) is made


@pytest.mark.parametrize("name", BUILTIN)
def test_the_shipped_drawings_of_the_builtin_boards_equal_fresh_ones(name: str) -> None:
    from monza_tui.app.layout_cache import fresh, shipped, shipped_size
    from monza_tui.app.track_layout import SCALES

    board_file = load_board(name)
    for scale in SCALES:
        made = fresh(name, scale)
        assert shipped(board_file, scale) == made, (
            f"{name} at {scale.name}: run python -m monza_tui.app.layout_cache"
        )
        assert shipped_size(board_file, scale) == (made.width, made.height, made.complete)


def test_choosing_a_builtin_board_s_scale_reads_only_the_drawing_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from monza_tui.app import layout_cache
    from monza_tui.app.layout_choice import Layouts

    read: list[str] = []
    original = layout_cache.shipped

    def counted(board_file: object, scale: object) -> object:
        read.append(scale.name)  # type: ignore[attr-defined]
        return original(board_file, scale)  # type: ignore[arg-type]

    monkeypatch.setattr(layout_cache, "shipped", counted)
    chosen = Layouts(load_board("long")).choose(84, 39)  # the board area at 120x40
    assert chosen.scale.name == "normal" and read == ["normal"]


def test_a_board_file_or_an_edited_builtin_board_is_drawn_afresh(tmp_path: Path) -> None:
    from dataclasses import replace

    from monza_tui.app.layout_cache import shipped, shipped_size
    from monza_tui.app.layout_choice import Layouts
    from monza_tui.app.track_drawing import SCALES

    oval = load_board("oval")
    text = resources.files("monza_tui.boards").joinpath("oval.toml").read_text("utf-8")
    (tmp_path / "mine.toml").write_text(text.replace('name = "oval"', 'name = "mine"'), "utf-8")
    mine = load_board(str(tmp_path / "mine.toml"))
    edited = replace(oval, definition={**oval.definition, "title": "Edited"})
    for board_file in (mine, edited):
        assert all(shipped(board_file, scale) is None for scale in SCALES)
        assert all(shipped_size(board_file, scale) is None for scale in SCALES)
        assert Layouts(board_file).choose(86, 38) == Layouts(oval).choose(86, 38)


def test_the_builtin_boards_parsed_ahead_are_their_toml_files() -> None:
    from monza_tui.boardfile import BOARDS, PARSED, _parsed, _parsed_ahead, text_key

    ahead = _parsed_ahead()
    texts = [path.read_text("utf-8") for path in sorted(BOARDS.glob("*.toml"))]
    assert sorted(ahead) == sorted(text_key(text) for text in texts), (
        f"run python -m monza_tui.boardfile to write {PARSED.name} again"
    )
    for text in texts:
        assert ahead[text_key(text)] == tomllib.loads(text)
    edited = texts[0].replace("title = ", "title = \"x\"\nold_title = ", 1)
    assert text_key(edited) not in ahead
    assert _parsed(edited) == tomllib.loads(edited)

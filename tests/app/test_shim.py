"""The Textual shim and the tuning switch: Textual's private names live in one module, its
public fallback and ``MONZA_NO_TUNING`` show the same screens as the tuned paths, and the
switch turns every tuning off."""

from __future__ import annotations

import ast
import gc
import sys
from pathlib import Path

import pytest

from app.helpers import race_app, run_async, screen_lines, settle, sprint, wait_for
from monza_tui import heap, tuning
from monza_tui.app import textual_shim
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.results import ResultsScreen
from monza_tui.engine import Phase

SRC = Path(__file__).resolve().parents[2] / "src" / "monza_tui"

MOVED = {
    "_batch_count", "_display", "_styles_cache", "_dirty_lines", "_filter_cache",
    "_layout_cache", "_set_dirty", "_rich_style_cache", "_compositor", "_dirty_widgets",
    "_invoke_later", "_screen_stack", "_dirty_regions", "_notifications", "_unnotify",
    "_refresh_notifications", "_bindings", "_merged_bindings", "_border_title",
    "_border_subtitle", "_link_id", "_options", "_type_to_search", "_allow_blank",
    "_watch_value", "_watch_expanded", "_watch_prompt", "_setup_options_renderables",
    "_driver",
}
"""Textual's private names that the shim took over from the rest of the app."""


def private_uses(path: Path) -> list[str]:
    """Imports of Textual's private modules, and the names of :data:`MOVED` read as an
    attribute (``x._compositor``) or by name (``getattr(x, "_bindings")``)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules = [node.module]
        for module in modules:
            parts = module.split(".")
            if parts[0] == "textual" and any(part.startswith("_") for part in parts):
                found.append(f"{path.name}:{node.lineno}: import {module}")
        if isinstance(node, ast.Attribute) and node.attr in MOVED:
            found.append(f"{path.name}:{node.lineno}: .{node.attr}")
        if isinstance(node, ast.Constant) and node.value in MOVED:
            found.append(f"{path.name}:{node.lineno}: {node.value!r}")
    return found


def test_no_module_but_the_shim_uses_a_private_name_of_textual() -> None:
    shim = SRC / "app" / "textual_shim.py"
    found = [use for path in sorted(SRC.rglob("*.py")) if path != shim
             for use in private_uses(path)]
    assert found == []
    # (and the reader finds them where they are)
    in_shim = {use.split(": ", 1)[1] for use in private_uses(shim)}
    assert {"import textual._compositor", "import textual.widgets._select",
            "._invoke_later", "'_merged_bindings'"} <= in_shim


def test_the_shim_knows_the_installed_textual_and_the_pin_says_the_same() -> None:
    from importlib.metadata import version

    assert textual_shim.installed_version() == version("textual")
    installed = ".".join(version("textual").split(".")[:2])
    assert textual_shim.KNOWN and installed in textual_shim.TESTED
    pyproject = (SRC.parents[1] / "pyproject.toml").read_text("utf-8")
    assert f'"textual>={installed},<' in pyproject


# The same screens, every way ------------------------------------------------------------


async def _screens_of_a_race() -> list[list[str]]:
    """Ann and Ben race on the sprint board with the race's seeded dice, by keys alone
    (space rolls, k keeps, Enter places the die the cursor offers or drives): the screen
    after each key, to the results."""
    app = race_app(race=sprint())
    shown: list[list[str]] = []
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(400):
            await settle(pilot)
            shown.append(screen_lines(app))
            if isinstance(app.screen, ResultsScreen):
                return shown
            assert isinstance(app.screen, RaceScreen) and app.race is not None
            phase = app.race.state.phase
            await pilot.press({Phase.ROLL: "space", Phase.EXTRA_ROLL: "k"}.get(phase, "enter"))
    raise AssertionError("the race did not end")


@pytest.mark.parametrize("way", ["public", "untuned"])
@run_async
async def test_the_public_way_and_no_tuning_show_the_same_screens(
    way: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    tuned = await _screens_of_a_race()
    if way == "public":  # (as on a Textual the shim was not written for)
        monkeypatch.setattr(textual_shim, "KNOWN", False)
    else:
        monkeypatch.setenv(tuning.SWITCH, "1")
    assert not textual_shim.private()
    other = await _screens_of_a_race()
    assert len(tuned) > 20  # (a race of many keys, to the results)
    for n, (a, b) in enumerate(zip(tuned, other, strict=True)):
        assert a == b, f"screen {n} differs"


# The switch ------------------------------------------------------------------------------


def test_the_switch_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(tuning.SWITCH, raising=False)
    assert tuning.tuned() and textual_shim.private()
    for value, tuned in (("0", True), ("", True), ("1", False), ("yes", False)):
        monkeypatch.setenv(tuning.SWITCH, value)
        assert tuning.tuned() is tuned and textual_shim.private() is tuned


def test_no_tuning_leaves_the_collector_as_the_interpreter_runs_it(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(tuning.SWITCH, "1")
    thresholds = gc.get_threshold()
    frozen = gc.get_freeze_count()
    heap.hold()
    assert gc.isenabled()
    heap.settle()
    # Nothing frozen by settle (which freezes a whole launch's objects when tuned); the
    # count may only fall, as frozen objects whose last reference goes are freed.
    assert gc.get_freeze_count() <= frozen and gc.isenabled()
    heap.release()
    assert gc.isenabled() and gc.get_threshold() == thresholds


@run_async
async def test_no_tuning_turns_off_the_app_s_tunings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(tuning.SWITCH, "1")
    usual = sys.getswitchinterval()
    app = race_app(race=sprint())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RaceScreen) and app.race is not None
        # Python's switch interval untouched; no dice foreseen, no action applied ahead.
        assert sys.getswitchinterval() == usual
        host = app.host
        assert host is not None and not host.ahead.enabled
        assert app.race.state.is_chance() and host.dice_due() is None
        assert host.ahead.foreseen is None
        await pilot.press("space")
        await settle(pilot)
        assert app.race.state.phase is Phase.PLACING
        assert host.foresee(app.race.state.legal_actions()[0]) is None
        assert host.ahead.foreseen is None
        # No hint thought out before it is asked for.
        assert host.ahead.hint(app.race.state) is None
        # A widget paints Textual's way: no lines kept.
        from monza_tui.app.widgets.common import KeptLines

        kept = [w for w in screen.query("*") if isinstance(w, KeptLines)]
        assert kept and all(w._kept_lines is None for w in kept)


@run_async
async def test_tuned_the_same_race_foresees_and_keeps_lines(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    # The counterpart of the test above: without the switch each tuning is there to see.
    monkeypatch.delenv(tuning.SWITCH, raising=False)
    usual = sys.getswitchinterval()
    app = race_app(race=sprint())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RaceScreen) and app.race is not None
        assert sys.getswitchinterval() < usual
        host = app.host
        assert host is not None and host.dice_due() is not None
        await wait_for(pilot, lambda: host.ahead.foreseen is not None
                       and host.ahead.foreseen.lines is not None)
        from monza_tui.app.widgets.common import KeptLines

        assert any(w._kept_lines is not None for w in screen.query("*")
                   if isinstance(w, KeptLines))
    assert sys.getswitchinterval() == usual


@run_async
async def test_the_set_up_screen_s_drop_downs_are_textual_s_select_the_public_way(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    async def set_up() -> tuple[list[str], int, int, int]:
        app = race_app()
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            screen = app.screen
            drops = len(screen.query("Select"))
            return (screen_lines(app), drops, len(screen.query("ChoiceLine")),
                    len(screen.query("SelectOverlay")))

    lean, drops, lines, lists = await set_up()
    assert drops >= 3 and (lines, lists) == (drops, 0)  # the lists made when first opened
    monkeypatch.setenv(tuning.SWITCH, "1")
    public, drops_now, lines, lists = await set_up()
    assert drops_now == drops and (lines, lists) == (0, drops)
    assert public == lean

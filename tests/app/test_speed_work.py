"""Issue 9: work a key does, counted (never timed): a cursor move paints two spaces and
refreshes only their rows, the board paints only what changed, autosaves keep their order
and never make a key wait for the disk."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from textual.pilot import Pilot

from app.helpers import (
    ScriptedDice,
    press,
    prompt_text,
    race_app,
    run_async,
    without_foresight,
)
from app.language_checks import lines_above
from monza_tui.app import board_paint, textual_shim
from monza_tui.app.autosave import Autosaver
from monza_tui.app.board_view import BoardView
from monza_tui.app.layout_choice import Layouts
from monza_tui.app.widgets.race_log import RaceLog
from monza_tui.boardfile import load_board
from monza_tui.engine import Colour, Phase
from monza_tui.race.scene import Scene, changed_spaces, reframed_spaces
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.record import Race

ANN = Seat("Ann", Colour.RED)
BEN = Seat("Ben", Colour.BLUE)


def long_race() -> Race:
    return start_race(RaceSetup(board="long", pro=True, seats=(ANN, BEN), seed=1))


def test_scene_changes_name_only_the_spaces_that_look_different() -> None:
    base = Scene(cars={0: (Colour.RED,)}, highlights=frozenset({3, 4, 5}), cursor=3)
    assert changed_spaces(base, base) == set()
    assert changed_spaces(base, Scene(**{**vars(base), "cursor": 5})) == {3, 5}
    fewer = Scene(**{**vars(base), "highlights": frozenset({3, 4})})
    assert changed_spaces(base, fewer) == {5}
    placed = Scene(**{**vars(base), "tokens": ((4, "1"),), "origin": 4})
    assert changed_spaces(base, placed) == {4}
    moved = Scene(**{**vars(base), "cars": {2: (Colour.RED,)}})
    assert changed_spaces(base, moved) == {0, 2}
    # Of those, the spaces whose frame lines look different: a car that moves changes its
    # spaces' cells only; the cursor, a lit space and the step's origin show on the frame.
    assert reframed_spaces(base, moved) == set()
    assert reframed_spaces(base, Scene(**{**vars(base), "cursor": 5})) == {3, 5}
    assert reframed_spaces(base, fewer) == {5}
    assert reframed_spaces(base, placed) == {4}


@run_async
async def test_a_cursor_move_paints_two_spaces_and_refreshes_only_their_boxes(
    monkeypatch: Any,
) -> None:
    without_foresight(monkeypatch)
    app = race_app(race=long_race(), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "k")
        view = app.screen.query_one(BoardView)
        before = view.scene.cursor
        painted: list[int] = []
        paint = board_paint.paint_space

        def counted_paint(layout: Any, board: Any, scene: Scene, index: int, *rest: Any) -> Any:
            painted.append(index)
            return paint(layout, board, scene, index, *rest)

        refreshed: list[Any] = []
        original_refresh = view.refresh

        def counted_refresh(*regions: Any, **changes: Any) -> Any:
            refreshed.extend(regions)
            return original_refresh(*regions, **changes)

        monkeypatch.setattr(board_paint, "paint_space", counted_paint)
        monkeypatch.setattr(view, "refresh", counted_refresh)
        await press(pilot, "tab")
        after = view.scene.cursor
        assert before is not None and after is not None and after != before
        assert sorted(painted) == sorted({before, after})
        # Each space's box (its cells and frame) goes to the terminal, nothing else (one
        # span a line, see board_view.line_spans).
        layout = view.layout_now
        boxes = {layout.bounds(s) for s in (before, after)}
        origin = view._origin

        def cells(regions: Any) -> set[tuple[int, int]]:
            return {(x, y) for rx, ry, w, h in regions
                    for x in range(rx, rx + w) for y in range(ry, ry + h)}

        assert cells((r.x - origin.x, r.y - origin.y, r.width, r.height)
                     for r in refreshed) == cells(boxes)
        assert all(r.height == 1 for r in refreshed)
        assert all(width < layout.width for _, _, width, _ in boxes)


def test_choosing_a_scale_builds_only_the_drawing_that_fits(monkeypatch: Any) -> None:
    from monza_tui.app import layout_choice

    built: list[str] = []
    original = layout_choice.layout_board

    def counted(board: Any, shape: Any, scale: Any, **kwargs: Any) -> Any:
        built.append(scale.name)
        return original(board, shape, scale, **kwargs)

    monkeypatch.setattr(layout_choice, "layout_board", counted)
    from dataclasses import replace

    # As a board file (a built-in board's drawings ship ready-made: nothing is built).
    layouts = Layouts(replace(load_board("long"), source="long-copy.toml"))
    chosen = layouts.choose(84, 39)  # the board area at 120x40
    assert chosen.scale.name == "normal"
    assert built == ["normal"]  # large and roomy: their outlines alone are too big
    assert layouts.choose(84, 39) is chosen and built == ["normal"]


def test_autosaves_keep_their_order_and_write_the_newest_state_of_each_race() -> None:
    gate = threading.Event()
    written: list[tuple[int, int]] = []

    def save(race: Any) -> None:
        gate.wait(5)
        written.append(race)

    saver = Autosaver(lambda message: None, save=save)

    class Game:
        pass

    class Step:
        def __init__(self, game: Game, n: int) -> None:
            self.game, self.n = game, n

    one, two = Game(), Game()
    for n in range(5):
        saver.submit(Step(one, n))  # type: ignore[arg-type]
    saver.submit(Step(two, 0))  # type: ignore[arg-type]
    saver.submit(Step(one, 5))  # type: ignore[arg-type]
    gate.set()
    assert saver.flush(5)
    seen = [(step.game is one, step.n) for step in written]  # type: ignore[attr-defined]
    ones = [n for first, n in seen if first]
    assert ones == sorted(ones) and ones[-1] == 5  # never an older state after a newer one
    assert (False, 0) in seen
    assert len(seen) < 7  # states waiting together were written once


def test_a_failed_autosave_is_reported_and_the_saver_goes_on() -> None:
    from monza_tui.saves import SaveError

    reports: list[Any] = []
    saved: list[Any] = []
    full = [True]  # the disk, for the first save only

    def save(race: Any) -> None:
        if full.pop() if full else False:
            raise SaveError("cannot save the race to x: disk full")
        saved.append(race)

    saver = Autosaver(reports.append, save=save)

    class Step:
        game = object()

    first, second = Step(), Step()
    saver.submit(first)  # type: ignore[arg-type]
    assert saver.flush(5)
    saver.submit(second)  # type: ignore[arg-type]
    assert saver.flush(5)
    assert [r.text for r in reports] == ["cannot save the race to x: disk full"]
    assert saved == [second]  # the next race saved after the failure


@run_async
async def test_every_action_is_saved_after_its_frame() -> None:
    from monza_tui import saves

    app = race_app(race=long_race(), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "k", "enter")
        for _ in range(100):  # handed to the saver's thread shortly after the frame
            if app._unsaved is None:
                break
            await pilot.pause(0.02)
        assert app._unsaved is None
        assert app.autosaver.flush(5)
        path = saves.save_path(app.race)
        assert path is not None
        assert saves.load_save(path).pending == app.race.pending


@run_async
async def test_a_hint_of_up_to_five_lines_repaints_its_lines_and_lays_nothing_out(
    monkeypatch: Any,
) -> None:
    # Its lines are kept blank in the panel (race.tcss), but on a short terminal.
    from textual.widget import Widget

    app = race_app(race=long_race(), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        screen = app.screen
        hint_line = screen.query_one("#hint-line")
        assert hint_line.display and hint_line.size.height == 5
        layouts: list[str] = []
        original = Widget.refresh

        def counted(self: Widget, *regions: Any, layout: bool = False, **rest: Any) -> Any:
            if layout:
                layouts.append(f"{type(self).__name__}#{self.id}")
            return original(self, *regions, layout=layout, **rest)

        monkeypatch.setattr(Widget, "refresh", counted)
        screen.show_hint_line("Thinking about a hint…")  # type: ignore[attr-defined]
        screen.show_hint_line("one\ntwo\nthree\nfour\nfive")  # type: ignore[attr-defined]
        await pilot.pause()
        assert layouts == []
        screen.show_hint_line("1\n2\n3\n4\n5\n6")  # type: ignore[attr-defined]
        assert layouts == ["PanelText#hint-line"]  # (a longer one grows the panel)
        monkeypatch.setattr(Widget, "refresh", original)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        screen.show_hint_line(None)  # type: ignore[attr-defined]
        await pilot.pause()
        assert not hint_line.display  # no room kept on a short terminal


@run_async
async def test_a_new_log_line_repaints_the_log_and_maps_nothing_again(monkeypatch: Any) -> None:
    # The log paints its newest lines: writing is a repaint of the log alone. (As a
    # scrolling widget it scrolled to each line, and a scroll made the compositor map the
    # whole screen again; its scrollbar of no width was repainted at every line.)
    from textual.widget import Widget

    from monza_tui.app.widgets.common import KeptLines

    app = race_app(race=long_race(), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        log = app.screen.query_one("#log", RaceLog)
        await pilot.pause()
        refreshed: list[tuple[str, bool]] = []

        def noting(original: Any) -> Any:
            def noted(self: Widget, *regions: Any, **rest: Any) -> Any:
                refreshed.append((type(self).__name__, bool(rest.get("layout"))))
                return original(self, *regions, **rest)

            return noted

        # (the panel's widgets repaint without Widget.refresh: see KeptLines.refresh)
        monkeypatch.setattr(Widget, "refresh", noting(Widget.refresh))
        monkeypatch.setattr(KeptLines, "refresh", noting(KeptLines.refresh))
        for n in range(30):
            log.write(f"line {n}")
        assert set(refreshed) == {("RaceLog", False)}
        assert not app.screen._scroll_required and not app.screen._layout_required
        await pilot.pause()
        assert not app.screen._compositor._full_map_invalidated
        shown = [log.render_line(y).text.rstrip() for y in range(log.size.height)]
        assert shown[-1] == "line 29" and shown[-2] == "line 28"  # the newest line in view


@run_async
async def test_a_repaint_asks_a_panel_widget_s_size_once_not_once_a_line(monkeypatch: Any) -> None:
    # Widget.size asks the screen where the widget is; the log paints a dozen lines a key.
    from textual.widget import Widget

    app = race_app(race=long_race(), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        log = app.screen.query_one("#log", RaceLog)
        for n in range(30):
            log.write(f"line {n}")
        await pilot.pause()
        asked: list[str] = []
        size = Widget.size

        def counted(self: Widget) -> Any:
            asked.append(type(self).__name__)
            return size.fget(self)  # type: ignore[attr-defined]

        region = log.size.region
        log.refresh()
        monkeypatch.setattr(Widget, "size", property(counted))
        lines = log.render_lines(region)
        assert len(lines) == region.height > 10
        assert asked == ["RaceLog"]


@asynccontextmanager
async def log_shown() -> AsyncIterator[tuple[Pilot[Any], RaceLog]]:
    """A race on the long track at 120x40, and its log."""
    app = race_app(race=long_race(), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        log = app.screen.query_one("#log", RaceLog)
        await pilot.pause()
        yield pilot, log


@run_async
async def test_the_mouse_wheel_goes_back_in_the_log_until_the_next_line() -> None:
    from textual import events

    from monza_tui.app.widgets.race_log import WHEEL_LINES

    async with log_shown() as (pilot, log):
        for n in range(40):
            log.write(f"line {n}")
        height = log.size.height

        def shown() -> list[str]:
            return [log.render_line(y).text.rstrip() for y in range(height)]

        assert shown()[-1] == "line 39"
        log.post_message(events.MouseScrollUp(log, 0, 0, 0, 0, 0, False, False, False))
        await pilot.pause()
        assert shown()[-1] == f"line {39 - WHEEL_LINES}" and log.back == WHEEL_LINES
        log.post_message(events.MouseScrollUp(log, 0, 0, 0, 0, 0, False, False, False))
        log.post_message(events.MouseScrollDown(log, 0, 0, 0, 0, 0, False, False, False))
        await pilot.pause()
        assert shown()[-1] == f"line {39 - WHEEL_LINES}"
        log.post_message(events.MouseScrollDown(log, 0, 0, 0, 0, 0, False, False, False))
        log.post_message(events.MouseScrollDown(log, 0, 0, 0, 0, 0, False, False, False))
        await pilot.pause()
        assert log.back == 0 and shown()[-1] == "line 39"  # (never past the newest line)
        log.post_message(events.MouseScrollUp(log, 0, 0, 0, 0, 0, False, False, False))
        await pilot.pause()
        log.write("line 40")  # the race moves on while the person reads back: its news shows
        assert log.back == 0 and shown()[-1] == "line 40"
        for _ in range(200):  # never past the first line
            log.post_message(events.MouseScrollUp(log, 0, 0, 0, 0, 0, False, False, False))
        await pilot.pause()
        assert lines_above(log) == 0
        assert log.render_line(0).text.strip() == log.lines[0].text.strip()


@run_async
async def test_the_panel_paints_with_the_new_theme_after_a_theme_change(
    monkeypatch: Any, tmp_path: Any,
) -> None:
    # The panel's widgets keep their own style between restyles (widgets/common.py
    # OwnStyle): a new theme must still reach every line they paint. (The theme chosen is
    # remembered: in a settings file of this test's own, not for the tests after it.)
    from textual.widget import Widget

    monkeypatch.setenv("MONZA_CONFIG", str(tmp_path))

    app = race_app(race=long_race(), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        screen = app.screen
        widgets: list[Widget] = [screen.query_one(s) for s in
                                 ("#dice", "#tiles", "#buttons", "#standings", "#log")]

        def painted_on_own_background() -> list[bool]:
            # (the line's blank cells at least are in the widget's own style)
            return [any(segment.style.bgcolor == w.rich_style.bgcolor
                        for segment in w.render_line(0)) for w in widgets]

        assert all(painted_on_own_background())
        before = [w.rich_style.bgcolor for w in widgets]
        app.theme = "nord"
        await pilot.pause()
        assert [w.rich_style.bgcolor for w in widgets] != before
        assert all(painted_on_own_background())


@run_async
async def test_the_banner_and_the_standings_repaint_only_the_lines_that_changed(
    monkeypatch: Any,
) -> None:
    from textual.geometry import Region
    from textual.widget import Widget

    from monza_tui.app.widgets.common import KeptLines
    from monza_tui.app.widgets.panel import Standings, TurnBanner

    cy = Seat("Cy", Colour.GREEN)
    app = race_app(race=start_race(RaceSetup(board="long", seats=(ANN, BEN, cy), seed=1)),
                   roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        banner, standings = screen.query_one(TurnBanner), screen.query_one(Standings)
        painted: dict[Widget, list[tuple[tuple[Region, ...], bool]]] = {banner: [],
                                                                        standings: []}
        original = KeptLines.refresh

        def noted(self: Widget, *regions: Region, **rest: Any) -> Any:
            if self in painted:
                painted[self].append((regions, bool(rest.get("layout"))))
            return original(self, *regions, **rest)

        monkeypatch.setattr(KeptLines, "refresh", noted)
        before = banner._picture()
        await press(pilot, "space")  # Ann rolls: her prompt changes, not whose turn it is
        after = banner._picture()
        if len(after) == len(before):
            changed = [y for y, (was, now) in enumerate(zip(before, after, strict=True))
                       if was != now]
            assert 0 not in changed and changed
            assert painted[banner] == [
                (tuple(Region(0, y, banner.size.width, 1) for y in changed), False)
            ]
        else:  # a longer prompt (a longer language) grows the banner: a layout
            assert painted[banner] == [((), True)]
        assert painted[standings] == []
        rows_before = standings.rows
        for _ in range(12):  # Ann places her dice and drives: Ben's turn
            await press(pilot, "enter")
            if app.race.state.player != 0:
                break
        assert app.race.state.player == 1, prompt_text(app)
        changed = [y for y, (was, now) in enumerate(zip(rows_before, standings.rows,
                                                        strict=True)) if was != now]
        assert 2 not in changed  # Cy's row: neither his turn nor his place changed
        assert not any(layout for _regions, layout in painted[standings])
        if standings._place_width(rows_before) == standings._place_width():
            assert {region for regions, _ in painted[standings] for region in regions} == {
                Region(0, y, standings.size.width, 1) for y in changed
            }
        else:  # the place column widened (a longer language's "1st"): every row moves
            assert ((), False) in painted[standings]


@run_async
async def test_a_widget_hands_back_its_lines_until_one_is_to_be_painted_again(
    monkeypatch: Any, tmp_path: Any,
) -> None:
    # Textual asks every widget in the band of a frame's changes for all its lines
    # (widgets/common.py KeptLines): one that did not change hands back the very lines it
    # painted last, and one that did paints what it shows now.
    from textual.widget import Widget

    monkeypatch.setenv("MONZA_CONFIG", str(tmp_path))  # (the theme chosen is remembered)
    app = race_app(race=long_race(), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        screen = app.screen
        standings = screen.query_one("#standings", Widget)
        dice = screen.query_one("#dice", Widget)

        def painted(widget: Widget) -> list[Any]:
            return widget.render_lines(widget.region.size.region)

        field = painted(standings)
        assert painted(standings) is field
        tray = [list(strip) for strip in painted(dice)]
        await press(pilot, "1")  # the first die picked: the tray shows it, the field not
        assert painted(standings) is field
        now = [list(strip) for strip in painted(dice)]
        assert now != tray  # (the picked die reversed)
        assert [strip.text for strip in painted(dice)] == [
            dice.render_line(y).text for y in range(dice.size.height)
        ]
        background = list(field[0])[-1].style.bgcolor
        app.theme = "nord"
        await pilot.pause()
        repainted = painted(standings)
        assert repainted is not field
        assert list(repainted[0])[-1].style.bgcolor != background


@run_async
async def test_a_plain_widget_paints_what_textual_styling_pass_paints() -> None:
    # textual_shim.plain_lines stands in for StylesCache.render on widgets without borders,
    # padding or effects: the same strips, with the app's filters (no colour) and a crop;
    # the panel's column, with its padding and border, keeps Textual's pass.
    from rich.text import Text
    from textual.filter import Monochrome
    from textual.geometry import Region
    from textual.widget import Widget

    from monza_tui.app.widgets.common import KeptLines

    app = race_app(race=long_race(), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "1")
        screen = app.screen
        widgets = [w for w in screen.walk_children(Widget)
                   if isinstance(w, KeptLines) and w.display]  # (the evening's line is hidden)
        plain = [w for w in widgets if w._plain_look]
        assert {w.id for w in widgets} - {w.id for w in plain} == {"panel"}
        assert {"board", "log", "dice", "standings", "turn", "keys"} <= {w.id for w in plain}

        def both(widget: Widget, crop: Region) -> tuple[list[Any], list[Any]]:
            # Every line painted again, the shim's way, then Textual's (its public way).
            widget.refresh()
            ours = [list(strip) for strip in widget.render_lines(crop)]
            with pytest.MonkeyPatch.context() as public:
                public.setattr(textual_shim, "KNOWN", False)
                widget.refresh()
                theirs = [list(s) for s in widget.render_lines(crop)]
            return ours, theirs

        for widget in plain:
            ours, theirs = both(widget, widget.region.size.region)
            assert ours == theirs, widget.id
            assert any(strip for strip in ours)
        board = screen.query_one(BoardView)
        ours, theirs = both(board, Region(5, 2, 30, 4))
        assert ours == theirs and len(ours) == 4
        assert {sum(segment.cell_length for segment in strip) for strip in ours} == {30}
        # The filter that makes the terminal's sixteen colours true colours is skipped
        # on lines without any (most): a line with one still has it made true.
        log = screen.query_one("#log", RaceLog)
        log.write(Text("sixteen colours", style="red"))
        log.write(Text("dim red", style="dim #ff0000"))
        await pilot.pause()
        ours, theirs = both(log, log.region.size.region)
        assert ours == theirs
        red = next(seg for strip in ours for seg in strip if seg.text.startswith("sixteen"))
        assert red.style is not None and red.style.color is not None
        assert red.style.color.triplet is not None and not red.style.dim
        coloured, _ = both(board, board.region.size.region)
        app._filters.append(Monochrome())
        ours, theirs = both(board, board.region.size.region)
        assert ours == theirs
        assert ours != coloured  # (the filter applied: greys)


@pytest.mark.english_only("a longer language's prompts lay the panel out on these keys, "
                          "and the buttons move between the key's frames")
@run_async
async def test_a_key_s_repaints_go_to_the_terminal_in_its_first_frame(monkeypatch: Any) -> None:
    # The panel's widgets repaint straight into the screen's next frame (KeptLines.refresh);
    # one that went Textual's way (a message to itself, then one to the screen) came too
    # late for the first frame of its key and took a frame of its own (the buttons did).
    from textual.app import App

    from monza_tui.app.widgets.buttons import ButtonRow

    app = race_app(race=long_race(), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        buttons = app.screen.query_one(ButtonRow)
        sent: list[bool] = []  # whether a frame sends the buttons' row, frame by frame
        original = App._display

        def counted(self: App[Any], screen: Any, update: Any) -> None:
            if update is not None:
                row = buttons.region
                spans = getattr(update, "spans", None)
                sent.append(spans is None or any(  # (None: a whole screen)
                    y == row.y and x1 <= row.x < x2 for y, x1, x2 in spans
                ))
            original(self, screen, update)

        monkeypatch.setattr(App, "_display", counted)
        for key, offered in (("space", ["reroll", "keep", "hint"]),
                             ("k", ["confirm", "take-back", "hint"]),
                             ("enter", ["confirm", "take-back", "hint"])):
            sent.clear()
            await pilot.press(key)
            await pilot.pause()
            assert [k for k, _label, _on in buttons.buttons] == offered, key
            assert sent and sent[0], key


@run_async
async def test_while_the_app_runs_a_thread_waits_at_most_half_a_millisecond() -> None:
    # Textual's writer thread waited up to Python's usual 5 ms for the interpreter behind
    # the app's work after a frame (a toast's layout after a push-back).
    import sys

    from monza_tui.app.app import SWITCH_INTERVAL

    usual = sys.getswitchinterval()
    app = race_app(race=long_race(), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert sys.getswitchinterval() == SWITCH_INTERVAL == 0.0005
    assert sys.getswitchinterval() == usual


@run_async
async def test_a_key_hands_its_after_frame_work_over_without_a_message(monkeypatch: Any) -> None:
    # The autosave's hand-over and the hint thought out ahead wait for the key's frame; as
    # Textual's messages to the app, each was handled before that frame was drawn.
    from textual.app import App
    from textual.messages import InvokeLater

    app = race_app(race=long_race(), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "k")
        await pilot.pause(0.3)
        posted: list[str] = []
        events: list[str] = []
        post = App.post_message

        def watched(self: App[Any], message: Any) -> bool:
            if isinstance(message, InvokeLater):
                posted.append(repr(message.callback))
            return post(self, message)

        monkeypatch.setattr(App, "post_message", watched)
        display, hand_over = App._display, type(app)._hand_over
        monkeypatch.setattr(App, "_display", lambda self, screen, update: (
            events.append("frame") if update is not None else None,
            display(self, screen, update))[-1])
        monkeypatch.setattr(type(app), "_hand_over",
                            lambda self: (events.append("saved"), hand_over(self))[-1])
        await pilot.press("enter")  # (the die placed: an action)
        await pilot.pause()
        assert posted == []
        assert events[:2] == ["frame", "saved"]


KEYS_OF_TWO_TURNS = ["enter"] * 4 + ["space", "k"] + ["enter"] * 4
"""Two turns on the long track played with Enter: each die onto the cursor's space, then
the drive (after the first player's roll and keep)."""


KEYS_OF_SEEDED_TURNS = ["enter"] * 5 + ["space", "k", "enter", "space"]
"""The same race with its seeded dice (no test roller: the dice are known ahead): Ann's
dice placed and her drive, Ben's roll, keep and drive, Ann's next roll."""


async def _enter_race(
    monkeypatch: Any, *, foresight: bool, keys: list[str] = KEYS_OF_TWO_TURNS,
    seeded: bool = False,
) -> list[tuple[Any, ...]]:
    """``keys`` after the first roll and keep; after each key, the board's lines with their
    styles, the log, the state, and the spaces the key painted itself (not ahead)."""
    from monza_tui.app.screens.race_ahead import Foresight

    ahead = [False]
    foresee = Foresight._foresee

    def foreseeing(self: Any) -> None:
        ahead[0] = True
        try:
            foresee(self)
        finally:
            ahead[0] = False

    monkeypatch.setattr(Foresight, "_foresee", foreseeing if foresight else lambda self: None)
    painted: list[int] = []
    paint = board_paint.paint_space

    def counted(layout: Any, board: Any, scene: Scene, index: int, *rest: Any) -> Any:
        if not ahead[0]:
            painted.append(index)
        return paint(layout, board, scene, index, *rest)

    monkeypatch.setattr(board_paint, "paint_space", counted)
    seen: list[tuple[Any, ...]] = []
    roller = None if seeded else ScriptedDice("RBGYPW", "RBGYPW")
    app = race_app(race=long_race(), roller=roller)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "k")
        view = app.screen.query_one(BoardView)
        for key in keys:
            painted.clear()
            await press(pilot, key)
            lines = view.render_lines(view.size.region)
            seen.append(([[(s.text, s.style) for s in strip] for strip in lines],
                         list(app.screen.told), app.race.state, sorted(painted)))
    return seen


@run_async
async def test_a_key_foreseen_draws_what_it_draws_unforeseen(monkeypatch: Any) -> None:
    # The foresight plays Enter ahead after each frame (race_ahead.py); the key then takes
    # the race, the choices, the log's words and the board's rows painted ahead. They must
    # be what the key would have made: the same board, line by line and style by style,
    # the same log, the same state, key after key (placing dice, driving, the next turn).
    unforeseen = await _enter_race(monkeypatch, foresight=False)
    monkeypatch.undo()
    foreseen = await _enter_race(monkeypatch, foresight=True)
    assert len(foreseen) == len(unforeseen) == len(KEYS_OF_TWO_TURNS)
    for step, (ours, theirs) in enumerate(zip(foreseen, unforeseen, strict=True)):
        assert ours[:3] == theirs[:3], step
    # And it was taken: every Enter painted nothing itself, where unforeseen it painted the
    # spaces it changed (the roll is not foreseen: it paints its own).
    for key, ours, theirs in zip(KEYS_OF_TWO_TURNS, foreseen, unforeseen, strict=True):
        if key == "enter":
            assert ours[3] == [] != theirs[3]
        else:
            assert ours[3] == theirs[3]
    assert foreseen[4][3] != []  # (the roll)


@run_async
async def test_a_roll_foreseen_draws_what_it_draws_unforeseen(monkeypatch: Any) -> None:
    # A race's seeded dice are known before the key: the foresight rolls them ahead too
    # (RaceHost.dice_due), and the roll's key then draws the same as without it.
    keys = KEYS_OF_SEEDED_TURNS
    unforeseen = await _enter_race(monkeypatch, foresight=False, keys=keys, seeded=True)
    monkeypatch.undo()
    foreseen = await _enter_race(monkeypatch, foresight=True, keys=keys, seeded=True)
    assert len(foreseen) == len(unforeseen) == len(keys)
    for step, (ours, theirs) in enumerate(zip(foreseen, unforeseen, strict=True)):
        assert ours[:3] == theirs[:3], step
    rolled = [step for step, key in enumerate(keys) if key == "space"]
    assert [foreseen[step][2].phase for step in rolled] == [Phase.EXTRA_ROLL] * 2
    for step in rolled:  # (each roll lit spaces: painted ahead, not by the key)
        assert foreseen[step][3] == [] != unforeseen[step][3], step


@run_async
async def test_a_long_race_keeps_its_log_s_lines_light_and_few_painted() -> None:
    # The log keeps every line of a race as its segments; only the lines painted lately
    # keep a strip (a strip carries a kilobyte of caches, and each painted line kept two
    # more: three and a half kilobytes a line, all race long).
    from textual.strip import Strip

    from monza_tui.app.widgets.race_log import PAINTED, LogLine

    async with log_shown() as (_pilot, log):
        height = log.size.height
        for n in range(300):
            log.write(f"line {n}")
            for y in range(height):  # (painted as the race goes, a line at a time)
                log.render_line(y)
        assert all(type(line) is LogLine for line in log.lines)
        assert len(log.lines) >= 300 and len(log._cache) <= PAINTED
        painted = log._cache.keys()  # (Textual's LRUCache: no iteration of its own)
        assert all(isinstance(log._cache[key], Strip) for key in painted)
        assert log.render_line(height - 1).text.rstrip() == "line 299"


@run_async
async def test_the_board_forgets_the_regions_it_was_refreshed_in_once_painted() -> None:
    # Textual's own render_line empties a widget's dirty regions; the board paints its
    # lines itself, and they piled up all race (hundreds of regions after a race).
    app = race_app(race=long_race(), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "k")
        view = app.screen.query_one(BoardView)
        for key in ["tab"] * 12:
            await press(pilot, key)
        assert view._dirty_regions == set()

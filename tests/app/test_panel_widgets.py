"""The race panel's one-widget rows (issue 9: few widgets, constant layout): the dice tray,
the tile tray, the buttons and the field paint their parts as text; a click and a tooltip
find their part by its column or row, and no key changes a widget's size or classes."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from app.helpers import ScriptedDice, chip_place, press, race_app, run_async, said, sprint
from app.language_checks import PROMPT_GROWS, TILES_CUT, known_problem
from monza_tui.app.widgets.buttons import ButtonRow
from monza_tui.app.widgets.dice import DiceTray, TileTray
from monza_tui.app.widgets.panel import Standings, TurnBanner, standings_columns
from monza_tui.engine import Colour
from monza_tui.i18n import _, colour_name
from monza_tui.race.narrate import where_words


@run_async
async def test_tooltips_follow_the_mouse_over_dice_tiles_and_the_field() -> None:
    app = race_app(race=sprint(pro=True), roller=ScriptedDice("RGBYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        selector, offset = chip_place(app, "#die-2")
        await pilot.hover(selector, offset=offset)
        assert app.screen.query_one(DiceTray).tooltip == said(
            "die {n}: {colour}", n=3, colour=colour_name(Colour.BLUE)
        )
        selector, offset = chip_place(app, "#tile-purple")
        await pilot.hover(selector, offset=offset)
        assert app.screen.query_one(TileTray).tooltip == said(
            "{colour} accelerator tile", colour=colour_name(Colour.PURPLE)
        )
        await pilot.hover("Standings", offset=(5, 1))
        assert app.race is not None
        assert app.screen.query_one(Standings).tooltip == where_words(app.race.state, 1)


@known_problem(PROMPT_GROWS)
@run_async
async def test_keys_change_what_the_rows_show_never_their_size_or_classes() -> None:
    app = race_app(race=sprint(pro=True), roller=ScriptedDice("RRRRRR"))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        rows = [screen.query_one(kind) for kind in (DiceTray, TileTray, ButtonRow, Standings)]
        rows.append(screen.query_one(TurnBanner))
        before = [(w.region, set(w.classes)) for w in rows]
        buttons = screen.query_one(ButtonRow)
        assert [key for key, _label, _on in buttons.buttons] == ["roll"]
        await press(pilot, "space")  # the extra roll: re-roll (greyed), keep, hint
        assert buttons.buttons == (("reroll", _("Re-roll"), False), ("keep", _("Keep"), True),
                                   ("hint", _("Hint"), True))
        await press(pilot, "1")  # a die marked: re-roll lights up
        assert buttons.buttons[0] == ("reroll", _("Re-roll"), True)
        assert "marked" in screen.query_one(DiceTray).looks[0][1]
        await press(pilot, "1", "k")
        assert [(w.region, set(w.classes)) for w in rows] == before


@known_problem(TILES_CUT)
@run_async
async def test_a_spent_extra_roll_tile_is_a_dot_like_a_spent_colour_tile() -> None:
    app = race_app(race=sprint(pro=True), roller=ScriptedDice("RGBYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        tray = app.screen.query_one(TileTray)
        tray.show([], extra_roll=True)
        await pilot.pause()
        assert _("+roll") in tray.render_line(0).text
        tray.show([], extra_roll=False)
        await pilot.pause()
        line = tray.render_line(0).text
        assert _("+roll") not in line and line.count("·") == 7  # six colour tiles and it


def test_a_blank_always_parts_a_standings_name_from_its_place() -> None:
    # A computer driver's label as long as the name column, less one: it ran into the place.
    where = "1st, 37 to go"
    for name in ("Ben 🤖 greedy", "Bot 1 🤖", "Ann", "Maximiliane", "Ben 🤖 expert"):
        for width in range(6, 22):
            name_text, where_text = standings_columns(name, where, width, len(where))
            assert cell_len(name_text) == width and name_text.endswith(" "), (name, width)
            assert where_text == where
    assert standings_columns("Ben 🤖 greedy", where, 14, 13)[0] == " Ben 🤖       "
    assert standings_columns("Ben 🤖 greedy", where, 15, 13)[0] == " Ben 🤖 greedy "
    # A name of one word longer than its column is cut, not lost (the row showed only its
    # marker): after the marker of whoever acts now, too.
    assert standings_columns("▶ Maximiliane-Sophie", where, 14, 13)[0] == " ▶ Maximilian "
    assert standings_columns("  Maximiliane-Sophie", where, 14, 13)[0] == "   Maximilian "
    assert standings_columns("Maximiliane-Sophie", where, 14, 13)[0] == " Maximiliane- "


@settings(max_examples=400, deadline=None)
@given(text=st.text(alphabet="ab  xyz.,-", min_size=1, max_size=90),
       width=st.integers(min_value=1, max_value=40))
def test_a_plain_ascii_line_is_folded_where_rich_folds_it(text: str, width: int) -> None:
    from rich.console import Console
    from rich.text import Text

    from monza_tui.app.widgets.race_log import fold_ascii

    rich_lines = Text(text).wrap(Console(width=120), width, justify="default", overflow="fold")
    assert fold_ascii(text, width) == [line.plain for line in rich_lines]


@pytest.mark.parametrize("width", [20, 33])
def test_the_race_log_wraps_each_line_as_rich_does(width: int) -> None:
    # A plain line that fits is made at once, without Rich's wrapping: the same lines.
    from rich.cells import cell_len
    from rich.segment import Segment
    from rich.style import Style
    from rich.text import Span, Text
    from textual.app import App, ComposeResult
    from textual.strip import Strip

    from monza_tui.app.widgets.race_log import RaceLog
    from monza_tui.wording.lines import wrap_lines

    class LogApp(App[None]):
        def compose(self) -> ComposeResult:
            yield RaceLog(id="log", min_width=width)

    lines = ["Ann rolls B G P P G Y", "Płóż kości na polach", "安娜掷出骰子：红蓝绿", "x" * width,
             "x" * (width + 1), "Ann drives with 6 dice and 1 tile: 1st, 37 spaces to go", "",
             "y" * (2 * width + 3), "word " * 12, "  two  spaces  and a long line " * 2,
             "x" * (width - 1) + " yz", "Anna würfelt: Grün, Rot — und schiebt Ben zurück " * 2,
             "安娜把本推回到后面的格子上，还剩三十七格可走，下一位是克里斯"]

    async def run() -> None:
        app = LogApp()
        async with app.run_test(size=(width, 12)) as pilot:
            await pilot.pause()
            log = app.query_one(RaceLog)
            console = app.console
            options = console.options.update_width(width)
            def looks(strip: Strip) -> list[tuple[str, Style]]:
                return [(seg.text, seg.style) for seg in Segment.simplify(
                    Segment(seg.text, seg.style or Style()) for seg in strip if seg.text)]

            for line in [*lines, "a\tb", "first\nsecond"]:
                # Plain, and styled (a roll's colour letters): a styled line is wrapped and
                # rendered a line at a time.
                styled = [Text(line, spans=[Span(1, 4, "bold red")])] if len(line) > 4 else []
                for text in (Text(line), *styled):
                    made = Strip.from_lines(list(Segment.split_lines(console.render(
                        text, options)))) or [Strip.blank(width)]
                    start = len(log.lines)
                    log.write(text)
                    written = log.lines[start:]
                    if not text.spans and cell_len(line) > width and \
                            any(cell_len(char) == 2 for char in line):
                        # A plain line of Chinese: broken by the line-start rules, not
                        # where Rich folds it ("，" never first on a line).
                        lines_made = list(wrap_lines(line, width))
                        assert [s.text for s in written] == lines_made
                        assert not any(s.text.startswith("，") for s in written)
                        continue
                    assert [s.text for s in written] == [s.text for s in made]
                    assert [s.cell_length for s in written] == [s.cell_length for s in made]
                    assert [looks(s) for s in written] == [looks(s) for s in made]

    asyncio.run(run())

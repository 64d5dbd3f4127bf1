"""The race screen's footer line (``KeyLine``): the keys of the moment as one line, a click on
a key presses it, a greyed button ignores a press."""

from __future__ import annotations

from app.helpers import ScriptedDice, click_one, press, race_app, run_async, screen_lines, sprint
from monza_tui.app.widgets.buttons import ButtonRow
from monza_tui.app.widgets.key_line import KeyLine
from monza_tui.engine import Phase
from monza_tui.i18n import _, pgettext


def _column(line: str, label: str) -> int:
    """The column of ``label`` on the footer line."""
    return line.index(label)


@run_async
async def test_a_click_on_a_key_of_the_footer_presses_it() -> None:
    app = race_app(race=sprint(pro=True), roller=ScriptedDice("RRRRRR"))
    async with app.run_test(size=(120, 40)) as pilot:
        footer = screen_lines(app)[-1]
        space, roll, keep = pgettext("key", "space"), _("Roll"), _("Keep roll")
        assert footer.startswith(f" {space} {roll} ")
        await click_one(pilot, "KeyLine", offset=(_column(footer, roll), 0))
        assert app.race.state.phase is Phase.EXTRA_ROLL
        footer = screen_lines(app)[-1]
        assert f"k {keep}" in footer and f"{space} {roll}" not in footer
        await click_one(pilot, "KeyLine", offset=(_column(footer, keep), 0))
        assert app.race.state.phase is Phase.PLACING
        # Between the keys (past the last one) nothing is pressed.
        line = app.screen.query_one(KeyLine)
        assert line.key_at(len(screen_lines(app)[-1].rstrip()) + 2) is None


@run_async
async def test_a_greyed_button_ignores_a_press_and_lights_up_when_it_applies() -> None:
    app = race_app(race=sprint(pro=True), roller=ScriptedDice("RRRRRR"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "k")
        buttons = app.screen.query_one("#buttons", ButtonRow)
        assert ("confirm", _("Drive"), False) in buttons.buttons
        await click_one(pilot, "#btn-confirm")
        assert app.race.state.phase is Phase.PLACING and not app.race.state.path
        await press(pilot, "1")  # a die placed: now the car may drive
        assert ("confirm", _("Drive"), True) in buttons.buttons

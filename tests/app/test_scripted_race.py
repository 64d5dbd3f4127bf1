"""A whole race on the sprint test board, from the set-up screen to the results, played once
with the keyboard alone and once with the mouse alone. The dice are scripted (the app's
test hook) so that four turns show every rule the screen has to handle: the extra roll
(R13), a tile (R12), a take-back (R6), the turbo roll (R14), a push-back (R8), the bonus
move declined and taken (R15), the final round (R10) and the winner by fewest dice (R11).

Board (docs in data/sprint.toml), one unit per space, steps straight on or diagonal:
    a: start R G B Y P W R G B Y finish      (a1 ... a10)
    b: start B Y R G W P B Y R G finish      (b1 ... b10)
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from app.helpers import (
    SPRINT,
    ScriptedDice,
    click,
    click_one,
    colours,
    log_lines,
    press,
    prompt_text,
    race_app,
    run_async,
    said,
    said_n,
    screen_text,
    settle,
    static_text,
    turn_heading,
    where,
)
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.results import ResultsScreen
from monza_tui.app.screens.setup import SetupScreen
from monza_tui.engine import Colour, Phase
from monza_tui.i18n import _, colour_letter, colour_name, ngettext
from monza_tui.race.narrate import dice_text, ordinal
from monza_tui.race.setup import RaceSetup, Seat

DICE = (
    "RGBYPW",  # Ann's roll
    "R",  # her extra roll of die 6 (R13)
    "GB",  # her turbo roll (R14)
    "BYRGWP",  # Ben's roll
    "YB",  # his turbo roll
    "RGWWWW",  # Ann, round 2: to the finish
    "WRRRRR",  # Ben, final round: one die to the finish
)

SETUP = RaceSetup(
    board=SPRINT,
    pro=True,
    bonus=True,
    seats=(Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE)),
    seed=11,
)


def _where(place: int, n: int) -> str:
    return said_n("{place}, {n} space to the finish", "{place}, {n} spaces to the finish", n,
                  place=ordinal(place))


def _drives(name: str, dice: int, tiles: int = 0, *, turbo: bool = False) -> str:
    if turbo:
        line = said_n("{name} drives on with {dice} turbo die",
                      "{name} drives on with {dice} turbo dice", dice, name=name, dice=dice)
    else:
        line = said_n("{name} drives with {dice} die", "{name} drives with {dice} dice", dice,
                      name=name, dice=dice)
    if tiles:
        line += said_n(" and {n} tile", " and {n} tiles", tiles)
    return line


def _rolls(name: str, letters: str) -> str:
    return said("{name} rolls {dice}", name=name, dice=dice_text(colours(letters)))


def expected_log() -> list[str]:
    """The race log of the scripted race, in the app's words (the session's language)."""
    at_finish, turbo = _("at the finish"), _("All six dice placed: turbo roll!")
    blue_bonus = said("Bonus move: the {car} car may step forward", car=colour_name(Colour.BLUE))
    return [
        said("{board}: {names}", board=_("Sprint (test)"), names=_(", ").join(["Ann", "Ben"])),
        said("Rules: {variants}", variants=_(", ").join([_("pro"), _("bonus move")])),
        said("Round {round}: {name}'s turn", round=1, name="Ann"),
        _rolls("Ann", "RGBYPW"),
        said_n("{name} re-rolls {n} die with the extra-roll tile",
               "{name} re-rolls {n} dice with the extra-roll tile", 1, name="Ann"),
        said("Extra roll: {dice}", dice=dice_text(colours("R"))),
        said("{line}: {where}", line=_drives("Ann", 6, 1), where=_where(1, 4)),
        turbo,
        said("Turbo roll: {dice}", dice=dice_text(colours("GB"))),
        said("{line}: {where}", line=_drives("Ann", 2, turbo=True), where=_where(1, 2)),
        blue_bonus,
        said("{name} declines the bonus move", name="Ben"),
        said("Round {round}: {name}'s turn", round=1, name="Ben"),
        _rolls("Ben", "BYRGWP"),
        said("{name} keeps the roll", name="Ben"),
        said("{line}: {where}", line=_drives("Ben", 6, 1), where=_where(2, 4)),
        turbo,
        said("Turbo roll: {dice}", dice=dice_text(colours("YB"))),
        said("{line}: {where}", line=_drives("Ben", 2, turbo=True), where=_where(1, 2)),
        said_n("{name} pushes {other} back {n} space: {where}",
               "{name} pushes {other} back {n} spaces: {where}", 1,
               name="Ben", other="Ann", where=_where(2, 3)),
        blue_bonus,
        said("{name} takes the bonus step: {where}", name="Ben", where=_where(1, 1)),
        said("Round {round}: {name}'s turn", round=2, name="Ann"),
        _rolls("Ann", "RGWWWW"),
        said("{line}: {where}", line=_drives("Ann", 3), where=at_finish),
        _("A car reached the finish: this is the final round"),
        said("Round {round}: {name}'s turn", round=2, name="Ben"),
        _rolls("Ben", "WRRRRR"),
        said("{name} keeps the roll", name="Ben"),
        said("{line}: {where}", line=_drives("Ben", 1), where=at_finish),
        said("The race is over. Winner: {names}", names="Ben"),
    ]


ENGLISH_LOG = [
    'Sprint (test): Ann, Ben',
    'Rules: pro, bonus move',
    "Round 1: Ann's turn",
    'Ann rolls R G B Y P W',
    'Ann re-rolls 1 die with the extra-roll tile',
    'Extra roll: R',
    'Ann drives with 6 dice and 1 tile: 1st, 4 spaces to the finish',
    'All six dice placed: turbo roll!',
    'Turbo roll: G B',
    'Ann drives on with 2 turbo dice: 1st, 2 spaces to the finish',
    'Bonus move: the blue car may step forward',
    'Ben declines the bonus move',
    "Round 1: Ben's turn",
    'Ben rolls B Y R G W P',
    'Ben keeps the roll',
    'Ben drives with 6 dice and 1 tile: 2nd, 4 spaces to the finish',
    'All six dice placed: turbo roll!',
    'Turbo roll: Y B',
    'Ben drives on with 2 turbo dice: 1st, 2 spaces to the finish',
    'Ben pushes Ann back 1 space: 2nd, 3 spaces to the finish',
    'Bonus move: the blue car may step forward',
    'Ben takes the bonus step: 1st, 1 space to the finish',
    "Round 2: Ann's turn",
    'Ann rolls R G W W W W',
    'Ann drives with 3 dice: at the finish',
    'A car reached the finish: this is the final round',
    "Round 2: Ben's turn",
    'Ben rolls W R R R R R',
    'Ben keeps the roll',
    'Ben drives with 1 die: at the finish',
    'The race is over. Winner: Ben',
]


"""The same log as an English reader reads it (checked against :func:`expected_log` in
English, so the English run keeps its literal text)."""


def phase(app: Any) -> Phase:
    return app.race.state.phase


async def check_results(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app.screen, ResultsScreen)
    state = app.race.state
    assert state.winners() == (1,)
    assert [state.dice_used(p) for p in (0, 1)] == [3, 1]
    text = screen_text(app)
    assert said("{trophy} {name} wins!", trophy="🏆", name="Ben") in text
    rounds = ngettext("{board}, {n} round", "{board}, {n} rounds", 2)
    assert rounds.format(board=_("Sprint (test)"), n=2) in text
    seed = said("Seed {seed}: monza play --seed {seed} with the same set-up deals the same "
                "dice; monza replay steps through the record.", seed=11)
    assert seed.split()[0] not in text and "seed" not in text.lower()  # shown on request
    await pilot.press("i")  # the details show the seed
    await settle(pilot)
    assert " ".join(seed.split()[:6]) in " ".join(screen_text(app).split())
    rows = [line for line in text.splitlines() if "Ann" in line or "Ben" in line]
    # In finishing order: Ben won with one die, Ann came second with three.
    assert [" ".join(r.split()) for r in rows[-2:]] == [
        f"{ordinal(1)} {colour_letter(Colour.BLUE)} Ben 1 🏆",
        f"{ordinal(2)} {colour_letter(Colour.RED)} Ann 3",
    ]


@run_async
async def test_keyboard_only_race() -> None:
    dice = ScriptedDice(*DICE)
    app = race_app(setup=SETUP, roller=dice)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        await press(pilot, "enter")  # the Start button has the focus
        assert isinstance(app.screen, RaceScreen)
        assert turn_heading(app) == said(
            "{name}'s turn ({car})", name="Ann", car=colour_name(Colour.RED)
        )

        # Turn 1, Ann: roll, mark die 6 and re-roll it with the extra-roll tile (R13).
        await press(pilot, "space")
        assert phase(app) is Phase.EXTRA_ROLL
        await press(pilot, "6", "enter")
        assert app.race.state.roll == tuple(Colour.from_letter(c) for c in "RGBYPR")
        assert not app.race.state.extra_rolls[0]
        # Each die fits one space only: it goes there at once.
        await press(pilot, "1", "2", "3", "4", "5")
        assert [app.race.game.board.spaces[p.space].id for p in app.race.state.path] == [
            "a1", "a2", "a3", "a4", "a5",
        ]
        # Die 6 (red) fits nothing now: the move could be confirmed; take back instead (R6).
        assert _("No die fits any more: Enter drives the car.") in prompt_text(app)
        await press(pilot, "backspace")
        assert len(app.race.state.path) == 4
        await press(pilot, "5")
        # Tiles: t picks the purple tile first (it fits b6), Enter places it (R12).
        await press(pilot, "t")
        assert prompt_text(app) == said(
            "{colour} tile: pick a lit space (←→) and press Enter.",
            colour=colour_name(Colour.PURPLE).capitalize(),
        )
        await press(pilot, "enter")
        await press(pilot, "6")  # red die on a7: all six dice placed
        await press(pilot, "enter")  # drive: turbo (R14), then its two dice
        assert phase(app) is Phase.TURBO_PLACING
        await press(pilot, "1", "2", "enter")
        # The last colour is blue: Ben's car may step (R15); he declines.
        assert phase(app) is Phase.BONUS
        assert turn_heading(app) == said(
            "Bonus move: {name} ({car})", name="Ben", car=colour_name(Colour.BLUE)
        )
        await press(pilot, "d")
        assert where(app) == ["a9", "start"]

        # Turn 2, Ben: keep the roll, six dice up lane b, the blue tile, turbo.
        assert turn_heading(app) == said(
            "{name}'s turn ({car})", name="Ben", car=colour_name(Colour.BLUE)
        )
        await press(pilot, "r", "k", "1", "2", "3", "4", "5", "6")
        await press(pilot, "t", "t")  # red tile (a7), then blue tile (b7)
        await press(pilot, "enter", "enter")
        await press(pilot, "1", "2", "enter")  # turbo Y to b8, B to a9: Ann is pushed (R8)
        assert where(app) == ["a8", "a9"]
        toasts = [n.message for n in app._notifications]
        assert said_n("{name} pushes {other} back {n} space: {where}",
                      "{name} pushes {other} back {n} spaces: {where}", 1,
                      name="Ben", other="Ann", where=_where(2, 3)) in toasts
        # His own car's bonus move (R15): Enter takes the first lit space.
        assert phase(app) is Phase.BONUS
        await press(pilot, "enter")
        assert where(app) == ["a8", "a10"]

        # Round 2: Ann reaches the finish; the final round is announced (R10).
        await press(pilot, "space", "1", "2", "3", "enter")
        assert app.race.state.final_round
        banner = " ".join(static_text(app, "#round").split())
        assert f"{_('FINAL ROUND · still to drive:')} Ben" in banner
        assert app.screen.has_class("-final-round")
        await press(pilot, "space", "k", "1", "enter")
        await settle(pilot)
        assert log_lines(app) == expected_log()
        await check_results(pilot)
        assert dice.used == len(DICE)


@run_async
async def test_mouse_only_race() -> None:
    dice = ScriptedDice(*DICE)
    app = race_app(setup=SETUP, roller=dice)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await click(pilot, "#start")
        assert isinstance(app.screen, RaceScreen)
        # Ann: roll, mark die 6, re-roll.
        await click(pilot, "#btn-roll", "#die-5", "#btn-reroll")
        await click(pilot, "#die-0", "#die-1", "#die-2", "#die-3", "#die-4")
        await click(pilot, "#btn-take-back", "#die-4")
        await click(pilot, "#tile-purple")  # fits b6 only: placed at once
        await click(pilot, "#die-5", "#btn-confirm")
        await click(pilot, "#die-0", "#die-1", "#btn-confirm")
        await click(pilot, "#btn-decline")
        assert where(app) == ["a9", "start"]
        # Ben.
        await click(pilot, "#btn-roll", "#btn-keep")
        await click(pilot, "#die-0", "#die-1", "#die-2", "#die-3", "#die-4", "#die-5")
        await click(pilot, "#tile-blue", "#btn-confirm")
        await click(pilot, "#die-0", "#die-1", "#btn-confirm")
        assert where(app) == ["a8", "a9"]
        # The bonus step by clicking the lit space on the board.
        await click_space(pilot, "a10")
        assert where(app) == ["a8", "a10"]
        await click(pilot, "#btn-roll", "#die-0", "#die-1", "#die-2", "#btn-confirm")
        await click(pilot, "#btn-roll", "#btn-keep", "#die-0", "#btn-confirm")
        await settle(pilot)
        assert log_lines(app) == expected_log()
        await check_results(pilot)


async def click_space(pilot: Pilot[Any], space_id: str) -> None:
    """Click a space of the board where the board view draws it."""
    from app.board_points import space_point

    app = pilot.app
    board = app.race.game.board
    await click_one(pilot, "#board", space_point(app, board.index_of(space_id)))
    await settle(pilot)



@pytest.mark.english_only("the log's English wording itself, as written out above")
def test_the_expected_log_reads_as_in_english() -> None:
    assert expected_log() == ENGLISH_LOG

"""What a family meets at the screen (issue 8): a keyboard that never goes dead after
``monza resume``, no die fitting said in words, the hint and pro turns, results that stay,
words instead of coordinates and rule numbers, and the smaller points."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.widgets import Button

from app.helpers import (
    SPRINT,
    ScriptedDice,
    at,
    colours,
    key_label,
    log_lines,
    play_by_keys,
    played,
    press,
    prompt_text,
    race_app,
    run_async,
    said,
    said_n,
    screen_lines,
    screen_text,
    settle,
    sprint,
    static_text,
    where,
    without_foresight,
)
from app.language_checks import STANDINGS_CUT, known_problem, lines_above
from monza_tui.app.board_view import BoardView
from monza_tui.app.screens.confirm import ConfirmScreen
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.results import CHOOSE_AFTER, ResultsScreen
from monza_tui.engine import Colour, Confirm, Die, Phase, Place, Roll
from monza_tui.i18n import _, colour_name
from monza_tui.race.narrate import dice_text, ordinal
from monza_tui.race.now import Pointer, derive
from monza_tui.race.outcome import outcome
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.race.words import no_fit_reason, prompt
from monza_tui.seats import SeatKind

OK, CHOOSE = key_label("⏎", "OK"), key_label("⇥/←→", "Choose")

# 1. Resume mid-turn, then finish the turn by keyboard alone ------------------------------


@run_async
async def test_resumed_placing_state_answers_arrows_and_enter() -> None:
    race = played(sprint(), Roll(colours("RBGYRR")))
    app = race_app(race=race)  # what monza resume does: the app opens on the race
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.screen.focused is None
        footer = screen_lines(app)[-1]
        assert OK in footer and CHOOSE in footer
        await press(pilot, "right", "enter")  # a1 (red) is first; → moves to b1 (blue)
        assert [p.space for p in app.race.state.path] == [at(race, "b1")]
        # From b1 the green a2 and the yellow b2 are lit: Tab, Shift+Tab, Enter.
        await press(pilot, "tab", "shift+tab", "enter")
        assert [p.space for p in app.race.state.path] == [at(race, "b1"), at(race, "a2")]


@run_async
async def test_resumed_no_die_fits_state_drives_on_enter() -> None:
    race = played(sprint(), Roll(colours("RRRRRR")), Place(Die(0), 1))
    assert race.state.legal_actions()[-1] == Confirm()
    app = race_app(race=race)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = prompt_text(app)
        assert said("No die fits any more: Enter drives the car.") in text
        assert said(
            "Why: the spaces ahead are {ahead}; the dice left are {dice}.",
            ahead=_(", ").join(colour_name(c) for c in (Colour.GREEN, Colour.YELLOW)),
            dice=colour_name(Colour.RED),
        ) in text
        assert OK in screen_lines(app)[-1]
        await press(pilot, "enter")
        assert where(app) == ["a1", "start"]
        assert app.race.state.player == 1


@run_async
async def test_resumed_bonus_move_takes_the_step_on_enter() -> None:
    race = played(
        sprint(bonus=True), Roll(colours("BRRRRR")), Place(Die(0), at(sprint(), "b1")), Confirm()
    )
    assert race.state.phase is Phase.BONUS
    app = race_app(race=race)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert OK in screen_lines(app)[-1]
        await press(pilot, "enter")
        assert app.race.state.phase is not Phase.BONUS
        assert where(app)[1] != "start"


@run_async
async def test_resume_retells_the_log_from_the_record() -> None:
    race = played(sprint(), Roll(colours("RRRRRR")), Place(Die(0), 1), Confirm())
    app = race_app(race=race)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        told = log_lines(app)
        assert said("{name} rolls {dice}", name="Ann", dice=dice_text(colours("RRRRRR"))) in told
        drives = said_n("{name} drives with {dice} die", "{name} drives with {dice} dice", 1,
                        name="Ann", dice=1)
        where_now = said_n("{place}, {n} space to the finish",
                           "{place}, {n} spaces to the finish", 10, place=ordinal(1))
        assert said("{line}: {where}", line=drives, where=where_now) in told
        assert told[-1] == _("(the race goes on where it stopped)")


# 2. Why no die fits, from the board's geometry --------------------------------------------


def test_no_fit_reason_names_a_space_beside_that_does_not_reach_ahead() -> None:
    # On the sprint, from a1 (units 2-3) the blue space b2 (2-3... ) lies beside: dice of
    # its colour are refused when its front is not ahead. Build it from the board itself.
    race = played(sprint(), Roll(colours("RBBBBB")), Place(Die(0), 1))
    state = race.state
    board = state.board
    origin = board.spaces[state.origin()]
    beside = [s for s in board.spaces if s.lanes != origin.lanes and s.front == origin.front]
    assert beside and beside[0].colour is Colour.BLUE  # b1 is blue and level with a1
    assert no_fit_reason(state) == said("Why: {reasons}.", reasons=said(
        "the {colour} space beside you does not reach further ahead",
        colour=colour_name(Colour.BLUE),
    ))


# 4/5. The hint names what the board shows; pro turns light what the roll allows --------


@run_async
async def test_extra_roll_lights_what_the_roll_allows_and_placing_keeps_it() -> None:
    app = race_app(race=sprint(pro=True), roller=ScriptedDice("RGBYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        assert app.race.state.phase is Phase.EXTRA_ROLL
        scene = app.screen.query_one(BoardView).scene
        assert scene.highlights >= {at(app.race, "a1"), at(app.race, "b1")}
        assert scene.cursor == at(app.race, "a1")
        # Spaces only a tile reaches are told apart from the dice's (none here: RGBYPW
        # has a die for every colour).
        assert not scene.tile_only
        await press(pilot, "enter")  # placing a die means keeping the roll
        assert app.race.state.phase is Phase.PLACING
        assert [p.space for p in app.race.state.path] == [at(app.race, "a1")]
        assert app.race.state.extra_rolls[0]  # the extra-roll tile stays for later


@run_async
async def test_spaces_only_a_tile_reaches_are_lit_apart() -> None:
    app = race_app(race=sprint(pro=True), roller=ScriptedDice("RRRRRR"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "k")
        scene = app.screen.query_one(BoardView).scene
        # Red die on a1; the blue tile would reach b1: lit, but marked as a tile's.
        assert at(app.race, "a1") in scene.highlights
        assert scene.tile_only == {at(app.race, "b1")}


def test_prompt_is_a_function_of_state_and_pointer() -> None:
    race = played(sprint(pro=True), Roll(colours("RGBYPW")))
    now = derive(race.state, human=True)
    assert prompt(now, Pointer()) == _(
        "Extra roll? Mark dice to re-roll with 1-6, or place a die on a lit "
        "space (←→, Enter) to keep the roll."
    )
    assert prompt(now, Pointer(marked=frozenset({0, 2}))) == said(
        "Extra roll: dice {dice} marked; Enter re-rolls them, k keeps the roll.",
        dice=_(", ").join(["1", "3"]),
    )


# 6. Results stay until asked to leave ------------------------------------------------


@run_async
async def test_results_stay_after_enters_and_enter_then_presses_what_looks_chosen() -> None:
    app = race_app(race=sprint())
    async with app.run_test(size=(120, 40)) as pilot:
        await play_by_keys(pilot)
        assert isinstance(app.screen, ResultsScreen)
        race = app.race
        # The race's last Enter, or one held down: nothing looks chosen, nothing happens.
        assert app.screen.focused is None
        for _enter in range(3):
            await press(pilot, "enter")
        assert isinstance(app.screen, ResultsScreen) and app.race is race
        # A moment later the first button is chosen, and Enter presses it: the rematch.
        await pilot.pause(CHOOSE_AFTER + 0.2)
        focused = app.screen.focused
        assert isinstance(focused, Button) and focused.id == "rematch"
        await press(pilot, "enter")
        assert not isinstance(app.screen, ResultsScreen)
        assert app.race is not race and app.race is not None
        assert app.race.players == race.players


@run_async
async def test_arrows_move_between_a_dialogs_buttons() -> None:
    app = race_app(race=sprint())
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.focused is not None and app.screen.focused.id == "yes"
        await press(pilot, "right")
        assert app.screen.focused is not None and app.screen.focused.id == "no"
        await press(pilot, "left")
        assert app.screen.focused is not None and app.screen.focused.id == "yes"
        await press(pilot, "right", "enter")  # "Play on"
        assert not isinstance(app.screen, ConfirmScreen) and app.race is not None


# 7. Words for a family -------------------------------------------------------------


@known_problem(STANDINGS_CUT)
@run_async
async def test_main_screen_shows_no_coordinates_rule_numbers_or_seed() -> None:
    app = race_app(race=sprint(pro=True, bonus=True), roller=ScriptedDice("RRRRRR"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "enter", "enter")  # keep by placing, then drive
        text = screen_text(app)
        assert said("{place}, {n} to go", place=ordinal(1), n=10) in text  # Ann's row
        assert re.search(r"\b[ab][0-9]+\b", text) is None, text
        assert re.search(r"\(R[0-9]+\)|\bR1[0-7]\b", text) is None, text
        assert "seed" not in text.lower()


# 8. Smaller points -----------------------------------------------------------------


@run_async
async def test_hint_before_rolling_and_tile_during_the_extra_roll_say_why() -> None:
    app = race_app(race=sprint(pro=True), roller=ScriptedDice("RGBYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "h")
        toasts = [n.message for n in app._notifications]
        assert _("Roll first (space): the hint looks at your dice.") in toasts
        await press(pilot, "space")
        # The roll made that answer stale: it is gone; and t is not offered during the
        # extra roll (tiles come after it).
        assert [n.message for n in app._notifications] == []
        assert " " + key_label("t", "Tile") not in screen_lines(app)[-1]


@run_async
async def test_bots_wait_under_the_quit_question() -> None:
    seats = (Seat("Ann", Colour.RED, "random"), Seat("Ben", Colour.BLUE, "random"))
    race = start_race(RaceSetup(board=SPRINT, seats=seats, seed=2))
    app = race_app(race=race, bot_delay=0.05)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("q")
        await pilot.pause(0.5)
        assert isinstance(app.screen, ConfirmScreen)
        stopped = app.race
        await pilot.pause(0.5)
        assert app.race is stopped  # nothing played under the question
        await pilot.press("n")
        await pilot.pause(0.5)
        assert app.race is not stopped  # and the race goes on after it


@run_async
async def test_tiles_row_says_whose_tiles_during_a_bonus_move() -> None:
    race = played(
        sprint(pro=True, bonus=True),
        Roll(colours("BRRRRR")),
    )
    race = played(race, race.state.legal_actions()[0])  # keep the roll
    race = played(race, Place(Die(0), at(race, "b1")), Confirm())
    assert race.state.phase is Phase.BONUS and race.state.bonus_player == 1
    app = race_app(race=race)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert static_text(app, "#tiles-owner") == said(
            "{name}'s tiles (the bonus move uses none)", name="Ann"
        )
        assert isinstance(app.screen, RaceScreen)


@run_async
async def test_set_up_reads_without_colour_and_quit_asks() -> None:
    from textual.widgets import Checkbox, Select

    from monza_tui.app.screens.setup import SetupScreen

    app = race_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        text = screen_text(app)
        pro = _("Pro (tiles, extra roll, turbo)")
        assert "▐ ▌ " + pro in text and "▐ ▌ " + _("Bonus move") in text
        assert "(R3)" not in text
        # Choosing "Long track (pro)" ticks Pro.
        app.screen.query_one("#board", Select).value = "long"
        await settle(pilot)
        assert app.screen.query_one("#pro", Checkbox).value
        assert "▐X▌ " + pro in screen_text(app)
        # Start race has the focus; Tab past First race, Join a race and Rules, and Enter
        # on Quit, which asks first.
        await press(pilot, "tab", "tab", "tab", "tab", "enter")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")
        assert isinstance(app.screen, SetupScreen)


# Issue 9: one derivation per state change ------------------------------------------------


@run_async
async def test_cursor_moves_and_die_picks_recompute_no_legal_actions(monkeypatch: Any) -> None:
    from monza_tui.engine import State

    without_foresight(monkeypatch)
    app = race_app(race=sprint(pro=True), roller=ScriptedDice("RBGYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "k")
        calls: list[int] = []
        original = State.legal_actions

        def counted(self: State) -> list[Any]:
            calls.append(1)
            return original(self)

        monkeypatch.setattr(State, "legal_actions", counted)
        await press(pilot, "right", "left", "tab", "shift+tab", "escape")
        assert calls == []
        await press(pilot, "1")  # a die that fits one space is placed: one new state
        assert len(app.race.state.path) == 1
        assert len(calls) == 1


@run_async
async def test_at_80x24_the_footer_keeps_rules_and_the_log_wraps_to_its_width() -> None:
    from monza_tui.app.widgets.race_log import RaceLog

    app = race_app(race=sprint(), roller=ScriptedDice("RRRRRR"))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "space")
        assert screen_lines(app)[-1].rstrip().endswith(key_label("?", "Rules"))
        log = app.screen.query_one("#log", RaceLog)
        # No scrollbar (it would repaint at every new line): lines wrap at the log's whole
        # width, and the newest line is in view as soon as it is written.
        for n in range(30):
            log.write(f"line {n}")
        assert lines_above(log) > 0
        last = log.render_line(log.size.height - 1)
        assert last.text.rstrip() == "line 29" and last.cell_length == log.size.width


@run_async
async def test_focus_on_a_drop_down_shows_without_colour() -> None:
    from textual.widgets import Select

    app = race_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        # Start, First race, Join a race, Rules, Quit, the language, then the board
        await press(pilot, *["tab"] * 6)
        board = app.screen.query_one("#board", Select)
        assert app.focused is board
        current = board.query_one("SelectCurrent")
        style = current.rich_style
        assert style.reverse and style.bold


def test_no_fit_reason_on_the_oval_bend_from_the_issue() -> None:
    # Issue 8: a car on a7 (blue, back 12, front 15) beside b7 (red, back 14, front 15) with
    # reds rolled: no die fits (R5, the fronts are level), and the screen says why.
    from dataclasses import replace

    from monza_tui.boardfile import load_board
    from monza_tui.engine import Game

    board = load_board("oval").board
    start = Game(board, (Colour.RED, Colour.BLUE)).new_state()
    state = replace(start, positions=(board.index_of("a7"), start.positions[1]))
    state = state.apply(Roll(colours("RRRRRR")))
    assert Confirm() in state.legal_actions()
    assert no_fit_reason(state) == said("Why: {reasons}.", reasons=said(
        "the {colour} space beside you does not reach further ahead",
        colour=colour_name(Colour.RED),
    ))


@run_async
async def test_the_extra_roll_tile_click_re_rolls_only_marked_dice() -> None:
    from app.helpers import click

    app = race_app(race=sprint(pro=True), roller=ScriptedDice("RGBYPW", "R"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        await click(pilot, "#tile-extra")
        assert app.race.state.phase is Phase.EXTRA_ROLL  # nothing marked: nothing played
        assert _("Mark the dice to re-roll first (1-6 or a click on them).") in [
            n.message for n in app._notifications
        ]
        await click(pilot, "#die-5", "#tile-extra")
        assert app.race.state.phase is Phase.PLACING
        assert app.race.state.roll[5] is Colour.RED


@run_async
async def test_results_stand_in_finishing_order_under_a_podium() -> None:
    seats = (Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE, SeatKind.GREEDY),
             Seat("Cy", Colour.GREEN, SeatKind.RANDOM))
    app = race_app(race=start_race(RaceSetup(board="oval", seats=seats, seed=8)))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_by_keys(pilot)
        assert isinstance(app.screen, ResultsScreen) and app.race is not None
        result = outcome(app.race.state)
        assert result is not None
        places = result.places()
        rows = [row.id for row in app.screen.query(".result-row") if row.id]
        assert rows == [f"result-{player}" for player, _place in places]
        text = screen_text(app)
        names = [p.name for p in app.race.players]
        first = names[places[0][0]]
        podium_lines = [line for line in text.splitlines() if "┌" in line or "●" in line]
        # The winner stands highest: its name is on the first of the podium's lines.
        assert first in podium_lines[0], podium_lines
        assert ordinal(1) in text and ordinal(2) in text
        for player, place in places:
            row = " ".join(str(cell.render()) for cell in
                           app.screen.query_one(f"#result-{player}").children)
            assert ordinal(place) in row
            if result.dice_of(player) is None:
                assert str(result.steps_left(player)) in row


@run_async
async def test_a_die_keeps_its_number_on_the_board_whatever_order_it_is_placed_in() -> None:
    # One numbering of the dice: die 3 placed first is marked 3 on the board, not 1.
    app = race_app(race=sprint(), roller=ScriptedDice("GRRGBB"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "3")  # die 3 (red) first, onto the only space it fits
        state = app.race.state
        assert [p.token for p in state.path] == [Die(2)]
        board = app.screen.query_one(BoardView)
        assert [label for _, label in board.scene.tokens] == ["3"]
        await press(pilot, "1")  # then die 1 (green), from there
        assert [p.token for p in app.race.state.path] == [Die(2), Die(0)]
        assert [label for _, label in board.scene.tokens] == ["3", "1"]


@pytest.mark.parametrize("board", ["classic", "oval"])
def test_no_die_fits_is_explained_by_the_board_editions_own_rule(board: str) -> None:
    """On the original edition's board lanes change only diagonally forward (R17): "no die
    fits" says so, never the anniversary's front-edge reason (R5), and the other way round."""
    from dataclasses import replace as moved

    race = start_race(RaceSetup(board=board, seed=1))
    start = race.state
    reasons = set()
    for space in start.board.spaces:
        if space.colour is None:
            continue
        for colour in Colour:
            positions = (space.index, *start.positions[1:])
            state = moved(start, positions=positions).apply(Roll((colour,) * 6))
            if not any(isinstance(a, Place) for a in state.legal_actions()):
                reasons.add(no_fit_reason(state))
    front_edge = _("the {colour} space beside you does not reach further ahead").split(
        "{colour}")[-1]
    diagonal = _("the {colour} space beside you is not a step forward (lanes change "
                 "diagonally)").split("{colour}")[-1]
    said_front = any(front_edge in reason for reason in reasons)
    said_diagonal = any(diagonal in reason for reason in reasons)
    if board == "classic":
        assert said_diagonal and not said_front
    else:
        assert said_front


@run_async
async def test_escape_on_the_final_board_goes_back_to_the_results() -> None:
    app = race_app(race=sprint())
    async with app.run_test(size=(120, 40)) as pilot:
        await play_by_keys(pilot)
        assert isinstance(app.screen, ResultsScreen)
        await press(pilot, "escape")  # the final board
        assert isinstance(app.screen, RaceScreen) and app.race.state.is_terminal()
        await press(pilot, "escape")  # and back
        assert isinstance(app.screen, ResultsScreen)

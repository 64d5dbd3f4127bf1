"""Computer drivers on screen: a bot's turn is shown one action at a time, it thinks in a
worker thread, its pauses and the car's drive can be skipped; the hint key shows the
expert's choice (re-roll, path, bonus step) without playing it."""

from __future__ import annotations

import threading
from typing import Any

from app.helpers import (
    SPRINT,
    ScriptedDice,
    bot_name,
    human_turn,
    press,
    prompt_text,
    race_app,
    run_async,
    said,
    said_n,
    static_text,
    wait_for,
)
from monza_tui.app.board_view import BoardView
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.widgets.dice import DiceTray
from monza_tui.bots import hint
from monza_tui.engine import BonusStep, Colour, Die, Phase, Place, Reroll
from monza_tui.i18n import _, colour_name, pgettext
from monza_tui.race.narrate import ordinal
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.wording import word

ANN, BOT = Seat("Ann", Colour.RED), Seat(bot_name(1), Colour.BLUE, "greedy")


@run_async
async def test_a_bot_turn_is_shown_step_by_step_and_thinks_in_a_thread() -> None:
    race = start_race(RaceSetup(board=SPRINT, seats=(ANN, BOT), seed=5))
    app = race_app(race=race, roller=ScriptedDice("RRRRRR", "BYRGWP"))
    shown: list[tuple[int, int]] = []
    threads: list[bool] = []
    async with app.run_test(size=(120, 40)) as pilot:
        view = app.screen.query_one(BoardView)
        original_show = view.show

        def spy_show(scene: Any) -> None:
            shown.append((app.race.state.player, len(scene.tokens)))
            original_show(scene)

        view.show = spy_show  # type: ignore[method-assign]
        driver = app.host.driver(1)
        original_choose = driver.choose

        def spy_choose(state: Any) -> Any:
            threads.append(threading.current_thread() is threading.main_thread())
            return original_choose(state)

        driver.choose = spy_choose
        # Ann: one red die to a1, drive.
        await press(pilot, "space", "1", "enter")
        # The bot's turn has been played; Ann's is next.
        assert human_turn(app) and app.race.state.player == 0
        turn = app.race.turns[1]
        assert turn.player == 1
        placed = len(turn.moves)
        assert placed == 6  # B Y R G W P straight up lane b
        # Every placement was drawn on its own: 1, 2, ... 6 tokens on the board.
        assert [n for player, n in shown if player == 1 and n] == list(range(1, placed + 1))
        assert threads and not any(threads)  # never on the main (UI) thread


@run_async
async def test_skip_ends_the_bot_pauses_and_the_drive() -> None:
    dice = ScriptedDice("RGBYPB", "RRRRRR", "GGGGGG")
    race = start_race(RaceSetup(board=SPRINT, seats=(ANN, BOT), seed=5))
    app = race_app(race=race, bot_delay=600, animation_delay=600, roller=dice)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "1", "2", "3", "4", "5")
        assert len(app.race.state.path) == 5
        await pilot.press("enter")  # drive: the car moves one space per 600 s...
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        await wait_for(pilot, lambda: screen._frame is not None)
        assert prompt_text(app) == said("The car drives… (s skips)")
        await pilot.press("s")  # ...until skipped; then the bot's turn, skipped as well
        await wait_for(pilot, lambda: human_turn(app))
        assert app.race.state.player == 0 and app.race.state.turn == 3
        assert len(app.race.turns) == 2


@run_async
async def test_a_skipped_bot_turn_is_played_out_in_one_frame() -> None:
    """s during a bot's pause: the rest of its turn is thought out at once and drawn once
    (not one frame a step), and every step is still in the record."""
    race = start_race(RaceSetup(board=SPRINT, seats=(ANN, BOT), seed=5))
    app = race_app(race=race, bot_delay=600, roller=ScriptedDice("RRRRRR", "BYRGWP"))
    shown: list[int] = []
    async with app.run_test(size=(120, 40)) as pilot:
        view = app.screen.query_one(BoardView)
        original_show = view.show

        def spy_show(scene: Any) -> None:
            if app.race.state.player == 1:
                shown.append(len(scene.tokens))
            original_show(scene)

        view.show = spy_show  # type: ignore[method-assign]
        await press(pilot, "space", "1")
        await pilot.press("enter")  # Ann drives; the bot's pause begins (600 s)
        await wait_for(pilot, lambda: app.race.state.player == 1)
        await pilot.press("s")  # its roll and its turn
        await wait_for(pilot, lambda: human_turn(app))
        turn = app.race.turns[1]
        assert turn.player == 1 and len(turn.moves) == 6
        # The board showed the bot's rolled dice (no tokens yet), then its turn over at
        # once: none of its steps on its own (without the skip: 1, 2, ... 5 tokens).
        assert shown and not any(shown)


@run_async
async def test_hint_for_the_extra_roll_and_the_path_plays_nothing() -> None:
    dice = ScriptedDice("RGBYPB")
    race = start_race(RaceSetup(board=SPRINT, pro=True, seats=(ANN, BOT), seed=5))
    app = race_app(race=race, roller=dice)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")
        assert app.race.state.phase is Phase.EXTRA_ROLL
        before = app.race
        await press(pilot, "h")
        assert app.race is before  # nothing played
        expected = hint(before.state)
        first = expected.actions[0]
        if isinstance(first, Reroll):
            # The reason names colours; the plan names the dice's keys to press.
            keys = _(", ").join(str(i + 1) for i in first.dice)
            assert static_text(app, "#hint-line") == said(
                "Hint: {plan} – {reason}",
                plan=said("re-roll dice {dice}", dice=keys), reason=word(expected.reason),
            )
        else:
            assert static_text(app, "#hint-line") == said(
                "Hint: {reason}", reason=word(expected.reason)
            )
        if isinstance(first, Reroll):
            tray = app.screen.query_one("#dice", DiceTray)
            for index in range(6):
                assert ("hint" in tray.looks[index][1]) == (index in first.dice)
        await press(pilot, "k")
        assert app.race.state.phase is Phase.PLACING
        await press(pilot, "h")
        expected = hint(app.race.state)
        first_place = next(a for a in expected.actions if isinstance(a, Place))
        plan = static_text(app, "#hint-line")
        token = first_place.token
        # A die is named by its own number (the dice row's, its key's, its mark on the
        # board) with its colour; a tile by its colour.
        state = app.race.state
        if isinstance(token, Die):
            first_words = said("{n} {what}", n=token.index + 1,
                               what=colour_name(state.roll[token.index]))
        else:
            first_words = said("{colour} tile", colour=colour_name(token.colour))
        first_words += _(", ")
        start, end = said(
            "Hint: {plan} – {reason}", plan="\0", reason=word(expected.reason)
        ).split("\0")
        dice = said("place {dice} as numbered on the board", dice="\0").split("\0")
        assert plan.startswith(start + dice[0] + first_words)
        assert dice[1] + pgettext("hint steps", ", ") + _("drive") in plan
        assert plan.endswith(end)
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        assert screen.cursor == first_place.space
        assert screen.selected == first_place.token
        # The whole plan is drawn on the board, numbered, and nothing is placed yet.
        places = [a for a in expected.actions if isinstance(a, Place)]
        view = screen.query_one(BoardView)
        assert [space for space, _ in view.scene.hinted] == [a.space for a in places]
        assert view.scene.hinted[0][1] == (
            str(token.index + 1) if isinstance(token, Die) else "Tt")
        assert [label for _, label in view.scene.hinted] == [
            str(a.token.index + 1) if isinstance(a.token, Die) else "Tt" for a in places]
        assert app.race.state.path == ()
        # Enter now plays the hinted first step; the plan goes away.
        await press(pilot, "enter")
        first = app.race.state.path[0]
        assert (first.token, first.space) == (first_place.token, first_place.space)
        assert view.scene.hinted == ()


@run_async
async def test_hint_for_the_bonus_move() -> None:
    # Ann's last die is blue: Ben (human) is owed the bonus move (R15).
    ben = Seat("Ben", Colour.BLUE)
    dice = ScriptedDice("RGBRRR")
    race = start_race(RaceSetup(board=SPRINT, bonus=True, seats=(ANN, ben), seed=5))
    app = race_app(race=race, roller=dice)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "1", "2", "3", "enter")
        assert app.race.state.phase is Phase.BONUS
        assert app.race.state.bonus_player == 1
        await press(pilot, "h")
        expected = hint(app.race.state)
        assert isinstance(expected.actions[0], BonusStep)
        # In the screen's words, not the space's id: Ben's car steps off the start.
        assert static_text(app, "#hint-line") == said(
            "Hint: take the lit bonus step: {where}",
            where=said_n(
                "{place}, {n} space to the finish", "{place}, {n} spaces to the finish", 10,
                place=ordinal(2),
            ),
        )

"""Seeded races on each built-in board, from the set-up screen to the results screen, one
person against a computer driver: once with the keyboard only, once with the mouse only.

The boards are the project's real ones, so the exact winner depends on their design; what
must hold on every board is that the race ends by the rules (R10), the results screen names
exactly the engine's winners (R11) with each finisher's dice of the final round, and the
whole race replays from its record (the app played only legal actions, with seeded dice).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Select

from app.helpers import (
    bot_name,
    click,
    play_by_keys,
    play_by_mouse,
    race_app,
    run_async,
    said,
    screen_text,
    settle,
)
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.results import TROPHY, ResultsScreen, dice_words
from monza_tui.engine import Colour
from monza_tui.i18n import _, ngettext
from monza_tui.race.narrate import to_go
from monza_tui.race.setup import RaceSetup, Seat
from monza_tui.record import parse_records

SEATS = (Seat("Ann", Colour.RED), Seat(bot_name(1), Colour.BLUE, "greedy"))


async def check_results(pilot: Pilot[Any], board: str) -> None:
    app = pilot.app
    assert isinstance(app.screen, ResultsScreen)
    race = app.race
    state = race.state
    assert state.is_terminal() and state.final_round
    assert race.game.board.name == board
    winners = state.winners()
    assert winners and set(winners) <= set(state.finished())
    names = [p.name for p in race.players]
    text = screen_text(app)
    if len(winners) == 1:
        assert said("{trophy} {name} wins!", trophy=TROPHY, name=names[winners[0]]) in text
    else:
        both = _(" and ").join(names[p] for p in winners)
        assert said("{trophy} {names} share the win", trophy=TROPHY, names=both) in text
    for player in range(len(names)):
        row = " ".join(
            str(cell.render()) for cell in app.screen.query_one(f"#result-{player}").children
        )
        dice = [
            str(cell.render()) for cell in app.screen.query_one(f"#result-{player}").children
        ]
        if player in state.finished():
            words = dice_words(state, player)
            if state.round_dice[player] is None:  # at the finish on a bonus step
                assert state.dice_used(player) == 0 and words == _("0 (bonus step)")
            else:
                assert words == str(state.dice_used(player))
            assert words in dice, row
        else:
            steps = to_go(state, player)
            assert ngettext("did not finish: {n} space to go",
                            "did not finish: {n} spaces to go", steps).format(n=steps) in dice, row
        assert (TROPHY in row) == (player in winners)
    # The race the app played replays through the record reader, dice checked against the
    # seed: every action was legal and every roll came from the seed.
    text_record = "\n".join(json.dumps(line) for line in race.lines())
    (replayed,) = parse_records(text_record, "app")
    assert replayed.state.positions == state.positions
    assert replayed.state.winners() == winners


async def start_from_setup(pilot: Pilot[Any], board: str, *, mouse: bool) -> None:
    app = pilot.app
    await settle(pilot)
    if board != "oval":
        app.screen.query_one("#board", Select).value = board
        await settle(pilot)
    if mouse:
        await click(pilot, "#start")
    else:
        await pilot.press("enter")
        await settle(pilot)
    assert isinstance(app.screen, RaceScreen)


@pytest.mark.parametrize("board", ["oval", "long", "classic"])
@run_async
async def test_keyboard_race(board: str) -> None:
    setup = RaceSetup(board=board, pro=True, bonus=True, seats=SEATS, seed=2)
    app = race_app(setup=setup)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_from_setup(pilot, board, mouse=False)
        await play_by_keys(pilot)
        await check_results(pilot, board)


@pytest.mark.parametrize("board", ["oval", "long", "classic"])
@run_async
async def test_mouse_race(board: str) -> None:
    setup = RaceSetup(board=board, pro=False, bonus=True, seats=SEATS, seed=3)
    app = race_app(setup=setup)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_from_setup(pilot, board, mouse=True)
        await play_by_mouse(pilot)
        await check_results(pilot, board)
        # Rematch: the same set-up with new dice, back on the race screen.
        seed = app.race.seed
        await click(pilot, "#rematch")
        assert isinstance(app.screen, RaceScreen)
        assert app.race.state.turn == 1 and app.race.seed != seed

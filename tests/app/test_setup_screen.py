"""The set-up screen: sensible defaults, Enter starts; board, variants, seats, start player
by keyboard or mouse; the house-rule note on classic (R16); errors in one line."""

from __future__ import annotations

from textual.widgets import Input, Select

from app.helpers import click, press, race_app, run_async, screen_text, settle, static_text
from builders import B, G, P, R, W, Y
from monza_tui.app.race_setup import RaceSetup, Seat
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.setup import SetupScreen


@run_async
async def test_enter_starts_the_default_race() -> None:
    app = race_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        text = screen_text(app)
        for shown in ("Monza: set up a race", "Oval (basic game)", "Player 1", "Player 2"):
            assert shown in text
        await press(pilot, "enter")
        assert isinstance(app.screen, RaceScreen)
        race = app.race
        assert race is not None
        assert race.game.board.name == "oval"
        assert (race.game.pro, race.game.bonus) == (False, False)
        assert [(p.name, p.car, p.seat) for p in race.players] == [
            ("Player 1", R, "human"),
            ("Player 2", B, "human"),
        ]
        assert race.game.start_player == 0


async def choose(pilot, select_id: str, downs: int) -> None:  # type: ignore[no-untyped-def]
    """Open the focused select with Enter, move down, pick with Enter."""
    assert pilot.app.focused.id == select_id, pilot.app.focused
    await press(pilot, "enter", *["down"] * downs, "enter")


@run_async
async def test_keyboard_setup_of_a_six_car_classic_race() -> None:
    app = race_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        # From the Start button (Rules, Quit, the language), Tab wraps round to the board.
        await press(pilot, "tab", "tab", "tab", "tab")
        await choose(pilot, "board", 2)  # Oval, Long, Classic
        assert screen.query_one("#board", Select).value == "classic"
        note = screen.query_one("#house-rules")
        assert note.display and not note.has_class("-active")
        await press(pilot, "tab", "space", "tab", "space")  # pro and bonus on
        assert note.has_class("-active")
        assert static_text(app, "#house-rules") == (
            "Classic board: the original edition has no tiles and no bonus move, so pro and "
            "bonus are house rules here."
        )
        await press(pilot, "tab")
        await choose(pilot, "count", 4)  # 2 3 4 5 6
        await press(pilot, "tab", "tab")  # start player, then the first name
        assert app.focused.id == "name-0"
        await press(pilot, *"Ann")  # the field selects its text on focus
        assert screen.query_one("#name-0", Input).value == "Ann"
        await settle(pilot)
        # The start player's select shows the new name, not the old one.
        assert "Player 1" not in screen_text(app).split("Start player")[1].splitlines()[0]
        # The last seat is the expert bot: name, car, who drives, for each seat.
        await press(pilot, *["tab"] * 17)
        assert app.focused.id == "kind-5"
        await choose(pilot, "kind-5", 3)  # human, random, greedy, expert
        assert "🤖 expert" in screen_text(app)
        # Start player: Ann's neighbour (R3).
        await press(pilot, *["shift+tab"] * 18)
        assert app.focused.id == "start-player"
        await choose(pilot, "start-player", 1)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, RaceScreen)
        race = app.race
        assert race is not None
        assert race.game.board.name == "classic"
        assert (race.game.pro, race.game.bonus) == (True, True)
        assert [p.car for p in race.players] == [R, B, G, Y, P, W]
        assert [p.name for p in race.players] == [
            "Ann", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6",
        ]
        assert [p.seat for p in race.players][-1] == "expert"
        assert race.game.start_player == 1


@run_async
async def test_back_from_classic_the_count_and_cars_fit_the_oval() -> None:
    setup = RaceSetup(
        board="classic",
        seats=tuple(Seat(f"P{i}", c) for i, c in enumerate((R, B, G, Y, P, W))),
    )
    app = race_app(setup=setup)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one("#count", Select).value == 6
        assert screen.query_one("#car-5", Select).value == W
        screen.query_one("#board", Select).value = "oval"
        await settle(pilot)
        assert screen.query_one("#count", Select).value == 4  # R2
        assert [screen.query_one(f"#car-{i}", Select).value for i in range(4)] == [R, B, G, Y]
        assert not screen.query_one("#house-rules").display


@run_async
async def test_errors_show_in_one_line_and_keep_the_screen() -> None:
    setup = RaceSetup(seats=(Seat("Ann", R), Seat("Ann", B)))
    app = race_app(setup=setup)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        assert isinstance(app.screen, SetupScreen)
        assert static_text(app, "#setup-error") == "two players are called Ann"
        screen = app.screen
        screen.query_one("#board", Select).value = "file"
        await settle(pilot)
        await click(pilot, "#start")
        assert static_text(app, "#setup-error") == "give the path of a board file (.toml)"
        screen.query_one("#board-file", Input).value = "no/such/board.toml"
        await settle(pilot)
        await click(pilot, "#start")
        assert static_text(app, "#setup-error") == (
            "no/such/board.toml: cannot read: no such file or folder"
        )


@run_async
async def test_mouse_setup_with_the_car_swap() -> None:
    app = race_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await click(pilot, "#pro", "#bonus")
        screen = app.screen
        # Player 1 takes the blue car: Player 2 gets red (no two players share a car).
        screen.query_one("#car-0", Select).value = B
        await settle(pilot)
        assert screen.query_one("#car-1", Select).value == R
        await click(pilot, "#start")
        assert isinstance(app.screen, RaceScreen)
        race = app.race
        assert race is not None
        assert (race.game.pro, race.game.bonus) == (True, True)
        assert [p.car for p in race.players] == [B, R]

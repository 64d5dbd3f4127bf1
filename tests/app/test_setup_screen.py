"""The set-up screen: sensible defaults, Enter starts; board, variants, seats, start player
by keyboard or mouse; the house-rule note on classic (R16); errors in one line."""

from __future__ import annotations

import random
import tomllib
from dataclasses import replace
from importlib import resources
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.widgets import Checkbox, Input, Select

from app.helpers import (
    as_in_english,
    click,
    press,
    race_app,
    run_async,
    said,
    screen_text,
    settle,
    sprint,
    static_text,
)
from builders import B, G, P, R, W, Y
from monza_tui.app.app import MonzaApp
from monza_tui.app.screens.confirm import ConfirmScreen
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.results import ResultsScreen
from monza_tui.app.screens.rules import RulesScreen
from monza_tui.app.screens.setup import SetupScreen
from monza_tui.app.screens.setup_form import FILE, board_label
from monza_tui.boardfile import BUILTIN, builtin_boards, load_board
from monza_tui.bots import make_driver
from monza_tui.engine import CarCountError, Edition, GameConfigError, check_car_count
from monza_tui.errors import UserError
from monza_tui.i18n import _
from monza_tui.race.setup import RaceSetup, Seat, setup_of
from monza_tui.record import Race
from monza_tui.seats import SeatKind


def player(n: int) -> str:
    """The name a seat gets by default ("Player 1")."""
    return said("Player {n}", n=n)


@run_async
async def test_enter_starts_the_default_race() -> None:
    app = race_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        text = screen_text(app)
        oval = said("{title} (basic game)", title=_("Oval"))
        for shown in (_("Monza: set up a race"), oval, player(1), player(2)):
            assert shown in text
        await press(pilot, "enter")
        assert isinstance(app.screen, RaceScreen)
        race = app.race
        assert race is not None
        assert race.game.board.name == "oval"
        assert (race.game.pro, race.game.bonus) == (False, False)
        assert [(p.name, p.car, p.seat) for p in race.players] == [
            (player(1), R, "human"),
            (player(2), B, "human"),
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
        # From the Start button (First race, Join a race, Rules, Quit, the language), Tab
        # wraps round to the board.
        await press(pilot, *["tab"] * 6)
        await choose(pilot, "board", 2)  # Oval, Long, Classic
        assert screen.query_one("#board", Select).value == "classic"
        note = screen.query_one("#house-rules")
        assert note.display and not note.has_class("-active")
        await press(pilot, "tab", "space", "tab", "space")  # pro and bonus on
        assert note.has_class("-active")
        assert static_text(app, "#house-rules") == _(
            "Classic board: the original edition has no tiles and no bonus move, "
            "so pro and bonus are house rules here."
        )
        await press(pilot, "tab")
        await choose(pilot, "count", 4)  # 2 3 4 5 6
        await press(pilot, "tab", "tab")  # start player, then the first name
        assert app.focused.id == "name-0"
        await press(pilot, *"Ann")  # the field selects its text on focus
        assert screen.query_one("#name-0", Input).value == "Ann"
        await settle(pilot)
        # The start player's select shows the new name, not the old one.
        start_row = screen_text(app).split(_("Start player"))[1].splitlines()[0]
        assert player(1) not in start_row
        # The last seat is the expert bot: name, car, who drives, for each seat.
        await press(pilot, *["tab"] * 17)
        assert app.focused.id == "kind-5"
        await choose(pilot, "kind-5", 3)  # human, random, greedy, expert
        assert "🤖 " + _("expert") in screen_text(app)
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
            "Ann", player(2), player(3), player(4), player(5), player(6),
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
        assert static_text(app, "#setup-error") == said(
            "two players are called {name}", name="Ann"
        )
        screen = app.screen
        screen.query_one("#board", Select).value = "file"
        await settle(pilot)
        await click(pilot, "#start")
        assert static_text(app, "#setup-error") == _("give the path of a board file (.toml)")
        screen.query_one("#board-file", Input).value = "no/such/board.toml"
        await settle(pilot)
        await click(pilot, "#start")
        with pytest.raises(UserError) as unread:  # the board loader's own words
            load_board("no/such/board.toml")
        assert static_text(app, "#setup-error") == as_in_english(
            str(unread.value), "no/such/board.toml: cannot read: no such file or folder"
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


# One RaceSetup, boards from their TOML files, the engine's car-count error (issue 11) ------


@run_async
async def test_the_forms_race_setup_follows_the_keys() -> None:
    app = race_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen) and app.screen.setup == RaceSetup()
        screen = app.screen
        await press(pilot, *["tab"] * 6)  # First race, Join, Rules, Quit, language, board
        await choose(pilot, "board", 1)  # Long track (pro): ticks Pro
        await press(pilot, "tab", "tab", "space")  # bonus on
        await press(pilot, "tab")
        await choose(pilot, "count", 1)  # 3 players
        await press(pilot, "tab", "tab", *"Ann")  # the first name, selected on focus
        await press(pilot, "tab", "tab")
        await choose(pilot, "kind-0", 3)  # Human random greedy expert
        await press(pilot, *["tab"] * 7)
        assert app.focused.id == "seed"
        await press(pilot, *"42")
        assert screen.setup == RaceSetup(
            board="long",
            pro=True,
            bonus=True,
            seats=(
                Seat("Ann", R, SeatKind.EXPERT),
                Seat(player(2), B),
                Seat(player(3), G),
            ),
            start_player=0,
            seed=42,
        )
        await press(pilot, "ctrl+s")
        race = app.race
        assert race is not None and isinstance(app.screen, RaceScreen)
        assert [(p.name, p.seat) for p in race.players] == [
            ("Ann", SeatKind.EXPERT), (player(2), SeatKind.HUMAN), (player(3), SeatKind.HUMAN),
        ]
        assert (race.game.board.name, race.game.pro, race.game.bonus, race.seed) == (
            "long", True, True, 42,
        )


@run_async
async def test_the_board_choices_are_the_toml_files_titles() -> None:
    folder = resources.files("monza_tui.boards")
    documents = [
        tomllib.loads(path.read_text("utf-8"))
        for path in folder.iterdir()
        if path.name.endswith(".toml")
    ]
    app = race_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        select = app.screen.query_one("#board", Select)
        options = [(str(label), value) for label, value in select._options]
        assert options == [
            (said("{title} (basic game)", title=_("Oval")), "oval"),
            (said("{title} (pro)", title=_("Long track")), "long"),
            (said("{title} (original edition, {low}-{high} cars)", title=_("Classic"), low=2,
                  high=6), "classic"),
            (_("Board file…"), FILE),
        ]
        # Every built-in board file is offered, under its own title, and nothing else.
        assert sorted(value for _, value in options[:-1]) == sorted(d["name"] for d in documents)
        titles = {d["name"]: d["title"] for d in documents}
        for label, value in options[:-1]:
            assert _(titles[value]) + " (" in label


def test_the_builtin_list_follows_the_files_in_the_folder(tmp_path: Path) -> None:
    """A board file added to the folder is offered, ordered by what the TOML says:
    anniversary basic, anniversary pro, then the original edition."""
    for name, extra in (
        ("zeta", 'title = "Zeta"\nedition = "original"\n'),
        ("alpha", 'title = "Alpha"\nvariant = "pro"\n'),
        ("mid", 'title = "Mid"\n'),
    ):
        (tmp_path / f"{name}.toml").write_text(f'name = "{name}"\n{extra}', "utf-8")
    (tmp_path / "notes.txt").write_text("not a board", "utf-8")
    boards = builtin_boards(tmp_path)
    assert [(b.name, b.title, b.edition, b.variant) for b in boards] == [
        ("mid", "Mid", Edition.ANNIVERSARY, "basic"),
        ("alpha", "Alpha", Edition.ANNIVERSARY, "pro"),
        ("zeta", "Zeta", Edition.ORIGINAL, "basic"),
    ]
    assert [board_label(b) for b in boards] == [
        said("{title} (basic game)", title="Mid"),
        said("{title} (pro)", title="Alpha"),
        said("{title} (original edition, {low}-{high} cars)", title="Zeta", low=2, high=6),
    ]
    # The game's own list is its folder's files, named as the files are.
    assert BUILTIN == ("oval", "long", "classic")
    for board in builtin_boards():
        assert resources.files("monza_tui.boards").joinpath(f"{board.name}.toml").is_file()


@run_async
async def test_the_engines_car_count_error_is_shown_in_one_line() -> None:
    # The form offers 2-4 players on the oval; a set-up that has five anyway (the count
    # comes from the engine's limits, not a copy of them) gets the engine's error.
    five = tuple(Seat(f"P{i}", car) for i, car in enumerate((R, B, G, Y, P)))
    app = race_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        form = app.screen
        assert isinstance(form, SetupScreen) and len(form.setup.seats) == 2
        form.setup = replace(form.setup, seats=five)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, SetupScreen)
        # The board named as the form offers it (its title, in the player's language).
        assert static_text(app, "#setup-error") == as_in_english(
            said("the {board} board races {low}-{high} cars, not {n}", board=_("Oval"),
                 low=2, high=4, n=5),
            "the Oval board races 2-4 cars, not 5",
        )


def test_car_count_error_carries_the_limits() -> None:
    with pytest.raises(CarCountError) as caught:
        check_car_count(Edition.ANNIVERSARY, 5)
    assert (caught.value.low, caught.value.high, caught.value.count) == (2, 4, 5)
    assert isinstance(caught.value, GameConfigError)
    check_car_count(Edition.ORIGINAL, 6)
    with pytest.raises(CarCountError, match=r"^the original edition races 2-6 cars, not 1 \(R2\)$"):
        check_car_count(Edition.ORIGINAL, 1)


def test_every_binding_of_the_app_and_its_dialogs_has_an_id() -> None:
    for owner in (MonzaApp, SetupScreen, ResultsScreen, ConfirmScreen, RulesScreen):
        bindings = [b for b in owner.BINDINGS if isinstance(b, Binding)]
        assert len(bindings) == len(owner.BINDINGS)
        ids = [b.id for b in bindings]
        assert None not in ids and len(set(ids)) == len(ids), owner


def finished_sprint() -> Race:
    """A sprint race played to its end by two greedy drivers, with the seeded dice."""
    race = sprint()
    driver = make_driver(SeatKind.GREEDY, random.Random(1))
    while not race.state.is_terminal():
        state = race.state
        race = race.roll() if state.is_chance() else race.apply(driver.choose(state))
    return race


@run_async
async def test_the_results_keys_are_the_apps_actions() -> None:
    race = finished_sprint()
    app = race_app(race=race)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        await press(pilot, "n")  # app.new_setup: the set-up of the last race, fresh seed
        assert isinstance(app.screen, SetupScreen) and app.race is None
        assert app.screen.setup == replace(setup_of(race), seed=None)
        assert [s.kind for s in app.screen.setup.seats] == [SeatKind.HUMAN, SeatKind.HUMAN]
    app = race_app(race=race)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "r")  # app.rematch: the same set-up, new dice
        assert isinstance(app.screen, RaceScreen)
        assert app.race is not None and app.race.seed != race.seed
        assert app.race.state.turn == 1


@run_async
async def test_back_to_the_oval_unticks_the_pro_the_long_track_ticked() -> None:
    app = race_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        await press(pilot, *["tab"] * 6)  # First race, Join, Rules, Quit, language, board
        await choose(pilot, "board", 1)  # Long track (pro): ticks Pro
        assert screen.setup.pro and screen.query_one("#pro", Checkbox).value
        await press(pilot, "enter", "up", "enter")  # back to "Oval (basic game)"
        await settle(pilot)
        assert screen.setup.board == "oval"
        assert not screen.setup.pro and not screen.query_one("#pro", Checkbox).value
        # Pro ticked by the player stays when the board changes.
        await press(pilot, "tab", "space")
        await press(pilot, "shift+tab")
        await choose(pilot, "board", 1)
        await press(pilot, "enter", "up", "enter")
        await settle(pilot)
        assert screen.setup.pro


@run_async
async def test_tab_reaches_every_button_and_the_footer_names_f3() -> None:
    from monza_tui.app.screens.join import JoinScreen

    app = race_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "f3 " + _("Join a race") in screen_text(app).splitlines()[-1]
        seen = []
        for _tab in range(6):
            await press(pilot, "tab")
            seen.append(app.focused.id if app.focused else None)
        assert seen[:2] == ["learn", "join"]
        await press(pilot, *["shift+tab"] * 4)  # back to "Join a race"
        assert app.focused is not None and app.focused.id == "join"
        await press(pilot, "enter")
        assert isinstance(app.screen, JoinScreen)

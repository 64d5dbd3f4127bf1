"""An evening of races as a family reads it: the race screen says which race and the
points so far; between races and at the end the table (and the podium) is its own screen,
worked by Enter, the arrows and Escape; the results' headline stays in sight at 80x24;
a default name reads in the language of the screen that shows it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from app.helpers import (
    ANN,
    SPRINT,
    play_by_keys,
    press,
    race_app,
    run_async,
    said,
    screen_lines,
    screen_text,
    settle,
    static_text,
    to_results,
    wait_for,
)
from app.language_checks import speaking
from monza_tui import i18n
from monza_tui.app.evening_words import heading, race_line
from monza_tui.app.screens.evening import EveningScreen
from monza_tui.app.screens.race import RaceScreen
from monza_tui.engine import Colour
from monza_tui.race.narrate import ordinal
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.seats import BOT_NAME, PERSON_NAME, default_name, reworded_default, shown_names
from monza_tui.stats import evening
from monza_tui.stats.evening import Score, table

BOTS = (Seat("Ann", Colour.RED, "greedy"), Seat("Ben", Colour.BLUE, "greedy"),
        Seat("Cat", Colour.GREEN, "greedy"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("MONZA_HOME", str(folder))
    return folder


async def chosen(pilot: Pilot[Any]) -> str:
    """The id of the button that looks chosen, once one does (the results choose theirs a
    moment after they appear)."""
    await wait_for(pilot, lambda: pilot.app.screen.focused is not None, rounds=1000)
    focused = pilot.app.screen.focused
    assert focused is not None and focused.id is not None
    return focused.id


def table_rows(app: Any) -> list[list[str]]:
    """The evening screen's table rows as words (each row has its car's chip, ●R)."""
    lines = screen_lines(app)
    start = next(i for i, line in enumerate(lines) if said("Place") in line.split())
    return [line.split() for line in lines[start + 1:] if "●" in line]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@run_async
async def test_the_race_screen_says_which_race_and_the_points_so_far(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    seats = (ANN, Seat("Ben", Colour.BLUE, "greedy"))
    app = race_app(setup=RaceSetup(board=SPRINT, seats=seats, races=2))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, RaceScreen)
        first = said("Race {n} of {races}", n="1", races="2")
        assert static_text(app, "#evening-line") == first == (
            "Race 1 of 2" if i18n.current_language() == "en" else first)
        assert any(line.rstrip().endswith(f"▏ {first}") for line in screen_lines(app))
        await play_by_keys(pilot)
        await press(pilot, "r")  # the next race
        assert isinstance(app.screen, RaceScreen)
        night = app.evening
        assert night is not None and len(night.played) == 1
        scores = table(night)
        points = said(", ").join(said("{name}: {points}", name=s.name, points=str(s.points))
                                 for s in scores)
        line = (said("Race {n} of {races}", n="2", races="2") + " · "
                + said("points so far: {scores}", scores=points))
        assert static_text(app, "#evening-line") == line
        if i18n.current_language() == "en":
            best, other = scores
            assert line == (f"Race 2 of 2 · points so far: {best.name}: {best.points}, "
                            f"{other.name}: {other.points}")
            assert best.points >= other.points
        # Every word of it is on the screen, in the panel, the race's number first.
        panel = " ".join(line.split("▏")[-1].strip() for line in screen_lines(app))
        assert " ".join(line.split()) in panel


@run_async
async def test_between_races_the_table_is_a_screen_worked_by_enter_arrows_and_escape(
    home: Path,
) -> None:
    app = race_app(setup=RaceSetup(board=SPRINT, seats=BOTS, races=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+s")
        results = await to_results(pilot)
        night = app.evening
        assert night is not None
        # The evening's button is the first, chosen a moment after the results appear.
        assert await chosen(pilot) == "evening-table"
        assert str(results.query_one("#evening-table").label) == said("Evening table")
        await press(pilot, "enter")
        assert isinstance(app.screen, EveningScreen)
        text = screen_text(app)
        assert text.splitlines()[1].strip() == heading(night) == said(
            "Evening: race {n} of {races} played", n="1", races="2")
        scores = table(night)
        # In order of points, each row: place, car, name, points, wins, the race's points.
        assert table_rows(app) == [
            [ordinal(s.place), f"●{i18n.colour_letter(car)}", s.name, str(s.points),
             str(s.wins), said("+{n}", n=str(s.last))]
            for s in scores
            for car in [next(seat.car for seat in BOTS if seat.name == s.name)]
        ]
        assert [s.points for s in scores] == sorted((s.points for s in scores), reverse=True)
        # Three cars: 2, 1 and 0 points unless two shared a place; ties are explained.
        ties = len({s.points for s in scores}) < 3
        assert (said("Equal points: more race wins go ahead; with as many wins, the place "
                     "is shared.") in " ".join(text.split())) is ties
        # The footer's keys, and the buttons: the next race chosen, ← and → move.
        footer = text.splitlines()[-1]
        for key, label in (("r", "Next race"), ("n", "New set-up"),
                           (i18n.pgettext("key", "esc"), "Results")):
            assert f"{key} {said(label)}" in footer
        assert await chosen(pilot) == "evening-next"
        await press(pilot, "right")
        assert await chosen(pilot) == "evening-back"
        await press(pilot, "right")
        assert await chosen(pilot) == "evening-new-setup"
        await press(pilot, "left", "left")
        assert await chosen(pilot) == "evening-next"
        await press(pilot, "escape")  # back to the race's results
        assert app.screen is results
        await press(pilot, "e")
        assert isinstance(app.screen, EveningScreen)
        await press(pilot, "right", "enter")  # "Results", chosen by the arrow
        assert app.screen is results
        seed = app.race.seed if app.race is not None else None
        await press(pilot, "e", "enter")  # the next race, chosen at first (the bots drive
        assert app.screen is not results  # it to its own results at once)
        assert app.race is not None and app.race.seed != seed
        assert app.race.game.start_player == 1  # the next start player (R3)
        assert app.evening is not None and app.evening.started == night.started


@run_async
async def test_after_the_last_race_the_podium_screen(home: Path) -> None:
    app = race_app(setup=RaceSetup(board=SPRINT, seats=BOTS, races=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+s")
        await to_results(pilot)
        await press(pilot, "r")
        results = await to_results(pilot)
        night = app.evening
        assert night is not None and night.over
        assert str(results.query_one("#evening-table").label) == said("The evening's podium")
        await press(pilot, "e")
        assert isinstance(app.screen, EveningScreen)
        scores = table(night)
        first = [s.name for s in scores if s.place == 1]
        car = next(seat.car for seat in BOTS if seat.name == first[0])
        chip = f"●{i18n.colour_letter(car)} {first[0]}"
        # (the new screen laid out and its podium drawn before it is read)
        await wait_for(pilot, lambda: chip in screen_text(app), rounds=1000)
        await settle(pilot)
        text = screen_text(app)
        lines = [line.strip() for line in text.splitlines()]
        assert lines[1] == said("The evening is over: the podium")
        if len(first) == 1:
            assert lines[3] == said("{trophy} {name} wins the evening!", trophy="🏆",
                                    name=first[0])
        else:
            assert lines[3] == said("{trophy} {names} share the evening's win", trophy="🏆",
                                    names=said(" and ").join(first))
        # The podium: the winner's step the highest, its name above it; then the table.
        podium = lines[5:lines.index(next(ln for ln in lines if said("Place") in ln.split()))]
        podium = [line for line in podium if line]  # (from its top line down)
        assert chip in podium[0]
        assert any(ordinal(1) in line for line in podium)
        assert [row[2] for row in table_rows(app)] == [s.name for s in scores]
        footer = text.splitlines()[-1]
        assert f"r {said('New evening')}" in footer
        assert await chosen(pilot) == "evening-next"
        assert str(app.screen.query_one("#evening-next").label) == said("New evening")
        await press(pilot, "escape")
        assert app.screen is results
        await press(pilot, "e", "enter")  # a new evening of as many races (the bots
        assert app.screen is not results  # drive its first race at once)
        assert app.evening is not None and app.evening is not night
        assert app.evening.races == 2 and len(app.evening.played) == 1


@run_async
async def test_the_results_headline_stays_in_sight_at_80x24(home: Path) -> None:
    app = race_app(setup=RaceSetup(board=SPRINT, seats=BOTS, races=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+s")
        results = await to_results(pilot)
        assert app.race is not None
        winners = app.race.state.winners()
        names = [p.name for p in app.race.players]
        if len(winners) == 1:
            headline = said("{trophy} {name} wins!", trophy="🏆", name=names[winners[0]])
        else:
            headline = said("{trophy} {names} share the win", trophy="🏆",
                            names=said(" and ").join(names[p] for p in winners))
        # The buttons at the bottom are chosen: what is below scrolled into sight...
        assert await chosen(pilot) == "evening-table"
        # (the scroll follows the focus a refresh later, later still on a loaded machine)
        await wait_for(pilot, lambda: results.query_one("#results").scroll_y > 0)
        await settle(pilot)
        # ... and who won is still on the screen, under the title.
        lines = [line.strip() for line in screen_lines(app)]
        assert lines[1] == said("The race is over")
        assert lines[3] == headline


def test_a_default_name_is_worded_in_any_language() -> None:
    with speaking("zh"):
        bot, person = default_name(BOT_NAME, 1), default_name(PERSON_NAME, 2)
    assert (bot, person) == ("电脑1", "玩家2")
    with speaking("de"):
        assert reworded_default(bot) == "Computer 1"
        assert reworded_default(person) == "Spieler 2"
        assert reworded_default("Bot 12") == "Computer 12"
        for name in ("Ann", "R2D2", "Bot", "电脑", "Bot 1a"):
            assert reworded_default(name) is None
        from monza_tui.record import Player

        # Two names that would read the same stay as they were set up.
        same = (Player("Player 1", Colour.RED), Player("Spieler 1", Colour.BLUE))
        assert shown_names(same) == ("Player 1", "Spieler 1")
    with speaking("en"):
        assert reworded_default(bot) == "Bot 1"


@run_async
async def test_a_race_set_up_in_chinese_reads_in_german() -> None:
    from monza_tui.race.setup import seats_from_flags

    with speaking("zh"):
        seats = seats_from_flags([], ["greedy", "greedy"])
        setup = RaceSetup(board=SPRINT, seats=tuple(
            Seat(s.name, s.car, "greedy") for s in seats), seed=3)
        race = start_race(setup)
    assert [p.name for p in race.players] == ["玩家1", "电脑1", "电脑2"]  # as recorded
    with speaking("de"):
        app = race_app(race=race)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await to_results(pilot)
            text = screen_text(app)
            assert "电脑" not in text and "玩家" not in text
            german = {"玩家1": "Spieler 1", "电脑1": "Computer 1", "电脑2": "Computer 2"}
            winners = [german[race.players[p].name] for p in app.race.state.winners()]
            headline = static_text(app, "#headline")
            if len(winners) == 1:
                assert headline == f"🏆 {winners[0]} gewinnt!"
            assert all(name in text for name in german.values())
            # The record keeps the names as set up.
            assert [p.name for p in app.race.players] == ["玩家1", "电脑1", "电脑2"]


def test_the_race_line_of_the_first_race_is_its_number_alone() -> None:
    night = evening.Evening(RaceSetup(board=SPRINT, seats=BOTS), races=3)
    with speaking("en"):
        assert race_line(night, ()) == "Race 1 of 3"
        later = evening.Evening(RaceSetup(board=SPRINT, seats=BOTS), races=3,
                                played=("a", "b"))
        scores = (Score("Ben", 3, 1, 2, 1), Score("Ann", 2, 1, 0, 2), Score("Cat", 1, 0, 1, 3))
        assert race_line(later, scores) == (
            "Race 3 of 3 · points so far: Ben: 3, Ann: 2, Cat: 1")

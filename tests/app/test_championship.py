"""An evening of races through the app (stats): started from the set-up's Races field,
bots driving every seat, the running table on the results screen between races, the next
race with the same seats, the podium after the last, and an evening that survives
quitting (``monza resume`` starts its next race); the champion line and the standings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.helpers import (
    SPRINT,
    as_in_english,
    bot_name,
    press,
    race_app,
    run_async,
    said,
    said_n,
    screen_text,
    settle,
    static_text,
    to_results,
)
from monza_tui import i18n
from monza_tui.app.screens.evening import EveningScreen
from monza_tui.app.screens.results import ResultsScreen
from monza_tui.app.screens.setup import SetupScreen
from monza_tui.app.screens.standings import StandingsScreen
from monza_tui.commands import resume
from monza_tui.engine import Colour
from monza_tui.race.setup import RaceSetup, Seat
from monza_tui.stats import evening
from monza_tui.stats.evening import table
from monza_tui.stats.words import TROPHY, champions_line
from monza_tui.web import emoji

BOTS = (Seat("Ann", Colour.RED, "greedy"), Seat("Ben", Colour.BLUE, "greedy"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("MONZA_HOME", str(folder))
    return folder


def footer_label(app: Any, action: str) -> str:
    """What the footer says beside the key of ``action`` on the current screen."""
    from textual.widgets._footer import FooterKey

    found = [str(k.description) for k in app.screen.query(FooterKey) if k.action == action]
    assert len(found) == 1, found
    return found[0]


NO_CHAMPION = as_in_english(
    said("No reigning champion yet: the winner of the next race takes the trophy."),
    "No reigning champion yet: the winner of the next race takes the trophy.",
)
PODIUM = as_in_english(said("The evening is over: the podium"), "The evening is over: the podium")


def played_of(n: int, races: int) -> str:
    """The running table's heading after race ``n`` of ``races``."""
    return as_in_english(
        said("Evening: race {n} of {races} played", n=i18n.number(n), races=i18n.number(races)),
        f"Evening: race {n} of {races} played",
    )


def expected_table(night: evening.Evening) -> list[str]:
    return [f"{s.name} {s.points}" for s in table(night)]


@run_async
async def test_an_evening_of_three_races_to_its_podium(home: Path) -> None:
    app = race_app(setup=RaceSetup(board=SPRINT, seats=BOTS, races=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert static_text(app, "#champion") == NO_CHAMPION
        await press(pilot, "ctrl+s")
        seeds = []
        for number in (1, 2, 3):
            results = await to_results(pilot)
            assert app.race is not None
            seeds.append(app.race.seed)
            night = app.evening
            assert night is not None and len(night.played) == number
            heading = static_text(app, "#evening")
            winners = [app.race.players[p].name for p in app.race.state.winners()]
            reigning = static_text(app, "#reigning")
            assert reigning == champions_line(winners)
            if i18n.current_language() == "en":  # the names, joined as a reader reads them
                assert reigning.endswith(" and ".join(winners))
            scores = table(night)
            # Two cars: a win scores 1, second place 0; a shared win 1 each.
            points = {s.name: s.points for s in scores}
            assert points == {n: sum(r.points(r.names.index(n)) for r in evening.results(night))
                              for n in ("Ann", "Ben")}
            assert sum(points.values()) >= number
            # The table is the evening's screen (e), in order of points.
            await press(pilot, "e")
            assert isinstance(app.screen, EveningScreen)
            text = screen_text(app)
            rows = [line.split() for line in text.splitlines() if "●" in line]
            assert [(row[2], int(row[3])) for row in rows[-2:]] == [
                (s.name, s.points) for s in scores]
            await press(pilot, "escape")
            assert app.screen is results
            if number < 3:
                assert heading == played_of(number, 3)
                next_race = as_in_english(said("Next race"), "Next race")
                assert str(results.query_one("#rematch").label) == next_race
                assert footer_label(app, "app.rematch") == next_race  # as the button
                # The next race: the same seats, the other player starts (R3).
                before = app.race.players
                await press(pilot, "r")
                assert app.race.players == before  # the same names, cars and drivers
                assert app.race.game.start_player == number % 2
            else:
                assert heading == PODIUM
                new_evening = as_in_english(said("New evening"), "New evening")
                assert str(results.query_one("#rematch").label) == new_evening
                assert footer_label(app, "app.rematch") == new_evening
        assert len(set(seeds)) == 3
        assert not (home / "championship.json").exists()
        kept = list((home / "championships").iterdir())
        assert len(kept) == 1
        assert len(list((home / "history").iterdir())) == 3
        # The standings screen counts the three races.
        await press(pilot, "t")
        assert isinstance(app.screen, StandingsScreen)
        await settle(pilot)
        shown = screen_text(app)
        assert as_in_english(
            said("{board}: {races}", board="sprint", races=said_n("{n} race", "{n} races", 3)),
            "sprint: 3 races",
        ) in shown
        await press(pilot, "escape")
        assert isinstance(app.screen, ResultsScreen)


@run_async
async def test_an_evening_survives_quitting_between_races(home: Path) -> None:
    app = race_app(setup=RaceSetup(board=SPRINT, seats=BOTS, races=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+s")
        await to_results(pilot)
        first = app.evening
        assert first is not None
        await pilot.press("q")
    # `monza resume`: no race in progress, so the evening's next race.
    race, _ = resume.prepare(None)
    assert [p.name for p in race.players] == ["Ann", "Ben"]
    assert race.game.start_player == 1
    app = race_app(race=race)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_results(pilot)
        assert app.evening is not None and app.evening.over
        assert static_text(app, "#evening") == PODIUM
    assert evening.load() is None


@run_async
async def test_a_race_resumed_mid_evening_is_still_the_evenings(home: Path) -> None:
    from monza_tui import saves
    from monza_tui.race.setup import start_race

    setup = RaceSetup(board=SPRINT, seats=BOTS)
    race = start_race(setup)
    evening.begin(setup, 2, race.seed)
    saves.autosave(race.roll())  # quit after the first roll: the save is in saves/
    saves.forget(race)
    resumed, _ = resume.prepare(None)
    assert resumed.seed == race.seed and resumed.turns == () and resumed.pending
    app = race_app(race=resumed)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_results(pilot)
        assert app.evening is not None and not app.evening.over
        assert static_text(app, "#evening") == played_of(1, 2)
    night = evening.load()
    assert night is not None and night.current is None and len(night.played) == 1


@run_async
async def test_a_bad_races_field_is_one_line(home: Path) -> None:
    app = race_app(setup=RaceSetup(board=SPRINT, seats=BOTS))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        field = app.screen.query_one("#races")
        field.value = "0"  # type: ignore[attr-defined]
        await press(pilot, "ctrl+s")
        assert static_text(app, "#setup-error") == as_in_english(
            said("races: a whole number from 1 to {n}", n=20), "races: a whole number from 1 to 20")
        assert isinstance(app.screen, SetupScreen)


def test_play_races_flag_begins_an_evening(home: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from monza_tui.cli import main

    ran: list[Any] = []
    monkeypatch.setattr("monza_tui.app.app.MonzaApp.run", lambda self: ran.append(self))
    assert main(["play", "--player", "Ann", "--bot", "greedy", "--races", "3"]) == 0
    night = evening.load()
    assert night is not None and night.races == 3 and night.played == ()
    assert ran[0]._first_race.seed == night.current
    assert [s.name for s in night.setup.seats] == ["Ann", bot_name(1)]
    assert main(["play", "--races", "4"]) == 0  # no race flags: the set-up's field says 4
    assert ran[1].setup.races == 4
    for bad in ("0", "21", "x"):
        with pytest.raises(SystemExit) as stop:
            main(["play", "--player", "Ann", "--bot", "greedy", "--races", bad])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said("{value}: give a whole number from {low} to {high}",
                                             value=f"'{bad}'", low=1, high=20) in err


@pytest.mark.parametrize(
    ("code", "size", "shown"),
    [
        ("en", (80, 24), "No reigning champion yet: the winner of the next race takes the "
                         "trophy."),
        ("de", (120, 40), "Noch kein amtierender Champion: Wer das nächste Rennen gewinnt, "
                          "bekommt den Pokal."),
        ("de", (80, 24), "Noch kein amtierender Champion."),  # (the whole line: 82 columns)
        ("fr", (80, 24), "Pas encore de champion en titre."),
    ],
)
@run_async
async def test_the_champion_line_says_it_in_fewer_words_where_it_would_be_cut(
    code: str, size: tuple[int, int], shown: str
) -> None:
    from app.language_checks import speaking

    with speaking(code):
        app = race_app(setup=RaceSetup(board=SPRINT, seats=BOTS))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            for _ in range(100):  # (the history is read in a worker)
                if static_text(app, "#champion"):
                    break
                await pilot.pause(0.01)
            assert static_text(app, "#champion") == shown


def test_the_champions_in_fewer_words_are_their_names_by_the_trophy() -> None:
    from app.language_checks import speaking

    with speaking("en"):
        assert champions_line(("Ann", "Ben"), short=True) == f"{emoji(TROPHY)} Ann and Ben"
        assert champions_line((), short=True) == "No reigning champion yet."

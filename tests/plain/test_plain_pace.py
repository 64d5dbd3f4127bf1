"""The line game follows the race core: what is due is ``race.pace.next_step`` (a person's
first roll waits for their line, the bot's dice roll by themselves), the computer drivers
are ``race.drivers``' (the app's seeds), and a failed driver is ``bot_move``'s one policy,
said in ``race.words.driver_failed``'s words."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.helpers import SPRINT
from monza_tui import saves
from monza_tui.bots import Driver, make_driver
from monza_tui.engine import Action, BonusStep, Colour, Phase, State, TakeBack
from monza_tui.plain.game import PROMPT, PlainGame
from monza_tui.race.drivers import Drivers, driver_rng
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.race.words import driver_failed
from monza_tui.record import Race
from monza_tui.seats import SeatKind


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path / "home"))
    saves._slots.clear()
    yield tmp_path / "home"
    for path in list(saves._locks):
        saves.unlock(path)
    saves._slots.clear()


def bot_first() -> Race:
    """Ann against a greedy driver that starts, on a two-lane sprint."""
    seats = (Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE, SeatKind.GREEDY))
    return start_race(RaceSetup(board=SPRINT, seats=seats, start_player=1, seed=3))


def played(race: Race, text: str, drivers: Drivers | None = None) -> tuple[PlainGame, str]:
    out = io.StringIO()
    game = PlainGame(race, lines=io.StringIO(text), out=out, echo=True, drivers=drivers)
    game.run()
    return game, out.getvalue()


def until_ann(race: Race, choose: Callable[[State], Action]) -> tuple[Race, int]:
    """``race`` played on by hand up to Ann's first roll (which waits for her): the seed's
    dice, the bot's actions from ``choose``; and how many actions the bot played."""
    played_by_bot = 0
    while not (race.state.phase is Phase.ROLL and race.state.player == 0):
        if race.state.is_chance():
            race = race.roll()
        else:
            race = race.apply(choose(race.state))
            played_by_bot += 1
    return race, played_by_bot


def last_legal(state: State) -> Action:
    """A driver's choice that is never the first legal action (nor a take-back)."""
    return [a for a in state.legal_actions() if not isinstance(a, TakeBack)][-1]


class FailsOnce:
    """A driver whose first step fails: it raises (``error``), or chooses what the rules
    refuse; then it plays :func:`last_legal`. (Failing at every step would not end the
    turn: the first legal action after a placement is taking it back.)"""

    def __init__(self, error: str) -> None:
        self.error = error
        self.failed = False

    def choose(self, state: State) -> Action:
        if self.failed:
            return last_legal(state)
        self.failed = True
        if self.error:
            raise RuntimeError(self.error)
        return BonusStep(0)


def test_the_bot_plays_its_turn_and_anns_first_roll_waits_for_her_line() -> None:
    race = bot_first()
    game, text = played(race, "")  # the input ends at Ann's first prompt
    # The bot's dice rolled by themselves, it drove with the race core's seeded driver
    # (the app's seed for seat 1), and then the game waited: Ann's dice are not rolled.
    driver: Driver = make_driver(SeatKind.GREEDY, driver_rng(race.seed, 1))
    expected, moves = until_ann(race, driver.choose)
    assert moves >= 2  # a placement at least, and the drive
    assert game.race.state == expected.state and game.race.turns == expected.turns
    assert text.count(PROMPT) == 1
    assert "Ben rolls" in text and "Ann rolls" not in text


@pytest.mark.parametrize("error", ["no fuel", ""])
def test_a_failed_driver_is_said_and_plays_the_first_legal_action(error: str) -> None:
    race = bot_first()
    drivers = Drivers()
    drivers.set(1, "greedy", 0, FailsOnce(error))  # the seat's driver until it changes hands
    game, text = played(race, "", drivers)
    # The first legal action stood in for the failed step; the driver went on from there.
    rolled = race.roll().state
    assert rolled.legal_actions()[0] != last_legal(rolled)
    expected, _moves = until_ann(
        race, lambda state: state.legal_actions()[0] if state == rolled else last_legal(state)
    )
    assert game.race.turns[-1].moves[0] == expected.turns[-1].moves[0]
    assert game.race.state == expected.state and game.race.turns == expected.turns
    # Said once, in the race core's words: what the driver raised, or "illegal action".
    assert text.count(driver_failed(error)) == 1
    assert ("(illegal action)" in text) is (error == "")

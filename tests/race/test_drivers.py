"""The race core's computer drivers: one seeding, one answer to a driver that fails."""

from __future__ import annotations

from monza_tui.engine import Action, Colour, Confirm, Place, State, TakeBack
from monza_tui.race.drivers import bot_move, driver_rng, fallback
from monza_tui.race.pace import StepKind, next_step
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.seats import SeatKind


class Broken:
    """A driver that fails at every step."""

    level = "broken"

    def choose(self, state: State) -> Action:
        raise RuntimeError("no idea")


def test_a_driver_that_always_fails_still_ends_its_turn() -> None:
    # Before: the fallback was the first legal action, after a placement the take-back of
    # that very die, and the turn went round for ever.
    race = start_race(RaceSetup(board="oval", seed=3, seats=(
        Seat("Ann", Colour.RED, SeatKind.GREEDY), Seat("Ben", Colour.BLUE, SeatKind.GREEDY))))
    race = race.roll()
    turn = race.state.turn
    for _ in range(40):
        if race.state.turn != turn:
            break
        step = next_step(race)
        assert step.kind is StepKind.BOT
        move = bot_move(Broken(), race.state)
        assert move.failed and move.error == "no idea" and len(move.actions) == 1
        assert not isinstance(move.actions[0], TakeBack)
        race = race.apply(move.actions[0])
    else:
        raise AssertionError("the failing driver's turn never ended")
    assert race.state.turn == turn + 1
    assert race.turns[-1].moves  # it drove its dice forward


def test_the_fallback_prefers_any_step_to_a_take_back() -> None:
    race = start_race(RaceSetup(board="oval", seed=3)).roll()
    placed = race.apply(next(a for a in race.state.legal_actions() if isinstance(a, Place)))
    assert TakeBack() in placed.state.legal_actions()
    chosen = fallback(placed.state)
    assert isinstance(chosen, Place | Confirm)


def test_drivers_are_seeded_by_race_seat_and_change() -> None:
    assert driver_rng(5, 1).random() == driver_rng(5, 1).random()
    assert driver_rng(5, 1).random() != driver_rng(5, 2).random()
    assert driver_rng(5, 1).random() != driver_rng(5, 1, changes=1).random()

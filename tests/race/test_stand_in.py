"""The stand-in (issue 29): a computer driver at the wheel of a person who is away drives as
its level does, but spends none of their tiles (R12) nor their extra roll (R13)."""

from __future__ import annotations

from monza_tui.engine import COLOURS, Colour, KeepRoll, Phase, Place, TakeBack, Tile
from monza_tui.race.drivers import Drivers, StandIn, bot_move, driver_rng
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.record import Race
from monza_tui.seats import SeatKind


def _race(seed: int) -> Race:
    return start_race(RaceSetup(board="oval", pro=True, seed=seed, seats=(
        Seat("Ann", Colour.RED, SeatKind.EXPERT), Seat("Ben", Colour.BLUE, SeatKind.EXPERT))))


def _play(race: Race, drivers: Drivers) -> Race:
    while not race.state.is_terminal():
        if race.state.is_chance():
            race = race.roll()
            continue
        move = bot_move(drivers.of(race, race.state.current_player()), race.state)
        assert not move.failed, move.error  # every action it chose was legal in the real race
        race = race.apply(move.actions[0])
    return race


def test_a_stand_in_keeps_the_roll_and_takes_a_placed_tile_back() -> None:
    from monza_tui.bots import make_driver

    race = _race(11).roll()
    state = race.state
    assert state.phase is Phase.EXTRA_ROLL
    stand_in = StandIn(make_driver("expert", driver_rng(11, state.player)))
    assert stand_in.level == "expert"
    assert stand_in.choose(state) == KeepRoll()  # R13: the extra roll stays in hand
    state = state.apply(KeepRoll())
    tile = next(a for a in state.legal_actions()
                if isinstance(a, Place) and isinstance(a.token, Tile))
    state = state.apply(tile)  # the person placed a tile, then left
    assert stand_in.choose(state) == TakeBack()
    chosen = stand_in.choose(state.apply(TakeBack()))
    assert not (isinstance(chosen, Place) and isinstance(chosen.token, Tile))


def test_a_stand_in_drives_a_whole_race_and_spends_nothing_of_its_person() -> None:
    for seed in (1, 2):
        race = _play(_race(seed), Drivers(stand_in=lambda player: player == 1))
        assert race.state.tiles[1] == frozenset(COLOURS)  # every tile still in Ben's hand
        assert race.state.extra_rolls[1] is True
        assert all(not turn.reroll for turn in race.turns if turn.player == 1)
        # The same expert driving its own game spends (the control).
        assert race.state.tiles[0] != frozenset(COLOURS) or not race.state.extra_rolls[0]
    # Without stand-ins the same seed is the race the drivers always played.
    plain = _play(_race(1), Drivers())
    assert plain.state.tiles[1] != frozenset(COLOURS) or not plain.state.extra_rolls[1]

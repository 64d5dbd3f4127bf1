"""The record round trip as a property, the way OpenSpiel's ``random_sim_test(serialize=True)``
checks its games: a random race (seats, board, variants, dice, legal actions with take-backs,
stopped anywhere), written as a record and read back, is the same race with the same result.
"""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from monza_tui.boardfile import BUILTIN, BoardFile, load_board
from monza_tui.engine import COLOURS, Edition, Roll, TakeBack, roll_dice
from monza_tui.record import Player, Race, parse_records, record_text

MINI = Path(__file__).parent.parent / "data" / "mini.toml"
BOARDS: dict[str, BoardFile] = {name: load_board(name) for name in (*BUILTIN, str(MINI))}
SEATS = ("human", "random", "greedy", "expert")


@st.composite
def races(draw: st.DrawFn) -> Race:
    """A race set up at random and played by random legal actions, maybe to the end."""
    board_file = BOARDS[draw(st.sampled_from(sorted(BOARDS)))]
    edition = board_file.board.edition
    cars = draw(
        st.lists(
            st.sampled_from(edition.cars),
            min_size=edition.min_players,
            max_size=edition.max_players,
            unique=True,
        )
    )
    players = [
        Player(f"P{i + 1}", car, draw(st.sampled_from(SEATS)))  # type: ignore[arg-type]
        for i, car in enumerate(cars)
    ]
    race = Race.start(
        board_file,
        players,
        seed=draw(st.integers(0, 2**31 - 1)),
        pro=draw(st.booleans()),
        bonus=draw(st.booleans()),
        start_player=draw(st.integers(0, len(cars) - 1)),
    )
    free_dice = draw(st.booleans())  # dice not from the seed: the record says "free"
    take_backs = draw(st.sampled_from((0.0, 0.1, 0.4)))
    actions = draw(st.integers(0, 3000))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    for _ in range(actions):
        state = race.state
        if state.is_terminal():
            break
        if state.is_chance() and free_dice:
            race = race.apply(Roll(roll_dice(rng, state.dice_to_roll())))
            continue
        if state.is_chance():
            race = race.roll()
            continue
        legal = state.legal_actions()
        onward = [a for a in legal if not isinstance(a, TakeBack)]
        back = len(onward) < len(legal) and rng.random() < take_backs
        race = race.apply(TakeBack() if back or not onward else rng.choice(onward))
    return race


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(races())
def test_a_random_race_written_and_read_back_is_the_same_race(race: Race) -> None:
    event("finished" if race.state.is_terminal() else "stopped mid-race")
    event("an unfinished turn" if race.pending else "no unfinished turn")
    event("free dice" if not race.seeded else "seeded dice")
    text = record_text([race], save=True)
    (read,) = parse_records(text, "round-trip.jsonl")
    assert read.state == race.state
    assert read.turns == race.turns
    assert read.pending == race.pending
    assert read.seeded == race.seeded
    assert read.state.is_terminal() == race.state.is_terminal()
    assert read.state.winners() == race.state.winners()
    assert read.state.finished() == race.state.finished()
    assert [read.state.dice_used(p) for p in range(read.game.players)] == [
        race.state.dice_used(p) for p in range(race.game.players)
    ]
    # Written again, it is the same text: nothing is lost or reworded on the way.
    assert record_text([read], save=True) == text
    # And the replay steps through to the very same state.
    replayed = race.game.new_state()
    for state, action in read.replay():
        assert state == replayed
        replayed = replayed.apply(action)
    assert replayed == race.state


def test_the_round_trip_sees_every_edition_and_colour() -> None:
    """The strategy above can reach both editions and every car (a guard on its reach)."""
    editions = {board.board.edition for board in BOARDS.values()}
    assert editions == set(Edition)
    assert {car for e in editions for car in e.cars} == set(COLOURS)

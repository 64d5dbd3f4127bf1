"""`monza simulate`: the same numbers whatever the workers, the JSON fields, the game-record
log, and one-line errors for bad flags."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monza_tui.boardfile import load_board
from monza_tui.bots import make_driver
from monza_tui.cli import main
from monza_tui.engine import Action, State, TakeBack, seeded_roll
from monza_tui.race.drivers import driver_rng
from monza_tui.record import read_records
from monza_tui.simulate import (
    Setup,
    race_record,
    race_seed,
    run_race,
    simulate,
    start_race,
    summarise,
    wilson,
)

MINI = str(Path(__file__).parent / "data" / "mini.toml")


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["simulate", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_jobs_do_not_change_the_summary(capsys):
    args = ("--games", "6", "--seats", "greedy,random,expert", "--board", MINI, "--pro",
            "--bonus", "--seed", "5")
    one = run_json(capsys, *args, "--jobs", "1")
    two = run_json(capsys, *args, "--jobs", "2")
    assert one == two
    assert sum(seat["wins"] for seat in one["seats"]) >= 6


def test_json_fields(capsys):
    out = run_json(capsys, "--games", "8", "--seats", "expert,greedy", "--board", MINI,
                   "--jobs", "1")
    assert out["games"] == 8
    assert [s["seat"] for s in out["seats"]] == ["expert", "greedy"]
    assert [s["car"] for s in out["seats"]] == ["red", "blue"]
    for seat in out["seats"]:
        assert seat["win_share"] == pytest.approx(seat["wins"] / 8, abs=1e-4)
        low, high = seat["ci95"]
        assert low <= seat["win_share"] <= high
    assert [s["position"] for s in out["seat_order"]] == [1, 2]
    assert sum(s["wins"] for s in out["seat_order"]) == sum(s["wins"] for s in out["seats"])
    rounds = out["rounds"]
    assert rounds["p10"] <= rounds["median"] <= rounds["p90"]
    assert rounds["min"] <= rounds["mean"] <= rounds["max"]
    assert sum(rounds["histogram"].values()) == 8
    for key in ("turbo_rate", "pushbacks_per_race", "no_move_share", "shared_wins", "turns"):
        assert key in out
    assert out["driver_failures"] == 0
    assert out["turbo_rate"] == 0  # no turbo without --pro (R14)
    assert 0 <= out["no_move_share"] <= 1


def test_players_default_to_random_seats(capsys):
    out = run_json(capsys, "--games", "2", "--players", "3", "--board", MINI, "--jobs", "1")
    assert [s["seat"] for s in out["seats"]] == ["random"] * 3
    assert [s["car"] for s in out["seats"]] == ["red", "blue", "green"]


def test_classic_board_races_six_cars(capsys):
    out = run_json(capsys, "--games", "1", "--seats", "greedy," * 5 + "greedy",
                   "--board", "classic", "--jobs", "1")
    assert [s["car"] for s in out["seats"]] == [
        "red", "blue", "green", "yellow", "purple", "white"
    ]


def test_human_output_has_the_table_and_the_chart(capsys):
    assert main(["simulate", "--games", "4", "--seats", "greedy,random", "--board", MINI,
                 "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "4 races on Mini test loop, 2 players, seed 1" in out  # the title
    assert "greedy" in out and "random" in out
    assert "Race length (rounds):" in out
    assert "│" in out


def test_log_writes_records_that_replay(tmp_path, capsys):
    log = tmp_path / "races.jsonl"
    out = run_json(capsys, "--games", "3", "--board", MINI, "--pro", "--bonus", "--players",
                   "4", "--log", str(log), "--jobs", "1")
    races = read_records(log)  # replays every turn through the engine (R1-R16)
    assert len(races) == 3
    wins = [0] * 4
    for index, race in enumerate(races):
        assert race.state.is_terminal()
        assert race.seeded  # every roll is the seed's (the record can check the dice)
        assert race.game.start_player == index % 4
        assert [p.seat for p in race.players] == ["random"] * 4
        for winner in race.state.winners():
            wins[winner] += 1
    assert wins == [s["wins"] for s in out["seats"]]


def test_start_player_rotates_and_seeds_depend_on_index_only():
    setup = Setup(load_board(MINI), ("greedy", "greedy", "greedy"), seed=9)
    results = [run_race(setup, i) for i in range(4)]
    assert [r.start_player for r in results] == [0, 1, 2, 0]
    assert [r.seed for r in results] == [race_seed(9, i) for i in range(4)]
    assert run_race(setup, 2) == results[2]
    assert summarise(setup, simulate(setup, 4)) == summarise(setup, results)


def test_a_race_is_driven_by_the_race_cores_seeded_drivers_and_its_dice():
    """Race 1 of a simulation played by hand: the seed's dice, and each seat's driver from
    race.drivers.driver_rng (the seeds every front end gives it), asked up to each roll."""
    setup = Setup(load_board(MINI), ("greedy", "random", "expert"), pro=True, bonus=True,
                  seed=4, keep_actions=True)
    result = run_race(setup, 1)
    race = start_race(setup, 1)
    assert race.seed == result.seed and race.game.start_player == 1
    drivers = [make_driver(level, driver_rng(race.seed, seat))
               for seat, level in enumerate(setup.seats)]
    actions: list[Action] = []
    while not race.state.is_terminal():
        state = race.state
        if state.is_chance():
            actions.append(seeded_roll(race.seed, state))
        else:
            actions.append(drivers[state.current_player()].choose(state))
        race = race.apply(actions[-1])
    assert result.actions == tuple(actions)
    assert result.winners == race.state.winners()
    assert result.rounds == race.state.round and result.turns == len(race.turns)
    assert race_record(setup, result).lines() == race.lines()


def test_a_failed_driver_plays_the_first_legal_action_and_is_counted(monkeypatch):
    class FailsOnce:
        def __init__(self) -> None:
            self.failed = False

        def choose(self, state: State) -> Action:
            if not self.failed:
                self.failed = True
                raise RuntimeError("no fuel")
            return [a for a in state.legal_actions() if not isinstance(a, TakeBack)][-1]

    monkeypatch.setattr("monza_tui.bots.make_driver", lambda level, rng: FailsOnce())
    setup = Setup(load_board(MINI), ("greedy", "greedy"), seed=2, keep_actions=True)
    result = run_race(setup, 0)
    assert result.failures == 2  # each seat's driver failed once
    race = start_race(setup, 0)
    first = race.roll().state
    assert result.actions[1] == first.legal_actions()[0]  # after the roll, instead
    assert summarise(setup, [result])["driver_failures"] == 2


def test_wilson_interval():
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(1000, 1000)[1] == 1.0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seats", "expert,wizard"], "unknown driver 'wizard'"),
        (["--seats", "expert,greedy", "--players", "3"], "--players 3 but --seats names 2"),
        (["--games", "0"], "--games: '0': give a whole number from 1 to 1,000,000"),
        (["--jobs", "0"], "--jobs: '0': give a whole number from 1 to 64"),
        (["--players", "5"], "races 2-4 cars, not 5"),
        (["--players", "1"], "--players: '1': give a whole number from 2 to 6"),
        (["--board", "nowhere"], "nowhere: no such board"),
        (["--log", "/nonexistent-folder/races.jsonl"], "not a file in an existing folder"),
    ],
)
def test_bad_flags_are_one_line_and_exit_2(capsys, argv, message):
    try:
        code = main(["simulate", *argv])
    except SystemExit as exited:  # a value out of bounds is argparse's one line
        code = exited.code
    assert code == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("argv", [["--games", "x"], ["--seed", "1.5"], ["--unknown"]])
def test_unparsable_flags_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", *argv])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1

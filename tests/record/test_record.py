"""The game record: round trips, golden races replayed exactly, and edits that must be caught."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from monza_tui.boardfile import load_board
from monza_tui.engine import Colour, Phase
from monza_tui.record import Player, Race, RecordError, parse_records, read_records, write_records

DATA = Path(__file__).parent.parent / "data"
GOLDEN = Path(__file__).parent.parent / "golden"

# Seeded races kept as records; see test_golden_records_replay_exactly.
GOLDEN_RACES = {
    "basic-2p": dict(cars=2, pro=False, bonus=False, seed=11),
    "bonus-3p": dict(cars=3, pro=False, bonus=True, seed=12),
    "pro-bonus-4p": dict(cars=4, pro=True, bonus=True, seed=13),
}
CARS = (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW)


def random_race(*, cars: int, pro: bool, bonus: bool, seed: int, board: str = "") -> Race:
    """A race of uniformly random choices, every roll from the race's seed."""
    board_file = load_board(board or str(DATA / "mini.toml"))
    players = [Player(f"P{i + 1}", CARS[i], "random") for i in range(cars)]
    race = Race.start(board_file, players, seed=seed, pro=pro, bonus=bonus,
                      start_player=seed % cars)
    choices = random.Random(seed)
    while not race.state.is_terminal():
        if race.state.is_chance():
            race = race.roll()
        else:
            race = race.apply(choices.choice(race.state.legal_actions()))
    return race


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize("name", sorted(GOLDEN_RACES))
def test_golden_records_replay_exactly(name: str) -> None:
    """A stored race reads back (every turn re-validated) and the same seed plays it again
    line for line: any change to the rules' behaviour shows up here."""
    path = GOLDEN / f"{name}.jsonl"
    race = random_race(**GOLDEN_RACES[name])  # type: ignore[arg-type]
    if os.environ.get("MONZA_REGEN_GOLDEN"):
        write_records(path, [race])
    (read,) = read_records(path)
    assert read.state == race.state
    assert race.lines() == _lines(path)
    assert read.state.winners() == race.state.winners()


def test_golden_races_cover_the_rules() -> None:
    """The golden races are worth keeping: between them they push back, turbo and bonus."""
    text = "".join((GOLDEN / f"{name}.jsonl").read_text() for name in GOLDEN_RACES)
    assert '"pushed": [{' in text
    assert '"turbo": {' in text
    assert '"bonus": {' in text
    assert '"reroll": {' in text


def test_save_with_unfinished_turn_resumes_with_same_dice_and_tokens(tmp_path: Path) -> None:
    race = random_race(cars=2, pro=True, bonus=True, seed=5)
    # Stop in the middle of a turn: after its roll and the first placed token.
    replay = list(race.replay())
    index = next(i for i, (state, action) in enumerate(replay)
                 if state.phase is Phase.PLACING and state.turn == 6 and str(action) != "go")
    partial = Race.start(race.board_file, race.players, seed=race.seed, pro=True, bonus=True,
                         start_player=race.game.start_player)
    for _, action in replay[: index + 1]:
        partial = partial.apply(action)
    assert partial.pending, "the save must carry the unfinished turn"
    path = tmp_path / "save.jsonl"
    write_records(path, [partial], save=True)
    (resumed,) = read_records(path)
    assert resumed.state == partial.state
    assert resumed.state.roll == partial.state.roll
    assert resumed.state.path == partial.state.path
    assert resumed.state.tiles == partial.state.tiles
    assert _lines(path)[-1]["unfinished"]["turn"] == 6  # type: ignore[index]


def test_several_races_in_one_file(tmp_path: Path) -> None:
    races = [random_race(cars=2, pro=False, bonus=True, seed=s) for s in (1, 2, 3)]
    path = tmp_path / "log.jsonl"
    write_records(path, races)
    assert [r.state for r in read_records(path)] == [r.state for r in races]


def test_board_that_is_not_built_in_travels_inside_the_record(tmp_path: Path) -> None:
    race = random_race(cars=2, pro=False, bonus=False, seed=4)
    header = race.lines()[0]
    assert header["board"] == "mini"
    assert header["board_file"]["lanes"][0].startswith("S2 W2")
    path = tmp_path / "r.jsonl"
    write_records(path, [race])
    assert read_records(path)[0].game.board == race.game.board


def _tampered(tmp_path: Path, edit) -> str:  # type: ignore[no-untyped-def]
    race = random_race(cars=2, pro=True, bonus=True, seed=7)
    lines = race.lines()
    edit(lines)
    path = tmp_path / "bad.jsonl"
    text = "\n".join(json.dumps(line) for line in lines)
    path.write_text(text)
    with pytest.raises(RecordError) as caught:
        read_records(path)
    assert path.read_text() == text, "a bad record is left untouched"
    return str(caught.value).replace(str(path), "FILE")


def test_edited_position_is_caught(tmp_path: Path) -> None:
    def edit(lines):  # type: ignore[no-untyped-def]
        moved = next(i for i, line in enumerate(lines[1:], start=2)
                     if line["positions"]["red"] != "start")
        lines[moved - 1]["positions"]["red"] = "start"
        edit.line = moved  # type: ignore[attr-defined]

    message = _tampered(tmp_path, edit)
    assert message.startswith(f"FILE: line {edit.line}: positions: the rules give {{")  # type: ignore[attr-defined]


def test_edited_roll_is_caught(tmp_path: Path) -> None:
    def edit(lines):  # type: ignore[no-untyped-def]
        roll = lines[1]["roll"]
        roll[0] = "red" if roll[0] != "red" else "blue"

    assert "line 2: roll: not the dice of seed 7; the record was edited" in _tampered(
        tmp_path, edit)


def test_illegal_move_is_caught(tmp_path: Path) -> None:
    def edit(lines):  # type: ignore[no-untyped-def]
        turn = next(line for line in lines[1:] if line.get("moves"))
        turn["moves"][0]["to"] = "a9"

    message = _tampered(tmp_path, edit)
    assert "illegal move" in message and "(R" in message


def test_newer_version_truncation_and_garbage(tmp_path: Path) -> None:
    assert _tampered(tmp_path, lambda lines: lines[0].update(version=2)) == (
        "FILE: line 1: version: 2 is newer than this monza-tui reads (1); update monza-tui")
    with pytest.raises(RecordError, match=r"^x: line 1: not a monza game record"):
        parse_records("hello world\n", "x")
    good = "\n".join(json.dumps(line) for line in random_race(
        cars=2, pro=False, bonus=False, seed=8).lines())
    with pytest.raises(RecordError, match=r"not JSON .*truncated"):
        parse_records(good[: len(good) - 30], "x")
    with pytest.raises(RecordError, match="its result line is missing"):
        parse_records(good[: good.rindex("\n")], "x")


def test_missing_result_fields_and_wrong_winner(tmp_path: Path) -> None:
    def edit(lines):  # type: ignore[no-untyped-def]
        lines[-1]["result"]["winners"] = ["blue", "red"]

    assert "result.winners: the rules give" in _tampered(tmp_path, edit)

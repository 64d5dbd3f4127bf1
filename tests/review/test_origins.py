"""Every record the game writes can be reviewed (issue 32): a hot-seat race from the app's
history and its save, a hosted race with a person dropped and a stand-in driving on, a
browser's download, the line game's record, a ``simulate --log`` race, the original
edition's board and a custom board file, each read back from its file by ``monza review``.

For each, the review's decisions per player are counted again from the record itself (an
extra roll, a placement where a die fitted, a turbo placement, a bonus step), its JSON reads
back to the same review, and every key moment steps into an action of its own player.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.helpers import (
    ANN,
    BEN,
    SPRINT,
    play_by_keys,
    race_app,
    run_async,
    settle,
    sprint,
    to_results,
    wait_for,
)
from monza_tui import saves
from monza_tui.cli import main
from monza_tui.engine import (
    BonusStep,
    Colour,
    Confirm,
    DeclineBonus,
    KeepRoll,
    Phase,
    Place,
    Reroll,
    Roll,
)
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.record import Race, read_records
from monza_tui.review import Kind, Review, review, review_from_json, review_json
from monza_tui.seats import SeatKind

BOTS = (Seat("Ann", Colour.RED, "greedy"), Seat("Ben", Colour.BLUE, "random"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "home"
    monkeypatch.setenv("MONZA_HOME", str(folder))
    saves._slots.clear()
    yield folder
    for path in list(saves._locks):
        saves.unlock(path)
    saves._slots.clear()


def decisions_in(race: Race) -> Counter[int]:
    """The decisions of each player, counted from the record's actions as the rules make
    them: an extra roll kept or re-rolled (R13); a placing phase, or the turbo's (R14),
    confirmed after a die could be placed (a roll that fits nothing is none, R7); a bonus
    step taken or declined, by the bonus car's owner (R15)."""
    counted: Counter[int] = Counter()
    could_place: bool | None = None  # in a placing phase: could its first state place?
    for state, action in race.replay():
        if state.phase in (Phase.PLACING, Phase.TURBO_PLACING):
            if could_place is None:
                could_place = any(isinstance(a, Place) for a in state.legal_actions())
            if isinstance(action, Confirm):
                counted[state.player] += could_place
                could_place = None
        elif state.phase is Phase.EXTRA_ROLL and isinstance(action, KeepRoll | Reroll):
            counted[state.player] += 1
        elif state.phase is Phase.BONUS and isinstance(action, BonusStep | DeclineBonus):
            assert state.bonus_player is not None
            counted[state.bonus_player] += 1
    return counted


def reviewed(
    path: Path, capsys: pytest.CaptureFixture[str], race_number: int = 1
) -> tuple[Race, Review]:
    """``monza review PATH --json`` as a person runs it, and the race it read."""
    capsys.readouterr()
    assert main(["review", str(path), "--race", str(race_number), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    found = review_from_json(data)
    assert review_json(found) == data  # the JSON reads back to the same review
    race = read_records(path)[race_number - 1]
    assert found == review(race)
    return race, found


def check(race: Race, found: Review) -> None:
    """The review's outcome against the record: decisions per player, moments' players."""
    counted = decisions_in(race)
    assert [p.decisions for p in found.players] == [
        counted[i] for i in range(len(race.players))]
    assert sum(counted.values()) == len(found.decisions) > 0
    assert [p.name for p in found.players] == [p.name for p in race.starting_players()]
    steps = list(race.replay())
    assert found.moments  # (a race of a few rounds has a roll or a choice that stands out)
    for moment in found.moments:
        state, action = steps[moment.action]
        if moment.kind == "loss":
            decision = found.decisions[moment.index]
            assert moment.action == decision.action and moment.turn == decision.turn
            owner = state.bonus_player if decision.kind is Kind.BONUS else state.player
            assert owner == decision.player
            phases = {Kind.EXTRA_ROLL: {Phase.EXTRA_ROLL}, Kind.BONUS: {Phase.BONUS},
                      Kind.PLACING: {Phase.PLACING}, Kind.TURBO: {Phase.TURBO_PLACING}}
            assert state.phase in phases[decision.kind]
        else:
            roll = found.rolls[moment.index]
            assert moment.action == roll.action and isinstance(action, Roll)
            assert state.player == roll.player


# The app at one keyboard -------------------------------------------------------------------


@run_async
async def _hot_seat(presses: int | None) -> None:
    """Ann and Ben at one keyboard, played by keys to the end (or ``presses`` keys, then
    the app is left: the race stays a save)."""
    app = race_app(race=sprint((ANN, BEN), pro=True, bonus=True))
    async with app.run_test(size=(120, 40)) as pilot:
        if presses is None:
            await play_by_keys(pilot)
            return
        for _ in range(presses):
            await settle(pilot)
            state = app.race.state
            await pilot.press({Phase.ROLL: "space", Phase.EXTRA_ROLL: "k"}.get(
                state.phase, "enter"))
        await settle(pilot)


def test_a_hot_seat_race_from_the_history(capsys: pytest.CaptureFixture[str]) -> None:
    _hot_seat(None)
    path = saves.latest_record()
    assert path is not None and path.parent == saves.history_dir()
    race, found = reviewed(path, capsys)
    assert found.finished and race.state.is_terminal()
    assert [p.seat for p in found.players] == ["human", "human"]
    check(race, found)


def test_a_hot_seat_race_left_halfway_from_its_save(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _hot_seat(14)
    (path,) = saves.save_files(history=False)
    race, found = reviewed(path, capsys)
    assert not found.finished and not race.state.is_terminal()
    check(race, found)


# A hosted race: a person drops, the stand-in drives on -----------------------------------


def test_a_hosted_race_with_a_stand_in_from_the_hosts_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from monza_tui.net.run import make_server, new_race
    from net.helpers import Seat as Listener
    from net.helpers import run
    from net.test_faults import _kill

    save = tmp_path / "hosted.jsonl"

    async def hosted() -> None:
        race = new_race("oval", ["Ann", "Ben"], [], seed=8, pro=True, bonus=True)
        server = make_server(race, remote=[0, 1], save_path=save, bot_delay=0, grace=0.2)
        invitation = await server.start("127.0.0.1", 0)
        address = f"127.0.0.1:{invitation.port}"
        try:
            ann, ben = Listener("greedy", 1, play=False), Listener("greedy", 2)
            ann_client = await ann.join(address, server.code, name="Ann")
            await ben.join(address, server.code, name="Ben")
            _kill(ann_client)  # Ann's line dies before her first roll
            await ben.wait_for(ben.over.is_set, 50)
            assert await server.flush()
        finally:
            await server.stop()

    run(hosted())
    race, found = reviewed(save, capsys)
    # The record says who drove: the stand-in took Ann's car after the grace; the review
    # names the seats the race began with, and counts the stand-in's choices as the car's.
    assert [(c.player, c.seat) for c in race.seat_changes] == [(0, SeatKind.EXPERT)]
    assert [p.seat for p in found.players] == ["human", "human"]
    assert found.finished
    check(race, found)
    assert found.players[0].decisions > 0


# A browser's download (monza serve) ----------------------------------------------------


async def _downloaded(monkeypatch: pytest.MonkeyPatch) -> str:
    from monza_tui.web import EMOJI, SERVED

    monkeypatch.setenv(SERVED, "1")
    monkeypatch.delenv(EMOJI, raising=False)
    app = race_app(race=sprint(BOTS, pro=True))
    delivered: list[str] = []

    def deliver(file: io.StringIO, **options: Any) -> str:
        delivered.append(file.getvalue())
        return "key"

    async with app.run_test(size=(120, 40)) as pilot:
        app.deliver_text = deliver  # type: ignore[method-assign]
        await to_results(pilot)
        await pilot.press("d")
        await wait_for(pilot, lambda: bool(delivered))
    (text,) = delivered
    return text


def test_a_browsers_download(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = asyncio.run(_downloaded(monkeypatch))
    path = tmp_path / "download.jsonl"
    path.write_text(text, encoding="utf-8")
    race, found = reviewed(path, capsys)
    assert found.finished and [p.name for p in found.players] == ["Ann", "Ben"]
    check(race, found)


# The line game -----------------------------------------------------------------------------


def test_the_line_games_record(capsys: pytest.CaptureFixture[str]) -> None:
    from monza_tui.plain.game import PlainGame

    race = start_race(RaceSetup(board=SPRINT, seats=BOTS, seed=5, pro=True, bonus=True))
    game = PlainGame(race, lines=io.StringIO("\n"), out=io.StringIO(), echo=True)
    assert game.run() == 0
    path = saves.latest_record()
    assert path is not None and path.parent == saves.history_dir()
    race, found = reviewed(path, capsys)
    assert race.state == game.race.state and found.finished
    check(race, found)


# simulate --log: the classic board, the original edition, a custom board file ------------


@pytest.mark.parametrize(
    ("board", "flags"),
    [("oval", ["--pro", "--bonus"]), ("classic", []), (SPRINT, ["--pro", "--bonus"])],
    ids=["oval", "classic", "custom-board"],
)
def test_a_simulate_log(
    board: str, flags: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "races.jsonl"
    assert main(["simulate", "--board", board, "--seats", "expert,random,greedy",
                 "--games", "2", "--jobs", "1", "--seed", "3", "--log", str(log),
                 *flags]) == 0
    for number in (1, 2):
        race, found = reviewed(log, capsys, number)
        assert found.finished and found.board == race.game.board.name
        assert [p.seat for p in found.players] == ["expert", "random", "greedy"]
        assert found.players[0].loss == 0.0  # the expert, by its own scores
        check(race, found)


def test_the_original_editions_board_is_its_own() -> None:
    """The classic board is the original edition's (its own cars), not the oval's."""
    from monza_tui.boardfile import load_board

    assert load_board("classic").board.edition != load_board("oval").board.edition


# A record too large for the expert's tables ------------------------------------------------


def test_a_record_too_large_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from monza_tui.review import analysis

    log = tmp_path / "races.jsonl"
    assert main(["simulate", "--board", SPRINT, "--games", "1", "--jobs", "1",
                 "--log", str(log)]) == 0
    capsys.readouterr()
    monkeypatch.setattr(analysis, "MAX_SPACES", 10)
    assert main(["review", str(log)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"monza: {log}: the board has 22 spaces, more than the expert's tables "
                   "take (10): this race cannot be reviewed\n")


"""The review of a race (issue 32): a hand-built turn priced exactly, the expert's seat
losing less than a random seat, the JSON form, the cache, and the command's lines."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from tests.builders import B, R, board, game, state

from monza_tui.boardfile import load_board
from monza_tui.bots.tables import tables_for
from monza_tui.cli import main
from monza_tui.engine import Action, State, parse_action_text
from monza_tui.race.drivers import play_out
from monza_tui.record import Player, Race, write_records
from monza_tui.review import (
    Kind,
    TooLarge,
    analysis,
    review,
    review_from_json,
    review_json,
    review_steps,
)
from monza_tui.review.cache import cached_review, forget
from monza_tui.review.words import moment_line, review_lines
from monza_tui.seats import SeatKind

#   lane a  S | W | R | G | B | Y | P | F     the white, red and green dice reach a3
#   lane b  S |  W  |  R  |  G  | F           ... or b3, one step from the finish
FORK = board("S2 W1 R1 G1 B1 Y1 P1 F2", "S2 W2 R2 G2 F2")


def turn(start: State, *moves: str) -> list[tuple[State, Action]]:
    """The (state, action) pairs of ``moves`` played from ``start``."""
    steps = []
    for text in moves:
        action = parse_action_text(start.game.board, text)
        steps.append((start, action))
        start = start.apply(action)
    return steps


def fork_start() -> State:
    # The rival waits on the finish: no push-back, no risk, no rival to weigh, no tiles,
    # so the expert's score of an ending is exactly minus the turns still to go from it.
    return state(game(FORK, "RB"), roll="WRGPPP", positions=["start", "finish"],
                 tiles={0: "", 1: ""}, extra_rolls=[False, False])


PLAYERS = (Player("Ann", R), Player("Ben", B))


def test_a_hand_built_turn_loses_exactly_the_turns_between_its_end_and_the_best() -> None:
    value = tables_for(FORK, False).value
    found = review_steps(game(FORK, "RB"), PLAYERS,
                         turn(fork_start(), "d0@a1", "d1@a2", "d2@a3", "go"))
    (decision,) = found.decisions
    assert decision.kind is Kind.PLACING
    assert decision.chosen == ("d0@a1", "d1@a2", "d2@a3")
    assert decision.best == ("d0@b1", "d1@b2", "d2@b3")
    expected = value[FORK.index_of("a3")] - value[FORK.index_of("b3")]
    assert decision.loss == round(expected, 3) == 0.359
    assert decision.spaces == 2  # a3 is 3 steps from the finish (a4, b3, F), b3 one
    assert found.players[0].loss == 0.359 and found.players[0].best_share == 0.0
    assert found.players[1].decisions == 0
    (moment,) = found.moments
    assert moment_line(found, moment) == (
        "Round 1, Ann: the expert's move would have gone 2 spaces further (about 0.4 turns).")


def test_the_best_placement_loses_nothing_and_is_no_moment() -> None:
    found = review_steps(game(FORK, "RB"), PLAYERS,
                         turn(fork_start(), "d0@b1", "d1@b2", "d2@b3", "go"))
    (decision,) = found.decisions
    assert (decision.loss, decision.spaces, decision.chosen) == (0.0, 0, decision.best)
    assert found.players[0].best_share == 1.0 and found.moments == ()


def race_of(levels: Sequence[SeatKind], seed: int, board: str = "oval", *,
            pro: bool = False, bonus: bool = False) -> Race:
    """A race of computer drivers to its end, as every front end drives one."""
    board_file = load_board(board)
    cars = board_file.board.edition.cars
    players = [Player(f"P{i}", cars[i], level) for i, level in enumerate(levels)]
    race = Race.start(board_file, players, seed=seed, pro=pro, bonus=bonus)
    return play_out(race)


def test_an_expert_seat_loses_less_than_a_random_seat_in_every_race() -> None:
    for seed in range(4):
        found = review(race_of((SeatKind.EXPERT, SeatKind.RANDOM), seed, pro=seed % 2 == 1,
                               bonus=True))
        expert, randomly = found.players
        assert found.finished and expert.seat == "expert" and randomly.seat == "random"
        assert expert.loss == 0.0, seed  # measured by its own scores
        assert randomly.loss > 1.0, seed
        assert expert.best_share == 1.0 > randomly.best_share
        # Each player's luck is the sum of their rolls'.
        assert expert.luck == pytest.approx(
            sum(r.luck for r in found.rolls if r.player == 0), abs=1e-3)


@pytest.fixture(scope="module")
def pro_race() -> Race:
    return race_of((SeatKind.GREEDY, SeatKind.RANDOM, SeatKind.EXPERT), 5, pro=True,
                   bonus=True)


def test_the_json_form_reads_back_to_the_same_review(pro_race: Race) -> None:
    found = review(pro_race)
    data = review_json(found)
    assert review_from_json(json.loads(json.dumps(data))) == found
    assert [p["name"] for p in data["players"]] == ["P0", "P1", "P2"]  # seating order
    assert set(data["decisions"][0]) >= {"turn", "round", "player", "chosen", "best", "loss"}
    assert {d["kind"] for d in data["decisions"]} >= {"placing", "extra_roll"}


def test_default_names_are_said_in_the_reader_s_language(pro_race: Race) -> None:
    """A race set up in Chinese ("电脑1") reviewed in English names "Bot 1", as the
    results and the replay do; the JSON keeps the recorded name."""
    from dataclasses import replace

    from monza_tui import i18n
    from monza_tui.seats import BOT_NAME, default_name

    found = review(pro_race)
    before = i18n.current_language()
    try:
        i18n.set_language("zh")
        chinese = default_name(BOT_NAME, 2)
        i18n.set_language("en")
        renamed = replace(found, players=(replace(found.players[0], name=chinese),
                                          *found.players[1:]))
        lines = review_lines(renamed)
    finally:
        i18n.set_language(before)
    assert chinese != "Bot 2" and review_json(renamed)["players"][0]["name"] == chinese
    assert any(line.startswith("Bot 2 (") for line in lines)
    assert not any(chinese in line for line in lines)


def test_the_cache_gives_the_uncached_review_once_per_record(pro_race: Race) -> None:
    forget()
    first = cached_review(pro_race)
    assert first == review(pro_race)
    assert cached_review(pro_race) is first
    shorter = Race.start(pro_race.board_file, pro_race.players, seed=pro_race.seed,
                         pro=True, bonus=True).roll()
    assert cached_review(shorter) == review(shorter) != first
    forget()


def test_the_command_prints_players_and_moments_and_json(
    pro_race: Race, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "race.jsonl"
    write_records(path, [pro_race])
    assert main(["review", str(path)]) == 0
    out = capsys.readouterr().out
    assert out == "\n".join(review_lines(review(pro_race))) + "\n"
    assert out.startswith("Measured against the game's expert, not perfect play")
    assert "P1 (blue, " in out and "Key moments:" in out
    assert main(["review", str(path), "--json"]) == 0
    assert review_from_json(json.loads(capsys.readouterr().out)) == review(pro_race)


def test_a_board_too_large_for_the_tables_is_one_line_and_status_2(
    pro_race: Race, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "race.jsonl"
    write_records(path, [pro_race])
    monkeypatch.setattr(analysis, "MAX_SPACES", 50)
    with pytest.raises(TooLarge):
        review(pro_race)
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "the board has 84 spaces, more than the expert's tables take (50)" in err


def test_a_chance_to_finish_is_priced_as_the_turn_it_saves() -> None:
    """The judge scores a finish 1000: a 30% chance of it adds 300 to a score. Between such
    scores a loss is the chance of finishing this turn, a whole finish one turn."""
    from monza_tui.review.analysis import _loss

    assert _loss(2.0, 0.5) == 1.5  # progress: turns as they are
    assert _loss(307.2, 0.0) == pytest.approx(0.3072)  # a mixed score, far over progress
    assert _loss(64.3, 0.0, near=True) == pytest.approx(0.0643)  # near the finish
    assert _loss(64.3, 0.0) == 64.3  # (far from it, 64 turns are progress)
    assert _loss(1000.4, -1.0) == pytest.approx(1.0014)  # finish now against a turn later
    assert _loss(-1000 + 1400, -1000 + 200) == pytest.approx(0.6)  # final round: 2000 a finish


@pytest.mark.parametrize("name", ["pro-bonus-4p.jsonl"])
def test_no_decision_of_a_golden_race_costs_more_than_a_few_turns(name: str) -> None:
    """Played by the game's drivers, no single choice costs more than a handful of turns
    (the judge's finish scores once leaked into losses of hundreds of turns)."""
    from monza_tui.record import read_records

    for race in read_records(Path(__file__).parent.parent / "golden" / name):
        found = review(race)
        assert found.decisions and max(d.loss for d in found.decisions) < 5

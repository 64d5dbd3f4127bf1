"""A race's result as one value (``race.outcome``): exact outcomes of the golden races and
of races played to their end on purpose-made boards (R9-R11, R15), a tie on dice, cars that
did not finish, and nothing while the race goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from builders import board, game, play, state
from monza_tui.engine import Edition, Phase
from monza_tui.race.outcome import Ending, Outcome, outcome
from monza_tui.record import read_records

GOLDEN = Path(__file__).parents[1] / "golden"

# A single lane, finish white:  S2 | R | G | B | Y | P | W | R | F(white)
#                        ids:  start a1  a2  a3  a4  a5  a6  a7  finish
# Original edition, so that white is a car's colour (R2) and a white die gives a bonus.
LINE = board("S2 R1 G1 B1 Y1 P1 W1 R1 F2", edition=Edition.ORIGINAL)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # Both cars at the finish: blue, one die, beats red's four (R11).
        ("basic-2p", Outcome(Ending.ALL_FINISHED, winners=(1,), finishers=(1, 0),
                             dice=(1, 4), bonus_finishers=(), behind=())),
        # Red alone at the finish; blue a step short (a11), green five (a7).
        ("bonus-3p", Outcome(Ending.FINAL_ROUND, winners=(0,), finishers=(0,), dice=(1,),
                             bonus_finishers=(), behind=((1, 1), (2, 5)))),
        # A tie on one die each: red and yellow share the win. Blue started (start player
        # 1), so yellow drove before red in the final round and comes first.
        ("pro-bonus-4p", Outcome(Ending.FINAL_ROUND, winners=(0, 3), finishers=(3, 0),
                                 dice=(1, 1), bonus_finishers=(), behind=((1, 5), (2, 2)))),
    ],
)
def test_the_golden_races_outcomes(name: str, expected: Outcome) -> None:
    (race,) = read_records(GOLDEN / f"{name}.jsonl")  # replayed through the engine
    found = outcome(race.state)
    assert found == expected
    assert found.winners == race.state.winners()  # the engine's rule, not a second one


def test_the_golden_tie_read_through_the_outcome() -> None:
    (race,) = read_records(GOLDEN / "pro-bonus-4p.jsonl")
    found = outcome(race.state)
    assert found is not None
    assert found.shared
    assert [found.is_winner(p) for p in range(4)] == [True, False, False, True]
    assert [found.dice_of(p) for p in range(4)] == [1, None, None, 1]
    assert [found.steps_left(p) for p in range(4)] == [0, 5, 2, 0]


def test_nothing_while_the_race_goes_on() -> None:
    g = game(LINE, "RB")
    assert outcome(g.new_state()) is None
    # The final round has begun (R10) but blue has still to drive: no result yet.
    s = play(state(g, positions=["a7", "a1"], roll="WRRRRR"), "W@finish", "go")
    assert s.final_round and not s.is_terminal()
    assert outcome(s) is None
    s = play(s, "roll GGGGGG", "G@a2", "go")
    assert outcome(s) == Outcome(Ending.FINAL_ROUND, winners=(0,), finishers=(0,), dice=(1,),
                                 bonus_finishers=(), behind=((1, 6),))


def test_a_bonus_step_finish_placed_no_dice_and_wins() -> None:
    # White (player 1) reaches the finish by a bonus step before its turn of the final
    # round (R15): it placed no dice there and beats red's two (R11); blue stays at the
    # start, eight steps from the finish.
    g = game(LINE, "RWB", bonus=True)
    s = state(g, positions=["a6", "a7", "start"], player=2, phase=Phase.ROLL, turn=3,
              round_dice=[3, 2, None])
    s = play(s, "roll GGGGGG", "go", "roll RWGGGG", "R@a7", "W@finish", "go",
             "bonus@finish", "roll GGGGGG", "go")
    assert s.is_terminal()
    assert outcome(s) == Outcome(Ending.FINAL_ROUND, winners=(1,), finishers=(1, 0),
                                 dice=(0, 2), bonus_finishers=(1,), behind=((2, 8),))


def test_every_car_at_the_finish_level_on_dice_share_the_win_in_driving_order() -> None:
    # Start player 2: green drives first in the final round, then red, then blue; all
    # three finish with one die each (R11: the tied players share the win).
    two = board("S2 R1 F2", "S2 G1 F2", "S2 B1 F2")
    g = game(two, "RBG", start_player=2)
    s = state(g, positions=["a1", "b1", "c1"], player=2, roll="WGGGGG")
    s = play(s, "W@finish", "go", "roll WRRRRR", "W@finish", "go",
             "roll WBBBBB", "W@finish", "go")
    assert s.is_terminal()
    assert outcome(s) == Outcome(Ending.ALL_FINISHED, winners=(0, 1, 2),
                                 finishers=(2, 0, 1), dice=(1, 1, 1),
                                 bonus_finishers=(), behind=())


def test_the_fewest_dice_come_first_whoever_drove_first() -> None:
    # Red reaches the finish first with three dice, blue after it with one (R11).
    g = game(LINE, "RB")
    s = state(g, positions=["a5", "a7"], roll="WRWGGG")
    s = play(s, "W@a6", "R@a7", "W@finish", "go", "roll WGGGGG", "W@finish", "go")
    found = outcome(s)
    assert found == Outcome(Ending.ALL_FINISHED, winners=(1,), finishers=(1, 0),
                            dice=(1, 3), bonus_finishers=(), behind=())
    assert not found.shared


def test_places_follow_the_result_and_share_ties() -> None:
    from monza_tui.race.outcome import Ending, Outcome

    result = Outcome(ending=Ending.FINAL_ROUND, winners=(2, 0), finishers=(2, 0, 3),
                     dice=(3, 3, 5), bonus_finishers=(), behind=((1, 7), (4, 2), (5, 7)))
    assert result.places() == ((2, 1), (0, 1), (3, 3), (4, 4), (1, 5), (5, 5))

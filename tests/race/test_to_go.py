"""The panel's "to go" after a turbo (R14), a push-back (R8) and a bonus move (R15): the
fewest forward steps (R5) from the car's space to the finish, each as the panel says it
(``where_short``). A move that is not on a shortest way keeps the figure: on the long
track b7 and a8 are both 37 steps from the finish (lane a has shorter spaces there)."""

from __future__ import annotations

from dataclasses import replace

from builders import board, game, play, state, where
from monza_tui.boardfile import load_board
from monza_tui.engine import Phase
from monza_tui.race.narrate import where_short


def test_a_bonus_step_beside_the_car_keeps_the_figure() -> None:
    long = load_board("long").board
    s = state(game(long, "YB", bonus=True), positions=["b7", "b1"], phase=Phase.BONUS)
    s = replace(s, bonus_player=0)
    assert where_short(s, 0) == "1st, 37 to go"
    after = play(s, "bonus@a8")
    assert where(after)[0] == "a8"
    # b7 -> b8 (36) is the shorter way; a8 -> a9 (36) as well: a8 is no step nearer.
    assert where_short(after, 0) == "1st, 37 to go"
    s = replace(s, positions=(long.index_of("b7"), long.index_of("b1")))
    assert where_short(play(s, "bonus@b8"), 0) == "1st, 36 to go"


def test_a_pushed_car_counts_from_where_it_was_pushed_to() -> None:
    b = board("S2 W1 R1 G1 F2")
    s = state(game(b, "RB"), positions=["start", "a2"], roll="WRYYYY")
    assert where_short(s, 1) == "1st, 2 to go"
    after = play(s, "W@a1", "R@a2", "go")
    assert where(after) == ("a2", "a1")
    assert where_short(after, 1) == "2nd, 3 to go"
    assert where_short(after, 0) == "1st, 2 to go"


def test_after_the_turbo_the_figure_is_the_turbo_dice_s_space() -> None:
    b = board("S2 W1 R1 G1 B1 Y1 P1 W1 R1 G1 F2")
    s = state(game(b, "RB", pro=True), positions=["start", "start"], roll="WRGBYP")
    s = play(s, "W@a1", "R@a2", "G@a3", "B@a4", "Y@a5", "P@a6", "go")
    assert s.phase is Phase.TURBO_ROLL and where_short(s, 0) == "1st, 4 to go"
    s = play(s, "roll WR", "W@a7", "R@a8", "go")
    assert where(s)[0] == "a8"
    assert where_short(s, 0) == "1st, 2 to go"

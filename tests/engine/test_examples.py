"""The rulebook's three worked examples, rebuilt on small boards drawn after the pictures.

Each board is the part of the track the picture shows, laid out so that the example's
moves are exactly the ones the rules allow there; every move and every result the text
names is asserted.
"""

from __future__ import annotations

import pytest

from builders import B, G, P, R, W, Y, board, game, ids, place_ids, play, state, where
from monza_tui.engine import (
    BonusResult,
    Confirm,
    IllegalActionError,
    Phase,
    Push,
    TakeBack,
)

# Example 1 ("Example: A Turn"): Bernd (red) rolls blue, yellow, purple, purple, white, red.
#
#   units  2   3   4   5   6   7   8   9  10  11  12
#   lane a S | R | W |  G    |  Y    |  B    |  G    | F      Bernd on a1 (red)
#   lane b S |  G    | P | Y | B |  G    | Y |  B    | F      Fritz on b2 (purple)
#   lane c S |  B        | G | X | P |  Y    |  G    | F      Sandra on c2, Karin on c4
#
# White in front of his car (a2), lane change onto Fritz's purple (b2), yellow (b3), blue
# (b4), purple on Karin's space (c4, a corner-touching lane change). Red fits nothing there.
# Karin goes back along lane c: tire (c3), Sandra (c2), the free blue space (c1).
TURN_BOARD = board(
    "S2 R1 W1 G2 Y2 B2 G2 F2",
    "S2 G2 P1 Y1 B1 G2 Y1 B2 F2",
    "S2 B3 G1 X1 P1 Y2 G2 F2",
)
BERND, FRITZ, KARIN, SANDRA = 0, 1, 2, 3


@pytest.fixture
def bernds_turn():
    g = game(TURN_BOARD, "RBGY")  # Bernd red, Fritz blue, Karin green, Sandra yellow
    return state(g, positions=["a1", "b2", "c4", "c2"], roll="BYPPWR")


def test_example_turn_each_placement_is_the_only_way_on(bernds_turn):
    s = bernds_turn
    assert place_ids(s) == {("d4", "a2")}  # only the white die fits in front of the car
    s = play(s, "W@a2")
    assert place_ids(s) == {("d2", "b2"), ("d3", "b2")}  # lane change onto Fritz's purple
    s = play(s, "P@b2")
    assert place_ids(s) == {("d1", "b3")}
    s = play(s, "Y@b3")
    assert place_ids(s) == {("d0", "b4")}
    s = play(s, "B@b4")
    assert place_ids(s) == {("d3", "c4")}  # purple on Karin's space
    s = play(s, "P@c4")
    assert place_ids(s) == set()
    # The red die is left and fits nothing ahead of c4: the move is complete (R6).
    assert s.unused_dice() == (5,)
    assert s.roll[5] is R
    assert set(s.legal_actions()) == {TakeBack(), Confirm()}


def test_example_turn_karin_pushed_past_tire_and_sandra(bernds_turn):
    s = play(bernds_turn, "W@a2", "P@b2", "Y@b3", "B@b4", "P@c4", "go")
    # Bernd ends on Karin's space; Fritz, whose space he passed, is not pushed (R8).
    assert where(s) == ("c4", "b2", "c1", "c2")
    assert s.last_turn is not None
    c1, c4 = TURN_BOARD.index_of("c1"), TURN_BOARD.index_of("c4")
    assert s.last_turn.pushed == (Push(KARIN, c4, c1),)
    assert TURN_BOARD.space("c1").colour is B
    assert s.last_turn.dice_placed == 5
    assert [p.colour for p in s.last_turn.moves] == [W, P, Y, B, P]
    # Five dice: no turbo (not pro anyway), Fritz's turn next (R3).
    assert s.phase is Phase.ROLL and s.player == FRITZ


def test_example_turn_confirm_refused_while_a_die_fits(bernds_turn):
    s = play(bernds_turn, "W@a2", "P@b2", "Y@b3")
    with pytest.raises(IllegalActionError, match="R6"):
        s.apply(Confirm())


# Example 2 ("Example: Turbo Roll", pro): Bernd rolls blue, blue, green, purple, purple, white.
#
#   units  2   3   4   5   6   7   8   9  10  11  12  13
#   lane a S | G | R | B | G | P | W | P | B |  R        | F   Bernd on a1
#   lane b S |  X    |  G    | B |  G    |  Y        | B | F   the long yellow space b5
#   lane c S |  X    |  B        |  G    |  R    |  G    | F
#
# The tires make red (a2) the only way on; his red tile is used up. The extra roll turns a
# purple and a blue into red and blue; five dice reach the white space (a6), the purple
# tile goes on a7 and the sixth die on the blue a8. The turbo roll yellow and purple: the
# yellow takes the car onto the long yellow space in the middle lane (b5).
TURBO_BOARD = board(
    "S2 G1 R1 B1 G1 P1 W1 P1 B1 R3 F2",
    "S2 X2 G2 B1 G2 Y3 B1 F2",
    "S2 X2 B3 G2 R2 G2 F2",
)


@pytest.fixture
def turbo_turn():
    g = game(TURBO_BOARD, "RG", pro=True)
    return state(
        g, positions=["a1", "start"], phase=Phase.EXTRA_ROLL, roll="BBGPPW", tiles={0: "BGYPW"}
    )


def test_example_turbo_red_needed_to_pass(turbo_turn):
    assert ids(TURBO_BOARD, TURBO_BOARD.steps[TURBO_BOARD.index_of("a1")]) == ("a2",)
    assert TURBO_BOARD.space("a2").colour is R
    # Without the extra roll nothing fits and he has no red tile: the car would stay (R7).
    kept = play(turbo_turn, "keep")
    assert kept.legal_actions() == [Confirm()]


def test_example_turbo_move_by_move(turbo_turn):
    s = play(turbo_turn, "reroll 0,3")  # one blue, one purple
    assert s.dice_to_roll() == 2
    s = play(s, "roll RB")
    assert s.phase is Phase.PLACING
    assert s.roll == (R, B, G, B, P, W)
    assert s.extra_rolls[0] is False
    s = play(s, "R@a2", "B@a3", "G@a4", "P@a5", "W@a6")
    # On the white space only the last blue die is left and fits nothing: he could stop
    # here (tiles are never compulsory, R6), but plays the purple tile for the turbo.
    assert s.unused_dice() == (3,)
    assert Confirm() in s.legal_actions()
    s = play(s, "tP@a7", "B@a8")
    assert s.unused_dice() == ()
    s = play(s, "go")
    assert s.phase is Phase.TURBO_ROLL
    assert where(s)[0] == "a8"  # the car moves to the last token first (R14)
    assert s.dice_to_roll() == 2
    s = play(s, "roll YP")
    assert s.phase is Phase.TURBO_PLACING
    assert place_ids(s) == {("d0", "b5")}
    s = play(s, "Y@b5")
    assert set(s.legal_actions()) == {TakeBack(), Confirm()}  # purple fits nothing
    s = play(s, "go")
    assert where(s) == ("b5", "start")
    space = TURBO_BOARD.space("b5")
    assert (space.colour, space.lane, space.front - space.back) == (Y, 1, 3)
    assert s.tiles[0] == frozenset({B, G, Y, W})  # the purple tile is gone (R12)
    assert s.last_turn is not None
    assert s.last_turn.dice_placed == 7  # six dice and one turbo die; the tile not (R11)
    assert s.player == 1 and s.phase is Phase.ROLL


# Example 3 (bonus move): Bernd (red) rolls two reds, three yellows and a green and plays
# red, yellow, red, green; the two yellows fit nothing. Green is last: Karin's green car
# may step forward.
#
#   units  2   3   4   5   6   7   8   9  10  11  12
#   lane a S | R | Y | R | G |  B    |  P    |  W    | F
#   lane b S |  B    |  P    |  W    |  B    |  P    | F   Karin on b1
BONUS_BOARD = board("S2 R1 Y1 R1 G1 B2 P2 W2 F2", "S2 B2 P2 W2 B2 P2 F2")


def test_example_bonus_move_goes_to_karin():
    g = game(BONUS_BOARD, "RG", bonus=True)  # Bernd red, Karin green
    s = state(g, positions=["start", "b1"], roll="RRYYYG")
    s = play(s, "R@a1", "Y@a2", "R@a3", "G@a4")
    assert [s.roll[i] for i in s.unused_dice()] == [Y, Y]
    assert s.legal_actions() == [TakeBack(), Confirm()]
    s = play(s, "go")
    assert where(s) == ("a4", "b1")
    # Green was last: Karin decides (R15), between a free lane change and straight on.
    assert s.phase is Phase.BONUS
    assert s.bonus_player == 1
    assert s.current_player() == 1
    assert set(ids(BONUS_BOARD, s.bonus_steps(1))) == {"a3", "b2"}
    s = play(s, "bonus@b2")
    assert where(s) == ("a4", "b2")
    assert s.last_turn is not None
    b1, b2 = BONUS_BOARD.index_of("b1"), BONUS_BOARD.index_of("b2")
    assert s.last_turn.bonus == BonusResult(1, b1, b2)
    assert s.player == 1 and s.phase is Phase.ROLL

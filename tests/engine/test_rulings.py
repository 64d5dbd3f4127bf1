"""One or more tests per ruling R1-R17 (``../shared/RULINGS.md``, beside the repository), each
on a board drawn for it.

Every test pins exact spaces, positions, phases and winners, so that breaking the rule it
is named after makes it fail. Boards are given as lane strings with a sketch in track
units; space ids are "a1", "b2", ... (lane letter, number within the lane).
"""

from __future__ import annotations

import random

import pytest

from builders import (
    B,
    G,
    P,
    R,
    W,
    Y,
    board,
    colours,
    game,
    ids,
    place_ids,
    play,
    race,
    state,
    step_ids,
    where,
)
from monza_tui.boardfile import BUILTIN, load_board
from monza_tui.engine import (
    ANNIVERSARY_CARS,
    CHANCE,
    COLOURS,
    ORIGINAL_CARS,
    TERMINAL,
    BoardError,
    BonusResult,
    BonusStep,
    Colour,
    Confirm,
    DeclineBonus,
    Die,
    Edition,
    Game,
    GameConfigError,
    IllegalActionError,
    KeepRoll,
    Phase,
    Place,
    Push,
    Reroll,
    Roll,
    SpaceKind,
    State,
    TakeBack,
    Tile,
    outcomes,
    push_back_target,
    roll_dice,
)

# A single lane, finish white:  S2 | R | G | B | Y | P | W | R | F(white)
#                        ids:  start a1  a2  a3  a4  a5  a6  a7  finish
LINE = board("S2 R1 G1 B1 Y1 P1 W1 R1 F2")

# Two reds in a row:  S2 | R | R | G | F
DOUBLE = board("S2 R1 R1 G1 F2")

# For push-back (R8) and bonus steps (R15):
#   units  2   3   4   5   6   7   8
#   lane a S | B | Y | X | P |  G    | F
#   lane b S | G | R | W | Y |  G    | F
PUSH = board("S2 B1 Y1 X1 P1 G2 F2", "S2 G1 R1 W1 Y1 G2 F2")

# For the turbo roll (R14): six dice from the start reach a6, the turbo goes on to a8.
#   units  2   3   4   5   6   7   8   9  10  11  12
#   lane a S | R | G | B | Y | P | W | R | G |  B    | F
#   lane b S |  Y    |  Y    |  Y    |  Y    |  Y    | F
TURBO = board("S2 R1 G1 B1 Y1 P1 W1 R1 G1 B2 F2", "S2 Y2 Y2 Y2 Y2 Y2 F2")

# For bonus moves (R15), the rulebook's bonus example board:
#   units  2   3   4   5   6   7   8   9  10  11  12
#   lane a S | R | Y | R | G |  B    |  P    |  W    | F
#   lane b S |  B    |  P    |  W    |  B    |  P    | F
BONUS = board("S2 R1 Y1 R1 G1 B2 P2 W2 F2", "S2 B2 P2 W2 B2 P2 F2")


def turn_over(s: State, player: int) -> None:
    """Assert a turn ended and ``player`` is about to roll."""
    assert s.phase is Phase.ROLL
    assert s.player == player
    assert s.current_player() == CHANCE


# R1 Colours ---------------------------------------------------------------------------


def test_r1_six_colours_each_die_face_equally_likely():
    assert len(COLOURS) == 6
    assert {c.value for c in COLOURS} == {"red", "blue", "green", "yellow", "purple", "white"}
    one = outcomes(1)
    assert sorted(c[0].value for c, _ in one) == sorted(c.value for c in COLOURS)
    assert all(p == pytest.approx(1 / 6) for _, p in one)
    six = outcomes(6)
    assert len(six) == 462
    assert sum(p for _, p in six) == pytest.approx(1.0)
    assert dict(six)[(R,) * 6] == pytest.approx(6**-6)
    assert dict(six)[COLOURS] == pytest.approx(720 * 6**-6)


def test_r1_roll_dice_uses_the_given_generator():
    first = roll_dice(random.Random(7), 6)
    assert first == roll_dice(random.Random(7), 6)
    assert len(first) == 6 and set(first) <= set(COLOURS)
    counts = {c: 0 for c in COLOURS}
    rng = random.Random(1)
    for _ in range(600):
        counts[roll_dice(rng, 1)[0]] += 1
    assert all(60 < n < 140 for n in counts.values())


def test_r1_tire_has_no_colour_and_is_never_a_step():
    b = board("S2 R1 X1 G2 F2", "S2 X1 B2 G1 F2")
    tires = [s for s in b.spaces if s.kind is SpaceKind.BLOCKED]
    assert ids(b, (t.index for t in tires)) == ("a2", "b1")
    assert all(t.colour is None for t in tires)
    assert all(t.index not in targets for targets in b.steps for t in tires)
    assert b.steps[b.index_of("a2")] == ()  # and nothing leaves one


# R2 Cars and players ------------------------------------------------------------------


@pytest.mark.parametrize("cars", ["RB", "RBG", "RBGY", "YG", "GYBR"])
def test_r2_anniversary_races_two_to_four_of_red_blue_green_yellow(cars):
    assert game(LINE, cars).players == len(cars)


@pytest.mark.parametrize("cars", ["R", "", "RBGYP", "RP", "RW", "RR"])
def test_r2_anniversary_refuses_other_cars(cars):
    with pytest.raises(GameConfigError):
        game(LINE, cars)


def test_r2_anniversary_cars_are_the_four():
    assert ANNIVERSARY_CARS == (R, B, G, Y)
    assert Edition.ANNIVERSARY.cars == ANNIVERSARY_CARS
    assert Edition.ORIGINAL.cars == ORIGINAL_CARS == COLOURS


@pytest.mark.parametrize("cars", ["RB", "PW", "RBGYP", "RBGYPW", "WPYGBR"])
def test_r2_original_races_two_to_six_of_all_colours(cars):
    b = board("S2 R1 F2", edition=Edition.ORIGINAL)
    assert game(b, cars).players == len(cars)


@pytest.mark.parametrize("cars", ["W", "RBGYPWR", "PP"])
def test_r2_original_refuses_other_counts(cars):
    b = board("S2 R1 F2", edition=Edition.ORIGINAL)
    with pytest.raises(GameConfigError):
        game(b, cars)


# R3 Turn order ------------------------------------------------------------------------


def test_r3_start_player_defaults_to_first_listed():
    s = game(LINE, "RBG").new_state()
    assert s.player == 0 and s.round == 1 and s.turn == 1
    assert s.current_player() == CHANCE


def test_r3_turns_go_round_in_listed_order_from_the_start_player():
    g = game(LINE, "YGBR", start_player=2)
    s = g.new_state()
    seen = []
    for _ in range(6):
        seen.append((s.player, s.round, s.turn))
        # Nothing red in the roll: from the start only red (a1) fits, so no move (R7).
        s = play(s, "roll GGBBYY", "go")
    assert seen == [(2, 1, 1), (3, 1, 2), (0, 1, 3), (1, 1, 4), (2, 2, 5), (3, 2, 6)]


@pytest.mark.parametrize("start", [-1, 3])
def test_r3_start_player_must_be_a_player(start):
    with pytest.raises(GameConfigError, match="R3"):
        game(LINE, "RBG", start_player=start)


# R4 Geometry --------------------------------------------------------------------------


def test_r4_spaces_have_lane_and_edges_from_the_lane_strings():
    b = board("S2 R1 G2 X1 F2", "S2 B3 Y1 F2")
    got = [(s.id, s.kind, s.lanes, s.back, s.front, s.colour) for s in b.spaces]
    assert got == [
        ("start", SpaceKind.START, (0, 1), 0, 2, None),
        ("a1", SpaceKind.TRACK, (0,), 2, 3, R),
        ("a2", SpaceKind.TRACK, (0,), 3, 5, G),
        ("a3", SpaceKind.BLOCKED, (0,), 5, 6, None),
        ("b1", SpaceKind.TRACK, (1,), 2, 5, B),
        ("b2", SpaceKind.TRACK, (1,), 5, 6, Y),
        ("finish", SpaceKind.FINISH, (0, 1), 6, 8, W),
    ]
    assert b.start == 0 and b.finishes == (6,)
    assert b.lane_spaces == ((1, 2, 3), (4, 5))
    assert b.length == 8


def test_r4_steps_are_derived_from_the_edges():
    b = board("S2 R1 G2 X1 F2", "S2 B3 Y1 F2")
    steps = {s.id: set(ids(b, b.steps[s.index])) for s in b.spaces}
    assert steps == {
        "start": {"a1", "b1"},
        "a1": {"a2", "b1"},
        "a2": {"b2"},
        "a3": set(),
        "b1": {"b2"},  # a2's front (5) is not ahead of b1's (5)
        "b2": {"finish"},
        "finish": set(),
    }


@pytest.mark.parametrize(
    ("lanes", "message"),
    [
        (["S2 R1 F2", "S2 R2 F2"], "same length"),
        (["S2 R1 F2", "S1 R2 F2"], "start field"),
        (["R1 S2 F2"], "begins with the start"),
        (["S2 R1 Q1 F2"], "unknown letter"),
        (["S2 R1 X1 F2"], "no finish reachable"),
        (["S2 R1 X1 G1 F2", "S2 X2 B1 F2", "S2 Y3 F2"], "lane 1, token 2 'R1': a dead end"),
    ],
)
def test_r4_bad_geometry_is_refused(lanes, message):
    with pytest.raises(BoardError, match=message):
        board(*lanes)


# R5 Forward step ----------------------------------------------------------------------


def test_r5_same_lane_end_to_end():
    assert step_ids(LINE, "start") == {"a1"}
    assert step_ids(LINE, "a1") == {"a2"}
    assert step_ids(LINE, "a7") == {"finish"}


def test_r5_lane_change_onto_space_sharing_the_long_side():
    #   lane a S |  R    |  G    | F
    #   lane b S | B |  Y    | P | F
    b = board("S2 R2 G2 F2", "S2 B1 Y2 P1 F2")
    assert step_ids(b, "a1") == {"a2", "b2"}  # b2 [3,5) shares a1's [2,4) side, ends ahead
    assert step_ids(b, "b1") == {"b2", "a1"}
    assert step_ids(b, "b2") == {"b3", "a2"}


def test_r5_lane_change_diagonally_over_a_corner():
    #   lane a S | R | G | F
    #   lane b S | B | Y | F
    b = board("S2 R1 G1 F2", "S2 B1 Y1 F2")
    assert step_ids(b, "a1") == {"a2", "b2"}
    assert step_ids(b, "b1") == {"b2", "a2"}


def test_r5_lane_change_needs_front_edge_ahead():
    #   lane a S |  R    | G | F
    #   lane b S | B | Y |  P  | F
    b = board("S2 R2 G1 F2", "S2 B1 Y1 P1 F2")
    assert "a1" in step_ids(b, "b1")  # front 4 ahead of 3
    assert "a1" not in step_ids(b, "b2")  # front 4 equal to b2's 4: not strictly ahead
    assert "b1" not in step_ids(b, "a1")  # sideways-back
    assert "b2" not in step_ids(b, "a1")  # equal fronts again
    assert step_ids(b, "a1") == {"a2", "b3"}


def test_r5_neighbouring_space_that_does_not_touch_is_no_step():
    #   lane a S | R |  G      | F
    #   lane b S |  B  |  Y    | F
    b = board("S2 R1 G3 F2", "S2 B2 Y2 F2")
    assert step_ids(b, "a1") == {"a2", "b1"}  # b2 begins at 4, a1 ends at 3: a gap


def test_r5_one_lane_at_a_time():
    #   lane a S | R | G | F
    #   lane b S | X  X  | F      (two tires)
    #   lane c S | B | Y | F
    b = board("S2 R1 G1 F2", "S2 X1 X1 F2", "S2 B1 Y1 F2")
    assert step_ids(b, "a1") == {"a2"}  # c2 touches a1's corner only across lane b
    assert step_ids(b, "c1") == {"c2"}


def test_r5_never_onto_a_tire():
    b = board("S2 R1 G1 B1 F2", "S2 Y1 X1 P1 F2")
    assert step_ids(b, "a1") == {"a2"}
    assert step_ids(b, "b1") == {"a2"}
    s = state(game(b, "RB"), positions=["b1", "start"], roll="GRRRRR")
    assert place_ids(s) == {("d0", "a2")}
    with pytest.raises(IllegalActionError, match="R5"):
        s.apply(Place(Die(0), b.index_of("b2")))


def test_r5_from_the_start_every_touching_space():
    # Like the anniversary oval: the start touches a white and a purple space.
    b = board("S2 W2 R1 F2", "S2 P1 G2 F2")
    assert step_ids(b, "start") == {"a1", "b1"}
    assert {b.space(i).colour for i in b.steps[b.start]} == {W, P}
    # ... and on a wider track every lane's first space that is not a tire.
    wide = board("S3 R1 F1", "S3 X1 F1", "S3 G1 F1", "S3 B1 F1")
    assert step_ids(wide, "start") == {"a1", "c1", "d1"}


def test_r5_steps_follow_the_last_token_not_the_car():
    s = state(game(LINE), roll="RGBYPW")
    s = play(s, "R@a1")
    assert s.origin() == LINE.index_of("a1")
    assert place_ids(s) == {("d1", "a2")}
    with pytest.raises(IllegalActionError, match="not one forward step"):
        s.apply(Place(Die(3), LINE.index_of("a4")))


# R6 Placing ---------------------------------------------------------------------------


def test_r6_die_colour_must_match_space():
    s = state(game(LINE), roll="GBYPWW")
    assert place_ids(s) == set()
    with pytest.raises(IllegalActionError, match=r"die 0 is green, a1 is red \(R6\)"):
        s.apply(Place(Die(0), LINE.index_of("a1")))


def test_r6_tile_colour_must_match_space():
    s = state(game(LINE, pro=True), roll="GGGGGG", tiles={0: "BR"})
    assert place_ids(s) == {("tR", "a1")}
    with pytest.raises(IllegalActionError, match="R6"):
        s.apply(Place(Tile(B), LINE.index_of("a1")))


def test_r6_each_die_placed_once():
    s = state(game(DOUBLE), roll="RGBYPW")
    s = play(s, "R@a1")
    assert place_ids(s) == set()  # a2 is red too, but the one red die is used
    with pytest.raises(IllegalActionError, match="not in hand"):
        s.apply(Place(Die(0), DOUBLE.index_of("a2")))
    s2 = play(state(game(DOUBLE), roll="RGRYPW"), "R@a1")
    assert place_ids(s2) == {("d2", "a2")}


def test_r6_each_tile_placed_once():
    s = state(game(DOUBLE, pro=True), roll="GGGGGG", tiles={0: "R"})
    s = play(s, "tR@a1")
    assert place_ids(s) == set()
    with pytest.raises(IllegalActionError, match="no red tile"):
        s.apply(Place(Tile(R), DOUBLE.index_of("a2")))


def test_r6_cars_may_be_passed_and_take_a_die():
    g = game(LINE, "RBG")
    s = state(g, positions=["start", "a1", "a2"], roll="RGBYYY")
    s = play(s, "R@a1", "G@a2", "B@a3", "Y@a4", "go")
    assert where(s) == ("a4", "a1", "a2")
    assert s.last_turn is not None and s.last_turn.pushed == ()


def test_r6_take_back_last_first():
    s = play(state(game(LINE), roll="RGBYPW"), "R@a1", "G@a2", "B@a3")
    s = play(s, "back")
    assert [(str(p.token), LINE.spaces[p.space].id) for p in s.path] == [("d0", "a1"), ("d1", "a2")]
    assert s.unused_dice() == (2, 3, 4, 5)
    assert s.origin() == LINE.index_of("a2")
    assert place_ids(s) == {("d2", "a3")}
    s = play(s, "back", "back")
    assert s.path == () and s.origin() == LINE.start
    assert TakeBack() not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(TakeBack())


def test_r6_take_back_returns_a_tile_to_hand():
    s = state(game(DOUBLE, pro=True), roll="GGGGGG", tiles={0: "R"})
    s = play(s, "tR@a1", "back")
    assert s.unused_tiles() == frozenset({R})
    s = play(s, "go")
    assert s.tiles[0] == frozenset({R})  # nothing placed, nothing spent


def test_r6_confirm_illegal_while_a_die_fits():
    s = state(game(LINE), roll="RGBYPW")
    for move in ["R@a1", "G@a2", "B@a3", "Y@a4", "P@a5"]:
        assert s.die_fits()
        assert Confirm() not in s.legal_actions()
        with pytest.raises(IllegalActionError, match="must go on"):
            s.apply(Confirm())
        s = play(s, move)
    s = play(s, "W@a6")
    assert not s.die_fits() and Confirm() in s.legal_actions()
    assert where(play(s, "go"))[0] == "a6"


def test_r6_confirm_allowed_once_no_die_fits_though_dice_are_left():
    s = play(state(game(LINE), roll="RGRRRR"), "R@a1", "G@a2")
    assert s.unused_dice() == (2, 3, 4, 5)
    assert s.legal_actions() == [TakeBack(), Confirm()]


def test_r6_tiles_are_never_compulsory():
    s = state(game(LINE, pro=True), roll="GGGGGG", tiles={0: "RGB"})
    assert place_ids(s) == {("tR", "a1")}
    assert Confirm() in s.legal_actions()
    s = play(s, "go")
    assert where(s)[0] == "start"
    assert s.tiles[0] == frozenset({R, G, B})


# R7 No move ---------------------------------------------------------------------------


def test_r7_no_die_fits_the_car_stays_and_the_turn_counts():
    g = game(LINE, "RB")
    s = state(g, positions=["a3", "a1"], roll="RGBPWW")  # a3 -> a4 needs yellow
    assert s.legal_actions() == [Confirm()]
    s = play(s, "go")
    assert where(s) == ("a3", "a1")
    turn_over(s, 1)
    assert s.turn == 2
    assert s.last_turn is not None
    assert s.last_turn.moves == () and s.last_turn.dice_placed == 0
    assert s.round_dice == (0, None)


# R8 Push-back -------------------------------------------------------------------------


def test_r8_push_back_skips_tire_and_car():
    g = game(PUSH, "RBG")
    s = state(g, positions=["b3", "a4", "a2"], roll="PRRRRR")
    s = play(s, "P@a4", "go")
    assert where(s) == ("a4", "a1", "a2")
    assert s.last_turn is not None
    assert s.last_turn.pushed == (Push(1, PUSH.index_of("a4"), PUSH.index_of("a1")),)


def test_r8_push_back_to_the_nearest_free_space_behind():
    g = game(PUSH, "RB")
    s = play(state(g, positions=["b3", "a4"], roll="PRRRRR"), "P@a4", "go")
    assert where(s) == ("a4", "a2")  # a3 is a tire, a2 is free; not further, not lane b


def test_r8_push_back_goes_along_its_own_lane():
    # Free spaces right behind in lane b are never used: the victim stays in lane a.
    g = game(PUSH, "RBG")
    s = play(state(g, positions=["b3", "a4", "a2"], roll="PRRRRR"), "P@a4", "go")
    pushed = PUSH.space(s.positions[1])
    assert pushed.lane == 0
    assert all(s.positions.count(PUSH.index_of(i)) == 0 for i in ("b1", "b2"))


def test_r8_push_back_to_the_start_when_the_lane_behind_is_full():
    g = game(PUSH, "RBGY")
    s = play(state(g, positions=["b3", "a4", "a2", "a1"], roll="PRRRRR"), "P@a4", "go")
    assert where(s) == ("a4", "start", "a2", "a1")


def test_r8_push_back_target_function():
    positions = (PUSH.index_of("a4"), PUSH.index_of("a4"), PUSH.index_of("a1"))
    assert PUSH.spaces[push_back_target(PUSH, positions, 1)].id == "a2"
    positions = (PUSH.index_of("a2"), PUSH.index_of("a2"), PUSH.index_of("b1"))
    assert PUSH.spaces[push_back_target(PUSH, positions, 1)].id == "a1"
    positions = (PUSH.index_of("a1"), PUSH.index_of("a1"), PUSH.index_of("b1"))
    assert push_back_target(PUSH, positions, 1) == PUSH.start


def test_r8_passed_cars_are_not_pushed():
    g = game(PUSH, "RBG")
    s = play(state(g, positions=["start", "a1", "a2"], roll="BYWYYY"), "B@a1", "Y@a2", "W@b3")
    s = play(s, "Y@b4", "go")
    assert where(s) == ("b4", "a1", "a2")


def test_r8_checked_after_the_turbo_not_where_the_main_move_ended():
    g = game(TURBO, "RB", pro=True)
    s = state(g, positions=["start", "a6"], roll="RGBYPW")
    s = play(s, "R@a1", "G@a2", "B@a3", "Y@a4", "P@a5", "W@a6", "go")
    assert s.phase is Phase.TURBO_ROLL
    assert where(s) == ("a6", "a6")  # sharing for a moment: nobody pushed yet
    s = play(s, "roll RG", "R@a7", "G@a8", "go")
    assert where(s) == ("a8", "a6")
    assert s.last_turn is not None and s.last_turn.pushed == ()


def test_r8_turbo_ending_on_a_car_pushes_it():
    g = game(TURBO, "RB", pro=True)
    s = state(g, positions=["start", "a8"], roll="RGBYPW")
    s = play(s, "R@a1", "G@a2", "B@a3", "Y@a4", "P@a5", "W@a6", "go", "roll RG")
    s = play(s, "R@a7", "G@a8", "go")
    assert where(s) == ("a8", "a7")
    assert s.last_turn is not None
    assert s.last_turn.pushed == (Push(1, TURBO.index_of("a8"), TURBO.index_of("a7")),)


def test_r8_start_and_finish_hold_many_and_never_push():
    g = game(LINE, "RBG")
    s = g.new_state()
    assert s.occupant(LINE.start) is None
    s = play(s, "roll GGGGGG", "go")  # no move: still three cars on the start
    assert where(s) == ("start", "start", "start")
    s = state(g, positions=["a6", "finish", "start"], roll="RWBBBB", final_round=True)
    s = play(s, "R@a7", "W@finish", "go")
    assert where(s) == ("finish", "finish", "start")
    assert s.last_turn is not None and s.last_turn.pushed == ()


# R9 Finish ----------------------------------------------------------------------------


def test_r9_finish_entered_only_with_its_colour():
    b = board("S2 R1 F2", finish=B)
    assert b.space("finish").colour is B
    s = state(game(b), positions=["a1", "start"], roll="WRGYPP")
    assert place_ids(s) == set()
    s = state(game(b), positions=["a1", "start"], roll="WRGYPB")
    assert place_ids(s) == {("d5", "finish")}
    s = state(game(b, pro=True), positions=["a1", "start"], roll="WRGYPP", tiles={0: "BW"})
    assert place_ids(s) == {("tB", "finish")}  # a tile of its colour enters it too


def test_r9_anniversary_finish_is_the_white_field_across_all_lanes():
    assert LINE.space("finish").colour is W
    b = board("S2 R1 G1 F2", "S2 B2 F2")
    assert b.space("finish").lanes == (0, 1)
    assert step_ids(b, "a2") == {"finish"}
    assert step_ids(b, "b1") == {"finish"}


def test_r9_a_path_ends_at_the_finish():
    s = state(game(LINE), positions=["a6", "start"], roll="RWRWRW")
    s = play(s, "R@a7", "W@finish")
    assert LINE.steps[LINE.index_of("finish")] == ()
    assert place_ids(s) == set()
    assert s.legal_actions() == [TakeBack(), Confirm()]
    s = play(s, "go")
    assert s.finished() == (0,)
    assert s.final_round


def test_r9_board_with_two_finish_spaces():
    # The original edition: two lane-local finish spaces.
    #   lane a S | R | G | W* |
    #   lane b S | B | Y | Y* |
    b = board("S2 R1 G1 W1*", "S2 B1 Y1 Y1*", finish=None, edition=Edition.ORIGINAL)
    assert ids(b, b.finishes) == ("a3", "b3")
    assert all(b.space(f).holds_many for f in b.finishes)
    assert step_ids(b, "a2") == {"a3", "b3"}
    assert step_ids(b, "b2") == {"a3", "b3"}
    g = game(b, "RBG")
    s = state(g, positions=["a2", "b3", "b2"], roll="YRRRRR", final_round=True)
    s = play(s, "Y@b3", "go")  # onto a finish space with a car on it: no push
    assert where(s) == ("b3", "b3", "b2")
    assert s.finished() == (0, 1)
    s = state(g, positions=["a2", "start", "start"], roll="WRRRRR")
    s = play(s, "W@a3", "go")
    assert s.final_round and s.finished() == (0,)


# R10 Final round ----------------------------------------------------------------------


def test_r10_round_played_out_to_the_player_before_the_start_player():
    g = game(LINE, "RBG", start_player=1)  # order 1, 2, 0
    s = state(g, positions=["start", "a2", "a7"], player=2, roll="WRRRRR", round=4, turn=11)
    s = play(s, "W@finish", "go")
    assert s.final_round and s.round == 4
    turn_over(s, 0)  # player 0 still has their turn of this round
    s = play(s, "roll GGGGGG", "go")
    assert s.phase is Phase.FINISHED and s.current_player() == TERMINAL
    assert s.round == 4
    assert s.winners() == (2,)


def test_r10_start_player_finishing_lets_everyone_else_play():
    g = game(LINE, "RBG", start_player=1)
    s = state(g, positions=["start", "a7", "start"], player=1, roll="WRRRRR")
    s = play(s, "W@finish", "go")
    turn_over(s, 2)
    s = play(s, "roll GGGGGG", "go")
    turn_over(s, 0)
    s = play(s, "roll GGGGGG", "go")
    assert s.is_terminal()


def test_r10_last_player_of_the_round_finishing_ends_the_race():
    g = game(LINE, "RBG", start_player=1)
    s = state(g, positions=["a7", "start", "start"], player=0, roll="WRRRRR")
    s = play(s, "W@finish", "go")
    assert s.is_terminal()
    assert s.winners() == (0,)
    assert s.last_turn is not None and s.last_turn.player == 0


def test_r10_finish_by_bonus_move_triggers_it_and_finished_cars_take_no_turns():
    g = game(LINE, "RBGY", bonus=True)
    s = state(g, positions=["a1", "start", "a7", "start"], roll="GRRRRR")
    s = play(s, "G@a2", "go")  # green last: the green car (player 2) is owed a bonus step
    assert s.phase is Phase.BONUS and s.bonus_player == 2
    assert ids(LINE, s.bonus_steps(2)) == ("finish",)
    s = play(s, "bonus@finish")
    assert s.final_round
    turn_over(s, 1)
    s = play(s, "roll GGGGGG", "go")
    turn_over(s, 3)  # player 2's car is at the finish: no further turn
    s = play(s, "roll GGGGGG", "go")
    assert s.is_terminal()
    assert s.winners() == (2,)


def test_r10_not_final_before_any_car_finishes():
    g = game(LINE, "RB")
    s = play(g.new_state(), "roll GGGGGG", "go", "roll GGGGGG", "go")
    assert not s.final_round and s.round == 2 and not s.is_terminal()
    assert s.winners() == ()


# R11 Winner ---------------------------------------------------------------------------


def test_r11_one_car_at_the_finish_wins():
    g = game(LINE, "RB")
    s = state(g, positions=["a5", "start"], roll="WRWGGG")
    s = play(s, "W@a6", "R@a7", "W@finish", "go", "roll GGGGGG", "go")
    assert s.is_terminal()
    assert s.winners() == (0,)  # player 1 placed no dice but did not finish


def test_r11_fewest_dice_in_the_final_round_wins():
    g = game(LINE, "RB")
    s = state(g, positions=["a5", "a7"], roll="WRWGGG")
    s = play(s, "W@a6", "R@a7", "W@finish", "go")  # three dice, first at the finish
    s = play(s, "roll WGGGGG", "W@finish", "go")  # one die
    assert s.is_terminal()
    assert (s.dice_used(0), s.dice_used(1)) == (3, 1)
    assert s.winners() == (1,)


def test_r11_tiles_do_not_count():
    g = game(LINE, "RB", pro=True)
    s = state(g, positions=["a5", "a6"], roll="WGGGGG", tiles={0: "WR"})
    s = play(s, "tW@a6", "tR@a7", "W@finish", "go")  # three tokens, one die
    s = play(s, "roll RWGGGG", "keep", "R@a7", "W@finish", "go")  # two dice
    assert s.is_terminal()
    assert (s.dice_used(0), s.dice_used(1)) == (1, 2)
    assert s.winners() == (0,)


def test_r11_turbo_dice_count():
    g = game(LINE, "RB", pro=True)
    s = state(g, positions=["start", "a1"], roll="RGBYPW")
    s = play(s, "R@a1", "G@a2", "B@a3", "Y@a4", "P@a5", "W@a6", "go")
    s = play(s, "roll RW", "R@a7", "W@finish", "go")  # 6 + 2 turbo dice
    s = play(s, "roll GBYPWR", "keep", "G@a2", "B@a3", "Y@a4", "P@a5", "W@a6", "R@a7", "go")
    s = play(s, "roll WG", "W@finish", "go")  # 6 + 1 turbo die
    assert s.is_terminal()
    assert (s.dice_used(0), s.dice_used(1)) == (8, 7)
    assert s.winners() == (1,)


def test_r11_counts_only_the_final_round_a_car_finished_by_bonus_placed_none():
    # Original edition so that white is a car. Player 1 (white) placed two dice in round 1,
    # then reaches the finish by a bonus step in round 2 before their turn: in the final
    # round they placed no dice (R10 skips their turn), player 0 placed two.
    b = board("S2 R1 G1 B1 Y1 P1 W1 R1 F2", edition=Edition.ORIGINAL)
    g = game(b, "RWB", bonus=True)
    s = state(
        g,
        positions=["a6", "a7", "start"],
        player=2,
        phase=Phase.ROLL,
        turn=3,
        round_dice=[3, 2, None],
    )
    s = play(s, "roll GGGGGG", "go")
    assert s.round == 2 and s.round_dice == (None, None, None)
    s = play(s, "roll RWGGGG", "R@a7", "W@finish", "go")
    assert s.bonus_player == 1
    s = play(s, "bonus@finish")
    turn_over(s, 2)
    s = play(s, "roll GGGGGG", "go")
    assert s.is_terminal()
    assert (s.dice_used(0), s.dice_used(1)) == (2, 0)
    assert s.winners() == (1,)


def test_r11_tied_players_share():
    b = board("S2 R1 F2", "S2 G1 F2")
    g = game(b, "RBG")
    s = state(g, positions=["a1", "b1", "start"], roll="WGGGGG")
    s = play(s, "W@finish", "go", "roll WRRRRR", "W@finish", "go", "roll BBBBBB", "go")
    assert s.is_terminal()
    assert s.winners() == (0, 1)


# R12 Tiles ----------------------------------------------------------------------------


def test_r12_pro_players_start_with_an_extra_roll_and_six_tiles():
    s = game(LINE, "RBG", pro=True).new_state()
    assert s.tiles == (frozenset(COLOURS),) * 3
    assert s.extra_rolls == (True, True, True)
    basic = game(LINE, "RBG").new_state()
    assert basic.tiles == (frozenset(),) * 3
    assert basic.extra_rolls == (False, False, False)


def test_r12_no_tiles_without_pro():
    s = state(game(LINE), roll="GGGGGG")
    assert s.unused_tiles() == frozenset()
    assert s.legal_actions() == [Confirm()]


def test_r12_a_used_tile_is_gone_for_the_race():
    g = game(DOUBLE, "RB", pro=True)
    s = state(g, roll="GGGGGG")
    s = play(s, "tR@a1", "go")
    assert s.tiles[0] == frozenset(COLOURS) - {R}
    assert s.tiles[1] == frozenset(COLOURS)
    s = play(s, "roll BBBBBB", "keep", "go")  # player 1
    s = play(s, "roll GGGGGG", "keep")  # player 0 again: on a1, a2 red ahead
    assert place_ids(s) == set()


# R13 Extra roll -----------------------------------------------------------------------


def test_r13_extra_roll_offered_after_the_roll_before_placing():
    s = play(game(LINE, "RB", pro=True).new_state(), "roll RGBYPW")
    assert s.phase is Phase.EXTRA_ROLL and s.current_player() == 0
    legal = s.legal_actions()
    assert legal[0] == KeepRoll()
    assert len(legal) == 1 + 63  # keep, or re-roll any non-empty set of the six
    assert not any(isinstance(a, Place) for a in legal)
    with pytest.raises(IllegalActionError):
        s.apply(Place(Die(0), LINE.index_of("a1")))


def test_r13_reroll_replaces_the_chosen_dice_once():
    s = play(game(LINE, "RB", pro=True).new_state(), "roll RGBYPW", "reroll 1,4")
    assert s.current_player() == CHANCE and s.dice_to_roll() == 2
    with pytest.raises(IllegalActionError):
        s.apply(Roll((W, W, W)))
    s = play(s, "roll WB")
    assert s.roll == (R, W, B, Y, B, W)
    assert s.phase is Phase.PLACING
    assert s.extra_rolls == (False, True)
    assert s.log.roll == (R, G, B, Y, P, W)
    assert s.log.reroll == ((1, 4), (W, B))
    assert final_roll(s.log.roll, s.log.reroll) == s.roll
    assert not any(isinstance(a, Reroll) for a in s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply(Reroll((0,)))


def test_r13_keeping_the_roll_keeps_the_tile_and_it_is_used_once_per_race():
    s = play(game(LINE, "RB", pro=True).new_state(), "roll GGGGGG", "keep")
    assert s.phase is Phase.PLACING and s.extra_rolls == (True, True)
    assert not any(isinstance(a, Reroll) for a in s.legal_actions())
    s = play(s, "go", "roll GGGGGG", "reroll 0", "roll G", "go")  # player 1 spends theirs
    s = play(s, "roll GGGGGG")
    assert s.phase is Phase.EXTRA_ROLL  # player 0 still has it
    s = play(s, "keep", "go", "roll GGGGGG")
    assert s.phase is Phase.PLACING  # player 1's is gone


def test_r13_no_extra_roll_without_pro():
    s = play(game(LINE, "RB").new_state(), "roll GGGGGG")
    assert s.phase is Phase.PLACING


# R14 Turbo roll -----------------------------------------------------------------------


def six_dice_to_a6(pro: bool = True, cars: str = "RB", bonus: bool = False) -> State:
    """Player 0 has placed six dice from the start to a6 on TURBO, not yet confirmed."""
    g = game(TURBO, cars, pro=pro, bonus=bonus)
    s = state(g, roll="RGBYPW")
    return play(s, "R@a1", "G@a2", "B@a3", "Y@a4", "P@a5", "W@a6")


def test_r14_all_six_dice_earn_the_turbo_roll_from_the_last_token():
    s = play(six_dice_to_a6(), "go")
    assert s.phase is Phase.TURBO_ROLL
    assert s.current_player() == CHANCE and s.dice_to_roll() == 2
    assert where(s)[0] == "a6"
    assert s.tiles[0] == frozenset(COLOURS)
    with pytest.raises(IllegalActionError):
        s.apply(Roll(colours("RGB")))
    s = play(s, "roll RY")
    assert s.phase is Phase.TURBO_PLACING and s.current_player() == 0
    assert s.roll == (R, Y) and s.path == ()
    assert s.origin() == TURBO.index_of("a6")
    assert place_ids(s) == {("d0", "a7"), ("d1", "b4")}


def test_r14_turbo_places_dice_only_no_tiles_no_extra_roll():
    s = play(six_dice_to_a6(), "go", "roll BB")
    # The player holds all six tiles and the extra-roll tile; red (a7) and yellow (b4) are
    # ahead, but in the turbo only the two dice may be placed: here neither fits.
    assert s.extra_rolls[0] is True
    assert s.unused_tiles() == frozenset()
    assert s.legal_actions() == [Confirm()]
    with pytest.raises(IllegalActionError):
        s.apply(Place(Tile(R), TURBO.index_of("a7")))
    s = play(s, "go")
    assert where(s)[0] == "a6"
    assert s.tiles[0] == frozenset(COLOURS)
    turn_over(s, 1)


def test_r14_no_turbo_from_a_turbo():
    s = play(six_dice_to_a6(), "go", "roll RG", "R@a7", "G@a8", "go")
    turn_over(s, 1)
    assert where(s)[0] == "a8"
    assert s.last_turn is not None
    assert s.last_turn.turbo_roll == (R, G)
    assert s.last_turn.dice_placed == 8


def test_r14_tiles_neither_count_nor_prevent():
    g = game(TURBO, "RB", pro=True)
    # Five dice and a tile: no turbo.
    s = state(g, roll="RGBPWG")
    s = play(s, "R@a1", "G@a2", "B@a3", "tY@a4", "P@a5", "W@a6")
    assert [s.roll[i] for i in s.unused_dice()] == [G]
    s = play(s, "go")
    turn_over(s, 1)
    assert where(s)[0] == "a6"
    # Six dice and a tile between them: turbo.
    s = state(g, roll="RGBYPR")
    s = play(s, "R@a1", "G@a2", "B@a3", "Y@a4", "P@a5", "tW@a6", "R@a7", "go")
    assert s.phase is Phase.TURBO_ROLL
    assert where(s)[0] == "a7"


def test_r14_tiles_after_the_sixth_die_and_the_turbo_from_a_tile():
    s = six_dice_to_a6()
    assert s.unused_dice() == ()
    # Dice all used: tiles may still go on (R6, R12), red on a7 or yellow on b4.
    assert place_ids(s) == {("tR", "a7"), ("tY", "b4")}
    s = play(s, "tR@a7", "go")
    assert s.phase is Phase.TURBO_ROLL
    assert where(s)[0] == "a7"  # the last token was the tile
    s = play(s, "roll GB", "G@a8", "B@a9", "go")
    assert where(s)[0] == "a9"
    assert s.last_turn is not None and s.last_turn.dice_placed == 8


def test_r14_no_turbo_without_pro():
    s = play(six_dice_to_a6(pro=False), "go")
    turn_over(s, 1)
    assert where(s)[0] == "a6"


def test_r14_then_push_back_then_bonus():
    # The green car (player 1) stands on a8; the turbo's last die is green on a8.
    g = game(TURBO, "RG", pro=True, bonus=True)
    s = state(g, positions=["start", "a8"], roll="RGBYPW")
    s = play(s, "R@a1", "G@a2", "B@a3", "Y@a4", "P@a5", "W@a6", "go", "roll RG")
    s = play(s, "R@a7", "G@a8", "go")
    # Pushed first (R8) ...
    assert where(s) == ("a8", "a7")
    assert s.log.pushed == (Push(1, TURBO.index_of("a8"), TURBO.index_of("a7")),)
    # ... then the bonus (R15) for green, from where the push left the car.
    assert s.phase is Phase.BONUS and s.bonus_player == 1
    assert ids(TURBO, s.bonus_steps(1)) == ("b4",)  # a8 is taken by the red car


# R15 Bonus move -----------------------------------------------------------------------


def test_r15_the_owner_of_the_last_colour_chooses_or_declines():
    g = game(BONUS, "RG", bonus=True)
    s = state(g, positions=["start", "b1"], roll="RYRGYY")
    s = play(s, "R@a1", "Y@a2", "R@a3", "G@a4", "go")
    assert s.current_player() == 1
    assert set(s.legal_actions()) == {
        BonusStep(BONUS.index_of("a3")),
        BonusStep(BONUS.index_of("b2")),
        DeclineBonus(),
    }
    with pytest.raises(IllegalActionError):
        s.apply(BonusStep(BONUS.index_of("b3")))
    declined = play(s, "nobonus")
    assert where(declined) == ("a4", "b1")
    assert declined.last_turn is not None
    assert declined.last_turn.bonus == BonusResult(1, BONUS.index_of("b1"), None)
    turn_over(declined, 1)


def test_r15_the_bonus_may_be_the_movers_own_car():
    g = game(BONUS, "RG", bonus=True)
    s = state(g, positions=["start", "b1"], roll="RYRWWW")
    s = play(s, "R@a1", "Y@a2", "R@a3", "go")
    assert s.phase is Phase.BONUS and s.bonus_player == 0
    assert set(ids(BONUS, s.bonus_steps(0))) == {"a4", "b2"}
    s = play(s, "bonus@a4")
    assert where(s) == ("a4", "b1")
    turn_over(s, 1)


@pytest.mark.parametrize(
    ("roll", "moves", "colour"),
    [
        ("BPWWGG", ("B@b1", "P@b2", "W@b3"), W),
        ("BPRRRR", ("B@b1", "P@b2"), P),
    ],
)
def test_r15_white_and_purple_give_no_bonus_with_anniversary_cars(roll, moves, colour):
    g = game(BONUS, "RBGY", bonus=True)
    s = play(state(g, roll=roll), *moves, "go")
    assert s.last_turn is not None
    assert s.last_turn.last_colour is colour
    assert s.last_turn.bonus is None
    turn_over(s, 1)


def test_r15_purple_car_of_the_original_edition_gets_its_bonus():
    b = board("S2 R1 Y1 R1 G1 B2 P2 W2 F2", "S2 B2 P2 W2 B2 P2 F2", edition=Edition.ORIGINAL)
    g = game(b, "RP", bonus=True)
    s = play(state(g, roll="BPRRRR"), "B@b1", "P@b2", "go")
    assert s.phase is Phase.BONUS and s.bonus_player == 1


def test_r15_no_token_placed_no_bonus():
    g = game(BONUS, "RG", bonus=True)
    s = play(state(g, roll="GGGGGG"), "go")  # from the start only red and blue fit
    assert s.last_turn is not None and s.last_turn.bonus is None
    turn_over(s, 1)


def test_r15_no_bonus_without_the_variant():
    g = game(BONUS, "RG")
    s = play(state(g, positions=["start", "b1"], roll="RYRGYY"), "R@a1", "Y@a2", "R@a3")
    s = play(s, "G@a4", "go")
    turn_over(s, 1)
    assert s.last_turn is not None and s.last_turn.bonus is None


def test_r15_bonus_only_onto_a_free_space_lane_change_allowed():
    g = game(PUSH, "RBG", bonus=True)
    # Red ends on green b1; the green car on a1 may not enter a2 (taken by blue) nor go
    # back or onto a tire: only the lane change to b2.
    s = play(state(g, positions=["start", "a2", "a1"], roll="GPPPPP"), "G@b1", "go")
    assert s.phase is Phase.BONUS and s.bonus_player == 2
    assert ids(PUSH, s.bonus_steps(2)) == ("b2",)
    with pytest.raises(IllegalActionError):
        s.apply(BonusStep(PUSH.index_of("a2")))
    s = play(s, "bonus@b2")
    assert where(s) == ("b1", "a2", "b2")
    assert s.last_turn is not None and s.last_turn.pushed == ()


def test_r15_owed_car_with_no_free_step_gets_none():
    # Green on b1 after the move; the green car on a2 has only b3 ahead, taken by blue.
    g = game(PUSH, "RBG", bonus=True)
    s = play(state(g, positions=["start", "b3", "a2"], roll="GPPPPP"), "G@b1", "go")
    turn_over(s, 1)
    assert s.last_turn is not None
    assert s.last_turn.bonus == BonusResult(2, PUSH.index_of("a2"), None)


def test_r15_a_tile_last_decides_the_bonus():
    g = game(BONUS, "RG", pro=True, bonus=True)
    s = state(g, positions=["start", "b1"], roll="RYRYYY", tiles={0: "G"})
    s = play(s, "R@a1", "Y@a2", "R@a3", "tG@a4", "go")
    assert s.phase is Phase.BONUS and s.bonus_player == 1


def test_r15_the_turbo_die_last_decides_the_bonus():
    s = play(six_dice_to_a6(cars="RBGY", bonus=True), "go", "roll YR", "Y@b4", "go")
    assert s.log.last_colour is Y
    assert s.phase is Phase.BONUS and s.bonus_player == 3
    # No turbo die placed: the main move's last die (white) decides: no bonus.
    s = play(six_dice_to_a6(cars="RBGY", bonus=True), "go", "roll BB", "go")
    turn_over(s, 1)
    assert s.last_turn is not None and s.last_turn.last_colour is W
    assert s.last_turn.bonus is None


def test_r15_bonus_onto_the_finish_reaches_it_even_with_cars_there():
    g = game(LINE, "RBG", bonus=True)
    s = state(g, positions=["a2", "a7", "finish"], roll="BRRRRR", final_round=True)
    s = play(s, "B@a3", "go")
    assert s.bonus_player == 1
    assert ids(LINE, s.bonus_steps(1)) == ("finish",)
    s = play(s, "bonus@finish")
    assert s.finished() == (1, 2)
    assert s.is_terminal()  # players 1 and 2 are at the finish: the round is over
    assert s.winners() == (1, 2)  # neither placed a die this round


# R16 Boards and variants --------------------------------------------------------------


@pytest.mark.parametrize("name", BUILTIN)
@pytest.mark.parametrize(
    ("pro", "bonus"), [(False, False), (True, False), (False, True), (True, True)]
)
def test_r16_every_board_plays_every_variant(name, pro, bonus):
    b = load_board(name).board
    g = Game(b, b.edition.cars[:3], pro=pro, bonus=bonus)
    assert g.new_state().extra_rolls[0] is pro
    final, turns = race(g, seed=16)
    assert final.is_terminal()
    assert final.winners()
    assert set(final.winners()) <= set(final.finished())
    assert turns[-1].positions == final.positions
    # The variants are in play: a bonus is owed exactly after turns ending on a car's
    # colour (R15); the turbo only with pro (R14).
    for t in turns:
        assert (t.bonus is not None) is (bonus and t.last_colour in g.cars)
        assert t.turbo_roll is None or pro


def test_r16_classic_is_the_original_edition_with_six_cars_and_house_rules():
    b = load_board("classic").board
    assert b.edition is Edition.ORIGINAL
    g = Game(b, ORIGINAL_CARS, pro=True, bonus=True)
    s = g.new_state()
    assert s.tiles == (frozenset(COLOURS),) * 6
    final, _ = race(g, seed=3)
    assert final.is_terminal() and final.winners()


# R17 Diagonal lane changes (original edition) -------------------------------------------

# The classic board as it was drawn before R17 (some 1- and 3-unit spaces among the squares):
# seven of its steps went to the space right beside the car.
OLD_CLASSIC = (
    "S2 W2 R2 B2 G2 P3 Y1 R2 G2 X2 R2 W2 G2 R2 W3 Y1 B2 G2 P2 B2 R2 P2 B2 G2 Y2 R2 W2 P2 B2 W2*",
    "S2 Y2 B2 P2 Y2 G2 B2 W2 Y2 R2 W2 Y2 R2 P2 G2 B2 Y1 P3 B2 R1 W3 Y2 P2 R2 X2 B2 P2 Y2 G2 X2",
    "S2 P2 G2 R2 B2 Y2 W2 P2 R2 W2 B2 P3 G1 W2 Y2 G2 X2 W2 R2 P2 Y2 G2 W3 Y1 B2 G2 R2 B2 W2 P2*",
)
SIDEWAYS = [
    ("b5", "a5"), ("b11", "c11"), ("b14", "a14"), ("b16", "a16"),
    ("b19", "a19"), ("b19", "c19"), ("b22", "c22"),
]


def test_r17_a_lane_change_must_begin_ahead_on_original_boards():
    #   units   2 3 4 5 6
    #   lane a  S | R   | G | F      a1 [2,4]
    #   lane b  S | B | Y   | F      b1 [2,3], b2 [3,5]
    lanes = ("S2 R2 G1 F2", "S2 B1 Y2 F2")
    anniversary = board(*lanes)
    original = board(*lanes, edition=Edition.ORIGINAL)
    # b1 -> a1: a1 reaches further (front 4 > 3) but begins level with b1 (back 2): R5
    # allows it, R17 does not (it is "simply left", not forward-left).
    assert step_ids(anniversary, "b1") == {"b2", "a1"}
    assert step_ids(original, "b1") == {"b2"}
    # a1 -> b2 begins at 3, ahead of a1's back 2: diagonal, a step under both.
    assert step_ids(anniversary, "a1") == {"a2", "b2"}
    assert step_ids(original, "a1") == {"a2", "b2"}
    # The start field spans all lanes: R17 leaves its steps alone.
    assert step_ids(original, "start") == step_ids(anniversary, "start") == {"a1", "b1"}


@pytest.mark.parametrize(("a", "b"), SIDEWAYS)
def test_r17_the_sideways_steps_of_the_old_classic_are_gone(a, b):
    old = board(*OLD_CLASSIC, finish=None, edition=Edition.ORIGINAL)
    under_r5 = board(*OLD_CLASSIC, finish=None, edition=Edition.ANNIVERSARY)
    assert b in step_ids(under_r5, a)  # R5 alone: the space beside reaches further
    assert b not in step_ids(old, a)  # R17: it does not begin ahead
    classic = load_board("classic").board
    assert b not in step_ids(classic, a)


def test_r17_every_lane_change_on_classic_is_one_square_forward_and_one_lane_over():
    classic = load_board("classic").board
    assert {s.front - s.back for s in classic.spaces} == {2}  # equal squares in rows
    changes = 0
    for space in classic.spaces[1:]:
        for target in classic.steps[space.index]:
            other = classic.spaces[target]
            if other.lanes != space.lanes:
                changes += 1
                assert abs(other.lane - space.lane) == 1
                assert other.back == space.front  # one square forward, touching at a corner
    assert changes == 102


@pytest.mark.parametrize(("name", "beside"), [("oval", ("a2", "b2")), ("long", ("a1", "b1"))])
def test_r17_leaves_the_anniversary_boards_on_r5(name, beside):
    b = load_board(name).board
    assert b.edition is Edition.ANNIVERSARY
    sideways = [
        (s.id, b.spaces[t].id)
        for s in b.spaces[1:]
        for t in b.steps[s.index]
        if b.spaces[t].lanes != s.lanes and b.spaces[t].back <= s.back
    ]
    # R5's front-edge rule keeps the steps to the space beside that reaches further (R17
    # would refuse them): oval a2 [4,5] -> b2 [4,6], long a1 [2,3] -> b1 [2,4].
    assert beside in sideways


def final_roll(roll: tuple[Colour, ...],
               reroll: tuple[tuple[int, ...], tuple[Colour, ...]] | None) -> tuple[Colour, ...]:
    """The roll after the extra roll replaced the dice it names: what the turn's log keeps
    (the first roll and the re-roll) gives back the dice the state holds (R13)."""
    dice = list(roll)
    for index, colour in zip(*(reroll or ((), ())), strict=True):
        dice[index] = colour
    return tuple(dice)

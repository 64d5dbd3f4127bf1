"""The computer drivers and hints: legal play, exact expectations, and chosen moves.

Positions are drawn on small boards (``builders``) so that the move each driver must pick
can be named exactly.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations, product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import B, G, P, R, W, Y, board, game, ids, play, state, where
from monza_tui.boardfile import load_board
from monza_tui.bots import LEVELS, Hint, hint, make_driver
from monza_tui.bots.expert import extra_roll_choice, path_choice, reroll_expectations
from monza_tui.bots.judge import Judge, mask_of
from monza_tui.bots.multisets import ALL, NONE, ROLLS6, SIZE, mid, reroll_outcomes
from monza_tui.bots.simple import reroll_indices
from monza_tui.bots.tables import best_reroll, tables_for
from monza_tui.engine import (
    COLOURS,
    BonusStep,
    Confirm,
    Edition,
    Game,
    KeepRoll,
    Phase,
    Place,
    Reroll,
    Roll,
    State,
    TakeBack,
    Tile,
    roll_dice,
)
from monza_tui.wording import word

MINI = load_board(str(Path(__file__).parent.parent / "data" / "mini.toml")).board


def drive(g: Game, levels: tuple[str, ...], seed: int, cap: int = 20_000) -> State:
    """A race with each seat driven by its level; every chosen action must be legal."""
    rng = random.Random(seed)
    drivers = [make_driver(level, random.Random(seed * 7 + i)) for i, level in enumerate(levels)]
    s = g.new_state()
    for _ in range(cap):
        if s.is_terminal():
            return s
        player = s.current_player()
        if player < 0:
            s = s.apply(Roll(roll_dice(rng, s.dice_to_roll())))
            continue
        action = drivers[player].choose(s)
        assert action in s.legal_actions(), (drivers[player].level, s.phase, action)
        s = s.apply(action)
    raise AssertionError("race did not end")


# Every level plays only legal actions ---------------------------------------------------


# An original-edition loop with two finish spaces (R9) and a middle lane ending in a tire;
# its last open space b7 reaches both finish spaces diagonally (R17).
ORIGINAL = board(
    "S2 W1 R2 G1 B2 Y1 W2*",
    "S2 P2 X1 Y1 G1 R1 B1 X2",
    "S2 G1 Y1 B3 P1 R1 P2*",
    edition=Edition.ORIGINAL,
    finish=None,
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    level=st.sampled_from(LEVELS),
    rival=st.sampled_from(LEVELS),
    pro=st.booleans(),
    bonus=st.booleans(),
    players=st.integers(2, 4),
    small=st.sampled_from(["mini", "original"]),
)
def test_every_level_plays_only_legal_actions(seed, level, rival, pro, bonus, players, small):
    levels = (level, *([rival] * (players - 1)))
    b = MINI if small == "mini" else ORIGINAL
    g = game(b, "RBGYPW"[:players], pro=pro, bonus=bonus, start_player=seed % players)
    end = drive(g, levels, seed)
    assert end.winners()  # R11: a race always has a winner


@pytest.mark.parametrize("name", ["oval", "long", "classic"])
def test_builtin_boards_expert_and_greedy_play_legally(name):
    b = load_board(name).board
    g = game(b, "RBG", pro=True, bonus=True, start_player=1)
    assert drive(g, ("expert", "greedy", "random"), seed=len(name)).winners()


def test_make_driver_levels_and_unknown_level():
    for level in LEVELS:
        assert make_driver(level, random.Random(1)).level == level
    with pytest.raises(ValueError, match="unknown driver level 'wizard'"):
        make_driver("wizard", random.Random(1))


def test_a_driver_plans_again_after_a_take_back():
    # The app may take a step back (R6); the driver must not replay its stale plan.
    b = board("S2 W1 R1 G1 B1 F2", "S2 Y4 F2")
    s = state(game(b, "RB"), roll="WRGBYP")
    driver = make_driver("greedy", random.Random(1))
    first = driver.choose(s)
    s = s.apply(first)
    s = s.apply(TakeBack())
    again = driver.choose(s)
    assert again == first
    s = s.apply(again)
    while True:
        action = driver.choose(s)
        assert action in s.legal_actions()
        s = s.apply(action)
        if isinstance(action, Confirm):
            break
    assert where(s)[0] == "finish"


# The extra roll's expectation is exact (R13) ----------------------------------------------


def brute_force(values: list[float], roll: tuple, dice: tuple[int, ...]) -> float:
    """Average of ``values`` over every ordered outcome of re-rolling ``dice`` of ``roll``."""
    total = 0.0
    count = 0
    for faces in product(COLOURS, repeat=len(dice)):
        new = list(roll)
        for index, colour in zip(dice, faces, strict=True):
            new[index] = colour
        total += values[mid(new)]
        count += 1
    return total / count


@pytest.fixture
def extra_state():
    g = game(MINI, "RB", pro=True, bonus=True)
    return state(g, phase=Phase.EXTRA_ROLL, roll="BBGPPW", positions=["start", "a2"])


def test_reroll_expectation_matches_all_ordered_outcomes(extra_state):
    s = extra_state
    values = Judge(s).roll_values(s.positions[0], mask_of(s.tiles[0]))
    expectations = reroll_expectations(values, mid(s.roll))
    checked = 0
    for size in (1, 2, 3):
        for dice in combinations(range(6), size):
            kept = mid([c for i, c in enumerate(s.roll) if i not in dice])
            assert expectations[kept] == pytest.approx(brute_force(values, s.roll, dice))
            checked += 1
    assert checked == 6 + 15 + 20


def test_expert_extra_roll_is_the_best_of_all_63_subsets(extra_state):
    s = extra_state
    judge = Judge(s)
    values = judge.roll_values(s.positions[0], mask_of(s.tiles[0]))
    best_dice, best = (), values[mid(s.roll)] + judge.extra_worth
    for size in range(1, 7):
        for dice in combinations(range(6), size):
            ev = brute_force(values, s.roll, dice)
            if ev > best + 1e-9:
                best_dice, best = dice, ev
    choice = extra_roll_choice(s)
    if best_dice:
        assert isinstance(choice.action, Reroll)
        kept = [c for i, c in enumerate(s.roll) if i not in choice.action.dice]
        best_kept = [c for i, c in enumerate(s.roll) if i not in best_dice]
        assert sorted(kept, key=lambda c: c.index) == sorted(best_kept, key=lambda c: c.index)
        assert choice.reroll_score == pytest.approx(best)
    else:
        assert choice.action == KeepRoll()


def test_expert_rerolls_in_the_rulebooks_turbo_example():
    # "Example: Turbo Roll": only red passes a2 and Bernd has no red tile, so he uses the
    # extra roll (R13). After the book's re-roll (red, blue) the expert goes further than the
    # book: with five tiles and two dice it reaches the finish (tiles do not count, R11).
    b = board(
        "S2 G1 R1 B1 G1 P1 W1 P1 B1 R3 F2",
        "S2 X2 G2 B1 G2 Y3 B1 F2",
        "S2 X2 B3 G2 R2 G2 F2",
    )
    g = game(b, "RG", pro=True)
    s = state(g, positions=["a1", "start"], phase=Phase.EXTRA_ROLL, roll="BBGPPW",
              tiles={0: "BGYPW"})
    h = hint(s)
    assert isinstance(h.actions[0], Reroll)
    assert word(h.reason).startswith("re-roll ") and word(h.reason).endswith("the car cannot move")
    s = play(s, "reroll 0,3", "roll RB")
    h = hint(s)
    assert word(h.reason) == "reaches the finish with 2 dice and uses 5 tiles"
    s = play(s, *[str(a) for a in h.actions])
    assert where(s)[0] == "finish"


def test_reroll_outcomes_are_a_distribution():
    for keep in (0, 5, 27, 100, 400):
        if SIZE[keep] < 6:
            ids_, probs = reroll_outcomes(keep)
            assert sum(probs) == pytest.approx(1.0)
            assert len(set(ids_)) == len(ids_)
            assert all(SIZE[i] == 6 for i in ids_)


def test_table_best_reroll_matches_brute_force():
    rng = random.Random(3)
    after = [rng.random() for _ in range(NONE)] + [float("inf")]
    low = best_reroll(after)
    for roll_colours in [(R, R, B, G, Y, W), (P, P, P, P, P, P)]:
        expected = min(
            brute_force(after, roll_colours, dice)
            for size in range(1, 4)
            for dice in combinations(range(6), size)
        )
        # best_reroll also weighs re-rolling 4-6 dice; with random values those rarely win,
        # so compare against the full minimum computed the multiset way.
        full = min(
            sum(p * after[i] for i, p in zip(*reroll_outcomes(k), strict=True))
            for k in range(NONE)
            if SIZE[k] < 6 and all(a <= b for a, b in zip(ALL[k], ALL[mid(roll_colours)],
                                                          strict=True))
        )
        assert low[mid(roll_colours)] == pytest.approx(full)
        assert low[mid(roll_colours)] <= expected + 1e-12


def test_reroll_indices_keep_the_named_dice():
    roll = (B, B, G, P, P, W)
    assert reroll_indices(roll, mid([B, P])) == (1, 2, 4, 5)
    assert reroll_indices(roll, mid([])) == (0, 1, 2, 3, 4, 5)


# The tables ---------------------------------------------------------------------------


def test_value_table_one_space_from_the_finish():
    # From a1 only the white finish is ahead: a turn moves iff some die is white (R7).
    b = board("S2 R1 F2")
    t = tables_for(b, False)
    p_white = 1 - (5 / 6) ** 6
    assert t.value[b.index_of("finish")] == 0
    assert t.value[b.index_of("a1")] == pytest.approx(1 / p_white)
    # From the start: red, then white in the same turn, or red now and white later.
    p_red = p_white
    both = 1 - 2 * (5 / 6) ** 6 + (4 / 6) ** 6
    red_only = p_red - both
    v_a1 = 1 / p_white
    expected = (1 + red_only * v_a1) / p_red
    assert t.value[b.index_of("start")] == pytest.approx(expected)


def test_a_tile_is_worth_turns_and_nothing_at_the_finish():
    t = tables_for(MINI, True)
    assert all(row[MINI.finishes[0]] == 0 for row in t.tile_value)
    assert all(row[MINI.start] > 0 for row in t.tile_value)
    assert t.extra_value[MINI.start] > 0


# Greedy -------------------------------------------------------------------------------

#   lane a  S | W | R | G | B | F      the long way: four dice, ends on b3
#   lane b  S | P |  R  |   G   | F    the short way: P, R, G, then the white finish
FORK = board("S2 W1 R1 G1 B1 Y1 P1 F2", "S2 P1 R2 G3 F2")


def test_greedy_takes_the_path_that_gets_furthest():
    # Lane a alone ends on b3 at best (the white die goes on a1); lane b reaches the white
    # finish. Of the finishing paths greedy takes the one with more dice (b1 a2 a3 b3).
    s = state(game(FORK, "RB"), roll="WRGPRG")
    driver = make_driver("greedy", random.Random(1))
    while s.phase is Phase.PLACING:
        s = s.apply(driver.choose(s))
    assert where(s)[0] == "finish"
    assert [ids(FORK, [p.space])[0] for p in s.last_turn.moves] == [
        "b1", "a2", "a3", "b3", "finish"
    ]


#   one lane  S | W | R | G | B | Y | F
LINE = board("S2 W1 R1 G1 B1 Y1 F2")


def test_greedy_keeps_a_tile_that_gets_no_further():
    # The yellow tile could go on a5, but the yellow die reaches a5 too (ties keep tiles).
    s = state(game(LINE, "RB", pro=True), roll="WRGBYP", tiles={0: "Y"})
    driver = make_driver("greedy", random.Random(1))
    while s.phase is Phase.PLACING:
        s = s.apply(driver.choose(s))
    assert s.tiles[0] == frozenset({Y})
    assert where(s)[0] == "a5"


def test_greedy_uses_a_tile_when_it_gets_further():
    # No green die: only the green tile passes a3 (R6: tiles are never compulsory).
    s = state(game(LINE, "RB", pro=True), roll="WRBYPP", tiles={0: "G"})
    driver = make_driver("greedy", random.Random(1))
    while s.phase is Phase.PLACING:
        s = s.apply(driver.choose(s))
    assert where(s)[0] == "a5"
    assert s.tiles[0] == frozenset()


# Expert -------------------------------------------------------------------------------

#   lane a  S | R | W | G | B | Y | F
#   lane b  S | X | W | G | B | Y | F      b1 is a tire: a car pushed off b2 goes to the start
PUSH = board("S2 R1 W1 G1 B1 Y1 F2", "S2 X1 W1 G1 B1 Y1 F2")


def test_expert_pushes_a_rival_back_when_equal_otherwise():
    # R, then white onto a2 or b2: the same front edge, the same track ahead. Blue stands on
    # b2; landing there pushes it back to the start (R8).
    s = state(game(PUSH, "RB"), roll="RWPPPP", positions=["start", "b2"])
    plan = path_choice(s).actions
    assert [ids(PUSH, [a.space])[0] for a in plan if isinstance(a, Place)] == ["a1", "b2"]
    s = play(s, *[str(a) for a in plan])
    assert where(s) == ("b2", "start")
    assert s.last_turn.pushed[0].to == PUSH.start
    # Greedy, with nothing to choose between the two, takes the first (no push).
    g = state(game(PUSH, "RB"), roll="RWPPPP", positions=["start", "b2"])
    driver = make_driver("greedy", random.Random(1))
    while g.phase is Phase.PLACING:
        g = g.apply(driver.choose(g))
    assert where(g) == ("a2", "b2")


#   lane a  S | W | R | G | B | F      five dice to the finish
#   lane b  S |      Y        | F      two dice: yellow, then the white finish
SHORTCUT = board("S2 W1 R1 G1 B1 F2", "S2 Y4 F2")


def test_expert_finishes_with_fewest_dice_in_the_final_round():
    # Blue finished this final round with three dice (R10, R11): red wins with two.
    s = state(
        game(SHORTCUT, "RB", start_player=1),
        player=0,
        roll="WRGBYW",
        positions=["start", "finish"],
        final_round=True,
        round_dice=[None, 3],
    )
    plan = path_choice(s).actions
    assert [ids(SHORTCUT, [a.space])[0] for a in plan if isinstance(a, Place)] == [
        "b1",
        "finish",
    ]
    s = play(s, *[str(a) for a in plan])
    assert s.is_terminal()
    assert s.winners() == (0,)


def test_expert_finishes_with_fewest_dice_even_when_no_rival_finished():
    s = state(game(SHORTCUT, "RB"), roll="WRGBYW", final_round=True)
    plan = path_choice(s).actions
    assert sum(isinstance(a, Place) for a in plan) == 2


def test_expert_finishes_on_tiles_in_the_final_round():
    # Pro: the yellow tile on b1, then one white die: one die placed, tiles do not count.
    s = state(
        game(SHORTCUT, "RB", pro=True, start_player=1),
        player=0,
        roll="WRGBPW",
        positions=["start", "finish"],
        tiles={0: "Y"},
        final_round=True,
        round_dice=[None, 2],
    )
    plan = path_choice(s).actions
    assert plan[0] == Place(Tile(Y), SHORTCUT.index_of("b1"))
    s = play(s, *[str(a) for a in plan])
    assert s.dice_used(0) == 1
    assert s.winners() == (0,)


def test_expert_takes_a_bonus_step_onto_the_finish():
    b = board("S2 R1 W1 F2")
    s = state(game(b, "RB", bonus=True), positions=["a2", "a1"], phase=Phase.BONUS)
    s = replace(s, bonus_player=0)
    assert hint(s).actions == (BonusStep(b.index_of("finish")),)


# Hints --------------------------------------------------------------------------------


def test_hint_gives_the_whole_remaining_path_and_a_reason():
    s = state(game(FORK, "RB"), roll="WRGPRG")
    h = hint(s)
    assert isinstance(h, Hint)
    assert h.actions[-1] == Confirm()
    assert [ids(FORK, [a.space])[0] for a in h.actions if isinstance(a, Place)] == [
        "b1",
        "b2",
        "b3",
        "finish",
    ]
    assert word(h.reason) == "reaches the finish with 4 dice"
    # Mid-path, the hint continues from the placed tokens.
    s = play(s, "P@b1")
    rest = hint(s).actions
    assert [ids(FORK, [a.space])[0] for a in rest if isinstance(a, Place)] == [
        "b2",
        "b3",
        "finish",
    ]


def test_hint_for_the_extra_roll_and_for_a_stuck_roll(extra_state):
    h = hint(extra_state)
    assert len(h.actions) == 1
    assert isinstance(h.actions[0], KeepRoll | Reroll)
    assert word(h.reason)
    stuck = state(game(SHORTCUT, "RB"), roll="RRRGGG")
    h = hint(stuck)
    assert h.actions == (Confirm(),)
    assert word(h.reason) == "no die fits: the car stays where it is (R7)"


def test_hint_mentions_a_kept_tile():
    s = state(game(FORK, "RB", pro=True), roll="WRGBYY", tiles={0: "Y"})
    reason = word(hint(s).reason)
    assert reason == "moves 5 spaces and uses no tile"


def test_the_hint_says_no_tile_is_used_not_how_many_are_kept():
    # The player holds all six tiles; the expert's path could have used some and uses
    # none. "keeps 5 tiles" read as "you have 5 tiles".
    from monza_tui.race.words import hint_text

    s = state(game(load_board("long").board, "YB", pro=True), roll="WYBGGG")
    assert len(s.unused_tiles()) == 6
    assert hint_text(s, hint(s)) == (
        "Hint: place 1 white, 2 yellow, 3 blue as numbered on the board, drive – moves 3 "
        "spaces and uses no tile")


def test_no_hint_at_chance():
    s = game(FORK, "RB").new_state()
    with pytest.raises(ValueError):
        hint(s)


def test_bonus_decline_when_no_step_is_better():
    # The bonus hint declines only when staying scores better; with a free step ahead and
    # no rival, it steps.
    b = board("S2 R1 W1 G1 F2")
    s = state(game(b, "RB", bonus=True), positions=["a1", "start"], phase=Phase.BONUS)
    s = replace(s, bonus_player=0)
    assert hint(s).actions == (BonusStep(b.index_of("a2")),)
    # Said as a player reads a place, never by the space's id (a2).
    assert word(hint(s).reason) == "a free step forward: 1st, 2 spaces to the finish"


def test_roll_values_cover_every_roll():
    g = game(MINI, "RB", pro=True)
    s = state(g, phase=Phase.EXTRA_ROLL, roll="RBGYPW")
    values = Judge(s).roll_values(0, mask_of(s.tiles[0]))
    assert all(values[m] > -float("inf") for m, _ in ROLLS6)


def test_turbo_rows_keep_the_ids_of_two_dice_and_a_slot_for_a_missing_die():
    # The turbo rolls two dice (R14): its rows hold the 28 multisets of at most two dice,
    # then INF for a die that is not there; they used to be as long as the six dice's
    # rows (925 values), a megabyte of unreachable ids. The values kept are the same: a
    # turbo from a1 towards the white finish moves with any white die.
    b = board("S2 R1 F2")
    t = tables_for(b, True)
    rows = [row for row in t.turbo_best if row is not None]
    assert rows and {len(row) for row in rows} == {29}
    assert all(row[28] == float("inf") for row in rows)
    white = mid([W])
    assert t.turbo_best[b.index_of("finish")][white] == 0.0
    assert t.turbo_best[b.index_of("a1")][white] == 0.0  # (it ends on the finish)
    assert len(t.best[b.index_of("a1")]) == NONE + 1

"""The lesson's script played through the engine: every action legal where it stands, and
each step doing what its words say (R5-R15), so that the guide never explains something
that did not happen."""

from __future__ import annotations

from monza_tui.engine import (
    BonusStep,
    Colour,
    Confirm,
    Die,
    Phase,
    Place,
    Reroll,
    Roll,
    State,
    TakeBack,
    Tile,
)
from monza_tui.learn.lesson import Lesson
from monza_tui.learn.script import LONG, OVAL, PARTS, Step, Watch
from monza_tui.race.pace import StepKind, next_step

PLAYER, COACH = 0, 1


def _steps(part_index: int) -> list[tuple[object, list[tuple[State, object, State]]]]:
    """Each entry with the (before, action, after) of its actions, through the engine."""
    lesson = Lesson(part_index)
    state = lesson.race_at(0).state
    found = []
    for entry, start in zip(lesson.part.entries, lesson.starts, strict=True):
        moves = []
        for action in lesson.actions[start : start + len(entry.do)]:
            assert state.is_legal(action), (entry.do, str(action))
            after = state.apply(action)
            moves.append((state, action, after))
            state = after
        found.append((entry, moves))
    return found


def _space(state: State, space_id: str) -> int:
    return state.board.index_of(space_id)


def test_every_action_is_played_by_whom_the_entry_says() -> None:
    """Who acts is the race core's pace policy (race.pace.next_step), as on the race
    screen: what the player watches happens by itself (the coach's moves and dice), and a
    step is the player's to decide, or their re-rolled or turbo dice rolling by themselves."""
    for index in range(len(PARTS)):
        lesson = Lesson(index)
        race = lesson.race_at(0)
        for entry, start in zip(lesson.part.entries, lesson.starts, strict=True):
            for action in lesson.actions[start : start + len(entry.do)]:
                step = next_step(race)
                if isinstance(entry, Watch):
                    assert step.player == COACH and step.by_itself, (str(action), step)
                else:
                    assert step.player == PLAYER, (str(action), step)
                    assert step.kind is StepKind.DECIDE or (
                        step.kind is StepKind.ROLL and race.state.phase is not Phase.ROLL
                    ), (str(action), step)
                race = race.apply(action)


def test_the_oval_meets_each_rule_in_order() -> None:
    steps = [(e, m) for e, m in _steps(0) if isinstance(e, Step)]
    # 1 the roll; 2 a die on a space of its colour, the only die that fits the start (R6)
    (_, roll_moves), (_, first) = steps[0], steps[1]
    assert isinstance(roll_moves[0][1], Roll)
    before, action, _ = first[0]
    assert isinstance(action, Place) and before.board.spaces[action.space].id == "b1"
    assert {before.board.spaces[s].colour for s in before.next_spaces()} == {
        Colour.WHITE, Colour.PURPLE}
    # 3 a lane change (lane 1 to lane 0), its front edge ahead (R5)
    before, action, _ = steps[2][1][0]
    origin, target = before.board.spaces[before.origin()], before.board.spaces[action.space]
    assert origin.lane != target.lane and target.front > origin.front
    # 5 the tire ahead: the only step is the lane change; the space beside ends level (R1, R5)
    before, action, _ = steps[4][1][0]
    board = before.board
    a4 = board.spaces[before.origin()]
    assert a4.id == "a4" and board.spaces[_space(before, "a5")].colour is None
    assert [board.spaces[s].id for s in before.next_spaces()] == ["b5"]
    assert board.spaces[_space(before, "b4")].front == a4.front
    # 6 the car ends on the coach's space: the coach is pushed back (R8)
    before, action, after = steps[5][1][-1]
    assert isinstance(action, Confirm)
    assert before.positions[COACH] == _space(before, "b6")
    assert after.positions[PLAYER] == _space(before, "b6")
    assert after.positions[COACH] == _space(before, "b5")
    assert after.last_turn is not None and after.last_turn.pushed
    # 8-10 a die placed, taken back (R6), then the other way
    _, placed = steps[7]
    assert isinstance(placed[0][1], Place)
    _, back = steps[8]
    assert isinstance(back[0][1], TakeBack) and back[0][2].path == ()
    # 11 no die fits though one is left: the move is over (R6)
    before, action, _ = steps[10][1][0]
    assert isinstance(action, Confirm) and before.unused_dice() and not before.die_fits()
    # 14 the final round: the coach reached the finish first (R10)
    before = steps[13][1][0][0]
    assert before.final_round and before.positions[COACH] in before.board.finishes
    # 15 fewest dice in the final round wins (R11)
    end = steps[14][1][-1][2]
    assert end.is_terminal() and end.winners() == (PLAYER,)
    assert (end.dice_used(PLAYER), end.dice_used(COACH)) == (5, 6)


def test_the_long_track_meets_tile_extra_roll_turbo_and_bonus() -> None:
    steps = [(e, m) for e, m in _steps(1) if isinstance(e, Step)]
    assert steps[0][1][0][2].phase is Phase.EXTRA_ROLL  # R13: the choice after the roll
    reroll = steps[1][1]
    assert isinstance(reroll[0][1], Reroll) and not reroll[-1][2].extra_rolls[PLAYER]
    before, action, after = steps[3][1][0]  # R12: a tile where no die fits
    assert isinstance(action, Place) and isinstance(action.token, Tile)
    assert before.board.spaces[action.space].colour not in {
        before.roll[i] for i in before.unused_dice()}
    assert Colour.RED not in after.tiles[PLAYER] or after.path[-1].token == Tile(Colour.RED)
    turbo = steps[4][1]  # R14: six dice placed, then the turbo roll
    assert sum(isinstance(p.token, Die) for p in turbo[-2][0].path) == 6
    assert turbo[-1][0].phase is Phase.TURBO_ROLL
    drive = steps[5][1][-1][2]  # R15: the last colour is the player's car
    assert drive.phase is Phase.BONUS and drive.bonus_player == PLAYER
    before, action, after = steps[6][1][0]
    assert isinstance(action, BonusStep)
    assert after.positions[PLAYER] == action.space


def test_each_part_ends_where_its_last_words_say() -> None:
    assert isinstance(OVAL.entries[-1], Step) and isinstance(LONG.entries[-1], Step)
    for index in range(len(PARTS)):
        lesson = Lesson(index)
        lesson.race_at(len(PARTS[index].entries))
        assert lesson.over

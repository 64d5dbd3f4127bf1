"""Actions: one text form each, read back exactly; text that is no action vs an action the
rules forbid are different errors (InvalidActionError vs IllegalActionError)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import advance, board, game, play, random_policy, state
from monza_tui.engine import (
    COLOURS,
    Action,
    BonusStep,
    Confirm,
    DeclineBonus,
    Die,
    IllegalActionError,
    InvalidActionError,
    KeepRoll,
    Phase,
    Place,
    Reroll,
    Roll,
    TakeBack,
    Tile,
    parse_action,
)

colours = st.sampled_from(COLOURS)
indices = st.integers(0, 999)
actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(Roll, st.lists(colours, min_size=1, max_size=6).map(tuple)),
    st.builds(Reroll, st.lists(st.integers(0, 5), min_size=1, max_size=6).map(tuple)),
    st.just(KeepRoll()),
    st.builds(Place, st.builds(Die, st.integers(0, 5)), indices),
    st.builds(Place, st.builds(Tile, colours), indices),
    st.just(TakeBack()),
    st.just(Confirm()),
    st.builds(BonusStep, indices),
    st.just(DeclineBonus()),
)


@settings(max_examples=200, deadline=None)
@given(actions)
def test_str_and_parse_action_round_trip(action: Action) -> None:
    text = str(action)
    assert parse_action(text) == action
    assert parse_action(f"  {text}\n") == action
    assert str(parse_action(text)) == text


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Roll((COLOURS[0], COLOURS[5], COLOURS[4])), "roll RWP"),
        (Reroll((0, 3)), "reroll 0,3"),
        (KeepRoll(), "keep"),
        (Place(Die(4), 2), "d4@2"),
        (Place(Tile(COLOURS[4]), 7), "tP@7"),
        (TakeBack(), "back"),
        (Confirm(), "go"),
        (BonusStep(12), "bonus@12"),
        (DeclineBonus(), "nobonus"),
    ],
)
def test_the_text_forms(action: Action, text: str) -> None:
    assert str(action) == text
    assert parse_action(text) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "GO",
        "roll",
        "roll XYZ",
        "roll RQ",
        "reroll",
        "reroll a,b",
        "reroll 1,",
        "d@3",
        "dx@3",
        "d1@",
        "d1@x",
        "t@3",
        "tRR@3",
        "tQ@3",
        "bonus@",
        "bonus@b2",
        "x1@2",
        "place d1 on 2",
        "d1@2@3",
    ],
)
def test_text_that_is_no_action_is_invalid(text: str) -> None:
    with pytest.raises(InvalidActionError, match="not an action"):
        parse_action(text)


def test_invalid_and_illegal_are_different_errors() -> None:
    assert not issubclass(InvalidActionError, IllegalActionError)
    assert not issubclass(IllegalActionError, InvalidActionError)
    assert issubclass(InvalidActionError, ValueError)
    assert issubclass(IllegalActionError, ValueError)


LINE = board("S2 R1 G1 B1 Y1 P1 W1 R1 F2")


def test_well_formed_but_illegal_actions_raise_illegal() -> None:
    g = game(LINE, "RB")
    rolling = g.new_state()
    with pytest.raises(IllegalActionError, match="chance rolls 6 dice"):
        rolling.apply(Confirm())
    with pytest.raises(IllegalActionError, match="chance rolls 6 dice"):
        rolling.apply(Roll(tuple(COLOURS[:2])))
    placing = state(g, roll="RGBYPW")
    cases: list[tuple[Action, str]] = [
        (Place(Die(0), 99), "no space 99"),
        (Place(Die(1), LINE.index_of("a1")), "die 1 is green, a1 is red"),
        (Place(Die(0), LINE.index_of("a2")), "not one forward step"),
        (Place(Tile(COLOURS[0]), LINE.index_of("a1")), "no red tile"),
        (Confirm(), "must go on"),
        (TakeBack(), "placing"),
        (Roll(tuple(COLOURS)), "placing"),
        (BonusStep(1), "placing"),
        (DeclineBonus(), "placing"),
        (KeepRoll(), "placing"),
        (Reroll((0,)), "placing"),
    ]
    for action, message in cases:
        with pytest.raises(IllegalActionError, match=message):
            placing.apply(action)
    done = play(state(g, positions=["start", "a7"], roll="WRRRRR", player=1), "W@finish")
    done = play(done, "go")
    assert done.phase is Phase.FINISHED
    with pytest.raises(IllegalActionError, match="race is over"):
        done.apply(Confirm())


def test_parsed_text_of_every_legal_action_is_accepted() -> None:
    g = game(LINE, "RBG", pro=True, bonus=True)
    rng = random.Random(5)
    s = g.new_state()
    seen: set[type] = set()
    while not s.is_terminal():
        if not s.is_chance():
            for action in s.legal_actions():
                assert parse_action(str(action)) == action
                assert s.is_legal(parse_action(str(action)))
                seen.add(type(action) if not isinstance(action, Place) else type(action.token))
        s = advance(s, rng, random_policy)
    assert {KeepRoll, Reroll, Die, Tile, Confirm} <= seen

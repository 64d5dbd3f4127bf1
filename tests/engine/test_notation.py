"""Notation: an action's text on a board names spaces by id and reads back exactly; text
that is no action on the board and an action the rules refuse are different errors."""

from __future__ import annotations

import random

import pytest

from builders import board, game, race, random_policy, sid, state
from monza_tui.engine import (
    Action,
    BonusStep,
    Confirm,
    Die,
    IllegalActionError,
    InvalidActionError,
    KeepRoll,
    Place,
    Reroll,
    Roll,
    State,
    Tile,
    action_text,
    parse_action_text,
)
from monza_tui.engine.colours import Colour

LINE = board("S2 R1 G1 B1 Y1 P1 W1 R1 F2", "S2 B1 Y1 R2 W1 G2 F2")


def test_spaces_are_named_by_id() -> None:
    a3 = sid(LINE, "a3")
    assert action_text(LINE, Place(Die(2), a3)) == "d2@a3"
    assert action_text(LINE, Place(Tile(Colour.PURPLE), sid(LINE, "b2"))) == "tP@b2"
    assert action_text(LINE, BonusStep(sid(LINE, "finish"))) == "bonus@finish"
    assert action_text(LINE, Roll((Colour.RED, Colour.WHITE))) == "roll RW"
    assert action_text(LINE, Reroll((0, 4))) == "reroll 0,4"
    assert action_text(LINE, KeepRoll()) == "keep"
    assert action_text(LINE, Confirm()) == "go"


def test_text_of_every_legal_action_reads_back_on_its_board() -> None:
    seen: set[str] = set()

    def checking(s: State, rng: random.Random) -> Action:
        for action in s.legal_actions():
            text = action_text(LINE, action)
            assert parse_action_text(LINE, text) == action
            assert parse_action_text(LINE, f" {text}\n") == action
            seen.add(text[0])
        return random_policy(s, rng)

    race(game(LINE, "RBG", pro=True, bonus=True), 11, policy=checking)
    assert {"d", "t", "k", "r", "g", "b", "n"} <= seen  # dice, tiles, keep, reroll, go, ...


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("d0@c9", "no space 'c9' on this board"),
        ("d0@", "no space '' on this board"),
        ("d0@3", "no space '3' on this board"),  # an index is not a space's name
        ("bonus@nowhere", "no space 'nowhere'"),
        ("dx@a1", "not an action"),
        ("fly", "not an action"),
        ("", "not an action"),
    ],
)
def test_text_that_is_no_action_on_the_board_is_invalid(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        parse_action_text(LINE, text)


def test_text_that_reads_but_is_not_legal_is_the_engines_error_naming_spaces() -> None:
    placing = state(game(LINE, "RB"), roll="RGBYPW")
    action = parse_action_text(LINE, "d1@a1")  # well formed: the engine decides
    assert action == Place(Die(1), sid(LINE, "a1"))
    with pytest.raises(IllegalActionError, match=r"^d1@a1: die 1 is green, a1 is red \(R6\)$"):
        placing.apply(action)
    with pytest.raises(IllegalActionError, match=r"^d0@a2: a2 is not one forward step"):
        placing.apply(parse_action_text(LINE, "d0@a2"))
    with pytest.raises(IllegalActionError, match=r"^d0@99: no space 99 on this board$"):
        placing.apply(Place(Die(0), 99))

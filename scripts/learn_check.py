"""The lesson's script checked and shown through the engine (docs/learn.md).

    .venv/bin/python scripts/learn_check.py
        every entry of the lesson, played by the engine: the spaces lit for the player at
        each placement (the alternatives the guide must steer away from), the action the
        step asks for, and the race log it produces (push-backs, the final round, the winner);
        exits 1 if an action is not legal where the script puts it.
    .venv/bin/python scripts/learn_check.py --moves oval b6 GRPWRY
        every complete move (R6) of a roll from a space, found by walking the engine's legal
        actions: how the fixed dice of a step were chosen (a roll whose move ends where the
        step needs it, e.g. on the coach's space for the push-back).

The tests (tests/learn/test_script.py) hold the script to the same engine.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from monza_tui.boardfile import load_board
from monza_tui.engine import Colour, Confirm, Game, Phase, Place, State
from monza_tui.learn.lesson import Lesson
from monza_tui.learn.script import PARTS, Step
from monza_tui.race.narrate import tell

NAMES = ["Player 1", "Coach"]


def show_lesson() -> int:
    for index, part in enumerate(PARTS):
        lesson = Lesson(index)
        state = lesson.race_at(0).state
        board = state.board
        print(f"== part {index + 1}: {part.board}, pro={part.pro}, bonus={part.bonus}")
        for entry, start in zip(part.entries, lesson.starts, strict=True):
            who = "STEP" if isinstance(entry, Step) else "watch"
            print(f"-- {who}: {entry.say[:90]}")
            for action in lesson.actions[start : start + len(entry.do)]:
                if isinstance(action, Place) and isinstance(entry, Step):
                    lit = sorted({board.spaces[a.space].id for a in state.legal_actions()
                                  if isinstance(a, Place)})
                    print(f"     lit {', '.join(lit)}")
                if not state.is_legal(action):
                    print(f"   ILLEGAL: {action} in {state.phase.value}")
                    return 1
                after = state.apply(action)
                for line in tell(state, action, after, NAMES):
                    print(f"   {line}")
                state = after
    return 0


def moves(board_name: str, space_id: str, letters: str) -> int:
    board_file = load_board(board_name)
    game = Game(board_file.board, (Colour.YELLOW, Colour.BLUE))
    board = board_file.board
    start = replace(
        game.new_state(),
        phase=Phase.PLACING,
        positions=(board.index_of(space_id), board.start),
        roll=tuple(Colour.from_letter(c) for c in letters.upper()),
    )
    found: set[tuple[str, ...]] = set()

    def walk(state: State, path: tuple[str, ...]) -> None:
        legal = state.legal_actions()
        if Confirm() in legal and path not in found:
            found.add(path)
            left = "".join(state.roll[i].letter for i in state.unused_dice())
            print(f"{' '.join(path) or '(no move)'}   left: {left or '-'}")
        seen = set()
        for action in legal:
            if isinstance(action, Place):
                key = (board.spaces[action.space].id, state.roll[action.token.index])  # type: ignore[union-attr]
                if key in seen:
                    continue
                seen.add(key)
                walk(state.apply(action), (*path, key[0]))

    walk(start, ())
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", nargs=3, metavar=("BOARD", "SPACE", "ROLL"))
    args = parser.parse_args()
    if args.moves:
        return moves(*args.moves)
    return show_lesson()


if __name__ == "__main__":
    sys.exit(main())

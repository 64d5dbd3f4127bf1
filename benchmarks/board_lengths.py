"""How many rounds a race lasts on each built-in board, with a simple greedy driver.

Why: the boards are tuned so that a 4-player race on the oval lasts about as many rounds
as a 15-minute table game (see docs/boards.md). This script is the measurement behind
that claim; it drives the real engine (push-back, final round, turbo and bonus included)
with one fixed, seeded driver so the numbers are reproducible:

* each turn the driver plays the complete move (R6) whose end space has the furthest
  front edge, found with :meth:`monza_tui.bots.search.MoveSearch.complete_moves`; ties go
  to more dice (a turbo roll, R14), then to fewer tiles; on reaching the finish, fewest
  dice (R11);
* accelerator tiles only in the pro variant (R12); the extra roll (R13) re-rolls the
  dice the best move leaves unused when that move places fewer than three dice;
* a bonus move (R15) is always taken, onto the free step with the furthest front edge.

Run ``.venv/bin/python benchmarks/board_lengths.py`` (300 races per row by default, about
two CPU minutes, most of it the pro rows: searching every use of six tiles is costly;
``--races 50`` or ``--variants basic bonus`` for a quick look).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from monza_tui.boardfile import BUILTIN, load_board
from monza_tui.bots.base import steps_actions
from monza_tui.bots.multisets import mid
from monza_tui.bots.search import Move, mask_of, search_for
from monza_tui.engine import (
    CHANCE,
    Board,
    BonusStep,
    DeclineBonus,
    Die,
    Game,
    KeepRoll,
    Phase,
    Place,
    Reroll,
    Roll,
    State,
    roll_dice,
)

VARIANTS: dict[str, tuple[bool, bool]] = {
    "basic": (False, False),
    "bonus": (False, True),
    "pro": (True, False),
    "pro+bonus": (True, True),
}
"""Variant name -> (pro, bonus)."""


def best_move(state: State) -> Move:
    """The greedy choice among every complete move of the dice in play."""
    board = state.board
    # Before the extra roll (R13) nothing is placed yet: every tile in hand counts.
    extra = state.phase is Phase.EXTRA_ROLL
    tiles = state.tiles[state.player] if extra else state.unused_tiles()
    outcomes = search_for(board).complete_moves(state.origin(), mid(state.roll), mask_of(tiles))

    def key(outcome: Move) -> tuple[int, int, int]:
        front = board.spaces[outcome.end].front
        dice = -outcome.dice if board.is_finish(outcome.end) else outcome.dice
        return (front, dice, -outcome.tiles.bit_count())

    return max(outcomes, key=key)


def extra_roll(state: State) -> Reroll | KeepRoll:
    """Re-roll the dice a poor best move leaves unused (R13); otherwise keep the roll."""
    best = best_move(state)
    if best.dice >= 3:
        return KeepRoll()
    used = {
        a.token.index
        for a in steps_actions(state, best.steps)
        if isinstance(a, Place) and isinstance(a.token, Die)
    }
    unused = tuple(i for i in range(len(state.roll)) if i not in used)
    return Reroll(unused) if unused else KeepRoll()


def bonus_step(state: State) -> BonusStep | DeclineBonus:
    """Always take the bonus step with the furthest front edge (R15)."""
    player = state.bonus_player
    assert player is not None
    steps = state.bonus_steps(player)
    if not steps:
        return DeclineBonus()
    return BonusStep(max(steps, key=lambda s: state.board.spaces[s].front))


def race(board: Board, players: int, pro: bool, bonus: bool, seed: int) -> int:
    """One seeded race with greedy drivers; the number of rounds it lasted."""
    rng = random.Random(seed)
    cars = board.edition.cars[:players]
    state = Game(board, cars, pro=pro, bonus=bonus).new_state()
    while not state.is_terminal():
        who = state.current_player()
        if who == CHANCE:
            state = state.apply(Roll(roll_dice(rng, state.dice_to_roll())))
        elif state.phase is Phase.EXTRA_ROLL:
            state = state.apply(extra_roll(state))
        elif state.phase in (Phase.PLACING, Phase.TURBO_PLACING):
            for action in steps_actions(state, best_move(state).steps):
                state = state.apply(action)
        else:
            state = state.apply(bonus_step(state))
    return state.round


def percentile(values: Sequence[int], fraction: float) -> float:
    """The nearest-rank percentile (p10, p90) of the measured rounds."""
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, int(fraction * len(ordered)))])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=300, help="races per row (300)")
    parser.add_argument("--players", type=int, default=4, help="cars per race (4)")
    parser.add_argument("--seed", type=int, default=1, help="first seed; race i uses seed+i")
    parser.add_argument("--boards", nargs="*", default=list(BUILTIN), help="boards or files")
    parser.add_argument(
        "--variants", nargs="*", default=list(VARIANTS), choices=list(VARIANTS),
    )
    args = parser.parse_args(argv)
    print(f"greedy drivers, {args.players} players, {args.races} races per row, "
          f"seeds {args.seed}..{args.seed + args.races - 1}")
    print(f"{'board':<10} {'variant':<10} {'mean':>6} {'p10':>5} {'p90':>5} {'secs':>6}")
    for name in args.boards:
        board = load_board(name).board
        if not board.edition.min_players <= args.players <= board.edition.max_players:
            print(f"{board.name:<10} races {board.edition.min_players}-"
                  f"{board.edition.max_players} cars (R2), not {args.players}")
            continue
        for variant in args.variants:
            pro, bonus = VARIANTS[variant]
            began = time.perf_counter()
            rounds = [
                race(board, args.players, pro, bonus, args.seed + i) for i in range(args.races)
            ]
            took = time.perf_counter() - began
            print(f"{board.name:<10} {variant:<10} {statistics.fmean(rounds):6.2f} "
                  f"{percentile(rounds, 0.1):5.0f} {percentile(rounds, 0.9):5.0f} {took:6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How long the computer drivers think, on the built-in boards (or any board file).

Why: a bot's decision must cost less than one repaint of the board in the app (the app's own
benchmark measures the repaint; the lead combines the two), and ``monza simulate`` of 1,000
four-player greedy races on the oval should take a few seconds per core. Times are CPU
seconds of this process (``time.process_time``), so other work on the machine disturbs
them less. Printed per board:

* ``tables``: building the expert's per-board tables, once per board and variant;
* ``expert decision``: the mean and the worst CPU time of every decision the expert takes
  in seeded two-player pro + bonus races against greedy: the extra roll (R13) with all 462
  rolls weighed, a whole path (R6, R14), a bonus step (R15); the first path of each turn
  includes planning, later steps are free;
* ``greedy race``: one whole four-player race of greedy drivers (basic game), engine
  included, and the same in the pro variant.

Run ``.venv/bin/python benchmarks/bots.py`` (``--races 5`` to be quicker, ``--board FILE``
for another board).

``--duel tile_weight=0.8`` instead plays the expert with that :class:`Style` against the
default expert on each board (two cars, pro + bonus, seats and start player swapped evenly)
and prints the first one's win share with its 95% interval: how the weights were tuned.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from monza_tui.boardfile import BUILTIN, load_board
from monza_tui.bots import make_driver
from monza_tui.bots.expert import ExpertDriver
from monza_tui.bots.judge import EXPERT, Style
from monza_tui.bots.tables import tables_for
from monza_tui.engine import Game, Phase, Roll, roll_dice, seeded_roll
from monza_tui.simulate import race_seed, wilson


def expert_decisions(board_ref: str, races: int) -> tuple[float, dict[str, list[float]]]:
    """Time the tables, then every expert decision in ``races`` races against greedy."""
    board = load_board(board_ref).board
    start = time.process_time()
    tables_for(board, True)
    table_time = time.process_time() - start
    times: dict[str, list[float]] = {"extra roll": [], "path": [], "bonus": []}
    cars = board.edition.cars[:2]
    for index in range(races):
        rng = random.Random(index)
        game = Game(board, cars, pro=True, bonus=True, start_player=index % 2)
        drivers = [make_driver("expert", random.Random(index)),
                   make_driver("greedy", random.Random(index))]
        state = game.new_state()
        while not state.is_terminal():
            player = state.current_player()
            if player < 0:
                state = state.apply(Roll(roll_dice(rng, state.dice_to_roll())))
                continue
            phase = state.phase
            fresh = not state.path
            begin = time.process_time()
            action = drivers[player].choose(state)
            spent = time.process_time() - begin
            if player == 0:
                if phase is Phase.EXTRA_ROLL:
                    times["extra roll"].append(spent)
                elif phase is Phase.BONUS:
                    times["bonus"].append(spent)
                elif fresh:
                    times["path"].append(spent)
            state = state.apply(action)
    return table_time, times


def greedy_race_time(board_ref: str, races: int, pro: bool) -> float:
    """Mean CPU seconds of one four-player greedy race (three on a two-car board)."""
    board = load_board(board_ref).board
    cars = board.edition.cars[:4]
    total = 0.0
    for index in range(races + 1):
        rng = random.Random(index)
        game = Game(board, cars, pro=pro, bonus=False, start_player=index % len(cars))
        drivers = [make_driver("greedy", random.Random(i)) for i in range(len(cars))]
        begin = time.process_time()
        state = game.new_state()
        while not state.is_terminal():
            player = state.current_player()
            if player < 0:
                state = state.apply(Roll(roll_dice(rng, state.dice_to_roll())))
            else:
                state = state.apply(drivers[player].choose(state))
        if index:  # the first race fills the per-board caches
            total += time.process_time() - begin
    return total / races


def duel(board_ref: str, style: Style, races: int) -> tuple[float, tuple[float, float]]:
    """Win share of an expert with ``style`` against the default expert."""
    board = load_board(board_ref).board
    wins = 0
    for index in range(races):
        seed = race_seed(2024, index)
        seat = index % 2  # the seat of the tried style
        game = Game(board, board.edition.cars[:2], pro=True, bonus=True,
                    start_player=(index // 2) % 2)
        styles = [style, EXPERT] if seat == 0 else [EXPERT, style]
        drivers = [ExpertDriver(random.Random(seed + k), styles[k]) for k in range(2)]
        state = game.new_state()
        while not state.is_terminal():
            player = state.current_player()
            if player < 0:
                state = state.apply(seeded_roll(seed, state))
            else:
                state = state.apply(drivers[player].choose(state))
        if seat in state.winners():  # a shared win counts for each winner, as in simulate
            wins += 1
    return wins / races, wilson(wins, races)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--races", type=int, default=20)
    parser.add_argument("--board", action="append", help="board name or file (repeatable)")
    parser.add_argument("--duel", metavar="NAME=VALUE,...", help="play a Style off (see above)")
    args = parser.parse_args()
    if args.duel:
        weights: dict[str, Any] = {}
        for item in args.duel.split(","):
            name, value = item.split("=")
            weights[name] = type(getattr(EXPERT, name))(float(value))  # int or float field
        style = Style(**weights)
        for ref in args.board or ["long"]:
            share, (low, high) = duel(ref, style, args.races)
            print(f"{ref}: {args.duel} against the default expert: {100 * share:.1f}% "
                  f"[{100 * low:.1f}%-{100 * high:.1f}%] of {args.races} races")
        return
    for ref in args.board or list(BUILTIN):
        table_time, times = expert_decisions(ref, args.races)
        print(f"{ref}: tables {1000 * table_time:.0f} ms (once per board and variant)")
        for kind, values in times.items():
            if values:
                print(
                    f"  expert {kind:<10} mean {1000 * statistics.fmean(values):6.1f} ms"
                    f"   worst {1000 * max(values):6.1f} ms   ({len(values)} decisions)"
                )
        basic = greedy_race_time(ref, args.races, pro=False)
        pro = greedy_race_time(ref, max(1, args.races // 2), pro=True)
        print(f"  greedy race (4 cars) basic {1000 * basic:.1f} ms, pro {1000 * pro:.1f} ms"
              f"  -> 1,000 basic races = {basic * 1000:.1f} s per core")


if __name__ == "__main__":
    main()

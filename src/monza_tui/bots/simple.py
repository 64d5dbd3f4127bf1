"""The two baseline drivers: ``random`` and ``greedy``.

They are the yardsticks the expert is measured against, so each does exactly what its name
says and nothing cleverer:

* ``random`` picks uniformly among :meth:`State.legal_actions`: take-backs, re-rolls of any
  dice, declining a bonus move included. It exists to exercise the rules, not to race.
* ``greedy`` plays the path that gets furthest this turn, measured by the front edge of the
  final space (R4); ties go to the path that keeps more tiles, then to more dice (a turbo
  roll, R14, gets further still). It takes the extra roll (R13) when re-rolling some dice
  gets the dice further *this turn* on average than keeping the roll, and always takes the
  bonus step (R15) with the furthest front edge.
"""

from __future__ import annotations

import random
from operator import mul

from monza_tui.bots.base import PlanningDriver, steps_actions
from monza_tui.bots.multisets import (
    ALL,
    NONE,
    ROLLS6,
    mid,
    reroll_outcomes,
    sub_multisets,
)
from monza_tui.bots.search import mask_of, search_for
from monza_tui.engine import (
    Action,
    BonusStep,
    Colour,
    DeclineBonus,
    KeepRoll,
    Reroll,
    State,
)


class RandomDriver:
    """Uniform over the legal actions."""

    level = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: State) -> Action:
        """Any legal action, each equally likely."""
        return self.rng.choice(state.legal_actions())


class GreedyDriver(PlanningDriver):
    """The furthest path this turn (see the module docstring)."""

    level = "greedy"

    def plan(self, state: State) -> list[Action]:
        """The furthest complete move from where the path stands now (R6)."""
        search = search_for(state.board)
        dice = mid([state.roll[i] for i in state.unused_dice()])
        mask = mask_of(state.unused_tiles())
        return steps_actions(state, search.furthest_path(state.origin(), dice, mask))

    def extra_roll(self, state: State) -> Action:
        """Re-roll the dice whose re-roll gives the furthest expected reach this turn, by the
        dice alone (with tiles the search per roll would be many times slower)."""
        search = search_for(state.board)
        search.trim()
        origin = state.origin()
        reach = [0.0] * (NONE + 1)
        for m, _ in ROLLS6:
            reach[m] = float(search.furthest(origin, m, 0))
        current = mid(state.roll)
        best_keep, best_value = current, reach[current]
        for keep in sub_multisets(current):
            if keep == current:
                continue
            ids, probs = reroll_outcomes(keep)
            value = sum(map(mul, probs, map(reach.__getitem__, ids)))
            if value > best_value + 1e-9:
                best_keep, best_value = keep, value
        if best_keep == current:
            return KeepRoll()
        return Reroll(reroll_indices(state.roll, best_keep))

    def bonus(self, state: State) -> Action:
        """The free step with the furthest front edge; decline only when there is none."""
        assert state.bonus_player is not None
        steps = state.bonus_steps(state.bonus_player)
        if not steps:
            return DeclineBonus()
        spaces = state.board.spaces
        return BonusStep(max(steps, key=lambda s: (spaces[s].front, -s)))


def reroll_indices(roll: tuple[Colour, ...], keep: int) -> tuple[int, ...]:
    """The dice of ``roll`` to re-roll so that the dice kept are the multiset ``keep``."""
    left = list(ALL[keep])
    chosen: list[int] = []
    for index, colour in enumerate(roll):
        if left[colour.index]:
            left[colour.index] -= 1
        else:
            chosen.append(index)
    return tuple(chosen)


__all__ = ["GreedyDriver", "RandomDriver", "reroll_indices"]

"""The luck of a roll: what it is worth against an average roll from the same place.

Measured on the expert's solo tables (:mod:`monza_tui.bots.tables`): ``best[s][m]`` is the
expected turns still to go after playing roll ``m`` from space ``s`` as well as possible
(turbo included, R14), so an average roll from ``s`` is worth the mean of that row over the
462 rolls and a roll's luck is the mean less its own entry. The tables know no rivals and
no tiles: luck is the dice alone, apart from what the player then made of them (that is
the decisions' loss), which is what tells bad luck from a bad choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul

from monza_tui.bots.multisets import ROLLS2, ROLLS6, mid, reroll_outcomes
from monza_tui.bots.tables import STUCK, Tables
from monza_tui.engine import Colour


class Luck:
    """The luck of the rolls on one board; the average roll of each space is kept."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self._mean: dict[tuple[bool, int], float | None] = {}

    def roll(self, space: int, roll: Sequence[Colour]) -> float:
        """The six dice rolled from ``space`` (R1)."""
        return self._against(False, space, mid(list(roll)))

    def turbo(self, space: int, roll: Sequence[Colour]) -> float:
        """The two turbo dice rolled on ``space`` (R14)."""
        return self._against(True, space, mid(list(roll)))

    def reroll(self, space: int, kept: Sequence[Colour], rolled: Sequence[Colour]) -> float:
        """The dice re-rolled (R13): against the average of the same re-roll, the dice kept
        being the player's choice, not luck."""
        row = self.tables.best[space]
        if row is None:
            return 0.0
        ids, probs = reroll_outcomes(mid(list(kept)))
        mean = sum(map(mul, probs, map(row.__getitem__, ids)))
        return _difference(mean, row[mid([*kept, *rolled])])

    def _against(self, turbo: bool, space: int, m: int) -> float:
        row = (self.tables.turbo_best if turbo else self.tables.best)[space]
        if row is None:
            return 0.0
        key = (turbo, space)
        if key not in self._mean:
            rolls = ROLLS2 if turbo else ROLLS6
            total = sum(p * row[r] for r, p in rolls)
            self._mean[key] = total if total < STUCK else None
        mean = self._mean[key]
        return 0.0 if mean is None else _difference(mean, row[m])


def _difference(mean: float, value: float) -> float:
    """Turns saved against the mean; none where either is "never reaches the finish"."""
    if not (mean < STUCK and value < STUCK):
        return 0.0
    return mean - value

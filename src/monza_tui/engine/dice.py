"""Dice as explicit chance outcomes (R1): every face equally likely, rolls as multisets.

The order in which dice land carries no information, so the distinct outcomes of ``n``
dice are the multisets of ``n`` colours (462 for six dice instead of 46,656 ordered rolls),
each with its multinomial probability (:func:`outcomes`, what ``State.chance_outcomes``
lists, like OpenSpiel's chance nodes). Which outcome chance picks in a race is
:func:`seeded_roll`, the one place a race's dice come from: the app, the record, its reader
and the simulator all call it, so a seed replays a whole race.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import TYPE_CHECKING

from monza_tui.engine.actions import Roll
from monza_tui.engine.colours import COLOURS, Colour

if TYPE_CHECKING:
    from monza_tui.engine.state import State

FACES = len(COLOURS)


def roll_dice(rng: random.Random, n: int) -> tuple[Colour, ...]:
    """Roll ``n`` dice with the caller's generator, so a seed replays a whole race (R1)."""
    return tuple(COLOURS[rng.randrange(FACES)] for _ in range(n))


def chance_rng(seed: int, state: State) -> random.Random:
    """The generator for the dice rolled in ``state``, fixed by the race's seed, the turn and
    the phase: a race resumed after an interruption rolls exactly the dice it would have
    rolled, and a reader can check every roll of a record against its seed."""
    return random.Random(f"monza/{seed}/{state.turn}/{state.phase.value}")


def seeded_roll(seed: int, state: State) -> Roll:
    """Chance's move in ``state`` for the race of ``seed``: the dice due now (six, the
    re-rolled ones, or the two turbo dice), drawn from :func:`chance_rng` (R1)."""
    return Roll(roll_dice(chance_rng(seed, state), state.dice_to_roll()))


def canonical(colours: tuple[Colour, ...]) -> tuple[Colour, ...]:
    """The sorted form of a roll: one representative per multiset."""
    return tuple(sorted(colours, key=lambda c: c.index))


@cache
def outcomes(n: int) -> tuple[tuple[tuple[Colour, ...], float], ...]:
    """Every distinct roll of ``n`` dice as ``(sorted colours, probability)``."""
    result = []
    for combo in combinations_with_replacement(COLOURS, n):
        counts = [combo.count(c) for c in COLOURS]
        ways = factorial(n) // prod(factorial(k) for k in counts)
        result.append((combo, ways / FACES**n))
    return tuple(result)

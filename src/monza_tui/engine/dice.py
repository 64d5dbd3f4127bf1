"""Dice as explicit chance outcomes (R1): every face equally likely, rolls as multisets.

The order in which dice land carries no information, so the distinct outcomes of ``n``
dice are the multisets of ``n`` colours (462 for six dice instead of 46,656 ordered rolls),
each with its multinomial probability.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

from monza_tui.engine.colours import COLOURS, Colour

FACES = len(COLOURS)


def roll_dice(rng: random.Random, n: int) -> tuple[Colour, ...]:
    """Roll ``n`` dice with the caller's generator, so a seed replays a whole race (R1)."""
    return tuple(COLOURS[rng.randrange(FACES)] for _ in range(n))


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

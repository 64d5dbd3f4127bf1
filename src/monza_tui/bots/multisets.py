"""Dice in hand as small integers, so the bots' tables are flat lists instead of dicts.

What a roll allows depends only on how many dice of each colour are in hand, never on their
order (R1), so every bot works on *multisets* of at most six dice: 924 of them (462 of
exactly six). Each gets an id; ``SUB[c][m]`` is the id after one die of colour ``c`` is
placed, or :data:`NONE` when ``m`` has no such die. Tables indexed by id carry one extra
slot at :data:`NONE` holding infinity, so a lookup through ``SUB`` needs no branch.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from monza_tui.engine.colours import COLOURS, Colour
from monza_tui.engine.dice import outcomes

Counts = tuple[int, ...]

ALL: tuple[Counts, ...] = tuple(
    tuple(combo.count(c) for c in range(len(COLOURS)))
    for size in range(7)
    for combo in combinations_with_replacement(range(len(COLOURS)), size)
)
"""Every multiset of 0 to 6 dice as a count per colour, smallest first."""

ID: dict[Counts, int] = {counts: i for i, counts in enumerate(ALL)}
NONE = len(ALL)
"""The id standing for "no such multiset" (one slot past the end of every table)."""
SIZE: tuple[int, ...] = tuple(sum(counts) for counts in ALL)
EMPTY = ID[(0,) * len(COLOURS)]


def _sub(colour: int) -> tuple[int, ...]:
    result = []
    for counts in ALL:
        if counts[colour]:
            fewer = (*counts[:colour], counts[colour] - 1, *counts[colour + 1 :])
            result.append(ID[fewer])
        else:
            result.append(NONE)
    return (*result, NONE)


SUB: tuple[tuple[int, ...], ...] = tuple(_sub(c) for c in range(len(COLOURS)))
"""``SUB[c][m]``: the multiset ``m`` less one die of colour ``c`` (``NONE`` if it has none)."""


def mid(colours: tuple[Colour, ...] | list[Colour]) -> int:
    """The id of some dice."""
    counts = [0] * len(COLOURS)
    for colour in colours:
        counts[colour.index] += 1
    return ID[tuple(counts)]


def add(a: int, b: int) -> int:
    """The id of two multisets put together (at most six dice in all)."""
    return ID[tuple(x + y for x, y in zip(ALL[a], ALL[b], strict=True))]


def sub_multisets(m: int) -> tuple[int, ...]:
    """Every multiset contained in ``m`` (``m`` itself and the empty one included)."""
    return _subs(m)


@cache
def _subs(m: int) -> tuple[int, ...]:
    found = {m}
    todo = [m]
    while todo:
        here = todo.pop()
        for c in range(len(COLOURS)):
            less = SUB[c][here]
            if less != NONE and less not in found:
                found.add(less)
                todo.append(less)
    return tuple(sorted(found))


ROLLS6: tuple[tuple[int, float], ...] = tuple((mid(c), p) for c, p in outcomes(6))
"""The 462 distinct rolls of six dice as ``(id, probability)``."""
ROLLS2: tuple[tuple[int, float], ...] = tuple((mid(c), p) for c, p in outcomes(2))
"""The 21 distinct turbo rolls (R14)."""


@cache
def reroll_outcomes(keep: int) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Keeping the dice ``keep`` and re-rolling the rest of six (R13): every resulting roll
    (ids) and its probability, as two parallel tuples for a fast weighted sum."""
    rolled = 6 - SIZE[keep]
    ids: list[int] = []
    probs: list[float] = []
    for colours, p in outcomes(rolled):
        ids.append(add(keep, mid(colours)))
        probs.append(p)
    return tuple(ids), tuple(probs)

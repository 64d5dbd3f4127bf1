"""Every complete move a roll allows, found without repeating work (for bots and hints).

A complete move (R6) is a path of dice and tiles that ends where no remaining die fits.
What matters about a move is its *outcome*: the end space, how many dice it used and which
tiles. The search is a depth-first walk memoised on ``(space, remaining dice, remaining
tiles)``, so no such node is explored twice however many orders of dice lead to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from monza_tui.engine.actions import Die, Place, Tile
from monza_tui.engine.board import Board
from monza_tui.engine.colours import COLOURS, Colour

Counts = tuple[int, ...]
"""Dice in hand as a count per colour, in :data:`COLOURS` order."""

Step = tuple[int, int, bool]
"""One step of a representative path: (colour index, space, whether a tile was used)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a complete move achieves, with one path that achieves it."""

    end: int
    dice: int
    """Dice used: all six earn the turbo roll (R14); fewer is better in the final round (R11)."""
    tiles: frozenset[Colour]
    """Accelerator tiles spent (R12)."""
    steps: tuple[Step, ...]

    @property
    def last_colour(self) -> Colour | None:
        """The colour of the last token: who is owed the bonus move (R15)."""
        return COLOURS[self.steps[-1][0]] if self.steps else None


def counts_of(colours: Iterable[Colour]) -> Counts:
    """The count vector of some dice."""
    counts = [0] * len(COLOURS)
    for colour in colours:
        counts[colour.index] += 1
    return tuple(counts)


def complete_moves(
    board: Board, origin: int, dice: Counts, tiles: frozenset[Colour] = frozenset()
) -> tuple[Outcome, ...]:
    """Every distinct outcome of a complete move from ``origin`` with these dice and tiles."""
    found = _explorer(board)(origin, dice, tiles)
    return tuple(Outcome(end, used, spent, steps) for (end, used, spent), steps in found.items())


def actions_for(
    outcome: Outcome, roll: tuple[Colour, ...], used: Iterable[int] = ()
) -> list[Place]:
    """The :class:`Place` actions that play ``outcome``'s path with the dice of ``roll``."""
    free: dict[Colour, list[int]] = {}
    taken = set(used)
    for index, colour in enumerate(roll):
        if index not in taken:
            free.setdefault(colour, []).append(index)
    actions: list[Place] = []
    for colour_index, space, is_tile in outcome.steps:
        colour = COLOURS[colour_index]
        token = Tile(colour) if is_tile else Die(free[colour].pop(0))
        actions.append(Place(token, space))
    return actions


_Key = tuple[int, int, frozenset[Colour]]


@cache
def _explorer(board: Board):  # type: ignore[no-untyped-def]
    """A memoised search for one board (boards are immutable, so the cache is safe)."""
    colour_of = [s.colour.index if s.colour is not None else -1 for s in board.spaces]
    steps = board.steps

    @cache
    def node(space: int, dice: Counts, tiles: frozenset[Colour]) -> dict[_Key, tuple[Step, ...]]:
        result: dict[_Key, tuple[Step, ...]] = {}
        die_fits = False
        for nxt in steps[space]:
            c = colour_of[nxt]
            if dice[c]:
                die_fits = True
                fewer = (*dice[:c], dice[c] - 1, *dice[c + 1 :])
                for (end, used, spent), rest in node(nxt, fewer, tiles).items():
                    result.setdefault((end, used + 1, spent), ((c, nxt, False), *rest))
            colour = COLOURS[c]
            if colour in tiles:
                for (end, used, spent), rest in node(nxt, dice, tiles - {colour}).items():
                    result.setdefault((end, used, spent | {colour}), ((c, nxt, True), *rest))
        # R6: the move may stop only where no die fits; tiles are never compulsory.
        if not die_fits:
            result.setdefault((space, 0, frozenset()), ())
        return result

    return node

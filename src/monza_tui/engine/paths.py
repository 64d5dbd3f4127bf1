"""Every complete move a roll allows, found without repeating work (for bots and hints).

A complete move (R6) is a path of dice and tiles that ends where no remaining die fits.
What matters about a move is its *outcome*: the end space, how many dice it used and which
tiles. The search walks nodes ``(space, remaining dice, remaining tiles)`` and expands each
node once, however many orders of dice lead to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

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
    """Every distinct outcome of a complete move from ``origin`` with these dice and tiles.

    A breadth-first walk over nodes ``(space, dice left, tiles left)``: each node is
    expanded once, however many orders of dice reach it, and remembers one way it was
    reached. A node where no die fits may end the move (R6) and gives an outcome.
    """
    colour_of = [s.colour.index if s.colour is not None else -1 for s in board.spaces]
    total = sum(dice)
    start: _Node = (origin, dice, tiles)
    parent: dict[_Node, tuple[_Node, Step] | None] = {start: None}
    frontier = [start]
    found: dict[_Key, _Node] = {}
    while frontier:
        following: list[_Node] = []
        for node in frontier:
            space, left, hand = node
            die_fits = False
            for nxt in board.steps[space]:
                c = colour_of[nxt]
                if left[c]:
                    die_fits = True
                    child: _Node = (nxt, (*left[:c], left[c] - 1, *left[c + 1 :]), hand)
                    if child not in parent:
                        parent[child] = (node, (c, nxt, False))
                        following.append(child)
                colour = COLOURS[c]
                if colour in hand:
                    child = (nxt, left, hand - {colour})
                    if child not in parent:
                        parent[child] = (node, (c, nxt, True))
                        following.append(child)
            # R6: the move may stop only where no die fits; tiles are never compulsory.
            if not die_fits:
                found.setdefault((space, total - sum(left), tiles - hand), node)
        frontier = following
    return tuple(
        Outcome(end, used, spent, _steps_to(parent, node))
        for (end, used, spent), node in found.items()
    )


def _steps_to(parent: dict[_Node, tuple[_Node, Step] | None], node: _Node) -> tuple[Step, ...]:
    steps: list[Step] = []
    link = parent[node]
    while link is not None:
        node, step = link
        steps.append(step)
        link = parent[node]
    return tuple(reversed(steps))


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
_Node = tuple[int, Counts, frozenset[Colour]]

"""Path searches whose answers depend on the board alone, cached for the whole process.

How far a roll can get and how few dice reach the finish do not depend on where the other
cars are, so one memo per board serves every turn of every race (a simulation of thousands
of races asks the same few thousand questions over and over). Keys are single integers,
``(space, dice multiset, tiles mask)`` packed, because hashing them is most of the cost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from monza_tui.bots.multisets import NONE, SUB
from monza_tui.engine.board import Board

Best = tuple[int, int, int]
"""(front edge of the end space, minus tiles placed, dice placed): bigger is further."""
Step = tuple[int, int | None]
"""One step of a path: the space, and the colour index of the tile placed (None: a die)."""

NO_FINISH = 99
""":meth:`BoardSearch.fewest_dice` when the finish is out of reach."""
MEMO_LIMIT = 400_000
"""Entries a memo may hold before it is emptied (about 80 MB; a long simulation with tiles
keeps meeting new combinations of dice and tiles)."""


def key(space: int, m: int, mask: int) -> int:
    """The packed memo key."""
    return ((space << 10) | m) << 6 | mask


class BoardSearch:
    """The board-only searches of one board (see the module docstring)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.colour = tuple(s.colour.index if s.colour is not None else -1 for s in board.spaces)
        self.front = tuple(s.front for s in board.spaces)
        self.finish = tuple(board.is_finish(s.index) for s in board.spaces)
        self._far: dict[int, tuple[Best, Step | None]] = {}
        self._few: dict[int, int] = {}

    def furthest(self, space: int, m: int, mask: int) -> tuple[Best, Step | None]:
        """The furthest complete move (R6) from ``space`` (a token or the car is there) with
        dice ``m`` and tiles ``mask``: its (front, -tiles, dice) and its first step."""
        k = key(space, m, mask)
        found = self._far.get(k)
        if found is not None:
            return found
        colour = self.colour
        steps = self.board.steps[space]
        best: Best = (-1, 0, 0)
        first: Step | None = None
        fits = False
        for nx in steps:
            less = SUB[colour[nx]][m]
            if less != NONE:
                fits = True
                (front, tiles, dice), _ = self.furthest(nx, less, mask)
                if (front, tiles, dice + 1) > best:
                    best, first = (front, tiles, dice + 1), (nx, None)
        if not fits:  # R6: stop only where no die fits
            best, first = (self.front[space], 0, 0), None
        if mask:  # tiles are never compulsory
            for nx in steps:
                c = colour[nx]
                if mask >> c & 1:
                    (front, tiles, dice), _ = self.furthest(nx, m, mask & ~(1 << c))
                    if (front, tiles - 1, dice) > best:
                        best, first = (front, tiles - 1, dice), (nx, c)
        found = (best, first)
        self._far[k] = found
        return found

    def furthest_path(self, space: int, m: int, mask: int) -> list[Step]:
        """The steps of :meth:`furthest`."""
        self.trim()
        path: list[Step] = []
        while True:
            _, step = self.furthest(space, m, mask)
            if step is None:
                return path
            path.append(step)
            space, tile = step
            if tile is None:
                m = SUB[self.colour[space]][m]
            else:
                mask &= ~(1 << tile)

    def fewest_dice(self, space: int, m: int, mask: int) -> int:
        """Fewest dice a complete move from ``space`` needs to reach the finish (R9, R11),
        or :data:`NO_FINISH`; tiles do not count."""
        if self.finish[space]:
            return 0
        k = key(space, m, mask)
        found = self._few.get(k)
        if found is not None:
            return found
        colour = self.colour
        steps = self.board.steps[space]
        best = NO_FINISH
        for nx in steps:
            less = SUB[colour[nx]][m]
            if less != NONE:
                best = min(best, 1 + self.fewest_dice(nx, less, mask))
            if mask >> colour[nx] & 1:
                best = min(best, self.fewest_dice(nx, m, mask & ~(1 << colour[nx])))
        self._few[k] = best
        return best

    def trim(self) -> None:
        """Empty a memo that has grown past :data:`MEMO_LIMIT` (answers are recomputed)."""
        if len(self._far) > MEMO_LIMIT:
            self._far.clear()
        if len(self._few) > MEMO_LIMIT:
            self._few.clear()


_T = TypeVar("_T")


class PerBoard(Generic[_T]):
    """A cache of one value per board object, looked up by identity.

    Boards are immutable, but hashing one walks every space; a bot asks for its tables
    thousands of times a second, so the cache keys on ``id(board)`` (the value keeps its
    board alive, so the id cannot be reused while cached) and holds a few boards at most.
    """

    def __init__(self, make: Callable[[Board], _T], size: int = 8) -> None:
        self._make = make
        self._size = size
        self._cache: dict[int, tuple[Board, _T]] = {}

    def __call__(self, board: Board) -> _T:
        found = self.cached(board)
        if found is not None:
            return found
        value = self._make(board)
        self.put(board, value)
        return value

    def cached(self, board: Board) -> _T | None:
        """The value of ``board`` if it was made already, else None (nothing is made)."""
        found = self._cache.get(id(board))
        return found[1] if found is not None and found[0] is board else None

    def put(self, board: Board, value: _T) -> None:
        """Remember ``value`` for ``board`` (made elsewhere, e.g. in another process)."""
        if len(self._cache) >= self._size:
            self._cache.pop(next(iter(self._cache)))
        self._cache[id(board)] = (board, value)


search_for: PerBoard[BoardSearch] = PerBoard(BoardSearch)
"""The searches of a board, one per board for the whole process."""


__all__ = ["NO_FINISH", "BoardSearch", "PerBoard", "search_for"]

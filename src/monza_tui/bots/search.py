"""The search core: complete moves (R6) over nodes ``(space, dice in hand, tiles in hand)``.

Every driver, the hints and the tests search the same graph: a node is the space the last
token lies on (or the car, at the start), the dice still in hand as a multiset id
(:mod:`monza_tui.bots.multisets`) and the accelerator tiles still in hand as a bit mask
(:func:`mask_of`). From a node a die may go onto any next space (R5) of its colour, a tile
likewise (R12); the move must go on while a die fits and may stop only where none does
(R6); tiles are never compulsory. This module is the one place that walks that graph:

* :meth:`MoveSearch.best` / :meth:`MoveSearch.path`: the best complete move for a score of
  its end node, memoised per node (the expert's judge, the greedy driver's "furthest", the
  fewest dice to the finish);
* :meth:`MoveSearch.priced_best`: the same with tiles *priced* instead of tracked, for the
  462 rolls of an extra roll (R13);
* :meth:`MoveSearch.complete_moves`: every distinct outcome (end, dice, tiles) with one
  path each (the tests check it against ``State.legal_actions``; benchmarks use it).

Why here and not in the engine: the engine says what is legal one token at a time
(``State.legal_actions``) and is the only judge of legality. This search is planning: it
numbers dice multisets, memoises across turns and races, and scores endings; the engine
stays pure and small, and the Hypothesis test in ``tests/bots/test_search.py`` holds this
search to the engine's answers. ``Tables`` (:mod:`.tables`) solves the same graph for all
multisets at once by sweeping backwards; it reads its steps from :attr:`MoveSearch.links`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from monza_tui.bots.multisets import NONE, SIZE, SUB
from monza_tui.engine.board import Board
from monza_tui.engine.colours import COLOURS, Colour

Step = tuple[int, int | None]
"""One step of a path: the space, and the colour index of the tile placed (None: a die)."""
Link = tuple[int, Sequence[int], int]
"""One step out of a space: the next space, the ``SUB`` row of its colour, its colour index."""
EndScore = Callable[[int, int, int], float]
"""The score of ending a move on ``space`` with dice ``m`` and tiles ``mask`` left unused."""
Memo = dict[int, tuple[float, Step | None]]
"""Per packed node (:func:`key`), its best score and the first step towards it."""

EPS = 1e-9
"""A step must beat the best so far by more than this to be chosen (the first one wins ties)."""
NO_FINISH = 99
""":meth:`MoveSearch.fewest_dice` when the finish is out of reach."""
MEMO_LIMIT = 400_000
"""Entries a board-wide memo may hold before it is emptied (about 80 MB; a long simulation
with tiles keeps meeting new combinations of dice and tiles)."""
_INF = float("inf")
_NO_ROW = (NONE,) * (NONE + 1)
"""The ``SUB`` row of a colourless space: no die fits it."""


def mask_of(colours: Iterable[Colour]) -> int:
    """The bit mask of a set of tile colours (bit ``c``: the tile of colour index ``c``)."""
    mask = 0
    for colour in colours:
        mask |= 1 << colour.index
    return mask


def colours_of(mask: int) -> frozenset[Colour]:
    """The tile colours of a bit mask."""
    return frozenset(c for c in COLOURS if mask >> c.index & 1)


def key(space: int, m: int, mask: int) -> int:
    """A node packed into one integer (hashing it is most of the cost of a memo)."""
    return ((space << 10) | m) << 6 | mask


@dataclass(frozen=True, slots=True)
class Move:
    """What a complete move achieves, with one path that achieves it."""

    end: int
    dice: int
    """Dice placed: all six earn the turbo roll (R14); fewer is better at the finish (R11)."""
    tiles: int
    """Accelerator tiles placed, as a mask (R12)."""
    steps: tuple[Step, ...]


class MoveSearch:
    """The searches of one board (see the module docstring)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        spaces = board.spaces
        self.colour: tuple[int, ...] = tuple(
            s.colour.index if s.colour is not None else -1 for s in spaces
        )
        self.front = tuple(s.front for s in spaces)
        self.finish = tuple(board.is_finish(s.index) for s in spaces)
        self.links: tuple[tuple[Link, ...], ...] = tuple(
            tuple((nx, SUB[self.colour[nx]] if self.colour[nx] >= 0 else _NO_ROW,
                   self.colour[nx]) for nx in board.steps[e])
            for e in range(len(spaces))
        )
        """Per space, its steps (R5) as :data:`Link`."""
        self._dice = tuple(
            tuple((nx << 16, nx, sub) for nx, sub, _ in here) for here in self.links
        )
        """Per space, its die steps for :meth:`_best`: the next space shifted into a node's
        key (:func:`key`), the space, its ``SUB`` row."""
        self._tiles = tuple(
            tuple((nx << 16, nx, c, 1 << c) for nx, _, c in here if c >= 0)
            for here in self.links
        )
        """Per space, its tile steps for :meth:`_best`: shifted space, space, colour, bit."""
        self._far: Memo = {}
        self._few: Memo = {}

    # The exact search ------------------------------------------------------------------

    def best(self, space: int, m: int, mask: int, end: EndScore, memo: Memo) -> float:
        """The best ``end`` score of a complete move (R6) from ``space`` with dice ``m`` and
        tiles ``mask``; ``memo`` remembers every node for :meth:`path` (one memo per
        ``end``). Die steps are tried before tile steps, and ties keep the first."""
        k = ((space << 10) | m) << 6 | mask
        found = memo.get(k)
        if found is not None:
            return found[0]
        return self._best(space, m, mask, end, memo, k)

    def _best(self, space: int, m: int, mask: int, end: EndScore, memo: Memo, k: int) -> float:
        # A child already in the memo is read here rather than through a call: most of
        # them are (many orders of the same dice meet in one node), and a Python call
        # costs more than the lookup.
        get = memo.get
        best = -_INF
        choice: Step | None = None
        fits = False
        for shifted, nx, sub in self._dice[space]:
            less = sub[m]
            if less != NONE:
                fits = True
                ck = shifted | less << 6 | mask
                found = get(ck)
                v = found[0] if found is not None else self._best(nx, less, mask, end, memo, ck)
                if v > best + EPS:
                    best, choice = v, (nx, None)
        if not fits:  # R6: the move may stop only where no die fits
            best = end(space, m, mask)
        if mask:  # tiles are never compulsory (R6)
            for shifted, nx, c, bit in self._tiles[space]:
                if mask & bit:
                    left = mask ^ bit
                    ck = shifted | m << 6 | left
                    found = get(ck)
                    v = found[0] if found is not None else self._best(nx, m, left, end, memo, ck)
                    if v > best + EPS:
                        best, choice = v, (nx, c)
        memo[k] = (best, choice)
        return best

    def path(self, space: int, m: int, mask: int, end: EndScore, memo: Memo) -> list[Step]:
        """The steps of :meth:`best`'s move."""
        self.best(space, m, mask, end, memo)
        steps: list[Step] = []
        while True:
            choice = memo[key(space, m, mask)][1]
            if choice is None:
                return steps
            steps.append(choice)
            space, tile = choice
            if tile is None:
                m = SUB[self.colour[space]][m]
            else:
                mask &= ~(1 << tile)

    def priced_best(
        self, space: int, rolls: Iterable[int], mask: int, end: EndScore,
        worth: Sequence[float], limit: int,
    ) -> list[float]:
        """For each dice multiset of ``rolls`` (the result's index), the best ``end`` score
        of a complete move from ``space`` when the tiles of ``mask`` are *priced* instead of
        tracked: placing one costs ``worth[c]``, at most ``limit`` per path, and nothing
        stops a colour being placed twice. The search state loses the tiles (with six in
        hand, 64 times fewer nodes), so the expert weighs all 462 rolls of an extra roll
        (R13) in milliseconds; ``end`` is called with ``mask`` itself."""
        dice_steps, tile_steps = self._dice, self._tiles
        memo: dict[int, float] = {}
        get = memo.get

        def search(space: int, m: int, used: int, k: int) -> float:
            # A node's key is :func:`key`'s with the tiles placed instead of the mask.
            # Children already in the memo are read without a call (see _best).
            best = -_INF
            fits = False
            for shifted, nx, sub in dice_steps[space]:
                less = sub[m]
                if less != NONE:
                    fits = True
                    ck = shifted | less << 6 | used
                    v = get(ck)
                    if v is None:
                        v = search(nx, less, used, ck)
                    if v > best:
                        best = v
            if not fits:
                best = end(space, m, mask)
            if mask and used < limit:
                for shifted, nx, c, bit in tile_steps[space]:
                    if mask & bit:
                        ck = shifted | m << 6 | (used + 1)
                        v = get(ck)
                        if v is None:
                            v = search(nx, m, used + 1, ck)
                        v -= worth[c]
                        if v > best:
                            best = v
            memo[k] = best
            return best

        values = [-_INF] * (NONE + 1)
        for m in rolls:
            k = space << 16 | m << 6
            found = get(k)
            values[m] = found if found is not None else search(space, m, 0, k)
        return values

    # Board-only questions, memoised for the whole process ------------------------------

    def _far_end(self, space: int, m: int, mask: int) -> float:
        # (front edge, tiles kept, dice placed) in one number: further, then fewer tiles
        # spent, then more dice (a turbo roll, R14).
        return self.front[space] * 256 + mask.bit_count() * 16 + 8 - SIZE[m]

    def furthest(self, space: int, m: int, mask: int) -> int:
        """The front edge (R4) of the furthest complete move from ``space`` with dice ``m``
        and tiles ``mask``."""
        return int(self.best(space, m, mask, self._far_end, self._far)) >> 8

    def furthest_path(self, space: int, m: int, mask: int) -> list[Step]:
        """The furthest complete move: furthest front edge, then fewest tiles, then most
        dice."""
        self.trim()
        return self.path(space, m, mask, self._far_end, self._far)

    def _finish_end(self, space: int, m: int, mask: int) -> float:
        return SIZE[m] if self.finish[space] else -NO_FINISH

    def fewest_dice(self, space: int, m: int, mask: int) -> int:
        """Fewest dice a complete move from ``space`` needs to reach the finish (R9, R11),
        or :data:`NO_FINISH`; tiles do not count."""
        most_left = self.best(space, m, mask, self._finish_end, self._few)
        return NO_FINISH if most_left < 0 else SIZE[m] - int(most_left)

    def trim(self) -> None:
        """Empty a memo that has grown past :data:`MEMO_LIMIT` (answers are recomputed)."""
        if len(self._far) > MEMO_LIMIT:
            self._far.clear()
        if len(self._few) > MEMO_LIMIT:
            self._few.clear()

    # Every complete move ---------------------------------------------------------------

    def complete_moves(self, space: int, m: int, mask: int) -> tuple[Move, ...]:
        """Every distinct outcome (end space, dice placed, tiles placed) of a complete move
        from ``space`` with dice ``m`` and tiles ``mask``, each with one path.

        A breadth-first walk in which each node is expanded once, however many orders of
        dice reach it, remembering one way it was reached; a node where no die fits may
        end the move (R6) and gives an outcome."""
        start = key(space, m, mask)
        parent: dict[int, tuple[int, Step] | None] = {start: None}
        todo = deque([(space, m, mask)])
        found: dict[tuple[int, int, int], int] = {}
        while todo:
            here, left, hand = todo.popleft()
            node = key(here, left, hand)
            fits = False
            for nx, sub, c in self.links[here]:
                less = sub[left]
                if less != NONE:
                    fits = True
                    self._reach(parent, node, (nx, less, hand), (nx, None), todo)
                if hand >> c & 1:
                    self._reach(parent, node, (nx, left, hand & ~(1 << c)), (nx, c), todo)
            if not fits:
                found.setdefault((here, SIZE[m] - SIZE[left], mask & ~hand), node)
        return tuple(
            Move(end, dice, tiles, _steps_to(parent, node))
            for (end, dice, tiles), node in found.items()
        )

    @staticmethod
    def _reach(
        parent: dict[int, tuple[int, Step] | None], node: int, child: tuple[int, int, int],
        step: Step, todo: deque[tuple[int, int, int]],
    ) -> None:
        k = key(*child)
        if k not in parent:
            parent[k] = (node, step)
            todo.append(child)


def _steps_to(parent: dict[int, tuple[int, Step] | None], node: int) -> tuple[Step, ...]:
    steps: list[Step] = []
    link = parent[node]
    while link is not None:
        node, step = link
        steps.append(step)
        link = parent[node]
    return tuple(reversed(steps))


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


search_for: PerBoard[MoveSearch] = PerBoard(MoveSearch)
"""The search of a board, one per board for the whole process (its memos included)."""


__all__ = [
    "NO_FINISH",
    "Move",
    "MoveSearch",
    "PerBoard",
    "Step",
    "colours_of",
    "mask_of",
    "search_for",
]

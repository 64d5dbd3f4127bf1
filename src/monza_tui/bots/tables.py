"""Per-board tables: how many turns a car needs from each space, and what tiles are worth.

The expert's currency is the *expected number of turns to reach the finish* from a space,
``value[s]``. It is solved exactly for a car racing alone that always plays the complete move
(R6) minimising that same number, by value iteration over single turns: every step goes
strictly forward (R5), so solving the spaces from the finish backwards settles each one in a
single pass. A turn from ``s`` rolls one of the 462 distinct six-dice rolls; a roll that fits
no step leaves the car where it is (R7), which is what makes the equation

    value[s] = (1 + sum over moving rolls p * best[roll]) / (1 - p(no move))

With ``turbo`` (pro variant) a move that places all six dice continues with the 21 two-dice
rolls (R14). The same sweep with one accelerator tile kept in hand, or the extra-roll tile,
gives what holding that tile is worth (``tile_value``, ``extra_value``; R12, R13), in turns.

Per space ``best[e][m]`` is the value after a token was just placed on ``e`` with the dice
``m`` still in hand (see :mod:`monza_tui.bots.multisets`): the minimum over the steps a die
of ``m`` fits, or, when none fits, the value of stopping on ``e``. Building one table is a
few list operations per space; the tables are cached per board and variant.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Callable, Sequence
from operator import mul

from monza_tui.bots.multisets import (
    EMPTY,
    NONE,
    ROLLS2,
    ROLLS6,
    SIZE,
    SUB,
    reroll_outcomes,
)
from monza_tui.bots.search import PerBoard, mask_of, search_for
from monza_tui.engine.board import Board, SpaceKind
from monza_tui.engine.colours import COLOURS, Colour

INF = float("inf")
Row = Sequence[float]
"""Expected turns per dice multiset (indexed by multiset id)."""
Rows = list["array[float] | None"]
"""A row per space, ``None`` where none is solved; rows are kept as arrays of doubles (8
bytes a number rather than a float object's 24 and a pointer: a quarter of the memory)."""
_Lists = list[list[float] | None]
"""Rows while the sweeps run (a list hands out its floats without making new ones)."""
STUCK = 1e4
"""The value of a space from which no finish can be reached: very many turns."""
_SMALL = 28
"""Multisets of at most two dice are the first 28 ids (the turbo phase needs no more)."""
_SUB_SMALL = tuple(tuple(_SMALL if m == NONE else m for m in sub[:_SMALL]) for sub in SUB)
"""``SUB`` for the turbo's rows: a die that is not there (``NONE``) is their last slot."""
_NO_ALTERNATIVE: Row = (INF,) * (NONE + 1)
"""No tile in hand: nothing to use instead of the dice."""


class Tables:
    """The solved tables of one board (see the module docstring)."""

    SOLVED = ("value", "turbo_value", "best", "turbo_best", "tile_value", "extra_value",
              "steps_left")
    """The attributes the sweeps compute (what :mod:`.prebuild` carries between processes)."""

    def __init__(self, board: Board, turbo: bool, *, solve: bool = True) -> None:
        self.board = board
        self.turbo = turbo
        spaces = board.spaces
        search = search_for(board)
        self.colour: tuple[int, ...] = search.colour
        self.order: tuple[int, ...] = tuple(
            sorted(
                (s.index for s in spaces if s.kind is not SpaceKind.BLOCKED),
                key=lambda i: -spaces[i].front,
            )
        )
        self.links = search.links
        """Per space, its steps (R5) as (space, ``SUB`` row of its colour, colour index)."""
        self._landing: dict[int, dict[int, float]] = {}
        self._turbo: dict[int, list[tuple[int, float]]] = {}
        self._finish: dict[tuple[int, frozenset[Colour]], tuple[float, ...]] = {}
        self.value: list[float]
        self.turbo_value: list[float]
        self.best: Rows
        self.turbo_best: Rows
        """``turbo_best[s][m]``, as ``best`` for the turbo's dice: ids of at most two dice
        only (the first :data:`_SMALL`: the turbo rolls two, R14), then INF for a die
        that is not there (``NONE``'s slot); its rows used to be as long as ``best``'s,
        every longer id unreachable (a megabyte of the race's memory)."""
        self.tile_value: tuple[tuple[float, ...], ...]
        """``tile_value[c][s]``: turns saved by holding the accelerator tile of colour ``c``."""
        self.extra_value: tuple[float, ...]
        """``extra_value[s]``: turns saved by holding the extra-roll tile."""
        self.steps_left: tuple[int, ...]
        """Fewest forward steps (R5) from each space to a finish."""
        if not solve:
            return  # the caller sets the SOLVED attributes (see .prebuild)
        self.value, self.turbo_value, best, turbo_best = self._solve_base()
        self.tile_value = tuple(self._solve_tile(best, c) for c in range(len(COLOURS)))
        self.extra_value = self._solve_extra(best)
        self.best, self.turbo_best = _compact(best), _compact(turbo_best)
        # A space no move leads on from (only possible off the cars' paths, e.g. where a
        # push-back lands) gets a large finite value, so scores never meet inf - inf.
        self.value = [v if v < STUCK else STUCK for v in self.value]
        self.steps_left = self._steps_left()

    # The sweeps --------------------------------------------------------------------

    def _nexts(self, e: int, ready: Sequence[object]) -> list[tuple[int, int]]:
        return [(nx, self.colour[nx]) for nx in self.board.steps[e] if ready[nx] is not None]

    @staticmethod
    def _gather(
        arrays: Sequence[Row | None], colours: list[int], subs: Sequence[Sequence[int]]
    ) -> list[float]:
        """Elementwise minimum over the steps of ``array[SUB[c][m]]``: the best die placement
        for every multiset ``m`` at once (``subs`` is ``SUB`` or its short turbo form)."""
        size = len(subs[0])
        if not arrays:
            return [INF] * size
        gathered: list[list[float]] = []
        for a, c in zip(arrays, colours, strict=True):
            assert a is not None
            gathered.append(list(map(a.__getitem__, subs[c])))
        if len(gathered) == 1:
            return gathered[0]
        return list(map(min, *gathered))

    def _solve_base(
        self,
    ) -> tuple[list[float], list[float], _Lists, _Lists]:
        """The sweep with no tile in hand."""
        return self._sweep(lambda e, nexts, colours: (_NO_ALTERNATIVE, _NO_ALTERNATIVE))

    def _solve_tile(self, base: _Lists, tile: int) -> tuple[float, ...]:
        """The sweep with the accelerator tile ``tile`` in hand: it may stand in for a die of
        its colour anywhere (never in the turbo, R14); once placed, the base tables apply."""

        def by_tile(e: int, nexts: list[tuple[int, int]], colours: list[int]) -> tuple[Row, Row]:
            tiles = [base[nx] for nx, c in nexts if c == tile]
            row: Row
            if not tiles:
                row = _NO_ALTERNATIVE
            elif len(tiles) == 1:
                row = tiles[0]  # type: ignore[assignment]
            else:
                row = list(map(min, *tiles))  # type: ignore[arg-type]
            return row, row

        return self._saved(self._sweep(by_tile)[0])

    def _solve_extra(self, base: _Lists) -> tuple[float, ...]:
        """The sweep with the extra-roll tile in hand (R13): each turn the better of keeping
        the roll and the best re-roll, by exact expectation over the re-rolled dice."""
        value = self.value

        def rerolled(e: int, nexts: list[tuple[int, int]], colours: list[int]) -> tuple[Row, Row]:
            spent = self._gather([base[nx] for nx, _ in nexts], colours, SUB)
            return best_reroll([d if d < INF else value[e] for d in spent]), _NO_ALTERNATIVE

        return self._saved(self._sweep(rerolled)[0])

    def _saved(self, held: list[float]) -> tuple[float, ...]:
        """Turns a tile saves from each space: the base value less the value holding it."""
        return tuple(
            max(0.0, a - b) if b < INF else 0.0 for a, b in zip(self.value, held, strict=True)
        )

    def _sweep(
        self,
        alternative: Callable[[int, list[tuple[int, int]], list[int]], tuple[Row, Row]],
    ) -> tuple[list[float], list[float], _Lists, _Lists]:
        """One backward sweep from the finish (value iteration in the track's order):
        expected turns from each space with the dice of a roll, where ``alternative`` gives,
        per space, what a held tile could do instead for each roll (for the space's value,
        and for the rows of the spaces behind)."""
        spaces = self.board.spaces
        n = len(spaces)
        held = [INF] * n
        turbo_value = [INF] * n
        best: _Lists = [None] * n
        turbo_best: _Lists = [None] * n
        for e in self.order:
            if spaces[e].kind is SpaceKind.FINISH:
                held[e] = turbo_value[e] = 0.0
                best[e] = [*([0.0] * NONE), INF]
                turbo_best[e] = [*([0.0] * _SMALL), INF]
                continue
            nexts = self._nexts(e, best)
            colours = [c for _, c in nexts]
            for_value, for_row = alternative(e, nexts, colours)
            dice = self._gather([best[nx] for nx, _ in nexts], colours, SUB)
            fits = [(p, min(dice[m], for_value[m])) for m, p in ROLLS6 if dice[m] < INF]
            stuck = [(p, for_value[m]) for m, p in ROLLS6 if dice[m] == INF]
            v = _solve_stay(1.0, fits, stuck)
            held[e] = v
            if self.turbo:
                tdice = self._gather([turbo_best[nx] for nx, _ in nexts], colours, _SUB_SMALL)
                turbo_value[e] = sum(p * (tdice[m] if tdice[m] < INF else v) for m, p in ROLLS2)
                turbo_best[e] = [*(d if d < INF else v for d in tdice), INF]
            else:
                turbo_value[e] = v
            row = [
                (d if d < t else t) if d < INF else (v if v < t else t)
                for d, t in zip(dice, for_row, strict=True)
            ]
            row[EMPTY] = min(turbo_value[e], for_row[EMPTY])
            row[NONE] = INF
            best[e] = row
        return held, turbo_value, best, turbo_best

    def _steps_left(self) -> tuple[int, ...]:
        steps = self.board.steps
        left = [1 << 30] * len(steps)
        for e in self.order:
            if self.board.is_finish(e):
                left[e] = 0
            else:
                left[e] = min((left[nx] + 1 for nx in steps[e]), default=1 << 30)
        return tuple(left)

    # Queries -----------------------------------------------------------------------

    def finish_dice(self, space: int, tiles: frozenset[Colour]) -> tuple[float, ...]:
        """``[d]``: the chance that a car on ``space`` holding ``tiles`` reaches the finish
        next turn with at best ``d`` dice (R11), d = 0..6 (turbo finishes not counted)."""
        key = (space, tiles)
        cached = self._finish.get(key)
        if cached is not None:
            return cached
        odds = [0.0] * 7
        search = search_for(self.board)
        search.trim()
        mask = mask_of(tiles)
        for m, p in ROLLS6:
            fewest = search.fewest_dice(space, m, mask)
            if fewest <= 6:
                odds[fewest] += p
        result = tuple(odds)
        self._finish[key] = result
        return result

    def landing(self, origin: int) -> dict[int, float]:
        """Where a car on ``origin`` ends its next turn, with probabilities, when it plays
        the table's own policy (turbo included): used to judge the risk of being pushed."""
        cached = self._landing.get(origin)
        if cached is not None:
            return cached
        dist: dict[int, float] = {}
        get = dist.get
        for m, p in ROLLS6:
            end, rest = self._follow(origin, m, self.best)
            if self.turbo and rest == EMPTY and end != origin:
                for final, p2 in self._turbo_ends(end):
                    dist[final] = get(final, 0.0) + p * p2
            else:
                dist[end] = get(end, 0.0) + p
        self._landing[origin] = dist
        return dist

    def _turbo_ends(self, space: int) -> list[tuple[int, float]]:
        """Where each of the 21 turbo rolls (R14) from ``space`` ends under the table's
        policy, with its probability, in :data:`ROLLS2` order. Many rolls of many origins
        end their dice on the same space, so this is kept per space."""
        found = self._turbo.get(space)
        if found is None:
            found = [(self._follow(space, m2, self.turbo_best)[0], p2) for m2, p2 in ROLLS2]
            self._turbo[space] = found
        return found

    def _follow(self, space: int, m: int, tables: Rows) -> tuple[int, int]:
        """Where the table's own policy (each die onto the step of least value) takes dice
        ``m`` from ``space``, and the dice left."""
        links = self.links
        while True:
            choice = -1
            low = INF
            rest = m
            for nx, sub, _ in links[space]:
                sm = sub[m]
                row = tables[nx]
                if sm != NONE and row is not None and row[sm] < low:
                    low, choice, rest = row[sm], nx, sm
            if choice < 0:
                return space, m
            space, m = choice, rest


def _compact(rows: _Lists) -> Rows:
    """The rows as arrays of doubles (the same values, a quarter of the memory)."""
    return [None if row is None else array("d", row) for row in rows]


def best_reroll(after: Sequence[float]) -> list[float]:
    """For every six-dice roll, the lowest expected value a re-roll of some of its dice can
    reach (R13), given ``after[m]``, the value of playing roll ``m`` (lower is better).

    Exact expectation over every multiset of re-rolled dice; the minimum over the dice kept
    runs over the lattice of sub-multisets, so each keep-set is weighed once, not once per
    roll that contains it. Re-rolling no die is not a re-roll: it is left out.
    """
    full = NONE + 1
    expect = [INF] * full
    for keep in range(NONE):
        if SIZE[keep] < 6:
            ids, probs = reroll_outcomes(keep)
            expect[keep] = sum(map(mul, probs, map(after.__getitem__, ids)))
    low = [INF] * full
    for m in range(NONE):  # ids are ordered by size, so every sub-multiset comes first
        here = expect[m]
        for sub in SUB:
            less = sub[m]
            if less != NONE and low[less] < here:
                here = low[less]
        low[m] = here
    return low


def _solve_stay(
    turn: float, moving: list[tuple[float, float]], stuck: list[tuple[float, float]]
) -> float:
    """Solve ``x = turn + sum p*v (moving) + sum p*min(x, alt) (stuck)`` for ``x``.

    A roll that fits no die leaves the car where it is (R7), unless an alternative ``alt``
    (a tile, a re-roll) does better than staying; ``x`` appears on both sides. The right
    side is increasing with slope below one, so there is one solution: try the stuck rolls
    whose alternative beats ``x``, cheapest first.
    """
    base = turn + sum(p * v for p, v in moving)
    options = sorted(stuck, key=lambda pv: pv[1])
    rest = sum(p for p, _ in options)
    taken = 0.0
    previous = -INF
    for p, alt in options:
        if rest < 1.0:
            x = (base + taken) / (1.0 - rest)
            if previous <= x <= alt:
                return x
        if alt == INF:
            break
        taken += p * alt
        rest -= p
        previous = alt
    if rest < 1.0 - 1e-12:
        return (base + taken) / (1.0 - rest)
    return INF


_TABLES: dict[bool, PerBoard[Tables]] = {
    turbo: PerBoard(lambda board, turbo=turbo: Tables(board, turbo), size=4)  # type: ignore[misc]
    for turbo in (False, True)
}


_BUILDING: dict[tuple[int, bool], threading.Event] = {}
"""Tables being solved elsewhere (:mod:`.prebuild`), by ``(id(board), turbo)``: set when done."""


def tables_for(board: Board, turbo: bool) -> Tables:
    """The tables of a board, with or without the turbo roll (R14: the pro variant).

    If a child process is solving them already (the app's warm-up), wait for it rather than
    solve them a second time here (a bot's first step or a hint, in a worker thread)."""
    cache = _TABLES[turbo]
    found = cache.cached(board)
    if found is not None:
        return found
    building = _BUILDING.get((id(board), turbo))
    if building is not None:
        building.wait(_WAIT_FOR_CHILD)
    return cache(board)


def tables_ready(board: Board, turbo: bool) -> bool:
    """Whether the tables of a board are built (by the app's warm-up, a bot or a hint):
    work that can wait for them, as a hint thought out ahead, never builds them in the
    app's interpreter (most of a second of pure Python)."""
    return _TABLES[turbo].cached(board) is not None


_WAIT_FOR_CHILD = 30.0
"""Seconds to wait for tables being solved in a child process before solving them here."""

"""The expert's judgement of one turn: a score for every way the turn can end.

Scores are in *turns* (see :mod:`monza_tui.bots.tables`), higher is better for the player
judged, so that progress, push-backs, risk and tiles are weighed in one currency:

    score = - value[my final space]                     (progress)
            + sum over rivals w_r * (value[rival after] - value[rival before])
                                                         (push-back R8, a rival's bonus R15)
            - P(a rival lands on my space) * (value[where I'd be pushed] - value[here])
            + worth of the tiles I keep (R12) [+ the extra-roll tile, R13]

A final space on the finish scores ``WIN`` plus the estimated share of the win, which
depends on the dice placed this turn (R11): rivals already at the finish with fewer dice
beat it, rivals still to move this round may finish with fewer. In the final round (R10)
every other ending loses, so it scores ``LOSS`` plus the usual terms.

The best path for a roll is the search core's (:mod:`monza_tui.bots.search`) over (space,
dice in hand, tiles in hand), scored by :meth:`Judge.terminal` and memoised for the whole
decision, so weighing all 462 rolls for an extra roll shares almost all of the work.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from monza_tui.bots.multisets import ROLLS2, ROLLS6, SIZE
from monza_tui.bots.search import Memo, Step, mask_of, search_for
from monza_tui.bots.tables import Tables, tables_for
from monza_tui.engine import Phase, State, push_back_target

WIN = 1000.0
LOSS = -1000.0


@dataclass(frozen=True)
class Style:
    """The expert's tunable weights (``benchmarks/bots.py --duel`` plays them off)."""

    tile_weight: float = 0.8
    """Share of a tile's solo value (``Tables.tile_value``) counted when keeping it: the
    tiles of a set stand in for each other, so each is worth less than alone."""
    risk_weight: float = 1.0
    """Weight of the expected loss from being pushed back before the next turn (R8)."""
    extra_weight: float = 1.0
    """Share of the extra-roll tile's value (``Tables.extra_value``) counted when keeping it."""
    relaxed_tiles: int = 1
    """Most tiles one path may place when the 462 rolls of an extra roll are weighed."""


EXPERT = Style()
FEWER_DICE = 1e-3
"""Tie-break at the finish: fewer dice, even when no rival can tell (R11)."""
_REACH = 14
"""Most spaces a car can cover in one turn: six dice, six tiles, two turbo dice."""


class Judge:
    """Scores the endings of one turn for one player, in one state (see module docstring)."""

    def __init__(self, state: State, me: int | None = None, style: Style = EXPERT) -> None:
        game = state.game
        self.state = state
        self.board = game.board
        self.tables: Tables = tables_for(game.board, game.pro)
        self.value = self.tables.value
        self.me = state.player if me is None else me
        self.final = state.final_round
        n = game.players
        board = self.board
        self.finished_before = frozenset(
            p for p, s in enumerate(state.positions) if board.is_finish(s)
        )
        here = state.positions[self.me]
        self.rivals = tuple(r for r in range(n) if r != self.me)
        racing = [r for r in self.rivals if r not in self.finished_before]
        self.weight = _threat_weights(racing, [self.value[state.positions[r]] for r in racing])
        self.style = style
        keep = 0.0 if self.final else style.tile_weight
        self.tile_worth = tuple(keep * row[here] for row in self.tables.tile_value)
        extra = 0.0 if self.final else style.extra_weight
        self.extra_worth = extra * self.tables.extra_value[here]
        # Who still moves in this round after the player whose turn it is (R10).
        self.later = tuple(later_players(state))
        self.mask_worth = tuple(
            sum(self.tile_worth[c] for c in range(6) if mask >> c & 1) for mask in range(64)
        )
        self._final: dict[tuple[int, bool, int], tuple[float, bool]] = {}
        self._turbo: dict[int, tuple[float, float]] = {}
        self._risk: dict[tuple[int, ...], float] = {}
        self.search = search_for(game.board)
        self._node: Memo = {}
        self._tnode: Memo = {}
        self.turbo_phase = state.phase is Phase.TURBO_PLACING
        self.placed_already = bool(state.path) or self.turbo_phase

    # The end of a turn ----------------------------------------------------------------

    def final_score(self, end: int, placed: bool, dice: int) -> tuple[float, bool]:
        """Score of my car ending the turn on ``end`` after placing ``dice`` dice (``placed``:
        whether any token was placed, which decides push-back and bonus); and whether it
        reached the finish."""
        key = (end, placed, dice)
        cached = self._final.get(key)
        if cached is not None:
            return cached
        result = self._final_score(end, placed, dice)
        self._final[key] = result
        return result

    def _final_score(self, end: int, placed: bool, dice: int) -> tuple[float, bool]:
        state, board, me = self.state, self.board, self.me
        spaces = board.spaces
        positions = list(state.positions)
        positions[me] = end
        if placed and not spaces[end].holds_many:  # R8, once, on the final space
            for r in self.rivals:
                if positions[r] == end:
                    positions[r] = push_back_target(board, tuple(positions), r)
                    break
        game = state.game
        colour = spaces[end].colour if placed else None
        if game.bonus and colour is not None and colour in game.cars:  # R15
            owner = game.cars.index(colour)
            free = _free_steps(board, positions, owner)
            if free:
                if owner == me:
                    here_score = self.standing(positions, dice)
                    for step in free:
                        positions[me] = step
                        if self.standing(positions, dice) > here_score:
                            here_score = self.standing(positions, dice)
                            end = step
                    positions[me] = end
                else:
                    positions[owner] = min(free, key=lambda s: (self.value[s], -s))
        return self.standing(positions, dice), board.is_finish(positions[me])

    def standing(self, positions: list[int], dice: int) -> float:
        """The score of the cars standing at ``positions`` once my turn is over."""
        board = self.board
        here = positions[self.me]
        if board.is_finish(here):
            return WIN + self.win_share(positions, dice) - FEWER_DICE * dice
        value = self.value
        before = self.state.positions
        progress = -value[here]
        for r, w in self.weight.items():
            progress += w * (value[positions[r]] - value[before[r]])
        if self.final:
            return LOSS + progress
        return progress - self.risk(positions)

    def risk(self, positions: Sequence[int]) -> float:
        """Expected turns lost by being pushed back before my next turn (R8)."""
        if self.final:
            return 0.0
        # Many endings of a turn leave the cars in the same places (one final space
        # reached with more or fewer dice): the risk is kept per placing of the cars.
        key = tuple(positions)
        found = self._risk.get(key)
        if found is None:
            found = self._risk[key] = self._risk_of(key)
        return found

    def _risk_of(self, positions: tuple[int, ...]) -> float:
        board, me = self.board, self.me
        here = positions[me]
        if board.spaces[here].holds_many:
            return 0.0
        chance = 0.0
        for r in self.rivals:
            if not board.is_finish(positions[r]):
                chance += self.tables.landing(positions[r]).get(here, 0.0)
        if chance <= 0.0:
            return 0.0
        to = push_back_target(board, positions, me)
        return self.style.risk_weight * min(1.0, chance) * (self.value[to] - self.value[here])

    def win_share(self, positions: Sequence[int], dice: int) -> float:
        """My estimated share of the win with my car at the finish after ``dice`` dice (R11)."""
        state, board = self.state, self.board
        share = 1.0
        for r in self.rivals:
            if board.is_finish(positions[r]):
                theirs = state.round_dice[r] or 0
                if theirs < dice:
                    return 0.0
                if theirs == dice:
                    share *= 0.5
            elif r in self.later:
                fewer, same = self.finish_odds(r, positions[r], dice)
                share *= max(0.0, 1.0 - fewer - 0.5 * same)
        return share

    def finish_odds(self, player: int, space: int, dice: int) -> tuple[float, float]:
        """Chance that ``player``'s car on ``space`` reaches the finish in its next turn with
        fewer dice than ``dice``, and with exactly as many."""
        if self.tables.steps_left[space] > _REACH:
            return 0.0, 0.0
        odds = self.tables.finish_dice(space, self.state.tiles[player])
        fewer = sum(odds[:dice])
        same = odds[dice] if dice < len(odds) else 0.0
        return fewer, same

    # Turbo (R14) ------------------------------------------------------------------------

    def turbo_expect(self, end: int, mask: int) -> float:
        """Expected score of the turbo roll from ``end`` (two dice, dice only) with the tiles
        ``mask`` kept. The tiles cannot be placed in the turbo (R14), and their worth is the
        same for every ending off the finish while any finish outscores them all, so the
        turbo is solved once per space: the expectation without tiles, plus their worth
        times the chance of ending off the finish."""
        cached = self._turbo.get(end)
        if cached is None:
            expect = off = 0.0
            for m, p in ROLLS2:
                score = self.turbo_best(end, m, 0)
                expect += p * score
                if score < WIN / 2:
                    off += p
            cached = (expect, off)
            self._turbo[end] = cached
        return cached[0] + cached[1] * self.mask_worth[mask]

    def turbo_best(self, space: int, m: int, mask: int) -> float:
        """Best score placing turbo dice ``m`` from ``space`` (a token already lies there)."""
        return self.search.best(space, m, mask, self.turbo_end, self._tnode)

    def turbo_end(self, space: int, m: int, mask: int) -> float:
        """Score of ending the turbo on ``space`` with turbo dice ``m`` left (R14)."""
        score, done = self.final_score(space, True, 8 - SIZE[m])
        return score if done else score + self.mask_worth[mask]

    def turbo_path(self, space: int, m: int) -> list[Step]:
        """The best turbo path from ``space`` with dice ``m`` (tiles kept: none are placed)."""
        return self.search.path(space, m, 0, self.turbo_end, self._tnode)

    # Placing (R5, R6) ---------------------------------------------------------------------

    def best(self, space: int, m: int, mask: int) -> float:
        """Best score of the rest of a placing phase: the last token lies on ``space`` (or
        the car, at the start), dice ``m`` and tiles ``mask`` are in hand."""
        return self.search.best(space, m, mask, self.terminal, self._node)

    def terminal(self, space: int, m: int, mask: int) -> float:
        """Score of stopping the placing phase on ``space`` with dice ``m`` left unused."""
        if self.turbo_phase:
            return self.turbo_end(space, m, mask)
        if self.tables.turbo and SIZE[m] == 0:
            return self.turbo_expect(space, mask)
        placed = self.placed_already or space != self.state.positions[self.me]
        score, done = self.final_score(space, placed, 6 - SIZE[m])
        return score if done else score + self.mask_worth[mask]

    def path(self, space: int, m: int, mask: int) -> list[Step]:
        """The best path from ``space`` with dice ``m`` and tiles ``mask``."""
        return self.search.path(space, m, mask, self.terminal, self._node)

    def roll_values(self, space: int, mask: int) -> list[float]:
        """The best score for every six-dice roll from ``space`` (index: multiset id) with
        the tiles ``mask`` in hand, tiles priced rather than tracked
        (:meth:`MoveSearch.priced_best`: at most :attr:`Style.relaxed_tiles` a path, each
        costing its worth). It weighs the rolls of an extra roll (R13); a path is always
        chosen by the exact :meth:`best`."""
        ends: dict[int, float] = {}
        terminal = self.terminal

        def end(space: int, m: int, mask: int) -> float:
            # With the tiles priced the mask stays the one in hand, so an ending depends
            # on the space and the number of dice left only.
            k = (space << 3) | SIZE[m]
            found = ends.get(k)
            if found is None:
                found = ends[k] = terminal(space, m, mask)
            return found

        rolls = [m for m, _ in ROLLS6]
        return self.search.priced_best(
            space, rolls, mask, end, self.tile_worth, self.style.relaxed_tiles
        )


def later_players(state: State) -> list[int]:
    """Players who still have a turn in this round after the player whose turn it is (R10)."""
    game = state.game
    later: list[int] = []
    p = state.player
    while True:
        p = (p + 1) % game.players
        if p == game.start_player:
            return later
        later.append(p)


def _free_steps(board: object, positions: list[int], owner: int) -> list[int]:
    """Steps for a bonus move (R15): forward, onto a space no car stands on."""
    spaces = board.spaces  # type: ignore[attr-defined]
    taken = set(positions)
    return [
        s
        for s in board.steps[positions[owner]]  # type: ignore[attr-defined]
        if spaces[s].holds_many or s not in taken
    ]


def _threat_weights(racing: list[int], values: list[float]) -> dict[int, float]:
    """How much each rival's progress counts against mine: the rival closest to the finish
    counts most; the weights add up to one, so in a two-car race the rival counts fully."""
    if not racing:
        return {}
    low = min(values)
    raw = [math.exp(-(v - low)) for v in values]
    total = sum(raw)
    return {r: w / total for r, w in zip(racing, raw, strict=True)}


__all__ = ["EXPERT", "LOSS", "WIN", "Judge", "Step", "Style", "mask_of"]

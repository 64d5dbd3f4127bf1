"""A turn: its phases, the record of what happened in it, and how a state moves on once
:meth:`State.apply <monza_tui.engine.state.State.apply>` has accepted an action.

:mod:`~monza_tui.engine.state` answers the questions (who acts, what is legal, who won);
this module carries out what an accepted action leads to: the roll lands (R13, R14), the
car drives (R7), a car is pushed back (R8), the final round begins (R10), the bonus step
is owed or taken (R15), and the turn passes on. Every function takes a state and returns
a new one; none checks legality again.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from monza_tui.engine.actions import Die, Tile, Token
from monza_tui.engine.board import Board, SpaceKind
from monza_tui.engine.colours import Colour

if TYPE_CHECKING:
    from monza_tui.engine.state import State

_T = TypeVar("_T")

DICE = 6
"""Dice rolled at the start of every turn."""
TURBO_DICE = 2
"""Dice of the turbo roll (R14)."""


class Phase(enum.Enum):
    """The steps of a turn, in the order they happen."""

    ROLL = "roll"
    """Chance rolls the six dice."""
    EXTRA_ROLL = "extra roll"
    """Pro: the player may use the extra-roll tile on some dice (R13); chance re-rolls them."""
    PLACING = "placing"
    """The player places dice and tiles step by step, may take back, then confirms (R6)."""
    TURBO_ROLL = "turbo roll"
    """All six dice were placed: chance rolls two dice (R14)."""
    TURBO_PLACING = "turbo placing"
    """The player places the two turbo dice, dice only (R14)."""
    BONUS = "bonus move"
    """The owner of the car of the last colour may step it forward or decline (R15)."""
    FINISHED = "finished"
    """The final round is over (R10); :meth:`State.winners` names the winners (R11)."""


@dataclass(frozen=True, slots=True)
class Placement:
    """A die or tile placed on a space; ``colour`` is the space's (and the token's)."""

    token: Token
    space: int
    colour: Colour


@dataclass(frozen=True, slots=True)
class Push:
    """A car pushed back (R8): whose car, from where, to where."""

    player: int
    origin: int
    to: int


@dataclass(frozen=True, slots=True)
class BonusResult:
    """A bonus move owed (R15): whose car, from where, and where to (None: not taken)."""

    player: int
    origin: int
    to: int | None


@dataclass(frozen=True, slots=True)
class TurnLog:
    """Everything that happened in one turn, as the game record writes it."""

    turn: int
    round: int
    player: int
    roll: tuple[Colour, ...] = ()
    """The six dice as first rolled."""
    reroll: tuple[tuple[int, ...], tuple[Colour, ...]] | None = None
    """The extra roll (R13): which dice, and what they came up with."""
    moves: tuple[Placement, ...] = ()
    turbo_roll: tuple[Colour, ...] | None = None
    turbo_moves: tuple[Placement, ...] = ()
    pushed: tuple[Push, ...] = ()
    bonus: BonusResult | None = None
    positions: tuple[int, ...] = ()
    """Every car's space after the whole turn (empty while the turn is in progress)."""

    @property
    def dice_placed(self) -> int:
        """Dice placed this turn, turbo dice included, tiles not (R11)."""
        return sum(isinstance(p.token, Die) for p in self.moves + self.turbo_moves)

    @property
    def last_colour(self) -> Colour | None:
        """The colour of the last die or tile placed this turn (R15)."""
        placed = self.turbo_moves or self.moves
        return placed[-1].colour if placed else None


# How a state moves on ------------------------------------------------------------------


def rolled(state: State, colours: tuple[Colour, ...]) -> State:
    """After chance rolled: the six dice, the turbo dice (R14) or the extra roll (R13)."""
    if state.phase is Phase.ROLL:
        log = replace(state.log, roll=colours)
        pro_choice = state.game.pro and state.extra_rolls[state.player]
        phase = Phase.EXTRA_ROLL if pro_choice else Phase.PLACING
        return replace(state, phase=phase, roll=colours, path=(), log=log)
    if state.phase is Phase.TURBO_ROLL:
        log = replace(state.log, turbo_roll=colours)
        return replace(state, phase=Phase.TURBO_PLACING, roll=colours, path=(), log=log)
    # The extra roll (R13): the named dice take the new colours, the tile is spent.
    assert state.pending_reroll is not None
    dice = list(state.roll)
    for index, colour in zip(state.pending_reroll, colours, strict=True):
        dice[index] = colour
    extra = _with(state.extra_rolls, state.player, False)
    log = replace(state.log, reroll=(state.pending_reroll, colours))
    return replace(
        state,
        phase=Phase.PLACING,
        roll=tuple(dice),
        pending_reroll=None,
        extra_rolls=extra,
        log=log,
    )


def confirmed(state: State) -> State:
    """After the player confirmed the path: the car drives, then the turbo, push-back and
    bonus follow as the rules say (R7, R14)."""
    # The car drives to the last placed token (or stays, R7).
    end = state.origin()
    positions = _with(state.positions, state.player, end)
    if state.phase is Phase.TURBO_PLACING:
        log = replace(state.log, turbo_moves=state.path)
        return _moved(replace(state, positions=positions, path=(), roll=(), log=log))
    used_tiles = frozenset(p.token.colour for p in state.path if isinstance(p.token, Tile))
    tiles = _with(state.tiles, state.player, state.tiles[state.player] - used_tiles)
    log = replace(state.log, moves=state.path)
    after = replace(state, positions=positions, tiles=tiles, path=(), log=log)
    # All six dice placed earns the turbo roll; tiles neither count nor prevent it (R14,
    # a rule of the pro variant).
    if state.game.pro and log.dice_placed == DICE:
        return replace(after, phase=Phase.TURBO_ROLL, roll=())
    return _moved(replace(after, roll=()))


def _moved(state: State) -> State:
    # R8: push-back is checked once, on the final space, after any turbo.
    positions = list(state.positions)
    pushes: list[Push] = []
    here = positions[state.player]
    victim = state.occupant(here, besides=state.player)
    if victim is not None:
        to = push_back_target(state.board, state.positions, victim)
        positions[victim] = to
        pushes.append(Push(victim, here, to))
    log = replace(state.log, pushed=tuple(pushes))
    round_dice = _with(state.round_dice, state.player, log.dice_placed)
    final = state.final_round or state.board.is_finish(here)  # R9, R10
    after = replace(
        state, positions=tuple(positions), log=log, round_dice=round_dice, final_round=final
    )
    # R15: the car of the last colour is owed one free forward step.
    colour = log.last_colour
    if not state.game.bonus or colour is None or colour not in state.game.cars:
        return _turn_over(after)
    owner = state.game.cars.index(colour)
    if not after.bonus_steps(owner):
        bonus = BonusResult(owner, after.positions[owner], None)
        return _turn_over(replace(after, log=replace(log, bonus=bonus)))
    return replace(after, phase=Phase.BONUS, bonus_player=owner)


def bonus_taken(state: State, to: int | None) -> State:
    """After the owed bonus step was taken (``to``) or let go (``None``) (R15)."""
    owner = state.bonus_player
    assert owner is not None
    bonus = BonusResult(owner, state.positions[owner], to)
    after = replace(state, log=replace(state.log, bonus=bonus), bonus_player=None)
    if to is not None:
        final = state.final_round or state.board.is_finish(to)  # R10 by a bonus move
        after = replace(after, positions=_with(state.positions, owner, to), final_round=final)
    return _turn_over(after)


def _turn_over(state: State) -> State:
    # R10: after the start player's predecessor, a round ends; cars at the finish
    # take no further turns.
    n = state.game.players
    start = state.game.start_player
    done = replace(state.log, positions=state.positions)
    player, rnd, round_dice = state.player, state.round, state.round_dice
    while True:
        player = (player + 1) % n
        if player == start:
            if state.final_round:
                return replace(
                    state, phase=Phase.FINISHED, last_turn=done, log=done, bonus_player=None
                )
            rnd += 1
            round_dice = (None,) * n
        if not state.board.is_finish(state.positions[player]):
            break
    turn = state.turn + 1
    return replace(
        state,
        phase=Phase.ROLL,
        player=player,
        round=rnd,
        turn=turn,
        roll=(),
        path=(),
        round_dice=round_dice,
        bonus_player=None,
        last_turn=done,
        log=TurnLog(turn=turn, round=rnd, player=player),
    )


def push_back_target(board: Board, positions: tuple[int, ...], victim: int) -> int:
    """Where a pushed car goes (R8): back along its own lane to the nearest space that is
    neither blocked nor occupied, else the start field."""
    here = board.spaces[positions[victim]]
    others = {s for p, s in enumerate(positions) if p != victim}
    for index in reversed(board.lane_spaces[here.lane]):
        space = board.spaces[index]
        if space.front > here.back:
            continue
        if space.kind is SpaceKind.BLOCKED or index in others:
            continue
        return index
    return board.start


def _with(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    return (*values[:index], value, *values[index + 1 :])

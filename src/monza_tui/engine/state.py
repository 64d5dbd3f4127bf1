"""The race: a fixed :class:`Game` and immutable :class:`State` values.

Who or what acts next is answered by :meth:`State.current_player` alone: a player, or
:data:`CHANCE` when dice are to be rolled, or :data:`TERMINAL`. The legal actions are
listed by :meth:`State.legal_actions` alone; :meth:`State.apply` accepts exactly those
(and, at chance nodes, any roll of the right number of dice) and returns a new state.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import TypeVar

from monza_tui.engine.actions import (
    Action,
    BonusStep,
    Confirm,
    DeclineBonus,
    Die,
    IllegalActionError,
    KeepRoll,
    Place,
    Reroll,
    Roll,
    TakeBack,
    Tile,
    Token,
)
from monza_tui.engine.board import Board, SpaceKind
from monza_tui.engine.colours import COLOURS, Colour
from monza_tui.engine.config import GameConfigError, check_car_count
from monza_tui.engine.dice import outcomes

CHANCE = -1
""":meth:`State.current_player` when the dice are to be rolled."""
TERMINAL = -2
""":meth:`State.current_player` when the race is over."""

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

    @property
    def final_roll(self) -> tuple[Colour, ...]:
        """The roll after the extra roll replaced the dice it names (what ``Die`` indexes)."""
        if self.reroll is None:
            return self.roll
        dice = list(self.roll)
        for index, colour in zip(*self.reroll, strict=True):
            dice[index] = colour
        return tuple(dice)


@dataclass(frozen=True)
class Game:
    """What stays fixed for a whole race: board, cars in turn order, variants, start player."""

    board: Board
    cars: tuple[Colour, ...]
    pro: bool = False
    bonus: bool = False
    start_player: int = 0

    def __post_init__(self) -> None:
        edition = self.board.edition
        check_car_count(edition, len(self.cars))
        if len(set(self.cars)) != len(self.cars):
            raise GameConfigError("every player drives a different car")
        for car in self.cars:
            if car not in edition.cars:
                raise GameConfigError(f"the {edition.value} edition has no {car} car (R2)")
        if not 0 <= self.start_player < len(self.cars):
            raise GameConfigError(f"no player {self.start_player} to start (R3)")

    @property
    def players(self) -> int:
        """Number of players, one car each."""
        return len(self.cars)

    def new_state(self) -> State:
        """Every car on the start field, the start player about to roll (R3, R12)."""
        n = self.players
        return State(
            game=self,
            phase=Phase.ROLL,
            player=self.start_player,
            round=1,
            turn=1,
            positions=(self.board.start,) * n,
            tiles=(frozenset(COLOURS) if self.pro else frozenset(),) * n,
            extra_rolls=(self.pro,) * n,
            log=TurnLog(turn=1, round=1, player=self.start_player),
            round_dice=(None,) * n,
        )


@dataclass(frozen=True)
class State:
    """One moment of a race. Never changed: :meth:`apply` returns the next state."""

    game: Game = field(compare=False, repr=False)
    phase: Phase
    player: int
    """Whose turn it is."""
    round: int
    turn: int
    positions: tuple[int, ...]
    """The space of each player's car."""
    tiles: tuple[frozenset[Colour], ...]
    """Each player's accelerator tiles still in hand (R12)."""
    extra_rolls: tuple[bool, ...]
    """Whether each player still has the extra-roll tile (R12)."""
    log: TurnLog
    """The turn in progress."""
    round_dice: tuple[int | None, ...]
    """Dice each player placed in their turn of this round (None: no turn yet) (R11)."""
    roll: tuple[Colour, ...] = ()
    """The dice in play: six, or the two turbo dice."""
    path: tuple[Placement, ...] = ()
    """Tokens placed in the current placing phase, first to last (R6)."""
    pending_reroll: tuple[int, ...] | None = None
    """Dice waiting to be re-rolled by chance (R13)."""
    bonus_player: int | None = None
    """Who decides the bonus move (R15)."""
    final_round: bool = False
    """A car has reached the finish: this round is the last (R10)."""
    last_turn: TurnLog | None = None
    """The previous turn, complete."""

    # Who acts -------------------------------------------------------------------

    def current_player(self) -> int:
        """The player to act, :data:`CHANCE` to roll dice, or :data:`TERMINAL`."""
        if self.phase in (Phase.ROLL, Phase.TURBO_ROLL):
            return CHANCE
        if self.phase is Phase.EXTRA_ROLL:
            return CHANCE if self.pending_reroll is not None else self.player
        if self.phase is Phase.BONUS:
            assert self.bonus_player is not None
            return self.bonus_player
        if self.phase is Phase.FINISHED:
            return TERMINAL
        return self.player

    def is_chance(self) -> bool:
        """Whether dice are to be rolled now."""
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        """Whether the race is over."""
        return self.phase is Phase.FINISHED

    def dice_to_roll(self) -> int:
        """How many dice chance rolls now (0 when it is not chance's move)."""
        if self.phase is Phase.ROLL:
            return DICE
        if self.phase is Phase.TURBO_ROLL:
            return TURBO_DICE
        if self.phase is Phase.EXTRA_ROLL and self.pending_reroll is not None:
            return len(self.pending_reroll)
        return 0

    def chance_outcomes(self) -> tuple[tuple[tuple[Colour, ...], float], ...]:
        """The distinct rolls chance can make now (sorted multisets) with probabilities."""
        n = self.dice_to_roll()
        return outcomes(n) if n else ()

    # Placing helpers (R5, R6) ------------------------------------------------------

    @property
    def board(self) -> Board:
        """The race's board."""
        return self.game.board

    def origin(self) -> int:
        """The space the next token steps from: the last placed token's, or the car's."""
        return self.path[-1].space if self.path else self.positions[self.player]

    def unused_dice(self) -> tuple[int, ...]:
        """Indices of the dice in play not yet placed."""
        used = {p.token.index for p in self.path if isinstance(p.token, Die)}
        return tuple(i for i in range(len(self.roll)) if i not in used)

    def unused_tiles(self) -> frozenset[Colour]:
        """Accelerator tiles the player may still place now (never in the turbo, R14)."""
        if self.phase is not Phase.PLACING:
            return frozenset()
        placed = {p.token.colour for p in self.path if isinstance(p.token, Tile)}
        return self.tiles[self.player] - placed

    def next_spaces(self) -> tuple[int, ...]:
        """The spaces one forward step ahead of the origin (R5)."""
        return self.board.steps[self.origin()]

    def die_fits(self) -> bool:
        """Whether some unused die matches a step ahead: then the player must go on (R6)."""
        colours = {self.roll[i] for i in self.unused_dice()}
        return any(self.board.spaces[s].colour in colours for s in self.next_spaces())

    def occupant(self, space: int, *, besides: int | None = None) -> int | None:
        """The player whose car stands on a track space, if any (start/finish: None)."""
        if self.board.spaces[space].holds_many:
            return None
        for player, position in enumerate(self.positions):
            if position == space and player != besides:
                return player
        return None

    def bonus_steps(self, player: int) -> tuple[int, ...]:
        """Free forward steps for ``player``'s car, no die needed (R15)."""
        return tuple(
            s for s in self.board.steps[self.positions[player]] if self.occupant(s) is None
        )

    # Legal actions ------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action allowed now. At chance nodes: one roll per distinct outcome."""
        return list(self._legal())

    def _legal(self) -> Iterator[Action]:
        phase = self.phase
        if self.is_chance():
            for colours, _ in self.chance_outcomes():
                yield Roll(colours)
        elif phase is Phase.EXTRA_ROLL:
            yield KeepRoll()
            for size in range(1, len(self.roll) + 1):
                for dice in combinations(range(len(self.roll)), size):
                    yield Reroll(dice)
        elif phase in (Phase.PLACING, Phase.TURBO_PLACING):
            yield from self._placements()
            if self.path:
                yield TakeBack()
            if not self.die_fits():
                yield Confirm()
        elif phase is Phase.BONUS:
            assert self.bonus_player is not None
            for space in self.bonus_steps(self.bonus_player):
                yield BonusStep(space)
            yield DeclineBonus()

    def _placements(self) -> Iterator[Place]:
        dice = self.unused_dice()
        tiles = self.unused_tiles()
        for space in self.next_spaces():
            colour = self.board.spaces[space].colour
            for i in dice:
                if self.roll[i] is colour:
                    yield Place(Die(i), space)
            if colour in tiles:
                yield Place(Tile(colour), space)

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` accepts ``action`` now."""
        if self.is_chance():
            return isinstance(action, Roll) and len(action.colours) == self.dice_to_roll()
        return action in self._legal()

    # Applying ---------------------------------------------------------------------

    def apply(self, action: Action) -> State:
        """The state after ``action``; :class:`IllegalActionError` if it is not legal now."""
        if not self.is_legal(action):
            raise IllegalActionError(self._why_illegal(action))
        if isinstance(action, Roll):
            return self._rolled(action.colours)
        if isinstance(action, Reroll):
            return replace(self, pending_reroll=action.dice)
        if isinstance(action, KeepRoll):
            return replace(self, phase=Phase.PLACING)
        if isinstance(action, Place):
            colour = self.board.spaces[action.space].colour
            assert colour is not None
            return replace(self, path=(*self.path, Placement(action.token, action.space, colour)))
        if isinstance(action, TakeBack):
            return replace(self, path=self.path[:-1])
        if isinstance(action, Confirm):
            return self._confirmed()
        if isinstance(action, BonusStep):
            return self._bonus_taken(action.space)
        return self._bonus_taken(None)

    def _why_illegal(self, action: Action) -> str:
        if self.is_terminal():
            return f"{action}: the race is over"
        if self.is_chance():
            return f"{action}: chance rolls {self.dice_to_roll()} dice now"
        if isinstance(action, Place) and self.phase in (Phase.PLACING, Phase.TURBO_PLACING):
            spaces = self.board.spaces
            if not 0 <= action.space < len(spaces):
                return f"{action}: no space {action.space} on this board"
            target = spaces[action.space]
            if action.space not in self.next_spaces():
                return (
                    f"{action}: {target.id} is not one forward step from "
                    f"{spaces[self.origin()].id} (R5)"
                )
            if isinstance(action.token, Die):
                if action.token.index not in self.unused_dice():
                    return f"{action}: die {action.token.index} is not in hand (R6)"
                return (
                    f"{action}: die {action.token.index} is {self.roll[action.token.index]}"
                    f", {target.id} is {target.colour} (R6)"
                )
            if action.token.colour not in self.unused_tiles():
                return f"{action}: no {action.token.colour} tile in hand now (R12, R14)"
            return f"{action}: a {action.token.colour} tile on {target.colour} {target.id} (R6)"
        if isinstance(action, Confirm) and self.die_fits():
            return f"{action}: a die still fits, the move must go on (R6)"
        return f"{action}: not legal in the {self.phase.value} phase"

    def _rolled(self, colours: tuple[Colour, ...]) -> State:
        if self.phase is Phase.ROLL:
            log = replace(self.log, roll=colours)
            pro_choice = self.game.pro and self.extra_rolls[self.player]
            phase = Phase.EXTRA_ROLL if pro_choice else Phase.PLACING
            return replace(self, phase=phase, roll=colours, path=(), log=log)
        if self.phase is Phase.TURBO_ROLL:
            log = replace(self.log, turbo_roll=colours)
            return replace(self, phase=Phase.TURBO_PLACING, roll=colours, path=(), log=log)
        # The extra roll (R13): the named dice take the new colours, the tile is spent.
        assert self.pending_reroll is not None
        dice = list(self.roll)
        for index, colour in zip(self.pending_reroll, colours, strict=True):
            dice[index] = colour
        extra = _with(self.extra_rolls, self.player, False)
        log = replace(self.log, reroll=(self.pending_reroll, colours))
        return replace(
            self,
            phase=Phase.PLACING,
            roll=tuple(dice),
            pending_reroll=None,
            extra_rolls=extra,
            log=log,
        )

    def _confirmed(self) -> State:
        # The car drives to the last placed token (or stays, R7).
        end = self.origin()
        positions = _with(self.positions, self.player, end)
        if self.phase is Phase.TURBO_PLACING:
            log = replace(self.log, turbo_moves=self.path)
            return replace(self, positions=positions, path=(), roll=(), log=log)._moved()
        used_tiles = frozenset(p.token.colour for p in self.path if isinstance(p.token, Tile))
        tiles = _with(self.tiles, self.player, self.tiles[self.player] - used_tiles)
        log = replace(self.log, moves=self.path)
        state = replace(self, positions=positions, tiles=tiles, path=(), log=log)
        # All six dice placed earns the turbo roll; tiles neither count nor prevent it (R14,
        # a rule of the pro variant).
        if self.game.pro and log.dice_placed == DICE:
            return replace(state, phase=Phase.TURBO_ROLL, roll=())
        return replace(state, roll=())._moved()

    def _moved(self) -> State:
        # R8: push-back is checked once, on the final space, after any turbo.
        positions = list(self.positions)
        pushes: list[Push] = []
        here = positions[self.player]
        victim = self.occupant(here, besides=self.player)
        if victim is not None:
            to = push_back_target(self.board, self.positions, victim)
            positions[victim] = to
            pushes.append(Push(victim, here, to))
        log = replace(self.log, pushed=tuple(pushes))
        round_dice = _with(self.round_dice, self.player, log.dice_placed)
        final = self.final_round or self.board.is_finish(here)  # R9, R10
        state = replace(
            self, positions=tuple(positions), log=log, round_dice=round_dice, final_round=final
        )
        # R15: the car of the last colour is owed one free forward step.
        colour = log.last_colour
        if not self.game.bonus or colour is None or colour not in self.game.cars:
            return state._turn_over()
        owner = self.game.cars.index(colour)
        if not state.bonus_steps(owner):
            bonus = BonusResult(owner, state.positions[owner], None)
            return replace(state, log=replace(log, bonus=bonus))._turn_over()
        return replace(state, phase=Phase.BONUS, bonus_player=owner)

    def _bonus_taken(self, to: int | None) -> State:
        owner = self.bonus_player
        assert owner is not None
        bonus = BonusResult(owner, self.positions[owner], to)
        state = replace(self, log=replace(self.log, bonus=bonus), bonus_player=None)
        if to is not None:
            final = self.final_round or self.board.is_finish(to)  # R10 by a bonus move
            state = replace(state, positions=_with(self.positions, owner, to), final_round=final)
        return state._turn_over()

    def _turn_over(self) -> State:
        # R10: after the start player's predecessor, a round ends; cars at the finish
        # take no further turns.
        n = self.game.players
        start = self.game.start_player
        done = replace(self.log, positions=self.positions)
        player, rnd, round_dice = self.player, self.round, self.round_dice
        while True:
            player = (player + 1) % n
            if player == start:
                if self.final_round:
                    return replace(
                        self, phase=Phase.FINISHED, last_turn=done, log=done, bonus_player=None
                    )
                rnd += 1
                round_dice = (None,) * n
            if not self.board.is_finish(self.positions[player]):
                break
        turn = self.turn + 1
        return replace(
            self,
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

    # The result (R11) -------------------------------------------------------------

    def finished(self) -> tuple[int, ...]:
        """Players whose cars are at the finish, in player order."""
        return tuple(p for p, s in enumerate(self.positions) if self.board.is_finish(s))

    def dice_used(self, player: int) -> int:
        """Dice the player placed in their turn of this (the final) round; a car that reached
        the finish by a bonus move before its turn came placed none (R11)."""
        return self.round_dice[player] or 0

    def winners(self) -> tuple[int, ...]:
        """The players who share the win: finished, with the fewest dice in the final round
        (R11). Empty until the race is over."""
        if not self.is_terminal():
            return ()
        finished = self.finished()
        fewest = min(self.dice_used(p) for p in finished)
        return tuple(p for p in finished if self.dice_used(p) == fewest)


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

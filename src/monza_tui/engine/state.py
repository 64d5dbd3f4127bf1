"""The race: a fixed :class:`Game` and immutable :class:`State` values.

Who or what acts next is answered by :meth:`State.current_player` alone: a player, or
:data:`CHANCE` when dice are to be rolled, or :data:`TERMINAL`. The legal actions are
listed by :meth:`State.legal_actions` alone; :meth:`State.apply` accepts exactly those
(and, at chance nodes, any roll of the right number of dice) and returns a new state;
what an accepted action leads to (the car driving, push-back, the bonus, the next turn) is
carried out in :mod:`monza_tui.engine.turn`, which also holds the phases and the turn's log.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from itertools import combinations

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
)
from monza_tui.engine.board import Board
from monza_tui.engine.colours import COLOURS, Colour
from monza_tui.engine.config import GameConfigError, check_car_count
from monza_tui.engine.dice import outcomes
from monza_tui.engine.notation import action_text
from monza_tui.engine.turn import (
    DICE,
    TURBO_DICE,
    Phase,
    Placement,
    TurnLog,
    bonus_taken,
    confirmed,
    rolled,
)

CHANCE = -1
""":meth:`State.current_player` when the dice are to be rolled."""
TERMINAL = -2
""":meth:`State.current_player` when the race is over."""


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
            raise GameConfigError("every player drives a different car", "R2.same_car")
        for car in self.cars:
            if car not in edition.cars:
                raise GameConfigError(
                    f"the {edition.value} edition has no {car} car (R2)",
                    "R2.car",
                    edition=edition.value,
                    car=car,
                )
        if not 0 <= self.start_player < len(self.cars):
            raise GameConfigError(
                f"no player {self.start_player} to start (R3)", "R3.start", player=self.start_player
            )

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
            raise self._why_illegal(action)
        if isinstance(action, Roll):
            return rolled(self, action.colours)
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
            return confirmed(self)
        if isinstance(action, BonusStep):
            return bonus_taken(self, action.space)
        return bonus_taken(self, None)

    def _why_illegal(self, action: Action) -> IllegalActionError:
        said = action_text(self.board, action)  # spaces by id, as players and records name them

        def no(english: str, code: str, **params: object) -> IllegalActionError:
            return IllegalActionError(f"{said}: {english}", code, action=said, **params)

        if self.is_terminal():
            return no("the race is over", "R10.over")
        if self.is_chance():
            return no(
                f"chance rolls {self.dice_to_roll()} dice now", "chance", dice=self.dice_to_roll()
            )
        if isinstance(action, Place) and self.phase in (Phase.PLACING, Phase.TURBO_PLACING):
            spaces = self.board.spaces
            if not 0 <= action.space < len(spaces):
                return no(
                    f"no space {action.space} on this board", "place.no_space", space=action.space
                )
            target = spaces[action.space]
            if action.space not in self.next_spaces():
                origin = spaces[self.origin()].id
                return no(
                    f"{target.id} is not one forward step from {origin} (R5)",
                    "R5.not_forward",
                    space=target.id,
                    origin=origin,
                )
            if isinstance(action.token, Die):
                die = action.token.index
                if die not in self.unused_dice():
                    return no(f"die {die} is not in hand (R6)", "R6.die_used", die=die)
                return no(
                    f"die {die} is {self.roll[die]}, {target.id} is {target.colour} (R6)",
                    "R6.die_colour",
                    die=die,
                    rolled=self.roll[die],
                    space=target.id,
                    colour=target.colour,
                )
            tile = action.token.colour
            if tile not in self.unused_tiles():
                return no(f"no {tile} tile in hand now (R12, R14)", "R12.tile_used", tile=tile)
            return no(
                f"a {tile} tile on {target.colour} {target.id} (R6)",
                "R6.tile_colour",
                tile=tile,
                colour=target.colour,
                space=target.id,
            )
        if isinstance(action, Confirm) and self.die_fits():
            return no("a die still fits, the move must go on (R6)", "R6.die_fits")
        return no(f"not legal in the {self.phase.value} phase", "phase", phase=self.phase)

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

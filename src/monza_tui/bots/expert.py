"""The ``expert`` driver and the hints: the best choice by :class:`~monza_tui.bots.judge.Judge`.

Three decisions, each exact given the judge's scores (``docs/bots.md``):

* the extra roll (R13): the expected best score over every multiset of dice to re-roll
  (all 462 six-dice rolls scored once, each subset's expectation a weighted sum) against
  keeping the roll *and* the tile for later;
* the path (R5, R6, R14): the best complete move by a memoised search over (space, dice,
  tiles), turbo rolls weighed by their exact expectation;
* the bonus step (R15): each free step, or declining, scored the same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from operator import mul

from monza_tui.bots.base import Hint, PlanningDriver, steps_actions
from monza_tui.bots.judge import EXPERT, WIN, Judge, Style
from monza_tui.bots.multisets import mid, reroll_outcomes, sub_multisets
from monza_tui.bots.search import Step, mask_of
from monza_tui.bots.simple import reroll_indices
from monza_tui.engine import (
    COLOURS,
    Action,
    BonusStep,
    Colour,
    DeclineBonus,
    Die,
    KeepRoll,
    Phase,
    Reroll,
    State,
    Tile,
)
from monza_tui.errors import CarAt, Said, said


class ExpertDriver(PlanningDriver):
    """Plays for the race, not the turn (see the module docstring)."""

    level = "expert"

    def __init__(self, rng: random.Random, style: Style = EXPERT) -> None:
        super().__init__(rng)
        self.style = style

    def extra_roll(self, state: State) -> Action:
        """Keep, or re-roll the subset with the best expected score (R13)."""
        return extra_roll_choice(state, style=self.style).action

    def plan(self, state: State) -> list[Action]:
        """The best complete move from where the path stands now."""
        return path_choice(state, style=self.style).actions

    def bonus(self, state: State) -> Action:
        """The best free step, or declining it (R15)."""
        return bonus_choice(state, style=self.style).action


# The decisions --------------------------------------------------------------------------


@dataclass(frozen=True)
class ExtraRollChoice:
    """The extra-roll decision with what it was weighed against."""

    action: Action
    keep_score: float
    """Best score of the roll as it is, plus what keeping the tile is worth."""
    reroll_score: float
    """Expected best score after the best re-roll (``-inf`` if none)."""
    keep_steps: int
    """Spaces the best move of the roll as it is goes."""


def extra_roll_choice(
    state: State, *, explain: bool = False, style: Style = EXPERT
) -> ExtraRollChoice:
    """Weigh keeping the roll against re-rolling every subset of the dice (R13);
    ``explain`` also finds how far the roll as it is goes (for the hint's reason)."""
    judge, keep_score, options = extra_roll_options(state, style=style)
    current = mid(state.roll)
    best_keep, best_score = current, -float("inf")
    for keep, score in options.items():
        if score > best_score:
            best_keep, best_score = keep, score
    origin = state.positions[judge.me]
    mask = mask_of(state.tiles[judge.me])
    keep_steps = len(judge.path(origin, current, mask)) if explain else 0
    if best_score > keep_score + 1e-9:
        action: Action = Reroll(reroll_indices(state.roll, best_keep))
    else:
        action = KeepRoll()
    return ExtraRollChoice(action, keep_score, best_score, keep_steps)


def extra_roll_options(
    state: State, *, style: Style = EXPERT
) -> tuple[Judge, float, dict[int, float]]:
    """The scores the extra roll is decided by (R13): keeping the roll (with the tile's
    worth), and each multiset of dice a re-roll can keep. The review prices a player's
    own choice with these, so it is measured exactly as the expert decides."""
    me = state.player
    judge = Judge(state, style=style)
    values = judge.roll_values(state.positions[me], mask_of(state.tiles[me]))
    current = mid(state.roll)
    return judge, values[current] + judge.extra_worth, reroll_expectations(values, current)


def reroll_expectations(values: list[float], roll: int) -> dict[int, float]:
    """For every multiset of dice ``keep`` that a re-roll of ``roll`` can keep (the whole
    roll excepted), the exact expected ``values`` of the roll after re-rolling the others:
    a weighted sum over the multisets of the re-rolled dice (R1, R13)."""
    result: dict[int, float] = {}
    for keep in sub_multisets(roll):
        if keep != roll:
            ids, probs = reroll_outcomes(keep)
            result[keep] = sum(map(mul, probs, map(values.__getitem__, ids)))
    return result


@dataclass(frozen=True)
class PathChoice:
    """The chosen rest of a placing phase."""

    actions: list[Action]
    steps: list[Step]
    score: float
    judge: Judge


def path_choice(state: State, *, style: Style = EXPERT) -> PathChoice:
    """The best complete move (R6) from ``state``'s origin with the dice and tiles left."""
    judge = Judge(state, style=style)
    origin = state.origin()
    dice = mid([state.roll[i] for i in state.unused_dice()])
    if state.phase is Phase.TURBO_PLACING:
        steps = judge.turbo_path(origin, dice)
        score = judge.turbo_best(origin, dice, 0)
    else:
        mask = mask_of(state.unused_tiles())
        steps = judge.path(origin, dice, mask)
        score = judge.best(origin, dice, mask)
    return PathChoice(steps_actions(state, steps), steps, score, judge)


@dataclass(frozen=True)
class BonusChoice:
    """The bonus decision (R15)."""

    action: Action
    finishes: bool
    stay_score: float
    step_score: float


def bonus_choice(state: State, *, style: Style = EXPERT) -> BonusChoice:
    """The free step (or declining) with the best score for the bonus car's player."""
    me = state.bonus_player
    assert me is not None
    judge = Judge(state, me, style)
    positions = list(state.positions)
    dice = state.dice_used(me)
    stay = judge.standing(positions, dice)
    best_step, best_score = None, -float("inf")
    for step in state.bonus_steps(me):
        positions[me] = step
        score = judge.standing(positions, dice)
        if score > best_score:
            best_step, best_score = step, score
    if best_step is None or best_score < stay:
        return BonusChoice(DeclineBonus(), False, stay, best_score)
    finishes = state.board.is_finish(best_step)
    return BonusChoice(BonusStep(best_step), finishes, stay, best_score)


# Hints ---------------------------------------------------------------------------------


def expert_hint(state: State) -> Hint:
    """The expert's choice for ``state`` with a one-line reason (see :func:`bots.hint`)."""
    phase = state.phase
    if state.current_player() < 0:
        raise ValueError(f"no hint in the {phase.value} phase: it is not a player's choice")
    if phase is Phase.EXTRA_ROLL:
        extra = extra_roll_choice(state, explain=True)
        return Hint((extra.action,), _extra_reason(state, extra))
    if phase is Phase.BONUS:
        bonus = bonus_choice(state)
        return Hint((bonus.action,), _bonus_reason(state, bonus))
    choice = path_choice(state)
    return Hint(tuple(choice.actions), _path_reason(state, choice))



def _extra_reason(state: State, extra: ExtraRollChoice) -> Said:
    if isinstance(extra.action, Reroll):
        if len(extra.action.dice) == len(state.roll):
            dice: object = said("hint.all_dice")
        else:
            dice = [state.roll[i] for i in extra.action.dice]
        if extra.keep_steps == 0:
            return said("hint.reroll_stuck", dice=dice)
        return said("hint.reroll", dice=dice, n=extra.keep_steps)
    if extra.keep_score >= WIN / 2:
        return said("hint.keep_finish")
    return said("hint.keep", n=extra.keep_steps)


def _tiles(colours: list[Colour]) -> Said:
    """Tiles named by colour, or counted when there are many."""
    if len(colours) <= 2:
        return said("hint.tiles_named", names=said("list.and", items=colours), n=len(colours))
    return said("hint.tiles_counted", n=len(colours))


def _bonus_reason(state: State, bonus: BonusChoice) -> Said:
    if isinstance(bonus.action, BonusStep):
        if bonus.finishes:
            return said("hint.bonus_finish")
        # Where the car would then be, as a player reads it (never the space's id).
        mover = state.bonus_player if state.bonus_player is not None else state.player
        return said("hint.bonus_step", where=CarAt(state.apply(bonus.action), mover))
    if bonus.step_score == -float("inf"):
        return said("hint.bonus_none")
    return said("hint.bonus_stay")


def _path_reason(state: State, choice: PathChoice) -> Said:
    board = state.board
    spaces = board.spaces
    me = state.player
    steps = choice.steps
    parts: list[Said] = []
    placed_dice = sum(isinstance(p.token, Die) for p in state.path)
    if not steps and not state.path:
        if state.phase is Phase.TURBO_PLACING:
            return said("hint.no_turbo_fit")
        return said("R7.no_fit")
    moved = len(state.path) + len(steps)
    end = steps[-1][0] if steps else state.origin()
    dice = placed_dice + sum(tile is None for _, tile in steps)
    if state.phase is Phase.TURBO_PLACING:
        dice += 6
    if board.is_finish(end):
        parts.append(said("hint.finish", n=dice))
    else:
        parts.append(said("hint.moves", n=moved))
    if state.phase is Phase.PLACING and dice == 6 and state.game.pro:
        parts.append(said("hint.turbo"))
    victim = next(
        (r for r, s in enumerate(state.positions) if r != me and s == end
         and not spaces[end].holds_many),
        None,
    )
    final_turbo = state.phase is Phase.TURBO_PLACING or not (state.game.pro and dice == 6)
    if victim is not None and final_turbo:
        parts.append(said("hint.pushes", car=state.game.cars[victim]))
    used = [COLOURS[tile] for _, tile in steps if tile is not None] + [
        p.token.colour for p in state.path if isinstance(p.token, Tile)
    ]
    if used:
        parts.append(said("hint.uses", tiles=_tiles(used)))
    elif state.phase is Phase.PLACING:
        route = [state.origin(), *(s for s, _ in steps)]
        could = {
            colour
            for at in route
            for nx in board.steps[at]
            if (colour := spaces[nx].colour) is not None and colour in state.unused_tiles()
        }
        if could:
            # Said as what the move does with the tiles (none), not as a count of the tiles
            # that could have been used: "keeps 3 tiles" read as "you have 3 tiles" to a
            # player holding 6.
            parts.append(said("hint.no_tile"))
    return parts[0] if len(parts) == 1 else said("list.and", items=parts)

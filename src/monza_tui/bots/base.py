"""What every planning driver shares: plan a whole path once, hand it out one step at a time.

The app shows a computer driver's turn step by step, so :meth:`PlanningDriver.choose` returns
one action per call. Planning a path is the expensive part, so it is done once per placing
phase and the remaining steps are kept; the plan is used only while the state is exactly the
one it expects (same turn, phase, roll and placed tokens). Anything else (a take-back by the
app, a different race, a loaded save) simply makes the driver plan again from the state it
is shown, so a driver never plays a stale step.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from monza_tui.engine import (
    Action,
    Colour,
    Confirm,
    Die,
    Phase,
    Place,
    Placement,
    State,
    Tile,
)

if TYPE_CHECKING:  # the app imports this module at launch; the search comes with a bot
    from monza_tui.bots.search import Step


@dataclass(frozen=True)
class Hint:
    """The expert's choice for the current situation, and why (one line, translated)."""

    actions: tuple[Action, ...]
    reason: str


class PlanningDriver(ABC):
    """A driver that plans placing phases as whole paths and decides other steps directly."""

    level: str = ""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._plan: list[Action] = []
        self._expect: tuple[object, ...] | None = None

    def choose(self, state: State) -> Action:
        """The next action for ``state.current_player()`` (never chance, never terminal)."""
        phase = state.phase
        if phase is Phase.EXTRA_ROLL:
            return self.extra_roll(state)
        if phase is Phase.BONUS:
            return self.bonus(state)
        if phase not in (Phase.PLACING, Phase.TURBO_PLACING):
            raise ValueError(f"no choice for a driver in the {phase.value} phase")
        if self._expect != _signature(state) or not self._plan:
            self._plan = self.plan(state)
        action = self._plan.pop(0)
        self._expect = _signature(state, action) if self._plan else None
        return action

    @abstractmethod
    def extra_roll(self, state: State) -> Action:
        """Reroll(...) or KeepRoll() (R13)."""

    @abstractmethod
    def plan(self, state: State) -> list[Action]:
        """The rest of the placing phase from ``state``: Place actions, then Confirm."""

    @abstractmethod
    def bonus(self, state: State) -> Action:
        """BonusStep(...) or DeclineBonus() for ``state.bonus_player`` (R15)."""


def _signature(state: State, then: Action | None = None) -> tuple[object, ...]:
    """What identifies the moment a plan is for (with ``then`` applied, if given)."""
    path = state.path
    if isinstance(then, Place):
        colour = state.board.spaces[then.space].colour
        assert colour is not None
        path = (*path, Placement(then.token, then.space, colour))
    return (state.turn, state.phase, state.player, state.roll, path, state.positions)


def steps_actions(state: State, steps: Sequence[Step]) -> list[Action]:
    """Place actions for ``steps`` of (space, colour index of a tile or None for a die),
    choosing for each die step the lowest unused die of the space's colour; then Confirm."""
    free: dict[Colour, list[int]] = {}
    for index in state.unused_dice():
        free.setdefault(state.roll[index], []).append(index)
    actions: list[Action] = []
    for space, tile in steps:
        colour = state.board.spaces[space].colour
        assert colour is not None
        if tile is not None:
            actions.append(Place(Tile(colour), space))
        else:
            actions.append(Place(Die(free[colour].pop(0)), space))
    actions.append(Confirm())
    return actions

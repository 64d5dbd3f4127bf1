"""The computer drivers of a race's seats: one seeding, one way to ask them, one answer when
they fail.

A driver's generator comes from the race's seed, the seat, and how often that seat has
changed hands before (the record holds both), so a race plays the same moves at one
keyboard, line by line, hosted over the network or in ``simulate``, and again when it is
resumed or replayed for a bug report. A driver that raises, or chooses what the rules
refuse, never stops a race: the first legal action is played instead, and the error is
handed back for the front end to say (:func:`bot_move`). A driver standing in for a person
who may come back (a networked race's dropped seat) drives as well as its level but spends
nothing of theirs (:class:`StandIn`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from monza_tui.engine import Action, KeepRoll, Phase, State, TakeBack, Tile
from monza_tui.record import Race

if TYPE_CHECKING:  # (the drivers' module is loaded with the first computer driver)
    from monza_tui.bots import Driver

MAX_STEPS = 64
"""The most actions of a driver's turn thought out at once (a turn has a few dozen)."""


def driver_rng(seed: int, player: int, changes: int = 0) -> random.Random:
    """The generator of the computer driver at ``player``'s seat, after ``changes`` earlier
    changes of hands of that seat in the race."""
    if changes:
        return random.Random(f"monza-bot/{seed}/{player}/{changes}")
    return random.Random(f"monza-bot/{seed}/{player}")


def changes_of(race: Race, player: int) -> int:
    """How often ``player``'s seat has changed hands in ``race`` so far."""
    return sum(1 for change in race.seat_changes if change.player == player)


class StandIn:
    """A computer driver at the wheel of a person who is away: it drives as ``driver``
    does, but spends none of their tiles (R12) nor their extra roll (R13), so that the
    person comes back to the hand they left.

    It plans on a view of the state in which the player holds no tile and no extra roll,
    so every action it returns is one the real state allows too (fewer tokens in hand
    only ever take placements away); at the extra roll it keeps the dice, and a tile
    the person placed before leaving is taken back (R6) before it plans."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.level = driver.level

    def choose(self, state: State) -> Action:
        if state.phase is Phase.EXTRA_ROLL:
            return KeepRoll()  # R13: the extra-roll tile stays in hand
        if any(isinstance(placed.token, Tile) for placed in state.path):
            return TakeBack()  # R6: back to the hand, before the tile is spent
        return self.driver.choose(empty_handed(state, state.current_player()))


def empty_handed(state: State, player: int) -> State:
    """``state`` as if ``player`` held no accelerator tile and no extra roll (R12)."""
    tiles = tuple(frozenset() if p == player else held for p, held in enumerate(state.tiles))
    extra = tuple(False if p == player else held for p, held in enumerate(state.extra_rolls))
    return replace(state, tiles=tiles, extra_rolls=extra)


class Drivers:
    """The computer drivers of one race's bot seats, made when first asked for and again
    whenever a seat has changed hands (a person left, a level was changed)."""

    def __init__(self, stand_in: Callable[[int], bool] | None = None) -> None:
        """``stand_in(player)``: whether a computer driver at that seat stands in for a
        person who may come back (it spends nothing of theirs: :class:`StandIn`); None:
        every driver plays its own game (one keyboard, ``simulate``, a host that lets
        stand-ins spend)."""
        self._made: dict[int, tuple[str, int, Driver]] = {}
        self._stand_in = stand_in

    def of(self, race: Race, player: int) -> Driver:
        """The driver of ``player``'s seat now (the same one between its moves).
        :class:`ValueError` if a person drives it."""
        from monza_tui.bots import make_driver

        level = race.players[player].seat
        if not level.is_bot:
            raise ValueError(f"player {player} is driven by a person")
        changes = changes_of(race, player)
        made = self._made.get(player)
        if made is None or made[:2] != (level.value, changes):
            driver = make_driver(level, driver_rng(race.seed, player, changes))
            made = (level.value, changes, driver)
            self._made[player] = made
        if self._stand_in is not None and self._stand_in(player):
            return StandIn(made[2])
        return made[2]

    def set(self, player: int, level: str, changes: int, driver: Driver) -> None:
        """Seat ``driver`` (a lesson's scripted coach, a test's driver) at ``player``'s
        seat for as long as the seat keeps ``level`` and ``changes``."""
        self._made[player] = (level, changes, driver)


@dataclass(frozen=True)
class BotMove:
    """A computer driver's answer: the actions to play, in order."""

    actions: tuple[Action, ...]
    failed: bool = False
    """The driver failed: ``actions`` is :func:`fallback`'s action alone, played instead."""
    error: str = ""
    """What the driver raised ("" when it chose an action the rules refuse)."""


def bot_move(driver: Driver, state: State, *, whole_turn: bool = False) -> BotMove:
    """What ``driver`` plays from ``state``: one action, or with ``whole_turn`` (a skipped
    pause: the turn shown at once) every action up to the next roll, decision of someone
    else, or the end, at most :data:`MAX_STEPS`. The one policy for a driver that fails:
    the first legal action but a take-back (:func:`fallback`), and the error to tell."""
    actions: list[Action] = []
    error = ""
    player = state.current_player()
    at = state
    try:
        while len(actions) < MAX_STEPS:
            action = driver.choose(at)
            if not at.is_legal(action):
                break  # (after the first: the rest of the turn is asked for again)
            actions.append(action)
            if not whole_turn:
                break  # (one action: the front end applies it, once)
            at = at.apply(action)
            if at.is_terminal() or at.is_chance() or at.current_player() != player:
                break
    except Exception as exc:  # a broken driver must not break the race
        if not actions:
            error = str(exc) or type(exc).__name__
    if not actions:
        return BotMove((fallback(state),), failed=True, error=error)
    return BotMove(tuple(actions))


def fallback(state: State) -> Action:
    """The move played for a driver that failed: the first legal action that is not a
    take-back (R6), so that a driver failing at every step still places its dice forward
    and drives, and its turn ends (the first legal action alone could be the take-back of
    the die it placed the step before, for ever)."""
    legal = state.legal_actions()
    return next((action for action in legal if not isinstance(action, TakeBack)), legal[0])


def play_out(race: Race) -> Race:
    """``race`` played to its end by its computer drivers, as every front end drives a race:
    what is due from the one pace policy (no pauses), the seed's dice and these seeded
    drivers. For races of computer drivers only (samples, benchmarks, tests);
    :class:`RuntimeError` if a person's decision is due."""
    from monza_tui.race.pace import StepKind, next_step

    drivers = Drivers()
    while (step := next_step(race)).kind is not StepKind.END:
        if step.kind is StepKind.ROLL:
            race = race.roll()
            continue
        if step.kind is not StepKind.BOT:
            raise RuntimeError("a race of computer drivers waits for a person")
        for action in bot_move(drivers.of(race, step.player), race.state,
                               whole_turn=True).actions:
            race = race.apply(action)
    return race


__all__ = [
    "MAX_STEPS",
    "BotMove",
    "Drivers",
    "StandIn",
    "bot_move",
    "changes_of",
    "driver_rng",
    "empty_handed",
    "fallback",
    "play_out",
]

"""What is due next in a race, and after what pause: the one pace policy.

Every driver of a race asks :func:`next_step` after each change and does what it says, adding
only its own way of waiting: the race screen sets a timer and thinks in a worker, the network
host sleeps in an asyncio task, the line game and ``simulate`` just go on in their loop. So a
person's first roll of a turn always waits for their key, re-rolled and turbo dice roll by
themselves after a short pause, a computer driver plays after its pause, and a car's drive
is given a moment on screen, the same at one keyboard, over the network and line by line.

Who or what acts is the engine's (``State.current_player``); what this adds is whether
anyone has to be asked, and how long the moment is. Whether a driver is *this* front end's
to run (a guest's terminal runs no computer driver: the host does) is the front end's.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum

from monza_tui.engine import Action, Confirm, Phase, State
from monza_tui.record import Race

AUTO_ROLL_MOST = 0.5
"""Seconds at most before a person's re-rolled or turbo dice roll by themselves (only the
turn's first roll waits for its player's key)."""


class StepKind(Enum):
    """What a race waits for next."""

    DECIDE = "decide"
    """A person decides: their first roll of a turn, a placement, the extra roll, the bonus
    move. Nothing happens until they act."""
    AWAY = "away"
    """A person is to decide, but their seat is away (a networked race's dropped line, in
    its grace): the race waits for them, or for the stand-in that takes the car after it."""
    ROLL = "roll"
    """The dice due roll by themselves after the pause (chance's move)."""
    BOT = "bot"
    """A computer driver plays after the pause (thinking meanwhile)."""
    END = "end"
    """The race is over: the results after the pause."""


@dataclass(frozen=True)
class Pace:
    """How long the race's own moments last, in seconds (all 0: as fast as it goes, as
    ``simulate`` and the tests race)."""

    bot_delay: float = 0.0
    """A computer driver's pause before each step, and before the dice it rolls."""
    drive_pause: float = 0.0
    """Added after a drive (a confirm), for screens elsewhere to show the car driving (the
    race screen shows it before it asks again, so it needs none)."""
    auto_roll_most: float = AUTO_ROLL_MOST
    """A person's re-rolled and turbo dice wait at most this long."""

    def hurried(self) -> Pace:
        """No pauses at all: skip (``s``) until a person has to decide again."""
        return Pace(0.0, 0.0, 0.0)


@dataclass(frozen=True)
class Step:
    """The next thing due in a race: what, whose, and after how long."""

    kind: StepKind
    player: int
    """The car it concerns (the roller for dice; -1 at the end)."""
    pause: float = 0.0
    """Seconds to wait before it happens by itself (0 while a person decides)."""

    @property
    def by_itself(self) -> bool:
        """Whether it happens without anyone being asked (dice, a driver, the results)."""
        return self.kind in (StepKind.ROLL, StepKind.BOT, StepKind.END)


def acting(state: State) -> int | None:
    """The car whose turn it is to act now: the one whose dice roll at a chance node, the
    bonus move's car (R15), else the player at the wheel; None once the race is over. (The
    engine's ``current_player`` says CHANCE for the dice; the screens, the line game and
    the host name the car they roll for.)"""
    if state.is_terminal():
        return None
    return state.player if state.is_chance() else state.current_player()


def next_step(
    race: Race, pace: Pace = Pace(), *, after: Action | None = None, away: Collection[int] = ()
) -> Step:
    """What is due next in ``race``, just after ``after`` (the action last played, None at
    the start or on resuming) was played, with the seats in ``away`` (people whose line
    dropped) waiting for their people."""
    state = race.state
    if state.is_terminal():
        return Step(StepKind.END, -1, pace.bot_delay)
    pause = pace.bot_delay + (pace.drive_pause if isinstance(after, Confirm) else 0.0)
    if state.is_chance():
        roller = state.player
        if race.players[roller].seat.is_bot:
            return Step(StepKind.ROLL, roller, pause)
        if state.phase is Phase.ROLL:  # a person's turn begins with their own key
            return Step(StepKind.AWAY if roller in away else StepKind.DECIDE, roller)
        return Step(StepKind.ROLL, roller, min(pause, pace.auto_roll_most))
    actor = state.current_player()
    if race.players[actor].seat.is_bot:
        return Step(StepKind.BOT, actor, pause)
    return Step(StepKind.AWAY if actor in away else StepKind.DECIDE, actor)


__all__ = ["AUTO_ROLL_MOST", "Pace", "Step", "StepKind", "acting", "next_step"]

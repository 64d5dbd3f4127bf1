"""Seats that change hands: who drives a car may change during a race (a player has to
leave and a computer driver takes over, or a person takes a bot's car back).

Who drives is no part of the game's state: the engine never hears of it, and a race plays
the same whoever chooses its actions. The record keeps each change beside the turn it
happened in (``docs/game-record.md``): the turn, how many of that turn's actions had been
played, the seat (its index in the header's ``players``) and its new driver.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from monza_tui.seats import SeatKind

if TYPE_CHECKING:
    from monza_tui.record.race import Race


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A seat handed to another driver: ``player``'s car is driven by ``seat`` from the
    moment ``at`` actions of turn ``turn`` had been played (0: before its roll)."""

    turn: int
    at: int
    player: int
    seat: SeatKind
    was: SeatKind
    """Who drove before (not written: the reader knows it from the seats so far)."""

    def json(self) -> dict[str, Any]:
        """The change as the record writes it, in a turn's (or the unfinished) ``seats``."""
        return {"at": self.at, "player": self.player, "seat": self.seat.value}


def seats_json(changes: Sequence[SeatChange], turn: int) -> list[dict[str, Any]]:
    """The ``seats`` field of ``turn``: its changes in the order they were made."""
    return [change.json() for change in changes if change.turn == turn]


def clamp(changes: tuple[SeatChange, ...], turn: int, played: int) -> tuple[SeatChange, ...]:
    """The changes after a take-back left ``played`` actions in ``turn``: a change made after
    an action that is gone happened, as far as the turn can tell, after what remains."""
    if not any(c.turn == turn and c.at > played for c in changes):
        return changes
    return tuple(
        SeatChange(c.turn, played, c.player, c.seat, c.was)
        if c.turn == turn and c.at > played
        else c
        for c in changes
    )


def changes_by_step(race: Race) -> dict[int, tuple[SeatChange, ...]]:
    """Where each change falls among the race's actions (:meth:`Race.replay`): step ``k``
    is the moment after ``k`` actions, so a replay can tell it there."""
    wanted: dict[tuple[int, int], list[SeatChange]] = {}
    for change in race.seat_changes:
        wanted.setdefault((change.turn, change.at), []).append(change)
    found: dict[int, list[SeatChange]] = {}
    turn, into, step = -1, 0, 0
    for state, _action in race.replay():
        if state.turn != turn:
            turn, into = state.turn, 0
        if (turn, into) in wanted:
            found.setdefault(step, []).extend(wanted.pop((turn, into)))
        step += 1
        into += 1
    for rest in wanted.values():  # made after the last action so far
        found.setdefault(step, []).extend(rest)
    return {k: tuple(v) for k, v in found.items()}


def seats_at(
    race: Race, steps: Mapping[int, tuple[SeatChange, ...]], step: int
) -> list[SeatKind]:
    """Who drove each car after ``step`` actions (and the changes made then)."""
    seats = [p.seat for p in race.starting_players()]
    for at in sorted(steps):
        if at > step:
            break
        for change in steps[at]:
            seats[change.player] = change.seat
    return seats


__all__ = ["SeatChange", "changes_by_step", "clamp", "seats_at", "seats_json"]

"""Computer drivers and hints: ``random``, ``greedy`` and ``expert`` (see ``docs/bots.md``).

The app and ``monza simulate`` use only this module's names. A driver answers one action at
a time for the player whose choice it is (:meth:`State.current_player`, never chance or
terminal) in any of the phases a player acts in: the extra roll, placing, turbo placing and
the bonus move. It plans a whole path once and then hands out its steps one by one, so the
app can show them at a readable pace. :func:`hint` is the expert's choice for the situation
on screen, without playing it, with a one-line reason.
"""

from __future__ import annotations

import random
from typing import Protocol

from monza_tui.bots.base import Hint
from monza_tui.engine import Action, State
from monza_tui.seats import SeatKind

LEVELS: tuple[SeatKind, ...] = SeatKind.levels()
"""The driver levels, weakest first (the computer :class:`SeatKind` members)."""


class Driver(Protocol):
    """A computer driver: one action per call for the player whose choice it is."""

    level: str

    def choose(self, state: State) -> Action:
        """The next action in ``state`` (one of ``state.legal_actions()``)."""
        ...


def make_driver(level: str, rng: random.Random) -> Driver:
    """A driver of ``level`` (one of :data:`LEVELS`) using ``rng`` for any chance it needs;
    :class:`ValueError` for an unknown level."""
    if level == SeatKind.RANDOM:
        from monza_tui.bots.simple import RandomDriver

        return RandomDriver(rng)
    if level == SeatKind.GREEDY:
        from monza_tui.bots.simple import GreedyDriver

        return GreedyDriver(rng)
    if level == SeatKind.EXPERT:
        from monza_tui.bots.expert import ExpertDriver

        return ExpertDriver(rng)
    raise ValueError(f"unknown driver level {level!r}; the levels are {', '.join(LEVELS)}")


def hint(state: State) -> Hint:
    """The expert's choice for ``state`` without playing it: the re-roll (``Reroll`` or
    ``KeepRoll``), the whole remaining path (``Place``..., ``Confirm``), or the bonus step;
    ``ValueError`` when it is not a player's choice now."""
    from monza_tui.bots.expert import expert_hint

    return expert_hint(state)


__all__ = ["LEVELS", "Driver", "Hint", "hint", "make_driver"]

"""What the player can point at now, as plain functions of an engine state.

A thin front of :func:`monza_tui.race.now.derive`, the one place where the
choices are read off :meth:`State.legal_actions` (R5, R6, R13, R15); tests and tools that
have a state and no screen ask here. The last state asked about is remembered.
"""

from __future__ import annotations

from monza_tui.engine import Action, Die, Phase, Place, State, Tile, Token
from monza_tui.race.now import Now, derive

_PLAYER_PHASES = (Phase.PLACING, Phase.TURBO_PLACING, Phase.BONUS)
_last: tuple[State | None, Now | None] = (None, None)


def now(state: State) -> Now:
    """The choices of ``state`` (none outside the placing and bonus phases)."""
    global _last
    if _last[0] is state and _last[1] is not None:
        return _last[1]
    found = derive(state, human=state.phase in _PLAYER_PHASES)
    _last = (state, found)
    return found


def placements(state: State) -> list[Place]:
    """The legal placements now (none outside the placing phases)."""
    return list(now(state).placements)


def targets(state: State, selected: Token | None = None) -> tuple[int, ...]:
    """The highlighted spaces, in the board's step order (nearest first): where the selected
    token (or any token) may go, or the free steps of the bonus move (R15)."""
    return now(state).targets(selected)


def first_target(state: State) -> int | None:
    """Where the cursor starts: the nearest lit space that a die fits, so that Enter places
    a die and never spends a tile unasked (R6, R12); else the nearest lit space."""
    return now(state).first


def die_targets(state: State, index: int) -> tuple[int, ...]:
    """Where die ``index`` may go now."""
    return targets(state, Die(index))


def place_at(state: State, space: int, selected: Token | None = None) -> Place | None:
    """The placement onto ``space`` (see :meth:`Now.place_at`)."""
    return now(state).place_at(space, selected)


def can_confirm(state: State) -> bool:
    """Whether the move may be confirmed: no die fits any more (R6, R7)."""
    return now(state).can_confirm


def fitting_tiles(state: State) -> list[Tile]:
    """The player's unused tiles that fit a space ahead now, in colour order (R12)."""
    return list(now(state).tiles)


def is_legal(state: State, action: Action) -> bool:
    """Whether the engine accepts ``action`` now."""
    return state.is_legal(action)

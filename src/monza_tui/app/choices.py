"""What the player can point at now, read off the engine's legal actions.

The race screen keeps only a pointer (a selected die or tile, a cursor space, dice marked
for the extra roll); everything it offers comes from :meth:`State.legal_actions`, so the
screen can never offer a move the rules refuse (R5, R6, R13, R15).
"""

from __future__ import annotations

from monza_tui.engine import (
    Action,
    BonusStep,
    Confirm,
    Die,
    Phase,
    Place,
    State,
    Tile,
    Token,
)

_PLAYER_PHASES = (Phase.PLACING, Phase.TURBO_PLACING, Phase.BONUS)
_last: tuple[State | None, list[Action]] = (None, [])


def legal(state: State) -> list[Action]:
    """``state.legal_actions()`` of a player's choice, remembered for the state last asked
    about (one screen refresh asks many times). Chance nodes list no player actions here:
    their hundreds of possible rolls are chance's business."""
    global _last
    if _last[0] is state:
        return _last[1]
    actions = state.legal_actions() if state.phase in _PLAYER_PHASES else []
    _last = (state, actions)
    return actions


def placements(state: State) -> list[Place]:
    """The legal placements now (none outside the placing phases)."""
    return [a for a in legal(state) if isinstance(a, Place)]


def targets(state: State, selected: Token | None = None) -> tuple[int, ...]:
    """The highlighted spaces, in the board's step order (nearest first): where the selected
    token (or any token) may go, or the free steps of the bonus move (R15)."""
    if state.phase is Phase.BONUS:
        return tuple(a.space for a in legal(state) if isinstance(a, BonusStep))
    spaces = {a.space for a in placements(state) if selected is None or a.token == selected}
    return tuple(s for s in state.next_spaces() if s in spaces)


def first_target(state: State) -> int | None:
    """Where the cursor starts: the nearest lit space that a die fits, so that Enter places
    a die and never spends a tile unasked (tiles are never compulsory, R6, R12); when no
    die fits, the nearest lit space (a tile's, or a bonus step's)."""
    lit = targets(state)
    dice = {a.space for a in placements(state) if isinstance(a.token, Die)}
    return next((s for s in lit if s in dice), lit[0] if lit else None)


def die_targets(state: State, index: int) -> tuple[int, ...]:
    """Where die ``index`` may go now."""
    return targets(state, Die(index))


def place_at(state: State, space: int, selected: Token | None = None) -> Place | None:
    """The placement onto ``space``: the selected token if it fits there; otherwise an
    unused die of that space's colour (the lowest-numbered, dice of a colour are alike),
    otherwise the tile of that colour (tiles are never compulsory, so dice go first, R6)."""
    legal = [a for a in placements(state) if a.space == space]
    if selected is not None:
        wanted = Place(selected, space)
        return wanted if wanted in legal else None
    dice = sorted(
        (a for a in legal if isinstance(a.token, Die)),
        key=lambda a: a.token.index if isinstance(a.token, Die) else 0,
    )
    if dice:
        return dice[0]
    tiles = [a for a in legal if isinstance(a.token, Tile)]
    return tiles[0] if tiles else None


def can_confirm(state: State) -> bool:
    """Whether the move may be confirmed: no die fits any more (R6, R7)."""
    return Confirm() in legal(state)


def fitting_tiles(state: State) -> list[Tile]:
    """The player's unused tiles that fit a space ahead now, in colour order (R12)."""
    fits = {a.token for a in placements(state) if isinstance(a.token, Tile)}
    return sorted((t for t in fits if isinstance(t, Tile)), key=lambda t: t.colour.index)


def is_legal(state: State, action: Action) -> bool:
    """Whether the engine accepts ``action`` now."""
    return state.is_legal(action)

"""What may happen now: one derivation per state change, shared by the whole race screen.

The board (lit spaces), the panel (buttons, prompt) and ``check_action`` (the footer's keys)
all ask the same :class:`Now`, built once by :func:`derive` when the engine state or the
pace (a car driving, a bot's turn) changes. Moving the cursor or selecting a die reads it
and recomputes nothing. Everything in it comes from ``State.legal_actions`` (R5, R6, R13,
R15), so nothing offered is a move the rules refuse.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from monza_tui.engine import (
    Action,
    BonusStep,
    Confirm,
    Die,
    KeepRoll,
    Phase,
    Place,
    State,
    TakeBack,
    Tile,
    Token,
)
from monza_tui.race.scene import Scene, hinted_path, scene_from_state

if TYPE_CHECKING:
    from monza_tui.bots import Hint

PLACING = (Phase.PLACING, Phase.TURBO_PLACING)
"""The phases in which dice (and tiles) are placed."""


@dataclass(frozen=True)
class Pointer:
    """What the person points at: a selected die or tile, the cursor space, the dice marked
    for the extra roll (R13). The only state of the race screen besides the pace."""

    selected: Token | None = None
    cursor: int | None = None
    marked: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Now:
    """The choices of one engine state, as the screen offers them."""

    state: State
    """The state shown (the animation frame while a car drives)."""
    human: bool
    """A person decides now (nothing moving, not a bot's turn)."""
    placing: State | None = None
    """The placing state the choices are read from: ``state`` itself while placing, the
    state after keeping the roll during the extra-roll decision (what the roll allows),
    None otherwise."""
    lit: Mapping[Token | None, tuple[int, ...]] = field(default_factory=dict)
    """Lit spaces in step order (nearest first) per selected token; ``None``: any token
    (or, in the bonus phase, the free steps, R15)."""
    dice_spaces: frozenset[int] = frozenset()
    """Spaces some die reaches (the rest of ``lit[None]`` needs a tile, R12)."""
    first: int | None = None
    """Where the cursor starts: the nearest space a die fits, else the nearest lit one."""
    can_confirm: bool = False
    """The move may be driven: no die fits any more (R6, R7)."""
    can_take_back: bool = False
    tiles: tuple[Tile, ...] = ()
    """The unused tiles that fit a space ahead, in colour order (R12)."""
    used_dice: frozenset[int] = frozenset()
    """The dice of the roll already placed this turn: shown to everyone who watches the
    turn, whoever decides it (a watcher, a guest, the host while a bot plays)."""
    placements: tuple[Place, ...] = ()
    legal: tuple[Action, ...] = ()
    """The legal actions of ``placing`` (or of the bonus phase), asked once."""

    @property
    def phase(self) -> Phase:
        return self.state.phase

    def targets(self, selected: Token | None = None) -> tuple[int, ...]:
        """The lit spaces for ``selected`` (or for any token)."""
        return self.lit.get(selected, ())

    @property
    def tile_only(self) -> frozenset[int]:
        """Lit spaces that only a tile reaches (shown apart from the dice's, R12). None
        outside placing: the bonus move's free steps need no tile (R15)."""
        if self.placing is None:
            return frozenset()
        return frozenset(self.targets()) - self.dice_spaces

    def place_at(self, space: int, selected: Token | None = None) -> Place | None:
        """The placement onto ``space``: the selected token if it fits there; otherwise the
        lowest unused die of that space's colour, else the tile of that colour (tiles are
        never compulsory, so dice go first, R6, R12)."""
        here = [a for a in self.placements if a.space == space]
        if selected is not None:
            wanted = Place(selected, space)
            return wanted if wanted in here else None
        dice = sorted(
            (a for a in here if isinstance(a.token, Die)),
            key=lambda a: a.token.index if isinstance(a.token, Die) else 0,
        )
        if dice:
            return dice[0]
        tiles = [a for a in here if isinstance(a.token, Tile)]
        return tiles[0] if tiles else None


def _placing_choices(state: State, legal: list[Action]) -> dict[str, object]:
    order = state.next_spaces()
    places = tuple(a for a in legal if isinstance(a, Place))
    by_token: dict[Token | None, set[int]] = {None: set()}
    for action in places:
        by_token.setdefault(action.token, set()).add(action.space)
        by_token[None].add(action.space)
    lit = {token: tuple(s for s in order if s in spaces) for token, spaces in by_token.items()}
    dice_spaces = frozenset(a.space for a in places if isinstance(a.token, Die))
    tiles = sorted(
        {a.token for a in places if isinstance(a.token, Tile)},
        key=lambda t: t.colour.index if isinstance(t, Tile) else 0,
    )
    first = next((s for s in lit[None] if s in dice_spaces), None)
    if first is None and lit[None]:
        first = lit[None][0]
    return {
        "lit": lit,
        "dice_spaces": dice_spaces,
        "first": first,
        "tiles": tuple(t for t in tiles if isinstance(t, Tile)),
        "placements": places,
        "used_dice": used_dice(state),
        "legal": tuple(legal),
    }


def used_dice(state: State) -> frozenset[int]:
    """The dice of ``state``'s roll placed so far this turn (the path, R6)."""
    return frozenset(p.token.index for p in state.path if isinstance(p.token, Die))


def derive(state: State, *, human: bool) -> Now:
    """The choices of ``state`` (one ``legal_actions`` call; none at chance nodes). Where
    nobody here decides, only what everyone sees: the dice already placed."""
    phase = state.phase
    if not human or state.is_chance() or state.is_terminal():
        return Now(state=state, human=human, used_dice=used_dice(state))
    if phase in PLACING:
        legal = state.legal_actions()
        return Now(
            state=state,
            human=human,
            placing=state,
            can_confirm=Confirm() in legal,
            can_take_back=TakeBack() in legal,
            **_placing_choices(state, legal),  # type: ignore[arg-type]
        )
    if phase is Phase.EXTRA_ROLL:
        # Light what the roll allows while the player decides (R13): the choices of the
        # state after keeping it; placing a die there means keeping the roll.
        kept = state.apply(KeepRoll())
        return Now(
            state=state,
            human=human,
            placing=kept,
            **_placing_choices(kept, kept.legal_actions()),  # type: ignore[arg-type]
        )
    if phase is Phase.BONUS:
        bonus = tuple(state.legal_actions())
        steps = tuple(a.space for a in bonus if isinstance(a, BonusStep))
        return Now(
            state=state,
            human=human,
            lit={None: steps},
            first=steps[0] if steps else None,
            legal=bonus,
        )
    return Now(state=state, human=human, used_dice=used_dice(state))


def base_scene(now: Now) -> Scene:
    """The board's scene of ``now``, before what a person points at: the state shown, or
    during the extra-roll decision the state after keeping the roll (what it allows)."""
    shown = now.placing if now.placing is not None else now.state
    return scene_from_state(shown, legal=now.legal if now.human else None)


def pointer_scene(base: Scene, now: Now, pointer: Pointer, hint: Hint | None) -> Scene:
    """``base`` (of ``now``) with what a person points at: the spaces lit for the selected
    die or tile (for any, when none is selected, with those only a tile reaches apart), the
    cursor, and the hint's marks."""
    scene = replace(
        base,
        highlights=frozenset(now.targets(pointer.selected)),
        cursor=pointer.cursor,
        tile_only=now.tile_only if pointer.selected is None else frozenset(),
    )
    if hint is not None:
        scene = replace(scene, hinted=hinted_path(now.state, hint))
    return scene


__all__ = ["PLACING", "Now", "Pointer", "base_scene", "derive", "pointer_scene", "used_dice"]

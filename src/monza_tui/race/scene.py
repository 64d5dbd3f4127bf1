"""What the board shows, derived from one engine state: cars, placed dice, legal next spaces.

The board widget never looks at game truth itself; the race screen turns the engine state
(plus what the player has selected and where the keyboard cursor is) into a :class:`Scene`
with :func:`scene_from_state` and hands it to ``BoardView.show``. Legality comes from
``state.legal_actions()`` alone, so the highlights are exactly the moves the engine accepts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from monza_tui.engine import (
    Action,
    BonusStep,
    Colour,
    Phase,
    Place,
    Placement,
    State,
    Tile,
    Token,
)

if TYPE_CHECKING:
    from monza_tui.bots import Hint

TILE_MARK = "t"
"""Suffix of a token label for an accelerator tile (``"Tt"``: shown as ``T``, a tile)."""
TILE_LABEL = "T"
"""What a placed tile shows on the board: tiles have no number (the dice row numbers dice
only), and its colour is its space's."""
DONE_LABEL = "✓"
"""Label of a token of the path already driven (the main move, during the turbo, R14)."""


@dataclass(frozen=True)
class Scene:
    """Everything the board shows, derived from one engine state.

    Token labels: a die's own number, the one the dice row and its key show (``"3"``: die
    3 wherever it was placed, in whatever order: one numbering of the dice from the roll
    to the drive), :data:`TILE_LABEL` with :data:`TILE_MARK` for a tile (``"Tt"``), and
    :data:`DONE_LABEL` for the tokens of the main move while the turbo dice are placed
    (R14). The order of the placements is the path's, along the track.
    """

    cars: Mapping[int, tuple[Colour, ...]]
    """Space index -> the cars standing there, in player order."""
    tokens: tuple[tuple[int, str], ...] = ()
    """Placed dice and tiles in order: ``(space, label)``."""
    origin: int | None = None
    """The space the next step goes from (the last token's, or the car's)."""
    highlights: frozenset[int] = frozenset()
    """Legal next spaces for the selected die or tile (or for any, if none is selected)."""
    cursor: int | None = None
    """The keyboard cursor, among the highlights."""
    moving: int | None = None
    """The player whose car is about to move (its car is emphasised)."""
    player_cars: tuple[Colour, ...] = field(default=())
    """Each player's car, so that :attr:`moving` names a car (``game.cars``)."""
    hinted: tuple[tuple[int, str], ...] = ()
    """The hint's path, not played: ``(space, label)`` like :attr:`tokens`, each die by its
    own number, so the expert's whole plan shows on the board as the hint names it."""
    tile_only: frozenset[int] = frozenset()
    """Highlighted spaces only a tile reaches (R12): drawn apart from the dice's."""

    @property
    def moving_car(self) -> Colour | None:
        """The car of :attr:`moving`, if known."""
        if self.moving is None or not 0 <= self.moving < len(self.player_cars):
            return None
        return self.player_cars[self.moving]


def token_label(token: Token) -> str:
    """The label of a placed token: a die's own number (``"3"``: the dice row's, its key's),
    a tile ``"Tt"``."""
    return f"{TILE_LABEL}{TILE_MARK}" if isinstance(token, Tile) else str(token.index + 1)


def split_label(label: str) -> tuple[str, bool, bool]:
    """``(text to show, is a tile, is done)`` of a token label."""
    if label == DONE_LABEL:
        return label, False, True
    if label.endswith(TILE_MARK):
        return label[: -len(TILE_MARK)], True, False
    return label, False, False


def hinted_path(state: State, hint: Hint) -> tuple[tuple[int, str], ...]:
    """The placements of a hint as labelled spaces, each die by its own number."""
    return tuple((a.space, token_label(a.token)) for a in hint.actions if isinstance(a, Place))


def _tokens(path: tuple[Placement, ...]) -> list[tuple[int, str]]:
    return [(p.space, token_label(p.token)) for p in path]


def _by_space(marks: tuple[tuple[int, str], ...]) -> dict[int, tuple[str, ...]]:
    found: dict[int, tuple[str, ...]] = {}
    for space, label in marks:
        found[space] = (*found.get(space, ()), label)
    return found


def _differ(old: Mapping[int, object], new: Mapping[int, object]) -> set[int]:
    return {s for s in old.keys() | new.keys() if old.get(s) != new.get(s)}


def changed_spaces(old: Scene, new: Scene) -> set[int]:
    """The spaces that look different in ``new`` than in ``old`` (their cars, tokens, hint
    marks, highlight, cursor, or the step's origin): only those need painting again, so a
    cursor move costs two spaces, not the board."""
    changed: set[int] = set()
    if old.cars != new.cars:
        changed |= _differ(old.cars, new.cars)
    if old.tokens != new.tokens:
        changed |= _differ(_by_space(old.tokens), _by_space(new.tokens))
    if old.hinted != new.hinted:
        changed |= _differ(_by_space(old.hinted), _by_space(new.hinted))
    changed |= old.highlights ^ new.highlights
    changed |= old.tile_only ^ new.tile_only
    for before, after in ((old.cursor, new.cursor), (old.origin, new.origin)):
        if before != after:
            changed |= {s for s in (before, after) if s is not None}
    if old.moving_car != new.moving_car:
        cars = {old.moving_car, new.moving_car}
        for scene in (old, new):
            changed |= {s for s, here in scene.cars.items() if cars.intersection(here)}
    return changed


def reframed_spaces(old: Scene, new: Scene) -> set[int]:
    """The spaces whose frame looks different in ``new`` than in ``old`` (lit, under the
    cursor, or the step's origin: the frame lines show those); a space whose cars or tokens
    alone changed needs only its cells painted again, not the rows of its frame."""
    changed = set(old.highlights ^ new.highlights)
    for before, after in ((old.cursor, new.cursor), (old.origin, new.origin)):
        if before != after:
            changed |= {s for s in (before, after) if s is not None}
    return changed


def scene_from_state(
    state: State,
    *,
    selected: Token | None = None,
    cursor: int | None = None,
    legal: Sequence[Action] | None = None,
) -> Scene:
    """The scene of ``state``.

    ``highlights`` are the spaces the selected die or tile may be placed on now (R5, R6),
    or every space some die or tile may go to when nothing is selected; in the bonus phase,
    the free steps of the car owed the bonus move (R15). The cursor is passed through.
    ``legal``: the state's legal actions when the caller has them already (the race screen
    derives them once per state).
    """
    cars: dict[int, tuple[Colour, ...]] = {}
    for player, space in enumerate(state.positions):
        cars[space] = (*cars.get(space, ()), state.game.cars[player])
    tokens: list[tuple[int, str]] = []
    origin: int | None = None
    highlights: set[int] = set()
    if state.phase is Phase.TURBO_PLACING:
        # The main move is driven (R14): its tokens stay in sight, marked done.
        tokens += [(p.space, DONE_LABEL) for p in state.log.moves]
    if state.phase in (Phase.PLACING, Phase.TURBO_PLACING):
        tokens += _tokens(state.path)
        origin = state.origin()
        for action in state.legal_actions() if legal is None else legal:
            if isinstance(action, Place) and (selected is None or action.token == selected):
                highlights.add(action.space)
    elif state.phase is Phase.BONUS and state.bonus_player is not None:
        origin = state.positions[state.bonus_player]
        steps = state.legal_actions() if legal is None else legal
        highlights = {a.space for a in steps if isinstance(a, BonusStep)}
    if state.phase is Phase.FINISHED:
        moving = None
    elif state.phase is Phase.BONUS and state.bonus_player is not None:
        moving = state.bonus_player
    else:
        moving = state.player
    return Scene(
        cars=cars,
        tokens=tuple(tokens),
        origin=origin,
        highlights=frozenset(highlights),
        cursor=cursor,
        moving=moving,
        player_cars=tuple(state.game.cars),
    )


__all__ = [
    "DONE_LABEL",
    "TILE_MARK",
    "Scene",
    "changed_spaces",
    "hinted_path",
    "scene_from_state",
    "split_label",
    "token_label",
]

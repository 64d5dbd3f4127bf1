"""What a space shows in its cells besides its colour: its letter, placed dice and cars.

Pure, no Textual: the board view paints the marks chosen here with its component classes.
"""

from __future__ import annotations

from monza_tui.app.scene import Scene, split_label
from monza_tui.app.track_layout import Cellpos, Layout
from monza_tui.engine import Board, Colour, Space, SpaceKind
from monza_tui.i18n import _

Paint = tuple[str, tuple[str, ...]]
"""A cell's text and the board view's component classes for it."""

CHEQUER = "▚"
"""The start/finish field's pattern: repeated, a fine chequered flag."""
TIRE = "◎"
GLOW = "░"
"""The texture of a legal next space: shows without colour, keeps the space's colour."""
TILE_GLOW = "·"
"""A space only a tile reaches: dotted, not textured like a die's (R12)."""

CAR_MARK = "●"
"""A car is a chip of two cells: this mark and the car's letter (``●R``), never a space's
letter alone, so cars stand out also without colour (NO_COLOR, plain text)."""
FINISHED_MARK = "⚑"
"""The mark of a car that reached the finish (``⚑R``), where the finish is drawn over the
start field."""


def board_letter(colour: Colour) -> str:
    """The one-letter mark of a colour on the board (R B G Y P W), translatable."""
    letters = {
        Colour.RED: _("R"),
        Colour.BLUE: _("B"),
        Colour.GREEN: _("G"),
        Colour.YELLOW: _("Y"),
        Colour.PURPLE: _("P"),
        Colour.WHITE: _("W"),
    }
    return letters[colour]


def place_marks(
    slots: tuple[Cellpos, ...],
    letter: tuple[str, tuple[str, ...]] | None,
    token_marks: list[tuple[str, tuple[str, ...]]],
    cars: list[tuple[Colour, bool]],
    base: str,
    moving: Colour | None,
) -> dict[Cellpos, tuple[str, tuple[str, ...]]]:
    """Where the space's letter, its placed dice and its cars go among its cells.

    A car is a chip of two cells, :data:`CAR_MARK` (or :data:`FINISHED_MARK` at the
    finish) and the car's letter, so that it never reads as a space's letter, also
    without colour. Where cells are short: the space's letter gives way first (the die
    and the car matter more; the tooltip tells the rest), then a car shrinks to one cell,
    its letter in lower case (space letters are capitals). ``moving``: the car whose turn
    it is, emphasised.
    """
    free = list(slots)
    placed: dict[Cellpos, tuple[str, tuple[str, ...]]] = {}
    if letter is not None and len(slots) >= 1 + len(token_marks) + 2 * len(cars):
        placed[free.pop(0)] = letter
    # A chip keeps a blank cell from the space's letter where there is room ("B ●R" rather
    # than "B●R"), so the two never read as one word.
    apart = {(x + dx, y) for x, y in placed for dx in (-2, 1)}
    for n, (car, finished) in enumerate(cars):
        emphasis = ("board--car-moving",) if car == moving else ()
        look = (base, f"board--car-{car.value}", *emphasis)
        spare = len(free) - len(token_marks) - (len(cars) - n - 1)
        pair = None
        if spare >= 2:
            taken = set(free)
            pairs = [(x, y) for x, y in free if (x + 1, y) in taken]
            pair = next((c for c in pairs if c not in apart), pairs[0] if pairs else None)
        if pair is not None:
            x, y = pair
            free.remove((x, y))
            free.remove((x + 1, y))
            placed[(x, y)] = (FINISHED_MARK if finished else CAR_MARK, look)
            placed[(x + 1, y)] = (board_letter(car), look)
        elif free:
            placed[free.pop(0)] = (board_letter(car).lower(), look)
    for cell, mark in zip(free, token_marks, strict=False):
        placed[cell] = mark
    return placed


def base_class(space: Space) -> str:
    """The component class of a space's colour (tire, start field, or its colour)."""
    if space.kind is SpaceKind.BLOCKED:
        return "board--tire"
    if space.kind is SpaceKind.START or space.colour is None:
        return "board--start"
    return f"board--{space.colour.value}"


def paint_space(layout: Layout, board: Board, scene: Scene, index: int) -> dict[Cellpos, Paint]:
    """Text and component classes of every content cell of one space in ``scene``."""
    slots = layout.slots.get(index, ())
    if not slots:
        return {}
    # The start and the finish drawn over it share their cells: paint them together.
    sharing = layout.rows[slots[0][1]][slots[0][0]]
    spaces = sharing.spaces if sharing is not None else (index,)
    base = base_class(board.spaces[spaces[-1]])
    marks: list[str] = []
    highlighted = any(s in scene.highlights for s in spaces)
    tile_only = highlighted and all(s in scene.tile_only for s in spaces)
    if highlighted:
        marks.append("board--tile-only" if tile_only else "board--highlight")
    if scene.cursor in spaces:
        marks.append("board--cursor")
    paint: dict[Cellpos, Paint] = {}
    kinds = {board.spaces[s].kind for s in spaces}
    if kinds & {SpaceKind.START, SpaceKind.FINISH}:
        fill = CHEQUER  # start and finish: a chequered flag in the field's colour
    elif SpaceKind.BLOCKED in kinds:
        fill = TIRE
    elif highlighted:
        fill = TILE_GLOW if tile_only else GLOW  # legal next space, its colour kept
    else:
        fill = " "
    for pos in slots:
        cell = layout.rows[pos[1]][pos[0]]
        assert cell is not None
        if cell.edge is not None and fill in (" ", GLOW, TILE_GLOW):
            paint[pos] = (cell.edge, (base, *marks, "board--thin"))
        else:
            paint[pos] = (fill, (base, *marks))
    colour = next(
        (board.spaces[s].colour for s in reversed(spaces) if board.spaces[s].colour), None
    )
    letter = (board_letter(colour), (base, *marks)) if colour is not None else None
    cars = [
        (car, board.spaces[s].kind is SpaceKind.FINISH)
        for s in spaces
        for car in scene.cars.get(s, ())
    ]
    token_marks: list[Paint] = []
    for s in spaces:
        for at, label in scene.tokens:
            if at == s:
                text, tile, done = split_label(label)
                look = "board--token-done" if done else "board--tile" if tile else "board--token"
                token_marks.append((text[-1:], (base, look)))
    for s in spaces:
        token_marks += [
            (split_label(label)[0][-1:], (base, "board--hint"))
            for at, label in scene.hinted
            if at == s
        ]
    paint.update(place_marks(slots, letter, token_marks, cars, base, scene.moving_car))
    return paint

"""What a space shows in its cells besides its colour: its letter, placed dice and cars.

Pure, no Textual: the board view paints the marks chosen here with the looks of
``palette.BOARD``.
"""

from __future__ import annotations

import unicodedata

from monza_tui.app.track_drawing import Cellpos, Layout
from monza_tui.engine import Board, Colour, Space, SpaceKind
from monza_tui.i18n import colour_letter
from monza_tui.race.scene import Scene, split_label

Paint = tuple[str, tuple[str, ...]]
"""A cell's text and the names of its looks (``palette.BOARD``), painted in order."""

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
MANY_CARS = "⁂"
"""Where cars outnumber a space's cells, the last cell says that more cars stand there."""
PARTED = "parted"
"""The look of a space of one cell set apart from the one behind it (see
:func:`parted_spaces`): reversed, and only without colour (the painter drops it in
colour, where the two colours already part them)."""


def board_letter(colour: Colour) -> str:
    """The one-cell letter of a colour on the board: :func:`monza_tui.i18n.colour_letter`,
    the same everywhere in the app."""
    return colour_letter(colour)


def car_glyph(colour: Colour) -> str:
    """A car in one cell: its letter in a circle (``Ⓡ``), which no space letter, die or tile
    mark can be; :data:`CAR_MARK` if the (translated) letter has no circled form."""
    return circled(board_letter(colour))


def circled(letter: str) -> str:
    """``letter`` in a circle (``Ⓡ``) where Unicode has one, one cell wide: Latin letters,
    accents dropped (Polish ``Ś`` is ``Ⓢ``); otherwise (Cyrillic, Chinese) :data:`CAR_MARK`,
    one cell too, so the track stays aligned in every language."""
    letter = unicodedata.normalize("NFD", letter)[:1]
    if "A" <= letter <= "Z":
        return chr(ord("Ⓐ") + ord(letter) - ord("A"))
    if "a" <= letter <= "z":
        return chr(ord("ⓐ") + ord(letter) - ord("a"))
    return CAR_MARK


def place_marks(
    slots: tuple[Cellpos, ...],
    letter: tuple[str, tuple[str, ...]] | None,
    token_marks: list[tuple[str, tuple[str, ...]]],
    cars: list[tuple[Colour, bool]],
    base: str,
    moving: Colour | None,
    thin: frozenset[Cellpos] = frozenset(),
) -> dict[Cellpos, tuple[str, tuple[str, ...]]]:
    """Where the space's letter, its placed dice and its cars go among its cells.

    ``thin``: the cells showing the space's thin edge (``▏▕▔▁``, where no edge line fits);
    one of them keeps it, so that every space boundary shows without colour, unless a car,
    a die or, on an empty space of one cell, its letter has no other cell (a space nobody
    can read is worse than a boundary told by the two letters beside it). Cars come first,
    then the dice, then the space's letter (its colour still shows as the background; the
    tooltip tells the rest). A car is a chip of two cells, :data:`CAR_MARK` (or
    :data:`FINISHED_MARK` at the finish) and the car's letter (``●R``), where the cells
    allow; otherwise one cell, its letter circled (``Ⓡ``); where cars outnumber the cells,
    the last cell shows :data:`MANY_CARS`. No form of a car is ever a plain letter.
    ``moving``: the car whose turn it is, emphasised.
    """
    plain = [c for c in slots if c not in thin]
    edged = [c for c in slots if c in thin]
    free = plain + edged[:-1]  # one thin edge stays
    if len(free) < len(cars) + len(token_marks):
        free = list(slots)  # a car or die matters more than the edge
    placed: dict[Cellpos, tuple[str, tuple[str, ...]]] = {}
    looks = [
        (base, f"car-{car.value}", *(("car-moving",) if car == moving else ()))
        for car, _finished in cars
    ]
    room = len(free) - len(token_marks)
    shown = min(len(cars), max(room, 1 if cars and free else 0))
    counted = shown < len(cars)  # the last shown cell counts the rest
    singles = shown - 1 if counted else shown
    chips = max(0, min(singles, room - shown))
    for n, (car, finished) in enumerate(cars[:singles]):
        taken = set(free)
        pair = next(((x, y) for x, y in free if (x + 1, y) in taken), None) if n < chips else None
        if pair is not None:
            x, y = pair
            free.remove((x, y))
            free.remove((x + 1, y))
            placed[(x, y)] = (FINISHED_MARK if finished else CAR_MARK, looks[n])
            placed[(x + 1, y)] = (board_letter(car), looks[n])
        elif free:
            # One cell: the car's letter circled, in the car's ink on the space's own
            # colour, so the space still shows around the car (on a one-cell space the
            # car's own background hid the space entirely).
            ink = (base, ink_look(car, base), *(("ink-moving",) if car == moving else ()))
            placed[free.pop(0)] = (car_glyph(car), ink)
    if counted and free:
        placed[free.pop(0)] = (MANY_CARS, looks[singles])
    for mark in token_marks:
        if free:
            placed[free.pop(0)] = mark
    edges_left = [c for c in edged if c not in placed]
    spots = [c for c in free if c not in thin] + [c for c in free if c in thin]
    keep_edge = [c for c in spots if c not in thin or len(edges_left) > 1]
    # An empty space of one cell shows its letter rather than its thin edge.
    spots = keep_edge or spots or ([] if placed else list(slots))
    if letter is not None and spots:
        # A blank cell between the letter and a car chip where there is room ("B ●R").
        near = {(x + dx, y) for x, y in placed for dx in (-1, 1)}
        placed[next((c for c in spots if c not in near), spots[0])] = letter
    return placed


def ink_look(car: Colour, base: str) -> str:
    """The look of a car drawn as one circled letter on a space of look ``base``:
    ``palette.BOARD``'s ``ink-<car>-<base>``, the car's colour where it shows on that
    space, else a dark or light ink that does."""
    return f"ink-{car.value}-{base}"


def parted_spaces(layout: Layout, board: Board) -> frozenset[int]:
    """The spaces of one cell drawn :data:`PARTED` without colour: where no edge line
    fitted and the space's only cell shows its letter rather than its thin edge, two
    spaces would read as one two-letter space (``│GR│``); every other one of a run of
    such spaces is reversed (``G`` plain, ``R`` reversed). Worked out once per drawing."""
    parted: set[int] = set()
    for lane in board.lane_spaces:
        for index in lane:
            slots = layout.slots.get(index, ())
            if len(slots) != 1:
                continue
            x, y = slots[0]
            cell = layout.rows[y][x]
            if cell is None or cell.edge is None or cell.edge_lent or len(cell.spaces) != 1:
                continue
            dx, dy = _BEHIND.get(cell.edge, (0, 0))
            behind = layout.cell(x + dx, y + dy)
            if behind is None or behind.line is not None or not behind.spaces:
                continue
            if not parted & set(behind.spaces):
                parted.add(index)
    return frozenset(parted)


_BEHIND = {"▏": (-1, 0), "▕": (1, 0), "▔": (0, -1), "▁": (0, 1)}
"""Per thin back edge, where the cell behind the space is."""


def base_look(space: Space) -> str:
    """The look of a space's colour (tire, start field, or its colour)."""
    if space.kind is SpaceKind.BLOCKED:
        return "tire"
    if space.kind is SpaceKind.START or space.colour is None:
        return "start"
    return space.colour.value


def paint_space(
    layout: Layout,
    board: Board,
    scene: Scene,
    index: int,
    parted: frozenset[int] = frozenset(),
) -> dict[Cellpos, Paint]:
    """Text and looks of every content cell of one space in ``scene``; ``parted``: the
    drawing's :func:`parted_spaces`."""
    slots = layout.slots.get(index, ())
    if not slots:
        return {}
    # The start and the finish drawn over it share their cells: paint them together.
    sharing = layout.rows[slots[0][1]][slots[0][0]]
    spaces = sharing.spaces if sharing is not None else (index,)
    base = base_look(board.spaces[spaces[-1]])
    marks: list[str] = [PARTED] if parted and index in parted else []
    highlighted = any(s in scene.highlights for s in spaces)
    tile_only = highlighted and all(s in scene.tile_only for s in spaces)
    if highlighted:
        marks.append("tile-only" if tile_only else "highlight")
    if scene.cursor in spaces:
        marks.append("cursor")
    paint: dict[Cellpos, Paint] = {}
    thin: set[Cellpos] = set()
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
            paint[pos] = (cell.edge, (base, *marks, "thin"))
            thin.add(pos)
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
                look = "token-done" if done else "tile" if tile else "token"
                token_marks.append((text[-1:], (base, look)))
    for s in spaces:
        token_marks += [
            (split_label(label)[0][-1:], (base, "hint"))
            for at, label in scene.hinted
            if at == s
        ]
    paint.update(
        place_marks(slots, letter, token_marks, cars, base, scene.moving_car, frozenset(thin))
    )
    return paint

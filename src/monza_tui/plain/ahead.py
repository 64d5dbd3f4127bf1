"""What lies ahead of the car, in words: the picture of the board told as lanes and colours.

"Ahead in your lane: red, white, tire; to the left: purple, blue". Left and right are the
driver's, in the direction of travel. Which side lane a lies on is read off the board's
shape the way the board is drawn (``app/track_legs.py``: the lanes are laid out from the
inside of the turns, so on a track that turns mostly right lane a is the right-hand lane).
Everything is counted from the space the next token steps from (the car, or the last
placed die or tile, R5), and only lanes one step can reach are told (one lane at a time).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from monza_tui.boardfile import Shape
from monza_tui.engine import Board, SpaceKind, State
from monza_tui.i18n import _, colour_name, pgettext

Names = Sequence[str]
"""The players' names, in seat order."""

SIGHT = 4
"""How many spaces of each lane are told: enough to plan a roll, short enough to listen to."""

_TURN_RIGHT = {("E", "S"), ("S", "W"), ("W", "N"), ("N", "E")}


def lane_a_on_the_right(shape: Shape) -> bool:
    """Whether lane a is the driver's right-hand lane: the track turns right at least as
    often as left (the drawing's rule; a board without turns counts as turning right)."""
    units = shape.leg_units()
    legs = [direction for direction, _length in units]
    corners = [(a, b) for a, b in pairwise(legs) if a != b]
    moves = {"E": (1, 0), "W": (-1, 0), "S": (0, 1), "N": (0, -1)}
    x = sum(moves[d][0] * n for d, n in units if d in moves)
    y = sum(moves[d][1] * n for d, n in units if d in moves)
    if legs and (x, y) == (0, 0) and legs[-1] != legs[0]:  # drawn as a closed ring
        corners.append((legs[-1], legs[0]))
    rights = sum(corner in _TURN_RIGHT for corner in corners)
    return rights * 2 >= len(corners)


def lanes_left_to_right(board: Board, shape: Shape) -> list[int]:
    """The board's lanes from the driver's left to their right."""
    lanes = list(range(board.lane_count))
    return lanes[::-1] if lane_a_on_the_right(shape) else lanes


def lane_name(board: Board, shape: Shape, lane: int) -> str:
    """A lane by where it lies for the driver: "the left lane", "the middle lane"..."""
    order = lanes_left_to_right(board, shape)
    at = order.index(lane)
    count = len(order)
    if count == 1:
        return _("the lane")
    if at == 0:
        return _("the left lane")
    if at == count - 1:
        return _("the right lane")
    if count == 3:
        return _("the middle lane")
    return _("lane {n} from the left").format(n=at + 1)


def side(board: Board, shape: Shape, origin_lane: int, lane: int) -> int:
    """Where ``lane`` lies from ``origin_lane``: negative to the left, positive to the right
    (in lanes), 0 the same lane."""
    order = lanes_left_to_right(board, shape)
    return order.index(lane) - order.index(origin_lane)


def from_left(board: Board, shape: Shape, spaces: Sequence[int]) -> list[int]:
    """``spaces`` as the driver meets them: a finish first, then lane by lane from the
    left (a list read aloud in the same order every time)."""
    order = lanes_left_to_right(board, shape)

    def key(space: int) -> tuple[int, int]:
        target = board.spaces[space]
        if target.kind is SpaceKind.FINISH and len(target.lanes) > 1:
            return (0, 0)
        return (1, order.index(target.lane))

    return sorted(spaces, key=key)


def space_word(state: State, space: int, names: Names) -> str:
    """One space as a word: its colour, a tire, the finish; with the car standing on it."""
    board = state.board
    target = board.spaces[space]
    if target.kind is SpaceKind.BLOCKED:
        return _("tire")
    if target.kind is SpaceKind.FINISH:
        if target.holds_many and len(target.lanes) > 1:
            return _("the finish")
        assert target.colour is not None
        return _("{colour} finish").format(colour=colour_name(target.colour))
    if target.kind is SpaceKind.START:
        return _("the start")
    assert target.colour is not None
    word = colour_name(target.colour)
    driver = state.occupant(space)
    if driver is not None:
        return _("{colour} with {name}").format(colour=word, name=names[driver])
    return word


def lane_ahead(board: Board, lane: int, front: int) -> list[int]:
    """The spaces of ``lane`` whose front edge lies ahead of ``front``, nearest first, then
    a finish field that spans the lanes, to at most :data:`SIGHT` spaces."""
    spaces = [s for s in board.lane_spaces[lane] if board.spaces[s].front > front]
    field = [f for f in board.finishes if len(board.spaces[f].lanes) > 1]
    return (spaces + field)[:SIGHT]


def ahead_words(
    state: State, shape: Shape, names: Names, origin_space: int | None = None
) -> str:
    """What lies ahead of ``origin_space`` (default: the car, or the last placed token, the
    space the next token steps from), lane by lane."""
    board = state.board
    origin = board.spaces[state.origin() if origin_space is None else origin_space]
    if origin.kind is SpaceKind.FINISH:
        return _("You are at the finish.")

    def told(spaces: list[int]) -> str:
        return _(", ").join(space_word(state, s, names) for s in spaces)

    parts: list[str] = []
    if len(origin.lanes) > 1:  # the start field: every lane lies ahead
        for lane in lanes_left_to_right(board, shape):
            spaces = lane_ahead(board, lane, origin.front)
            if spaces:
                parts.append(_("in {lane}: {spaces}").format(
                    lane=lane_name(board, shape, lane), spaces=told(spaces)))
        return _("Ahead {lanes}").format(lanes=pgettext("lanes ahead", "; ").join(parts))
    own = lane_ahead(board, origin.lane, origin.front)
    parts.append(_("Ahead in your lane: {spaces}").format(spaces=told(own) or _("nothing")))
    for lane in sorted(range(board.lane_count), key=lambda n: side(board, shape, origin.lane, n)):
        where = side(board, shape, origin.lane, lane)
        if abs(where) != 1:
            continue
        spaces = lane_ahead(board, lane, origin.front)
        if not spaces:
            continue
        text = _("to the left: {spaces}") if where < 0 else _("to the right: {spaces}")
        parts.append(text.format(spaces=told(spaces)))
    return pgettext("lanes ahead", "; ").join(parts)


def step_words(
    state: State, shape: Shape, space: int, names: Names, mover: int | None = None
) -> str:
    """Where one forward step to ``space`` goes: "the red space straight ahead", "the white
    space ahead to the left", "the finish"; from the space the next token steps from, or
    from ``mover``'s car (a bonus step, R15)."""
    board = state.board
    origin = board.spaces[state.origin() if mover is None else state.positions[mover]]
    target = board.spaces[space]
    if target.kind is SpaceKind.FINISH:
        if target.colour is not None and len(target.lanes) == 1:
            text = _("the {colour} finish space").format(colour=colour_name(target.colour))
        else:
            text = _("the finish")
        return text
    assert target.colour is not None
    colour = colour_name(target.colour)
    if len(origin.lanes) > 1:
        text = _("the {colour} space in {lane}").format(
            colour=colour, lane=lane_name(board, shape, target.lane))
    else:
        where = side(board, shape, origin.lane, target.lane)
        if where == 0:
            text = _("the {colour} space straight ahead").format(colour=colour)
        elif where < 0:
            text = _("the {colour} space ahead to the left").format(colour=colour)
        else:
            text = _("the {colour} space ahead to the right").format(colour=colour)
    driver = state.occupant(space, besides=state.player if mover is None else mover)
    if driver is not None:
        text = _("{space}, where {name}'s car stands").format(space=text, name=names[driver])
    return text


__all__ = ["SIGHT", "ahead_words", "from_left", "lane_a_on_the_right", "lane_name", "space_word",
           "step_words"]

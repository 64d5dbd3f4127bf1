"""The search core (``bots/search.py``) against the rules: exact moves and the engine's word.

Every driver, the hints and these tests use :class:`MoveSearch`; the engine is the only
judge of legality, so the core is held to ``State.legal_actions`` here: on a board drawn by
hand, the exact complete moves (R6); on random boards, the same set of outcomes as a
brute-force walk of the legal actions, each representative path played through the engine.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import B, G, R, W, board, ids, state
from engine.test_properties import boards, dice
from monza_tui.bots.base import steps_actions
from monza_tui.bots.multisets import mid
from monza_tui.bots.search import NO_FINISH, Move, MoveSearch, colours_of, mask_of
from monza_tui.engine import (
    COLOURS,
    Board,
    Colour,
    Confirm,
    Die,
    Game,
    Place,
    SpaceKind,
    State,
    Tile,
)

# Two lanes; the finish is white. Steps: start -> a1 (R), b1 (B); a1, b1 -> a2 (B), b2 (R);
# a2, b2 -> a3 (R), b3 (G); a3, b3 -> finish (W).
TWO_LANES = ("S1 R1 B1 R1 F1", "S1 B1 R1 G1 F1")


def _outcomes(b: Board, moves: tuple[Move, ...]) -> set[tuple[str, int, str]]:
    """(end space id, dice placed, tile letters) of each move."""
    return {
        (b.spaces[m.end].id, m.dice, "".join(sorted(c.letter for c in colours_of(m.tiles))))
        for m in moves
    }


def test_complete_moves_on_a_hand_drawn_board() -> None:
    b = board(*TWO_LANES)
    search = MoveSearch(b)
    # Red and blue, a green tile: R then B along lane a, or B then R along lane b (R6: the
    # move stops where no die fits); the tile may then take either on to b3 (never forced).
    moves = search.complete_moves(0, mid([R, B]), mask_of([G]))
    assert _outcomes(b, moves) == {("a2", 2, ""), ("b2", 2, ""), ("b3", 2, "G")}
    # With a white die too, b3 is no longer an end: the white die fits the finish (R6).
    moves = search.complete_moves(0, mid([R, B, W]), mask_of([G]))
    assert _outcomes(b, moves) == {("a2", 2, ""), ("b2", 2, ""), ("finish", 3, "G")}
    finishing = next(m for m in moves if b.is_finish(m.end))
    assert ids(b, [s for s, _ in finishing.steps]) == ("a1", "a2", "b3", "finish")
    assert [t for _, t in finishing.steps] == [None, None, G.index, None]
    # No tile: the same dice stop short.
    assert _outcomes(b, search.complete_moves(0, mid([R, B, W]), 0)) == {
        ("a2", 2, ""),
        ("b2", 2, ""),
    }


def test_best_furthest_and_fewest_dice_on_a_hand_drawn_board() -> None:
    b = board(*TWO_LANES)
    search = MoveSearch(b)
    rbw = mid([R, B, W])
    assert search.furthest(0, rbw, mask_of([G])) == b.space("finish").front
    assert ids(b, [s for s, _ in search.furthest_path(0, rbw, mask_of([G]))]) == (
        "a1", "a2", "b3", "finish",
    )
    # Without the tile both ends are as far; the first found (lane a) is kept.
    assert ids(b, [s for s, _ in search.furthest_path(0, rbw, 0)]) == ("a1", "a2")
    assert search.fewest_dice(0, rbw, mask_of([G])) == 3
    assert search.fewest_dice(0, rbw, 0) == NO_FINISH

    # A score of the end node: the best complete move for it, and its path.
    def prefer_lane_b(space: int, m: int, mask: int) -> float:
        return float(b.spaces[space].lanes == (1,))

    memo: dict[int, tuple[float, tuple[int, int | None] | None]] = {}
    assert search.best(0, mid([R, B]), 0, prefer_lane_b, memo) == 1.0
    assert ids(b, [s for s, _ in search.path(0, mid([R, B]), 0, prefer_lane_b, memo)]) == (
        "b1", "b2",
    )

    # Priced tiles (the extra roll's search): placing the green tile costs 0.25.
    def far(space: int, m: int, mask: int) -> float:
        return float(b.spaces[space].front)

    worth = [0.0, 0.0, 0.25, 0.0, 0.0, 0.0]
    values = search.priced_best(0, [mid([R, B])], mask_of([G]), far, worth, 1)
    assert values[mid([R, B])] == b.space("b3").front - 0.25
    assert search.priced_best(0, [mid([R, B])], mask_of([G]), far, worth, 0)[
        mid([R, B])
    ] == b.space("a2").front


# The core agrees with the rules (complete_moves vs legal_actions) ----------------------


def _brute_force(s: State) -> set[tuple[int, int, frozenset[Colour]]]:
    """Every (end, dice used, tiles used) reachable through legal_actions, ending with a
    legal Confirm."""
    found: set[tuple[int, int, frozenset[Colour]]] = set()

    def walk(t: State) -> None:
        legal = t.legal_actions()
        if Confirm() in legal:
            dice = sum(isinstance(p.token, Die) for p in t.path)
            tiles = frozenset(p.token.colour for p in t.path if isinstance(p.token, Tile))
            found.add((t.origin(), dice, tiles))
        for action in legal:
            if isinstance(action, Place):
                walk(t.apply(action))

    walk(s)
    return found


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(boards(), st.data())
def test_complete_moves_equal_a_brute_force_walk_of_legal_actions(
    board: Board, data: st.DataObject
) -> None:
    origins = [s.index for s in board.spaces if s.kind in (SpaceKind.START, SpaceKind.TRACK)]
    origin = data.draw(st.sampled_from(origins))
    roll = data.draw(st.integers(1, 4).flatmap(dice))
    tiles = data.draw(st.frozensets(st.sampled_from(COLOURS), max_size=2))
    g = Game(board, board.edition.cars[:2], pro=True)
    s = state(
        g,
        positions=[origin, board.start],
        roll=roll,
        tiles={0: "".join(c.letter for c in tiles)},
    )
    search = MoveSearch(board)
    m, mask = mid(roll), mask_of(tiles)
    moves = search.complete_moves(origin, m, mask)
    got = {(o.end, o.dice, colours_of(o.tiles)) for o in moves}
    expected = _brute_force(s)
    assert got == expected, ids(board, {e for e, _, _ in got ^ expected})
    # Each move's path is accepted by the engine step by step and ends with a legal Confirm.
    for move in moves:
        t = s
        *places, confirm = steps_actions(s, move.steps)
        for action in places:
            assert action in t.legal_actions()
            t = t.apply(action)
        assert t.origin() == move.end
        assert confirm in t.legal_actions()
    # The best move for a score of its end node is the best of the complete moves.
    best = max(
        (board.spaces[o.end].front, mask.bit_count() - o.tiles.bit_count(), o.dice)
        for o in moves
    )
    assert search.furthest(origin, m, mask) == best[0]
    path = search.furthest_path(origin, m, mask)
    end = path[-1][0] if path else origin
    used = sum(t is None for _, t in path)
    assert (board.spaces[end].front, mask.bit_count() - sum(t is not None for _, t in path),
            used) == best
    finishing = [o.dice for o in moves if board.is_finish(o.end)]
    assert search.fewest_dice(origin, m, mask) == min(finishing, default=NO_FINISH)

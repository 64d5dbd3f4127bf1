"""Rule properties over random boards, random rolls and random play (hypothesis).

Boards are drawn as lane strings (equal lengths, start first, finish last, random colours
and tires); those :meth:`Board.from_lanes` refuses are skipped. The checks here re-derive
the rules independently of the engine's code where they can (geometry, colours, R11), so
that a bug in the engine and the same bug in a check are unlikely to cancel out.
"""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from builders import advance, race, random_policy, state
from monza_tui.engine import (
    COLOURS,
    TERMINAL,
    Board,
    BoardError,
    Colour,
    Confirm,
    Die,
    Edition,
    Game,
    Phase,
    Place,
    Roll,
    SpaceKind,
    State,
    TakeBack,
    Tile,
    TurnLog,
    push_back_target,
)

FAST = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)

# Strategies ---------------------------------------------------------------------------

_LETTERS = "RBGYPW"


@st.composite
def lane_strings(
    draw: st.DrawFn, min_length: int = 2, max_length: int = 24
) -> tuple[list[str], Colour | None]:
    """Lane strings of equal length: ``S<n>``, coloured spaces and tires, then a finish."""
    lanes = draw(st.integers(1, 3))
    start = draw(st.integers(1, 3))
    length = draw(st.integers(min_length, max_length))
    field = draw(st.booleans())
    finish = draw(st.integers(1, 2))
    tire_weight = draw(st.sampled_from([0, 1, 2]))
    kinds = _LETTERS * 2 + "X" * tire_weight
    result = []
    for _ in range(lanes):
        tokens = [f"S{start}"]
        left = length
        while left:
            size = draw(st.integers(1, min(3, left)))
            tokens.append(f"{draw(st.sampled_from(kinds))}{size}")
            left -= size
        if field:
            tokens.append(f"F{finish}")
        else:
            tokens.append(f"{draw(st.sampled_from(_LETTERS))}{finish}*")
        result.append(" ".join(tokens))
    colour = Colour.from_letter(draw(st.sampled_from(_LETTERS))) if field else None
    return result, colour


def dice(n: int) -> st.SearchStrategy[list[Colour]]:
    """``n`` rolled colours."""
    return st.lists(st.sampled_from(COLOURS), min_size=n, max_size=n)


@st.composite
def boards(draw: st.DrawFn, min_length: int = 2) -> Board:
    """A playable random board (unplayable drafts, e.g. all tires, are skipped)."""
    lanes, colour = draw(lane_strings(min_length))
    edition = draw(st.sampled_from(Edition))
    try:
        return Board.from_lanes("random", lanes, edition=edition, finish_colour=colour)
    except BoardError:
        assume(False)
        raise  # unreachable: assume(False) raises


# Independent geometry (R4, R5) --------------------------------------------------------


def _geometric_step(board: Board, a: int, b: int) -> bool:
    """R5 re-derived: b not blocked; same lane end to end, or a neighbouring lane sharing
    a side or a corner; b's front strictly ahead; nothing leaves a finish or a tire. On an
    original-edition board a lane change also begins strictly ahead of a's back (R17)."""
    sa, sb = board.spaces[a], board.spaces[b]
    if sb.kind is SpaceKind.BLOCKED or sa.kind in (SpaceKind.BLOCKED, SpaceKind.FINISH):
        return False
    if sb.front <= sa.front:
        return False
    if set(sa.lanes) & set(sb.lanes):
        return sb.back == sa.front
    lane_gap = min(abs(x - y) for x in sa.lanes for y in sb.lanes)
    if board.edition is Edition.ORIGINAL and sb.back <= sa.back:
        return False
    return lane_gap == 1 and sb.back <= sa.front and sa.back <= sb.front


@FAST
@given(boards())
def test_steps_are_exactly_the_geometric_forward_steps(board: Board) -> None:
    for a in range(len(board.spaces)):
        expected = {b for b in range(len(board.spaces)) if _geometric_step(board, a, b)}
        assert set(board.steps[a]) == expected, board.spaces[a].id
        for b in board.steps[a]:
            assert board.spaces[b].kind is not SpaceKind.BLOCKED
            assert board.spaces[b].front > board.spaces[a].front
            assert board.spaces[b].colour is not None


# Random play ---------------------------------------------------------------------------


def _check_placing(s: State) -> None:
    """Every offered placement is a forward step with a matching, unused token (R5, R6,
    R12, R14), and Confirm is offered exactly when no unused die fits (R6)."""
    board = s.board
    origin = s.origin()
    used_dice = [p.token.index for p in s.path if isinstance(p.token, Die)]
    used_tiles = [p.token.colour for p in s.path if isinstance(p.token, Tile)]
    assert len(used_dice) == len(set(used_dice))
    assert len(used_tiles) == len(set(used_tiles))
    free = [i for i in range(len(s.roll)) if i not in used_dice]
    ahead = [b for b in range(len(board.spaces)) if _geometric_step(board, origin, b)]
    legal = s.legal_actions()
    for action in legal:
        if not isinstance(action, Place):
            continue
        target = board.spaces[action.space]
        assert action.space in ahead
        assert target.kind is not SpaceKind.BLOCKED
        if isinstance(action.token, Die):
            assert action.token.index in free
            assert s.roll[action.token.index] is target.colour
        else:
            assert s.phase is Phase.PLACING  # never a tile in the turbo (R14)
            assert action.token.colour in s.tiles[s.player]
            assert action.token.colour not in used_tiles
            assert action.token.colour is target.colour
    fits = any(board.spaces[b].colour is s.roll[i] for b in ahead for i in free)
    assert (Confirm() in legal) is (not fits)
    assert (TakeBack() in legal) is bool(s.path)
    # The offered placements are all there are: every fitting die is offered.
    offered = {(a.token, a.space) for a in legal if isinstance(a, Place)}
    for b in ahead:
        for i in free:
            if s.roll[i] is board.spaces[b].colour:
                assert (Die(i), b) in offered


def _check_after_turn(board: Board, before: State, turn: TurnLog, after: State) -> None:
    """After every turn no two cars share a track space and none is on a tire (R1, R8);
    push-back went back along the lane to a free space or the start (R8)."""
    track = [p for p in after.positions if not board.spaces[p].holds_many]
    assert len(track) == len(set(track))
    assert all(board.spaces[p].kind is not SpaceKind.BLOCKED for p in after.positions)
    assert turn.positions == after.positions
    for push in turn.pushed:
        origin, to = board.spaces[push.origin], board.spaces[push.to]
        assert push.origin == before.positions[push.player]
        if to.kind is SpaceKind.START:
            continue
        assert to.lanes == origin.lanes
        assert to.front <= origin.back
        assert to.kind is SpaceKind.TRACK
    for p, (a, b) in enumerate(zip(before.positions, after.positions, strict=True)):
        pushed = any(x.player == p for x in turn.pushed)
        if a != b and not pushed:
            # Cars only move forward, by the mover's dice or a bonus step (R5, R15).
            assert board.spaces[b].front > board.spaces[a].front


def _expected_winners(final: State, turns: list[TurnLog]) -> tuple[int, ...]:
    """R11 from the turn logs: among the cars at the finish, fewest dice placed in the
    final round (turbo dice counted, tiles not); ties share."""
    last_round = turns[-1].round
    finished = [p for p, s in enumerate(final.positions) if final.board.is_finish(s)]
    dice = {
        p: sum(
            sum(isinstance(m.token, Die) for m in t.moves + t.turbo_moves)
            for t in turns
            if t.player == p and t.round == last_round
        )
        for p in finished
    }
    fewest = min(dice.values())
    return tuple(p for p in finished if dice[p] == fewest)


def play_checked(game: Game, seed: int, cap: int = 20_000) -> tuple[State, list[TurnLog]]:
    """A random race with every rule check after every action."""
    rng = random.Random(seed)
    s = game.new_state()
    turns: list[TurnLog] = []
    turn_start = s
    for _ in range(cap):
        if s.current_player() == TERMINAL:
            break
        if s.phase in (Phase.PLACING, Phase.TURBO_PLACING):
            _check_placing(s)
        if s.phase is Phase.BONUS:
            assert s.bonus_player is not None
            for b in s.bonus_steps(s.bonus_player):
                assert s.occupant(b) is None
                assert _geometric_step(s.board, s.positions[s.bonus_player], b)
        nxt = advance(s, rng, random_policy)
        if nxt.last_turn is not s.last_turn:
            assert nxt.last_turn is not None
            _check_after_turn(s.board, turn_start, nxt.last_turn, nxt)
            turns.append(nxt.last_turn)
            turn_start = nxt
        s = nxt
    else:
        raise AssertionError(f"race (seed {seed}) not over after {cap} actions")
    return s, turns


@st.composite
def games(draw: st.DrawFn) -> Game:
    board = draw(boards())
    cars = draw(st.permutations(board.edition.cars))
    players = draw(st.integers(2, len(cars)))
    return Game(
        board,
        tuple(cars[:players]),
        pro=draw(st.booleans()),
        bonus=draw(st.booleans()),
        start_player=draw(st.integers(0, players - 1)),
    )


@FAST
@given(games(), st.integers(0, 2**32))
def test_random_races_keep_the_rules_end_and_name_the_r11_winners(game: Game, seed: int) -> None:
    final, turns = play_checked(game, seed)
    for t in turns:
        for name, happened in [
            ("push-back", t.pushed),
            ("turbo", t.turbo_roll is not None),
            ("bonus step", t.bonus is not None and t.bonus.to is not None),
            ("extra roll", t.reroll is not None),
            ("tile", any(isinstance(m.token, Tile) for m in t.moves)),
        ]:
            if happened:
                event(name)
    assert final.is_terminal()
    assert final.final_round
    winners = final.winners()
    assert winners and winners == _expected_winners(final, turns)
    # R10: every car not at the finish had a turn in every round; turns went in order.
    last_round = turns[-1].round
    for p in range(game.players):
        count = sum(t.player == p for t in turns)
        if p in final.finished():
            assert count <= last_round
        else:
            assert count == last_round
    assert [t.turn for t in turns] == list(range(1, len(turns) + 1))
    assert all(a.round <= b.round for a, b in pairwise(turns))
    assert turns[0].player == game.start_player
    # R12: a tile placed is gone for the rest of the race.
    for p in range(game.players):
        spent = {
            m.token.colour
            for t in turns
            if t.player == p
            for m in t.moves
            if isinstance(m.token, Tile)
        }
        expected = (frozenset(COLOURS) if game.pro else frozenset()) - spent
        assert final.tiles[p] == expected


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_seeded_races_replay_identically(seed: int) -> None:
    board = Board.from_lanes(
        "replay",
        ["S2 W2 R1 G2 B2 Y1 P2 F2", "S2 P1 G2 X1 B2 R2 W2 F2"],
        finish_colour=Colour.WHITE,
    )
    game = Game(board, (Colour.RED, Colour.BLUE, Colour.GREEN), pro=True, bonus=True)
    first, turns = race(game, seed)
    again, turns_again = race(game, seed)
    assert first.positions == again.positions and turns == turns_again
    assert first.winners() == again.winners()


# Push-back (R8) -------------------------------------------------------------------------


@FAST
@given(boards(), st.data())
def test_push_back_goes_to_the_nearest_free_space_behind_in_the_lane(
    board: Board, data: st.DataObject
) -> None:
    track = [s.index for s in board.spaces if s.kind is SpaceKind.TRACK]
    assume(track)
    here = data.draw(st.sampled_from(track))
    others = data.draw(st.lists(st.sampled_from(track), max_size=4, unique=True))
    positions = (here, here, *[o for o in others if o != here])
    to = push_back_target(board, positions, 1)
    lane = board.spaces[here].lane
    behind = [
        i
        for i in board.lane_spaces[lane]
        if board.spaces[i].front <= board.spaces[here].back
        and board.spaces[i].kind is not SpaceKind.BLOCKED
        and i not in positions
    ]
    if not behind:
        assert to == board.start
    else:
        assert to == max(behind, key=lambda i: board.spaces[i].front)


# Turbo roll (R14) -----------------------------------------------------------------------


@FAST
@given(boards(min_length=12), st.data(), st.booleans(), st.booleans())
def test_turbo_exactly_when_pro_and_all_six_dice_placed(
    board: Board, data: st.DataObject, pro: bool, bonus: bool
) -> None:
    # A random walk ahead of the start, and a roll made to fit its first spaces, so that
    # six-dice moves are common; some steps use a tile instead of a die.
    walk: list[int] = []
    here = board.start
    while board.steps[here] and len(walk) < 9:
        here = data.draw(st.sampled_from(board.steps[here]))
        walk.append(here)
    with_tile = [pro and data.draw(st.integers(0, 3)) == 0 for _ in walk]
    wanted = [board.spaces[b].colour for b, t in zip(walk, with_tile, strict=True) if not t]
    roll = [c for c in wanted if c is not None][:6]
    roll += data.draw(dice(6 - len(roll)))
    g = Game(board, board.edition.cars[:2], pro=pro, bonus=bonus)
    s = state(g, roll=roll)
    for space, tile in zip(walk, with_tile, strict=True):
        options = [a for a in s.legal_actions() if isinstance(a, Place) and a.space == space]
        by_die = [a for a in options if isinstance(a.token, Die)]
        tiles = [a for a in options if isinstance(a.token, Tile)]
        if tile and tiles:
            s = s.apply(tiles[0])
        elif by_die:
            s = s.apply(by_die[0])
        else:
            break
    while Confirm() not in s.legal_actions():  # R6: go on while a die fits
        s = s.apply(next(a for a in s.legal_actions() if isinstance(a, Place)))
    placed = sum(isinstance(p.token, Die) for p in s.path)
    end = s.origin()
    s = s.apply(Confirm())
    if pro and placed == 6:
        assert s.phase is Phase.TURBO_ROLL and s.dice_to_roll() == 2
        assert s.positions[0] == end
        event("turbo")
        s = s.apply(Roll(tuple(data.draw(dice(2)))))
        assert s.phase is Phase.TURBO_PLACING
        while Confirm() not in s.legal_actions():
            legal = s.legal_actions()
            assert not any(isinstance(a, Place) and isinstance(a.token, Tile) for a in legal)
            s = s.apply(next(a for a in legal if isinstance(a, Place)))
        turbo = len(s.path)
        s = s.apply(Confirm())
        assert s.phase is not Phase.TURBO_ROLL  # no turbo from a turbo
        log = s.last_turn if s.phase is not Phase.BONUS else s.log
        assert log is not None
        assert log.dice_placed == 6 + turbo
    else:
        assert s.phase in (Phase.ROLL, Phase.BONUS, Phase.FINISHED)
        assert s.positions[0] == end

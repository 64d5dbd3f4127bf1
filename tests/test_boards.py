"""The built-in boards (oval, long, classic) and the board file format's error messages.

The boards are designed to play like the real ones (docs/boards.md); these tests pin the
design rules down so a later edit of a board file cannot quietly break them, and pin the
exact one-line message of every kind of bad board file (exit status 2, never a traceback).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monza_tui.boardfile import BUILTIN, BoardFileError, load_board, parse_board
from monza_tui.bots.multisets import mid
from monza_tui.bots.search import MoveSearch, mask_of
from monza_tui.cli import main
from monza_tui.engine import (
    Board,
    Colour,
    Confirm,
    Die,
    Edition,
    Game,
    Phase,
    Place,
    Reroll,
    Roll,
    SpaceKind,
    Tile,
)
from monza_tui.engine.board import touches

B, G, P, R, W, Y = (Colour.BLUE, Colour.GREEN, Colour.PURPLE, Colour.RED, Colour.WHITE,
                    Colour.YELLOW)


def board(name: str) -> Board:
    return load_board(name).board


def reachable(b: Board, *, avoiding: int | None = None) -> set[int]:
    """Spaces a car can reach from the start by forward steps (R5), never entering
    ``avoiding``."""
    seen = {b.start}
    todo = [b.start]
    while todo:
        for nxt in b.steps[todo.pop()]:
            if nxt != avoiding and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def lane_changes(b: Board) -> list[tuple[int, int]]:
    """Every forward step between one-lane spaces of neighbouring lanes."""
    return [
        (a.index, t)
        for a in b.spaces
        if len(a.lanes) == 1
        for t in b.steps[a.index]
        if len(b.spaces[t].lanes) == 1 and b.spaces[t].lane != a.lane
    ]


def diagonal(b: Board) -> tuple[int, int]:
    """Lane changes that touch only at a corner (R5's "diagonal"), and all lane changes."""
    changes = lane_changes(b)
    corner = [1 for a, t in changes if b.spaces[t].back >= b.spaces[a].front]
    return len(corner), len(changes)


def extents(legs: list[tuple[str, int]]) -> tuple[int, int, tuple[int, int]]:
    """Width and height of the walk of the legs, and where it ends."""
    x = y = 0
    xs, ys = [0], [0]
    for direction, length in legs:
        dx, dy = {"E": (1, 0), "W": (-1, 0), "N": (0, -1), "S": (0, 1)}[direction]
        x, y = x + dx * length, y + dy * length
        xs.append(x)
        ys.append(y)
    return max(xs) - min(xs), max(ys) - min(ys), (x, y)


# All three boards ---------------------------------------------------------------------


@pytest.mark.parametrize("name", BUILTIN)
def test_builtin_board_loads_with_its_name_and_three_lanes(name: str) -> None:
    loaded = load_board(name)
    assert loaded.source == f"builtin:{name}"
    assert loaded.board.name == name
    assert loaded.board.lane_count == 3
    assert loaded.description


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("oval", "ok: oval: Oval, 3 lanes, 78 coloured spaces, 50 track units\n"),
        ("long", "ok: long: Long track, 3 lanes, 139 coloured spaces, 94 track units\n"),
        ("classic",
         "ok: classic: Classic, 3 lanes, 83 coloured spaces, 60 track units\n"),
    ],
)
def test_boards_check_passes_every_builtin_board(
    name: str, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["boards", "check", name]) == 0
    captured = capsys.readouterr()
    assert captured.out == line
    assert captured.err == ""


@pytest.mark.parametrize("name", BUILTIN)
def test_every_colour_covers_10_to_25_percent_of_the_coloured_spaces(name: str) -> None:
    coloured = board(name).coloured_spaces
    counts = Counter(s.colour for s in coloured)
    shares = {colour: counts[colour] / len(coloured) for colour in Colour}
    assert all(0.10 <= share <= 0.25 for share in shares.values()), shares


@pytest.mark.parametrize("name", BUILTIN)
def test_no_two_steps_from_one_space_share_a_colour_except_from_the_start(name: str) -> None:
    # A roll then always offers a real choice of colours; only the start opens onto two
    # white spaces (R5's note on the anniversary start).
    b = board(name)
    for space in b.spaces[1:]:
        colours = [b.spaces[t].colour for t in b.steps[space.index]]
        assert len(colours) == len(set(colours)), space.id


@pytest.mark.parametrize("name", BUILTIN)
def test_no_two_spaces_in_a_row_in_a_lane_share_a_colour(name: str) -> None:
    b = board(name)
    for lane in b.lane_spaces:
        colours = [b.spaces[i].colour for i in lane]
        repeats = [b.spaces[i].id for i, c, d in zip(lane[1:], colours, colours[1:], strict=False)
                   if c is not None and c is d]
        assert repeats == []


@pytest.mark.parametrize("name", BUILTIN)
def test_shape_fits_a_120x40_terminal(name: str) -> None:
    shape = load_board(name).shape
    legs = shape.leg_units()
    width, height, end = extents(legs)
    assert max(length for _, length in legs) <= 34
    assert height <= 14
    assert 3 * width + 6 <= 120
    if shape.loop:
        assert end == (0, 0)


# The oval -------------------------------------------------------------------------------


def test_oval_is_the_anniversary_front_side() -> None:
    loaded = load_board("oval")
    b = loaded.board
    assert b.edition is Edition.ANNIVERSARY
    assert [b.spaces[f].id for f in b.finishes] == ["finish"]
    finish = b.space("finish")
    assert (finish.colour, finish.lanes, finish.back, finish.front) == (W, (0, 1, 2), 48, 50)
    assert loaded.shape.loop is True
    # Two straights joined by short ends, the start field mid-straight (the last leg runs
    # into the first).
    assert loaded.shape.legs == ["E9", "S7", "W17", "N7", "E8"]


def test_every_space_touching_the_oval_start_is_white_or_purple() -> None:
    # R5: "Vom Startfeld aus darfst du auf das weiße oder lilafarbene Feld fahren".
    b = board("oval")
    start = b.spaces[b.start]
    touching = [s for s in b.spaces[1:] if touches(start, s)]
    assert [(s.id, s.colour) for s in touching] == [("a1", W), ("b1", P), ("c1", W)]
    assert [b.spaces[t].id for t in b.steps[b.start]] == ["c1", "a1", "b1"]


def test_oval_has_25_to_35_spaces_per_lane_of_1_to_3_units_mostly_1_or_2() -> None:
    b = board("oval")
    assert [len(lane) for lane in b.lane_spaces] == [27, 27, 28]
    lengths = Counter(s.front - s.back for s in b.spaces if s.kind is SpaceKind.TRACK)
    assert set(lengths) == {1, 2, 3}
    assert lengths[1] + lengths[2] >= 0.85 * sum(lengths.values())
    assert sum(s.kind is SpaceKind.BLOCKED for s in b.spaces) == 5


def test_oval_edges_are_staggered_so_many_lane_changes_run_side_by_side() -> None:
    # R5: changing lanes needs the neighbour's front edge ahead; with staggered edges many
    # lane changes share part of a long side instead of only a corner.
    assert diagonal(board("oval")) == (54, 95)


# The long track --------------------------------------------------------------------------


def test_long_track_is_about_twice_the_oval_with_more_tires() -> None:
    long, oval = board("long"), board("oval")
    assert long.edition is Edition.ANNIVERSARY
    assert 1.8 <= long.length / oval.length <= 2.1
    tires = {name: sum(s.kind is SpaceKind.BLOCKED for s in board(name).spaces)
             for name in ("oval", "long")}
    assert tires == {"oval": 5, "long": 11}
    assert [len(lane) for lane in long.lane_spaces] == [50, 47, 52]


def test_long_track_winds_and_closes() -> None:
    shape = load_board("long").shape
    assert shape.loop is True
    assert [leg[0] for leg in shape.legs] == ["E", "S", "W", "S", "E", "S", "W", "N", "E"]


def test_long_track_has_a_single_red_bottleneck_between_tires() -> None:
    b = board("long")
    bottlenecks = [
        s for s in b.spaces
        if s.lanes == (1,)
        and all(
            any(o.lanes == (lane,) and o.kind is SpaceKind.BLOCKED
                and (o.back, o.front) == (s.back, s.front) for o in b.spaces)
            for lane in (0, 2)
        )
    ]
    assert [(s.id, s.colour, s.back, s.front) for s in bottlenecks] == [("b25", R, 50, 52)]
    # The only way through: without it, no finish can be reached.
    assert not reachable(b, avoiding=b.index_of("b25")) & set(b.finishes)
    assert reachable(b) & set(b.finishes)


def test_long_track_has_a_long_yellow_space_in_the_middle_lane() -> None:
    b = board("long")
    long_yellow = [(s.id, s.front - s.back) for s in b.spaces
                   if s.colour is Y and s.front - s.back >= 3 and s.lanes == (1,)]
    assert long_yellow == [("b32", 4)]


def test_long_track_plays_the_rulebooks_turbo_example() -> None:
    """Bernd's turn from the pro variant's example, move by move, through the engine."""
    b = board("long")
    game = Game(b, (R, B), pro=True)
    car = b.index_of("b24")  # directly behind the red bottleneck
    state = replace(game.new_state(), positions=(car, b.start),
                    tiles=(frozenset(Colour) - {R}, frozenset(Colour)))  # no red tile
    state = state.apply(Roll((B, B, G, P, P, W)))
    # "to get past the space directly ahead of him, he needs red"
    stuck = MoveSearch(b).complete_moves(car, mid(state.roll), mask_of(state.tiles[0]))
    assert {o.end for o in stuck} == {car}
    # The extra roll (R13): one blue and one purple come up red and blue.
    state = state.apply(Reroll((0, 3))).apply(Roll((R, B)))
    assert state.phase is Phase.PLACING
    assert state.roll == (R, B, G, B, P, W)
    path = [(Die(0), "b25"), (Die(2), "b26"), (Die(1), "b27"), (Die(4), "b28"),
            (Die(5), "b29"), (Tile(P), "b30"), (Die(3), "b31")]
    for token, space in path:
        state = state.apply(Place(token, b.index_of(space)))
    assert b.space("b29").colour is W  # "enables Bernd to reach the white space"
    state = state.apply(Confirm())
    assert state.phase is Phase.TURBO_ROLL  # all six dice placed (R14)
    state = state.apply(Roll((Y, P)))
    assert [(a.token, b.spaces[a.space].id) for a in state.legal_actions()
            if isinstance(a, Place)] == [(Die(0), "b32")]
    state = state.apply(Place(Die(0), b.index_of("b32"))).apply(Confirm())
    assert b.spaces[state.positions[0]].id == "b32"  # the long yellow space, middle lane
    assert state.last_turn is not None and state.last_turn.dice_placed == 7


# The classic board ---------------------------------------------------------------------


def test_classic_is_the_original_edition_with_two_finish_spaces() -> None:
    loaded = load_board("classic")
    b = loaded.board
    assert b.edition is Edition.ORIGINAL
    assert b.edition.max_players == 6
    finishes = [b.spaces[f] for f in b.finishes]
    assert [(s.id, s.colour, s.lanes, s.back, s.front) for s in finishes] == [
        ("a29", W, (0,), 58, 60), ("c29", P, (2,), 58, 60)]
    # Each is the last space of its lane; the middle lane ends in a tire.
    assert [b.lane_spaces[0][-1], b.lane_spaces[2][-1]] == list(b.finishes)
    assert b.spaces[b.lane_spaces[1][-1]].kind is SpaceKind.BLOCKED
    assert "finish" not in {s.id for s in b.spaces}
    assert loaded.shape.loop is False


def test_classic_middle_lane_changes_lanes_to_finish() -> None:
    b = board("classic")
    last_open = b.space("b28")
    assert [b.spaces[t].id for t in b.steps[last_open.index]] == ["a29", "c29"]


def test_classic_lane_changes_are_all_diagonal() -> None:
    # R17: a track of equal squares in rows; every lane change is one square forward and
    # one lane over, touching only at a corner.
    corner, changes = diagonal(board("classic"))
    assert (corner, changes) == (102, 102)
    b = board("classic")
    assert {s.front - s.back for s in b.spaces} == {2}


def test_classic_races_six_cars() -> None:
    game = Game(board("classic"), tuple(Colour))
    assert game.players == 6


# monza boards show --json ---------------------------------------------------------------


def test_boards_show_json_gives_every_space_and_step(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["boards", "show", "oval", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"name", "title", "edition", "lanes", "spaces", "steps"}
    assert (data["name"], data["title"], data["edition"], data["lanes"]) == (
        "oval", "Oval", "anniversary", 3)
    assert data["spaces"][0] == {
        "id": "start", "kind": "start", "lanes": [0, 1, 2], "back": 0, "front": 2,
        "colour": None,
    }
    assert data["spaces"][1] == {
        "id": "a1", "kind": "track", "lanes": [0], "back": 2, "front": 4, "colour": "white",
    }
    assert data["spaces"][-1] == {
        "id": "finish", "kind": "finish", "lanes": [0, 1, 2], "back": 48, "front": 50,
        "colour": "white",
    }
    assert all(set(s) == {"id", "kind", "lanes", "back", "front", "colour"}
               for s in data["spaces"])
    assert list(data["steps"]) == [s["id"] for s in data["spaces"]]
    assert data["steps"]["start"] == ["c1", "a1", "b1"]
    assert data["steps"]["finish"] == []
    assert len(data["spaces"]) == 1 + 27 + 27 + 28 + 1


# Bad board files ---------------------------------------------------------------------------

GOOD = """\
name = "tiny"
finish_colour = "white"
lanes = ["S2 W2 R1 F2", "S2 P1 B2 F2"]
[shape]
loop = false
legs = ["E7"]
"""


def test_the_tiny_board_used_below_is_good(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(GOOD)
    assert main(["boards", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert out == f"ok: {path}: tiny, 2 lanes, 5 coloured spaces, 7 track units\n"


BAD = {
    "lanes of different length": (
        GOOD.replace('"S2 P1 B2 F2"', '"S2 P1 F2"'),
        "lane 2 is 5 track units long but lane 1 is 7: every lane must have the same length",
    ),
    "unknown letter": (
        GOOD.replace('"S2 W2 R1 F2"', '"S2 W2 Q1 F2"'),
        "lane 1, token 3 'Q1': unknown letter 'Q' (colours R B G Y P W, X tire, "
        "S start, F finish)",
    ),
    "no finish reachable": (
        GOOD.replace('"S2 W2 R1 F2", "S2 P1 B2 F2"', '"S2 W2 X1 F2", "S2 P2 X1 F2"'),
        "no finish reachable from the start: no car gets beyond lane 1, token 2 'W2'",
    ),
    "token without a length": (
        GOOD.replace('"S2 W2 R1 F2"', '"S2 W2 W F2"'),
        "lane 1, token 3 'W': a space is a letter and a length, like W2 or X1",
    ),
    "lane not beginning with the start": (
        GOOD.replace('"S2 W2 R1 F2"', '"W2 S2 R1 F2"'),
        "lane 1, token 1 'W2': every lane begins with the start field S<n>",
    ),
    "start of different lengths": (
        GOOD.replace('"S2 P1 B2 F2"', '"S1 P2 B2 F2"'),
        "lane 2, token 1 'S1': the start field spans all lanes, so it has the same length "
        "in each (lane 1: S2)",
    ),
    "finish field in one lane only": (
        GOOD.replace('"S2 P1 B2 F2"', '"S2 P1 B2 W2"'),
        "lane 2, token 4 'W2': the finish field F spans all lanes, so every lane ends with it",
    ),
    "finish space not at the end": (
        GOOD.replace('"S2 W2 R1 F2"', '"S2 W2* R1 F2"'),
        "lane 1, token 2 'W2*': a finish must be the last space of its lane",
    ),
    "tire on the start": (
        GOOD.replace('"S2 P1 B2 F2"', '"X2 P1 B2 F2"'),
        "lane 2, token 1 'X2': a tire on the start; lanes begin with S<n>",
    ),
    "dead end": (
        GOOD.replace('"S2 W2 R1 F2", "S2 P1 B2 F2"',
                     '"S2 W2 Y1 X2 F2", "S2 P1 B1 X3 F2", "S2 R2 G3 F2"',
                     ).replace('["E7"]', '["E9"]'),
        "lane 1, token 2 'W2': a dead end, no path from it reaches a finish",
    ),
    "finish field without colour": (
        GOOD.replace('finish_colour = "white"\n', ""),
        "lane 1, token 4 'F2': a finish field F needs the board's finish colour",
    ),
    "no finish at all": (
        GOOD.replace(" F2", " W2"),
        "no finish: end the lanes with F<n> or mark finish spaces with *",
    ),
    "bad TOML": (
        GOOD.replace('lanes = ["S2 W2 R1 F2", ', 'lanes = ["S2 W2 R1 F2" '),
        "not valid TOML (line 3, column 24)",
    ),
    "unknown field": (
        GOOD.replace('name = "tiny"\n', 'name = "tiny"\ncolour = "red"\n'),
        "colour: not a field of this file",
    ),
    "missing field": (
        GOOD.replace('lanes = ["S2 W2 R1 F2", "S2 P1 B2 F2"]\n', ""),
        "lanes: missing",
    ),
    "legs not summing": (
        GOOD.replace('["E7"]', '["E5"]'),
        "shape.legs cover 5 track units but the track to draw is 7",
    ),
    "loop not closing": (
        GOOD.replace("loop = false", "loop = true").replace('["E7"]', '["E3", "S1", "W1"]'),
        "shape: a loop must close: legs go E3 W1 N0 S1, but E must equal W and N equal S",
    ),
    "leg not a quarter turn": (
        GOOD.replace('["E7"]', '["E3", "E4"]'),
        "shape.legs: legs E3 then E4: each leg turns a quarter from the last",
    ),
}


@pytest.mark.parametrize(("text", "message"), BAD.values(), ids=BAD.keys())
def test_bad_board_file_is_one_line_naming_file_and_place_with_status_2(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    assert main(["boards", "check", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"monza: {path}: {message}\n"


@pytest.mark.parametrize(("text", "message"), BAD.values(), ids=BAD.keys())
def test_load_board_raises_the_same_message(text: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(BoardFileError) as raised:
        load_board(str(path))
    assert str(raised.value) == f"{path}: {message}"


def test_missing_board_file_is_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nowhere.toml"
    assert main(["boards", "check", str(path)]) == 2
    assert capsys.readouterr().err == f"monza: {path}: cannot read: no such file or folder\n"


TOKENS = ["S2", "S1", "W1", "R2", "G3", "B1", "Y2", "P1", "X1", "X2", "F2", "W2*", "Q1", "F1*",
          "R0", "2", "S2*"]


@settings(max_examples=150, deadline=None)
@given(
    lanes=st.lists(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=8),
                   min_size=1, max_size=4),
    loop=st.booleans(),
    legs=st.lists(st.sampled_from(["E3", "S2", "W3", "N2", "E9"]), min_size=1, max_size=4),
)
def test_any_board_text_loads_or_fails_with_one_line(
    lanes: list[list[str]], loop: bool, legs: list[str]
) -> None:
    text = (
        'name = "fuzz"\nfinish_colour = "white"\n'
        f"lanes = {json.dumps([' '.join(lane) for lane in lanes])}\n"
        f"[shape]\nloop = {str(loop).lower()}\nlegs = {json.dumps(legs)}\n"
    )
    try:
        loaded = parse_board(text, "fuzz.toml")
    except BoardFileError as error:
        assert str(error).startswith("fuzz.toml: ")
        assert "\n" not in str(error)
    else:
        assert reachable(loaded.board) & set(loaded.board.finishes)


# monza boards show: the track picture ----------------------------------------------------


@pytest.mark.parametrize("name", BUILTIN)
def test_boards_show_prints_the_track_picture_with_a_legend(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 8, point 8: the picture the board view draws (same layout, same letters),
    then a legend of every letter and mark."""
    from monza_tui.app.layout_choice import Layouts

    monkeypatch.setenv("COLUMNS", "120")
    assert main(["boards", "show", name]) == 0
    out = capsys.readouterr().out.splitlines()
    loaded = load_board(name)
    layout = Layouts(loaded).choose(120, 10_000)
    picture = out[1 : 1 + layout.height]
    assert picture[0].startswith("╭") and picture[-1].startswith("╰")
    assert all(len(line) == layout.width for line in picture)
    for space in loaded.board.spaces:
        if space.colour is not None:
            x, y = layout.slots[space.index][0]
            assert picture[y][x] == space.colour.letter, space.id
    legend = " ".join(out[1 + layout.height : 7 + layout.height])
    for item in ("R = red", "B = blue", "G = green", "Y = yellow", "P = purple", "W = white",
                 "▶ the start's and the finish's arrows", "▸▾ the direction of travel",
                 "▚ start and finish", "◎ tire (blocked)", "●R a car (red)",
                 "▏▕▔▁ a space's edge where no line fits", "Ⓡ a car on a space too short"):
        assert item in legend

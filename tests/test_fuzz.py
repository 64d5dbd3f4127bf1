"""Fuzz: board files and game records are untrusted input, so every mutation of a valid one
must end in a successful load or in the one clear line (a UserError; exit status 2 from the
CLI), never in a traceback, a hang or a changed file.

Valid files are mutated byte-wise (cut, flip, insert, drop or repeat lines) and field-wise
(any value anywhere replaced by another JSON/TOML value, removed, or a key added). Any
exception other than :class:`~monza_tui.errors.UserError` fails the test. Bounded for CI:
a couple of hundred examples per test, no deadline (the machine is shared).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monza_tui.boardfile import board_from_definition, load_board, parse_board
from monza_tui.cli import main
from monza_tui.engine import Colour
from monza_tui.errors import UserError
from monza_tui.record import Player, Race, parse_records, read_records

DATA = Path(__file__).parent / "data"
BOARDS = Path(__file__).parent.parent / "src" / "monza_tui" / "boards"

DEEP = int(os.environ.get("MONZA_FUZZ_EXAMPLES", "0"))
FUZZ = settings(
    max_examples=DEEP or 200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    derandomize=not DEEP,
)
"""Derandomized in CI so that it is repeatable (a failure shows on every run). For a deeper,
random search: ``MONZA_FUZZ_EXAMPLES=20000 pytest tests/test_fuzz.py``."""


# Valid inputs to mutate ------------------------------------------------------------------


def _race(board: str, cars: int, pro: bool, bonus: bool, seed: int, stop: int | None) -> Race:
    """A seeded race of random choices, stopped after ``stop`` actions (None: to the end)."""
    board_file = load_board(board)
    colours = (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW)
    players = [Player(f"P{i + 1}", colours[i], "random") for i in range(cars)]
    race = Race.start(board_file, players, seed=seed, pro=pro, bonus=bonus)
    choices = random.Random(seed)
    actions = 0
    while not race.state.is_terminal() and (stop is None or actions < stop):
        if race.state.is_chance():
            race = race.roll()
        else:
            race = race.apply(choices.choice(race.state.legal_actions()))
        actions += 1
    return race


def _text(races: list[Race], save: bool) -> str:
    lines = [line for race in races for line in (race.save_lines() if save else race.lines())]
    return "\n".join(json.dumps(line) for line in lines) + "\n"


RECORDS: list[str] = [
    _text([_race(str(DATA / "mini.toml"), 2, True, True, 3, None)], save=False),
    _text([_race("oval", 3, False, True, 4, 40)], save=True),  # an unfinished turn
    _text([_race("classic", 2, True, False, 5, None), _race("oval", 2, False, False, 6, None)],
          save=False),
]
BOARD_TEXTS: list[str] = [
    (DATA / "mini.toml").read_text(),
    *(path.read_text() for path in sorted(BOARDS.glob("*.toml"))),
]


# Mutations ------------------------------------------------------------------------------

WORDS = [
    "red", "blue", "green", "yellow", "purple", "white", "start", "finish", "a1", "a2", "b1",
    "b3", "c2", "c9", "z1", "monza-game", "oval", "mini", "classic", "original",
    "anniversary", "seed", "free", "human", "expert", "roll RBGWWP", "roll RB", "keep", "go",
    "back", "d0@a1", "d5@b2", "tR@a2", "bonus@a1", "nobonus", "reroll 0,1", "S2 W2 F2", "E6",
    "X9", "", "\u2028", "\x00",
]
"""Strings that mean something somewhere in a record or a board, to reach deeper checks."""
JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, -1, 5, 6, 99, 10**4000, 2**63]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(WORDS),
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (keys and list indices), the value itself first."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _nudged(value: Any, draw: Callable[[Any], Any]) -> Any:
    """A value of the same kind that might still pass validation (and reach the engine)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + draw(st.sampled_from([-2, -1, 1, 2, 5]))
    if isinstance(value, str):
        return draw(st.sampled_from(WORDS))
    if isinstance(value, list) and value:
        items = list(value)
        i = draw(st.integers(0, len(items) - 1))
        j = draw(st.integers(0, len(items) - 1))
        items[i], items[j] = items[j], items[i]
        return items if draw(st.booleans()) else items[:-1]
    return draw(JSON_VALUES)


def _mutate_field(data: Any, draw: Callable[[Any], Any]) -> Any:
    """Replace (by anything, or by a similar value), remove or add one field in ``data``."""
    paths = _paths(data)[1:] or [()]
    path = draw(st.sampled_from(paths))
    how = draw(st.sampled_from(["nudge", "nudge", "replace", "remove", "add"]))
    if not path:
        return draw(JSON_VALUES)
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    if how == "nudge":
        parent[last] = _nudged(parent[last], draw)
    elif how == "replace":
        parent[last] = draw(JSON_VALUES)
    elif how == "remove":
        del parent[last]
    elif isinstance(parent, dict):
        parent[draw(st.sampled_from([*parent, "extra", "version", "board_file"]))] = draw(
            JSON_VALUES
        )
    else:
        parent.insert(last, draw(JSON_VALUES))
    return data


@st.composite
def mutated_bytes(draw: Callable[[Any], Any], texts: list[str]) -> bytes:
    """A valid text hit with one to three byte-level edits."""
    data = bytearray(draw(st.sampled_from(texts)).encode("utf-8"))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["cut", "flip", "insert", "delete", "lines"]))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if kind == "cut":
            del data[at:]
        elif kind == "flip" and data:
            data[at] = draw(st.integers(0, 255))
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "delete":
            del data[at : at + draw(st.integers(1, 40))]
        else:
            lines = bytes(data).split(b"\n")
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            op = draw(st.sampled_from(["drop", "repeat", "swap"]))
            if op == "drop":
                del lines[i]
            elif op == "repeat":
                lines.insert(i, lines[j])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            data = bytearray(b"\n".join(lines))
    return bytes(data)


@st.composite
def mutated_records(draw: Callable[[Any], Any]) -> str:
    """A valid record with one to three fields changed (values, types, keys)."""
    lines = [json.loads(line) for line in draw(st.sampled_from(RECORDS)).splitlines()]
    for _ in range(draw(st.integers(1, 3))):
        index = draw(st.integers(0, len(lines) - 1))
        lines[index] = _mutate_field(lines[index], draw)
    return "\n".join(json.dumps(line) for line in lines) + "\n"


def _board_dict(text: str) -> dict[str, Any]:
    import tomllib

    return tomllib.loads(text)


@st.composite
def mutated_board_dicts(draw: Callable[[Any], Any]) -> Any:
    """A valid board file's document with one to three fields changed."""
    data = _board_dict(draw(st.sampled_from(BOARD_TEXTS)))
    for _ in range(draw(st.integers(1, 3))):
        data = _mutate_field(data, draw)
    return data


def _toml_value(value: Any) -> str | None:
    """A value in TOML (None where TOML has nothing for it, like null)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return "nan"
        if value in (float("inf"), float("-inf")):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        items = [_toml_value(item) for item in value]
        return "[" + ", ".join(item for item in items if item is not None) + "]"
    if isinstance(value, dict):
        pairs = [(json.dumps(str(k)), _toml_value(v)) for k, v in value.items()]
        return "{" + ", ".join(f"{k} = {v}" for k, v in pairs if v is not None) + "}"
    return None


def _toml(data: Any) -> str:
    """A board document back as TOML text (a small writer: the stdlib only reads TOML)."""
    if not isinstance(data, dict):
        return f"value = {_toml_value(data)}\n"
    lines = []
    for key, value in data.items():
        rendered = _toml_value(value)
        if rendered is not None:
            lines.append(f"{json.dumps(str(key))} = {rendered}")
    return "\n".join(lines) + "\n"


# The checks -----------------------------------------------------------------------------


def _loads_or_clear_error(load: Callable[[], object]) -> str:
    """Run a loader: "ok", or "error" with a one-line message; anything else propagates."""
    try:
        load()
    except UserError as error:
        message = str(error)
        assert message and "\n" not in message and "\r" not in message, repr(message)
        assert "Traceback" not in message
        return "error"
    return "ok"


def _cli_ok_or_clear_error(
    argv: list[str], path: Path, capsys: pytest.CaptureFixture[str]
) -> int:
    """``monza ...`` in-process: status 0, or status 2 with one line on stderr; the file is
    left exactly as it was."""
    before = path.read_bytes()
    capsys.readouterr()
    status = main(argv)
    _out, err = capsys.readouterr()
    assert path.read_bytes() == before, "the file must be left untouched"
    if status == 0:
        assert err == ""
        return status
    assert status == 2, (status, err)
    assert err.startswith("monza: ") and err.endswith("\n"), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return status


def test_unmutated_inputs_load() -> None:
    """The fuzz starts from valid files (else it would only test the first error)."""
    for text in RECORDS:
        assert parse_records(text, "r")
    for text in BOARD_TEXTS:
        assert parse_board(text, "b")


@FUZZ
@given(data=mutated_bytes(RECORDS))
def test_record_bytes_fuzz(data: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "race.jsonl"
    path.write_bytes(data)
    _loads_or_clear_error(lambda: read_records(path))
    _cli_ok_or_clear_error(["replay", str(path), "--check"], path, capsys)


@FUZZ
@given(text=mutated_records())
def test_record_fields_fuzz(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outcome = _loads_or_clear_error(lambda: parse_records(text, "race.jsonl"))
    path = tmp_path / "race.jsonl"
    path.write_text(text, encoding="utf-8")
    status = _cli_ok_or_clear_error(["replay", str(path), "--check"], path, capsys)
    assert (status == 0) == (outcome == "ok")


@FUZZ
@given(data=mutated_bytes(BOARD_TEXTS))
def test_board_bytes_fuzz(data: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "board.toml"
    path.write_bytes(data)
    _loads_or_clear_error(lambda: load_board(str(path)))
    _cli_ok_or_clear_error(["boards", "check", str(path)], path, capsys)


@FUZZ
@given(data=mutated_board_dicts())
def test_board_fields_fuzz(
    data: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # As embedded in a record (board_file), and as a TOML file on disk.
    _loads_or_clear_error(lambda: board_from_definition(data, "board_file"))
    path = tmp_path / "board.toml"
    path.write_text(_toml(data), encoding="utf-8")
    _loads_or_clear_error(lambda: load_board(str(path)))
    _cli_ok_or_clear_error(["boards", "check", str(path)], path, capsys)


# Holes the fuzz found once, kept as plain examples --------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        '{"record": "monza-game", "version": 1, "seed": ' + "9" * 5000 + "}",
        "[" * 100_000,
        '{"a": ' * 20_000 + "1" + "}" * 20_000,
        '{"record": "monza-game", "version": ' + "1" * 4400 + "}",
    ],
    ids=["huge-seed", "deep-list", "deep-object", "huge-version"],
)
def test_pathological_json_is_a_clear_error(line: str) -> None:
    assert _loads_or_clear_error(lambda: parse_records(line + "\n", "x")) == "error"


def test_escape_sequences_never_reach_the_terminal() -> None:
    """Names and titles are printed: a shared file must not carry terminal escapes."""
    lines = [json.loads(line) for line in RECORDS[0].splitlines()]
    lines[0]["players"][0]["name"] = "Ann\x1b]0;owned\x07"
    text = "\n".join(json.dumps(line) for line in lines)
    with pytest.raises(UserError, match=r"^r: line 1: players.0.name: player name .*: no control"):
        parse_records(text, "r")
    board = BOARD_TEXTS[0].replace('title = "Mini test loop"', 'title = "\\u001b[2J"')
    assert board != BOARD_TEXTS[0]
    with pytest.raises(UserError, match=r"^b: title: no control characters"):
        parse_board(board, "b")


_ONE_LANE = 'name = "x"\nfinish_colour = "white"\nlanes = ["S2 {lane}F2"]\n[shape]\nlegs = ["E9"]\n'


@pytest.mark.parametrize(
    "text",
    [
        "name = " + "1" * 5000,
        "a = " + "[" * 5000 + "]" * 5000,
        "a = " + "{b = " * 2000 + "1" + "}" * 2000,
        _ONE_LANE.format(lane="W1 " * 20_000),
        _ONE_LANE.format(lane="W99 " * 200),
    ],
    ids=["huge-int", "deep-array", "deep-table", "many-spaces", "long-lane"],
)
def test_pathological_board_is_a_clear_error(text: str) -> None:
    assert _loads_or_clear_error(lambda: parse_board(text, "b.toml")) == "error"



# The shapes of issue 10: many headers, many empty turns, huge files, FIFOs (each bounded) --


def _header_line() -> str:
    return RECORDS[0].splitlines()[0]


def test_many_headers_are_read_in_linear_time_and_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from monza_tui.record import reader

    record = tmp_path / "headers.jsonl"
    record.write_text((_header_line() + "\n") * 400)
    assert len(read_records(record)) == 400
    monkeypatch.setattr(reader, "MAX_RACES_PER_FILE", 100)
    with pytest.raises(UserError, match="line 101: more than 100 races in one file"):
        read_records(record)


def test_many_empty_lines_and_turns_stop_at_the_first_bad_line(tmp_path: Path) -> None:
    record = tmp_path / "empty.jsonl"
    turn = json.dumps({"turn": 1, "round": 1, "player": 0, "car": "red", "roll": ["red"] * 6,
                       "moves": [], "positions": {}})
    record.write_text(_header_line() + "\n" + "\n" * 50_000 + (turn + "\n") * 20_000)
    with pytest.raises(UserError, match=r"line 50002: "):
        read_records(record)


def test_a_huge_sparse_file_and_a_fifo_are_one_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = tmp_path / "huge.jsonl"
    with huge.open("wb") as handle:
        handle.truncate(2**30)
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    board_fifo = tmp_path / "fifo.toml"
    os.mkfifo(board_fifo)
    for args in (["replay", str(huge), "--check"], ["replay", str(fifo), "--check"],
                 ["boards", "check", str(board_fifo)]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1, err
        assert "larger than 256 MiB" in err or "a FIFO, not a regular file" in err

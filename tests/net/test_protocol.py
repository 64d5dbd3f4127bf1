"""The wire format: the documented examples parse, every code is worded, the secrets."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monza_tui.errors import said
from monza_tui.net import codes
from monza_tui.net.hostsave import host_save_text, read_host_save, write_host_save
from monza_tui.net.protocol import (
    Act,
    Hello,
    Presence,
    PresenceWire,
    ProtocolError,
    dump,
    parse_client,
    parse_host,
)
from monza_tui.net.run import new_race
from monza_tui.wording import MESSAGES, word

ROOT = Path(__file__).resolve().parents[2]
CLIENT_TYPES = {"hello", "act", "roll", "hand", "ping"}


def _examples() -> list[dict]:
    text = (ROOT / "docs" / "network.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    return [json.loads(b) for b in blocks if '"type"' in b and '"..."' not in b]


def test_every_documented_message_is_read_as_documented() -> None:
    examples = _examples()
    kinds = set()
    for example in examples:
        parse = parse_client if example["type"] in CLIENT_TYPES else parse_host
        message = parse(json.dumps(example))
        assert json.loads(dump(message)) == example
        kinds.add(example["type"])
    assert kinds == CLIENT_TYPES | {"welcome", "action", "seats", "presence", "refused", "over",
                                    "pong"}


def test_frames_are_written_type_first_and_read_back() -> None:
    hello = Hello(version=1, code="7K3-Q9P", name="Ben")
    assert dump(hello).startswith('{"type":"hello",')
    assert parse_client(dump(hello)) == hello
    act = Act(seq=3, action="d0@a5")
    assert parse_client(dump(act)) == act


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        (b'{"type": "ping"}', "net.bad_json"),  # binary frames are refused
        ("", "net.bad_json"),
        ("null", "net.bad_json"),
        ("[" * 5000 + "]" * 5000, "net.bad_json"),
        ('{"type": "act", "seq": 1}', "net.bad_message"),
        ('{"type": "act", "seq": 1, "action": "go", "extra": 1}', "net.bad_message"),
        ('{"type": "act", "seq": 1, "action": ""}', "net.bad_message"),
        ('{"type": "act", "seq": 2000000, "action": "go"}', "net.bad_message"),
        ('{"type": "act", "seq": true, "action": "go"}', "net.bad_message"),
        ('{"type": "hand", "seq": 0, "player": 9, "seat": "greedy"}', "net.bad_message"),
        ('{"type": "hand", "seq": 0, "player": 1, "seat": "god"}', "net.bad_message"),
        ('{"type": "hello", "version": 1, "code": "' + "A" * 40 + '"}', "net.bad_message"),
        ('{"type": "welcome"}', "net.unknown_type"),  # a host's message from a client
        ('{"seq": 1}', "net.unknown_type"),
    ],
)
def test_a_bad_frame_is_a_protocol_error_with_its_code(frame: str | bytes, code: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client(frame)
    assert caught.value.code == code


def test_every_code_the_host_or_client_can_say_is_worded() -> None:
    source = "".join(  # every module of the package: a code moved with its module stays read
        path.read_text(encoding="utf-8")
        for path in sorted((ROOT / "src" / "monza_tui" / "net").glob("*.py"))
    )
    found = set(re.findall(r'"(net\.[a-z_]+)"', source))
    assert {"net.bad_code", "net.not_your_turn", "net.stale", "net.illegal_why"} <= found
    missing = found - set(MESSAGES)
    assert not missing
    assert word(said("net.not_your_turn", name="Ann")) == "not your turn: Ann is to play"


def test_codes_are_readable_and_compared_loosely() -> None:
    code = codes.new_code()
    assert re.fullmatch(r"[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}", code)
    assert codes.valid_code(code)
    assert codes.code_matches(code.lower().replace("-", " "), code)
    assert not codes.code_matches("AAA-AAA", "AAA-AAB")
    assert len({codes.new_code() for _ in range(50)}) == 50
    salt = bytes(16)
    assert codes.seed_hash(5, salt) == codes.seed_hash(5, salt) != codes.seed_hash(6, salt)
    assert 0 <= codes.new_seed() < 2**63


def test_presence_counts_the_seconds_left_up() -> None:
    away = Presence.from_wire(PresenceWire(kind="away", left=14.2), now=100.0)
    assert away.until == pytest.approx(114.2)
    assert away.seconds_left(now=100.0) == 15
    assert away.seconds_left(now=200.0) == 0
    assert Presence("here").seconds_left() == 0


def test_the_host_save_keeps_code_remote_seats_and_salt(tmp_path: Path) -> None:
    race = new_race("oval", ["Ann", "Ben"], ["greedy"], seed=42)
    race = race.roll()
    salt = bytes(range(16))
    path = tmp_path / "race.jsonl"
    assert write_host_save(race, path, code="7K3-Q9P", remote=[0, 1], salt=salt) == path
    header = json.loads(path.read_text().splitlines()[0])
    assert header["host"] == {"code": "7K3-Q9P", "remote": [0, 1], "salt": salt.hex()}
    assert header["seed"] == 42
    back = read_host_save(path)
    assert (back.code, back.remote, back.salt) == ("7K3-Q9P", frozenset({0, 1}), salt)
    assert back.race.state == race.state and back.race.pending == race.pending
    assert host_save_text(race, code="7K3-Q9P", remote=[0, 1], salt=salt) == path.read_text()


@pytest.mark.parametrize(
    "host",
    [{"code": "0O0-1I1", "remote": [0], "salt": "00" * 16},
     {"code": "7K3-Q9P", "remote": [5], "salt": "00" * 16},
     {"code": "7K3-Q9P", "remote": [0], "salt": "zz"},
     {"code": "7K3-Q9P", "remote": [0], "salt": "00" * 16, "token": "x"}],
)
def test_a_damaged_host_field_is_one_line(tmp_path: Path, host: dict) -> None:
    from monza_tui.errors import UserError

    race = new_race("oval", ["Ann", "Ben"], [], seed=1).roll()
    path = tmp_path / "race.jsonl"
    write_host_save(race, path, code="7K3-Q9P", remote=[0], salt=bytes(16))
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["host"] = host
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(UserError) as caught:
        read_host_save(path)
    assert caught.value.code == "net.bad_host_field"
    assert "\n" not in str(caught.value)


def test_a_plain_save_is_no_hosted_race(tmp_path: Path) -> None:
    from monza_tui.errors import UserError
    from monza_tui.record import write_records

    race = new_race("oval", ["Ann", "Ben"], [], seed=1).roll()
    path = tmp_path / "plain.jsonl"
    write_records(path, [race], save=True)
    with pytest.raises(UserError) as caught:
        read_host_save(path)
    assert caught.value.code == "net.not_hosted"


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
_fields = st.dictionaries(
    st.sampled_from(["type", "seq", "action", "player", "seat", "code", "version", "name",
                     "token", "watch", "extra"]),
    _json | st.sampled_from(["hello", "act", "roll", "hand", "ping", "go", "greedy"]),
    max_size=6,
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(_fields, _json).map(json.dumps) | st.text(max_size=60))
def test_any_frame_is_a_message_or_a_protocol_error(frame: str) -> None:
    try:
        message = parse_client(frame)
    except ProtocolError as error:
        assert error.code in MESSAGES
        return
    assert parse_client(dump(message)) == message


def test_the_network_package_imports_no_textual() -> None:
    import subprocess
    import sys

    code = (
        "import sys, monza_tui.net.server, monza_tui.net.client, monza_tui.net.run; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.strip() == "[]"

"""Several relays behind one name: the group file's checks, and two relays on loopback
sending a host and a guest to the relay that owns the code's first character."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from monza_tui.net.codes import ALPHABET
from monza_tui.relay.group import GroupError, load_group, read_group
from relay.helpers import guest, hello, host, relay_at, run, tagged

A_CHARS, B_CHARS = ALPHABET[:16], ALPHABET[16:]


def group_data(a: str, b: str) -> dict[str, object]:
    return {"relays": {"a": {"url": a, "codes": A_CHARS}, "b": {"url": b, "codes": B_CHARS}}}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_a_host_and_a_guest_at_relay_a_reach_the_race_relay_b_holds() -> None:
    port_a, port_b = free_port(), free_port()
    url_a, url_b = f"ws://127.0.0.1:{port_a}", f"ws://127.0.0.1:{port_b}"
    data = group_data(url_a, url_b)
    code = "J7K-Q9P"  # (J: relay b's)

    async def go() -> None:
        from monza_tui.relay.server import Relay

        relay_a = Relay(group=read_group(data, "a"))
        relay_b = Relay(group=read_group(data, "b"))
        await relay_a.start("127.0.0.1", port_a)
        await relay_b.start("127.0.0.1", port_b)
        try:
            uplink, said = await host(url_a, code)
            assert said == {"type": "registered", "guests": 32}
            assert (len(relay_a.registry), len(relay_b.registry)) == (0, 1)
            ben = await guest(url_a, code.lower())
            await ben.send(hello(code))
            assert json.loads(await uplink.recv())["type"] == "open"
            assert await uplink.recv() == tagged(1, hello(code))
            await uplink.send(tagged(1, '{"type":"pong"}'))
            assert await ben.recv() == '{"type":"pong"}'
            mine, said = await host(url_a, "2AB-CDE")  # (2: relay a's own)
            assert said["type"] == "registered"
            assert (len(relay_a.registry), len(relay_b.registry)) == (1, 1)
            for ws in (ben, uplink, mine):
                await ws.close()
        finally:
            await relay_a.stop()
            await relay_b.stop()

    run(go())


def test_a_relay_alone_in_its_group_redirects_nothing() -> None:
    async def go() -> None:
        data = {"relays": {"solo": {"url": "wss://r.example", "codes": ALPHABET}}}
        async with relay_at(group=read_group(data, "solo")) as (_, url):
            uplink, said = await host(url, "J7K-Q9P")
            assert said["type"] == "registered"
            await uplink.close()

    run(go())


@pytest.mark.parametrize(("data", "why"), [
    ({"relays": {"a": {"url": "wss://a", "codes": A_CHARS}}},
     "group: no relay owns the code characters " + B_CHARS),
    (group_data("wss://a", "wss://b") | {"extra": 1},
     "group: a group file has [relays.NAME] tables and nothing else"),
    ({"relays": {"a": {"url": "wss://a", "codes": A_CHARS + "J"},
                 "b": {"url": "wss://b", "codes": B_CHARS}}},
     "group: code character J belongs to both a and b"),
    ({"relays": {"a": {"url": "wss://a", "codes": A_CHARS + "0"},
                 "b": {"url": "wss://b", "codes": B_CHARS}}},
     f"group: relay a: '0' is no code character ({ALPHABET})"),
    ({"relays": {"a": {"url": "https://a", "codes": A_CHARS},
                 "b": {"url": "wss://b", "codes": B_CHARS}}},
     "group: relay a: url must be ws://HOST[:PORT] or wss://HOST[:PORT]"),
    ({"relays": {"a": {"url": "wss://a/path", "codes": A_CHARS},
                 "b": {"url": "wss://b", "codes": B_CHARS}}},
     "group: relay a: url must be ws://HOST[:PORT] or wss://HOST[:PORT]"),
    ({"relays": {"a": {"url": "wss://a", "codes": A_CHARS, "weight": 2},
                 "b": {"url": "wss://b", "codes": B_CHARS}}},
     "group: relay a needs url and codes, and nothing else"),
    (group_data("wss://a", "wss://b"), "group: no relay is named c (--me): a, b"),
])
def test_a_group_file_that_cannot_be_used_is_one_line(data: dict[str, object], why: str) -> None:
    with pytest.raises(GroupError) as error:
        read_group(data, "c" if "named c" in why else "a")
    assert str(error.value) == why


def test_a_group_file_is_read_from_toml(tmp_path: Path) -> None:
    path = tmp_path / "group.toml"
    path.write_text(f'[relays.r1]\nurl = "wss://r1.relay.example/"\ncodes = "{A_CHARS}"\n'
                    f'[relays.r2]\nurl = "wss://r2.relay.example:8443"\n'
                    f'codes = "{B_CHARS.lower()}"\n')
    group = load_group(path, "r1")
    assert group.elsewhere("7k3-q9p") is None
    assert group.elsewhere("z7k-q9p") == "wss://r2.relay.example:8443"
    path.write_text("[relays.r1\n")
    with pytest.raises(GroupError, match="not a TOML file"):
        load_group(path, "r1")

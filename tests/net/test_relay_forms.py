"""The relay's forms on the host's and the guests' side: a memory line ends as a websocket
does, the invitation's relayed lines and how they read back, ``monza join``'s argument
forms, and the relay kept in the host's save and the settings."""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosedError, ConnectionClosedOK

from monza_tui import settings
from monza_tui.commands import join as join_command
from monza_tui.errors import UserError
from monza_tui.net.hostsave import Reach, read_host_save, write_host_save
from monza_tui.net.invitation import Invitation, JoinLine, code_in, join_target, read_line
from monza_tui.net.lines import memory_pair
from monza_tui.net.run import new_race
from monza_tui.wording import word

RELAY = "wss://relay.example"


def test_a_memory_line_delivers_what_was_sent_then_ends_as_a_websocket() -> None:
    async def scenario() -> list[object]:
        client, server = memory_pair()
        await client.send("hello")
        await server.send("welcome")
        await server.close(1000)
        seen: list[object] = [await server.recv(), await client.recv()]
        with pytest.raises(ConnectionClosedOK):
            await client.recv()
        with pytest.raises(ConnectionClosedOK):
            await client.send("late")
        seen.append([frame async for frame in server])  # (a polite end stops iterating)
        other_client, other_server = memory_pair()
        other_server.abort()
        with pytest.raises(ConnectionClosedError):
            await other_client.recv()
        return seen

    assert asyncio.run(scenario()) == ["hello", "welcome", []]


def test_the_relayed_invitation_has_one_url_per_seat_and_reads_back() -> None:
    invitation = Invitation.relayed(RELAY + "/", "7K3-Q9P", ("Ben", "Dora Maar"))
    assert invitation.commands() == [
        "monza join wss://relay.example/7K3-Q9P --name Ben",
        "monza join wss://relay.example/7K3-Q9P --name 'Dora Maar'",
    ]
    assert invitation.command(watch=True) == "monza join wss://relay.example/7K3-Q9P --watch"
    for command, name in zip(invitation.commands(), invitation.names, strict=True):
        assert read_line(command) == JoinLine(f"{RELAY}/7K3-Q9P", "7K3-Q9P", name)


@pytest.mark.parametrize(("text", "relay", "expected"), [
    ("wss://relay.example/7K3-Q9P --name Ben", None,
     JoinLine("wss://relay.example/7K3-Q9P", "7K3-Q9P", "Ben")),
    ("monza join ws://10.0.0.2:9000/games/7k3q9p/ --watch", None,
     JoinLine("ws://10.0.0.2:9000/games/7k3q9p/", "7k3q9p", watch=True)),
    ("monza join 7K3-Q9P --relay wss://relay.example --name Ben", None,
     JoinLine("wss://relay.example/7K3-Q9P", "7K3-Q9P", "Ben")),
    ("7K3-Q9P --name=Ben", RELAY, JoinLine("wss://relay.example/7K3-Q9P", "7K3-Q9P", "Ben")),
])
def test_a_pasted_relay_line_gives_its_url_and_code(
    text: str, relay: str | None, expected: JoinLine,
) -> None:
    assert read_line(text, relay) == expected


def test_a_code_alone_without_a_relay_is_one_worded_line() -> None:
    with pytest.raises(UserError) as caught:
        read_line("monza join 7K3-Q9P --name Ben")
    assert word(caught.value) == (
        "7K3-Q9P: a code alone joins through a relay: add --relay URL (or set the relay in "
        "the settings), or give the host's whole line")
    with pytest.raises(UserError) as caught:
        read_line("7K3-Q9P --relay http://relay.example")
    assert word(caught.value) == (
        "http://relay.example: not a relay's address; give it as wss://relay.example")


def _join_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    join_command.add_arguments(parser)
    return parser.parse_args(argv)


def test_joins_argument_forms(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONZA_CONFIG", str(tmp_path))
    target = join_command.join_target
    assert target(_join_args("192.168.1.5:8765", "7K3-Q9P")) == ("192.168.1.5:8765", "7K3-Q9P")
    assert target(_join_args("wss://relay.example/7K3-Q9P", "--name", "Ben")) == (
        "wss://relay.example/7K3-Q9P", "7K3-Q9P")
    assert target(_join_args("7K3-Q9P", "--relay", "wss://other.example/")) == (
        "wss://other.example/7K3-Q9P", "7K3-Q9P")
    with pytest.raises(UserError) as caught:
        target(_join_args("7K3-Q9P"))
    assert caught.value.code == "relay.none"
    with pytest.raises(UserError) as caught:
        target(_join_args("192.168.1.5:8765"))
    assert word(caught.value) == ("192.168.1.5:8765: the join code is missing; give it after "
                                  "the address, as the host's line shows it")
    settings.update(relay=RELAY)  # a family sets its relay once
    assert target(_join_args("7k3q9p")) == ("wss://relay.example/7k3q9p", "7k3q9p")
    assert settings.load().relay == RELAY


def test_a_damaged_relay_in_the_settings_leaves_the_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MONZA_CONFIG", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"bell": False, "relay": "ftp://x"}))
    assert settings.load() == settings.Settings()


def test_the_code_a_url_holds() -> None:
    assert code_in("wss://relay.example/7K3-Q9P") == "7K3-Q9P"
    assert code_in("wss://relay.example/") is None
    assert code_in("wss://relay.example") is None
    assert code_in("192.168.1.5:8765") is None
    assert code_in("wss://relay.example/host/7K3-Q1P") is None  # (1 is no code's letter)
    assert join_target("wss://relay.example/x", "7K3-Q9P", None) == (
        "wss://relay.example/x", "7K3-Q9P")


def test_the_hosts_save_keeps_its_relay_and_key(tmp_path: Path) -> None:
    race = new_race("oval", ["Ben"], ["greedy"], seed=1)
    path = tmp_path / "hosted.jsonl"
    key = "k" * 22
    write_host_save(race, path, code="7K3-Q9P", remote=[0], salt=bytes(16),
                    reach=Reach(relay=RELAY, key=key))
    header = json.loads(path.read_text().splitlines()[0])
    assert header["host"] == {"code": "7K3-Q9P", "remote": [0], "salt": "0" * 32,
                              "relay": RELAY, "key": key}
    saved = read_host_save(path)
    assert (saved.relay, saved.key, saved.port) == (RELAY, key, None)
    header["host"]["relay"] = "wss://bad host/"
    path.write_text(json.dumps(header) + "\n" + "\n".join(path.read_text().splitlines()[1:]))
    with pytest.raises(UserError) as caught:
        read_host_save(path)
    assert caught.value.code == "net.bad_host_field"


def test_the_hosts_invitation_says_whether_the_relay_is_reached() -> None:
    from types import SimpleNamespace

    from monza_tui.app.screens.invitation import invitation_lines
    from monza_tui.net.uplink import RelayStatus

    uplink = SimpleNamespace(status=RelayStatus("relay.unreachable"))
    host = SimpleNamespace(invitation=Invitation.relayed(RELAY, "7K3-Q9P", ("Ben",)),
                           server=SimpleNamespace(uplink=uplink), client=None)
    assert invitation_lines(host) == [  # type: ignore[arg-type]
        "Give each person elsewhere the line of their seat to type:",
        "  monza join wss://relay.example/7K3-Q9P --name Ben",
        "Code: 7K3-Q9P",
        "The relay cannot be reached; trying again…",
    ]
    uplink.status = RelayStatus("relay.connected")
    assert invitation_lines(host)[-1] == "Connected to the relay"  # type: ignore[arg-type]

"""The host's uplink to a relay (docs/relay.md), against a small fake relay: a guest races
through it to the end, the host's own terminal never needs it, a relay that restarts costs
the guest nothing but the grace, and a refusal no retry changes is one worded line."""

from __future__ import annotations

import asyncio

import pytest
from tests.net.helpers import Seat, local_record, run
from tests.net.relay_fake import FakeRelay, Hosted

from monza_tui.errors import Said
from monza_tui.net import codes
from monza_tui.net.client import JoinError, RaceClient
from monza_tui.net.invitation import read_line
from monza_tui.net.mirror import FAIR
from monza_tui.net.run import host_headless, make_server, new_race
from monza_tui.net.server import RaceServer
from monza_tui.net.uplink import CONNECTED, UNREACHABLE
from monza_tui.wording import word


def _relayed(relay: str, remote: list[str], bots: list[str], *, seed: int = 3,
             grace: float = 20.0, code: str | None = None) -> RaceServer:
    race = new_race("oval", remote, bots, seed=seed)
    return make_server(race, remote=range(len(remote)), save=False, bot_delay=0.0,
                       grace=grace, relay=relay, code=code)


def test_a_guest_races_through_the_relay_and_the_host_listens_nowhere() -> None:
    async def scenario() -> None:
        relay = await FakeRelay().start()
        server = _relayed(relay.url, ["Ben"], ["greedy"])
        invitation = await server.start()
        assert server.uplink is not None
        await asyncio.wait_for(server.uplink.registered.wait(), 10)
        assert server.uplink.status.code == CONNECTED
        assert server._server is None  # (no listening socket of its own)
        url = f"{relay.url}/{server.code}"
        assert invitation.commands() == [f"monza join {url} --name Ben"]
        assert relay.registers == [(codes.normal_code(server.code), server.relay_key)]
        line = read_line(invitation.commands()[0])
        ben = Seat()
        client = await ben.join(line.address, None, name=line.name)
        assert client.code == server.code and client.seats == {0}
        await asyncio.wait_for(ben.over.wait(), 40)
        assert client.dice_check == FAIR
        assert ben.record == local_record(server.race, list(server.actions), server.race.seed)
        await client.close()
        await server.stop()
        await relay.stop()

    run(scenario())


def test_the_hosts_own_terminal_plays_in_memory_while_the_relay_is_unreachable() -> None:
    async def scenario() -> None:
        race = new_race("oval", ["Ann"], ["greedy"], seed=4)
        server = make_server(race, remote=(), save=False, bot_delay=0.0,
                             relay="ws://127.0.0.1:9")  # (nothing answers there)
        await server.start()
        ann = Seat()
        client = await ann.join("memory", server.code, token=server.host_token,
                                dial=server.dial)
        assert client.is_host and client.seats == {0, 1}  # (every seat not remote)
        await asyncio.wait_for(ann.over.wait(), 40)
        assert server.race.state.is_terminal() and client.dice_check == FAIR
        assert server.uplink is not None and server.uplink.status.code == UNREACHABLE
        assert not server.uplink.registered.is_set()
        await client.close()
        await server.stop()

    run(scenario())


def test_the_relay_restarts_and_the_guest_comes_back_by_itself() -> None:
    async def scenario() -> None:
        relay = await FakeRelay().start()
        server = _relayed(relay.url, ["Ben"], ["greedy"], seed=8)
        await server.start()
        assert server.uplink is not None
        await asyncio.wait_for(server.uplink.registered.wait(), 10)
        watcher = Seat(play=False)  # the host's own terminal, in memory
        await watcher.join("memory", server.code, token=server.host_token, dial=server.dial)
        ben = Seat()
        client = await ben.join(f"{relay.url}/{server.code}", None, name="Ben")
        await ben.wait_for(lambda: len(ben.actions) >= 6)
        server.uplink.registered.clear()
        await relay.stop()  # the relay goes: every guest's line through it ends
        await ben.wait_for(lambda: False in ben.connections)
        await watcher.wait_for(lambda: any(
            p[0].kind == "away" for p in watcher.presences))
        again = await FakeRelay(settle=True).start(relay.port)  # back on the same port
        await asyncio.wait_for(server.uplink.registered.wait(), 20)
        await asyncio.wait_for(ben.over.wait(), 40)
        assert ben.connections[-1] is True
        kinds = [p[0].kind for p in watcher.presences]
        assert "away" in kinds and kinds[kinds.index("away"):].count("here") >= 1
        assert client.dice_check == FAIR
        assert not any(seat.is_bot for seat in [server.race.players[0].seat])
        assert again.registers == [(codes.normal_code(server.code), server.relay_key)]
        await client.close()
        await server.stop()
        await again.stop()

    run(scenario())


def test_a_code_another_host_holds_is_one_worded_line() -> None:
    said = ("the relay holds this race's code for another host: the race cannot be hosted "
            "there (monza host --resume --no-relay hosts it on the home network)")

    async def scenario() -> str:
        relay = await FakeRelay().start()
        relay.races["7K3Q9P"] = Hosted(codes.new_token())
        server = _relayed(relay.url, ["Ben"], ["greedy"], code="7K3-Q9P")
        ended = await host_headless(server, host="127.0.0.1", port=0,
                                    announce=lambda _: None, linger=0)
        assert server.uplink is not None and server.uplink.status.final
        await relay.stop()
        assert isinstance(ended, str)
        return ended

    assert run(scenario()) == said
    assert word(Said("relay.taken")) == said


@pytest.mark.parametrize(("known", "settle", "code"), [
    (True, False, "relay.host_away"),
    (False, True, "relay.host_away"),
    (False, False, "net.bad_code"),
])
def test_a_guest_hears_whether_the_host_is_away_or_the_code_unknown(
    known: bool, settle: bool, code: str,
) -> None:
    async def scenario() -> JoinError:
        relay = await FakeRelay(settle=settle).start()
        if known:
            relay.races["7K3Q9P"] = Hosted(codes.new_token())
        try:
            with pytest.raises(JoinError) as caught:
                await RaceClient.join(f"{relay.url}/7K3-Q9P", None, Seat(), name="Ben")
        finally:
            await relay.stop()
        return caught.value

    error = run(scenario())
    assert error.code == code
    if code == "relay.host_away":
        assert word(error) == ("the race's host is not connected to the relay right now: "
                               "try again in a moment")

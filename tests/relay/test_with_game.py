"""The real relay with the real game on both sides: a host's uplink (``make_server(...,
relay=URL)``) and a guest's ``RaceClient`` joining by the relay's URL. The relay's own
tests drive it with raw frames and the uplink's with a fake relay; these check that the two
halves of docs/relay.md's contract meet: a whole race, a relay restart the guest sits out
by itself, and two relays behind one name."""

from __future__ import annotations

import asyncio
import socket

from tests.net.helpers import Seat, local_record

from monza_tui.net.mirror import FAIR
from monza_tui.net.run import make_server, new_race
from monza_tui.net.server import RaceServer
from monza_tui.relay.group import read_group
from monza_tui.relay.server import Relay
from monza_tui.seats import SeatKind
from relay.helpers import quick, run


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def relayed(url: str, *, seed: int, code: str | None = None) -> RaceServer:
    """A race of Ben (remote) and a greedy driver, hosted through the relay at ``url``."""
    race = new_race("oval", ["Ben"], ["greedy"], seed=seed)
    return make_server(race, remote=[0], save=False, bot_delay=0.0, grace=20.0,
                       relay=url, code=code)


async def registered(server: RaceServer) -> None:
    await server.start()
    assert server.uplink is not None
    await asyncio.wait_for(server.uplink.registered.wait(), 10)


def test_a_guest_races_to_the_end_through_the_real_relay() -> None:
    async def scenario() -> None:
        port = free_port()
        relay = Relay(quick())
        await relay.start("127.0.0.1", port)
        url = f"ws://127.0.0.1:{port}"
        server = relayed(url, seed=11)
        await registered(server)
        assert server.invitation is not None
        assert server.invitation.commands() == [f"monza join {url}/{server.code} --name Ben"]
        ben = Seat()
        client = await ben.join(f"{url}/{server.code}", None, name="Ben")
        assert client.seats == {0}
        await asyncio.wait_for(ben.over.wait(), 60)
        assert client.dice_check == FAIR
        assert ben.record == local_record(server.race, list(server.actions), server.race.seed)
        assert server.race.players[0].seat is SeatKind.HUMAN  # (Ben drove it all)
        await client.close()
        await server.stop()
        await relay.stop()

    run(scenario(), 90)


def test_the_relay_restarts_mid_race_and_everyone_comes_back_by_themselves() -> None:
    async def scenario() -> None:
        port = free_port()
        url = f"ws://127.0.0.1:{port}"
        relay = Relay(quick())
        await relay.start("127.0.0.1", port)
        server = relayed(url, seed=12)
        await registered(server)
        assert server.uplink is not None
        ben = Seat()
        client = await ben.join(f"{url}/{server.code}", None, name="Ben")
        await ben.wait_for(lambda: len(ben.actions) >= 6)
        server.uplink.registered.clear()
        await relay.stop()  # (every line through it closes 1001)
        await ben.wait_for(lambda: False in ben.connections)
        # A new relay process on the same port: it knows no race, and in its settle window
        # an unknown code is "the host is away", so Ben's client keeps trying.
        again = Relay(quick(settle=30.0))
        await again.start("127.0.0.1", port)
        await asyncio.wait_for(server.uplink.registered.wait(), 20)
        await asyncio.wait_for(ben.over.wait(), 60)
        assert ben.connections[-1] is True
        assert client.dice_check == FAIR
        assert server.race.players[0].seat is SeatKind.HUMAN  # back within the grace
        await client.close()
        await server.stop()
        await again.stop()

    run(scenario(), 120)


def test_two_relays_behind_one_name_send_host_and_guest_to_the_codes_relay() -> None:
    from monza_tui.net.codes import ALPHABET

    async def scenario() -> None:
        port_a, port_b = free_port(), free_port()
        url_a, url_b = f"ws://127.0.0.1:{port_a}", f"ws://127.0.0.1:{port_b}"
        data = {"relays": {"a": {"url": url_a, "codes": ALPHABET[:16]},
                           "b": {"url": url_b, "codes": ALPHABET[16:]}}}
        relay_a = Relay(quick(), group=read_group(data, "a"))
        relay_b = Relay(quick(), group=read_group(data, "b"))
        await relay_a.start("127.0.0.1", port_a)
        await relay_b.start("127.0.0.1", port_b)
        code = f"{ALPHABET[20]}7K-Q9P"  # (its first character is relay b's)
        server = relayed(url_a, seed=13, code=code)  # the family knows only relay a
        await registered(server)
        assert (len(relay_a.registry), len(relay_b.registry)) == (0, 1)
        ben = Seat()
        client = await ben.join(f"{url_a}/{code}", None, name="Ben")
        await asyncio.wait_for(ben.over.wait(), 60)
        assert client.dice_check == FAIR
        await client.close()
        await server.stop()
        await relay_a.stop()
        await relay_b.stop()

    run(scenario(), 90)

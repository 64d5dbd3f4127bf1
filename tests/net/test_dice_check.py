"""The host's word about the dice: the seed's hash is pinned from the first welcome, and at
the end the published seed, the record and the rolls each client saw are checked; a host
that breaks its word is said so, never silently believed."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Any

from monza_tui.bots import make_driver
from monza_tui.net import codes
from monza_tui.net.client import RaceClient
from monza_tui.net.mirror import FAIR, finished, rolls_of
from monza_tui.net.protocol import Over
from monza_tui.net.run import make_server, new_race
from monza_tui.net.server import RaceServer
from monza_tui.record import Race, record_text
from net.helpers import Seat, run


async def _race_to_the_end(server: RaceServer, *names: str) -> list[Seat]:
    """Clients for ``names`` (the remote seats) plus a watcher, played to the end."""
    invitation = await server.start("127.0.0.1", 0)
    address = f"127.0.0.1:{invitation.port}"
    seats = [Seat("greedy", n) for n, _ in enumerate(names)]
    for seat, name in zip(seats, names, strict=True):
        await seat.join(address, server.code, name=name)
    watcher = Seat(play=False)
    await watcher.join(address, server.code, watch=True)
    for seat in [*seats, watcher]:
        await asyncio.wait_for(seat.over.wait(), 40)
    return [*seats, watcher]


def _client(seat: Seat) -> RaceClient:
    assert seat.client is not None
    return seat.client


def test_an_honest_host_passes_the_check_and_its_record_is_the_race() -> None:
    async def main() -> None:
        server = make_server(new_race("oval", ["Ann", "Ben"], ["greedy"]), remote=[0, 1],
                             save=False, bot_delay=0)
        try:
            seats = await _race_to_the_end(server, "Ann", "Ben")
        finally:
            await server.stop()
        for seat in seats:
            client = _client(seat)
            assert client.dice_check == FAIR
            assert [code for code, _ in seat.refusals if code.startswith("net.")] == []
            assert client.race.seeded and client.race.seed == server.race.seed
            assert record_text([client.race]) == record_text([server.race])

    run(main())


def test_a_host_whose_seed_is_not_the_one_it_promised_is_said_to_be_unfair() -> None:
    async def main() -> None:
        server = make_server(new_race("oval", ["Ann"], ["greedy"]), remote=[0], save=False,
                             bot_delay=0)
        server.seed_hash = codes.seed_hash(server.race.seed + 1, server.salt)  # a lie
        try:
            seats = await _race_to_the_end(server, "Ann")
        finally:
            await server.stop()
        for seat in seats:
            client = _client(seat)
            assert client.dice_check == "net.seed_mismatch"
            assert ("net.seed_mismatch", {}) in seat.refusals
            # What is kept is what was seen, not the host's record (whose seed lied).
            assert not client.race.seeded and client.race.seed == 0
            assert client.race.state == server.race.state

    run(main())


def test_a_host_rolling_other_dice_than_its_seeds_is_caught(monkeypatch: Any) -> None:
    """The host rolls from another seed than the one it committed to; at the end it
    publishes the committed seed and its record, whose dice are not that seed's."""
    import monza_tui.net.server as server_module

    real = server_module.seeded_roll
    monkeypatch.setattr(server_module, "seeded_roll",
                        lambda seed, state: real(seed + 1, state))

    async def main() -> None:
        server = make_server(new_race("oval", ["Ann"], ["greedy"]), remote=[0], save=False,
                             bot_delay=0)
        try:
            seats = await _race_to_the_end(server, "Ann")
        finally:
            await server.stop()
        assert not server.race.seeded  # (its record says "dice": "free")
        for seat in seats:
            assert _client(seat).dice_check == "net.record_mismatch"
            assert ("net.record_mismatch", {}) in seat.refusals

    run(main())


def _played_out(race: Race, level: str, seed: int) -> Race:
    """``race`` played to the end at one keyboard by one kind of computer driver."""
    driver = make_driver(level, random.Random(seed))
    while not race.state.is_terminal():
        race = race.roll() if race.state.is_chance() else race.apply(
            driver.choose(race.state))
    return race


def test_a_host_publishing_another_race_of_its_seed_is_caught(monkeypatch: Any) -> None:
    """The seed is the promised one, and the record a fair race of it (the same dice, turn
    by turn), but not the race played."""

    async def main() -> None:
        race = new_race("oval", ["Ann"], ["greedy"])
        server = make_server(race, remote=[0], save=False, bot_delay=0)
        other = _played_out(race, "random", 9)

        def lying_over() -> Over:
            return Over(seed=server.race.seed, salt=server.salt.hex(),
                        record=record_text([other]))

        monkeypatch.setattr(server, "_over_message", lying_over)
        try:
            seats = await _race_to_the_end(server, "Ann")
        finally:
            await server.stop()
        assert other.state != server.race.state
        # Its dice are the seed's turn by turn, but a race of other moves may have other
        # extra rolls, and more or fewer turns: then the rolls differ from those seen.
        said = ("net.rolls_differ" if rolls_of(other) != rolls_of(server.race)
                else "net.record_mismatch")
        for seat in seats:
            assert _client(seat).dice_check == said
            assert (said, {}) in seat.refusals
            assert _client(seat).race.state == server.race.state  # what was seen

    run(main())


def test_the_end_check_compares_every_roll_seen_with_the_record() -> None:
    race = _played_out(new_race("oval", ["Ann", "Bo"], [], seed=11), "greedy", 1)
    salt = codes.new_salt()
    committed = codes.seed_hash(race.seed, salt)
    over = Over(seed=race.seed, salt=salt.hex(), record=record_text([race]))
    rolls = rolls_of(race)
    seen = dict(enumerate(rolls))
    mirror = replace(race, seed=0, seeded=False)
    assert finished(mirror, over, committed, seen) == (race, FAIR)
    # One roll told otherwise than the record has it (the third): caught.
    third = rolls[2]
    other = next(r for r in rolls if r != third)
    assert finished(mirror, over, committed, {**seen, 2: other}) == (mirror, "net.rolls_differ")
    # A roll told that the record lacks: caught.
    assert finished(mirror, over, committed, {**seen, len(rolls): third})[1] == (
        "net.rolls_differ")
    # The same rolls, but the race seen ended elsewhere (other moves): not the race seen.
    elsewhere = replace(mirror, state=replace(race.state, positions=race.state.positions[::-1]))
    assert elsewhere.state != race.state
    assert finished(elsewhere, over, committed, seen) == (elsewhere, "net.record_mismatch")
    # Another seed, another salt, a salt that is no hex: the hash does not match.
    for lie in ({"seed": race.seed + 1}, {"salt": codes.new_salt().hex()},
                {"salt": "not hex"}):
        assert finished(mirror, over.model_copy(update=lie), committed, seen) == (
            mirror, "net.seed_mismatch")
    # A record that cannot be read, is unfinished, or is another race: said, not swallowed.
    for bad in ("{not a record", record_text([replace(race, turns=race.turns[:3])])):
        assert finished(mirror, over.model_copy(update={"record": bad}), committed, seen) == (
            mirror, "net.record_mismatch")


def test_a_client_pins_the_seed_hash_and_leaves_a_host_that_changes_it() -> None:
    """A host resumed with the same seed and salt is welcome again; one that comes back
    (or another program at its address) with another seed's hash is left, in one line."""

    async def main() -> None:
        race = new_race("oval", ["Ann"], ["greedy"], seed=21)
        first = make_server(race, remote=[0], save=False, bot_delay=0.05)
        invitation = await first.start("127.0.0.1", 0)
        port, code, salt = invitation.port, first.code, first.salt
        ann = Seat(play=False)
        client = await ann.join(f"127.0.0.1:{port}", code, name="Ann")
        pinned = client.seed_hash
        assert pinned == codes.seed_hash(21, salt)
        await first.stop()
        await ann.wait_for(lambda: ann.connections == [False])
        # The same race again (a resumed host: its seed and salt): back, and on.
        again = make_server(race, remote=[0], save=False, bot_delay=0.05, code=code,
                            salt=salt)
        await again.start("127.0.0.1", port)
        await ann.wait_for(lambda: ann.connections == [False, True])
        assert client.connected and client.seed_hash == pinned and ann.refusals == []
        await again.stop()
        await ann.wait_for(lambda: ann.connections == [False, True, False])
        # Another seed at the same address, with the same code: left, said once.
        other = make_server(new_race("oval", ["Ann"], ["greedy"], seed=22), remote=[0],
                            save=False, bot_delay=0.05, code=code, salt=salt)
        await other.start("127.0.0.1", port)
        try:
            await ann.wait_for(lambda: ann.refusals != [])
            assert ann.refusals == [("net.seed_changed", {})]
            assert client._task is not None
            await asyncio.wait_for(client._task, 5)  # it stopped trying
            assert not client.connected and client.seed_hash == pinned
            assert other.connected() == 0 and other.race.seat_changes == ()
            assert client.race.seed == 0 and client.race.state == race.state
        finally:
            await other.stop()

    run(main())

"""People end up in the seat they ask for (issue 29): a join names its seat and gets exactly
that one, or is refused in one worded line that names the free seats; nobody is moved
silently. On loopback with a real host."""

from __future__ import annotations

import pytest

from monza_tui.net.client import JoinError, RaceClient
from monza_tui.net.run import make_server, new_race
from monza_tui.net.server import RaceServer
from monza_tui.wording import word
from net.helpers import Seat, run


async def _serve(players: list[str], remote: range) -> tuple[RaceServer, str]:
    server = make_server(new_race("oval", players, [], seed=3), remote=remote, save=False,
                         bot_delay=0)
    invitation = await server.start("127.0.0.1", 0)
    return server, f"127.0.0.1:{invitation.port}"


async def _refused(address: str, code: str, **options: object) -> str:
    """The one line a join is refused with (and the host seats nobody)."""
    with pytest.raises(JoinError) as caught:
        await RaceClient.join(address, code, Seat(play=False), **options)  # type: ignore[arg-type]
    return word(caught.value)


def test_a_join_takes_the_seat_it_names_and_a_taken_or_unknown_one_is_refused() -> None:
    async def main() -> None:
        # Ann at the host's keyboard, Ben and Cleo elsewhere (the testers' evening).
        server, address = await _serve(["Ann", "Ben", "Cleo"], range(1, 3))
        try:
            cleo = await Seat(play=False).join(address, server.code, name="cleo")
            assert cleo.seats == frozenset({2})  # any case: Cleo's seat, not the first free
            assert await _refused(address, server.code, name="Cleo") == (
                "Cleo's seat is taken; the free seats: Ben")
            assert await _refused(address, server.code, name="Ann") == (
                "Ann's seat is taken; the free seats: Ben")  # (Ann is at the host's keyboard)
            assert await _refused(address, server.code, name="Dora") == (
                "no seat in this race is named Dora; the free seats: Ben")
            assert server.connected() == 1  # the refused went, nobody was moved
            # No name with exactly one seat free: that one (the welcome says whose).
            ben = await Seat(play=False).join(address, server.code)
            assert ben.seats == frozenset({1})
            assert await _refused(address, server.code) == (
                "every seat is taken: join with --watch to watch the race")
            assert await _refused(address, server.code, name="Ben") == (
                "every seat is taken: join with --watch to watch the race")
            watcher = await Seat(play=False).join(address, server.code, watch=True)
            assert watcher.seats == frozenset()
            assert (cleo.seats, ben.seats) == (frozenset({2}), frozenset({1}))
        finally:
            await server.stop()

    run(main())


def test_no_name_with_several_seats_free_is_refused_with_their_names() -> None:
    async def main() -> None:
        server, address = await _serve(["Ann", "Ben", "Cleo"], range(1, 3))
        try:
            assert await _refused(address, server.code) == (
                "several seats are free (Ben, Cleo): join with --name and the name of your "
                "seat")
            watcher = await Seat(play=False).join(address, server.code, watch=True, name="Ben")
            assert watcher.seats == frozenset()  # --watch always watches
            assert server.connected() == 1
        finally:
            await server.stop()

    run(main())


def test_a_rejoin_with_its_token_takes_its_seat_even_while_its_old_line_holds_it() -> None:
    async def main() -> None:
        server, address = await _serve(["Ben", "Cleo"], range(0, 2))
        try:
            first = Seat(play=False)
            ben = await first.join(address, server.code, name="Ben")
            ben._closing = True  # (its program is gone: it will not retry)
            # The same person on a new line (the old one not yet known dead): the token wins.
            again = await Seat(play=False).join(address, server.code, token=ben.token)
            assert again.seats == frozenset({0}) and again.token == ben.token
            assert server.connected() == 1  # the old line was closed
            # The name alone does not take a seat someone holds.
            assert await _refused(address, server.code, name="Ben") == (
                "Ben's seat is taken; the free seats: Cleo")
            await again.close()
        finally:
            await server.stop()

    run(main())

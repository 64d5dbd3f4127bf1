"""`monza host`: a race that other terminals join (``monza join``), played here too.

The play flags describe the race; ``--player NAME`` is a person at this keyboard,
``--remote NAME`` a person elsewhere (they join with the invitation's code), ``--bot
LEVEL`` a computer driver (run by the server). Turn order: the players, then the remote
seats, then the bots, as given (like ``monza play``'s "seats after the players").

The race server (:class:`monza_tui.net.server.RaceServer`) runs inside the app's event
loop; this terminal joins it over 127.0.0.1 with the host's token, like any other screen
(one code path: docs/network.md). The invitation (addresses, code, the exact ``monza join``
line) is shown before the race while a seat is free, and again with ``i``. ``--resume``
continues the hosted race the host saved last (a killed host loses nothing: the server saves
after every action); the others join again with the same code.
"""

from __future__ import annotations

import argparse
import asyncio
import random
from typing import TYPE_CHECKING

from monza_tui.commands.flags import seconds, whole
from monza_tui.commands.play import (
    add_pace_arguments,
    add_race_arguments,
    need_terminal,
    race_from_flags,
)
from monza_tui.errors import UserError
from monza_tui.i18n import _, number

if TYPE_CHECKING:
    from monza_tui.bots import Driver
    from monza_tui.record import Race

DEFAULT_PORT = 8765
DEFAULT_GRACE = 20.0
MAX_GRACE = 600.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The race flags of ``monza play``, and the network's."""
    add_race_arguments(parser)
    add_pace_arguments(parser, default=True)
    parser.add_argument(
        "--remote", action="append", metavar=_("NAME"),
        help=_("a person at another terminal (repeat for each; seats after the players); "
               "they join with monza join and this name"))
    parser.add_argument(
        "--port", type=whole(0, 65535), default=DEFAULT_PORT, metavar=_("PORT"),
        help=_("the port to listen on (default {port}; 0: any free port)").format(
            port=DEFAULT_PORT))
    parser.add_argument(
        "--grace", type=seconds(1, MAX_GRACE), default=DEFAULT_GRACE, metavar=_("SECONDS"),
        help=_("how long a dropped player's car waits before a computer driver takes it "
               "(default {n})").format(n=number(int(DEFAULT_GRACE))))
    parser.add_argument(
        "--resume", action="store_true",
        help=_("continue the hosted race saved last (the others join again with the same "
               "code)"))


def hosted_race(args: argparse.Namespace) -> tuple[Race, frozenset[int], str | None]:
    """The race to host, its remote seats and its code (None: a new one): from the flags,
    or from the save with ``--resume``."""
    if args.resume:
        from monza_tui.net.saved import latest_hosted

        return latest_hosted()
    remotes = list(args.remote or [])
    players = list(args.player or [])
    names = players + remotes
    if len(set(names)) != len(names):
        raise UserError(_("every player needs a name of their own (the remote players join "
                          "by name)"))
    flags = argparse.Namespace(**vars(args))
    flags.player = names or None
    if not remotes and not players and not args.bot:
        raise UserError(_("monza host needs the seats: --player NAME for a person here, "
                          "--remote NAME for a person elsewhere, --bot LEVEL"))
    _setup, race = race_from_flags(flags)
    assert race is not None
    remote = frozenset(range(len(players), len(players) + len(remotes)))
    return race, remote, None


def drivers_for(race: Race) -> dict[int, Driver]:
    """A computer driver for each bot's seat, seeded as the app seeds its own."""
    from monza_tui.bots import make_driver

    return {
        index: make_driver(player.seat, random.Random(f"monza-bot/{race.seed}/{index}"))
        for index, player in enumerate(race.players)
        if player.seat.is_bot
    }


def run(args: argparse.Namespace) -> int:
    """Check the flags, start the server and show the race here."""
    race, remote, code = hosted_race(args)  # a bad flag first: its own line
    need_terminal("host")
    return asyncio.run(_host(args, race, remote, code))


async def _host(args: argparse.Namespace, race: Race, remote: frozenset[int],
                code: str | None) -> int:
    from monza_tui.app.app import DEFAULT_ANIMATION_DELAY, DEFAULT_BOT_DELAY, MonzaApp
    from monza_tui.app.remote_host import connect
    from monza_tui.net.saved import saver
    from monza_tui.net.server import RaceServer

    delay = DEFAULT_BOT_DELAY if args.bot_delay is None else args.bot_delay
    animation = 0.0 if args.no_animation else DEFAULT_ANIMATION_DELAY
    server = RaceServer(race, remote=remote, drivers=drivers_for(race), save=saver(),
                        code=code, grace=args.grace, bot_delay=delay)
    try:
        invitation = await server.start(port=args.port)
    except OSError as error:
        raise UserError(_("cannot listen on port {port}: {why}").format(
            port=args.port, why=error.strerror or error)) from None
    app = MonzaApp(networked=True, bot_delay=delay, animation_delay=animation)
    try:
        host = await connect(app, f"127.0.0.1:{invitation.port}", invitation.code,
                             token=server.host_token, server=server, invitation=invitation)
        app.remote = host
        await app.run_async()
    finally:
        await server.stop()
    return app.return_code or 0

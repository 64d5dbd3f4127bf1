"""`monza host`: a race that other terminals join (``monza join``), played here too.

The play flags describe the race; ``--player NAME`` is a person at this keyboard,
``--remote NAME`` a person elsewhere (they join with the invitation's code), ``--bot
LEVEL`` a computer driver (run by the server). Turn order: the players, then the remote
seats, then the bots, as given (like ``monza play``'s "seats after the players"). With
``--watch`` nobody plays here: a race of remote people and bots, or of bots alone, that
this terminal and others watch.

The race server (:class:`monza_tui.net.server.RaceServer`) runs inside the app's event
loop; this terminal joins it through a line in memory with the host's token, like any other
screen (one code path: docs/network.md). With ``--relay URL`` (or the settings' ``relay``;
``--no-relay`` to host on the home network anyway) nothing listens here: the race is
registered on the relay and the others join it there (docs/relay.md). The invitation
(addresses, code, the exact ``monza join`` line) is shown before the race while a seat is
free, and again with ``i``. ``--resume`` continues the hosted race the host saved last (a
killed host loses nothing: the server saves after every action), on its relay again if it
had one; the others join again with the same code.
"""

from __future__ import annotations

import argparse
import asyncio
from typing import TYPE_CHECKING

from monza_tui.commands.flags import cannot_listen, seconds, whole
from monza_tui.commands.play import (
    add_pace_arguments,
    add_race_arguments,
    need_terminal,
    race_from_flags,
)
from monza_tui.errors import UserError
from monza_tui.i18n import _, number
from monza_tui.seats import STAND_IN, SeatKind

if TYPE_CHECKING:
    from monza_tui.net.server import RaceServer
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
        "--port", type=whole(0, 65535), default=None, metavar=_("PORT"),
        help=_("the port to listen on (default {port}, or a resumed race's own; 0: any free "
               "port)").format(
            port=DEFAULT_PORT))
    parser.add_argument(
        "--relay", metavar=_("URL"),
        help=_("register the race on this relay (wss://relay.example) instead of listening "
               "here: the others join it there, from any house (default: the settings' "
               "relay)"))
    parser.add_argument(
        "--no-relay", action="store_true",
        help=_("listen here, on the home network, even when the settings name a relay"))
    parser.add_argument(
        "--grace", type=seconds(1, MAX_GRACE), default=DEFAULT_GRACE, metavar=_("SECONDS"),
        help=_("how long a dropped player's car waits before a computer driver takes it "
               "(default {n})").format(n=number(int(DEFAULT_GRACE))))
    parser.add_argument(
        "--stand-in", choices=[level.value for level in SeatKind.levels()],
        default=STAND_IN.value, metavar=_("LEVEL"),
        help=_("the computer driver that drives a dropped player's car after the grace: "
               "{levels} (default {level}); it spends none of their tiles nor their extra "
               "roll").format(levels=_(", ").join(SeatKind.levels()),
                              level=STAND_IN.value))
    parser.add_argument(
        "--stand-in-tiles", action="store_true",
        help=_("let the stand-in spend the dropped player's tiles and extra roll"))
    parser.add_argument(
        "--watch", action="store_true",
        help=_("this terminal only watches: every seat is a person elsewhere (--remote) or "
               "a computer driver (--bot)"))
    parser.add_argument(
        "--resume", action="store_true",
        help=_("continue the hosted race saved last (the others join again with the same "
               "code)"))


def hosted_server(args: argparse.Namespace) -> RaceServer:
    """The server of the race to host: from the flags (a seed nobody can guess unless
    ``--seed`` is given), or with ``--resume`` from the hosted race saved last (the same
    code, seed and file). :class:`UserError` (one line) for a bad flag or save."""
    from monza_tui.net import hostsave
    from monza_tui.net.invitation import check_relay
    from monza_tui.net.run import make_server, resume_server, stand_in_options

    delay = _bot_delay(args)
    relay = check_relay(args.relay) if args.relay and not args.no_relay else None
    if relay is not None and args.port is not None:
        raise UserError(_("with a relay nothing listens here: leave out --port, or host on "
                          "the home network with --no-relay"))
    if args.resume:
        given = [flag for flag, value in (
            ("--board", args.board), ("--pro", args.pro), ("--bonus", args.bonus),
            ("--player", args.player), ("--remote", args.remote), ("--bot", args.bot),
            ("--start-player", args.start_player), ("--seed", args.seed),
            ("--watch", args.watch or None),
        ) if value is not None]
        if given:  # (the saved race goes on as it was set up: say so, ignore nothing)
            raise UserError(_("--resume goes on with the saved race as it was set up: leave "
                              "out {flags}").format(flags=_(", ").join(given)))
        from monza_tui import saves
        from monza_tui.files import shown

        saves.tidy()
        path = hostsave.latest_host_save()
        if path is None:
            raise UserError(code="net.no_host_save", folder=shown(saves.saves_dir()))
        return resume_server(path, grace=args.grace, bot_delay=delay,
                             relay=False if args.no_relay else relay or True,
                             **stand_in_options(args))
    remotes = list(args.remote or [])
    players = list(args.player or [])
    if not remotes and not players and not args.bot:
        raise UserError(_("monza host needs its seats: --player NAME for a person here, "
                          "--remote NAME for a person elsewhere, --bot LEVEL"))
    if args.watch and players:
        raise UserError(_("with --watch nobody plays at this terminal: give the people "
                          "elsewhere --remote NAME, not --player"))
    names = players + remotes
    if len({name.strip() for name in names}) != len(names):
        raise UserError(_("every player needs a name of their own (the remote players join "
                          "by their name)"))
    flags = argparse.Namespace(**vars(args))
    flags.player = names or None
    if flags.seed is None:
        from monza_tui.net import codes

        flags.seed = codes.new_seed()  # the dice of a shared race must not be foreseeable
    if args.watch and not names:
        race = _bots_only(flags)  # (the flags' race would seat a person here first)
    else:
        _setup, found = race_from_flags(flags)
        assert found is not None
        race = found
    remote = range(len(players), len(players) + len(remotes))
    if relay is None and not args.no_relay and args.port is None:
        relay = _settings_relay()
    return make_server(race, remote=remote, grace=args.grace, bot_delay=delay, relay=relay,
                       **stand_in_options(args))


def _settings_relay() -> str | None:
    """The family's relay from the settings (a bad one is said in one line)."""
    from monza_tui import settings
    from monza_tui.net.invitation import check_relay

    relay = settings.load().relay
    return check_relay(relay) if relay else None


def _bots_only(flags: argparse.Namespace) -> Race:
    """The race of ``--bot`` seats alone, for a host that only watches: the bots as
    ``monza play`` names them, in the board's cars from the first."""
    from dataclasses import replace

    from monza_tui.boardfile import load_board
    from monza_tui.race.setup import RaceSetup, seats_from_flags, start_index, start_race

    board_ref = flags.board or RaceSetup().board
    board = load_board(board_ref)
    cars = board.board.edition.cars
    bots = seats_from_flags(["-"], flags.bot)[1:]  # (one home for the bots' names)
    seats = tuple(replace(seat, car=cars[i % len(cars)]) for i, seat in enumerate(bots))
    setup = RaceSetup(board=board_ref, pro=bool(flags.pro), bonus=bool(flags.bonus),
                      seats=seats, start_player=start_index(seats, flags.start_player),
                      seed=flags.seed)
    return start_race(setup, board)


def _bot_delay(args: argparse.Namespace) -> float:
    from monza_tui.commands.play import HELP_BOT_DELAY

    return HELP_BOT_DELAY if args.bot_delay is None else float(args.bot_delay)


def run(args: argparse.Namespace) -> int:
    """Check the flags, start the server and show the race here."""
    server = hosted_server(args)  # a bad flag first: its own line
    need_terminal("host")
    return asyncio.run(_host(args, server))


async def _host(args: argparse.Namespace, server: RaceServer) -> int:
    from monza_tui.app.app import DEFAULT_ANIMATION_DELAY, MonzaApp
    from monza_tui.app.remote_host import connect

    animation = 0.0 if args.no_animation else DEFAULT_ANIMATION_DELAY
    # A resumed race listens where it did (the others come back by themselves), unless
    # told otherwise; with a relay nothing listens here.
    port = args.port if args.port is not None else (server.port or DEFAULT_PORT)
    try:
        invitation = await server.start(port=port)
    except OSError as error:
        raise cannot_listen(error, None, port) from None
    app = MonzaApp(networked=True, bot_delay=server.bot_delay, animation_delay=animation)
    try:
        host = await connect(app, invitation.addresses[0], invitation.code,
                             token=server.host_token, server=server, invitation=invitation)
        app.host = host
        await app.run_async()
    finally:
        await server.stop()
    return app.return_code or 0

"""`monza join ADDRESS CODE [--name NAME] [--watch] [--bell/--no-bell]`: take a seat in a
race another terminal hosts (``monza host``), or watch it. Through a relay (docs/relay.md)
the address is the race's URL there, which holds the code (``monza join
wss://relay.example/7K3-Q9P --name Ben``), or the code alone with ``--relay URL`` (the
settings' relay by default).

Exactly the seat whose name matches ``--name`` (the host's invitation gives each seat its
line); without a name the one free seat for a person elsewhere; a seat taken or unknown, or
several free and no name, is refused in one line naming the free seats; ``--watch``: a
spectator. The client joins before the app draws anything, on
the event loop the app then runs on (its news arrive there): a wrong address, a refused
code or a host that is gone is one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio

from monza_tui.commands.play import need_terminal
from monza_tui.i18n import _
from monza_tui.limits import MAX_NAME_CHARS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``monza join``."""
    parser.add_argument("address", metavar=_("ADDRESS"),
                        help=_("the host's address and port, as its screen shows it "
                               "(192.168.1.20:8765), or the race's address on a relay "
                               "(wss://relay.example/7K3-Q9P)"))
    parser.add_argument("code", metavar=_("CODE"), nargs="?",
                        help=_("the join code the host's screen shows (7K3-Q9P); not needed "
                               "when the address holds it"))
    parser.add_argument("--relay", metavar=_("URL"),
                        help=_("join a race of this relay by its code alone: monza join "
                               "7K3-Q9P --relay wss://relay.example (default: the settings' "
                               "relay)"))
    parser.add_argument("--name", metavar=_("NAME"),
                        help=_("your name: the seat the host gave this name, as the "
                               "invitation's line for your seat says (without it: the one "
                               "free seat; at most {n} characters)").format(
                                   n=MAX_NAME_CHARS))
    parser.add_argument("--watch", action="store_true",
                        help=_("only watch the race (a spectator drives no car)"))
    parser.add_argument(
        "--no-animation", action="store_true", help=_("cars jump instead of driving")
    )
    parser.add_argument("--bell", action=argparse.BooleanOptionalAction, default=None,
                        help=_("ring the terminal's bell when a turn becomes yours (default: "
                               "on, unless the settings turn it off)"))


def run(args: argparse.Namespace) -> int:
    """Join, then show the race until it ends or the player leaves. A wrong address is
    said first, in a terminal or not."""
    from monza_tui.net.client import ws_uri

    args.address, args.code = join_target(args)
    ws_uri(args.address)
    need_terminal("join")
    return asyncio.run(_join(args))


def join_target(args: argparse.Namespace) -> tuple[str, str]:
    """The address and the code to join from the arguments (see the module's docstring);
    :class:`UserError` (one line) when the code is missing."""
    from monza_tui import settings
    from monza_tui.net.invitation import join_target as target

    relay = args.relay if args.relay else (None if args.code else settings.load().relay)
    return target(args.address, args.code, relay)


async def _join(args: argparse.Namespace) -> int:
    from monza_tui.app.app import DEFAULT_ANIMATION_DELAY, DEFAULT_BOT_DELAY, MonzaApp
    from monza_tui.app.remote_host import connect

    delay = DEFAULT_BOT_DELAY  # (the host paces its computer drivers)
    animation = 0.0 if args.no_animation else DEFAULT_ANIMATION_DELAY
    app = MonzaApp(networked=True, bot_delay=delay, animation_delay=animation)
    host = await connect(app, args.address, args.code, name=args.name, watch=args.watch,
                         bell=args.bell)
    app.host = host
    try:
        await app.run_async()
    finally:
        await host.close()
    return app.return_code or 0

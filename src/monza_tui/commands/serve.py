"""`monza serve [--host H] [--port N]`: the game in a web browser, one game per visitor
(docs/web.md).

textual-serve (the ``web`` extra: ``pip install -e '.[web]'`` in a checkout) starts the game
for each browser tab; each visitor has a folder of their own for saves, settings and
standings. A missing extra, a port in use or a folder that cannot be written is one line and
status 2.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from monza_tui.commands.flags import cannot_listen, whole
from monza_tui.commands.play import add_pace_arguments
from monza_tui.errors import UserError
from monza_tui.files import shown
from monza_tui.i18n import _
from monza_tui.web.guard import PER_ADDRESS

DEFAULT_PORT = 8000
"""textual-serve's own default port."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``monza serve [--host H] [--port N] [--visitors DIR] [--most N] [--per-address N]``
    and the pace of the visitors' races (``--bot-delay``, ``--no-animation``)."""
    parser.add_argument(
        "--host", default="127.0.0.1", metavar=_("ADDRESS"),
        help=_("the address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0 "
               "lets other machines on the network in)"),
    )
    parser.add_argument(
        "--port", type=whole(0, 65535), default=DEFAULT_PORT, metavar="N",
        help=_("the port to listen on (default: {port}; 0: any free port)").format(
            port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--visitors", metavar=_("FOLDER"),
        help=_("where each visitor's saves and settings go (default: web/ in monza's data "
               "folder)"),
    )
    parser.add_argument(
        "--most", type=whole(1, 1000), default=20, metavar="N",
        help=_("the most games running at once, one per open browser tab (default: 20)"),
    )
    parser.add_argument(
        "--per-address", type=whole(1, 1000), default=PER_ADDRESS, metavar="N",
        help=_("the most games one address may have open at once (default: {n}; behind a "
               "proxy every visitor has the proxy's address)").format(n=PER_ADDRESS),
    )
    add_pace_arguments(parser)


def need_textual_serve() -> None:
    """The ``web`` extra is installed, or one line that says how to install it (from a
    checkout or the wheel: the game is on no package index yet)."""
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        from monza_tui import __version__

        raise UserError(_(
            "monza serve needs the web extra: pip install -e '.[web]' in a checkout of "
            "monza-tui, or pip install '{wheel}[web]' beside its wheel"
        ).format(wheel=f"monza_tui-{__version__}-py3-none-any.whl")) from None


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C."""
    need_textual_serve()
    from monza_tui.web.server import MonzaServer, default_root, visitor_command

    root = Path(args.visitors).expanduser() if args.visitors else default_root()
    try:
        server = MonzaServer(root, host=args.host, port=args.port, most=args.most,
                             command=visitor_command(args.bot_delay, args.no_animation),
                             per_address=args.per_address)
    except OSError as error:
        raise UserError(_("{folder}: cannot keep the visitors' saves there: {why}").format(
            folder=shown(root), why=error.strerror or error)) from None

    def ready(address: str) -> None:
        print(_("Monza is served at {address} (open it in a web browser); Ctrl+C stops it.")
              .format(address=address), flush=True)

    try:
        asyncio.run(server.run(ready))
    except OSError as error:  # the port is taken, the address is not this machine's
        raise cannot_listen(error, args.host, args.port) from None
    except KeyboardInterrupt:
        pass
    return 0

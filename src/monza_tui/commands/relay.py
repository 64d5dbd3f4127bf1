"""`monza relay`: the public meeting point of hosts and guests who cannot reach each other
(docs/relay.md).

Serves ``wss://`` with the certificate given, or plain ``ws://`` behind a TLS proxy. One
line when it listens; its log is JSON lines on stderr (:mod:`monza_tui.relay.logs`);
SIGTERM or Ctrl+C closes every line with 1001 (hosts and guests come back by themselves)
and exits 0. A bad flag or file is one line and status 2. Nothing is kept on disk.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import ssl
from pathlib import Path

from monza_tui.commands.flags import cannot_listen, seconds, whole
from monza_tui.errors import UserError
from monza_tui.i18n import _
from monza_tui.relay import limits as L

DEFAULT_PORT = 8765
"""The port of ``monza host``, so one firewall rule serves either."""
_HEADER = re.compile(r"[A-Za-z0-9-]{1,64}")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The relay's flags (docs/relay.md, "Running a relay")."""
    parser.add_argument(
        "--host", metavar=_("ADDRESS"),
        help=_("the address to listen on (default: every address of this machine; "
               "127.0.0.1 behind a TLS proxy on the same machine)"))
    parser.add_argument(
        "--port", type=whole(0, 65535), default=DEFAULT_PORT, metavar="N",
        help=_("the port to listen on (default: {port}; 0: any free port)").format(
            port=DEFAULT_PORT))
    parser.add_argument(
        "--tls-cert", metavar=_("FILE"),
        help=_("serve wss:// with this certificate chain (PEM); needs --tls-key"))
    parser.add_argument(
        "--tls-key", metavar=_("FILE"),
        help=_("the certificate's private key (PEM); needs --tls-cert"))
    parser.add_argument(
        "--expire", type=seconds(1, 86400), default=L.EXPIRE, metavar=_("SECONDS"),
        help=_("how long a race whose host left is kept for its host (default: {n})")
        .format(n=int(L.EXPIRE)))
    parser.add_argument(
        "--settle", type=seconds(0, 3600), default=L.SETTLE, metavar=_("SECONDS"),
        help=_("after a start, how long an unknown code means its host is still coming "
               "back (default: {n})").format(n=int(L.SETTLE)))
    parser.add_argument(
        "--max-races", type=whole(1, 1_000_000), default=L.MAX_RACES, metavar="N",
        help=_("the most races held at once (default: {n})").format(n=L.MAX_RACES))
    parser.add_argument(
        "--max-connections", type=whole(1, 1_000_000), default=L.MAX_CONNECTIONS,
        metavar="N", help=_("the most connections at once, hosts and guests (default: "
                            "{n})").format(n=L.MAX_CONNECTIONS))
    parser.add_argument(
        "--per-address", type=whole(1, 1_000_000), default=L.PER_ADDRESS, metavar="N",
        help=_("the most connections at once from one address, an IPv6 /64 as one "
               "(default: {n})").format(n=L.PER_ADDRESS))
    parser.add_argument(
        "--registers-per-address", type=whole(1, 1_000_000),
        default=L.REGISTERS_PER_ADDRESS.burst, metavar="N",
        help=_("races one address may register at once, then one every {seconds} s "
               "(default: {n})").format(seconds=int(L.REGISTERS_PER_ADDRESS.every),
                                        n=L.REGISTERS_PER_ADDRESS.burst))
    parser.add_argument(
        "--group", metavar=_("FILE"),
        help=_("a TOML file of the relays that share one name and the code characters "
               "each holds; needs --me"))
    parser.add_argument(
        "--me", metavar=_("NAME"), help=_("this relay's name in the --group file"))
    parser.add_argument(
        "--trust-proxy", metavar=_("HEADER"),
        help=_("take a connection's address from this header of the proxy in front "
               "(X-Forwarded-For, X-Real-IP); without it every guest has the proxy's "
               "address"))


def tls_context(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    """The server's TLS context, None without a certificate; one line for a flag alone
    or a file that will not load."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise UserError(_("--tls-cert and --tls-key go together"))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as error:
        why = getattr(error, "strerror", None) or getattr(error, "reason", None) or error
        raise UserError(_("cannot use the certificate {cert} with the key {key}: {why}")
                        .format(cert=cert, key=key, why=why)) from None
    return context


def run(args: argparse.Namespace) -> int:
    """Relay until SIGTERM or Ctrl+C."""
    from monza_tui.relay.group import GroupError, load_group

    tls = tls_context(args.tls_cert, args.tls_key)
    group = None
    if (args.group is None) != (args.me is None):
        raise UserError(_("--group and --me go together"))
    if args.group is not None:
        try:
            group = load_group(Path(args.group), args.me)
        except GroupError as error:
            raise UserError(str(error)) from None
    if args.trust_proxy is not None and not _HEADER.fullmatch(args.trust_proxy):
        raise UserError(_("--trust-proxy: {header} is no header name").format(
            header=args.trust_proxy[:64]))
    limits = L.Limits(max_connections=args.max_connections, per_address=args.per_address,
                      max_races=args.max_races, expire=args.expire, settle=args.settle,
                      registers_per_address=args.registers_per_address)
    try:
        asyncio.run(_serve(args, limits, tls, group))
    except OSError as error:  # the port is taken, the address is not this machine's
        raise cannot_listen(error, args.host, args.port) from None
    except KeyboardInterrupt:
        pass
    return 0


async def _serve(args: argparse.Namespace, limits: L.Limits, tls: ssl.SSLContext | None,
                 group: object) -> None:
    from monza_tui.portable import on_stop_signals
    from monza_tui.relay.group import Group
    from monza_tui.relay.server import Relay

    relay = Relay(limits, group=group if isinstance(group, Group) else None,
                  trust_proxy=args.trust_proxy)
    stop = asyncio.Event()
    on_stop_signals(asyncio.get_running_loop(), stop.set)
    places = await relay.start(args.host, args.port, tls)
    scheme = "wss" if tls is not None else "ws"
    urls = ", ".join(f"{scheme}://[{h}]:{p}" if ":" in h else f"{scheme}://{h}:{p}"
                     for h, p in places)
    relay.log.info("listening", urls=urls)
    print(_("The relay listens at {urls}; SIGTERM or Ctrl+C stops it.").format(urls=urls),
          flush=True)
    await stop.wait()
    relay.log.info("stopping", races=len(relay.registry))
    await relay.stop()
    relay.log.info("stopped")

"""Running a host: the server of a new or resumed race with its drivers and its save, and
the headless host (``python -m monza_tui.net.run``) the tests and the load check use.

``monza host`` (the app side) builds its server with :func:`make_server` and shows the
race through a client of its own; the headless host only prints the invitation as one
JSON line and serves until the race is over::

    python -m monza_tui.net.run --board oval --remote Ann --remote Ben --bot greedy --port 0
    {"port": 40123, "code": "7K3-Q9P", "addresses": ["192.168.1.5:40123", ...],
     "commands": ["monza join 192.168.1.5:40123 7K3-Q9P --name Ann", ...], ...}

With ``--relay wss://relay.example`` it listens nowhere and registers the race there
(docs/relay.md); its commands are ``monza join wss://relay.example/7K3-Q9P --name Ann``.
A refusal of the relay that no retry changes (``relay.taken``) is one line on stderr and
exit status 2.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import TypedDict

from monza_tui.net import codes, hostsave
from monza_tui.net.server import DEFAULT_PORT, Invitation, RaceServer
from monza_tui.record import Player, Race
from monza_tui.seats import STAND_IN, SeatKind, bot_record_name

LINGER = 2.0
"""Seconds the headless host keeps serving after the end, so that every client hears it."""


def make_server(
    race: Race,
    *,
    remote: Collection[int],
    code: str | None = None,
    salt: bytes | None = None,
    save: bool = True,
    save_path: Path | None = None,
    grace: float = 20.0,
    bot_delay: float = 1.0,
    drop_level: SeatKind = STAND_IN,
    stand_in_tiles: bool = False,
    port: int | None = None,
    relay: str | None = None,
    relay_key: str | None = None,
) -> RaceServer:
    """The server of ``race`` (its computer drivers seeded from the race's seed, as at one
    keyboard and in ``simulate``) and (``save``) the host's save after every change
    (``save_path``: the file of a resumed race; None: a new file in ``saves/`` once there
    is something to lose); ``drop_level`` stands in for a dropped person after ``grace``,
    spending none of their tiles nor their extra roll unless ``stand_in_tiles``; with
    ``relay`` the race is registered there with ``relay_key`` (a new key: None), and the
    host listens nowhere."""
    code = code or codes.new_code()
    salt = salt or codes.new_salt()
    listening: list[RaceServer] = []

    relay_key = relay_key or codes.new_token()

    def reach() -> hostsave.Reach:
        if relay is not None:
            return hostsave.Reach(relay=relay, key=relay_key)
        invitation = listening[0].invitation if listening else None
        return hostsave.Reach(port=invitation.port if invitation is not None else port)

    saving = (hostsave.saver(save_path, code=code, remote=remote, salt=salt, reach=reach)
              if save else None)
    server = RaceServer(
        race,
        remote=remote,
        save=saving,
        code=code,
        salt=salt,
        grace=grace,
        bot_delay=bot_delay,
        drop_level=drop_level,
        stand_in_tiles=stand_in_tiles,
        port=port,
        relay=relay,
        relay_key=relay_key,
    )
    listening.append(server)
    return server


def resume_server(path: Path, *, relay: str | bool | None = True,
                  **options: object) -> RaceServer:
    """The server of a hosted race read back from its save (the same code and seed hash,
    the same file, the same relay and key), locked for this process. ``relay``: True, the
    save's relay (if it had one); False, none (the home network); a URL, that relay (with
    the save's key). :class:`UserError` for a bad file."""
    from monza_tui import saves

    found = hostsave.read_host_save(path)
    saves.lock(found.path)
    chosen = found.relay if relay is True else (relay or None)
    return make_server(
        found.race,
        remote=found.remote,
        code=found.code,
        salt=found.salt,
        save_path=found.path,
        port=found.port,
        relay=chosen,
        relay_key=found.key,
        **options,  # type: ignore[arg-type]
    )


async def host_race(
    server: RaceServer,
    *,
    host: str = "0.0.0.0",
    port: int = DEFAULT_PORT,
    announce: Callable[[Invitation], object] | None = None,
    linger: float = LINGER,
) -> Race:
    """Serve ``server``'s race until it is over (``linger`` seconds more for the last
    messages), then stop; the finished race, saved (``stop`` waits for the last save)."""
    invitation = await server.start(host, port)
    if announce is not None:
        announce(invitation)
    try:
        race = await server.wait_over()
        await asyncio.sleep(linger)
        return race
    finally:
        await server.stop()


async def host_headless(server: RaceServer, *, host: str, port: int,
                        announce: Callable[[Invitation], object], linger: float) -> Race | str:
    """:func:`host_race`, or the relay's refusal that no retry changes, worded, once the
    uplink stops for it (the race is saved: ``--resume`` goes on with it elsewhere)."""
    from monza_tui.errors import Said
    from monza_tui.wording import word

    hosting = asyncio.create_task(host_race(server, host=host, port=port, announce=announce,
                                            linger=linger))
    while server.relay is not None and server.uplink is None and not hosting.done():
        await asyncio.sleep(0)  # (start() makes the uplink before it awaits anything)
    if server.uplink is None:
        return await hosting
    refused = asyncio.create_task(server.uplink.ended.wait())
    await asyncio.wait({hosting, refused}, return_when=asyncio.FIRST_COMPLETED)
    status = server.uplink.status
    if hosting.done() or not status.final:
        refused.cancel()
        return await hosting
    hosting.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await hosting
    return word(Said(status.code, status.params))


def new_race(
    board: str,
    remote: Sequence[str],
    bots: Sequence[str],
    *,
    seed: int | None = None,
    pro: bool = False,
    bonus: bool = False,
) -> Race:
    """A race of remote people then computer drivers, with a seed nobody can guess."""
    from monza_tui.boardfile import load_board

    board_file = load_board(board)
    cars = board_file.board.edition.cars
    players = [Player(name, cars[i]) for i, name in enumerate(remote)]
    for level in bots:
        seat = len(players)
        players.append(Player(bot_record_name(level, seat), cars[seat], SeatKind(level)))
    return Race.start(
        board_file,
        players,
        seed=codes.new_seed() if seed is None else seed,
        pro=pro,
        bonus=bonus,
    )


class StandInOptions(TypedDict):
    drop_level: SeatKind
    stand_in_tiles: bool


def stand_in_options(args: argparse.Namespace) -> StandInOptions:
    """The server's options from ``--stand-in LEVEL`` (who drives a dropped person's car
    after the grace) and ``--stand-in-tiles`` (it may spend their tiles and extra roll):
    ``monza host``'s and the headless host's."""
    return StandInOptions(drop_level=SeatKind(args.stand_in),
                          stand_in_tiles=bool(args.stand_in_tiles))


def main(argv: Sequence[str] | None = None) -> int:
    """The headless host (no terminal of its own: remote seats and computer drivers)."""
    parser = argparse.ArgumentParser(prog="python -m monza_tui.net.run")
    parser.add_argument("--board", default="oval")
    parser.add_argument("--remote", action="append", default=[])
    parser.add_argument("--bot", action="append", default=[], choices=list(SeatKind.levels()))
    parser.add_argument("--pro", action="store_true")
    parser.add_argument("--bonus", action="store_true")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--grace", type=float, default=20.0)
    parser.add_argument("--bot-delay", type=float, default=1.0)
    parser.add_argument("--save", type=Path, help="the save file (default: a new one in saves/)")
    parser.add_argument("--resume", type=Path, help="a hosted race's save to go on with")
    parser.add_argument("--linger", type=float, default=LINGER)
    parser.add_argument("--stand-in", choices=[level.value for level in SeatKind.levels()],
                        default=STAND_IN.value)
    parser.add_argument("--stand-in-tiles", action="store_true")
    parser.add_argument("--relay", help="register the race on this relay (ws:// or wss://)")
    parser.add_argument("--no-relay", action="store_true",
                        help="a resumed race: listen here, not on its save's relay")
    args = parser.parse_args(argv)
    from monza_tui.errors import UserError
    from monza_tui.net.invitation import check_relay

    try:
        relay = check_relay(args.relay) if args.relay else None
        if args.resume is not None:
            server = resume_server(args.resume, grace=args.grace, bot_delay=args.bot_delay,
                                   relay=False if args.no_relay else relay or True,
                                   **stand_in_options(args))
        else:
            race = new_race(args.board, args.remote, args.bot, seed=args.seed,
                            pro=args.pro, bonus=args.bonus)
            remote = range(len(args.remote))
            server = make_server(race, remote=remote, save_path=args.save, grace=args.grace,
                                 bot_delay=args.bot_delay, relay=relay,
                                 **stand_in_options(args))
    except UserError as error:
        print(f"monza host: {error}", file=sys.stderr)
        return 2

    def announce(invitation: Invitation) -> None:
        print(json.dumps({"port": invitation.port, "code": invitation.code,
                          "addresses": list(invitation.addresses),
                          "commands": invitation.commands(),
                          "relay": invitation.relay, "relay_key": server.relay_key,
                          "host_token": server.host_token}), flush=True)

    ended = asyncio.run(host_headless(server, host=args.host, port=args.port,
                                      announce=announce, linger=args.linger))
    if isinstance(ended, str):
        print(f"monza host: {ended}", file=sys.stderr)
        return 2
    print(json.dumps({"over": True, "turns": len(ended.turns)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

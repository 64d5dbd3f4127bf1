"""`monza simulate`: race computer drivers against each other and summarise the races.

Win shares per seat with 95% Wilson intervals, the advantage of the seat order, race
length, turbo and push-back rates; ``--json`` prints the same numbers for scripts and
``--log`` writes every race as a game record. See ``docs/bots.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from monza_tui.boardfile import load_board
from monza_tui.bots import LEVELS
from monza_tui.commands.flags import whole
from monza_tui.engine import CarCountError, Colour, check_car_count
from monza_tui.errors import UserError, echo
from monza_tui.files import cannot_read, refuse_special, shown
from monza_tui.i18n import _, colour_name, ngettext, number, pgettext
from monza_tui.limits import MAX_GAMES, MAX_JOBS, MAX_RACES_PER_FILE, MAX_SEED
from monza_tui.seats import car_count_words, level_name
from monza_tui.wording import board_title, listing
from monza_tui.wording.commands import percent, variant_names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``monza simulate``."""
    parser.add_argument(
        "--seats",
        metavar=_("LEVELS"),
        help=_(
            "driver of each car in turn order, e.g. expert,greedy,random (levels: {levels})"
        ).format(levels=_(", ").join(LEVELS)),
    )
    parser.add_argument(
        "--players",
        type=whole(2, 6),
        metavar="N",
        help=_("number of cars, 2 to 6 (default 2, all random)"),
    )
    parser.add_argument(
        "--games",
        type=whole(1, MAX_GAMES),
        default=100,
        metavar="N",
        help=_("races, 1 to {high} (default 100; with --log at most {log})").format(
            high=number(MAX_GAMES), log=number(MAX_RACES_PER_FILE)
        ),
    )
    parser.add_argument(
        "--board", default="oval", metavar=_("NAME|FILE"), help=_("default oval")
    )
    parser.add_argument("--pro", action="store_true", help=_("pro variant: tiles, turbo (R12-R14)"))
    parser.add_argument("--bonus", action="store_true", help=_("bonus-move variant (R15)"))
    parser.add_argument(
        "--seed",
        type=whole(0, MAX_SEED - 1),
        default=1,
        metavar="S",
        help=_("0 to 2^63-1 (default 1)"),
    )
    parser.add_argument(
        "--jobs",
        type=whole(1, MAX_JOBS),
        default=None,
        metavar="K",
        help=_(
            "worker processes, 1 to {high} (default: all cores); the results do not depend on it"
        ).format(high=MAX_JOBS),
    )
    parser.add_argument(
        "--log",
        metavar=_("FILE"),
        help=_("write every race as a game record (a new file; never a device)"),
    )
    parser.add_argument(
        "--force", action="store_true",
        help=_("let --log replace a file that exists (a save, a record)"),
    )
    parser.add_argument("--json", action="store_true", help=_("print the summary as JSON"))


def _seats(args: argparse.Namespace) -> tuple[str, ...]:
    if args.seats is None:
        players = 2 if args.players is None else args.players
        return ("random",) * max(players, 0)
    seats = tuple(level.strip().lower() for level in args.seats.split(","))
    for level in seats:
        if level not in LEVELS:
            raise UserError(code="sim.level", level=echo(level), levels=LEVELS)
    if args.players is not None and args.players != len(seats):
        raise UserError(code="sim.players", players=args.players, seats=len(seats))
    return seats


def run(args: argparse.Namespace) -> int:
    """Run the races, then print the summary."""
    from monza_tui.simulate import Setup, race_record, simulate, summarise

    seats = _seats(args)
    from monza_tui.portable import cpu_count

    jobs = args.jobs if args.jobs is not None else min(cpu_count(), MAX_JOBS)
    board_file = load_board(args.board)
    try:
        check_car_count(board_file.board.edition, len(seats))
    except CarCountError as error:
        raise UserError(car_count_words(board_file.board.name, error)) from None
    log = _log_path(args.log, args.games, force=args.force)
    setup = Setup(
        board_file,
        seats,
        pro=args.pro,
        bonus=args.bonus,
        seed=args.seed,
        keep_actions=log is not None,
    )
    err = Console(stderr=True)
    with Progress(
        TextColumn(_("racing")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as progress:
        task = progress.add_task("races", total=args.games)
        jobs = min(jobs, args.games)
        started = time.perf_counter()
        results = simulate(setup, args.games, jobs, lambda _: progress.advance(task))
        took = time.perf_counter() - started
    if log is not None:
        from monza_tui.record import write_records

        _log_path(args.log, args.games, force=args.force)  # (made while the races ran?)
        try:
            write_records(log, [race_record(setup, r) for r in results])
        except OSError as error:
            raise UserError(
                code="sim.log_write", log=shown(args.log), why=cannot_read(error)
            ) from None
    summary = summarise(setup, results)
    per_second = len(results) / took if took > 0 else float("inf")
    speed = ngettext(
        "Speed: {rate} races a second on {jobs} worker process ({per_job} per process)",
        "Speed: {rate} races a second on {jobs} worker processes ({per_job} per process)",
        jobs,
    ).format(rate=number(per_second, 1), jobs=jobs, per_job=number(per_second / jobs, 1))
    if args.json:
        print(json.dumps(summary, indent=1))
        print(speed, file=sys.stderr)  # stdout stays the same for the same races
    else:
        show(Console(), summary, board_title(board_file.board))
        Console().print(speed, highlight=False)
    return 0


def _log_path(given: str | None, games: int, *, force: bool) -> Path | None:
    """The ``--log`` file, checked before any race is run: a new file in an existing
    folder, or with ``force`` a regular one there (a device, a FIFO or a symlink is refused,
    never replaced; without ``--force`` a save or a record already there is kept, not
    written over), for at most :data:`MAX_RACES_PER_FILE` races (what a record may
    hold)."""
    if given is None:
        return None
    if given == "":
        raise UserError(code="sim.log_empty")
    log = Path(given)
    try:
        refuse_special(log)
    except OSError as error:
        raise UserError(code="sim.log", log=shown(given), why=cannot_read(error)) from None
    if not log.parent.is_dir():
        raise UserError(code="sim.log_folder", log=shown(given))
    if not force and os.path.lexists(log):
        raise UserError(code="sim.log_exists", log=shown(given))
    if games > MAX_RACES_PER_FILE:
        raise UserError(code="sim.log_races", most=number(MAX_RACES_PER_FILE), games=number(games))
    return log


def _short(value: float) -> str:
    """A quantile as ``{:g}`` wrote it (``7``, ``7.5``), in the player's digits."""
    return number(value, 0 if float(value).is_integer() else 1)


def _percent(share: float) -> str:
    return percent(share)


def show(console: Console, summary: dict[str, Any], board: str) -> None:
    """The summary for people: tables and a small chart of race length. ``board`` is the
    board's title in the player's language (the summary, for scripts, keeps its id)."""
    variants = variant_names(pro=summary["pro"], bonus=summary["bonus"])
    console.print(
        _("{games} races on {board}{variants}, {players} players, seed {seed}").format(
            games=number(summary["games"]),
            board=board,
            variants=_(" ({variants})").format(variants=listing(variants)) if variants else "",
            players=summary["players"],
            seed=summary["seed"],
        ),
        style="bold",
    )
    seats = Table(box=None, padding=(0, 2))
    for title in (_("Seat"), _("Car"), _("Driver"), _("Wins"), _("Win share"), _("95% CI")):
        seats.add_column(title, justify="right" if title != _("Driver") else "left")
    for place, seat in enumerate(summary["seats"], start=1):
        low, high = seat["ci95"]
        seats.add_row(
            str(place),
            colour_name(Colour(seat["car"])),
            level_name(seat["seat"]),
            number(seat["wins"]),
            _percent(seat["win_share"]),
            pgettext("range", "{low}-{high}").format(low=_percent(low), high=_percent(high)),
        )
    console.print(seats)
    order = Table(box=None, padding=(0, 2))
    for title in (_("Turn order"), _("Wins"), _("Win share"), _("95% CI")):
        order.add_column(title, justify="right")
    for item in summary["seat_order"]:
        low, high = item["ci95"]
        label = _("{n}. (start player)") if item["position"] == 1 else _("{n}.")
        order.add_row(
            label.format(n=item["position"]),
            number(item["wins"]),
            _percent(item["win_share"]),
            pgettext("range", "{low}-{high}").format(low=_percent(low), high=_percent(high)),
        )
    console.print(order)
    if summary["shared_wins"]:
        console.print(
            _("Shared wins: {n} (each winner counts a win)").format(
                n=number(summary["shared_wins"])
            )
        )
    rounds = summary["rounds"]
    console.print(
        _(
            "Rounds per race: mean {mean} (sd {sd}), p10 {p10}, median {median}, "
            "p90 {p90}, range {min}-{max}"
        ).format(
            mean=number(rounds["mean"], 1), sd=number(rounds["sd"], 1),
            **{k: _short(rounds[k]) for k in ("p10", "median", "p90")},
            min=rounds["min"], max=rounds["max"],
        )
    )
    console.print(
        _(
            "Turbo rolls: {turbo} of turns; push-backs: {push} per race; "
            "turns with no move: {none}"
        ).format(
            turbo=_percent(summary["turbo_rate"]),
            push=number(summary["pushbacks_per_race"], 2),
            none=_percent(summary["no_move_share"]),
        )
    )
    console.print(_("Race length (rounds):"))
    histogram = {int(k): v for k, v in rounds["histogram"].items()}
    if histogram:
        top = max(histogram.values())
        width = 40
        for value in range(min(histogram), max(histogram) + 1):
            count = histogram.get(value, 0)
            bar = "█" * max(1, round(width * count / top)) if count else ""
            console.print(f"{value:>4} │[cyan]{bar}[/cyan] {number(count)}", highlight=False)

"""What a race is set up with, checked once for both the command line and the set-up screen.

The flags of ``monza play`` and the set-up screen fill in the same :class:`RaceSetup`;
:func:`start_race` checks it and turns it into a :class:`~monza_tui.record.Race`, so a bad
board, a name used twice or a sixth car on the oval gives the same one-line message
(a :class:`~monza_tui.errors.UserError`) wherever it came from. The rules themselves (how
many cars, which) are the engine's; this module words its errors for the player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from monza_tui.boardfile import BoardFile, load_board
from monza_tui.engine import CarCountError, Colour, Edition, GameConfigError, check_car_count
from monza_tui.errors import UserError, clip
from monza_tui.i18n import _, colour_name
from monza_tui.limits import MAX_NAME_CHARS, names_problem
from monza_tui.record import Player, Race
from monza_tui.seats import (
    BOT_NAME,
    PERSON_NAME,
    SeatKind,
    car_count_words,
    default_name,
    level_name,
)
from monza_tui.web import emoji
from monza_tui.wording import board_title

MAX_NAME = MAX_NAME_CHARS
"""Longest player name (monza_tui.limits)."""

ROBOT = "🤖"
"""The mark of a computer driver, shown beside its level (through
:func:`monza_tui.web.emoji`: a plain mark in a browser without emoji)."""


def seat_label(kind: SeatKind) -> str:
    """How a seat kind is shown: "Human", or the robot mark and the bot level."""
    kind = SeatKind(kind)
    if kind is SeatKind.HUMAN:
        return _("Human")
    return f"{emoji(ROBOT)} {level_name(kind)}"


@dataclass(frozen=True)
class Seat:
    """One seat of a set-up, not yet checked: a name, a car, and who drives it (the
    checked seat of a race is a :class:`~monza_tui.record.Player`)."""

    name: str
    car: Colour
    kind: SeatKind = SeatKind.HUMAN

    def __post_init__(self) -> None:
        # "greedy" and SeatKind.GREEDY are the same seat; keep the enum.
        object.__setattr__(self, "kind", SeatKind(self.kind))

    @property
    def is_bot(self) -> bool:
        """Whether a computer driver plays this seat."""
        return self.kind.is_bot


def default_seats(count: int = 2) -> tuple[Seat, ...]:
    """"Player 1", "Player 2", ... in the cars' order (R2): in the language of the set-up,
    and shown in the screen's (:func:`monza_tui.seats.player_name`)."""
    cars = Edition.ORIGINAL.cars
    return tuple(Seat(default_name(PERSON_NAME, i + 1), cars[i]) for i in range(count))


@dataclass(frozen=True)
class RaceSetup:
    """Board, variants, seats and start player (R3, R16); the seed makes it replayable."""

    board: str = "oval"
    pro: bool = False
    bonus: bool = False
    seats: tuple[Seat, ...] = field(default_factory=default_seats)
    start_player: int = 0
    seed: int | None = None
    """None: a fresh random seed is drawn (and recorded with the race)."""
    races: int = 1
    """Races of the evening (a championship, ``monza_tui.stats.evening``); 1: one race."""

    def with_seed(self, seed: int | None) -> RaceSetup:
        """The same set-up with another seed (a rematch draws a new one)."""
        return replace(self, seed=seed)


def seats_from_flags(
    names: Sequence[str], bots: Sequence[str], *, cars: Sequence[Colour] | None = None
) -> tuple[Seat, ...]:
    """Seats for ``--player NAME ...`` then ``--bot LEVEL ...`` (bots fill seats after the
    named players). With no names, "Player 1" takes the first seat (two without bots)."""
    names = list(names)
    if not names:
        names = [seat.name for seat in default_seats(1 if bots else 2)]
    palette = list(cars or Edition.ORIGINAL.cars)
    seats: list[Seat] = []
    for name in names:
        seats.append(Seat(name.strip(), palette[len(seats) % len(palette)]))
    for number, level in enumerate(bots, start=1):
        if level not in SeatKind.levels():
            raise UserError(
                _("--bot {level}: the bot levels are {levels}").format(
                    level=clip(level), levels=_(", ").join(SeatKind.levels())
                )
            )
        name = default_name(BOT_NAME, number)
        seats.append(Seat(name, palette[len(seats) % len(palette)], SeatKind(level)))
    return tuple(seats)


def start_index(seats: Sequence[Seat], who: str | None) -> int:
    """The start player's seat from ``--start-player`` (a name, or a number from 1) (R3)."""
    if who is None:
        return 0
    for index, seat in enumerate(seats):
        if seat.name == who:
            return index
    # (ASCII digits only: "²" is a digit to isdigit() but no number to int())
    if who.isascii() and who.isdigit() and len(who) <= 3 and 1 <= int(who) <= len(seats):
        return int(who) - 1
    raise UserError(
        _("--start-player {who}: no such player (players: {names})").format(
            who=clip(who), names=_(", ").join(seat.name for seat in seats)
        )
    )


def check_seats(board: BoardFile, seats: Sequence[Seat]) -> None:
    """Names present and distinct, cars of this edition and distinct, 2-4 or 2-6 (R2)."""
    edition = board.board.edition
    try:
        check_car_count(edition, len(seats))
    except CarCountError as error:
        # The board as the set-up screen offers it (its title, in the player's language).
        raise UserError(car_count_words(board_title(board.board), error)) from None
    # Names are checked in one place for every entrance (flags, this screen, records).
    problem = names_problem(seat.name.strip() for seat in seats)
    if problem is not None:
        raise UserError(problem)
    cars = [seat.car for seat in seats]
    for car in cars:
        if car not in edition.cars:
            raise UserError(
                _("the {board} board has no {car} car (R2)").format(
                    board=board.board.name, car=colour_name(car)
                )
            )
    if len(set(cars)) != len(cars):
        raise UserError(_("every player drives a different car"))


def fit_cars(board: BoardFile, seats: Sequence[Seat]) -> tuple[Seat, ...]:
    """Seats whose cars the board's edition does not have get free ones (R2)."""
    cars = board.board.edition.cars
    taken = {seat.car for seat in seats if seat.car in cars}
    spare = [car for car in cars if car not in taken]
    fitted = []
    for seat in seats:
        if seat.car not in cars and spare:
            seat = replace(seat, car=spare.pop(0))
        fitted.append(seat)
    return tuple(fitted)


def start_race(setup: RaceSetup, board_file: BoardFile | None = None) -> Race:
    """Check a set-up and start its race; :class:`UserError` with one line if it is bad.

    ``board_file`` stands in for ``setup.board`` when the board is already loaded (a
    rematch on a board that came with a record)."""
    board = board_file or load_board(setup.board)
    check_seats(board, setup.seats)
    if not 0 <= setup.start_player < len(setup.seats):
        raise UserError(_("no player {n} to start (R3)").format(n=setup.start_player + 1))
    seed = setup.seed
    if seed is None:
        # A fresh seed from the OS, never the global random; the Race records it.
        seed = random.SystemRandom().randrange(2**31)
    players = tuple(Player(s.name.strip(), s.car, s.kind) for s in setup.seats)
    try:
        return Race.start(
            board,
            players,
            seed=seed,
            pro=setup.pro,
            bonus=setup.bonus,
            start_player=setup.start_player,
        )
    except GameConfigError as error:
        raise UserError(code="error", why=error) from None


def setup_of(race: Race) -> RaceSetup:
    """The set-up a race was started with (for a rematch)."""
    source = race.board_file.source
    board = source.removeprefix("builtin:")
    return RaceSetup(
        board=board,
        pro=race.game.pro,
        bonus=race.game.bonus,
        seats=tuple(Seat(p.name, p.car, p.seat) for p in race.players),
        start_player=race.game.start_player,
        seed=race.seed,
    )

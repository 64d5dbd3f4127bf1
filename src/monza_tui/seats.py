"""Who drives a car: a person or a computer driver of one level, and how many cars a board takes.

One vocabulary for the set-up (screen and ``monza play`` flags), the bots, the game record and
``monza simulate``. The values are the record's ``"seat"`` strings, so a :class:`SeatKind` is
written and read back as exactly that string (``docs/game-record.md``). The module imports
neither the engine nor the app, so the command line's ``--help`` can name the levels cheaply.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from monza_tui.i18n import _, pgettext

if TYPE_CHECKING:
    from monza_tui.engine import CarCountError


class SeatKind(enum.StrEnum):
    """Who drives the car of a seat. Weakest computer driver first, after the person."""

    HUMAN = "human"
    """A person at the keyboard chooses every action."""
    RANDOM = "random"
    """A computer driver that picks any legal action at random (a first opponent)."""
    GREEDY = "greedy"
    """A computer driver that takes the path going furthest this turn."""
    EXPERT = "expert"
    """The strongest computer driver: it plans dice, tiles and the turbo (``docs/bots.md``);
    the hints are its choices."""

    @property
    def is_bot(self) -> bool:
        """Whether a computer driver plays this seat."""
        return self is not SeatKind.HUMAN

    @classmethod
    def levels(cls) -> tuple[SeatKind, ...]:
        """The computer drivers' levels, weakest first."""
        return tuple(kind for kind in cls if kind.is_bot)


STAND_IN = SeatKind.EXPERT
"""The computer driver that drives a dropped person's car after the grace in a networked
race (``monza host --stand-in``): it spends none of their tiles (race.drivers.StandIn)."""

_LEVEL_NAMES = {
    SeatKind.RANDOM: lambda: _("random"),
    SeatKind.GREEDY: lambda: _("greedy"),
    SeatKind.EXPERT: lambda: _("expert"),
}


def level_name(kind: SeatKind | str) -> str:
    """A computer driver's level in the player's language (Raser, 贪心): the one home for
    the set-up screen, ``monza saves`` and ``monza simulate``. The typed values and the
    record keep the English ``random``/``greedy``/``expert``."""
    return _LEVEL_NAMES[SeatKind(kind)]()


def bot_record_name(kind: SeatKind | str, seat: int) -> str:
    """The name ``monza simulate`` gives the computer driver of seat ``seat`` (from 0) in
    its game records: the level and the seat's number, ``greedy 2``. The record keeps it in
    English, as every record is language-neutral; :func:`player_name` says it."""
    return f"{SeatKind(kind).value} {seat + 1}"


def player_name(name: str, kind: SeatKind | str, seat: int) -> str:
    """A recorded player's name as shown: as recorded, except the name ``monza simulate``
    gave a computer driver (:func:`bot_record_name`), said in the player's language
    ("Raser 2", "贪心2")."""
    kind = SeatKind(kind)
    if kind.is_bot and name == bot_record_name(kind, seat):
        return pgettext("computer driver's name", "{level} {n}").format(
            level=level_name(kind), n=seat + 1
        )
    return name


def car_count_words(board: str, error: CarCountError, *, bots_only: bool = False) -> str:
    """The player's sentence for the engine's car-count error (R2) on board ``board``.

    ``bots_only``: the seats came from ``--bot`` flags alone, so the person at the keyboard
    took the first seat; saying so keeps "not 8" for seven bots from reading like a miscount.
    """
    if bots_only and error.count > error.high:
        return _(
            "the {board} board races {low}-{high} cars, not {n}: you take the first seat "
            "yourself, so give at most {bots} --bot"
        ).format(board=board, low=error.low, high=error.high, n=error.count, bots=error.high - 1)
    return _("the {board} board races {low}-{high} cars, not {n}").format(
        board=board, low=error.low, high=error.high, n=error.count
    )


__all__ = [
    "STAND_IN",
    "SeatKind",
    "bot_record_name",
    "car_count_words",
    "level_name",
    "player_name",
]

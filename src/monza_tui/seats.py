"""Who drives a car: a person or a computer driver of one level, and how many cars a board takes.

One vocabulary for the set-up (screen and ``monza play`` flags), the bots, the game record and
``monza simulate``. The values are the record's ``"seat"`` strings, so a :class:`SeatKind` is
written and read back as exactly that string (``docs/game-record.md``). The module imports
neither the engine nor the app, so the command line's ``--help`` can name the levels cheaply.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Protocol

from monza_tui.i18n import N_, _, current_language, every_language, pgettext

if TYPE_CHECKING:
    from monza_tui.engine import CarCountError
    from monza_tui.record import Player


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


PERSON_NAME = N_("Player {n}")
"""The default name of a person's seat (the set-up's, ``monza play`` without --player)."""
BOT_NAME = N_("Bot {n}")
"""The default name of the ``n``th computer driver of ``monza play --bot``."""


def default_name(msgid: str, n: int) -> str:
    """A default name (:data:`PERSON_NAME`, :data:`BOT_NAME`) in the player's language."""
    return _(msgid).format(n=n)


@cache
def _default_forms(msgid: str) -> tuple[re.Pattern[str], ...]:
    """A default name as every language words it, its number a group ("电脑1", "Bot 1")."""
    forms = []
    for said in dict.fromkeys(every_language(msgid)):
        before, _n, after = said.partition("{n}")
        forms.append(re.compile(f"{re.escape(before)}([0-9]+){re.escape(after)}"))
    return tuple(forms)


def reworded_default(name: str) -> str | None:
    """A default name made in any language, worded in the player's ("电脑1" set up in
    Chinese reads "Computer 1" in German); None for any other name. The record keeps the
    name as it was set up: a name is who raced (the evening and the standings count by
    it), only its words follow the screen's language."""
    if not any(c.isdigit() for c in name):
        return None  # (most names: no catalogue is read for them)
    for msgid in (PERSON_NAME, BOT_NAME):
        for form in _default_forms(msgid):
            found = form.fullmatch(name)
            if found is not None:
                return default_name(msgid, int(found.group(1)))
    return None


def player_name(name: str, kind: SeatKind | str, seat: int) -> str:
    """A recorded player's name as shown: as recorded, except a default name (the name
    ``monza simulate`` gave a computer driver (:func:`bot_record_name`), "Bot 1",
    "Player 2" in any language), said in the player's language ("Raser 2", "贪心2",
    "Computer 1")."""
    kind = SeatKind(kind)
    if kind.is_bot and name == bot_record_name(kind, seat):
        return pgettext("computer driver's name", "{level} {n}").format(
            level=level_name(kind), n=seat + 1
        )
    return reworded_default(name) or name


class Seated(Protocol):
    """What :func:`shown_names` reads of a player: a recorded player, or a review's."""

    @property
    def name(self) -> str: ...

    @property
    def seat(self) -> str: ...


def shown_names(players: Sequence[Player] | Sequence[Seated]) -> tuple[str, ...]:
    """The names of a race's players as the screen shows them (:func:`player_name`);
    where two would read the same (a "Player 1" beside a "玩家1"), the names as
    recorded."""
    return _shown_names(tuple(players), current_language())


@lru_cache(maxsize=64)
def _shown_names(players: tuple[Player | Seated, ...], language: str) -> tuple[str, ...]:
    names = tuple(player_name(p.name, p.seat, i) for i, p in enumerate(players))
    if len({n.casefold() for n in names}) < len(names):
        return tuple(p.name for p in players)
    return names


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
    "BOT_NAME",
    "PERSON_NAME",
    "STAND_IN",
    "SeatKind",
    "bot_record_name",
    "car_count_words",
    "default_name",
    "level_name",
    "player_name",
    "reworded_default",
    "shown_names",
]

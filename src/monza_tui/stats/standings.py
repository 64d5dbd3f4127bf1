"""The standings: per player name and board, races, wins, shared wins, win share and the
best (fewest) dice at the finish; and the reigning champions, the winners of the most
recent race ("Until the next race, they are the reigning champions of Monza!").

Pure functions of :class:`~.results.RaceResult` values: the same numbers for the app's
screens, ``monza stats`` and ``--json``. People are one player across races when their
names match ignoring case (as a race's own names must differ ignoring case); the newest
spelling is shown. A computer driver is one player per level ("Expert"), whatever name its
seat had in each race: "Bot 1" of one race and "Bot 1" of another may be different
drivers, and the expert of every race is the same one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from monza_tui.stats.results import RaceResult


@dataclass(frozen=True)
class Standing:
    """One player's line on one board."""

    board: str
    name: str
    races: int
    wins: int
    """Races won alone."""
    shared: int
    """Races whose win was shared with others (R11's tie)."""
    best: int | None
    """Fewest dice in the final round of a race they finished (R11); None: never finished."""
    bot: bool = False
    """Whether this is a computer driver's line (``level``)."""
    level: str | None = None
    """The computer driver's level (``random``, ``greedy``, ``expert``), the line's
    identity; None for a person (``name``)."""

    @property
    def won(self) -> int:
        """Races won, alone or shared."""
        return self.wins + self.shared

    @property
    def share(self) -> float:
        """The part of their races they won, alone or shared (0 to 1)."""
        return self.won / self.races if self.races else 0.0


@dataclass(frozen=True)
class Table:
    """The standings of one board, best first."""

    board: str
    rows: tuple[Standing, ...]
    races: int
    """Races on this board."""


@dataclass
class _Tally:
    name: str = ""
    level: str | None = None
    races: int = 0
    wins: int = 0
    shared: int = 0
    best: int | None = None
    bot: bool = False


def key(name: str) -> str:
    """Who a name is across races: the same ignoring case."""
    return name.casefold()


def seat_key(name: str, seat: str) -> str:
    """Who drove a car, across races: a person by their name (:func:`key`), a computer
    driver by its level (a seat word never clashes with a name's key: it has a colon)."""
    return key(name) if seat == "human" else f"bot:{seat}"


def _order(row: Standing) -> tuple[int, float, int, int, str]:
    return (-row.won, -row.share, row.best if row.best is not None else 99, -row.races,
            key(row.name))


def standings(results: Iterable[RaceResult], board: str | None = None) -> tuple[Table, ...]:
    """One table per board (or only ``board``'s), the boards with the most races first,
    each table's rows by wins (alone or shared), then win share, fewest dice, races."""
    chosen = sorted(
        (r for r in results if board is None or r.board == board), key=lambda r: r.when
    )
    rows: dict[tuple[str, str], _Tally] = {}
    counts: dict[str, int] = {}
    for result in chosen:
        counts[result.board] = counts.get(result.board, 0) + 1
        for player, name in enumerate(result.names):
            seat = result.seats[player]
            tally = rows.setdefault((result.board, seat_key(name, seat)), _Tally())
            tally.bot = seat != "human"
            tally.level = seat if tally.bot else None
            tally.name = seat if tally.bot else name  # (a person's newest spelling)
            tally.races += 1
            if result.is_winner(player):
                if len(result.winners) == 1:
                    tally.wins += 1
                else:
                    tally.shared += 1
            dice = result.dice[player]
            if dice is not None and (tally.best is None or dice < tally.best):
                tally.best = dice
    tables = []
    for name in sorted(counts, key=lambda b: (-counts[b], b)):
        lines = [
            Standing(name, t.name, t.races, t.wins, t.shared, t.best, t.bot, t.level)
            for (board_name, _), t in rows.items()
            if board_name == name
        ]
        tables.append(Table(name, tuple(sorted(lines, key=_order)), counts[name]))
    return tuple(tables)


def latest(results: Sequence[RaceResult]) -> RaceResult | None:
    """The most recent finished race (the newest file; of equal times, the later one)."""
    newest = None
    for result in results:
        if newest is None or result.when >= newest.when:
            newest = result
    return newest


def champions(results: Sequence[RaceResult]) -> tuple[str, ...]:
    """The reigning champions: the winner(s) of the most recent finished race."""
    race = latest(results)
    if race is None:
        return ()
    return tuple(race.names[p] for p in race.winners)

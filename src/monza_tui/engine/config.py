"""What a race may be set up with (R2, R3): the error of a bad set-up, and the car-count rule.

The rule lives here alone; the set-up screen and the commands call :func:`check_car_count`
(or let :class:`~monza_tui.engine.Game` call it) and word its :class:`CarCountError`, whose
limits are attributes, for the player.
"""

from __future__ import annotations

from monza_tui.engine.board import Edition
from monza_tui.engine.problems import Problem


class GameConfigError(Problem):
    """A race that cannot be set up: wrong number of players or cars (R2, R3)."""


class CarCountError(GameConfigError):
    """Too few or too many cars for the board's edition (R2): ``count`` is not within
    ``low``-``high``."""

    def __init__(self, edition: Edition, count: int) -> None:
        self.edition, self.count = edition, count
        self.low, self.high = edition.min_players, edition.max_players
        super().__init__(
            f"the {edition.value} edition races {self.low}-{self.high} cars, not {count} (R2)",
            "R2.players",
            edition=edition,
            least=self.low,
            most=self.high,
            count=count,
        )


def check_car_count(edition: Edition, count: int) -> None:
    """:class:`CarCountError` unless ``count`` cars may race in ``edition`` (R2)."""
    if not edition.min_players <= count <= edition.max_players:
        raise CarCountError(edition, count)

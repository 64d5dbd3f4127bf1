"""Engine errors as data: a code (the ruling where there is one, e.g. ``R5.not_forward``)
and the values that make it precise.

The engine speaks no language: ``str()`` of an error is an English developer form (for
logs and tests), and :mod:`monza_tui.wording` turns ``code`` and ``params`` into the
sentence a player reads, in the player's language. Nothing here imports the wording.
"""

from __future__ import annotations

from dataclasses import dataclass


class Problem(ValueError):
    """Something the engine refuses, as a code and parameters (see the module docstring)."""

    def __init__(self, english: str, code: str, **params: object) -> None:
        super().__init__(english)
        self.code = code
        self.params: dict[str, object] = params


@dataclass(frozen=True, slots=True)
class Spot:
    """Where in a board's lane strings a problem is: lane and token are 1-based; token 0
    is the start field shared by every lane."""

    lane: int
    token: int = 0
    text: str = ""

"""The shape of a message table entry (shared by every wording module)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Plural:
    """A message with plural forms: ``say(n)`` calls ``ngettext`` (so the catalogue tool
    extracts both forms) with the parameter named ``count``."""

    count: str
    say: Callable[[int], str]


Message = str | Plural
"""A message: English text marked with ``N_``, or a :class:`Plural`."""

"""Flag values with bounds: argparse ``type=`` functions that refuse, in one line, what is
out of range (``nan``, a billion races, a thousand workers); ``--help`` states the bounds
(from :mod:`monza_tui.limits`)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from monza_tui.errors import echo
from monza_tui.i18n import _, number


def whole(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip()) if len(text) <= 30 else None
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                _("{value}: give a whole number from {low} to {high}").format(
                    value=echo(text), low=number(low), high=number(high)
                )
            )
        return value

    return parse


def seconds(low: float, high: float) -> Callable[[str], float]:
    """A finite number of seconds from ``low`` to ``high`` (``nan`` and ``inf`` refused)."""

    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= 30 else math.nan
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and low <= value <= high):
            raise argparse.ArgumentTypeError(
                _("{value}: give {low:g} to {high:g} seconds").format(
                    value=echo(text), low=low, high=high
                )
            )
        return value

    return parse

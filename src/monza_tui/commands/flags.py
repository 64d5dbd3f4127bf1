"""Flag values with bounds: argparse ``type=`` functions that refuse, in one line, what is
out of range (``nan``, a billion races, a thousand workers); ``--help`` states the bounds
(from :mod:`monza_tui.limits`). Also the one line for a listening command's ``--host`` and
``--port`` that the system refused (:func:`cannot_listen`)."""

from __future__ import annotations

import argparse
import errno
import math
import os
from collections.abc import Callable

from monza_tui.errors import UserError, echo
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
    """A finite number of seconds from ``low`` to ``high`` (``nan`` and ``inf`` refused), with
    a decimal point or comma."""

    def parse(text: str) -> float:
        try:  # 0.6, or 0,6 as the player's language writes it (the help shows that)
            value = float(text.replace(",", ".")) if len(text) <= 30 else math.nan
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and low <= value <= high):
            raise argparse.ArgumentTypeError(
                _("{value}: give {low} to {high} seconds").format(
                    value=echo(text), low=short_number(low), high=short_number(high)
                )
            )
        return value

    return parse


def short_number(value: float) -> str:
    """A number with as few decimals as it needs (``60``, ``0.6``, as ``{:g}`` writes it),
    in the player's digits (``0,6``): :func:`monza_tui.i18n.number` formats it, never a
    msgid."""
    decimals = f"{value:f}".rstrip("0").partition(".")[2]
    return number(value, len(decimals))


def cannot_listen(error: OSError, host: str | None, port: int) -> UserError:
    """The one line for a server that cannot listen (``monza serve``, ``relay``, ``host``):
    the port taken (and how to pick another), or the system's reason (an address that is
    not this machine's)."""
    if error.errno == errno.EADDRINUSE:
        return UserError(_("port {port} is in use; --port N picks another (0: any free "
                           "port)").format(port=port))
    why = os.strerror(error.errno) if error.errno else (error.strerror or error)
    return UserError(_("cannot listen on {host} port {port}: {why}").format(
        host=host or "*", port=port, why=why))

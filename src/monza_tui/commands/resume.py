"""`monza resume`: not built yet."""

from __future__ import annotations

import argparse

from monza_tui.errors import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No flags yet."""


def run(args: argparse.Namespace) -> int:
    """Not built yet."""
    raise UserError("'monza resume' is not built yet")
